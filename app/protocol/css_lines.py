"""The ``CSS:`` block of an element record (issue 29, requirement 2): which stylesheet rules style the element,
written and read back. No Qt.

The block is fenced (``CSS:``, then a fence, one line per rule, most specific first, then the fence), written at
the ``detailed`` level and above (:mod:`app.protocol.detail`). Grammar of a line::

    rule-line   = ["inherited from an ancestor: "] (rule | "style attribute — " declarations)
                | N " rule" ["s"] " from cross-origin sheets (counted, not read)"   (last; N ≥ 1)
    rule        = selector " — " location " — " declarations
                  ("style attribute": the element's own style="…"; the prefix: a rule of an ancestor whose
                  inherited values no rule of the element overrides, after the element's own rules)
    selector    = a double-quoted string: \\ and " escaped with a backslash, [ref= / [href= written [ref\\= /
                  [href\\= (app.protocol.line_text.quoted: page text never spells pagenote's brackets)
    location    = file ":" line | file | "-"          (line 1-based; "-": the sheet has no URL)
    file        = a path without whitespace, " or \\ (/src/App.css, /css/site.css), or a quoted string
    declarations = declaration *("; " declaration) | "-"
    declaration = property ": " value    (value quoted as the selector when it holds ";" or \\ or starts
                  with "; a value declared !important ends in " !important")

e.g. ``".card .title" — /src/card.scss:8 — color: #112233; padding: 6px 12px``. Every page-supplied piece (the
selector, the file, the values) is quoted or checked, so the page cannot write a second rule, location or
declaration onto a line (security review item 3). Raises :class:`~app.protocol.blocks.ProtocolError`.
"""

from __future__ import annotations

import re

from app.model.css import PROPERTY, CssRule
from app.protocol.blocks import ProtocolError
from app.protocol.line_text import quoted

KEY = "CSS"
SEP = " — "
INLINE = "style attribute"
INHERITED = "inherited from an ancestor: "
_CROSS = re.compile(r"([1-9]\d{0,6}) rules? from cross-origin sheets \(counted, not read\)\Z")
_RAW_FILE = re.compile(r'[^\s"\\]+\Z')
_LINE_END = re.compile(r":(\d{1,8})\Z")


def cross_origin_line(count: int) -> str:
    """``2 rules from cross-origin sheets (counted, not read)``."""
    return f"{count} rule{'s' if count != 1 else ''} from cross-origin sheets (counted, not read)"


def _value(value: str) -> str:
    return quoted(value) if (";" in value or "\\" in value or value.startswith('"')) else value


def _location(rule: CssRule) -> str:
    if not rule.file:
        return "-"
    raw = _RAW_FILE.match(rule.file) and rule.file != "-" and not (rule.line == 0 and _LINE_END.search(rule.file))
    file = rule.file if raw else quoted(rule.file)
    return f"{file}:{rule.line}" if rule.line else file


def rule_line(rule: CssRule) -> str:
    """One rule as its ``CSS:`` line (module docstring)."""
    declarations = "; ".join(f"{k}: {_value(v)}" for k, v in rule.declarations.items()) or "-"
    mark = INHERITED if rule.inherited else ""
    if rule.inline:
        return f"{mark}{INLINE}{SEP}{declarations}"
    return f"{mark}{quoted(rule.selector)}{SEP}{_location(rule)}{SEP}{declarations}"


def encode_css(rules: tuple[CssRule, ...], cross_origin: int) -> str:
    """The ``CSS:`` block's content (no fence), or ``""`` when there is nothing to say."""
    lines = [rule_line(r) for r in rules]
    if cross_origin:
        lines.append(cross_origin_line(cross_origin))
    return "\n".join(lines)


def _quoted_at(text: str, i: int) -> tuple[str, int] | None:
    """The string quoted at ``text[i]`` (a ``"``) unescaped, and the index after its closing quote."""
    out: list[str] = []
    i += 1
    while i < len(text):
        ch = text[i]
        if ch == "\\" and i + 1 < len(text):
            out.append(text[i + 1])
            i += 2
        elif ch == '"':
            return "".join(out), i + 1
        else:
            out.append(ch)
            i += 1
    return None


def _declarations(text: str, number: int) -> dict[str, str]:
    if text == "-":
        return {}
    out: dict[str, str] = {}
    i = 0
    while True:
        colon = text.find(": ", i)
        name = text[i:colon] if colon >= 0 else ""
        if not PROPERTY.match(name) or name in out:
            raise ProtocolError(number, f"CSS: expected 'property: value', found {text[i:i + 60]!r}")
        i = colon + 2
        if text.startswith('"', i):
            found = _quoted_at(text, i)
            if found is None:
                raise ProtocolError(number, f"CSS: unclosed quoted value of {name}")
            out[name], i = found
        else:
            end = text.find("; ", i)
            end = len(text) if end < 0 else end
            out[name], i = text[i:end], end
        if i == len(text):
            return out
        if not text.startswith("; ", i):
            raise ProtocolError(number, f"CSS: expected '; ' after the value of {name}")
        i += 2


def _rule(line: str, number: int) -> CssRule:
    inherited = line.startswith(INHERITED)
    line = line.removeprefix(INHERITED)
    if line.startswith(INLINE + SEP):
        return CssRule(inline=True, inherited=inherited, declarations=_declarations(line[len(INLINE + SEP):], number))
    found = _quoted_at(line, 0) if line.startswith('"') else None
    if found is None or not line.startswith(SEP, found[1]):
        raise ProtocolError(number, f"CSS: expected '\"selector\" — file:line — declarations', found {line[:60]!r}")
    selector, i = found[0], found[1] + len(SEP)
    if line.startswith('"', i):
        quoted_file = _quoted_at(line, i)
        if quoted_file is None:
            raise ProtocolError(number, "CSS: unclosed quoted file")
        file, i = quoted_file
        end = line.find(SEP, i)
        m = _LINE_END.match(line[i:end]) if end >= 0 else None
        if end < 0 or (line[i:end] and m is None):
            raise ProtocolError(number, f"CSS: expected ':line —' after the file, found {line[i:i + 40]!r}")
        line_no = int(m.group(1)) if m else 0
    else:
        end = line.find(SEP, i)
        if end < 0:
            raise ProtocolError(number, f"CSS: expected ' — ' after the location, found {line[i:i + 40]!r}")
        where = line[i:end]
        m = _LINE_END.search(where)
        file, line_no = (where[:m.start()], int(m.group(1))) if m else (where, 0)
        file = "" if file == "-" else file
    return CssRule(selector=selector, inherited=inherited, file=file, line=line_no,
                   declarations=_declarations(line[end + len(SEP):], number))


def parse_css(text: str, number: int) -> dict:
    """``{"css": (CssRule, …), "css_cross_origin": N}`` from a ``CSS:`` block's content (:func:`encode_css`);
    ``number``: the 1-based line of the ``CSS:`` key, for :class:`ProtocolError`."""
    rules: list[CssRule] = []
    cross = 0
    lines = text.split("\n") if text else []
    for offset, line in enumerate(lines, start=2):
        m = _CROSS.match(line)
        if m and offset == len(lines) + 1:
            cross = int(m.group(1))
        else:
            rules.append(_rule(line, number + offset))
    return {"css": tuple(rules), "css_cross_origin": cross}
