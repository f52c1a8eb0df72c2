"""A review as one self-contained HTML file: opens in any browser without pagenote and without the network.

Layout: the summary, then per page screenshot (the batch's, or each annotation's page screenshot in a batch
spanning pages) a row of the image — the annotated one, with pagenote's numbered markers drawn on it
(app/capture/draw.py) — and beside it the notes of the annotations on that page, numbered as the markers.
Each note lists its element (role, name, selector), the emulated device and viewport it was made at (if any,
as the Markdown's ``Emulated:`` line), its element crop labelled *current state* and its reference image
labelled *design target*, and the annotation's Markdown at the chosen detail level. A page with no screenshot
(a sent batch's export, a batch never shot) has no picture column: its notes take the width.

Pictures (crops, references, a round's Before | After | Diff) are never scaled below a readable width: each is
shown at its own width when the column has room, else fitted to the column but not below
:data:`MIN_PICTURE_PX` (or its own width, when smaller), scrolling sideways beyond that; small ones sit side by
side, a wide one takes its own row (the issue 31 user trial: full-width crops fitted into half the notes column
were unreadable strips).

Every image is embedded as a ``data:`` URL (RFC 2397) read from its file; an image file that cannot be read
is named in the text instead. A Content-Security-Policy meta element (CSP Level 3 §6.1; ``default-src
'none'; img-src data:``) keeps the document from loading anything: no request leaves the browser. All page
and user text is HTML-escaped (the notes, the records) so nothing in a record can add markup or script.

Rounds (issue 31, requirement 3): given the rounds of its annotations (:data:`app.model.round_chain.Rounds`,
looked up in the sent history by :mod:`app.agent.sent_rounds`; this module reads no store), a follow-up's note
ends with a *Rounds* section, oldest first: each round's batch and annotation, the user's note there, the agent's
reply, its verdict line (:meth:`~app.model.verification.Verification.verdict`) and changes, and its Before | After
| Diff pictures; a picture whose file is gone says "missing". A sent batch's annotation that continues no earlier
round has only its own: that section is *This annotation's check*, with no round number it does not have.
"""

from __future__ import annotations

import base64
import html
from io import BytesIO
from pathlib import Path

from PIL import Image, UnidentifiedImageError

from app.model.annotation import KIND_GROUP, KIND_REGION, KIND_TEXT, Annotation, AnnotationBatch
from app.model.round_chain import Round, Rounds
from app.protocol.detail import DEFAULT_LEVEL, restrict
from app.protocol.markdown import encode_annotations

#: File signatures → MIME types of the images pagenote writes or the user attaches.
_SIGNATURES = ((b"\x89PNG\r\n\x1a\n", "image/png"), (b"\xff\xd8\xff", "image/jpeg"), (b"GIF87a", "image/gif"),
               (b"GIF89a", "image/gif"), (b"RIFF", "image/webp"))
#: Largest image embedded, in bytes (a full-page PNG of a long page stays below it).
MAX_IMAGE_BYTES = 40 * 1024 * 1024
CSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'"
#: The narrowest a picture is drawn, in CSS px (a smaller picture: its own width): a full-width crop scaled below
#: it loses its text; beyond the column's width the picture's figure scrolls sideways.
MIN_PICTURE_PX = 560

_STYLE = """
body { font: 15px/1.45 system-ui, sans-serif; margin: 0; color: #1f2937; background: #f3f4f6; }
header { padding: 16px 24px; background: #111827; color: #f9fafb; }
header h1 { margin: 0 0 4px; font-size: 20px; } header p { margin: 0; white-space: pre-wrap; }
section.page { display: grid; grid-template-columns: minmax(0, 3fr) minmax(320px, 2fr); gap: 20px; padding: 20px 24px; }
section.page > figure { margin: 0; position: sticky; top: 12px; align-self: start; }
section.page.no-shot { grid-template-columns: minmax(0, 1fr); max-width: 1200px; gap: 8px; }
section.page.no-shot > p.url { margin: 0; }
figure img.page { width: 100%; border: 1px solid #d1d5db; background: #fff; }
figcaption, .url { color: #6b7280; font-size: 13px; overflow-wrap: anywhere; }
ol.notes { list-style: none; margin: 0; padding: 0; }
li.note { background: #fff; border: 1px solid #e5e7eb; border-radius: 8px; padding: 12px 14px; margin-bottom: 14px; }
.num { display: inline-block; min-width: 24px; height: 24px; border-radius: 12px; background: #dc2626; color: #fff;
       text-align: center; font-weight: 700; margin-right: 8px; }
.text { white-space: pre-wrap; font-weight: 600; }
.status { color: #b45309; font-size: 13px; } .emulated { color: #6d28d9; font-size: 13px; }
code { font-size: 12px; overflow-wrap: anywhere; }
.shots { display: flex; flex-wrap: wrap; gap: 10px; margin-top: 8px; align-items: flex-start; }
.shots figure { margin: 0; max-width: 100%; } .shots .pic { max-width: 100%; overflow-x: auto; }
.shots img { display: block; max-width: 100%; border: 1px solid #d1d5db; }
.shots .pic[style] img { width: var(--w); min-width: min(var(--w), var(--min)); }
.target figcaption { color: #047857; font-weight: 600; } .current figcaption { color: #1d4ed8; font-weight: 600; }
section.rounds { margin-top: 10px; border-top: 1px solid #e5e7eb; padding-top: 6px; }
section.rounds h3 { margin: 0 0 6px; font-size: 14px; } ol.rounds { margin: 0; padding-left: 0; list-style: none; }
li.round { border-left: 3px solid #9ca3af; padding: 4px 0 6px 10px; margin-bottom: 10px; }
li.round.own { border-left-color: #2563eb; } .round-head { font-weight: 600; font-size: 13px; }
.round-note, .round-reply { white-space: pre-wrap; } .verdict { font-size: 13px; color: #374151; }
ul.changes { margin: 2px 0; padding-left: 18px; font-size: 12px; } .missing { color: #b91c1c; font-size: 13px; }
details pre { white-space: pre-wrap; font-size: 12px; background: #f9fafb; padding: 8px; overflow-wrap: anywhere; }
"""


def data_url(path: str) -> str | None:
    """``data:<mime>;base64,…`` of the image file at ``path``, or ``None`` when it cannot be read, is larger
    than :data:`MAX_IMAGE_BYTES` or is not a PNG, JPEG, GIF or WebP image."""
    try:
        p = Path(path)
        if not p.is_file() or p.stat().st_size > MAX_IMAGE_BYTES:
            return None
        data = p.read_bytes()
    except OSError:
        return None
    for signature, mime in _SIGNATURES:
        if data.startswith(signature) and (mime != "image/webp" or data[8:12] == b"WEBP"):
            return f"data:{mime};base64,{base64.b64encode(data).decode('ascii')}"
    return None


def _e(text: str) -> str:
    return html.escape(text, quote=True)


def _width(url: str) -> int:
    """The pixel width of the image in data URL ``url``, from its first 96 KiB (the header; Pillow reads no
    pixels for it); ``0`` when Pillow cannot tell."""
    try:
        with Image.open(BytesIO(base64.b64decode(url.split(",", 1)[1][:131072]))) as image:
            return int(image.width)
    except (UnidentifiedImageError, OSError, ValueError, IndexError):
        return 0


def _sized(figure: str, url: str | None) -> str:
    """``figure`` in the box that keeps it readable (module docstring): a ``div.pic`` whose style gives the
    picture's width (``--w``) and :data:`MIN_PICTURE_PX` (``--min``), which the style sheet turns into "own width,
    fitted to the column, never below the minimum, scrolling sideways beyond"; without a width when it is unknown
    (fitted to the column)."""
    width = _width(url) if url else 0
    style = f' style="--w: {width}px; --min: {MIN_PICTURE_PX}px"' if width else ""
    return f'<div class="pic"{style}>{figure}</div>'


def _image(path: str, css_class: str, alt: str, url: str | None = None) -> str:
    url = url or data_url(path)
    if url is None:
        return f'<p class="missing">[image not embedded: {_e(path)} could not be read]</p>'
    return f'<img class="{css_class}" alt="{_e(alt)}" src="{url}">'


def _shot(path: str, kind: str, caption: str) -> str:
    url = data_url(path)
    return _sized(f'<figure class="{kind}">{_image(path, "shot", caption, url)}<figcaption>{_e(caption)}'
                  "</figcaption></figure>", url)


def _note(number: int, a: Annotation, detail: str, rounds: tuple[Round, ...] = ()) -> str:
    el = a.element
    who = " · ".join(x for x in (el.role, f"“{el.accessible_name}”" if el.accessible_name else "") if x)
    parts = [f'<li class="note" id="a{number}"><span class="num">{number}</span>',
             f'<span class="text">{_e(a.note) or "<i>(no note)</i>"}</span>']
    if a.status:
        parts.append(f'<div class="status">{_e(a.status)} {_e(a.status_reason)}</div>')
    if a.state == "frozen":
        parts.append('<div class="status">made on a frozen page (animations, transitions, media and '
                     "requestAnimationFrame paused; timers still running)</div>")
    if a.emulated:  # the device and viewport it was made at (the Markdown's "Emulated:" line)
        parts.append(f'<div class="emulated">Emulated: {_e(a.emulated)}</div>')
    if a.follow_up is not None:  # a reopened annotation's round (the Markdown's "Follow-up to:" lines)
        f = a.follow_up
        parts.append(f'<div class="follow-up">Follow-up to annotation {f.annotation} of batch {_e(f.batch)}'
                     + (f": earlier note “{_e(f.note)}”" if f.note else "")
                     + (f"; the agent replied “{_e(f.reply)}”" if f.reply else "") + "</div>")
    if who:
        parts.append(f"<div>{_e(who)}</div>")
    if el.selector:
        parts.append(f"<div><code>{_e(el.selector)}</code></div>")
    parts += _kind_lines(a)
    if el.url:
        parts.append(f'<div class="url">{_e(el.url)}</div>')
    shots = []
    if a.screenshot:
        what = {KIND_REGION: "region", KIND_GROUP: "group"}.get(a.kind, "element")
        shots.append(_shot(a.screenshot, "current", f"Current state (screenshot of the {what})"))
    if a.reference:
        shots.append(_shot(a.reference, "target", "Design target (reference image)"))
    if a.follow_up is not None and a.follow_up.after and not rounds:   # else the Rounds section shows it
        shots.append(_shot(a.follow_up.after, "after", "After the agent's change (the last verification's crop)"))
    if shots:
        parts.append(f'<div class="shots">{"".join(shots)}</div>')
    if rounds:
        parts.append(_rounds(rounds))
    one = AnnotationBatch(annotations=(a,))
    parts.append(f"<details><summary>Markdown ({_e(detail)})</summary><pre>{_e(encode_annotations(one, detail))}"
                 "</pre></details></li>")
    return "".join(parts)


def _picture(label: str, path: str) -> str:
    """One round's picture as a captioned figure; a path with no readable image says it is missing."""
    url = data_url(path)
    if url is None:
        return f'<p class="missing">{_e(label)}: missing ({_e(path)})</p>'
    return _sized(f'<figure class="{_e(label.lower())}"><img class="shot" alt="{_e(label)}" src="{url}">'
                  f"<figcaption>{_e(label)}</figcaption></figure>", url)


def _round(r: Round, alone: bool = False) -> str:
    """One round (:class:`~app.model.round_chain.Round`): heading, note, reply, verdict, changes, pictures.
    ``alone``: the annotation's own round with no earlier one, headed by its batch alone (no round number)."""
    if alone:
        label = "This annotation"
    else:
        label = (f"Round {r.number}" if r.number else "Round") + (" (this annotation)" if r.own else "")
    head = f"{label}: batch {r.batch}, annotation {r.annotation}" + (f", sent {r.sent_at}" if r.sent_at else "")
    parts = [f'<li class="round{" own" if r.own else ""}"><div class="round-head">{_e(head)}</div>']
    if not r.found:
        parts.append('<div class="missing">not in this project’s sent history: as the later round quotes it</div>')
    parts.append(f'<div class="round-note">Note: {_e(r.note) or "<i>(no note)</i>"}</div>')
    if r.reply:
        parts.append(f'<div class="round-reply">Agent reply: {_e(r.reply)}</div>')
    v = r.verification
    verdict = v.verdict() if v is not None else "Not checked."
    # The user's decision on it (app.agent.store's statuses set by the panel's Accept and Reopen).
    verdict += {"verified": " Accepted (verified).", "reopened": " Reopened with a follow-up."}.get(r.status, "")
    parts.append(f'<div class="verdict">{_e(verdict)}</div>')
    if v is not None and v.changes:
        parts.append('<ul class="changes">' + "".join(f"<li>{_e(c.line())}</li>" for c in v.changes) + "</ul>")
    pictures = [("Before", r.before), ("After", r.after), ("Diff", r.diff)]
    shown = [_picture(label, path) for label, path in pictures if path]
    if not r.before:
        shown.insert(0, '<p class="missing">Before: none kept</p>')
    parts.append(f'<div class="shots">{"".join(shown)}</div></li>')
    return "".join(parts)


def _rounds(rounds: tuple[Round, ...]) -> str:
    """The *Rounds* section of one annotation: its rounds, oldest first; *This annotation's check* when the only
    round is the annotation's own (it continues no earlier one)."""
    alone = len(rounds) == 1 and rounds[0].own
    title = "This annotation’s check" if alone else "Rounds (oldest first)"
    return (f'<section class="rounds"><h3>{title}</h3><ol class="rounds">'
            + "".join(_round(r, alone) for r in rounds) + "</ol></section>")


def _kind_lines(a: Annotation) -> list[str]:
    """Where a region or group is, as its own record (the page: URL and title) does not say: the rectangle
    (:attr:`Annotation.crop_rect`, CSS px, document coordinates — what the page screenshot outlines) and the
    region's largest cover, or the group's members; the quoted words of a text range."""
    out = []
    rect = a.crop_rect
    if a.kind == KIND_REGION and rect is not None:
        top = a.region.covers[0] if a.region.covers else None
        over = f" over {top.role} “{top.name}” ({top.selector})" if top and top.name else \
            (f" over {top.selector}" if top else "")
        out.append(f'<div class="kind">{_e(f"Region {rect.width:g}×{rect.height:g} at x={rect.x:g}, y={rect.y:g}")}'
                   f"{_e(over)}</div>")
    elif a.kind == KIND_GROUP:
        box = f", together {rect.width:g}×{rect.height:g} at x={rect.x:g}, y={rect.y:g}" if rect is not None else ""
        out.append(f'<div class="kind">{_e(f"Group of {len(a.elements)}{box}:")}</div>')
        out += [f"<div><code>{_e(e.selector or e.tag)}</code></div>" for e in a.elements]
    elif a.kind == KIND_TEXT and a.selection is not None:
        out.append(f'<div class="kind">{_e(f"Text “{a.selection.quote}”")}</div>')
    return out


def _pages(batch: AnnotationBatch) -> list[tuple[str, list[int]]]:
    """``[(page screenshot path or "", [annotation numbers])]`` in order of first annotation."""
    if not any(a.page_screenshot for a in batch.annotations):
        return [(batch.screenshot, list(range(1, len(batch.annotations) + 1)))]
    groups: dict[str, list[int]] = {}
    for n, a in enumerate(batch.annotations, 1):
        groups.setdefault(a.page_screenshot, []).append(n)
    return list(groups.items())


def review_html(batch: AnnotationBatch, detail: str = DEFAULT_LEVEL, title: str = "",
                rounds: Rounds | None = None) -> str:
    """The whole review as one HTML document (module docstring). ``detail`` is the level of each note's
    Markdown (:mod:`app.protocol.detail`); ``DetailLevelError`` for an unknown one. ``rounds``: annotation
    number (1-based) → its rounds, oldest first (:data:`~app.model.round_chain.Rounds`); without them a
    follow-up shows only the after crop its ``Follow-up to:`` lines name."""
    rounds = rounds or {}
    batch = restrict(batch, detail)
    title = title or f"pagenote review: {len(batch.annotations)} annotations"
    out = ["<!doctype html>", '<html lang="en"><head><meta charset="utf-8">',
           f'<meta http-equiv="Content-Security-Policy" content="{CSP}">',
           '<meta name="viewport" content="width=device-width, initial-scale=1">',
           f"<title>{_e(title)}</title><style>{_STYLE}</style></head><body>",
           f"<header><h1>{_e(title)}</h1>"]
    if batch.summary:
        out.append(f"<p>{_e(batch.summary)}</p>")
    out.append("</header>")
    for shot, numbers in _pages(batch):
        url = batch.annotations[numbers[0] - 1].element.url if numbers else ""
        if shot:
            out.append('<section class="page">')
            out.append(f'<figure>{_image(shot, "page", "page screenshot with numbered markers")}'
                       f"<figcaption>{_e(url)}: the page with numbered markers</figcaption></figure>")
        else:   # no empty picture column: the notes take the width
            out.append('<section class="page no-shot">')
            out.append(f'<p class="url">{_e(url)}: no page screenshot</p>')
        out.append('<ol class="notes">')
        out += [_note(n, batch.annotations[n - 1], detail, tuple(rounds.get(n, ()))) for n in numbers]
        out.append("</ol></section>")
    out.append("</body></html>")
    return "\n".join(out) + "\n"
