"""What the annotated screenshots draw for each annotation: the shapes the window's marks draw — from the same
scene (:mod:`app.webview.scene`, measured by ``overlay.js``), so the PNG and the window follow one rule
(:mod:`app.core.mark_layout`): a group's members each outlined, a wrapped link's line fragments, a region's
rectangle, a text range's words, and the page's text lines the badges keep off. Used by
:meth:`app.webview.annotator.Annotator.frame_pin_rects`."""

from __future__ import annotations

import logging
from typing import Any

from app.core.errors import PagenoteError
from app.webview.frames import Route

log = logging.getLogger("pagenote.kind_rects")


def _shift(values, dx: float, dy: float) -> list[list[float]]:
    return [[r.x + dx, r.y + dy, r.width, r.height] for r in values]


async def kind_pin_rects(annotator: Any, document: bool = False) -> dict[str, dict]:
    """``{pin id: rect}`` of the annotations of ``annotator``'s session (an
    :class:`~app.webview.annotator.Annotator`) that its window shows now, live (not stale), CSS px in the top
    viewport — or the top document when ``document``. ``rect``: ``{x, y, width, height}`` (the first shape),
    ``parts``, ``fill``, ``text`` and ``clip`` as :func:`app.capture.draw.draw_annotations` reads them. The
    main frame is measured again first (its scene, fresh); sub-frames' are the scene's last poll. With
    ``document`` (a full-page capture) only the sub-frames' pins: the capture measures the main frame's in its
    own layout (``pinnedRects`` with shapes, app/capture/fullpage.py), which hides the scrollbars and may
    reflow the page. Empty when the page does not answer."""
    try:
        fresh = await annotator.bridge.call("scene", timeout_ms=3_000)
        scroll = {"x": 0, "y": 0}
        if document:
            scroll = (await annotator.bridge.call("viewportState") or {}).get("scroll") or scroll
    except PagenoteError as exc:
        log.info("annotated screenshot: the page did not give its marks: %s", exc)
        return {}
    annotator.scene.accept(Route(), fresh)
    marks = {(m.frame, m.id): m for m in annotator.scene.scene.marks if m.visible and not m.stale}
    dx, dy = float(scroll["x"]), float(scroll["y"])
    out: dict[str, dict] = {}
    for pin in annotator.session.pins:
        route, page_id = annotator.target(pin.id)
        m = marks.get((route.key, page_id))
        if m is None or not (m.width and m.height) or (document and not route.chain):
            continue
        rect = {"x": m.x + dx, "y": m.y + dy, "width": m.width, "height": m.height, "fill": m.fill,
                "parts": _shift(m.parts, dx, dy), "text": _shift(m.text, dx, dy)}
        if m.clip is not None:
            rect["clip"] = {"x": m.clip.x + dx, "y": m.clip.y + dy, "width": m.clip.width, "height": m.clip.height}
        out[pin.id] = rect
    return out
