"""A crop of a dragged region (a region annotation's ``Screenshot:`` line), saved beside the element crops.

Like an element crop (``Shooter.element``): from one viewport grab when the region is in view (it is when it
was just dragged), else from a full-page capture of that part; redacted like every capture (secret fields
inside it are filled). It goes through the :class:`~app.capture.shots.Shooter` of the
tab (its capture lock, scale, naming and index) as an element crop does (``Shooter.element``).
"""

from __future__ import annotations

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
        left, top = max(rect["x"], 0), max(rect["y"], 0)
        right = min(rect["x"] + rect["width"], metrics.get("width", 1e9))
        bottom = min(rect["y"] + rect["height"], metrics.get("height", 1e9))
        if right - left < 1 or bottom - top < 1:
            raise CaptureError("CAPTURE_NOT_ON_PAGE", f"annotation {number}'s region is outside the document")
        crop, k = await shooter.crop_document((left, top, right, bottom), metrics)
        check()
        return await shooter._save(crop, "element", f"-a{number}", k, [number], shooter._base())


async def box_crop(shooter: Shooter, rect: dict, suffix: str) -> Shot:
    """Save the part ``rect`` (``{x, y, width, height}``, CSS px, top-viewport coordinates: an element's border
    box measured just before) of the page as ``…<suffix>.png`` (kind ``element``), clamped to the document, with
    no margin (an agent's element screenshot by ref or selector, :mod:`app.agent.shot_files`): from the viewport
    when it is all in view, else from a full-page capture of that part. Raises :class:`CaptureError`
    ``CAPTURE_NO_BOX`` when no part of it is in the document, and the grabs' errors."""
    shooter.directory.mkdir(parents=True, exist_ok=True)
    async with shooter._capturing() as check:
        metrics = await shooter.bridge.call("documentMetrics") or {}
        scroll = metrics.get("scroll") or {"x": 0, "y": 0}
        left, top = max(rect["x"] + scroll["x"], 0), max(rect["y"] + scroll["y"], 0)
        right = min(rect["x"] + scroll["x"] + rect["width"], metrics.get("width", 1e9))
        bottom = min(rect["y"] + scroll["y"] + rect["height"], metrics.get("height", 1e9))
        if right - left < 1 or bottom - top < 1:
            raise CaptureError("CAPTURE_NO_BOX", "the element's box is outside the document")
        crop, k = await shooter.crop_document((left, top, right, bottom), metrics)
        check()
        return await shooter._save(crop, "element", suffix, k, [], shooter._base())
