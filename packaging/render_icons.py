"""Render the SVG app icon to the PNG sizes of the freedesktop icon theme (hicolor) with Qt's SVG renderer.

    python packaging/render_icons.py SVG OUT_DIR   → OUT_DIR/<size>x<size>/apps/dev.pagenote.Pagenote.png
                                                     and OUT_DIR/scalable/apps/dev.pagenote.Pagenote.svg

Sizes: the Icon Theme Specification's common hicolor sizes. Exit 1 when the SVG does not load.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
NAME = "dev.pagenote.Pagenote"


def main(svg: str, out: str) -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    app = QGuiApplication([])  # noqa: F841  (QPainter needs an application)
    renderer = QSvgRenderer(svg)
    if not renderer.isValid():
        print(f"render_icons: cannot load {svg}", file=sys.stderr)
        return 1
    for size in SIZES:
        image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        renderer.render(painter)
        painter.end()
        target = Path(out, f"{size}x{size}", "apps", NAME + ".png")
        target.parent.mkdir(parents=True, exist_ok=True)
        image.save(str(target))
    scalable = Path(out, "scalable", "apps", NAME + ".svg")
    scalable.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(svg, scalable)
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:3]))
