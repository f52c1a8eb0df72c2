"""``get_annotations``' and ``wait_for_annotations``' extras: the detail level asked for, and each reference image with the element's own
screenshot as MCP image contents.

An annotation with a reference image (Markdown ``Reference:``) gets two images, each after a text line that
names the annotation and its batch (:func:`image_subject`) and says which is which — ``current state`` (its ``Screenshot:`` crop, when one was taken) and ``design target``
(the reference) — so an agent cannot take one for the other. At most :data:`MAX_ANNOTATIONS` annotations
get images (the others are named in a line); each image is fitted to an equal share of the server's image
budget (:func:`app.mcp.images.fit_image`). The files are read by this process: the MCP server runs beside
the app (it reaches it over the agent's Unix socket), so the app's absolute paths are valid here.
"""

from __future__ import annotations

import base64
import io
from dataclasses import dataclass
from pathlib import Path

from mcp.types import CallToolResult, ImageContent, TextContent
from PIL import Image

from app.core.errors import PagenoteError
from app.mcp.images import KB, MIN_BUDGET_KB, fit_image
from app.mcp.response import BatchReply, WaitReply, render
from app.model.annotation import AnnotationBatch
from app.protocol.detail import DEFAULT_LEVEL, restrict
from app.protocol.markdown import encode_annotations

#: Annotations whose images go into one result (two images each).
MAX_ANNOTATIONS = 3
#: Largest image file read, in bytes.
MAX_FILE_BYTES = 40 * 1024 * 1024


def at_detail(view: dict, detail: str | None) -> dict:
    """A batch ``view`` (``annotations.get``) with its ``markdown`` and ``batch`` at ``detail`` (``None`` or
    ``standard``: as the app wrote it). Raises ``DetailLevelError`` for an unknown level."""
    if detail in (None, DEFAULT_LEVEL) or not isinstance(view.get("batch"), dict):
        return view
    batch = restrict(AnnotationBatch.model_validate(view["batch"]), detail)
    return {**view, "batch": batch.model_dump(mode="json"), "markdown": encode_annotations(batch, detail),
            "detail": detail}


def _png_base64(path: str) -> str | None:
    """The image file at ``path`` as base64 PNG (re-encoded when it is another format), ``None`` when it
    cannot be read."""
    try:
        p = Path(path)
        if not p.is_file() or p.stat().st_size > MAX_FILE_BYTES:
            return None
        data = p.read_bytes()
        if not data.startswith(b"\x89PNG\r\n\x1a\n"):
            out = io.BytesIO()
            with Image.open(io.BytesIO(data)) as image:
                image.save(out, "PNG")
            data = out.getvalue()
    except (OSError, ValueError):
        return None
    return base64.b64encode(data).decode("ascii")


def image_subject(number, batch) -> str:
    """Whose image a label line names: ``Annotation 2 of batch 20261203-162747-1b26``, ``Annotation 2 of the
    current batch`` (``batch`` ``"current"``, empty or ``None``) — an agent holding several batches' pictures never
    takes one annotation's for another's (get_annotations' and verify_annotations' labels)."""
    return f"Annotation {number} of " + (f"batch {batch}" if batch and batch != "current" else "the current batch")


@dataclass(frozen=True)
class Labelled:
    """One image of the result: the text line before it, and the fitted image (``None``: not readable)."""

    label: str
    image: object | None


def annotation_images(view: dict, budget: int) -> tuple[list[Labelled], str]:
    """The labelled images of ``view``'s annotations that have a reference image, and a line naming the ones
    left out (or ``""``). Blocking (decodes and encodes images): run it off the event loop."""
    annotations = (view.get("batch") or {}).get("annotations") or []
    wanted = [(n, a) for n, a in enumerate(annotations, 1) if isinstance(a, dict) and a.get("reference")]
    shown, left = wanted[:MAX_ANNOTATIONS], wanted[MAX_ANNOTATIONS:]
    pairs = [(n, kind, path) for n, a in shown
             for kind, path in (("current", a.get("screenshot")), ("target", a.get("reference"))) if path]
    share = max(MIN_BUDGET_KB * KB, budget // max(1, len(pairs)))
    out = []
    for n, kind, path in pairs:
        what = ("current state: the element's screenshot as the page shows it now" if kind == "current" else
                "design target: the reference image the user attached (how it should look)")
        data = _png_base64(path)
        image = None
        if data is not None:
            try:
                image = fit_image(data, share)
            except PagenoteError:
                image = None
        out.append(Labelled(f"{image_subject(n, view.get('id'))}, {what}: {path}" + ("" if image else " (could not be "
                                                                                      "read)"), image))
    rest = (f"Reference images of annotations {', '.join(str(n) for n, _ in left)} are not inlined: call "
            "get_annotations again or read the Reference: paths" if left else "")
    return out, rest


@dataclass(frozen=True)
class BatchImagesReply(BatchReply):
    """``get_annotations`` with its images (:func:`annotation_images`)."""

    images: tuple[Labelled, ...] = ()
    left_out: str = ""


@dataclass(frozen=True)
class WaitImagesReply(WaitReply):
    """``wait_for_annotations`` with the sent batch's images (:func:`annotation_images`)."""

    images: tuple[Labelled, ...] = ()
    left_out: str = ""


def labelled_content(items, left_out: str = "") -> list:
    """MCP content blocks for labelled pictures: each ``item.label`` as text, then ``item.image`` (``data`` base64,
    ``mime_type``; none when the picture was left out), then the ``left_out`` sentence if any."""
    extra: list = []
    for item in items:
        extra.append(TextContent(type="text", text=item.label))
        if item.image is not None:
            extra.append(ImageContent(type="image", data=item.image.data, mime_type=item.image.mime_type))
    if left_out:
        extra.append(TextContent(type="text", text=left_out))
    return extra


def _with_images(result: CallToolResult, reply) -> CallToolResult:
    result.content = [*result.content, *labelled_content(reply.images, reply.left_out)]
    if reply.images and isinstance(result.structured_content, dict):
        result.structured_content["images"] = [item.label for item in reply.images]
    return result


@render.register
def _(reply: BatchImagesReply) -> CallToolResult:
    return _with_images(render.dispatch(BatchReply)(reply), reply)


@render.register
def _(reply: WaitImagesReply) -> CallToolResult:
    return _with_images(render.dispatch(WaitReply)(reply), reply)
