"""A lease serves tab after tab: after many tabs have come and gone in one profile, a new tab still gets
pagenote's page scripts and paints. (Qt 6.12 keeps what a page added to its own script set after the page is
gone; when every page added its own copy of the device script, about 125 tabs into one profile new pages got
no page script and no frames — PAGE_SCRIPT_MISSING. The device script is a profile script of the lease now.)"""

from __future__ import annotations

from PySide6.QtCore import QUrl


def test_a_hundred_and_forty_tabs_later_a_new_tab_still_gets_its_page_script(window, server, qtbot):
    app = window.app
    for _ in range(140):
        tab = app.new_tab(QUrl(server.url("record.html")), activate=False)
        window.run(tab.bridge.wait_ready(), timeout=20_000)
        app.close_tab(tab.id)
    tab = app.new_tab(QUrl(server.url("record.html")))  # shown in the window: it must paint
    window.run(tab.bridge.wait_ready(), timeout=20_000)
    window.run(tab.bridge.wait_frames(2), timeout=20_000)
