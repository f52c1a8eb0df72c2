"""The main window: address bar, page view, annotation toolbar, side panel, status bar (issue #2 §1)."""

from __future__ import annotations

import logging
from pathlib import Path

from PySide6.QtCore import QObject, Qt, QUrl
from PySide6.QtGui import QAction, QGuiApplication, QKeySequence
from PySide6.QtWebEngineCore import QWebEnginePage
from PySide6.QtWebEngineWidgets import QWebEngineView
from PySide6.QtWidgets import QLabel, QLineEdit, QMainWindow, QPushButton, QSplitter, QToolBar

from app.agent.methods import Hub, Methods
from app.agent.server import AgentServer
from app.agent.store import BatchStore
from app.capture.viewport import CaptureError, grab_viewport, png_bytes
from app.model.session import Session
from app.protocol.markdown import encode_annotations
from app.protocol.redact import redact_urls
from app.sinks import save_markdown, shot_path, write_atomic
from app.ui.agent_host import WindowHost
from app.ui.annotate import AnnotateController
from app.ui.panel import AnnotationPanel
from app.webview.guest import Guest, LoadResult
from app.webview.lease import Lease
from app.webview.picker import Picker
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
        self.last_shot = ""
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
        self.act_screenshot = self._action("Screenshot", "Save the visible viewport as a PNG in shots/",
                                           SHORTCUTS["screenshot"])
        self.act_screenshot.triggered.connect(self.screenshot)
        self.act_copy = self._action("Copy", "Copy the annotations as Markdown", SHORTCUTS["copy"])
        self.act_copy.triggered.connect(self.copy)
        self.act_save = self._action("Save", "Save the annotations as Markdown in annotations/", SHORTCUTS["save"])
        self.act_save.triggered.connect(self.save)
        self.act_send = self._action("Send", "Send the annotations to waiting coding agents", SHORTCUTS["send"])
        self.act_send.triggered.connect(self.send)
        self.act_clear = self._action("Clear", "Remove all annotations and the overall note")
        self.act_clear.triggered.connect(self.clear)
        for action in (self.act_annotate, self.act_screenshot, self.act_copy, self.act_save, self.act_send,
                       self.act_clear):
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
        """The current batch, with the latest screenshot's path."""
        return self.session.batch(screenshot=self.last_shot)

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

    def screenshot(self) -> Path | None:
        """Save the visible viewport to ``<project>/shots/<stamp>-<slug>.png``; returns the path or ``None``."""
        self.say("Taking screenshot…")
        try:
            image = grab_viewport(self.view, self.picker)
            path = shot_path(self.project_dir, self.page.title() or self.view.url().host())
            write_atomic(path, png_bytes(image))
        except (CaptureError, OSError) as exc:
            self.say(f"Screenshot failed: {exc}")
            return None
        self.last_shot = str(path)
        self.copy_path_button.show()
        self.say(f"Screenshot saved: {path} ({image.width()}×{image.height()} px)")
        return path

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
        self.last_shot = ""
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
        self.last_shot = ""
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
