"""``pagenote capture`` as a subprocess: stdout is only the Markdown/JSON, exit codes 0/2/3 (issue #2 §7)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from conftest import run_capture

from app.protocol.markdown import parse_annotations


capture = run_capture


def test_capture_prints_markdown_and_writes_md_and_png(server, tmp_path):
    proc = capture(server.url("record.html"), "--annotate", "button.primary", "--note", "bigger please",
                   "--annotate", "#far", "--summary", "two things", "--out", str(tmp_path), cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    batch = parse_annotations(proc.stdout)
    assert batch.summary == "two things"
    assert [a.note for a in batch.annotations] == ["bigger please", ""]
    assert [a.element.accessible_name for a in batch.annotations][0] == "Place order"
    saved = list((tmp_path / "annotations").glob("*.md"))
    assert len(saved) == 1 and saved[0].read_text(encoding="utf-8") == proc.stdout
    shot = Path(batch.screenshot)
    assert shot.is_absolute() and shot.parent == tmp_path / "shots"
    assert Image.open(shot).size == (1280, 800)
    assert "hunter2" not in proc.stdout + proc.stderr


def test_capture_json_viewport_and_no_screenshot(server, tmp_path):
    proc = capture(server.url("colors.html"), "--annotate", "#green", "--format", "json", "--no-screenshot",
                   "--viewport", "800x600", "--out", str(tmp_path), cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert data["screenshot"] == "" and data["annotations"][0]["element"]["rect"] == {
        "x": 200.0, "y": 100.0, "width": 100.0, "height": 100.0}
    assert not (tmp_path / "shots").exists()


@pytest.mark.parametrize(("selector", "count", "code"), [("li", 3, "SELECTOR_NOT_UNIQUE"),
                                                          ("#nope", 0, "SELECTOR_NOT_FOUND")])
def test_capture_exits_2_naming_a_selector_that_is_not_unique(server, tmp_path, selector, count, code):
    proc = capture(server.url("record.html"), "--annotate", selector, "--out", str(tmp_path), cwd=tmp_path)
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert repr(selector) in proc.stderr and f"matches {count} elements" in proc.stderr
    [other] = {"SELECTOR_NOT_UNIQUE", "SELECTOR_NOT_FOUND"} - {code}
    assert code in proc.stderr and other not in proc.stderr, proc.stderr


def test_capture_exits_2_on_bad_arguments(tmp_path):
    assert capture("--note", "orphan", cwd=tmp_path).returncode == 2
    assert capture("--viewport", "huge", cwd=tmp_path).returncode == 2


def test_capture_exits_3_when_the_page_fails_to_load(tmp_path):
    import socket

    with socket.socket() as s:  # a port nothing listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = capture(f"http://127.0.0.1:{port}/", "--out", str(tmp_path), cwd=tmp_path)
    assert proc.returncode == 3
    assert proc.stdout == ""
    assert "ERR_CONNECTION_REFUSED" in proc.stderr


def test_capture_without_url_uses_the_demo_page(tmp_path):
    proc = capture("--annotate", "#submit", "--out", str(tmp_path), cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    element = parse_annotations(proc.stdout).annotations[0].element
    assert element.url.endswith("/resources/demo.html") and element.accessible_name == "Place order"
    assert "demo-secret-123" not in proc.stdout


def test_capture_rejects_two_selectors_for_one_element_and_an_out_file(server, tmp_path):
    proc = capture(server.url("record.html"), "--annotate", "#far", "--note", "one", "--annotate", "p#far",
                   "--note", "two", "--out", str(tmp_path), cwd=tmp_path)
    assert proc.returncode == 2 and "DUPLICATE_TARGET" in proc.stderr
    afile = tmp_path / "afile"
    afile.write_text("x")
    proc = capture(server.url("record.html"), "--out", str(afile), cwd=tmp_path)
    assert proc.returncode == 2 and "BAD_OUT_DIR" in proc.stderr
    assert capture("http://", cwd=tmp_path).returncode == 2


def test_capture_404_and_credentials_in_error_messages(server, tmp_path):
    proc = capture(server.url("missing.html") + "?token=SECRET-Q", "--out", str(tmp_path), cwd=tmp_path)
    assert proc.returncode == 3 and "HTTP 404" in proc.stderr and "SECRET-Q" not in proc.stderr


@pytest.mark.parametrize("style", ["html { filter: invert(1) }", "html { opacity: .9 }",
                                   "html { transform: translate(3px, 3px) }"])
def test_capture_works_on_pages_that_tint_or_move_the_root(tmp_path, style):
    page = tmp_path / "tinted.html"
    page.write_text(f"<!doctype html><title>t</title><style>{style}</style><p id=x>text</p>")
    proc = capture(str(page), "--annotate", "#x", "--out", str(tmp_path), cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr


def test_capture_over_an_open_modal_dialog_on_a_dark_page(tmp_path):
    page = tmp_path / "modal.html"
    page.write_text("<!doctype html><title>m</title><style>body{background:#111;color:#eee}</style>"
                    "<p id=x>dark</p><dialog id=d><p>Sign in</p></dialog>"
                    "<script>document.getElementById('d').showModal()</script>")
    proc = capture(str(page), "--annotate", "#x", "--out", str(tmp_path), cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    shot = Path(parse_annotations(proc.stdout).screenshot)
    assert Image.open(shot).size == (1280, 800)


def test_pagenote_url_without_a_display_runs_capture(server, tmp_path):
    """``pagenote URL --out DIR`` (the window, the default command) falls back to ``capture`` headless."""
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    proc = subprocess.run([sys.executable, "-m", "app", server.url("record.html"), "--out", str(tmp_path)],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr.startswith("pagenote: no display (DISPLAY/WAYLAND_DISPLAY unset): running 'pagenote "
                                  "capture' instead\n")
    batch = parse_annotations(proc.stdout)
    assert not batch.annotations and Path(batch.screenshot).parent == tmp_path / "shots"
    assert len(list((tmp_path / "annotations").glob("*.md"))) == 1


def test_a_page_that_never_finishes_loading_is_page_load_timeout(tmp_path, stalling_server):
    """``--load-timeout`` (the next step the registry gives for PAGE_LOAD_TIMEOUT) bounds the wait."""
    proc = capture(f"{stalling_server}/", "--load-timeout", "1", "--out", str(tmp_path), cwd=tmp_path)
    assert proc.returncode == 3 and proc.stdout == ""
    assert "pagenote: PAGE_LOAD_TIMEOUT:" in proc.stderr and "Traceback" not in proc.stderr
    assert capture("x", "--load-timeout", "0", cwd=tmp_path).returncode == 2  # argparse refuses 0 s
