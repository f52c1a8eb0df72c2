"""The benches' one door into pagenote: every call they make into ``app.runtime``, ``app.ui``, ``app.webview``,
``app.tabs`` and ``app.capture`` is in this module, so a change of those APIs is made here and nowhere else in
``bench/``.

Host→page calls are coroutines on Qt's loop (``qasync``, :mod:`app.runtime.loop`): a bench runs as one
coroutine inside :func:`run_in_app`, and everything here that talks to the page is ``async``.

- :func:`run_in_app`: ``app.runtime.run.open_app`` + ``app.core.tasks.spawn`` + ``QApplication.exec``;
- :meth:`BenchWindow.load`: ``Tab.load`` and ``PageBridge.wait_ready``;
- :meth:`BenchWindow.js`: ``PageBridge.run`` (raw ``runJavaScript`` in a world);
- :meth:`BenchWindow.hover_state` / :meth:`BenchWindow.clear_hover`: ``PageBridge.call``;
- :meth:`BenchWindow.fresh_frame`: ``app.capture.viewport.grab_viewport``;
- :meth:`BenchWindow.__init__`: patches of ``PageBridge.call`` (the ``hover``/``pick`` answers),
  ``AnnotateController._pick_at``, ``AnnotateController._open_note``, ``Annotator.sync_markers``,
  ``AnnotationPanel.refresh``, ``MarksOverlay.paintEvent`` (the host painting the highlight and the markers,
  ``app.ui.marks``), and the tab page's ``runJavaScript`` (the posted ``setMarkers``' transit);
- :func:`open_tab` (``PagenoteApp.new_tab``, ``Tab.load``), :func:`make_shooter` and :func:`shoot`
  (``Shooter.viewport/full_page``) for ``bench/screenshots_vs_playwright.py``;
- :func:`fields_world_source`: the field-by-field profile script, bundled with ``app.picker_js.bundler``;
- :func:`snapshot` (``app.agent.snapshots.SnapshotKeeper``) and :func:`page_js` (``PageBridge.run`` in the
  page's own world) for ``bench/snapshot_vs_playwright.py``.
- :class:`LookupClock` for ``bench/source_lookup.py``: patches ``Annotator.map_source``/``css_of``,
  ``CdpSession.send``, ``app.webview.source_lines.load_map`` and ``app.webview.css_rules._fetch``; reads
  ``Annotator.source_roots``, ``css_rules``, ``source_to_map`` and the session's newest pin.

Imports of Qt and pagenote happen inside the functions (after ``open_app`` made the ``QApplication``), as the
app expects.
"""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path

from _page_js import INSTRUMENT_JS

#: Give up on one milestone (or one page answer) after this long, ms.
WAIT_MS = 3_000
#: How often :meth:`BenchWindow.wait_until` looks at its condition, s (the milestones carry their own times).
POLL_S = 0.001


def run_in_app(project: Path, work):
    """Open pagenote's application (headless, ``app.runtime.run.open_app`` on ``project``), run
    ``await work(app)`` (``app``: a ``PagenoteApp``) as a task on Qt's loop until it ends, and return its
    value; an exception it raised is raised here, after the app is torn down."""
    from app.core.tasks import spawn
    from app.runtime.run import open_app

    box: dict = {}
    with open_app(project, headless=True) as (qt_app, app):
        async def main() -> None:
            try:
                box["value"] = await work(app)
            except BaseException as exc:  # noqa: BLE001 (handed to the caller below)
                box["error"] = exc
            finally:
                qt_app.quit()

        spawn(main(), "bench")
        qt_app.exec()
    if "error" in box:
        raise box["error"]
    return box.get("value")


async def wait_until(done, timeout_ms: int = WAIT_MS) -> bool:
    """Let the loop run (looking every :data:`POLL_S`) until ``done()``; False on timeout."""
    deadline = time.perf_counter() + timeout_ms / 1e3
    while not done():
        if time.perf_counter() > deadline:
            return False
        await asyncio.sleep(POLL_S)
    return True


def fields_world_source(fields_js: str) -> str:
    """The profile's script: module ``bench_fields`` (``fields_js``, with its ``@module``/``@imports`` header)
    bundled with the picker's modules it imports (``app.picker_js.bundler``; ``main`` and ``pins`` are not
    pulled in, so no second overlay). Raises ``BundleError`` when the header does not match the modules."""
    from app.picker_js import PICKER_WORLD, default_options
    from app.picker_js.bundler import bundle, load_modules

    return bundle(load_modules(PICKER_WORLD.packages, {"bench_fields": fields_js}), "bench_fields",
                  default_options())


class BenchWindow:
    """A shown ``MainWindow`` (1440x900, offscreen) of ``app`` with methods patched to timestamp the milestones.

    ``marks``: milestone name → host ``time.perf_counter()`` (s), first occurrence only, cleared by the caller
    per trial: ``hover_done`` (the ``hover`` call's answer is back in the controller), ``pick_answer`` (same for
    ``pick``), ``panel_row`` (the panel reached ``want_rows`` rows), ``setMarkers_call`` (its ``runJavaScript``
    issued), ``setMarkers_return`` (its callback ran), ``hover_painted`` (the marks widget's paintEvent
    returned with the highlight on ``want_hover``, a viewport rect in CSS px), ``marker_painted`` (same, with
    a visible marker numbered ``want_marker``). ``spans``: durations (ms) of patched host calls by label."""

    def __init__(self, app) -> None:
        from PySide6.QtWebEngineCore import QWebEnginePage

        from app.model.annotation import ElementRecord
        from app.ui.annotate import AnnotateController
        from app.ui.main_window import MainWindow
        from app.ui.marks import MarksOverlay
        from app.ui.panel import AnnotationPanel
        from app.webview.annotator import Annotator
        from app.webview.bridge import PageBridge

        self.marks: dict[str, float] = {}          # milestone → host time (s), first one in this trial
        self.spans: dict[str, list[float]] = {}    # durations (ms) of patched host calls
        self.want_rows = -1                        # panel rows that make "panel_row" (−1: not now)
        self.want_hover: dict | None = None        # highlight rect (CSS px) that makes "hover_painted"
        self.want_marker: int | None = None        # marker number that makes "marker_painted"
        bench = self

        def span(name: str, ms: float) -> None:
            bench.spans.setdefault(name, []).append(ms)

        def timed(name, fn):
            def wrapper(*args, **kwargs):
                t = time.perf_counter()
                try:
                    return fn(*args, **kwargs)
                finally:
                    span(name, (time.perf_counter() - t) * 1e3)
            return wrapper

        call, pick_at = PageBridge.call, AnnotateController._pick_at
        refresh = timed("AnnotationPanel.refresh", AnnotationPanel.refresh)
        answers = {"hover": "hover_done", "pick": "pick_answer", "record": "record_answer"}

        async def _call(bridge, method, *args, **kwargs):
            result = await call(bridge, method, *args, **kwargs)
            if method in answers:
                bench.mark(answers[method])
            return result

        async def _pick_at(ctrl, pos):
            answered = None
            try:
                await pick_at(ctrl, pos)
            finally:
                answered = bench.marks.get("pick_answer")
                if answered is not None:
                    span("AnnotateController._pick_at after the answer (validate, session, panel, note box)",
                         (time.perf_counter() - answered) * 1e3)

        def _refresh(panel):
            refresh(panel)
            if bench.want_rows >= 0 and len(panel.rows()) >= bench.want_rows:
                bench.mark("panel_row")

        paint = MarksOverlay.paintEvent

        def _paint(widget, event):
            paint(widget, event)
            scene = widget.scene
            h, want = scene.highlight, bench.want_hover
            if want is not None and h is not None and all(
                    abs(getattr(h.rect, k) - want[k]) < 1 for k in ("x", "y", "width", "height")):
                bench.mark("hover_painted")
            if bench.want_marker is not None and any(m.visible and m.n == bench.want_marker for m in scene.marks):
                bench.mark("marker_painted")

        # Before the window exists: the panel and the annotator subscribe bound methods to the session.
        MarksOverlay.paintEvent = _paint
        PageBridge.call = _call
        AnnotateController._pick_at = _pick_at
        AnnotateController._open_note = timed("AnnotateController._open_note", AnnotateController._open_note)
        Annotator.sync_markers = timed("Annotator.sync_markers", Annotator.sync_markers)
        AnnotationPanel.refresh = _refresh
        self.validate = ElementRecord.model_validate
        self.window = MainWindow(app)
        self.window.resize(1440, 900)
        self.window.show()
        self.tab = self.window.tab
        self.view, self.page, self.bridge = self.tab.view, self.tab.page, self.tab.bridge

        def _run_js(source, *rest):
            # setMarkers is posted (PageBridge.post → runJavaScript, no coroutine): time its transit here.
            if "p.setMarkers(" in source and len(rest) == 2:
                world, callback = rest
                bench.mark("setMarkers_call")

                def answered(result, callback=callback):
                    bench.mark("setMarkers_return")
                    callback(result)
                rest = (world, answered)
            return QWebEnginePage.runJavaScript(self.page, source, *rest)

        self.page.runJavaScript = _run_js   # this page only (the bridge calls it as an attribute)

    # -- the event loop and the page ---------------------------------------------------------------------------

    def mark(self, name: str) -> None:
        """Record milestone ``name`` at the current host time unless already recorded in this trial."""
        self.marks.setdefault(name, time.perf_counter())

    async def wait_until(self, done, timeout_ms: int = WAIT_MS) -> bool:
        """:func:`wait_until` (kept as a method for the passes)."""
        return await wait_until(done, timeout_ms)

    async def js(self, source: str, world: int | None = None, timeout_ms: int = WAIT_MS):
        """Run ``source`` in pagenote's isolated world (or ``world``, e.g. 0 for the page's main world); its
        value, JSON-parsed when it is JSON. Raises ``PageCallTimeout`` when no answer comes within
        ``timeout_ms``."""
        from app.webview.bridge import WORLD

        value = await self.bridge.run(source, world=WORLD if world is None else world, timeout_ms=timeout_ms)
        return json.loads(value) if isinstance(value, str) and value[:1] in "[{" else value

    async def settle(self, ms: int) -> None:
        """Let the event loop run for ``ms`` milliseconds."""
        await asyncio.sleep(ms / 1e3)

    async def load(self, url: str) -> None:
        """Load ``url``, wait for pagenote's page script, install the page-side timing wrappers
        (:data:`_page_js.INSTRUMENT_JS`) and switch annotation mode on. Raises ``RuntimeError`` when the page
        script does not start, and ``Tab.load``'s and ``PageBridge.wait_ready``'s errors."""
        from PySide6.QtCore import QUrl

        await self.tab.load(QUrl(url))
        await self.bridge.wait_ready()
        if await self.js(INSTRUMENT_JS) != "ok":
            raise RuntimeError(f"pagenote's picker did not start on {url}")
        if not self.window.act_annotate.isChecked():
            self.window.act_annotate.trigger()

    async def hover_state(self) -> dict:
        """The page's hover candidate: ``{"viewport": {x, y, width, height}, "label": …}`` (CSS px), or ``{}``."""
        return await self.bridge.call("hoverState") or {}

    def drawn_highlight(self) -> dict:
        """The highlight the host draws over the view: ``{"viewport": {x, y, width, height}, "label": …}`` (CSS
        px), or ``{}``."""
        h = self.tab.annotator.scene.scene.highlight
        if h is None:
            return {}
        r = h.rect
        return {"viewport": {"x": r.x, "y": r.y, "width": r.width, "height": r.height}, "label": h.label}

    def screen_widget(self):
        """The widget whose pixels are what the user sees of the page: the view's parent (page and marks)."""
        return self.view.parentWidget()

    def screen_origin(self) -> tuple[int, int]:
        """Where the view's top-left is in :meth:`screen_widget`, in its px."""
        from PySide6.QtCore import QPoint

        at = self.view.mapTo(self.view.parentWidget(), QPoint(0, 0))
        return at.x(), at.y()

    async def clear_hover(self) -> None:
        """Remove the page's hover highlight."""
        await self.bridge.call("clearHover")

    async def fresh_frame(self) -> None:
        """Wait until the frame on screen was made after every change so far (pagenote's paint probe): the
        view's pixels can lag the page by a few frames, more after big changes."""
        from app.capture.viewport import CaptureError, grab_viewport

        try:
            await grab_viewport(self.view, self.bridge)
        except CaptureError:
            await self.settle(500)
        await self.settle(30)

    def send_mouse(self, kind, x: float, y: float) -> None:
        """Send a left-button ``QMouseEvent`` of ``kind`` (move, press, release) at viewport CSS px ``x, y`` to
        the view's focus proxy, as a user's mouse would."""
        from PySide6.QtCore import QEvent, QPointF, Qt
        from PySide6.QtGui import QMouseEvent
        from PySide6.QtWidgets import QApplication

        proxy = self.view.focusProxy()
        pos = QPointF(x, y)
        left, none = Qt.MouseButton.LeftButton, Qt.MouseButton.NoButton
        button, buttons = {QEvent.Type.MouseMove: (none, none), QEvent.Type.MouseButtonPress: (left, left),
                           QEvent.Type.MouseButtonRelease: (left, none)}[kind]
        QApplication.sendEvent(proxy, QMouseEvent(kind, pos, pos, proxy.mapToGlobal(pos), button, buttons,
                                                  Qt.KeyboardModifier.NoModifier))

    # -- the window's state ------------------------------------------------------------------------------------

    def panel_rows(self) -> int:
        """How many rows the annotation panel shows."""
        return len(self.window.panel.rows())

    def last_pinned_tag(self) -> str:
        """The tag name of the most recent pin's element."""
        return self.window.session.pins[-1].annotation.element.tag

    def confirm_note(self) -> None:
        """Press Enter in the note box when it is open (keeps the pin, closes the box)."""
        from PySide6.QtCore import Qt
        from PySide6.QtTest import QTest

        if self.window.annotate.note_box.isVisible():
            QTest.keyClick(self.window.annotate.note_box.editor, Qt.Key.Key_Return)

    def clear(self) -> None:
        """Remove every pin (the window's Clear)."""
        self.window.clear()

    def close(self) -> None:
        """Leave annotation mode and close the window (``open_app`` deletes the tab's page on exit)."""
        self.window.annotate.set_mode(False)
        self.window.close()


# -- bench/screenshots_vs_playwright.py -------------------------------------------------------------------------

async def open_tab(app, url: str, width: int, height: int):
    """A new tab of ``app`` (a ``PagenoteApp``) whose view is shown at ``width`` x ``height`` px with ``url``
    loaded and pagenote's page script ready; returns the ``Tab``. Raises ``Tab.load``'s and
    ``PageBridge.wait_ready``'s errors."""
    from PySide6.QtCore import QUrl

    tab = app.new_tab()
    tab.view.resize(width, height)
    tab.view.show()
    await tab.load(QUrl(url))
    await tab.bridge.wait_ready()
    return tab


def make_shooter(tab, out: Path):
    """pagenote's ``Shooter`` for ``tab``'s view saving under ``out/shots``."""
    from app.capture.shots import Shooter

    return Shooter(tab.view, tab.bridge, out)


async def shoot(shooter, kind: str):
    """One capture with ``shooter``: ``kind`` ``"full"`` (whole document) or ``"viewport"`` (clean only);
    returns the saved ``Shot`` (its ``path``). Raises pagenote's ``CaptureError``."""
    shot, _ = await (shooter.full_page() if kind == "full" else shooter.viewport(annotated=False))
    return shot


# -- bench/snapshot_vs_playwright.py ---------------------------------------------------------------------------

async def snapshot(tab, keeper=None, **params):
    """The agent ``snapshot`` of ``tab`` as the socket method answers it (its compact result), made by
    ``keeper`` (an ``app.agent.snapshots.SnapshotKeeper``: modes follow its previous snapshot of the tab; a new
    one when ``None``, so the page is walked afresh). Returns ``(result, keeper)``."""
    from app.agent.snapshots import SnapshotKeeper, SnapshotParams

    keeper = keeper or SnapshotKeeper()
    return await keeper.snapshot(tab, SnapshotParams(**params)), keeper


async def page_js(tab, source: str):
    """Run ``source`` in the page's own world (as the page's scripts would) and return Qt's answer."""
    return await tab.bridge.run(source, world=0)


# -- bench/source_lookup.py ------------------------------------------------------------------------------------

class LookupClock:
    """Times the lookups a pin starts after it shows (issue 29, requirement 4): patches
    ``Annotator.map_source`` (the React 19 ``Source:`` lines, ``app.webview.source_lines``) and
    ``Annotator.css_of`` (the ``CSS:`` block, ``app.webview.css_rules``) to note, per pin id, when each
    started and ended (host ``time.perf_counter()``, s) in ``times[pin_id]`` (``source_start``/``source_end``,
    ``css_start``/``css_end``), and counts the fetches: ``source_lines.load_map`` (one module and its map) and
    ``css_rules._fetch`` (a stylesheet's map) calls, as ``(kind, url)`` in ``fetches``; ``cdp``: each
    ``CdpSession.send``'s duration (ms) as ``(method, ms)``, in order (the caller slices it per pin)."""

    def __init__(self) -> None:
        from app.webview import css_rules, source_lines
        from app.webview.annotator import Annotator
        from app.webview.cdp import CdpSession

        self.times: dict[str, dict[str, float]] = {}
        self.fetches: list[tuple[str, str]] = []
        self.cdp: list[tuple[str, float]] = []
        clock = self
        send = CdpSession.send

        async def timed_send(session, method, *args, **kwargs):
            t = time.perf_counter()
            try:
                return await send(session, method, *args, **kwargs)
            finally:
                clock.cdp.append((method, (time.perf_counter() - t) * 1e3))
        map_source, css_of = Annotator.map_source, Annotator.css_of
        load_map, fetch_css = source_lines.load_map, css_rules._fetch

        def timed(name, fn):
            async def wrapper(annotator, pin_id, *args):
                entry = clock.times.setdefault(pin_id, {})
                entry[f"{name}_start"] = time.perf_counter()
                try:
                    return await fn(annotator, pin_id, *args)
                finally:
                    entry[f"{name}_end"] = time.perf_counter()
            return wrapper

        def counted(kind, fn):
            def wrapper(url, *args):
                clock.fetches.append((kind, url))   # list.append: safe from the executor's threads
                return fn(url, *args)
            return wrapper

        CdpSession.send = timed_send
        Annotator.map_source = timed("source", map_source)
        Annotator.css_of = timed("css", css_of)
        source_lines.load_map = counted("module", load_map)
        css_rules._fetch = counted("css map", fetch_css)

    @staticmethod
    def set_lookups(w: BenchWindow, on: bool) -> None:
        """Turn the after-pin lookups of ``w``'s tab on or off (off: no ``CSS:`` lookup, no source mapping; the
        pin-time ``Source:`` hints, read in the page's world before the pin, stay)."""
        annotator = w.tab.annotator
        if on:
            annotator.__dict__.pop("source_to_map", None)
            annotator.css_rules = getattr(annotator, "_bench_css_rules", annotator.css_rules)
        else:
            annotator._bench_css_rules = annotator.css_rules
            annotator.css_rules = None
            annotator.source_to_map = lambda record: None

    @staticmethod
    def set_roots(w: BenchWindow, roots: tuple) -> None:
        """The project folders source hints and CSS files must lie in (``Annotator.source_roots``)."""
        w.tab.annotator.source_roots = roots

    @staticmethod
    def last_pin(w: BenchWindow) -> tuple[str, str, str, list[str]]:
        """The newest pin: ``(pin id, its element's selector, its Source: value, its CSS: rules as
        ``selector file:line`` (``inline``, ``inherited`` marked))``."""
        pin = w.window.session.pins[-1]
        element = pin.annotation.element
        rules = [("inline" if r.inline else f"{r.selector!r} {r.file or '?'}" + (f":{r.line}" if r.line else ""))
                 + (" (inherited)" if r.inherited else "") for r in element.css]
        return pin.id, element.selector or "", element.source or "", rules
