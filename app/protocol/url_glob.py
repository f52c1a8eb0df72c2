"""Playwright's URL globs (its docs, "Network › Glob URL patterns"), matched in time linear in the URL: the
patterns of the agent's network routes (:mod:`app.agent.routes`). No Qt.

Grammar: ``*`` any characters but ``/``, ``**`` any characters, ``{a,b}`` either (not nested), ``\\x`` the
character ``x``; everything else, ``?`` included, is itself. A glob matches the whole URL.

Why not a regular expression: ``re`` backtracks, and a glob with many stars is exponential in the URL's length
(``'**a' * 16 + '*b'`` against a 45-character URL of ``a``s took 85 s here, the app's event loop frozen while a
page's request waited). :class:`UrlGlob` instead runs each alternative as a bit-parallel NFA (one bit per
token: a set of states per character, as Shift-And does for literals): ``len(url) × alternatives`` steps of a
few integer operations, whatever the pattern.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.core.errors import PagenoteError

#: Most alternatives the ``{a,b}`` groups of one glob may spell out (their product).
MAX_ALTERNATIVES = 64
#: A URL longer than this (characters) matches no glob (bounded work per request; Chromium allows 2 MB).
MATCH_URL_CHARS = 16_384
_STAR, _GLOBSTAR = 0, 1   # tokens other than literal characters (which are 1-character strings)


@dataclass(frozen=True)
class _Program:
    literal: dict[str, int]   # character → the bits of the tokens that are that character
    star: int                 # bits of ``*`` tokens (stay on any character but ``/``)
    globstar: int             # bits of ``**`` tokens (stay on any character)
    accept: int               # the bit after the last token

    def matches(self, url: str) -> bool:
        stars = self.star | self.globstar
        states = 1 | ((1 & stars) << 1)   # a star may match nothing (stars are never adjacent: merged)
        for ch in url:
            nxt = ((states & self.literal.get(ch, 0)) << 1) | (states & self.globstar)
            if ch != "/":
                nxt |= states & self.star
            if not nxt:
                return False
            states = nxt | ((nxt & stars) << 1)
        return bool(states & self.accept)


def _program(tokens: list) -> _Program:
    merged: list = []
    for t in tokens:   # a run of stars is one: ``**`` if any of them is, else ``*``
        if t in (_STAR, _GLOBSTAR) and merged and merged[-1] in (_STAR, _GLOBSTAR):
            merged[-1] = max(merged[-1], t)
        else:
            merged.append(t)
    literal: dict[str, int] = {}
    star = globstar = 0
    for i, t in enumerate(merged):
        if t == _STAR:
            star |= 1 << i
        elif t == _GLOBSTAR:
            globstar |= 1 << i
        else:
            literal[t] = literal.get(t, 0) | 1 << i
    return _Program(literal, star, globstar, 1 << len(merged))


def _alternatives(pattern: str) -> list[list]:
    """The token lists the glob's groups spell out. Raises ``INVALID_PARAMS`` (nested or unclosed ``{``, more than
    :data:`MAX_ALTERNATIVES`)."""
    pieces: list[list[list]] = []   # each piece: its alternatives (a plain run has one)
    run: list = []
    group: list[list] | None = None
    i = 0
    while i < len(pattern):
        c = pattern[i]
        into = group[-1] if group is not None else run
        if c == "*":
            double = pattern.startswith("**", i)
            into.append(_GLOBSTAR if double else _STAR)
            i += 2 if double else 1
            continue
        if c == "{":
            if group is not None:
                raise PagenoteError("INVALID_PARAMS", f"route: pattern {pattern[:80]!r} nests '{{'")
            pieces.append([run])
            run, group = [], [[]]
        elif c == "}" and group is not None:
            pieces.append(group)
            group = None
        elif c == "," and group is not None:
            group.append([])
        elif c == "\\" and i + 1 < len(pattern):
            into.append(pattern[i + 1])
            i += 1
        else:
            into.append(c)
        i += 1
    if group is not None:
        raise PagenoteError("INVALID_PARAMS", f"route: pattern {pattern[:80]!r} has an unclosed '{{'")
    pieces.append([run])
    out: list[list] = [[]]
    for piece in pieces:
        out = [a + b for a in out for b in piece]
        if len(out) > MAX_ALTERNATIVES:
            raise PagenoteError("INVALID_PARAMS", f"route: pattern {pattern[:80]!r} spells out more than "
                                f"{MAX_ALTERNATIVES} alternatives with its {{…}} groups", "use fewer groups")
    return out


class UrlGlob:
    """A compiled glob (module docstring): :meth:`fullmatch` (``url`` → bool). Raises ``INVALID_PARAMS`` when
    made from a glob with a nested or unclosed ``{`` or too many alternatives."""

    def __init__(self, pattern: str) -> None:
        self.pattern = pattern
        self._programs = [_program(tokens) for tokens in _alternatives(pattern)]

    def fullmatch(self, url: str) -> bool:
        """Whether the glob matches all of ``url`` (never for one longer than :data:`MATCH_URL_CHARS`)."""
        return len(url) <= MATCH_URL_CHARS and any(p.matches(url) for p in self._programs)
