"""A popup's opener is the document that asked: named by the tab's committed navigation entry, never by
``page.url()``, which Qt updates on a zero timer after the commit (``app.tabs.popups.TabPopups.opener_origin``).

A page calling ``window.open`` as soon as it runs can ask before that timer: the bar then named the tab's previous
page (another origin) or nobody (``test_the_window_shows_the_blocked_popup_in_a_bar_with_allow_once`` failed so
under a loaded full run: "Popup blocked:  tried to open …").
"""

from __future__ import annotations

from PySide6.QtCore import QUrl
from PySide6.QtWebEngineCore import QWebEnginePage

from _tabs_fixtures import tabs  # noqa: F401 (fixture)


def test_the_opener_is_the_committed_document_while_page_url_still_names_the_previous_one(tabs, server, server2):
    tab = tabs.tab(server.url("other.html"))
    assert tab.popups.opener_origin() == server.origin
    back = tab.page.action(QWebEnginePage.WebAction.Back)
    at_commit = []

    def committed() -> None:
        # Qt enables Back in the commit's own task (a second entry committed); urlChanged is still to come.
        if back.isEnabled() and not at_commit:
            at_commit.append((tab.page.url().toString(), tab.popups.opener_origin()))

    back.changed.connect(committed)
    tab.page.load(QUrl(server2.url("other.html")))
    assert tab.popups.opener_origin() == server.origin          # not committed yet: the old document asks
    tabs.qtbot.waitUntil(lambda: tab.page.url().toString() == server2.url("other.html"), timeout=10_000)
    assert at_commit, "Back never became enabled at the second commit"
    stale_url, origin = at_commit[0]
    assert stale_url == server.url("other.html")                # the moment the race lives in
    assert origin == server2.origin
