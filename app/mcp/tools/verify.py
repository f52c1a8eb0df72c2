"""``verify_annotations``: did the page change as each annotation asked? (issue 31, requirement 4)

``annotations.verify(batch, annotation?)`` (:mod:`app.agent.verify_annotations`) re-anchors each sent
annotation on the tab's page, crops it again and compares it with the crop taken when it was pinned. The result,
text first so a text-only client still gets the verdict:

1. one line per annotation — ``Annotation 1: changed (exact; 1 style change, 2 size changes; 18.4 % of pixels differ)``
   or ``Annotation 2: not verified (VERIFY_STALE)`` — outside any block (pagenote's own words);
2. the changes (``padding: 4px 8px → 12px 16px``, ``text: "Save" → "Save changes"``) and the errors' messages in
   one untrusted block (styles and texts are the page's);
3. for at most :data:`MAX_ANNOTATIONS` verified annotations, three images each — before (pin time), after
   (now), diff (changed pixels in magenta) — each after a line naming it (``Annotation 1 of batch 20261203-…,
   before: …``: :func:`app.mcp.annotation_images.image_subject`), fitted to an equal share of the server's image
   budget (:func:`app.mcp.images.fit_image`); the others are named in a line.

Structured content: the socket's answer (``batch``, ``results`` with each ``verification`` or ``error``,
``verified``, ``changed``).
"""

from __future__ import annotations

import base64
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import anyio.to_thread
from mcp.types import CallToolResult, ToolAnnotations
from pydantic import Field

from app.core.errors import PagenoteError
from app.mcp.images import KB, MIN_BUDGET_KB, FittedImage, fit_image
from app.mcp.annotation_images import image_subject, labelled_content
from app.mcp.response import render
from app.mcp.tool import ToolContext, ToolDefinition
from app.mcp.arguments import AnnotationNumber, ToolParams
from app.mcp.untrusted import escaped_structure, page_result

#: Verified annotations whose three images go into one result.
MAX_ANNOTATIONS = 3
#: Largest image file read, in bytes (the app's own crops; far below this).
MAX_FILE_BYTES = 40 * 1024 * 1024
IMAGE_NAMES = (("before", "before: the element when it was pinned"), ("after", "after: the element now"),
               ("diff", "diff: changed pixels in magenta over the after image, aligned by the element's box; the "
                        "red boxes #1, #2 … number the changed regions, not annotations"))


class VerifyParams(ToolParams):
    """``verify_annotations`` arguments: a sent batch id and an optional annotation number."""

    batch: Annotated[str, Field(description="a sent batch id (from wait_for_annotations, get_annotations or "
                                            "list_batches)")]
    annotation: Annotated[AnnotationNumber, Field(description="the annotation number (1-based) to verify; leave "
                                                              "out to verify the whole batch")] = None


@dataclass(frozen=True)
class Picture:
    """One image of the result: the line before it and the fitted image (``None``: not readable)."""

    label: str
    image: FittedImage | None


@dataclass(frozen=True)
class VerifyReply:
    """The ``annotations.verify`` ``result`` and its :class:`Picture` s."""

    result: dict[str, Any]
    pictures: tuple[Picture, ...] = ()
    left_out: str = ""


def _fitted(path: str, budget: int) -> FittedImage | None:
    try:
        p = Path(path)
        if not p.is_file() or p.stat().st_size > MAX_FILE_BYTES:
            return None
        return fit_image(base64.b64encode(p.read_bytes()).decode("ascii"), budget)
    except (OSError, PagenoteError):
        return None


def pictures(result: dict, budget: int) -> tuple[list[Picture], str]:
    """The labelled images of ``result``'s verified annotations (module docstring) and a line naming those left
    out (or ``""``). Blocking (decodes and encodes images): run it off the event loop."""
    verified = [r for r in result.get("results") or [] if isinstance(r.get("verification"), dict)]
    shown, left = verified[:MAX_ANNOTATIONS], verified[MAX_ANNOTATIONS:]
    share = max(MIN_BUDGET_KB * KB, budget // max(1, len(shown) * len(IMAGE_NAMES)))
    out = []
    for entry in shown:
        v = entry["verification"]
        for key, what in IMAGE_NAMES:
            path = str(v.get(key) or "")
            if path:
                image = _fitted(path, share)
                out.append(Picture(f"{image_subject(entry['annotation'], result.get('batch'))}, {what}: {path}"
                                   + ("" if image else " (could not be read)"), image))
    rest = (f"Images of annotations {', '.join(str(r['annotation']) for r in left)} are not inlined: call "
            "verify_annotations with annotation=N, or read the paths in the structured content" if left else "")
    return out, rest


async def verify_annotations(args: VerifyParams, ctx: ToolContext) -> VerifyReply:
    """``annotations.verify(batch, annotation?)``, with the images of up to :data:`MAX_ANNOTATIONS`."""
    params: dict[str, Any] = {"batch": args.batch}
    if args.annotation is not None:
        params["annotation"] = args.annotation
    result = await ctx.call("annotations.verify", params)
    shown, left_out = await anyio.to_thread.run_sync(pictures, result, ctx.image_budget)
    return VerifyReply(result, tuple(shown), left_out)


def _verdicts(result: dict) -> list[str]:
    out = []
    for entry in result.get("results") or []:
        if isinstance(entry.get("verification"), dict):
            out.append(str(entry.get("text", "")).split("\n", 1)[0])
        else:
            out.append(f"Annotation {entry.get('annotation')}: not verified ({(entry.get('error') or {}).get('code')})")
    return out


@render.register
def _(reply: VerifyReply) -> CallToolResult:
    result = reply.result
    head = (f"Verified {result.get('verified', 0)} of {len(result.get('results') or [])} annotation(s) of batch "
            f"{result.get('batch')}: {result.get('changed', 0)} changed.\n" + "\n".join(_verdicts(result)) +
            "\nThe changes, per annotation:")
    details = "\n\n".join(str(entry.get("text", "")) for entry in result.get("results") or [])
    structured = escaped_structure(result)
    out = page_result(head, details, structured, what="the annotated elements' styles and texts")
    out.content = [*out.content, *labelled_content(reply.pictures, reply.left_out)]
    return out


TOOLS: tuple[ToolDefinition, ...] = (
    ToolDefinition(
        name="verify_annotations", params=VerifyParams, handler=verify_annotations,
        # It takes crops and keeps the result with the batch (not read-only); the changes quote the page.
        annotations=ToolAnnotations(read_only_hint=False, destructive_hint=False, idempotent_hint=True,
                                    open_world_hint=True),
        description="After changing the code for a sent batch, check each annotation in the page: pagenote finds "
                    "its element again (exact / rematched; a stale one is reported, never compared), crops it "
                    "again at the same scale as when it was pinned, and returns per annotation the verdict, the "
                    "changed computed styles (padding: 4px 8px → 12px 16px), text, size and position changes, "
                    "the changed-pixel share, and before / after / diff images. The whole batch in one call, or "
                    "annotation=N. Marking an annotation resolved runs it too."),
)
