"""Visual compare of two screenshots: ``pagenote compare BASELINE.png CURRENT.png`` (issue #4 §6).

The rule, in order (every step is a Pillow image operation; nothing loops over pixels in Python):

1. **Flatten.** Both images become RGB; a pixel with alpha < 255 is composited over white first.
2. **Overlap.** Only the top-left ``min(width)`` × ``min(height)`` area is compared pixel by pixel. When the
   sizes differ, every pixel of the larger canvas (``max(width)`` × ``max(height)``) outside that area counts
   as mismatched *and* changed, ``size_mismatch`` is set and the compare fails whatever the threshold.
3. **Mismatch.** A pixel is *mismatched* when any of its R, G, B channels differs by more than
   ``tolerance`` (default :data:`TOLERANCE` = 24 of 255). This ignores PNG/colour-management rounding and
   faint anti-aliasing noise.
4. **Anti-aliasing filter.** Text anti-aliasing differs between Chromium builds and GPU/CPU rasterizers:
   glyph edges move by a fraction of a pixel, which mismatches thin, 1–2 px wide, scattered pixels with
   moderate differences. A mismatched pixel is *changed* only when

   - it lies inside some 3×3 block of mismatched pixels — i.e. it survives a morphological *opening* of the
     mismatch mask: a 3×3 minimum filter (erosion, ``ImageFilter.MinFilter(3)``) followed by a 3×3 maximum
     filter (dilation), so a real change keeps its full area, border included; **or**
   - some channel differs by more than :data:`HARD_DIFF` (96 of 255, or ``tolerance`` if that is larger):
     a strong difference is a change even when it is only one pixel wide (a 1 px border that changed colour).

   ``mismatched_percent`` reports step 3, ``changed_percent`` step 4; the threshold applies to
   ``changed_percent``. Image edges replicate their border pixels for the filters (Pillow's behaviour), so a
   change touching the edge keeps its edge pixels.
5. **Regions.** The changed mask is reduced to cells of :data:`CELL` = 16×16 px (a cell is changed when any
   pixel in it is); 8-connected changed cells form a region; each region's box is shrunk to the exact
   bounding box of its changed pixels, boxes that overlap are merged, and the result is sorted top to
   bottom, then left to right.

Exit codes of :func:`main`: 0 passed (``changed_percent <= threshold`` and same size), 1 failed, 2 bad input.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from dataclasses import dataclass, field
from pathlib import Path

from PIL import Image, ImageChops, ImageDraw, ImageFilter, ImageFont

__all__ = [
    "CELL", "HARD_DIFF", "THRESHOLD_PERCENT", "TOLERANCE", "CompareResult", "Region",
    "compare_images", "diff_image", "main",
]

TOLERANCE = 24
"""Default per-channel difference (0..255) at or below which a pixel still matches (issue #4 §6)."""
HARD_DIFF = 96
"""Per-channel difference (0..255) above which a mismatched pixel is changed even when isolated (issue #4 §6)."""
THRESHOLD_PERCENT = 0.1
"""Default pass threshold on ``changed_percent`` (issue #4 §6)."""
CELL = 16
"""Side in px of the grid cells used to group changed pixels into regions (issue #4 §6)."""

EXIT_PASSED, EXIT_CHANGED, EXIT_BAD_INPUT = 0, 1, 2

FADE_CONTRAST = 0.3  # the diff image shows the current page at 30 % contrast towards white
MAGENTA = (255, 0, 255)
RED = (230, 0, 0)
OUTSIDE_TINT = 0.45  # how strongly the area outside the overlap is tinted magenta in the diff image
SUMMARY_REGIONS = 20  # regions listed in the human summary (all of them are in --json)


@dataclass(frozen=True)
class Region:
    """A changed area: bounding box in image px of the (merged) changed pixels; ``x``, ``y`` from the
    top-left of the image, ``width``, ``height`` ≥ 1, always within the compared canvas."""

    x: int
    y: int
    width: int
    height: int

    def to_dict(self) -> dict[str, int]:
        """``{"x", "y", "width", "height"}`` in image px."""
        return {"x": self.x, "y": self.y, "width": self.width, "height": self.height}


@dataclass
class CompareResult:
    """The outcome of :func:`compare_images` (the rule is in this module's docstring).

    - ``width``, ``height``: the compared canvas in px — the larger of the two images on each axis.
    - ``total_pixels``: ``width * height``.
    - ``mismatched_pixels`` / ``mismatched_percent``: pixels over ``tolerance`` on some channel (plus every
      pixel outside the overlap), and their share of ``total_pixels`` in percent (0..100).
    - ``changed_pixels`` / ``changed_percent``: the same after the anti-aliasing filter (≤ mismatched).
    - ``threshold_percent``: the pass threshold on ``changed_percent``; ``tolerance``: as used.
    - ``regions``: :class:`Region` list, top to bottom; empty when nothing changed.
    - ``size_mismatch``: ``None``, or ``{"baseline": [w, h], "current": [w, h]}`` when the sizes differ.
    - ``passed``: ``changed_percent <= threshold_percent`` and no size mismatch.
    - ``changed_mask``: the changed pixels as an ``L`` image of the canvas size (255 changed, 0 not), kept
      for :func:`diff_image`; not part of :meth:`to_dict`.
    """

    width: int
    height: int
    total_pixels: int
    mismatched_pixels: int
    mismatched_percent: float
    changed_pixels: int
    changed_percent: float
    threshold_percent: float
    tolerance: int
    regions: list[Region]
    size_mismatch: dict[str, list[int]] | None
    passed: bool
    changed_mask: Image.Image | None = field(default=None, repr=False, compare=False)

    def to_dict(self) -> dict:
        """A JSON-ready dict of every field except ``changed_mask`` (regions as dicts)."""
        return {
            "width": self.width, "height": self.height, "total_pixels": self.total_pixels,
            "mismatched_pixels": self.mismatched_pixels, "mismatched_percent": self.mismatched_percent,
            "changed_pixels": self.changed_pixels, "changed_percent": self.changed_percent,
            "threshold_percent": self.threshold_percent, "tolerance": self.tolerance,
            "regions": [r.to_dict() for r in self.regions],
            "size_mismatch": self.size_mismatch, "passed": self.passed,
        }


def _flatten(image: Image.Image) -> Image.Image:
    """``image`` as RGB, composited over white where it has transparency (returned as is when already RGB)."""
    if image.mode == "RGB":
        return image
    has_alpha = image.mode in ("RGBA", "RGBa", "LA", "La", "PA") or "transparency" in image.info
    if not has_alpha:
        return image.convert("RGB")
    rgba = image.convert("RGBA")
    if rgba.getextrema()[3][0] == 255:
        return rgba.convert("RGB")
    white = Image.new("RGBA", rgba.size, (255, 255, 255, 255))
    return Image.alpha_composite(white, rgba).convert("RGB")


def _above(limit: int) -> list[int]:
    """A 256-entry lookup table: 255 for values > ``limit``, else 0."""
    return [255 if v > limit else 0 for v in range(256)]


def _count(mask: Image.Image) -> int:
    """Number of 255 pixels in a 0/255 ``L`` mask."""
    return mask.histogram()[255]


def _aa_filter(mismatch: Image.Image, strong: Image.Image) -> Image.Image:
    """The changed mask: the 3×3 opening of ``mismatch``, united with ``strong`` (both 0/255 ``L``, same size).

    The filters run on the bounding box of ``mismatch`` plus a 2 px margin only (the pixels outside are 0, so
    the result is the same as on the whole image)."""
    box = mismatch.getbbox()
    if box is None:
        return mismatch
    left, top, right, bottom = box
    box = (max(0, left - 2), max(0, top - 2), min(mismatch.width, right + 2), min(mismatch.height, bottom + 2))
    part = mismatch.crop(box)
    opened = part.filter(ImageFilter.MinFilter(3)).filter(ImageFilter.MaxFilter(3))
    opened = ImageChops.darker(opened, part)  # an opening never grows the mask; keep that exact
    kept = ImageChops.lighter(opened, strong.crop(box))
    if box == (0, 0, mismatch.width, mismatch.height):
        return kept
    out = Image.new("L", mismatch.size, 0)
    out.paste(kept, box[:2])
    return out


def _cells(mask: Image.Image) -> Image.Image:
    """One ``L`` pixel per :data:`CELL` × :data:`CELL` px cell of ``mask``: 255 if any pixel in it is set.

    Two 4× box reductions: after each, any nonzero average (≥ 255/16 for one set pixel) becomes 255, so a
    single pixel can never be rounded away."""
    nonzero = _above(0)
    out = mask
    for _ in range(2):
        out = out.reduce(4).point(nonzero)
    return out


def _overlaps(a: Region, b: Region) -> bool:
    return (a.x < b.x + b.width and b.x < a.x + a.width and a.y < b.y + b.height and b.y < a.y + a.height)


def _union(a: Region, b: Region) -> Region:
    x, y = min(a.x, b.x), min(a.y, b.y)
    return Region(x, y, max(a.x + a.width, b.x + b.width) - x, max(a.y + a.height, b.y + b.height) - y)


def _merge(boxes: list[Region]) -> list[Region]:
    """Merge overlapping boxes until none overlap; sorted by (y, x).

    A sweep down the image compares each box only with the boxes still open at its top edge; a union that
    grows upwards may meet an already closed box, so passes repeat until one merges nothing."""
    merged = True
    while merged:
        merged = False
        boxes.sort(key=lambda r: (r.y, r.x))
        closed: list[Region] = []
        open_: list[Region] = []
        for box in boxes:
            still = []
            for other in open_:
                (closed if other.y + other.height <= box.y else still).append(other)
            open_ = still
            grew = True
            while grew:
                grew = False
                for i, other in enumerate(open_):
                    if _overlaps(other, box):
                        box = _union(other, box)
                        del open_[i]
                        grew = merged = True
                        break
            open_.append(box)
        boxes = closed + open_
    return sorted(boxes, key=lambda r: (r.y, r.x))


def _regions(changed: Image.Image) -> list[Region]:
    """Regions of a 0/255 changed mask (step 5 of the module docstring)."""
    if changed.getbbox() is None:
        return []
    grid = _cells(changed)
    gw, gh = grid.size
    cells = bytearray(grid.tobytes())
    boxes: list[Region] = []
    start = cells.find(255)
    while start != -1:
        cells[start] = 0
        stack = [start]
        x0 = x1 = start % gw
        y0 = y1 = start // gw
        while stack:
            i = stack.pop()
            cy, cx = divmod(i, gw)
            x0, x1, y0, y1 = min(x0, cx), max(x1, cx), min(y0, cy), max(y1, cy)
            for ny in (cy - 1, cy, cy + 1):
                if 0 <= ny < gh:
                    row = ny * gw
                    for nx in (cx - 1, cx, cx + 1):
                        if 0 <= nx < gw and cells[row + nx]:
                            cells[row + nx] = 0
                            stack.append(row + nx)
        px = (x0 * CELL, y0 * CELL, min((x1 + 1) * CELL, changed.width), min((y1 + 1) * CELL, changed.height))
        tight = changed.crop(px).getbbox()
        if tight is not None:  # always set: the component's cells hold changed pixels
            l, t, r, b = tight
            boxes.append(Region(px[0] + l, px[1] + t, r - l, b - t))
        start = cells.find(255, start + 1)
    return _merge(boxes)


def compare_images(baseline: Image.Image, current: Image.Image, *, tolerance: int = TOLERANCE,
                   threshold_percent: float = THRESHOLD_PERCENT, hard_diff: int = HARD_DIFF) -> CompareResult:
    """Compare two screenshots pixel by pixel with the rule of this module's docstring (issue #4 §6).

    ``baseline`` and ``current`` are Pillow images of any mode and size (in device px; transparency is
    composited over white). ``tolerance`` and ``hard_diff`` are per-channel differences in 0..255;
    ``threshold_percent`` (0..100) only decides ``passed``. Sizes may differ (see ``size_mismatch``).

    Raises ``ValueError`` for an out-of-range option or an image with no pixels. Cost: a few passes of
    Pillow C code over the images (a 1280×20000 px page takes about a second), plus a Python flood fill over
    the 16 px cell grid.
    """
    if not 0 <= tolerance <= 255:
        raise ValueError(f"tolerance must be 0..255, got {tolerance}")
    if not 0 <= hard_diff <= 255:
        raise ValueError(f"hard_diff must be 0..255, got {hard_diff}")
    if not (0 <= threshold_percent <= 100):  # also rejects NaN
        raise ValueError(f"threshold_percent must be 0..100, got {threshold_percent}")
    for name, image in (("baseline", baseline), ("current", current)):
        if image.width <= 0 or image.height <= 0:
            raise ValueError(f"{name} image has no pixels ({image.width}x{image.height})")
    base, cur = _flatten(baseline), _flatten(current)
    width, height = max(base.width, cur.width), max(base.height, cur.height)
    ow, oh = min(base.width, cur.width), min(base.height, cur.height)
    if base.size != (ow, oh):
        base = base.crop((0, 0, ow, oh))
    if cur.size != (ow, oh):
        cur = cur.crop((0, 0, ow, oh))

    red, green, blue = ImageChops.difference(base, cur).split()
    peak = ImageChops.lighter(ImageChops.lighter(red, green), blue)  # largest channel difference per pixel
    del red, green, blue
    mismatch = peak.point(_above(tolerance))
    changed = _aa_filter(mismatch, peak.point(_above(max(tolerance, hard_diff))))
    del peak

    size_mismatch = None
    if (width, height) != (ow, oh):
        size_mismatch = {"baseline": [baseline.width, baseline.height], "current": [current.width, current.height]}
        full_mismatch, full_changed = Image.new("L", (width, height), 255), Image.new("L", (width, height), 255)
        full_mismatch.paste(mismatch, (0, 0))
        full_changed.paste(changed, (0, 0))
        mismatch, changed = full_mismatch, full_changed

    total = width * height
    mismatched_pixels, changed_pixels = _count(mismatch), _count(changed)
    changed_percent = changed_pixels * 100 / total
    return CompareResult(
        width=width, height=height, total_pixels=total,
        mismatched_pixels=mismatched_pixels, mismatched_percent=mismatched_pixels * 100 / total,
        changed_pixels=changed_pixels, changed_percent=changed_percent,
        threshold_percent=threshold_percent, tolerance=tolerance, regions=_regions(changed),
        size_mismatch=size_mismatch, passed=size_mismatch is None and changed_percent <= threshold_percent,
        changed_mask=changed)


def _font(size: int) -> ImageFont.ImageFont | ImageFont.FreeTypeFont:
    try:
        return ImageFont.load_default(size=size)
    except (TypeError, ValueError, OSError):  # Pillow without FreeType: the fixed bitmap font
        return ImageFont.load_default()


def diff_image(baseline: Image.Image, current: Image.Image, result: CompareResult) -> Image.Image:
    """An RGB picture of ``result`` for people and agents, of the canvas size (``result.width`` × ``height``).

    The current image at :data:`FADE_CONTRAST` contrast (grey, faded towards white); changed pixels inside the
    overlap painted solid magenta; the area outside the overlap (size mismatch) tinted magenta so its content
    stays visible; each region outlined in red, 2 px outside its box, with its number ``#n`` (1-based, the
    order of ``result.regions``) on a red tag beside it.

    ``result`` must come from :func:`compare_images` on the same two images; when it has no ``changed_mask``
    the compare is run again with ``result.tolerance``. Raises ``ValueError`` when the sizes do not match
    ``result``.
    """
    mask = result.changed_mask
    if mask is None:
        mask = compare_images(baseline, current, tolerance=result.tolerance).changed_mask
    width, height = result.width, result.height
    if mask.size != (width, height) or (max(baseline.width, current.width),
                                        max(baseline.height, current.height)) != (width, height):
        raise ValueError("the result does not belong to these images (canvas sizes differ)")
    cur = _flatten(current)
    ow, oh = min(baseline.width, current.width), min(baseline.height, current.height)

    fade = [255 - round((255 - v) * FADE_CONTRAST) for v in range(256)]
    canvas = Image.new("RGB", (width, height), (255, 255, 255))
    canvas.paste(cur.convert("L").point(fade).convert("RGB"), (0, 0))
    canvas.paste(MAGENTA, (0, 0, ow, oh), mask.crop((0, 0, ow, oh)))
    for box in ((ow, 0, width, height), (0, oh, ow, height)):  # outside the overlap: right strip, bottom strip
        if box[2] > box[0] and box[3] > box[1]:
            part = canvas.crop(box)
            canvas.paste(Image.blend(part, Image.new("RGB", part.size, MAGENTA), OUTSIDE_TINT), box[:2])

    draw = ImageDraw.Draw(canvas)
    font = _font(14)
    for number, r in enumerate(result.regions, 1):
        outline = (max(0, r.x - 2), max(0, r.y - 2), min(width - 1, r.x + r.width + 1),
                   min(height - 1, r.y + r.height + 1))
        draw.rectangle(outline, outline=RED, width=2)
        label = f"#{number}"
        left, top, right, bottom = draw.textbbox((0, 0), label, font=font)
        tw, th = right - left + 6, bottom - top + 4
        tx = min(max(0, outline[0]), max(0, width - tw))
        if outline[1] - th >= 0:  # above the box, else below it, else inside its top-left corner
            ty = outline[1] - th
        elif outline[3] + 1 + th <= height:
            ty = outline[3] + 1
        else:
            ty = outline[1]
        draw.rectangle((tx, ty, tx + tw - 1, ty + th - 1), fill=RED)
        draw.text((tx + 3 - left, ty + 2 - top), label, fill=(255, 255, 255), font=font)
    return canvas


# --- command line -------------------------------------------------------------------------------------------

def _tolerance(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = -1
    if not 0 <= value <= 255:
        raise argparse.ArgumentTypeError(f"expected an integer 0..255, got {text!r}")
    return value


def _threshold(text: str) -> float:
    try:
        value = float(text.rstrip("%"))
    except ValueError:
        value = math.nan
    if not 0 <= value <= 100:
        raise argparse.ArgumentTypeError(f"expected a percentage 0..100, got {text!r}")
    return value


def parser() -> argparse.ArgumentParser:
    """The ``pagenote compare`` argument parser."""
    p = argparse.ArgumentParser(
        prog="pagenote compare",
        description="Compare two screenshots: report the changed share of pixels and the changed regions, "
                    "and write a diff image (the current page faded, changes in magenta, regions boxed in red). "
                    "Isolated anti-aliasing differences are ignored; see 'changed' vs 'mismatched'.",
        epilog="Exit codes: 0 changed%% <= threshold, 1 above it or the sizes differ, 2 bad input.")
    p.add_argument("baseline", type=Path, help="the reference PNG")
    p.add_argument("current", type=Path, help="the PNG to check")
    p.add_argument("--out", metavar="DIFF.png", type=Path,
                   help="diff image to write (default: <CURRENT stem>-diff.png next to CURRENT)")
    p.add_argument("--threshold", metavar="PERCENT", type=_threshold, default=THRESHOLD_PERCENT,
                   help=f"largest changed share of pixels that still passes, 0..100 (default {THRESHOLD_PERCENT})")
    p.add_argument("--tolerance", metavar="N", type=_tolerance, default=TOLERANCE,
                   help=f"per-channel difference 0..255 that still matches (default {TOLERANCE})")
    p.add_argument("--json", action="store_true", help="print a JSON object instead of the summary")
    return p


def _load(path: Path) -> Image.Image:
    with Image.open(path) as image:
        image.load()
        return image


def _pct(value: float) -> str:
    return "0" if value == 0 else f"{value:.4g}"


def summary(result: CompareResult, diff_path: Path | None) -> str:
    """The one-paragraph human summary printed by ``pagenote compare`` (without ``--json``)."""
    lines = []
    if result.size_mismatch:
        (bw, bh), (cw, ch) = result.size_mismatch["baseline"], result.size_mismatch["current"]
        lines.append(f"SIZE MISMATCH: baseline is {bw}x{bh} px, current is {cw}x{ch} px; compared the top-left "
                     f"{min(bw, cw)}x{min(bh, ch)} px and counted the rest of the {result.width}x{result.height} "
                     f"canvas as changed")
    verdict = "PASSED" if result.passed else "FAILED"
    text = (f"{verdict}: changed {_pct(result.changed_percent)}% of {result.total_pixels} px "
            f"({result.changed_pixels} px; mismatched {_pct(result.mismatched_percent)}% before the "
            f"anti-aliasing filter; threshold {_pct(result.threshold_percent)}%)")
    n = len(result.regions)
    if n:
        listed = ", ".join(f"#{i} x={r.x} y={r.y} w={r.width} h={r.height}"
                           for i, r in enumerate(result.regions[:SUMMARY_REGIONS], 1))
        more = f", … and {n - SUMMARY_REGIONS} more (see --json)" if n > SUMMARY_REGIONS else ""
        text += f"; {n} region{'s' if n != 1 else ''}: {listed}{more}"
    else:
        text += "; no changed regions"
    if diff_path is not None:
        text += f"; diff: {diff_path}"
    lines.append(text)
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """``pagenote compare BASELINE CURRENT [--out DIFF.png] [--threshold PERCENT] [--tolerance N] [--json]``.

    Prints the summary (or JSON) on stdout, errors on stderr. Returns 0 passed, 1 changed above the threshold
    or sizes differ, 2 bad input (bad option, missing/unreadable image, diff path not writable or equal to an
    input). Never raises for bad input.
    """
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        args = parser().parse_args(argv)
    except SystemExit as exc:  # argparse: 2 on bad options, 0 for --help
        return exc.code if isinstance(exc.code, int) else EXIT_BAD_INPUT
    images = []
    for name, path in (("baseline", args.baseline), ("current", args.current)):
        try:
            images.append(_load(path))
        except FileNotFoundError:
            print(f"pagenote compare: BAD_IMAGE: {name} {path} does not exist", file=sys.stderr)
            return EXIT_BAD_INPUT
        except Exception as exc:  # any failure to read a user-given file is bad input  # noqa: BLE001
            print(f"pagenote compare: BAD_IMAGE: cannot read {name} {path}: {type(exc).__name__}: {exc}",
                  file=sys.stderr)
            return EXIT_BAD_INPUT
    baseline_path, current_path = args.baseline.resolve(), args.current.resolve()
    out = (args.out or args.current.with_name(f"{args.current.stem}-diff.png")).resolve()
    if out in (baseline_path, current_path):
        print(f"pagenote compare: BAD_OUT: {out} is one of the compared images", file=sys.stderr)
        return EXIT_BAD_INPUT
    try:
        result = compare_images(images[0], images[1], tolerance=args.tolerance, threshold_percent=args.threshold)
    except ValueError as exc:
        print(f"pagenote compare: BAD_IMAGE: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        diff_image(images[0], images[1], result).save(out, "PNG")
    except OSError as exc:
        print(f"pagenote compare: BAD_OUT: cannot write {out}: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    if args.json:
        payload = {"baseline": str(baseline_path), "current": str(current_path), **result.to_dict(),
                   "diff_path": str(out)}
        print(json.dumps(payload, indent=2))
    else:
        print(summary(result, out))
    return EXIT_PASSED if result.passed else EXIT_CHANGED


if __name__ == "__main__":
    sys.exit(main())
