"""The page-context tools: ``browser_page_context`` → ``page.context`` (Playwright MCP has no equivalent, so
the name follows its ``browser_`` family) and ``browser_wait_for_change`` → ``page.wait_for_change``. Both read
only. The record is JSON (structured content); the text is a one-line summary and the record, which holds the
page's words, in one fenced block after a framing line (:mod:`app.mcp.untrusted`); the reply records and their
rendering live here (``render`` is extended when this module is imported, as the tool list does).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Annotated, Any

from mcp.types import CallToolResult, TextContent
from pydantic import Field, WithJsonSchema

from app.core.policy import CONTEXT_MAX_CHARS, CONTEXT_MAX_NODES
from app.mcp.arguments import Integer, ToolParams, optional_enum
from app.mcp.response import render
from app.mcp.tool import ToolContext, ToolDefinition
from app.mcp.untrusted import READS_PAGE, page_result

MAX_WAIT_MS = 300_000


def _bounded(low: int, high: int) -> Any:
    return Annotated[Annotated[Integer, Field(ge=low, le=high)] | None,
                     WithJsonSchema({"type": "integer", "minimum": low, "maximum": high})]


def _text(max_length: int) -> Any:
    return Annotated[Annotated[str, Field(max_length=max_length)] | None,
                     WithJsonSchema({"type": "string", "maxLength": max_length})]


class PageContextParams(ToolParams):
    """``browser_page_context`` arguments: all optional; limits may be lowered, never raised."""

    detail: Annotated[optional_enum("summary", "semantic", "forensic"), Field(
        description="summary: role, name, box; semantic (default): + locators, geometry in viewport/document/"
                    "normalized space, occlusion, position; forensic: + box model, font, colours, z-index, "
                    "stacking context")] = None
    ref: Annotated[_text(40), Field(description="a ref (e12) of the top document to read instead of the page")] = None
    selector: Annotated[_text(2000), Field(description="a CSS selector of one element to read instead")] = None
    max_nodes: Annotated[_bounded(1, CONTEXT_MAX_NODES), Field(
        description=f"at most this many nodes (default and maximum {CONTEXT_MAX_NODES})")] = None
    max_chars: Annotated[_bounded(1_000, CONTEXT_MAX_CHARS), Field(
        description=f"at most this many characters of node JSON (default and maximum {CONTEXT_MAX_CHARS:,})")] = None
    cursor: Annotated[_text(1000), Field(
        description="next_cursor of the previous read, with the same other arguments")] = None


class WaitChangeParams(ToolParams):
    """``browser_wait_for_change`` arguments: the revision to wait past and the wait in ms."""

    since_revision: Annotated[Integer, Field(description="the revision of a browser_page_context read",
                                             json_schema_extra={"minimum": 1})]
    timeout_ms: Annotated[Integer, Field(description="how long to wait, in milliseconds: an integer from 0 to "
                                                     "300000 (larger values are an error)",
                                         json_schema_extra={"minimum": 0, "maximum": MAX_WAIT_MS})]


@dataclass(frozen=True)
class PageContextReply:
    """``browser_page_context``: the ``page.context`` result."""

    result: dict[str, Any]


@dataclass(frozen=True)
class ChangeReply:
    """``browser_wait_for_change``: the ``page.wait_for_change`` result."""

    result: dict[str, Any]


async def browser_page_context(args: PageContextParams, ctx: ToolContext) -> PageContextReply:
    """``page.context`` with the arguments given. Raises the app's errors."""
    params = {k: v for k, v in args.model_dump().items() if v is not None}
    return PageContextReply(await ctx.call("page.context", params))


async def browser_wait_for_change(args: WaitChangeParams, ctx: ToolContext) -> ChangeReply:
    """``page.wait_for_change``, reporting progress while it waits. Raises the app's errors."""
    result = await ctx.call_with_progress("page.wait_for_change", {"since_revision": args.since_revision,
                                                                   "timeout_ms": args.timeout_ms},
                                          total_ms=args.timeout_ms, message="waiting for the page to change")
    return ChangeReply(result)


def context_text(result: dict[str, Any]) -> tuple[str, str]:
    """A heading line (revision, node count, how to go on) and the record as JSON (the page's words: names,
    text, URL, source hints)."""
    head = f"Page context at revision {result.get('revision')}: {len(result.get('nodes') or [])} nodes."
    if result.get("truncated"):
        head += " More nodes: call again with cursor=next_cursor and the same arguments."
    head += " browser_wait_for_change(since_revision) says when and what changes."
    return head, json.dumps(result, ensure_ascii=False, separators=(",", ":"))


def change_text(result: dict[str, Any]) -> str:
    """One line: complete (changed/removed refs, page) or reset_required (why)."""
    rev = result.get("revision")
    if result.get("status") == "reset_required":
        return (f"Revision {rev}: reset required ({result.get('reason')}): read browser_page_context again; "
                "no earlier ref is known to be current.")
    changed, removed = result.get("changed") or [], result.get("removed") or []
    if not changed and not removed and not result.get("page_changed") and not result.get("untracked"):
        return f"Revision {rev}: nothing changed."
    parts = [f"changed {', '.join(changed)}" if changed else "", f"removed {', '.join(removed)}" if removed else "",
             "the page record changed" if result.get("page_changed") else "",
             f"{result['untracked']} changes under no known ref" if result.get("untracked") else ""]
    return f"Revision {rev}: " + "; ".join(p for p in parts if p) + "."


@render.register
def _(reply: PageContextReply) -> CallToolResult:
    head, record = context_text(reply.result)
    return page_result(head, record, reply.result, info="json")


@render.register
def _(reply: ChangeReply) -> CallToolResult:
    return CallToolResult(content=[TextContent(type="text", text=change_text(reply.result))],
                          structured_content=reply.result)


TOOLS: tuple[ToolDefinition, ...] = (
    ToolDefinition(
        name="browser_page_context", params=PageContextParams, handler=browser_page_context, annotations=READS_PAGE,
        description="Facts a screenshot cannot give about the page or one element, bound to the page's revision: "
                    "role, name, ranked locators, the border box in viewport, document and normalized space, "
                    "visible ratio, whether it is covered, position, transform, scroll container; forensic adds "
                    "box model, font, colours and stacking; dev builds add the source file that rendered it."),
    ToolDefinition(
        name="browser_wait_for_change", params=WaitChangeParams, handler=browser_wait_for_change,
        annotations=READS_PAGE,
        description="Wait until the page changes after since_revision (DOM, scroll, resize, route, form values), "
                    "then say which refs changed or were removed, or that everything must be read again."),
)
