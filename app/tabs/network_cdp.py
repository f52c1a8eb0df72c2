"""A tab's network details from the DevTools protocol (issue 26, requirement 3): status, MIME type, transfer
size, timing and failure text of every request, its headers (redacted) and its response body on demand —
merged into the tab's :class:`~app.tabs.network.NetworkLog` (one entry per request, whichever source saw it
first).

Source: the tab's :class:`~app.webview.cdp.CdpSession` events ``Network.requestWillBeSent``,
``Network.responseReceived``, ``Network.dataReceived`` (the body's bytes as they come, counted per request),
``Network.loadingFinished``, ``Network.loadingFailed``, ``Network.requestServedFromCache`` and the ``…ExtraInfo``
twins (the raw headers, cookies included; a revalidation's 304); ``Network.getResponseBody`` for a body.

When details exist: only while the session is attached (Chromium reports no request sent before the attach;
``Network.enable`` does not replay them). :class:`NetworkDetail` holds the session (``hold("network")``):

- while an agent acts on the tab (:class:`~app.tabs.agent_control.AgentControl` ``acting``, i.e. from its first
  action until :data:`~app.tabs.agent_control.ACTING_MS` after its last; the agent's ``navigate``/``back``/
  ``forward``/``reload`` first wait up to :data:`READY_WAIT_S` for the attach, so their loads are seen whole);
- while the window's network view shows the tab.

Without a holder the session detaches when idle (:data:`app.webview.cdp.IDLE_DETACH_S`); the spy's entries go
on. :attr:`NetworkDetail.since` says when the current details began (agent answers: "details since …").
"""

from __future__ import annotations

import asyncio
import base64
import logging
import time
from collections import OrderedDict
from collections.abc import Callable

from PySide6.QtCore import QObject, Signal

from app.core.errors import PagenoteError
from app.core.tasks import spawn
from app.protocol.body_redact import redact_body
from app.protocol.headers import redact_headers
from app.protocol.redact import redact_urls
from app.tabs.network import NetworkEntry, NetworkLog
from app.webview.cdp import CdpSession

log = logging.getLogger("pagenote.network")

#: The longest body text an answer carries: characters (issue 26: "text ≤ 200,000 chars"); a longer one is cut
#: and says so.
BODY_CHARS = 200_000
#: The largest response whose body pagenote asks Chromium for: bytes, the largest of the bytes on the wire
#: (``encodedDataLength``), the declared ``Content-Length`` and the body's bytes as received (the sum of
#: ``Network.dataReceived``'s ``dataLength``: a response from the cache has an ``encodedDataLength`` of 0, a
#: chunked one no ``Content-Length``). A larger one is answered with its type and size only, so a 50 MB body
#: never crosses the DevTools channel nor enters an answer.
BODY_FETCH_BYTES = 5_000_000
#: How long ``Network.getResponseBody`` may take: ms.
BODY_TIMEOUT_MS = 10_000
#: How long an agent's navigation waits for the session to attach before it loads anyway: seconds.
READY_WAIT_S = 10.0
#: Requests remembered by CDP ``requestId`` (the oldest go first; as many as the log's ring).
REQUEST_IDS = 1_000
#: CDP resource types → the spy's names (:class:`~app.webview.requests.RequestSeen`), for entries DevTools
#: reported first; the spy's name replaces it when the spy's report comes.
_SPY_TYPES = {"document": "document", "stylesheet": "stylesheet", "image": "image", "media": "media",
              "font": "font", "script": "script", "xhr": "xhr", "fetch": "xhr", "prefetch": "prefetch",
              "websocket": "websocket", "ping": "ping", "cspviolationreport": "csp-report"}
_TEXT_MIME = ("json", "javascript", "ecmascript", "xml", "x-www-form-urlencoded", "svg", "csv", "graphql")




def is_text_mime(mime: str) -> bool:
    """True for a MIME type whose body is text (``text/*``, JSON, JavaScript, XML, SVG, forms …)."""
    low = mime.lower()
    return low.startswith("text/") or any(word in low for word in _TEXT_MIME)


class NetworkDetail(QObject):
    """The DevTools side of ``log`` (``session``'s page). Subscribes at once; details come while the session
    is attached (module docstring).

    Signals:
        live(bool): details began (``True``, :attr:`since` set) or ended (the session detached).

    Attributes: ``since`` (Unix s when the current details began; ``None`` while there are none).
    """

    live = Signal(bool)

    def __init__(self, session: CdpSession, network: NetworkLog, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.log = network
        self.since: float | None = None
        self._by_id: OrderedDict[str, NetworkEntry] = OrderedDict()
        self._early: OrderedDict[str, tuple[str, dict]] = OrderedDict()  # ExtraInfo (which, params) before its request
        self._received: dict[str, int] = {}  # body bytes received per request id (Network.dataReceived)
        self._holds: dict[str, Callable[[], None]] = {}
        self._enabled: asyncio.Task | None = None
        self._subscriptions = [session.subscribe(f"Network.{name}", callback) for name, callback in (
            ("requestWillBeSent", self._on_request), ("responseReceived", self._on_response),
            ("dataReceived", self._on_data), ("loadingFinished", self._on_finished),
            ("loadingFailed", self._on_failed),
            ("requestServedFromCache", self._on_from_cache),
            ("requestWillBeSentExtraInfo", lambda p: self._on_extra("request_headers", p)),
            ("responseReceivedExtraInfo", lambda p: self._on_extra("response_headers", p)))]
        session.attached.connect(self._on_attached)
        session.detached.connect(self._on_detached)
        if session.is_attached:
            self._on_attached()

    # -- holding -----------------------------------------------------------------------------------------------

    def want(self, owner: str, on: bool) -> None:
        """Hold the session for ``owner`` (``"agent"``, ``"view"``) while ``on``; idempotent per owner."""
        if on and owner not in self._holds:
            self._holds[owner] = self.session.hold(f"network:{owner}")
        elif not on and owner in self._holds:
            self._holds.pop(owner)()

    def follow(self, control) -> None:
        """Hold while ``control`` (an :class:`~app.tabs.agent_control.AgentControl`) is ``acting``."""
        from app.tabs.agent_control import ACTING

        control.changed.connect(lambda state: self.want("agent", state == ACTING))
        self.want("agent", control.state == ACTING)

    async def ready(self) -> bool:
        """While someone holds the session: wait (at most :data:`READY_WAIT_S`) until it is attached and
        ``Network`` enabled. Returns whether details are live; never raises (a failed attach is logged: the
        caller goes on without details)."""
        if not self._holds or self.since is not None:
            return self.since is not None
        try:
            await asyncio.wait_for(asyncio.shield(self.session.attach()), READY_WAIT_S)
            if self._enabled is not None:
                await asyncio.wait_for(asyncio.shield(self._enabled), READY_WAIT_S)
        except (PagenoteError, TimeoutError) as exc:
            log.warning("network details: the DevTools session did not attach (%s)", exc)
        return self.since is not None

    def close(self) -> None:
        """Release every hold and unsubscribe (the entries stay in the log)."""
        for owner in list(self._holds):
            self.want(owner, False)
        for unsubscribe in self._subscriptions:
            unsubscribe()
        self._subscriptions = []

    def _on_attached(self) -> None:
        # The light frontend enables no domain by itself (the F12 one does; enabling again is harmless): on
        # every attach, Network is enabled here, and details begin once it answered.
        try:
            self._enabled = spawn(self._enable(), "network details")
        except RuntimeError:  # no event loop runs (plain Qt code, never the app): no details until one does
            self._enabled = None

    async def _enable(self) -> None:
        try:
            await self.session.send("Network.enable", {"maxPostDataSize": 65536}, use=False)
        except PagenoteError as exc:
            log.warning("network details: Network.enable failed (%s)", exc)
            return
        if self.session.is_attached and self.since is None:
            self.since = round(time.time(), 3)
            self.live.emit(True)

    def _on_detached(self, _reason: str) -> None:
        self.since = None
        self._by_id.clear()
        self._received.clear()
        self.live.emit(False)

    # -- events -----------------------------------------------------------------------------------------------

    def _remember(self, request_id: str, entry: NetworkEntry) -> None:
        self._by_id[request_id] = entry
        self._by_id.move_to_end(request_id)
        while len(self._by_id) > REQUEST_IDS:
            gone, _ = self._by_id.popitem(last=False)
            self._received.pop(gone, None)

    def _on_request(self, params: dict) -> None:
        request = params.get("request") or {}
        url = str(request.get("url", ""))
        if url.startswith("data:"):
            return  # no request leaves (the spy never sees one either)
        request_id = str(params.get("requestId", ""))
        previous = self._by_id.get(request_id)
        redirect = params.get("redirectResponse")
        if previous is not None and isinstance(redirect, dict):  # a redirect hop ends; the next is a new entry
            self._response(previous, redirect, float(params.get("timestamp", 0)))
            self._end(previous, float(params.get("timestamp", 0)), size=int(redirect.get("encodedDataLength", 0)))
            previous.request_id = ""
        kind = str(params.get("type", "other")).lower()
        entry = self.log.detailed(str(request.get("method", "GET")), url, _SPY_TYPES.get(kind, "other"),
                                  float(params.get("wallTime") or time.time()))
        entry.detail, entry.resource_type, entry.request_id = True, kind, request_id
        entry.start_ts = float(params.get("timestamp", 0))
        entry.request_headers = redact_headers(request.get("headers") or {})
        self._remember(request_id, entry)
        early = self._early.pop(request_id, None)
        if early is not None:
            self._extra(entry, *early)
        self.log.changed.emit(entry)

    def _entry(self, params: dict, url: str = "") -> NetworkEntry | None:
        request_id = str(params.get("requestId", ""))
        entry = self._by_id.get(request_id)
        if entry is None and url:  # the request left just before the attach: the spy's entry, if it waits
            entry = self.log.claim(url)
            if entry is not None:
                entry.detail, entry.request_id = True, request_id
                entry.resource_type = str(params.get("type", "")).lower()
                self._remember(request_id, entry)
        return entry

    def _on_response(self, params: dict) -> None:
        response = params.get("response") or {}
        entry = self._entry(params, str(response.get("url", "")))
        if entry is None:
            return
        self._response(entry, response, float(params.get("timestamp", 0)))
        self.log.changed.emit(entry)

    def _response(self, entry: NetworkEntry, response: dict, timestamp: float) -> None:
        if entry.cache != "revalidated":   # the wire's 304 (ExtraInfo) stands; this one says the cache's 200
            entry.status = int(response.get("status", 0) or 0)
        if response.get("fromDiskCache") and not entry.cache:
            entry.cache = "disk"
        entry.mime = str(response.get("mimeType", ""))[:100]
        if entry.response_headers is None or not entry.response_headers:
            entry.response_headers = redact_headers(response.get("headers") or {})
        timing = response.get("timing")
        if entry.start_ts:
            if isinstance(timing, dict) and timing.get("requestTime"):
                headers_at = float(timing["requestTime"]) * 1000 + float(timing.get("receiveHeadersEnd", 0))
                entry.ttfb_ms = round(max(headers_at - entry.start_ts * 1000, 0.0), 1)
            elif timestamp:
                entry.ttfb_ms = round(max((timestamp - entry.start_ts) * 1000, 0.0), 1)

    def _end(self, entry: NetworkEntry, timestamp: float, size: int = 0) -> None:
        if entry.start_ts and timestamp:
            entry.end_ms = round(max((timestamp - entry.start_ts) * 1000, 0.0), 1)
        if size:
            entry.size = size

    def _on_data(self, params: dict) -> None:
        request_id = str(params.get("requestId", ""))
        if request_id in self._by_id:
            size = max(int(params.get("dataLength", 0) or 0), 0)
            self._received[request_id] = self._received.get(request_id, 0) + size

    def received(self, entry: NetworkEntry) -> int:
        """The body bytes received so far for ``entry`` (decoded: the sum of ``Network.dataReceived``'s
        ``dataLength`` since the details began); 0 for a request with no details."""
        return self._received.get(entry.request_id, 0) if entry.request_id else 0

    def _on_finished(self, params: dict) -> None:
        entry = self._entry(params)
        if entry is not None:
            self._end(entry, float(params.get("timestamp", 0)), int(params.get("encodedDataLength", 0) or 0))
            self.log.changed.emit(entry)

    def _on_failed(self, params: dict) -> None:
        entry = self._entry(params)
        if entry is None:
            return
        if entry.status and params.get("canceled"):  # the response came, then the page let it go (a 404
            self._end(entry, float(params.get("timestamp", 0)))  # stylesheet): its status tells, no failure
            self.log.changed.emit(entry)
            return
        text = redact_urls(str(params.get("errorText", "") or "failed")[:300])
        why = [str(params[k]) for k in ("blockedReason", "corsErrorStatus") if isinstance(params.get(k), str)]
        if params.get("canceled"):
            why.append("canceled")
        entry.failure = text + (f" ({', '.join(why)})" if why else "")
        entry.resource_type = entry.resource_type or str(params.get("type", "")).lower()
        self._end(entry, float(params.get("timestamp", 0)))
        self.log.changed.emit(entry)

    def _on_from_cache(self, params: dict) -> None:
        entry = self._by_id.get(str(params.get("requestId", "")))
        if entry is not None and not entry.cache:
            entry.cache = "memory"   # Network.requestServedFromCache: no request left (DevTools' "memory cache")
            self.log.changed.emit(entry)

    def _on_extra(self, which: str, params: dict) -> None:
        request_id = str(params.get("requestId", ""))
        entry = self._by_id.get(request_id)
        if entry is None:
            self._early[request_id] = (which, params)
            while len(self._early) > REQUEST_IDS:
                self._early.popitem(last=False)
            return
        self._extra(entry, which, params)

    def _extra(self, entry: NetworkEntry, which: str, params: dict) -> None:
        """An ``…ExtraInfo`` event's raw headers (cookies included: redacted) on ``entry``; for a response, its
        ``statusCode`` when it is 304: the status on the wire of a revalidation, where ``responseReceived``
        gives the cached copy's 200 (CDP ``Network.responseReceivedExtraInfo.statusCode``: "the correct status
        code for cached requests, where the status in responseReceived is a 200 and this will be 304"; Chrome
        DevTools lists such a request as 304)."""
        setattr(entry, which, redact_headers(params.get("headers") or {}))
        if which == "response_headers" and params.get("statusCode") == 304:
            entry.status, entry.cache = 304, "revalidated"
            self.log.changed.emit(entry)

    # -- bodies -----------------------------------------------------------------------------------------------

    async def body(self, entry: NetworkEntry) -> dict:
        """The response body of ``entry`` as answer fields: ``{"body": text, "body_cut"?: True,
        "body_chars": n}`` for text (URL credentials redacted, cut to :data:`BODY_CHARS`), or
        ``{"body_omitted": why}`` — binary (its type and size stand in the entry), over
        :data:`BODY_FETCH_BYTES`, not finished, failed, before the details began, or Chromium no longer keeps
        it (``Network.getResponseBody``'s own error). Never raises for the page's reasons; the session's
        ``CDP_TIMEOUT``/``CDP_DETACHED`` become ``body_omitted`` too."""
        if not entry.request_id or not entry.detail:
            return {"body_omitted": "no details for this request (sent before the DevTools session attached); "
                                    "reload the page and ask again"}
        if entry.failure:
            return {"body_omitted": "the request failed: no body"}
        if not entry.end_ms and not entry.size:
            return {"body_omitted": "the response has not finished loading yet"}
        if entry.mime and not is_text_mime(entry.mime):
            return {"body_omitted": f"binary ({entry.mime}, {entry.size} bytes on the wire): not returned as text"}
        largest = max(entry.size, _content_length(entry.response_headers or {}), self.received(entry))
        if largest > BODY_FETCH_BYTES:
            return {"body_omitted": f"{largest:,} bytes: over the {BODY_FETCH_BYTES:,} bytes pagenote fetches; "
                                    "not loaded"}
        try:
            reply = await self.session.send("Network.getResponseBody", {"requestId": entry.request_id},
                                            BODY_TIMEOUT_MS)
        except PagenoteError as exc:
            return {"body_omitted": f"Chromium did not give the body ({exc})"}
        return text_body(str(reply.get("body", "")), bool(reply.get("base64Encoded")), entry.mime)


def text_body(body: str, base64_encoded: bool, mime: str) -> dict:
    """Answer fields for one body as ``Network.getResponseBody`` gives it (see :meth:`NetworkDetail.body`):
    base64 decoded as UTF-8 text when it is text (else ``body_omitted`` with its size), cut to
    :data:`BODY_CHARS` characters, its credentials redacted (:func:`app.protocol.body_redact.redact_body`:
    credential-named keys' values, password inputs, URL credentials, token shapes)."""
    if base64_encoded:
        raw = base64.b64decode(body[:4 * BODY_FETCH_BYTES], validate=False)
        try:
            body = raw.decode("utf-8")
        except UnicodeDecodeError:
            return {"body_omitted": f"binary ({mime or 'unknown type'}, {len(raw)} bytes): not returned as text"}
    total = len(body)
    text = redact_body(body[:BODY_CHARS])
    return {"body": text, "body_chars": total, "body_cut": total > BODY_CHARS or None}


def _content_length(headers: dict) -> int:
    for name, value in headers.items():
        if name.lower() == "content-length":
            try:
                return int(value)
            except ValueError:
                return 0
    return 0


def network_detail(tab) -> NetworkDetail:
    """``tab``'s :class:`NetworkDetail` (as ``tab.network_detail``), made on first use over the tab's network
    log (:func:`app.tabs.browser.attach`) and CDP session."""
    detail = getattr(tab, "network_detail", None)
    if detail is None:
        from app.tabs.browser import attach

        detail = tab.network_detail = NetworkDetail(tab.cdp, attach(tab).network, tab)
    return detail
