"""The guest page: a thin ``QWebEnginePage`` subclass that turns Qt's virtuals into typed signals."""

from __future__ import annotations

import logging
from dataclasses import dataclass

from PySide6.QtCore import QObject, Signal
from PySide6.QtWebEngineCore import QWebEngineLoadingInfo, QWebEnginePage, QWebEngineProfile

log = logging.getLogger("pagenote.webview")


@dataclass(frozen=True)
class LoadResult:
    """How a main-frame load ended. ``error`` is empty on success, else Chromium's message with its code,
    e.g. ``"net::ERR_CONNECTION_REFUSED (-102)"``. ``http_status`` is 0 when no HTTP response came."""

    url: str
    ok: bool
    error: str = ""
    http_status: int = 0


class Guest(QWebEnginePage):
    """A page in a :class:`~app.webview.lease.Lease`'s profile.

    Signals:
        load_result(LoadResult): a main-frame load finished, with the network error when it failed.
    The page's console is not forwarded anywhere (issue #2 keeps no console capture; it may hold secrets).
    """

    load_result = Signal(object)

    def __init__(self, profile: QWebEngineProfile, parent: QObject | None = None) -> None:
        super().__init__(profile, parent)
        self.loadingChanged.connect(self._on_loading_changed)

    def _on_loading_changed(self, info: QWebEngineLoadingInfo) -> None:
        status = info.status()
        if status == QWebEngineLoadingInfo.LoadStatus.LoadSucceededStatus:
            self.load_result.emit(LoadResult(info.url().toString(), True, http_status=info.errorCode()
                                             if info.errorDomain() == QWebEngineLoadingInfo.ErrorDomain.HttpStatusCodeDomain else 0))
        elif status == QWebEngineLoadingInfo.LoadStatus.LoadFailedStatus:
            if info.errorDomain() == QWebEngineLoadingInfo.ErrorDomain.HttpStatusCodeDomain:
                # Qt's text for HTTP errors is an HTML template ("…<strong>$1</strong>"): say it plainly.
                error = f"HTTP {info.errorCode()}"
            else:
                error = f"{info.errorString() or 'load failed'} ({info.errorCode()})"
            self.load_result.emit(LoadResult(info.url().toString(), False, error=error))
        elif status == QWebEngineLoadingInfo.LoadStatus.LoadStoppedStatus:
            self.load_result.emit(LoadResult(info.url().toString(), False, error="load stopped"))

    def createWindow(self, _type):  # noqa: N802 (Qt virtual)
        # One view per window: a target=_blank link or window.open() opens in this page.
        return self

    def javaScriptConsoleMessage(self, level, message, line, source) -> None:  # noqa: N802 (Qt virtual)
        # Qt's default prints page console output to stderr; the page's console may carry secrets.
        pass
