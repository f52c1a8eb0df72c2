"""The ``page_freeze`` tool → ``page.freeze``: pause or resume the active page's animations, transitions,
videos and requestAnimationFrame motion in every frame (to read or screenshot a transient state)."""

from __future__ import annotations

from typing import Annotated, Literal

from mcp.types import ToolAnnotations
from pydantic import Field

from app.mcp.arguments import ToolParams
from app.mcp.response import FreezeReply
from app.mcp.tool import ToolContext, ToolDefinition

#: It acts on the page (an open world); its answer is counts, but an error may quote the page (a dialog).
_CHANGES_PAGE = ToolAnnotations(read_only_hint=False, destructive_hint=False, idempotent_hint=True,
                                open_world_hint=True)


class FreezeToolParams(ToolParams):
    """``page_freeze`` arguments: ``action`` (a word, not a boolean: generic clients fill enums)."""

    action: Annotated[Literal["freeze", "unfreeze"],
                      Field(description="freeze: stop the page's motion where it is; unfreeze: resume what the "
                                        "freeze paused")]


async def page_freeze(args: FreezeToolParams, ctx: ToolContext) -> FreezeReply:
    """``page.freeze``: ``{frozen, frames, animations, media, callbacks}`` (what was paused or resumed)."""
    return FreezeReply(await ctx.call("page.freeze", {"frozen": args.action == "freeze"}))


TOOLS: tuple[ToolDefinition, ...] = (
    ToolDefinition(name="page_freeze", params=FreezeToolParams, handler=page_freeze, annotations=_CHANGES_PAGE,
                   description="Freeze or unfreeze the active page's motion in every frame: CSS animations and "
                               "transitions, Web Animations, video/audio and requestAnimationFrame loops stop "
                               "where they are (hover and focus states, timers and page state are untouched); "
                               "unfreeze resumes only what was paused. Answers how many animations and media "
                               "were paused or resumed in how many frames."),
)
