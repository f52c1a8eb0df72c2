"""Annotation mode's gestures beyond a click, turned into text, region and group annotations.

- **Drag** across text: a text range (``range.js``; drawn here, the page's own selection untouched).
- **Shift+drag**: a region, anywhere (empty space too), with the elements it covers and a crop of it.
- **Ctrl+click** (Cmd on macOS, which Qt reports as Ctrl) adds an element to a group, a second Ctrl+click on
  it takes it out; **Ctrl+drag** adds the elements inside the box. Releasing Ctrl ends the group (or, when the
  page did not have the keyboard then, the next plain click): one annotation, one note.
- A press and release without moving (:data:`DRAG_PX`) is the click it always was (pin one element).

Flow: the input guard's press/move/release (view px) → page calls routed to the frame under the press →
records → the session (the annotation's kind fields added to the pinned record: :mod:`app.ui.gesture_pins`) →
the note box. This module is the input side: the pointer and key events, what is drawn while dragging, and the
page calls that read each kind.
"""

from __future__ import annotations

import asyncio
import logging

from PySide6.QtCore import QObject, QPointF, QRectF, Qt
from pydantic import ValidationError

from app.capture.region import region_crop
from app.core.errors import PagenoteError
from app.core.tasks import spawn
from app.model.annotation import COVERS_CAP, GROUP_CAP, Annotation, ElementRecord
from app.ui.drag_overlay import DragOverlay
from app.ui.gesture_pins import common_ancestor, fresh_key, pin_kind
from app.webview.frames import Route, route_call

log = logging.getLogger("pagenote.annotate")

#: A press that moves less than this (view px) before its release is a click.
DRAG_PX = 4
_GROUP_KEY = (Qt.KeyboardModifier.ControlModifier, Qt.Key.Key_Control)


class Gestures(QObject):
    """Drags and Ctrl+clicks of one tab's :class:`~app.ui.annotate.AnnotateController` ``controller``; the
    controller's plain click now fires on release. ``group``: the pending group's members, each ``(route,
    pick answer)`` in the order they were added."""

    def __init__(self, controller) -> None:
        super().__init__(controller)
        self.c = controller
        guard = controller.guard
        guard.clicked.disconnect(controller._click)       # a click is a release without a drag now
        guard.pressed.connect(self._pressed)
        guard.hovered.connect(self._moved)
        guard.released.connect(self._released)
        guard.double_clicked.connect(self._double_clicked)
        guard.key_released.connect(self._key_released)
        controller.mode_changed.connect(lambda on: None if on else self.cancel())
        controller.note_box.visibility_changed.connect(self._note_box_shown)
        self.start: QPointF | None = None
        self.modifiers = Qt.KeyboardModifier.NoModifier
        self.mode: str | None = None          # "text" | "region" | "box" while dragging
        self.text_route: Route | None = None  # the frame the text drag started in
        self.text_rects: list[QRectF] = []
        self.group: list[tuple[Route, dict]] = []
        self._busy = False
        self._text_started = None             # the task asking the page where the text drag started
        self._no_hover = False                # the controller's hover highlight is off during a drag
        self._overlay: DragOverlay | None = None
        self._double = False                  # the press being held is a double click's second

    # -- drawing ---------------------------------------------------------------------------------------------

    @property
    def overlay(self) -> DragOverlay:
        if self._overlay is None:
            self._overlay = DragOverlay(self.c.view)
        return self._overlay

    def _zoom(self) -> float:
        return self.c.view.zoomFactor() or 1.0

    def _draw(self, end: QPointF | None = None) -> None:
        rect = QRectF(self.start, end).normalized() if end is not None and self.mode in ("region", "box") else None
        z = self._zoom()
        members = [QRectF((v["x"] + r.offset[0]) * z, (v["y"] + r.offset[1]) * z, v["width"] * z, v["height"] * z)
                   for r, a in self.group if (v := a.get("viewport"))]
        self.overlay.show_state(rect, self.text_rects, members)

    # -- pointer -----------------------------------------------------------------------------------------------

    def _pressed(self, pos: QPointF, modifiers) -> None:
        if not self.c.active:
            return
        self.start, self.modifiers, self.mode = QPointF(pos), Qt.KeyboardModifier(modifiers), None
        self.text_rects = []
        self._double = False

    def _double_clicked(self, _pos: QPointF) -> None:
        self._double = self.start is not None

    def _moved(self, pos: QPointF) -> None:
        if self.start is None or not self.c.active:
            return
        if self.mode is None:
            if (pos - self.start).manhattanLength() < DRAG_PX:
                return
            if self.c.note_box.isVisible():
                self.c._note_confirmed(self.c.note_box.text())
                self.c.note_box.hide()
            self._hover_paused(True)
            if self.modifiers & Qt.KeyboardModifier.ShiftModifier:
                self.mode = "region"
            elif self.modifiers & _GROUP_KEY[0]:
                self.mode = "box"
            else:
                self.mode, self.text_route = "text", None
                self._text_started = spawn(self._text_start(self.start), "text range")
        if self.mode == "text":
            if not self._busy and self.text_route is not None:
                self._busy = True
                spawn(self._text_to(pos), "text range")
            return
        self._draw(pos)

    def _released(self, pos: QPointF) -> None:
        start, mode, self.start, self.mode = self.start, self.mode, None, None
        self._hover_paused(False)
        if start is None or not self.c.active:
            return
        if mode is None:
            if self.modifiers & _GROUP_KEY[0]:
                spawn(self._group_add(pos), "group")
            elif self.group:   # Ctrl was released where the page did not see it: a plain click ends the group
                spawn(self._group_done(), "group")
            else:
                self.c._click(pos, double=self._double)
            return
        rect = QRectF(start, pos).normalized()
        if mode == "region":
            spawn(self._region_done(rect), "region")
        elif mode == "box":
            spawn(self._box_done(rect), "group")
        else:
            spawn(self._text_done(pos), "text range")
        self._draw()

    def _key_released(self, key: int) -> None:
        if key == _GROUP_KEY[1] and self.group and self.start is None:
            spawn(self._group_done(), "group")

    def cancel(self) -> None:
        """Drop a drag and a pending group (the mode was left)."""
        self.start, self.mode, self.group, self.text_rects = None, None, [], []
        self._hover_paused(False)
        if self._overlay is not None:
            self._draw()

    # -- helpers -----------------------------------------------------------------------------------------------

    def _hover_paused(self, on: bool) -> None:
        """During a drag the hover highlight and its label are off (they would follow the pointer over what
        the drag draws); after it, hovering highlights again."""
        if on == self._no_hover:
            return
        self._no_hover = on
        c = self.c
        if on:
            c.guard.hovered.disconnect(c._hover)
            c._hover_next = None
            spawn(self._clear_hover(), "hover")
        else:
            c.guard.hovered.connect(c._hover)

    async def _clear_hover(self) -> None:
        # The move that started the drag may have sent a hover call already: clear after it answered.
        while self.c._hover_busy:
            await asyncio.sleep(0.02)
        if self._no_hover:
            self.c.bridge.post("clearHover", frame=self.c._hover_frame.frame)

    def _css(self, pos: QPointF) -> tuple[float, float]:
        return pos.x() / self._zoom(), pos.y() / self._zoom()

    # -- text --------------------------------------------------------------------------------------------------

    async def _text_start(self, start: QPointF) -> None:
        try:
            route, answer = await route_call(self.c.bridge, "rangeStart", *self._css(start))
        except PagenoteError as exc:
            log.info("rangeStart: %s", exc)
            return
        if isinstance(answer, dict) and answer.get("kind") == "text":
            self.text_route = route

    def _in_frame(self, route: Route, pos: QPointF) -> tuple[float, float]:
        x, y = self._css(pos)
        return x - route.offset[0], y - route.offset[1]

    async def _text_to(self, pos: QPointF) -> None:
        route = self.text_route
        try:
            rects = await self.c.bridge.call("rangeTo", *self._in_frame(route, pos), frame=route.frame)
        except PagenoteError:
            rects = []
        finally:
            self._busy = False
        z = self._zoom()
        self.text_rects = [QRectF((r["x"] + route.offset[0]) * z, (r["y"] + route.offset[1]) * z,
                                  r["width"] * z, r["height"] * z) for r in rects or []]
        if self.mode == "text":
            self._draw()

    async def _text_done(self, pos: QPointF) -> None:
        if self._text_started is not None:   # a quick drag ends before the page said where it started
            await self._text_started
        route, self.text_route, self.text_rects = self.text_route, None, []
        self._draw()
        if route is None:
            self.c.message.emit(self.tr("Drag across text to annotate it (no text where the drag started)"))
            return
        try:
            answer = await self.c.bridge.call("rangeEnd", *self._in_frame(route, pos), frame=route.frame)
            if not isinstance(answer, dict) or answer.get("kind") != "text":
                self.c.message.emit(self.tr("No text was selected"))
                return
            record = await self.c.annotator.record_of(route, answer)
        except (PagenoteError, ValidationError, KeyError) as exc:
            log.warning("text range: %s", exc)
            self.c.message.emit(self.tr("Could not read that text range"))
            return
        viewport = answer.get("viewport")
        if viewport and route.chain:
            viewport = {**viewport, "x": viewport["x"] + route.offset[0], "y": viewport["y"] + route.offset[1]}
        # The words stay shown while their note box is open (cleared when it closes: _note_box_shown)
        z = self._zoom()
        self.text_rects = [QRectF((r["x"] + route.offset[0]) * z, (r["y"] + route.offset[1]) * z, r["width"] * z,
                                  r["height"] * z) for r in answer.get("rects") or []]
        self._draw()
        await pin_kind(self.c, await fresh_key(self.c, route, answer["id"]), record,
                       {"selection": answer["selection"]}, viewport)

    def _note_box_shown(self, visible: bool) -> None:
        """The note box closed: the text range drawn for it goes (a drag in progress keeps its own)."""
        if not visible and self.mode is None and self.text_rects:
            self.text_rects = []
            self._draw()

    # -- region ------------------------------------------------------------------------------------------------

    async def _region_done(self, rect: QRectF) -> None:
        z = self._zoom()
        x, y, w, h = rect.x() / z, rect.y() / z, rect.width() / z, rect.height() / z
        try:   # where it is first (no covers: their selectors follow the marker)
            info = await self.c.bridge.call("region", x, y, w, h, 0)
            record = ElementRecord(url=info.get("url", ""), title=info.get("title", ""))
            kind = {"region": {"rect": info["rect"], "covers": []}}
            Annotation.model_validate(kind)
        except (PagenoteError, ValidationError, KeyError, TypeError) as exc:
            log.warning("region: %s", exc)
            self.c.message.emit(self.tr("Could not read that region"))
            return

        async def covers() -> dict:
            more = await self.c.bridge.call("region", x, y, w, h, COVERS_CAP)
            return {"region": {"rect": info["rect"], "covers": more["covers"]}}

        pin_id = await fresh_key(self.c, Route(), info["id"])
        number = await pin_kind(self.c, pin_id, record, kind, {"x": x, "y": y, "width": w, "height": h}, covers)
        try:
            shot = await region_crop(self.c.tab.capture.shooter(), number, info["rect"])
            self.c.session.set_screenshot(pin_id, shot.path)
        except PagenoteError as exc:
            self.c.session.set_screenshot_error(pin_id, exc.name, exc.message)
        except (OSError, KeyError) as exc:
            log.warning("region crop: %s", exc)

    # -- group -------------------------------------------------------------------------------------------------

    async def _group_add(self, pos: QPointF) -> None:
        try:
            route, answer = await route_call(self.c.bridge, "pick", *self._css(pos))
        except PagenoteError as exc:
            log.info("group pick: %s", exc)
            return
        if not isinstance(answer, dict) or answer.get("kind") != "element":
            return
        self._toggle_member(route, answer)

    def _toggle_member(self, route: Route, answer: dict) -> None:
        for i, (r, a) in enumerate(self.group):
            if r.key == route.key and a["id"] == answer["id"]:
                del self.group[i]
                break
        else:
            if len(self.group) < GROUP_CAP:
                self.group.append((route, answer))
        self._draw()
        self.c.message.emit(self.tr("Group: %n element(s) · release Ctrl to write the note", "", len(self.group)))

    async def _box_done(self, rect: QRectF) -> None:
        z = self._zoom()
        try:
            found = await self.c.bridge.call("elementsInBox", rect.x() / z, rect.y() / z, rect.width() / z,
                                             rect.height() / z, GROUP_CAP)
        except PagenoteError as exc:
            log.info("elementsInBox: %s", exc)
            return
        known = {a["id"] for r, a in self.group if not r.chain}
        for answer in found or []:
            if answer["id"] not in known and len(self.group) < GROUP_CAP:
                self.group.append((Route(), {**answer, "kind": "element"}))
        self._draw()
        self.c.message.emit(self.tr("Group: %n element(s) · release Ctrl to write the note", "", len(self.group)))

    async def _group_done(self) -> None:
        members = list(self.group)
        try:
            # Each member's record is made already (its Ctrl+click): only the Source: hints are asked, together.
            records = list(await asyncio.gather(*(self.c.annotator.record_of(r, a) for r, a in members)))
        except (PagenoteError, ValidationError, KeyError) as exc:
            log.warning("group: %s", exc)
            self.c.message.emit(self.tr("Could not read the group's elements"))
            return
        finally:
            self.group = []
            self._draw()
        self.c.message.emit("")   # "release Ctrl to write the note" is done: the note box says what it is about
        first_route, first = members[0]
        page = ElementRecord(url=records[0].url, title=records[0].title)
        # The note box keeps clear of every member, not only the first: it is placed beside their union.
        shown = [QRectF(v["x"] + r.offset[0], v["y"] + r.offset[1], v["width"], v["height"])
                 for r, a in members if (v := a.get("viewport"))]
        viewport = None
        if shown:
            union = shown[0]
            for rect in shown[1:]:
                union = union.united(rect)
            viewport = {"x": union.x(), "y": union.y(), "width": union.width(), "height": union.height()}
        if len(records) == 1:   # one element (one Ctrl+click, a box catching one): an element annotation
            await pin_kind(self.c, await fresh_key(self.c, first_route, first["id"]), records[0], {}, viewport)
            return

        async def ancestor() -> dict:   # a selector: after the marker
            return {"common_ancestor": await common_ancestor(self.c, members)}

        await pin_kind(self.c, await fresh_key(self.c, first_route, first["id"]), page,
                       {"elements": [r.model_dump() for r in records], "common_ancestor": ""}, viewport, ancestor)
