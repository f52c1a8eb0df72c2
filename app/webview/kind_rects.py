"""Where the annotation kinds are drawn on annotated screenshots: a region by its rectangle (not by the
element its marker sits on), and a second annotation of one main-frame element (session id ``<id>~2``, a
text range inside a pinned paragraph …) by that element's rect — ``pinnedRects`` knows page-side ids only.
Used by :meth:`app.webview.annotator.Annotator.frame_pin_rects`."""

from __future__ import annotations

from typing import Any

from app.core.errors import PagenoteError


async def kind_pin_rects(annotator: Any, document: bool = False) -> dict[str, dict]:
    """``{pin id: rect}`` (CSS px; top viewport, or top document when ``document``) for the session's regions
    and suffixed main-frame pins of ``annotator`` (an :class:`~app.webview.annotator.Annotator`). Empty when
    there are none or the page does not answer."""
    pins = annotator.session.pins
    regions = {p.id: p.annotation.region.rect for p in pins if p.annotation.region is not None}
    suffixed = {p.id: annotator.anchors[p.id][1] for p in pins if p.annotation.region is None
                and p.id in annotator.anchors and not annotator.anchors[p.id][0].chain
                and annotator.anchors[p.id][1] != p.id}
    if not regions and not suffixed:
        return {}
    try:
        scroll = (await annotator.bridge.call("viewportState") or {}).get("scroll") or {"x": 0, "y": 0}
        live = await annotator.bridge.call("pinnedRects", list(suffixed.values()), document) if suffixed else {}
    except PagenoteError:
        return {}
    dx, dy = (0.0, 0.0) if document else (scroll["x"], scroll["y"])
    out = {pin_id: {"x": r.x - dx, "y": r.y - dy, "width": r.width, "height": r.height}
           for pin_id, r in regions.items()}
    for pin_id, page_id in suffixed.items():
        if isinstance(live, dict) and live.get(page_id):
            out[pin_id] = live[page_id]
    return out
