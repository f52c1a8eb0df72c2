"""React 19 source lines (app/webview/source_lines.py) refuse what a hostile page or server could make them read or
name: a module or map on another origin, a redirect, an oversized module, a source outside the project. Served
by a real HTTP server on 127.0.0.1 (two ports: two origins); the maps are written here by the spec's own VLQ
(app.protocol.sourcemap.encode_vlq), so the expected place is the one each map states."""

from __future__ import annotations

import base64
import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from app.protocol.sourcemap import encode_vlq
from app.webview import source_lines
from app.webview.page_fetch import http_origin as origin_of
from app.webview.source_lines import load_map, project_file

# One generated line: column 0 maps to source 0, line 3 (0-based 2), column 5 (0-based 4).
MAPPINGS = "".join(encode_vlq(v) for v in (0, 0, 2, 4))


def map_json(source: str) -> str:
    return json.dumps({"version": 3, "sources": [source], "names": [], "mappings": MAPPINGS})


def inline(source: str) -> str:
    data = base64.b64encode(map_json(source).encode()).decode()
    return f"jsxDEV('button');\n//# sourceMappingURL=data:application/json;base64,{data}\n"


class Handler(BaseHTTPRequestHandler):
    routes: dict[str, tuple[int, dict, bytes]] = {}

    def do_GET(self):   # noqa: N802 (http.server's name)
        status, headers, body = self.routes.get(self.path, (404, {}, b""))
        self.send_response(status)
        for key, value in headers.items():
            self.send_header(key, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def origins():
    servers = [ThreadingHTTPServer(("127.0.0.1", 0), Handler) for _ in range(2)]
    for s in servers:
        threading.Thread(target=s.serve_forever, daemon=True).start()
    urls = [f"http://127.0.0.1:{s.server_address[1]}" for s in servers]
    yield urls
    for s in servers:
        s.shutdown()
        s.server_close()


def routes(here: str, there: str) -> dict:
    return {
        "/src/Card.jsx": (200, {}, inline("Card.jsx").encode()),
        "/src/External.jsx": (200, {}, b"jsxDEV('b');\n//# sourceMappingURL=External.jsx.map\n"),
        "/src/External.jsx.map": (200, {}, map_json("External.jsx").encode()),
        "/src/Foreign.jsx": (200, {}, f"x();\n//# sourceMappingURL={there}/Foreign.jsx.map\n".encode()),
        "/src/Moved.jsx": (302, {"Location": f"{there}/src/Card.jsx"}, b""),
        "/src/Huge.jsx": (200, {}, b"/" * (source_lines.SCRIPT_MAX + 1)),
        "/src/Plain.jsx": (200, {}, b"jsxDEV('p');\n"),
    }


def test_a_module_and_its_map_are_read_only_from_the_pages_own_origin(origins, tmp_path):
    here, there = origins
    Handler.routes = routes(here, there)
    page = origin_of(here + "/")
    card = load_map(here + "/src/Card.jsx", page)
    original = card.lookup(1, 1)
    assert (original.source, original.line, original.column) == (here + "/src/Card.jsx", 3, 5)
    assert load_map(here + "/src/External.jsx", page).lookup(1, 1).source == here + "/src/External.jsx"
    assert load_map(there + "/src/Card.jsx", page) is None        # another origin's module: not fetched
    assert load_map(here + "/src/Foreign.jsx", page) is None      # a map on another origin: not fetched
    assert load_map(here + "/src/Moved.jsx", page) is None        # a redirect (to another origin) refused
    assert load_map(here + "/src/Huge.jsx", page) is None         # over SCRIPT_MAX
    assert load_map(here + "/src/Plain.jsx", page) is None        # no map named
    assert load_map(here + "/src/Missing.jsx", page) is None      # 404


def test_a_mapped_source_is_named_only_as_a_file_of_the_project(origins, tmp_path):
    here, there = origins
    page = origin_of(here + "/")
    (tmp_path / "app" / "src").mkdir(parents=True)
    (tmp_path / "app" / "src" / "Card.jsx").write_text("<button/>\n")
    roots = (tmp_path / "app",)
    assert project_file(here + "/src/Card.jsx", page, roots) == "src/Card.jsx"          # Vite's root-relative
    assert project_file(f"{here}/@fs{tmp_path}/app/src/Card.jsx", page, roots) == "src/Card.jsx"
    assert project_file(here + "/@fs/etc/passwd", page, roots) is None                 # outside the project
    assert project_file(there + "/src/Card.jsx", page, roots) is None                  # another origin
    assert project_file(here + "/src/.env", page, roots) is None                       # a hidden file
    assert project_file("webpack:///src/Card.jsx", page, roots) is None                # not the dev server's
    assert project_file(here + "/src/a%20b;%20Fix%20(react)%20x.jsx", page, roots) is None   # the line's grammar


def test_one_rule_for_what_the_page_fetches_names():
    """app.webview.page_fetch, the rule the Source: mapping and the CSS: block's maps share: origins spelled as
    the navigation policy spells them, only http(s), nothing fetched on another origin (before any connection)."""
    from app.webview.page_fetch import FetchRefused, fetch_text, http_origin, same_origin

    assert http_origin("http://127.0.0.1:80/a.js") == "http://127.0.0.1" == http_origin("HTTP://127.0.0.1/b")
    assert http_origin("file:///etc/passwd") == "" == http_origin("data:text/css,x") == http_origin("not a url")
    assert same_origin("http://127.0.0.1:5173/src/x.css.map", "http://127.0.0.1:5173")
    assert not same_origin("http://127.0.0.1:5174/x", "http://127.0.0.1:5173") and not same_origin("x", "")
    with pytest.raises(FetchRefused):
        fetch_text("http://127.0.0.1:1/never.map", "http://127.0.0.1:5173", 100)
