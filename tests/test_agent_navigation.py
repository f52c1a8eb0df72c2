"""Agents navigate the tab (navigate, back, forward, reload) and read tabs.list / page.state through the
socket's methods: final URL, HTTP status, Chromium's error, bounded waits — against real pages on 127.0.0.1."""

from __future__ import annotations

import socket

import pytest

from app.agent.host import TabsHost
from app.agent.methods import Methods
from app.core.errors import PagenoteError


@pytest.fixture
def call(window):
    """``call(method, **params)``: the socket method's result (through the dispatch table and its checks)."""
    methods = Methods(TabsHost(window.app), window.app.hub)
    return lambda method, **params: window.run(methods.call(method, params), timeout=60_000)


def _error(call, method, **params) -> PagenoteError:
    with pytest.raises(PagenoteError) as caught:
        call(method, **params)
    return caught.value


def _closed_port() -> int:
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def test_navigate_reports_final_url_title_and_status(call, server):
    result = call("navigate", url=server.url("console.html"))
    assert result["url"] == server.url("console.html")
    assert result["status"] == 200 and result["title"] == "Console" and result["committed"] is True
    state = call("page.state")
    assert state["url"] == result["url"] and state["loading"] is False
    tabs = call("tabs.list")
    assert tabs == [{"id": "1", "title": "Console", "url": result["url"], "active": True}]


def test_a_404_page_is_committed_with_its_status(call, server):
    result = call("navigate", url=server.url("no-such-page.html"))
    assert result["status"] == 404 and result["committed"] is True
    assert result["url"] == server.url("no-such-page.html")


def test_a_server_redirect_reports_the_final_url(call, server):
    result = call("navigate", url=server.url("redirected"))
    assert result["url"] == server.url("redirected/") and result["status"] == 200
    assert result["title"] == "Redirected"
    hops = [e["url"] for e in call("network.list", type="document")["entries"]]
    assert hops == [server.url("redirected"), server.url("redirected/")]


def test_a_script_redirect_while_loading_reports_where_it_landed(call, server):
    result = call("navigate", url=server.url("js-redirect.html"))
    assert result["url"] == server.url("console.html") and result["title"] == "Console"
    assert result["committed"] is True and result["status"] == 200


def test_a_refused_connection_is_chromiums_error(call):
    url = f"http://127.0.0.1:{_closed_port()}/x"
    error = _error(call, "navigate", url=url)
    assert error.name == "PAGE_LOAD_FAILED"
    assert "ERR_CONNECTION_REFUSED" in error.message and url in error.message


def test_back_forward_and_reload(call, server):
    first, second = server.url("console.html"), server.url("spa.html")
    call("navigate", url=first)
    call("navigate", url=second)
    back = call("back")
    assert back["url"] == first and back["status"] == 200
    forward = call("forward")
    assert forward["url"] == second and forward["title"] == "SPA"
    no_more = call("forward")
    assert no_more["navigated"] is False and no_more["url"] == second
    reloaded = call("reload")
    # a reload revalidates: the test server answers If-Modified-Since with 304 (http.server), and the result says
    # so as DevTools lists it (Network.responseReceivedExtraInfo's status; responseReceived has the cached 200)
    assert reloaded["url"] == second and reloaded["status"] == 304 and reloaded["revalidated"] is True


def test_back_over_a_pushstate_entry_is_a_same_document_navigation(call, server, js):
    call("navigate", url=server.url("spa.html"))
    js("window.go('b')")
    back = call("back", timeout_ms=5_000)
    assert back["same_document"] is True and back["url"] == server.url("spa.html")
    assert js("document.querySelector('h1').textContent") == "Route A"


def test_a_fragment_is_a_same_document_navigation(call, server):
    call("navigate", url=server.url("spa.html"))
    result = call("navigate", url=server.url("spa.html#list"), timeout_ms=5_000)
    assert result["same_document"] is True and result["url"].endswith("#list")


def test_a_load_aborted_after_commit_is_committed_not_failed(call, server, stalling_server):
    result = call("navigate", url=server.url(f"stopped.html?slow={stalling_server}"), timeout_ms=20_000)
    assert result["committed"] is True and result["aborted"] is True and result["title"] == "Stopped"


def test_a_page_that_never_answers_times_out(call, stalling_server):
    error = _error(call, "navigate", url=f"{stalling_server}/page", timeout_ms=500)
    assert error.name == "PAGE_LOAD_TIMEOUT"


@pytest.mark.parametrize("timeout_ms", [-1, 300_001, "5", 1.5])
def test_timeouts_outside_the_range_are_rejected_not_clamped(call, server, timeout_ms):
    assert _error(call, "navigate", url=server.url("console.html"), timeout_ms=timeout_ms).name == "INVALID_PARAMS"


def test_not_a_url_and_an_unknown_response_mode(call, server):
    assert _error(call, "navigate", url="javascript:alert(1)").name == "BAD_URL"
    assert _error(call, "back", response_mode="verbose").name == "INVALID_REQUEST"


def test_health_advertises_the_browser_methods(call):
    health = call("health")
    assert {"navigate", "back", "forward", "reload", "evaluate", "console.list", "console.get",
            "network.list", "tabs.list", "page.state"} <= set(health["methods"])
    assert health["capabilities"]["compactResponses"] is True and health["capabilities"]["evaluate"] is True
