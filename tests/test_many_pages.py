"""A lease serves tab after tab: after many tabs have come and gone in one profile, a new tab still gets
pagenote's page scripts and paints. (Qt 6.12 keeps what a page added to its own script set after the page is
gone; when every page added its own copy of the device script, about 125 tabs into one profile new pages got
no page script and no frames — PAGE_SCRIPT_MISSING. The device script is a profile script of the lease now.)"""

from __future__ import annotations

import asyncio

from PySide6.QtCore import QUrl

#: Tabs opened at once: each must get its page script; four at a time let the renderers start side by side.
BATCH = 4


def test_a_hundred_and_forty_tabs_later_a_new_tab_still_gets_its_page_script(window, server, qtbot):
    app = window.app
    for _ in range(140 // BATCH):
        tabs = [app.new_tab(QUrl(server.url("record.html")), activate=False) for _ in range(BATCH)]

        async def ready(tabs=tabs):
            await asyncio.gather(*(tab.bridge.wait_ready() for tab in tabs))

        window.run(ready(), timeout=20_000)
        for tab in tabs:
            app.close_tab(tab.id)
    tab = app.new_tab(QUrl(server.url("record.html")))  # shown in the window: it must paint
    window.run(tab.bridge.wait_ready(), timeout=20_000)
    window.run(tab.bridge.wait_frames(2), timeout=20_000)
