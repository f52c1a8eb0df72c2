"""Text-range, region and group annotations made with the pointer in annotation mode (real QtWebEngine): a
drag across text, Shift+drag, Ctrl+click and Ctrl+drag. Each annotation's fields, its Markdown round trip,
and what the page sees (nothing)."""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageChops
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from app.protocol.markdown import encode_annotations, parse_annotations

CTRL, SHIFT = Qt.KeyboardModifier.ControlModifier, Qt.KeyboardModifier.ShiftModifier
NONE = Qt.KeyboardModifier.NoModifier


def rect_of(js, selector: str, frame: str = "") -> dict:
    doc = f"document.querySelector({frame!r}).contentDocument" if frame else "document"
    return js(f"(() => {{ const r = {doc}.querySelector({selector!r}).getBoundingClientRect();"
              " return {x: r.x, y: r.y, right: r.right, bottom: r.bottom}; })()")


def drag(proxy, a: QPoint, b: QPoint, modifiers=NONE) -> None:
    QTest.mousePress(proxy, Qt.MouseButton.LeftButton, modifiers, a)
    for i in range(1, 6):
        QTest.mouseMove(proxy, a + (b - a) * i / 5)
    QTest.mouseRelease(proxy, Qt.MouseButton.LeftButton, modifiers, b)


def write_note(window, qtbot, note: str) -> None:
    qtbot.waitUntil(window.annotate.note_box.isVisible, timeout=10_000)
    qtbot.waitUntil(lambda: not window.batch_session.recording(), timeout=10_000)   # the record follows the marker
    QTest.keyClicks(window.annotate.note_box.editor, note)
    QTest.keyClick(window.annotate.note_box.editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not window.annotate.note_box.isVisible(), timeout=5_000)


def start(window, server, js):
    window.load_page(server.url("kinds.html"))
    window.annotate.set_mode(True)
    return window.view.focusProxy()


def round_trips(window) -> None:
    """The window's batch reads back from its Markdown with the same kind fields (the element records'
    detail-level fields are written only at the detailed levels, so those are compared as Markdown)."""
    batch = window.batch()
    text = encode_annotations(batch)
    back = parse_annotations(text)
    assert encode_annotations(back) == text
    for a, b in zip(back.annotations, batch.annotations, strict=True):
        assert (a.kind, a.note, a.selection, a.region, a.common_ancestor) == \
               (b.kind, b.note, b.selection, b.region, b.common_ancestor)
        assert [(e.selector, e.frame, e.text) for e in a.elements] == [(e.selector, e.frame, e.text) for e in b.elements]


def test_a_text_drag_records_the_words_and_their_offsets_which_resolve_after_a_reload(window, server, qtbot, js):
    proxy = start(window, server, js)
    a, b = rect_of(js, "#w1"), rect_of(js, "#w2")
    mid = (a["y"] + a["bottom"]) / 2
    drag(proxy, QPoint(round(a["x"]) + 1, round(mid)), QPoint(round(b["right"]) - 1, round(mid)))
    write_note(window, qtbot, "shorter")
    [pin] = window.session.pins
    ann = pin.annotation
    assert ann.kind == "text" and ann.note == "shorter"
    assert ann.selection.quote == "all orders over fifty"
    assert ann.element.tag == "p" and ann.element.selector
    assert js("getSelection().toString()") == "" and js("window.pageEvents") == 0
    round_trips(window)
    window.load_page(server.url("kinds.html"))
    words = js(f"document.querySelector({ann.element.selector!r}).textContent"
               f".slice({ann.selection.start}, {ann.selection.end})")
    assert words == ann.selection.quote


def test_a_shift_drag_on_a_scrolled_page_records_a_region_in_document_coordinates(window, server, qtbot, js):
    proxy = start(window, server, js)
    js("scrollTo(0, 2400)")
    qtbot.waitUntil(lambda: js("scrollY") == 2400, timeout=5_000)
    cta = rect_of(js, "#cta")          # top 200 in the viewport: document y 2600
    a = QPoint(round(cta["x"]) - 50, round(cta["y"]) - 100)
    b = QPoint(round(cta["right"]) + 50, round(cta["bottom"]) + 20)
    drag(proxy, a, b, SHIFT)
    write_note(window, qtbot, "put a banner here")
    [pin] = window.session.pins
    region = pin.annotation.region
    zoom = window.view.zoomFactor()
    assert pin.annotation.kind == "region"
    assert abs(region.rect.y - (2400 + a.y() / zoom)) < 1 and abs(region.rect.x - a.x() / zoom) < 1
    assert abs(region.rect.height - (b.y() - a.y()) / zoom) < 1
    button = [c for c in region.covers if c.role == "button"]
    assert button and button[0].name == "Sign up" and 0 < button[0].share < 1
    assert region.covers == tuple(sorted(region.covers, key=lambda c: -c.share))
    _route, page_id = window.annotate.annotator.target(pin.id)     # its marker: on what covers most of it
    top = next(c for c in region.covers if c.selector not in ("body", "html"))
    assert window.page_call("elementViewport", page_id)["y"] == rect_of(js, top.selector)["y"]
    qtbot.waitUntil(lambda: bool(window.session.pins[0].annotation.screenshot), timeout=10_000)
    crop = Image.open(Path(window.session.pins[0].annotation.screenshot))
    assert abs(crop.width - region.rect.width) <= 2 and abs(crop.height - region.rect.height) <= 2
    assert js("window.pageEvents") == 0
    round_trips(window)
    # The annotated screenshot outlines the region itself, not the element its marker sits on
    clean, drawn = window.run(window.tab.capture.viewport())
    box = ImageChops.difference(Image.open(clean.path).convert("RGB"), Image.open(drawn.path).convert("RGB")).getbbox()
    k = drawn.scale
    left, right = (region.rect.x) * k, (region.rect.x + region.rect.width) * k
    assert box[0] <= left + 1 and right - 1 <= box[2] <= right + 12 * k, (box, left, right)
    # "Crop annotated elements" with the region scrolled out of view: its crop is the rectangle again
    js("scrollTo(0, 0)")
    qtbot.waitUntil(lambda: js("scrollY") == 0, timeout=5_000)
    first = window.session.pins[0].annotation.screenshot
    assert window.run(window.tab.capture.element_crops()) == (1, [])
    again = window.session.pins[0].annotation.screenshot
    assert again != first and Image.open(again).size == crop.size
    assert ImageChops.difference(Image.open(again).convert("RGB"), crop.convert("RGB")).getbbox() is None


def test_ctrl_clicks_in_two_frames_make_one_group_with_a_common_ancestor(window, server, qtbot, js):
    proxy = start(window, server, js)
    window.run(window.tab.bridge.wait_ready(frame=window.page.mainFrame().children()[0]))
    c1 = rect_of(js, "#c1")
    frame = rect_of(js, "#inner")
    inner = rect_of(js, "#inner-card", frame="#inner")
    QTest.mouseClick(proxy, Qt.MouseButton.LeftButton, CTRL, QPoint(round(c1["x"]) + 10, round(c1["y"]) + 10))
    qtbot.waitUntil(lambda: len(window.annotate.gestures.group) == 1, timeout=5_000)
    QTest.mouseClick(proxy, Qt.MouseButton.LeftButton, CTRL,
                     QPoint(round(frame["x"] + inner["x"]) + 10, round(frame["y"] + inner["y"]) + 10))
    qtbot.waitUntil(lambda: len(window.annotate.gestures.group) == 2, timeout=5_000)
    assert not window.annotate.note_box.isVisible()
    QTest.keyRelease(proxy, Qt.Key.Key_Control)
    write_note(window, qtbot, "same colour")
    [pin] = window.session.pins
    ann = pin.annotation
    assert ann.kind == "group" and [e.tag for e in ann.elements] == ["li", "div"]
    assert ann.elements[0].frame == "" and ann.elements[1].frame == "#inner"
    assert js(f"document.querySelector({ann.common_ancestor!r}) === document.body")
    round_trips(window)


def test_a_ctrl_drag_picks_the_elements_inside_the_box(window, server, qtbot, js):
    proxy = start(window, server, js)
    cards = rect_of(js, "#cards")
    drag(proxy, QPoint(round(cards["x"]) - 5, round(cards["y"]) - 5),
         QPoint(round(cards["right"]) - 100, round(cards["bottom"]) + 5), CTRL)
    qtbot.waitUntil(lambda: len(window.annotate.gestures.group) == 3, timeout=5_000)
    QTest.keyRelease(proxy, Qt.Key.Key_Control)
    write_note(window, qtbot, "same height")
    ann = window.session.pins[0].annotation
    assert [e.text for e in ann.elements] == ["One", "Two", "Three"]
    assert ann.common_ancestor == "#cards"
    # Copy/Save/Send re-read pins from the page first: a group's record stays its page, not its marker's element
    refreshed = window.run(window.tab.refreshed_batch()).annotations[0]
    assert refreshed.kind == "group" and refreshed.element.tag == "" and refreshed.element.selector == ""
    assert refreshed.elements == ann.elements
    # Its crop shows the three cards (the union of their boxes), not only the first
    assert window.run(window.tab.capture.element_crops()) == (1, [])
    union = ann.crop_rect
    assert (union.x, union.width) == (ann.elements[0].rect.x, ann.elements[2].rect.x + ann.elements[2].rect.width
                                      - ann.elements[0].rect.x)
    assert Image.open(window.session.pins[0].annotation.screenshot).size == (round(union.width), round(union.height))
    # The annotated screenshot outlines all three cards
    clean, drawn = window.run(window.tab.capture.viewport())
    box = ImageChops.difference(Image.open(clean.path).convert("RGB"), Image.open(drawn.path).convert("RGB")).getbbox()
    assert box[2] >= (union.x + union.width - js("scrollX")) * drawn.scale - 1
    # After a reload its marker finds the first member again (a group's marker is anchored by that record)
    window.load_page(window.view.url().toString())
    qtbot.waitUntil(lambda: [m["n"] for m in window.page_call("markers") if m["visible"]] == [1], timeout=10_000)
    assert window.run(window.tab.refreshed_batch()).annotations[0].status == ""  # found where it was: exact
    round_trips(window)


def test_the_panel_row_says_which_kind_each_annotation_is():
    from app.model.annotation import Annotation, ElementRecord
    from app.ui.panel_rows import annotation_summary

    para = ElementRecord(tag="p", role="paragraph", text="Free shipping")
    assert annotation_summary(Annotation(element=para, selection={"quote": "all\norders", "end": 10})) == \
        "text “all orders” in paragraph “Free shipping”"
    region = Annotation(region={"rect": {"x": 0, "y": 0, "width": 350, "height": 230},
                                "covers": [{"role": "generic", "share": 0.7},
                                           {"role": "button", "name": "Sign up", "share": 0.2}]})
    assert annotation_summary(region) == "region 350×230 over button “Sign up”"
    group = Annotation(elements=[ElementRecord(tag="li", text=t) for t in ("One", "Two", "Three", "Four")])
    assert annotation_summary(group) == "group of 4: li “One”, li “Two”, li “Three” …"
    assert annotation_summary(Annotation(element=para)) == "paragraph “Free shipping”"


def test_a_text_range_inside_an_annotated_paragraph_is_a_second_annotation_drawn_there(window, server, qtbot, js):
    proxy = start(window, server, js)
    a, b = rect_of(js, "#w1"), rect_of(js, "#w2")
    mid = round((a["y"] + a["bottom"]) / 2)
    QTest.mouseClick(proxy, Qt.MouseButton.LeftButton, NONE, QPoint(round(b["right"]) + 40, mid))  # the paragraph
    write_note(window, qtbot, "whole paragraph")
    drag(proxy, QPoint(round(a["x"]) + 1, mid), QPoint(round(b["right"]) - 1, mid))
    write_note(window, qtbot, "these words")
    first, second = window.session.pins
    assert first.annotation.kind == "element" and second.annotation.kind == "text"
    assert second.id == f"{first.id}~2" and second.annotation.element.selector == first.annotation.element.selector
    _clean, drawn = window.run(window.tab.capture.viewport())
    assert drawn.annotations == [1, 2]
    qtbot.waitUntil(lambda: sorted(m["n"] for m in window.page_call("markers")) == [1, 2], timeout=5_000)


def test_no_hover_highlight_follows_the_pointer_during_a_drag(window, server, qtbot, js):
    proxy = start(window, server, js)
    cards = rect_of(js, "#cards")
    a = QPoint(round(cards["x"]) + 10, round(cards["y"]) + 10)
    QTest.mouseMove(proxy, a)
    qtbot.waitUntil(lambda: window.page_call("hoverState") is not None, timeout=5_000)
    QTest.mousePress(proxy, Qt.MouseButton.LeftButton, SHIFT, a)
    for i in range(1, 6):
        QTest.mouseMove(proxy, a + QPoint(40 * i, 10 * i))
    qtbot.waitUntil(lambda: window.page_call("hoverState") is None, timeout=5_000)
    window.run(window.tab.bridge.wait_frames(3))
    assert window.page_call("hoverState") is None
    QTest.mouseRelease(proxy, Qt.MouseButton.LeftButton, SHIFT, a + QPoint(200, 50))
    write_note(window, qtbot, "here")
    QTest.mouseMove(proxy, a + QPoint(1, 1))
    qtbot.waitUntil(lambda: window.page_call("hoverState") is not None, timeout=5_000)


def test_a_text_drag_inside_an_iframe_records_the_frame(window, server, qtbot, js):
    proxy = start(window, server, js)
    window.run(window.tab.bridge.wait_ready(frame=window.page.mainFrame().children()[0]))
    frame = rect_of(js, "#inner")
    words = js("(() => { const d = document.querySelector('#inner').contentDocument;"
               " const r = d.createRange(); r.selectNodeContents(d.getElementById('inner-card'));"
               " const b = r.getBoundingClientRect(); return {x: b.x, right: b.right, y: b.y + b.height / 2}; })()")
    y = round(frame["y"] + words["y"])
    drag(proxy, QPoint(round(frame["x"] + words["x"]) + 1, y), QPoint(round(frame["x"] + words["right"]) - 1, y))
    write_note(window, qtbot, "in the frame")
    ann = window.session.pins[0].annotation
    assert ann.kind == "text" and ann.selection.quote == "Inner card" and ann.element.frame == "#inner"
    assert (ann.selection.start, ann.selection.end) == (0, 10)


def test_a_plain_click_ends_a_group_whose_ctrl_release_the_page_did_not_see(window, server, qtbot, js):
    proxy = start(window, server, js)
    for card in ("#c1", "#c2"):
        r = rect_of(js, card)
        QTest.mouseClick(proxy, Qt.MouseButton.LeftButton, CTRL, QPoint(round(r["x"]) + 10, round(r["y"]) + 10))
    qtbot.waitUntil(lambda: len(window.annotate.gestures.group) == 2, timeout=5_000)
    QTest.mouseClick(proxy, Qt.MouseButton.LeftButton, NONE, QPoint(600, 500))
    write_note(window, qtbot, "pair")
    [pin] = window.session.pins
    assert [e.text for e in pin.annotation.elements] == ["One", "Two"]


def test_a_text_drag_inside_an_open_shadow_root(window, server, qtbot, js):
    proxy = start(window, server, js)
    r = js("(() => { const b = document.getElementById('shadow-host').shadowRoot.getElementById('inside')"
           ".getBoundingClientRect(); return {x: b.x, right: b.right, y: b.y + b.height / 2}; })()")
    drag(proxy, QPoint(round(r["x"]) + 1, round(r["y"])), QPoint(round(r["right"]) - 1, round(r["y"])))
    write_note(window, qtbot, "in a component")
    ann = window.session.pins[0].annotation
    assert ann.kind == "text" and ann.selection.quote == "Shadow words here"
    assert ann.element.tag == "span" and ">>" in ann.element.selector
