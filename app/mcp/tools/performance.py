"""The performance tools, named and shaped as chrome-devtools-mcp's (``docs/tool-reference.md``,
"Performance"), over the socket's performance methods (:mod:`app.agent.performance`):

=============================== ===========================================================================
``performance_start_trace``     ``performance.start_trace(reload?, auto_stop?)`` — ``reload``, ``autoStop``
                                (both default true, as chrome-devtools-mcp's)
``performance_stop_trace``      ``performance.stop_trace()``
``performance_analyze_insight`` ``performance.analyze_insight(insight_name, insight_set_id?)`` —
                                ``insightName``, ``insightSetId`` (optional here: a trace has one set)
=============================== ===========================================================================

chrome-devtools-mcp's ``filePath`` is not taken: pagenote saves every trace under its project's ``traces/``
and says where. The summary and the insight detail quote the page (URLs, element ids and classes): they are in
one fenced block after a framing line (:mod:`app.mcp.untrusted`); the trace file's path and how to go on are
pagenote's words, outside it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any

from mcp.types import CallToolResult, TextContent
from pydantic import Field, WithJsonSchema

from app.mcp.arguments import ToolParams
from app.mcp.response import render
from app.mcp.tool import NoParams, ToolContext, ToolDefinition
from app.mcp.tools.browser_actions import OptionalBool
from app.mcp.untrusted import ACTS_ON_PAGE, READS_PAGE, page_result

OptionalText = Annotated[str | None, WithJsonSchema({"type": "string"})]
#: A trace with ``autoStop`` waits for the reload's load and a quiet page (app.tabs.tracing): the call's bound
#: for progress notifications, ms.
START_TOTAL_MS = 60_000


class StartParams(ToolParams):
    reload: Annotated[OptionalBool, Field(
        description="Determines if, once tracing has started, the page should be reloaded (default true). "
                    "Navigate to the right URL first.")] = None
    autoStop: Annotated[OptionalBool, Field(  # noqa: N815 (chrome-devtools-mcp's name)
        description="Determines if the trace should stop by itself once the page has loaded and settled "
                    "(default true).")] = None


class AnalyzeParams(ToolParams):
    insightName: Annotated[str, Field(  # noqa: N815 (chrome-devtools-mcp's name)
        description='The name of the insight, from the "Available insights" list of the trace, e.g. '
                    '"DocumentLatency" or "LCPBreakdown"')]
    insightSetId: Annotated[OptionalText, Field(  # noqa: N815 (chrome-devtools-mcp's name)
        description="The insight set's id from the trace's summary (optional: a trace has one)")] = None


@dataclass(frozen=True)
class TraceReply:
    """``performance_start_trace`` / ``performance_stop_trace``: the socket's stop result, or
    ``{recording: true, tab}`` for a trace that keeps recording."""

    result: dict[str, Any]


@dataclass(frozen=True)
class InsightReply:
    """``performance_analyze_insight``: the socket's ``{insight_name, insight_set, detail, tab}``."""

    result: dict[str, Any]


@render.register
def _(reply: TraceReply) -> CallToolResult:
    result = reply.result
    if result.get("recording"):
        return CallToolResult(content=[TextContent(type="text", text=(
            "The performance trace is recording. Use performance_stop_trace to stop it."))],
            structured_content=result)
    head = f"The performance trace has been stopped ({result.get('events', 0)} events" + (
        ", cut at pagenote's limit" if result.get("truncated") else "") + "). Metrics and insights:"
    tail = (f"Trace saved to {result.get('path')} (opens in Chrome's Performance panel). Call "
            "performance_analyze_insight with a name from the 'Available insights' line for its detail.")
    return page_result(head, result.get("summary", ""), result, tail)


@render.register
def _(reply: InsightReply) -> CallToolResult:
    return page_result(f"Insight {reply.result.get('insight_name')}:", reply.result.get("detail", ""), reply.result)


def _given(**params: Any) -> dict[str, Any]:
    return {k: v for k, v in params.items() if v is not None}


async def performance_start_trace(args: StartParams, ctx: ToolContext) -> TraceReply:
    """``performance.start_trace(reload?, auto_stop?)``."""
    return TraceReply(await ctx.call_with_progress("performance.start_trace", _given(
        reload=args.reload, auto_stop=args.autoStop), total_ms=START_TOTAL_MS, message="recording a trace"))


async def performance_stop_trace(_args: NoParams, ctx: ToolContext) -> TraceReply:
    """``performance.stop_trace()``."""
    return TraceReply(await ctx.call("performance.stop_trace", {}))


async def performance_analyze_insight(args: AnalyzeParams, ctx: ToolContext) -> InsightReply:
    """``performance.analyze_insight(insight_name, insight_set_id?)``."""
    return InsightReply(await ctx.call("performance.analyze_insight", _given(
        insight_name=args.insightName, insight_set_id=args.insightSetId)))


TOOLS: tuple[ToolDefinition, ...] = (
    ToolDefinition(name="performance_start_trace", params=StartParams, handler=performance_start_trace,
                   annotations=ACTS_ON_PAGE,
                   description="Start a performance trace of the active tab (Chromium's own, as the Performance "
                               "panel records it). By default reloads the page and stops by itself after load "
                               "and a quiet page, answering like performance_stop_trace: LCP and its element, "
                               "CLS and the shifting nodes, long tasks, INP, render-blocking requests, document "
                               "latency, the saved trace file and the insight names to analyze."),
    ToolDefinition(name="performance_stop_trace", params=NoParams, handler=performance_stop_trace,
                   annotations=ACTS_ON_PAGE,
                   description="Stop the active tab's performance trace: a summary of at most 2,000 characters "
                               "(LCP, CLS, long tasks, INP, render-blocking requests, document latency), the "
                               "trace saved under the project's traces/ (opens in Chrome's Performance panel), "
                               "and the insight names performance_analyze_insight explains."),
    ToolDefinition(name="performance_analyze_insight", params=AnalyzeParams, handler=performance_analyze_insight,
                   annotations=READS_PAGE,
                   description="More detail on one insight of the last trace of the active tab (e.g. "
                               "LCPBreakdown, CLSCulprits, RenderBlocking, DocumentLatency, INPBreakdown, "
                               "LongTasks), at most 3,000 characters."),
)
