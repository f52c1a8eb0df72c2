"""Field types and input normalisers of the annotation model (:mod:`app.model.annotation`): single-line
values (the user's, the page's — folded, escaped, credentials redacted — and whole ones that are omitted rather
than cut), the ``[not taken: …]`` screenshot reason, page blocks, and the hidden-characters check. No Qt.

Every normaliser is idempotent (validating an already valid value changes nothing), which the Markdown round
trip ``parse(encode(b)) == b`` relies on.
"""

from __future__ import annotations

import re
import sys
from typing import Annotated, Any

from pydantic import AfterValidator

from app.model.text import LINE_CAP, cap_block, cap_line, has_invisible, normalise_block
from app.protocol.redact import redact_urls

#: A single-line value pagenote or the user wrote (a path, a status reason): :func:`~app.model.text.cap_line`.
Line = Annotated[str, AfterValidator(cap_line)]


def page_line(value: str) -> str:
    """A page-supplied single-line value: folded and escaped (:func:`~app.model.text.cap_line`), its credentials
    redacted (:func:`~app.protocol.redact.redact_urls`, on the normalised text as for blocks, so validation
    stays idempotent), then capped at :data:`LINE_CAP`."""
    return cap_line(redact_urls(cap_line(value, sys.maxsize)))


#: A single-line value the page wrote (a title, an accessible name, a role, a font …): :func:`page_line`.
PageLine = Annotated[str, AfterValidator(page_line)]


def _whole_line(value: str) -> str:
    value = cap_line(value, LINE_CAP + 1)
    return "" if len(value) > LINE_CAP or redact_urls(value) != value else value


#: A single-line value that is useless when cut or rewritten (a selector, an XPath): too long, or holding a
#: credential :func:`~app.protocol.redact.redact_urls` would redact (``a[title="…?token=…"]``) → omitted, never
#: truncated or rewritten (a rewritten selector finds nothing; the page avoids such values too, selector.js).
WholeLine = Annotated[str, AfterValidator(_whole_line)]


#: How a screenshot that could not be taken reads where its path would be (issue 9 §5):
#: ``[not taken: CODE — reason]``, CODE a registry name (app/core/errors.py).
NOT_TAKEN_OPEN, NOT_TAKEN_CLOSE = "[not taken: ", "]"
_NOT_TAKEN = re.compile(r"\[not taken: (.*)\]\Z", re.S)
#: Cap of the reason, so that the whole ``[not taken: …]`` value is still a single-line value (LINE_CAP).
REASON_CAP = LINE_CAP - len(NOT_TAKEN_OPEN) - len(NOT_TAKEN_CLOSE)

#: Why a screenshot was not taken: ``"CODE — reason"``, one line, at most :data:`REASON_CAP` code points.
Reason = Annotated[str, AfterValidator(lambda v: cap_line(v, REASON_CAP))]


def not_taken(reason: str) -> str:
    """``"[not taken: <reason>]"``: the ``Screenshot:`` value of a screenshot that failed (issue 9 §5)."""
    return f"{NOT_TAKEN_OPEN}{reason}{NOT_TAKEN_CLOSE}"


def split_not_taken(data: Any) -> Any:
    """Model input normalisation shared by :class:`Annotation` and :class:`AnnotationBatch`: a ``screenshot``
    that reads ``[not taken: R]`` (as the Markdown line does) becomes ``screenshot_error=R``, so the parser
    needs no special case and validation stays idempotent. ``ValueError`` when both a path and a reason are
    given."""
    if not isinstance(data, dict) or not isinstance(data.get("screenshot"), str):
        return data
    m = _NOT_TAKEN.match(cap_line(data["screenshot"]))
    if m is None:
        return data
    if data.get("screenshot_error"):
        raise ValueError("a screenshot has a path or the reason it was not taken, not both")
    return {**data, "screenshot": "", "screenshot_error": m.group(1)}


def one_of_path_or_reason(model: Any) -> Any:
    if model.screenshot and model.screenshot_error:
        raise ValueError("a screenshot has a path or the reason it was not taken, not both")
    return model


def redacted_block(value: str, cap: int) -> str:
    """A page's block value normalised, its credentials redacted (:func:`~app.protocol.redact.redact_urls`: the
    second boundary after the page's ``redactUrl``, which sees attributes, not text) and capped. Idempotent:
    redaction runs on the normalised text, and what the cap leaves of ``REDACTED`` is not redacted again."""
    return cap_block(redact_urls(normalise_block(value)), cap)


def holds_invisible(data: object, depth: int = 0) -> bool:
    """True when a string anywhere in ``data`` (dict values and keys, lists; 3 levels) has a character
    :func:`~app.model.text.has_invisible` finds."""
    if isinstance(data, str):
        return has_invisible(data)
    if depth < 3 and isinstance(data, dict):
        return any(holds_invisible(k, depth + 1) or holds_invisible(v, depth + 1) for k, v in data.items())
    if depth < 3 and isinstance(data, (list, tuple)):
        return any(holds_invisible(v, depth + 1) for v in data)
    return False
