"""Unfreeze gives a page its requestAnimationFrame back as it was: a loop frozen mid-way keeps the id the page
was handed while frozen, and cancelling it right after unfreeze (before the next frame) must stop the loop —
the handed-back callback ran under a new id, so the page's cancelAnimationFrame missed it and the loop ran on
for ever. One frame later the page's own functions are back (native code)."""

from __future__ import annotations

import json

from app.webview.freeze import UNHOOK, freezer_of


def test_a_loop_cancelled_right_after_unfreeze_stops(window, server, qtbot, js):
    w = window
    w.load_page(server.url("freeze_cancel.html"))
    qtbot.waitUntil(lambda: js("window.ticks") > 3, timeout=10_000)
    freezer = freezer_of(w.tab.bridge)
    w.run(freezer.set_frozen(True))
    w.run(w.tab.bridge.wait_frames(3))        # the loop's last callback asked for a frame: it is held
    held = js("window.ticks")
    w.run(w.tab.bridge.wait_frames(3))
    assert js("window.ticks") == held
    # The page-side half of unfreeze and the page's cancel in one task: no frame can come between them.
    js(f"({UNHOOK})({json.dumps(freezer._token)}); stopLoop(); window.ticks")
    w.run(freezer.set_frozen(False))           # the isolated world's half (animations, media)
    w.run(w.tab.bridge.wait_frames(5))
    assert js("window.ticks") == js("window.stoppedAt"), "the cancelled loop still runs after unfreeze"
    assert js("rafIsNative()")
