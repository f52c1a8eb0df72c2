"""A draft made on the bundled demo page reopens it with the ``?lang=`` of the window (app/runtime/drafts.py):
the demo page reads ``lang`` to show its introduction in the window's language, and the markers re-anchor
there."""

from __future__ import annotations

import pytest
from conftest import settle

from _tabs_fixtures import tabs  # noqa: F401 (fixture)


def _draft_on_demo(tabs, qtbot, tmp_path, language: str):
    """A draft (through draft.json) with one note on the demo page as a ``language`` window shows it; the tab
    is then closed and the batch cleared."""
    from app.runtime.drafts import draft_of, load_draft, save_draft
    from app.webview.frames import select_chain
    from app.webview.urls import demo_url

    tab = tabs.tab(demo_url(language).toString())
    qtbot.waitUntil(lambda: not tab.loading, timeout=10_000)
    href = tab.page.url().toString()
    route, found = settle(qtbot, select_chain(tab.bridge, "h1"))
    tab.annotator.pin(tab.annotator.pin_key(route, found["id"]),
                      settle(qtbot, tab.annotator.record_of(route, found)), "on the demo")
    assert tabs.app.batch_session.pins[0].page == href
    save_draft(tmp_path, draft_of(tabs.app.batch_session, tabs.app.tabs))
    draft, problem = load_draft(tmp_path)
    assert problem == "" and draft.tabs[0].url == href
    tabs.app.batch_session.clear()
    tabs.app.close_tab(tab.id)  # the app that made the draft is gone
    return draft


@pytest.mark.parametrize(("made_in", "shown_in"), [("zh_CN", "zh_CN"), ("en", "zh_CN"), ("zh_CN", "en")])
def test_a_draft_on_the_demo_page_restores_it_in_the_windows_language(tabs, qtbot, tmp_path, made_in, shown_in):
    from app.runtime.drafts import restore_draft
    from app.webview.urls import demo_url

    draft = _draft_on_demo(tabs, qtbot, tmp_path, made_in)
    start = tabs.tab(demo_url(shown_in).toString())   # the next start: the window opens the demo page
    tabs.app.select_tab(start.id)
    qtbot.waitUntil(lambda: not start.loading, timeout=10_000)
    (restored,) = restore_draft(tabs.app, draft)
    assert restored is start
    qtbot.waitUntil(lambda: not restored.loading, timeout=10_000)
    assert restored.page.url().query() == ("lang=zh_CN" if shown_in == "zh_CN" else "")
    assert restored.page.url() == demo_url(shown_in)
    assert tabs.app.batch_session.pins[0].page == restored.page.url().toString()
    qtbot.waitUntil(lambda: len(restored.annotator.scene.scene.marks) == 1, timeout=10_000)
