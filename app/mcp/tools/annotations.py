"""The annotation tools: read a batch, list batches, wait for the user's Send, report back.

=========================== ====================================================================
``get_annotations``         ``annotations.get(batch)``
``list_batches``            ``annotations.list(status?, compact=true)``
``wait_for_annotations``    ``annotations.wait(timeout_ms)`` (long poll, ≤ :data:`MAX_WAIT_MS`)
``acknowledge_annotations`` ``annotations.ack(batch, status, reply, annotation?)``
=========================== ====================================================================

Types, enums and unknown fields are checked before the app is asked (:mod:`app.mcp.arguments`: integers
may come as integer strings, annotation numbers are ≥ 1). Ranges the app owns (``timeout_ms`` 0..300000, an
annotation number beyond the batch, reply length) are checked by the app, not here, so a bad value comes
back as the app's ``INVALID_PARAMS`` / ``NOT_FOUND`` — never a silently clamped value.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, get_args

import anyio.to_thread
from mcp.types import ToolAnnotations
from pydantic import Field

from app.core.errors import PagenoteError
from app.agent.store import Status
from app.mcp.annotation_images import BatchImagesReply, WaitImagesReply, annotation_images, at_detail
from app.mcp.arguments import AnnotationNumber, Integer, ToolParams, optional_enum
from app.mcp.response import AckReply, BatchListReply, BatchReply, WaitReply
from app.mcp.tool import READ_ONLY, ToolContext, ToolDefinition
from app.mcp.untrusted import READS_PAGE

#: Longest ``wait_for_annotations`` the app accepts, in ms (``app.agent.methods.MAX_WAIT_MS``, issue #5 §2);
#: only advertised in the tool's input schema — the app does the checking.
MAX_WAIT_MS = 300_000

#: The store's statuses, defined once (app.agent.store.Status): ``verified`` and ``reopened`` are set by the
#: user's Accept and Reopen in the panel, never by an agent.
BatchStatus = Status
#: An optional batch-status filter, advertised as a plain string enum (:func:`app.mcp.arguments.optional_enum`).
StatusFilter = optional_enum(*get_args(BatchStatus))
#: An optional detail level (app.protocol.detail.LEVELS), advertised the same way.
DetailFilter = optional_enum("compact", "standard", "detailed", "forensic")


# -- get_annotations ------------------------------------------------------------------------------------------


class GetAnnotationsParams(ToolParams):
    """``get_annotations`` arguments: which batch, and an optional status filter."""

    batch: Annotated[str, Field(description='"current" (the unsent batch in the editor) or a sent batch id '
                                            "from list_batches")] = "current"
    status: Annotated[StatusFilter, Field(description="only report the annotations of a sent batch "
                                                            "that have this status")] = None
    detail: Annotated[DetailFilter, Field(description="how much of each element record: compact (note, "
                                                      "selector/locators, text, position), standard (default), "
                                                      "detailed (+ box model, computed styles, the CSS rules "
                                                      "that style it), forensic (+ ancestry with selectors)")] = None


async def get_annotations(args: GetAnnotationsParams, ctx: ToolContext) -> BatchReply:
    """``annotations.get(batch)``; with ``status``, also the 1-based numbers of the annotations that have it.
    Raises ``PagenoteError("INVALID_PARAMS")`` when ``status`` is asked of the current (unsent) batch."""
    view = at_detail(await ctx.call("annotations.get", {"batch": args.batch}), args.detail)
    images, left_out = await anyio.to_thread.run_sync(annotation_images, view, ctx.image_budget)
    if args.status is None:
        return BatchImagesReply(view, images=tuple(images), left_out=left_out)
    states = view.get("annotations") if view.get("id") != "current" else None
    if not isinstance(states, list):
        raise PagenoteError("INVALID_PARAMS", "status filters a sent batch's annotations; the current batch has "
                            "none yet", "leave status out, or pass a sent batch id")
    matching = [i for i, s in enumerate(states, 1) if isinstance(s, dict) and s.get("status") == args.status]
    return BatchImagesReply(view, status=args.status, matching=matching, images=tuple(images), left_out=left_out)


# -- list_batches ---------------------------------------------------------------------------------------------


class ListBatchesParams(ToolParams):
    """``list_batches`` arguments: an optional status filter."""

    status: Annotated[StatusFilter, Field(description="only the sent batches with this status")] = None


async def list_batches(args: ListBatchesParams, ctx: ToolContext) -> BatchListReply:
    """``annotations.list(compact=true, status?)``."""
    params: dict[str, Any] = {"compact": True}
    if args.status is not None:
        params["status"] = args.status
    return BatchListReply(await ctx.call("annotations.list", params), args.status)


# -- wait_for_annotations -------------------------------------------------------------------------------------


class WaitParams(ToolParams):
    """``wait_for_annotations`` arguments: the wait in ms (0..:data:`MAX_WAIT_MS`, checked by the app)."""

    timeout_ms: Annotated[Integer, Field(description="how long to wait, in milliseconds: an integer from 0 "
                                                       "to 300000 (larger values are an error)",
                                           json_schema_extra={"minimum": 0, "maximum": MAX_WAIT_MS})]
    detail: Annotated[DetailFilter, Field(description="how much of each element record: compact, standard "
                                                      "(default), detailed or forensic")] = None


async def wait_for_annotations(args: WaitParams, ctx: ToolContext) -> WaitReply:
    """``annotations.wait(timeout_ms)``, reporting progress while parked (:meth:`ToolContext.call_with_progress`).
    The reply's batch is ``None`` when the app answered ``timed_out`` (or sent no batch)."""
    result = await ctx.call_with_progress("annotations.wait", {"timeout_ms": args.timeout_ms},
                                          total_ms=args.timeout_ms,
                                          message="waiting for the user to press Send in pagenote")
    batch = None if result.get("timed_out") or not result.get("batch") else result["batch"]
    if batch is None:
        return WaitReply(args.timeout_ms, batch)
    batch = at_detail(batch, args.detail)
    images, left_out = await anyio.to_thread.run_sync(annotation_images, batch, ctx.image_budget)
    return WaitImagesReply(args.timeout_ms, batch, images=tuple(images), left_out=left_out)


# -- acknowledge_annotations ----------------------------------------------------------------------------------


class AcknowledgeParams(ToolParams):
    """``acknowledge_annotations`` arguments: batch id, new status, reply line, optional annotation number."""

    batch: Annotated[str, Field(description="a sent batch id (from wait_for_annotations, get_annotations or "
                                            "list_batches)")]
    status: Annotated[Literal["acknowledged", "resolved", "dismissed"],
                      Field(description="acknowledged: seen, working on it; resolved: done; dismissed: won't do")]
    reply: Annotated[str, Field(description="one line for the user (at most 500 characters)")] = ""
    annotation: Annotated[AnnotationNumber, Field(description="the annotation number (1-based) to set; "
                                                              "leave out to set the whole batch")] = None


async def acknowledge_annotations(args: AcknowledgeParams, ctx: ToolContext) -> AckReply:
    """``annotations.ack(batch, status, reply, annotation?)``."""
    params: dict[str, Any] = {"batch": args.batch, "status": args.status, "reply": args.reply}
    if args.annotation is not None:
        params["annotation"] = args.annotation
    view = await ctx.call("annotations.ack", params)
    return AckReply(view, args.status, args.reply, args.annotation)


TOOLS: tuple[ToolDefinition, ...] = (
    ToolDefinition(
        # The records hold page text (Text:, Nearby context:, HTML excerpt: …; the Markdown says which is the page's).
        name="get_annotations", params=GetAnnotationsParams, handler=get_annotations, annotations=READS_PAGE,
        description='Read one batch of annotations without waiting: its Markdown (one "## Annotation N" section '
                    "per element: note, selector, role, styles, geometry, text; detail=compact|standard|detailed|forensic "
                    "chooses how much) and, as structured content, the same model as JSON with the agent statuses "
                    "of a sent batch. An annotation with a reference image comes with two images: its current "
                    "state (element screenshot) and the design target (the reference)."),
    ToolDefinition(
        name="list_batches", params=ListBatchesParams, handler=list_batches, annotations=READ_ONLY,
        description="List the batches the user sent (oldest first: id, status, count, sent time, deliveries) and "
                    "how many annotations the unsent current batch has. Read one with get_annotations(batch=id)."),
    ToolDefinition(
        name="wait_for_annotations", params=WaitParams, handler=wait_for_annotations,
        # It marks the batch delivered (not read-only); its records hold page text, as get_annotations'.
        annotations=ToolAnnotations(read_only_hint=False, destructive_hint=False, open_world_hint=True),
        description="Block until the user presses Send in pagenote (or Ctrl+Return), then return that batch's "
                    "Markdown; a batch sent while nobody was waiting is returned at once. On timeout the result "
                    "says nothing was sent: call again to keep waiting. Your client's tool-call timeout must be "
                    "longer than timeout_ms. detail and reference images as for get_annotations."),
    ToolDefinition(
        name="acknowledge_annotations", params=AcknowledgeParams, handler=acknowledge_annotations,
        annotations=ToolAnnotations(read_only_hint=False, destructive_hint=False, idempotent_hint=True,
                                    open_world_hint=False),
        description="Tell the user what became of a sent batch, or of one annotation in it; pagenote shows the "
                    "status and reply next to the batch."),
)
