"""Routing picker calls into iframes (issue #3 §2).

Each frame runs its own copy of the picker (the script is injected into sub-frames). A call at a point
starts in the main frame; when the element there is an iframe, the page side answers ``{kind: 'frame',
frame: {index, name, selector, rect}}`` and the call continues in that child ``QWebEngineFrame`` with the
point moved into the child's viewport — cross-origin frames included, since the host talks to every frame
directly (no ``postMessage`` the page could see or forge).

A child ``QWebEngineFrame`` is matched to its iframe element by the element's ``name``/``id`` attribute
(``QWebEngineFrame.htmlName``), else by its index among the document's frames (Chromium lists child frames
in creation order, which is document order for frames in the markup).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from PySide6.QtWebEngineCore import QWebEngineFrame

from app.core.errors import PagenoteError
from app.webview.bridge import PageBridge

#: Nested iframes deeper than this are not entered.
MAX_FRAME_DEPTH = 8


@dataclass
class Route:
    """Where a routed call ended: ``frame`` (``None`` = main frame), the chain of iframe selectors from the
    top document, and the offset (CSS px) of that frame's viewport in the top viewport."""

    frame: QWebEngineFrame | None = None
    chain: list[str] = field(default_factory=list)
    offset: tuple[float, float] = (0.0, 0.0)

    @property
    def key(self) -> str:
        """``" >> "``-joined chain: identifies the frame (empty for the main frame)."""
        return " >> ".join(self.chain)


def child_frame(parent: QWebEngineFrame, info: dict) -> QWebEngineFrame | None:
    """The child of ``parent`` that the iframe described by ``info`` (from the page side) shows."""
    children = [c for c in parent.children() if c.isValid()]
    name = info.get("name") or ""
    if name:
        for child in children:
            if child.htmlName() == name:
                return child
    index = info.get("index", -1)
    return children[index] if 0 <= index < len(children) else None


async def route_call(bridge: PageBridge, method: str, x: float, y: float) -> tuple[Route, Any]:
    """Call ``method(x, y)`` (top viewport CSS px) in the frame under the point, entering iframes as the page
    side reports them. Returns ``(route, answer)``: the innermost frame's answer and where it came from.
    Raises the bridge's errors (:mod:`app.webview.bridge`)."""
    page = bridge.page
    frame: QWebEngineFrame | None = None
    route = Route()
    while True:
        result = await bridge.call(method, x, y, frame=frame)
        if not (isinstance(result, dict) and result.get("kind") == "frame" and len(route.chain) < MAX_FRAME_DEPTH):
            return route, result
        info = result["frame"]
        child = child_frame(frame or page.mainFrame(), info)
        if child is None:
            return route, result
        rect = info["rect"]
        route = Route(child, route.chain + [info["selector"]],
                      (route.offset[0] + rect["x"], route.offset[1] + rect["y"]))
        frame, x, y = child, x - rect["x"], y - rect["y"]


async def select_chain(bridge: PageBridge, selector: str) -> tuple[Route, Any]:
    """Resolve a chained selector (``iframe >> … >> element``, ``host >> inner``), entering iframes as the
    page side reports them. Returns ``(route, answer)`` where ``answer`` is the innermost frame's ``select``
    result (``{count, id?, record?, viewport?, error?, step?}``). Raises the bridge's errors."""
    page = bridge.page
    frame: QWebEngineFrame | None = None
    route = Route()
    rest = selector
    while True:
        answer = await bridge.call("select", rest, frame=frame)
        if not (isinstance(answer, dict) and answer.get("kind") == "frame"):
            return route, answer
        info = answer["frame"]
        child = child_frame(frame or page.mainFrame(), info)
        if child is None or len(route.chain) >= MAX_FRAME_DEPTH:
            return route, {"count": 0, "error": f"the frame {info['selector']!r} is not reachable"}
        try:
            await bridge.wait_ready(frame=child, timeout_ms=5_000)
        except PagenoteError:
            return route, {"count": 0, "error": f"pagenote's script is not running in frame {info['selector']!r}"}
        rect = info["rect"]
        route = Route(child, route.chain + [info["selector"]], (route.offset[0] + rect["x"], route.offset[1] + rect["y"]))
        frame, rest = child, answer["rest"]


def in_top_document(record: dict, viewport: dict | None, route: Route, top_scroll: dict) -> dict:
    """``record`` with its ``rect`` moved into top-document coordinates and its ``frame`` chain set (for an
    element in an iframe; unchanged for the main frame)."""
    if not route.chain:
        return record
    record = dict(record)
    record["frame"] = route.key
    if viewport is not None:
        record["rect"] = {"x": viewport["x"] + route.offset[0] + top_scroll["x"],
                          "y": viewport["y"] + route.offset[1] + top_scroll["y"],
                          "width": viewport["width"], "height": viewport["height"]}
    return record


async def frame_viewport_offset(bridge: PageBridge, chain: list[str]) -> tuple[QWebEngineFrame, tuple[float, float]] | None:
    """Walk ``chain`` (iframe selectors from the top document) now: the innermost frame and the offset (CSS
    px) of its viewport in the top viewport, as the page is laid out and scrolled at this moment. ``None``
    when a step no longer names an iframe. Raises the bridge's errors."""
    frame: QWebEngineFrame | None = None
    x = y = 0.0
    for selector in chain:
        info = await bridge.call("frameInfoOf", selector, frame=frame)
        if not isinstance(info, dict):
            return None
        child = child_frame(frame or bridge.page.mainFrame(), info)
        if child is None:
            return None
        x, y = x + info["rect"]["x"], y + info["rect"]["y"]
        frame = child
    return (frame, (x, y)) if frame is not None else None
