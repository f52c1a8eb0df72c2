"""An element record's lines in the annotations Markdown: its single-line fields (``Key: value``, in
:data:`LINE_FIELDS` order) and its fenced blocks (:data:`BLOCK_FIELDS`), written and read back.

:mod:`app.protocol.markdown` writes the batch and its sections and calls these for each element record (an
element annotation's, a text range's or region's page record, and every element of a group through
:data:`CODEC`, which :mod:`app.protocol.kinds` borrows). Grammar of the values (module docstring of
``markdown.py`` for the whole shape):

- ``Rect:`` is ``x=…, y=…, width=…, height=…`` (CSS px, document coordinates), plus :data:`RECT_CONTENTS` for
  ``display: contents``, or ``none (hidden|detached|zero-size)`` for an element that draws nothing (issue 9 §6).
- ``Source:`` is the ``"; "``-joined hints, then :data:`SOURCE_NOTE` (dropped by the parser; a line without
  it reads too).
- ``Hidden characters:`` is :data:`HIDDEN_CHARS_TEXT` when the record held invisible characters; the parser
  reads its first word.
- ``Attributes:`` and ``Locators:`` have their own grammars (:mod:`app.protocol.attributes`,
  :mod:`app.protocol.locators`), and so has the ``CSS:`` block (:mod:`app.protocol.css_lines`).

Raises :class:`~app.protocol.blocks.ProtocolError` (1-based line number) for a malformed value.
"""

from __future__ import annotations

import re

from app.core.policy import BOX_CONTENTS, NO_BOX_KINDS
from app.model.annotation import ElementRecord, Rect
from app.protocol import kinds
from app.protocol.attributes import AttributesError, encode_attributes, parse_attributes
from app.protocol.blocks import Lines, ProtocolError, block, read_block, split_key
from app.protocol.css_lines import encode_css, parse_css
from app.protocol.locators import join_locators, split_locators

#: The ``Hidden characters:`` value of a record whose page text held invisible characters or line breaks
#: (app.core.policy.INVISIBLE_CHARS); the parser reads the first word.
HIDDEN_CHARS_TEXT = ("yes (the page's text held invisible characters or line breaks: shown escaped as \\uXXXX;"
                     " text the user cannot see on the page)")
#: The ``Rect:`` value of an element that draws nothing (issue 9 §6): ``none (hidden)``.
RECT_NONE = "none ({box})"
#: What follows a ``display: contents`` element's rect (the union of its children's boxes, issue 9 §6).
RECT_CONTENTS = " (display: contents: the union of its children's boxes)"
#: Follows the ``Source:`` hints: the page's own framework markers named them (a development build's locations,
#: or a production build's lack of them), so an agent takes them as the page's claim, not as pagenote's finding
#: (security review item 3; only files under the project or the dev server's root reach the line,
#: app/webview/source_hints.py).
SOURCE_NOTE = " (page-supplied hints from the framework's markers)"
#: The note's earlier wording, still read (and dropped) by the parser: Markdown written before it changed.
SOURCE_NOTE_BEFORE = " (page-supplied hints from development-build markers)"

#: Single-line element fields, in output order: (Markdown key, ElementRecord attribute).
LINE_FIELDS: tuple[tuple[str, str], ...] = (
    ("URL", "url"),
    ("Title", "title"),
    ("Frame", "frame"),
    ("Tag", "tag"),
    ("Role", "role"),
    ("Accessible name", "accessible_name"),
    ("Selector", "selector"),
    ("Locators", "locators"),
    ("Source", "source"),
    ("XPath", "xpath"),
    ("Shadow", "shadow"),
    ("Attributes", "attributes"),
    ("Color", "color"),
    ("Background", "background"),
    ("Font", "font"),
    ("Font weight", "font_weight"),
    ("Display", "display"),
    ("Rect", "rect"),
    ("Box model", "box_model"),   # detailed and forensic levels only (app/protocol/detail.py)
    ("Styles", "styles"),
    ("Hidden characters", "hidden_chars"),
)
#: Block element fields, in output order: (Markdown key, ElementRecord attribute, fence info string).
BLOCK_FIELDS: tuple[tuple[str, str, str], ...] = (
    ("Text", "text", ""),
    ("Nearby context", "nearby_context", ""),
    ("HTML excerpt", "html_excerpt", "html"),
    ("CSS", "css", ""),            # detailed and forensic levels (app/protocol/css_lines.py)
    ("Ancestry", "ancestry", ""),  # forensic level only
)

#: An annotation's header line starts with this (then its 1-based number).
SECTION_PREFIX = "## Annotation "
LINE_KEYS = {key: attr for key, attr in LINE_FIELDS}
BLOCK_KEYS = {key: attr for key, attr, _ in BLOCK_FIELDS}
_RECT = re.compile(
    r"x=(?P<x>-?\d+(?:\.\d+)?), y=(?P<y>-?\d+(?:\.\d+)?), "
    r"width=(?P<width>\d+(?:\.\d+)?), height=(?P<height>\d+(?:\.\d+)?)(?P<contents>"
    + re.escape(RECT_CONTENTS) + r")?\Z"
)


def _number(value: float) -> str:
    text = repr(float(value))
    return text[:-2] if text.endswith(".0") else text


def encode_rect(rect: Rect) -> str:
    """``x=120, y=840, width=180, height=48`` (CSS px, document coordinates; see :class:`Rect`)."""
    return (
        f"x={_number(rect.x)}, y={_number(rect.y)}, "
        f"width={_number(rect.width)}, height={_number(rect.height)}"
    )


def rect_value(element: ElementRecord) -> str:
    """The ``Rect:`` value: the rect (with :data:`RECT_CONTENTS` for ``display: contents``), ``none (hidden)``
    for an element without a box, or empty (no line) when the record has no rect."""
    if element.rect is not None:
        return encode_rect(element.rect) + (RECT_CONTENTS if element.box == BOX_CONTENTS else "")
    return RECT_NONE.format(box=element.box) if element.box in NO_BOX_KINDS else ""


def parse_rect(value: str, number: int) -> dict:
    """``{"rect": Rect | None, "box": str}`` from a ``Rect:`` value (see :func:`rect_value`) on 1-based line
    ``number``; :class:`ProtocolError` for another shape."""
    for box in NO_BOX_KINDS:
        if value == RECT_NONE.format(box=box):
            return {"rect": None, "box": box}
    m = _RECT.match(value)
    if not m:
        raise ProtocolError(number, f"Rect: expected 'x=…, y=…, width=…, height=…' or 'none (hidden)', "
                                    f"found {value[:60]!r}")
    box = BOX_CONTENTS if m.group("contents") else ""
    return {"rect": Rect(**{k: float(m.group(k)) for k in ("x", "y", "width", "height")}), "box": box}


def element_line_fields(element: ElementRecord) -> list[str]:
    """``Key: value`` lines of an element's single-line fields (:data:`LINE_FIELDS`), empty ones omitted."""
    out = []
    for key, attr in LINE_FIELDS:
        value = getattr(element, attr)
        if attr == "rect":
            value = rect_value(element)
        elif attr == "attributes":
            value = encode_attributes(value)
        elif attr == "locators":
            value = join_locators(value)
        elif attr == "hidden_chars":
            value = HIDDEN_CHARS_TEXT if value else ""
        elif attr == "source" and value:
            value += SOURCE_NOTE
        if value:
            out.append(f"{key}: {value}")
    return out


def element_blocks(element: ElementRecord, last: str = "") -> list[str]:
    """An element's block fields (:data:`BLOCK_FIELDS`), each after a blank line (``last``: the line
    written before them)."""
    out: list[str] = []
    for key, attr, info in BLOCK_FIELDS:
        value = encode_css(element.css, element.css_cross_origin) if attr == "css" else getattr(element, attr)
        if value:
            if (out[-1] if out else last) != "":
                out.append("")
            out += block(key, value, info)
    return out


def element_field(fields: dict, lines: Lines, line_no: int, key: str, value: str | None) -> bool:
    """Read an element field line (and its block) at 1-based ``line_no`` into ``fields`` (keyword arguments
    of :class:`ElementRecord`); ``False`` when ``key`` is not one. :class:`ProtocolError` for a malformed
    ``Rect:`` or ``Attributes:`` value or block."""
    if key in LINE_KEYS and value is not None:
        attr = LINE_KEYS[key]
        if attr == "rect":
            fields.update(parse_rect(value, line_no))
        elif attr == "attributes":
            try:
                fields[attr] = parse_attributes(value)
            except AttributesError as exc:
                raise ProtocolError(line_no, f"Attributes: {exc}") from None
        elif attr == "locators":
            fields[attr] = split_locators(value)
        elif attr == "hidden_chars":
            fields[attr] = value.split(" ", 1)[0] == "yes"
        elif attr == "source":
            fields[attr] = value.removesuffix(SOURCE_NOTE).removesuffix(SOURCE_NOTE_BEFORE)
        else:
            fields[attr] = value
    elif key in BLOCK_KEYS and value is None and BLOCK_KEYS[key] == "css":
        fields.update(parse_css(read_block(lines, key), line_no))
    elif key in BLOCK_KEYS and value is None:
        fields[BLOCK_KEYS[key]] = read_block(lines, key)
    else:
        return False
    return True


def fields_of(lines: Lines, stop: tuple[str, ...]):
    """Yield ``(line number, line, key, value)`` for each non-blank line up to the next line starting with one
    of ``stop`` (a section or element header); ``value`` is ``None`` for a ``Key:`` line (a block follows)."""
    while lines.more() and not lines.peek().startswith(stop):
        line_no = lines.number
        line = lines.take()
        if line.strip():
            yield (line_no, line, *split_key(line))


def read_element(lines: Lines) -> ElementRecord:
    """An element record's lines up to the next ``###``/``##`` header (a group's element sub-block).
    :class:`ProtocolError` for an unknown or repeated line."""
    fields: dict[str, object] = {}
    seen: set[str] = set()
    for line_no, line, key, value in fields_of(lines, ("### ", SECTION_PREFIX)):
        if key in seen or not element_field(fields, lines, line_no, key, value):
            raise ProtocolError(line_no, f"unexpected line in an element of a group: {line[:80]!r}")
        seen.add(key)
    return ElementRecord(**fields)


#: What :mod:`app.protocol.kinds` borrows to write and read a group's element records and a region's rect.
CODEC = kinds.ElementCodec(encode_rect=encode_rect, parse_rect=parse_rect,
                           element_lines=lambda e: [*element_line_fields(e), *element_blocks(e, "-")],
                           read_element=read_element)
