"""The status line's "release Ctrl to write the note" while a group is gathered goes once Ctrl is released
and the group's note box opens (real QtWebEngine, a real Ctrl+drag and Ctrl release)."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from tests.test_kinds_window import CTRL, drag, rect_of, start


def test_the_release_ctrl_hint_goes_when_the_note_box_opens(window, server, qtbot, js):
    proxy = start(window, server, js)
    cards = rect_of(js, "#cards")
    zoom = window.view.zoomFactor()
    drag(proxy, QPoint(round((cards["x"] - 5) * zoom), round((cards["y"] - 5) * zoom)),
         QPoint(round((cards["right"] - 100) * zoom), round((cards["bottom"] + 5) * zoom)), CTRL)
    qtbot.waitUntil(lambda: len(window.annotate.gestures.group) == 3, timeout=5_000)
    assert "release Ctrl" in window.status_label.text()
    QTest.keyRelease(proxy, Qt.Key.Key_Control)
    qtbot.waitUntil(window.annotate.note_box.isVisible, timeout=10_000)
    assert "release Ctrl" not in window.status_label.text()
