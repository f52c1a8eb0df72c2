"""Network details from the tab's DevTools session (issue 26, requirement 3): each request once, with status,
MIME type, size, timing and failure text; filters; one request's headers with credentials redacted and its
body on demand (cut at 200,000 characters, binary as type and size, a 50 MB body never fetched); clear errors
for bad input with the tab unaffected; the window's network view. Real pages on 127.0.0.1 from a server of
this module (it sets cookies and serves large and binary bodies)."""

from __future__ import annotations

import http.server
import socket
import threading
from pathlib import Path

import pytest

from app.agent.host import TabsHost
from app.agent.methods import Methods
from app.core.errors import PagenoteError
from app.mcp.browser_response import NetworkReply, NetworkRequestReply
from app.mcp.response import render
from app.mcp.untrusted import unwrap
from app.protocol.headers import redact_headers
from app.tabs import network_cdp

PAGE = Path(__file__).parent / "pages" / "cdp_network.html"
BIG_CHARS = 300_000
HUGE_BYTES = 50 * 1024 * 1024
#: A chunked body over the 5 MB fetch cap: no Content-Length, and from the cache an encodedDataLength of 0.
CHUNKED_BYTES = 6 * 1024 * 1024
PNG = b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 8


class _Handler(http.server.BaseHTTPRequestHandler):
    def log_message(self, *args):  # keep test output clean
        pass

    def _send(self, status: int, ctype: str, body: bytes, extra: dict | None = None) -> None:
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        for name, value in (extra or {}).items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):  # noqa: N802 (http.server's name)
        path = self.path.split("?", 1)[0]
        if path == "/cdp_network.html":
            self._send(200, "text/html; charset=utf-8", PAGE.read_bytes())
        elif path == "/big.txt":
            self._send(200, "text/plain; charset=utf-8", b"0123456789" * (BIG_CHARS // 10))
        elif path == "/pixel.png":
            self._send(200, "image/png", PNG)
        elif path == "/headers.json":
            self._send(200, "application/json", b'{"ok": true}',
                       {"Set-Cookie": "sid=setcookiesecret77; Path=/; HttpOnly"})
        elif path == "/forget":  # expires the page's and the server's cookies (see the call fixture)
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", "0")
            for name in ("session", "sid"):
                self.send_header("Set-Cookie", f"{name}=; Path=/; Max-Age=0")
            self.end_headers()
        elif path == "/huge.txt":
            self.send_response(200)
            self.send_header("Content-Type", "text/plain")
            self.send_header("Content-Length", str(HUGE_BYTES))
            self.end_headers()
            chunk = b"a" * (1024 * 1024)
            for _ in range(HUGE_BYTES // len(chunk)):
                self.wfile.write(chunk)
        elif path == "/chunked.txt":
            self.protocol_version = "HTTP/1.1"  # chunked transfer coding is HTTP/1.1's (RFC 9112 §7.1)
            self.send_response(200)
            self.send_header("Content-Type", "text/plain")
            self.send_header("Transfer-Encoding", "chunked")
            self.send_header("Cache-Control", "max-age=600")
            self.send_header("Connection", "close")
            self.end_headers()
            chunk = b"c" * (256 * 1024)
            for _ in range(CHUNKED_BYTES // len(chunk)):
                self.wfile.write(b"%x\r\n%s\r\n" % (len(chunk), chunk))
            self.wfile.write(b"0\r\n\r\n")
        else:
            self._send(404, "text/plain", b"not found")


@pytest.fixture(scope="module")
def site():
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


@pytest.fixture
def call(window, site):
    methods = Methods(TabsHost(window.app), window.app.hub)
    yield lambda method, **params: window.run(methods.call(method, params), timeout=60_000)
    # Cookies belong to the host, not the port, and the session's lease is shared by later tests: its answer
    # expires this page's cookies before the test ends (test_window_tabs reads 127.0.0.1's cookies).
    window.load_page(f"{site}/forget")


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _entry(log, suffix: str):
    return next((e for e in log.entries if e.url.split("?")[0].endswith(suffix)), None)


def _loaded(window, qtbot, call, site):
    """The agent navigates to the page (holding the session: details from the first request) and the page's
    fetches have ended."""
    call("navigate", url=f"{site}/cdp_network.html")
    log = window.tab.browser.network
    qtbot.waitUntil(lambda: all(bool(getattr(_entry(log, name), "end_ms", 0)) for name in
                                ("big.txt", "headers.json", "pixel.png", "missing-style.css")), timeout=15_000)
    return log


def test_requests_have_status_type_size_timing_and_filters(window, qtbot, site, call):
    log = _loaded(window, qtbot, call, site)
    listed = call("network.list", limit=200)
    entries = listed["entries"]
    assert listed["details_since"] > 0
    urls = [e["url"] for e in entries]
    assert len(urls) == len(set(urls)), "a request was listed twice (spy and DevTools not merged)"
    document = entries[0]
    assert document["url"] == f"{site}/cdp_network.html" and document["status"] == 200
    assert document["mime"] == "text/html" and document["resource_type"] == "document"
    missing = next(e for e in entries if e["url"].endswith("missing-style.css"))
    assert missing["status"] == 404 and missing["type"] == "stylesheet"
    pixel = next(e for e in entries if e["url"].endswith("pixel.png"))
    assert pixel["mime"] == "image/png" and pixel["size"] >= len(PNG) and pixel["resource_type"] == "image"
    big = next(e for e in entries if e["url"].endswith("big.txt"))
    assert big["resource_type"] == "fetch" and 0 < big["ttfb_ms"] <= big["end_ms"] and big["size"] >= BIG_CHARS
    # filters
    assert [e["url"] for e in call("network.list", status_min=400)["entries"]] == [missing["url"]]
    assert {e["url"].split("/")[-1] for e in call("network.list", type="fetch")["entries"]} == \
        {"headers.json?x=1", "big.txt"}
    assert [e["url"] for e in call("network.list", type="image,font")["entries"]] == [pixel["url"]]
    assert [e["url"] for e in call("network.list", url="BIG.TXT")["entries"]] == [big["url"]]
    # the MCP text: one line each, and since when the details are
    head, block, tail = unwrap(render(NetworkReply(call("network.list", status_min=400))).content[0].text)
    assert block.startswith(f"#{missing['id']} GET stylesheet 404 text/plain ") and block.endswith(
        f"/{missing['end_ms']:g}ms {missing['url']}")
    assert "DevTools details" in tail and "reload the page for all" in tail
    assert log.find(missing["id"]).failed


def test_one_request_has_redacted_headers_and_its_body_on_demand(window, qtbot, site, call):
    _loaded(window, qtbot, call, site)
    got = call("network.get", url="headers.json", body=True)
    request, response = got["request_headers"], got["response_headers"]
    assert request["Authorization"] == "Bearer REDACTED" and request["X-Api-Key"] == "REDACTED"
    cookie = next(v for k, v in request.items() if k.lower() == "cookie")
    assert "session=REDACTED" in cookie.split("; ") and set(cookie.split("; ")) <= {"session=REDACTED", "sid=REDACTED"}
    set_cookie = next(v for k, v in response.items() if k.lower() == "set-cookie")
    assert set_cookie == "sid=REDACTED; Path=/; HttpOnly"
    assert got["body"] == '{"ok": true}' and got["status"] == 200
    text = repr(got) + render(NetworkRequestReply(got)).content[0].text
    for secret in ("cookiesecret42", "authsecret", "apikeysecret99", "setcookiesecret77"):
        assert secret not in text
    assert "body" not in call("network.get", id=got["id"])   # the body only when asked
    big = call("network.get", url="big.txt", body=True)
    assert len(big["body"]) == network_cdp.BODY_CHARS and big["body_cut"] and big["body_chars"] == BIG_CHARS
    assert "cut: the first 200,000 of 300,000 characters" in render(NetworkRequestReply(big)).content[0].text
    pixel = call("network.get", url="pixel.png", body=True)
    assert "body" not in pixel and pixel["body_omitted"].startswith("binary (image/png")
    # bad input: clear errors from the registry, and the tab goes on
    for params, name in (({"id": 999_999}, "NETWORK_REQUEST_NOT_FOUND"), ({"url": "never-requested"},
                         "NETWORK_REQUEST_NOT_FOUND"), ({}, "INVALID_PARAMS"), ({"id": 0}, "INVALID_PARAMS")):
        with pytest.raises(PagenoteError) as caught:
            call("network.get", **params)
        assert caught.value.name == name
    assert call("evaluate", expression="() => document.title")["value"] == "CDP network"


def test_a_refused_fetch_has_its_failure_and_a_50_mb_body_is_not_loaded(window, qtbot, site, call):
    log = _loaded(window, qtbot, call, site)
    port = _closed_port()
    assert call("evaluate", expression=f"() => refused({port})")["value"].startswith("TypeError")
    qtbot.waitUntil(lambda: bool(getattr(_entry(log, "/refused"), "failure", "")), timeout=10_000)
    failed = call("network.list", status_min=400)["entries"]
    refused = next(e for e in failed if e["url"] == f"http://127.0.0.1:{port}/refused")
    assert refused["failure"] == "net::ERR_CONNECTION_REFUSED" and "status" not in refused
    assert "— failed: net::ERR_CONNECTION_REFUSED" in render(NetworkReply({"entries": [refused]})).content[0].text
    assert call("evaluate", expression="() => huge()", timeout_ms=120_000)["value"] == HUGE_BYTES
    qtbot.waitUntil(lambda: getattr(_entry(log, "huge.txt"), "size", 0) >= HUGE_BYTES, timeout=10_000)
    huge = call("network.get", url="huge.txt", body=True)
    assert "body" not in huge and "over the 5,000,000 bytes pagenote fetches" in huge["body_omitted"]
    # the window's network view lists the same requests, the failed ones marked
    window.network_dock.show()
    model = window.network_dock.model
    qtbot.waitUntil(lambda: model.rowCount() >= len(log.entries), timeout=5_000)
    row = next(r for r in range(model.rowCount()) if model.entry(r).url.endswith("/refused"))
    assert model.is_failed(row) and "ERR_CONNECTION_REFUSED" in model.index(row, 1).data()
    assert call("evaluate", expression="() => 6 * 7")["value"] == 42


def test_header_redaction_rules():
    headers = redact_headers({"Cookie": "a=1; b=secret", "authorization": "Basic dXNlcjpwYXNz",
                              "Proxy-Authorization": "opaque", "X-CSRF-Token": "abc", "Location":
                              "https://x.test/cb?access_token=zzz&ok=1", "X-Trace": "Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MA",
                              "Content-Type": "text/html"})
    assert headers == {"authorization": "Basic REDACTED", "Content-Type": "text/html", "Cookie": "a=REDACTED; "
                       "b=REDACTED", "Location": "https://x.test/cb?access_token=REDACTED&ok=1",
                       "Proxy-Authorization": "REDACTED", "X-CSRF-Token": "REDACTED", "X-Trace": "REDACTED"}
    assert redact_headers({"X-Long": "v" * 10_000})["X-Long"].endswith("…")
    many = redact_headers({f"X-H{i:03}": "w" * 1_000 for i in range(300)})
    assert sum(len(k) + len(v) for k, v in many.items()) < 17_000 and many["…"].endswith("more headers left out")
    assert network_cdp.text_body("aGk=", True, "text/plain") == {"body": "hi", "body_chars": 2, "body_cut": None}
    assert network_cdp.text_body("/w==", True, "text/plain")["body_omitted"].startswith("binary")


def test_a_chunked_body_over_the_cap_is_not_loaded_even_from_the_cache(window, qtbot, site, call):
    log = _loaded(window, qtbot, call, site)
    detail = network_cdp.network_detail(window.tab)
    fetch = "() => fetch('/chunked.txt').then(r => r.text()).then(t => t.length)"
    for attempt in ("network", "cache"):
        last = max((e.id for e in log.entries), default=0)
        assert call("evaluate", expression=fetch, timeout_ms=60_000)["value"] == CHUNKED_BYTES
        ours = lambda: [e for e in log.entries if e.id > last and e.url.endswith("chunked.txt")]  # noqa: E731
        qtbot.waitUntil(lambda: any(e.end_ms for e in ours()), timeout=10_000)
        entry = ours()[0]
        assert not network_cdp._content_length(entry.response_headers or {}), attempt   # no Content-Length
        assert detail.received(entry) == CHUNKED_BYTES, attempt    # every body byte counted as it came
        answer = call("network.get", id=entry.id, body=True)
        assert "body" not in answer, attempt
        assert "bytes: over the 5,000,000 bytes pagenote fetches" in answer["body_omitted"], answer
    # The cached copy: (almost) no bytes on the wire, so the count of received bytes is what refused it.
    assert entry.size < network_cdp.BODY_FETCH_BYTES, entry.size
    assert f"{CHUNKED_BYTES:,} bytes: over" in answer["body_omitted"]
    assert call("evaluate", expression="() => 6 * 7")["value"] == 42


def test_a_reload_takes_no_details_of_the_earlier_page(window, qtbot, site, call):
    """The page loads once with no session (the spy's entries only, never matched), then the agent loads the
    same URL again: the details of the new load's requests go to the new load's entries, none to the earlier
    page's entries of the same URLs."""
    names = ("big.txt", "headers.json", "pixel.png", "missing-style.css")
    window.load_page(f"{site}/cdp_network.html")
    log = window.tab.browser.network
    qtbot.waitUntil(lambda: all(_entry(log, name) for name in names), timeout=15_000)
    assert not window.tab.cdp.is_attached
    call("navigate", url=f"{site}/cdp_network.html")

    def current():
        return {e.url.split("?")[0].split("/")[-1]: e for e in log.entries if e.navigation == log.navigation}

    qtbot.waitUntil(lambda: all(getattr(current().get(name), "end_ms", 0) for name in names), timeout=15_000)
    assert current()["missing-style.css"].status == 404 and current()["headers.json"].status == 200
    earlier = [e for e in log.entries if e.navigation < log.navigation and e.url.split("?")[0].endswith(names)]
    assert len(earlier) == len(names)
    assert all(not e.resource_type and not e.end_ms and not e.status for e in earlier), earlier
