"""The page tools: ``list_tabs`` → ``tabs.list``, ``page_state`` → ``page.state`` (both read-only, no
arguments)."""

from __future__ import annotations

from app.mcp.response import PageStateReply, TabsReply
from app.mcp.tool import READ_ONLY, NoParams, ToolContext, ToolDefinition


async def list_tabs(args: NoParams, ctx: ToolContext) -> TabsReply:
    """``tabs.list``: ``[{id, title, url, active}]``."""
    return TabsReply(await ctx.call("tabs.list"))


async def page_state(args: NoParams, ctx: ToolContext) -> PageStateReply:
    """``page.state``: URL, title, loading, viewport and scroll (CSS px), DPR, zoom."""
    return PageStateReply(await ctx.call("page.state"))


TOOLS: tuple[ToolDefinition, ...] = (
    ToolDefinition(name="list_tabs", params=NoParams, handler=list_tabs, annotations=READ_ONLY,
                   description="The pages open in pagenote: id, title, URL, and which one is active."),
    ToolDefinition(name="page_state", params=NoParams, handler=page_state, annotations=READ_ONLY,
                   description="The active page: URL, title, whether it is loading, viewport size and scroll "
                               "position (CSS px), device pixel ratio and zoom."),
)
