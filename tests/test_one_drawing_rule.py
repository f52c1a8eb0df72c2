"""One drawing rule for the window and the annotated PNG (issue 30, requirement 4; app/core/mark_layout.py):
the same annotations — an element, a link wrapping two lines, a group with a note between its members, a
region and a text range — drawn by the window's marks and by the annotated screenshot, at zoom 1 and 2 (the
page's device pixel ratio 1 and 2), put every badge and every outline at the same pixels, within two."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QImage
from PySide6.QtTest import QTest
from scipy import ndimage

from app.core.placement import OUTLINE_WIDTH
from tests._badges import find_badges, red_mask
from tests.test_kinds_window import CTRL, NONE, SHIFT, drag, write_note


def _rgb(image: QImage) -> np.ndarray:
    image = image.convertToFormat(QImage.Format.Format_RGB888)
    w, h = image.width(), image.height()
    rows = np.frombuffer(image.constBits(), np.uint8).reshape(h, image.bytesPerLine())
    return rows[:, : w * 3].reshape(h, w, 3).copy()   # a copy: the image's buffer goes with it


async def _annotated_viewport(tab):
    """The annotated viewport screenshot at device scale (image px = device px: k is the page's DPR)."""
    _clean, drawn = await tab.capture.shooter("device").viewport(tab.capture.pins(),
                                                                 extra_rects=await tab.annotator.frame_pin_rects())
    return drawn


def _box(js, expr: str) -> dict:
    return js(f"(() => {{ const r = {expr}; return {{x: r.x, y: r.y, right: r.right, bottom: r.bottom}}; }})()")


def _annotate(window, qtbot, js, zoom: float) -> None:
    """Make the five kinds of annotation with the pointer, as a user does."""
    proxy = window.view.focusProxy()

    def at(x: float, y: float) -> QPoint:
        return QPoint(round(x * zoom), round(y * zoom))

    def click(selector: str, modifiers=NONE) -> None:
        r = _box(js, f"document.querySelector({selector!r}).getClientRects()[0]")
        QTest.mouseClick(proxy, Qt.MouseButton.LeftButton, modifiers, at(r["x"] + 4, (r["y"] + r["bottom"]) / 2))

    click("#btn")
    write_note(window, qtbot, "an element")
    click("#wrap")
    write_note(window, qtbot, "a link on two lines")
    for i, selector in enumerate(("#g1", "#g2"), start=1):
        click(selector, CTRL)
        qtbot.waitUntil(lambda i=i: len(window.annotate.gestures.group) == i, timeout=5_000)
    QTest.keyRelease(proxy, Qt.Key.Key_Control)
    write_note(window, qtbot, "a group")
    click("#mid")
    write_note(window, qtbot, "between the members")
    space = _box(js, "document.querySelector('#space').getBoundingClientRect()")
    drag(proxy, at(space["x"], space["y"]), at(space["right"], space["bottom"]), SHIFT)
    write_note(window, qtbot, "a region")
    words = _box(js, "document.querySelector('#words').getClientRects()[0]")
    mid = (words["y"] + words["bottom"]) / 2
    drag(proxy, at(words["x"] + 30, mid), at(words["x"] + 200, mid + 24))   # two lines of words
    write_note(window, qtbot, "a text range")


@pytest.mark.parametrize("zoom", [1.0, 2.0])
def test_the_window_and_the_annotated_png_draw_the_same_badges_and_outlines(window, server, qtbot, js, zoom):
    window.resize(1600, 1000)
    window.load_page(server.url("draw_rule.html"))
    window.view.setZoomFactor(zoom)
    qtbot.waitUntil(lambda: js("devicePixelRatio") == zoom * window.view.devicePixelRatioF(), timeout=5_000)
    assert js("document.getElementById('wrap').getClientRects().length") == 2   # the link wraps
    window.annotate.set_mode(True)
    _annotate(window, qtbot, js, zoom)
    window.annotate.set_mode(False)
    kinds = [p.annotation.kind for p in window.session.pins]
    assert kinds == ["element", "element", "group", "element", "region", "text"], kinds
    marks = window.tab.annotator.scene

    def drawn_marks():
        return sorted((m.n, len(m.parts), m.fill) for m in marks.scene.marks if m.visible)

    # Each kind's shapes: the link's two line fragments, the group's two members, the range's words per line
    qtbot.waitUntil(lambda: drawn_marks() == [(1, 0, False), (2, 1, False), (3, 1, False), (4, 0, False),
                                              (5, 0, False), (6, 1, True)], timeout=10_000)
    window.marks.emphasise(None)   # no panel row's halo: what the PNG shows
    window.run(window.tab.bridge.wait_frames(2))
    drawn = window.run(_annotated_viewport(window.tab))
    assert drawn.annotations == [1, 2, 3, 4, 5, 6]
    png = np.asarray(Image.open(drawn.path).convert("RGB"))
    k = drawn.scale
    assert k == zoom * window.view.devicePixelRatioF()   # QT_SCALE_FACTOR=2 runs it at the screen's DPR 2 too
    # What the user sees: the page view and the marks over it (the view's parent, at the view's place)
    g = window.view.geometry()
    seen = _rgb(window.view.parentWidget().grab(g).toImage())
    assert seen.shape == png.shape, (seen.shape, png.shape)

    outlines = [o for _m, lay in window.marks.layouts() for o in lay.outlines]
    ours, theirs = find_badges(seen, k, outlines), find_badges(png, k, outlines)
    assert len(ours) == len(theirs) == 6, (ours, theirs)
    offsets = [max(abs(a - b) for a, b in zip(o, t)) for o, t in zip(ours, theirs)]
    print(f"zoom {zoom}, {k:g} image px per CSS px: badge offsets window→PNG (image px): {offsets}")
    assert max(offsets) <= 2, list(zip(ours, theirs))
    # The window's badges are where its layout says (CSS px × k)
    layout = sorted((lay.badge.y * k, lay.badge.x * k) for _m, lay in window.marks.layouts())
    assert all(abs(y - b[1]) <= 2 and abs(x - b[0]) <= 2 for (y, x), b in zip(layout, ours)), (layout, ours)

    # Every marker-coloured pixel (outlines and badges) of one lies within two pixels of one of the other
    near = np.ones((5, 5), bool)
    a, b = red_mask(seen), red_mask(png)
    assert a.sum() > 500
    stray = (a & ~ndimage.binary_dilation(b, near)).sum() + (b & ~ndimage.binary_dilation(a, near)).sum()
    assert stray <= 0.01 * a.sum(), stray
    # The text range's words are highlighted in both, at the same places (the marker colour at FILL_ALPHA)
    pink_a, pink_b = (red_mask(x, (245, 190, 190), 8) for x in (seen, png))
    assert pink_a.sum() > 100 * k * k and pink_b.sum() > 100 * k * k
    assert (pink_a & ~ndimage.binary_dilation(pink_b, near)).sum() <= 0.02 * pink_a.sum()


def test_a_full_page_png_outlines_each_element_where_the_captured_layout_puts_it(window, server, qtbot, js):
    """A full-page capture hides the scrollbars (the layout widens, centred blocks move by half a scrollbar):
    the annotated image measures what the window draws again in that layout, so each outline still hugs its
    block; a group's members are outlined each, not as one rectangle."""
    window.load_page(server.url("draw_rule_tall.html"))
    window.annotate.set_mode(True)
    proxy = window.view.focusProxy()
    zoom = window.view.zoomFactor()

    def centre(selector: str) -> QPoint:
        r = _box(js, f"document.querySelector({selector!r}).getBoundingClientRect()")
        return QPoint(round((r["x"] + r["right"]) / 2 * zoom), round((r["y"] + r["bottom"]) / 2 * zoom))

    QTest.mouseClick(proxy, Qt.MouseButton.LeftButton, NONE, centre("#box"))
    write_note(window, qtbot, "a block")
    for i, selector in enumerate(("#g1", "#g2"), start=1):
        QTest.mouseClick(proxy, Qt.MouseButton.LeftButton, CTRL, centre(selector))
        qtbot.waitUntil(lambda i=i: len(window.annotate.gestures.group) == i, timeout=5_000)
    QTest.keyRelease(proxy, Qt.Key.Key_Control)
    write_note(window, qtbot, "two blocks")
    window.annotate.set_mode(False)
    clean, drawn = window.run(window.tab.capture.full_page(annotated=True))
    blue = np.all(np.abs(np.asarray(Image.open(clean.path).convert("RGB")).astype(int) - (30, 60, 200)) <= 8, axis=-1)
    labels, count = ndimage.label(blue)
    assert count == 3
    red = red_mask(np.asarray(Image.open(drawn.path).convert("RGB")))
    between = None
    for ys, xs in ndimage.find_objects(labels):   # each block, as the capture laid it out
        mid = (ys.start + ys.stop) // 2
        # Red just outside its left and right edges (the outline), none inside
        assert red[mid, xs.start - 1] and red[mid, xs.stop], (xs, mid)
        assert not red[mid, (xs.start + xs.stop) // 2]
        if between is not None:   # the gaps between blocks: no union rectangle's side crosses them (the
            assert not red[(between + ys.start) // 2, xs.stop]   # badges sit at the left)
        between = ys.stop


def _touch_gap(b, o) -> float:
    """How far rect ``b`` (x0, y0, x1, y1) is from touching box ``o`` (x0, y0, x1, y1) from outside, px: 0 when
    they share an edge, > 0 when apart, < 0 when ``b`` reaches into ``o``."""
    gx = max(o[0] - b[2], b[0] - o[2])
    gy = max(o[1] - b[3], b[1] - o[3])
    return max(gx, gy)


def test_a_badge_touches_the_first_member_of_a_group_on_two_lines_and_a_ranges_first_words(window, server, qtbot,
                                                                                            js):
    """Issue 30, requirement 4: a group's badge is attached to its FIRST member's outline (here an inline link
    two lines above the second), a text range's to its first highlighted words — in the window and the PNG
    alike, even when every place beside them hides some text (a paragraph): never pushed away along an edge
    to a spot that no longer touches them (it landed 150 px right of the second member, or on the
    paragraph's last line)."""
    window.resize(1200, 900)
    window.load_page(server.url("draw_rule_inline.html"))
    qtbot.waitUntil(lambda: js("document.readyState") == "complete", timeout=5_000)
    m1 = _box(js, "document.querySelector('#m1').getClientRects()[0]")
    m2 = _box(js, "document.querySelector('#m2').getClientRects()[0]")
    assert js("document.querySelector('#m1').getClientRects().length") == 1
    assert m2["y"] - m1["y"] > 40, (m1, m2)   # the members are two lines apart
    window.annotate.set_mode(True)
    proxy = window.view.focusProxy()
    zoom = window.view.zoomFactor()

    def at(x: float, y: float) -> QPoint:
        return QPoint(round(x * zoom), round(y * zoom))

    for i, r in enumerate((m1, m2), start=1):
        QTest.mouseClick(proxy, Qt.MouseButton.LeftButton, CTRL, at(r["x"] + 4, (r["y"] + r["bottom"]) / 2))
        qtbot.waitUntil(lambda i=i: len(window.annotate.gestures.group) == i, timeout=5_000)
    QTest.keyRelease(proxy, Qt.Key.Key_Control)
    write_note(window, qtbot, "two members on two lines")
    words = _box(js, "document.querySelector('#range').getClientRects()[0]")
    assert js("document.querySelector('#range').getClientRects().length") == 1
    mid = (words["y"] + words["bottom"]) / 2
    drag(proxy, at(words["x"] + 1, mid), at(words["right"] - 1, mid))
    write_note(window, qtbot, "words mid-paragraph")
    window.annotate.set_mode(False)
    assert [p.annotation.kind for p in window.session.pins] == ["group", "text"]
    marks = window.tab.annotator.scene
    qtbot.waitUntil(lambda: sorted((m.n, len(m.parts), m.fill) for m in marks.scene.marks if m.visible)
                    == [(1, 1, False), (2, 0, True)], timeout=10_000)
    window.marks.emphasise(None)

    # The first shapes, measured on the page: the first member's outline, the range's first highlighted rect
    w = OUTLINE_WIDTH
    first = {1: (m1["x"] - w, m1["y"] - w, m1["right"] + w, m1["bottom"] + w),
             2: (words["x"] - w, words["y"] - w, words["right"] + w, words["bottom"] + w)}
    layouts = {m.n: lay for m, lay in window.marks.layouts()}
    fill = layouts[2].fills[0]
    assert abs(fill.x - words["x"]) <= 12 and abs(fill.y - words["y"]) <= 2, (fill, words)   # the range's words
    window_badges = {n: (lay.badge.x, lay.badge.y, lay.badge.right, lay.badge.bottom) for n, lay in layouts.items()}
    gaps = {n: round(_touch_gap(window_badges[n], first[n]), 1) for n in first}
    print(f"window badges (CSS px) {window_badges}; gap to the first shape: {gaps}")
    assert all(abs(g) <= 1.5 for g in gaps.values()), (window_badges, first)

    # The PNG: the same badges, each touching the same first shape
    window.run(window.tab.bridge.wait_frames(2))
    drawn = window.run(_annotated_viewport(window.tab))
    assert drawn.annotations == [1, 2]
    png = np.asarray(Image.open(drawn.path).convert("RGB"))
    k = drawn.scale
    outlines = [o for lay in layouts.values() for o in lay.outlines]
    found = [tuple(v / k for v in b) for b in find_badges(png, k, outlines)]
    assert len(found) == 2, found
    for n, shape in first.items():
        b = min(found, key=lambda f: abs(f[0] - window_badges[n][0]) + abs(f[1] - window_badges[n][1]))
        assert max(abs(a - c) for a, c in zip(b, window_badges[n])) <= 2, (n, b, window_badges[n])
        assert abs(_touch_gap(b, shape)) <= 2, (n, b, shape)
