"""The wheel is a working install on its own: built from this checkout, installed into a fresh venv outside
it, ``pagenote capture`` runs there on a served page and on its bundled demo page.

The fresh venv gets pagenote's dependencies from the test's own environment through a ``.pth`` line (a
plain path entry: the ``.pth`` files there, among them the editable install's finder, are not processed), so
the test needs no network for PySide6 and still proves that ``app`` and its resources come from the wheel.
"""

from __future__ import annotations

import os
import site
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """The wheel ``pip wheel`` builds from the checkout (setup.py's resource step included)."""
    out = tmp_path_factory.mktemp("wheel")
    proc = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(out), str(ROOT)],
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    (built,) = out.glob("pagenote-*.whl")
    return built


@pytest.fixture(scope="module")
def installed(wheel, tmp_path_factory) -> Path:
    """A fresh venv (outside the checkout) with the wheel installed; returns its ``bin`` directory."""
    venv = tmp_path_factory.mktemp("venv")
    # No pip of its own (ensurepip costs ~3 s): this environment's pip installs into it (``pip --python``).
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=300)
    bin_dir = venv / "bin"
    purelib = subprocess.run([str(bin_dir / "python"), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                             capture_output=True, text=True, check=True).stdout.strip()
    Path(purelib, "zz_pagenote_deps.pth").write_text(site.getsitepackages()[0] + "\n")
    proc = subprocess.run([sys.executable, "-m", "pip", "--python", str(bin_dir / "python"), "install", "-q",
                           "--no-deps", str(wheel)],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return bin_dir


def _headless_env() -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "PYTHONPATH")}
    env["QT_QPA_PLATFORM"] = "offscreen"
    if os.geteuid() == 0:
        env["QTWEBENGINE_DISABLE_SANDBOX"] = "1"
    return env


def test_the_wheel_carries_the_page_scripts_and_resources(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "app/picker_js/main.js" in names and "app/picker_js/selector.js" in names
    assert "app/_resources/demo.html" in names and "app/_resources/i18n/pagenote_zh_CN.qm" in names
    assert {"app/_resources/icons/lucide/send.svg", "app/_resources/icons/lucide/LICENSE"} <= names  # toolbar icons
    assert any(n.startswith("app/hid/page_js/") and n.endswith(".js") for n in names)
    assert not any(n.startswith(("tests/", "bench/")) for n in names)


def test_the_installed_command_captures_outside_the_checkout(installed, server, tmp_path):
    found = subprocess.run([str(installed / "python"), "-c", "import app, app.core.resources as r; "
                            "print(app.__file__); print(r.resource('demo.html'))"],
                           capture_output=True, text=True, cwd=tmp_path, env=_headless_env(), timeout=120)
    assert found.returncode == 0, found.stderr[-3000:]
    where = found.stdout.split()
    assert all(Path(p).is_relative_to(installed.parent) for p in where), where
    proc = subprocess.run([str(installed / "pagenote"), "capture", server.url("record.html"), "--annotate", "#checkout-title",
                           "--no-screenshot", "--out", str(tmp_path)], cwd=tmp_path, env=_headless_env(),
                          capture_output=True, text=True, timeout=180)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert proc.stdout.startswith("# Web page annotations: 1\n") and "\nSelector: #checkout-title\n" in proc.stdout
    # No URL: the demo page the wheel carries.
    demo = subprocess.run([str(installed / "pagenote"), "capture", "--no-screenshot", "--out", str(tmp_path)],
                          cwd=tmp_path, env=_headless_env(), capture_output=True, text=True, timeout=180)
    assert demo.returncode == 0, demo.stderr[-3000:]
    assert demo.stdout.startswith("# Web page annotations: 0\n")
