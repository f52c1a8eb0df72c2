"""``pagenote capture --full-page`` measures its records in the layout the full-page image shows: no
scrollbars (Chromium's beyond-viewport capture, app/capture/fullpage.py), so a full-width element's ``Rect`` is
the image's width, not 15 px less for the classic scrollbar, and a centred element's ``x`` is where the image
has it. A viewport capture keeps the live layout (its image has the scrollbar)."""

from __future__ import annotations

import json

from conftest import run_capture
from PIL import Image

BLUE, RED = (0x33, 0x66, 0xCC), (0xCC, 0x33, 0x33)


def _records(stdout: str) -> dict[str, dict]:
    batch = json.loads(stdout)
    return {a["note"]: a["element"]["rect"] for a in batch["annotations"]}, batch


def _edges(image: Image.Image, y: int, color) -> tuple[int, int]:
    """First and one-past-last x of ``color`` on row ``y``."""
    xs = [x for x in range(image.width) if image.getpixel((x, y))[:3] == color]
    return xs[0], xs[-1] + 1


def test_full_page_records_match_the_stitched_image(server, tmp_path):
    proc = run_capture(server.url("fullwidth.html"), "--annotate", "#bar", "--note", "bar", "--annotate",
                       "#centered", "--note", "centered", "--full-page", "--format", "json",
                       "--out", str(tmp_path), cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    rects, batch = _records(proc.stdout)
    image = Image.open(batch["screenshot_clean"]).convert("RGB")
    assert image.width == 1280 and image.height > 3000
    bar, box = rects["bar"], rects["centered"]
    assert (bar["x"], bar["width"]) == (0, image.width) == _edges(image, round(bar["y"] + 30), BLUE)
    left, right = _edges(image, round(box["y"] + box["height"] / 2), RED)
    assert (box["x"], box["x"] + box["width"]) == (left, right) == ((1280 - 400) / 2, (1280 + 400) / 2)


def test_a_viewport_capture_keeps_the_live_layout(server, tmp_path):
    proc = run_capture(server.url("fullwidth.html"), "--annotate", "#bar", "--note", "bar", "--format", "json",
                       "--out", str(tmp_path), cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    rects, batch = _records(proc.stdout)
    image = Image.open(batch["screenshot_clean"]).convert("RGB")
    bar = rects["bar"]
    assert (bar["x"], bar["x"] + bar["width"]) == _edges(image, round(bar["y"] + 30), BLUE)
    assert bar["width"] < image.width  # the page's own scrollbar takes the rest, in the image too
