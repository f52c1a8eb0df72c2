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
from app.protocol.redact import redact_urls
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


async def route_call(bridge: PageBridge, method: str, x: float, y: float, *extra: Any) -> tuple[Route, Any]:
    """Call ``method(x, y, *extra)`` (top viewport CSS px) in the frame under the point, entering iframes as the page
    side reports them. Returns ``(route, answer)``: the innermost frame's answer and where it came from.
    Raises the bridge's errors (:mod:`app.webview.bridge`)."""
    page = bridge.page
    frame: QWebEngineFrame | None = None
    route = Route()
    while True:
        result = await bridge.call(method, x, y, *extra, frame=frame)
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



Box = tuple[float, float, float, float]  # left, top, right, bottom (CSS px)


def _intersect(a: Box, b: Box) -> Box | None:
    """The overlap of two ``(left, top, right, bottom)`` boxes, or ``None`` when they do not overlap."""
    box = (max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3]))
    return box if box[0] < box[2] and box[1] < box[3] else None


def _box(r: dict, dx: float = 0.0, dy: float = 0.0) -> Box:
    return (r["x"] + dx, r["y"] + dy, r["x"] + dx + r["width"], r["y"] + dy + r["height"])


def _rect(box: Box) -> dict:
    return {"x": box[0], "y": box[1], "width": box[2] - box[0], "height": box[3] - box[1]}


def _unverified(where: str, why: str) -> PagenoteError:
    return PagenoteError("CAPTURE_REDACTION_UNVERIFIED", f"the secret fields of {where} could not be found ({why}); "
                                                         "the image was not saved")


def _same_size(viewport: dict, frame: dict) -> bool:
    return abs(viewport["width"] - frame["width"]) <= 1 and abs(viewport["height"] - frame["height"]) <= 1


async def redaction_rects(bridge: PageBridge, doc: bool, region: Box | None = None,
                          timeout_ms: int = 3_000) -> list[dict]:
    """The rects (CSS px; top viewport coordinates, or top document coordinates when ``doc``) to fill solid in
    an image of the page: the secret fields and ``data-pagenote-redact`` subtrees (capture.js
    ``redactionRects``) of the main frame and of every frame in it — asked of each frame's own page script,
    cross-origin frames included, nested up to :data:`MAX_FRAME_DEPTH` — moved to where the frame is drawn
    and clipped to its iframe's content box (and its ancestors'). ``region`` (``left, top, right, bottom`` in
    the same coordinates): what the image shows; iframes drawing nothing inside it need no answer.

    A child ``QWebEngineFrame`` is placed at every drawn iframe of its parent whose content box has the size of
    the child's viewport (as the child reports it): no document order or name is trusted, which Chromium's
    creation-ordered frame list and script-inserted frames would break; two iframes of one size each get both
    frames' rects (more is filled, never less). A transformed iframe (scaled, rotated) is filled whole when its
    document has anything to hide.

    Raises :class:`PagenoteError` ``CAPTURE_REDACTION_UNVERIFIED`` when a frame cannot be accounted for: a
    child's script is missing or does not answer (in time, ``timeout_ms`` per call) while an iframe of its size
    is drawn in ``region``, no child answers for a drawn iframe, a child with secret fields (or drawn frames of
    its own) matches no iframe its parent lists (an iframe in a closed shadow root: where it is drawn is
    unknown), the page's answer is malformed, or iframes nest deeper than :data:`MAX_FRAME_DEPTH` — an image
    whose secrets were not found must never be saved as a success. The main frame's own call raises the bridge's errors (``PAGE_CALL_TIMEOUT`` …) as they are.
    """
    out: list[dict] = []

    async def ask(frame: QWebEngineFrame | None, where: str) -> dict:
        if frame is None:  # the page itself: its own failure names the problem (PAGE_CALL_TIMEOUT …)
            answer = await bridge.call("redactionRects", doc)
        else:
            try:
                answer = await bridge.call("redactionRects", False, frame=frame, timeout_ms=timeout_ms)
            except PagenoteError as exc:
                raise _unverified(where, exc.name) from exc
        if not (isinstance(answer, dict) and isinstance(answer.get("rects"), list)
                and isinstance(answer.get("frames"), list) and isinstance(answer.get("viewport"), dict)):
            raise _unverified(where, "no answer from pagenote's page script")
        return answer

    # (frame, its answer, offset of its viewport, clip box, depth)
    todo = [(bridge.page.mainFrame(), await ask(None, "the page"), (0.0, 0.0),
             region or (-1e12, -1e12, 1e12, 1e12), 0)]
    while todo:
        frame, answer, (ox, oy), clip, depth = todo.pop()
        for r in answer["rects"]:
            if box := _intersect(clip, _box(r, ox, oy)):
                out.append(_rect(box))
        drawn = [(f, inner) for f in answer["frames"]
                 if f.get("drawn") and (inner := _intersect(clip, _box(f.get("bounds", f), ox, oy)))]
        valid = [child for child in frame.children() if child.isValid()]
        if not valid and not drawn:
            continue
        if depth + 1 > MAX_FRAME_DEPTH:
            raise _unverified(f"a frame nested deeper than {MAX_FRAME_DEPTH} frames", "too deep")
        children: list[tuple[QWebEngineFrame, dict]] = []
        for child in valid:
            where = f"the frame {redact_urls(child.url().toString())[:200]!r}"
            try:
                child_answer = await ask(child, where)
            except PagenoteError:
                size = child.size()
                if any(_same_size({"width": size.width(), "height": size.height()}, f) for f, _ in drawn):
                    raise  # it may be one of the drawn iframes: never guess
                continue
            shows = child_answer["rects"] or any(f.get("drawn") for f in child_answer["frames"])
            if shows and not any(_same_size(child_answer["viewport"], f) for f in answer["frames"]):
                # A frame with secret fields whose iframe this document does not list (in a closed shadow
                # root): where it is drawn cannot be known.
                raise _unverified(where, "its iframe cannot be found (in a closed shadow root?)")
            children.append((child, child_answer))
        for f, inner in drawn:
            matches = [(c, a) for c, a in children if _same_size(a["viewport"], f)]
            if not matches:
                src = f.get("src") or "about:blank"
                raise _unverified(f"the iframe {f.get('name') or src!r}", "no frame of its size answered")
            content = _intersect(inner, _box(f, ox, oy))
            for child, child_answer in matches:
                if f.get("transformed"):
                    # Its document's own coordinates do not say where its pixels are: fill all of it.
                    if child_answer["rects"] or child_answer["frames"]:
                        out.append(_rect(inner))
                elif content is not None:
                    todo.append((child, child_answer, (f["x"] + ox, f["y"] + oy), content, depth + 1))
    return out
