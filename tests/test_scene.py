"""The scene the host draws over the page (app/webview/scene.py): page data is checked before it is drawn, and
the marker badge's width — hit-tested by the page, drawn by the host — is one rule in both languages."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from app.picker_js import PICKER_WORLD, default_options
from app.picker_js.bundler import bundle, load_modules
from app.core.placement import badge_width
from app.webview.scene_data import LABEL_MAX, MAX_MARKS, Rect, parse_scene

BADGE_PROBE = """// @module badge_probe
// @imports overlay: badgeWidth
process.stdout.write(JSON.stringify([1, 9, 10, 99, 100, 12345].map(badgeWidth)));
"""


def test_badge_width_is_the_same_rule_in_the_page_and_on_the_host():
    node = shutil.which("node")
    assert node, "this test needs Node.js on PATH (Debian: apt-get install nodejs)"
    source = bundle(load_modules(PICKER_WORLD.packages, {"badge_probe": BADGE_PROBE}), "badge_probe", default_options())
    run = subprocess.run([node, "-e", source], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout) == [badge_width(n) for n in (1, 9, 10, 99, 100, 12345)]


def scene(**over):
    base = {"doc": "d", "seq": 1, "hover": {"x": 1, "y": 2, "width": 3, "height": 4, "label": "a  3×4"},
            "markers": [{"id": "e1", "n": 1, "x": 5, "y": 6, "width": 7, "height": 8, "visible": True}]}
    return {**base, **over}


def test_a_well_formed_scene_is_read():
    doc, seq, hover, markers = parse_scene(scene())
    assert (doc, seq) == ("d", 1) and hover["label"] == "a  3×4"
    assert markers == [{"id": "e1", "n": 1, "x": 5.0, "y": 6.0, "width": 7.0, "height": 8.0, "visible": True,
                        "stale": False, "selected": False, "fill": False}]


@pytest.mark.parametrize("bad", [
    None, [], "scene", scene(hover={"x": float("nan"), "y": 0, "width": 1, "height": 1}),
    scene(hover={"x": "1", "y": 0, "width": 1, "height": 1}), scene(markers=[{"id": "e1", "n": 1, "x": float("inf")}]),
    scene(markers=[{"n": 1}]), scene(seq=True),
])
def test_a_malformed_scene_is_refused_whole(bad):
    with pytest.raises((ValueError, KeyError, TypeError)):
        parse_scene(bad)


def test_labels_and_marker_counts_are_capped():
    many = [{"id": f"e{i}", "n": i, "x": 0, "y": 0, "width": 1, "height": 1, "visible": True} for i in range(MAX_MARKS + 5)]
    _, _, hover, markers = parse_scene(scene(hover={"x": 0, "y": 0, "width": 1, "height": 1, "label": "x" * 10_000},
                                             markers=many))
    assert len(hover["label"]) == LABEL_MAX and len(markers) == MAX_MARKS


def test_frame_clips_intersect():
    assert Rect(0, 0, 100, 100).intersected(Rect(50, 60, 100, 100)) == Rect(50, 60, 50, 40)
    assert Rect(0, 0, 10, 10).intersected(Rect(20, 20, 5, 5)).width == 0
    assert Rect(1, 2, 3, 4).intersected(None) == Rect(1, 2, 3, 4)
