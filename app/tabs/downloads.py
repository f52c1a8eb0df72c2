"""Downloads under the host's policy: off by default (the request is cancelled and the status bar names the
file); when the user allows them, each goes to ``<project>/downloads/`` under a name that never overwrites a
file already there (``report.pdf``, ``report (1).pdf``, …), with progress, and can be cancelled.

One :class:`Downloads` per application watches every lease's profile (``QWebEngineProfile.downloadRequested``
is per profile).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtWebEngineCore import QWebEngineDownloadRequest

log = logging.getLogger("pagenote.downloads")


def free_name(directory: Path, name: str) -> str:
    """``name`` if no file of that name is in ``directory``, else ``stem (n)suffix`` with the smallest free
    ``n`` (1, 2, …). Path separators and leading dots in ``name`` are dropped (a page names it)."""
    name = Path(name.replace("\\", "/")).name.lstrip(".") or "download"
    stem, suffix = Path(name).stem, "".join(Path(name).suffixes[-1:])
    candidate, n = name, 0
    while (directory / candidate).exists():
        n += 1
        candidate = f"{stem} ({n}){suffix}"
    return candidate


@dataclass
class DownloadItem:
    """One download: ``id`` (Qt's), ``name`` (the file name), ``path`` (where it is written; ``""`` when
    blocked), ``state`` (``blocked``, ``running``, ``done``, ``cancelled``, ``failed``), ``received`` and
    ``total`` bytes (``total`` -1 when unknown)."""

    id: int
    name: str
    path: str = ""
    state: str = "running"
    received: int = 0
    total: int = -1


class Downloads(QObject):
    """The application's downloads. :attr:`allowed` (default false) says whether they run; ``directory`` is
    ``<project>/downloads``.

    Signals:
        changed(DownloadItem): a download started, progressed, finished, was blocked or cancelled.
        message(str): a line for the status bar (a blocked download names its file).
    """

    changed = Signal(object)
    message = Signal(str)

    def __init__(self, project_dir: Path, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.directory = project_dir / "downloads"
        self.allowed = False
        self.items: dict[int, DownloadItem] = {}
        self._requests: dict[int, QWebEngineDownloadRequest] = {}
        self._watched: set[int] = set()

    def watch(self, profile) -> None:
        """Handle the downloads of ``profile`` (a lease's ``QWebEngineProfile``); once per profile."""
        if id(profile) in self._watched:
            return
        self._watched.add(id(profile))
        profile.downloadRequested.connect(self._requested)

    def _requested(self, request: QWebEngineDownloadRequest) -> None:
        name = request.suggestedFileName() or request.downloadFileName() or "download"
        item = DownloadItem(request.id(), name)
        self.items[item.id] = item
        if not self.allowed:
            request.cancel()
            item.state = "blocked"
            log.info("download blocked: %s", name)
            self.message.emit(self.tr("Blocked the download of {0} (downloads are off in Settings)").format(name))
            self.changed.emit(item)
            return
        self.directory.mkdir(parents=True, exist_ok=True)
        item.name = free_name(self.directory, name)
        item.path = str(self.directory / item.name)
        request.setDownloadDirectory(str(self.directory))
        request.setDownloadFileName(item.name)
        self._requests[item.id] = request
        request.receivedBytesChanged.connect(lambda: self._progress(item, request))
        request.isFinishedChanged.connect(lambda: self._finished(item, request))
        request.accept()
        self.message.emit(self.tr("Downloading {0} to {1}").format(item.name, self.directory))
        self.changed.emit(item)

    def _progress(self, item: DownloadItem, request: QWebEngineDownloadRequest) -> None:
        item.received, item.total = request.receivedBytes(), request.totalBytes()
        self.changed.emit(item)

    def _finished(self, item: DownloadItem, request: QWebEngineDownloadRequest) -> None:
        if not request.isFinished():
            return
        state = request.state()
        S = QWebEngineDownloadRequest.DownloadState
        item.state = {S.DownloadCompleted: "done", S.DownloadCancelled: "cancelled"}.get(state, "failed")
        item.received = request.receivedBytes()
        self._requests.pop(item.id, None)
        if item.state == "done":
            self.message.emit(self.tr("Downloaded {0}").format(item.path))
        elif item.state == "failed":
            self.message.emit(self.tr("The download of {0} failed: {1}").format(item.name,
                                                                              request.interruptReasonString()))
        self.changed.emit(item)

    def cancel(self, download_id: int) -> bool:
        """Cancel a running download (Chromium removes its partial file). Returns whether one was running."""
        request = self._requests.get(download_id)
        if request is None:
            return False
        request.cancel()
        return True
