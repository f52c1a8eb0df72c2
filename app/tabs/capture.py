"""A tab's screenshots: the clean/annotated pairs the window and agents ask for, and the batch's screenshot
lines — the latest capture of each page of this tab (issue 9 §9; :meth:`app.model.session.Session.batch`
decides where they go). Pixels come from :mod:`app.capture`; this part only knows which pins to draw and
where the tab's files go."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtWebEngineWidgets import QWebEngineView

from app.capture.interrupt import LONG, CaptureLock, CaptureStopped
from app.capture.region import region_crop
from app.capture.shots import Shooter, Shot
from app.core.errors import PagenoteError
from app.webview.annotator import Annotator
from app.webview.bridge import PageBridge


class TabCapture:
    """Screenshots of one tab into ``<project_dir>/shots/``. ``shots`` maps each page (the annotator's
    :meth:`~app.webview.annotator.Annotator.page_key`) to its latest screenshot ``(path, clean path)`` —
    the annotated image and the clean one, or the clean image and ``""`` — oldest first; ``last_shot``/
    ``last_shot_clean`` are the latest of all (empty when none)."""

    def __init__(self, view: QWebEngineView, bridge: PageBridge, annotator: Annotator, project_dir: Path) -> None:
        self.view = view
        self.bridge = bridge
        self.annotator = annotator
        self.project_dir = project_dir
        self.shots: dict[str, tuple[str, str]] = {}
        self.lock = CaptureLock(view)  # the view's one capture lock, shared by every Shooter made here

    @property
    def busy(self) -> bool:
        """Whether a capture runs (holds the lock) in this tab now."""
        return self.lock.locked()

    @property
    def busy_long(self) -> bool:
        """Whether a long capture (full page, element crops: :data:`app.capture.interrupt.LONG`) runs in this tab
        now: the window refuses another meanwhile."""
        return self.lock.locked() and self.lock.what in LONG

    def cancel(self) -> bool:
        """Stop the capture running in this tab, if any (:class:`~app.capture.interrupt.CaptureStopped`
        ``CAPTURE_CANCELLED`` for its caller, the page put back as it was). Returns whether one was running."""
        return self.lock.interrupt("cancelled")

    def shooter(self, scale: str = "css") -> Shooter:
        """A :class:`Shooter` for this tab's view (``scale`` ``css`` or ``device``; ``ValueError`` otherwise)."""
        return Shooter(self.view, self.bridge, self.project_dir, scale, self.lock)

    def pins(self) -> list[tuple[int, str]]:
        """``(number, pin id)`` of the tab's current annotations (numbers batch-wide: a window's batch spans its
        tabs)."""
        session = self.annotator.session
        return [(session.number_of(pin.id), pin.id) for pin in session.pins]

    @property
    def last_shot(self) -> str:
        """Path of the latest screenshot (the annotated image when there is one), or ``""``."""
        return next(reversed(self.shots.values()), ("", ""))[0]

    @property
    def last_shot_clean(self) -> str:
        """Path of the latest screenshot's clean image when ``last_shot`` is the annotated one, else ``""``."""
        return next(reversed(self.shots.values()), ("", ""))[1]

    def _remember(self, page: str, clean: Shot, annotated: Shot | None) -> None:
        self.shots.pop(page, None)  # re-insert: the order is the order of the latest captures
        self.shots[page] = (annotated.path, clean.path) if annotated else (clean.path, "")

    def forget(self) -> None:
        """Drop the batch's screenshot lines (after Send or Clear)."""
        self.shots.clear()

    async def viewport(self) -> tuple[Shot, Shot | None]:
        """Save the viewport and, when annotations are on the page, an annotated copy; they become the batch's
        screenshot. Raises :class:`~app.capture.viewport.CaptureError`,
        :class:`~app.capture.interrupt.CaptureStopped` and ``OSError``."""
        async with self.lock.hold("viewport"):
            page = self.annotator.page_key()
            clean, annotated = await self.shooter().viewport(self.pins(),
                                                             extra_rects=await self.annotator.frame_pin_rects())
            self._remember(page, clean, annotated)
            return clean, annotated

    async def full_page(self, annotated: bool = False, progress: Callable[[int, int], None] | None = None,
                        cancelled: Callable[[], bool] = lambda: False) -> tuple[Shot, Shot | None]:
        """Save the whole document (and an annotated copy when asked); they become the batch's screenshot.
        ``progress(done, total)``: after each tile. Raises :class:`~app.capture.viewport.CaptureError`
        (``CAPTURE_CANCELLED`` when ``cancelled()``), :class:`~app.capture.interrupt.CaptureStopped` (:meth:`cancel`,
        a navigation, the renderer dying, the tab closing …) and ``OSError``."""
        async with self.lock.hold("full"):
            page = self.annotator.page_key()
            extra = await self.annotator.frame_pin_rects(document=True)
            clean, drawn = await self.shooter().full_page(self.pins(), annotated, progress, cancelled,
                                                          extra_rects=extra)
            self._remember(page, clean, drawn)
            return clean, drawn

    async def element(self, number: int, pin_id: str, shooter: Shooter | None = None, batch: str = "") -> Shot:
        """Crop annotation ``number`` (session pin ``pin_id``, in any frame; of the sent batch ``batch`` when
        given, whose pins left the session but whose elements the page keeps) with ``shooter`` (this tab's
        default one when ``None``). Raises :class:`~app.capture.viewport.CaptureError`, ``KeyError`` for a
        pin the session (or that sent batch) does not have."""
        session = self.annotator.session
        rect = session.sent_crop(batch, pin_id) if batch else session.get(pin_id).annotation.crop_rect
        if rect is not None:  # a region's rectangle, a group's elements: not the element its marker is on
            return await region_crop(shooter or self.shooter(), number, rect.model_dump())
        route, page_id = self.annotator.target(pin_id)
        return await (shooter or self.shooter()).element(number, page_id, route.chain)

    async def _scroll(self) -> dict | None:
        """The page's scroll position ``{x, y}`` (CSS px), ``None`` when the page does not say."""
        try:
            metrics = await self.bridge.call("documentMetrics")
        except PagenoteError:
            return None
        return metrics.get("scroll") if isinstance(metrics, dict) else None

    async def element_crops(self, progress: Callable[[int, int], None] | None = None) \
            -> tuple[int, list[tuple[int, PagenoteError]]]:
        """Save a crop of every annotated element on this page and list it as that annotation's
        ``Screenshot:`` line, holding the tab's capture lock for all of them (one Cancel stops them all).
        ``progress(done, total)`` after each crop. Returns ``(saved, problems)``: ``problems`` has
        ``(annotation number, error)`` for each crop not saved — recorded on its annotation too
        (``Screenshot: [not taken: CODE — reason]``, issue 9 §5). Annotations made on another page are left as
        they are (their crops, if any, were taken there). The page's scroll position is put back afterwards (a
        crop scrolls its element into view), unless the page went away.

        Raises :class:`~app.capture.interrupt.CaptureStopped` when the crops are interrupted (:meth:`cancel`, a
        navigation …), its ``saved`` the number of crops saved before — they are kept; the one in progress
        leaves nothing."""
        shooter = self.shooter()
        saved, problems = 0, []
        try:
            async with self.lock.hold("crops"):
                page = self.annotator.page_key()
                todo = [(number, pin_id) for number, pin_id in self.pins()
                        if self.annotator.session.get(pin_id).page in (page, "")]
                scroll = await self._scroll() if todo else None
                try:
                    for done, (number, pin_id) in enumerate(todo, start=1):
                        try:
                            shot = await self.element(number, pin_id, shooter)
                        except PagenoteError as exc:
                            if self.lock.stopping is not None:
                                raise  # the interruption's consequence, not this annotation's problem
                            problems.append((number, exc))
                            self.annotator.session.set_screenshot_error(pin_id, exc.name, exc.message)
                        else:
                            self.annotator.session.set_screenshot(pin_id, shot.path)
                            saved += 1
                        if progress is not None:
                            progress(done, len(todo))
                finally:
                    stop = self.lock.stopping
                    if scroll and (stop is None or stop.cause not in ("navigated", "crashed", "tab-closed")):
                        self.bridge.post("scrollTo", scroll["x"], scroll["y"])
        except CaptureStopped as exc:
            exc.saved = saved
            raise
        return saved, problems
