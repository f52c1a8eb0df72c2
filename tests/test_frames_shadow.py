"""Iframes (same-origin, srcdoc, cross-origin from a second port, nested) and shadow DOM (open, slotted,
nested, closed) — picking by mouse, records, markers in frames, chained selectors (issue #3 §2, §3, §11)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from app.protocol.markdown import parse_annotations
from app.webview.frames import select_chain
from tests._badges import badge_fill_point


@pytest.fixture
def frames(window, server, server2, qtbot):
    window.load_page(server.url(f"frames.html?cross={server2.httpd.server_address[1]}"))
    # Wait until every frame (nested cross-origin one included) runs the picker.
    qtbot.waitUntil(lambda: window.run(select_chain(window.tab.bridge, "#cross >> #inner >> #leaf"))[1].get("count") == 1,
                    timeout=10_000)
    return window


def click_element(window, qtbot, chain: str):
    """Click the centre of the element a chained selector names, in annotation mode, and confirm the note."""
    route, found = window.run(select_chain(window.tab.bridge, chain))
    vp = found["viewport"]
    point = QPoint(int(route.offset[0] + vp["x"] + vp["width"] / 2), int(route.offset[1] + vp["y"] + vp["height"] / 2))
    QTest.mouseClick(window.view.focusProxy(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, point)
    qtbot.waitUntil(window.annotate.note_box.isVisible, timeout=5000)
    qtbot.waitUntil(lambda: not window.batch_session.recording(), timeout=10_000)   # the record follows the marker
    QTest.keyClick(window.annotate.note_box.editor, Qt.Key.Key_Return)
    return route, found


def top_rect(window, qtbot, chain: str) -> tuple[float, float, float, float]:
    """(x, y, width, height) of the element ``chain`` names, in top-viewport CSS px, computed in each
    document's own page world: every iframe's getBoundingClientRect plus its border and padding (the content
    box's corner), then the element's getBoundingClientRect in the innermost document — not pagenote's offsets."""
    from tests.conftest import run_js

    steps = chain.split(" >> ")
    x = y = 0.0
    for k, step in enumerate(steps):
        doc = window.page if k == 0 else window.run(select_chain(window.tab.bridge, " >> ".join(steps[:k + 1])))[0].frame
        r = run_js(qtbot, doc, f"""(() => {{ const e = document.querySelector({step!r}), r = e.getBoundingClientRect(),
            s = getComputedStyle(e), px = (v) => parseFloat(v) || 0;
            return [r.left + px(s.borderLeftWidth) + px(s.paddingLeft), r.top + px(s.borderTopWidth) + px(s.paddingTop),
                    r.left, r.top, r.width, r.height]; }})()""")
        if k < len(steps) - 1:
            x, y = x + r[0], y + r[1]    # an iframe: its content box's corner
        else:
            return x + r[2], y + r[3], r[4], r[5]
    raise AssertionError(chain)


@pytest.mark.parametrize(("chain", "frame", "selector"), [
    ("#same >> #child-button", "#same", "#child-button"),
    ("#doc >> #in-srcdoc", "#doc", "#in-srcdoc"),
    ("#cross >> #child-button", "#cross", "#child-button"),
    ("#cross >> #inner >> #leaf", "#cross >> #inner", "#leaf"),
])
def test_clicking_inside_a_frame_pins_that_element(frames, qtbot, chain, frame, selector):
    window = frames
    window.act_annotate.trigger()
    route, found = click_element(window, qtbot, chain)
    element = window.session.pins[0].annotation.element
    assert element.frame == frame and element.selector == selector
    # Rect in top-document coordinates (scroll 0): each frame's content box corner plus the element's rect in
    # its viewport, as the documents themselves report them.
    vp = found["viewport"]
    ox, oy, ow, oh = top_rect(window, qtbot, chain)
    assert abs(element.rect.x - ox) <= 1 and abs(element.rect.y - oy) <= 1
    assert abs(element.rect.width - ow) <= 1 and abs(element.rect.height - oh) <= 1
    assert abs(route.offset[0] + vp["x"] - ox) <= 1 and abs(route.offset[1] + vp["y"] - oy) <= 1
    # The marker is drawn inside that frame, on the element's top-left.
    child = route.frame
    qtbot.waitUntil(lambda: (window.page_call("markers", frame=child) or [{}])[0].get("visible") is True, timeout=5000)
    marker = window.page_call("markers", frame=child)[0]
    assert marker["n"] == 1 and abs(marker["x"] - vp["x"]) <= 1 and abs(marker["y"] - vp["y"]) <= 1
    # The host draws it there, in top-viewport coordinates, clipped to the frame.
    feed = window.tab.annotator.scene
    qtbot.waitUntil(lambda: [(m.n, m.frame) for m in feed.scene.marks if m.visible] == [(1, route.key)], timeout=5000)
    mark = feed.scene.marks[0]
    assert abs(mark.x - ox) <= 1 and abs(mark.y - oy) <= 1
    assert mark.clip is not None and mark.clip.x <= mark.x < mark.clip.x + mark.clip.width


def test_frames_see_no_input_in_annotation_mode(frames, qtbot):
    """Clicks, hover and keys over a cross-origin frame reach none of its listeners in the mode; a wheel sent
    afterwards (it passes the mode) is counted in the frame first, so the zeros are final. The control, first:
    the same clicks and keys with the mode off move every counter (and leave the keyboard focus in the frame,
    where a leaked key would land)."""
    from PySide6.QtCore import QPointF
    from PySide6.QtGui import QWheelEvent
    from PySide6.QtWidgets import QApplication

    from tests.conftest import run_js

    window = frames
    proxy = window.view.focusProxy()

    def counts():
        return run_js(qtbot, route.frame, "window.counts")   # in the frame's own page world

    def sentinel():
        before = run_js(qtbot, route.frame, "window.wheels")
        at = QPointF(point)
        QApplication.sendEvent(proxy, QWheelEvent(at, QPointF(proxy.mapToGlobal(point)), QPoint(0, -10), QPoint(0, -12),
                                                  Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier,
                                                  Qt.ScrollPhase.NoScrollPhase, False))
        qtbot.waitUntil(lambda: run_js(qtbot, route.frame, "window.wheels") > before, timeout=10_000)

    def clicks():
        QTest.mouseMove(proxy, point + QPoint(1, 1))
        QTest.mouseClick(proxy, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, point)
        QTest.mouseClick(proxy, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, point + QPoint(150, 0))   # beside it, in the frame

    route, found = window.run(select_chain(window.tab.bridge, "#cross >> #child-button"))
    assert route.frame is not None  # the cross-origin frame
    vp = found["viewport"]
    point = QPoint(int(route.offset[0] + vp["x"] + vp["width"] / 2), int(route.offset[1] + vp["y"] + vp["height"] / 2))
    window.view.setFocus()
    clicks()   # the control, with the mode off; the clicks leave the keyboard focus in the frame
    QTest.keyClicks(proxy, "abc")
    sentinel()
    assert all(n > 0 for n in counts().values()), counts()
    run_js(qtbot, route.frame, "for (const k in window.counts) window.counts[k] = 0")

    window.act_annotate.trigger()
    QTest.keyClicks(proxy, "abc")   # first: the clicks open the note box, which takes the keyboard
    clicks()
    qtbot.waitUntil(window.annotate.note_box.isVisible, timeout=5000)   # the clicks picked, as pagenote's
    qtbot.waitUntil(lambda: not window.batch_session.recording(), timeout=10_000)   # the record follows the marker
    window.annotate.note_box.hide()
    sentinel()
    assert counts() == {k: 0 for k in ("pointerdown", "mousedown", "mouseup", "click", "keydown", "focusin", "focusout")}
    assert window.session.pins[0].annotation.element.frame == "#cross"


def test_marker_in_a_frame_follows_the_frame_scroll(frames, qtbot):
    window = frames
    window.act_annotate.trigger()
    route, _ = click_element(window, qtbot, "#same >> #child-button")
    from tests.conftest import run_js

    run_js(qtbot, route.frame, "window.scrollTo(0, 15)")
    child = route.frame
    pin_id = window.annotate.anchors[window.session.pins[0].id][1]

    def aligned():
        m, r = window.page_call("markers", frame=child)[0], window.page_call("elementViewport", pin_id, frame=child)
        return abs(m["x"] - r["x"]) <= 1 and abs(m["y"] - r["y"]) <= 1 and r["y"] < 15

    qtbot.waitUntil(aligned, timeout=3000)
    # The host-drawn marker follows too: the frame's offset plus the element's place in the frame — also when
    # the top document scrolls (the frame moves with it).
    feed = window.tab.annotator.scene

    def drawn_at_element():
        r = window.page_call("elementViewport", pin_id, frame=child)
        offset = window.page_call("frameInfoOf", "#same")["rect"]
        return any(m.visible and abs(m.x - (offset["x"] + r["x"])) <= 1 and abs(m.y - (offset["y"] + r["y"])) <= 1
                   for m in feed.scene.marks)

    qtbot.waitUntil(drawn_at_element, timeout=3000)
    run_js(qtbot, window.page, "document.body.style.minHeight = '3000px'; window.scrollTo(0, 40)")
    qtbot.waitUntil(lambda: window.page_call("viewportState")["scroll"]["y"] == 40, timeout=3000)
    qtbot.waitUntil(drawn_at_element, timeout=3000)


def test_the_highlight_inside_a_cross_origin_frame_is_drawn_over_the_hovered_element(frames, qtbot):
    window = frames
    window.act_annotate.trigger()
    route, found = window.run(select_chain(window.tab.bridge, "#cross >> #child-button"))
    vp = found["viewport"]
    point = QPoint(int(route.offset[0] + vp["x"] + vp["width"] / 2), int(route.offset[1] + vp["y"] + vp["height"] / 2))
    QTest.mouseMove(window.view.focusProxy(), point + QPoint(1, 1))
    QTest.mouseMove(window.view.focusProxy(), point)
    feed = window.tab.annotator.scene
    qtbot.waitUntil(lambda: feed.scene.highlight is not None and feed.scene.highlight.clip is not None, timeout=3000)
    h = feed.scene.highlight
    assert h.label.startswith("button#child-button ")
    ox, oy, _, _ = top_rect(window, qtbot, "#cross >> #child-button")
    assert abs(h.rect.x - ox) <= 1 and abs(h.rect.y - oy) <= 1
    # Back on the top document: the frame's highlight is gone, the top one drawn.
    QTest.mouseMove(window.view.focusProxy(), QPoint(5, 5))
    qtbot.waitUntil(lambda: feed.scene.highlight is not None and feed.scene.highlight.clip is None, timeout=3000)


@pytest.fixture
def shadow(window, server):
    window.load_page(server.url("shadow.html"))
    return window


def test_elements_in_open_shadow_roots_are_pickable_with_chained_selectors(shadow, qtbot):
    window = shadow
    window.act_annotate.trigger()
    for chain, expected in (("#open >> #inner-button", "#open >> #inner-button"),
                            ("#open >> #nested >> #deep", "#open >> #nested >> #deep"),
                            ("#slotted", "#slotted")):
        window.session.clear()
        click_element(window, qtbot, chain)
        element = window.session.pins[0].annotation.element
        assert element.selector == expected, chain
        assert element.xpath == ("" if ">>" in expected else "/html/body/open-card/span")
    assert window.session.pins[0].annotation.element.text == "Slotted title"


def test_shadow_roots_see_no_input_in_annotation_mode(shadow, qtbot, js):
    """The control first: with the mode off a click and keys at the open root's button reach the root's own
    listeners (and leave the focus there). In the mode the same keys and click reach none of them; a wheel
    sent afterwards is counted in the root first, so the zeros are final."""
    from PySide6.QtCore import QPointF
    from PySide6.QtGui import QWheelEvent
    from PySide6.QtWidgets import QApplication

    window = shadow
    proxy = window.view.focusProxy()
    route, found = window.run(select_chain(window.tab.bridge, "#open >> #inner-button"))
    vp = found["viewport"]
    point = QPoint(int(vp["x"] + 5), int(vp["y"] + 5))

    def sentinel():
        before = js("window.shadowWheels")
        QApplication.sendEvent(proxy, QWheelEvent(QPointF(point), QPointF(proxy.mapToGlobal(point)), QPoint(0, -10),
                                                  QPoint(0, -12), Qt.MouseButton.NoButton,
                                                  Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False))
        qtbot.waitUntil(lambda: js("window.shadowWheels") > before, timeout=10_000)

    window.view.setFocus()
    QTest.mouseClick(proxy, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, point)
    QTest.keyClicks(proxy, "ab")
    sentinel()
    assert all(n > 0 for n in js("window.shadowCounts").values()), js("window.shadowCounts")
    js("for (const k in window.shadowCounts) window.shadowCounts[k] = 0")

    window.act_annotate.trigger()
    QTest.keyClicks(proxy, "ab")   # before the click: the note box takes the keyboard
    click_element(window, qtbot, "#open >> #inner-button")
    sentinel()
    assert js("window.shadowCounts") == {t: 0 for t in ("pointerdown", "mousedown", "mouseup", "click",
                                                          "keydown", "focusin")}
    assert window.session.pins[0].annotation.element.selector.endswith("#inner-button")


def test_a_closed_shadow_root_picks_its_host_and_says_so(shadow, qtbot):
    window = shadow
    window.act_annotate.trigger()
    route, found = window.run(select_chain(window.tab.bridge, "#closed"))
    vp = found["viewport"]
    QTest.mouseClick(window.view.focusProxy(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     QPoint(int(vp["x"] + 30), int(vp["y"] + vp["height"] / 2)))
    qtbot.waitUntil(window.annotate.note_box.isVisible, timeout=5000)
    qtbot.waitUntil(lambda: not window.batch_session.recording(), timeout=10_000)   # the record follows the marker
    element = window.session.pins[0].annotation.element
    assert element.selector == "#closed" and element.shadow.startswith("closed")


def _capture(*args, cwd):
    env = dict(os.environ)
    env.pop("DISPLAY", None)
    return subprocess.run([sys.executable, "-m", "app", "capture", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=120)


def test_capture_accepts_the_chained_selectors_pagenote_writes(server, server2, tmp_path):
    url = server.url(f"frames.html?cross={server2.httpd.server_address[1]}")
    proc = _capture(url, "--annotate", "#cross >> #inner >> #leaf", "--annotate", "#same >> #child-button",
                    "--no-screenshot", "--out", str(tmp_path), cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    batch = parse_annotations(proc.stdout)
    first, second = (a.element for a in batch.annotations)
    assert (first.frame, first.selector, first.tag) == ("#cross >> #inner", "#leaf", "a")
    assert second.url.endswith("/frame-child.html") and second.frame == "#same"
    proc = _capture(server.url("shadow.html"), "--annotate", "#open >> #nested >> #deep", "--no-screenshot",
                    "--out", str(tmp_path), cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert parse_annotations(proc.stdout).annotations[0].element.selector == "#open >> #nested >> #deep"
    bad = _capture(server.url("shadow.html"), "--annotate", "#closed >> p", "--no-screenshot",
                   "--out", str(tmp_path), cwd=tmp_path)
    assert bad.returncode == 2 and "open shadow root" in bad.stderr


def test_annotated_screenshot_draws_annotations_inside_frames(frames, qtbot):
    from PIL import Image

    window = frames
    window.act_annotate.trigger()
    route, found = click_element(window, qtbot, "#cross >> #child-button")
    path = window.run(window.screenshot())
    assert path.name.endswith("-annotated.png")
    drawn = Image.open(path).convert("RGB")
    # Badge 1 where the window draws it, inside the frame's visible part (one rule: app/core/mark_layout.py)
    qtbot.waitUntil(lambda: badge_fill_point(window, 1) is not None, timeout=5000)
    bx, by = badge_fill_point(window, 1)
    assert drawn.getpixel((int(bx), int(by))) == (220, 38, 38)


def test_capture_outlines_and_crops_elements_inside_frames(server, server2, tmp_path):
    """``pagenote capture`` with pins in a same-origin and a nested cross-origin frame: both are outlined on
    the annotated screenshot and cropped with --crops (the main frame alone cannot find them)."""
    from PIL import Image

    url = server.url(f"frames.html?cross={server2.httpd.server_address[1]}")
    proc = _capture(url, "--annotate", "#same >> #child-button", "--annotate", "#cross >> #inner >> #leaf",
                    "--crops", "--out", str(tmp_path), cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    batch = parse_annotations(proc.stdout)
    assert batch.screenshot.endswith("-annotated.png") and batch.screenshot_clean
    drawn = Image.open(batch.screenshot).convert("RGB")
    import numpy as np

    from app.core.placement import Box, outline_box
    from tests._badges import find_badges

    badges = [Box(x0, y0, x1 - x0, y1 - y0) for x0, y0, x1, y1 in find_badges(np.asarray(drawn), 1.0)]
    assert len(badges) == 2, badges
    for annotation in batch.annotations:
        r = annotation.element.rect   # top-document CSS px (scroll 0, scale css)
        element = Box(r.x, r.y, r.width, r.height)
        o = outline_box(element)
        touching = Box(o.x - 1, o.y - 1, o.width + 2, o.height + 2)
        # A red badge touches each element's outline from outside (app/core/mark_layout.py places it)
        assert any(b.intersects(touching) and not b.intersects(element) for b in badges), annotation.element.selector
        crop = Image.open(annotation.screenshot)
        # The crop is the element plus the 16 px margin (less where the document edge clamps it).
        assert abs(crop.width - (r.width + 32)) <= 2 and abs(crop.height - (r.height + 32)) <= 2


def test_markers_and_the_highlight_inside_frames_stay_out_of_clean_images(frames, qtbot):
    """The clean screenshot is the page as it renders: pagenote's own marker and hover outline inside an
    iframe are hidden for the grab like the main frame's (the annotated copy draws them on the host)."""
    from PIL import Image

    window = frames
    window.act_annotate.trigger()
    route, found = click_element(window, qtbot, "#cross >> #child-button")
    top_rect(window, qtbot, "#cross >> #child-button")
    qtbot.waitUntil(lambda: (window.page_call("markers", frame=route.frame) or [{}])[0].get("visible") is True,
                    timeout=5000)
    qtbot.waitUntil(lambda: badge_fill_point(window, 1) is not None, timeout=5000)
    clean, drawn = window.run(window.tab.capture.viewport())
    assert drawn is not None
    bx, by = (int(v) for v in badge_fill_point(window, 1))   # where the window draws badge 1 (same rule)
    assert Image.open(drawn.path).convert("RGB").getpixel((bx, by)) == (220, 38, 38)
    assert Image.open(clean.path).convert("RGB").getpixel((bx, by)) != (220, 38, 38)
    # The marker is back on the page afterwards.
    qtbot.waitUntil(lambda: window.page_call("markers", frame=route.frame)[0]["visible"] is True, timeout=3000)
