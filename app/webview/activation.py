"""Whether the page of a view may act on a gesture now: :class:`UserActivation` remembers the last input that
gives a page *transient user activation* in Chromium and reaches the page.

Qt 6.12 does not say whether a download came with a user gesture (``QWebEngineDownloadRequest`` has no such
property; only ``QWebEngineNewWindowRequest`` and ``QWebEngineNavigationRequest`` have ``isUserInitiated``).
So the host watches the input itself, where it enters Chromium: Qt's ``MouseButtonPress`` /
``MouseButtonDblClick`` / ``KeyPress`` / ``TouchEnd`` events on the view's focus proxy (Chromium's input widget,
followed across renderer swaps by :class:`~app.webview.proxy.FocusProxyWatch`) — the events HTML's activation-
triggering input list names (``keydown`` other than Escape, ``mousedown``, ``touchend``). The user's input and
the agent's (:mod:`app.webview.input`, which takes the same path) both count; input that annotation mode
swallows (an active :class:`~app.webview.input_guard.InputGuard` on the view) never reaches the page and does
not count.

The activation is the view's, not a document's or a frame's: Qt says neither which document an input reached
nor which frame asked for a download. :class:`app.tabs.downloads.TabDownloads` narrows it to the top document
that was current at the input (security review N5).
"""

from __future__ import annotations

import time

from PySide6.QtCore import QEvent, QObject, Qt, QUrl
from PySide6.QtWebEngineCore import QWebEngineLoadingInfo, QWebEngineNavigationRequest
from PySide6.QtWebEngineWidgets import QWebEngineView

from app.webview.input import agent_sending
from app.webview.proxy import FocusProxyWatch
from app.webview.urls import url_origin

_ACTIVATING = {QEvent.Type.MouseButtonPress, QEvent.Type.MouseButtonDblClick, QEvent.Type.KeyPress,
               QEvent.Type.TouchEnd}


class UserActivation(QObject):
    """The last activating input to ``view``'s page (module docstring). :meth:`consume` lets one action
    (a download) through per input, within ``lifespan_s`` seconds of it (Chromium's 5 s)."""

    def __init__(self, view: QWebEngineView, lifespan_s: float) -> None:
        super().__init__(view)
        self.view = view
        self.lifespan_s = lifespan_s
        #: ``time.monotonic()`` of the last activating input not used up yet; ``None``: none.
        self.last: float | None = None
        self.watch = FocusProxyWatch(view, self)

    def _swallowed(self) -> bool:
        """Whether annotation mode keeps the user's input from the page now."""
        from app.webview.input_guard import InputGuard

        return any(guard.active for guard in self.view.findChildren(InputGuard))

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt virtual)
        kind = event.type()
        if kind in _ACTIVATING and obj is self.watch.proxy:
            if kind == QEvent.Type.KeyPress and event.key() == Qt.Key.Key_Escape:
                return False
            if agent_sending() or not self._swallowed():
                self.last = time.monotonic()
        return False

    def consume(self, now: float | None = None) -> bool:
        """Whether an activating input came within the lifespan before ``now`` (``time.monotonic()``); it is used
        up when it did."""
        now = time.monotonic() if now is None else now
        if self.last is None or now - self.last > self.lifespan_s:
            return False
        self.last = None
        return True

    def take(self) -> float | None:
        """The last activating input's ``time.monotonic()`` (``None``: none), used up: a navigation of the top
        document carries it away from the document that got it (:class:`app.tabs.downloads.TabDownloads`)."""
        last, self.last = self.last, None
        return last

    def shutdown(self) -> None:
        """Stop watching (before the view is destroyed)."""
        self.watch.stop()


def download_origin(url: QUrl) -> str:
    """The origin a download of ``url`` comes from (:func:`app.webview.urls.url_origin`); a ``blob:`` or
    ``filesystem:`` URL's is that of the URL inside it (``blob:http://a.test/uuid`` → ``http://a.test``; HTML's
    URL origin rule)."""
    if url.scheme() in ("blob", "filesystem"):
        return url_origin(QUrl(url.path()))
    return url_origin(url)


class DownloadGesture(QObject):
    """Whether a download of a tab's page may start on a gesture (:meth:`lets_through`), narrowing the view's
    :class:`UserActivation` to the top document that got the input, as Chromium's per-frame activation does
    (security review N5; source: HTML's user activation is a property of a ``Window`` — an input activates the
    ``Window`` of the document it targets and its ancestors, not a frame of another origin inside it, and a
    navigation's new document has a ``Window`` of its own with none):

    - a cross-document navigation of the top document takes the gesture with it (used up when the load
      starts): the document it commits does not get it; if the navigation becomes a download (the load stops
      as one: ``QWebEngineLoadingInfo.isDownload``), that download of the navigation's URL may use it;
    - a download of a URL not of the top document's origin (``blob:`` by its inner origin) gets no gesture: Qt
      6.12's ``QWebEngineDownloadRequest`` names no frame, and such a download may be a frame's of another origin
      the user never touched (a frame's own download of its origin then asks too);
    - a URL the host loaded itself (address bar, ``navigate``) is its own gesture, for that load only. Qt 6.12: a
      typed load that becomes a download ends ``LoadStopped`` (``isDownload``), then the request comes, no
      ``urlChanged``; one that shows a page commits (``urlChanged``) and ends: the allowance ends with it.

    Signals used: ``navigationRequested`` (main frame: the navigation's URL, redirects included),
    ``loadingChanged`` (main frame loads only; same-document navigations emit none) and ``urlChanged`` (a
    commit, or a same-document navigation: only one during a load is a new document)."""

    def __init__(self, page, activation: UserActivation) -> None:
        super().__init__(activation)
        self.page, self.activation = page, activation
        self._typed = QUrl()         # the URL the host itself loaded last
        self._navigated = QUrl()     # the URL the top document's navigation in flight goes to
        self._carried: float | None = None   # the gesture that navigation took (time.monotonic())
        self._loading = False
        page.navigationRequested.connect(self._navigation)
        page.loadingChanged.connect(self._load)
        page.urlChanged.connect(self._committed)

    def _navigation(self, request: QWebEngineNavigationRequest) -> None:
        if request.isMainFrame():
            typed = request.navigationType() == QWebEngineNavigationRequest.NavigationType.TypedNavigation
            self._typed = QUrl(request.url()) if typed else QUrl()
            self._navigated = QUrl(request.url())

    def _load(self, info: QWebEngineLoadingInfo) -> None:
        if info.status() == QWebEngineLoadingInfo.LoadStatus.LoadStartedStatus:
            self._loading = True
            taken = self.activation.take()
            if taken is not None:
                self._carried = taken
            return
        self._loading = False
        if not info.isDownload():   # the load ended as a page (or an error): what it carried ends with it
            self._typed, self._navigated, self._carried = QUrl(), QUrl(), None

    def _committed(self, url: QUrl) -> None:
        self._typed = QUrl()   # a document committed, or a same-document navigation: the host's load was a page
        if self._loading:      # a new top document: no input it got yet
            self.activation.take()
            self._navigated, self._carried = QUrl(), None

    def lets_through(self, url: QUrl) -> bool:
        """Whether a gesture lets a download of ``url`` start now (class docstring); the gesture it uses is used
        up."""
        if not self._typed.isEmpty() and url == self._typed:
            self._typed = QUrl()
            return True
        if not self._navigated.isEmpty() and url == self._navigated:
            carried, self._carried, self._navigated = self._carried, None, QUrl()
            if carried is not None and time.monotonic() - carried <= self.activation.lifespan_s:
                return True
        if download_origin(url) != url_origin(self.page.url()):
            return False
        return self.activation.consume()
