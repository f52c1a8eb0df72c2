"""The performance methods of the agent socket (issue 26, requirement 5), over the acting tab's
:class:`~app.tabs.tracing.TabTracer` — chrome-devtools-mcp's three performance tools:

- ``performance.start_trace(reload?, auto_stop?)``: start a trace (both default ``true``, as
  chrome-devtools-mcp's ``performance_start_trace``); with ``reload`` the page reloads once the trace records;
  with ``auto_stop`` the call waits for ``load`` and a quiet page (:meth:`~app.tabs.tracing.TabTracer.record_load`)
  and answers as ``performance.stop_trace``; otherwise → ``{recording: true}``.
- ``performance.stop_trace()`` → ``{summary, insight_set, insights, available, path, events, truncated?}``:
  ``summary`` is the bounded text of :func:`app.protocol.trace_insights.summary_text` (≤ 2,000 characters),
  ``insights`` the numbers behind it, ``path`` the saved trace (``<project>/traces/<stamp>-<host>.json``, the
  Performance panel's format), ``available`` the insight names ``performance.analyze_insight`` explains.
- ``performance.analyze_insight(insight_name, insight_set_id?)`` → ``{insight_name, insight_set, detail}``
  about the tab's last trace (``detail``: :func:`app.protocol.trace_insights.insight_text`, ≤ 3,000 characters).

Errors: ``TRACE_RUNNING`` (start while one records in the tab), ``NO_TRACE`` (stop with none recording;
analyze before any trace), ``UNKNOWN_INSIGHT`` (a name or set id the last trace does not have), ``NO_PAGE``,
``PAGE_LOAD_TIMEOUT`` (the reload did not fire ``load``), the session's ``CDP_*``, ``INTERNAL_ERROR`` when the
trace file cannot be written. Every result names its tab (``tab: {id, origin}``); URLs and element labels in
it are redacted.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictStr

from app.core.errors import PagenoteError
from app.protocol.trace_insights import INSIGHT_NAMES, analyze, insight_text, summary_text


class _Params(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class StartParams(_Params):
    reload: StrictBool = True
    auto_stop: StrictBool = True


class StopParams(_Params):
    pass


class AnalyzeParams(_Params):
    insight_name: StrictStr = Field(min_length=1, max_length=100)
    insight_set_id: StrictStr | None = Field(default=None, max_length=100)


def performance_table(host: Any) -> dict[str, tuple[type[BaseModel], Callable[[Any], Any]]]:
    """The performance methods for :class:`app.agent.methods.Methods`' table, acting on ``host.app``'s
    acting tab (:func:`app.agent.tabs.acting_tab`); traces are saved under ``host.app.project_dir``."""
    from app.agent.tabs import acting_tab, tab_stamp
    from app.tabs.tracing import node_labels, tracer

    def tab():
        found = acting_tab(host.app)
        if found is None:
            raise PagenoteError("NO_PAGE", "no tab is open")
        return found

    async def stopped(t) -> dict:
        traced = tracer(t)
        trace = await traced.stop()
        insights = analyze(trace.events)
        nodes = await node_labels(t, insights.node_ids())
        try:
            path = await asyncio.to_thread(traced.save, trace, host.app.project_dir)
        except OSError as exc:
            raise PagenoteError("INTERNAL_ERROR", f"could not save the trace: {exc}") from None
        traced.last = (insights, nodes)
        result = {"summary": summary_text(insights, nodes), "insight_set": insights.insight_set,
                  "available": insights.available, "path": str(path), "events": len(trace.events),
                  "insights": _numbers(insights), "tab": tab_stamp(t)}
        if trace.truncated:
            result["truncated"] = True
        return result

    async def start(params: StartParams) -> dict:
        t = tab()
        traced = tracer(t)
        await traced.start()
        if params.reload or params.auto_stop:
            try:
                await traced.record_load(params.reload)
            except BaseException:
                if traced.running:
                    try:
                        await traced.stop()
                    except PagenoteError:
                        pass
                raise
        if params.auto_stop:
            return await stopped(t)
        return {"recording": True, "tab": tab_stamp(t)}

    async def stop(_params: StopParams) -> dict:
        return await stopped(tab())

    def analyze_insight(params: AnalyzeParams) -> dict:
        t = tab()
        last = getattr(tracer(t), "last", None)
        if last is None:
            raise PagenoteError("NO_TRACE", f"no performance trace was recorded in tab {t.id}",
                                "record one: performance_start_trace, then performance_stop_trace")
        insights, nodes = last
        if params.insight_set_id is not None and params.insight_set_id != insights.insight_set:
            raise PagenoteError("UNKNOWN_INSIGHT", f"the last trace has no insight set {params.insight_set_id!r} "
                                f"(it has {insights.insight_set})")
        if params.insight_name not in insights.available:
            known = "one of " + ", ".join(INSIGHT_NAMES) if params.insight_name not in INSIGHT_NAMES \
                else "not found in this trace"
            raise PagenoteError("UNKNOWN_INSIGHT", f"{params.insight_name!r} is {known}; this trace has: "
                                + (", ".join(insights.available) or "none"))
        return {"insight_name": params.insight_name, "insight_set": insights.insight_set,
                "detail": insight_text(insights, params.insight_name, nodes), "tab": tab_stamp(t)}

    return {"performance.start_trace": (StartParams, start), "performance.stop_trace": (StopParams, stop),
            "performance.analyze_insight": (AnalyzeParams, analyze_insight)}


def _numbers(ins) -> dict:
    """The structured part of a stop result: the metrics as numbers (ms, unitless CLS), empty ones dropped."""
    out = {"fcp_ms": ins.fcp_ms, "lcp_ms": (ins.lcp or {}).get("time_ms"), "cls": ins.cls,
           "layout_shifts": ins.shift_count, "long_tasks": len(ins.long_tasks),
           "longest_task_ms": ins.long_tasks[0]["duration_ms"] if ins.long_tasks else None,
           "total_blocking_ms": ins.blocking_ms, "inp_ms": (ins.inp or {}).get("duration_ms"),
           "render_blocking": len(ins.render_blocking), "ttfb_ms": (ins.document or {}).get("ttfb_ms")}
    return {k: v for k, v in out.items() if v is not None}
