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

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtWebEngineCore import QWebEngineFrame, QWebEnginePage

from app.webview.picker import Picker

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


def picker_for(page: QWebEnginePage, frame: QWebEngineFrame | None) -> Picker:
    """A :class:`Picker` for ``frame`` (``None``: the page's main frame)."""
    return Picker(frame if frame is not None else page)


def route_call(page: QWebEnginePage, method: str, x: float, y: float,
               done: Callable[[Route, Any], None]) -> None:
    """Call ``method(x, y)`` (top viewport CSS px) in the frame under the point; ``done(route, result)``
    gets the innermost frame's answer."""

    def step(frame: QWebEngineFrame | None, route: Route, px: float, py: float) -> None:
        def answered(result: Any) -> None:
            if isinstance(result, dict) and result.get("kind") == "frame" and len(route.chain) < MAX_FRAME_DEPTH:
                info = result["frame"]
                child = child_frame(frame or page.mainFrame(), info)
                if child is not None:
                    rect = info["rect"]
                    step(child, Route(child, route.chain + [info["selector"]],
                                      (route.offset[0] + rect["x"], route.offset[1] + rect["y"])),
                         px - rect["x"], py - rect["y"])
                    return
            done(route, result)

        picker_for(page, frame).call(method, px, py, callback=answered)

    step(None, Route(), x, y)


def select_chain(page: QWebEnginePage, selector: str) -> tuple[Route, Any]:
    """Resolve a chained selector (``iframe >> … >> element``, ``host >> inner``) synchronously, entering
    iframes as the page side reports them. Returns ``(route, answer)`` where ``answer`` is the innermost
    frame's ``select`` result."""
    frame: QWebEngineFrame | None = None
    route = Route()
    rest = selector
    while True:
        answer = picker_for(page, frame).call_sync("select", rest)
        if not (isinstance(answer, dict) and answer.get("kind") == "frame"):
            return route, answer
        info = answer["frame"]
        child = child_frame(frame or page.mainFrame(), info)
        if child is None or len(route.chain) >= MAX_FRAME_DEPTH:
            return route, {"count": 0, "error": f"the frame {info['selector']!r} is not reachable"}
        if not Picker(child).wait_ready(timeout_ms=5_000):
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


def frame_viewport_offset(page: QWebEnginePage, chain: list[str]) -> tuple[QWebEngineFrame, tuple[float, float]] | None:
    """Walk ``chain`` (iframe selectors from the top document) now: the innermost frame and the offset (CSS
    px) of its viewport in the top viewport, as the page is laid out and scrolled at this moment. ``None``
    when a step no longer names an iframe."""
    frame: QWebEngineFrame | None = None
    x = y = 0.0
    for selector in chain:
        info = picker_for(page, frame).call_sync("frameInfoOf", selector)
        if not isinstance(info, dict):
            return None
        child = child_frame(frame or page.mainFrame(), info)
        if child is None:
            return None
        x, y = x + info["rect"]["x"], y + info["rect"]["y"]
        frame = child
    return (frame, (x, y)) if frame is not None else None
