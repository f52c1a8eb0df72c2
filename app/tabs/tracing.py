"""A tab's performance trace over its DevTools protocol session (issue 26, requirement 5): Chromium's own
trace of the page, as the Performance panel records it, kept in memory until stopped and then saved as a JSON
file the panel opens (``{"traceEvents": [...], "metadata": {...}}``).

Protocol (CDP ``Tracing`` domain): ``Tracing.start`` with the panel's categories (:data:`CATEGORIES`) and
``transferMode: "ReportEvents"``; ``Tracing.end`` flushes the buffer as ``Tracing.dataCollected`` events
(``params.value``: a list of trace events) followed by ``Tracing.tracingComplete``. The session is held
(``tab.cdp.hold("trace")``) from the start until the trace is complete, so the idle rule never detaches it
mid-trace.

Load recording (:meth:`TabTracer.record_load`): after ``Page.reload`` the trace waits for the page's
``Page.loadEventFired``, then records :data:`LOAD_TAIL_MS` more, as the Performance panel's "reload and record"
does (DevTools' ``TimelinePanel`` records ``millisecondsToRecordAfterLoadEvent``, 5,000 ms, after load;
chrome-devtools-mcp's auto-stop waits as long): a hero image a script adds after ``load`` is the LCP only if
the trace is still recording when it paints. Then it goes on while the page is not yet quiet — a request of
the document still in flight (the network details), or a layout shift or LCP candidate
(``PerformanceTimeline.timelineEventAdded``) within the last :data:`QUIET_FRAMES` animation frames — at most
:data:`SETTLE_MS` after ``load``.
"""

from __future__ import annotations

import asyncio
import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from app.core.errors import PagenoteError
from app.model.text import cap_line
from app.protocol.headers import redact_header
from app.protocol.redact import redact_shapes, redact_urls
from app.sinks import slug, stamp, unique_path, write_atomic

if TYPE_CHECKING:
    from app.tabs.tab import Tab

#: The trace categories: the Performance panel's default set (devtools-frontend
#: ``TimelineController``/``TracingDefaultCategories``: timeline, loading, user timing, V8 execution, input
#: latency, frames), without JS sampling and screenshots, which make traces many times larger, and without
#: ``toplevel``: on Chromium 140 every task is also ``RunTask`` in ``disabled-by-default-devtools.timeline``,
#: and ``toplevel`` (scheduler and IPC internals) made a reload of tests/pages/perf/lcp_cls.html 16,369 events
#: instead of 3,423.
CATEGORIES: tuple[str, ...] = (
    "devtools.timeline", "disabled-by-default-devtools.timeline", "disabled-by-default-devtools.timeline.frame",
    "loading", "blink.user_timing", "blink.console", "v8.execute", "latencyInfo",
    "disabled-by-default-devtools.timeline.stack",
)
#: The trace buffer's size, kB (``recordUntilFull``: recording stops when it is full, so a forgotten trace
#: cannot grow without bound).
BUFFER_KB = 64 * 1024
#: Most trace events kept in memory; the rest are dropped and the trace is marked ``truncated``.
MAX_EVENTS = 1_500_000
#: How long ``Tracing.end`` may take to deliver the whole trace: ms.
END_TIMEOUT_MS = 60_000
#: How long a reload may take to fire ``load``: ms.
LOAD_TIMEOUT_MS = 30_000
#: How long a load recording goes on after ``load``: ms (DevTools' TimelinePanel
#: ``millisecondsToRecordAfterLoadEvent``).
LOAD_TAIL_MS = 5_000
#: Animation frames in a row without a layout shift or LCP candidate (and no request in flight) that end a
#: load recording after :data:`LOAD_TAIL_MS`.
QUIET_FRAMES = 20
#: The longest recording after ``load``: ms (a page that keeps shifting or loading is cut here).
SETTLE_MS = 10_000
#: Request types that stay open by design: never waited for.
_LONG_LIVED = frozenset({"websocket", "eventsource"})
#: Element labels resolved per trace, the classes a label shows, and each lookup's bound (ms).
LABEL_NODES = 20
LABEL_CLASSES = 2
LABEL_TIMEOUT_MS = 2_000


@dataclass
class RecordedTrace:
    """A complete trace: ``events`` (Chromium trace events, dicts), ``metadata`` (``{source, startTime,
    dataOrigin, …}`` as the Performance panel writes), ``truncated`` (events were dropped at
    :data:`MAX_EVENTS`), ``path`` (the saved JSON file, once saved), ``url`` (the page, as loaded)."""

    events: list[dict]
    metadata: dict[str, Any]
    truncated: bool = False
    path: Path | None = None
    url: str = ""
    nodes: dict[int, str] = field(default_factory=dict)


class TabTracer:
    """The performance trace of ``tab`` (one at a time). :attr:`running` says whether one records."""

    def __init__(self, tab: Tab) -> None:
        self.tab = tab
        self._events: list[dict] | None = None
        self._dropped = 0
        self._complete: asyncio.Future | None = None
        self._release = None
        self._unsubscribe: list = []
        self._started = ""
        self._lost: asyncio.Future | None = None  # set to the reason when the session detaches mid-trace
        #: The last stopped trace's ``(TraceInsights, node labels)`` (:mod:`app.agent.performance`), or ``None``.
        self.last: tuple | None = None

    @property
    def running(self) -> bool:
        """True from :meth:`start` until :meth:`stop` returns (or fails)."""
        return self._events is not None

    async def start(self) -> None:
        """Start recording. Raises ``TRACE_RUNNING`` when a trace already records in this tab, and the
        session's errors (``CDP_*``); on failure nothing stays held."""
        if self.running:
            raise PagenoteError("TRACE_RUNNING", f"a performance trace is already recording in tab {self.tab.id}")
        cdp = self.tab.cdp
        self._events, self._dropped = [], 0
        loop = asyncio.get_running_loop()
        self._complete, self._lost = loop.create_future(), loop.create_future()
        self._release = cdp.hold("trace")
        cdp.detached.connect(self._detached)
        self._unsubscribe = [cdp.subscribe("Tracing.dataCollected", self._collected),
                             cdp.subscribe("Tracing.tracingComplete", self._completed),
                             lambda: cdp.detached.disconnect(self._detached)]
        self._started = time.strftime("%Y-%m-%dT%H:%M:%S%z")
        try:
            await cdp.send("Tracing.start", {
                "transferMode": "ReportEvents",
                "traceConfig": {"recordMode": "recordUntilFull", "traceBufferSizeInKb": BUFFER_KB,
                                "includedCategories": list(CATEGORIES), "excludedCategories": ["*"]},
            })
        except PagenoteError:
            self._finish()
            raise

    async def stop(self) -> RecordedTrace:
        """End the recording and return the whole trace. Raises ``NO_TRACE`` when none records,
        ``CDP_DETACHED`` when the trace was lost (the session detached while it recorded: the F12 window
        replaced the frontend, a crash — Chromium ends a session's trace with the session), ``CDP_TIMEOUT``
        when the trace does not arrive within :data:`END_TIMEOUT_MS`, and the session's errors; the recording
        is over either way."""
        if not self.running:
            raise PagenoteError("NO_TRACE", f"no performance trace is recording in tab {self.tab.id}")
        complete = self._complete
        assert complete is not None
        try:
            self._check_lost()
            await self.tab.cdp.send("Tracing.end")
            try:
                await asyncio.wait_for(complete, END_TIMEOUT_MS / 1000)
            except TimeoutError:
                raise PagenoteError("CDP_TIMEOUT", f"the trace did not arrive in {END_TIMEOUT_MS} ms") from None
            events = self._events or []
            return RecordedTrace(events, {
                "source": "DevTools", "startTime": self._started, "dataOrigin": "TraceEvents",
                "hostDPR": self.tab.view.devicePixelRatioF(), "recorder": "pagenote",
            }, truncated=self._dropped > 0, url=self.tab.page.url().toString())
        finally:
            self._finish()

    async def record_load(self, reload: bool) -> None:
        """While a trace records: reload the page (``reload``) and wait for its ``load`` event, then for the
        page to settle (module docstring). Without ``reload``, only the settle. Raises ``NO_TRACE``,
        ``PAGE_LOAD_TIMEOUT`` when the reloaded page does not fire ``load`` within :data:`LOAD_TIMEOUT_MS`,
        and the session's errors."""
        if not self.running:
            raise PagenoteError("NO_TRACE", f"no performance trace is recording in tab {self.tab.id}")
        cdp = self.tab.cdp
        loop = asyncio.get_running_loop()
        loaded = loop.create_future()
        changes = [0]

        def on_load(_params: dict) -> None:
            if not loaded.done():
                loaded.set_result(None)

        def on_timeline(_params: dict) -> None:
            changes[0] += 1

        unsubscribe = [cdp.subscribe("Page.loadEventFired", on_load),
                       cdp.subscribe("PerformanceTimeline.timelineEventAdded", on_timeline)]
        try:
            await cdp.send("Page.enable")
            await cdp.send("PerformanceTimeline.enable", {"eventTypes": ["layout-shift", "largest-contentful-paint"]})
            if reload:
                await cdp.send("Page.reload")
                await asyncio.wait({loaded, self._lost}, timeout=LOAD_TIMEOUT_MS / 1000,
                                   return_when=asyncio.FIRST_COMPLETED)
                self._check_lost()
                if not loaded.done():
                    raise PagenoteError("PAGE_LOAD_TIMEOUT", f"the reloaded page did not fire load in "
                                        f"{LOAD_TIMEOUT_MS} ms")
            await self._settle(changes)
            self._check_lost()
        finally:
            for off in unsubscribe:
                off()
            try:
                await cdp.send("PerformanceTimeline.enable", {"eventTypes": []})
            except PagenoteError:
                pass

    async def _settle(self, changes: list[int]) -> None:
        """Record :data:`LOAD_TAIL_MS` after ``load``, then until :data:`QUIET_FRAMES` page frames pass with no
        new timeline event (``changes[0]`` unchanged) and no request of the document in flight, at most
        :data:`SETTLE_MS` after ``load`` (module docstring). A lost trace ends it at once; so does a page
        without pagenote's script (an error page) or with no frames (hidden) once the tail is recorded."""
        bridge = self.tab.bridge
        deadline = time.monotonic() + SETTLE_MS / 1000
        if self._lost is not None:
            await asyncio.wait({self._lost}, timeout=LOAD_TAIL_MS / 1000)
        try:
            await bridge.wait_ready(timeout_ms=SETTLE_MS)
            while time.monotonic() < deadline and not (self._lost and self._lost.done()):
                seen = changes[0]
                left = max(1, int((deadline - time.monotonic()) * 1000))
                await bridge.wait_frames(QUIET_FRAMES, timeout_ms=left)
                if changes[0] == seen and not self._loading():
                    return
        except PagenoteError:
            return

    def _loading(self) -> bool:
        """True while a request of the tab's current document that DevTools reported has neither ended nor
        failed (WebSockets and event streams aside: they stay open)."""
        log = self.tab.browser.network
        return any(e.navigation == log.navigation and e.resource_type and not e.end_ms and not e.failure
                   and e.resource_type not in _LONG_LIVED for e in log.entries)

    def save(self, trace: RecordedTrace, directory: Path) -> Path:
        """Write ``trace`` as ``<directory>/traces/<stamp>-<host>.json`` (the Performance panel's "Load
        profile" format) and set ``trace.path``. Every string of the events that holds a URL or a credential
        shape is redacted (:func:`redacted_args`) — the event's own name too, which is page text for user
        timing marks and console timers (``performance.mark(jwt)``). Raises ``OSError``. Runs in a worker
        thread (no Qt object touched but the URL parser)."""
        from PySide6.QtCore import QUrl

        host = QUrl(trace.url).host() or "page"
        path = unique_path(directory / "traces", f"{stamp()}-{slug(host)}", ".json")
        events = [redacted_args(e) for e in trace.events if isinstance(e, dict)]
        data = json.dumps({"traceEvents": events, "metadata": trace.metadata}, separators=(",", ":"))
        write_atomic(path, data.encode("utf-8"))
        trace.path = path
        return path

    def _collected(self, params: dict) -> None:
        if self._events is None:
            return
        value = params.get("value") or []
        room = MAX_EVENTS - len(self._events)
        self._events.extend(value[:max(0, room)])
        self._dropped += max(0, len(value) - max(0, room))

    def _detached(self, reason: str) -> None:
        if self._lost is not None and not self._lost.done():
            self._lost.set_result(reason)

    def _check_lost(self) -> None:
        if self._lost is not None and self._lost.done():
            raise PagenoteError("CDP_DETACHED", f"the trace was lost: the DevTools session ended while it recorded "
                                f"({self._lost.result()})", "start a new trace (and keep the F12 window as it is "
                                "while it records)")

    def _completed(self, _params: dict) -> None:
        if self._complete is not None and not self._complete.done():
            self._complete.set_result(None)

    def _finish(self) -> None:
        for off in self._unsubscribe:
            off()
        self._unsubscribe = []
        if self._release is not None:
            self._release()
            self._release = None
        for future in (self._complete, self._lost):
            if future is not None and not future.done():
                future.cancel()
        self._events = None



def redacted_args(value: Any) -> Any:
    """``value`` (a trace event or its ``args``: JSON values) with every string, keys included, passed through
    :func:`app.protocol.redact.redact_shapes` (JWTs and the policy's token shapes, anywhere) — and one that
    holds a URL (``://``) through :func:`~app.protocol.redact.redact_urls` (its path rule would take the
    trace's own hex ids for tokens elsewhere) — and each HTTP header's value (a ``headers`` list of ``{name, value}``, as Chromium 140's
    ``ResourceReceiveResponse`` records a response's: ``Set-Cookie``, ``X-Api-Key`` …) through
    :func:`app.protocol.headers.redact_header`, the network view's rule; the same shape otherwise."""
    if isinstance(value, str):
        return redact_urls(value) if "://" in value else redact_shapes(value)
    if isinstance(value, dict):
        if isinstance(value.get("name"), str) and isinstance(value.get("value"), str) and len(value) == 2:
            return {"name": value["name"], "value": redact_header(value["name"], value["value"])}
        return {redacted_args(k): redacted_args(v) for k, v in value.items()}
    if isinstance(value, list):
        return [redacted_args(v) for v in value]
    return value


async def node_labels(tab: Tab, node_ids: set[int]) -> dict[int, str]:
    """Labels of DOM backend node ids of ``tab``'s current document (``DOM.describeNode``): ``tag#id.class``
    (lower-case tag, the first :data:`LABEL_CLASSES` classes), at most :data:`LABEL_NODES` nodes, each given
    up after :data:`LABEL_TIMEOUT_MS` ms; a node that is gone is left out (the trace's own name stands)."""
    labels: dict[int, str] = {}
    for node_id in sorted(node_ids)[:LABEL_NODES]:
        try:
            reply = await tab.cdp.send("DOM.describeNode", {"backendNodeId": node_id}, LABEL_TIMEOUT_MS)
        except PagenoteError:
            continue
        labels[node_id] = node_label(reply.get("node") or {})
    return labels


def node_label(node: dict) -> str:
    """``tag#id.class1.class2`` of a CDP ``DOM.Node`` (``nodeName``, ``attributes`` as a flat name/value
    list); ``#text`` and other non-elements by their ``nodeName``; at most 120 characters, on one line (the
    page names its ids and classes: :func:`app.model.text.cap_line` folds their line breaks and escapes
    controls)."""
    name = str(node.get("localName") or node.get("nodeName") or "node").lower()
    attributes = node.get("attributes") or []
    pairs = dict(zip(attributes[::2], attributes[1::2]))
    label = name + (f"#{pairs['id']}" if pairs.get("id") else "")
    classes = str(pairs.get("class", "")).split()[:LABEL_CLASSES]
    label += "".join(f".{c}" for c in classes)
    return cap_line(label, 120)


def tracer(tab: Tab) -> TabTracer:
    """``tab``'s :class:`TabTracer` (created on first use, kept as ``tab.tracer``)."""
    found = getattr(tab, "tracer", None)
    if found is None:
        found = tab.tracer = TabTracer(tab)
    return found
