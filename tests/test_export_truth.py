"""The exported record names the element as it is at export time (issue 9 §4), and elements without a box
(issue 9 §6): real QtWebEngine against tests/pages/export_truth.html.

- Copy/Save/Send and agents re-read each pin from its live node first: after the page inserts a look-alike
  before the pinned button, the exported Selector, XPath and Rect name the pinned node, not the one now at
  its old index.
- A re-render into several identical nodes makes the annotation stale (``ambiguous: N candidates``), never
  moved to the node at the old index.
- ``display: contents`` reports the union of its children's boxes and says so; an element hidden after it was
  pinned reports ``Rect: none (hidden)``, its marker is hidden, the panel says hidden, and an element
  screenshot fails with ``CAPTURE_NO_BOX``.
"""

from __future__ import annotations

import pytest
from PySide6.QtGui import QGuiApplication

from app.core.errors import PagenoteError
from app.model import ElementRecord
from app.protocol.detail import restrict_element
from app.protocol.markdown import encode_annotations, parse_annotations


@pytest.fixture
def page(window, server):
    window.load_page(server.url("export_truth.html"))
    return window


def pin(window, css: str) -> str:
    """Pin the element ``css`` names (as the annotation mode does) and return its pin id."""
    found = window.page_call("select", css)
    assert found["count"] == 1, css
    window.tab.annotator.pin(found["id"], ElementRecord.model_validate(found["record"]), "fix this")
    return found["id"]


def copied(window, qtbot) -> str:
    """Press Copy (the toolbar path: refresh, then copy) and return the clipboard's Markdown."""
    QGuiApplication.clipboard().setText("")
    window.act_copy.trigger()
    qtbot.waitUntil(lambda: QGuiApplication.clipboard().text().startswith("# Web page annotations"), timeout=10_000)
    return QGuiApplication.clipboard().text()


def doc_rect(js, expr: str) -> dict:
    return js(f"(() => {{ const r = ({expr}).getBoundingClientRect();"
              " return {x: r.left + scrollX, y: r.top + scrollY, width: r.width, height: r.height}; })()")


def test_an_inserted_look_alike_does_not_take_the_pinned_buttons_record(page, qtbot, js):
    pin_id = pin(page, "#bar > button:nth-of-type(3)")
    old = page.session.get(pin_id).annotation.element
    js("window.pinned = document.querySelectorAll('#bar button')[2]; window.insertFirst(); true")
    text = copied(page, qtbot)
    element = parse_annotations(text).annotations[0].element
    # The Selector names exactly the pinned node (select answers with the pin's own id) …
    assert element.selector and element.selector != old.selector
    again = page.page_call("select", element.selector)
    assert again["count"] == 1 and again["id"] == pin_id
    # … and so do the XPath, every locator and the rect.
    assert element.xpath != old.xpath
    assert js(f"document.evaluate({element.xpath!r}, document, null, XPathResult.FIRST_ORDERED_NODE_TYPE,"
              " null).singleNodeValue === window.pinned")
    for locator in element.locators:
        assert page.page_call("resolve", locator, pin_id) == {"count": 1, "same": True}, locator
    now = doc_rect(js, "window.pinned")
    assert element.rect is not None and abs(element.rect.y - now["y"]) <= 0.01 and element.rect.y > old.rect.y
    # The Markdown says the record was re-read, and what that changed; it reads back.
    annotation = parse_annotations(text).annotations[0]
    assert annotation.status == "" and "Status:" not in text
    assert "selector" in annotation.refreshed and "rect" in annotation.refreshed
    assert f"Refreshed: {annotation.refreshed}" in text
    assert encode_annotations(parse_annotations(text)) == text


def test_a_re_render_into_five_look_alikes_is_stale_never_moved_by_index(page, qtbot, js):
    pin_id = pin(page, "#bar > button:nth-of-type(3)")
    js("window.rerender(5); true")
    text = copied(page, qtbot)
    annotation = parse_annotations(text).annotations[0]
    assert annotation.status == "stale"
    assert annotation.status_reason == "ambiguous: 5 candidates"
    assert "Status: [element no longer matched] (ambiguous: 5 candidates)" in text
    # The record is the pinned one, not the node at the old index.
    assert annotation.element == restrict_element(page.session.get(pin_id).annotation.element, "standard")
    qtbot.waitUntil(lambda: "ambiguous: 5 candidates" in page.panel.rows()[0], timeout=5000)
    assert page.panel.rows()[0].startswith("⚠ 1.")
    qtbot.waitUntil(lambda: page.page_call("markers")[0]["stale"], timeout=3000)


def test_a_unique_re_rendered_node_is_still_rematched(page, qtbot, js):
    pin_id = pin(page, "#para")
    js("const p = document.getElementById('para'); p.replaceWith(p.cloneNode(true)); true")
    batch = page.run(page.tab.refreshed_batch())
    assert batch.annotations[0].status == "rematched"
    assert page.session.get(pin_id).annotation.element.text == "A paragraph that gets hidden"


def test_display_contents_reports_the_union_of_its_childrens_boxes(page, qtbot, js):
    pin_id = pin(page, "#wrap")
    a, b = doc_rect(js, "document.querySelector('#wrap .k1')"), doc_rect(js, "document.querySelector('#wrap .k2')")
    left, top = min(a["x"], b["x"]), min(a["y"], b["y"])
    right = max(a["x"] + a["width"], b["x"] + b["width"])
    bottom = max(a["y"] + a["height"], b["y"] + b["height"])
    text = copied(page, qtbot)
    element = parse_annotations(text).annotations[0].element
    assert element.box == "contents" and element.display == "contents"
    rect = element.rect
    assert (rect.x, rect.y, rect.width, rect.height) == pytest.approx((left, top, right - left, bottom - top), abs=0.01)
    assert rect.width > 0 and rect.height > 0
    assert "(display: contents: the union of its children's boxes)" in text
    # The marker sits on the union's top-left, not on the page's corner.
    qtbot.waitUntil(lambda: page.page_call("markers")[0]["visible"], timeout=3000)
    marker = page.page_call("markers")[0]
    scroll = js("[scrollX, scrollY]")
    assert abs(marker["x"] - (left - scroll[0])) <= 1 and abs(marker["y"] - (top - scroll[1])) <= 1
    # An element screenshot crops the union.
    shot = page.run(page.tab.capture.element(1, pin_id))
    assert shot.width >= right - left and shot.height >= bottom - top


def test_an_element_hidden_after_it_was_pinned_has_no_rect_no_marker_and_no_crop(page, qtbot, js):
    pin_id = pin(page, "#para")
    qtbot.waitUntil(lambda: page.page_call("markers")[0]["visible"], timeout=3000)
    js("document.getElementById('para').style.display = 'none'; true")
    # The marker is hidden (never moved to the page's top-left) and the panel says hidden.
    qtbot.waitUntil(lambda: not page.page_call("markers")[0]["visible"], timeout=3000)
    qtbot.waitUntil(lambda: page.panel.rows()[0].endswith("(hidden)"), timeout=5000)
    text = copied(page, qtbot)
    assert "Rect: none (hidden)" in text and "Rect: x=0, y=0" not in text
    # The pin-time display value is re-read with the box: the record never says block and hidden at once.
    assert "\nDisplay: none\n" in text and "rect, box, display changed" in text
    element = parse_annotations(text).annotations[0].element
    assert element.rect is None and element.box == "hidden"
    assert encode_annotations(parse_annotations(text)) == text
    # An element screenshot fails with its own registry name instead of cropping the page's corner.
    with pytest.raises(PagenoteError) as failed:
        page.run(page.tab.capture.element(1, pin_id))
    assert failed.value.name == "CAPTURE_NO_BOX"
    saved, problems = page.run(page.tab.capture.element_crops())
    assert saved == 0 and problems[0][1].name == "CAPTURE_NO_BOX"
    assert "Screenshot: [not taken: CAPTURE_NO_BOX — " in encode_annotations(page.batch())
    # Shown again: a rect, a marker, no "hidden".
    js("document.getElementById('para').style.display = ''; true")
    qtbot.waitUntil(lambda: page.page_call("markers")[0]["visible"], timeout=3000)
    qtbot.waitUntil(lambda: not page.panel.rows()[0].endswith("(hidden)"), timeout=5000)
    element = page.run(page.tab.refreshed_batch()).annotations[0].element
    assert element.box == "" and element.rect is not None and element.rect.height > 0


def test_agents_get_the_refreshed_record(page, qtbot, js):
    pin_id = pin(page, "#bar > button:nth-of-type(3)")
    js("window.insertFirst(); true")
    view = page.run(page.app.agent.methods.call("annotations.get", {"batch": "current"}))
    selector = view["batch"]["annotations"][0]["element"]["selector"]
    assert page.page_call("select", selector)["id"] == pin_id
    assert "Refreshed: " in view["markdown"]
