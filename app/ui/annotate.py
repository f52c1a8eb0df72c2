"""Annotation mode: the input guard, the note box and the pointer, turned into intents on a tab's
:class:`~app.webview.annotator.Annotator`.

Flow (one way): pointer events (InputGuard) → routed page calls (hover, pick) → element records → the
annotator's session → markers measured in the page, drawn by the host (:mod:`app.ui.marks`), and rows in
the panel.

The hover follows the pointer: leaving the page view clears the highlight and its label; when the page moves
under a pointer that stands still (scroll, resize, zoom, DOM changes), the page script hit-tests the last
point again (``pointer.js``), or asks for a new routed hover at the last view position (the scene feed's
``rehover``: the point is over an iframe, or the page was zoomed).
"""

from __future__ import annotations

import logging

from PySide6.QtCore import QObject, QPointF, QRectF, Signal
from pydantic import ValidationError

from app.core.errors import PagenoteError
from app.core.placement import Box, place_badges
from app.core.tasks import spawn
from app.tabs.tab import Tab
from app.ui.gestures import Gestures
from app.ui.note_box import NoteBox
from app.ui.panel_rows import annotation_summary
from app.webview.frames import Route, route_call
from app.webview.input_guard import InputGuard

log = logging.getLogger("pagenote.annotate")


class AnnotateController(QObject):
    """Owns annotation mode for one tab.

    Signals: ``mode_changed(bool)``; ``message(str)`` for the status bar; ``undoable(str, callable)`` for a
    status-bar message with an Undo button.
    """

    mode_changed = Signal(bool)
    message = Signal(str)
    #: (status text, undo callable): a discarded new note the status bar offers to bring back.
    undoable = Signal(str, object)

    def __init__(self, tab: Tab) -> None:
        super().__init__(tab.view)
        self.tab = tab
        self.view = tab.view
        self.bridge = tab.bridge
        self.annotator = tab.annotator
        self.session = tab.session
        self.guard = InputGuard(self.view)
        self.note_box = NoteBox(self.view)
        self.active = False
        self.editing: str | None = None     # pin id whose note is open
        self.editing_new = False            # the open note belongs to a pin made by this click
        self.marks = None                   # the window's MarksOverlay (badge hit tests, note placement)
        self._hover_busy = False
        self._hover_next: QPointF | None = None
        self._hover_frame = Route()                       # where the last hover landed
        self._pointer: QPointF | None = None              # the pointer over the page view (None: off it)
        self._picking = 0                                 # plain-click picks awaiting the page
        self._picks = 0                                   # plain-click picks started (the newest opens its box)
        self.guard.hovered.connect(self._hover)
        self.guard.hovered.connect(self._track)
        self.guard.left.connect(self._left)
        self.annotator.scene.rehover.connect(self._rehover)
        self.guard.clicked.connect(self._click)
        self.guard.escape_pressed.connect(lambda: self.set_mode(False))
        self.guard.step.connect(self.step)
        self.note_box.confirmed.connect(self._note_confirmed)
        self.note_box.cancelled.connect(self._note_cancelled)
        self.note_box.delete_requested.connect(lambda: self.delete(self.editing) if self.editing else None)
        self.gestures = Gestures(self)      # drags and Ctrl+clicks: text ranges, regions, groups
        self.session.subscribe(self._retitle)   # a pin's record arrives after its note box opened

    @property
    def anchors(self):
        """Pin id → (frame route, page-side id): the annotator's map."""
        return self.annotator.anchors

    # -- mode --------------------------------------------------------------------------------------------

    def set_mode(self, on: bool) -> None:
        """Enter or leave annotation mode. Leaving removes the highlight; markers stay."""
        if on == self.active:
            return
        if on and self._error_page():
            self.mode_changed.emit(False)  # the toolbar's check follows: the mode did not start
            return
        closed = ""
        if not on and self.note_box.isVisible():
            closed = self._close_note_on_leave()
        self.active = on
        self.guard.set_active(on)
        if not on:
            self._pointer = None
            self._clear_hover()
        self.mode_changed.emit(on)
        # On, the status line is emptied: the mode strip under the page says what a click does (one place).
        self.message.emit("" if on else self.tr("Annotation mode off") + (f" · {closed}" if closed else ""))

    def _error_page(self) -> bool:
        """Whether the tab shows Chromium's error page for a failed load (:attr:`Tab.load_error`): nothing of
        the page to annotate, said on the status bar."""
        error = self.tab.load_error
        if error is not None:
            self.message.emit(self.tr("The page did not load ({0}): this is Chromium's error page, not the page. "
                                      "Reload or open the page, then annotate").format(error["text"]))
        return error is not None

    def _close_note_on_leave(self) -> str:
        """The mode is left with the note box open: a new annotation without a note is cancelled, anything
        else is saved, so no empty annotation is left behind silently. Returns what was done, for the status
        bar."""
        text = self.note_box.text()
        self.note_box.hide()
        if self.editing_new and not text.strip():
            self._note_cancelled()
            return self.tr("the new annotation without a note was cancelled")
        number = self.session.number_of(self.editing) if self.editing in {p.id for p in self.session.pins} else 0
        self._note_confirmed(text)
        return self.tr("annotation {0} saved").format(number) if number else ""

    # -- pointer -----------------------------------------------------------------------------------------

    def _css(self, pos: QPointF) -> tuple[float, float]:
        zoom = self.view.zoomFactor() or 1.0
        return pos.x() / zoom, pos.y() / zoom

    def _track(self, pos: QPointF) -> None:
        self._pointer = pos

    def _left(self) -> None:
        """The pointer left the page view: no highlight, no label, and nothing follows a page change."""
        self._pointer = self._hover_next = None
        if self.active:
            self._clear_hover()

    def _clear_hover(self) -> None:
        """Clear the highlight in the frame it is in and make the page scripts forget the pointer there and in
        the main frame (which keeps the point while the pointer is over one of its iframes); the host draws no
        highlight until the next hover."""
        self.bridge.post("clearHover", frame=self._hover_frame.frame)
        if self._hover_frame.chain:
            self.bridge.post("clearHover")
        self.annotator.scene.set_hover_frame(None)

    def _rehover(self) -> None:
        """A page script asked to hover again at the pointer's last position (the page moved under it in a way
        it cannot hit-test itself); not while a drag has the hover off (:mod:`app.ui.gestures`)."""
        if self.active and self._pointer is not None and not self.gestures._no_hover:
            self._hover(self._pointer)

    def _hover(self, pos: QPointF) -> None:
        # Coalesce: one hover call in flight; the latest position wins.
        if self._hover_busy:
            self._hover_next = pos
            return
        self._hover_busy = True
        spawn(self._hover_at(pos), "hover")

    async def _hover_at(self, pos: QPointF) -> None:
        result = None
        try:
            route, result = await route_call(self.bridge, "hover", *self._css(pos))
        except PagenoteError as exc:
            log.debug("hover: %s", exc)
            route = self._hover_frame
        finally:
            self._hover_busy = False
        old = self._hover_frame
        if old.chain != route.chain[:len(old.chain)]:
            # Moved out of an iframe (not into one of the old frame's: that frame's hover cleared itself and
            # keeps the point): clear the old highlight there.
            self.bridge.post("clearHover", frame=old.frame)
        self._hover_frame = route
        if self._pointer is None or not self.active:  # the pointer left the view, or the mode ended, meanwhile
            self._clear_hover()
            return
        # The highlight is drawn by the host (app.ui.marks) from the answer's scene, at once.
        self.annotator.scene.set_hover_frame(route)
        if isinstance(result, dict) and "scene" in result:
            self.annotator.scene.accept(route, result["scene"])
        if self._hover_next is not None:
            pos, self._hover_next = self._hover_next, None
            self._hover(pos)

    def step(self, direction: str) -> None:
        """Alt+Up (``"up"``) / Alt+Down (``"down"``): the hover candidate's parent, or the next element of the hit-test stack at the
        pointer, wrapping (issue 9 §3), in the frame the pointer is over; the next click inside it pins it."""
        if self.active:
            self.bridge.post("hoverStep", direction, frame=self._hover_frame.frame)
            self.annotator.scene.refresh(self._hover_frame)

    def _click(self, pos: QPointF, double: bool = False) -> None:
        """A plain click at ``pos`` (view px). ``double``: it is the second click of a double click (Qt's
        MouseButtonDblClick: the platform's interval and distance), ignored while the first one's pick is
        still on its way or its new note box is open and empty — a double click on a word is one annotation
        with its note box open, not an empty note saved and opened again."""
        if double and (self._picking or (self.note_box.isVisible() and self.editing_new
                                         and not self.note_box.text().strip())):
            return
        if self.note_box.isVisible():
            self._note_confirmed(self.note_box.text())
            self.note_box.hide()
        if self._error_page():  # the mode was on when the tab's load failed
            return
        mark = self.marks.badge_at(pos) if self.marks is not None else None
        if mark is not None:  # the badges are placed and drawn by the host: it hit-tests them too
            self.edit(self._pin_of(mark.frame, mark.id))
            return
        spawn(self._pick_at(pos), "pick")

    def _pin_of(self, frame_key: str, page_id: str) -> str:
        """The session id of the marker ``page_id`` shown by frame ``frame_key`` (``""``: the main frame)."""
        for pin_id, (route, pid) in self.anchors.items():
            if pid == page_id and route.key == frame_key:
                return pin_id
        return page_id

    async def _pick_at(self, pos: QPointF) -> None:
        self._picking += 1
        try:
            await self._pick(pos)
        finally:
            self._picking -= 1

    async def _pick(self, pos: QPointF) -> None:
        try:
            route, result = await route_call(self.bridge, "pick", *self._css(pos), True)   # the box now
        except PagenoteError as exc:
            log.info("pick: %s", exc)
            self.message.emit(self.tr("The page is not ready for annotation yet; try again in a moment"))
            return
        if not isinstance(result, dict) or result.get("kind") == "none":
            return
        if result["kind"] == "marker":
            self.edit(self.annotator.pin_key(route, result["id"]))
            return
        if result["kind"] == "frame":  # an iframe whose frame could not be entered
            self.message.emit(self.tr("That frame cannot be annotated (its document is not reachable)"))
            return
        try:
            record = await self.annotator.record_of(route, result)
        except (ValidationError, KeyError, PagenoteError) as exc:
            log.warning("invalid element record from the page: %s", exc)
            self.message.emit(self.tr("Could not read that element (invalid record from the page)"))
            return
        pin_id = self.annotator.pin_key(route, result["id"])
        if any(p.id == pin_id for p in self.session.pins):
            self.edit(pin_id)
            return
        # The marker first: drawn selected from the start (one setMarkers), the note box (its placement and
        # layout take 3-10 ms of this thread) once the scene holds the marker, so the page's scene is not
        # queued behind it; the whole record follows the marker (Annotator.pin_box).
        self._picks += 1
        ticket = self._picks
        self.annotator.selected = pin_id
        self.annotator.pin_box(pin_id, record)
        await self.annotator.shown(pin_id)
        if (ticket != self._picks or not self.active or self.note_box.isVisible()
                or not any(p.id == pin_id for p in self.session.pins)):
            # Another click picked or opened a note meanwhile (this pin stays, its note empty), the mode ended,
            # or the pin went.
            if self.annotator.selected == pin_id:
                self.annotator.select(None)
            return
        viewport = result.get("viewport")
        if viewport and route.chain:
            viewport = {**viewport, "x": viewport["x"] + route.offset[0], "y": viewport["y"] + route.offset[1]}
        self._open_note(pin_id, self.session.number_of(pin_id), "", viewport, new=True)

    # -- notes ---------------------------------------------------------------------------------------------

    def _open_note(self, pin_id: str, number: int, text: str, viewport: dict | None, new: bool) -> None:
        self.editing, self.editing_new = pin_id, new
        self.note_box.open_beside(self._target_of(pin_id, viewport), self._note_title(pin_id, number), text,
                                  can_delete=True, new=new)
        if self.annotator.selected != pin_id:   # a new pin's marker is drawn selected already (_pick)
            self.annotator.select(pin_id)

    def _note_title(self, pin_id: str, number: int) -> str:
        """``Annotation 3 · button “Buy”``: the note box's title, with the panel row's words."""
        return self.tr("Annotation {0} · {1}").format(number, annotation_summary(self.session.get(pin_id).annotation))

    def _retitle(self) -> None:
        """The open note box's title follows its pin's record (made after the box opened: Annotator.pin_box)."""
        if not (self.editing and self.note_box.isVisible()):
            return
        try:
            title = self._note_title(self.editing, self.session.number_of(self.editing))
        except KeyError:
            return
        if title != self.note_box.full_title:
            self.note_box.set_title(title)

    def _target_of(self, pin_id: str, viewport: dict | None) -> QRectF:
        """What the note box must not cover, in view px: the element's box (``viewport``, top-viewport CSS px,
        else its marker's element box in the scene) united with its badge as drawn."""
        zoom = self.view.zoomFactor() or 1.0
        route, page_id = self.annotator.target(pin_id)
        badge = None
        for mark, rect in (self.marks.badges() if self.marks is not None else []):
            if mark.id == page_id and mark.frame == route.key:
                badge = rect
                if viewport is None:
                    viewport = {"x": mark.x, "y": mark.y, "width": mark.width, "height": mark.height}
        v = viewport or {"x": 8, "y": 8, "width": 0, "height": 0}
        target = QRectF(v["x"] * zoom, v["y"] * zoom, v.get("width", 0) * zoom, v.get("height", 0) * zoom)
        if badge is None and pin_id in {p.id for p in self.session.pins}:
            # A new pin's badge is not drawn yet: where the placement rule will put it (alone in the view).
            view = Box(0.0, 0.0, self.view.width() / zoom, self.view.height() / zoom)
            element = Box(v["x"], v["y"], v.get("width", 0), v.get("height", 0))
            [b] = place_badges([(self.session.number_of(pin_id), element, view)])
            badge = QRectF(b.x * zoom, b.y * zoom, b.width * zoom, b.height * zoom)
        return target.united(badge)

    def edit(self, pin_id: str) -> None:
        """Open the note box for an existing annotation, beside its element when it is on screen."""
        if not any(p.id == pin_id for p in self.session.pins):
            return
        if self.note_box.isVisible() and self.editing and self.editing != pin_id:
            self._note_confirmed(self.note_box.text())
        note = self.session.get(pin_id).annotation.note
        self._open_note(pin_id, self.session.number_of(pin_id), note, None, new=False)

    def delete(self, pin_id: str) -> None:
        """Delete an annotation; later numbers move up so they stay contiguous."""
        if self.editing == pin_id:
            self.note_box.hide()
            self.editing = None
            self.annotator.selected = None
        self.session.remove(pin_id)
        self.message.emit(self.tr("Annotation deleted"))

    def _note_confirmed(self, text: str) -> None:
        pin_id, self.editing = self.editing, None
        self.annotator.selected = None
        if pin_id and any(p.id == pin_id for p in self.session.pins):
            self.session.set_note(pin_id, text)
            self.message.emit(self.tr("Annotation {0} saved").format(self.session.number_of(pin_id)))
        self._return_focus()

    def keep_open_note(self) -> None:
        """Copy, Save and Send take the open note box's text as its note first, as Enter would: the exported
        note is what the user sees typed (the trial's Save wrote a note box still being typed in as no note)."""
        if self.editing:
            self.note_box.confirm_now()

    def _note_cancelled(self) -> None:
        pin_id, self.editing = self.editing, None
        self.annotator.selected = None
        if pin_id and self.editing_new:
            text = self.note_box.text()
            shared = self.session.shared
            pin = self.session.get(pin_id) if any(p.id == pin_id for p in self.session.pins) else None
            index = shared.pins.index(pin) if pin is not None else 0
            number = self.session.number_of(pin_id) if pin is not None else 0
            self.session.remove(pin_id)  # Esc on a new annotation cancels it
            if pin is not None and text.strip():
                self.undoable.emit(self.tr("Discarded annotation {0}").format(number),
                                   lambda: self._undiscard(pin, index, text))
            else:
                self.message.emit(self.tr("Annotation cancelled"))
        else:
            self.annotator.sync_markers()
        self._return_focus()

    def _undiscard(self, pin, index: int, text: str) -> None:
        """Put back ``pin`` (discarded by Esc) at batch position ``index`` with the note ``text`` typed into it,
        unless its element was annotated again meanwhile."""
        if any(p.id == pin.id for p in self.session.pins):
            return
        shared = self.session.shared
        shared.pins.insert(min(index, len(shared.pins)), pin)
        self.session.set_note(pin.id, text)   # tells the observers (panel, markers, drafts)
        if pin.recording:   # discarded before its record came: ask for it again (a send waits for it)
            self.annotator.finish_record(pin.id)
        self.message.emit(self.tr("Annotation {0} restored").format(self.session.number_of(pin.id)))

    def _return_focus(self) -> None:
        if self.active:
            self.view.setFocus()

    def shutdown(self) -> None:
        """Detach the input filter."""
        self.guard.shutdown()
