"""A tab's network summary: the requests its page made, as bounded, redacted entries (as Playwright MCP's
``browser_network_requests`` lists them). Data and signals, no widgets.

Sources, merged into one entry per request:

- a :class:`~app.webview.requests.RequestSpy` on the tab's page (a ``QWebEngineUrlRequestInterceptor``: what
  Chromium asks the host before each request leaves, the page's frames and workers included). It always
  works, but Qt tells the host no response for sub-resources, so alone it gives only the main-frame
  document's ``status`` (from the load's own result, :meth:`NetworkLog.set_status`). Data URLs and pagenote's
  own ``qrc:`` loads never reach an interceptor.
- while the tab's DevTools session is attached, its ``Network`` events (:mod:`app.tabs.network_cdp`): status,
  MIME type, transfer size, timing, failure text and (redacted) headers of every request. The entry of a
  request both sources saw is the one made first; the other source fills it in (:meth:`NetworkLog.detailed`
  and the spy's side match by method and URL without fragment, among entries at most :data:`MATCH_S` seconds
  old that the other source has not matched yet, of the current main-frame load: a new load — its document's
  request, or Qt's load start — drops what still waits, so a reload's requests never take the details of the
  earlier page's same URLs; but not the documents of a load that has not ended: a server redirect's hops are one
  load, and the spy can report the next hop before DevTools reported the first, whose entry must still take
  DevTools' view of it). Requests sent before the session attached have no details.

Bounds: the newest :data:`RING_ENTRIES` entries; URLs redacted (:func:`app.protocol.redact.redact_urls`) and at
most :data:`URL_CHARS` characters.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from dataclasses import asdict, dataclass, field

from PySide6.QtCore import QObject, Signal
from PySide6.QtWebEngineCore import QWebEngineLoadingInfo

from app.protocol.redact import redact_urls
from app.webview.guest import Guest
from app.webview.requests import RequestSeen, RequestSpy

#: Entries the ring keeps (the oldest go first).
RING_ENTRIES = 1_000
#: The static resource types ``static=False`` leaves out when they succeeded (Playwright MCP's
#: ``browser_network_requests(static)``: "successful static resources like images, fonts, scripts"), as the
#: spy's ``type`` or CDP's ``resourceType`` names them.
STATIC_TYPES = frozenset({"image", "font", "script", "stylesheet", "media"})
#: Longest URL kept, in characters (a longer one ends in ``…``).
URL_CHARS = 1_000
#: How long an entry made by one source waits for the other source's view of the same request: seconds (the
#: interceptor and the DevTools event of one request arrive milliseconds apart; the rest is room for a busy
#: machine).
MATCH_S = 30.0
#: Entries per source waiting for the other source's match.
MATCH_WAITING = 200
#: Fields of :class:`NetworkEntry` never put in :meth:`NetworkEntry.compact` (headers: ``network.get`` only).
PRIVATE_FIELDS = ("request_id", "start_ts", "request_headers", "response_headers")


def bare_url(url: str) -> str:
    """``url`` without its fragment: the key both sources share (DevTools reports it apart)."""
    return url.split("#", 1)[0]


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
    HTTP status; 0 unknown: without DevTools details, known for a main-frame document only).

    DevTools details (:mod:`app.tabs.network_cdp`; empty when the request came before the session attached):
    ``resource_type`` (CDP's ``ResourceType`` in lower case: ``document``, ``fetch``, ``xhr``, ``script`` …),
    ``mime`` (the response's MIME type), ``size`` (bytes on the wire, CDP ``encodedDataLength``), ``ttfb_ms``
    (from the request's start to its response headers, ms), ``end_ms`` (from its start to its last byte or its
    failure, ms), ``failure`` (``Network.loadingFailed``'s ``errorText``, with ``blockedReason`` or
    ``canceled`` in brackets; not for a response the page cancelled after its status came), ``cache``
    (``revalidated``: the server answered 304 Not Modified to the browser's conditional request and the cached
    copy was used — ``status`` is then 304, as DevTools shows it; ``disk`` / ``memory``: served from that cache,
    no request sent), ``detail`` (True once DevTools saw the request). Not in :meth:`compact`:
    ``request_id`` (CDP's, for the body), ``start_ts`` (CDP's monotonic start, s), ``request_headers``,
    ``response_headers`` (redacted: :mod:`app.protocol.headers`)."""

    id: int
    time: float
    method: str
    url: str
    type: str
    initiator: str
    navigation: int
    status: int = 0
    resource_type: str = ""
    mime: str = ""
    size: int = 0
    ttfb_ms: float = 0.0
    end_ms: float = 0.0
    failure: str = ""
    cache: str = ""
    detail: bool = False
    request_id: str = field(default="", repr=False)
    start_ts: float = field(default=0.0, repr=False)
    request_headers: dict | None = field(default=None, repr=False)
    response_headers: dict | None = field(default=None, repr=False)

    @property
    def failed(self) -> bool:
        """True for a request that failed (no response) or answered with status 400 or above."""
        return bool(self.failure) or self.status >= 400

    def compact(self) -> dict:
        """The entry as JSON without empty fields (``initiator``, ``status``, the details) nor the private
        ones (:data:`PRIVATE_FIELDS`)."""
        return {k: v for k, v in asdict(self).items()
                if k not in PRIVATE_FIELDS and (v not in ("", 0, False) or k in ("id", "navigation"))}


class NetworkLog(QObject):
    """The requests of ``page`` (a :class:`Guest`) as a ring of :class:`NetworkEntry`. Installs its own
    :class:`RequestSpy` on ``page`` (``QWebEnginePage.setUrlRequestInterceptor``).

    Signals:
        added(NetworkEntry): a request was logged.
        changed(NetworkEntry): an entry got details (status, timing, failure …).
    """

    added = Signal(object)
    changed = Signal(object)

    def __init__(self, page: Guest, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.entries: deque[NetworkEntry] = deque(maxlen=RING_ENTRIES)
        self._next_id = 1
        #: The main-frame load counter (0 before the first load starts).
        self.navigation = 0
        self._mark = 1  # the id of the first entry after the last load event
        self._ended = 1  # the id of the first entry after the last load ended (succeeded, failed or stopped)
        # (entry, method, bare URL, monotonic s) made by one source, not yet matched by the other
        self._spied: deque[tuple[NetworkEntry, str, str, float]] = deque(maxlen=MATCH_WAITING)
        self._detailed: deque[tuple[NetworkEntry, str, str, float]] = deque(maxlen=MATCH_WAITING)
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
            # The earlier document's unmatched entries can no longer be matched: a request of this load with
            # the same URL (a reload) must not take them.
            for waiting in (self._spied, self._detailed):
                kept = [w for w in waiting if w[0].navigation == self.navigation]
                waiting.clear()
                waiting.extend(kept)
        else:
            self._ended = self._next_id
            if info.errorDomain() == QWebEngineLoadingInfo.ErrorDomain.HttpStatusCodeDomain:
                self.set_status(info.url().toString(), info.errorCode())
        self._mark = self._next_id

    def _on_request(self, seen: RequestSeen) -> None:
        entry = _take(self._detailed, seen.method[:16], bare_url(seen.url))
        if entry is not None:  # DevTools reported it first: the spy's type and initiator complete it
            entry.type, entry.initiator = seen.type, short_url(seen.initiator)
            self.changed.emit(entry)
            return
        if seen.type == "document":  # a main-frame load or its redirect's next hop: what waits is the last page's
            self._drop_earlier_loads()
        entry = self._new(round(time.time(), 3), seen.method, seen.url, seen.type, short_url(seen.initiator))
        self._spied.append((entry, entry.method, bare_url(seen.url), time.monotonic()))

    def _drop_earlier_loads(self) -> None:
        """Drop the waiting entries, except the documents made since the last load ended: the earlier hops of
        this load's server redirect (Chromium follows a redirect within one navigation, which Qt reports as one
        load; the interceptor sees each hop, ``Network.requestWillBeSent`` too, its ``redirectResponse`` on the
        next hop) while the other source has not reported them yet (DevTools' events cross the frontend's
        renderer and can come after the spy's report of the next hop)."""
        for waiting in (self._spied, self._detailed):
            kept = [w for w in waiting if w[0].type == "document" and w[0].id >= self._ended]
            waiting.clear()
            waiting.extend(kept)

    def _new(self, when: float, method: str, url: str, type: str, initiator: str) -> NetworkEntry:
        entry = NetworkEntry(self._next_id, when, method[:16], short_url(url), type, initiator, self.navigation)
        self._next_id += 1
        self.entries.append(entry)
        self.added.emit(entry)
        return entry

    def detailed(self, method: str, url: str, type: str, when: float) -> NetworkEntry:
        """The entry of a request DevTools reports (``method``, raw ``url``, the spy-style ``type``, ``when``
        Unix s): the spy's entry of it when one waits (module docstring), else a new entry (``added``) that
        the spy's report of it will complete."""
        entry = _take(self._spied, method[:16], bare_url(url))
        if entry is None:
            entry = self._new(round(when, 3), method, url, type, "")
            self._detailed.append((entry, entry.method, bare_url(url), time.monotonic()))
        return entry

    def claim(self, url: str) -> NetworkEntry | None:
        """The spy's waiting entry for raw ``url`` (any method), for a response whose request DevTools did not
        see (sent just before the session attached); ``None`` when none waits."""
        return _take(self._spied, None, bare_url(url))

    def find(self, entry_id: int) -> NetworkEntry | None:
        """The entry with ``entry_id`` while the ring keeps it, else ``None``."""
        return next((e for e in self.entries if e.id == entry_id), None)

    def document_entry(self, url: str) -> NetworkEntry | None:
        """The newest main-frame ``document`` entry for ``url`` (raw; compared redacted), or ``None``."""
        wanted = short_url(url)
        return next((e for e in reversed(self.entries) if e.type == "document" and e.url == wanted), None)

    def set_status(self, url: str, status: int) -> None:
        """Record HTTP ``status`` (the load's, as Qt reports it) on :meth:`document_entry` for ``url`` — unless
        DevTools saw a revalidation: Qt reports the cached copy's status (200), the wire's was 304."""
        entry = self.document_entry(url)
        if entry is not None and entry.cache != "revalidated":
            entry.status = status

    def select(self, *, since_id: int = 0, type: str | None = None, all_documents: bool = False,
               limit: int = 200, status_min: int = 0, url: str | None = None, static: bool = True,
               url_matches: Callable[[str], bool] | None = None) -> tuple[list[NetworkEntry], int]:
        """``(entries, more)``: the oldest ``limit`` entries with an id above ``since_id``, of the current
        document unless ``all_documents``, and when given: of ``type`` (one type or several, comma-separated;
        matches the spy's ``type`` or DevTools' ``resource_type``), with status ≥ ``status_min`` (a failed
        request, which has no status, counts as above any), whose redacted URL contains ``url``
        (case-insensitive) and for which ``url_matches(redacted URL)`` holds; ``static=False`` leaves out the
        :data:`STATIC_TYPES` that did not fail (:attr:`NetworkEntry.failed`); ``more`` counts those left out by
        ``limit``."""
        types = {t.strip().lower() for t in type.split(",") if t.strip()} if type else set()
        needle = url.casefold() if url else ""
        found = [e for e in self.entries if e.id > since_id
                 and (not types or e.type in types or e.resource_type in types)
                 and (all_documents or e.navigation == self.navigation)
                 and (not status_min or e.status >= status_min or bool(e.failure))
                 and (not needle or needle in e.url.casefold())
                 and (static or e.failed or not ({e.type, e.resource_type} & STATIC_TYPES))
                 and (url_matches is None or url_matches(e.url))]
        return found[:limit], max(len(found) - limit, 0)


def _take(waiting: deque, method: str | None, url: str) -> NetworkEntry | None:
    """Remove and return the oldest entry in ``waiting`` for ``method`` (any when ``None``) and bare ``url``;
    entries older than :data:`MATCH_S` are dropped on the way."""
    now = time.monotonic()
    while waiting and now - waiting[0][3] > MATCH_S:
        waiting.popleft()
    for i, (entry, m, u, _at) in enumerate(waiting):
        if u == url and (method is None or m == method):
            del waiting[i]
            return entry
    return None
