"""Annotation mode: wires the input guard, the page-side picker, the note box and the session together.

Flow (one way): pointer events (InputGuard) → picker calls in the page → element records → :class:`Session`
→ markers in the page and rows in the panel.
"""

from __future__ import annotations

import json
import logging

from PySide6.QtCore import QObject, QPoint, QPointF, QTimer, QUrl, Signal
from PySide6.QtWebEngineWidgets import QWebEngineView
from pydantic import ValidationError

from app.model.annotation import ElementRecord
from app.model.session import Session
from app.ui.note_box import NoteBox
from app.webview.input_guard import InputGuard
from app.webview.frames import Route, in_top_document, picker_for, route_call
from app.webview.picker import Picker

log = logging.getLogger("pagenote.annotate")

#: How often the page is asked for re-anchoring changes, in ms.
ANCHOR_POLL_MS = 400


class AnnotateController(QObject):
    """Owns annotation mode for one view.

    Signals: ``mode_changed(bool)``; ``message(str)`` for the status bar.
    """

    mode_changed = Signal(bool)
    message = Signal(str)

    def __init__(self, view: QWebEngineView, picker: Picker, session: Session) -> None:
        super().__init__(view)
        self.view = view
        self.picker = picker
        self.session = session
        self.guard = InputGuard(view)
        self.note_box = NoteBox(view)
        self.active = False
        self.editing: str | None = None     # pin id whose note is open
        self.editing_new = False            # the open note belongs to a pin made by this click
        self._hover_busy = False
        self._hover_next: QPointF | None = None
        self._hover_frame = Route()                       # where the last hover landed
        self.anchors: dict[str, tuple[Route, str]] = {}   # pin id → (frame route, page-side id)
        self._marker_frames: dict[str, Route] = {}        # frames that show markers now
        self.guard.hovered.connect(self._hover)
        self.guard.clicked.connect(self._click)
        self.guard.escape_pressed.connect(lambda: self.set_mode(False))
        self.guard.step.connect(self._step)
        self.note_box.confirmed.connect(self._note_confirmed)
        self.note_box.cancelled.connect(self._note_cancelled)
        self.note_box.delete_requested.connect(lambda: self.delete(self.editing) if self.editing else None)
        session.subscribe(self.sync_markers)
        view.loadFinished.connect(lambda _ok: self.sync_markers())
        # SPA routes (pushState/replaceState/popstate) change the URL without a load: markers follow pages.
        view.urlChanged.connect(lambda _url: self.sync_markers())
        # Re-anchoring results come from the page side; poll them while this page shows annotations.
        self._anchor_timer = QTimer(self)
        self._anchor_timer.setInterval(ANCHOR_POLL_MS)
        self._anchor_timer.timeout.connect(self.poll_anchors)
        self._anchor_timer.start()

    # -- mode --------------------------------------------------------------------------------------------

    def set_mode(self, on: bool) -> None:
        """Enter or leave annotation mode. Leaving removes the highlight; markers stay."""
        if on == self.active:
            return
        if not on and self.note_box.isVisible():
            self._note_confirmed(self.note_box.text())
            self.note_box.hide()
        self.active = on
        self.guard.set_active(on)
        if not on:
            self.picker.call("clearHover")
        self.mode_changed.emit(on)
        self.message.emit("Annotation mode: click an element to pin a note · Esc to leave" if on
                          else "Annotation mode off")

    # -- pointer -----------------------------------------------------------------------------------------

    def _css(self, pos: QPointF) -> tuple[float, float]:
        zoom = self.view.zoomFactor() or 1.0
        return pos.x() / zoom, pos.y() / zoom

    def _hover(self, pos: QPointF) -> None:
        # Coalesce: one hover call in flight; the latest position wins.
        if self._hover_busy:
            self._hover_next = pos
            return
        self._hover_busy = True
        route_call(self.view.page(), "hover", *self._css(pos), self._hover_done)

    def _hover_done(self, route: Route, _result) -> None:
        self._hover_busy = False
        if route.key != self._hover_frame.key:  # moved into or out of an iframe: clear the old highlight
            picker_for(self.view.page(), self._hover_frame.frame).call("clearHover")
        self._hover_frame = route
        if self._hover_next is not None and self.active:
            pos, self._hover_next = self._hover_next, None
            self._hover(pos)

    def _step(self, direction: str) -> None:
        """Alt+Up / Alt+Down: the hover candidate's parent, or back toward the element under the pointer; the
        next click inside it pins it (issue #3 §5)."""
        if self.active:
            picker_for(self.view.page(), self._hover_frame.frame).call("hoverStep", direction)

    def _click(self, pos: QPointF) -> None:
        if self.note_box.isVisible():
            self._note_confirmed(self.note_box.text())
            self.note_box.hide()
        route_call(self.view.page(), "pick", *self._css(pos), self._picked)

    def pin_key(self, route: Route, page_id: str) -> str:
        """The session id of an element: its page-side id in the main frame, ``<frame chain>::<id>`` in an
        iframe (page-side ids are per frame)."""
        key = page_id if not route.chain else f"{route.key}::{page_id}"
        self.anchors[key] = (route, page_id)
        return key

    def _target(self, pin_id: str) -> tuple[Route, str]:
        return self.anchors.get(pin_id, (Route(), pin_id))

    def _picked(self, route: Route, result) -> None:
        if not isinstance(result, dict) or result.get("kind") == "none":
            if result is None:
                self.message.emit("The page is not ready for annotation yet; try again in a moment")
            return
        if result["kind"] == "marker":
            self.edit(self.pin_key(route, result["id"]))
            return
        if result["kind"] == "frame":  # an iframe whose frame could not be entered
            self.message.emit("That frame cannot be annotated (its document is not reachable)")
            return
        if route.chain and "top_scroll" not in result:
            # Nested runJavaScript waits deadlock inside a runJavaScript callback: ask for the top frame's
            # scroll (for top-document coordinates) asynchronously, then come back here.
            self.picker.call("viewportState", callback=lambda state: self._picked(
                route, {**result, "top_scroll": (state or {}).get("scroll") or {"x": 0, "y": 0}}))
            return
        try:
            raw = result["record"]
            if route.chain:
                raw = in_top_document(raw, result.get("viewport"), route, result["top_scroll"])
            record = ElementRecord.model_validate(raw)
        except (ValidationError, KeyError) as exc:
            log.warning("invalid element record from the page: %s", exc)
            self.message.emit("Could not read that element (invalid record from the page)")
            return
        pin_id = self.pin_key(route, result["id"])
        if any(p.id == pin_id for p in self.session.pins):
            self.edit(pin_id)
            return
        number = self.session.add(pin_id, record, page=self.page_key())
        viewport = result.get("viewport")
        if viewport and route.chain:
            viewport = {**viewport, "x": viewport["x"] + route.offset[0], "y": viewport["y"] + route.offset[1]}
        self._open_note(pin_id, number, "", viewport, new=True)

    # -- notes ---------------------------------------------------------------------------------------------

    def _open_note(self, pin_id: str, number: int, text: str, viewport: dict | None, new: bool) -> None:
        self.editing, self.editing_new = pin_id, new
        element = self.session.get(pin_id).annotation.element
        zoom = self.view.zoomFactor() or 1.0
        anchor = QPoint(int((viewport or {}).get("x", 8) * zoom), int((viewport or {}).get("y", 8) * zoom))
        self.note_box.open_at(anchor, f"Annotation {number} · {element.tag}", text, can_delete=True)
        self.sync_markers()

    def edit(self, pin_id: str) -> None:
        """Open the note box for an existing annotation, at its marker when the marker is on screen."""
        try:
            number = self.session.number_of(pin_id)
        except KeyError:
            return
        note = self.session.get(pin_id).annotation.note

        route, page_id = self._target(pin_id)

        def placed(rect) -> None:
            if isinstance(rect, dict):
                rect = {**rect, "x": rect["x"] + route.offset[0], "y": rect["y"] + route.offset[1]}
            self._open_note(pin_id, self.session.number_of(pin_id), note, rect if isinstance(rect, dict) else None,
                            new=False)

        if self.note_box.isVisible() and self.editing and self.editing != pin_id:
            self._note_confirmed(self.note_box.text())
        self.editing = pin_id
        picker_for(self.view.page(), route.frame).call("markerViewport", page_id, callback=placed)
        log.debug("editing annotation %d", number)

    def delete(self, pin_id: str) -> None:
        """Delete an annotation; later numbers move up so they stay contiguous."""
        if self.editing == pin_id:
            self.note_box.hide()
            self.editing = None
        self.session.remove(pin_id)
        self.message.emit("Annotation deleted")

    def _note_confirmed(self, text: str) -> None:
        pin_id, self.editing = self.editing, None
        if pin_id and any(p.id == pin_id for p in self.session.pins):
            self.session.set_note(pin_id, text)
            self.message.emit(f"Annotation {self.session.number_of(pin_id)} saved")
        self._return_focus()

    def _note_cancelled(self) -> None:
        pin_id, self.editing = self.editing, None
        if pin_id and self.editing_new:
            self.session.remove(pin_id)  # Esc on a new annotation cancels it
            self.message.emit("Annotation cancelled")
        else:
            self.sync_markers()
        self._return_focus()

    def _return_focus(self) -> None:
        if self.active:
            self.view.setFocus()

    # -- markers -------------------------------------------------------------------------------------------

    def sync_markers(self) -> None:
        """Send the session's markers (numbers, selection) to each frame that shows annotations (and an empty
        list to frames that showed some before)."""
        groups: dict[str, tuple[Route, list[dict], list[str]]] = {"": (Route(), [], [])}
        for frame_key in self._marker_frames:
            groups.setdefault(frame_key, (self._marker_frames[frame_key], [], []))
        for marker in self.session.markers(selected=self.editing, page=self.page_key()):
            route, page_id = self._target(marker["id"])
            groups.setdefault(route.key, (route, [], []))[1].append({**marker, "id": page_id})
        for kept in self.session.kept_ids():
            route, page_id = self._target(kept)
            groups.setdefault(route.key, (route, [], []))[2].append(page_id)
        for key, (route, markers, keep) in groups.items():
            picker_for(self.view.page(), route.frame).call("setMarkers", json.dumps({"markers": markers, "keep": keep}))
        self._marker_frames = {key: route for key, (route, markers, keep) in groups.items() if key and (markers or keep)}

    def page_key(self) -> str:
        """The current page: its URL without the fragment (issue #3 §8)."""
        url = QUrl(self.view.url())
        url.setFragment(None)
        return url.toString()

    def poll_anchors(self) -> None:
        """Ask each frame that shows markers for re-anchoring changes (exact / rematched / stale) and record
        them in the session (issue #3 §7)."""
        if not any(p.page in (self.page_key(), "") for p in self.session.pins):
            return
        routes = {"": Route(), **self._marker_frames}
        for key, route in routes.items():
            by_page_id = {page_id: pin_id for pin_id, (r, page_id) in self.anchors.items() if r.key == key}

            def changed(result, by_page_id=by_page_id) -> None:
                if not isinstance(result, dict):
                    return
                for page_id, change in result.items():
                    pin_id = by_page_id.get(page_id, page_id)
                    element = None
                    if change.get("record"):
                        try:
                            element = ElementRecord.model_validate(change["record"])
                        except ValidationError:
                            element = None
                    self.session.set_anchor(pin_id, change.get("status", ""), element)

            picker_for(self.view.page(), route.frame).call("anchorChanges", callback=changed)

    def shutdown(self) -> None:
        """Stop polling and detach the input filter."""
        self._anchor_timer.stop()
        self.guard.shutdown()
