"""A tab's *before* crops (issue 31, requirements 1 and 5): each annotation's element (or region, or a group's
box) cropped when it is pinned, and kept with its batch when the batch is sent, so a later verification
compares the page after the agent's change with the page the user annotated.

- **At pin time**: once a pin's whole record is made (:attr:`~app.model.session.Pin.recording` ends), its box
  is cropped at the tab's ``css`` scale with :data:`MARGIN` CSS px around it (:func:`box_crop` with ``scroll``
  off: the page never moves under the user; the element is in view, the user just clicked it — one that is not
  wholly in view gets no crop) into ``<project>/annotations/before/`` — not ``shots/``: these are not the
  user's screenshots and are never listed in the Markdown. A crop that fails is remembered with its reason
  (a verification then says it: ``VERIFY_NO_BEFORE``). An element pinned again in a later batch gets a new crop.
- **At Send**: the session archives the batch's pins (:meth:`~app.model.session.Session.archive`); each crop is
  then copied to ``<project>/annotations/sent/<batch id>/a<n>-before.png`` and described in that folder's
  ``before.json`` (:func:`read_before`), so a later pin, capture or Element crops never overwrites it. A crop
  still being taken at Send is copied when it is done (:meth:`BeforeCrops.pending` waits for it).

:func:`box_crop` is also how a verification takes its *after* crop (app.agent.verify_annotations): the same
box rule, scale and margin.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import shutil
from dataclasses import dataclass
from pathlib import Path

from PIL import Image

from app.capture.shots import CROP_MARGIN
from app.capture.viewport import CaptureError
from app.core.errors import PagenoteError
from app.core.tasks import spawn
from app.model.batch_folder import SENT_DIR
from app.sinks import stamp, write_atomic

log = logging.getLogger("pagenote.verify")

#: CSS px of page kept around the element's box in a before/after crop (as an element crop's margin).
MARGIN = CROP_MARGIN
#: The file describing a sent batch's before crops, in its folder (:func:`batch_dir`).
BEFORE_JSON = "before.json"


def batch_dir(project_dir: Path, batch_id: str) -> Path:
    """``<project>/annotations/sent/<batch id>/``: a sent batch's before crops and verification images (beside
    its ``<batch id>.json``, app.agent.store)."""
    return project_dir / SENT_DIR / batch_id


def read_before(project_dir: Path, batch_id: str) -> dict[int, dict]:
    """The before crops kept for sent batch ``batch_id``: annotation number → ``{path, scale, box, rect, dpr,
    zoom, emulated, page, kind}`` (``box``: the element's ``[x, y, width, height]`` in image px; ``rect``: its box
    in CSS px, document coordinates; ``zoom``: the page zoom factor at pin time; ``viewport``: the view's
    ``[width, height]`` in CSS px then, :func:`view_size`) or ``{error}`` (``"CODE — reason"``: the crop at pin time failed). Empty when
    none was kept (the batch was sent by an agent, or before this app started). Unreadable: empty."""
    try:
        data = json.loads((batch_dir(project_dir, batch_id) / BEFORE_JSON).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return {int(k): v for k, v in data.items() if str(k).isdigit() and isinstance(v, dict)} \
        if isinstance(data, dict) else {}


@dataclass
class BoxCrop:
    """A crop around a box: the ``image`` (RGB), ``scale`` image px per CSS px, the box within it (``box``:
    ``(x, y, width, height)`` image px), the box in the document (``rect``: ``{x, y, width, height}`` CSS px)
    and the view's ``dpr``."""

    image: Image.Image
    scale: float
    box: tuple[float, float, float, float]
    rect: dict
    dpr: float


async def _pinned_rect(tab, page_id: str, chain: list[str], scroll: bool) -> dict:
    """Pinned element ``page_id``'s border box in the top viewport (CSS px): scrolled into view first when
    ``scroll``, else measured where it is (``refreshPins``; main frame only). Raises :class:`CaptureError`."""
    if scroll:
        seen = await tab.capture.shooter("css")._revealed_rect(page_id, chain)
    elif chain:
        raise CaptureError("CAPTURE_FAILED", "an element inside a frame is not cropped when it is pinned")
    else:
        answer = await tab.bridge.call("refreshPins", [page_id])
        found = answer.get(page_id) if isinstance(answer, dict) else None
        seen = found.get("viewport") if isinstance(found, dict) and found.get("status") != "stale" else None
        seen = seen if isinstance(seen, dict) else ({"box": "no box"} if isinstance(found, dict) else None)
    if seen is None:
        raise CaptureError("CAPTURE_NOT_ON_PAGE", "the annotated element is not on this page")
    if "x" not in seen:
        raise CaptureError("CAPTURE_NO_BOX", f"the annotated element draws nothing ({seen.get('box') or 'no box'})")
    return seen


async def box_crop(tab, page_id: str, chain: list[str], rect: dict | None = None, scroll: bool = True) -> BoxCrop:
    """Crop tab ``tab``'s page around pinned element ``page_id`` (in the frame ``chain`` names) or, with
    ``rect`` (``{x, y, width, height}``, CSS px, document coordinates: a region, a group's box), around that
    rectangle, :data:`MARGIN` CSS px around, clamped to the document, at the ``css`` scale; holds the tab's
    capture lock. ``scroll``: the element is scrolled into view when it is not (and the page's scroll position
    put back afterwards); else the page is never scrolled — the box must be wholly in the viewport, and the
    margin is clamped to it (a pin-time crop must not move the page under the user) and the grab puts no paint
    probe in the page (nothing a page could observe: :meth:`~app.capture.shots.Shooter.crop_document`). Raises
    :class:`CaptureError` ``CAPTURE_NOT_ON_PAGE`` (the element is gone, the rectangle is outside the document),
    ``CAPTURE_NO_BOX`` (it draws nothing), ``CAPTURE_FAILED`` (not wholly in view, with ``scroll`` off), and the
    grabs' errors (:class:`~app.capture.interrupt.CaptureStopped` when interrupted)."""
    shooter = tab.capture.shooter("css")
    async with shooter._capturing("verify") as check:
        metrics = await tab.bridge.call("documentMetrics") or {}
        start = metrics.get("scroll") or {"x": 0, "y": 0}
        try:
            if rect is None:
                seen = await _pinned_rect(tab, page_id, chain, scroll)
                if scroll:
                    metrics = await tab.bridge.call("documentMetrics") or {}
                at = metrics.get("scroll") or {"x": 0, "y": 0}
                rect = {"x": seen["x"] + at["x"], "y": seen["y"] + at["y"], "width": seen["width"],
                        "height": seen["height"]}
            left, top = max(rect["x"] - MARGIN, 0), max(rect["y"] - MARGIN, 0)
            right = min(rect["x"] + rect["width"] + MARGIN, metrics.get("width", 1e9))
            bottom = min(rect["y"] + rect["height"] + MARGIN, metrics.get("height", 1e9))
            if not scroll:   # the viewport as it is: the margin stops at its edges, the box must be inside
                at, view = metrics.get("scroll") or {"x": 0, "y": 0}, metrics.get("viewport") or {}
                vx, vy = at["x"], at["y"]
                vr, vb = vx + view.get("width", 0), vy + view.get("height", 0)
                if rect["x"] < vx or rect["y"] < vy or rect["x"] + rect["width"] > vr or rect["y"] + rect["height"] > vb:
                    raise CaptureError("CAPTURE_FAILED", "the annotated box was not wholly in view when it was "
                                                         "pinned, so it was not cropped")
                left, top, right, bottom = max(left, vx), max(top, vy), min(right, vr), min(bottom, vb)
            if right - left < 1 or bottom - top < 1:
                raise CaptureError("CAPTURE_NOT_ON_PAGE", "the annotated box is outside the document")
            # A pin-time crop (no scroll) is a grab the user did not ask for: no paint probe in the page.
            image, k = await shooter.crop_document((left, top, right, bottom), metrics, probe=scroll)
            check()
        finally:
            if scroll and tab.capture.lock.stopping is None:
                tab.bridge.post("scrollTo", start["x"], start["y"])
    box = ((rect["x"] - left) * k, (rect["y"] - top) * k, rect["width"] * k, rect["height"] * k)
    return BoxCrop(image, k, box, dict(rect), shooter.view.devicePixelRatioF())


def view_size(tab) -> list[float]:
    """The tab's view as ``[width, height]`` in CSS px (widget px over the page zoom; the layout viewport when
    nothing is emulated), rounded to 0.01."""
    zoom = tab.view.zoomFactor() or 1.0
    return [round(tab.view.width() / zoom, 2), round(tab.view.height() / zoom, 2)]


def save_png(image: Image.Image, path: Path) -> None:
    """Write ``image`` as a PNG at ``path`` atomically. Raises ``OSError``. Blocking."""
    import io

    out = io.BytesIO()
    image.save(out, "PNG")
    write_atomic(path, out.getvalue())


class BeforeCrops:
    """The before crops of tab ``tab`` (module docstring). ``taken`` maps a pin id to its crop's description
    (:func:`read_before`'s shape, ``path`` in ``annotations/before/``) or ``{error}``."""

    def __init__(self, tab) -> None:
        self.tab = tab
        self.taken: dict[str, dict] = {}
        self._tasks: dict[str, asyncio.Task] = {}
        # The pin each entry of ``taken`` was cropped for: an element pinned again after its batch was sent gets
        # the same page-side id (pins.js idFor) in a new pin, which needs its own crop.
        self._owner: dict[str, object] = {}
        self._kept: set[str] = set(tab.session.sent_ids)
        tab.session.subscribe(self._changed)

    @property
    def project_dir(self) -> Path:
        return self.tab.capture.project_dir

    def _changed(self) -> None:
        session = self.tab.session
        page = self.tab.annotator.page_key()
        for pin in session.pins:
            if self._owner.get(pin.id) is pin or pin.recording or pin.page not in (page, ""):
                continue
            try:
                self._tasks[pin.id] = spawn(self._take(pin.id, pin), "before crop")
            except RuntimeError:   # no event loop (a batch edited outside the app): no crops
                return
            self._owner[pin.id] = pin
            self._drop(pin.id)
        for batch_id, ids in session.sent_ids.items():
            if batch_id not in self._kept:
                self._kept.add(batch_id)
                for number, pin_id in enumerate(ids, start=1):
                    if pin_id and pin_id in self.taken:
                        self._keep(batch_id, number, self.taken[pin_id])
        # A pin deleted, cleared or sent (its crop copied into the batch's folder above) no longer needs its
        # crop in annotations/before/: unsent pins' crops would pile up there.
        live = {pin.id for pin in session.pins}
        for pin_id in [i for i in self.taken if i not in live and i not in self._tasks]:
            self._drop(pin_id)
            self._owner.pop(pin_id, None)

    def _drop(self, pin_id: str) -> None:
        """Forget pin ``pin_id``'s crop and delete its file in ``annotations/before/`` (a batch's copy stays)."""
        meta = self.taken.pop(pin_id, None)
        path = Path(meta["path"]) if isinstance(meta, dict) and "path" in meta else None
        if path is not None and path.parent == self.project_dir / "annotations" / "before":
            try:
                path.unlink(missing_ok=True)
            except OSError as exc:
                log.warning("before crop %s not deleted: %s", path.name, exc)

    async def _take(self, pin_id: str, pin) -> None:
        annotation = pin.annotation
        meta: dict
        try:
            route, page_id = self.tab.annotator.target(pin_id)
            rect = annotation.crop_rect
            crop = await box_crop(self.tab, page_id, route.chain, rect.model_dump() if rect is not None else None,
                                  scroll=False)
            path = self.project_dir / "annotations" / "before" / f"{stamp()}-{secrets.token_hex(3)}.png"
            await asyncio.get_running_loop().run_in_executor(None, save_png, crop.image, path)
            meta = {"path": str(path), "scale": crop.scale, "box": list(crop.box), "rect": crop.rect,
                    "dpr": crop.dpr, "zoom": self.tab.view.zoomFactor() or 1.0, "viewport": view_size(self.tab),
                    "emulated": annotation.emulated, "page": self.tab.annotator.page_key(), "kind": annotation.kind}
        except PagenoteError as exc:
            meta = {"error": f"{exc.name} — {exc.message}"}
        except OSError as exc:
            meta = {"error": f"CAPTURE_FAILED — the before crop could not be saved: {exc}"}
        finally:
            if self._tasks.get(pin_id) is asyncio.current_task():
                del self._tasks[pin_id]
        if self._owner.get(pin_id) is pin:   # not pinned anew meanwhile
            self.taken[pin_id] = meta
        for batch_id, ids in self.tab.session.sent_ids.items():   # sent while it was being taken
            if batch_id in self._kept and pin_id in ids and ids.index(pin_id) + 1 not in read_before(
                    self.project_dir, batch_id):
                self._keep(batch_id, ids.index(pin_id) + 1, meta)
        if self._owner.get(pin_id) is pin and all(p is not pin for p in self.tab.session.pins):
            self._drop(pin_id)   # deleted or sent while it was being taken: kept above if sent
            self._owner.pop(pin_id, None)

    def _keep(self, batch_id: str, number: int, meta: dict) -> None:
        """Copy a before crop into the sent batch's folder as annotation ``number``'s and list it in
        ``before.json``. Logs (never raises) a file that cannot be written: the verification then says so."""
        folder = batch_dir(self.project_dir, batch_id)
        try:
            kept = dict(meta)
            if "path" in meta:
                target = folder / f"a{number}-before.png"
                folder.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(meta["path"], target)
                kept["path"] = str(target)
            table = {str(k): v for k, v in read_before(self.project_dir, batch_id).items()}
            table[str(number)] = kept
            write_atomic(folder / BEFORE_JSON, json.dumps(table, indent=1).encode("utf-8"))
        except OSError as exc:
            log.warning("before crop of annotation %s of batch %s not kept: %s", number, batch_id, exc)

    async def pending(self, pin_id: str) -> None:
        """Return once pin ``pin_id``'s before crop is no longer being taken (at once when it is not)."""
        task = self._tasks.get(pin_id)
        if task is not None:
            await asyncio.wait({task})
