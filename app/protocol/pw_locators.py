"""pagenote's ranked locators (:mod:`app.protocol.locators`, grammar in ``app/picker_js/locator_grammar.js``) written
as Playwright test code, for ``browser_generate_locator``. No Qt.

======================================= ==========================================================
pagenote locator                        Playwright (its docs, "Locators")
======================================= ==========================================================
``role=button[name="Go"]``              ``getByRole('button', { name: 'Go', exact: true })``
``label="Email"``                       ``getByLabel('Email', { exact: true })``
``testid=save``                         ``getByTestId('save')`` (``data-testid``, Playwright's default)
``testid[data-qa]=save``                ``locator('[data-qa="save"]')``
``placeholder="Search"``                ``getByPlaceholder('Search', { exact: true })``
``text="Hello"``                        ``getByText('Hello', { exact: true })``
``css=#main > a``                       ``locator('#main > a')``
``xpath=/html/body/a``                  ``locator('xpath=/html/body/a')``
======================================= ==========================================================

pagenote's role, label, placeholder and text locators match whole values (exact), so ``exact: true`` keeps the
meaning. Strings are JavaScript single-quoted literals (backslash, quote and line breaks escaped).
"""

from __future__ import annotations

import re

_ROLE = re.compile(r'role=([A-Za-z][A-Za-z0-9_-]*)\[name=(".*")\]\Z', re.S)
_QUOTED_KINDS = {"label": "getByLabel", "placeholder": "getByPlaceholder", "text": "getByText"}
_TESTID = re.compile(r"testid(?:\[([a-z-]+)\])?=(.*)\Z", re.S)


def _unquote(quoted: str) -> str | None:
    """The value of a locator's ``"…"`` string (backslash escapes the next character), or ``None`` when
    ``quoted`` is not exactly one such string."""
    if len(quoted) < 2 or quoted[0] != '"' or quoted[-1] != '"':
        return None
    out, i, body = [], 0, quoted[1:-1]
    while i < len(body):
        c = body[i]
        if c == "\\":
            if i + 1 >= len(body):
                return None
            out.append(body[i + 1])
            i += 2
            continue
        if c == '"':
            return None
        out.append(c)
        i += 1
    return "".join(out)


def js_string(value: str) -> str:
    """``value`` as a JavaScript single-quoted string literal."""
    escaped = (value.replace("\\", "\\\\").replace("'", "\\'").replace("\n", "\\n").replace("\r", "\\r")
               .replace("\u2028", "\\u2028").replace("\u2029", "\\u2029"))
    return f"'{escaped}'"


def playwright_locator(locator: str) -> str | None:
    """The Playwright expression (``getByRole(…)``, ``locator(…)`` — without ``page.``) for one pagenote
    ``locator`` (module table), or ``None`` for a string that is not in pagenote's grammar."""
    m = _ROLE.match(locator)
    if m:
        name = _unquote(m.group(2))
        return None if name is None else \
            f"getByRole({js_string(m.group(1))}, {{ name: {js_string(name)}, exact: true }})"
    head, sep, rest = locator.partition("=")
    if not sep:
        return None
    if head in _QUOTED_KINDS:
        value = _unquote(rest)
        return None if value is None else f"{_QUOTED_KINDS[head]}({js_string(value)}, {{ exact: true }})"
    if head == "css" and rest:
        return f"locator({js_string(rest)})"
    if head == "xpath" and rest:
        return f"locator({js_string('xpath=' + rest)})"
    t = _TESTID.match(locator)
    if t:
        value = _unquote(t.group(2)) if t.group(2).startswith('"') else t.group(2)
        if not value:
            return None
        if t.group(1) in (None, "data-testid"):
            return f"getByTestId({js_string(value)})"
        css_value = value.replace("\\", "\\\\").replace('"', '\\"')
        return f"locator({js_string(f'[{t.group(1)}={chr(34)}{css_value}{chr(34)}]')})"
    return None
