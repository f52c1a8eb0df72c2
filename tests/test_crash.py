"""A renderer that crashes or is killed: the tab says so and offers Reload; after Reload the annotations
re-anchor, markers are drawn again and annotation mode works again (hover, click to pin, keys stay with
pagenote). The render process is found from Qt (``QWebEnginePage.renderProcessPid``) and killed with SIGKILL."""

from __future__ import annotations

import os
import signal

from conftest import pin_at
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest


def _kill_renderer(window, qtbot) -> None:
    pid = window.page.renderProcessPid()
    assert pid > 0
    with qtbot.waitSignal(window.page.renderProcessTerminated, timeout=10_000):
        os.kill(pid, signal.SIGKILL)


def _button_point(window, js, index: int = 0) -> QPoint:
    import json

    r = json.loads(js(f"JSON.stringify(document.querySelectorAll('.btn')[{index}].getBoundingClientRect())"))
    return QPoint(round(r["left"] + r["width"] / 2), round(r["top"] + r["height"] / 2))


def test_killed_renderer_shows_a_crash_page_and_reload_brings_back_markers_and_annotation_mode(
        window, server, qtbot, js):
    w = window
    w.load_page(server.url("record.html"))
    w.act_annotate.trigger()
    point = _button_point(w, js)
    pin_at(w, qtbot, point, "first")
    feed = w.tab.annotator.scene
    qtbot.waitUntil(lambda: len(feed.scene.marks) == 1, timeout=5_000)
    _kill_renderer(w, qtbot)
    assert w.tab.crashed
    qtbot.waitUntil(lambda: "crashed" in w.status_label.text().lower() or "stopped" in w.status_label.text().lower(),
                    timeout=5_000)
    with qtbot.waitSignal(w.view.loadFinished, timeout=15_000):
        w.tab.reload_after_crash()
    w.run(w.tab.bridge.wait_ready())
    w.run(w.tab.bridge.wait_frames(2))
    assert not w.tab.crashed
    assert len(w.session.pins) == 1
    # The marker is back (re-anchored, drawn by the host from the page's scene).
    qtbot.waitUntil(lambda: len(feed.scene.marks) == 1, timeout=5_000)
    # Annotation mode is still on and works: hover highlights, a click pins, typing goes to the note box.
    assert w.act_annotate.isChecked()
    second = _button_point(w, js, 1)
    proxy = w.view.focusProxy()
    QTest.mouseMove(proxy, second + QPoint(1, 1))
    QTest.mouseMove(proxy, second)
    qtbot.waitUntil(lambda: feed.scene.highlight is not None, timeout=5_000)
    pin_at(w, qtbot, second, "again")
    assert len(w.session.pins) == 2 and w.session.pins[-1].annotation.note == "again"
    assert w.session.pins[0].annotation.note == "first"
