"""Captures that overlap, or that the page interrupts: never an image made of two states or two documents,
and the page is restored even when it stops answering mid-capture."""

from __future__ import annotations

import asyncio

import pytest
from PIL import Image
from PySide6.QtCore import QUrl

from conftest import settle
from test_capture_images import band_colour

from app.core.errors import PagenoteError

MAIN_WORLD = 0


@pytest.fixture
def tall(window, server):
    window.load_page(server.url("tall.html?h=6000"))
    return window


def test_a_viewport_shot_during_a_full_page_capture_shows_the_page_as_the_user_sees_it(tall, qtbot):
    window = tall
    shooter = window.shooter()
    full = asyncio.ensure_future(shooter.full_page())
    qtbot.waitUntil(lambda: window.page_call("documentMetrics")["scroll"]["y"] > 0, timeout=10_000)
    viewport = asyncio.ensure_future(window.shooter().viewport(annotated=False))  # another client, same tab
    (full_shot, _), (view_shot, _) = settle(qtbot, full), settle(qtbot, viewport)
    # The viewport waited for the full capture: it shows scroll 0 (the sticky header on top, the first band),
    # not a tile the full capture had scrolled to.
    image = Image.open(view_shot.path).convert("RGB")
    assert image.getpixel((200, 10)) == band_colour(10) and image.getpixel((200, 300)) == band_colour(300)
    column = Image.open(full_shot.path).convert("RGB")
    assert [y for y in range(0, 6000, 97) if column.getpixel((200, y)) != band_colour(y) and not 120 <= y < 180] == []


def test_two_full_page_captures_at_once_are_each_whole(tall, qtbot):
    window = tall
    # tall.html's position: fixed box (60×30 at the viewport's bottom right) is drawn once, at the first
    # viewport's bottom: its rows are not band colour at the right edge.
    view_height = window.page_call("documentMetrics")["viewport"]["height"]
    fixed_rows = range(view_height - 30, view_height)
    first = asyncio.ensure_future(window.shooter().full_page())
    # The second starts while the first is scrolled mid-page with its capture styles applied.
    qtbot.waitUntil(lambda: window.page_call("documentMetrics")["scroll"]["y"] > 0, timeout=10_000)
    second = asyncio.ensure_future(window.shooter().full_page())
    shots = [settle(qtbot, first)[0], settle(qtbot, second)[0]]
    images = [Image.open(s.path).convert("RGB") for s in shots]
    assert images[0].size == images[1].size
    # The right edge too (where a scrollbar would appear if one capture restored it mid-way in the other).
    x = images[0].width - 5
    for image in images:
        assert [y for y in range(60, 6000, 101) if y not in fixed_rows and image.getpixel((x, y)) != band_colour(y)] == []
        assert all(image.getpixel((x, y)) == (0, 255, 255) for y in fixed_rows)  # the fixed box, once


def test_a_navigation_during_a_full_page_capture_is_page_navigated(tall, server, qtbot):
    window = tall
    full = asyncio.ensure_future(window.shooter().full_page())
    qtbot.waitUntil(lambda: window.page_call("documentMetrics")["scroll"]["y"] > 0, timeout=10_000)
    window.view.load(QUrl(server.url("colors.html")))
    with pytest.raises(PagenoteError) as info:
        settle(qtbot, full)
    assert info.value.name == "PAGE_NAVIGATED"
    assert not list((window.project_dir / "shots").glob("*-full.png")), "a stitched image was saved"


def test_a_page_that_hangs_mid_capture_is_restored_and_the_error_is_the_capture_s(tall, qtbot):
    window = tall
    bridge = window.tab.bridge
    # Each page call of this page may take 3 s instead of the 10 s default (PageBridge.call_timeout_ms), and
    # the hang below is scaled with it: the same race in a third of the time.
    bridge.call_timeout_ms = 3_000
    before = window.page_call("documentMetrics")
    full = asyncio.ensure_future(window.shooter().full_page())
    qtbot.waitUntil(lambda: window.page_call("documentMetrics")["scroll"]["y"] > 0, timeout=10_000)
    # The page's own script takes its renderer away for 8 s: longer than two page calls may take (3 s each),
    # so a clean-up that awaited each restoring call would time out, skip the rest and hide the real error.
    settle(qtbot, bridge.run("setTimeout(() => { const t = Date.now() + 8000; while (Date.now() < t) {} }, 0); 1",
                             world=MAIN_WORLD))
    with pytest.raises(PagenoteError) as info:
        settle(qtbot, full, timeout=60_000)
    assert info.value.name == "PAGE_CALL_TIMEOUT" and "to probe()" not in info.value.message
    # Once the page answers again, it is as it was: scroll, scrollbars, fixed and sticky elements.
    qtbot.waitUntil(lambda: _answers(window), timeout=30_000)
    after = window.page_call("documentMetrics")
    assert after["scroll"] == before["scroll"] and after["viewport"] == before["viewport"]


def _answers(window) -> bool:
    try:
        window.page_call("frame")
    except PagenoteError:
        return False
    return True


def test_a_quirks_mode_page_is_captured_whole(window, server):
    """No doctype: the root's clientHeight is the document's height there (CSSOM View), not the viewport's."""
    from test_capture_images import BANDS

    window.load_page(server.url("quirks.html"))
    assert window.run(window.tab.bridge.run("document.compatMode", world=MAIN_WORLD)) == "BackCompat"
    clean, _ = window.run(window.shooter().full_page())
    image = Image.open(clean.path).convert("RGB")
    assert image.height == 5000
    wrong = [y for y in range(0, 5000, 50) if image.getpixel((200, y)) != BANDS[y // 500]]
    assert wrong == [], f"rows with the wrong colour (black beyond the first viewport?), first: {wrong[:5]}"
