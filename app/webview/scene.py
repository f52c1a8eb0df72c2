"""What pagenote draws over a tab's page — the hover highlight and the numbered markers — gathered from every
frame's page script into one :class:`Scene` in top-viewport CSS px. A widget (:mod:`app.ui.marks`) paints it
*outside* the page, so the page can neither hide, move, restyle nor cover it, and nothing of it is in the
page's DOM (no element, no attribute, no top-layer entry, no event).

Flow (one way): page geometry (``overlay.js``, each frame's isolated world) → :class:`SceneFeed` → ``changed``
→ the widget. The main frame pushes a changed scene once per animation frame through a ``QWebChannel`` bound
to pagenote's isolated world (``ApplicationWorld``): Qt installs its transport (``qt.webChannelTransport``) in
that world of the **main frame only** (seen with Qt 6.12 — sub-frames have no transport), and the page's own
world cannot see or call it. Sub-frames (cross-origin ones included) are asked for their scene with
``scene()`` through :class:`~app.webview.bridge.PageBridge`: every :data:`POLL_MS` while they show something,
and at once after any main-frame change (a scroll there moves every iframe). Each frame's rects are moved by
the iframe's content-box offset and clipped to the iframes around it.

A frame's page script also asks the host to hover again at the pointer's last position when it cannot
hit-test the page that moved under a still pointer itself (``pointer.js``: the point is over an iframe, or the
page was zoomed): its scene's ``rehover`` count goes up, and the feed emits ``rehover``.

Page data is untrusted (a page script cannot reach the channel, but a renderer can be compromised): every
number is checked to be finite, labels are capped, at most :data:`~app.webview.scene_data.MAX_MARKS` markers per
frame (:func:`~app.webview.scene_data.parse_scene`; what a scene holds: :mod:`app.webview.scene_data`).
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass, field

from PySide6.QtCore import QObject, QTimer, Signal, Slot
from PySide6.QtWebChannel import QWebChannel
from PySide6.QtWebEngineWidgets import QWebEngineView

from app.core.errors import PagenoteError
from app.core.tasks import spawn
from app.webview.bridge import WORLD, PageBridge
from app.webview.frames import Route, child_frame
from app.webview.scene_data import Highlight, Mark, Rect, Scene, finite, parse_scene

log = logging.getLogger("pagenote.scene")

#: How often sub-frames that show something are asked for their scene, in ms.
POLL_MS = 50
#: The channel object's name, as overlay.js addresses it.
CHANNEL_OBJECT = "pagenote_scene"


@dataclass
class _Frame:
    """One frame's last accepted scene, where its viewport is in the top viewport, and what clips it."""

    route: Route
    doc: str = ""
    seq: int = -1
    hover: dict | None = None
    markers: list[dict] = field(default_factory=list)
    offset: tuple[float, float] = (0.0, 0.0)
    clip: Rect | None = None
    rehover: int = 0


class _Receiver(QObject):
    """The object the main frame's page script calls through the web channel (slot ``scene(json)``)."""

    def __init__(self, feed: SceneFeed) -> None:
        super().__init__(feed)
        self._feed = feed

    @Slot(str)
    def scene(self, text: str) -> None:  # called by the page script (QWebChannel "invoke method")
        try:
            data = json.loads(text)
        except ValueError:
            return
        self._feed.accept(Route(), data)


class SceneFeed(QObject):
    """The scene of ``view``'s page, gathered from its frames (see the module docstring).

    Signals: ``changed(Scene)`` whenever what is drawn changes; ``rehover()`` when a frame's page script asks
    for the hover to be done again at the pointer's last position (its scene's ``rehover`` count went up
    within one document).
    """

    changed = Signal(object)
    rehover = Signal()

    def __init__(self, view: QWebEngineView, bridge: PageBridge) -> None:
        super().__init__(view)
        self.view = view
        self.bridge = bridge
        self.scene = Scene()
        self._frames: dict[str, _Frame] = {"": _Frame(Route())}
        self._hover_key: str | None = None    # the frame whose highlight is drawn (None: no highlight)
        self._marker_routes: dict[str, Route] = {}
        self._polling = False
        self._poll_again = False
        self._receiver = _Receiver(self)
        self._channel = QWebChannel(self)
        self._channel.registerObject(CHANNEL_OBJECT, self._receiver)
        view.page().setWebChannel(self._channel, WORLD)
        self._timer = QTimer(self)
        self._timer.setInterval(POLL_MS)
        self._timer.timeout.connect(self.poll)
        view.loadFinished.connect(lambda _ok: spawn(self._check_main(), "scene after load"))

    # -- input ---------------------------------------------------------------------------------------------------

    def accept(self, route: Route, data) -> None:
        """Take a scene ``data`` (``overlay.js`` ``stamped()``) from ``route``'s frame, unless an older one than
        the last from the same document. A bad scene is dropped (logged at debug level)."""
        try:
            doc, seq, hover, markers = parse_scene(data)
        except (ValueError, KeyError, TypeError) as exc:
            log.debug("scene from frame %r dropped: %s", route.key, exc)
            return
        state = self._frames.get(route.key)
        if state is None:
            state = self._frames[route.key] = _Frame(route, offset=route.offset)
        if state.doc == doc and seq < state.seq:
            return
        if not route.key and state.doc and state.doc != doc:
            # A new main document: what its iframes showed belongs to the old one.
            self._frames = {"": state}
        asked = self._asked(state, doc, data)
        state.doc, state.seq, state.hover, state.markers = doc, seq, hover, markers
        if route.chain and state.clip is None:
            state.offset = route.offset
        self._publish()
        if asked:
            self.rehover.emit()
        if not route.key and self._sub_routes():
            self.poll()   # the main frame changed (scrolled, reflowed): the iframes may have moved

    def set_hover_frame(self, route: Route | None) -> None:
        """Draw the highlight of ``route``'s frame (``None``: no highlight, e.g. annotation mode left). A
        sub-frame is then asked for its scene until another frame is hovered."""
        key = None if route is None else route.key
        if key == self._hover_key:
            return
        old = self._frames.get(self._hover_key) if self._hover_key is not None else None
        if old is not None:
            old.hover = None
        self._hover_key = key
        if route is not None and route.chain:
            self._frames.setdefault(key, _Frame(route, offset=route.offset))
        self._publish()
        self._update_timer()
        if route is not None and route.chain:
            self.poll()

    def set_marker_frames(self, routes: dict[str, Route]) -> None:
        """The sub-frames that show markers now (frame key → route); others are forgotten."""
        self._marker_routes = {k: r for k, r in routes.items() if k}
        for key in list(self._frames):
            if key and key not in self._marker_routes and key != self._hover_key:
                del self._frames[key]
        self._publish()
        self._update_timer()
        if self._marker_routes:
            self.poll()

    def refresh(self, route: Route) -> None:
        """Ask ``route``'s frame for its scene now (after a change the host made there)."""
        if route.chain:
            self.poll()
        else:
            spawn(self._check_main(), "scene")

    # -- sub-frames ----------------------------------------------------------------------------------------------

    def _sub_routes(self) -> dict[str, Route]:
        routes = dict(self._marker_routes)
        if self._hover_key:
            frame = self._frames.get(self._hover_key)
            if frame is not None:
                routes[self._hover_key] = frame.route
        return routes

    def _update_timer(self) -> None:
        if self._sub_routes():
            if not self._timer.isActive():
                self._timer.start()
        else:
            self._timer.stop()

    def poll(self) -> None:
        """Ask every sub-frame that shows something for its scene and its place (one round at a time; a
        request during a round makes one more round)."""
        if self._polling:
            self._poll_again = True
            return
        self._polling = True
        spawn(self._poll(), "scene poll")

    async def _poll(self) -> None:
        try:
            while True:
                self._poll_again = False
                for key, route in self._sub_routes().items():
                    await self._poll_frame(key, route)
                self._publish()
                if not self._poll_again:
                    return
        finally:
            self._polling = False

    async def _poll_frame(self, key: str, route: Route) -> None:
        try:
            place = await self._place(route.chain)
            if place is None:
                self._frames.pop(key, None)
                return
            frame, offset, clip = place
            data = await self.bridge.call("scene", frame=frame, timeout_ms=2_000)
        except PagenoteError as exc:
            log.debug("scene of frame %r: %s", key, exc)
            return
        state = self._frames.setdefault(key, _Frame(route))
        state.route, state.offset, state.clip = Route(frame, route.chain, offset), offset, clip
        try:
            doc, seq, hover, markers = parse_scene(data)
        except (ValueError, KeyError, TypeError):
            return
        if self._asked(state, doc, data):
            self.rehover.emit()
        state.doc, state.seq, state.markers = doc, seq, markers
        state.hover = hover if key == self._hover_key else None

    @staticmethod
    def _asked(state: _Frame, doc: str, data: dict) -> bool:
        """Whether scene ``data`` of document ``doc`` asks for a new hover: its ``rehover`` count (a bad one
        reads 0) is above the last one ``state`` saw of that document (another document's: 0). Records it."""
        try:
            count = int(min(max(finite(data.get("rehover", 0)), 0), 2**31))
        except ValueError:
            count = 0
        asked = count > (state.rehover if state.doc == doc else 0)
        state.rehover = count
        return asked

    async def _place(self, chain: list[str]):
        """``(frame, offset, clip)`` of the frame at ``chain`` now: its viewport's offset in the top viewport
        and the visible part of it (each iframe's content box, clipped by the ones around it), CSS px. ``None``
        when a step no longer names an iframe. Raises the bridge's errors."""
        frame = None
        x = y = 0.0
        clip: Rect | None = None
        for selector in chain:
            info = await self.bridge.call("frameInfoOf", selector, frame=frame, timeout_ms=2_000)
            if not isinstance(info, dict):
                return None
            child = child_frame(frame or self.bridge.page.mainFrame(), info)
            if child is None:
                return None
            r = info["rect"]
            x, y = x + finite(r["x"]), y + finite(r["y"])
            clip = Rect(x, y, finite(r["width"]), finite(r["height"])).intersected(clip)
            frame = child
        return frame, (x, y), clip

    async def _check_main(self) -> None:
        """Ask the main frame for its scene (after a load: a document without pagenote's script — an error
        page, a PDF — clears what the last document showed)."""
        try:
            data = await self.bridge.call("scene", timeout_ms=3_000)
        except PagenoteError as exc:
            if exc.name in ("PAGE_SCRIPT_MISSING", "FRAME_GONE"):
                self._frames = {"": _Frame(Route())}
                self._publish()
            return
        self.accept(Route(), data)

    # -- output --------------------------------------------------------------------------------------------------

    def _publish(self) -> None:
        highlight = None
        marks: list[Mark] = []
        for key, state in self._frames.items():
            dx, dy = state.offset if key else (0.0, 0.0)
            if key == self._hover_key and state.hover is not None:
                h = state.hover
                highlight = Highlight(Rect(h["x"] + dx, h["y"] + dy, h["width"], h["height"]), h["label"], state.clip,
                                      h.get("name", ""), h.get("k", 0), h.get("n", 0))
            for m in state.markers:
                marks.append(Mark(key, m["id"], m["n"], m["x"] + dx, m["y"] + dy, m["width"], m["height"],
                                  m["visible"], m["stale"], m["selected"], state.clip,
                                  tuple(Rect(x + dx, y + dy, w, h) for x, y, w, h in m.get("text", ())),
                                  tuple(Rect(x + dx, y + dy, w, h) for x, y, w, h in m.get("parts", ())),
                                  m["fill"]))
        scene = Scene(highlight, tuple(marks))
        if scene != self.scene:
            self.scene = scene
            self.changed.emit(scene)

    def shutdown(self) -> None:
        """Stop polling."""
        self._timer.stop()

