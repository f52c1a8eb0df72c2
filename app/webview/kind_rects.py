"""Where region and group annotations are drawn on annotated screenshots: a region by its rectangle, a group by
the union of its elements' boxes (``Annotation.crop_rect``), not by the one element their marker sits on. Used
by :meth:`app.webview.annotator.Annotator.frame_pin_rects`."""

from __future__ import annotations

from typing import Any

from app.core.errors import PagenoteError


async def kind_pin_rects(annotator: Any, document: bool = False) -> dict[str, dict]:
    """``{pin id: rect}`` (CSS px; top viewport, or top document when ``document``) of the region and group
    annotations of ``annotator``'s session (an :class:`~app.webview.annotator.Annotator`). Empty when there are
    none or the page does not answer."""
    regions = {p.id: p.annotation.crop_rect for p in annotator.session.pins if p.annotation.crop_rect is not None}
    if not regions:
        return {}
    try:
        scroll = (await annotator.bridge.call("viewportState") or {}).get("scroll") or {"x": 0, "y": 0}
    except PagenoteError:
        return {}
    dx, dy = (0.0, 0.0) if document else (scroll["x"], scroll["y"])
    return {pin_id: {"x": r.x - dx, "y": r.y - dy, "width": r.width, "height": r.height}
            for pin_id, r in regions.items()}
