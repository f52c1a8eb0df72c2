"""A crop of a dragged region (a region annotation's ``Screenshot:`` line), saved beside the element crops.

Like an element crop (``Shooter.element``): from one viewport grab when the region is in view (it is when it
was just dragged), else from a full-page capture of that part; redacted like every capture (secret fields
inside it are filled). It goes through the :class:`~app.capture.shots.Shooter` of the
tab (its capture lock, scale, naming and index) as an element crop does (``Shooter.element``).
"""

from __future__ import annotations

from app.capture.draw import redact
from app.capture.fullpage import grab_full_page
from app.capture.shots import Shooter, Shot
from app.capture.viewport import CaptureError


async def region_crop(shooter: Shooter, number: int, rect: dict) -> Shot:
    """Save the region ``rect`` (``{x, y, width, height}``, CSS px, document coordinates) of annotation
    ``number`` as ``…-a<number>.png`` (kind ``element``), clamped to the document: from the viewport when it
    is all in view, else from a full-page capture of that part. Raises :class:`CaptureError`
    ``CAPTURE_NOT_ON_PAGE`` when no part of it is in the document, and the grabs' errors."""
    shooter.directory.mkdir(parents=True, exist_ok=True)
    async with shooter._capturing() as check:
        metrics = await shooter.bridge.call("documentMetrics") or {}
        scroll, view = metrics.get("scroll") or {"x": 0, "y": 0}, metrics.get("viewport") or {}
        left, top = max(rect["x"], 0), max(rect["y"], 0)
        right = min(rect["x"] + rect["width"], metrics.get("width", 1e9))
        bottom = min(rect["y"] + rect["height"], metrics.get("height", 1e9))
        if right - left < 1 or bottom - top < 1:
            raise CaptureError("CAPTURE_NOT_ON_PAGE", f"annotation {number}'s region is outside the document")
        inside = (left >= scroll["x"] and top >= scroll["y"] and right <= scroll["x"] + view.get("width", 0)
                  and bottom <= scroll["y"] + view.get("height", 0))
        if inside:
            source, redactions = await shooter._grab_with_redactions(True, (left, top, right, bottom))
            origin = (scroll["x"], scroll["y"])
        else:
            page = await grab_full_page(shooter.view, shooter.bridge, clip=(left, top, right, bottom))
            source, redactions, origin = page.image, page.redactions, page.origin
        k_dev = shooter.device_per_css
        box = (round((left - origin[0]) * k_dev), round((top - origin[1]) * k_dev),
               round((right - origin[0]) * k_dev), round((bottom - origin[1]) * k_dev))
        crop, k = shooter._to_scale(source.crop(box))
        redact(crop, redactions, k, origin=(left, top))
        check()
        return await shooter._save(crop, "element", f"-a{number}", k, [number], shooter._base())
