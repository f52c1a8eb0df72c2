"""The ``Attributes:`` line of an annotation: ``id="submit" class="btn primary"``.

Encoding: ``name="value"`` pairs separated by one space, in the order given. Inside the quotes ``&`` is written
``&amp;`` and ``"`` is written ``&quot;`` (the two escapes HTML uses in double-quoted attribute values, HTML
§13.1.2.3), so any value survives the round trip and the line reads like the element's own markup.
"""

from __future__ import annotations

import re

from app.core.policy import ALLOWED_ATTRIBUTE_PREFIXES, ALLOWED_ATTRIBUTES
from app.model.text import ATTRIBUTE_VALUE_CAP, LINE_CAP, cap_line
from app.protocol.redact import redact_urls

#: The allow-list of issue #2 (never ``value``; app.core.policy), enforced again here as the second boundary.
ALLOWED = ALLOWED_ATTRIBUTES


def allowed_attribute(name: str) -> bool:
    """True for attribute names the record may carry: :data:`ALLOWED` and the policy's prefixes (``aria-*``)."""
    return name in ALLOWED or name.startswith(ALLOWED_ATTRIBUTE_PREFIXES)


#: Attribute names we accept: the XML Name production restricted to ASCII, which covers HTML attributes.
_NAME = re.compile(r"[A-Za-z_:][-A-Za-z0-9_:.]*\Z")
_PAIR = re.compile(r'([A-Za-z_:][-A-Za-z0-9_:.]*)="([^"]*)"')


class AttributesError(ValueError):
    """Raised by :func:`parse_attributes` for a line that is not a sequence of ``name="value"`` pairs."""


def _escape(value: str) -> str:
    return value.replace("&", "&amp;").replace('"', "&quot;")


def _unescape(value: str) -> str:
    return value.replace("&quot;", '"').replace("&amp;", "&")


def encode_attributes(attributes: dict[str, str]) -> str:
    """Return the ``Attributes:`` value for ``attributes`` (name → value), e.g. ``id="a" class="b c"``."""
    return " ".join(f'{name}="{_escape(value)}"' for name, value in attributes.items())


def parse_attributes(line: str) -> dict[str, str]:
    """Parse an ``Attributes:`` value back into a dict (inverse of :func:`encode_attributes`).

    Raises :class:`AttributesError` naming the first character that does not belong to a pair.
    """
    out: dict[str, str] = {}
    pos = 0
    while pos < len(line):
        m = _PAIR.match(line, pos)
        if not m:
            raise AttributesError(f"expected name=\"value\" at column {pos + 1}: {line[pos:pos + 40]!r}")
        out[m.group(1)] = _unescape(m.group(2))
        pos = m.end()
        if pos < len(line):
            if line[pos] != " ":
                raise AttributesError(f"expected a space after {m.group(1)!r} at column {pos + 1}")
            pos += 1
    return out


def bounded_attributes(attributes: dict[str, str]) -> dict[str, str]:
    """Normalise attributes for the model: drop invalid and non-allow-listed names (:func:`allowed_attribute`), fold each value to one line, redact the credentials in it (:func:`~app.protocol.redact.redact_urls`, the
    second boundary after the page's own ``redactUrl``) and cap it at
    :data:`ATTRIBUTE_VALUE_CAP` code points (issue #2), and keep whole pairs only while the encoded line stays
    within :data:`LINE_CAP` (so the line is never cut mid-pair). Idempotent."""
    out: dict[str, str] = {}
    used = 0
    for name, value in attributes.items():
        if not isinstance(name, str) or not _NAME.match(name) or not allowed_attribute(name):
            continue
        value = cap_line(redact_urls(cap_line(str(value), ATTRIBUTE_VALUE_CAP)), ATTRIBUTE_VALUE_CAP)
        cost = len(name) + 3 + len(_escape(value)) + (1 if out else 0)
        if used + cost > LINE_CAP:
            break
        out[name] = value
        used += cost
    return out
