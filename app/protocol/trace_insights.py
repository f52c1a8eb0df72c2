"""A Chromium performance trace's events → the insights an agent reads (issue 26, requirement 5). No Qt.

Input: the ``traceEvents`` of a trace recorded with the Performance panel's categories
(:data:`app.tabs.tracing.CATEGORIES`). Output: :class:`TraceInsights` — LCP (time, element, phases), CLS (the
worst session window, its shifts and shifting nodes), long tasks and INP, render-blocking requests, document
latency — and their bounded texts (:func:`summary_text`, :func:`insight_text`).

Insight names are the Performance panel's (devtools-frontend ``models/trace/insights``): ``DocumentLatency``,
``LCPBreakdown``, ``CLSCulprits``, ``RenderBlocking``, ``INPBreakdown``; ``LongTasks`` is pagenote's own (the
panel shows long tasks on the main track, not as an insight). The facts each one reads:

- the page: ``TracingStartedInBrowser`` / ``FrameCommittedInBrowser`` (main frame id, renderer pid), the
  renderer's main thread (``thread_name`` ``CrRendererMain``); the navigation: the last main-frame
  ``navigationStart`` (``args.data.navigationId``) — without one the whole trace is one "NO_NAVIGATION" set;
- LCP: the last ``largestContentfulPaint::Candidate`` of the navigation (``ts`` − navigation start;
  ``nodeName``, ``nodeId`` = DOM backend node id, ``type``, ``imageLoadStart``/``imageLoadEnd`` ms after the
  navigation start); FCP: ``firstContentfulPaint``;
- CLS: ``LayoutShift`` without recent input, ``weighted_score_delta`` summed per session window (a gap of
  1 s or a window of 5 s starts a new one; CLS is the largest window — web.dev "Cumulative Layout Shift",
  evolving CLS, 2021); ``impacted_nodes[].node_id`` are backend node ids;
- long tasks: ``RunTask`` on the main thread longer than 50 ms (W3C Long Tasks API threshold); total
  blocking time is the sum of each one's part over 50 ms;
- INP: ``EventTiming`` begin events with an ``interactionId``; an interaction's latency is its longest event
  ``duration``; INP is the longest interaction (below 50 interactions, as web.dev "INP" computes it);
- render-blocking: ``ResourceSendRequest`` with ``renderBlocking`` ``blocking`` or
  ``in_body_parser_blocking`` in the main frame, ended by ``ResourceFinish``;
- document latency: the navigation's request (``requestId`` = navigation id): TTFB = ``requestTime`` +
  ``receiveHeadersEnd`` − navigation start, server time = ``receiveHeadersEnd`` − ``sendEnd``, redirects =
  extra ``ResourceSendRequest``/``ResourceWillSendRequest`` hops of that id, compression from the
  ``Content-Encoding`` header (DevTools' DocumentLatency checks: redirects, server response > 600 ms,
  compression).

Node labels: a caller may pass ``nodes`` (backend node id → label such as ``div#promo-banner.banner``,
resolved while the document lives); otherwise the trace's ``nodeName`` or ``node 12``. Every URL and label
is redacted (:func:`app.protocol.redact.redact_urls`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from app.protocol.redact import redact_urls
# The report's text (re-exported: callers import the whole analysis from here).
from app.protocol.trace_text import INSIGHT_CHARS, LIST_ITEMS, SUMMARY_CHARS, insight_text, summary_text

__all__ = ["INSIGHT_CHARS", "INSIGHT_NAMES", "LIST_ITEMS", "SUMMARY_CHARS", "TraceInsights", "analyze",
           "insight_text", "summary_text"]

#: The insights :func:`insight_text` explains, in the order the summary lists them.
INSIGHT_NAMES: tuple[str, ...] = ("LCPBreakdown", "CLSCulprits", "RenderBlocking", "DocumentLatency",
                                  "INPBreakdown", "LongTasks")
#: A long task: longer than this, ms.
LONG_TASK_MS = 50.0
_BLOCKING = ("blocking", "in_body_parser_blocking")


@dataclass
class TraceInsights:
    """What one trace says (module docstring). Times are ms after the navigation start (or after the trace
    start for ``NO_NAVIGATION``); ``None`` when the trace does not have it."""

    insight_set: str = "NO_NAVIGATION"
    url: str = ""
    fcp_ms: float | None = None
    lcp: dict[str, Any] | None = None
    cls: float = 0.0
    shifts: list[dict[str, Any]] = field(default_factory=list)   # the worst window's
    shift_count: int = 0
    long_tasks: list[dict[str, Any]] = field(default_factory=list)  # longest first
    blocking_ms: float = 0.0
    inp: dict[str, Any] | None = None
    interactions: int = 0
    render_blocking: list[dict[str, Any]] = field(default_factory=list)
    document: dict[str, Any] | None = None

    @property
    def available(self) -> list[str]:
        """The insight names :func:`insight_text` has something to say about, in :data:`INSIGHT_NAMES` order."""
        have = {"LCPBreakdown": self.lcp is not None, "CLSCulprits": self.shift_count > 0,
                "RenderBlocking": bool(self.render_blocking), "DocumentLatency": self.document is not None,
                "INPBreakdown": self.inp is not None, "LongTasks": bool(self.long_tasks)}
        return [name for name in INSIGHT_NAMES if have[name]]

    def node_ids(self) -> set[int]:
        """The backend node ids the insights name (LCP element, shifting nodes): to resolve as labels."""
        ids = {n for s in self.shifts for n in s["nodes"]}
        if self.lcp and self.lcp.get("node_id"):
            ids.add(self.lcp["node_id"])
        return ids


def _data(event: dict) -> dict:
    data = event["args"].get("data")
    return data if isinstance(data, dict) else {}


def _num(value: Any, default: float = 0.0) -> float:
    """``value`` when it is a number (not a bool), else ``default``: a trace field of another type counts as
    missing."""
    return value if isinstance(value, int | float) and not isinstance(value, bool) else default


def _event(e: Any) -> dict | None:
    """``e`` with ``args`` a dict and ``ts``/``dur`` numbers, or ``None`` when it is not an event at all."""
    if not isinstance(e, dict):
        return None
    args = e.get("args")
    return {**e, "args": args if isinstance(args, dict) else {}, "ts": _num(e.get("ts")), "dur": _num(e.get("dur"))}


def _list(value: Any) -> list:
    return value if isinstance(value, list) else []


def _ms(us: float) -> float:
    return round(us / 1000, 1)


def analyze(events: list[dict]) -> TraceInsights:
    """The :class:`TraceInsights` of ``events`` (trace events as dicts; events of other shapes are skipped).
    Never raises for a trace with missing parts: what is missing stays ``None``/empty."""
    events = [c for c in (_event(e) for e in events) if c is not None]
    main_frames: set[str] = set()
    pids: set[int] = set()
    for e in events:
        if e.get("name") == "TracingStartedInBrowser":
            for f in _list(_data(e).get("frames")):
                if isinstance(f, dict) and (f.get("isOutermostMainFrame") or f.get("isInPrimaryMainFrame")):
                    main_frames.add(str(f.get("frame")))
                    pids.add(str(f.get("processId")))
        elif e.get("name") == "FrameCommittedInBrowser":
            d = _data(e)
            if d.get("isOutermostMainFrame") or d.get("isInPrimaryMainFrame"):
                main_frames.add(str(d.get("frame")))
                pids.add(str(d.get("processId")))
    main_threads = {(str(e.get("pid")), str(e.get("tid"))) for e in events if e.get("name") == "thread_name"
                    and e["args"].get("name") == "CrRendererMain" and (not pids or str(e.get("pid")) in pids)}
    navs = [e for e in events if e.get("name") == "navigationStart" and _data(e).get("isOutermostMainFrame")
            and str(_data(e).get("documentLoaderURL", "")).startswith(("http:", "https:", "file:"))
            and (not main_frames or str(e["args"].get("frame")) in main_frames)]
    navs.sort(key=lambda e: e.get("ts", 0))
    out = TraceInsights()
    starts = [e["ts"] for e in events if e["ts"]]
    if navs:
        nav = navs[-1]
        origin, nav_id = nav["ts"], str(_data(nav).get("navigationId"))
        out.insight_set = f"NAVIGATION_{len(navs) - 1}"
        out.url = redact_urls(str(_data(nav).get("documentLoaderURL", "")))
    else:
        origin, nav_id = (min(starts) if starts else 0), None
    in_set = [e for e in events if e["ts"] >= origin]

    def in_main(e: dict) -> bool:
        frame = e["args"].get("frame") or _data(e).get("frame")
        return not main_frames or str(frame) in main_frames

    if nav_id is not None:
        _paints(out, in_set, nav_id, origin)
        out.document = _document(events, nav_id, origin)
    _layout_shifts(out, [e for e in in_set if e.get("name") == "LayoutShift" and in_main(e)], origin)
    _tasks(out, [e for e in in_set if (str(e.get("pid")), str(e.get("tid"))) in main_threads], origin)
    _interactions(out, [e for e in in_set if e.get("name") == "EventTiming" and e.get("ph") == "b" and in_main(e)])
    _render_blocking(out, in_set, in_main, origin)
    return out


def _paints(out: TraceInsights, events: list[dict], nav_id: str, origin: float) -> None:
    fcp = [e for e in events if e.get("name") == "firstContentfulPaint" and str(_data(e).get("navigationId")) == nav_id]
    if fcp:
        out.fcp_ms = _ms(fcp[0]["ts"] - origin)
    lcps = [e for e in events if e.get("name") == "largestContentfulPaint::Candidate"
            and str(_data(e).get("navigationId")) == nav_id and _data(e).get("isOutermostMainFrame", True)]
    if not lcps:
        return
    last = max(lcps, key=lambda e: (_num(_data(e).get("candidateIndex")), e["ts"]))
    d = _data(last)
    lcp: dict[str, Any] = {"time_ms": _ms(last["ts"] - origin), "type": d.get("type", ""),
                           "node_id": d.get("nodeId") if isinstance(d.get("nodeId"), int) else None,
                           "node_name": redact_urls(str(d.get("nodeName", ""))[:200]), "size": _num(d.get("size"))}
    images = [e for e in events if e.get("name") == "LargestImagePaint::Candidate"
              and _data(e).get("DOMNodeId") == lcp["node_id"] and e["ts"] == last["ts"]]
    if images:
        lcp["url"] = redact_urls(str(_data(images[0]).get("imageUrl", ""))[:2_000])
    if d.get("type") == "image" and _num(d.get("imageLoadEnd"), -1) >= 0:
        lcp["load_start_ms"] = round(_num(d.get("imageLoadStart")), 1)
        lcp["load_end_ms"] = round(_num(d.get("imageLoadEnd")), 1)
    out.lcp = lcp


def _layout_shifts(out: TraceInsights, shifts: list[dict], origin: float) -> None:
    windows: list[list[dict]] = []
    for e in sorted(shifts, key=lambda e: e["ts"]):
        d = _data(e)
        if d.get("had_recent_input"):
            continue
        shift = {"time_ms": _ms(e["ts"] - origin), "ts": e["ts"],
                 "score": _num(d.get("weighted_score_delta", d.get("score"))),
                 "nodes": [n.get("node_id") for n in _list(d.get("impacted_nodes")) if isinstance(n, dict)
                           and isinstance(n.get("node_id"), int)]}
        current = windows[-1] if windows else None
        if current and shift["ts"] - current[-1]["ts"] < 1_000_000 and shift["ts"] - current[0]["ts"] < 5_000_000:
            current.append(shift)
        else:
            windows.append([shift])
    out.shift_count = sum(len(w) for w in windows)
    if windows:
        worst = max(windows, key=lambda w: sum(s["score"] for s in w))
        out.cls = round(sum(s["score"] for s in worst), 4)
        out.shifts = [{k: v for k, v in s.items() if k != "ts"} for s in worst]


def _tasks(out: TraceInsights, events: list[dict], origin: float) -> None:
    tasks = [e for e in events if e.get("name") == "RunTask" and e.get("ph") == "X"
             and e["dur"] > LONG_TASK_MS * 1000]
    children = [e for e in events if e.get("ph") == "X" and e.get("name") in
                ("EventDispatch", "FunctionCall", "EvaluateScript", "TimerFire", "FireAnimationFrame",
                 "ParseHTML", "Layout", "UpdateLayoutTree", "v8.compile", "GCEvent", "MajorGC", "MinorGC")]
    found = []
    for t in tasks:
        end = t["ts"] + t["dur"]
        inside = [c for c in children if t["ts"] <= c["ts"] < end]
        top = max(inside, key=lambda c: c["dur"], default=None)
        what = ""
        if top is not None:
            d = _data(top)
            detail = d.get("type") or d.get("functionName") or d.get("url") or ""
            what = f"{top['name']} {redact_urls(str(detail))}".strip()[:200]
        found.append({"start_ms": _ms(t["ts"] - origin), "duration_ms": _ms(t["dur"]), "what": what})
    out.long_tasks = sorted(found, key=lambda t: -t["duration_ms"])
    out.blocking_ms = round(sum(t["duration_ms"] - LONG_TASK_MS for t in found), 1)


def _interactions(out: TraceInsights, timings: list[dict]) -> None:
    by_id: dict[int, dict] = {}
    for e in timings:
        d = _data(e)
        interaction = d.get("interactionId")
        if not isinstance(interaction, int) or isinstance(interaction, bool) or not interaction:
            continue
        best = by_id.get(interaction)
        if best is None or _num(d.get("duration")) > _num(best.get("duration")):
            by_id[interaction] = d
    out.interactions = len(by_id)
    if not by_id:
        return
    # The slowest interaction; of its events the one that ran longest (a click's handler, not its pointerdown).
    slowest = max(by_id.values(), key=lambda d: _num(d.get("duration")))
    events = [_data(e) for e in timings if _data(e).get("interactionId") == slowest.get("interactionId")]
    d = max(events, key=lambda d: _num(d.get("processingEnd")) - _num(d.get("processingStart")))
    stamp, start, end = _num(d.get("timeStamp")), _num(d.get("processingStart")), _num(d.get("processingEnd"))
    out.inp = {"duration_ms": round(_num(slowest.get("duration")), 1), "type": str(d.get("type", ""))[:40],
               "input_delay_ms": round(start - stamp, 1), "processing_ms": round(end - start, 1),
               "presentation_delay_ms": round(stamp + _num(d.get("duration")) - end, 1)}


def _render_blocking(out: TraceInsights, events: list[dict], in_main, origin: float) -> None:
    finishes = {str(_data(e).get("requestId")): e for e in events if e.get("name") == "ResourceFinish"}
    found = []
    for e in events:
        d = _data(e)
        if e.get("name") != "ResourceSendRequest" or d.get("renderBlocking") not in _BLOCKING or not in_main(e):
            continue
        finish = finishes.get(str(d.get("requestId")))
        end = None
        if finish is not None:
            end = _num(_data(finish).get("finishTime")) * 1_000_000 or finish["ts"]
        found.append({"url": redact_urls(str(d.get("url", ""))[:2_000]), "type": str(d.get("resourceType", ""))[:40],
                      "start_ms": _ms(e["ts"] - origin),
                      "duration_ms": _ms(end - e["ts"]) if end is not None else None,
                      "end_ms": _ms(end - origin) if end is not None else None})
    fcp = out.fcp_ms
    for r in found:
        r["before_fcp"] = fcp is not None and r["end_ms"] is not None and r["end_ms"] <= fcp
    out.render_blocking = sorted(found, key=lambda r: -(r["duration_ms"] or 0))


def _document(events: list[dict], nav_id: str, origin: float) -> dict[str, Any] | None:
    sends = [e for e in events if e.get("name") in ("ResourceSendRequest", "ResourceWillSendRequest")
             and str(_data(e).get("requestId")) == nav_id]
    responses = [e for e in events if e.get("name") == "ResourceReceiveResponse"
                 and str(_data(e).get("requestId")) == nav_id]
    if not responses:
        return None
    d = _data(responses[-1])
    timing = d.get("timing") if isinstance(d.get("timing"), dict) else {}
    doc: dict[str, Any] = {"status": int(_num(d.get("statusCode"))), "url": redact_urls(str(
        next((_data(e).get("url") for e in sends if _data(e).get("url")), ""))[:2_000])}
    request, headers_end = _num(timing.get("requestTime"), -1), _num(timing.get("receiveHeadersEnd"), -1)
    if request >= 0 and headers_end >= 0:
        doc["ttfb_ms"] = round(request * 1000 + headers_end - origin / 1000, 1)
        if _num(timing.get("sendEnd"), -1) >= 0:
            doc["server_ms"] = round(headers_end - _num(timing.get("sendEnd")), 1)
    urls = [_data(e).get("url") for e in sends if e.get("name") == "ResourceSendRequest" and _data(e).get("url")]
    doc["redirects"] = max(0, len(urls) - 1)
    headers = {str(h.get("name", "")).lower(): str(h.get("value", "")) for h in _list(d.get("headers"))
               if isinstance(h, dict)}
    doc["compressed"] = bool(headers.get("content-encoding"))
    return doc
