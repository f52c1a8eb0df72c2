"""The ``Locators:`` line of an annotation: the element's ranked locators (issue #3 §1), best first.

Each locator is one string made and verified in the page (``app/picker_js/locator_grammar.js`` documents
the grammar: ``role=button[name="Place order"]``, ``label="…"``, ``testid=…``, ``placeholder="…"``, ``text="…"``,
``css=…``, ``xpath=…``). On the line they are joined with ``"; "``::

    Locators: role=button[name="Place order"]; text="Place order"; css=#submit; xpath=/html/body/button

Splitting is quote-aware: ``"; "`` separates locators only outside a ``"…"`` string, and a backslash
escapes the next character (inside or outside quotes), so ``text="a; b"`` and ``role=button[name="say
\\"hi\\"; ok"]`` stay whole. The model keeps only locators that survive this (:func:`splits_alone`), which
makes ``split_locators(join_locators(x)) == x`` hold for every validated list. The page implements the same
rule (``splitsAlone`` in ``app/picker_js/locator_grammar.js``); ``tests/test_parity.py`` runs both.
"""

from __future__ import annotations

from app.core.policy import LINE_CAP, LOCATOR_CHARS, LOCATOR_MAX, LOCATOR_SEPARATOR
from app.model.text import is_single_line
from app.protocol.redact import redact_urls

SEPARATOR = LOCATOR_SEPARATOR
#: At most this many locators per element, each at most this many code points (longer ones are dropped);
#: the page applies the same limits (app.core.policy).
MAX_LOCATORS = LOCATOR_MAX
LOCATOR_CAP = LOCATOR_CHARS

def splits_alone(locator: str) -> bool:
    """True when ``locator`` reads back as itself from a ``"; "``-joined line: it ends outside quotes with no
    dangling backslash, holds no ``"; "`` outside quotes, and has no surrounding whitespace."""
    quoted = False
    i = 0
    while i < len(locator):
        c = locator[i]
        if c == "\\":
            if i + 1 >= len(locator):
                return False
            i += 2
            continue
        if c == '"':
            quoted = not quoted
        elif not quoted and c == ";" and locator.startswith(" ", i + 1):
            return False
        i += 1
    return not quoted and locator == locator.strip()


def _usable(locator: object) -> bool:
    if not isinstance(locator, str) or not locator or len(locator) > LOCATOR_CAP \
            or not is_single_line(locator):
        return False
    try:
        locator.encode("utf-8")  # a lone surrogate from JS would be replaced, and then match nothing
    except UnicodeEncodeError:
        return False
    # A credential it would carry (``css=a[title="…?token=…"]``) is left out, not rewritten: a rewritten locator
    # finds nothing. The page skips such values too (locator_grammar.js); this is the second boundary.
    return splits_alone(locator) and redact_urls(locator) == locator


def bounded_locators(locators: object) -> tuple[str, ...]:
    """Normalise the model's ``locators``: keep strings that are :func:`_usable` (one line, ≤ 1,000 code
    points, splittable, nothing :func:`~app.protocol.redact.redact_urls` would change), first occurrences
    only, at most :data:`MAX_LOCATORS`, and only while the joined line stays within :data:`LINE_CAP` — a
    locator that does not fit is dropped whole (a later, shorter one may still fit), never cut. Anything that
    is not a list/tuple gives ``()``. Idempotent."""
    if not isinstance(locators, (list, tuple)):
        return ()
    out: list[str] = []
    used = 0
    for locator in locators:
        if len(out) >= MAX_LOCATORS:
            break
        if not _usable(locator) or locator in out:
            continue
        cost = len(locator) + (len(SEPARATOR) if out else 0)
        if used + cost > LINE_CAP:
            continue
        out.append(locator)
        used += cost
    return tuple(out)


def join_locators(locators: tuple[str, ...] | list[str]) -> str:
    """The ``Locators:`` value: the locators joined with ``"; "``."""
    return SEPARATOR.join(locators)


def split_locators(line: str) -> list[str]:
    """Inverse of :func:`join_locators` for locators that :func:`splits_alone`: split on ``"; "`` outside
    ``"…"`` strings (a backslash escapes the next character)."""
    out: list[str] = []
    start = 0
    quoted = False
    i = 0
    while i < len(line):
        c = line[i]
        if c == "\\":
            i += 2
            continue
        if c == '"':
            quoted = not quoted
        elif not quoted and c == ";" and line.startswith(" ", i + 1):
            out.append(line[start:i])
            start = i + 2
            i += 2
            continue
        i += 1
    out.append(line[start:])
    return [part for part in out if part]
