"""Agents get no ``file:`` access unless the user allows it (docs/security.md, "Agent → files"): ``navigate``
and ``tabs.new`` to a local file are refused with ``FILE_URL_REFUSED`` — nothing is loaded, the tab stays
where it was — until ``[agent] files = true`` in the user's settings; a scheme agents never open
(``javascript:``, ``view-source:``) is ``BAD_URL``. A page the user opened from disk stays the agent's to read.
Real window, real QtWebEngine, a real file in ``tmp_path`` and a page on 127.0.0.1."""

from __future__ import annotations

import pytest

from app.agent.host import TabsHost
from app.agent.methods import Methods
from app.core.errors import PagenoteError
from app.runtime.settings import Settings


@pytest.fixture
def call(window):
    """``call(method, **params)``: the socket method's result (through the dispatch table and its checks)."""
    methods = Methods(TabsHost(window.app), window.app.hub)
    return lambda method, **params: window.run(methods.call(method, params), timeout=60_000)


@pytest.fixture
def private_file(tmp_path):
    path = tmp_path / "private.html"
    path.write_text("<title>Private</title><p>the user's own notes: LOCAL-FILE-SECRET</p>", encoding="utf-8")
    return path


def _refused(call, method, **params) -> str:
    with pytest.raises(PagenoteError) as caught:
        call(method, **params)
    return caught.value.name


def test_agents_cannot_open_local_files_by_default(window, call, server, private_file):
    call("navigate", url=server.url("console.html"))
    assert window.app.allow_file_urls is False
    assert _refused(call, "navigate", url=private_file.as_uri()) == "FILE_URL_REFUSED"
    assert _refused(call, "navigate", url=str(private_file)) == "FILE_URL_REFUSED"  # a path is a file: URL too
    assert _refused(call, "tabs.new", url=private_file.as_uri()) == "FILE_URL_REFUSED"
    tabs = call("tabs.list")
    assert [t["url"] for t in tabs] == [server.url("console.html")]  # no tab opened, the page unchanged
    assert "LOCAL-FILE-SECRET" not in str(call("snapshot"))


def test_schemes_agents_never_open_are_bad_urls(call, server):
    call("navigate", url=server.url("console.html"))
    for url in ("javascript:alert(1)", "view-source:" + server.url("console.html"), "chrome://version"):
        assert _refused(call, "navigate", url=url) == "BAD_URL", url
        assert _refused(call, "tabs.new", url=url) == "BAD_URL", url
    assert len(call("tabs.list")) == 1


def test_the_user_can_allow_local_files(window, call, private_file):
    settings = Settings()
    settings.agent.files = True
    window.app.apply_settings(settings)
    result = call("navigate", url=private_file.as_uri())
    assert result["title"] == "Private"
    opened = call("tabs.new", url=private_file.as_uri())
    assert opened["url"] == private_file.as_uri()
