"""A tab's network summary: the requests its page made, as bounded, redacted entries (as Playwright MCP's
``browser_network_requests`` lists them). Data and signals, no widgets.

Source: a :class:`~app.webview.requests.RequestSpy` on the tab's page (a ``QWebEngineUrlRequestInterceptor``:
what Chromium asks the host before each request leaves, the page's frames and workers included). Request
headers and bodies are never read or kept. Qt tells the host no response for sub-resources, so only the
main-frame document's entry carries a ``status`` (from the load's own result, set with :meth:`NetworkLog.
set_status`). Data URLs and pagenote's own ``qrc:`` loads never reach an interceptor.

Bounds: the newest :data:`RING_ENTRIES` entries; URLs redacted (:func:`app.protocol.redact.redact_urls`) and at
most :data:`URL_CHARS` characters.
"""

from __future__ import annotations

import time
from collections import deque
from dataclasses import asdict, dataclass

from PySide6.QtCore import QObject, Signal
from PySide6.QtWebEngineCore import QWebEngineLoadingInfo

from app.protocol.redact import redact_urls
from app.webview.guest import Guest
from app.webview.requests import RequestSeen, RequestSpy

#: Entries the ring keeps (the oldest go first).
RING_ENTRIES = 1_000
#: Longest URL kept, in characters (a longer one ends in ``…``).
URL_CHARS = 1_000


def short_url(url: str) -> str:
    """``url`` redacted and at most :data:`URL_CHARS` characters (redacted before the cut: see
    :func:`app.tabs.console.cut`)."""
    url = redact_urls(url[:2 * URL_CHARS])
    return url if len(url) <= URL_CHARS else url[:URL_CHARS - 1] + "…"


@dataclass
class NetworkEntry:
    """One request: ``id`` (1, 2, … per tab), ``time`` (Unix seconds), ``method``, ``url`` (redacted),
    ``type`` (:class:`~app.webview.requests.RequestSeen`), ``initiator`` (origin of the asking document;
    redacted), ``navigation`` (the tab's main-frame load counter, as :mod:`app.tabs.console`), ``status`` (the
    HTTP status of a main-frame document; 0 unknown)."""

    id: int
    time: float
    method: str
    url: str
    type: str
    initiator: str
    navigation: int
    status: int = 0

    def compact(self) -> dict:
        """The entry as JSON without empty fields (``initiator``, ``status``)."""
        return {k: v for k, v in asdict(self).items() if v not in ("", 0) or k in ("id", "navigation")}


class NetworkLog(QObject):
    """The requests of ``page`` (a :class:`Guest`) as a ring of :class:`NetworkEntry`. Installs its own
    :class:`RequestSpy` on ``page`` (``QWebEnginePage.setUrlRequestInterceptor``).

    Signals:
        added(NetworkEntry): a request was logged.
    """

    added = Signal(object)

    def __init__(self, page: Guest, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.entries: deque[NetworkEntry] = deque(maxlen=RING_ENTRIES)
        self._next_id = 1
        #: The main-frame load counter (0 before the first load starts).
        self.navigation = 0
        self._mark = 1  # the id of the first entry after the last load event
        self._spy = RequestSpy(self)
        self._spy.seen.connect(self._on_request)
        page.setUrlRequestInterceptor(self._spy)
        page.loadingChanged.connect(self._on_loading)

    def _on_loading(self, info: QWebEngineLoadingInfo) -> None:
        status = info.status()
        if status == QWebEngineLoadingInfo.LoadStatus.LoadStartedStatus:
            self.navigation += 1
            # The main-frame request of a load can come before Qt says the load started (a navigation the page
            # or the host begins): from that request on, the entries since the last load event are this load's.
            ahead = [e for e in self.entries if e.id >= self._mark]
            first = next((i for i, e in enumerate(ahead) if e.type == "document"), None)
            for entry in ahead[first:] if first is not None else ():
                entry.navigation = self.navigation
        elif info.errorDomain() == QWebEngineLoadingInfo.ErrorDomain.HttpStatusCodeDomain:
            self.set_status(info.url().toString(), info.errorCode())
        self._mark = self._next_id

    def _on_request(self, seen: RequestSeen) -> None:
        entry = NetworkEntry(self._next_id, round(time.time(), 3), seen.method[:16], short_url(seen.url),
                             seen.type, short_url(seen.initiator), self.navigation)
        self._next_id += 1
        self.entries.append(entry)
        self.added.emit(entry)

    def set_status(self, url: str, status: int) -> None:
        """Record HTTP ``status`` on the newest main-frame ``document`` entry for ``url`` (raw; compared
        redacted) of the current navigation."""
        wanted = short_url(url)
        for entry in reversed(self.entries):
            if entry.type == "document" and entry.url == wanted:
                entry.status = status
                return

    def select(self, *, since_id: int = 0, type: str | None = None, all_documents: bool = False,
               limit: int = 200) -> tuple[list[NetworkEntry], int]:
        """``(entries, more)``: the oldest ``limit`` entries with an id above ``since_id``, of ``type`` when
        given, of the current document unless ``all_documents``; ``more`` counts those left out by ``limit``."""
        found = [e for e in self.entries if e.id > since_id and (type is None or e.type == type)
                 and (all_documents or e.navigation == self.navigation)]
        return found[:limit], max(len(found) - limit, 0)
