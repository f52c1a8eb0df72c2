"""The host's policy: a lease's navigation allow-list blocks a navigation before it reaches the network (the
server sees no request) and shows an error page naming the rule; HTTP authentication is refused by default."""

from __future__ import annotations

import http.server
import threading

import pytest

from _tabs_fixtures import tabs  # noqa: F401 (fixture)


class Recorder:
    """A server on 127.0.0.1 that records every request path; ``/auth`` answers 401 with Basic auth."""

    def __init__(self) -> None:
        self.paths: list[str] = []
        seen = self.paths

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):  # noqa: N802
                seen.append(self.path)
                if self.path.startswith("/auth"):
                    self.send_response(401)
                    self.send_header("WWW-Authenticate", 'Basic realm="test"')
                    self.end_headers()
                    self.wfile.write(b"no")
                    return
                body = b"<!doctype html><title>Recorded</title><p>recorded</p>"
                self.send_response(200)
                self.send_header("Content-Type", "text/html")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        self.origin = f"http://127.0.0.1:{self.httpd.server_address[1]}"


@pytest.fixture
def recorder():
    r = Recorder()
    yield r
    r.httpd.shutdown()
    r.httpd.server_close()


def test_allow_list_blocks_a_navigation_without_a_request_and_names_the_rule(tabs, server, recorder):
    tabs.lease.allowed_origins = (server.origin,)
    tab = tabs.tab(server.url("other.html"))
    messages = []
    tab.message.connect(messages.append)
    tabs.js(tab, f"location.href = {recorder.origin + '/secret'!r}; 0")
    tabs.qtbot.waitUntil(lambda: any("allow-list" in m for m in messages), timeout=10_000)
    tabs.qtbot.waitUntil(lambda: tab.page.title() == "Blocked", timeout=10_000)
    with tabs.qtbot.waitCallback(timeout=5_000) as shown:
        tab.page.toHtml(shown)
    assert "Navigation blocked" in shown.args[0] and f"{recorder.origin}/secret" in shown.args[0]
    assert recorder.paths == []
    tabs.lease.allowed_origins = None
    tabs.load(tab, recorder.origin + "/open")  # no list: it loads, and the server sees it
    assert recorder.paths[0] == "/open"


def test_http_auth_is_refused_and_reported(tabs, recorder):
    tab = tabs.tab()
    refused = []
    tab.policy.refused.connect(refused.append)
    from PySide6.QtCore import QUrl

    tab.open(QUrl(recorder.origin + "/auth"))
    tabs.qtbot.waitUntil(lambda: bool(refused), timeout=10_000)
    assert refused[0].kind == "auth" and refused[0].url.endswith("/auth")


def test_origin_rules():
    from app.webview.policy import navigation_allowed, origin_of

    assert origin_of("https://a.example/x?y") == "https://a.example"
    assert origin_of("http://a.example:8080/") == "http://a.example:8080"
    assert navigation_allowed("https://b.example/", ("https://a.example",)) is False
    assert navigation_allowed("about:blank", ("https://a.example",)) is True
    assert navigation_allowed("https://b.example/", None) is True
