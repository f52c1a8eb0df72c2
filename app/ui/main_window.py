"""The main window: address bar, page view, annotation toolbar, side panel, status bar (issue #2 §1)."""

from __future__ import annotations

import logging
from pathlib import Path

from PySide6.QtCore import QObject, Qt, QUrl
from PySide6.QtGui import QAction, QGuiApplication, QKeySequence
from PySide6.QtWebEngineCore import QWebEnginePage
from PySide6.QtWebEngineWidgets import QWebEngineView
from PySide6.QtWidgets import (QLabel, QLineEdit, QMainWindow, QMenu, QProgressDialog, QPushButton, QSplitter,
                               QToolBar, QToolButton)

from app.agent.methods import Hub, Methods
from app.agent.server import AgentServer
from app.agent.store import BatchStore
from app.capture.shots import Shooter, Shot
from app.capture.viewport import CaptureError
from app.model.session import Session
from app.protocol.markdown import encode_annotations
from app.protocol.redact import redact_urls
from app.sinks import save_markdown
from app.ui.agent_host import WindowHost
from app.ui.annotate import AnnotateController
from app.ui.panel import AnnotationPanel
from app.webview.guest import Guest, LoadResult
from app.webview.lease import Lease
from app.webview.picker import Picker
from app.webview.frames import frame_viewport_offset
from app.webview.urls import demo_url, url_from_user_input

log = logging.getLogger("pagenote.ui")

SHORTCUTS = {
    "annotate": QKeySequence("Ctrl+Shift+A"),
    "screenshot": QKeySequence("Ctrl+Shift+S"),
    "copy": QKeySequence("Ctrl+Shift+C"),
    "save": QKeySequence("Ctrl+S"),
    "send": QKeySequence("Ctrl+Return"),
}


class MainWindow(QMainWindow):
    """One page view with pagenote's tools. ``project_dir`` receives ``annotations/`` and ``shots/``.

    ``lease`` must outlive the window (it owns the profile the page lives in). With ``socket_path`` the window
    serves the agent socket there (issue #5); sent batches are kept in ``<project_dir>/annotations/sent/``.
    """

    def __init__(self, lease: Lease, project_dir: Path, parent: QObject | None = None,
                 socket_path: Path | None = None) -> None:
        super().__init__(parent)
        self.project_dir = project_dir
        self.last_shot = ""         # the batch's Screenshot: line (annotated when there is one)
        self.last_shot_clean = ""   # its Screenshot (clean): line
        self.loading = False
        self.setWindowTitle("pagenote")
        self.resize(1440, 900)
        self.session = Session()
        self.view = QWebEngineView()
        self.page = Guest(lease.profile, self.view)
        self.view.setPage(self.page)
        self.picker = Picker(self.page)
        self.annotate = AnnotateController(self.view, self.picker, self.session)
        self.hub = Hub(BatchStore(project_dir / "annotations" / "sent"))
        self.panel = AnnotationPanel(self.session, self.hub)
        splitter = QSplitter()
        splitter.addWidget(self.view)
        splitter.addWidget(self.panel)
        splitter.setStretchFactor(0, 1)
        splitter.setSizes([1100, 340])
        self.setCentralWidget(splitter)
        self._build_toolbars()
        self._build_status()
        self.panel.edit_requested.connect(self.annotate.edit)
        self.panel.delete_requested.connect(self.annotate.delete)
        self.panel.summary_changed.connect(self.session.set_summary)
        self.annotate.message.connect(self.say)
        self.annotate.mode_changed.connect(self.act_annotate.setChecked)
        self.page.load_result.connect(self._loaded)
        self.view.loadStarted.connect(lambda: setattr(self, "loading", True))
        self.view.loadFinished.connect(lambda _ok: setattr(self, "loading", False))
        self.panel.send_requested.connect(self.send)
        self.page.renderProcessTerminated.connect(
            lambda status, code: self.say(f"The page's renderer stopped ({status.name}, code {code}); press Reload"))
        self.view.urlChanged.connect(lambda url: self.address.setText(url.toDisplayString()))
        self.view.titleChanged.connect(lambda title: self.setWindowTitle(f"{title} — pagenote" if title else "pagenote"))
        self.agent: AgentServer | None = None
        if socket_path is not None:
            self.agent = AgentServer(Methods(WindowHost(self), self.hub), self.hub, socket_path, self)
            problem = self.agent.start()
            if problem:
                self.say(f"Agent socket off: {problem}")
                self.agent = None

    # -- construction ----------------------------------------------------------------------------------------

    def _action(self, text: str, tip: str, shortcut: QKeySequence | None = None) -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(shortcut)
            tip = f"{tip} ({shortcut.toString(QKeySequence.SequenceFormat.NativeText)})"
        action.setToolTip(tip)
        action.setStatusTip(tip)
        return action

    def _build_toolbars(self) -> None:
        nav = QToolBar("Navigation")
        nav.setMovable(False)
        for web_action in (QWebEnginePage.WebAction.Back, QWebEnginePage.WebAction.Forward,
                           QWebEnginePage.WebAction.Reload):
            nav.addAction(self.view.pageAction(web_action))
        self.address = QLineEdit()
        self.address.setPlaceholderText("Address: URL, localhost:PORT or a file")
        self.address.setClearButtonEnabled(True)
        self.address.returnPressed.connect(lambda: self.open(self.address.text()))
        nav.addWidget(self.address)
        self.addToolBar(nav)
        self.addToolBarBreak()
        tools = QToolBar("Annotations")
        tools.setMovable(False)
        self.act_annotate = self._action("Annotate", "Annotation mode: click elements to pin numbered notes",
                                         SHORTCUTS["annotate"])
        self.act_annotate.setCheckable(True)
        self.act_annotate.toggled.connect(self.annotate.set_mode)
        self.act_screenshot = self._action("Screenshot", "Save the visible viewport as a PNG in shots/ (and a copy "
                                           "with the annotations drawn)", SHORTCUTS["screenshot"])
        self.act_screenshot.triggered.connect(self.screenshot)
        self.act_full = self._action("Full page", "Save the whole document as one PNG", QKeySequence("Ctrl+Shift+F"))
        self.act_full.triggered.connect(lambda: self.full_page_screenshot(False))
        self.act_full_annotated = self._action("Full page with annotations",
                                               "Save the whole document, plus a copy with the annotations drawn")
        self.act_full_annotated.triggered.connect(lambda: self.full_page_screenshot(True))
        self.act_crops = self._action("Crop annotated elements",
                                      "Save a crop of each annotated element and list it in its annotation")
        self.act_crops.triggered.connect(self.element_crops)
        shot_menu = QMenu(self)
        for action in (self.act_screenshot, self.act_full, self.act_full_annotated, self.act_crops):
            shot_menu.addAction(action)
        self.act_copy = self._action("Copy", "Copy the annotations as Markdown", SHORTCUTS["copy"])
        self.act_copy.triggered.connect(self.copy)
        self.act_save = self._action("Save", "Save the annotations as Markdown in annotations/", SHORTCUTS["save"])
        self.act_save.triggered.connect(self.save)
        self.act_send = self._action("Send", "Send the annotations to waiting coding agents", SHORTCUTS["send"])
        self.act_send.triggered.connect(self.send)
        self.act_clear = self._action("Clear", "Remove all annotations and the overall note")
        self.act_clear.triggered.connect(self.clear)
        tools.addAction(self.act_annotate)
        shot_button = QToolButton()
        shot_button.setDefaultAction(self.act_screenshot)
        shot_button.setMenu(shot_menu)
        shot_button.setPopupMode(QToolButton.ToolButtonPopupMode.MenuButtonPopup)
        tools.addWidget(shot_button)
        self.addAction(self.act_full)  # its shortcut works without opening the menu
        for action in (self.act_copy, self.act_save, self.act_send, self.act_clear):
            tools.addAction(action)
        self.addToolBar(tools)

    def _build_status(self) -> None:
        self.status_label = QLabel()
        self.status_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.copy_path_button = QPushButton("Copy path")
        self.copy_path_button.hide()
        self.copy_path_button.clicked.connect(self._copy_shot_path)
        self.statusBar().addWidget(self.status_label, 1)
        self.statusBar().addPermanentWidget(self.copy_path_button)

    # -- intents ----------------------------------------------------------------------------------------

    def say(self, text: str) -> None:
        """Show ``text`` in the status bar (it stays until the next message); URLs in it are redacted."""
        text = redact_urls(text)
        self.status_label.setText(text)
        log.info("%s", text)

    def open(self, text: str | QUrl) -> None:
        """Load a URL, ``localhost:PORT`` or a local file path."""
        url = text if isinstance(text, QUrl) else url_from_user_input(text)
        if not url.isValid():
            self.say(f"Not a URL or file: {text}")
            return
        self.view.load(url)

    def _loaded(self, result: LoadResult) -> None:
        if not result.ok:
            self.say(f"Failed to load {result.url}: {result.error}")

    def batch(self):
        """The current batch, with the latest screenshot's paths."""
        return self.session.batch(screenshot=self.last_shot, screenshot_clean=self.last_shot_clean)

    def shooter(self, scale: str = "css") -> Shooter:
        """A :class:`Shooter` for this window's view, saving under ``<project>/shots/``."""
        return Shooter(self.view, self.picker, self.project_dir, scale)

    def frame_pin_rects(self, document: bool = False) -> dict[str, dict]:
        """Rects (CSS px; top viewport, or top document when ``document``) of the annotations inside iframes,
        measured now, for drawing them on screenshots."""
        out: dict[str, dict] = {}
        scroll = {"x": 0, "y": 0}
        if document:
            scroll = (self.picker.call_sync("viewportState") or {}).get("scroll") or scroll
        for pin in self.session.pins:
            route, page_id = self.annotate.anchors.get(pin.id, (None, pin.id))
            if route is None or not route.chain:
                continue
            found = frame_viewport_offset(self.page, route.chain)
            if found is None:
                continue
            frame, (ox, oy) = found
            rect = (Picker(frame).call_sync("pinnedRects", [page_id], False) or {}).get(page_id)
            if rect:
                out[pin.id] = {**rect, "x": rect["x"] + ox + scroll["x"], "y": rect["y"] + oy + scroll["y"]}
        return out

    def pins(self) -> list[tuple[int, str]]:
        """``(number, pin id)`` of the current annotations."""
        return [(n, pin.id) for n, pin in enumerate(self.session.pins, start=1)]

    def copy(self) -> None:
        """Put the batch's Markdown on the clipboard."""
        text = encode_annotations(self.batch())
        QGuiApplication.clipboard().setText(text)
        n = len(self.session.pins)
        self.say(f"Copied {n} annotation{'s' if n != 1 else ''} as Markdown ({len(text)} characters)")

    def save(self) -> Path | None:
        """Write the batch to ``<project>/annotations/<stamp>.md``; returns the path, ``None`` on failure."""
        try:
            path = save_markdown(self.batch(), self.project_dir)
        except OSError as exc:
            self.say(f"Save failed: {exc}")
            return None
        n = len(self.session.pins)
        self.say(f"Saved {n} annotation{'s' if n != 1 else ''} to {path}")
        return path

    def _shot_done(self, clean: Shot, annotated: Shot | None, what: str) -> Path:
        self.last_shot = annotated.path if annotated else clean.path
        self.last_shot_clean = clean.path if annotated else ""
        self.copy_path_button.show()
        extra = f" and {Path(annotated.path).name} with {len(annotated.annotations)} numbered outlines" \
            if annotated else ""
        self.say(f"{what} saved: {clean.path} ({clean.width}×{clean.height} px){extra}")
        return Path(self.last_shot)

    def screenshot(self) -> Path | None:
        """Save the visible viewport to ``<project>/shots/<stamp>-<slug>.png`` and, when annotations are on
        the page, ``…-annotated.png`` with their outlines and numbers. Returns the batch's screenshot path
        (the annotated one when there is one) or ``None`` on failure."""
        self.say("Taking screenshot…")
        try:
            clean, annotated = self.shooter().viewport(self.pins(), extra_rects=self.frame_pin_rects())
        except (CaptureError, OSError) as exc:
            self.say(f"Screenshot failed: {exc}")
            return None
        return self._shot_done(clean, annotated, "Screenshot")

    def full_page_screenshot(self, annotated: bool = False) -> Path | None:
        """Save the whole document (``…-full.png``, and ``…-full-annotated.png`` when asked). Shows a
        progress dialog when it takes over half a second; Esc cancels (issue #4 §1)."""
        dialog = QProgressDialog("Capturing the full page…", "Cancel", 0, 0, self)
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        dialog.setMinimumDuration(500)
        dialog.setAutoClose(False)

        def progress(done: int, total: int) -> None:
            dialog.setMaximum(total)
            dialog.setValue(done)

        try:
            clean, drawn = self.shooter().full_page(self.pins(), annotated, progress, dialog.wasCanceled,
                                                    extra_rects=self.frame_pin_rects(document=True))
        except (CaptureError, OSError) as exc:
            self.say(f"Full-page screenshot failed: {exc}")
            return None
        finally:
            dialog.close()
            dialog.deleteLater()
        return self._shot_done(clean, drawn, "Full-page screenshot")

    def element_crops(self) -> int:
        """Save a crop of every annotated element on this page (``…-a<i>.png``) and list it as that
        annotation's ``Screenshot:`` line. Returns how many were saved."""
        shooter = self.shooter()
        saved = 0
        for number, pin_id in self.pins():
            try:
                shot = shooter.element(number, pin_id)
            except CaptureError as exc:
                self.say(f"Annotation {number}: {exc}")
                continue
            self.session.set_screenshot(pin_id, shot.path)
            saved += 1
        self.say(f"Saved {saved} element crop{'s' if saved != 1 else ''} in {shooter.directory}")
        return saved

    def send(self) -> int | None:
        """Hand the batch to agents (issue #5 §3): deliver it to every waiting ``annotations.wait`` and say how
        many received it; with none waiting it stays pending for the next one. The sent batch leaves the
        editor (it is listed under "Sent"). Returns the number of receivers, ``None`` when nothing was sent."""
        batch = self.batch()
        if not batch.annotations and not batch.summary:
            self.say("Nothing to send: pin an annotation or write an overall note first")
            return None
        try:
            sent, receivers = self.hub.send(batch)
        except OSError as exc:
            self.say(f"Send failed: could not store the batch: {exc}")
            return None
        self.session.archive(sent.id)
        self.last_shot = self.last_shot_clean = ""
        self.copy_path_button.hide()
        if self.agent is None:
            self.say(f"Batch {sent.id} is pending, but the agent socket is off: no agent can receive it now")
        elif receivers:
            self.say(f"Sent batch {sent.id} to {receivers} waiting agent{'s' if receivers != 1 else ''}")
        else:
            self.say(f"No agent is waiting: batch {sent.id} is pending and goes to the next annotations.wait")
        return receivers

    def _copy_shot_path(self) -> None:
        QGuiApplication.clipboard().setText(self.last_shot)
        self.say(f"Copied {self.last_shot}")

    def clear(self) -> None:
        """Remove every annotation, the overall note and the batch's screenshot line."""
        self.session.clear()
        self.last_shot = self.last_shot_clean = ""
        self.copy_path_button.hide()
        self.say("Annotations cleared")

    def closeEvent(self, event) -> None:  # noqa: N802 (Qt virtual)
        self.annotate.set_mode(False)
        self.annotate.shutdown()
        if self.agent is not None:
            self.agent.close()
        super().closeEvent(event)


def run_gui(url: str | None, project_dir: Path, headless: bool = False) -> int:
    """Open the window on ``url`` (the bundled demo page when ``None``), serve the agent socket, and run the
    event loop. ``headless`` runs it offscreen (``pagenote serve``: for agents, no visible window)."""
    from app.agent.paths import socket_path
    from app.headless import close_guest
    from app.qtenv import make_application

    app = make_application(headless=headless)
    lease = Lease(app)
    try:
        path = socket_path()
    except PermissionError as exc:
        log.warning("agent socket off: %s", exc)
        path = None
    window = MainWindow(lease, project_dir.resolve(), socket_path=path)
    if headless and window.agent is None:
        print("pagenote serve: the agent socket could not start (see above)", file=__import__("sys").stderr)
        close_guest(window, lease)
        return 1
    if window.agent is not None:
        print(f"pagenote: agent socket {path}", file=__import__("sys").stderr)
    window.open(url if url else demo_url())
    window.show()
    code = app.exec()
    close_guest(window, lease)
    return code
