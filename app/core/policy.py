"""The rules pagenote applies on both sides of the page boundary, defined once. Plain Python, no Qt.

The page scripts (``app/picker_js/``) get every rule here through ``OPTIONS`` (:func:`page_options`, via
``app.picker_js.default_options``); the Python model and protocol import the same names. Nothing else
restates a value from this module (or from :mod:`app.core.secret_rules`, the part about secrets, which
:func:`page_options` hands on as ``secrets``): ``tests/test_policy.py`` checks the page scripts hold no copy, and
``tests/test_parity.py`` runs the two implementations of the rules that must be coded twice (the locator
splitter, URL redaction) over one table of cases.

Units: lengths are code points on the Python side and UTF-16 code units on the page (the page cuts first, the
model cuts again; issue #2 "two boundaries"). Colours are ``#RRGGBB``; sizes are CSS px.
"""

from __future__ import annotations

from app.core.secret_rules import (  # OPTIONS.secrets (page_options)
    SECRET_PARAM_NAMES, SECRET_NAME_TOKENS, SECRET_COMPOUND_STEMS, SECRET_COMPOUND_TAILS, SECRET_CODE_TOKENS,
    SECRET_CODE_QUALIFIERS, SECRET_PARAM_WORDS, SECRET_PARAM_SUFFIX, SECRET_ATTRIBUTE_EXEMPT, SECRET_PATH_STEMS,
    SECRET_PATH_MIN, SECRET_PATH_MIX, SECRET_VALUE_MIN, SECRET_VALUE_MIX, SECRET_JWT, SECRET_SHAPES, REDACTED_VALUE,
    URL_STOP_CHARS, SECRET_INPUT_TYPES, SECRET_AUTOCOMPLETE_FIELDS, SECRET_FIELD_TOKENS, SECRET_FIELD_WORDS,
    REDACT_ATTRIBUTE, REDACTED_TEXT, EDITABLE_TEXT,
)
from app.core.unicode_ranges import ranges_for

# -- record caps (issue #2, "The element record" and "The Markdown protocol") -------------------------------

#: Cap of a single-line field's value.
LINE_CAP = 8_000
#: Caps of the fenced blocks.
TEXT_CAP = 4_000
CONTEXT_CAP = 4_000
HTML_CAP = 6_000
#: Cap of one attribute value.
ATTRIBUTE_VALUE_CAP = 500
#: Hard bound of a note or the batch summary (multi-line, user-typed; issue 9 §8): the user's words are kept
#: whole below it. 64,000 code points stay under the agent socket's 1 MiB request line even as JSON with every
#: character escaped (an astral character is 12 bytes as ``\uXXXX\uXXXX``); beyond it the note is cut with the
#: ``[truncated]`` line and the cut is reported (stderr in ``pagenote capture``).
NOTE_CAP = 64_000
#: Characters a reader does not see, or sees as a line break where the record has none — one rule, by Unicode
#: general category (issue #32 security review 3: a hand list always missed some): every character of category
#: **Cf** (format: zero-width and joiner characters, word joiner and invisible operators, the BOM, soft hyphen,
#: the bidi marks, embeddings, overrides and isolates — "Trojan Source", CVE-2021-42574, UAX #9 §2 —, the tag
#: characters U+E0001–U+E007F of "ASCII smuggling", the Arabic/Syriac/Kaithi number and end-of-ayah signs
#: U+0600–U+0605, U+06DD, U+070F, U+110BD, the Egyptian hieroglyph format controls U+13430–U+1343F, the
#: interlinear annotation marks, the shorthand and musical format controls …), **Cn** (unassigned: U+2065,
#: U+E0080 …, a font draws nothing or a box) and **Co** (private use: U+E000–U+F8FF and planes 15–16, which
#: draw nothing but what a font happens to put there) — plus the characters of other categories that draw
#: nothing and can carry hidden bytes (``_BLANK_BMP``, ``_BLANK_ASTRAL``): U+FFFC OBJECT REPLACEMENT CHARACTER, the
#: variation selectors U+FE00–U+FE0F and U+E0100–U+E01EF ("emoji smuggling": one selector per byte), the
#: combining grapheme joiner U+034F, the Mongolian free variation selectors U+180B–U+180F, the Khmer inherent
#: vowels U+17B4–U+17B5, the Hangul fillers U+115F, U+1160, U+3164, U+FFA0, the Braille blank U+2800 and the
#: musical null notehead U+1D159 (Unicode ``Default_Ignorable_Code_Point`` and the blank look-alikes of TR #36
#: §2.1); and every line break ``str.splitlines()`` or JavaScript knows besides LF and CR
#: (:data:`EXOTIC_BREAKS`). Categories are Python's ``unicodedata`` (its Unicode version: a character assigned
#: after it, say a newer emoji, reads as Cn and is escaped — erring towards showing). Every page-supplied record
#: field and every MCP result shows them escaped (``\u200b``, :func:`app.model.text.escape_invisible`; the
#: page scripts keep no list) and the record says it held some (``hidden_chars``), except an emoji's own
#: presentation selector and a joiner between two emoji (:data:`PRESENTATION_SELECTORS`). So an icon font's
#: glyph (Font Awesome puts private-use characters in button text) reads ``\uf007`` in a record: what an agent
#: would otherwise read as nothing. A regex character-class body of ranges, built once at import, valid in
#: Python ``re`` (the host escapes, for every field and result).
INVISIBLE_CATEGORIES = ("Cf", "Cn", "Co")
_BLANK_BMP = "\\u034f\\u115f\\u1160\\u17b4\\u17b5\\u180b-\\u180f\\u2800\\u3164\\ufe00-\\ufe0f\\uffa0\\ufffc"
_BLANK_ASTRAL = "\\U0001d159\\U000e0100-\\U000e01ef"


def _class_body(ranges: list[tuple[int, int]]) -> str:
    def esc(code: int) -> str:
        return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"
    return "".join(esc(a) + (f"-{esc(b)}" if b > a else "") for a, b in ranges)


#: The categories' ranges: app/core/_unicode_ranges.py's table when it is of the running Python's Unicode
#: version (walking every code point at each start costs 0.3–0.7 s), else computed (app.core.unicode_ranges).
_RANGES = ranges_for(INVISIBLE_CATEGORIES)
#: The same set split at U+FFFF (app.model.text scans the BMP part as one bitmap and looks an astral character
#: up only when it meets one: a class of hundreds of astral ranges is tested range by range, ~1 s per MB).
INVISIBLE_BMP = _BLANK_BMP + _class_body([(a, min(b, 0xFFFF)) for a, b in _RANGES if a <= 0xFFFF])
INVISIBLE_ASTRAL = _BLANK_ASTRAL + _class_body([(max(a, 0x10000), b) for a, b in _RANGES if b > 0xFFFF])
INVISIBLE_CHARS = INVISIBLE_BMP + INVISIBLE_ASTRAL
#: Pictographs (emoji): a ZERO WIDTH JOINER between two of them (👨‍👩‍👧) joins them into one picture a reader
#: sees, so it is kept (Unicode TS #51 §2.3 "emoji ZWJ sequence"). A character-class body (Python ``re``).
EMOJI_CHARS = "\\U0001f000-\\U0001faff\\u2600-\\u27bf"
#: VS15/VS16, the text and emoji presentation selectors (Unicode TS #51 §1.4.3, ``❤️`` = U+2764 U+FE0F). One
#: of them directly after a character that has both presentations — :data:`EMOJI_CHARS`, :data:`EMOJI_BASES` —
#: is what it looks like, so it is kept as it is; anywhere else (after a letter, after another selector, at
#: the start, in a run) it is escaped like the rest of :data:`INVISIBLE_CHARS`. The other selectors
#: (U+FE00–U+FE0D, U+E0100–U+E01EF) are always escaped: no emoji uses them. What a kept selector can still hide
#: is one bit per emoji or keycap base (VS15 or VS16 or none) — not a message.
PRESENTATION_SELECTORS = "\\ufe0e\\ufe0f"
#: The other characters with an emoji presentation (keycap bases ``#*0-9``, ©, ®, ‼, ⁉, ™, ℹ, arrows,
#: ⌚…⏿, Ⓜ, geometric shapes, ⤴⤵, ⬅…⭕, 〰, 〽, ㊗, ㊙; Unicode emoji-data.txt ``Emoji_Presentation``/``Emoji``).
EMOJI_BASES = ("#*0-9\\u00a9\\u00ae\\u203c\\u2049\\u2122\\u2139\\u2194-\\u21aa\\u231a-\\u23ff\\u24c2"
               "\\u25aa-\\u25fe\\u2934\\u2935\\u2b05-\\u2b55\\u3030\\u303d\\u3297\\u3299")
#: The line breaks among them (escaped in page fields; a user-typed note turns them into LF).
EXOTIC_BREAKS = "\\x0b\\x0c\\x1c-\\x1e\\x85\\u2028\\u2029"
#: What a cut single-line value ends with, and the last line of a cut block.
LINE_MARK = " [truncated]"
BLOCK_MARK = "\n[truncated]"

# -- attributes (issue #2: an allow-list, never ``value``) ---------------------------------------------------

#: Test-id attributes, in the order a test-id anchor or locator prefers them (issue #3 §1).
TEST_ID_ATTRIBUTES = ("data-testid", "data-test", "data-qa", "data-cy")
#: Attribute names the record may carry, besides :data:`ALLOWED_ATTRIBUTE_PREFIXES`.
ALLOWED_ATTRIBUTES = frozenset({"id", "class", "href", "src", "alt", "title", "name", "type", "placeholder",
                                "role", *TEST_ID_ATTRIBUTES})
#: Attribute-name prefixes the record may carry (``aria-label``, ``aria-describedby`` …).
ALLOWED_ATTRIBUTE_PREFIXES = ("aria-",)

# -- secrets: what never leaves the page in text or pixels: app/core/secret_rules.py (OPTIONS.secrets) ------

# -- locators (issue #3 §1; grammar in app/picker_js/locator_grammar.js) ------------------------------------

#: At most this many locators per element.
LOCATOR_MAX = 8
#: A locator longer than this (code points / code units) is dropped, never cut.
LOCATOR_CHARS = 1_000
#: Longest quoted value in a locator, and longest ``text=`` value.
LOCATOR_VALUE_MAX = 200
LOCATOR_TEXT_MAX = 80
#: Separator of locators on the Markdown ``Locators:`` line.
LOCATOR_SEPARATOR = "; "
#: A ``role=`` locator is made only when the document has at most this many elements that can have the role:
#: verifying it computes the accessible name of each (a link on a 35,000-element page took up to 1.87 s;
#: issue 30, requirement 8). Past it the element keeps its other locators.
LOCATOR_ROLE_SCAN = 2_000

# -- selectors (issue 9 §11: short, stable, deterministic; app/picker_js/selector.js) -------------------------

#: querySelectorAll calls one selector search may make before it settles for a path from the nearest anchor
#: (a count, never a clock: the same DOM always gives the same selector). About 0.3 ms each on a
#: 17,000-element page (bench/picker_latency.py).
SELECTOR_QUERIES = 60
#: Ancestors looked at for an anchor (an ancestor whose own step is unique in the document).
SELECTOR_DEPTH = 12
#: A parent with more children than this is not searched for a sibling-distinguishing step: the step uses
#: the element's position (bounds the per-pick work on long lists; a count, so still deterministic).
SELECTOR_SIBLINGS_MAX = 500
#: Longest id or test id written in a selector step (longer ones make selectors nobody reads).
SELECTOR_ID_MAX = 200
#: Longest naming-attribute value (href, name, aria-label …) written in a selector step.
SELECTOR_VALUE_MAX = 80
#: ``text=`` reads an element's rendered text (``innerText``) only when its ``textContent`` is at most this
#: long (UTF-16 code units); a longer element never matches a ``text=`` locator (bounds the resolver's cost).
TEXT_SOURCE_MAX = 20_000

# -- markers (issue #2: numbered markers on the page and in annotated screenshots) --------------------------

#: Marker badge colours: normal, stale (issue #3 §7), selected in the panel; the hover highlight's colour.
MARKER_COLOR = "#DC2626"
MARKER_STALE_COLOR = "#6B7280"
MARKER_SELECTED_COLOR = "#2563EB"
HIGHLIGHT_COLOR = "#2563EB"
#: Marker badge height and minimum width, CSS px (border 2 px included).
MARKER_SIZE = 22


def rgba(color: str, alpha: int = 255) -> tuple[int, int, int, int]:
    """``"#RRGGBB"`` → ``(r, g, b, alpha)`` with 0..255 ints (what Pillow draws with).

    Raises ``ValueError`` for anything that is not ``#`` and six hex digits."""
    if len(color) != 7 or color[0] != "#":
        raise ValueError(f"not a #RRGGBB colour: {color!r}")
    return int(color[1:3], 16), int(color[3:5], 16), int(color[5:7], 16), alpha


#: The marker colour as an RGBA tuple, for host-side drawing (app/capture/draw.py ``MARKER_RED``).
MARKER_RGBA = rgba(MARKER_COLOR)

# -- placement (what pagenote draws never hides what it marks; rules in app/core/placement.py) ---------------

#: Space between a marker badge and its element's border box, and between two badges, CSS px.
BADGE_GAP = 2
#: Space between the note box and the element it annotates, view px.
NOTE_GAP = 8
#: Space between the hover label and the highlighted box, CSS px; the label's height, CSS px.
LABEL_GAP = 2
LABEL_HEIGHT = 18

# -- JavaScript dialogs (issue 9 §1: alert/confirm/prompt/beforeunload never block) -------------------------

#: Cap of a dialog's message and a prompt's default value as pagenote reports them (code points; page data).
DIALOG_TEXT_CAP = 500
#: Dialogs per document reported one by one; from the next one on the page is in a dialog loop: its dialogs
#: are still answered at once, counted as suppressed and reported once.
DIALOG_LOOP_LIMIT = 5
#: Dialogs a tab keeps (the newest), and how many of them ``page.state`` lists.
DIALOG_LOG_CAP = 50
DIALOG_STATE_COUNT = 5

# -- anchoring statuses (issue #3 §7) -----------------------------------------------------------------------

#: Same node still connected / the node was re-rendered and found again by its locators / no unique match.
STATUS_EXACT = "exact"
STATUS_REMATCHED = "rematched"
STATUS_STALE = "stale"
ANCHOR_STATUSES = (STATUS_EXACT, STATUS_REMATCHED, STATUS_STALE)
#: Why a stale annotation was not moved (issue 9 §4): ``ambiguous: N candidates`` — N connected elements have the
#: pinned element's role, accessible name and text and no locator tells them apart (never moved by index).
STALE_AMBIGUOUS = "ambiguous: {n} candidates"
#: The same when the page holds fewer elements alike in every text than when the element was pinned and one is
#: left (issue 30, requirement 1): which of them was removed cannot be told, so the one left is only a candidate.
STALE_AMBIGUOUS_ONE = "ambiguous: 1 candidate, a look-alike is gone"
STALE_NO_MATCH = "no element with the same role, name and text"

# -- element geometry (issue 9 §6; app/picker_js/geometry.js) -----------------------------------------------

#: ``ElementRecord.box``: how the rect was measured. ``""``: the element's own border box;
#: :data:`BOX_CONTENTS`: ``display: contents`` (no box of its own), the union of its children's boxes as Chrome
#: DevTools highlights it; one of :data:`NO_BOX_KINDS`: the element draws nothing, so it has no rect
#: (``Rect: none (hidden)``), its marker is hidden and an element screenshot fails with ``CAPTURE_NO_BOX``.
BOX_CONTENTS = "contents"
BOX_HIDDEN = "hidden"          # display: none (itself or an ancestor), visibility: hidden/collapse
BOX_DETACHED = "detached"      # no longer in the document
BOX_ZERO_SIZE = "zero-size"    # laid out with width and height 0
NO_BOX_KINDS = (BOX_HIDDEN, BOX_DETACHED, BOX_ZERO_SIZE)

# -- page context (the agent's page.context and page.wait_for_change; app/picker_js/context.js, revision.js) ----
#: Install-wide defaults of one page-context read; a request may only lower them.
CONTEXT_MAX_NODES = 300
CONTEXT_MAX_CHARS = 60_000
#: Revisions of history a document keeps for page.wait_for_change diffs.
REVISION_HISTORY = 12
#: The most refs a complete wait_for_change diff lists (beyond: reset_required).
DIFF_MAX_REFS = 1_000
#: Source hints per node at most (most specific first).
SOURCE_CANDIDATES = 8


def page_options() -> dict:
    """The rules as the page scripts read them (``OPTIONS`` minus ``version``): a JSON-ready dict of
    ``caps`` (code units), ``marks``, ``attributes``, ``test_ids``, ``secrets``, ``locators``, ``markers``,
    ``statuses``, ``stale_reasons``, ``context`` and ``boxes``. A fresh dict each call (callers may change theirs)."""
    return {
        "caps": {"line": LINE_CAP, "text": TEXT_CAP, "context": CONTEXT_CAP, "html": HTML_CAP,
                 "attr": ATTRIBUTE_VALUE_CAP},
        "marks": {"line": LINE_MARK, "block": BLOCK_MARK},
        "attributes": {"allowed": sorted(ALLOWED_ATTRIBUTES), "prefixes": list(ALLOWED_ATTRIBUTE_PREFIXES)},
        "test_ids": list(TEST_ID_ATTRIBUTES),
        "secrets": {"param_names": list(SECRET_PARAM_NAMES), "name_tokens": list(SECRET_NAME_TOKENS),
                    "code_tokens": list(SECRET_CODE_TOKENS), "code_qualifiers": list(SECRET_CODE_QUALIFIERS),
                    "compound_stems": list(SECRET_COMPOUND_STEMS), "compound_tails": list(SECRET_COMPOUND_TAILS),
                    "shapes": list(SECRET_SHAPES),
                    "param_words": list(SECRET_PARAM_WORDS), "param_suffix": SECRET_PARAM_SUFFIX,
                    "attribute_exempt": list(SECRET_ATTRIBUTE_EXEMPT), "path_stems": list(SECRET_PATH_STEMS),
                    "path_min": SECRET_PATH_MIN, "value_min": SECRET_VALUE_MIN, "value_mix": SECRET_VALUE_MIX,
                    "jwt": SECRET_JWT,
                    "path_mix": SECRET_PATH_MIX, "redacted_value": REDACTED_VALUE, "url_stop": URL_STOP_CHARS,
                    "input_types": list(SECRET_INPUT_TYPES),
                    "autocomplete": list(SECRET_AUTOCOMPLETE_FIELDS),
                    "field_tokens": list(SECRET_FIELD_TOKENS), "field_words": list(SECRET_FIELD_WORDS),
                    "redact_attribute": REDACT_ATTRIBUTE, "redacted_text": REDACTED_TEXT,
                    "editable_text": EDITABLE_TEXT},
        "locators": {"max": LOCATOR_MAX, "chars": LOCATOR_CHARS, "value_max": LOCATOR_VALUE_MAX,
                     "text_max": LOCATOR_TEXT_MAX, "separator": LOCATOR_SEPARATOR,
                     "role_scan": LOCATOR_ROLE_SCAN},
        "selectors": {"queries": SELECTOR_QUERIES, "depth": SELECTOR_DEPTH, "siblings_max": SELECTOR_SIBLINGS_MAX,
                      "id_max": SELECTOR_ID_MAX, "value_max": SELECTOR_VALUE_MAX, "text_source_max": TEXT_SOURCE_MAX},
        "markers": {"color": MARKER_COLOR, "stale": MARKER_STALE_COLOR, "selected": MARKER_SELECTED_COLOR,
                    "highlight": HIGHLIGHT_COLOR, "size": MARKER_SIZE},
        "statuses": {"exact": STATUS_EXACT, "rematched": STATUS_REMATCHED, "stale": STATUS_STALE},
        "stale_reasons": {"ambiguous": STALE_AMBIGUOUS, "ambiguous_one": STALE_AMBIGUOUS_ONE,
                          "no_match": STALE_NO_MATCH},
        "context": {"history": REVISION_HISTORY, "max_nodes": CONTEXT_MAX_NODES, "max_chars": CONTEXT_MAX_CHARS},
        "boxes": {"contents": BOX_CONTENTS,
                  "none": {"hidden": BOX_HIDDEN, "detached": BOX_DETACHED, "zero_size": BOX_ZERO_SIZE}},
    }
