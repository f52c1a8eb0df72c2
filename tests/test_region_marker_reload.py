"""A region's marker is drawn from its rectangle (document CSS px) when it has no element: after a reload (a
region records no element to find again, so its marker used to be missing) and after its element is
re-rendered. Real QtWebEngine, tests/pages/kinds.html, a Shift+drag."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

SHIFT = Qt.KeyboardModifier.ShiftModifier


def make_region(window, qtbot):
    """Shift+drag (40, 60) → (260, 180) on the shown page and save the note; returns the region's rect."""
    window.annotate.set_mode(True)
    proxy = window.view.focusProxy()
    a, b = QPoint(40, 60), QPoint(260, 180)
    QTest.mousePress(proxy, Qt.MouseButton.LeftButton, SHIFT, a)
    for i in range(1, 6):
        QTest.mouseMove(proxy, a + (b - a) * i / 5)
    QTest.mouseRelease(proxy, Qt.MouseButton.LeftButton, SHIFT, b)
    qtbot.waitUntil(window.annotate.note_box.isVisible, timeout=10_000)
    qtbot.waitUntil(lambda: not window.batch_session.recording(), timeout=10_000)   # the record follows the marker
    QTest.keyClicks(window.annotate.note_box.editor, "a banner here")
    QTest.keyClick(window.annotate.note_box.editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not window.annotate.note_box.isVisible(), timeout=5000)
    [pin] = window.session.pins
    window.annotate.set_mode(False)
    return pin.annotation.region.rect


def visible_marker(window):
    shown = [m for m in window.page_call("markers") if m["visible"]]
    return shown[0] if shown else None


def test_a_region_marker_is_drawn_at_its_rectangle_after_a_reload(window, server, qtbot, js):
    window.load_page(server.url("kinds.html"))
    rect = make_region(window, qtbot)

    window.load_page(window.view.url().toString())
    js("scrollTo(0, 30)")
    qtbot.waitUntil(lambda: js("scrollY") == 30, timeout=5000)

    def marker():
        return visible_marker(window)

    qtbot.waitUntil(lambda: marker() is not None and abs(marker()["y"] - (rect.y - 30)) < 0.5, timeout=10_000)
    m = marker()
    assert m["n"] == 1 and abs(m["x"] - rect.x) < 0.5 and not m["stale"]
    # The window draws it there too (the scene the host paints from), with the region's size
    qtbot.waitUntil(lambda: any(s.visible for s in window.tab.annotator.scene.scene.marks), timeout=5000)
    [drawn] = [s for s in window.tab.annotator.scene.scene.marks if s.visible]
    assert abs(drawn.width - rect.width) < 0.5 and abs(drawn.height - rect.height) < 0.5
    assert window.session.pins[0].annotation.status == ""


def test_a_region_marker_stays_at_its_rectangle_when_the_page_re_renders(window, server, qtbot, js):
    """The element the marker sat on is replaced (every node of the body re-created): the marker keeps to the
    region's rectangle instead of vanishing."""
    window.load_page(server.url("kinds.html"))
    rect = make_region(window, qtbot)
    js("document.body.innerHTML = document.body.innerHTML; true")
    qtbot.waitUntil(lambda: visible_marker(window) is not None and abs(visible_marker(window)["x"] - rect.x) < 0.5
                    and abs(visible_marker(window)["y"] - rect.y) < 0.5, timeout=10_000)
    assert not visible_marker(window)["stale"] and window.session.pins[0].annotation.status == ""
