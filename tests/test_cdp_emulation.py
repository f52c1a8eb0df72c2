"""Emulation over the tab's CDP session (issue 26, requirement 4): the page sees the emulated colour scheme,
motion, media, viewport, DPR and touch; bad input is a clear error that leaves the tab as it was; the
Device menu applies the same state; annotations record the device; screenshots come out at the emulated
viewport; the emulation is kept across a reload and "None" clears it and releases the session."""

from __future__ import annotations

import asyncio
import io

import pytest
from conftest import pin_at, run_js
from PIL import Image
from PySide6.QtCore import QPoint

from app.core.errors import PagenoteError

# The tests probe the page over the session with Runtime.evaluate, which the app itself never sends.
pytestmark = pytest.mark.usefixtures("cdp_evaluate")


def _methods(window):
    from app.agent.host import TabsHost
    from app.agent.methods import Methods

    return Methods(TabsHost(window.app), window.app.hub)


def _call(window, method: str, params: dict):
    return window.run(_methods(window).call(method, params))


def _page(window, qtbot, source: str):
    return run_js(qtbot, window.page, source)


def _evaluate(window, expression: str):
    reply = window.run(window.tab.cdp.send("Runtime.evaluate", {"expression": expression, "awaitPromise": True,
                                                                "returnByValue": True}))
    return reply["result"].get("value")


BODY_COLOR = "getComputedStyle(document.body).color"
LAYOUT = "[matchMedia('(max-width: 599px)').matches, getComputedStyle(document.getElementById('layout')).backgroundColor]"


def test_the_page_sees_color_scheme_motion_print_viewport_dpr_and_touch(window, server, qtbot):
    window.load_page(server.url("emulation.html"))
    page = lambda source: _page(window, qtbot, source)  # noqa: E731
    assert page(BODY_COLOR) == "rgb(10, 20, 30)"
    window_width = page("innerWidth")

    answer = _call(window, "browser.emulate", {"color_scheme": "dark", "reduced_motion": "reduce"})
    assert answer["emulation"]["color_scheme"] == "dark" and answer["tab"]["id"] == window.tab.id
    assert page(BODY_COLOR) == "rgb(230, 240, 250)"
    assert page("matchMedia('(prefers-reduced-motion: reduce)').matches") is True
    assert page("getComputedStyle(document.getElementById('motion')).outlineColor") == "rgb(1, 2, 3)"
    assert "emulation" in window.tab.cdp.holders          # held while anything is emulated

    _call(window, "browser.emulate", {"media": "print"})
    assert page("matchMedia('print').matches") is True
    assert page("getComputedStyle(document.getElementById('printed')).display") == "none"
    _call(window, "browser.emulate", {"media": "none"})
    assert page("getComputedStyle(document.getElementById('printed')).display") == "block"

    # The layout that changes at 600 px: 500 below, 800 above (the window keeps its size).
    size = window.size()
    _call(window, "browser.resize", {"width": 500, "height": 400})
    assert page("[innerWidth, innerHeight]") == [500, 400]
    assert page(LAYOUT) == [True, "rgb(200, 0, 0)"]
    answer = _call(window, "browser.resize", {"width": 800, "height": 400})
    assert page(LAYOUT) == [False, "rgb(0, 128, 0)"] and answer["fits"] is True
    assert window.size() == size

    # A device: its viewport, DPR and touch, as the page reads them.
    answer = _call(window, "browser.emulate", {"device": "iPhone 15"})
    assert answer["emulation"]["text"].startswith("iPhone 15, viewport 393×852 CSS px, DPR 3, mobile, touch")
    # Touch points at once; touch event handlers ('ontouchstart') come with the next document (a reload, as
    # in Chrome's DevTools: the later test checks them after one).
    assert page("[innerWidth, devicePixelRatio, navigator.maxTouchPoints]") == [393, 3, 5]
    assert page(BODY_COLOR) == "rgb(230, 240, 250)"      # the colour scheme was kept

    # Bad input: a clear error each, the tab as it was (checked before anything is sent).
    for method, params, words in [
        ("browser.emulate", {"device": "Nokia 3310"}, "known devices: iPhone 15, Pixel 8, iPad"),
        ("browser.resize", {"width": 0, "height": 400}, "from 1 to 10,000"),
        ("browser.resize", {"width": 100_000, "height": 400}, "from 1 to 10,000"),
        ("browser.emulate", {"cpu_throttling": 1000}, "from 1 (none) to 20"),
        ("browser.emulate", {"network": "5G"}, "known presets: offline, Slow 4G, Fast 4G"),
        ("browser.emulate", {"color_scheme": "sepia"}, "light, dark, none"),
    ]:
        with pytest.raises(PagenoteError) as bad:
            _call(window, method, params)
        assert bad.value.name == "INVALID_PARAMS" and words in bad.value.message, bad.value.message
    assert page("[innerWidth, devicePixelRatio]") == [393, 3] and page(BODY_COLOR) == "rgb(230, 240, 250)"

    # Offline: the page's fetch fails; CPU and network presets are taken (and shown); "none" everywhere clears
    # and releases the session.
    fetch = ("fetch('/emulation.html?' + Math.random()).then(r => 'status ' + r.status, e => 'failed: ' + e.name)")
    _call(window, "browser.emulate", {"network": "offline"})
    assert _evaluate(window, fetch) == "failed: TypeError"
    answer = _call(window, "browser.emulate", {"cpu_throttling": 4, "network": "slow 4g"})
    assert answer["emulation"]["cpu"] == 4 and answer["emulation"]["network"] == "Slow 4G"
    answer = _call(window, "browser.emulate", {"device": "none", "color_scheme": "none", "reduced_motion": "none",
                                               "cpu_throttling": 1, "network": "none"})
    assert answer["emulation"]["active"] is False
    assert page("[innerWidth, devicePixelRatio, navigator.maxTouchPoints]") == [window_width, 1, 0]
    assert page(BODY_COLOR) == "rgb(10, 20, 30)"
    assert "emulation" not in window.tab.cdp.holders
    assert _evaluate(window, fetch) == "status 200"


def test_page_state_says_what_is_emulated_as_browser_emulate_does(window, server, qtbot):
    window.load_page(server.url("emulation.html"))
    state = _call(window, "page.state", {})
    assert state["emulation"]["active"] is False and state["emulation"]["text"] == "" and state["fits"] is True
    assert window.tab.cdp.front is None          # asking attached no session

    answer = _call(window, "browser.emulate", {"device": "Pixel 8", "color_scheme": "dark", "media": "print",
                                               "cpu_throttling": 4, "network": "Fast 4G"})
    state = _call(window, "page.state", {})
    assert state["emulation"] == answer["emulation"] and state["fits"] == answer["fits"]
    emulated = state["emulation"]
    assert (emulated["device"], emulated["width"], emulated["height"], emulated["dpr"], emulated["mobile"],
            emulated["touch"]) == ("Pixel 8", 412, 915, 2.625, True, True)
    assert (emulated["color_scheme"], emulated["media"], emulated["cpu"], emulated["network"]) == \
        ("dark", "print", 4, "Fast 4G")
    assert state["viewport"]["width"] == _page(window, qtbot, "innerWidth") == 412   # the page's own viewport
    assert _page(window, qtbot, "devicePixelRatio") == emulated["dpr"]

    _call(window, "browser.resize", {"width": 500, "height": 400})
    state = _call(window, "page.state", {})
    assert (state["emulation"]["device"], state["emulation"]["width"], state["emulation"]["dpr"]) == ("", 500, 0)
    assert state["emulation"]["text"].startswith("viewport 500×400 CSS px; prefers-color-scheme: dark")
    _call(window, "browser.emulate", {"device": "none", "color_scheme": "none", "media": "none",
                                      "cpu_throttling": 1, "network": "none"})
    assert _call(window, "page.state", {})["emulation"]["active"] is False


def test_a_bad_first_request_attaches_nothing(window, server, qtbot):
    window.load_page(server.url("emulation.html"))
    with pytest.raises(PagenoteError) as bad:
        _call(window, "browser.emulate", {"device": "iphone 99"})
    assert bad.value.name == "INVALID_PARAMS"
    assert window.tab.cdp.front is None and not window.tab.cdp.holders


def test_the_device_menu_annotations_screenshots_and_a_reload_keep_the_emulation(window, server, qtbot):
    from app.protocol.html_export import review_html
    from app.protocol.markdown import encode_annotations
    from app.tabs.emulation import emulation_of

    window.resize(1200, 1100)  # the view must hold the phone's 852 CSS px for screenshots
    qtbot.waitUntil(lambda: window.view.height() >= 900, timeout=5_000)
    window.load_page(server.url("emulation.html"))
    page = lambda source: _page(window, qtbot, source)  # noqa: E731
    menu = window.device_menu

    # The Device control applies the same state as browser_emulate.
    menu.items[("device", "iPhone 15")].trigger()
    menu.items[("color_scheme", "dark")].trigger()
    emulation = emulation_of(window.tab)
    qtbot.waitUntil(lambda: emulation.state.device == "iPhone 15" and emulation.state.color_scheme == "dark",
                    timeout=15_000)
    assert page("[innerWidth, devicePixelRatio, navigator.maxTouchPoints]") == [393, 3, 5]
    assert page(BODY_COLOR) == "rgb(230, 240, 250)"
    assert menu.action.isChecked() and menu.items[("device", "iPhone 15")].isChecked()
    window.run(window.tab.bridge.wait_frames(2))

    # An annotation made now records the device and the viewport.
    rect = page("(r => [r.x + r.width / 2, r.y + r.height / 2])(document.getElementById('target')"
                ".getBoundingClientRect())")
    window.act_annotate.trigger()
    pin_at(window, qtbot, QPoint(round(rect[0]), round(rect[1])), "too small on a phone")
    markdown = encode_annotations(window.tab.batch())
    assert "Emulated: iPhone 15, viewport 393×852 CSS px, DPR 3, mobile, touch; prefers-color-scheme: dark\n" \
        in markdown, markdown
    review = review_html(window.tab.batch())      # the HTML review shows the same line on the note
    assert '<div class="emulated">Emulated: iPhone 15, viewport 393×852 CSS px, DPR 3, mobile, touch; ' \
        "prefers-color-scheme: dark</div>" in review
    window.act_annotate.trigger()

    # Screenshots at the emulated viewport: CSS px × the window's DPR (the view paints at its own DPR).
    dpr = window.view.devicePixelRatioF()
    shot = _call(window, "screenshot", {"kind": "viewport"})
    with Image.open(shot["path"]) as image:
        assert image.size == (round(393 * dpr), round(852 * dpr))
        assert image.convert("RGB").getpixel((5, round(60 * dpr))) == (0, 0, 0)  # the dark body, not the window
    full = _call(window, "screenshot", {"kind": "full"})
    height = page("document.documentElement.scrollHeight")
    assert (full.get("full_width", full["width"]), full.get("full_height", full["height"])) == \
        (round(393 * dpr), round(height * dpr))

    # Kept across a reload.
    with qtbot.waitSignal(window.view.loadFinished, timeout=15_000):
        window.view.reload()
    window.run(window.tab.bridge.wait_ready())
    assert page("[innerWidth, devicePixelRatio, 'ontouchstart' in window]") == [393, 3, True]
    assert page(BODY_COLOR) == "rgb(230, 240, 250)"

    # "None" clears everything and releases the session.
    menu.items[("none", "none")].trigger()
    qtbot.waitUntil(lambda: not emulation.state.active, timeout=15_000)
    assert page("[devicePixelRatio, navigator.maxTouchPoints]") == [1, 0]
    assert page(BODY_COLOR) == "rgb(10, 20, 30)"
    assert not menu.action.isChecked() and "emulation" not in window.tab.cdp.holders


def _colours(image: Image.Image, box: tuple[int, int, int, int]) -> set:
    return {c for _, c in image.crop(box).getcolors(1 << 20)}


def test_a_device_viewport_screenshot_is_at_the_devices_dpr_and_redacted(window, server, qtbot):
    window.resize(1200, 1100)
    qtbot.waitUntil(lambda: window.view.height() >= 900, timeout=5_000)
    window.load_page(server.url("emulation_secret.html"))
    _call(window, "browser.emulate", {"device": "iPhone 15"})
    assert _page(window, qtbot, "[innerWidth, devicePixelRatio, document.getElementById('pw').value]") == \
        [393, 3, "hunter2hunter2"]
    shot, _ = window.run(window.tab.capture.shooter("device").viewport())
    with Image.open(shot.path) as png:
        assert png.text["pagenote:dpr"] == "3" and png.text["pagenote:scale"] == "3"
        image = png.convert("RGB")
    assert image.size == (393 * 3, 852 * 3) and (shot.width, shot.height, shot.dpr) == (1179, 2556, 3.0)
    # The page at DPR 3: the corner box's 40 CSS px are 120 image px, and the whole viewport is there.
    assert image.getpixel((1179 - 5, 2556 - 5)) == (0, 160, 0) and image.getpixel((1179 - 125, 2556 - 5)) != \
        (0, 160, 0)
    # The password's red text and the marked element's blue never reach the file: both filled solid.
    assert (255, 0, 0) not in _colours(image, (60, 300, 960, 450)), "password text visible"
    assert _colours(image, (66, 306, 954, 444)) == {(31, 41, 55)}
    assert _colours(image, (63, 603, 657, 777)) == {(31, 41, 55)}
    assert (0, 0, 255) not in _colours(image, (0, 0, 1179, 2556))

    # A page zoom: the override keeps the page's 393 CSS px at DPR 3, so the fills land on the same pixels.
    window.view.setZoomFactor(1.5)
    try:
        zoomed, _ = window.run(window.tab.capture.shooter("device").viewport())
    finally:
        window.view.setZoomFactor(1.0)
    with Image.open(zoomed.path) as png:
        image = png.convert("RGB")
    assert image.size == (1179, 2556) and _colours(image, (66, 306, 954, 444)) == {(31, 41, 55)}
    assert (255, 0, 0) not in _colours(image, (0, 0, 1179, 2556))

    # The css scale of a viewport that fits: the grab (same picture, one image px per CSS px), redacted too.
    css, _ = window.run(window.tab.capture.shooter("css").viewport())
    with Image.open(css.path) as png:
        small = png.convert("RGB")
    assert small.size == (393, 852) and (255, 0, 0) not in _colours(small, (20, 100, 320, 150))
    assert "emulation" in window.tab.cdp.holders and _page(window, qtbot, "innerWidth") == 393


def test_a_device_viewport_larger_than_the_view_comes_whole_but_full_pages_are_refused(window, server, qtbot):
    window.load_page(server.url("emulation_secret.html"))
    answer = _call(window, "browser.emulate", {"device": "Desktop 1920x1080"})
    assert answer["fits"] is False
    assert _page(window, qtbot, "innerWidth") == 1920
    shot = _call(window, "screenshot", {"kind": "viewport"})
    with Image.open(shot["path"]) as png:
        image = png.convert("RGB")
    assert image.size == (1920, 1080) and image.getpixel((1915, 1075)) == (0, 160, 0)   # beyond the view
    assert (255, 0, 0) not in _colours(image, (20, 100, 320, 150))
    with pytest.raises(PagenoteError) as refused:
        _call(window, "screenshot", {"kind": "full"})
    assert refused.value.name == "CAPTURE_SIZE" and "enlarge the window" in refused.value.message
    # A browser_resize viewport (the window's DPR) larger than the view: a grab, refused as well.
    _call(window, "browser.emulate", {"device": "none"})
    _call(window, "browser.resize", {"width": 1900, "height": 1000})
    with pytest.raises(PagenoteError) as refused:
        _call(window, "screenshot", {"kind": "viewport"})
    assert refused.value.name == "CAPTURE_SIZE"


def test_the_mcp_tools_pass_the_arguments_and_say_the_state():
    from app.mcp.response import render
    from app.mcp.tool import ToolContext
    from app.mcp.tools.emulation import EmulateParams, ResizeParams, browser_emulate, browser_resize

    calls = []

    async def call(method, params):
        calls.append((method, params))
        return {"emulation": {"active": True, "text": "viewport 500×400 CSS px", "width": 500, "height": 400},
                "fits": False, "tab": {"id": "t1", "origin": "http://127.0.0.1"}}

    async def progress(*_args):
        return None

    ctx = ToolContext(call, progress)
    reply = asyncio.run(browser_resize(ResizeParams(width=500, height=400), ctx))
    asyncio.run(browser_emulate(EmulateParams(device="Pixel 8", network="Offline"), ctx))
    assert calls == [("browser.resize", {"width": 500, "height": 400}),
                     ("browser.emulate", {"device": "Pixel 8", "network": "Offline"})]
    text = render(reply).content[0].text
    assert text.startswith("Emulating: viewport 500×400 CSS px.") and "screenshots fail" in text
    assert "viewport screenshots of a device come whole" not in text   # a browser_resize size: no device
    from app.mcp.tools.emulation import EmulationReply

    desktop = render(EmulationReply({"emulation": {"active": True, "text": "Desktop 1920x1080, viewport …",
                                                   "device": "Desktop 1920x1080", "width": 1920, "height": 1080},
                                     "fits": False})).content[0].text
    assert "viewport screenshots of a device come whole from Chromium; full-page and element screenshots fail" \
        in desktop


def test_the_emulation_survives_a_renderer_crash_a_frontend_crash_and_the_f12_window(window, server, qtbot):
    import os
    import signal

    window.load_page(server.url("emulation.html"))
    session = window.tab.cdp
    _call(window, "browser.resize", {"width": 500, "height": 400})
    _call(window, "browser.emulate", {"color_scheme": "dark"})
    emulated = lambda: _page(window, qtbot, f"[innerWidth, {BODY_COLOR}]") == [500, "rgb(230, 240, 250)"]  # noqa: E731
    assert emulated()

    # The page's renderer dies: the reloaded page gets the emulation again (the session's `attached`).
    with qtbot.waitSignal(window.page.renderProcessTerminated, timeout=10_000):
        os.kill(window.page.renderProcessPid(), signal.SIGKILL)
    with qtbot.waitSignals([window.view.loadFinished, session.attached], timeout=15_000):
        window.tab.reload_after_crash()
    qtbot.waitUntil(emulated, timeout=10_000)

    # The frontend dies: the held session comes back at once and the overrides are sent again.
    with qtbot.waitSignal(session.attached, timeout=20_000):
        os.kill(session.front.renderProcessPid(), signal.SIGKILL)
    qtbot.waitUntil(emulated, timeout=10_000)

    # F12 replaces the light frontend with the DevTools UI (a new session): still emulated.
    with qtbot.waitSignal(session.attached, timeout=20_000):
        window.act_devtools.trigger()
    qtbot.waitUntil(emulated, timeout=10_000)
    window.act_devtools.trigger()
    assert emulated() and "emulation" in session.holders
