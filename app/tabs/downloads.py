"""Downloads under the host's policy.

- Off by default: the request is cancelled and the status bar names the file.
- Allowed in Settings, they go to the user's downloads folder (``platformdirs.user_downloads_dir()``, e.g.
  ``~/Downloads``) — never into the project, where an agent runs the tests and pytest would collect a page's
  ``conftest.py``.
- One download per gesture (:mod:`app.tabs.download_rules`, Chrome's automatic-downloads rule): a download
  within 5 s of the user's (or agent's) click or key press into the page (:class:`~app.webview.activation.
  UserActivation`), or of a URL the host loaded in the tab itself (address bar, ``navigate``), starts at once —
  only a download of the top document's origin, and not one of a document the click navigated to, unless that
  navigation is the download (:class:`~app.webview.activation.DownloadGesture`, security review N5); any other
  waits for the user's **Allow** in a non-modal bar above the page (:class:`TabDownloads`,
  ``app.ui.policy_bars``). A waiting download is received into ``<downloads>/.pagenote-pending/<id>/`` (hidden,
  never where it would be found or run) and moved to its name only when allowed; **Block** discards it and
  refuses the page's next ones until another origin loads in the tab.
- Every name is reserved when the file is accepted (:func:`~app.tabs.download_rules.reserve`, ``O_EXCL``): two
  downloads named ``same.txt`` are ``same.txt`` and ``same (1).txt``, and no file is ever overwritten.
- Test files, build files, scripts and executables are named as such in every line about them
  (:func:`~app.tabs.download_rules.risk_of`).

One :class:`Downloads` per application watches every lease's profile (``QWebEngineProfile.downloadRequested``
is per profile); each tab has its :class:`TabDownloads` (``tab.downloads``).
"""

from __future__ import annotations

import logging
import os
import shutil

import shiboken6
from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QObject, QUrl, Signal
from PySide6.QtWebEngineCore import QWebEngineDownloadRequest

from app.tabs.download_rules import ACTIVATION_SECONDS, MAX_PENDING, DownloadRule, reserve, risk_of, safe_name
from app.webview.activation import DownloadGesture, UserActivation
from app.webview.urls import url_origin

log = logging.getLogger("pagenote.downloads")

# The hidden folder in the downloads folder where downloads waiting for Allow are received.
PENDING_DIR = ".pagenote-pending"


def default_directory() -> Path:
    """The user's downloads folder (``platformdirs.user_downloads_dir()``: ``XDG_DOWNLOAD_DIR`` on Linux)."""
    from platformdirs import user_downloads_dir

    return Path(user_downloads_dir())


def risk_label(risk: str) -> str:
    """The words the UI adds after a file name of risk ``risk`` (:func:`~app.tabs.download_rules.risk_of`)."""
    if risk == "test":
        return QCoreApplication.translate("Downloads", "test file: pytest runs it")
    if risk == "build":
        return QCoreApplication.translate("Downloads", "build file: runs when the project builds")
    if risk == "script":
        return QCoreApplication.translate("Downloads", "script: runs if started")
    if risk == "executable":
        return QCoreApplication.translate("Downloads", "executable")
    return ""


def named(name: str, risk: str) -> str:
    """``name``, followed by ``(<risk label>)`` when the file can run by itself."""
    return f"{name} ({risk_label(risk)})" if risk else name


@dataclass
class DownloadItem:
    """One download: ``id`` (Qt's), ``name`` (the file name asked for, made safe), ``path`` (where it is when
    ``done``; ``""`` before), ``state`` (``blocked``, ``pending`` — waiting for Allow —, ``running``, ``done``,
    ``cancelled``, ``failed``), ``received`` and ``total`` bytes (``total`` -1 when unknown), ``risk``
    (:func:`~app.tabs.download_rules.risk_of`), the ``origin`` of the page that asked, and its ``tab`` id."""

    id: int
    name: str
    path: str = ""
    state: str = "running"
    received: int = 0
    total: int = -1
    risk: str = ""
    origin: str = ""
    tab: str = ""
    staged: str = field(default="", repr=False)   # where a pending download is received
    released: bool = field(default=False, repr=False)   # allowed while still being received


class TabDownloads(QObject):
    """One tab's side of the download policy: the gesture watch (``activation``), narrowed to the top document
    that got the input (``gesture``: :class:`~app.webview.activation.DownloadGesture`), Chrome's rule (``rule``) and
    the downloads waiting for the user's answer (``pending``). :meth:`allow` and :meth:`block` answer for the
    page. The rule starts afresh when another origin loads in the tab.

    Signals:
        asking(list): the downloads waiting for Allow changed (empty: none waits, the bar hides).
    """

    asking = Signal(list)

    def __init__(self, owner: Downloads, tab) -> None:
        super().__init__(tab)
        self.owner, self.tab = owner, tab
        self.activation = UserActivation(tab.view, ACTIVATION_SECONDS)
        self.rule = DownloadRule()
        self.pending: list[DownloadItem] = []
        self.gesture = DownloadGesture(tab.page, self.activation)
        self._origin = url_origin(tab.page.url())
        tab.page.urlChanged.connect(self._url_changed)

    @property
    def origin(self) -> str:
        """The origin of the page the tab shows."""
        return url_origin(self.tab.page.url())

    def _url_changed(self, url: QUrl) -> None:
        origin = url_origin(url)
        if origin != self._origin:
            self._origin = origin
            self.rule.reset()

    def decide(self, url: QUrl) -> str:
        """``"allow"``, ``"ask"`` or ``"block"`` for a download of ``url`` by this tab's page (uses up the
        gesture that lets it through: :meth:`app.webview.activation.DownloadGesture.lets_through`)."""
        return self.rule.decide(lambda: self.gesture.lets_through(url))

    def allow(self) -> None:
        """The user allowed the page's downloads: the waiting ones get their names, the page's next ones run."""
        self.rule.choice = "allow"
        waiting, self.pending = self.pending, []
        for item in waiting:
            self.owner.release(item)
        self.asking.emit([])

    def block(self) -> None:
        """The user blocked the page's downloads: the waiting ones are discarded, the page's next ones refused."""
        self.rule.choice = "block"
        waiting, self.pending = self.pending, []
        for item in waiting:
            self.owner.discard(item)
        if waiting:
            self.owner.message.emit(QCoreApplication.translate("Downloads", "Blocked the downloads of {0}: {1}")
                                    .format(waiting[0].origin, ", ".join(named(i.name, i.risk) for i in waiting)))
        self.asking.emit([])

    def close(self) -> None:
        """The tab closes: what still waits is discarded."""
        waiting, self.pending = self.pending, []
        for item in waiting:
            self.owner.discard(item)
        self.activation.shutdown()


class Downloads(QObject):
    """The application's downloads (module docstring). :attr:`allowed` (default false) says whether they run at
    all; :attr:`directory` is where they go (default :func:`default_directory`). ``items``: every download by id.

    Signals:
        changed(DownloadItem): a download started, progressed, waits, finished, was blocked or cancelled.
        message(str): a line for the status bar (names the file, and what it is when it can run by itself).
    """

    changed = Signal(object)
    message = Signal(str)

    def __init__(self, directory: Path | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.directory = directory if directory is not None else default_directory()
        self.allowed = False
        self.items: dict[int, DownloadItem] = {}
        self._requests: dict[int, QWebEngineDownloadRequest] = {}
        self._tabs: dict[int, TabDownloads] = {}   # by id() of the tab's page
        self._watched: set[int] = set()

    def watch(self, profile) -> None:
        """Handle the downloads of ``profile`` (a lease's ``QWebEngineProfile``); once per profile."""
        if id(profile) in self._watched:
            return
        self._watched.add(id(profile))
        profile.downloadRequested.connect(self._requested)

    def add_tab(self, tab) -> TabDownloads:
        """Give ``tab`` its :class:`TabDownloads` (as ``tab.downloads``); returns it."""
        part = tab.downloads = TabDownloads(self, tab)
        self._tabs[id(tab.page)] = part
        return part

    def remove_tab(self, tab) -> None:
        """``tab`` closes: its waiting downloads are discarded."""
        part = self._tabs.pop(id(tab.page), None)
        if part is not None:
            part.close()

    def _tab_of(self, request: QWebEngineDownloadRequest) -> TabDownloads | None:
        page = request.page()
        part = self._tabs.get(id(page)) if page is not None else None
        return part if part is not None and part.tab.page is page else None

    def _requested(self, request: QWebEngineDownloadRequest) -> None:
        asked = request.suggestedFileName() or request.downloadFileName() or "download"
        name = safe_name(asked)   # the file's name; a refusal names what the page asked for
        item = DownloadItem(request.id(), name, risk=risk_of(name))
        self.items[item.id] = item
        part = self._tab_of(request)
        if part is not None:
            item.origin, item.tab = part.origin, part.tab.id
        what = named(asked[:300], item.risk)
        if not self.allowed:
            self._refuse(request, item, self.tr("Blocked the download of {0} (downloads are off in Settings)")
                         .format(what))
            return
        if part is None:
            self._refuse(request, item, self.tr("Blocked the download of {0} (no open tab asked for it)").format(what))
            return
        decision = part.decide(request.url())
        if decision == "block":
            self._refuse(request, item, self.tr("Blocked the download of {0} from {1} (you chose Block for this "
                                                "page)").format(what, item.origin))
            return
        if decision == "ask" and len(part.pending) >= MAX_PENDING:
            self._refuse(request, item, self.tr("Blocked the download of {0} from {1} ({2} of its downloads "
                                                "already wait for your answer)").format(what, item.origin,
                                                                                        MAX_PENDING))
            return
        try:
            if decision == "allow":
                target = reserve(self.directory, name)
            else:
                target = reserve(self.directory / PENDING_DIR / str(item.id), name)
        except OSError as exc:
            self._refuse(request, item, self.tr("Could not download {0}: {1}").format(what, exc.strerror or exc))
            return
        request.setDownloadDirectory(str(target.parent))
        request.setDownloadFileName(target.name)
        self._requests[item.id] = request
        # The lease (and its downloads) may outlive this app object (tests share one lease): a late signal of a
        # request is dropped once this object is gone.
        request.receivedBytesChanged.connect(lambda: self._progress(item, request) if shiboken6.isValid(self) else None)
        request.isFinishedChanged.connect(lambda: self._finished(item, request) if shiboken6.isValid(self) else None)
        request.accept()
        if decision == "allow":
            item.name, item.path = target.name, str(target)
            self.message.emit(self.tr("Downloading {0} to {1}").format(named(item.name, item.risk), self.directory))
        else:
            item.state, item.staged = "pending", str(target)
            part.pending.append(item)
            log.info("download waits for Allow: %s from %s", name, item.origin)
            part.asking.emit(list(part.pending))
        self.changed.emit(item)

    def _refuse(self, request: QWebEngineDownloadRequest, item: DownloadItem, text: str) -> None:
        request.cancel()
        item.state = "blocked"
        log.info("download blocked: %s", item.name)
        self.message.emit(text)
        self.changed.emit(item)

    def _progress(self, item: DownloadItem, request: QWebEngineDownloadRequest) -> None:
        item.received, item.total = request.receivedBytes(), request.totalBytes()
        self.changed.emit(item)

    def _finished(self, item: DownloadItem, request: QWebEngineDownloadRequest) -> None:
        if not request.isFinished():
            return
        S = QWebEngineDownloadRequest.DownloadState
        outcome = {S.DownloadCompleted: "done", S.DownloadCancelled: "cancelled"}.get(request.state(), "failed")
        item.received = request.receivedBytes()
        self._requests.pop(item.id, None)
        if item.staged:   # received while waiting for Allow (or allowed meanwhile, or blocked meanwhile)
            if item.state == "blocked":
                _remove_staged(item)
            elif outcome != "done":
                _remove_staged(item)
                self._drop_pending(item)
                item.state = outcome
            elif item.released:
                self._move(item)
            else:
                self.changed.emit(item)   # still pending: the bar shows it until the user answers
                return
            self.changed.emit(item)
            return
        item.state = outcome
        if outcome == "done":
            item.risk = risk_of(item.name, _mode(item.path))
            self.message.emit(self.tr("Downloaded {0}").format(named(item.path, item.risk)))
        else:
            _remove_empty(item.path)   # the reserved name, when nothing was written to it
            if outcome == "failed":
                self.message.emit(self.tr("The download of {0} failed: {1}").format(
                    item.name, request.interruptReasonString()))
        self.changed.emit(item)

    def _drop_pending(self, item: DownloadItem) -> None:
        part = next((p for p in self._tabs.values() if item in p.pending), None)
        if part is not None:
            part.pending.remove(item)
            part.asking.emit(list(part.pending))

    def _move(self, item: DownloadItem) -> None:
        """Move a received pending download to its reserved name in :attr:`directory`."""
        try:
            target = reserve(self.directory, item.name)
            os.replace(item.staged, target)
        except OSError as exc:
            item.state = "failed"
            _remove_staged(item)
            self.message.emit(self.tr("Could not download {0}: {1}").format(item.name, exc.strerror or exc))
            return
        _remove_staged(item)
        item.name, item.path, item.state = target.name, str(target), "done"
        item.risk = risk_of(item.name, _mode(item.path))
        self.message.emit(self.tr("Downloaded {0}").format(named(item.path, item.risk)))

    def release(self, item: DownloadItem) -> None:
        """The user allowed pending ``item``: moved to its name now, or when it has been received."""
        if item.id in self._requests:
            item.released, item.state = True, "running"
            self.changed.emit(item)
        else:
            self._move(item)
            self.changed.emit(item)

    def discard(self, item: DownloadItem) -> None:
        """The user blocked pending ``item`` (or its tab closed): cancelled, what was received removed."""
        item.state = "blocked"
        request = self._requests.get(item.id)
        if request is not None:
            request.cancel()   # _finished removes what was received
        else:
            _remove_staged(item)
        self.changed.emit(item)

    def shutdown(self) -> None:
        """The app closes: every download still running or waiting is cancelled (partial files removed)."""
        for part in list(self._tabs.values()):
            part.close()
        self._tabs.clear()
        for request in list(self._requests.values()):
            request.cancel()

    def cancel(self, download_id: int) -> bool:
        """Cancel a running download (Chromium removes its partial file). Returns whether one was running."""
        request = self._requests.get(download_id)
        if request is None:
            return False
        request.cancel()
        return True


def _mode(path: str) -> int:
    try:
        return os.stat(path).st_mode
    except OSError:
        return 0


def _remove_empty(path: str) -> None:
    """Remove ``path`` if it is an empty file (a reserved name nothing was written to)."""
    try:
        if path and os.path.getsize(path) == 0:
            os.unlink(path)
    except OSError:
        pass


def _remove_staged(item: DownloadItem) -> None:
    """Remove a pending download's folder (``<downloads>/.pagenote-pending/<id>``), and the pending folder when
    nothing else waits in it."""
    if not item.staged:
        return
    folder = Path(item.staged).parent
    shutil.rmtree(folder, ignore_errors=True)
    try:
        folder.parent.rmdir()
    except OSError:
        pass   # another download still waits there
    item.staged = ""
