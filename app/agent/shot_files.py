"""The parts of ``screenshot`` that Playwright MCP's ``browser_take_screenshot`` asks for beyond pagenote's own
kinds (issue 27, agent parity): an element named by ``target`` (a ref of a snapshot, or a unique selector) instead
of an annotation number, and the image saved under a chosen ``filename`` and ``format`` (PNG or JPEG).

Rules:

- ``target``: pinned as every action's (:meth:`app.agent.targets.TargetPins.pin`: ``STALE_REF``,
  ``REF_IN_OTHER_TAB``, the selector errors), scrolled into view as for a hover
  (:meth:`app.tabs.actions.Actor.target` without the hit test), then cropped to its border box with no margin
  (Playwright's element screenshot) from the viewport, or from a full-page capture of that part when it is taller
  than the viewport (:func:`app.capture.region.box_crop`). An element that draws nothing is ``CAPTURE_NO_BOX``.
- ``filename``: a relative name is resolved in pagenote's output directory for screenshots, ``<project>/shots/``
  (sub-directories are made); an absolute path must lie inside it. Anything that resolves outside it (``..``,
  another absolute path, a symbolic link out) is ``INVALID_PARAMS`` and nothing is written. A name ending in
  ``.png``, ``.jpg`` or ``.jpeg`` gives the format when ``format`` is not given (Playwright MCP infers it the same
  way); another ending gets the format's own appended (``home`` → ``home.png``), so no other kind of file is ever
  written. An existing file of that name is replaced.
- ``format``: ``png`` (default) or ``jpeg`` (Pillow, quality :data:`JPEG_QUALITY`, transparency on white). The
  PNG pagenote always saves under its own name stays (``shots/index.jsonl`` lists it); the chosen file is an extra
  copy.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from PIL import Image

from app.agent.snapshots import RefParams
from app.capture.region import box_crop
from app.capture.shots import Shooter, Shot
from app.core.errors import PagenoteError
from app.sinks import write_atomic
from app.tabs.actions import Actor

#: JPEG quality of a saved ``format=jpeg`` file (Pillow's scale, 1..95).
JPEG_QUALITY = 90
_SUFFIXES = {".png": "png", ".jpg": "jpeg", ".jpeg": "jpeg"}


def output_file(shots: Path, filename: str | None, fmt: str | None, default: Path) -> tuple[Path | None, str]:
    """Where the chosen file goes and its format: ``(path, "png" | "jpeg")``; ``path`` is ``None`` when nothing
    besides the PNG at ``default`` is asked for (no ``filename``, format PNG). ``shots``: the output directory;
    ``default``: the PNG pagenote saved (a JPEG without a filename takes its name, ``.jpeg``). Raises
    ``INVALID_PARAMS`` (module docstring)."""
    root = shots.resolve()
    if filename is None:
        fmt = fmt or "png"
        return (None, fmt) if fmt == "png" else (default.with_suffix(".jpeg"), fmt)
    name = filename.strip()
    if not name:
        raise PagenoteError("INVALID_PARAMS", "screenshot: filename is empty")
    try:
        path = (root / name).resolve()   # an absolute name replaces root; symbolic links are followed
    except (OSError, ValueError) as exc:   # a NUL, a name too long, a link loop
        raise PagenoteError("INVALID_PARAMS", f"screenshot: filename {filename!r} is not a usable path ({exc})",
                            "give a plain file name") from None
    if not path.is_relative_to(root) or path == root:
        raise PagenoteError("INVALID_PARAMS", f"screenshot: filename {filename!r} is outside pagenote's output "
                                              f"directory {root}", "give a file name: it is saved in that directory")
    given = _SUFFIXES.get(path.suffix.lower())
    if fmt is not None and given is not None and given != fmt:
        raise PagenoteError("INVALID_PARAMS", f"screenshot: filename {filename!r} ends in {path.suffix} but the "
                                              f"type is {fmt}", "leave type out, or end the name to match it")
    fmt = fmt or given or "png"
    if given is None:
        path = path.with_name(path.name + (".png" if fmt == "png" else ".jpeg"))
    return path, fmt


def write_copy(png: bytes, path: Path, fmt: str) -> None:
    """Write the PNG ``png`` to ``path`` as ``fmt`` (``png``: as it is; ``jpeg``: re-encoded, transparency on
    white). Blocking: call it in a worker thread. Raises ``OSError``."""
    if fmt == "png":
        write_atomic(path, png)
        return
    with Image.open(io.BytesIO(png)) as image:
        rgb = image.convert("RGBA")
        flat = Image.new("RGB", rgb.size, (255, 255, 255))
        flat.paste(rgb, mask=rgb.getchannel("A"))
    out = io.BytesIO()
    flat.save(out, "JPEG", quality=JPEG_QUALITY)
    write_atomic(path, out.getvalue())


async def target_shot(host: Any, tab: Any, shooter: Shooter, target: str, snapshot_id: str | None) -> tuple[Shot, str]:
    """Crop the element ``target`` names (module docstring) with ``shooter``; returns the shot and the ref it was
    pinned to. ``host``: the :class:`~app.agent.host.TabsHost` (its ``pin`` and ``_locate``). Raises the pinning
    errors, ``STALE_REF``, ``CAPTURE_NO_BOX`` and the capture's errors."""
    ref, sid = await host.pin(target, snapshot_id)
    loc = await host._locate(ref, sid)
    try:
        await Actor(tab, host._locate).target(loc, hit=False)   # scrolled into view (iframes too)
    except PagenoteError as exc:
        if exc.name != "ELEMENT_NOT_ACTIONABLE":
            raise
        raise PagenoteError("CAPTURE_NO_BOX", f"{ref} draws nothing in the page (hidden, zero-size, or clipped "
                                              "away): there is nothing to photograph") from None
    # its border box now (getBoundingClientRect, in the top viewport), not only its first line box
    found = await host._snapshots().resolve(host._tab_of, RefParams(ref=ref, snapshot_id=sid), acting=tab,
                                             tabs=host.app.tabs)
    return await box_crop(shooter, found["rect"], f"-{ref}"), ref
