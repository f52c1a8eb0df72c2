"""Downscaled copies of screenshots for agents (issue #4 §7, issue #5 §2).

Agent clients resize images beyond a longest edge of 1,568 px or 1.15 megapixels (Anthropic's vision
guidance); sending an image already within both limits avoids a second, lossy resize on their side and
keeps token cost predictable.

A very tall page cannot fit those limits readably (CPython's ``stdtypes.html`` is 82,630 px tall: fitted
whole it is 19 px wide). Below :data:`READABLE_SCALE` the agent copy is the top band of the page at that
scale instead, and :class:`AgentImage` says which rows of the full-size PNG it shows.
"""

from __future__ import annotations

import io
import math

from dataclasses import dataclass

from PIL import Image

from app.compare.images import open_image

MAX_EDGE = 1568
MAX_PIXELS = 1_150_000
#: The smallest scale (image px per full-size PNG px) an agent copy is made at. At 0.5 a 16 px body text is
#: 8 px tall in the copy (at device pixel ratio 1), and CPython's docs (Chromium, 1280 px wide) stay legible;
#: at 0.26 (a 6,000 px page fitted whole) their body text is 4 px tall and only the headings can be made out.
#: A page that would need less is cropped to its top band.
READABLE_SCALE = 0.5


@dataclass(frozen=True)
class AgentImage:
    """An agent copy: ``png`` (the unchanged input when ``scale`` is 1), ``scale`` = copy px / full-size px
    (at least :data:`READABLE_SCALE` up to the rounding of the width to whole px, or 1), ``width`` × ``height`` of the copy, and the full-size PNG rows it shows,
    ``top`` (always 0) to ``bottom`` (exclusive) of ``full_height``; ``cropped`` when that is not all of them,
    and then ``whole_scale`` is the scale fitting the whole image would have needed."""

    png: bytes
    scale: float
    width: int
    height: int
    top: int
    bottom: int
    full_width: int
    full_height: int
    whole_scale: float

    @property
    def cropped(self) -> bool:
        return self.bottom < self.full_height


def agent_scale(width: int, height: int) -> float:
    """The factor (≤ 1) that brings a ``width``×``height`` px image within :data:`MAX_EDGE` and
    :data:`MAX_PIXELS`. Raises ``ValueError`` for an empty size."""
    if width <= 0 or height <= 0:
        raise ValueError(f"empty image size {width}x{height}")
    return min(1.0, MAX_EDGE / max(width, height), math.sqrt(MAX_PIXELS / (width * height)))


def band_rows(width: int, height: int) -> int:
    """How many rows (from the top) of a ``width``×``height`` px image fit :data:`MAX_EDGE` and
    :data:`MAX_PIXELS` at :data:`READABLE_SCALE`: ``height`` when the whole image fits at that scale or more."""
    scaled_width = max(1, math.floor(width * READABLE_SCALE))
    rows = min(MAX_EDGE, MAX_PIXELS // scaled_width)
    return min(height, math.floor(rows / READABLE_SCALE))


def agent_png(data: bytes) -> AgentImage:
    """The agent copy of PNG ``data``: the whole image within :data:`MAX_EDGE` and :data:`MAX_PIXELS` when that
    takes a scale of at least :data:`READABLE_SCALE`, else its top :func:`band_rows` rows at that scale (also
    within both limits). Raises what :func:`~app.compare.images.open_image` raises for a bad PNG."""
    image = open_image(io.BytesIO(data), what="screenshot")  # full pages pass Pillow's default size guard
    whole = agent_scale(*image.size)
    if whole >= 1.0:
        return AgentImage(data, 1.0, image.width, image.height, 0, image.height, image.width, image.height, 1.0)
    bottom = image.height
    if whole < READABLE_SCALE:
        bottom = band_rows(image.width, image.height)
    source = image if bottom == image.height else image.crop((0, 0, image.width, bottom))
    scale = agent_scale(source.width, source.height)
    size = (max(1, math.floor(source.width * scale)), max(1, math.floor(source.height * scale)))
    out = io.BytesIO()
    source.convert("RGBA" if image.mode in ("RGBA", "LA", "P") else "RGB").resize(
        size, Image.Resampling.LANCZOS).save(out, "PNG", optimize=False)
    return AgentImage(out.getvalue(), size[0] / image.width, size[0], size[1], 0, bottom, image.width,
                      image.height, whole)
