"""The snapshot tool: ``browser_snapshot`` (Playwright MCP's name) → ``snapshot(max_chars?, max_nodes?,
selector?, mode?)``. The text is the page as one line per node (``- button "Place order" [ref=e12]``), a diff
against the previous snapshot, or one line saying nothing changed; refs are passed to the action tools (with
the result's ``snapshot_id``, optional for the tab's latest snapshot). The heading line names the snapshot id
and the page's revision. The snapshot lines are the page's words: they follow pagenote's heading line in one
fenced block after a framing line (:mod:`app.mcp.untrusted`); the URL is in the structured content. The reply
record and its rendering live here (``render`` is extended for :class:`SnapshotReply` when this module is
imported, as the tool list does).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any

from mcp.types import CallToolResult, TextContent
from pydantic import Field, WithJsonSchema

from app.mcp.arguments import Integer, ToolParams, optional_enum
from app.mcp.response import render
from app.mcp.tool import ToolContext, ToolDefinition
from app.mcp.untrusted import READS_PAGE, page_result

MAX_CHARS = 20_000
MAX_NODES = 200


def _bounded(low: int, high: int) -> Any:
    return Annotated[Annotated[Integer, Field(ge=low, le=high)] | None,
                     WithJsonSchema({"type": "integer", "minimum": low, "maximum": high})]


class SnapshotParams(ToolParams):
    """``browser_snapshot`` arguments: all optional; budgets may be lowered, never raised."""

    max_chars: Annotated[_bounded(200, MAX_CHARS), Field(
        description=f"at most this many characters of snapshot text (default and maximum {MAX_CHARS:,})")] = None
    max_nodes: Annotated[_bounded(1, MAX_NODES), Field(
        description=f"at most this many lines (default and maximum {MAX_NODES})")] = None
    selector: Annotated[Annotated[str, Field(max_length=2000)] | None,
                        WithJsonSchema({"type": "string", "maxLength": 2000}), Field(
        description="CSS selector of one element to snapshot instead of the page ('iframe >> inner' enters "
                    "iframes and open shadow roots)")] = None
    mode: Annotated[optional_enum("auto", "full"), Field(
        description="auto (default): a diff or 'unchanged' when that is shorter than the whole text; full: the "
                    "whole text")] = None


@dataclass(frozen=True)
class SnapshotReply:
    """``browser_snapshot``: the ``snapshot`` result (``snapshot_id``, ``mode``, ``node_count``, ``char_count``,
    ``truncated``, ``cut``, ``snapshot`` | ``diff``, ``base_snapshot_id``, ``more``, ``url``, ``title``)."""

    result: dict[str, Any]


async def browser_snapshot(args: SnapshotParams, ctx: ToolContext) -> SnapshotReply:
    """``snapshot`` with the arguments given (left-out ones are the app's defaults). Raises the app's errors."""
    params = {k: v for k, v in args.model_dump().items() if v is not None}
    return SnapshotReply(await ctx.call("snapshot", params))


def snapshot_text(result: dict[str, Any]) -> tuple[str, str | None]:
    """One heading line (id, the page's revision, mode, size, what was left out, how to use refs) and the
    snapshot or diff (the page's words, ``None`` for an ``unchanged`` result: the heading line alone). The
    revision is in the text so that a client reading only text can pass it to ``browser_wait_for_change``
    (issue 27, defect 5)."""
    sid, mode, base = result.get("snapshot_id"), result.get("mode"), result.get("base_snapshot_id")
    lines = result.get("node_count", 0)
    rev = f" at revision {result['revision']}" if result.get("revision") is not None else ""
    if mode == "unchanged":
        return (f"Snapshot {sid}{rev}: unchanged since {base} ({lines} lines); its refs hold. For the lines "
                f"again, call browser_snapshot with mode \"full\"."), None
    head = f"Snapshot {sid}{rev}"
    if mode == "diff":
        head += (f": diff against {base} (+ added, - removed, ~ changed; @@ N: at line N); the page has {lines} "
                 "lines.")
    else:
        head += f": {lines} lines, {result.get('char_count', 0):,} chars."
    if result.get("more"):
        head += f" {result['more']}."
    head += " Act on a line by its ref."
    body = result.get("diff") if mode == "diff" else result.get("snapshot", "")
    return head, body or ""


@render.register
def _(reply: SnapshotReply) -> CallToolResult:
    structured = {k: v for k, v in reply.result.items() if k not in ("snapshot", "diff")}
    head, body = snapshot_text(reply.result)
    if body is None:
        return CallToolResult(content=[TextContent(type="text", text=head)], structured_content=structured)
    return page_result(head, body, structured)


TOOLS: tuple[ToolDefinition, ...] = (
    ToolDefinition(
        name="browser_snapshot", params=SnapshotParams, handler=browser_snapshot, annotations=READS_PAGE,
        description="The page the user sees in pagenote as text, one line per element with its role, name, state "
                    "and a ref (e.g. - button \"Place order\" [ref=e12]), what is in the viewport first; at most "
                    "20,000 chars. A later call returns only the changed lines, or one line when nothing "
                    "changed."),
)
