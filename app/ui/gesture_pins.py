"""What a finished gesture of :mod:`app.ui.gestures` becomes in the session: a pin of its own.

- :func:`fresh_key`: the session id of an annotation on an element that may be annotated already (a text range
  inside a pinned element, a region on it …), with the page's second id for it (``aliasPin``).
- :func:`pin_kind`: the pin with the kind's fields (``selection`` | ``region`` | ``elements`` …), its note box
  opened once its marker is in the scene; the fields that follow the marker (:func:`fields_later`).
- :func:`common_ancestor`: a group's nearest common ancestor, as a selector chained through iframes.

Each takes the tab's :class:`~app.ui.annotate.AnnotateController` (``c``) the gestures belong to.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

from pydantic import ValidationError

from app.core.errors import PagenoteError
from app.core.tasks import spawn
from app.model.annotation import Annotation, ElementRecord
from app.webview.frames import Route, frame_viewport_offset

log = logging.getLogger("pagenote.annotate")


async def fresh_key(c, route: Route, page_id: str) -> str:
    """A session id for an annotation on page element ``page_id``: its pin key, or ``<key>~2`` … when that
    element is annotated already (a text range inside a pinned element, a region on it …); the page then
    knows the element by a second id ``<page id>~2`` too (``aliasPin``), so each annotation has its own
    marker and anchor (when the page does not answer, both share the element's id)."""
    annotator = c.annotator
    key = annotator.pin_key(route, page_id)
    taken = {p.id for p in c.session.pins}
    n, fresh = 1, key
    while fresh in taken:
        n += 1
        fresh = f"{key}~{n}"
    if fresh != key:
        alias = f"{page_id}~{n}"
        try:
            known = await c.bridge.call("aliasPin", page_id, alias, frame=route.frame)
        except PagenoteError as exc:
            log.info("aliasPin: %s", exc)
            known = False
        annotator.anchors[fresh] = (route, alias if known else page_id)
    return fresh


async def pin_kind(c, pin_id: str, record: ElementRecord, kind: dict, viewport: dict | None,
                   later: Callable[[], Awaitable[dict]] | None = None) -> int:
    """Pin ``record`` with the kind's fields (``selection`` | ``region`` | ``elements`` …) and open its note once
    its marker is in the scene, drawn selected from the start (a click's order: AnnotateController._pick).
    ``later``: what gives the fields that follow the marker (a region's covers, a group's common ancestor:
    selectors, 15-20 ms each on a large page), asked once the marker is in the scene; the pin says it is
    recording until they are in (a send waits). Returns the pin's number."""
    c.annotator.selected = pin_id
    number = c.annotator.pin(pin_id, record)
    pin = c.session.get(pin_id)
    pin.annotation = Annotation.model_validate({**pin.annotation.model_dump(), **kind, "kind": ""})
    pin.recording = later is not None
    c.session.set_note(pin_id, "")      # tells the session's observers (panel, markers)
    c._picks += 1
    ticket = c._picks
    await c.annotator.shown(pin_id)
    if later is not None:
        spawn(fields_later(c, pin_id, later), "annotation fields")
    if ticket == c._picks and c.active and not c.note_box.isVisible() and any(p is pin for p in c.session.pins):
        c._open_note(pin_id, c.session.number_of(pin_id), "", viewport, new=True)
    elif c.annotator.selected == pin_id:   # another pick or note came meanwhile, or the mode ended
        c.annotator.select(None)
    return number


async def fields_later(c, pin_id: str, later: Callable[[], Awaitable[dict]]) -> None:
    """Add ``later()``'s fields to pin ``pin_id``'s annotation and end its recording, whatever happens (the
    pin keeps what it has when the page cannot answer). Raises nothing but cancellation."""
    session, fields = c.session, None
    try:
        fields = await later()
    except (PagenoteError, ValidationError, KeyError, TypeError) as exc:
        log.warning("annotation %s: %s", pin_id, exc)
    finally:
        if any(p.id == pin_id for p in session.pins):
            pin = session.get(pin_id)
            if fields:
                try:
                    pin.annotation = Annotation.model_validate({**pin.annotation.model_dump(), **fields,
                                                                "kind": ""})
                except ValidationError as exc:
                    log.warning("annotation %s: %s", pin_id, exc)
            session.set_element(pin_id, None)   # ends the recording, tells the observers


async def common_ancestor(c, members: list[tuple[Route, dict]]) -> str:
    """The nearest common ancestor of ``members`` (``(route, pick answer)``), as a selector chained from the
    top document (``" >> "`` through iframes), asked in the deepest frame holding them all."""
    chains = [r.chain for r, _ in members]
    prefix: list[str] = []
    for steps in zip(*chains):
        if len(set(steps)) != 1:
            break
        prefix.append(steps[0])
    frame = None
    if prefix:
        found = await frame_viewport_offset(c.bridge, prefix)
        if found is None:
            return ""
        frame = found[0]
    ids = [a["id"] for r, a in members if len(r.chain) == len(prefix)]
    selectors = sorted({r.chain[len(prefix)] for r, _ in members if len(r.chain) > len(prefix)})
    selector = await c.bridge.call("commonAncestor", ids, selectors, frame=frame)
    return " >> ".join([*prefix, selector]) if selector else ""
