"""pagenote's overlay stays above the page's top layer (issue #3 §4): the hover outline and the markers are
drawn above a modal <dialog>, a popover and a full-viewport `z-index: 2147483647` overlay — also when the
page opens them after the overlay was raised — and picking inside an open modal dialog works.

The marks are drawn by the host over the view (app/ui/marks.py), so pixels come from what the user sees: a
grab of the view's parent, which holds the view and the marks (a screenshot is the page alone)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from app.model import ElementRecord

RED = (0xDC, 0x26, 0x26)     # a marker's fill (app.core.policy MARKER_COLOR)
BLUE = (0x25, 0x63, 0xEB)    # the hover outline's border (app.core.policy HIGHLIGHT_COLOR)
COVERS = {"dialog": (255, 230, 0), "popover": (255, 0, 255), "veil": (0, 160, 0)}
BUTTON = QPoint(500, 180)    # centre of the button inside each cover (toplayer.html)


def pixel(window, x: int, y: int) -> tuple[int, int, int]:
    """The colour the user sees at the view's CSS px (x, y) — page and pagenote's marks — once the renderer
    has drawn a few more frames. One call waits for 3 frames and grabs the window (most of a second on a
    loaded machine): waits that poll it get a generous timeout (15 s)."""
    window.run(window.tab.bridge.wait_frames(3))  # raises PageCallTimeout when none come
    parent = window.view.parentWidget()
    image = parent.grab().toImage()
    dpr = window.view.devicePixelRatioF()
    at = window.view.mapTo(parent, QPoint(x, y))
    c = image.pixelColor(int(at.x() * dpr), int(at.y() * dpr))
    return c.red(), c.green(), c.blue()


def near(a, b, tolerance: int = 8) -> bool:
    return all(abs(p - q) <= tolerance for p, q in zip(a, b))


def move(proxy, point: QPoint) -> None:
    """Move the pointer to ``point`` (view px) with at least one move event: Qt drops a move to where the
    pointer already is (the previous test may have left it there)."""
    QTest.mouseMove(proxy, point + QPoint(1, 1))
    QTest.mouseMove(proxy, point)


def candidate(window) -> str:
    state = window.page_call("hoverState")
    return state["label"].split()[0] if state else ""


def pin_target(window, qtbot) -> None:
    found = window.page_call("select", "#target")
    window.session.add(found["id"], ElementRecord.model_validate(found["record"]))
    qtbot.waitUntil(lambda: [(m["x"], m["y"]) for m in window.page_call("markers")] == [(100, 100)],
                    timeout=3000)


@pytest.mark.parametrize("what", ["dialog", "popover", "veil"])
def test_outline_and_markers_stay_above_what_the_page_opens_later(window, server, qtbot, js, what):
    w = window
    w.load_page(server.url("toplayer.html"))
    w.act_annotate.trigger()
    pin_target(w, qtbot)
    proxy = w.view.focusProxy()
    move(proxy, QPoint(200, 440))  # the highlight is up (on #other) before the page opens anything
    qtbot.waitUntil(lambda: candidate(w) == "div#other", timeout=3000)
    assert near(pixel(w, 104, 87), RED)   # the badge just above #target's top-left (100, 100)
    js(f"window.openers.{what}()")
    # The cover is drawn (its colour next to the marker), and the marker on #target is above it. The hover
    # follows a still pointer onto a cover that opens under it (the veil, the modal dialog's inert page): its
    # faint tint (6 % of the highlight colour, app/ui/marks.py) may shift the cover's colour by up to 16.
    qtbot.waitUntil(lambda: near(pixel(w, 130, 160), COVERS[what], 16), timeout=15_000)
    qtbot.waitUntil(lambda: near(pixel(w, 104, 87), RED), timeout=15_000)
    # Hovering on from #other to the cover's button (no hover gap): the outline is above the cover too.
    move(proxy, BUTTON)
    qtbot.waitUntil(lambda: candidate(w) == f"button#{what}-btn", timeout=3000)
    qtbot.waitUntil(lambda: near(pixel(w, 419, 180), BLUE), timeout=15_000)   # just outside its left edge (420)
    assert near(pixel(w, 104, 87), RED)


@pytest.mark.parametrize("when", ["on-load", "later"])
def test_picking_inside_an_open_modal_dialog(window, server, qtbot, js, when):
    w = window
    w.load_page(server.url("toplayer.html?open=dialog" if when == "on-load" else "toplayer.html"))
    if when == "later":
        js("window.openers.dialog()")
    assert js("document.getElementById('dialog').matches(':modal')")
    w.act_annotate.trigger()
    proxy = w.view.focusProxy()
    move(proxy, BUTTON)
    qtbot.waitUntil(lambda: candidate(w) == "button#dialog-btn", timeout=3000)
    qtbot.waitUntil(lambda: near(pixel(w, 419, 180), BLUE), timeout=15_000)   # just outside its left edge (420)
    QTest.mouseClick(proxy, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, BUTTON)
    qtbot.waitUntil(w.annotate.note_box.isVisible, timeout=5000)
    qtbot.waitUntil(lambda: not w.batch_session.recording(), timeout=10_000)   # the record follows the marker
    QTest.keyClicks(w.annotate.note_box.editor, "inside the dialog")
    QTest.keyClick(w.annotate.note_box.editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not w.annotate.note_box.isVisible(), timeout=5000)
    element = w.session.pins[0].annotation.element
    assert element.tag == "button"
    assert js(f"document.querySelectorAll({element.selector!r}).length") == 1
    assert js(f"document.querySelector({element.selector!r}).closest('dialog').id") == "dialog"
    # Its marker is drawn above the dialog, just above the button's top-left (420, 150).
    qtbot.waitUntil(lambda: near(pixel(w, 424, 137), RED), timeout=15_000)
    assert js("document.getElementById('dialog').open")  # the page's dialog is untouched
