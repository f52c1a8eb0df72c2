"""``pagenote capture`` as a subprocess: stdout is only the Markdown/JSON, exit codes 0/2/3 (issue #2 §7)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from app.protocol.markdown import parse_annotations


def capture(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    return subprocess.run([sys.executable, "-m", "app", "capture", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=120)


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


@pytest.mark.parametrize(("selector", "count"), [("li", 3), ("#nope", 0)])
def test_capture_exits_2_naming_a_selector_that_is_not_unique(server, tmp_path, selector, count):
    proc = capture(server.url("record.html"), "--annotate", selector, "--out", str(tmp_path), cwd=tmp_path)
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert repr(selector) in proc.stderr and f"matches {count} elements" in proc.stderr


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
