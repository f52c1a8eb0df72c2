"""A small JavaScript tokeniser and name scanner for pagenote's own page modules (not for arbitrary JS).

It knows enough of ECMAScript's lexical grammar (ECMA-262 §12) to never mistake the inside of a comment,
string, template literal or regular-expression literal for code, and it reads template ``${…}`` substitutions
as code. On top of the tokens, :func:`scan` finds

* ``top_level``: names a module declares at its top level (``function f``, ``class C``, ``const/let/var`` with
  plain or destructuring patterns) with their kind, so the bundler can check what a module exports;
* ``declared``: every name the module declares at any depth (parameters, arrow parameters, ``catch``, locals);
* ``used``: identifiers read as variables — not property names after ``.``/``?.``, not object-literal keys,
  not method names in ``name(…) {`` definitions, not declarations.

Scope-insensitive on purpose (a name declared anywhere in a module counts as local to it): simple and robust
for the check it serves (``tests/test_js_modules.py``: no module reads another module's name without
importing it). Regex vs division is decided by the previous token, as ECMA-262 §12 "goal symbols" describes.
Raises :class:`JsLexError` for an unterminated comment, string, template or regex.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

KEYWORDS = frozenset("""
break case catch class const continue debugger default delete do else export extends false finally for function
if import in instanceof let new null of return static super switch this throw true try typeof var void while
with yield async await get set undefined
""".split())
#: After these keywords a ``/`` starts a regular expression, not a division.
_REGEX_AFTER_WORDS = frozenset({"return", "typeof", "instanceof", "in", "of", "new", "delete", "void", "throw",
                                "case", "do", "else", "yield", "await"})
_IDENT = re.compile(r"[A-Za-z_$\u0080-\uffff][\w$\u0080-\uffff]*")
_NUMBER = re.compile(r"0[xXbBoO][0-9a-fA-F_]+n?|(?:\d[\d_]*\.?[\d_]*|\.\d[\d_]*)(?:[eE][+-]?\d+)?n?")
_PUNCT = ("...", "?.", "=>")


class JsLexError(ValueError):
    """A comment, string, template or regex literal that does not end; the message names the line."""


@dataclass(frozen=True)
class Token:
    kind: str   # 'name' | 'num' | 'str' | 'regex' | 'punct'
    text: str
    line: int


def tokenize(src: str) -> list[Token]:
    """Tokens of ``src`` without comments or whitespace. String, template and regex literals are one token
    each (``kind`` 'str'/'regex'); the code inside a template's ``${…}`` is tokenised like any code."""
    out: list[Token] = []
    braces: list[str] = []   # '{' for a code brace, '`' for a template substitution
    i, n, line = 0, len(src), 1

    def prev_allows_regex() -> bool:
        if not out:
            return True
        t = out[-1]
        if t.kind == "name":
            return t.text in _REGEX_AFTER_WORDS
        if t.kind in ("num", "str", "regex"):
            return False
        return t.text not in (")", "]", "}")

    def template_rest(j: int) -> int:
        """Scan template characters from j; stop after the closing backquote or an opening ``${``."""
        nonlocal line
        start_line = line
        while j < n:
            c = src[j]
            if c == "\\":
                j += 2
                continue
            if c == "\n":
                line += 1
            if c == "`":
                out.append(Token("str", "`", start_line))
                return j + 1
            if c == "$" and src.startswith("${", j):
                out.append(Token("str", "`", start_line))
                braces.append("`")
                return j + 2
            j += 1
        raise JsLexError(f"line {start_line}: unterminated template literal")

    while i < n:
        c = src[i]
        if c == "\n":
            line += 1
            i += 1
        elif c in " \t\r\f\v\ufeff\u00a0":
            i += 1
        elif src.startswith("//", i):
            end = src.find("\n", i)
            i = n if end < 0 else end
        elif src.startswith("/*", i):
            end = src.find("*/", i + 2)
            if end < 0:
                raise JsLexError(f"line {line}: unterminated comment")
            line += src.count("\n", i, end)
            i = end + 2
        elif c in "'\"":
            j = i + 1
            while j < n and src[j] != c:
                if src[j] == "\n":
                    raise JsLexError(f"line {line}: unterminated string")
                j += 2 if src[j] == "\\" else 1
            if j >= n:
                raise JsLexError(f"line {line}: unterminated string")
            out.append(Token("str", src[i:j + 1], line))
            i = j + 1
        elif c == "`":
            i = template_rest(i + 1)
        elif c == "}" and braces and braces[-1] == "`":
            braces.pop()
            i = template_rest(i + 1)
        elif c == "/" and prev_allows_regex():
            j, in_class = i + 1, False
            while j < n and (in_class or src[j] != "/"):
                if src[j] == "\n":
                    raise JsLexError(f"line {line}: unterminated regular expression")
                if src[j] == "\\":
                    j += 1
                elif src[j] == "[":
                    in_class = True
                elif src[j] == "]":
                    in_class = False
                j += 1
            if j >= n:
                raise JsLexError(f"line {line}: unterminated regular expression")
            m = _IDENT.match(src, j + 1)
            end = m.end() if m else j + 1
            out.append(Token("regex", src[i:end], line))
            i = end
        elif (m := _NUMBER.match(src, i)) and (c.isdigit() or (c == "." and i + 1 < n and src[i + 1].isdigit())):
            out.append(Token("num", m.group(), line))
            i = m.end()
        elif (m := _IDENT.match(src, i)):
            out.append(Token("name", m.group(), line))
            i = m.end()
        elif c == "#" and (m := _IDENT.match(src, i + 1)):
            out.append(Token("punct", ".", line))   # a #private name reads like a property
            out.append(Token("name", m.group(), line))
            i = m.end()
        else:
            p = next((p for p in _PUNCT if src.startswith(p, i)), c)
            if p == "{":
                braces.append("{")
            elif p == "}" and braces:
                braces.pop()
            out.append(Token("punct", p, line))
            i += len(p)
    return out


@dataclass
class Names:
    """What :func:`scan` found: ``top_level`` name → kind ('function' | 'class' | 'const' | 'let' | 'var'),
    ``declared`` names at any depth, ``used`` name → first line it is read on."""

    top_level: dict[str, str] = field(default_factory=dict)
    declared: set[str] = field(default_factory=set)
    used: dict[str, int] = field(default_factory=dict)


_OPEN = {"(": ")", "[": "]", "{": "}"}


def _match(tokens: list[Token], i: int) -> int:
    """Index of the bracket closing the one at ``i`` (or len(tokens) when it never closes)."""
    depth = 0
    for j in range(i, len(tokens)):
        t = tokens[j]
        if t.kind == "punct" and t.text in "([{":
            depth += 1
        elif t.kind == "punct" and t.text in ")]}":
            depth -= 1
            if depth == 0:
                return j
    return len(tokens)


def _is(t: Token | None, *texts: str) -> bool:
    return t is not None and t.kind in ("punct", "name") and t.text in texts


def scan(src: str) -> Names:
    """Scan one module's source (see the module docstring). Raises :class:`JsLexError`."""
    toks = tokenize(src)
    names = Names()
    skip: set[int] = set()   # token indexes that are declarations or keys, not uses

    def at(k: int) -> Token | None:
        return toks[k] if 0 <= k < len(toks) else None

    def declare_pattern(start: int, end: int) -> None:
        """Declare the binding names of a pattern or parameter list in toks[start:end] (brackets included)."""
        for k in range(start, end):
            t = toks[k]
            if t.kind != "name" or t.text in KEYWORDS:
                continue
            before, after = at(k - 1), at(k + 1)
            if _is(before, ".", "?."):
                continue
            if _is(after, ":") and _is(before, "{", ","):
                skip.add(k)                      # a key in `{ key: binding }`
            elif _is(before, "(", ",", "{", "[", "...", ":") and _is(after, ",", ")", "=", "}", "]"):
                names.declared.add(t.text)
                skip.add(k)

    depth = 0
    i = 0
    while i < len(toks):
        t = toks[i]
        if t.kind == "punct":
            depth += t.text in "([{"
            depth -= t.text in ")]}"
        if t.kind != "name":
            i += 1
            continue
        word, before, after = t.text, at(i - 1), at(i + 1)
        if word in ("function", "class") and after is not None and after.kind == "name":
            names.declared.add(after.text)
            skip.add(i + 1)
            if depth == 0:
                names.top_level[after.text] = word
        elif word in ("const", "let", "var"):
            # Declarators: a name or pattern after the keyword and after each comma at the same depth.
            k, level = i + 1, 0
            expect = True
            while k < len(toks):
                u = toks[k]
                if expect and u.kind == "name":
                    names.declared.add(u.text)
                    skip.add(k)
                    if depth == 0:
                        names.top_level[u.text] = word
                    expect = False
                elif expect and _is(u, "{", "["):
                    close = _match(toks, k)
                    declare_pattern(k, close + 1)
                    if depth == 0:
                        for m in range(k, close):
                            if m in skip and toks[m].kind == "name" and toks[m].text in names.declared:
                                names.top_level.setdefault(toks[m].text, word)
                    k = close
                    expect = False
                elif u.kind == "punct" and u.text in "([{":
                    level += 1
                elif u.kind == "punct" and u.text in ")]}":
                    level -= 1
                    if level < 0:
                        break
                elif level == 0 and (_is(u, ";") or (u.kind == "name" and u.text in ("of", "in"))):
                    break
                elif level == 0 and _is(u, ","):
                    expect = True
                k += 1
        elif word == "catch" and _is(after, "("):
            declare_pattern(i + 1, _match(toks, i + 1) + 1)
        elif word not in KEYWORDS and not _is(before, ".", "?."):
            if _is(after, "=>"):
                names.declared.add(word)         # `x => …`
                skip.add(i)
            elif _is(after, "("):
                close = _match(toks, i + 1)
                if _is(at(close + 1), "{"):      # `name(…) {`: a function or method definition
                    skip.add(i)
                    declare_pattern(i + 1, close + 1)
            elif _is(after, ":") and _is(before, "{", ","):
                skip.add(i)                      # an object-literal key
        i += 1
    # Arrow parameter lists: `( … ) =>`.
    for k, t in enumerate(toks):
        if _is(t, "=>") and _is(at(k - 1), ")"):
            depth_ = 0
            for m in range(k - 1, -1, -1):
                if toks[m].kind == "punct" and toks[m].text in ")]}":
                    depth_ += 1
                elif toks[m].kind == "punct" and toks[m].text in "([{":
                    depth_ -= 1
                    if depth_ == 0:
                        declare_pattern(m, k)
                        break
        # `function (…) {` and `function name(…) {` parameter lists.
        if _is(t, "function"):
            m = k + 1 if _is(at(k + 1), "(") else k + 2
            if _is(at(m), "("):
                declare_pattern(m, _match(toks, m) + 1)
    for k, t in enumerate(toks):
        if t.kind == "name" and t.text not in KEYWORDS and k not in skip and not _is(at(k - 1), ".", "?."):
            names.used.setdefault(t.text, t.line)
    return names
