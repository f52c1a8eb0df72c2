"""The composition root: the application object owns the lease, the tabs, the batch hub and the agent
server. The window (:mod:`app.ui.main_window`) lays out what it holds; ``pagenote serve`` runs it with no
window at all. Nothing below this layer knows a window exists."""

from __future__ import annotations

import logging
from functools import cached_property
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from app.model.annotation import AnnotationBatch
from app.model.session import Session
from app.tabs.browser import attach as attach_browser_parts
from app.tabs.tab import Tab
from app.webview.lease import Lease

log = logging.getLogger("pagenote.app")


class PagenoteApp(QObject):
    """Tabs, sent batches and the agent socket for one project directory.

    ``lease`` (the session's default lease) must outlive the app's tabs (it owns their profile); isolated
    leases the app makes (:meth:`new_isolated_tab`) are its own and closed after their pages; :meth:`close`
    deletes the tabs' views first. ``project_dir`` receives ``annotations/`` (sent batches in ``annotations/sent/``) and ``shots/``.

    Signals:
        tab_added(Tab): a tab was created (the window adds its view).
        tab_closed(Tab): a tab is closing (the window drops its view before the view is deleted).
        active_changed(Tab): another tab became active.
        message(str): a line for the status bar (a blocked popup …).
    """

    tab_added = Signal(object)
    tab_closed = Signal(object)
    active_changed = Signal(object)
    message = Signal(str)

    #: ``--allow-file-urls`` (``pagenote``, ``pagenote serve``): agents may open ``file:`` URLs for this run
    #: whatever ``[agent] files`` says; the command line sets it before the app starts (:mod:`app.cli_run`).
    file_urls_flag = False

    def __init__(self, lease: Lease, project_dir: Path, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.lease = lease
        self.project_dir = project_dir
        self._tabs: list[Tab] = []
        self._active: Tab | None = None
        self._next_id = 1
        self.agent = None  # an AgentServer once start_agent() succeeded
        #: Whether agents may run JavaScript in the page's world (``evaluate``); ``pagenote serve --no-evaluate``
        #: turns it off.
        self.allow_evaluate = True
        #: Whether agents may open ``file:`` URLs (``navigate``, ``tabs.new``): ``[agent] files`` in the user's
        #: settings or ``--allow-file-urls`` (:attr:`file_urls_flag`), off by default — a local file is the
        #: user's, not the agent's to read through the browser. The user's own address bar is not affected.
        self.allow_file_urls = self.file_urls_flag
        #: ``"window"`` or ``"serve"`` (``pagenote serve`` sets it): a serve hands the socket over to a window.
        self.mode = "window"
        #: Whether pages may open popups (as tabs); Settings turns it off.
        self.allow_popups = True
        self._own_leases: list[Lease] = []  # isolated leases this app made (closed with their last tab)
        #: The :class:`~app.runtime.drafts.DraftJournal` of unsent annotations when one runs (the window's);
        #: :meth:`close` saves it first, so SIGTERM and logout keep every note without asking.
        self.drafts = None
        #: The window session's one batch: every tab's annotations, numbered 1..N across tabs.
        self.batch_session = Session()

    @cached_property
    def devices(self):
        """The lease's :class:`~app.hid.service.DeviceService` (WebHID / Web Serial devices, grants, traffic
        log), made on first use from ``--hid-backend`` (:mod:`app.hid.setup`). Assign one before the first
        tab to use other backends (tests: a virtual device)."""
        from app.hid.setup import LOG_SETTING, make_service, on, specs_from_env
        from app.runtime.i18n import settings

        service = make_service(specs_from_env(), self)
        service.logging = on(settings().value(LOG_SETTING, False))  # Devices dock → Log traffic, remembered
        return service

    def apply_settings(self, settings) -> None:
        """Take the user's browser policy from ``settings`` (an :class:`~app.runtime.settings.Settings`):
        popups, agents' ``file:`` access, downloads, the permission default (``ask`` shows a bar), source hints and each lease's
        allow-list (by lease name: ``session``, a ``--profile`` name). Applies to leases and tabs made later
        too."""
        self.settings = settings
        self.allow_popups = settings.browser.popups
        self.allow_file_urls = settings.agent.files or self.file_urls_flag
        self.downloads.allowed = settings.browser.downloads
        self.source_hints = settings.browser.source_hints  # read by the agent host's page context
        self._apply_lease(self.lease)
        for tab in self._tabs:
            tab.permissions.ask = settings.browser.permissions == "ask"
            if hasattr(tab.annotator, "source_hints"):
                tab.annotator.source_hints = settings.browser.source_hints
                tab.annotator.source_roots = self.source_roots()

    def source_roots(self) -> tuple[Path, ...]:
        """The folders an absolute ``Source:`` hint must lie in (app.webview.source_hints.within_roots): the
        project directory and, when set, ``[editor] root``."""
        settings = getattr(self, "settings", None)
        root = settings.editor.root if settings is not None else ""
        return (self.project_dir, *([Path(root).expanduser()] if root else []))

    def _apply_lease(self, lease: Lease) -> None:
        settings = getattr(self, "settings", None)
        name = lease.name
        if lease is self.lease and settings is not None and name not in settings.leases:
            name = "session"  # [leases.session] names the window's lease, whatever its profile
        if settings is not None and name in settings.leases:
            allowed = settings.leases[name].allowed_origins
            lease.allowed_origins = tuple(allowed) if allowed is not None else None

    @cached_property
    def downloads(self):
        """The :class:`~app.tabs.downloads.Downloads` of every lease's pages (off until the user allows them),
        into the user's downloads folder — never the project, where agents run its tests."""
        from app.tabs.downloads import Downloads

        downloads = Downloads(parent=self)
        downloads.message.connect(self.message.emit)
        return downloads

    @cached_property
    def hub(self):
        """The :class:`~app.agent.methods.Hub` of sent batches (``<project>/annotations/sent/``), made on first
        use: ``pagenote capture`` never needs it."""
        from app.agent.methods import Hub
        from app.agent.store import BatchStore

        return Hub(BatchStore(self.project_dir / "annotations" / "sent"))

    # -- tabs ------------------------------------------------------------------------------------------------

    @property
    def tabs(self) -> list[Tab]:
        """The open tabs, in order."""
        return list(self._tabs)

    @property
    def active_tab(self) -> Tab | None:
        """The tab the user (and the agent's page methods) work in; ``None`` before the first tab."""
        return self._active

    def new_tab(self, url=None, *, lease: Lease | None = None, after: Tab | None = None,
                activate: bool = True) -> Tab:
        """Create a tab in ``lease`` (default: the session's :attr:`lease`) placed right after ``after`` (default:
        last), made active when ``activate``, loading ``url`` (a ``QUrl``) when given. Ids are ``"1"``, ``"2"``, …
        in creation order, never reused. Raises ``RuntimeError`` for a closed lease."""
        devices = self.devices  # made first: a bad --hid-backend file fails before any page exists
        lease = lease or self.lease
        tab = Tab(str(self._next_id), lease, self.project_dir, self, batch=self.batch_session)
        self.downloads.watch(lease.profile)  # off by default: a blocked download is named in the status bar
        self.downloads.add_tab(tab)  # one download per gesture; more wait for Allow (tab.downloads)
        settings = getattr(self, "settings", None)
        tab.permissions.ask = settings is not None and settings.browser.permissions == "ask"
        if settings is not None:
            tab.annotator.source_hints = settings.browser.source_hints
        tab.annotator.source_roots = self.source_roots()   # a page-named source file must be in the project
        attach_browser_parts(tab)  # console, network, navigation: before the first load, so nothing is missed
        from app.hid.page import PageDevices
        from app.tabs.popups import install as install_popups

        tab.devices = PageDevices(tab.page, devices, tab.id)  # navigator.hid / navigator.serial
        tab.page.device_doorbell.connect(tab.devices.doorbell)
        install_popups(self, tab)  # window.open / target=_blank: a tab in this lease, next to this one
        from app.tabs.agent_files import install as guard_files

        guard_files(self, tab)  # while an agent acts, a page's links lead to no other local file
        tab.page.windowCloseRequested.connect(lambda: self.close_tab(tab.id))  # window.close() of a popup
        self._next_id += 1
        index = self._tabs.index(after) + 1 if after in self._tabs else len(self._tabs)
        self._tabs.insert(index, tab)
        self.tab_added.emit(tab)
        if activate or self._active is None:
            self.select_tab(tab.id)
        if url is not None:
            tab.open(url)
        return tab

    def new_isolated_tab(self, url=None) -> Tab:
        """A tab under a fresh off-the-record lease of its own (``isolated-<n>``): nothing of any other tab's
        cookies, storage, cache or permission grants reaches it. The lease closes with its last tab."""
        lease = Lease(self, name=f"isolated-{self._next_id}")
        self._apply_lease(lease)
        self._own_leases.append(lease)
        return self.new_tab(url, lease=lease)

    @property
    def leases(self) -> list[Lease]:
        """The live leases: the session's :attr:`lease` first, then those this app opened (isolated ones,
        persistent ones by name)."""
        return [self.lease, *(lease for lease in self._own_leases if lease.live)]

    def persistent_lease(self, name: str) -> Lease:
        """The persistent lease ``name`` (:func:`app.runtime.leases.open_persistent`): :attr:`lease` when it is
        that one, else one this app has open, else a new one (closed with its last tab, like an isolated lease;
        Qt allows one profile per storage name, so it is never opened twice). A restored tab reopens its lease
        through this. Raises :class:`~app.core.errors.PagenoteError` ``BAD_PROFILE_NAME``."""
        from app.runtime.leases import live_persistent, open_persistent

        lease = live_persistent(self, name)
        if lease is None:
            lease = open_persistent(self, name)
            self._apply_lease(lease)
            self._own_leases.append(lease)
        return lease

    def select_tab(self, tab_id: str) -> Tab:
        """Make tab ``tab_id`` active (``active_changed`` when it was not). Raises ``KeyError``."""
        tab = self.tab(tab_id)
        if tab is not self._active:
            self._active = tab
            self.active_changed.emit(tab)
        return tab

    def close_tab(self, tab_id: str) -> None:
        """Close tab ``tab_id``: its timers stop, ``tab_closed`` is emitted (the window drops its view), its
        view and page are deleted, and an isolated lease left without pages is closed. The neighbour to the
        right (else left) becomes active. Raises ``KeyError``. The last tab may be closed (no active tab)."""
        import shiboken6

        tab = self.tab(tab_id)
        index = self._tabs.index(tab)
        self._tabs.remove(tab)
        self.downloads.remove_tab(tab)
        tab.devices.close()  # its device connections end now (the host log says why: tab closed)
        tab.close()
        self.tab_closed.emit(tab)
        if shiboken6.isValid(tab.view):
            tab.view.close()
            shiboken6.delete(tab.view)
        lease = tab.lease
        if lease in self._own_leases and not any(t.lease is lease for t in self._tabs):
            self._own_leases.remove(lease)
            lease.close()
        if tab is self._active:
            self._active = None
            if self._tabs:
                self.select_tab(self._tabs[min(index, len(self._tabs) - 1)].id)

    def tab(self, tab_id: str) -> Tab:
        """The tab with id ``tab_id``. Raises ``KeyError``."""
        for tab in self._tabs:
            if tab.id == tab_id:
                return tab
        raise KeyError(tab_id)

    # -- batches and agents -------------------------------------------------------------------------------------

    def start_agent(self, socket_path: Path) -> str:
        """Serve the agent socket at ``socket_path`` over this app's tabs. Returns ``""`` on success, else why
        not (the app then runs without it). The socket's modules load here: ``pagenote capture`` never needs
        them."""
        from app.agent.host import TabsHost
        from app.agent.methods import Methods
        from app.agent.server import AgentServer

        server = AgentServer(Methods(TabsHost(self), self.hub), self.hub, socket_path, self)
        problem = server.start()
        if problem:
            server.deleteLater()
            return problem
        self.agent = server
        return ""

    def send(self, batch: AnnotationBatch):
        """Hand ``batch`` to waiting agents (see :meth:`app.agent.methods.Hub.send`). Returns
        ``(sent, receivers)``; raises ``OSError`` when it cannot be stored."""
        return self.hub.send(batch)

    def close(self) -> None:
        """Save the draft of unsent annotations (when a journal runs), stop the agent server and every tab's
        timers, and delete the tabs' views (pages before the lease's profile, as QtWebEngine requires)."""
        import shiboken6
        from PySide6.QtCore import QCoreApplication, QEvent

        if self.drafts is not None and self.drafts.enabled:
            self.drafts.write_now()  # before any tab goes: SIGTERM, logout, a close that chose Save
            self.drafts.enabled = False
        if self.agent is not None:
            self.agent.close()
            self.agent = None
        if "devices" in self.__dict__:
            self.devices.shutdown()
        if "downloads" in self.__dict__:
            self.downloads.shutdown()  # running and waiting downloads cancelled while their tabs still exist
        for tab in self._tabs:
            tab.close()
            if shiboken6.isValid(tab.view):  # a window that held the view may have deleted it already
                tab.view.close()
                shiboken6.delete(tab.view)
        self._tabs.clear()
        self._active = None
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        for lease in self._own_leases:  # their pages are gone: now their profiles
            lease.close()
        self._own_leases.clear()
