"""A tab's annotations on the page: pins (session ids ↔ page-side ids per frame), markers, re-anchoring.

Flow (one way): an element record picked in a frame → :meth:`Annotator.pin` → :class:`~app.model.session.Session`
→ markers in every frame that shows annotations (``setMarkers``; the frames measure them, :attr:`Annotator.scene`
gathers what to draw) — and back from the page, re-anchoring
statuses (exact / rematched / stale, polled with ``anchorChanges``) → the session
(:class:`~app.webview.reanchoring.Reanchoring`, with the re-read before an export).

No widgets here: the note box and pointer handling live in :mod:`app.ui.annotate`, which calls these intents.
"""

from __future__ import annotations

import asyncio
import json
import logging

from PySide6.QtCore import QObject, QTimer, QUrl
from PySide6.QtWebEngineWidgets import QWebEngineView
from pydantic import ValidationError

from app.core.errors import PagenoteError
from app.core.tasks import spawn
from app.model.annotation import ElementRecord
from app.model.session import Session
from app.webview.bridge import PageBridge
from app.webview.frames import Route, frame_viewport_offset, in_top_document
from app.webview.kind_rects import kind_pin_rects
from app.webview.reanchoring import Reanchoring
from app.webview.scene import SceneFeed
from app.webview.source_hints import source_hints_of, source_text
from app.webview.source_lines import SourceLocator

log = logging.getLogger("pagenote.annotate")

#: How often the page is asked for re-anchoring changes, in ms.
ANCHOR_POLL_MS = 400
#: The longest a pin's ``CSS:`` lookup waits for its marker to be drawn before it starts anyway, in ms.
MARKER_WAIT_MS = 1_000


class Annotator(Reanchoring, QObject):
    """Pins of one tab. ``anchors`` maps a session pin id to ``(frame route, page-side id)``: page-side ids are
    per frame, so an element in an iframe is ``<frame chain>::<id>`` in the session."""

    #: Whether picked elements get a ``Source:`` line (source hints of development builds); the app may turn
    #: it off.
    source_hints = True
    #: The folders an absolute source hint must lie in (the project directory, ``[editor] root``; set by the
    #: app): app.webview.source_hints.within_roots.
    source_roots: tuple = ()
    #: The tab's ``CSS:`` lookups (:class:`app.webview.css_rules.CssRules` over its CDP session; set by the tab),
    #: or ``None``: no ``CSS:`` block.
    css_rules = None

    def __init__(self, view: QWebEngineView, bridge: PageBridge, session: Session) -> None:
        super().__init__(view)
        self.view = view
        self.bridge = bridge
        self.session = session
        self.selected: str | None = None                  # pin whose note is open (drawn selected)
        self.anchors: dict[str, tuple[Route, str]] = {}   # pin id → (frame route, page-side id)
        self._marker_frames: dict[str, Route] = {}        # frames that show markers now
        # What is drawn over the page (highlight, markers), gathered from every frame; drawn by app.ui.marks.
        self.scene = SceneFeed(view, bridge)
        session.subscribe(self.sync_markers)
        view.loadFinished.connect(lambda _ok: self.sync_markers())
        # SPA routes (pushState/replaceState/popstate) change the URL without a load: markers follow pages.
        view.urlChanged.connect(lambda _url: self.sync_markers())
        self._anchor_timer = QTimer(self)
        self._anchor_timer.setInterval(ANCHOR_POLL_MS)
        self._anchor_timer.timeout.connect(lambda: spawn(self.poll_anchors(), "re-anchoring poll"))
        self._anchor_timer.start()
        self._polling = False
        # React 19 hints whose lines are mapped after the pin (app.webview.source_lines): by selector, until
        # pinned; the maps are read once per script per page load.
        self.locator = SourceLocator()
        view.loadStarted.connect(self.locator.reset)
        self._to_map: dict[str, tuple[list[dict], str]] = {}
        self._shown: dict[str, asyncio.Future] = {}        # pin id → its marker_drawn wait (pin_box), shared

    def page_key(self) -> str:
        """The current page: its URL without the fragment (markers and panel groups are per page)."""
        url = QUrl(self.view.url())
        url.setFragment(None)
        return url.toString()

    def pin_key(self, route: Route, page_id: str) -> str:
        """The session id of an element: its page-side id in the main frame, ``<frame chain>::<id>`` in an
        iframe. Remembers where it lives."""
        key = page_id if not route.chain else f"{route.key}::{page_id}"
        self.anchors[key] = (route, page_id)
        return key

    def target(self, pin_id: str) -> tuple[Route, str]:
        """``(frame route, page-side id)`` of a pin (the main frame when unknown)."""
        return self.anchors.get(pin_id, (Route(), pin_id))

    async def record_of(self, route: Route, result: dict) -> ElementRecord:
        """The validated element record of a ``pick``/``select`` answer made in ``route``'s frame, its rect in
        top-document coordinates. Raises ``ValidationError``/``KeyError`` for a bad record and the bridge's
        errors."""
        raw = result["record"]
        if route.chain:
            state = await self.bridge.call("viewportState")
            raw = in_top_document(raw, result.get("viewport"), route, (state or {}).get("scroll") or {"x": 0, "y": 0})
        elif self.source_hints and isinstance(raw, dict) and "selector" in raw:   # Source: (development builds)
            selector = str(raw.get("selector") or "")
            hints = await source_hints_of(self.bridge, selector, self.source_roots)
            raw = {**raw, "source": source_text(hints)}
            if any("script" in h for h in hints):   # lines to map after the pin (the marker never waits)
                if len(self._to_map) > 32:
                    self._to_map.clear()
                self._to_map[selector] = (hints, self.view.url().toString())
        return ElementRecord.model_validate(raw)

    def pin(self, pin_id: str, record: ElementRecord, note: str = "") -> int:
        """Add a pin for ``record`` on the current page; returns its number (1-based). Made while the page is
        frozen (:mod:`app.webview.freeze`), its annotation's ``state`` says so. The ``CSS:`` rules of an element in
        its document are looked up afterwards (:attr:`css_rules`) and added when they arrive."""
        from app.webview.freeze import freezer_of

        number = self.session.add(pin_id, record, note, page=self.page_key())
        if freezer_of(self.bridge).frozen:
            self.session.set_state(pin_id, "frozen")
        if self.css_rules is not None and record.selector:
            spawn(self._css_after_marker(pin_id, record), "CSS rules lookup")   # after the marker: it never waits
        pending = self.source_to_map(record)
        if pending is not None:
            spawn(self.map_source(pin_id, *pending), "source lines")
        return number

    def pin_box(self, pin_id: str, box: ElementRecord) -> int:
        """Pin an element from its box alone (``box``: a ``pick(x, y, true)`` record — page, tag, rect) so its
        marker and note box show at once; the whole record is made after the marker is drawn (:meth:`marker_drawn`,
        then the page's ``record``) and replaces it (:meth:`Session.set_element`). The pin says it is
        ``recording`` meanwhile (its panel row; a send waits). Returns its number (issue 30, requirement 8)."""
        number = self.session.add(pin_id, box, "", page=self.page_key(), recording=True)
        from app.webview.freeze import freezer_of

        if freezer_of(self.bridge).frozen:
            self.session.set_state(pin_id, "frozen")
        self.finish_record(pin_id)
        return number

    async def shown(self, pin_id: str) -> None:
        """:meth:`marker_drawn` for ``pin_id``, one wait shared by everyone who waits for that marker (the note box,
        the record, the ``CSS:`` lookup): one ``markerViewport`` question to the page, not one each. Raises
        nothing but cancellation (of the caller; the shared wait goes on for the others)."""
        wait = self._shown.get(pin_id)
        if wait is None:
            wait = self._shown[pin_id] = spawn(self.marker_drawn(pin_id), "marker wait")
            wait.add_done_callback(lambda _t, pin_id=pin_id: self._shown.pop(pin_id, None))
        await asyncio.shield(wait)

    def finish_record(self, pin_id: str) -> None:
        """Make pin ``pin_id``'s whole record now, in the background (:meth:`pin_box`'s second half)."""
        spawn(self._finish_record(pin_id), "element record")

    async def _finish_record(self, pin_id: str) -> None:
        """The whole record once the marker is drawn (:meth:`marker_drawn`: the record's searches run on the
        page's main thread, after ``setMarkers``), then what follows a pin (``CSS:`` lookup, source lines).
        Ends the pin's recording whatever happens (the box-only record stays when the page cannot answer);
        raises nothing but cancellation."""
        record = None
        try:
            await self.shown(pin_id)
            route, page_id = self.target(pin_id)
            result = await self.bridge.call("record", page_id, frame=route.frame)
            if isinstance(result, dict):
                record = await self.record_of(route, result)
            else:   # the page no longer knows the element (it left the document): the box-only record stays
                log.warning("element record of %s: the page no longer holds the element", pin_id)
        except (ValidationError, KeyError, PagenoteError) as exc:
            log.warning("element record of %s: %s", pin_id, exc)
        finally:
            if any(p.id == pin_id for p in self.session.pins):   # not deleted or cancelled meanwhile
                pin = self.session.get(pin_id)
                if record is not None and pin.annotation.state == "frozen":   # the frozen moment's rect
                    record = record.model_copy(update={"rect": pin.annotation.element.rect})
                self.session.set_element(pin_id, record)
        if record is not None and any(p.id == pin_id for p in self.session.pins):
            if self.css_rules is not None and record.selector:
                spawn(self.css_of(pin_id, record), "CSS rules lookup")   # the marker is drawn already
            pending = self.source_to_map(record)
            if pending is not None:
                spawn(self.map_source(pin_id, *pending), "source lines")

    def source_to_map(self, record: ElementRecord) -> tuple[list[dict], str] | None:
        """The React 19 hints of ``record`` (made by :meth:`record_of`) whose lines are still to be mapped, with
        the page's URL then — for :meth:`map_source` — or ``None``; each record's once."""
        pending = self._to_map.pop(record.selector, None)
        return pending if pending is not None and record.source == source_text(pending[0]) else None

    async def map_source(self, pin_id: str, hints: list[dict], page_url: str) -> None:
        """Replace pin ``pin_id``'s pin-time ``Source:`` line (React 19 hints: files, no lines yet) with the
        lines their source maps give (``unmapped`` where none does; app.webview.source_lines), unless the
        pin is gone or its line changed meanwhile."""
        before = source_text(hints)
        after = source_text(await self.locator.resolved(hints, page_url, self.source_roots))
        self.session.set_source(pin_id, after, before)

    async def _css_after_marker(self, pin_id: str, record: ElementRecord) -> None:
        """:meth:`css_of` once the pin's marker is drawn (:meth:`marker_drawn`): the lookup's CDP commands run on
        the page's main thread, and the tab's first one enables the DOM and CSS domains (``DOM.enable`` took
        50–130 ms there), which held up the page's answer to ``setMarkers`` and so the marker."""
        await self.shown(pin_id)
        await self.css_of(pin_id, record)

    async def marker_drawn(self, pin_id: str) -> None:
        """Return once the scene (:attr:`scene`, what the host paints) holds ``pin_id``'s marker — the page's
        answer to ``setMarkers`` (``overlay.js`` pushes its scene as it draws them; the marks widget paints on the
        scene's ``changed``) — or the page shows none for it (``markerViewport`` answers ``null``: its element
        draws nothing or is gone; or the frame cannot answer). At most :data:`MARKER_WAIT_MS` in any case, so
        a lost scene never loses the lookup that waits for it. Raises nothing."""
        route, page_id = self.target(pin_id)

        def holds(scene) -> bool:
            return any(m.frame == route.key and m.id == page_id for m in scene.marks)

        if holds(self.scene.scene):
            return
        drawn = asyncio.get_running_loop().create_future()

        def changed(scene) -> None:
            if holds(scene) and not drawn.done():
                drawn.set_result(True)

        async def none_shown() -> None:
            try:
                shown = await self.bridge.call("markerViewport", page_id, frame=route.frame, timeout_ms=MARKER_WAIT_MS)
            except PagenoteError:
                shown = None
            if shown is None and not drawn.done():
                drawn.set_result(False)

        self.scene.changed.connect(changed)
        asked = asyncio.ensure_future(none_shown())
        try:
            await asyncio.wait_for(drawn, MARKER_WAIT_MS / 1000)
        except TimeoutError:
            log.info("marker of %s not in the scene after %d ms: its lookups start now", pin_id, MARKER_WAIT_MS)
        finally:
            asked.cancel()
            try:
                self.scene.changed.disconnect(changed)
            except RuntimeError:   # the tab closed meanwhile
                pass

    async def css_of(self, pin_id: str, record: ElementRecord) -> None:
        """Look up the rules that style ``record``'s element (in its frame) and give them to its pin
        (:meth:`Session.set_css`: only while the pin still points at that element). Raises nothing: a lookup
        the session cannot answer leaves the pin without a ``CSS:`` block."""
        found = await self.css_rules.lookup(record.selector, record.tag, record.url, self.source_roots, record.frame)
        if found is not None:
            self.session.set_css(pin_id, record.selector, tuple(found[0]), found[1], found[2])

    async def marker_viewport(self, pin_id: str) -> dict | None:
        """The marker's rect of ``pin_id`` in the top viewport (CSS px), ``None`` when it is not shown."""
        route, page_id = self.target(pin_id)
        try:
            rect = await self.bridge.call("markerViewport", page_id, frame=route.frame)
        except PagenoteError:
            return None
        if not isinstance(rect, dict):
            return None
        return {**rect, "x": rect["x"] + route.offset[0], "y": rect["y"] + route.offset[1]}

    def select(self, pin_id: str | None) -> None:
        """Draw ``pin_id``'s marker as selected (the note box is open for it)."""
        self.selected = pin_id
        self.sync_markers()

    def sync_markers(self) -> None:
        """Send the session's markers (numbers, selection) to each frame that shows annotations (and an empty
        list to frames that showed some before)."""
        groups: dict[str, tuple[Route, list[dict], list[str]]] = {"": (Route(), [], [])}
        for frame_key, route in self._marker_frames.items():
            groups.setdefault(frame_key, (route, [], []))
        for marker in self.session.markers(selected=self.selected, page=self.page_key()):
            route, page_id = self.target(marker["id"])
            groups.setdefault(route.key, (route, [], []))[1].append({**marker, "id": page_id})
        for kept in self.session.kept_ids():
            route, page_id = self.target(kept)
            groups.setdefault(route.key, (route, [], []))[2].append(page_id)
        for route, markers, keep in groups.values():
            self.bridge.post("setMarkers", json.dumps({"markers": markers, "keep": keep}), frame=route.frame)
        self._marker_frames = {key: route for key, (route, markers, keep) in groups.items() if key and (markers or keep)}
        self.scene.set_marker_frames(self._marker_frames)

    async def frame_pin_rects(self, document: bool = False) -> dict[str, dict]:
        """Rects (CSS px; top viewport, or top document when ``document``) of the pins inside iframes, measured
        now, for drawing them on screenshots. Frames that no longer answer are left out."""
        out: dict[str, dict] = await kind_pin_rects(self, document)   # what the window's marks draw
        scroll = {"x": 0, "y": 0}
        framed = [(pin.id, *self.anchors[pin.id]) for pin in self.session.pins
                  if pin.id in self.anchors and self.anchors[pin.id][0].chain and pin.id not in out]
        if not framed:
            return out
        if document:
            scroll = (await self.bridge.call("viewportState") or {}).get("scroll") or scroll
        for pin_id, route, page_id in framed:
            try:
                found = await frame_viewport_offset(self.bridge, route.chain)
                if found is None:
                    continue
                frame, (ox, oy) = found
                rect = (await self.bridge.call("pinnedRects", [page_id], False, frame=frame) or {}).get(page_id)
            except PagenoteError:
                continue
            if rect:
                out[pin_id] = {**rect, "x": rect["x"] + ox + scroll["x"], "y": rect["y"] + oy + scroll["y"]}
        return out

    def shutdown(self) -> None:
        """Stop polling the page."""
        self._anchor_timer.stop()
        self.scene.shutdown()
