"""The main window: address bar, the tab's page view, annotation toolbar, side panel, status bar. It lays out
what the application object (:mod:`app.runtime.app`) holds and turns the user's actions into intents on the
active tab; it computes no element data itself."""

from __future__ import annotations

import logging
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QObject, Qt, QUrl
from PySide6.QtGui import QAction, QGuiApplication, QIcon, QKeySequence
from PySide6.QtWebEngineCore import QWebEnginePage
from PySide6.QtWidgets import (QLabel, QLineEdit, QMainWindow, QMenu, QProgressDialog, QPushButton, QSplitter,
                               QToolBar, QToolButton, QVBoxLayout, QWidget)

from app.capture.shots import Shot
from app.core.errors import PagenoteError
from app.core.policy import NOTE_CAP
from app.core.resources import resource
from app.core.tasks import spawn
from app.protocol.markdown import encode_annotations
from app.protocol.redact import redact_urls
from app.runtime.app import PagenoteApp
from app.sinks import save_markdown
from app.tabs.browser import attach as browser_parts
from app.tabs.tab import Tab
from app.ui.annotate import AnnotateController
from app.ui.console_dock import ConsoleDock
from app.ui.dialog_bar import DialogBar
from app.ui.devtools import DevToolsWindow
from app.ui.help_menu import HelpMenus
from app.ui.marks import MarksOverlay
from app.ui.panel import AnnotationPanel
from app.webview.guest import LoadResult
from app.webview.urls import url_from_user_input

log = logging.getLogger("pagenote.ui")

SHORTCUTS = {
    "annotate": QKeySequence("Ctrl+Shift+A"),
    "screenshot": QKeySequence("Ctrl+Shift+S"),
    "copy": QKeySequence("Ctrl+Shift+C"),
    "save": QKeySequence("Ctrl+S"),
    "send": QKeySequence("Ctrl+Return"),
}


class MainWindow(QMainWindow):
    """The window over ``app``'s active tab (one tab for now; the tab bar comes with the tabs issue)."""

    def __init__(self, app: PagenoteApp, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.app = app
        self.project_dir = app.project_dir
        self.setWindowTitle("pagenote")
        self.resize(1440, 900)
        self.tab: Tab = app.active_tab or app.new_tab()
        self.annotate = AnnotateController(self.tab)
        self.panel = AnnotationPanel(self.session, self.hub)
        splitter = QSplitter()
        self.dialog_bar = DialogBar(self.tab.dialogs)  # the page's JS dialogs, answered already: never modal
        page_area = QWidget()
        column = QVBoxLayout(page_area)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(0)
        column.addWidget(self.dialog_bar)
        column.addWidget(self.view, 1)
        # The highlight and markers, drawn over the view by the host (the page cannot hide or move them).
        self.marks = MarksOverlay(self.view, self.tab.annotator.scene)
        self.annotate.marks = self.marks  # badge hit tests and note-box placement use what it draws
        splitter.addWidget(page_area)
        splitter.addWidget(self.panel)
        splitter.setStretchFactor(0, 1)
        splitter.setSizes([1100, 340])
        self.setCentralWidget(splitter)
        self._build_toolbars()
        self._build_status()
        self.help_menus = HelpMenus(self, SHORTCUTS)  # Settings → Language, Help → shortcuts / About
        self._build_console()  # View → Console dock (Ctrl+Shift+J), DevTools (F12)
        self.panel.edit_requested.connect(self.annotate.edit)
        self.panel.delete_requested.connect(self.annotate.delete)
        self.panel.summary_changed.connect(self.session.set_summary)
        self.annotate.message.connect(self.say)
        self.annotate.mode_changed.connect(self.act_annotate.setChecked)
        self.tab.load_result.connect(self._loaded)
        self.tab.message.connect(self.say)
        self.panel.send_requested.connect(lambda: spawn(self.export("send"), "send"))
        self.view.urlChanged.connect(lambda url: self.address.setText(url.toDisplayString()))
        self.view.titleChanged.connect(lambda title: self.setWindowTitle(
            self.tr("{0} — pagenote").format(title) if title else "pagenote"))

    # -- the active tab's parts (one tab for now) --------------------------------------------------------------

    @property
    def view(self):
        return self.tab.view

    @property
    def page(self):
        return self.tab.page

    @property
    def session(self):
        return self.tab.session

    @property
    def hub(self):
        return self.app.hub

    @property
    def agent(self):
        return self.app.agent

    @property
    def loading(self) -> bool:
        return self.tab.loading

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
        nav = QToolBar(self.tr("Navigation"))
        nav.setMovable(False)
        for web_action in (QWebEnginePage.WebAction.Back, QWebEnginePage.WebAction.Forward,
                           QWebEnginePage.WebAction.Reload):
            nav.addAction(self.view.pageAction(web_action))
        self.address = QLineEdit()
        self.address.setPlaceholderText(self.tr("Address: URL, localhost:PORT or a file"))
        self.address.setClearButtonEnabled(True)
        self.address.returnPressed.connect(lambda: self.open(self.address.text()))
        nav.addWidget(self.address)
        self.addToolBar(nav)
        self.addToolBarBreak()
        tools = QToolBar(self.tr("Annotations"))
        tools.setMovable(False)
        self.act_annotate = self._action(self.tr("Annotate"), self.tr("Annotation mode: click elements to pin numbered notes"),
                                         SHORTCUTS["annotate"])
        self.act_annotate.setCheckable(True)
        self.act_annotate.toggled.connect(self.annotate.set_mode)
        self.act_screenshot = self._action(self.tr("Screenshot"), self.tr("Save the visible viewport as a PNG in shots/ (and a copy "
                                           "with the annotations drawn)"), SHORTCUTS["screenshot"])
        self.act_screenshot.triggered.connect(lambda: spawn(self.screenshot(), "screenshot"))
        self.act_full = self._action(self.tr("Full page"), self.tr("Save the whole document as one PNG"), QKeySequence("Ctrl+Shift+F"))
        self.act_full.triggered.connect(lambda: spawn(self.full_page_screenshot(False), "full-page screenshot"))
        self.act_full_annotated = self._action(self.tr("Full page with annotations"), self.tr("Save the whole document, plus a copy with the annotations drawn"))
        self.act_full_annotated.triggered.connect(lambda: spawn(self.full_page_screenshot(True), "full-page screenshot"))
        self.act_crops = self._action(self.tr("Crop annotated elements"), self.tr("Save a crop of each annotated element and list it in its annotation"))
        self.act_crops.triggered.connect(lambda: spawn(self.element_crops(), "element crops"))
        shot_menu = QMenu(self)
        for action in (self.act_screenshot, self.act_full, self.act_full_annotated, self.act_crops):
            shot_menu.addAction(action)
        self.act_copy = self._action(self.tr("Copy"), self.tr("Copy the annotations as Markdown"), SHORTCUTS["copy"])
        self.act_copy.triggered.connect(lambda: spawn(self.export("copy"), "copy"))
        self.act_save = self._action(self.tr("Save"), self.tr("Save the annotations as Markdown in annotations/"), SHORTCUTS["save"])
        self.act_save.triggered.connect(lambda: spawn(self.export("save"), "save"))
        self.act_send = self._action(self.tr("Send"), self.tr("Send the annotations to waiting coding agents"), SHORTCUTS["send"])
        self.act_send.triggered.connect(lambda: spawn(self.export("send"), "send"))
        self.act_clear = self._action(self.tr("Clear"), self.tr("Remove all annotations and the overall note"))
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

    def _build_console(self) -> None:
        """The Console dock (hidden until asked for) and Chromium's DevTools window, in a View menu."""
        self.console_dock = ConsoleDock(browser_parts(self.tab).console, self)
        self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.console_dock)
        self.console_dock.hide()
        self.act_console = self.console_dock.toggleViewAction()
        self.act_console.setShortcut(QKeySequence("Ctrl+Shift+J"))
        self.act_console.setToolTip(self.tr("The page's console messages and errors (Ctrl+Shift+J)"))
        self.devtools = DevToolsWindow(self.page, self)
        tip = self.tr("Chromium's DevTools for this page, in a window of their own")
        self.act_devtools = self._action(self.tr("DevTools"), tip, QKeySequence("F12"))
        self.act_devtools.triggered.connect(self.devtools.toggle)
        view_menu = QMenu(self.tr("View"), self)
        view_menu.addActions([self.act_console, self.act_devtools])
        agent_menu = QMenu(self.tr("Agent"), self)
        self.act_evaluate = agent_menu.addAction(self.tr("Let agents run JavaScript in the page (evaluate)"))
        self.act_evaluate.setCheckable(True)
        self.act_evaluate.setChecked(self.app.allow_evaluate)
        self.act_evaluate.toggled.connect(self._set_evaluate)
        bar = self.menuBar()
        first = bar.actions()[0] if bar.actions() else None
        for menu in (view_menu, agent_menu):  # before Settings and Help
            bar.insertMenu(first, menu) if first is not None else bar.addMenu(menu)
        self.addActions([self.act_console, self.act_devtools])  # the shortcuts work with the menu closed

    def _set_evaluate(self, on: bool) -> None:
        """Allow or refuse agents' ``evaluate`` from now on, and remember it in the user's settings."""
        from app.runtime.i18n import settings
        from app.runtime.run import EVALUATE_SETTING

        self.app.allow_evaluate = on
        settings().setValue(EVALUATE_SETTING, "true" if on else "false")
        self.say(self.tr("Agents may run JavaScript in the page") if on else
                 self.tr("Agents may no longer run JavaScript in the page (evaluate is refused)"))

    def _build_status(self) -> None:
        self.status_label = QLabel()
        self.status_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.copy_path_button = QPushButton(self.tr("Copy path"))
        self.copy_path_button.hide()
        self.copy_path_button.clicked.connect(self._copy_shot_path)
        self.statusBar().addWidget(self.status_label, 1)
        self.statusBar().addPermanentWidget(self.copy_path_button)

    # -- intents ----------------------------------------------------------------------------------------

    def say(self, text: str) -> None:
        """Show ``text`` in the status bar (it stays until the next message); URLs in it are redacted."""
        text = redact_urls(text)
        self.copy_path_button.hide()  # it belongs to a screenshot message; _shot_done shows it again
        self.status_label.setText(text)
        log.info("%s", text)

    def open(self, text: str | QUrl) -> None:
        """Load a URL, ``localhost:PORT`` or a local file path in the tab."""
        url = text if isinstance(text, QUrl) else url_from_user_input(text)
        if not url.isValid():
            self.say(self.tr("Not a URL or file: {0}").format(text))
            return
        self.tab.open(url)

    def _loaded(self, result: LoadResult) -> None:
        if not result.ok:
            self.say(self.tr("Failed to load {0}: {1}").format(result.url, result.error))

    def batch(self):
        """The current batch, with the latest screenshot's paths."""
        return self.tab.batch()

    def shooter(self, scale: str = "css"):
        """A :class:`~app.capture.shots.Shooter` for the tab's view, saving under ``<project>/shots/``."""
        return self.tab.capture.shooter(scale)

    async def export(self, how: str):
        """Copy, Save or Send (``how`` ``"copy"``/``"save"``/``"send"``) the batch after re-reading every
        annotation of this page from its live element (issue 9 §4: the record names the element as it is
        now). Returns what :meth:`copy`/:meth:`save`/:meth:`send` return. ``ValueError`` for another ``how``."""
        act = {"copy": self.copy, "save": self.save, "send": self.send}[how]
        cuts = self.session.cut_notes()  # before Send archives the pins
        result = act(await self.tab.refreshed_batch())
        if cuts:  # the user's words are never cut silently: say so after what was done
            self.say(self.status_label.text() + " · " + self.tr(
                "%n note(s) over {0} characters cut, ending in a [truncated] line", "", len(cuts)).format(f"{NOTE_CAP:,}"))
        return result

    def copy(self, batch=None) -> None:
        """Put ``batch``'s Markdown on the clipboard (the session's batch as it is when ``None``; the toolbar
        goes through :meth:`export`, which re-reads it from the page first)."""
        text = encode_annotations(batch if batch is not None else self.batch())
        QGuiApplication.clipboard().setText(text)
        n = len(self.session.pins)
        # Qt's plural forms: %n is the count (QCoreApplication::translate with n).
        self.say(self.tr("Copied %n annotation(s) as Markdown ({0} characters)", "", n).format(len(text)))

    def save(self, batch=None) -> Path | None:
        """Write ``batch`` (the session's when ``None``) to ``<project>/annotations/<stamp>.md``; returns the
        path, ``None`` on failure."""
        try:
            path = save_markdown(batch if batch is not None else self.batch(), self.project_dir)
        except OSError as exc:
            self.say(self.tr("Save failed: {0}").format(exc))
            return None
        n = len(self.session.pins)
        self.say(self.tr("Saved %n annotation(s) to {0}", "", n).format(path))
        return path

    def _shot_done(self, clean: Shot, annotated: Shot | None, what: str) -> Path:
        extra = self.tr(" and {0} with {1} numbered outlines").format(Path(annotated.path).name,
                                                                      len(annotated.annotations)) if annotated else ""
        self.say(self.tr("{0} saved: {1} ({2}×{3} px){4}").format(what, clean.path, clean.width, clean.height, extra))
        self.copy_path_button.show()
        return Path(self.tab.capture.last_shot)

    async def screenshot(self) -> Path | None:
        """Save the visible viewport to ``<project>/shots/<stamp>-<slug>.png`` and, when annotations are on
        the page, ``…-annotated.png`` with their outlines and numbers. Returns the batch's screenshot path
        (the annotated one when there is one) or ``None`` on failure (said in the status bar)."""
        self.say(self.tr("Taking screenshot…"))
        try:
            clean, annotated = await self.tab.capture.viewport()
        except (PagenoteError, OSError) as exc:
            self.say(self.tr("Screenshot failed: {0}").format(exc))
            return None
        return self._shot_done(clean, annotated, self.tr("Screenshot"))

    async def full_page_screenshot(self, annotated: bool = False) -> Path | None:
        """Save the whole document (``…-full.png``, and ``…-full-annotated.png`` when asked). Shows a
        progress dialog when it takes over half a second; Esc cancels."""
        dialog = QProgressDialog(self.tr("Capturing the full page…"), self.tr("Cancel"), 0, 0, self)
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        dialog.setMinimumDuration(500)
        dialog.setAutoClose(False)

        def progress(done: int, total: int) -> None:
            dialog.setMaximum(total)
            dialog.setValue(done)

        try:
            clean, drawn = await self.tab.capture.full_page(annotated, progress, dialog.wasCanceled)
        except (PagenoteError, OSError) as exc:
            self.say(self.tr("Full-page screenshot failed: {0}").format(exc))
            return None
        finally:
            dialog.close()
            dialog.deleteLater()
        return self._shot_done(clean, drawn, self.tr("Full-page screenshot"))

    async def element_crops(self) -> int:
        """Save a crop of every annotated element on this page (``…-a<i>.png``) and list it as that
        annotation's ``Screenshot:`` line. Returns how many were saved."""
        saved, problems = await self.tab.capture.element_crops()
        for number, exc in problems:
            self.say(self.tr("Annotation {0}: {1}").format(number, exc))
        self.say(self.tr("Saved %n element crop(s) in {0}", "", saved).format(self.tab.capture.shooter().directory))
        return saved

    def send(self, batch=None) -> int | None:
        """Hand the batch to agents: deliver it to every waiting ``annotations.wait`` and say how many
        received it; with none waiting it stays pending for the next one. The sent batch leaves the editor
        (it is listed under "Sent"). ``batch``: the session's when ``None``. Returns the number of receivers,
        ``None`` when nothing was sent."""
        batch = batch if batch is not None else self.batch()
        if not batch.annotations and not batch.summary:
            self.say(self.tr("Nothing to send: pin an annotation or write an overall note first"))
            return None
        try:
            sent, receivers = self.app.send(batch)
        except OSError as exc:
            self.say(self.tr("Send failed: could not store the batch: {0}").format(exc))
            return None
        self.session.archive(sent.id)
        self.tab.capture.forget()
        if self.agent is None:
            self.say(self.tr("Batch {0} is pending, but the agent socket is off: no agent can receive it now")
                     .format(sent.id))
        elif receivers:
            self.say(self.tr("Sent batch {0} to %n waiting agent(s)", "", receivers).format(sent.id))
        else:
            self.say(self.tr("No agent is waiting: batch {0} is pending and goes to the next annotations.wait")
                     .format(sent.id))
        return receivers

    def _copy_shot_path(self) -> None:
        QGuiApplication.clipboard().setText(self.tab.capture.last_shot)
        self.say(self.tr("Copied {0}").format(self.tab.capture.last_shot))

    def clear(self) -> None:
        """Remove every annotation, the overall note and the batch's screenshot line."""
        self.session.clear()
        self.tab.capture.forget()
        self.say(self.tr("Annotations cleared"))

    def closeEvent(self, event) -> None:  # noqa: N802 (Qt virtual)
        self.annotate.set_mode(False)
        self.devtools.close()
        self.annotate.shutdown()
        super().closeEvent(event)


def run_window(url: str | None, project_dir: Path, socket_path: Path | None, language: str | None = None) -> int:
    """Open the window on ``url`` (the bundled demo page when ``None``), serve the agent socket at
    ``socket_path`` (none when ``None``), and run the event loop. ``language``: ``--lang`` (else the Settings
    choice or the system's; :func:`app.runtime.i18n.choose_language`, whose ``ValueError`` it raises for an
    unknown code). Returns the exit code."""
    import sys

    from app.runtime.i18n import choose_language, install_translators
    from app.runtime.run import evaluate_setting, open_app
    from app.webview.urls import demo_url

    with open_app(project_dir, headless=False) as (qt_app, app):
        language = choose_language(language)
        translators = install_translators(qt_app, language)  # noqa: F841  (kept referenced)
        # The desktop entry's id (packaging/dev.pagenote.Pagenote.desktop) ties the window to its launcher.
        qt_app.setDesktopFileName("dev.pagenote.Pagenote")
        qt_app.setWindowIcon(QIcon(str(resource("icons", "pagenote.svg"))))
        app.allow_evaluate = evaluate_setting()
        window = MainWindow(app)
        if socket_path is not None:
            problem = app.start_agent(socket_path)
            if problem:
                window.say(QCoreApplication.translate("MainWindow", "Agent socket off: {0}").format(problem))
            else:
                print(f"pagenote: agent socket {socket_path}", file=sys.stderr)
        window.open(url if url else demo_url(language))
        window.show()
        return qt_app.exec()
