"""Joining full-page tiles into one image, off the Qt thread: each grabbed tile is converted to RGB, its secret
fields are filled, and its new rows and columns go either into one Pillow image (a region, or a full page that
is drawn on afterwards) or — for a plain full page — straight into a :class:`app.capture.png.PngStream`, one
band of rows at a time, so the whole image is never held in memory.

:class:`Stitcher` is driven from one worker thread at a time (``add`` in tile order); the geometry (which rows
and columns of a tile are new, where they go) is decided by the caller, :mod:`app.capture.fullpage`.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass

from PIL import Image
from PySide6.QtGui import QImage

from app.capture.draw import redact
from app.capture.png import PngStream
from app.capture.timing import NO_PHASES, Phases

WHITE = (255, 255, 255)


def rgb_image(image: QImage) -> Image.Image:
    """A Pillow ``RGB`` copy of ``image`` (device px). Qt's ``Format_RGB32`` (what ``QWidget.grab`` gives) is read
    in place (bytes B, G, R, X on little-endian machines); other formats are converted by Qt first. Safe on a
    worker thread while no other thread changes ``image``."""
    if image.format() == QImage.Format.Format_RGB32 and sys.byteorder == "little":
        return Image.frombuffer("RGB", (image.width(), image.height()), image.constBits(), "raw", "BGRX",
                                image.bytesPerLine(), 1)
    rgb = image.convertToFormat(QImage.Format.Format_RGB888)
    return Image.frombuffer("RGB", (rgb.width(), rgb.height()), rgb.constBits(), "raw", "RGB", rgb.bytesPerLine(), 1)


@dataclass
class Tile:
    """One grabbed viewport and where its new pixels go. ``image``: the grab (device px); ``origin``: its
    top-left in document CSS px (the scroll position it was grabbed at); ``rects``: its secret fields in
    viewport CSS px, measured at that scroll position; ``box``: the part of the grab to keep (device px,
    ``left, top, right, bottom``); ``at``: where that part goes in the image (device px); ``row_end``: the last
    tile of its row of tiles (a band is complete)."""

    image: QImage
    origin: tuple[float, float]
    rects: list[dict]
    box: tuple[int, int, int, int]
    at: tuple[int, int]
    row_end: bool = True


class Stitcher:
    """Tiles → one image of ``size`` device px. ``dpr``: device px per CSS px. ``page_rects``: secret fields
    in document CSS px measured before the tiles (filled in every tile as well as the tile's own ``rects``).
    With ``stream`` the rows go to it top to bottom (:meth:`finish` returns ``None``); without, into a white
    Pillow image (:meth:`finish` returns it). Raises what :class:`PngStream` raises (``OSError``)."""

    def __init__(self, size: tuple[int, int], dpr: float, page_rects: list[dict], stream: PngStream | None = None,
                 phases: Phases = NO_PHASES) -> None:
        self.width, self.height = size
        self.dpr = dpr
        self.page_rects = page_rects
        self.stream = stream
        self.phases = phases
        self.canvas = Image.new("RGB", size, WHITE) if stream is None else None
        self.band: Image.Image | None = None
        self.band_top = 0
        self.emitted = 0  # rows already in the stream

    def _fill(self, tile: Image.Image, origin: tuple[float, float], rects: list[dict]) -> None:
        """Fill the tile's own secret fields and the page's (document coordinates). At a fractional DPR a rect
        is grown by one device px each side first, so the tile's rounding never leaves an edge unfilled."""
        pad = 0.0 if float(self.dpr).is_integer() else 1.0 / self.dpr
        grow = (lambda r: {"x": r["x"] - pad, "y": r["y"] - pad, "width": r["width"] + 2 * pad,
                           "height": r["height"] + 2 * pad}) if pad else (lambda r: r)
        redact(tile, [grow(r) for r in rects], self.dpr)
        if self.page_rects:
            redact(tile, [grow(r) for r in self.page_rects], self.dpr, origin=origin)

    def add(self, tile: Tile) -> None:
        """Convert, fill and place one tile (worker thread; tiles in order)."""
        with self.phases.span("conversion"):
            image = rgb_image(tile.image)
        with self.phases.span("redaction fill"):
            self._fill(image, tile.origin, tile.rects)
        box = tile.box
        if box[2] <= box[0] or box[3] <= box[1]:
            if tile.row_end:
                self._end_row()
            return
        with self.phases.span("stitching"):
            part = image.crop(box)
            if self.canvas is not None:
                self.canvas.paste(part, tile.at)  # PIL clips a paste to the canvas: outside a region falls away
                return
            if self.band is None:
                if tile.row_end and tile.at[0] == 0 and part.width == self.width:
                    self.band, self.band_top = part, tile.at[1]  # one tile spans the row: no band copy
                else:
                    self.band, self.band_top = Image.new("RGB", (self.width, part.height), WHITE), tile.at[1]
            if self.band is not part:
                self.band.paste(part, (tile.at[0], tile.at[1] - self.band_top))
        if tile.row_end:
            self._end_row()

    def _end_row(self) -> None:
        """Send the finished band's rows to the stream (rows another band already sent are skipped; a gap, which
        only rounding at a fractional DPR can leave, is white)."""
        band, self.band = self.band, None
        if band is None or self.stream is None:
            return
        top, bottom = self.band_top, min(self.band_top + band.height, self.height)
        if top > self.emitted:
            self._white(top - self.emitted)
        start = max(self.emitted - top, 0)
        if bottom - top - start > 0:
            data = band.crop((0, start, self.width, bottom - top)).tobytes() if start or bottom - top < band.height \
                else band.tobytes()
            self.stream.write_rows(data, bottom - top - start, self.phases)
            self.emitted = bottom

    def _white(self, rows: int) -> None:
        self.stream.write_rows(b"\xff" * (rows * self.width * 3), rows, self.phases)
        self.emitted += rows

    def finish(self) -> Image.Image | None:
        """The stitched image (``None`` when streaming: the remaining rows, if any, are written white)."""
        if self.stream is None:
            return self.canvas
        self._end_row()
        if self.emitted < self.height:
            self._white(self.height - self.emitted)
        return None
