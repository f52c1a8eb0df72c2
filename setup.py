"""Build hook (the rest of the metadata is in pyproject.toml): the wheel carries the run-time resources.

``build_py`` copies the repository's ``resources/`` (demo page, icons) into the package as ``app/_resources``
and compiles each Qt Linguist source ``resources/i18n/*.ts`` to ``.qm`` there with ``pyside6-lrelease`` (from
PySide6-Essentials, a build requirement), so no compiled binary is kept in the repository.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent


def lrelease() -> list[str]:
    """The command that runs Qt's lrelease: PySide6's wrapper next to this interpreter, else on PATH.
    Raises ``RuntimeError`` when there is none."""
    near = Path(sys.executable).with_name("pyside6-lrelease")
    found = str(near) if near.exists() else shutil.which("pyside6-lrelease")
    if not found:
        raise RuntimeError("pyside6-lrelease is missing: install PySide6-Essentials in the build environment")
    return [found]


class BuildWithResources(build_py):
    """``build_py`` + ``resources/`` copied to ``<build>/app/_resources`` with ``.ts`` compiled to ``.qm``."""

    def run(self) -> None:
        super().run()
        source = ROOT / "resources"
        target = Path(self.build_lib) / "app" / "_resources"
        if target.exists():
            shutil.rmtree(target)
        shutil.copytree(source, target, ignore=shutil.ignore_patterns("*.ts", "*.qm", "__pycache__"))
        for ts in sorted((source / "i18n").glob("*.ts")):
            qm = target / "i18n" / (ts.stem + ".qm")
            qm.parent.mkdir(parents=True, exist_ok=True)
            subprocess.run([*lrelease(), "-silent", str(ts), "-qm", str(qm)], check=True)


setup(cmdclass={"build_py": BuildWithResources})
