"""Choose the element of an ambiguous annotation among its candidates (issue 30, requirement 1).

A stale annotation whose evidence names several look-alikes keeps their selectors (``Annotation.candidates``,
app/picker_js/anchors.js). From its row in the side panel ("Choose its element…") the window shows them on the
page as numbered dashed outlines, drawn by the host in the marks layer (:meth:`app.ui.marks.MarksOverlay.set_choices`;
nothing in the page's DOM), measured again while it shows them (a scroll moves them). The user clicks one or
presses its number (0 for the tenth); Esc cancels. The chosen element becomes the annotation's: the page moves
its anchor there (``chooseCandidate``: exact when every recorded locator names it and it has the recorded
nearby text, else rematched), the record is read from it, the candidates go and the marker shows again.

While it shows the candidates the pick owns the page's clicks and keys (an event filter on the view's focus
proxy, installed after annotation mode's :class:`~app.webview.input_guard.InputGuard`, so it sees them first);
wheel events pass, so the user can scroll to a candidate.
"""

from __future__ import annotations

import logging

from PySide6.QtCore import QEvent, QObject, QPointF, Qt, QTimer, Signal
from pydantic import ValidationError

from app.core.errors import PagenoteError
from app.core.tasks import spawn
from app.model.annotation import ElementRecord
from app.webview.frames import Route, frame_viewport_offset, in_top_document
from app.webview.scene_data import Rect

log = logging.getLogger("pagenote.annotate")

#: How often the candidates are measured again while they are shown, in ms (a scroll moves them).
MEASURE_MS = 100
#: A click this many CSS px outside a candidate's box still picks it (the outline is drawn outside the box).
SLACK = 4.0
_SWALLOWED = {QEvent.Type.MouseButtonPress, QEvent.Type.MouseButtonRelease, QEvent.Type.MouseButtonDblClick,
              QEvent.Type.KeyPress, QEvent.Type.KeyRelease, QEvent.Type.ShortcutOverride, QEvent.Type.ContextMenu}


class CandidatePick(QObject):
    """The pick among pin ``pin_id``'s candidates in ``tab`` (a :class:`~app.tabs.tab.Tab`), drawn on ``marks``
    (its :class:`~app.ui.marks.MarksOverlay`). :meth:`start` shows them; ``finished(bool)`` says whether the
    annotation was re-anchored (``False``: cancelled, or nothing to choose); ``message(str)`` says what to do
    or what happened, translated."""

    finished = Signal(bool)
    message = Signal(str)

    def __init__(self, tab, marks, pin_id: str) -> None:
        super().__init__(tab.view)
        self.view, self.bridge, self.marks, self.pin_id = tab.view, tab.bridge, marks, pin_id
        self.session = tab.annotator.session
        self.route, self.page_id = tab.annotator.target(pin_id)
        try:
            pin = self.session.get(pin_id)
            self.candidates: tuple[str, ...] = tuple(pin.annotation.candidates)
        except KeyError:
            self.candidates = ()
        self.active = False
        self.choices: list[tuple[int, Rect]] = []   # (number, box in top-viewport CSS px) as drawn
        self._proxy = None
        self._busy = False
        self._timer = QTimer(self)
        self._timer.setInterval(MEASURE_MS)
        self._timer.timeout.connect(lambda: spawn(self.measure(), "candidate rects"))
        self.view.loadStarted.connect(self.cancel)

    def start(self) -> bool:
        """Show the candidates and take the page's clicks and keys; ``False`` (nothing shown) when the
        annotation has none or the view has no input widget yet."""
        proxy = self.view.focusProxy()
        if not self.candidates or proxy is None:
            self.view.loadStarted.disconnect(self.cancel)
            self.message.emit(self.tr("This annotation has no candidates to choose from."))
            return False
        self._proxy = proxy
        proxy.installEventFilter(self)
        proxy.setFocus(Qt.FocusReason.OtherFocusReason)
        self.active = True
        self._timer.start()
        spawn(self.measure(), "candidate rects")
        self.message.emit(self.tr("Click the element this note is about, or press its number. Esc cancels."))
        return True

    def cancel(self) -> None:
        """Stop without changing the annotation."""
        if self.active:
            self._end(False)
            self.message.emit(self.tr("Nothing changed: the annotation is still stale."))

    def _end(self, done: bool) -> None:
        self.active = False
        self._timer.stop()
        self.view.loadStarted.disconnect(self.cancel)
        if self._proxy is not None:
            self._proxy.removeEventFilter(self)
        self.marks.set_choices([])
        self.finished.emit(done)

    async def _frame(self) -> tuple[Route, tuple[float, float]] | None:
        """The candidates' frame as laid out now and its offset in the top viewport (CSS px)."""
        if not self.route.chain:
            return self.route, (0.0, 0.0)
        found = await frame_viewport_offset(self.bridge, self.route.chain)
        if found is None:
            return None
        return Route(found[0], self.route.chain, found[1]), found[1]

    async def measure(self) -> None:
        """Measure the candidates where they are now and draw them (a candidate gone or drawing nothing is
        left out; the others keep their numbers)."""
        if not self.active:
            return
        try:
            where = await self._frame()
            if where is None:
                return
            rects = await self.bridge.call("candidateRects", list(self.candidates), frame=where[0].frame,
                                           timeout_ms=3_000)
        except PagenoteError:
            return
        if not self.active or not isinstance(rects, list):
            return
        dx, dy = where[1]
        choices = []
        for n, r in enumerate(rects[:len(self.candidates)], start=1):
            try:
                box = Rect(float(r["x"]) + dx, float(r["y"]) + dy, max(0.0, float(r["width"])),
                           max(0.0, float(r["height"])))
            except (TypeError, KeyError, ValueError):
                continue
            choices.append((n, box))
        if choices != self.choices:
            self.choices = choices
            self.marks.set_choices(choices)

    def choice_at(self, pos: QPointF) -> int:
        """The number of the candidate under ``pos`` (the view's logical px), the smallest when they nest;
        0 for none."""
        zoom = self.view.zoomFactor() or 1.0
        x, y = pos.x() / zoom, pos.y() / zoom
        hits = [(r.width * r.height, n) for n, r in self.choices
                if r.x - SLACK <= x <= r.x + r.width + SLACK and r.y - SLACK <= y <= r.y + r.height + SLACK]
        return min(hits)[1] if hits else 0

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt virtual)
        if not self.active or obj is not self._proxy or event.type() not in _SWALLOWED:
            return False
        kind = event.type()
        if kind == QEvent.Type.ShortcutOverride:
            event.accept()   # the key comes as a KeyPress to this filter, not as a window shortcut
        elif kind == QEvent.Type.MouseButtonPress and event.button() == Qt.MouseButton.LeftButton:
            n = self.choice_at(event.position())
            if n:
                spawn(self.choose(n), "choose a candidate")
        elif kind == QEvent.Type.KeyPress:
            key = event.key()
            if key == Qt.Key.Key_Escape:
                self.cancel()
            elif Qt.Key.Key_0 <= key <= Qt.Key.Key_9:
                n = (key - Qt.Key.Key_0) or 10
                if n <= len(self.candidates):
                    spawn(self.choose(n), "choose a candidate")
        return True

    async def choose(self, n: int) -> bool:
        """Re-anchor the annotation to candidate ``n`` (1-based). ``False`` when it is no longer on the page
        (the pick goes on) or a choice is under way."""
        if not self.active or self._busy or not 1 <= n <= len(self.candidates):
            return False
        self._busy = True
        try:
            where = await self._frame()
            answer = await self.bridge.call("chooseCandidate", self.page_id, self.candidates[n - 1],
                                            frame=where[0].frame, timeout_ms=3_000) if where else None
            element = None
            if isinstance(answer, dict) and isinstance(answer.get("record"), dict):
                raw = answer["record"]
                if self.route.chain:
                    state = await self.bridge.call("viewportState", timeout_ms=3_000) or {}
                    scroll = state.get("scroll") or {"x": 0, "y": 0}
                    raw = in_top_document(raw, answer.get("viewport"), where[0], scroll)
                element = ElementRecord.model_validate(raw)
        except (PagenoteError, ValidationError) as exc:
            log.info("choosing candidate %s of %s failed: %s", n, self.pin_id, exc)
            element = None
        finally:
            self._busy = False
        if not self.active:
            return False
        if element is None:
            self.message.emit(self.tr("Candidate {0} is no longer on the page: choose another.").format(n))
            return False
        self.session.set_anchor(self.pin_id, str(answer.get("status") or ""), element)
        self._end(True)
        self.message.emit(self.tr("The annotation is on the element you chose."))
        return True
