"""Markers follow their elements (issue #3 §6): page scroll, an inner scroll container, a responsive grid
when the view narrows, page zoom, sticky and fixed elements, transformed elements, and content growing above
an element. After each change every marker's top-left is within 1 CSS px of its element's top-left (the
top-left of the bounding client rect for transformed elements) — in the page script's account and in what the
host draws over the view; markers are placed on the next animation frame, so every check waits for it instead
of sleeping."""

from __future__ import annotations

import pytest
from pytestqt.exceptions import TimeoutError as WaitTimeout

from app.model import ElementRecord

TARGETS = ("#sticky", "#fixed", "#moved", "#cell", "#row", "#in-scaled", "#in-rotated")


def misaligned(window, ids: dict[str, str]) -> dict:
    """{selector: (marker, element rect)} for every marker not at its element's top-left (± 1 CSS px): the
    page's own account (``markers``) and what the host draws over the view (the tab's scene) must both be
    there."""
    markers = {m["id"]: m for m in window.page_call("markers")}
    drawn = {m.id: m for m in window.tab.annotator.scene.scene.marks if m.visible}
    out = {}
    for css, pin_id in ids.items():
        rect = window.page_call("elementViewport", pin_id)
        m, d = markers.get(pin_id), drawn.get(pin_id)
        if (not m or not m["visible"] or rect is None or abs(m["x"] - rect["x"]) > 1 or abs(m["y"] - rect["y"]) > 1
                or d is None or abs(d.x - rect["x"]) > 1 or abs(d.y - rect["y"]) > 1):
            out[css] = (m, d, rect)
    return out


def assert_follow(window, qtbot, ids: dict[str, str]) -> None:
    try:
        qtbot.waitUntil(lambda: not misaligned(window, ids), timeout=3000)
    except WaitTimeout:
        assert misaligned(window, ids) == {}


def rect(window, ids, css: str) -> dict:
    return window.page_call("elementViewport", ids[css])


def changed(window, ids, css: str, before: dict) -> bool:
    now = rect(window, ids, css)
    return abs(now["x"] - before["x"]) > 1 or abs(now["y"] - before["y"]) > 1


@pytest.fixture
def pinned(window, server, qtbot):
    """follow.html with one annotation on each target; returns {selector: pin id}."""
    window.load_page(server.url("follow.html"))
    ids = {}
    for css in TARGETS:
        found = window.page_call("select", css)
        assert found["count"] == 1, css
        window.session.add(found["id"], ElementRecord.model_validate(found["record"]))
        ids[css] = found["id"]
    qtbot.waitUntil(lambda: len(window.page_call("markers")) == len(TARGETS), timeout=3000)
    assert_follow(window, qtbot, ids)
    return ids


def scroll_to(window, qtbot, js, y: int) -> None:
    js(f"window.scrollTo({{left: 0, top: {y}, behavior: 'instant'}})")
    qtbot.waitUntil(lambda: js("window.scrollY") == y, timeout=3000)


def test_markers_follow_page_scroll(window, pinned, qtbot, js):
    for y in (137, 600, 1500, 0):
        before = rect(window, pinned, "#moved")
        scroll_to(window, qtbot, js, y)
        assert changed(window, pinned, "#moved", before)
        assert_follow(window, qtbot, pinned)


def test_markers_follow_an_inner_scroll_container(window, pinned, qtbot, js):
    for top in (120, 250, 0):
        before = rect(window, pinned, "#row")
        js(f"document.getElementById('scroller').scrollTop = {top}")
        qtbot.waitUntil(lambda: changed(window, pinned, "#row", before), timeout=3000)
        assert_follow(window, qtbot, pinned)
    assert js("window.scrollY") == 0


def set_view_width(window, qtbot, js, width: int) -> None:
    extra = window.width() - window.view.width()  # the side panel and margins
    window.resize(width + extra, 800)
    qtbot.waitUntil(lambda: window.view.width() == width, timeout=3000)
    qtbot.waitUntil(lambda: js("window.innerWidth") == width, timeout=3000)


def test_markers_follow_a_responsive_grid_when_the_view_narrows(window, pinned, qtbot, js):
    set_view_width(window, qtbot, js, 1400)
    assert_follow(window, qtbot, pinned)
    wide = rect(window, pinned, "#cell")
    set_view_width(window, qtbot, js, 700)
    narrow = rect(window, pinned, "#cell")
    assert narrow["y"] > wide["y"] + 50, "the grid has fewer columns: cell 6 is on a later row"
    assert_follow(window, qtbot, pinned)
    scroll_to(window, qtbot, js, 300)
    assert_follow(window, qtbot, pinned)


def test_markers_follow_page_zoom(window, pinned, qtbot, js):
    try:
        for factor in (0.5, 2.0, 1.0):
            before = js("window.innerWidth")
            window.view.setZoomFactor(factor)
            qtbot.waitUntil(lambda: js("window.innerWidth") != before, timeout=3000)
            assert abs(js("window.innerWidth") - window.view.width() / factor) <= 2
            assert_follow(window, qtbot, pinned)
            scroll_to(window, qtbot, js, 200)
            assert_follow(window, qtbot, pinned)
            scroll_to(window, qtbot, js, 0)
    finally:
        window.view.setZoomFactor(1.0)  # zoom can outlive the page (Chromium keeps it per host)


def test_markers_follow_sticky_and_fixed_elements(window, pinned, qtbot, js):
    fixed = rect(window, pinned, "#fixed")
    for y in (400, 900, 0):
        scroll_to(window, qtbot, js, y)
        assert_follow(window, qtbot, pinned)
        assert rect(window, pinned, "#fixed") == fixed
        assert rect(window, pinned, "#sticky")["y"] == 0  # stuck at the top (in flow at 0 when y = 0)
    scroll_to(window, qtbot, js, 400)
    assert rect(window, pinned, "#moved")["y"] < 0  # scrolled away under the stuck header


def test_markers_follow_transformed_elements(window, pinned, qtbot, js):
    scroll_to(window, qtbot, js, 500)  # both transformed boxes on screen
    assert_follow(window, qtbot, pinned)
    for css, transform in ((".rotated", "rotate(30deg)"), (".scaled", "scale(.6) translateX(40px)"),
                           (".rotated", "rotate(-20deg) scale(1.2)")):
        target = "#in-rotated" if css == ".rotated" else "#in-scaled"
        before = rect(window, pinned, target)
        js(f"document.querySelector('{css}').style.transform = '{transform}'")
        qtbot.waitUntil(lambda: changed(window, pinned, target, before), timeout=3000)
        assert_follow(window, qtbot, pinned)


def test_markers_follow_an_element_moved_by_content_growing_above_it(window, pinned, qtbot, js):
    before = rect(window, pinned, "#moved")
    js("(() => { const block = document.createElement('div'); block.style.height = '200px';"
       " document.getElementById('grow').append(block); })()")
    qtbot.waitUntil(lambda: rect(window, pinned, "#moved")["y"] == before["y"] + 200, timeout=3000)
    assert_follow(window, qtbot, pinned)
