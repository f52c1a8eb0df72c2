"""A long capture in the window can be stopped at any point and leaves no trace (QA: Ctrl+Shift+F on CPython's
stdtypes page hung on a busy machine — a modal progress dialog ran a nested event loop inside the capture's
coroutine — and after Cancel the page stayed in its capture state, a ``.tmp-….png.part`` stayed in shots/ and
every later screenshot in that tab said "Taking screenshot…" forever).

Each interruption — Cancel, a renderer kill (SIGKILL to ``renderProcessPid``, as tests/test_crash.py does), a
navigation (F5), closing the tab, closing the window — is made early, half-way and late in a full-page capture
of a tall page, the point chosen by the capture's own ``progress(done, total)`` callback (the action runs from
the event loop right after that tile, as a user's click would). Afterwards: the page is as it was where it
still exists (its scroll and a viewport screenshot compared pixel for pixel with one taken before), nothing is
left in shots/ (no ``.tmp-*.part``, no image), the tab's capture lock is free (a following Screenshot is saved)
and the status bar said what happened in one line. Also: a second capture asked for meanwhile is refused with
a message, the user's wheel and keys never reach the page during a capture (Esc cancels it), and on Debian's
python3-doc ``library/stdtypes.html`` (served on 127.0.0.1) a full-page capture completes with a PNG and a
Cancel half-way leaves the page pixel for pixel as it was.
"""

from __future__ import annotations

import asyncio
import functools
import http.server
import os
import signal
import threading
from pathlib import Path

import pytest
from PIL import Image, ImageChops
from PySide6.QtCore import QPoint, QPointF, Qt, QTimer
from PySide6.QtGui import QWheelEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from conftest import settle

from app.capture.interrupt import in_thread
from app.capture.viewport import grab_viewport, to_pil

#: tests/pages/tall.html's height (CSS px): about 19 tiles in the window's view.
HEIGHT = 12_000
#: Where the page is scrolled before each capture (a capture that forgot to scroll back would show).
START = 1234
DOCS = Path("/usr/share/doc/python3-doc/html")
#: A capture of stdtypes (~70,000 CSS px, ~110 tiles) takes about 15 s on an idle 2-core machine.
LONG_MS = 240_000

POINTS = {"early": lambda total: 1, "middle": lambda total: total // 2, "late": lambda total: total - 1}


def viewport_pixels(window) -> Image.Image:
    """The page's viewport now (a fresh frame, proven by pagenote's paint probe), RGB."""
    return to_pil(window.run(grab_viewport(window.view, window.tab.bridge)), "RGB")


def same_pixels(a: Image.Image, b: Image.Image) -> bool:
    return a.size == b.size and ImageChops.difference(a, b).getbbox() is None


def leftovers(window) -> list[str]:
    """Files in shots/ but the index's lock file: a stopped capture leaves none (no image, no ``.tmp-*.part``,
    no index line)."""
    shots = window.project_dir / "shots"
    return sorted(p.name for p in shots.iterdir() if p.name != ".index.lock") if shots.exists() else []


def said(window) -> list[str]:
    """Every status line the window shows from now on (appended as they come)."""
    lines: list[str] = []
    show = window.status.show_message
    window.status.show_message = lambda text, action=None: (lines.append(text), show(text, action))[1]
    return lines


def at_progress(window, when, action) -> list[int]:
    """Run ``action()`` from the event loop right after the capture's tile ``when(total)`` (its
    ``progress(done, total)`` callback, as the status bar gets it). Returns the list the tile's number goes
    into once it happened."""
    fired: list[int] = []
    progress = window.status.set_progress

    def watch(done: int, total: int) -> None:
        progress(done, total)
        if not fired and done >= when(total):
            fired.append(done)
            QTimer.singleShot(0, action)

    window.status.set_progress = watch
    return fired


def load_tall(window, server) -> Image.Image:
    """tall.html scrolled to :data:`START`; returns its viewport's pixels."""
    window.load_page(server.url(f"tall.html?h={HEIGHT}"))
    window.page_call("scrollTo", 0, START)
    assert window.page_call("documentMetrics")["scroll"] == {"x": 0, "y": START}
    return viewport_pixels(window)


def wait_loaded(window, qtbot, loads: list[bool]) -> None:
    qtbot.waitUntil(lambda: bool(loads), timeout=15_000)
    assert loads == [True]
    window.run(window.tab.bridge.wait_ready())
    window.run(window.tab.bridge.wait_frames(2))


def assert_no_trace(window, capture, lines: list[str], outcome: str) -> None:
    """Nothing in shots/, the lock free, and one status line naming ``outcome`` (the last one shown)."""
    assert leftovers(window) == []
    assert not capture.busy
    about = [line for line in lines if line.startswith("Full-page screenshot")]
    assert about == [outcome], lines
    assert lines[-1] == outcome


def a_following_screenshot_is_saved(window) -> None:
    path = window.run(window.screenshot())
    assert path is not None and path.is_file(), window.status_label.text()


@pytest.mark.parametrize("point", list(POINTS))
def test_cancel_puts_the_page_back_pixel_for_pixel_and_leaves_nothing(window, server, qtbot, point):
    before = load_tall(window, server)
    capture, lines = window.tab.capture, said(window)
    fired = at_progress(window, POINTS[point], window.status.cancel_button.click)
    assert window.run(window.full_page_screenshot()) is None
    assert fired
    assert_no_trace(window, capture, lines, "Full-page screenshot cancelled; the page is as it was")
    assert not window.status.cancel_button.isVisible() and not window.status.progress_bar.isVisible()
    assert window.page_call("documentMetrics")["scroll"] == {"x": 0, "y": START}
    assert same_pixels(viewport_pixels(window), before)
    a_following_screenshot_is_saved(window)


@pytest.mark.parametrize("point", list(POINTS))
def test_a_renderer_killed_mid_capture_stops_it_at_once_and_reload_shows_the_page_as_it_was(window, server, qtbot,
                                                                                          point):
    before = load_tall(window, server)
    capture, lines = window.tab.capture, said(window)
    killed = window.page.renderProcessPid()
    fired = at_progress(window, POINTS[point], lambda: os.kill(killed, signal.SIGKILL))
    assert window.run(window.full_page_screenshot()) is None
    assert fired and window.tab.crashed
    assert_no_trace(window, capture, lines, "Full-page screenshot stopped: the page's renderer crashed. Reload to "
                                            "continue — your annotations are kept.")
    loads: list[bool] = []
    window.view.loadFinished.connect(loads.append)
    window.tab.reload_after_crash()
    wait_loaded(window, qtbot, loads)
    metrics = window.page_call("documentMetrics")
    window.page_call("scrollTo", 0, START)  # the new renderer starts where Chromium restores it
    assert metrics["viewport"]["width"] < window.view.width()  # its scrollbar is back: no capture styles
    assert same_pixels(viewport_pixels(window), before)
    a_following_screenshot_is_saved(window)


@pytest.mark.parametrize("point", list(POINTS))
def test_a_reload_mid_capture_stops_it_and_the_reloaded_page_is_as_it_was(window, server, qtbot, point):
    before = load_tall(window, server)
    capture, lines = window.tab.capture, said(window)
    loads: list[bool] = []
    window.view.loadFinished.connect(loads.append)
    fired = at_progress(window, POINTS[point], window.keys.reload.trigger)  # F5
    assert window.run(window.full_page_screenshot()) is None
    assert fired
    assert_no_trace(window, capture, lines, "Full-page screenshot stopped: the page started loading another document")
    wait_loaded(window, qtbot, loads)
    assert window.page_call("documentMetrics")["scroll"] == {"x": 0, "y": START}
    assert same_pixels(viewport_pixels(window), before)
    a_following_screenshot_is_saved(window)


@pytest.mark.parametrize("point", list(POINTS))
def test_closing_the_tab_mid_capture_stops_it_and_the_other_tab_captures(window, server, qtbot, point):
    first = window.tab
    window.load_page(server.url("colors.html"))
    second = window.app.new_tab()
    qtbot.waitUntil(lambda: window.tab is second, timeout=5_000)
    load_tall(window, server)
    capture, lines = second.capture, said(window)
    fired = at_progress(window, POINTS[point], lambda: window.tab_strip.close_tab(second.id))
    assert window.run(window.full_page_screenshot()) is None
    assert fired and window.tab is first and second not in window.app.tabs
    assert_no_trace(window, capture, lines, "Full-page screenshot stopped: its tab was closed")
    a_following_screenshot_is_saved(window)


@pytest.mark.parametrize("point", list(POINTS))
def test_closing_the_window_mid_capture_stops_it_and_puts_the_page_back(window, server, qtbot, point):
    before = load_tall(window, server)
    capture, lines = window.tab.capture, said(window)
    fired = at_progress(window, POINTS[point], window.close)
    assert window.run(window.full_page_screenshot()) is None
    assert fired and not window.isVisible()
    assert_no_trace(window, capture, lines, "Full-page screenshot stopped: the window was closed")
    assert window.page_call("documentMetrics")["scroll"] == {"x": 0, "y": START}
    window.show()
    qtbot.waitExposed(window)
    window.run(window.tab.bridge.wait_frames(2))
    assert same_pixels(viewport_pixels(window), before)
    a_following_screenshot_is_saved(window)


def test_cancelled_element_crops_keep_the_crops_made_and_put_the_page_back(window, server, qtbot):
    from app.model import ElementRecord

    before = load_tall(window, server)
    for selector in ("#corner", "#target", "#secret"):  # the second is 11,600 px down: the crop scrolls there
        found = window.page_call("select", selector)
        window.session.add(found["id"], ElementRecord.model_validate(found["record"]))
    capture, lines = window.tab.capture, said(window)
    fired = at_progress(window, lambda total: 1, window.status.cancel_button.click)
    assert window.run(window.element_crops()) == 1
    assert fired == [1]
    first, second, third = (pin.annotation for pin in window.session.pins)
    assert Path(first.screenshot).is_file() and not first.screenshot_error
    assert not second.screenshot and not second.screenshot_error   # nothing recorded for the stopped ones
    assert not third.screenshot and not third.screenshot_error
    assert leftovers(window) == sorted([Path(first.screenshot).name, "index.jsonl"])
    assert not capture.busy
    assert lines[-1].startswith("Element crops cancelled; the page is as it was · 1 element crop")  # (s) untranslated
    assert lines[-1].endswith(f" saved before that in {window.project_dir / 'shots'}")
    assert window.page_call("documentMetrics")["scroll"] == {"x": 0, "y": START}
    assert same_pixels(viewport_pixels(window), before)


def test_a_second_capture_meanwhile_is_refused_with_a_message_and_nothing_waits(window, server, qtbot):
    load_tall(window, server)
    lines = said(window)
    answers: list = []

    def ask_again() -> None:
        for intent in (window.screenshot(), window.full_page_screenshot(), window.element_crops()):
            answers.append(asyncio.ensure_future(intent))

    at_progress(window, POINTS["middle"], ask_again)
    path = window.run(window.full_page_screenshot(), timeout=60_000)
    assert path is not None and path.name.endswith("-full.png")
    assert [settle(qtbot, a) for a in answers] == [None, None, 0]
    refused = "A screenshot is being taken in this tab: wait until it is done, or press Esc to cancel it"
    assert lines.count(refused) == 3
    assert window.status_label.text().startswith("Full-page screenshot saved: ")
    a_following_screenshot_is_saved(window)


def test_wheel_and_keys_do_not_reach_the_page_during_a_capture_and_esc_in_the_page_cancels(window, server, qtbot):
    before = load_tall(window, server)
    proxy = window.view.focusProxy()
    window.view.setFocus()
    scrolls: list[int] = []

    def disturb() -> None:
        centre = QPointF(proxy.width() / 2, proxy.height() / 2)
        wheel = QWheelEvent(centre, proxy.mapToGlobal(centre), QPoint(0, 0), QPoint(0, -1200),
                            Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase,
                            False)
        QApplication.sendEvent(proxy, wheel)
        QTest.keyClick(proxy, Qt.Key.Key_End)
        QTest.keyClick(proxy, Qt.Key.Key_PageDown)
        scrolls.append(1)

    at_progress(window, POINTS["middle"], disturb)
    clean = window.run(window.full_page_screenshot(), timeout=60_000)
    assert scrolls
    image = Image.open(clean).convert("RGB")
    bands = [(0xE6, 0x19, 0x4B), (0x3C, 0xB4, 0x4B), (0xFF, 0xE1, 0x19), (0x43, 0x63, 0xD8), (0xF5, 0x82, 0x31),
             (0x91, 0x1E, 0xB4), (0x46, 0xF0, 0xF0), (0xF0, 0x32, 0xE6), (0xBC, 0xF6, 0x0C), (0xFA, 0xBE, 0xBE)]
    wrong = [y for y in range(250, HEIGHT, 50) if image.getpixel((200, y)) != bands[((y - 50) // 500) % len(bands)]]
    assert image.size[1] == HEIGHT and wrong == [], f"tiles moved by the user's input: {wrong[:5]}"
    assert window.page_call("documentMetrics")["scroll"] == {"x": 0, "y": START}
    assert same_pixels(viewport_pixels(window), before)
    # Esc in the page cancels a capture.
    lines = said(window)
    window.view.setFocus()
    at_progress(window, POINTS["middle"], lambda: QTest.keyClick(window.view.focusProxy(), Qt.Key.Key_Escape))
    assert window.run(window.full_page_screenshot()) is None
    assert lines[-1] == "Full-page screenshot cancelled; the page is as it was"
    assert window.page_call("documentMetrics")["scroll"] == {"x": 0, "y": START}


def test_a_png_being_written_when_the_capture_is_cancelled_is_removed_once_written(aio, qtbot, tmp_path):
    target = tmp_path / "shot.png"
    started, release = threading.Event(), threading.Event()

    def write() -> None:  # a PNG's last rows and rename, slower than the Cancel
        started.set()
        release.wait(10)
        target.write_bytes(b"png")

    task = asyncio.ensure_future(in_thread(write, lambda: target.unlink(missing_ok=True)))
    qtbot.waitUntil(started.is_set, timeout=5_000)
    task.cancel()
    qtbot.wait(50)
    assert not task.done()  # it waits for the thread: the file cannot be removed before it exists
    release.set()
    qtbot.waitUntil(task.done, timeout=5_000)
    assert task.cancelled() and not target.exists()


@pytest.fixture
def docs():
    """Debian's CPython documentation on 127.0.0.1 (``apt-get install python3-doc``)."""
    if not (DOCS / "library" / "stdtypes.html").is_file():
        pytest.skip("Debian's python3-doc is not installed")
    quiet = type("Quiet", (http.server.SimpleHTTPRequestHandler,), {"log_message": lambda *a: None})
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(quiet, directory=str(DOCS)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    httpd.shutdown()
    httpd.server_close()


def test_the_full_page_of_stdtypes_is_saved_from_the_window(window, docs):
    window.load_page(docs + "library/stdtypes.html")
    path = window.run(window.full_page_screenshot(), timeout=LONG_MS)
    assert path is not None and path.name.endswith("-full.png"), window.status_label.text()
    width, height = Image.open(path).size
    assert width == window.view.width() and height > 50_000
    assert leftovers(window) == sorted([path.name, "index.jsonl"])
    assert not window.tab.capture.busy


def test_cancel_half_way_through_stdtypes_leaves_the_page_exactly_as_before(window, docs):
    window.load_page(docs + "library/stdtypes.html")
    window.page_call("scrollTo", 0, 20_000)
    scroll = window.page_call("documentMetrics")["scroll"]
    before = viewport_pixels(window)
    lines = said(window)
    fired = at_progress(window, POINTS["middle"], window.status.cancel_button.click)
    assert window.run(window.full_page_screenshot(), timeout=LONG_MS) is None
    assert fired and fired[0] >= 40
    assert lines[-1] == "Full-page screenshot cancelled; the page is as it was"
    assert leftovers(window) == []
    assert window.page_call("documentMetrics")["scroll"] == scroll
    assert same_pixels(viewport_pixels(window), before)
    a_following_screenshot_is_saved(window)
