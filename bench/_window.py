"""The benches' one door into pagenote: every call they make into ``app.ui``, ``app.webview``, ``app.capture``
and ``app.headless`` is in this module, so a change of those APIs (say, host→page calls becoming coroutines)
is made here and nowhere else in ``bench/``.

Calls into pagenote's page API and waits (the ones to update when they become async):

- :meth:`BenchWindow.load`: ``MainWindow.picker.wait_ready()``;
- :meth:`BenchWindow.settle`: ``app.webview.picker.wait_ms``;
- :meth:`BenchWindow.hover_state` / :meth:`BenchWindow.clear_hover`: ``Picker.call_sync``;
- :meth:`BenchWindow.fresh_frame`: ``app.capture.viewport.grab_viewport``;
- :meth:`BenchWindow.__init__`: patches of ``Picker.call`` (its ``callback``), ``AnnotateController._hover_done``
  / ``_picked`` (their ``(route, result)`` arguments), ``AnnotationPanel.refresh`` and two controller methods;
- :func:`open_view` (``Picker(page).wait_ready()``) and :func:`shoot` (``Shooter.viewport/full_page``) for
  ``bench/screenshots_vs_playwright.py``.

Imports of Qt and pagenote happen inside the functions (after :func:`make_app`), as the app expects.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

from _page_js import INSTRUMENT_JS

#: Give up on one milestone (or one page answer) after this long, ms.
WAIT_MS = 3_000


def make_app():
    """The headless ``QApplication`` (``app.qtenv.make_application``); call once, before anything else here."""
    from app.qtenv import make_application

    return make_application(headless=True)


class BenchWindow:
    """A shown ``MainWindow`` (1440x900, offscreen) with methods patched to timestamp the milestones.

    ``marks``: milestone name → host ``time.perf_counter()`` (s), first occurrence only, cleared by the caller
    per trial: ``hover_done``, ``pick_answer``, ``panel_row`` (the panel reached ``want_rows`` rows),
    ``setMarkers_call``, ``setMarkers_return``. ``spans``: durations (ms) of patched host calls by label."""

    def __init__(self, app, project: Path) -> None:
        from PySide6.QtCore import QTimer

        from app.model.annotation import ElementRecord
        from app.ui.annotate import AnnotateController
        from app.ui.main_window import MainWindow
        from app.ui.panel import AnnotationPanel
        from app.webview.lease import Lease
        from app.webview.picker import Picker

        self.marks: dict[str, float] = {}          # milestone → host time (s), first one in this trial
        self.spans: dict[str, list[float]] = {}    # durations (ms) of patched host calls
        self.want_rows = -1                        # panel rows that make "panel_row" (−1: not now)
        bench = self

        def timed(name, fn):
            def wrapper(*args, **kwargs):
                t = time.perf_counter()
                try:
                    return fn(*args, **kwargs)
                finally:
                    bench.spans.setdefault(name, []).append((time.perf_counter() - t) * 1e3)
            return wrapper

        hover_done, picked, call = AnnotateController._hover_done, AnnotateController._picked, Picker.call
        refresh = timed("AnnotationPanel.refresh", AnnotationPanel.refresh)
        picked = timed("AnnotateController._picked (validate, session, panel, note box)", picked)

        def _hover_done(ctrl, route, result):
            bench.mark("hover_done")
            hover_done(ctrl, route, result)

        def _picked(ctrl, route, result):
            bench.mark("pick_answer")
            picked(ctrl, route, result)

        def _refresh(panel):
            refresh(panel)
            if bench.want_rows >= 0 and len(panel.rows()) >= bench.want_rows:
                bench.mark("panel_row")

        def _call(picker, method, *args, callback=None):
            if method == "setMarkers" and callback is None:
                bench.mark("setMarkers_call")
                def callback(_result):
                    bench.mark("setMarkers_return")
            return call(picker, method, *args, callback=callback)

        # Before the window exists: the panel and the controller subscribe bound methods to the session.
        AnnotateController._hover_done = _hover_done
        AnnotateController._picked = _picked
        AnnotateController.sync_markers = timed("AnnotateController.sync_markers", AnnotateController.sync_markers)
        AnnotateController._open_note = timed("AnnotateController._open_note", AnnotateController._open_note)
        AnnotationPanel.refresh = _refresh
        Picker.call = _call
        self.validate = ElementRecord.model_validate
        self.lease = Lease(app)
        self.window = MainWindow(self.lease, project)
        self.window.resize(1440, 900)
        self.window.show()
        self.view, self.page = self.window.view, self.window.page
        self.wake = QTimer()   # wakes spin_until's waits, so its timeouts are seen
        self.wake.setInterval(20)
        self.wake.start()

    # -- the event loop and the page ---------------------------------------------------------------------------

    def mark(self, name: str) -> None:
        """Record milestone ``name`` at the current host time unless already recorded in this trial."""
        self.marks.setdefault(name, time.perf_counter())

    def spin_until(self, done, timeout_ms: int = WAIT_MS) -> bool:
        """Run the event loop (sleeping between events) until ``done()``; False on timeout."""
        from PySide6.QtCore import QCoreApplication, QEventLoop

        deadline = time.perf_counter() + timeout_ms / 1e3
        while not done():
            if time.perf_counter() > deadline:
                return False
            QCoreApplication.processEvents(QEventLoop.ProcessEventsFlag.WaitForMoreEvents)
        return True

    def js(self, source: str, world: int | None = None, timeout_ms: int = WAIT_MS):
        """Run ``source`` in pagenote's isolated world (or ``world``); its value, JSON-parsed when it is JSON.
        Raises ``RuntimeError`` when no answer comes within ``timeout_ms``."""
        from app.webview.picker import WORLD

        box: list = []
        self.page.runJavaScript(source, WORLD if world is None else world, box.append)
        if not self.spin_until(lambda: bool(box), timeout_ms):
            raise RuntimeError(f"no answer from the page to {source[:60]!r}")
        value = box[0]
        return json.loads(value) if isinstance(value, str) and value[:1] in "[{" else value

    def settle(self, ms: int) -> None:
        """Let the event loop run for ``ms`` milliseconds."""
        from app.webview.picker import wait_ms

        wait_ms(ms)

    def load(self, url: str) -> None:
        """Load ``url``, wait for pagenote's page script, install the page-side timing wrappers
        (:data:`_page_js.INSTRUMENT_JS`) and switch annotation mode on. Raises ``RuntimeError`` when the page
        script does not start."""
        from PySide6.QtCore import QEventLoop, QUrl

        loop = QEventLoop()
        self.view.loadFinished.connect(loop.quit)
        self.view.load(QUrl(url))
        loop.exec()
        self.view.loadFinished.disconnect(loop.quit)
        if not self.window.picker.wait_ready() or self.js(INSTRUMENT_JS) != "ok":
            raise RuntimeError(f"pagenote's picker did not start on {url}")
        if not self.window.act_annotate.isChecked():
            self.window.act_annotate.trigger()

    def hover_state(self) -> dict:
        """The page's hover highlight: ``{"viewport": {x, y, width, height}, "label": …}`` (CSS px), or ``{}``."""
        return self.window.picker.call_sync("hoverState") or {}

    def clear_hover(self) -> None:
        """Remove the page's hover highlight."""
        self.window.picker.call_sync("clearHover")

    def fresh_frame(self) -> None:
        """Wait until the frame on screen was made after every change so far (pagenote's paint probe): the
        view's pixels can lag the page by a few frames, more after big changes."""
        from app.capture.viewport import CaptureError, grab_viewport

        try:
            grab_viewport(self.view, self.window.picker)
        except CaptureError:
            self.settle(500)
        self.settle(30)

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
        """Stop the wake timer, leave annotation mode and close the window and its page."""
        from app.headless import close_guest

        self.wake.stop()
        self.window.annotate.set_mode(False)
        close_guest(self.window, self.lease)


# -- bench/screenshots_vs_playwright.py -------------------------------------------------------------------------

def open_view(app, url: str, width: int, height: int):
    """A shown ``QWebEngineView`` of ``width`` x ``height`` px on pagenote's profile with ``url`` loaded and
    pagenote's page script ready; returns ``(view, picker, lease)`` (keep the lease alive)."""
    from PySide6.QtCore import QEventLoop, QUrl
    from PySide6.QtWebEngineWidgets import QWebEngineView

    from app.webview.guest import Guest
    from app.webview.lease import Lease
    from app.webview.picker import Picker

    lease = Lease(app)
    view = QWebEngineView()
    page = Guest(lease.profile, view)
    view.setPage(page)
    view.resize(width, height)
    view.show()
    loop = QEventLoop()
    view.loadFinished.connect(loop.quit)
    view.load(QUrl(url))
    loop.exec()
    picker = Picker(page)
    picker.wait_ready()
    return view, picker, lease


def make_shooter(view, picker, out: Path):
    """pagenote's ``Shooter`` for ``view`` saving under ``out/shots``."""
    from app.capture.shots import Shooter

    return Shooter(view, picker, out)


def shoot(shooter, kind: str):
    """One capture with ``shooter``: ``kind`` ``"full"`` (whole document) or ``"viewport"`` (clean only);
    returns the saved ``Shot`` (its ``path``). Raises pagenote's ``CaptureError``."""
    shot, _ = shooter.full_page() if kind == "full" else shooter.viewport(annotated=False)
    return shot
