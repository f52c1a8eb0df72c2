"""After a reload a region's marker is drawn from its rectangle (document CSS px): a region records no element
to find again, so its marker used to be missing. Real QtWebEngine, tests/pages/kinds.html, a Shift+drag."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

SHIFT = Qt.KeyboardModifier.ShiftModifier


def test_a_region_marker_is_drawn_at_its_rectangle_after_a_reload(window, server, qtbot, js):
    window.load_page(server.url("kinds.html"))
    window.annotate.set_mode(True)
    proxy = window.view.focusProxy()
    a, b = QPoint(40, 60), QPoint(260, 180)
    QTest.mousePress(proxy, Qt.MouseButton.LeftButton, SHIFT, a)
    for i in range(1, 6):
        QTest.mouseMove(proxy, a + (b - a) * i / 5)
    QTest.mouseRelease(proxy, Qt.MouseButton.LeftButton, SHIFT, b)
    qtbot.waitUntil(window.annotate.note_box.isVisible, timeout=10_000)
    QTest.keyClicks(window.annotate.note_box.editor, "a banner here")
    QTest.keyClick(window.annotate.note_box.editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not window.annotate.note_box.isVisible(), timeout=5000)
    [pin] = window.session.pins
    rect = pin.annotation.region.rect
    window.annotate.set_mode(False)

    window.load_page(window.view.url().toString())
    js("scrollTo(0, 30)")
    qtbot.waitUntil(lambda: js("scrollY") == 30, timeout=5000)

    def marker():
        shown = [m for m in window.page_call("markers") if m["visible"]]
        return shown[0] if shown else None

    qtbot.waitUntil(lambda: marker() is not None and abs(marker()["y"] - (rect.y - 30)) < 0.5, timeout=10_000)
    m = marker()
    assert m["n"] == 1 and abs(m["x"] - rect.x) < 0.5 and not m["stale"]
    # The window draws it there too (the scene the host paints from), with the region's size
    qtbot.waitUntil(lambda: any(s.visible for s in window.tab.annotator.scene.scene.marks), timeout=5000)
    [drawn] = [s for s in window.tab.annotator.scene.scene.marks if s.visible]
    assert abs(drawn.width - rect.width) < 0.5 and abs(drawn.height - rect.height) < 0.5
    assert window.session.pins[0].annotation.status == ""
