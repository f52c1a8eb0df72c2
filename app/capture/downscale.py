"""Downscaled copies of screenshots for agents (issue #4 §7, issue #5 §2).

Agent clients resize images beyond a longest edge of 1,568 px or 1.15 megapixels (Anthropic's vision
guidance); sending an image already within both limits avoids a second, lossy resize on their side and
keeps token cost predictable.
"""

from __future__ import annotations

import io
import math

from PIL import Image

from app.compare.images import open_image

MAX_EDGE = 1568
MAX_PIXELS = 1_150_000


def agent_scale(width: int, height: int) -> float:
    """The factor (≤ 1) that brings a ``width``×``height`` px image within :data:`MAX_EDGE` and
    :data:`MAX_PIXELS`. Raises ``ValueError`` for an empty size."""
    if width <= 0 or height <= 0:
        raise ValueError(f"empty image size {width}x{height}")
    return min(1.0, MAX_EDGE / max(width, height), math.sqrt(MAX_PIXELS / (width * height)))


def downscale_png(data: bytes) -> tuple[bytes, float, tuple[int, int]]:
    """Downscale PNG ``data`` for an agent. Returns ``(png, scale, (width, height))``; ``scale`` is new/old
    (1.0 when the image already fits, and then ``png`` is ``data`` unchanged)."""
    image = open_image(io.BytesIO(data), what="screenshot")  # full pages pass Pillow's default size guard
    scale = agent_scale(*image.size)
    if scale >= 1.0:
        return data, 1.0, image.size
    size = (max(1, math.floor(image.width * scale)), max(1, math.floor(image.height * scale)))
    out = io.BytesIO()
    image.convert("RGBA" if image.mode in ("RGBA", "LA", "P") else "RGB").resize(size, Image.Resampling.LANCZOS).save(
        out, "PNG", optimize=False)
    return out.getvalue(), size[0] / image.width, size
