"""Writing PNG files fast, row band by row band: a full-page capture streams its rows into the file while later
tiles are still being grabbed, so the image is never held whole and never encoded in one long stall.

The file is a plain PNG (ISO/IEC 15948, the W3C PNG specification): signature, ``IHDR`` (8-bit RGB, no
interlace), the caller's text chunks exactly as Pillow's :class:`PIL.PngImagePlugin.PngInfo` builds them
(``tEXt``, or ``iTXt`` for values outside Latin-1), ``IDAT`` chunks of one zlib stream, ``IEND``. Every scanline
uses filter type 0 (None): screenshots are mostly flat runs, which deflate compresses well unfiltered, and it
costs no per-row filter search. The zlib stream comes from the fastest compressor importable here — ISA-L
(PyPI ``isal``, level 1), else zlib-ng (PyPI ``zlib-ng``, level 1), else the standard library's ``zlib``
(level 1) — all produce standard zlib streams (RFC 1950/1951) that every PNG decoder reads.

The bytes go to a temporary file beside the destination (``.tmp-….png.part``, so a ``*.png`` glob never lists
it), which is renamed over it only by :meth:`PngStream.finish` (``os.replace``): a reader never sees a
half-written image, and :meth:`PngStream.discard` leaves nothing behind.
"""

from __future__ import annotations

import os
import struct
import tempfile
import zlib
from pathlib import Path

from PIL import Image, PngImagePlugin

from app.capture.timing import NO_PHASES, Phases
from app.core.platform import give_usual_mode
from app.core.wording import a_or_an

try:  # ISA-L's deflate: about 10× faster than zlib's level 1 on screenshots, similar size.
    from isal import isal_zlib as _compressor
    COMPRESSOR = "isal"
except ImportError:  # pragma: no cover (depends on what is installed)
    try:
        from zlib_ng import zlib_ng as _compressor
        COMPRESSOR = "zlib-ng"
    except ImportError:
        _compressor = zlib
        COMPRESSOR = "zlib"

SIGNATURE = b"\x89PNG\r\n\x1a\n"
#: Largest IDAT chunk written, in bytes (any size up to 2**31 - 1 is valid; this keeps the buffer small).
IDAT_MAX = 1 << 18
#: Rows per band when a whole Pillow image is written (:func:`save_png`).
BAND_ROWS = 512


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(data, zlib.crc32(kind)))


class PngStream:
    """One PNG file being written: ``width`` x ``height`` px, 8-bit RGB, with ``info``'s text chunks, into
    ``directory``. Feed it all rows top to bottom with :meth:`write_rows`, then :meth:`finish` (or
    :meth:`discard`). Not thread-safe: use it from one thread at a time (captures use one worker thread).

    Raises ``ValueError`` for a size outside 1..2**31-1, ``OSError`` when the file cannot be written."""

    def __init__(self, directory: Path, width: int, height: int, info: PngImagePlugin.PngInfo | None = None,
                 level: int = 1) -> None:
        if not (0 < width < 1 << 31 and 0 < height < 1 << 31):
            raise ValueError(f"a PNG is 1..2**31-1 px a side, not {width}x{height}")
        self.width, self.height = width, height
        self.rows = 0
        directory.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".tmp-", suffix=".png.part", dir=directory)  # never matches *.png
        self._tmp = Path(tmp)
        self._file = os.fdopen(fd, "wb")
        self._deflate = _compressor.compressobj(level)
        self._pending: list[bytes] = []
        self._pending_size = 0
        self._lines: bytearray | None = None  # scanlines with their filter byte, reused
        try:
            head = [SIGNATURE, _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))]
            # Pillow's own text chunks (tEXt, iTXt, zTXt), in the order added, before the image data, as
            # Pillow's PNG writer places those not marked after_idat.
            late = []
            for kind, data, *after in (info.chunks if info is not None else []):
                (late if after and after[0] else head).append(_chunk(kind, data))
            self._late = late
            self._file.write(b"".join(head))
        except BaseException:
            self.discard()
            raise

    def write_rows(self, data: bytes | bytearray | memoryview, rows: int, phases: Phases = NO_PHASES) -> None:
        """Append ``rows`` scanlines of packed RGB (``rows`` x ``width`` x 3 bytes, top to bottom); ``phases``
        gets the time spent in ``encode`` and ``file write``. Raises ``ValueError`` when the size does not match
        or more rows than the height are written, ``OSError`` when the file cannot be written."""
        if rows <= 0:
            return
        if self.rows + rows > self.height:
            raise ValueError(f"{self.rows + rows} rows written to {a_or_an(f'{self.height}-row')} PNG")
        stride = self.width * 3
        source = memoryview(data).cast("B")
        if source.nbytes != rows * stride:
            raise ValueError(f"{source.nbytes} bytes for {rows} rows of {self.width} RGB px")
        with phases.span("encode"):
            line = stride + 1
            if self._lines is None or len(self._lines) < rows * line:
                self._lines = bytearray(rows * line)  # each line's first byte stays 0: filter type None
            lines = memoryview(self._lines)
            for row in range(rows):
                lines[row * line + 1:(row + 1) * line] = source[row * stride:(row + 1) * stride]
            packed = self._deflate.compress(lines[:rows * line])
        with phases.span("file write"):
            self._emit(packed)
        self.rows += rows

    def _emit(self, data: bytes) -> None:
        if data:
            self._pending.append(data)
            self._pending_size += len(data)
        while self._pending_size >= IDAT_MAX:
            joined = b"".join(self._pending)
            self._file.write(_chunk(b"IDAT", joined[:IDAT_MAX]))
            rest = joined[IDAT_MAX:]
            self._pending, self._pending_size = ([rest] if rest else []), len(rest)

    def finish(self, path: Path, phases: Phases = NO_PHASES) -> Path:
        """Close the zlib stream and the file and move it to ``path`` (replacing any file there); returns
        ``path``. Raises ``ValueError`` when fewer rows than the height were written (the file is discarded),
        ``OSError`` when it cannot be written."""
        try:
            if self.rows != self.height:
                raise ValueError(f"{self.rows} of {self.height} rows were written")
            with phases.span("encode"):
                last = self._deflate.flush()
            with phases.span("file write"):
                self._emit(last)
                self._close_into(path)
            return path
        except BaseException:
            self.discard()
            raise

    def _close_into(self, path: Path) -> None:
        tail = b"".join(self._pending)
        self._file.write((_chunk(b"IDAT", tail) if tail else b"") + b"".join(self._late) + _chunk(b"IEND", b""))
        self._file.close()
        give_usual_mode(self._tmp)  # mkstemp makes 0600; give the file the user's usual mode
        os.replace(self._tmp, path)

    def discard(self) -> None:
        """Close and delete the unfinished file (idempotent)."""
        self._file.close()
        self._tmp.unlink(missing_ok=True)


def save_png(image: Image.Image, path: Path, info: PngImagePlugin.PngInfo | None = None,
             phases: Phases = NO_PHASES) -> Path:
    """Write ``image`` (any mode; converted to RGB) as a PNG at ``path`` with :class:`PngStream`, band by band
    (:data:`BAND_ROWS` rows: no second copy of the whole image). Returns ``path``. Raises ``OSError``."""
    if image.mode != "RGB":
        image = image.convert("RGB")
    stream = PngStream(path.parent, image.width, image.height, info)
    try:
        for top in range(0, image.height, BAND_ROWS):
            bottom = min(top + BAND_ROWS, image.height)
            stream.write_rows(image.crop((0, top, image.width, bottom)).tobytes(), bottom - top, phases)
    except BaseException:
        stream.discard()
        raise
    return stream.finish(path, phases)
