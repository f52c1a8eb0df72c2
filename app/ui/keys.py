"""The keys every browser has, as window actions: address bar, history, reload and stop, zoom, find, quit —
plus annotation mode's Alt+↑/↓ as window shortcuts while the mode is on.

Every binding is a :class:`QAction` on the window with the default ``Qt.WindowShortcut`` context, so it works
wherever the focus is — the page, the panel, the note box — and its key never reaches a text field (Qt's
shortcut map runs before the focused widget's key handler, unless that widget accepts the key's
``ShortcutOverride``, which Qt's text widgets do only for their own editing keys). The page's view is the
exception: Chromium accepts ``ShortcutOverride`` for keys a focused editable field may use, so
:class:`PageKeys` refuses the override for the window's own sequences before Chromium sees it (the first
Ctrl+Shift+A after clicking into a page's text field then toggles annotation mode instead of reaching the
field). Bindings follow Chrome's keyboard shortcuts (support.google.com/chrome/answer/157179) and its zoom
steps (Chromium ``components/zoom/page_zoom_constants.cc`` ``kPresetZoomFactors``).
"""

from __future__ import annotations

import contextlib

import shiboken6

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWebEngineWidgets import QWebEngineView

from app.core.tasks import spawn
from app.webview.proxy import FocusProxyWatch

#: Chromium's preset zoom factors (kPresetZoomFactors), the steps of Ctrl+plus and Ctrl+minus.
ZOOM_STEPS = (0.25, 1 / 3, 0.5, 2 / 3, 0.75, 0.8, 0.9, 1.0, 1.1, 1.25, 1.5, 1.75, 2.0, 2.5, 3.0, 4.0, 5.0)


def next_zoom(current: float, direction: int) -> float:
    """The zoom step after ``current`` in ``direction`` (+1 in, -1 out, 0 reset to 1.0), clamped to
    :data:`ZOOM_STEPS`' ends; a factor between steps goes to the nearest step that way."""
    if direction == 0:
        return 1.0
    if direction > 0:
        return next((z for z in ZOOM_STEPS if z > current + 1e-3), ZOOM_STEPS[-1])
    return next((z for z in reversed(ZOOM_STEPS) if z < current - 1e-3), ZOOM_STEPS[0])


def sequences(*keys: str) -> list[QKeySequence]:
    """Key sequences from portable strings (``"Ctrl+L"``). Qt's standard keys are not used: on X11
    ``QKeySequence.Back`` includes Backspace, which belongs to text fields."""
    return [QKeySequence(key) for key in keys]


class PageKeys(QObject):
    """Keeps the window's shortcuts out of the page: an event filter on ``view``'s focus proxy (Chromium's
    input widget; re-hooked when QtWebEngine replaces it) that answers a ``ShortcutOverride`` for any
    sequence of ``window``'s actions by leaving it unaccepted and stopping it there, so Qt's shortcut map
    fires the action on the first press. Other keys go to the page as before."""

    def __init__(self, window, view: QWebEngineView) -> None:
        super().__init__(window)
        self.window = window
        self.view = view
        self.watch = FocusProxyWatch(view, self)  # follows Chromium's input widget through renderer swaps

    def owns(self, combination) -> bool:
        """True when a key ``combination`` (QKeyCombination) is the shortcut of an enabled action of the window
        itself (``window.actions()``, window-wide context). Actions of child widgets (a dock's Ctrl+C, which
        Qt fires only with the focus in that widget) do not count: those keys stay the page's."""
        seq = QKeySequence(combination)
        for action in self.window.actions():
            if (action.isEnabled() and action.shortcutContext() in (Qt.ShortcutContext.WindowShortcut,
                                                                     Qt.ShortcutContext.ApplicationShortcut)
                    and any(s.matches(seq) == QKeySequence.SequenceMatch.ExactMatch for s in action.shortcuts())):
                return True
        return False

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt virtual)
        if obj is self.watch.proxy and event.type() == QEvent.Type.ShortcutOverride and self.owns(event.keyCombination()):
            event.ignore()
            return True
        return False

    def shutdown(self) -> None:
        """Stop filtering (before the view is destroyed)."""
        self.watch.stop()


class BrowserKeys(QObject):
    """The browser actions of ``window`` (a :class:`~app.ui.main_window.MainWindow`): each one a window
    action with its shortcuts, a text and a tip (Help → Keyboard shortcuts lists them from the actions).

    Attributes: ``back``, ``forward``, ``reload``, ``hard_reload``, ``stop``, ``address``, ``zoom_in``,
    ``zoom_out``, ``zoom_reset``, ``find``, ``quit``, ``step_up``, ``step_down``.
    """

    def __init__(self, window) -> None:
        super().__init__(window)
        self.window = window
        view = window.view
        self.back = self._action(self.tr("Back"), self.tr("Go back one page"), sequences("Alt+Left"),
                                 lambda: window.view.back())  # the current tab's view, looked up each time
        self.forward = self._action(self.tr("Forward"), self.tr("Go forward one page"),
                                    sequences("Alt+Right"), lambda: window.view.forward())
        self.reload = self._action(self.tr("Reload"), self.tr("Reload the page"), sequences("F5", "Ctrl+R"),
                                   lambda: self._reload(hard=False))
        self.hard_reload = self._action(self.tr("Hard reload"), self.tr("Reload the page, bypassing the cache"),
                                        sequences("Ctrl+Shift+R", "Shift+F5"), lambda: self._reload(hard=True))
        self.stop = self._action(self.tr("Stop"), self.tr("Stop loading the page"), sequences("Esc"),
                                 lambda: window.view.stop())
        self.address = self._action(self.tr("Address bar"), self.tr("Focus and select the address bar"),
                                    sequences("Ctrl+L", "Alt+D", "F6"), self._focus_address)
        self.zoom_in = self._action(self.tr("Zoom in"), self.tr("Make the page larger"),
                                    sequences("Ctrl++", "Ctrl+="), lambda: self.zoom(1))
        self.zoom_out = self._action(self.tr("Zoom out"), self.tr("Make the page smaller"),
                                     sequences("Ctrl+-"), lambda: self.zoom(-1))
        self.zoom_reset = self._action(self.tr("Actual size"), self.tr("Reset the page zoom to 100 %"), sequences("Ctrl+0"),
                                       lambda: self.zoom(0))
        self.find = self._action(self.tr("Find in page"), self.tr("Find text in the page"), sequences("Ctrl+F"),
                                 lambda: window.find_bar.start())
        self.quit = self._action(self.tr("Quit"), self.tr("Quit pagenote"), sequences("Ctrl+Q"), window.close)
        self.step_up = self._action(self.tr("Parent element"), self.tr("Annotation mode: highlight the parent of the "
                                                             "highlighted element"), sequences("Alt+Up"),
                                    lambda: window.annotate.step("up"))
        self.step_down = self._action(self.tr("Next element under the pointer"),
                                      self.tr("Annotation mode: the next element under the pointer (through overlays)"),
                                      sequences("Alt+Down"), lambda: window.annotate.step("down"))
        self.loading = False
        self._links: list = []
        self.attach(view)

    def attach(self, view: QWebEngineView) -> None:
        """Follow ``view`` (the current tab's) from now on: Back and Forward enabled from its history, Stop
        while it loads; the previous view's links are dropped."""
        for link in self._links:
            QObject.disconnect(link)
        page = view.page()
        self._links = []
        for action, web in ((self.back, page.WebAction.Back), (self.forward, page.WebAction.Forward)):
            source = view.pageAction(web)
            # The page's own Back/Forward (its context menu) say what ours say: Qt WebEngine ships no zh_CN
            # translation of its actions (no qtwebengine_zh_CN.qm in Qt 6.x), so Chinese would read "Back".
            source.setText(action.text())
            self._links.append(source.changed.connect(lambda a=action, s=source: a.setEnabled(s.isEnabled())))
            action.setEnabled(source.isEnabled())
        self._links.append(view.loadStarted.connect(lambda: self._set_loading(True)))
        self._links.append(view.loadFinished.connect(lambda _ok: self._set_loading(False)))
        self.loading = page.isLoading()
        self.update()

    def _action(self, text: str, tip: str, keys: list[QKeySequence], slot) -> QAction:
        action = QAction(text, self.window)
        action.setShortcuts(keys)
        action.setToolTip(f"{tip} ({keys[0].toString(QKeySequence.SequenceFormat.NativeText)})" if keys else tip)
        action.setStatusTip(tip)
        action.triggered.connect(lambda _=False: slot())
        self.window.addAction(action)
        return action

    def _set_loading(self, on: bool) -> None:
        self.loading = on
        self.update()

    def update(self) -> None:
        """Enable what applies now: Esc stops loading only while the page loads and no annotation UI is open
        (Esc then belongs to the note box or the mode); Alt+↑/↓ only in annotation mode with the note box
        closed (elsewhere they are the page's and the text fields' keys)."""
        annotate = self.window.annotate
        note_open = annotate.note_box.isVisible()
        self.stop.setEnabled(self.loading and not annotate.active and not note_open
                             and not self.window.find_bar.isVisible())
        self.step_up.setEnabled(annotate.active and not note_open)
        self.step_down.setEnabled(annotate.active and not note_open)

    def _reload(self, hard: bool) -> None:
        """Reload the current tab's page (``hard``: bypassing the cache). During a capture that scrolls the page
        (a full-page screenshot), the capture is stopped first and the page put back where the user had it
        before the reload starts: Chromium saves a history entry's scroll position when its document is left, so
        a reload racing the capture's own restore came back at the capture's scroll position on a busy machine."""
        tab = self.window.tab
        lock = tab.capture.lock if tab is not None else None
        if lock is not None and lock.locked() and lock.interrupt("navigated"):
            spawn(self._reload_after_capture(tab, hard), "reload after a capture")
            return
        self._reload_now(self.window.view, hard)

    async def _reload_after_capture(self, tab, hard: bool) -> None:
        await tab.capture.lock.released()
        # The stopped capture posted its restore (scroll, styles) to the page before it let go of the lock; a
        # call's answer comes after what was posted before it.
        with contextlib.suppress(Exception):
            await tab.bridge.call("documentMetrics")
        if shiboken6.isValid(tab.view):
            self._reload_now(tab.view, hard)

    @staticmethod
    def _reload_now(view, hard: bool) -> None:
        if hard:
            view.triggerPageAction(view.page().WebAction.ReloadAndBypassCache)
        else:
            view.reload()

    def _focus_address(self) -> None:
        address = self.window.address
        address.setFocus(Qt.FocusReason.ShortcutFocusReason)
        address.selectAll()

    def zoom(self, direction: int) -> float:
        """Zoom the page one step in (+1), out (-1) or back to 100 % (0); returns the new factor."""
        view = self.window.view
        factor = next_zoom(view.zoomFactor(), direction)
        view.setZoomFactor(factor)
        self.window.status.show_zoom(factor)
        return factor
