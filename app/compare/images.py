"""Opening screenshots for a compare: pagenote's own full-page images are larger than Pillow's
decompression-bomb guard allows, so the limit is raised here, per call, never for the whole process."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import IO

from PIL import Image

from app.core.errors import PagenoteError

__all__ = ["MAX_PIXELS", "open_image"]

MAX_PIXELS = 400_000_000
"""Largest image (width × height, px) :func:`open_image` decodes. Full-page screenshots of long documents
are legitimately large (1280 × 85,000 px for the CPython docs' stdtypes page) and pagenote makes them itself,
so Pillow's default guard (``Image.MAX_IMAGE_PIXELS``, about 89 MP; an error above twice that) is too low."""

_PILLOW_LIMIT = threading.Lock()  # serialises the moment Image.MAX_IMAGE_PIXELS is lifted in open_image


def open_image(source: str | Path | IO[bytes], *, what: str = "image", max_pixels: int = MAX_PIXELS) -> Image.Image:
    """Read the image file ``source`` (a path or a binary file object) fully into memory and return it.

    Pillow's size guard reads one process-wide setting (``Image.MAX_IMAGE_PIXELS``, no per-call option), so
    it is lifted only while ``Image.open`` parses the header, under a lock, and restored at once; the size
    is then checked here against ``max_pixels`` before any pixel is decoded. ``what`` names the image in
    error messages (``"baseline"``, ``"current"``).

    Raises :class:`PagenoteError` ``BAD_IMAGE`` when the file does not exist, is not an image Pillow reads,
    is truncated, or has more than ``max_pixels`` pixels.
    """
    try:
        with _PILLOW_LIMIT:
            saved = Image.MAX_IMAGE_PIXELS
            Image.MAX_IMAGE_PIXELS = None  # the check below replaces Pillow's
            try:
                image = Image.open(source)
            finally:
                Image.MAX_IMAGE_PIXELS = saved
    except FileNotFoundError:
        raise PagenoteError("BAD_IMAGE", f"{what} {source} does not exist") from None
    except Exception as exc:  # any failure to read a user-given file is bad input  # noqa: BLE001
        raise PagenoteError("BAD_IMAGE", f"cannot read {what} {source}: {type(exc).__name__}: {exc}") from exc
    with image:
        if image.width * image.height > max_pixels:
            raise PagenoteError("BAD_IMAGE", f"{what} {source} is {image.width}x{image.height} px, more than "
                                             f"{max_pixels} pixels")
        try:
            image.load()
        except Exception as exc:  # noqa: BLE001
            raise PagenoteError("BAD_IMAGE", f"cannot read {what} {source}: {type(exc).__name__}: {exc}") from exc
    return image
