"""Text normalisation shared by the model and the protocol: caps, line folding, Unicode clean-up.

All functions are pure and idempotent; lengths are counted in Unicode code points (Python ``str`` length),
so a cut never splits a code point and the output always encodes as UTF-8.
"""

from __future__ import annotations

import re
from functools import lru_cache

# The caps and marks are rules shared with the page scripts: defined once in app.core.policy.
from app.core.policy import (  # re-exported: the model and protocol import the caps from here
    ATTRIBUTE_VALUE_CAP,
    BLOCK_MARK,
    CONTEXT_CAP,
    EMOJI_BASES,
    EMOJI_CHARS,
    EXOTIC_BREAKS,
    HTML_CAP,
    INVISIBLE_ASTRAL,
    INVISIBLE_BMP,
    LINE_CAP,
    LINE_MARK,
    NOTE_CAP,
    PRESENTATION_SELECTORS,
    TEXT_CAP,
)

__all__ = ["ATTRIBUTE_VALUE_CAP", "BLOCK_MARK", "CONTEXT_CAP", "HTML_CAP", "LINE_CAP", "LINE_MARK", "NOTE_CAP",
           "TEXT_CAP", "cap_block", "cap_line", "cap_note", "clean_unicode", "escape_invisible", "has_invisible",
           "is_single_line", "normalise_block", "note_overflow"]

#: What ``str.splitlines()`` (and so many Markdown readers, editors and agents) treats as a line end: LF, CR,
#: VT, FF, FS/GS/RS (U+001C–U+001E), NEL (U+0085), LINE SEPARATOR and PARAGRAPH SEPARATOR (Python docs,
#: "str.splitlines"; Unicode UAX #14 mandatory breaks). A character class body.
_BREAK_CHARS = "\n\r\x0b\x0c\x1c-\x1e\x85\u2028\u2029"
_NEWLINES = re.compile(r"\r\n|[" + _BREAK_CHARS + "]")
#: The same breaks but LF, once CRLF is LF: what :func:`_lf_lines` makes LF (one class, so a block of 70,000
#: lines is one bitmap scan with nothing to replace, not 70,000 LFs rewritten as themselves).
_NOT_LF = re.compile("[" + _BREAK_CHARS.replace("\n", "") + "]")
#: Whitespace (``str.isspace``, what ``str.rstrip`` strips) just before an LF: a line with trailing spaces.
_SPACE_BEFORE_LF = re.compile(r"[^\S\n]\n")
_LINE_BREAK_RUN = re.compile(r"\s*[" + _BREAK_CHARS + r"]+\s*")
#: Any line break: :data:`_LINE_BREAK_RUN` tries ``\s*`` at every position, this one class scans (a line
#: without a break, the usual case, is not rewritten).
_ANY_BREAK = re.compile("[" + _BREAK_CHARS + "]")
#: Characters no field keeps as they are (made visible as U+FFFD REPLACEMENT CHARACTER): the other C0
#: controls (TAB excepted) and DEL, the C1 controls (NEL excepted: a line break).
_HIDDEN = re.compile("[\x01-\x08\x0e-\x1b\x1f\x7f-\x84\x86-\x9f]")
#: What :func:`escape_invisible` leaves as it is although :data:`app.core.policy.INVISIBLE_CHARS` holds it (the
#: rules are policy's): an emoji's presentation selector — VS15/VS16 directly after a character with both
#: presentations (``❤️``) — and a ZERO WIDTH JOINER between two emoji (``👨‍👩‍👧``, ``❤️‍🔥``: after an emoji, or
#: after an emoji and its kept VS16). Tried first at each position, so a kept character never matches group 1.
_KEPT = ("(?<=[" + EMOJI_CHARS + EMOJI_BASES + "])[" + PRESENTATION_SELECTORS + "]"
         "|(?:(?<=[" + EMOJI_CHARS + "])|(?<=[" + EMOJI_CHARS + EMOJI_BASES + "]\ufe0f))\u200d(?=[" + EMOJI_CHARS + "])")
_KEPT_AT = re.compile(_KEPT)
#: The candidates of :data:`app.core.policy.INVISIBLE_CHARS` (defined once there, by Unicode category) with the
#: exotic line breaks, and without them (a note keeps its line breaks as LF): each BMP character of the set and
#: any astral character — one class, so one bitmap scan (~10 ms per MB) finds them; a class of the astral part's
#: hundreds of ranges would be tried range by range at every position (~1 s per MB). Text without any is
#: returned as it is after that one scan; otherwise :func:`_kind` sorts each *distinct* candidate once (a page's
#: emoji repeat: 70,000 emoji are one lookup, not 70,000) and :func:`escape_invisible` rewrites with one
#: ``str.translate`` table — only the three characters :data:`_KEPT` may keep are looked at in place.
_ASTRAL = "\U00010000-\U0010ffff"
_INVISIBLE = re.compile("[" + INVISIBLE_BMP + EXOTIC_BREAKS + _ASTRAL + "]")
_INVISIBLE_ONLY = re.compile("[" + INVISIBLE_BMP + _ASTRAL + "]")
_ASTRAL_CLASS = re.compile("[" + INVISIBLE_ASTRAL + "]")
_BMP_CLASS = re.compile("[" + INVISIBLE_BMP + "]")
_BREAK_CLASS = re.compile("[" + EXOTIC_BREAKS + "]")
#: The candidates :data:`_KEPT` may keep (an emoji's presentation selectors and the ZERO WIDTH JOINER): escaped
#: or not by where they stand.
_CONTEXT_CHARS = "\ufe0e\ufe0f\u200d"
_IN_CONTEXT = re.compile("[" + _CONTEXT_CHARS + "]")
#: What :func:`_kind` says of a character: shown as it is; always escaped; escaped when line breaks are
#: (:data:`~app.core.policy.EXOTIC_BREAKS`); escaped unless :data:`_KEPT` matches where it stands.
_SHOWN, _ESCAPED, _BREAK, _CONTEXT = 0, 1, 2, 3


@lru_cache(maxsize=8192)
def _kind(ch: str) -> int:
    """What :func:`escape_invisible` does with the one character ``ch`` (cached: a page's characters repeat):
    :data:`_SHOWN`, :data:`_ESCAPED`, :data:`_BREAK` or :data:`_CONTEXT`."""
    if ch >= "\U00010000":
        return _ESCAPED if _ASTRAL_CLASS.match(ch) else _SHOWN
    if ch in _CONTEXT_CHARS:
        return _CONTEXT
    if _BMP_CLASS.match(ch):
        return _ESCAPED
    return _BREAK if _BREAK_CLASS.match(ch) else _SHOWN


def _escape_char(ch: str) -> str:
    code = ord(ch)
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


def _escape_context(m: re.Match) -> str:
    """A :data:`_CONTEXT_CHARS` character escaped unless :data:`_KEPT` matches at its place in the original
    string (so what comes before and after it is read as the page wrote it)."""
    if _KEPT_AT.match(m.string, m.start()) is not None:
        return m.group()
    return _escape_char(m.group())


def _escaped(value: str, breaks: bool) -> tuple[set[str], bool]:
    """The distinct characters of ``value`` that :func:`escape_invisible` escapes wherever they stand, and
    whether ``value`` holds any :data:`_CONTEXT_CHARS` character (escaped or kept by its place)."""
    pattern = _INVISIBLE if breaks else _INVISIBLE_ONLY
    if pattern.search(value) is None:
        return set(), False
    always, context = set(), False
    for ch in set(pattern.findall(value)):
        kind = _kind(ch)
        if kind == _ESCAPED or (kind == _BREAK and breaks):
            always.add(ch)
        elif kind == _CONTEXT:
            context = True
    return always, context


def escape_invisible(value: str, breaks: bool = True) -> str:
    """``value`` with each character of :data:`app.core.policy.INVISIBLE_CHARS` (general categories Cf, Cn,
    Co — zero-width, bidi, tag characters, private use, unassigned —, variation selectors, fillers and blanks) — and with ``breaks``, each line break other than LF
    and CR (:data:`~app.core.policy.EXOTIC_BREAKS`) — written as its Python escape, ``\\u200b`` (BMP) or
    ``\\U000e0041`` (astral), so a reader sees what the page put there and no reader splits a line where the
    record has none. An emoji's presentation selector and a joiner between two emoji are kept (:data:`_KEPT`,
    policy :data:`~app.core.policy.PRESENTATION_SELECTORS`). ASCII-only escapes, so idempotent. Nothing to
    escape: the same object back."""
    always, context = _escaped(value, breaks)
    out = value
    if context:
        # First, on the page's own text (the context rules read the neighbours as written); the escapes are
        # ASCII, which the table below leaves alone.
        out = _IN_CONTEXT.sub(_escape_context, value)
        if len(out) == len(value):
            out = value       # every one kept: the same object back when nothing else is escaped
    if always:
        out = out.translate({ord(ch): _escape_char(ch) for ch in always})
    return out


def has_invisible(value: str) -> bool:
    """True when ``value`` holds a character :func:`escape_invisible` escapes (an emoji's selector or joiner
    aside)."""
    always, context = _escaped(value, True)
    return bool(always) or (context and any(_KEPT_AT.match(value, m.start()) is None
                                            for m in _IN_CONTEXT.finditer(value)))


def clean_unicode(value: str) -> str:
    """Return ``value`` with lone UTF-16 surrogates replaced by U+FFFD, so it always encodes as UTF-8, and
    with every control character that is not a line break or TAB replaced by U+FFFD, so what a reader sees is
    what the text holds (the invisible characters are :func:`escape_invisible`'s).

    Strings coming from JavaScript may hold unpaired surrogates (JS strings are UTF-16 code-unit sequences);
    Python keeps them as code points U+D800..U+DFFF, which ``str.encode('utf-8')`` rejects. NUL is dropped.
    Line breaks are left to the callers (:func:`cap_line` folds them, :func:`normalise_block` makes them LF).
    """
    if not value:
        return value
    value = _HIDDEN.sub("\ufffd", value.replace("\x00", ""))
    try:
        value.encode("utf-8")
        return value
    except UnicodeEncodeError:
        return "".join("\ufffd" if 0xD800 <= ord(ch) <= 0xDFFF else ch for ch in value)


def cap_line(value: str, cap: int = LINE_CAP) -> str:
    """Normalise a single-line field value: no line break of any kind ``str.splitlines()`` knows (whitespace
    runs with LF or CR become one space; TAB becomes a space; the other breaks, zero-width, bidi and tag
    characters are escaped, :func:`escape_invisible`), no other control character (:func:`clean_unicode`), stripped, at most ``cap`` code points, ending in ``" [truncated]"`` when cut.

    Idempotent: ``cap_line(cap_line(v)) == cap_line(v)``.
    """
    value = escape_invisible(clean_unicode(value))
    if _ANY_BREAK.search(value):
        value = _LINE_BREAK_RUN.sub(" ", value)
    value = value.replace("\t", " ").strip()
    if len(value) > cap:
        value = value[: cap - len(LINE_MARK)].rstrip() + LINE_MARK
    return value


def is_single_line(value: str) -> bool:
    """True when ``value`` can stand on a ``Key: value`` line as it is: no line break of any kind
    ``str.splitlines()`` knows, no control or bidi control character that :func:`cap_line` would replace."""
    return (not _NEWLINES.search(value) and not _HIDDEN.search(value) and "\x00" not in value
            and not has_invisible(value))


def _lf_lines(value: str) -> str:
    """``value`` with CRLF, and every other line break :data:`_BREAK_CHARS` holds, made LF."""
    return _NOT_LF.sub("\n", value.replace("\r\n", "\n"))


def normalise_block(value: str, page: bool = True) -> str:
    """A fenced-block value without its cap: LF line ends (CRLF and lone CR become LF; every other line break
    ``str.splitlines()`` or JavaScript knows is escaped in a ``page`` field — the page's text, so a page cannot
    make a line the writer did not — and becomes LF in a user's note, ``page=False``; either way a reader
    splitting lines any way sees the same lines and the fence stays on its own line), zero-width, bidi and tag
    characters escaped (:func:`escape_invisible`), other controls as in :func:`clean_unicode`, no trailing
    spaces before a line end, no leading/trailing blank lines. Idempotent."""
    value = _lf_lines(escape_invisible(clean_unicode(value), breaks=page)).strip("\n")
    # A block's lines are kept as typed, but trailing spaces before a line end are noise in Markdown.
    if "\n" in value and _SPACE_BEFORE_LF.search(value):
        value = "\n".join(line.rstrip() for line in value.split("\n"))
    return value.rstrip().strip("\n")   # the last line's trailing spaces, and the blank lines they leave


def cap_block(value: str, cap: int) -> str:
    """Normalise a fenced-block value (:func:`normalise_block`) to at most ``cap`` code points, with a last
    line ``[truncated]`` when cut (issue #2).

    Idempotent: ``cap_block(cap_block(v, c), c) == cap_block(v, c)``.
    """
    value = normalise_block(value)
    if len(value) > cap:
        head = value[: cap - len(BLOCK_MARK)].rstrip()
        value = head + BLOCK_MARK if head.strip() else BLOCK_MARK.lstrip("\n")
    return value


def cap_quote(value: str, cap: int) -> str:
    """A text range's quote kept as the page's ``textContent.slice(start, end)`` gave it — spaces and blank
    lines included, so an agent can check it against the offsets — except what no block may hold: line breaks
    other than LF become LF (CRLF one LF; a reader splitting lines sees the writer's lines), other controls as
    in :func:`clean_unicode`. Longer than ``cap`` code points: cut, with a last line ``[truncated]``.

    Idempotent: ``cap_quote(cap_quote(v, c), c) == cap_quote(v, c)``."""
    value = _lf_lines(escape_invisible(clean_unicode(value)))
    if len(value) > cap:
        value = value[: cap - len(BLOCK_MARK)] + BLOCK_MARK
    return value


def cap_note(value: str) -> str:
    """Normalise a user-typed note or summary: like :func:`cap_block` (a note may span lines: Shift+Enter in
    the note box), capped at :data:`NOTE_CAP` — the hard bound, far above what anyone types (issue 9 §8);
    below it the user's words are kept whole. :func:`note_overflow` says whether a value is cut."""
    value = normalise_block(value, page=False)
    if len(value) > NOTE_CAP:
        head = value[: NOTE_CAP - len(BLOCK_MARK)].rstrip()
        value = head + BLOCK_MARK if head.strip() else BLOCK_MARK.lstrip("\n")
    return value


def note_overflow(value: str) -> int:
    """How many code points of ``value`` a note or summary loses to :data:`NOTE_CAP` (0: kept whole), after
    the same normalisation as :func:`cap_note`. Callers warn with it: a cut is never silent (issue 9 §8)."""
    return max(len(normalise_block(value, page=False)) - NOTE_CAP, 0)


