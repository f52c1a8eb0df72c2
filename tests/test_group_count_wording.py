"""The status line counts a group's members in the singular or the plural (Qt's %n plural forms,
resources/i18n/pagenote_en.ts), like every other count the window says: Ctrl+click one element of a real page
(QtWebEngine) and it reads "Group: 1 element", a second and "Group: 2 elements" — not "1 elements"."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from test_kinds_window import CTRL, rect_of, start
from test_window_look import english  # noqa: F401 (fixture)


def test_the_group_count_is_singular_for_one_member_and_plural_after(english, window, server, qtbot, js):  # noqa: F811
    proxy = start(window, server, js)
    said = []
    window.annotate.gestures.c.message.connect(said.append)
    for n, card in enumerate(("#c1", "#c2"), start=1):
        r = rect_of(js, card)
        QTest.mouseClick(proxy, Qt.MouseButton.LeftButton, CTRL, QPoint(round(r["x"]) + 10, round(r["y"]) + 10))
        qtbot.waitUntil(lambda n=n: len(window.annotate.gestures.group) == n, timeout=5_000)
    qtbot.waitUntil(lambda: len([s for s in said if s.startswith("Group: ")]) >= 2, timeout=5_000)
    assert [s for s in said if s.startswith("Group: ")][-2:] == [
        "Group: 1 element · release Ctrl to write the note", "Group: 2 elements · release Ctrl to write the note"]
