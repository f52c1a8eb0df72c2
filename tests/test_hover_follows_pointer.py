"""In annotation mode the hover highlight and its label follow the pointer, not the last mouse move: leaving
the page view (onto the side panel, the status bar) clears them, and when the page moves under a pointer that
stands still — a wheel scroll, the page's own scrolling (window or inner scroller), a DOM change, a resize, a
zoom, an iframe moving under the pointer or away from it — the label names what is under the pointer now.

The page (tests/pages/hover_follow.html) is a stack of 200 CSS px bands #a…#d, an inner scroller and an iframe.
Every check waits for the scene the host draws (``qtbot.waitUntil`` on its hover label), never for time."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

#: The pointer's resting place, view px: over #a (0…200 CSS px) at zoom 1.
POINT = QPoint(100, 150)


def hovered(window) -> str:
    """The first word of the hover label the host draws (``div#b``), ``""`` without a highlight."""
    h = window.tab.annotator.scene.scene.highlight
    return h.label.split()[0] if h is not None else ""


def under(js, point: QPoint, zoom: float = 1.0) -> str:
    """What the page itself says is under view point ``point``: ``tag#id`` of its main frame's element there."""
    return js(f"(() => {{ const e = document.elementFromPoint({point.x() / zoom}, {point.y() / zoom});"
              " return e.localName + (e.id ? '#' + e.id : ''); })()")


def move(window, point: QPoint) -> None:
    """The pointer moves over the page view to ``point`` (view px). Qt drops a move to where its cursor already
    is (QGuiApplication keeps the last position across windows, and an earlier test may have left it there),
    so the pointer comes from one pixel to the left."""
    QTest.mouseMove(window.view.focusProxy(), point - QPoint(1, 0))
    QTest.mouseMove(window.view.focusProxy(), point)


def wait_hovered(qtbot, window, name: str) -> None:
    qtbot.waitUntil(lambda: hovered(window) == name, timeout=5000)


@pytest.fixture
def pointed(window, server, qtbot):
    """hover_follow.html in annotation mode with the pointer resting over #a at :data:`POINT`."""
    window.load_page(server.url("hover_follow.html"))
    window.act_annotate.trigger()
    move(window, POINT)
    wait_hovered(qtbot, window, "div#a")
    return window


def scroll_to(qtbot, js, y: int) -> None:
    js(f"window.scrollTo({{left: 0, top: {y}, behavior: 'instant'}}); true")
    qtbot.waitUntil(lambda: js("window.scrollY") == y, timeout=3000)


def test_leaving_the_page_view_for_the_side_panel_clears_highlight_and_label(pointed, qtbot, js):
    w = pointed
    assert w.marks.label_rect() is not None
    QTest.mouseMove(w.panels, QPoint(20, 20))
    qtbot.waitUntil(lambda: w.tab.annotator.scene.scene.highlight is None, timeout=5000)
    assert w.marks.label_rect() is None
    qtbot.waitUntil(lambda: w.page_call("hoverState") is None, timeout=5000)
    # The page scrolling under the pointer's last position brings nothing back: the pointer is not there.
    scroll_to(qtbot, js, 250)
    w.run(w.tab.bridge.wait_frames(3))
    assert w.tab.annotator.scene.scene.highlight is None and w.page_call("hoverState") is None
    # Back over the page: the highlight follows the pointer again.
    move(w, POINT)
    wait_hovered(qtbot, w, under(js, POINT))


def test_leaving_for_the_status_bar_or_a_bare_leave_clears_the_highlight(pointed, qtbot):
    w = pointed
    QTest.mouseMove(w.statusBar(), QPoint(30, 5))
    qtbot.waitUntil(lambda: hovered(w) == "", timeout=5000)
    move(w, POINT)
    wait_hovered(qtbot, w, "div#a")
    QApplication.sendEvent(w.view.focusProxy(), QEvent(QEvent.Type.Leave))
    qtbot.waitUntil(lambda: hovered(w) == "", timeout=5000)
    assert w.marks.label_rect() is None


def test_a_wheel_scroll_names_the_element_now_under_the_pointer(pointed, qtbot, js):
    w = pointed
    proxy = w.view.focusProxy()
    at = QPointF(POINT)
    QApplication.sendEvent(proxy, QWheelEvent(at, QPointF(proxy.mapToGlobal(POINT)), QPoint(0, -240), QPoint(0, -240),
                                              Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier,
                                              Qt.ScrollPhase.NoScrollPhase, False))
    qtbot.waitUntil(lambda: js("window.scrollY") > 50, timeout=5000)      # the pointer's 150 px are past #a
    qtbot.waitUntil(lambda: hovered(w) == under(js, POINT) != "div#a", timeout=5000)


def test_the_page_s_own_scrolling_names_the_element_now_under_the_pointer(pointed, qtbot, js):
    w = pointed
    scroll_to(qtbot, js, 250)                      # the pointer's 150 px: document y 400, band #c
    wait_hovered(qtbot, w, "div#c")
    scroll_to(qtbot, js, 800)                      # the inner scroller at the top: its row 2 under the pointer
    wait_hovered(qtbot, w, "div#row2")
    js("document.getElementById('scroller').scrollTop = 100; true")
    wait_hovered(qtbot, w, "div#row3")


def test_a_dom_change_under_the_pointer_updates_the_label(pointed, qtbot, js):
    w = pointed
    js("document.getElementById('a').remove(); true")               # #b moves up under the pointer
    wait_hovered(qtbot, w, "div#b")
    js("(() => { const e = document.createElement('section'); e.id = 'fresh'; e.style.height = '200px';"
       " document.getElementById('b').replaceWith(e); return true; })()")
    wait_hovered(qtbot, w, "section#fresh")
    js("document.body.replaceChildren(); true")                     # nothing of the page left under it
    wait_hovered(qtbot, w, "html")


def test_a_resize_names_the_element_now_under_the_pointer(pointed, qtbot, js):
    w = pointed
    extra = w.width() - w.view.width()
    w.resize(700 + extra, w.height())                               # below 800 CSS px #a is 100 px tall
    qtbot.waitUntil(lambda: js("window.innerWidth") == 700, timeout=5000)
    wait_hovered(qtbot, w, "div#b")


def test_a_zoom_names_the_element_now_under_the_pointer(pointed, qtbot, js):
    w = pointed
    point = QPoint(100, 250)                                        # #b at zoom 1
    move(w, point)
    wait_hovered(qtbot, w, "div#b")
    try:
        w.view.setZoomFactor(0.5)                                   # CSS (200, 500): #c
        wait_hovered(qtbot, w, "div#c")
        assert under(js, point, 0.5) == "div#c"
    finally:
        w.view.setZoomFactor(1.0)                                   # Chromium keeps the zoom per host
    wait_hovered(qtbot, w, "div#b")


def test_an_iframe_moving_under_and_away_from_the_pointer(pointed, qtbot, js):
    """The pointer over an element inside the iframe: the main page scrolls the iframe away (a main-frame
    element is named), back under the pointer (the iframe's element again), and the iframe's own document
    scrolls (its element now under the pointer)."""
    w = pointed
    scroll_to(qtbot, js, 1000)                                      # the iframe at the top of the view
    point = QPoint(60, 30)                                          # its button (margin 20 px 0 0 40 px)
    move(w, point)
    wait_hovered(qtbot, w, "button#child-button")
    scroll_to(qtbot, js, 900)                                       # the scroller's row 2 under the pointer
    wait_hovered(qtbot, w, "div#row2")
    scroll_to(qtbot, js, 1000)
    wait_hovered(qtbot, w, "button#child-button")
    [child] = [f for f in w.page.mainFrame().children() if f.isValid()]
    child.runJavaScript("window.scrollTo(0, 100)", 0)               # the page's own world of the child
    wait_hovered(qtbot, w, "div.spacer")
    QTest.mouseMove(w.panels, QPoint(20, 20))
    qtbot.waitUntil(lambda: hovered(w) == "", timeout=5000)
    scroll_to(qtbot, js, 900)
    w.run(w.tab.bridge.wait_frames(3))
    assert hovered(w) == ""


def test_the_label_sits_outside_the_hovered_element_above_it_else_below(pointed, qtbot, js):
    """As Chromium's inspector tooltip: the label never covers the element the user reads (issue 30,
    requirement 3: it covered headings' first lines) — above its outline, below it at the page's top — and
    says the element's place in the stack at the pointer as a short ``k/n`` suffix, not a sentence."""
    import re

    w = pointed
    zoom = w.view.zoomFactor()

    def placed():
        h, label = w.tab.annotator.scene.scene.highlight, w.marks.label_rect()
        return (h.rect.y * zoom, (h.rect.y + h.rect.height) * zoom, label) if h and label else None

    top, bottom, (rect, text) = placed()        # #a: from the page's top, no room above
    assert rect.top() >= bottom, (rect, bottom)
    assert re.fullmatch(r".+ · \d+×\d+( · \d+/\d+)?", text) and "stacked" not in text and "Alt" not in text, text
    move(w, POINT + QPoint(0, 200))
    wait_hovered(qtbot, w, "div#b")
    qtbot.waitUntil(lambda: placed() is not None and placed()[0] > 100, timeout=5000)
    top, bottom, (rect, text) = placed()        # #b: room above, the label is there, off the element
    assert rect.bottom() <= top, (rect, top)
