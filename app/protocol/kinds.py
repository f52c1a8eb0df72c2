"""The Markdown of the annotation kinds beyond one element: a text range, a region, a group.

:mod:`app.protocol.markdown` writes an annotation's section and calls :func:`head_lines` (after the
screenshot lines) and :func:`tail_lines` (at the end of the section); its parser hands the keys in
:data:`KEYS` to :func:`parse_field`. The element record's own lines and the ``Rect:`` grammar stay in
``markdown.py``; they come in here as the callables of :class:`ElementCodec` (this module imports the model
and the block grammar, :mod:`app.protocol.blocks`, not ``markdown.py``). Shapes::

    Selected range: start=12, end=40          <- text: offsets into the element's textContent (UTF-16 units)
    ...
    Selected text:                            <- at the end of the section, a fenced block
    ```
    the exact words
    ```

    Region: x=0, y=1200, width=800, height=300    <- region: CSS px, document coordinates
    Covers:
    - 62% banner "Site header" header.top         <- share, role ("-": none), JSON-quoted name, selector
    - 10% - "" div.spacer

    Common ancestor: main > ul.cards          <- group: the elements' nearest common ancestor
    Elements: 3

    ### Element 1
    Tag: li
    ...every element line and block, as in an element annotation...

The kind is not written: it follows from the blocks present (``Annotation`` infers it from the fields).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass

from app.model.annotation import Annotation, Cover, ElementRecord, Rect
from app.protocol.blocks import ProtocolError, fence_for, read_block

#: The section keys this module reads.
KEYS = frozenset({"Selected range", "Selected text", "Region", "Covers", "Common ancestor", "Elements"})
ELEMENT_PREFIX = "### Element "
_RANGE = re.compile(r"start=(\d{1,10}), end=(\d{1,10})\Z")
_COVER = re.compile(r"- (\d{1,3})% (\S+) ")
_COUNT = re.compile(r"\d{1,6}\Z")


@dataclass(frozen=True)
class ElementCodec:
    """What this module borrows from ``markdown.py``: ``encode_rect(rect) → str``; ``parse_rect(value, line)
    → {"rect", "box"}`` (raising its ``ProtocolError``); ``element_lines(record) → [lines]`` (an element's
    line fields, then its blocks); ``read_element(lines) → ElementRecord`` (reads those lines up to the next
    ``###``/``##`` header)."""

    encode_rect: Callable[[Rect], str]
    parse_rect: Callable[[str, int], dict]
    element_lines: Callable[[ElementRecord], list[str]]
    read_element: Callable[[object], ElementRecord]


def cover_line(cover: Cover) -> str:
    """``- 62% banner "Site header" header.top`` (share as a whole percent; role ``-`` when none; the name as
    a JSON string, so quotes and backslashes read back; the selector last, omitted when empty)."""
    name = json.dumps(cover.name, ensure_ascii=False)
    tail = f" {cover.selector}" if cover.selector else ""
    return f"- {round(cover.share * 100)}% {cover.role or '-'} {name}{tail}"


def parse_cover(text: str, number: int) -> Cover:
    """The :class:`Cover` of a :func:`cover_line`; raises :class:`ProtocolError` for another shape."""
    m = _COVER.match(text)
    if not m:
        raise ProtocolError(number, f"Covers: expected '- N% role \"name\" selector', found {text[:60]!r}")
    try:
        name, end = json.JSONDecoder().raw_decode(text, m.end())
    except json.JSONDecodeError:
        name, end = None, 0
    rest = text[end:]
    if not isinstance(name, str) or (rest and not rest.startswith(" ")):
        raise ProtocolError(number, f"Covers: the name must be a quoted string, found {text[:60]!r}")
    return Cover(share=int(m.group(1)) / 100, role=m.group(2), name=name, selector=rest[1:])


def head_lines(annotation: Annotation, codec: ElementCodec) -> list[str]:
    """The kind's single lines, written after the section's screenshot lines."""
    out: list[str] = []
    if annotation.selection is not None:
        out.append(f"Selected range: start={annotation.selection.start}, end={annotation.selection.end}")
    if annotation.region is not None:
        out.append(f"Region: {codec.encode_rect(annotation.region.rect)}")
        if annotation.region.covers:
            out += ["Covers:", *(cover_line(c) for c in annotation.region.covers)]
    if annotation.common_ancestor:
        out.append(f"Common ancestor: {annotation.common_ancestor}")
    return out


def tail_lines(annotation: Annotation, codec: ElementCodec) -> list[str]:
    """The kind's blocks, written at the end of the section (after the element's blocks); each group starts
    with a blank line."""
    out: list[str] = []
    if annotation.selection is not None:
        quote = annotation.selection.quote
        fence = fence_for(quote)
        out += ["", "Selected text:", fence, *quote.split("\n"), fence]
    if annotation.elements:
        out += ["", f"Elements: {len(annotation.elements)}"]
        for i, element in enumerate(annotation.elements, start=1):
            out += ["", f"{ELEMENT_PREFIX}{i}", *codec.element_lines(element)]
    return out


def parse_field(fields: dict, key: str, value: str | None, lines, number: int, codec: ElementCodec) -> None:
    """Read the kind line ``key`` (value ``None`` when a block or list follows) at 1-based line ``number``
    into ``fields`` (keyword arguments of :class:`Annotation`). Raises :class:`ProtocolError` (or the codec's
    errors) for a malformed value."""
    if key == "Selected range" and value is not None and (m := _RANGE.match(value)):
        sel = fields.setdefault("selection", {})
        sel.update(start=int(m.group(1)), end=int(m.group(2)))
    elif key == "Selected text" and value is None:
        fields.setdefault("selection", {})["quote"] = read_block(lines, key)
    elif key == "Region" and value is not None:
        fields.setdefault("region", {"covers": []})["rect"] = codec.parse_rect(value, number)["rect"]
    elif key == "Covers" and value is None:
        covers = fields.setdefault("region", {"covers": []})["covers"]
        while lines.more() and lines.peek().startswith("- "):
            covers.append(parse_cover(lines.peek(), lines.number))
            lines.take()
    elif key == "Common ancestor" and value is not None:
        fields["common_ancestor"] = value
    elif key == "Elements" and value is not None and _COUNT.match(value):
        elements = []
        for i in range(1, int(value) + 1):
            lines.skip_blank()
            header = lines.take() if lines.more() else ""
            if header != f"{ELEMENT_PREFIX}{i}":
                raise ProtocolError(lines.number - 1, f"Elements: expected '{ELEMENT_PREFIX}{i}', found {header[:60]!r}")
            elements.append(codec.read_element(lines))
        if not elements:
            raise ProtocolError(number, "Elements: a group has at least one element")
        fields["elements"] = elements
    else:
        raise ProtocolError(number, f"unexpected {key} line")
