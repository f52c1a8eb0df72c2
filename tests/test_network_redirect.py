"""A server redirect in the network list while DevTools lags: each hop is one entry, whichever source (Qt's
request interceptor, the DevTools ``Network`` events) reports it first. DevTools' events reach pagenote through
the frontend's renderer; when that renderer is busy (a loaded machine), the interceptor reports the redirect's
second hop before DevTools reports the first — the first hop was then listed twice (a full-suite run of
test_agent_navigation: ``[/redirected, /redirected/, /redirected]``). Here the frontend is made busy for the
whole redirect on purpose: it runs synchronous requests to this module's server until the second hop has
reached the server. Real QtWebEngine, real pages on 127.0.0.1."""

from __future__ import annotations

import http.server
import threading

import pytest

from app.agent.host import TabsHost
from app.agent.methods import Methods

PAGE = b"<!doctype html><title>Hop</title><p>Landed."


class _Handler(http.server.BaseHTTPRequestHandler):
    """``/hop`` answers 301 to ``/hop/``; ``/spinning`` and ``/seen`` are the busy frontend's polls (``/seen``
    says ``1`` once ``/hop/`` was asked for). Every path asked for is kept in ``server.paths``."""

    def log_message(self, *args):  # keep test output clean
        pass

    def do_GET(self):  # noqa: N802 (http.server's name)
        self.server.paths.append(self.path)
        if self.path == "/hop":
            self.send_response(301)
            self.send_header("Location", "/hop/")
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        body = (b"1" if "/hop/" in self.server.paths else b"0") if self.path == "/seen" else PAGE
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Access-Control-Allow-Origin", "*")  # the frontend's polls come from devtools://
        self.send_header("Cache-Control", "no-store")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


@pytest.fixture(scope="module")
def site():
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    httpd.paths = []
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield httpd
    httpd.shutdown()
    httpd.server_close()


#: The frontend's main thread polls the server synchronously until the redirect's second hop reached it (at most
#: 20 s, so a broken test ends): DevTools' events wait behind it, Qt's interceptor does not.
_BUSY = """(() => {
  const ask = (path) => { const x = new XMLHttpRequest(); x.open('GET', '%s' + path, false); x.send();
                          return x.responseText; };
  ask('/spinning');
  for (const end = Date.now() + 20000; Date.now() < end;) if (ask('/seen') === '1') return 'hop seen';
  return 'gave up';
})()"""


def test_a_redirect_is_listed_hop_by_hop_when_devtools_reports_late(window, qtbot, site):
    base = f"http://127.0.0.1:{site.server_address[1]}"
    methods = Methods(TabsHost(window.app), window.app.hub)

    def call(method, **params):
        return window.run(methods.call(method, params), timeout=60_000)

    call("navigate", url=f"{base}/start")  # the agent holds the tab's session: details from now on
    session, log = window.tab.cdp, window.tab.browser.network
    assert session.is_attached
    busy: list[str] = []
    session.front.runJavaScript(_BUSY % base, 0, busy.append)
    qtbot.waitUntil(lambda: "/spinning" in site.paths, timeout=15_000)

    result = call("navigate", url=f"{base}/hop")
    assert result["url"] == f"{base}/hop/" and result["status"] == 200
    qtbot.waitUntil(lambda: bool(busy), timeout=30_000)
    assert busy == ["hop seen"]  # the frontend was busy until the second hop had left: DevTools came late
    qtbot.waitUntil(lambda: any(e.detail and e.url == f"{base}/hop/" for e in log.entries), timeout=15_000)

    hops = call("network.list", type="document")["entries"]
    assert [(e["url"], e.get("status", 0)) for e in hops] == [(f"{base}/hop", 301), (f"{base}/hop/", 200)]
    assert all(e["resource_type"] == "document" for e in hops)
