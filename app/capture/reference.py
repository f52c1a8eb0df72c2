"""Reference images: a picture the user attaches to an annotation ("make it look like this"), the design
target beside the element's own screenshot (its current state).

:func:`store_reference` takes the image as a file or as encoded bytes (pasted or dropped), checks that it is
an image Pillow reads (PNG, JPEG, GIF, WebP, BMP …; at most :data:`MAX_PIXELS`), and writes it as a PNG
into ``<project>/shots/<stamp>-ref-<name>.png`` — a copy the project keeps even when the original moves —
and returns that absolute path, which the annotation's ``reference`` field (Markdown ``Reference:``) holds.
Only the first frame of an animated image is kept; colour profiles and text chunks are dropped.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

from app.compare.images import open_image
from app.core.errors import PagenoteError
from app.sinks import slug, stamp, unique_path, write_atomic

NEXT_STEP = "attach a PNG, JPEG, GIF or WebP image file"
#: Largest reference file read, in bytes.
MAX_BYTES = 50 * 1024 * 1024
#: Most pixels a reference image may have (a 7000 × 7000 design export).
MAX_PIXELS = 50_000_000
#: How Python names the in-memory file the image is read from, in Pillow's and open_image's messages.
_BYTES_REPR = re.compile(r"<_io\.BytesIO object at 0x[0-9a-fA-F]+>")


def _said(message: str, label: str) -> str:
    """``open_image``'s message about the in-memory copy, naming ``label`` (the file, or the pasted image)."""
    if "UnidentifiedImageError" in message:
        return f"{label} is not an image (PNG, JPEG, GIF, WebP, BMP …)"
    return _BYTES_REPR.sub(lambda _m: label, message.replace("reference image <_io.BytesIO", "<_io.BytesIO"))


def store_reference(source: Path | bytes, project_dir: Path, name: str = "") -> str:
    """Save ``source`` (an image file, or its bytes) as a PNG under ``project_dir/shots/`` and return the
    absolute path. ``name`` (default: the file's stem, else ``image``) goes into the file name. Raises
    :class:`PagenoteError` ``BAD_IMAGE`` for a missing, oversized or unreadable image and ``BAD_OUT_DIR`` when
    ``shots/`` cannot be written."""
    if isinstance(source, Path):
        name = name or source.stem
        try:
            if not source.is_file():
                raise PagenoteError("BAD_IMAGE", f"reference image {source} is not a file", NEXT_STEP)
            if source.stat().st_size > MAX_BYTES:
                raise PagenoteError("BAD_IMAGE", f"reference image {source} is larger than "
                                                 f"{MAX_BYTES // (1024 * 1024)} MB", NEXT_STEP)
            data = source.read_bytes()
        except OSError as exc:
            raise PagenoteError("BAD_IMAGE", f"cannot read reference image {source}: {exc}", NEXT_STEP) from None
    else:
        data = bytes(source)
        if len(data) > MAX_BYTES:
            raise PagenoteError("BAD_IMAGE", "the reference image is larger than "
                                             f"{MAX_BYTES // (1024 * 1024)} MB", NEXT_STEP)
    try:
        image = open_image(io.BytesIO(data), what="reference image", max_pixels=MAX_PIXELS)
        image.seek(0)
        if image.mode not in ("RGB", "RGBA", "L", "LA"):
            image = image.convert("RGBA")
        out = io.BytesIO()
        image.save(out, "PNG")
    except PagenoteError as exc:
        label = f"the reference image {source}" if isinstance(source, Path) else "the pasted image"
        raise PagenoteError("BAD_IMAGE", _said(exc.message, label), NEXT_STEP) from None
    except (OSError, ValueError) as exc:
        raise PagenoteError("BAD_IMAGE", f"the reference image cannot be read: {exc}", NEXT_STEP) from None
    shots = (project_dir / "shots").resolve()
    path = unique_path(shots, f"{stamp()}-ref-{slug(name or 'image', 40)}", ".png")
    try:
        write_atomic(path, out.getvalue())
    except OSError as exc:
        raise PagenoteError("BAD_OUT_DIR", f"cannot write {path}: {exc}") from None
    return str(path)
