"""HTTP headers as an agent may read them: bounded, with credentials redacted (issue 26, requirement 3:
"cookies, ``authorization``, ``set-cookie``, tokens redacted"). Plain Python, no Qt.

Rules, in order, for one header ``name: value``:

1. ``cookie``: each ``name=value`` pair keeps its name, its value becomes ``REDACTED`` (``a=REDACTED; b=REDACTED``).
2. ``set-cookie`` (one cookie per line, as CDP joins them): the cookie's value ``REDACTED``, its attributes
   (``Path``, ``HttpOnly`` …) kept.
3. ``authorization`` / ``proxy-authorization``: the scheme kept, the credentials ``REDACTED`` (``Bearer REDACTED``).
4. a name that reads as a credential by the URL parameter policy (:func:`app.protocol.redact.is_secret_param`:
   ``x-api-key``, ``x-auth-token``, ``x-csrf-token`` …): the whole value ``REDACTED``.
5. any other value: URL credentials redacted (:func:`app.protocol.redact.redact_urls`, for ``location``,
   ``referer`` …), and a value shaped like a token (:func:`app.protocol.redact.secret_value`) ``REDACTED``.

Bounds: at most :data:`MAX_HEADERS` headers (sorted by name) and :data:`TOTAL_CHARS` characters of names and
values together (a page may send a thousand requests with large headers; the headers past the budget are
left out and a ``…`` header says how many), names ≤ :data:`NAME_CHARS`, values ≤ :data:`VALUE_CHARS`
characters (a longer one ends in ``…``), redacted before the cut.
"""

from __future__ import annotations

from app.core.secret_rules import REDACTED_VALUE
from app.protocol.redact import is_secret_param, redact_urls, secret_value

#: Most headers kept per request or response.
MAX_HEADERS = 100
#: Longest header name kept, characters.
NAME_CHARS = 200
#: Longest header value kept, characters.
VALUE_CHARS = 2_000
#: Most characters of one request's (or response's) kept headers, names and values together.
TOTAL_CHARS = 16_000
_CREDENTIAL_HEADERS = frozenset({"authorization", "proxy-authorization"})


def _cookie_pairs(value: str) -> str:
    pairs = [p.strip() for p in value.split(";") if p.strip()]
    return "; ".join(f"{p.split('=', 1)[0]}={REDACTED_VALUE}" if "=" in p else REDACTED_VALUE for p in pairs)


def _set_cookie(value: str) -> str:
    lines = []
    for line in value.split("\n"):
        cookie, _sep, attributes = line.partition(";")
        name = cookie.split("=", 1)[0].strip() if "=" in cookie else ""
        lines.append(f"{name}={REDACTED_VALUE}" + (f";{attributes}" if attributes else ""))
    return "\n".join(lines)


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit - 1] + "…"


def redact_header(name: str, value: str) -> str:
    """``value`` of header ``name`` (any case) with credentials redacted by the module's rules, at most
    :data:`VALUE_CHARS` characters."""
    low = name.strip().lower()
    value = value[:VALUE_CHARS + 1]  # before the redaction: its cost grows faster than the length
    if low == "cookie":
        redacted = _cookie_pairs(value)
    elif low == "set-cookie":
        redacted = _set_cookie(value)
    elif low in _CREDENTIAL_HEADERS:
        scheme = value.strip().split(" ", 1)
        redacted = f"{scheme[0]} {REDACTED_VALUE}" if len(scheme) == 2 and scheme[0].isalpha() else REDACTED_VALUE
    elif is_secret_param(low):
        redacted = REDACTED_VALUE
    else:
        redacted = redact_urls(value)
        if secret_value(redacted.strip()):
            redacted = REDACTED_VALUE
    return _cut(redacted, VALUE_CHARS)


def redact_headers(headers: dict) -> dict[str, str]:
    """``headers`` (CDP's ``Headers`` object: name → value; a non-string value is turned into text) as a new
    dict, sorted by lower-cased name, within :data:`MAX_HEADERS` and :data:`TOTAL_CHARS` (then a last ``"…"``
    entry counts the headers left out), each value through :func:`redact_header`. A non-dict gives ``{}``."""
    if not isinstance(headers, dict):
        return {}
    ordered = sorted(headers.items(), key=lambda item: str(item[0]).lower())
    kept: dict[str, str] = {}
    budget = TOTAL_CHARS
    for name, value in ordered[:MAX_HEADERS]:
        name = _cut(str(name), NAME_CHARS)
        value = redact_header(name, str(value))
        budget -= len(name) + len(value)
        if budget < 0:
            break
        kept[name] = value
    if len(kept) < len(ordered):
        kept["…"] = f"{len(ordered) - len(kept)} more headers left out"
    return kept
