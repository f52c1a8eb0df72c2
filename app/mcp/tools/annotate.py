"""``browser_annotate`` → ``annotate``: Playwright MCP's tool of that name (0.0.83, its ``devtools`` capability)
done pagenote's way (issue 27, requirement 5). Playwright MCP opens a dashboard over a screenshot where the user
draws rectangles; pagenote turns annotation mode on in the user's window, where each note is pinned to an
element, waits for Send, and returns the batch's Markdown, the annotated screenshot and a ref of each annotated
element from a fresh snapshot (act on it at once). Same name; Playwright's tool takes no arguments, pagenote's
takes an optional ``timeout_ms`` (1000..300000, default 300000; the app checks the range). Listed whether or
not ``--caps=devtools`` is given: annotation is pagenote's core.

While it waits, progress goes out every :data:`app.mcp.tool.PROGRESS_EVERY_S` seconds (as
``wait_for_annotations``'). The user leaving annotation mode, the tab closing or the timeout end it with a
plain answer saying nothing was sent; ``pagenote serve`` (no window) answers ``ANNOTATE_NEEDS_WINDOW``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any

import anyio.to_thread
from mcp.types import CallToolResult, ImageContent, TextContent, ToolAnnotations
from pydantic import Field, WithJsonSchema

from app.core.errors import PagenoteError
from app.mcp.annotation_images import _png_base64
from app.mcp.arguments import Integer, ToolParams
from app.mcp.images import FittedImage, fit_image
from app.mcp.response import batch_text, render
from app.mcp.tool import ToolContext, ToolDefinition
from app.mcp.untrusted import framed

#: The app's bounds of ``timeout_ms`` (app.agent.annotate: MIN_WAIT_MS, MAX_WAIT_MS), advertised only.
MIN_WAIT_MS, MAX_WAIT_MS = 1_000, 300_000

#: An optional wait in ms, advertised with the app's bounds (``null`` / absent: the default).
Wait = Annotated[Integer | None, WithJsonSchema({"type": "integer", "minimum": MIN_WAIT_MS, "maximum": MAX_WAIT_MS})]

#: What each way of ending without a Send says.
_NOTHING = {
    "left": "The user left annotation mode without pressing Send: no notes were sent.",
    "closed": "The tab closed before the user pressed Send: no notes were sent.",
    "timed_out": "Timed out after {ms} ms: the user has not pressed Send. Call browser_annotate again to keep "
                 "waiting.",
}


class AnnotateParams(ToolParams):
    """``browser_annotate`` arguments: the wait, in ms (optional)."""

    timeout_ms: Annotated[Wait, Field(description="how long to wait for the user's Send, in milliseconds: an "
                                                  "integer from 1000 to 300000 (default 300000); your client's "
                                                  "tool-call timeout must be longer")] = None


@dataclass(frozen=True)
class AnnotateReply:
    """The ``annotate`` answer (app.agent.annotate), the wait asked for, and the screenshot fitted to the
    image budget (``None``: none, or unreadable)."""

    result: dict
    timeout_ms: int
    image: FittedImage | None = None


def _fitted(path: str, budget: int) -> FittedImage | None:
    data = _png_base64(path)
    if data is None:
        return None
    try:
        return fit_image(data, budget)
    except PagenoteError:
        return None


async def browser_annotate(args: AnnotateParams, ctx: ToolContext) -> AnnotateReply:
    """``annotate(timeout_ms)`` with progress while the user annotates; the screenshot read and fitted."""
    timeout = MAX_WAIT_MS if args.timeout_ms is None else args.timeout_ms
    result = await ctx.call_with_progress("annotate", {"timeout_ms": timeout}, total_ms=timeout,
                                          message="waiting for the user to pin notes and press Send in pagenote")
    path = (result.get("screenshot") or {}).get("path")
    image = await anyio.to_thread.run_sync(_fitted, path, ctx.image_budget) if path else None
    return AnnotateReply(result, timeout, image)


def _ref_line(entry: dict) -> str:
    head = f"Annotation {entry.get('annotation')}: "
    if entry.get("ref"):
        return f"{head}{entry.get('line')} (snapshot_id {entry.get('snapshot_id')}; selector {entry.get('selector')})"
    where = f"selector {entry['selector']}: " if entry.get("selector") else ""
    return f"{head}no ref — {where}{entry.get('reason')}"


@render.register
def _(reply: AnnotateReply) -> CallToolResult:
    result = reply.result
    outcome = result.get("outcome")
    structured: dict[str, Any] = {k: v for k, v in result.items() if k != "batch"}
    if outcome != "sent" or not isinstance(result.get("batch"), dict):
        unsent = result.get("unsent") or 0
        text = _NOTHING.get(outcome, "Nothing was sent.").format(ms=reply.timeout_ms)
        if unsent:
            text += (f" {unsent} unsent annotation(s) stay in pagenote's window: a later Send goes to "
                     "wait_for_annotations.")
        return CallToolResult(content=[TextContent(type="text", text=text)],
                              structured_content={**structured, "batch": None})
    batch = result["batch"]
    structured["batch"] = {k: v for k, v in batch.items() if k != "markdown"}
    refs = result.get("refs") or []
    acted = sum(1 for r in refs if r.get("ref"))
    text = batch_text(batch, "The user pinned notes and pressed Send.")
    if refs:
        text += "\n\n" + framed(f"Elements of the annotations: {acted} with a ref you can act on now (pass ref and "
                                "snapshot_id; the others by selector).", "\n".join(_ref_line(r) for r in refs),
                                tab=result.get("tab"), what="element lines")
    content: list = [TextContent(type="text", text=text)]
    shot = result.get("screenshot") or {}
    if reply.image is not None:
        drawn = shot.get("annotated") or []
        content.append(TextContent(type="text", text=(
            f"Screenshot after Send, annotations {', '.join(map(str, drawn))} outlined and numbered "
            if drawn else "Screenshot after Send (no annotated element is in the viewport) ")
            + f"({reply.image.describe()}): {shot.get('path')}"))
        content.append(ImageContent(type="image", data=reply.image.data, mime_type=reply.image.mime_type))
    elif shot:
        content.append(TextContent(type="text", text=f"No screenshot: {shot.get('error') or 'it could not be read'}"))
    return CallToolResult(content=content, structured_content=structured)


#: Playwright MCP's opt-in group that holds its ``browser_annotate`` (``--caps=devtools``), for
#: :data:`app.mcp.tools.CAPS`: accepted as a harmless alias that adds nothing — pagenote lists the tool always.
CAPS: dict[str, tuple[ToolDefinition, ...]] = {"devtools": ()}

TOOLS: tuple[ToolDefinition, ...] = (
    ToolDefinition(
        name="browser_annotate", params=AnnotateParams, handler=browser_annotate,
        # It turns annotation mode on and marks the batch delivered; the records and lines hold page text.
        annotations=ToolAnnotations(read_only_hint=False, destructive_hint=False, open_world_hint=True),
        description="Ask the user for notes on the page: annotation mode turns on in pagenote's window (its strip "
                    "says an agent asked), the user pins notes to elements and presses Send, and you get the "
                    "batch's Markdown (one section per element: note, selector, role, text, styles), a screenshot "
                    "with the annotated elements outlined and numbered, and each element's ref in a fresh "
                    "snapshot, to act on at once. If the user leaves annotation mode or closes the tab, or "
                    "timeout_ms passes, the answer says nothing was sent. Needs the window (not pagenote serve)."),
)
