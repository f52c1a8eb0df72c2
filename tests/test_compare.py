"""``pagenote compare`` and :mod:`app.compare`: image pairs with known differences built with Pillow."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import warnings
from pathlib import Path

import pytest
from PIL import Image, ImageDraw

from app.compare.cli import add_arguments, main, run
from app.compare.diff_image import diff_image
from app.compare.engine import CELL, HARD_DIFF, CompareResult, Region, compare_images
from app.compare.images import open_image
from app.core.errors import PagenoteError

ROOT = Path(__file__).resolve().parents[1]
W, H = 640, 400


def page(width: int = W, height: int = H) -> Image.Image:
    """A white page with some grey 'text' bars and a dark header, so that fading shows something."""
    image = Image.new("RGB", (width, height), "white")
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, width - 1, 39), fill=(40, 40, 60))
    for y in range(60, height - 20, 24):
        draw.rectangle((20, y, min(width - 20, 420), y + 9), fill=(90, 90, 90))
    return image


def with_rect(image: Image.Image, box: tuple[int, int, int, int], fill) -> Image.Image:
    """A copy of ``image`` with the px box ``(x, y, width, height)`` filled."""
    out = image.copy()
    x, y, w, h = box
    ImageDraw.Draw(out).rectangle((x, y, x + w - 1, y + h - 1), fill=fill)
    return out


def contains(region: Region, box: tuple[int, int, int, int], slack: int = 0) -> bool:
    x, y, w, h = box
    return (region.x - slack <= x and region.y - slack <= y
            and region.x + region.width + slack >= x + w and region.y + region.height + slack >= y + h)


def save(image: Image.Image, path: Path) -> Path:
    image.save(path)
    return path


# --- compare_images -------------------------------------------------------------------------------------------

def test_identical_images_match():
    a = page()
    result = compare_images(a, a.copy())
    assert isinstance(result, CompareResult)
    assert (result.width, result.height, result.total_pixels) == (W, H, W * H)
    assert result.mismatched_pixels == result.changed_pixels == 0
    assert result.changed_percent == result.mismatched_percent == 0
    assert result.regions == [] and result.size_mismatch is None and result.passed


def test_one_rectangle_is_one_region_of_its_exact_pixels():
    box = (203, 117, 50, 40)
    a = page()
    b = with_rect(a, box, "red")
    result = compare_images(a, b)
    changed = sum(1 for x in range(box[0], box[0] + 50) for y in range(box[1], box[1] + 40)
                  if a.getpixel((x, y)) != (255, 0, 0))
    assert result.changed_pixels == result.mismatched_pixels == changed == 2000
    assert result.changed_percent == pytest.approx(2000 * 100 / (W * H))
    assert len(result.regions) == 1
    region = result.regions[0]
    assert contains(region, box) and contains(Region(*box), (region.x, region.y, region.width, region.height),
                                              slack=CELL)
    assert region == Region(*box)  # boxes are shrunk to the changed pixels
    assert not result.passed  # 0.78 % > 0.1 %


def test_weak_but_broad_change_keeps_its_whole_area():
    """A difference below HARD_DIFF over a block is kept in full (opening, not plain erosion)."""
    box = (0, 300, 37, 21)  # touches the left edge
    a = Image.new("RGB", (W, H), "white")
    b = with_rect(a, box, (255 - 60, 255, 255))  # red channel -60 only
    result = compare_images(a, b)
    assert result.changed_pixels == result.mismatched_pixels == 37 * 21
    assert result.regions == [Region(*box)]


def test_two_far_apart_changes_are_two_regions_top_to_bottom():
    a = page()
    low, high = (400, 330, 30, 20), (500, 50, 60, 10)
    b = with_rect(with_rect(a, low, (0, 200, 0)), high, (0, 0, 255))
    result = compare_images(a, b)
    assert len(result.regions) == 2
    assert contains(result.regions[0], high) and contains(result.regions[1], low)
    assert result.changed_pixels == 30 * 20 + 60 * 10


def test_changes_in_touching_cells_make_one_region():
    a = page()
    b = with_rect(with_rect(a, (100, 100, 10, 10), "red"), (118, 112, 10, 10), "red")  # 8 px apart
    result = compare_images(a, b)
    assert result.regions == [Region(100, 100, 28, 22)]


def test_overlapping_boxes_are_merged():
    """An L shape and a block inside its bounding box but in cells that do not touch it: one region."""
    a = Image.new("RGB", (200, 200), "white")
    b = a.copy()
    draw = ImageDraw.Draw(b)
    draw.rectangle((0, 0, 159, 3), fill="black")  # top bar
    draw.rectangle((0, 0, 3, 159), fill="black")  # left bar
    draw.rectangle((100, 100, 110, 110), fill="black")  # inside the L's box, > 1 cell away from the bars
    result = compare_images(a, b)
    assert result.regions == [Region(0, 0, 160, 160)]


def test_small_noise_below_tolerance_is_ignored():
    a = page()
    b = a.copy()
    pixels = b.load()
    for y in range(0, H, 3):
        for x in range(y % 5, W, 4):
            r, g, bl = pixels[x, y]
            pixels[x, y] = (max(0, r - 20), min(255, g + 20), max(0, bl - 12))
    result = compare_images(a, b)
    assert result.mismatched_pixels == result.changed_pixels == 0 and result.passed
    assert compare_images(a, b, tolerance=10).mismatched_pixels > 0


def test_isolated_antialiasing_differences_are_mismatched_not_changed():
    """Every 7th pixel of text-like rows differs by 70 (over the tolerance, under HARD_DIFF)."""
    a = page()
    b = a.copy()
    pixels = b.load()
    count = 0
    for y in (64, 88, 112, 136):
        for x in range(22, 420, 7):
            r, g, bl = pixels[x, y]
            pixels[x, y] = (r + 70, g + 70, bl + 70)
            count += 1
    result = compare_images(a, b)
    assert result.mismatched_pixels == count
    assert result.changed_pixels == 0 and result.regions == [] and result.passed
    assert result.mismatched_percent > result.changed_percent


def test_thin_antialiasing_edges_are_not_changed():
    """A glyph stem whose 1 px edge column changed moderately (a subpixel shift) is not a change."""
    a = page()
    b = a.copy()
    ImageDraw.Draw(b).line((430, 60, 430, 300), fill=(180, 180, 180))  # white → 180: difference 75
    result = compare_images(a, b)
    assert result.mismatched_pixels == 241 and result.changed_pixels == 0


def test_isolated_strong_differences_are_changed():
    """Above HARD_DIFF a single pixel counts: a 1 px line that turned black is a real change."""
    a = page()
    b = a.copy()
    b.putpixel((600, 300), (255 - HARD_DIFF - 1, 255, 255))
    ImageDraw.Draw(b).line((450, 60, 450, 99), fill="black")
    result = compare_images(a, b)
    assert result.changed_pixels == result.mismatched_pixels == 41
    assert result.regions == [Region(450, 60, 1, 40), Region(600, 300, 1, 1)]


def test_transparency_is_composited_over_white():
    opaque = Image.new("RGB", (64, 64), "white")
    clear = Image.new("RGBA", (64, 64), (0, 0, 0, 0))
    assert compare_images(opaque, clear).changed_pixels == 0
    half = Image.new("RGBA", (64, 64), (0, 0, 0, 128))
    assert compare_images(opaque, half).changed_pixels == 64 * 64


def test_size_mismatch_is_reported_not_raised():
    a, b = page(1280, 800), page(1280, 900)
    result = compare_images(a, b)
    assert result.size_mismatch == {"baseline": [1280, 800], "current": [1280, 900]}
    assert (result.width, result.height) == (1280, 900)
    # The page() bars stop 20 px above the bottom, so the top 800 rows differ only where b has a bar that
    # a lacks; everything below row 800 counts as changed.
    assert result.changed_pixels >= 1280 * 100
    assert not result.passed
    assert result.regions and result.regions[-1].y + result.regions[-1].height == 900
    same_top = compare_images(a, a.crop((0, 0, 1000, 800)))  # narrower: the right strip is changed
    assert same_top.changed_pixels == same_top.mismatched_pixels == 280 * 800
    assert same_top.regions == [Region(1000, 0, 280, 800)]


def test_threshold_only_decides_passed():
    a = page()
    b = with_rect(a, (300, 300, 16, 16), "red")  # 256 px of 256000 = 0.1 %
    assert compare_images(a, b, threshold_percent=0.1).passed
    assert not compare_images(a, b, threshold_percent=0.0999).passed


@pytest.mark.parametrize("kwargs", [{"tolerance": -1}, {"tolerance": 256}, {"threshold_percent": 101},
                                    {"threshold_percent": float("nan")}, {"hard_diff": 300}])
def test_bad_options_raise_value_error(kwargs):
    with pytest.raises(ValueError):
        compare_images(page(), page(), **kwargs)


def test_diff_image_marks_changes():
    box = (203, 117, 50, 40)
    a = page()
    b = with_rect(a, box, "red")
    result = compare_images(a, b)
    diff = diff_image(a, b, result)
    assert diff.size == (W, H) and diff.mode == "RGB"
    assert all(diff.getpixel((x, y)) == (255, 0, 255) for x in range(203, 253, 7) for y in range(117, 157, 5))
    assert diff.getpixel((box[0] - 1, box[1] + 20)) == (230, 0, 0)  # the red outline, 2 px outside the box
    assert diff.getpixel((box[0] - 2, box[1] + 20)) == (230, 0, 0)
    assert diff.getpixel((600, 380)) == (255, 255, 255)  # unchanged white stays white
    assert diff.getpixel((10, 10)) != b.getpixel((10, 10))  # the header is faded
    again = diff_image(a, b, CompareResult(**{**result.__dict__, "changed_mask": None}))
    assert again.tobytes() == diff.tobytes()


def test_diff_image_of_a_size_mismatch_covers_the_canvas():
    a, b = page(300, 200), page(320, 260)
    result = compare_images(a, b)
    diff = diff_image(a, b, result)
    assert diff.size == (320, 260)
    r, g, bl = diff.getpixel((160, 250))  # below the overlap: tinted magenta
    assert r > g and bl > g
    with pytest.raises(ValueError):
        diff_image(a, a, result)


def test_groups_whose_cell_boxes_share_a_cell_merge():
    """Two L shapes 3 px apart: their cells do not touch, their pixel boxes do not overlap, but their cell
    boxes share the empty cell (2, 2) (px 32..47): one region (app.compare.engine step 5)."""
    a = Image.new("RGB", (120, 120), "white")
    b = a.copy()
    draw = ImageDraw.Draw(b)
    draw.rectangle((0, 0, 40, 3), fill="black")  # cells (0..2, 0)
    draw.rectangle((0, 0, 3, 40), fill="black")  # cells (0, 0..2)
    draw.rectangle((44, 76, 90, 79), fill="black")  # cells (2..5, 4)
    draw.rectangle((87, 44, 90, 79), fill="black")  # cells (5, 2..4)
    assert compare_images(a, b).regions == [Region(0, 0, 91, 80)]


def test_groups_whose_cell_boxes_only_touch_stay_apart():
    a = Image.new("RGB", (200, 200), "white")
    b = a.copy()
    draw = ImageDraw.Draw(b)
    draw.rectangle((0, 0, 159, 3), fill="black")  # the L's cell box: columns and rows 0..9
    draw.rectangle((0, 0, 3, 159), fill="black")
    draw.rectangle((164, 84, 170, 90), fill="black")  # cell (10, 5): beside the box, no L cell around it
    assert compare_images(a, b).regions == [Region(0, 0, 160, 160), Region(164, 84, 7, 7)]


def test_two_px_weak_change_is_kept_at_the_image_edge_only():
    """The filters replicate the border pixels: a 2 px wide change along the edge fills a 3x3 block."""
    a = Image.new("RGB", (100, 300), "white")
    weak = (255 - 60, 255, 255)
    edge = compare_images(a, with_rect(a, (0, 100, 2, 100), weak))
    inside = compare_images(a, with_rect(a, (40, 100, 2, 100), weak))
    assert edge.changed_pixels == 200 and edge.regions == [Region(0, 100, 2, 100)]
    assert inside.mismatched_pixels == 200 and inside.changed_pixels == 0 and inside.regions == []


def test_partial_cells_at_the_canvas_edge():
    a = Image.new("RGB", (100, 37), "white")  # neither side a multiple of CELL
    b = a.copy()
    b.putpixel((99, 36), (0, 0, 0))
    result = compare_images(a, b)
    assert result.changed_pixels == 1 and result.regions == [Region(99, 36, 1, 1)]


def test_changed_mask_is_an_l_image_of_the_canvas():
    a = page()
    result = compare_images(a, with_rect(a, (10, 300, 20, 10), "red"))
    assert result.changed_mask.mode == "L" and result.changed_mask.size == (W, H)
    assert result.changed_mask.histogram()[255] == result.changed_pixels == 200
    assert result.changed_mask.getbbox() == (10, 300, 30, 310)


# --- open_image -----------------------------------------------------------------------------------------------

def test_open_image_lifts_pillows_guard_only_for_its_own_call(tmp_path, monkeypatch):
    path = save(page(20, 20), tmp_path / "a.png")
    monkeypatch.setattr(Image, "MAX_IMAGE_PIXELS", 100)  # 400 px is then over twice Pillow's limit
    with pytest.raises(Image.DecompressionBombError):
        Image.open(path)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no DecompressionBombWarning either
        image = open_image(path)
    assert image.size == (20, 20) and image.getpixel((10, 10)) == (40, 40, 60)
    assert Image.MAX_IMAGE_PIXELS == 100


def test_open_image_errors_are_bad_image(tmp_path):
    path = save(page(20, 20), tmp_path / "a.png")
    (tmp_path / "text.png").write_text("not a png")
    (tmp_path / "cut.png").write_bytes(path.read_bytes()[:60])
    cases = [(path, {"max_pixels": 399}, "is 20x20 px, more than 399 pixels"),
             (tmp_path / "nope.png", {}, "does not exist"),
             (tmp_path / "text.png", {}, "cannot read baseline"),
             (tmp_path / "cut.png", {}, "cannot read baseline")]
    for source, kwargs, text in cases:
        with pytest.raises(PagenoteError) as info:
            open_image(source, what="baseline", **kwargs)
        assert info.value.name == "BAD_IMAGE" and text in info.value.message and info.value.exit_code == 2


def test_importing_the_packages_leaves_pillow_globals_alone():
    code = ("from PIL import Image; before = Image.MAX_IMAGE_PIXELS; import app.capture, app.compare, "
            "app.compare.cli; assert Image.MAX_IMAGE_PIXELS == before == 1024 * 1024 * 1024 // 4 // 3")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr


# --- command line -------------------------------------------------------------------------------------------

def test_main_identical_passes_and_writes_default_diff(tmp_path, capsys):
    a = save(page(), tmp_path / "base.png")
    b = save(page(), tmp_path / "cur.png")
    assert main([str(a), str(b)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("PASSED: changed 0% of 256000 px")
    assert (tmp_path / "cur-diff.png").is_file() and str(tmp_path / "cur-diff.png") in out


def test_main_json_output(tmp_path, capsys):
    a = save(page(), tmp_path / "a.png")
    b = save(with_rect(page(), (203, 117, 50, 40), "red"), tmp_path / "b.png")
    assert main([str(a), str(b), "--out", str(tmp_path / "d" / "diff.png"), "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert set(data) >= {"baseline", "current", "width", "height", "mismatched_pixels", "mismatched_percent",
                         "changed_pixels", "changed_percent", "threshold_percent", "regions", "diff_path",
                         "size_mismatch", "passed"}
    assert data["changed_pixels"] == 2000 and data["passed"] is False and data["size_mismatch"] is None
    assert data["regions"] == [{"x": 203, "y": 117, "width": 50, "height": 40}]
    assert data["baseline"] == str(a) and Path(data["diff_path"]) == tmp_path / "d" / "diff.png"
    assert Path(data["diff_path"]).is_file()


def test_main_threshold_boundary(tmp_path, capsys):
    a = save(page(), tmp_path / "a.png")
    b = save(with_rect(page(), (300, 300, 16, 16), "red"), tmp_path / "b.png")  # exactly 0.1 %
    assert main([str(a), str(b), "--threshold", "0.1"]) == 0
    assert main([str(a), str(b), "--threshold", "0.11"]) == 0
    assert main([str(a), str(b), "--threshold", "0.09"]) == 1
    assert main([str(a), str(b)]) == 0  # default threshold 0.1
    capsys.readouterr()


def test_main_size_mismatch(tmp_path, capsys):
    a = save(page(1280, 800), tmp_path / "a.png")
    b = save(page(1280, 900), tmp_path / "b.png")
    assert main([str(a), str(b), "--threshold", "100"]) == 1
    out = capsys.readouterr().out
    assert "SIZE MISMATCH: baseline is 1280x800 px, current is 1280x900 px" in out and "FAILED" in out


@pytest.mark.parametrize("args", [
    ["missing.png", "b.png"],
    ["a.png", "missing.png"],
    ["a.png", "notpng.png"],
    ["a.png", "b.png", "--tolerance", "300"],
    ["a.png", "b.png", "--threshold", "x"],
    ["a.png", "b.png", "--threshold", "-1"],
    ["a.png", "b.png", "--out", "a.png"],
    ["a.png", "b.png", "--out", "."],
    ["a.png"],
    ["a.png", "b.png", "--bogus"],
])
def test_main_bad_input_exits_2(tmp_path, monkeypatch, capsys, args):
    monkeypatch.chdir(tmp_path)
    save(page(), tmp_path / "a.png")
    save(page(), tmp_path / "b.png")
    (tmp_path / "notpng.png").write_text("not a png")
    assert main(args) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err


def test_add_arguments_and_run_on_a_subcommand_parser(tmp_path, capsys):
    """The contract for one parser with subcommands: add_arguments fills the subparser, run returns the code."""
    a = save(page(), tmp_path / "a.png")
    b = save(with_rect(page(), (203, 117, 50, 40), "red"), tmp_path / "b.png")
    top = argparse.ArgumentParser(prog="pagenote")
    add_arguments(top.add_subparsers(dest="command").add_parser("compare"))
    args = top.parse_args(["compare", str(a), str(b), "--out", str(tmp_path / "d.png"), "--json"])
    assert run(args) == 1
    assert json.loads(capsys.readouterr().out)["regions"] == [{"x": 203, "y": 117, "width": 50, "height": 40}]
    args.out = a
    assert run(args) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err == f"pagenote compare: BAD_OUT: {a} is one of the compared images\n"


def test_bad_input_message_names_the_error(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    save(page(), tmp_path / "b.png")
    assert main(["missing.png", "b.png"]) == 2
    assert capsys.readouterr().err == "pagenote compare: BAD_IMAGE: baseline missing.png does not exist\n"


def test_cli_subprocess_exit_codes(tmp_path):
    a = save(page(), tmp_path / "a.png")
    same = save(page(), tmp_path / "same.png")
    changed = save(with_rect(page(), (203, 117, 50, 40), "red"), tmp_path / "changed.png")
    diff = tmp_path / "d.png"

    def run(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "app", "compare", *args], cwd=ROOT, capture_output=True,
                              text=True, timeout=60)

    ok = run(str(a), str(same), "--out", str(diff))
    assert ok.returncode == 0, ok.stderr
    assert "PASSED" in ok.stdout

    bad = run(str(a), str(changed), "--out", str(diff))
    assert bad.returncode == 1, bad.stderr
    assert "FAILED: changed 0.7812% of 256000 px" in bad.stdout and "1 region: #1 x=203 y=117 w=50 h=40" in bad.stdout
    with Image.open(diff) as image:
        assert image.convert("RGB").getpixel((228, 137)) == (255, 0, 255)

    missing = run(str(tmp_path / "nope.png"), str(changed))
    assert missing.returncode == 2 and "BAD_IMAGE" in missing.stderr and missing.stdout == ""
