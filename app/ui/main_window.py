"""The main window: address bar, the tab's page view, annotation toolbar, side panel, status bar. It lays out
what the application object (:mod:`app.runtime.app`) holds and turns the user's actions into intents on the
active tab; it computes no element data itself."""

from __future__ import annotations

import logging
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QObject, Qt, QUrl
from PySide6.QtGui import QAction, QIcon, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu, QSplitter

from app.core.resources import resource
from app.protocol.redact import redact_urls
from app.runtime.app import PagenoteApp
from app.runtime.i18n import settings
from app.tabs.browser import attach as browser_parts
from app.tabs.network_cdp import network_detail
from app.ui.agent_annotate import install_agent_annotate
from app.ui.batch_intents import BatchIntents
from app.ui.verify_view import install_verify
from app.ui.console_dock import ConsoleDock
from app.ui.network_dock import NetworkDock
from app.ui.devices_dock import install_devices_dock
from app.ui.devtools import DevToolsWindow
from app.ui.help_menu import HelpMenus
from app.ui.menus import finish_menus
from app.ui.keys import BrowserKeys
from app.ui.nav_controls import install_nav_controls
from app.ui.shot_intents import ShotIntents
from app.ui.status import StatusLine
from app.ui.tab_view import TabDeck, TabView, current_part
from app.ui import theme
from app.ui.toolbars import Toolbars
from app.ui.device_menu import DeviceMenu
from app.ui.freeze_action import FreezeAction
from app.webview.guest import LoadResult
from app.webview.urls import url_from_user_input

log = logging.getLogger("pagenote.ui")

#: The panel's default share of the window width (the page keeps the rest, at least 70 %).
PANEL_SHARE = 0.27
#: Where the splitter's sizes are remembered (pagenote's settings).
SPLITTER_SETTING = "window/splitter"


class MainWindow(ShotIntents, BatchIntents, QMainWindow):
    """The window over ``app``'s tabs: a tab strip above the toolbar, one :class:`~app.ui.tab_view.TabView` per
    tab in a stack (the active tab's shown), its panel beside it. The toolbar, keys, docks and DevTools act on
    the active tab (:attr:`current`); ``tab``, ``view``, ``annotate``, ``marks``, ``panel`` … are the active
    tab's."""

    def __init__(self, app: PagenoteApp, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.app = app
        self.project_dir = app.project_dir
        self.setWindowTitle("pagenote")
        self.resize(1440, 900)
        self.deck = TabDeck(self)         # one TabView per tab, the active one shown
        self.stack, self.panels = self.deck.stack, self.deck.panels
        self.splitter = splitter = QSplitter()
        splitter.addWidget(self.stack)
        splitter.addWidget(self.panels)
        splitter.setStretchFactor(0, 1)   # the page takes what the window gains or loses; the panel keeps its width
        splitter.setChildrenCollapsible(False)
        self.setCentralWidget(splitter)
        self._split_done = False          # the first show sets the shares (from the window's real width)
        splitter.splitterMoved.connect(lambda *_: settings().setValue(SPLITTER_SETTING, splitter.saveState()))
        self.status = StatusLine(self.statusBar())
        self.status_label, self.copy_path_button = self.status.label, self.status.action_button
        self.status.action_triggered.connect(self._copy_shot_path)
        self.status.zoom_reset.connect(lambda: self.keys.zoom(0))
        self.keys = BrowserKeys(self)                 # Ctrl+L, Alt+←/→, F5, Ctrl+±/0, Ctrl+F, Ctrl+Q …
        self.toolbars = Toolbars(self, self.keys)
        self.nav_buttons = install_nav_controls(self)  # Stop beside Reload, zoom − / + beside the address bar
        self.act_annotate.toggled.disconnect()        # the toolbar's check drives the current tab's mode
        self.act_annotate.toggled.connect(lambda on: self.annotate.set_mode(on) if self.current else None)
        self.tab_strip = self.deck.build_strip()  # Ctrl+T, Ctrl+Shift+N, Ctrl+W, Ctrl+Tab …
        self.freeze = FreezeAction(self).action  # Ctrl+Shift+P: the shown tab's motion paused / resumed
        self.device_menu = DeviceMenu(self)  # toolbar "Device": the shown tab's emulation (app/ui/device_menu.py)
        self.help_menus = HelpMenus(self, self.shortcut_actions)  # Settings → Language, Help → shortcuts / About
        self._build_console()  # View → Console dock (Ctrl+Shift+J), DevTools (F12)
        install_devices_dock(self)  # View → Devices dock (Ctrl+Shift+D); the chooser pages' requestDevice opens
        finish_menus(self)  # File menu first, a mnemonic on every menu
        self.toolbars.arrange()  # navigation | annotate | output, with what the parts above added
        self.deck.start()
        install_agent_annotate(self)  # an agent's browser_annotate: the mode on here, the user's Send its answer
        install_verify(self.panel, self.app)  # a sent row's Check, Before | After | Diff, Accept, Reopen

    def show_address(self) -> None:
        """The address bar shows the current tab's URL."""
        self.address.setText(self.view.url().toDisplayString())

    def show_title(self) -> None:
        """The window title names the current tab's page."""
        title = self.view.title()
        self.setWindowTitle(self.tr("{0} — pagenote").format(title) if title else "pagenote")

    # -- the active tab's parts --------------------------------------------------------------------------------

    @property
    def current(self) -> TabView | None:
        """The shown tab's :class:`~app.ui.tab_view.TabView` (``None`` only while the shown tab closes)."""
        return self.deck.current

    @property
    def views(self) -> dict[str, TabView]:
        """Every tab's :class:`~app.ui.tab_view.TabView`, by tab id."""
        return self.deck.views

    tab = current_part("tab", "The shown :class:`~app.tabs.tab.Tab`.")
    annotate = current_part("annotate", "The shown tab's :class:`~app.ui.annotate.AnnotateController`.")
    marks = current_part("marks", "The shown tab's :class:`~app.ui.marks.MarksOverlay`.")
    panel = current_part("panel", "The shown tab's :class:`~app.ui.panel.AnnotationPanel`.")
    find_bar = current_part("find_bar", "The shown tab's find bar.")
    mode_banner = current_part("mode_banner", "The shown tab's annotation-mode banner.")
    dialog_bar = current_part("dialog_bar", "The shown tab's bar of the page's JS dialogs.")
    agent_bar = current_part("agent_bar", "The shown tab's bar of what the agent does.")
    page_keys = current_part("page_keys", "The shown tab's :class:`~app.ui.keys.PageKeys`.")

    @property
    def view(self):
        return self.tab.view

    @property
    def page(self):
        return self.tab.page

    @property
    def session(self):
        """The shown tab's view of the window's batch (:class:`~app.model.tab_session.TabSession`)."""
        return self.tab.session

    @property
    def batch_session(self):
        """The window's one batch over all its tabs (:class:`~app.model.session.Session`)."""
        return self.app.batch_session

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
        plain = tip
        if shortcut is not None:
            action.setShortcut(shortcut)
            tip = f"{tip} ({shortcut.toString(QKeySequence.SequenceFormat.NativeText)})"
        action.setToolTip(tip)
        action.setStatusTip(plain)
        return action

    def _build_console(self) -> None:
        """The Console dock (hidden until asked for) and Chromium's DevTools window, in a View menu."""
        self.console_dock = ConsoleDock(browser_parts(self.tab).console, self)
        self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.console_dock)
        self.console_dock.hide()
        self.act_console = self.console_dock.toggleViewAction()
        self.act_console.setShortcut(QKeySequence("Ctrl+Shift+J"))
        self.act_console.setToolTip(self.tr("The page's console messages and errors (Ctrl+Shift+J)"))
        self.network_dock = NetworkDock(browser_parts(self.tab).network, network_detail(self.tab), self)
        self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.network_dock)
        self.tabifyDockWidget(self.console_dock, self.network_dock)  # beside the console
        self.network_dock.hide()
        self.act_network = self.network_dock.toggleViewAction()
        self.act_network.setShortcut(QKeySequence("Ctrl+Shift+K"))
        self.act_network.setToolTip(self.tr("The page's requests: status, type, size, time (Ctrl+Shift+K)"))
        self.devtools = DevToolsWindow(self.tab.cdp, self)
        tip = self.tr("Chromium's DevTools for this page, in a window of their own")
        self.act_devtools = self._action(self.tr("DevTools"), tip, QKeySequence("F12"))
        self.act_devtools.setShortcuts([QKeySequence("F12"), QKeySequence("Ctrl+Shift+I")])  # Chrome's two keys
        self.act_devtools.triggered.connect(self.devtools.toggle)
        view_menu = QMenu(self.tr("View"), self)
        view_menu.addActions([self.act_console, self.act_network, self.act_devtools])
        agent_menu = QMenu(self.tr("Agent"), self)
        self.act_evaluate = agent_menu.addAction(self.tr("Let agents run JavaScript in the page (evaluate)"))
        self.act_evaluate.setCheckable(True)
        self.act_evaluate.setChecked(self.app.allow_evaluate)
        self.act_evaluate.toggled.connect(self._set_evaluate)
        bar = self.menuBar()
        first = bar.actions()[0] if bar.actions() else None
        for menu in (view_menu, agent_menu):  # before Settings and Help
            bar.insertMenu(first, menu) if first is not None else bar.addMenu(menu)
        self.addActions([self.act_console, self.act_network, self.act_devtools])  # shortcuts with the menu closed

    def _set_evaluate(self, on: bool) -> None:
        """Allow or refuse agents' ``evaluate`` from now on, and remember it in the user's settings."""
        from app.runtime.i18n import settings
        from app.runtime.run import EVALUATE_SETTING

        self.app.allow_evaluate = on
        settings().setValue(EVALUATE_SETTING, "true" if on else "false")
        self.say(self.tr("Agents may run JavaScript in the page") if on else
                 self.tr("Agents may no longer run JavaScript in the page (evaluate is refused)"))

    def showEvent(self, event) -> None:  # noqa: N802 (Qt virtual)
        if not self._split_done:          # the remembered panel width, else PANEL_SHARE of the window
            self._split_done = True
            state = settings().value(SPLITTER_SETTING)
            if state is None or not self.splitter.restoreState(state):
                width = max(self.splitter.width(), 800)
                self.splitter.setSizes([round(width * (1 - PANEL_SHARE)), round(width * PANEL_SHARE)])
        super().showEvent(event)

    def shortcut_actions(self) -> list[QAction]:
        """Every window-wide action with a shortcut, in creation order (Help → Keyboard shortcuts lists them);
        shortcuts of a child widget alone (a dock's Ctrl+C) are not the window's."""
        seen, out = set(), []
        for action in self.findChildren(QAction):
            wide = action.shortcutContext() in (Qt.ShortcutContext.WindowShortcut, Qt.ShortcutContext.ApplicationShortcut)
            if action.shortcuts() and wide and action in self.actions() and id(action) not in seen:
                seen.add(id(action))
                out.append(action)
        return out

    def find_closed(self) -> None:
        """The find bar closed: the keyboard goes back to the page (not in annotation mode)."""
        if not self.annotate.active:  # in annotation mode the page gets no focus change (the guard's rule)
            self.view.setFocus()
        self.keys.update()

    # -- intents (the batch's Copy, Save, Send and Clear: app/ui/batch_intents.py) ----------------------

    def say(self, text: str) -> None:
        """Show ``text`` in the status bar (it stays until the next message); URLs in it are redacted."""
        text = redact_urls(text)
        self.status.show_message(text)  # a screenshot's Copy path goes with its message
        log.info("%s", text)

    def open(self, text: str | QUrl) -> None:
        """Load a URL, ``localhost:PORT`` or a local file path in the tab."""
        url = text if isinstance(text, QUrl) else url_from_user_input(text)
        if not url.isValid():
            self.say(self.tr("Not a URL or file: {0}").format(text))
            return
        self.tab.open(url)

    def loaded(self, result: LoadResult) -> None:
        """Say why the current tab's page did not load."""
        if not result.ok:
            self.say(self.tr("Could not open {0} ({1}). Check the address, or that its server is running, then "
                             "reload (F5).").format(result.url, result.error))

    def closeEvent(self, event) -> None:  # noqa: N802 (Qt virtual)
        for view in self.deck.views.values():
            view.shutdown()
        self.devtools.close()
        super().closeEvent(event)


def run_window(url: str | None, project_dir: Path, socket_path: Path | None, language: str | None = None,
               profile: str | None = None) -> int:
    """Open the window on ``url`` (the bundled demo page when ``None``), serve the agent socket at
    ``socket_path`` (none when ``None``), and run the event loop. ``language``: ``--lang`` (else the Settings
    choice or the system's; :func:`app.runtime.i18n.choose_language`, whose ``ValueError`` it raises for an
    unknown code). ``profile``: ``--profile NAME``, a persistent lease (:func:`app.runtime.run.open_app`).
    Returns the exit code."""
    import sys

    from app.runtime.i18n import choose_language, install_translators
    from app.runtime.run import evaluate_setting, open_app
    from app.webview.urls import demo_url

    with open_app(project_dir, headless=False, profile=profile) as (qt_app, app):
        language = choose_language(language)
        translators = install_translators(qt_app, language)  # noqa: F841  (kept referenced)
        # The desktop entry's id (packaging/dev.pagenote.Pagenote.desktop) ties the window to its launcher.
        qt_app.setDesktopFileName("dev.pagenote.Pagenote")
        qt_app.setWindowIcon(QIcon(str(resource("icons", "pagenote.svg"))))
        theme.apply(qt_app)   # the system's light or dark scheme, and again whenever it changes
        qt_app.styleHints().colorSchemeChanged.connect(lambda _scheme: theme.apply(qt_app))
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
        from app.ui.draft_prompt import install_drafts
        from app.ui.lease_ui import install_lease_ui

        install_lease_ui(window)  # permission bar, crash page, Settings…, Permissions…
        install_drafts(window)  # unsent annotations journaled; a previous run's draft offered back
        from app.ui.review_io import install_review_ui

        install_review_ui(window, settings())  # Export/Import review, detail level, reference images, Source links
        return qt_app.exec()
