"""The network summary (network.list): the requests of the current document as the host saw them —
method, redacted URL, type, initiator, the main document's status — never headers or bodies."""

from __future__ import annotations

import pytest

from app.agent.host import TabsHost
from app.agent.methods import Methods
from app.core.errors import PagenoteError


@pytest.fixture
def call(window):
    methods = Methods(TabsHost(window.app), window.app.hub)
    return lambda method, **params: window.run(methods.call(method, params), timeout=60_000)


def test_requests_of_the_document_without_secrets_headers_or_bodies(window, qtbot, server, call):
    window.load_page(server.url("network.html"))
    log = window.tab.browser.network
    qtbot.waitUntil(lambda: any(e.method == "POST" for e in log.entries), timeout=10_000)
    entries = call("network.list")["entries"]
    document = entries[0]
    assert document["type"] == "document" and document["method"] == "GET"
    assert document["url"] == server.url("network.html") and document["status"] == 200
    kinds = {e["type"] for e in entries}
    assert {"document", "stylesheet", "image"} <= kinds
    image = next(e for e in entries if e["type"] == "image")
    assert image["url"] == server.url("no-such-image.png?api_key=REDACTED")
    assert image["initiator"] == server.origin
    post = next(e for e in entries if e["method"] == "POST")
    assert post["url"] == server.url("spa.html?token=REDACTED")
    text = repr(call("network.list", response_mode="raw"))
    for secret in ("sk_live_abcdef123456", "hunter2", "s3cr3t-header", "X-Secret-Header"):
        assert secret not in text
    assert all(set(e) <= {"id", "time", "method", "url", "type", "initiator", "navigation", "status"}
               for e in entries)


def test_filters_and_documents(window, qtbot, server, call):
    window.load_page(server.url("network.html"))
    log = window.tab.browser.network
    qtbot.waitUntil(lambda: any(e.method == "POST" for e in log.entries), timeout=10_000)
    images = call("network.list", type="image")["entries"]
    assert [e["type"] for e in images] == ["image"]
    first = call("network.list", limit=1)
    assert len(first["entries"]) == 1 and first["more"] >= 2
    window.load_page(server.url("spa.html"))
    current = call("network.list")["entries"]
    assert current[0]["url"] == server.url("spa.html") and all("network.html" not in e["url"] for e in current)
    assert any(e["url"] == server.url("network.html") for e in call("network.list", all_documents=True,
                                                                     limit=200)["entries"])
    with pytest.raises(PagenoteError) as caught:
        call("network.list", limit=0)
    assert caught.value.name == "INVALID_PARAMS"


def test_a_404_document_has_its_status(window, qtbot, server, call):
    call("navigate", url=server.url("missing.html"))
    entries = call("network.list")["entries"]
    assert entries[0]["url"] == server.url("missing.html") and entries[0]["status"] == 404
