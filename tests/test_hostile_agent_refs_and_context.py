"""Reviewer findings on security review items 2 and 3, through the agent socket against real pages:

- a ref of another tab's snapshot is refused (``REF_IN_OTHER_TAB``) by evaluate and the actions before that
  tab's page is asked anything;
- a tab closed during a page method's call is named as it was at the call's start, its deleted page untouched;
- ``page.context`` offers a page's source hints only for files in the project (the ``Source:`` line's rule,
  ``app.webview.source_hints.within_roots``): a page naming ``/etc/passwd`` never has it returned.
"""

from __future__ import annotations

import asyncio
import re

import pytest

from app.agent.host import TabsHost
from app.agent.methods import Methods
from app.core.errors import PagenoteError
from conftest import settle


@pytest.fixture
def call(window, server):
    methods = Methods(TabsHost(window.app), window.app.hub)
    return lambda method, **params: window.run(methods.call(method, params), timeout=60_000)


def _spy(tab) -> list[str]:
    """Every page call made through ``tab``'s bridge from now on (method or what)."""
    calls: list[str] = []
    bridge = tab.bridge
    run, call = bridge.run, bridge.call

    async def spied_run(source, **kwargs):
        calls.append(kwargs.get("what", "script"))
        return await run(source, **kwargs)

    async def spied_call(method, *args, **kwargs):
        calls.append(method)
        return await call(method, *args, **kwargs)

    bridge.run, bridge.call = spied_run, spied_call
    return calls


def test_a_ref_of_another_tab_is_refused_before_that_tab_is_touched(window, server, server2, call, qtbot):
    window.load_page(server.url("spa.html"))
    first = window.app.active_tab
    snapshot = call("snapshot")
    ref = re.search(r'- link "B" .*\[ref=(e\d+)\]', snapshot["snapshot"]).group(1)
    other = call("tabs.new", url=server2.url("other.html"))
    second = window.app.tab(other["id"])
    qtbot.waitUntil(lambda: not second.loading and second.page.url().toString() == server2.url("other.html"),
                    timeout=10_000)
    settle(qtbot, second.bridge.wait_ready())
    assert window.app.active_tab is second
    touched = _spy(first)
    for method, params in (("evaluate", {"expression": "(el) => el.id"}), ("click", {}), ("hover", {})):
        with pytest.raises(PagenoteError) as caught:
            call(method, ref=ref, snapshot_id=snapshot["snapshot_id"], **params)
        assert caught.value.name == "REF_IN_OTHER_TAB", method
        assert touched == [], (method, touched)


def test_a_tab_closed_during_a_call_is_named_as_it_was(window, server, call, qtbot):
    import shiboken6
    from pydantic import BaseModel

    from app.agent.tabs import stamp_table

    window.load_page(server.url("spa.html"))
    doomed = window.app.active_tab
    call("tabs.new", url=server.url("other.html"))
    call("tabs.select", id=doomed.id)
    page = doomed.page

    async def closes_its_tab(_params):
        gone = asyncio.get_running_loop().create_future()
        page.destroyed.connect(lambda *_: gone.done() or gone.set_result(None))
        window.app.close_tab(doomed.id)
        await gone                        # Qt has deleted the page (its deleteLater ran)
        assert not shiboken6.isValid(page)
        return {"navigated": True}

    class NoParams(BaseModel):
        pass

    table = stamp_table({"navigate": (NoParams, closes_its_tab)}, window.app)
    result = window.run(table["navigate"][1](NoParams()))
    assert result == {"navigated": True, "tab": {"id": doomed.id, "origin": server.origin}}


def test_page_context_never_offers_a_source_outside_the_project(window, server, call, tmp_path):
    window.load_page(server.url("source_outside.html"))
    tab = window.app.active_tab
    assert tuple(map(str, tab.annotator.source_roots)) == (str(tmp_path),)   # the project directory

    def files() -> list[str]:
        nodes = call("page.context", detail="forensic", selector="#go", max_nodes=1)["nodes"]
        return [h["file"] for h in nodes[0].get("source", [])]

    assert files() == ["src/lib/Go.svelte"]            # the dev server's own file; /etc/passwd and /home never
    tab.annotator.source_roots = ("/home/dev/shop",)   # a project there: its file is offered, /etc/passwd not
    assert files() == ["src/lib/Go.svelte", "src/App.svelte"]   # named relative to that project
