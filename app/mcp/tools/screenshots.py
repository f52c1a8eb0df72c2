"""The screenshot tool: ``take_screenshot`` → ``screenshot(kind, annotation?, batch, downscale=true,
inline=true)``. The app saves the full-size PNG under ``<project>/shots/`` and returns a copy scaled to at most
1568 px on the long edge and 1.15 megapixels, base64-encoded (a page that would need a scale under
:data:`~app.capture.downscale.READABLE_SCALE` for that: its top band at that scale);
:func:`app.mcp.images.fit_image` keeps that within the server's image budget (re-encoding it as JPEG, and as a
last resort shrinking it, when the PNG is larger), and :mod:`app.mcp.response` makes it an MCP image content. A
missing or unknown annotation number is the app's ``INVALID_PARAMS`` / ``NOT_FOUND``.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

import anyio.to_thread
from pydantic import Field

from app.mcp.arguments import AnnotationNumber, ToolParams
from app.mcp.images import fit_image
from app.mcp.response import ScreenshotReply
from app.mcp.tool import ToolContext, ToolDefinition
from app.mcp.untrusted import ACTS_ON_PAGE


class ScreenshotParams(ToolParams):
    """``take_screenshot`` arguments: what to capture (and, for an element, which annotation of which batch)."""

    kind: Annotated[Literal["viewport", "full", "element"],
                    Field(description="viewport: the visible page; full: the whole document; element: the "
                                      "element of an annotation (of `batch`), with a 16 px margin")] = "viewport"
    annotation: Annotated[AnnotationNumber, Field(description="the annotation number (1-based) for "
                                                              "kind=element")] = None
    batch: Annotated[str, Field(description="for kind=element: 'current' (the unsent batch) or the id of a "
                                            "sent batch, as wait_for_annotations returned it")] = "current"


async def take_screenshot(args: ScreenshotParams, ctx: ToolContext) -> ScreenshotReply:
    """``screenshot(kind, downscale=true, inline=true, batch, annotation?)``, its image fitted to
    ``ctx.image_budget`` in a worker thread. Raises the app's errors, and ``CAPTURE_FAILED`` when the app's
    image does not decode."""
    params: dict[str, Any] = {"kind": args.kind, "downscale": True, "inline": True, "batch": args.batch}
    if args.annotation is not None:
        params["annotation"] = args.annotation
    result = await ctx.call("screenshot", params)
    image = None
    if result.get("data"):
        image = await anyio.to_thread.run_sync(fit_image, result["data"], ctx.image_budget)
    return ScreenshotReply(result, args.annotation, image)


TOOLS: tuple[ToolDefinition, ...] = (
    ToolDefinition(
        name="take_screenshot", params=ScreenshotParams, handler=take_screenshot,
        annotations=ACTS_ON_PAGE,   # writes a PNG; the image is the page's pixels
        description="Screenshot of the page as pagenote shows it (without the markers), scaled to at most 1568 px "
                    "on the long edge and 1.15 megapixels: a PNG, or a JPEG (smaller still, if need be) when the "
                    "PNG is over the image budget (800 KB of base64 by default; the text says which). A full "
                    "page too tall to fit at scale 0.5 or more is sent as its top band at 0.5 (the text gives the "
                    "document y range shown). The full-size PNG is saved under <project>/shots/ and its path is in "
                    "the text."),
)
