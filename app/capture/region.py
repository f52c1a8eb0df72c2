"""A crop of a dragged region (a region annotation's ``Screenshot:`` line), saved beside the element crops.

The region was just dragged in the viewport, so the crop comes from one viewport grab (redacted like every
capture: secret fields inside it are filled). It goes through the :class:`~app.capture.shots.Shooter` of the
tab (its capture lock, scale, naming and index) as an element crop does (``Shooter.element``).
"""

from __future__ import annotations

from app.capture.draw import redact
from app.capture.shots import Shooter, Shot
from app.capture.viewport import CaptureError


async def region_crop(shooter: Shooter, number: int, rect: dict) -> Shot:
    """Save the region ``rect`` (``{x, y, width, height}``, CSS px, document coordinates) of annotation
    ``number`` as ``…-a<number>.png`` (kind ``element``). Raises :class:`CaptureError` ``CAPTURE_NOT_ON_PAGE``
    when no part of it is in the viewport now, and the grab's errors."""
    shooter.directory.mkdir(parents=True, exist_ok=True)
    async with shooter._capturing() as check:
        metrics = await shooter.bridge.call("documentMetrics") or {}
        scroll, view = metrics.get("scroll") or {"x": 0, "y": 0}, metrics.get("viewport") or {}
        left, top = max(rect["x"], scroll["x"]), max(rect["y"], scroll["y"])
        right = min(rect["x"] + rect["width"], scroll["x"] + view.get("width", 0))
        bottom = min(rect["y"] + rect["height"], scroll["y"] + view.get("height", 0))
        if right - left < 1 or bottom - top < 1:
            raise CaptureError("CAPTURE_NOT_ON_PAGE", f"annotation {number}'s region is not in the viewport")
        source, redactions = await shooter._grab_with_redactions(True, (left, top, right, bottom))
        k_dev = shooter.device_per_css
        box = (round((left - scroll["x"]) * k_dev), round((top - scroll["y"]) * k_dev),
               round((right - scroll["x"]) * k_dev), round((bottom - scroll["y"]) * k_dev))
        crop, k = shooter._to_scale(source.crop(box))
        redact(crop, redactions, k, origin=(left, top))
        check()
        return await shooter._save(crop, "element", f"-a{number}", k, [number], shooter._base())
