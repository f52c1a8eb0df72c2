"""Source Map v3: where a position of generated code (a dev server's transformed module, a bundled stylesheet)
was written in the original source.

The rules are the Source Map Revision 3 proposal's (ECMA-426, "Source map format specification"):

- a map is JSON with ``version`` 3, ``sources`` (URLs, resolved against ``sourceRoot`` and then the map's own
  URL, §"Resolving sources"), ``mappings`` and optionally ``names``; an *index map* has ``sections`` instead,
  each ``{offset: {line, column}, map}`` (§"Index source map"; a section that names its map by ``url`` is not
  followed here: it is counted as missing);
- ``mappings``: generated lines separated by ``;``, segments by ``,``; each segment 1, 4 or 5 Base64 VLQ fields —
  generated column (relative to the previous segment of the same line), source index, original line, original
  column, name index (each relative to the previous segment anywhere) (§"Mappings structure");
- a generated position maps to the segment of its line with the greatest generated column not after it
  (Chromium DevTools' and Mozilla source-map's "greatest lower bound" lookup); a one-field segment maps to
  nothing (the column is unmapped), and so does a position before the line's first segment.
- the map of a script or stylesheet is named by its last ``//# sourceMappingURL=`` (``/*# … */`` in CSS)
  comment (§"Linking generated code to source maps"); a ``data:`` URL carries it inline (Vite's dev server
  and esbuild write base64 JSON there).

``sourcesContent`` is never kept: pagenote names files and lines, it does not carry the user's sources.

Positions here are 1-based lines and 1-based columns, as in V8's stack traces and editors; CDP's (0-based)
must add 1 before :meth:`SourceMap.lookup`. Errors: :class:`SourceMapError` (a ``ValueError``) for anything
that is not a version-3 map within :data:`MAP_MAX` characters.
"""

from __future__ import annotations

import base64
import binascii
import bisect
import json
import re
import urllib.parse
from dataclasses import dataclass

__all__ = ["MAP_MAX", "Original", "SourceMap", "SourceMapError", "decode_vlq", "encode_vlq", "map_url_of",
           "read_data_url"]

#: Most characters of a map pagenote reads (a big dev bundle's map is a few MB; a page could send more).
MAP_MAX = 20_000_000
#: Most segments pagenote keeps from one map (bounded work for a hostile map).
SEGMENTS_MAX = 5_000_000

_B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
_B64_VALUE = {c: i for i, c in enumerate(_B64)}
# The last sourceMappingURL comment of a script (//# or the old //@) or a stylesheet (/*# … */).
_MAP_COMMENT = re.compile(r"(?://|/\*)[#@]\s*sourceMappingURL\s*=\s*([^\s*'\"]+)[^\n]*?(?:\*/)?[ \t]*$", re.M)


class SourceMapError(ValueError):
    """Not a Source Map v3 pagenote can read (bad JSON, another version, a bad VLQ, too big)."""


@dataclass(frozen=True)
class Original:
    """Where a generated position was written: ``source`` (the source's URL, resolved as the spec says),
    ``line`` and ``column`` (1-based), ``name`` (the original identifier when the map gives one)."""

    source: str
    line: int
    column: int
    name: str | None = None


def encode_vlq(value: int) -> str:
    """One Base64 VLQ field (sign in the lowest bit, 5 bits per digit, continuation in bit 6)."""
    n = (-value << 1) | 1 if value < 0 else value << 1
    out = []
    while True:
        digit, n = n & 31, n >> 5
        out.append(_B64[digit | (32 if n else 0)])
        if not n:
            return "".join(out)


def decode_vlq(segment: str) -> list[int]:
    """The fields of one ``mappings`` segment. Raises :class:`SourceMapError` on a character outside Base64 or
    a field cut short."""
    fields, n, shift = [], 0, 0
    for ch in segment:
        digit = _B64_VALUE.get(ch)
        if digit is None:
            raise SourceMapError(f"mappings: {ch!r} is not Base64")
        n |= (digit & 31) << shift
        if digit & 32:
            shift += 5
            if shift > 60:
                raise SourceMapError("mappings: a VLQ field is too long")
            continue
        fields.append(-(n >> 1) if n & 1 else n >> 1)
        n, shift = 0, 0
    if shift:
        raise SourceMapError("mappings: a VLQ field is cut short")
    return fields


def read_data_url(url: str) -> str:
    """The text a ``data:`` URL carries (base64 or percent-encoded). Raises :class:`SourceMapError`."""
    head, sep, body = url.partition(",")
    if not head.lower().startswith("data:") or not sep:
        raise SourceMapError("not a data: URL")
    try:
        if head.lower().endswith(";base64"):
            raw = base64.b64decode(body + "=" * (-len(body) % 4), validate=False)
        else:
            raw = urllib.parse.unquote_to_bytes(body)
    except (binascii.Error, ValueError) as exc:
        raise SourceMapError(f"data: URL: {exc}") from None
    if len(raw) > MAP_MAX:
        raise SourceMapError(f"the map is over {MAP_MAX:,} bytes")
    return raw.decode("utf-8", "replace")


def map_url_of(code: str, code_url: str) -> str | None:
    """The map URL the generated ``code`` (served at ``code_url``) names with its last ``sourceMappingURL``
    comment, resolved against ``code_url`` (a ``data:`` URL as it is); ``None`` when it names none."""
    found = None
    for found in _MAP_COMMENT.finditer(code):
        pass
    if found is None:
        return None
    url = found.group(1)
    return url if url.lower().startswith("data:") else urllib.parse.urljoin(code_url, url)


class SourceMap:
    """A parsed map: :meth:`lookup` per generated position. Build with :meth:`parse`."""

    def __init__(self) -> None:
        self.sources: list[str] = []
        self.names: list[str | None] = []
        self._lines: dict[int, tuple[list[int], list[tuple[int, int, int, int] | None]]] = {}
        self.missing_sections = 0

    @classmethod
    def parse(cls, text: str | bytes, url: str) -> SourceMap:
        """The map ``text`` fetched from ``url`` (the page's URL for an inline map). Raises
        :class:`SourceMapError`."""
        if len(text) > MAP_MAX:
            raise SourceMapError(f"the map is over {MAP_MAX:,} characters")
        if isinstance(text, bytes):
            text = text.decode("utf-8", "replace")
        if text.startswith(")]}'"):   # the spec's XSSI prefix: the first line is dropped
            text = text.split("\n", 1)[1] if "\n" in text else ""
        try:
            data = json.loads(text)
        except ValueError as exc:
            raise SourceMapError(f"not JSON: {exc}") from None
        smap = cls()
        smap._add(data, url, 0, 0)
        return smap

    def _add(self, data: object, url: str, line0: int, col0: int) -> None:
        if not isinstance(data, dict) or data.get("version") != 3:
            raise SourceMapError("not a version 3 source map")
        if "sections" in data:
            sections = data["sections"]
            if not isinstance(sections, list):
                raise SourceMapError("sections: not a list")
            for section in sections:
                offset = section.get("offset") if isinstance(section, dict) else None
                if not isinstance(offset, dict) or not isinstance(section.get("map"), dict):
                    self.missing_sections += 1
                    continue
                if "sections" in section["map"]:   # the spec forbids nesting
                    raise SourceMapError("sections: an index map inside an index map")
                self._add(section["map"], url, line0 + _int(offset.get("line")), _int(offset.get("column")))
            return
        sources, mappings = data.get("sources"), data.get("mappings")
        if not isinstance(sources, list) or not isinstance(mappings, str):
            raise SourceMapError("sources or mappings missing")
        root = data.get("sourceRoot") if isinstance(data.get("sourceRoot"), str) else ""
        if root and not root.endswith("/"):
            root += "/"
        first = len(self.sources)
        self.sources += [urllib.parse.urljoin(url, root + s) if isinstance(s, str) else "" for s in sources]
        names_at = len(self.names)
        self.names += [n if isinstance(n, str) else None for n in data.get("names") or []]
        source = line = column = name = 0
        count = sum(len(v[0]) for v in self._lines.values())
        for i, text in enumerate(mappings.split(";")):
            gen_line = line0 + i
            gen_col = col0 if i == 0 else 0
            cols, targets = self._lines.setdefault(gen_line, ([], []))
            for seg in text.split(","):
                if not seg:
                    continue
                f = decode_vlq(seg)
                if len(f) not in (1, 4, 5):
                    raise SourceMapError(f"mappings: a segment of {len(f)} fields")
                gen_col += f[0]
                target = None
                if len(f) >= 4:
                    source, line, column = source + f[1], line + f[2], column + f[3]
                    if len(f) == 5:
                        name += f[4]
                    if not 0 <= source < len(sources) or line < 0 or column < 0:
                        raise SourceMapError("mappings: a segment points outside the map")
                    target = (first + source, line, column, names_at + name if len(f) == 5 else -1)
                count += 1
                if count > SEGMENTS_MAX:
                    raise SourceMapError(f"over {SEGMENTS_MAX:,} segments")
                at = bisect.bisect_right(cols, gen_col)   # columns ascend in a valid map; keep them sorted anyway
                cols.insert(at, gen_col)
                targets.insert(at, target)

    def lookup(self, line: int, column: int) -> Original | None:
        """The original position of generated ``line``:``column`` (1-based), or ``None`` when the map leaves it
        unmapped (no segment before it on its line, or a one-field segment)."""
        entry = self._lines.get(line - 1)
        if entry is None:
            return None
        cols, targets = entry
        at = bisect.bisect_right(cols, column - 1) - 1
        if at < 0 or targets[at] is None:
            return None
        index, o_line, o_col, name = targets[at]
        label = self.names[name] if 0 <= name < len(self.names) else None
        return Original(self.sources[index], o_line + 1, o_col + 1, label)


def _int(value: object) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else 0
