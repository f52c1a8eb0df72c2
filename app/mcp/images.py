"""MCP image results within what agents accept (issue 9 §7): :func:`fit_image` keeps the base64 image of a
``take_screenshot`` result under a byte budget.

The app already scales the copy it inlines to at most 1568 px on the long edge and 1.15 megapixels
(:mod:`app.capture.downscale`), but an image-heavy page still makes a PNG of 3–4 MB of base64, more than
common MCP clients take in one tool result (about 1 MB). The default budget, :data:`DEFAULT_BUDGET_KB`
(800 KB of base64), leaves room for the text and structured content of the same result;
``pagenote mcp --image-budget KB`` changes it.

The steps, first fit wins: the PNG as the app sent it; JPEG at each quality of :data:`JPEG_QUALITIES`
(JPEG, not WebP: every client that shows images decodes it); then, as a last resort, the lowest quality at
the largest smaller size that fits (a first guess from the area, then bisection: :func:`_shrink`). Transparency is flattened on white (JPEG has none). Pillow is used without changing
its process-wide settings: the PNG is opened with :func:`app.compare.images.open_image`.
"""

from __future__ import annotations

import base64
import io
import math
from dataclasses import dataclass

from PIL import Image

from app.compare.images import open_image
from app.core.errors import PagenoteError

__all__ = ["DEFAULT_BUDGET_KB", "JPEG_QUALITIES", "KB", "MIN_BUDGET_KB", "FittedImage", "fit_image"]

#: Bytes per KB in budgets and in the sizes the text states.
KB = 1024
#: The default budget: KB of base64 text for the one image of a tool result.
DEFAULT_BUDGET_KB = 800
#: The smallest budget ``--image-budget`` takes (a legible page needs at least this much).
MIN_BUDGET_KB = 50
#: JPEG qualities tried in turn, best first (Pillow's scale, 1..95).
JPEG_QUALITIES = (85, 75, 60, 45)
#: The last-resort downscale's first guess aims this far under the budget, so it usually fits at once.
SHRINK_MARGIN = 0.9
#: The last-resort downscale searches the scale to within this fraction (5 %) ...
SEARCH_TOLERANCE = 0.05
#: ... in at most this many JPEG encodings (tens of ms each for a 1568 px image).
SEARCH_STEPS = 8
#: The last-resort downscale stops at this long edge (px); a budget of :data:`MIN_BUDGET_KB` fits long before.
MIN_EDGE = 64


@dataclass(frozen=True)
class FittedImage:
    """The image an MCP result carries: ``data`` (base64), ``mime_type``, ``width`` × ``height`` (px), the
    ``source_width`` × ``source_height`` of the PNG the app sent, ``quality`` (JPEG quality; ``None`` for the
    PNG as sent) and the ``budget`` it was fitted to (bytes of base64)."""

    data: str
    mime_type: str
    width: int
    height: int
    source_width: int
    source_height: int
    quality: int | None
    budget: int

    @property
    def reencoded(self) -> bool:
        """Whether this is not the app's PNG (re-encoded, maybe downscaled)."""
        return self.quality is not None

    @property
    def size(self) -> int:
        """Bytes of base64 text."""
        return len(self.data)

    def describe(self) -> str:
        """``"JPEG q=60, 612 KB, 700×1641 px → 640×1500 px"`` (the size change only when there is one), or
        ``"PNG, 96 KB, 1280×800 px"`` for the PNG as sent. KB of base64, rounded up."""
        kind = f"JPEG q={self.quality}" if self.quality is not None else "PNG"
        size = f"{self.source_width}×{self.source_height} px"
        if (self.width, self.height) != (self.source_width, self.source_height):
            size += f" → {self.width}×{self.height} px"
        return f"{kind}, {math.ceil(self.size / KB)} KB, {size}"

    def structured(self) -> dict:
        """The JSON the result's structured content carries as ``image``."""
        return {"mime_type": self.mime_type, "quality": self.quality, "base64_bytes": self.size,
                "budget_bytes": self.budget, "reencoded": self.reencoded,
                "source_width": self.source_width, "source_height": self.source_height}


def _base64_size(raw_bytes: int) -> int:
    return 4 * math.ceil(raw_bytes / 3)


def _jpeg(image: Image.Image, quality: int) -> bytes:
    out = io.BytesIO()
    image.save(out, "JPEG", quality=quality, optimize=True)
    return out.getvalue()


def _opaque_rgb(image: Image.Image) -> Image.Image:
    """``image`` as RGB, transparent pixels flattened on white."""
    if image.mode in ("RGBA", "LA", "P", "PA"):
        rgba = image.convert("RGBA")
        flat = Image.new("RGB", rgba.size, (255, 255, 255))
        flat.paste(rgba, mask=rgba.getchannel("A"))
        return flat
    return image.convert("RGB")


def _shrink(rgb: Image.Image, quality: int, budget: int, full_bytes: int) -> tuple[Image.Image, bytes]:
    """The largest copy of ``rgb`` (to within :data:`SEARCH_TOLERANCE` of its scale, in at most
    :data:`SEARCH_STEPS` encodings) whose JPEG at ``quality`` fits ``budget`` bytes of base64, and that JPEG;
    ``full_bytes`` is the JPEG size at full scale. Every copy is resized from ``rgb`` itself. The first guess
    assumes bytes grow with the area; bisection then corrects it (noise shrinks faster than that, text
    slower). Stops shrinking at :data:`MIN_EDGE` px, fitting or not."""
    fits, too_big = 0.0, 1.0  # scales known to fit (0: none yet) and known not to
    best: tuple[Image.Image, bytes] | None = None
    scale = math.sqrt(budget / _base64_size(full_bytes)) * SHRINK_MARGIN
    for _ in range(SEARCH_STEPS):
        size = (max(1, math.floor(rgb.width * scale)), max(1, math.floor(rgb.height * scale)))
        image = rgb.resize(size, Image.Resampling.LANCZOS)
        encoded = _jpeg(image, quality)
        if _base64_size(len(encoded)) <= budget:
            best, fits = (image, encoded), scale
        else:
            too_big = scale
        if best is None:
            if max(size) <= MIN_EDGE:
                return image, encoded
            scale *= math.sqrt(budget / _base64_size(len(encoded))) * SHRINK_MARGIN
        elif too_big - fits <= SEARCH_TOLERANCE * too_big:
            break
        else:
            scale = (fits + too_big) / 2
    if best is None:  # SEARCH_STEPS guesses all missed (not seen in practice): keep halving
        while _base64_size(len(encoded)) > budget and max(image.size) > MIN_EDGE:
            image = rgb.resize((max(1, image.width // 2), max(1, image.height // 2)), Image.Resampling.LANCZOS)
            encoded = _jpeg(image, quality)
        return image, encoded
    return best


def fit_image(data: str, budget: int, jpeg: bool = False) -> FittedImage:
    """The base64 PNG ``data`` (as the app's ``screenshot(inline=true)`` returns it) kept at most ``budget``
    bytes of base64 (module docstring for the steps; only an image already shrunk to :data:`MIN_EDGE` px
    could stay over, which no budget of :data:`MIN_BUDGET_KB` KB or more reaches). ``jpeg``: the agent asked for
    a JPEG (``browser_take_screenshot(type="jpeg")``): the PNG step is skipped. Blocking (decoding and encoding
    take tens of ms to a few hundred for a 1568 px image): call it off the event loop.

    Raises :class:`PagenoteError` ``CAPTURE_FAILED`` when ``data`` is not a readable image (``open_image``'s
    ``BAD_IMAGE`` is about user files, so it is renamed here), and ``ValueError`` for a budget under
    :data:`MIN_BUDGET_KB` KB (the CLI refuses those)."""
    if budget < MIN_BUDGET_KB * KB:
        raise ValueError(f"image budget {budget} bytes is under {MIN_BUDGET_KB} KB")
    try:
        source = open_image(io.BytesIO(base64.b64decode(data, validate=True)), what="screenshot")
    except (PagenoteError, ValueError) as exc:
        raise PagenoteError("CAPTURE_FAILED", f"the app's screenshot is not a readable PNG: {exc}") from None
    width, height = source.size
    if len(data) <= budget and not jpeg:
        return FittedImage(data, "image/png", width, height, width, height, None, budget)
    rgb = image = _opaque_rgb(source)
    encoded = b""
    for quality in JPEG_QUALITIES:
        encoded = _jpeg(image, quality)
        if _base64_size(len(encoded)) <= budget:
            break
    else:  # the last resort: smaller, at the lowest quality
        image, encoded = _shrink(rgb, quality, budget, len(encoded))
    text = base64.b64encode(encoded).decode("ascii")
    return FittedImage(text, "image/jpeg", image.width, image.height, width, height, quality, budget)
