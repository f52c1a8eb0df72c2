"""``pagenote capture --crops`` names each crop on stderr like the other images (``pagenote: crop N PATH (WxH
px)``), the same path as the annotation's ``Screenshot:`` line, with or without the page screenshot."""

from __future__ import annotations

import re
from pathlib import Path

from conftest import run_capture
from PIL import Image

from app.protocol.markdown import parse_annotations

CROP_LINE = re.compile(r"^pagenote: crop (\d+) (\S+\.png) \((\d+)x(\d+) px\)$", re.M)


def _crops(stderr: str) -> dict[int, tuple[str, tuple[int, int]]]:
    return {int(n): (path, (int(w), int(h))) for n, path, w, h in CROP_LINE.findall(stderr)}


def test_each_crop_is_named_on_stderr_with_the_page_screenshot(server, tmp_path):
    proc = run_capture(server.url("wide.html"), "--annotate", "#ok", "--note", "fits", "--crops",
                       "--out", str(tmp_path), cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    crops = _crops(proc.stderr)
    (first,) = parse_annotations(proc.stdout).annotations
    assert list(crops) == [1] and crops[1][0] == first.screenshot
    assert Image.open(crops[1][0]).size == crops[1][1]
    assert "pagenote: screenshot " in proc.stderr


def test_crops_without_the_page_screenshot_are_taken_and_named(server, tmp_path):
    proc = run_capture(server.url("wide.html"), "--annotate", "#ok", "--note", "fits", "--crops",
                       "--no-screenshot", "--out", str(tmp_path), cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    crops = _crops(proc.stderr)
    (first,) = parse_annotations(proc.stdout).annotations
    assert list(crops) == [1] and crops[1][0] == first.screenshot
    assert Path(crops[1][0]).name.endswith("-a1.png") and Image.open(crops[1][0]).size == crops[1][1]
    assert "pagenote: screenshot " not in proc.stderr and not list(tmp_path.glob("shots/*-annotated.png"))
