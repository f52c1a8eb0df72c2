"""The text of a trace's insights (issue 26, requirement 5): the bounded summary ``performance_stop_trace``
answers and the detail of one insight ``performance_analyze_insight`` answers, from a
:class:`~app.protocol.trace_insights.TraceInsights`.

Everything the page can name here — element labels (``tag#id.class`` from its DOM), the trace's node names,
a long task's function name, URLs — is page text: redacted (:func:`app.protocol.redact.redact_urls`) and put
on one line (:func:`app.model.text.cap_line`: line breaks of any kind folded, controls and invisible characters
escaped, capped), so a page cannot add a line of its own to the report (an element ``id`` with a line break
that reads "Available insights: …"). Each report line is pagenote's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.model.text import cap_line
from app.protocol.redact import redact_urls

if TYPE_CHECKING:
    from app.protocol.trace_insights import TraceInsights

#: The summary's length bound, characters.
SUMMARY_CHARS = 2_000
#: One insight's length bound, characters.
INSIGHT_CHARS = 3_000
#: Items an insight lists at most (requests, shifts, tasks, nodes).
LIST_ITEMS = 8
#: The longest piece of page text (a label, a URL, a function name) on a report line, characters.
PAGE_TEXT_CHARS = 300


def _page(text: object) -> str:
    """Page-named ``text`` redacted and on one line, at most :data:`PAGE_TEXT_CHARS` characters."""
    return cap_line(redact_urls(str(text)), PAGE_TEXT_CHARS)


def _label(node_id: int | None, nodes: dict[int, str], fallback: str = "") -> str:
    if node_id is not None and nodes.get(node_id):
        return _page(nodes[node_id])
    return _page(fallback) if fallback else (f"node {node_id}" if node_id is not None else "unknown element")


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit - 1].rstrip() + "…"


def summary_text(ins: TraceInsights, nodes: dict[int, str] | None = None) -> str:
    """The stop result's page part: one line per metric and the available insights, at most
    :data:`SUMMARY_CHARS` characters. ``nodes``: backend node id → label (module docstring)."""
    nodes = nodes or {}
    lines = [f"Insight set {ins.insight_set}" + (f": {_page(ins.url)}" if ins.url else " (no navigation in the trace)")]
    if ins.fcp_ms is not None:
        lines.append(f"FCP: {ins.fcp_ms:.0f} ms")
    if ins.lcp:
        lcp = ins.lcp
        lines.append(f"LCP: {lcp['time_ms']:.0f} ms, {_page(lcp.get('type') or 'element')} "
                     f"{_label(lcp.get('node_id'), nodes, lcp.get('node_name', ''))}"
                     + (f" ({_page(lcp['url'])})" if lcp.get("url") else ""))
    culprits = _culprits(ins, nodes)
    lines.append(f"CLS: {ins.cls:.3f} ({ins.shift_count} layout shift{'s' * (ins.shift_count != 1)})"
                 + (f", shifting: {', '.join(culprits[:4])}" if culprits else ""))
    if ins.long_tasks:
        lines.append(f"Long tasks (>50 ms): {len(ins.long_tasks)}, longest {ins.long_tasks[0]['duration_ms']:.0f} ms, "
                     f"blocking {ins.blocking_ms:.0f} ms")
    else:
        lines.append("Long tasks (>50 ms): none")
    if ins.inp:
        lines.append(f"INP: {ins.inp['duration_ms']:.0f} ms ({_page(ins.inp['type'])}, {ins.interactions} "
                     f"interaction{'s' * (ins.interactions != 1)})")
    else:
        lines.append("INP: no interaction in the trace")
    if ins.render_blocking:
        lines.append(f"Render-blocking requests: {len(ins.render_blocking)} — "
                     + ", ".join(f"{_page(r['url'])} ({r['duration_ms']:.0f} ms)" if r["duration_ms"] is not None
                                 else _page(r["url"]) for r in ins.render_blocking[:3]))
    if ins.document:
        doc = ins.document
        lines.append(f"Document: HTTP {doc.get('status')}, TTFB {doc.get('ttfb_ms', 0):.0f} ms, "
                     f"{doc['redirects']} redirect{'s' * (doc['redirects'] != 1)}")
    lines.append("Available insights: " + (", ".join(ins.available) or "none"))
    return _cut("\n".join(lines), SUMMARY_CHARS)


def _culprits(ins: TraceInsights, nodes: dict[int, str]) -> list[str]:
    seen: dict[int, float] = {}
    for s in ins.shifts:
        for n in s["nodes"]:
            seen[n] = seen.get(n, 0) + s["score"]
    return [_label(n, nodes) for n in sorted(seen, key=lambda n: -seen[n])]


def insight_text(ins: TraceInsights, name: str, nodes: dict[int, str] | None = None) -> str:
    """The detail of insight ``name`` (one of :attr:`TraceInsights.available`), at most :data:`INSIGHT_CHARS`
    characters. Raises ``KeyError`` for a name not available in ``ins``."""
    if name not in ins.available:
        raise KeyError(name)
    nodes = nodes or {}
    lines = [f"{name} ({ins.insight_set})"]
    if name == "LCPBreakdown":
        lcp = ins.lcp or {}
        lines.append(f"LCP {lcp['time_ms']:.0f} ms: {_page(lcp.get('type') or 'element')} "
                     f"{_label(lcp.get('node_id'), nodes, lcp.get('node_name', ''))}, size {lcp.get('size')} px²")
        if lcp.get("url"):
            lines.append(f"Resource: {_page(lcp['url'])}")
        ttfb = (ins.document or {}).get("ttfb_ms")
        if ttfb is not None:
            lines.append(f"- Time to first byte: {ttfb:.0f} ms")
        if "load_end_ms" in lcp:
            start = lcp["load_start_ms"]
            lines.append(f"- Resource load delay: {max(0.0, start - (ttfb or 0)):.0f} ms")
            lines.append(f"- Resource load duration: {lcp['load_end_ms'] - start:.0f} ms")
            lines.append(f"- Element render delay: {max(0.0, lcp['time_ms'] - lcp['load_end_ms']):.0f} ms")
        elif ttfb is not None:
            lines.append(f"- Element render delay: {max(0.0, lcp['time_ms'] - ttfb):.0f} ms")
    elif name == "CLSCulprits":
        lines.append(f"CLS {ins.cls:.3f} (worst session window of {len(ins.shifts)} shift"
                     f"{'s' * (len(ins.shifts) != 1)}; {ins.shift_count} in all)")
        for s in sorted(ins.shifts, key=lambda s: -s["score"])[:LIST_ITEMS]:
            who = ", ".join(_label(n, nodes) for n in s["nodes"][:4]) or "no node reported"
            lines.append(f"- at {s['time_ms']:.0f} ms: score {s['score']:.4f}, moved: {who}")
    elif name == "RenderBlocking":
        lines.append(f"{len(ins.render_blocking)} request(s) blocked the first render"
                     + (f" (FCP {ins.fcp_ms:.0f} ms)" if ins.fcp_ms is not None else ""))
        for r in ins.render_blocking[:LIST_ITEMS]:
            took = f"{r['duration_ms']:.0f} ms" if r["duration_ms"] is not None else "unfinished"
            lines.append(f"- {_page(r['type'])} {_page(r['url'])}: from {r['start_ms']:.0f} ms, {took}"
                         + ("" if r["before_fcp"] else ", ended after FCP"))
    elif name == "DocumentLatency":
        doc = ins.document or {}
        lines.append(f"{_page(doc.get('url', ''))}: HTTP {doc.get('status')}")
        if "ttfb_ms" in doc:
            lines.append(f"- Time to first byte: {doc['ttfb_ms']:.0f} ms")
        if "server_ms" in doc:
            lines.append(f"- Server response time: {doc['server_ms']:.0f} ms"
                         + (" (over 600 ms)" if doc["server_ms"] > 600 else ""))
        lines.append(f"- Redirects: {doc['redirects']}")
        lines.append(f"- Compression: {'applied' if doc['compressed'] else 'none (Content-Encoding absent)'}")
    elif name == "INPBreakdown":
        inp = ins.inp or {}
        lines.append(f"INP {inp['duration_ms']:.0f} ms: {_page(inp['type'])} ({ins.interactions} interaction(s))")
        lines.append(f"- Input delay: {inp['input_delay_ms']:.0f} ms")
        lines.append(f"- Processing duration: {inp['processing_ms']:.0f} ms")
        lines.append(f"- Presentation delay: {inp['presentation_delay_ms']:.0f} ms")
    elif name == "LongTasks":
        lines.append(f"{len(ins.long_tasks)} long task(s) on the main thread; total blocking {ins.blocking_ms:.0f} ms")
        for t in ins.long_tasks[:LIST_ITEMS]:
            lines.append(f"- at {t['start_ms']:.0f} ms: {t['duration_ms']:.0f} ms" + (f", mostly {_page(t['what'])}"
                                                                                     if t["what"] else ""))
    return _cut("\n".join(lines), INSIGHT_CHARS)
