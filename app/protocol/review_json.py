"""A review as JSON: the annotation model, written to share and imported again onto the same or another origin.

Shape (UTF-8, one object)::

    {"format": "pagenote-review", "version": 1,
     "batch": {<AnnotationBatch as pydantic dumps it: summary, screenshot…, annotations: [{note, element: {url,
               selector, locators, …}, reference, kind, …}]>}}

:func:`load_review` is the import's gate: the text must be JSON, carry this format and version, and validate as
an :class:`~app.model.annotation.AnnotationBatch`; otherwise :class:`ReviewFileError` says which of these failed
and where (``batch.annotations.0.element.rect.width: …``). :func:`onto_origin` moves a loaded review onto another
origin (scheme, host, port) before its annotations are anchored again by their locators in the live page.
"""

from __future__ import annotations

import json
import re
from urllib.parse import urlsplit, urlunsplit

from pydantic import ValidationError

from app.model.annotation import AnnotationBatch, ElementRecord

FORMAT = "pagenote-review"
VERSION = 1
#: Largest review file read, in bytes (a batch of 200 forensic records is far below it).
MAX_BYTES = 32 * 1024 * 1024
#: Most annotations a review may hold: each becomes a pin, a marker and a panel row when imported, and the
#: import's cost grows faster than their number (10 000 took 43 s headless), so a file cannot stall the app.
MAX_ANNOTATIONS = 1000


class ReviewFileError(ValueError):
    """A file that is not a pagenote review: the message names the problem."""


def review_json(batch: AnnotationBatch) -> str:
    """``batch`` as a review file's text (module docstring), ending in LF."""
    return json.dumps({"format": FORMAT, "version": VERSION, "batch": batch.model_dump(mode="json")},
                      ensure_ascii=False, indent=1) + "\n"


def _where(error: dict) -> str:
    return ".".join(str(p) for p in ("batch", *error.get("loc", ())))


def load_review(text: str | bytes) -> AnnotationBatch:
    """The batch of a review file's text. Raises :class:`ReviewFileError` for text that is not UTF-8 JSON
    (or nests deeper than the decoder's recursion limit), another format or version, more than
    :data:`MAX_ANNOTATIONS` annotations, or a batch the model refuses (the first problem, with its path)."""
    if isinstance(text, bytes):
        if len(text) > MAX_BYTES:
            raise ReviewFileError(f"the file is larger than {MAX_BYTES // (1024 * 1024)} MB")
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise ReviewFileError(f"not UTF-8 text (byte {exc.start})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ReviewFileError(f"not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    except RecursionError:   # the decoder recurses per nesting level: a few hundred KB of brackets reach it
        raise ReviewFileError("not JSON: nested too deeply") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ReviewFileError(f'not a pagenote review: expected "format": "{FORMAT}"')
    if data.get("version") != VERSION:
        raise ReviewFileError(f"review version {data.get('version')!r} is not supported (this pagenote reads "
                              f"version {VERSION})")
    if not isinstance(data.get("batch"), dict):
        raise ReviewFileError('the review has no "batch" object')
    annotations = data["batch"].get("annotations")
    if isinstance(annotations, list) and len(annotations) > MAX_ANNOTATIONS:
        raise ReviewFileError(f"batch.annotations: {len(annotations)} annotations, more than the {MAX_ANNOTATIONS} "
                              "a review may hold")
    try:
        return AnnotationBatch.model_validate(data["batch"])
    except ValidationError as exc:
        first = exc.errors()[0]
        more = f" (and {exc.error_count() - 1} more problems)" if exc.error_count() > 1 else ""
        raise ReviewFileError(f"{_where(first)}: {first['msg']}{more}") from None


def origin_of(url: str) -> str:
    """``scheme://host[:port]`` of ``url`` (empty for a URL without a host, e.g. ``file:``)."""
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}" if parts.scheme and parts.netloc else ""


def _moved(url: str, origin: str) -> str:
    parts, to = urlsplit(url), urlsplit(origin)
    if not parts.netloc or not to.netloc:
        return url
    return urlunsplit((to.scheme, to.netloc, parts.path, parts.query, parts.fragment))


#: The XPath pagenote writes (app/picker_js/xpath.js): absolute, one ``name[n]`` or ``*[local-name()=…][n]``
#: step per element. An imported ``xpath=`` locator or ``xpath`` of another shape is dropped: it is evaluated in
#: the page when the annotation is anchored again, and nested ``count(//*)`` predicates hang the renderer.
_STEP = r"(?:[A-Za-z_][A-Za-z0-9_.-]*|\*\[local-name\(\)=(?:'[^']*'|\"[^\"]*\"|concat\([^()]*\))\])(?:\[\d{1,6}\])?"
_WRITTEN_XPATH = re.compile(rf"(?:/{_STEP})+\Z")


def _written_xpath(xpath: str) -> bool:
    return bool(_WRITTEN_XPATH.match(xpath))


#: URL schemes an imported record may keep: a review is of web pages (``file:`` ones only while staying put).
_PAGE_SCHEMES = ("http", "https")


def _element_onto(element: ElementRecord, origin: str) -> ElementRecord:
    """``element`` with its URL moved onto ``origin``; a URL of another scheme (``javascript:``, ``data:``,
    ``blob:``; ``file:`` when moving onto an origin) is emptied, so the importing tab takes its own page; XPaths
    pagenote did not write (:data:`_WRITTEN_XPATH`) dropped."""
    locators = tuple(x for x in element.locators if not x.startswith("xpath=") or _written_xpath(x[6:]))
    if locators != tuple(element.locators) or (element.xpath and not _written_xpath(element.xpath)):
        element = element.model_copy(update={"locators": locators,
                                             "xpath": element.xpath if _written_xpath(element.xpath) else ""})
    if not element.url:
        return element
    scheme = urlsplit(element.url).scheme.lower()
    if scheme not in _PAGE_SCHEMES and (origin or scheme != "file"):
        return element.model_copy(update={"url": ""})
    return element.model_copy(update={"url": _moved(element.url, origin)}) if origin else element


def onto_origin(batch: AnnotationBatch, origin: str) -> AnnotationBatch:
    """The imported batch as it starts on ``origin`` (``http://127.0.0.1:8001``; empty: the same origin):
    each record's URL moved to that origin (path, query, fragment kept; one of another scheme emptied:
    :func:`_element_onto`), and what described the old page's
    state dropped — statuses (an ambiguous one's candidates too), refresh lines and screenshots (they are
    taken again there); notes, records and reference images (the design targets) stay."""
    annotations = []
    for a in batch.annotations:
        update: dict = {"status": "", "status_reason": "", "candidates": (), "refreshed": "", "screenshot": "",
                        "screenshot_error": "", "page_screenshot": "", "page_screenshot_clean": ""}
        update["element"] = _element_onto(a.element, origin)
        if getattr(a, "elements", ()):
            update["elements"] = tuple(_element_onto(e, origin) for e in a.elements)
        annotations.append(a.model_copy(update=update))
    return AnnotationBatch(summary=batch.summary, annotations=tuple(annotations))
