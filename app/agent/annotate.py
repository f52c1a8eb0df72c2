"""The socket's ``annotate`` method: Playwright MCP's ``browser_annotate`` done pagenote's way (issue 27,
requirement 5) — the notes the user pins are bound to elements, and the agent gets refs it can act on.

``annotate(timeout_ms?)`` turns annotation mode on in the user's window, in the tab active when the call
starts, with the mode strip saying that an agent asked for notes; then it waits for the user's Send (the same
:class:`~app.agent.methods.Hub` a ``annotations.wait`` is answered from: the request takes the next sent batch,
which counts as delivered to it). Answers (``outcome``):

- ``sent`` → ``{outcome, batch, screenshot, refs, tab}``: ``batch`` is the sent batch's view (its ``markdown``
  and model, as ``annotations.wait`` gives it); ``screenshot`` the tab's viewport after Send with the sent
  annotations outlined and numbered (``{path, width, height, annotated: [numbers drawn]}``, or ``{error}``
  when it could not be taken); ``refs`` one entry per annotation (at most :data:`MAX_REFS`): ``{annotation,
  selector, ref, snapshot_id, line}`` when the element has a line in a fresh snapshot (``line``: that line;
  act on it at once with ``ref`` + ``snapshot_id``), else ``{annotation, selector?, reason}`` (a generic
  element has no line — ``selector`` still names it —, a region is no element, the element left the page, it
  was pinned in another tab). Annotation mode goes off again when this request turned it on.
- ``left`` (the user left annotation mode, or the window showed another tab), ``closed`` (the tab closed),
  ``timed_out`` → ``{outcome, batch: null, unsent, tab}``: nothing was sent; ``unsent`` annotations stay in
  the window (a later Send goes to ``wait_for_annotations``).

A batch sent before the call (pending) is not taken: the agent asked for new notes (``annotations.wait``
returns it). Several requests at once all take the same Send.

Errors: ``ANNOTATE_NEEDS_WINDOW`` in ``pagenote serve`` (no window: nobody could pin anything), ``NO_PAGE``,
``PAGE_LOAD_FAILED`` when the tab shows Chromium's error page (annotation mode cannot start there),
``INVALID_PARAMS`` for ``timeout_ms`` outside :data:`MIN_WAIT_MS`..:data:`~app.agent.methods.MAX_WAIT_MS`.

The window plugs in its side as ``app.annotation_ui`` (an :class:`AnnotationUi`, :mod:`app.ui.agent_annotate`);
nothing here imports the UI.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any, Protocol

from pydantic import BaseModel, ConfigDict, Field, StrictInt

from app.agent.methods import MAX_WAIT_MS
from app.agent.snapshots import SnapshotParams
from app.agent.store import SentBatch
from app.agent.tabs import tab_stamp
from app.core.errors import PagenoteError
from app.model.annotation import Annotation, ElementRecord
from app.tabs.snapshot import render_line
from app.webview.frames import frame_viewport_offset

#: Shortest wait (ms): the user needs time to pin anything at all.
MIN_WAIT_MS = 1_000
#: The default wait (ms): the longest a socket wait may take (``annotations.wait``'s bound).
DEFAULT_WAIT_MS = MAX_WAIT_MS
#: Annotations whose elements get a ref (each costs one scoped snapshot); the rest are named by selector.
MAX_REFS = 20
#: The scoped snapshot that finds an element's line: only its first line is read.
_SCOPE_CHARS, _SCOPE_NODES = 400, 4
#: Roles that make no snapshot line of their own (the element's children are listed in its place).
_NO_LINE = frozenset({"", "generic", "none", "presentation"})


class AnnotateParams(BaseModel):
    """``annotate`` params: how long to wait for the user's Send, in ms."""

    model_config = ConfigDict(extra="forbid", strict=True)
    timeout_ms: StrictInt = Field(default=DEFAULT_WAIT_MS, ge=MIN_WAIT_MS, le=MAX_WAIT_MS)


class AnnotationUi(Protocol):
    """The window's side (``app.annotation_ui``)."""

    def begin(self, tab: Any, ended: Callable[[str], None]) -> Callable[[bool], None]:
        """Show ``tab`` and turn annotation mode on there, the mode strip saying an agent asked for notes.
        ``ended("left" | "closed")`` is called when the user leaves the mode or the tab closes. Returns
        ``finish(sent)``: the strip as before, and the mode off when ``sent`` and this request turned it on.
        Raises ``PAGE_LOAD_FAILED`` when the mode cannot start (Chromium's error page)."""
        ...


def annotate_table(host: Any) -> dict:
    """The ``annotate`` entry of the dispatch table over ``host`` (a :class:`~app.agent.host.TabsHost`)."""

    async def annotate(params: AnnotateParams) -> dict:
        return await request_notes(host, params.timeout_ms)

    return {"annotate": (AnnotateParams, annotate)}


async def request_notes(host: Any, timeout_ms: int) -> dict:
    """The ``annotate`` method (module docstring). Raises the errors listed there."""
    app = host.app
    ui: AnnotationUi | None = getattr(app, "annotation_ui", None)
    if ui is None:
        raise PagenoteError("ANNOTATE_NEEDS_WINDOW", "browser_annotate: this pagenote runs without a window "
                            "(pagenote serve), so nobody can pin notes")
    tab = app.active_tab
    if tab is None:
        raise PagenoteError("NO_PAGE", "no tab is open")
    outcome: asyncio.Future = asyncio.get_running_loop().create_future()

    def settle(result: tuple[str, SentBatch | None]) -> None:
        if not outcome.done():
            outcome.set_result(result)

    def take(sent: SentBatch) -> None:
        settle(("sent", sent))

    finish = ui.begin(tab, lambda reason: settle((reason, None)))
    app.hub.takers.append(take)
    try:
        try:
            kind, sent = await asyncio.wait_for(asyncio.shield(outcome), timeout_ms / 1000)
        except TimeoutError:
            kind, sent = "timed_out", None
    finally:
        if take in app.hub.takers:
            app.hub.takers.remove(take)
        finish(outcome.done() and outcome.result()[0] == "sent")
    stamp = tab_stamp(tab) if tab in app.tabs else {"id": tab.id, "origin": ""}
    if sent is None:
        return {"outcome": kind, "batch": None, "unsent": len(app.batch_session.pins), "tab": stamp}
    # The window archived the sent pins (their ids: sent_ids) in the same step as the hub's answer, before this
    # coroutine resumed.
    result: dict[str, Any] = {"outcome": "sent", "batch": sent.view(), "tab": stamp}
    if tab in app.tabs:
        ids = tab.session.sent_ids.get(sent.id) or []
        result["screenshot"] = await _screenshot(tab, ids)
        result["refs"] = await _refs(host, tab, sent.batch.annotations, ids)
    else:
        result["screenshot"] = {"error": "the tab closed after Send"}
        result["refs"] = []
    return result


async def _screenshot(tab: Any, ids: list[str]) -> dict:
    """The tab's viewport with the sent annotations of ``ids`` (their page ids, ``""`` for another tab's) outlined
    and numbered (:meth:`app.capture.shots.Shooter.viewport`): ``{path, width, height, annotated}``, or
    ``{error}`` (a capture's registry name and message)."""
    pins = [(n, pin_id) for n, pin_id in enumerate(ids, 1) if pin_id]
    try:
        await tab.settled()
        framed = await _frame_rects(tab, [pin_id for _, pin_id in pins])
        clean, drawn = await tab.capture.shooter().viewport(pins, annotated=True, extra_rects=framed)
    except (PagenoteError, OSError) as exc:
        name = getattr(exc, "name", "CAPTURE_FAILED")
        return {"error": f"{name}: {getattr(exc, 'message', str(exc))}"}
    shot = drawn or clean
    return {"path": shot.path, "width": shot.width, "height": shot.height,
            "annotated": list(getattr(drawn, "annotations", []) or [])}


async def _frame_rects(tab: Any, ids: list[str]) -> dict[str, dict]:
    """Top-viewport rects (CSS px) of the sent pins of ``ids`` that are inside iframes, measured now (the main
    frame's are measured by the shooter); a frame that no longer answers is left out. The sent pins left the
    session, so :meth:`app.webview.annotator.Annotator.frame_pin_rects` (which walks the session's) cannot."""
    out: dict[str, dict] = {}
    for pin_id in ids:
        route, page_id = tab.annotator.target(pin_id)
        if not route.chain:
            continue
        try:
            found = await frame_viewport_offset(tab.bridge, route.chain)
            if found is None:
                continue
            frame, (ox, oy) = found
            rect = (await tab.bridge.call("pinnedRects", [page_id], False, frame=frame) or {}).get(page_id)
        except PagenoteError:
            continue
        if rect:
            out[pin_id] = {**rect, "x": rect["x"] + ox, "y": rect["y"] + oy}
    return out


def _records(annotation: Annotation) -> list[ElementRecord]:
    """The element records an annotation points at: a group's elements, else its element (a region: none)."""
    if annotation.kind == "group":
        return list(annotation.elements)
    if annotation.kind == "region":
        return []
    return [annotation.element] if annotation.element.selector else []


async def _refs(host: Any, tab: Any, annotations: tuple[Annotation, ...], ids: list[str]) -> list[dict]:
    """One entry per annotation (module docstring), each element found by its record's selector (in its frame
    chain) through a snapshot scoped to it: the element's own line is that snapshot's first line."""
    keeper = host._snapshots()
    out: list[dict] = []
    for n, annotation in enumerate(annotations[:MAX_REFS], 1):
        if n > len(ids) or not ids[n - 1]:
            out.append({"annotation": n, "reason": "pinned in another tab: select it and take a snapshot"})
            continue
        records = _records(annotation)
        if not records:
            out.append({"annotation": n, "reason": "a region of the page, not an element"})
            continue
        for record in records:
            out.append({"annotation": n, **await _ref_of(keeper, tab, record)})
    if len(annotations) > MAX_REFS:
        out.append({"annotation": MAX_REFS + 1, "reason": f"annotations {MAX_REFS + 1}..{len(annotations)} have "
                    "no ref here: use their selectors, or take a snapshot"})
    return out


async def _ref_of(keeper: Any, tab: Any, record: ElementRecord) -> dict:
    """``{selector, ref, snapshot_id, line}`` for ``record``'s element, or ``{selector, reason}``."""
    selector = f"{record.frame} >> {record.selector}" if record.frame else record.selector
    if record.role in _NO_LINE:
        return {"selector": selector, "reason": "a generic element has no snapshot line: act on it by selector"}
    try:
        taken = await keeper.snapshot(tab, SnapshotParams(selector=selector, mode="full", max_chars=_SCOPE_CHARS,
                                                          max_nodes=_SCOPE_NODES))
    except PagenoteError as exc:
        return {"selector": selector, "reason": f"{exc.name}: {exc.message}"}
    first = _first_line(keeper, taken["snapshot_id"])
    if first is None or first[0].split(" ", 1)[0].rstrip(":") != record.role:
        return {"selector": selector, "reason": "its element has no snapshot line of its own now"}
    line, ref = first
    return {"selector": selector, "ref": ref, "snapshot_id": taken["snapshot_id"], "line": line}


def _first_line(keeper: Any, snapshot_id: str) -> tuple[str, str] | None:
    """``(line without its "- ", ref with its frame prefix)`` of snapshot ``snapshot_id``'s first line, read from
    the page's answer (``[depth, head, ref, tail]``: the head holds page text, so the ref is never parsed out of
    the rendered line); ``None`` when that line has no ref."""
    taken = keeper.ids.get(snapshot_id)
    for part in (taken.parts.values() if taken is not None else ()):
        lines = part.answer.get("lines") or []
        if lines:
            depth, head, ref, tail = lines[0]
            if not ref:
                return None
            return render_line([0, head, ref, tail], part.prefix, 0)[2:], f"{part.prefix}{ref}"
    return None
