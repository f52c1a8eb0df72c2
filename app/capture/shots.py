"""Saving screenshots: viewport, full page, element crops, annotated copies — redacted, scaled, named,
tagged with metadata and listed in ``shots/index.jsonl`` (issue #4 §2, §3, §4, §5, §8).

Every image is first captured from Chromium's rendering (:mod:`app.capture.viewport`,
:mod:`app.capture.fullpage`; a viewport while the tab emulates a device: :mod:`app.capture.device_shot`, at
the device's DPR); this module only crops, scales, redacts and draws on the host (Pillow).

Scale (issue #4 §5): ``css`` (default) makes one image px one CSS px; ``device`` keeps device px (CSS px ×
device pixel ratio × zoom). The DPR and the scale are written into the PNG (tEXt chunks ``pagenote:dpr``,
``pagenote:scale``) and into the index line.
"""

from __future__ import annotations

import json
import logging
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import asdict, dataclass, field
from datetime import datetime, timezone
from pathlib import Path

from PIL import Image, PngImagePlugin
from PySide6.QtCore import QSize
from PySide6.QtWebEngineWidgets import QWebEngineView

from app import __version__
from app.core.platform import exclusive_lock
from app.capture.device_shot import device_viewport, emulated_device, is_session_error
from app.capture.draw import draw_annotations, redact
from app.capture.fullpage import grab_full_page
from app.capture.interrupt import CaptureLock, in_thread
from app.capture.png import PngStream, save_png
from app.capture.stitch import rgb_image
from app.capture.timing import NO_PHASES, Phases
from app.capture.viewport import CaptureError, grab_viewport_with
from app.core.errors import PagenoteError
from app.protocol.redact import redact_urls
from app.sinks import slug, stamp, unique_path, write_atomic
from app.webview.bridge import PageBridge
from app.webview.frames import frame_viewport_offset, redaction_rects

log = logging.getLogger("pagenote.capture")

#: Margin around an element crop, in CSS px (issue #4 §2).
CROP_MARGIN = 16


@dataclass
class Shot:
    """One saved image. ``width``/``height`` in image px; ``scale`` = image px per CSS px; ``viewport`` in
    CSS px; ``annotations`` = the numbers drawn on it (annotated) or cropped (element)."""

    path: str
    kind: str  # viewport | full | element | viewport-annotated | full-annotated
    width: int
    height: int
    dpr: float
    scale: float
    url: str
    title: str
    viewport: dict
    time: str
    annotations: list[int] = field(default_factory=list)


class Shooter:
    """Captures for one view into ``<project_dir>/shots/``. ``scale`` is ``css`` or ``device``."""

    def __init__(self, view: QWebEngineView, bridge: PageBridge, project_dir: Path, scale: str = "css",
                 lock: CaptureLock | None = None) -> None:
        if scale not in ("css", "device"):
            raise ValueError("scale must be 'css' or 'device'")
        self.view = view
        self.bridge = bridge
        self.directory = (project_dir / "shots").resolve()
        self.scale = scale
        # One capture at a time per view: a capture scrolls the page, hides scrollbars and pins fixed/sticky
        # elements, so two at once would photograph each other's changes. Pass the view's one lock.
        self.lock = lock or CaptureLock(view)
        #: Where each capture's time goes (:mod:`app.capture.timing`); benches set a ``Phases`` here.
        self.timings: Phases = NO_PHASES

    @asynccontextmanager
    async def _capturing(self, what: str = "capture") -> AsyncIterator[Callable[[], None]]:
        """Hold the view's capture lock (saving included: file names are picked then). The capture stops with
        :class:`~app.capture.interrupt.CaptureStopped` when it is interrupted meanwhile — ``PAGE_NAVIGATED``
        when the page starts loading another document (an image stitched from two documents, or named after the
        second, must never be saved as a success), Cancel, the renderer dying, the tab closing …
        (:mod:`app.capture.interrupt`). Yields ``check()``, which raises a pending interruption before anything
        is saved. ``what``: the kind of capture (:meth:`~app.capture.interrupt.CaptureLock.hold`)."""
        async with self.lock.hold(what):
            yield self.lock.check

    # -- geometry ------------------------------------------------------------------------------------------

    @property
    def device_per_css(self) -> float:
        """Device px per CSS px: DPR × page zoom."""
        return self.view.devicePixelRatioF() * (self.view.zoomFactor() or 1.0)

    def _to_scale(self, image: Image.Image, k_dev: float | None = None) -> tuple[Image.Image, float]:
        """``image`` (device px: ``k_dev`` per CSS px, :attr:`device_per_css` by default) at the chosen scale;
        returns it with its image-px-per-CSS-px factor."""
        k = k_dev or self.device_per_css
        if self.scale == "device" or abs(k - 1.0) < 1e-6:
            return image, k
        size = (max(1, round(image.width / k)), max(1, round(image.height / k)))
        return image.resize(size, Image.Resampling.LANCZOS), 1.0

    def _viewport_css(self) -> dict:
        zoom = self.view.zoomFactor() or 1.0
        size = self.view.property("pagenoteEmulatedViewport")  # an emulated viewport (app.tabs.emulation)
        if isinstance(size, QSize) and size.isValid() and not size.isEmpty():
            return {"width": size.width(), "height": size.height()}
        return {"width": round(self.view.width() / zoom), "height": round(self.view.height() / zoom)}

    # -- saving --------------------------------------------------------------------------------------------

    def _info(self, kind: str, k: float, dpr: float | None = None) -> tuple[PngImagePlugin.PngInfo, str]:
        """pagenote's PNG text chunks for an image of ``kind`` at ``k`` image px per CSS px taken at ``dpr``
        (the view's by default), and the page's URL (credentials and secrets redacted) they name."""
        url = redact_urls(self.view.page().url().toString())
        info = PngImagePlugin.PngInfo()
        for key, value in (("Software", f"pagenote {__version__}"), ("pagenote:kind", kind),
                           ("pagenote:dpr", f"{dpr or self.view.devicePixelRatioF():g}"), ("pagenote:scale", f"{k:g}"),
                           ("pagenote:url", url)):
            info.add_text(key, value)
        return info, url

    def _shot(self, path: Path, kind: str, size: tuple[int, int], k: float, url: str, numbers: list[int],
              dpr: float | None = None) -> Shot:
        """The :class:`Shot` of an image about to be saved at ``path`` (the view's facts read now, while it
        exists; ``dpr``: the image's, the view's by default)."""
        return Shot(str(path), kind, size[0], size[1], dpr or self.view.devicePixelRatioF(), k, url,
                    self.view.page().title(),
                    self._viewport_css(), datetime.now(timezone.utc).isoformat(timespec="seconds"), numbers)

    async def _write(self, image: Image.Image, kind: str, suffix: str, k: float, numbers: list[int],
                     base: str, dpr: float | None = None) -> Shot:
        """Encode ``image`` as PNG with pagenote's tEXt chunks and write it under a fresh name; not yet in the
        index. The encoding and the write run in a worker thread (:func:`app.capture.png.save_png`), so the
        agent socket and the window stay responsive meanwhile; cancelled meanwhile, the file is removed once the
        thread is done (:func:`app.capture.interrupt.in_thread`)."""
        info, url = self._info(kind, k, dpr)
        path = unique_path(self.directory, base + suffix, ".png")
        shot = self._shot(path, kind, image.size, k, url, numbers, dpr)
        # Streamed band by band (app/capture/png.py: no second copy of the image, the fastest deflate here).
        await in_thread(lambda: save_png(image, path, info, self.timings), lambda: path.unlink(missing_ok=True))
        return shot

    async def _save(self, image: Image.Image, kind: str, suffix: str, k: float, numbers: list[int],
                    base: str) -> Shot:
        """:meth:`_write` ``image`` and list it in the index."""
        shot = await self._write(image, kind, suffix, k, numbers, base)
        self._index(shot)
        return shot

    def _index(self, shot: Shot) -> None:
        """Append ``shot`` to ``shots/index.jsonl``: rewritten atomically under an advisory lock, so readers
        never see a torn line and concurrent pagenote processes do not lose lines."""
        index = self.directory / "index.jsonl"
        with exclusive_lock(self.directory / ".index.lock"):
            old = index.read_bytes() if index.exists() else b""
            if old and not old.endswith(b"\n"):
                old += b"\n"
            write_atomic(index, old + json.dumps(asdict(shot), ensure_ascii=False).encode("utf-8") + b"\n")

    def _base(self) -> str:
        page = self.view.page()
        return f"{stamp()}-{slug(page.title() or page.url().host())}"

    # -- captures ------------------------------------------------------------------------------------------

    async def viewport(self, pins: list[tuple[int, str]] = (), annotated: bool = True,
                 extra_rects: dict[str, dict] | None = None) -> tuple[Shot, Shot | None]:
        """Save the visible viewport (redacted) and, when ``annotated`` and any pinned element of ``pins``
        (``(number, id)``) is on this page, a copy with outlines and numbers. ``extra_rects`` gives viewport
        rects (CSS px) for pins the main frame does not know (elements in iframes). While the tab emulates a
        device the image is Chromium's at the device's DPR (:mod:`app.capture.device_shot`; a grab when the
        session fails). Raises :class:`CaptureError`."""
        self.directory.mkdir(parents=True, exist_ok=True)
        async with self._capturing() as check:
            size = self._viewport_css()
            region = (0, 0, size["width"], size["height"])
            shot = await self._device_grab(size, region)
            if shot is None:
                image, redactions = await self._grab_with_redactions(False, region)
                k_dev, dpr = self.device_per_css, None
            else:
                image, redactions, k_dev, dpr = shot
            rects = {**(await self.bridge.call("pinnedRects", [pin_id for _, pin_id in pins], False) or {}),
                     **(extra_rects or {})}
            check()
            return await self._clean_and_annotated(image, "viewport", "", redactions, rects, pins, annotated,
                                                   k_dev, dpr)

    async def _device_grab(self, size: dict, region: tuple[float, float, float, float]) \
            -> tuple[Image.Image, list[dict], float, float] | None:
        """While the tab emulates a device and the grab would differ — the ``device`` scale (the device's DPR,
        not the window's), or a viewport larger than the view (a grab cannot hold it) —: the viewport at the
        device's DPR (:func:`device_viewport`) with the rects to fill, measured before and after the shot, its
        device px per CSS px and its DPR. ``None`` otherwise (the ``css`` scale of a viewport that fits: a grab
        gives the same image, about ten times faster), or when the CDP session fails (logged: the caller grabs
        instead)."""
        device = emulated_device(self.view)
        if device is None:
            return None
        zoom = self.view.zoomFactor() or 1.0
        fits = size["width"] * zoom <= self.view.width() and size["height"] * zoom <= self.view.height()
        if self.scale == "css" and fits:
            return None
        session, dpr = device
        measure = lambda: redaction_rects(self.bridge, False, region)  # noqa: E731
        try:
            with self.timings.span("device shot"):
                image, before, after = await device_viewport(self.bridge, session, dpr, measure)
        except PagenoteError as exc:
            if not is_session_error(exc):
                raise
            log.warning("device screenshot over CDP failed (%s); grabbing the view at its own DPR", exc)
            return None
        return image, before + after, dpr, dpr  # dpr image px per CSS px of the page (device_viewport checks)

    async def full_page(self, pins: list[tuple[int, str]] = (), annotated: bool = False, progress=None,
                  cancelled=lambda: False, extra_rects: dict[str, dict] | None = None) -> tuple[Shot, Shot | None]:
        """Save the whole document (:func:`grab_full_page`), redacted, and optionally an annotated copy.
        ``extra_rects``: document rects (CSS px) of pins in iframes."""
        self.directory.mkdir(parents=True, exist_ok=True)
        k = self.device_per_css
        # A clean image at its captured scale is streamed into its file as the tiles come (never held whole);
        # one to draw on or to resize is stitched in memory first.
        streamed = not annotated and (self.scale == "device" or abs(k - 1.0) < 1e-6)
        streams: list[PngStream] = []
        url = ""

        def stream(width: int, height: int) -> PngStream:
            nonlocal url
            info, url = self._info("full", k)
            streams.append(PngStream(self.directory, width, height, info))
            return streams[-1]

        async with self._capturing("full") as check:
            try:
                page = await grab_full_page(self.view, self.bridge, pin_ids=[pin_id for _, pin_id in pins],
                                            progress=progress, cancelled=cancelled,
                                            stream=stream if streamed else None, phases=self.timings)
                check()
                if page.image is None:
                    out = streams[0]
                    path = unique_path(self.directory, self._base() + "-full", ".png")
                    shot = self._shot(path, "full", (out.width, out.height), k, url, [])
                    await in_thread(lambda: out.finish(path, self.timings), lambda: path.unlink(missing_ok=True))
                    self._index(shot)
                    return shot, None
            finally:
                for unfinished in streams:
                    unfinished.discard()  # after finish: nothing left to delete
            return await self._clean_and_annotated(page.image, "full", "-full", page.redactions,
                                                   {**page.pin_rects, **(extra_rects or {})}, pins, annotated)

    async def _grab_with_redactions(self, doc: bool, region: tuple[float, float, float, float],
                                    probe: bool = True) -> tuple[Image.Image, list[dict]]:
        """The viewport (device px, RGB) and the rects to fill in it (:func:`redaction_rects`; document
        coordinates when ``doc``), measured before and after the grab — both are filled, so a secret field that
        moves or appears meanwhile is still covered. ``probe``: as :func:`grab_viewport_with`'s. The grab's own
        errors come first (``CAPTURE_NO_PICKER`` on an error page), then ``CAPTURE_REDACTION_UNVERIFIED``."""
        # The first measurement runs while the paint probe's frame is awaited (grab_viewport_with), always
        # before the image's frame is made.
        grabbed, before = await grab_viewport_with(self.view, self.bridge,
                                                   lambda: redaction_rects(self.bridge, doc, region),
                                                   phases=self.timings, probe=probe)
        with self.timings.span("redaction"):
            after = await redaction_rects(self.bridge, doc, region)
        with self.timings.span("conversion"):
            image = rgb_image(grabbed)
        return image, before + after

    async def _clean_and_annotated(self, image: Image.Image, kind: str, suffix: str, redactions: list[dict],
                                   rects: dict, pins, annotated: bool, k_dev: float | None = None,
                                   dpr: float | None = None) -> tuple[Shot, Shot | None]:
        """Scale and redact ``image`` (device px, ``k_dev`` per CSS px: :attr:`device_per_css` by default,
        taken at ``dpr``: the view's by default), save it as ``kind``, and — when ``annotated`` and any pin has
        a rect — save a copy with the outlines and numbers as ``<kind>-annotated``."""
        image, k = self._to_scale(image, k_dev)
        redact(image, redactions, k)
        base = self._base()
        clean = await self._write(image, kind, suffix, k, [], base, dpr)
        # Only pins whose rect (CSS px, the image's coordinates) meets the image are drawn and listed: an
        # element scrolled out of the viewport has a rect, but no place in this picture.
        w, h = image.width / k, image.height / k
        items = [(n, r) for n, pin_id in pins if (r := rects.get(pin_id))
                 and r["x"] < w and r["y"] < h and r["x"] + r["width"] > 0 and r["y"] + r["height"] > 0]
        drawn = None
        if annotated and items:
            draw_annotations(image, items, k)  # the clean copy is written: draw on the same pixels
            try:
                drawn = await self._write(image, f"{kind}-annotated", f"{suffix}-annotated", k,
                                          [n for n, _ in items], base, dpr)
            except BaseException:  # the pair or nothing (a cancelled capture leaves no file)
                Path(clean.path).unlink(missing_ok=True)
                raise
        for shot in (clean, drawn):  # indexed together, after the last await: never half a pair listed
            if shot is not None:
                self._index(shot)
        return clean, drawn

    async def _revealed_rect(self, pin_id: str, chain: list[str]) -> dict | None:
        """Scroll pinned element ``pin_id`` into view and return its rect in the top viewport (CSS px). With a
        ``chain`` (iframe selectors from the top document) ``pin_id`` is the page-side id in that frame:
        scrollIntoView scrolls the frames around it too, so the frame's offset is measured afterwards. ``{box}``
        (no ``x``) when the element draws nothing (main.js ``revealBox``); ``None`` when it is gone."""
        if not chain:
            rect = await self.bridge.call("revealBox", pin_id)
            return rect if isinstance(rect, dict) else None
        found = await frame_viewport_offset(self.bridge, chain)
        if found is None:
            return None
        rect = await self.bridge.call("revealBox", pin_id, frame=found[0])
        found = await frame_viewport_offset(self.bridge, chain)
        if not isinstance(rect, dict) or found is None:
            return None
        if "x" not in rect:  # it draws nothing: {box}
            return rect
        (ox, oy) = found[1]
        return {**rect, "x": rect["x"] + ox, "y": rect["y"] + oy}

    async def element(self, number: int, pin_id: str, chain: list[str] | None = None) -> Shot:
        """Save a crop of pinned element ``pin_id`` (annotation ``number``) with a :data:`CROP_MARGIN` CSS px
        margin clamped to the document, from the viewport when it fits (scrolled into view), else from a
        full-page capture. For an element inside iframes, ``chain`` lists the iframe selectors from the top
        document and ``pin_id`` is its page-side id in the innermost frame. Raises :class:`CaptureError`
        ``CAPTURE_NOT_ON_PAGE`` when the element is gone, ``CAPTURE_NO_BOX`` when it draws nothing (hidden,
        zero-size; a ``display: contents`` element is cropped to its children's union)."""
        self.directory.mkdir(parents=True, exist_ok=True)
        async with self._capturing() as check:
            rect = await self._revealed_rect(pin_id, chain or [])
            if rect is None:
                raise CaptureError("CAPTURE_NOT_ON_PAGE", f"annotation {number}'s element is not on this page")
            if "x" not in rect:  # hidden, zero-size: never a crop of whatever is at the page's corner (issue 9 §6)
                raise CaptureError("CAPTURE_NO_BOX", f"annotation {number}'s element draws nothing "
                                                     f"({rect.get('box') or 'no box'})")
            metrics = await self.bridge.call("documentMetrics") or {}
            scroll, doc = metrics.get("scroll", {"x": 0, "y": 0}), metrics
            m = CROP_MARGIN
            # The crop in document coordinates, clamped to the document.
            left = max(rect["x"] + scroll["x"] - m, 0)
            top = max(rect["y"] + scroll["y"] - m, 0)
            right = min(rect["x"] + scroll["x"] + rect["width"] + m, doc.get("width", 1e9))
            bottom = min(rect["y"] + scroll["y"] + rect["height"] + m, doc.get("height", 1e9))
            crop, k = await self.crop_document((left, top, right, bottom), metrics)
            check()
            return await self._save(crop, "element", f"-a{number}", k, [number], self._base())

    async def crop_document(self, box: tuple[float, float, float, float], metrics: dict, probe: bool = True):
        """The document part ``box`` (``left, top, right, bottom``, CSS px, document coordinates, already clamped
        to the document) as a redacted image at this shooter's scale: ``(image, k)`` with ``k`` image px per
        CSS px. From one viewport grab when ``box`` is all in the viewport that ``metrics`` (the page's
        ``documentMetrics``: ``scroll``, ``viewport``) describes, else from a full-page capture of that part.
        ``probe`` false (a grab the user did not ask for): the viewport grab puts nothing in the page
        (:func:`~app.capture.viewport.grab_viewport_with`), and a ``box`` outside the viewport raises
        ``CAPTURE_FAILED`` (a full-page capture would scroll the page). Call inside :meth:`_capturing`.
        Raises :class:`CaptureError` from the grabs."""
        left, top, right, bottom = box
        scroll, view = metrics.get("scroll") or {"x": 0, "y": 0}, metrics.get("viewport") or {}
        inside = (left >= scroll["x"] and top >= scroll["y"] and right <= scroll["x"] + view.get("width", 0)
                  and bottom <= scroll["y"] + view.get("height", 0))
        if inside:
            source, redactions = await self._grab_with_redactions(True, box, probe)
            origin = (scroll["x"], scroll["y"])
        elif not probe:
            raise CaptureError("CAPTURE_FAILED", "the box is not wholly in the viewport")
        else:
            page = await grab_full_page(self.view, self.bridge, clip=box)
            source, redactions, origin = page.image, page.redactions, page.origin
        k_dev = self.device_per_css
        crop, k = self._to_scale(source.crop((round((left - origin[0]) * k_dev), round((top - origin[1]) * k_dev),
                                              round((right - origin[0]) * k_dev),
                                              round((bottom - origin[1]) * k_dev))))
        redact(crop, redactions, k, origin=(left, top))
        return crop, k
