"""The page tools: ``list_tabs`` → ``tabs.list``, ``page_state`` → ``page.state`` (both read-only, no
arguments; the page wrote the titles and URLs they return: :data:`app.mcp.untrusted.READS_PAGE`)."""

from __future__ import annotations

from app.mcp.response import PageStateReply
from app.mcp.tabs_reply import TabListReply
from app.mcp.tool import NoParams, ToolContext, ToolDefinition
from app.mcp.untrusted import READS_PAGE


async def list_tabs(args: NoParams, ctx: ToolContext) -> TabListReply:
    """``tabs.list``: ``[{id, title, url, active}]``, shown with each tab's index."""
    return TabListReply(await ctx.call("tabs.list"))


async def page_state(args: NoParams, ctx: ToolContext) -> PageStateReply:
    """``page.state``: URL, title, loading, viewport and scroll (CSS px), DPR, zoom."""
    return PageStateReply(await ctx.call("page.state"))


TOOLS: tuple[ToolDefinition, ...] = (
    ToolDefinition(name="list_tabs", params=NoParams, handler=list_tabs, annotations=READS_PAGE,
                   description="The pages open in pagenote: index, id, title, URL, and which one is active."),
    ToolDefinition(name="page_state", params=NoParams, handler=page_state, annotations=READS_PAGE,
                   description="The active page: URL, title, whether it is loading, viewport size and scroll "
                               "position (CSS px), device pixel ratio and zoom."),
)
