"""README promises of ``pagenote capture`` and ``./run.sh`` that no other test checks, as subprocesses:
``--crops`` and ``--full-page`` write their images (known pixels, known sizes); one-time-code and ``cc-*``
fields (secret by their autocomplete token alone) are filled in the viewport, annotated, full-page and crop
images; the PNG text chunks and ``shots/index.jsonl`` carry no credential and no typed value; ``--send`` with
no app is exit 5 after the files are written; ``./run.sh`` with no display is the headless capture."""

from __future__ import annotations

import json
import os
import stat
import subprocess
from pathlib import Path

import pytest
from PIL import Image

from conftest import run_capture

from app.capture.draw import REDACTION_FILL
from app.protocol.markdown import parse_annotations

ROOT = Path(__file__).resolve().parent.parent
FILL = REDACTION_FILL[:3]
GREEN, BLUE = (0, 255, 0), (0, 0, 255)
#: tests/pages/secrets-crops.html: top-left of each 240×40 field in document CSS px.
SECRETS = {"one-time-code": (40, 40), "cc-name": (320, 40), "shipping cc-exp": (40, 120)}
PLAIN = (320, 120)
BOX = (20, 20, 600, 200)           # #box: x, y, width, height
TYPED = ("424242", "Ada Lovelace", "12/31", "Lisbon")
TOKEN = "s3cr3tT0kenValue9"


def filled(image: Image.Image, x: int, y: int, w: int = 240, h: int = 40) -> bool:
    return image.crop((x, y, x + w, y + h)).getcolors(1 << 16) == [(w * h, FILL)]


def shows(image: Image.Image, colour, x: int, y: int, w: int = 240, h: int = 40) -> bool:
    return colour in {c for _, c in image.crop((x, y, x + w, y + h)).getcolors(1 << 16)}


@pytest.fixture(scope="module")
def captured(server, tmp_path_factory):
    """One capture of secrets-crops.html (a credential in its URL) with two annotations, ``--crops`` and
    ``--full-page``: (process, out directory, batch)."""
    out = tmp_path_factory.mktemp("crops")
    url = server.url(f"secrets-crops.html?token={TOKEN}")
    proc = run_capture(url, "--annotate", "#box", "--note", "the box", "--annotate", "#a1", "--note", "the code",
                       "--crops", "--full-page", "--out", str(out), cwd=out)
    assert proc.returncode == 0, proc.stderr
    return proc, out, parse_annotations(proc.stdout)


def test_crops_and_full_page_are_written_with_their_known_pixels(captured):
    proc, out, batch = captured
    shots = out / "shots"
    full = [p for p in shots.glob("*-full.png")]
    assert len(full) == 1, sorted(p.name for p in shots.iterdir())
    image = Image.open(full[0]).convert("RGB")
    # The whole 2000 CSS px document, the blue footer at its known place (1900..2000), no scrollbar column.
    assert image.size == (1280, 2000)
    assert image.crop((0, 1905, 1280, 2000)).getcolors(1 << 16) == [(1280 * 95, BLUE)]
    # Each annotation's own Screenshot: line is its crop, the element plus 16 CSS px.
    crops = [Path(a.screenshot) for a in batch.annotations]
    assert [p.name.rsplit("-", 1)[1] for p in crops] == ["a1.png", "a2.png"]
    assert Image.open(crops[0]).size == (BOX[2] + 32, BOX[3] + 32)
    assert Image.open(crops[1]).size == (240 + 32, 40 + 32)
    box = Image.open(crops[0]).convert("RGB")
    # The box's own colour where nothing else is drawn (16 px margin: the crop's 16..., 16...).
    assert box.getpixel((16 + 5, 16 + 5)) == (0xFF, 0xE4, 0xB5)
    assert "Screenshot: " + str(crops[0]) in proc.stdout


def test_one_time_code_and_cc_fields_are_filled_in_every_image(captured):
    _, out, _ = captured
    shots = out / "shots"
    images = {p.name: Image.open(p).convert("RGB") for p in shots.glob("*.png")}
    # --full-page takes the full page (clean and annotated) instead of the viewport, and the two crops.
    assert sorted(n.split("crops-", 1)[1] for n in images) == ["a1.png", "a2.png", "full-annotated.png", "full.png"]
    for name, image in images.items():
        if name.endswith("-a1.png"):
            origin = (BOX[0] - 16, BOX[1] - 16)
        elif name.endswith("-a2.png"):
            origin = (40 - 16, 40 - 16)
        else:
            origin = (0, 0)
        for what, (x, y) in SECRETS.items():
            x, y = x - origin[0], y - origin[1]
            if 0 <= x and x + 240 <= image.width and 0 <= y and y + 40 <= image.height:
                # The annotated image draws outlines over the box's border, not over these fields (inside it).
                assert filled(image, x, y), f"{what} readable in {name}"
        if not name.endswith("-a2.png"):
            assert shows(image, GREEN, PLAIN[0] - origin[0] + 60, PLAIN[1] - origin[1]), f"plain field hidden in {name}"


def test_png_text_chunks_and_the_index_carry_no_credential_or_typed_value(captured):
    _, out, _ = captured
    shots = out / "shots"
    seen_kinds = set()
    for path in shots.glob("*.png"):
        text = Image.open(path).text
        assert text["pagenote:url"].endswith("?token=REDACTED"), (path.name, text)
        seen_kinds.add(text["pagenote:kind"])
        blob = json.dumps(text)
        assert TOKEN not in blob and not any(v in blob for v in TYPED), (path.name, text)
    assert seen_kinds == {"full", "full-annotated", "element"}, seen_kinds
    index = (shots / "index.jsonl").read_text(encoding="utf-8")
    assert TOKEN not in index and not any(v in index for v in TYPED)
    assert len(index.splitlines()) == len(list(shots.glob("*.png")))


def test_send_with_no_app_is_exit_5_after_the_files_are_written(server, tmp_path, socket_path, monkeypatch):
    # A private (0700) directory with nothing at the socket path: a trusted place where no app listens.
    assert stat.S_IMODE(socket_path.parent.stat().st_mode) == 0o700
    monkeypatch.setenv("PAGENOTE_SOCKET", str(socket_path))
    proc = run_capture(server.url("record.html"), "--annotate", "button.primary", "--note", "n",
                       "--send", "--out", str(tmp_path), cwd=tmp_path)
    assert proc.returncode == 5, proc.stderr
    assert "pagenote: SEND_FAILED: " in proc.stderr, proc.stderr
    # What to do next, in the same line: start the window (or a serve) and send again.
    line = next(x for x in proc.stderr.splitlines() if "SEND_FAILED" in x)
    assert " — start the window with `pagenote` (or `pagenote serve`)" in line, line
    # The batch was still written and printed.
    saved = list((tmp_path / "annotations").glob("*.md"))
    assert len(saved) == 1 and saved[0].read_text(encoding="utf-8") == proc.stdout
    assert parse_annotations(proc.stdout).annotations[0].note == "n"
    assert not socket_path.exists()


@pytest.mark.parametrize("with_url", [False, True], ids=["demo page", "a URL"])
def test_run_sh_with_no_display_captures_into_pagenote_out(server, tmp_path, with_url):
    cwd, out = tmp_path / "cwd", tmp_path / "out"
    cwd.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    env["PAGENOTE_OUT"] = str(out)
    args = [str(ROOT / "run.sh")] + ([server.url("record.html")] if with_url else [])
    proc = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    batch = parse_annotations(proc.stdout)
    assert proc.stdout.startswith("# Web page annotations: 0")
    shot = Path(batch.screenshot)
    md = list((out / "annotations").glob("*.md"))
    assert shot.parent == out / "shots" and shot.is_file(), (shot, proc.stderr)
    assert len(md) == 1 and md[0].read_text(encoding="utf-8") == proc.stdout
    # The PNG and .md paths go to stderr, never to stdout.
    assert str(shot) in proc.stderr and str(md[0]) in proc.stderr
    assert not (cwd / "annotations").exists() and not (cwd / "shots").exists()


def test_a_page_that_is_never_still_is_capture_blank_exit_4_never_a_fake_image(server, tmp_path):
    """never-still.html covers the view with a popover it re-opens every frame (above pagenote's paint probe)
    and changes every frame: no frame can be proven fresh, none is stable."""
    proc = run_capture(server.url("never-still.html"), "--out", str(tmp_path), cwd=tmp_path)
    assert proc.returncode == 4, proc.stderr
    batch = parse_annotations(proc.stdout)
    assert batch.screenshot == "" and batch.screenshot_error.startswith("CAPTURE_BLANK"), proc.stdout
    assert "Screenshot: [not taken: CAPTURE_BLANK — " in proc.stdout
    assert not (tmp_path / "shots").exists() or not list((tmp_path / "shots").glob("*.png"))
    saved = list((tmp_path / "annotations").glob("*.md"))
    assert len(saved) == 1 and saved[0].read_text(encoding="utf-8") == proc.stdout


def test_agent_copy_of_a_tall_full_page_is_its_top_band_within_the_limits(server, tmp_path):
    proc = run_capture(server.url("tall.html?h=6000"), "--full-page", "--agent-copy", "--out", str(tmp_path),
                       cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    shots = tmp_path / "shots"
    full = Image.open(next(shots.glob("*-full.png")))
    agent = [p for p in shots.glob("*-agent.png")]
    assert len(agent) == 1, sorted(p.name for p in shots.iterdir())
    small = Image.open(agent[0])
    assert full.size == (1280, 6000)
    assert max(small.size) <= 1568 and small.width * small.height <= 1_150_000
    # 6000 px fitted whole would be scale 0.26, under the readable floor: the copy is the top band at 0.5.
    assert small.width == 640 and small.height == 1568
    assert "only the top 3136 of 6000 px rows" in proc.stderr, proc.stderr
    # The first band (#E6194B) at its scaled place: the page, not a placeholder.
    s = small.width / 1280
    assert max(abs(a - b) for a, b in zip(small.convert("RGB").getpixel((round(200 * s), round(300 * s))),
                                          (0xE6, 0x19, 0x4B))) <= 8


def test_full_page_of_a_page_zoomed_by_css_is_the_page_as_drawn(server, tmp_path):
    """``zoom: 0.5`` on the root: the document is drawn 1500 px tall (its body's 3000 CSS px halved); the full
    page is that, whole, not 3000 px of which the lower half is empty."""
    proc = run_capture(server.url("zoomed-root.html"), "--full-page", "--out", str(tmp_path), cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    image = Image.open(next((tmp_path / "shots").glob("*-full.png"))).convert("RGB")
    assert image.size == (1280, 1500)
    assert image.crop((0, 0, 1280, 100)).getcolors(1 << 16) == [(1280 * 100, GREEN)]
    assert image.crop((0, 1400, 1280, 1500)).getcolors(1 << 16) == [(1280 * 100, BLUE)]
