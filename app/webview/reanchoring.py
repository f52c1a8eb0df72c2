"""Back from the page to a tab's pins: re-anchoring statuses and the re-read before an export.

- :meth:`Reanchoring.poll_anchors`: each frame that shows markers says which pinned elements changed (exact /
  rematched / stale, ``anchorChanges``); the session records it (:meth:`~app.model.session.Session.set_anchor`).
- :meth:`Reanchoring.refresh`: the pins of the current page re-read from their live nodes right before an export
  (issue 9 §4, ``refreshPins``; :meth:`~app.model.session.Session.refresh`).

A mixin of :class:`~app.webview.annotator.Annotator`: it uses the annotator's ``bridge``, ``session``,
``anchors``, ``target``, ``page_key``, ``_marker_frames`` and ``_polling`` (one poll at a time).
"""

from __future__ import annotations

import logging
from datetime import UTC, datetime

from pydantic import ValidationError

from app.core.errors import PagenoteError
from app.model.annotation import ElementRecord
from app.webview.frames import Route, frame_viewport_offset, in_top_document

log = logging.getLogger("pagenote.annotate")


class Reanchoring:
    """What the page says about a tab's pinned elements after the pin; see the module docstring."""

    async def poll_anchors(self) -> None:
        """Ask each frame that shows markers for re-anchoring changes (exact / rematched / stale) and record
        them in the session. One poll at a time; a frame that does not answer is skipped this round."""
        if self._polling or not any(p.page in (self.page_key(), "") for p in self.session.pins):
            return
        self._polling = True
        try:
            for key, route in {"": Route(), **self._marker_frames}.items():
                try:
                    result = await self.bridge.call("anchorChanges", frame=route.frame, timeout_ms=3_000)
                except PagenoteError:
                    continue
                if not isinstance(result, dict):
                    continue
                by_page_id = {page_id: pin_id for pin_id, (r, page_id) in self.anchors.items() if r.key == key}
                boxed: list[str] = []
                for page_id, change in result.items():
                    element = None
                    if change.get("record"):
                        try:
                            element = ElementRecord.model_validate(change["record"])
                        except ValidationError:
                            element = None
                    pin_id = by_page_id.get(page_id, page_id)
                    self.session.set_anchor(pin_id, change.get("status", ""), element, change.get("reason") or "",
                                            candidates=change.get("candidates") or ())
                    boxed.append(pin_id)
                # A node that was hidden, shown again, re-rendered …: its rect and box are re-read now, so the
                # panel says "hidden" while it draws nothing (issue 9 §6).
                await self.refresh([p for p in boxed if p in {pin.id for pin in self.session.pins}])
        finally:
            self._polling = False

    async def refresh(self, pin_ids: list[str] | None = None) -> int:
        """Re-read the pins of the current page (``pin_ids``, or all of them) from their live nodes before an
        export (issue 9 §4): each frame re-checks its anchors now and answers ``refreshPins`` — the element's
        record (selector and XPath verified to name it; rect moved into top-document coordinates for iframes),
        or stale with the reason — and :meth:`Session.refresh` records it. A frame that does not answer (it
        navigated, the page is busy) is skipped: its pins keep their last records. Returns how many pins were
        re-read."""
        page = self.page_key()
        groups: dict[str, tuple[Route, list[tuple[str, str]]]] = {}
        for pin in self.session.pins:
            if pin.page in (page, "") and (pin_ids is None or pin.id in pin_ids):
                route, page_id = self.target(pin.id)
                groups.setdefault(route.key, (route, []))[1].append((pin.id, page_id))
        when = datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
        done = 0
        scroll = None
        for route, pins in groups.values():
            try:
                frame, offset = None, (0.0, 0.0)
                if route.chain:
                    found = await frame_viewport_offset(self.bridge, route.chain)
                    if found is None:
                        continue
                    frame, offset = found
                    if scroll is None:
                        scroll = (await self.bridge.call("viewportState", timeout_ms=3_000) or {}).get("scroll") \
                            or {"x": 0, "y": 0}
                result = await self.bridge.call("refreshPins", [page_id for _, page_id in pins], frame=frame,
                                                timeout_ms=3_000)
            except PagenoteError as exc:
                log.info("refresh before export skipped a frame: %s", exc)
                continue
            for pin_id, page_id in pins:
                answer = (result or {}).get(page_id) if isinstance(result, dict) else None
                if not isinstance(answer, dict):
                    continue
                element = None
                if isinstance(answer.get("record"), dict):
                    raw = answer["record"]
                    if route.chain:
                        raw = in_top_document(raw, answer.get("viewport"), Route(frame, route.chain, offset), scroll)
                    try:
                        element = ElementRecord.model_validate(raw)
                    except ValidationError as exc:
                        log.info("refresh: annotation %s: the page sent a bad record: %s", pin_id, exc)
                        continue
                self.session.refresh(pin_id, answer.get("status", ""), element, answer.get("reason") or "", when,
                                     candidates=answer.get("candidates") or ())
                done += 1
        return done
