"""Screenshots hide the text caret (Playwright's screenshot option ``caret: "hide"``): a focused field's caret
is painted in the window but absent from every capture, and the page's caret comes back afterwards."""

from __future__ import annotations

import time

from PySide6.QtCore import Qt

from app.capture.viewport import grab_viewport, to_pil

RED = (255, 0, 0)


def _red_pixels(image) -> int:
    """Pixels of ``image`` (RGB PIL) close to the caret's red inside the field (page px 40–360 × 40–120)."""
    box = image.crop((0, 0, min(image.width, 800), min(image.height, 300)))
    data = box.tobytes()
    return sum(1 for i in range(0, len(data), 3) if data[i] > 200 and data[i + 1] < 80 and data[i + 2] < 80)


def test_a_focused_fields_caret_is_not_in_captures_and_comes_back(window, server, qtbot, js):
    window.load_page(server.url("caret.html"))
    window.view.setFocus(Qt.FocusReason.OtherFocusReason)
    js("document.getElementById('field').focus()")
    qtbot.waitUntil(lambda: js("document.activeElement && document.activeElement.id") == "field", timeout=5000)
    # The caret is really painted in the window (it blinks: wait for a frame that shows it).
    qtbot.waitUntil(lambda: _red_pixels(to_pil(window.view.grab().toImage()).convert("RGB")) > 0, timeout=5000)
    # Captures over more than two blink periods (Chromium's caret blinks every 500 ms): none shows the caret.
    start, shots = time.monotonic(), []
    while time.monotonic() - start < 1.5 or len(shots) < 4:
        shots.append(_red_pixels(to_pil(window.run(grab_viewport(window.view, window.tab.bridge))).convert("RGB")))
    assert shots and all(n == 0 for n in shots), shots
    # Restored: the page's own caret colour again, and the caret painted again in the window.
    assert js("document.adoptedStyleSheets.length") == 0
    assert js("getComputedStyle(document.getElementById('field')).caretColor") == "rgb(255, 0, 0)"
    qtbot.waitUntil(lambda: _red_pixels(to_pil(window.view.grab().toImage()).convert("RGB")) > 0, timeout=5000)
