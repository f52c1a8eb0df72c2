"""The reply script of a virtual device (HID or serial): "when the host sees this frame, answer that one
after a delay". Plain Python, no Qt; shared by :mod:`app.hid.virtual` and :mod:`app.hid.serial_virtual`.

Pattern syntax (``match``): bytes as two-digit hex separated by spaces; ``??`` matches any one byte; a
final ``*`` matches any rest (else the frame must have exactly the pattern's length). For HID the frame is
the report id followed by the report's data (hidapi's convention); ``on`` says which reports a rule sees
(``output``, default, or ``feature``). For serial the frame is each chunk written, matched against the
bytes written since the last match (a rule fires on a suffix of that buffer).

A reply is ``{"reportId": n, "hex": "…"}`` (HID input report) or ``{"hex": "…"}`` (serial bytes), sent
``delay_ms`` after the frame (default 0); ``reply`` takes one, ``replies`` a list, all sent in order. A HID reply
with ``"to": "feature"`` stores its bytes as feature report ``reportId`` (what ``receiveFeatureReport`` answers
from then on) instead of sending an input report. A rule ``"on": "get_feature"`` answers ``receiveFeatureReport``
itself: its frame is the stored feature report of the requested id (or just the id byte when none is stored), and
its first reply's bytes (``reportId`` first) are the answer.

A reply's hex is a template of space-separated tokens, computed from the matched frame (:func:`render`):

- ``a1`` (or ``a10c``): literal bytes.
- ``$N``: byte N of the frame (``$0`` is the HID report id; past the frame's end 0); ``$N..M``: frame bytes N to
  M-1, ``$N..``: byte N to the end (a range past the end is cut short). ``b1 $2`` answers ``02 a1 0c`` with
  ``b1 0c``.
- ``len8``, ``len16le``, ``len16be``, ``len32le``, ``len32be``: how many reply bytes follow this field;
  ``len16le:N`` counts from reply byte N to the end instead (an ESP ROM reply's size counts the data after the
  8-byte header: ``len16le:8``).
- ``sum8``, ``xor8``, ``crc16`` (CCITT-FALSE, big-endian), ``crc16le``, ``crc32`` (zlib's, little-endian),
  ``crc32be``: the checksum (:mod:`app.hid.codec`) of the reply bytes before the field; ``sum8:N`` (any of them
  with ``:N``) starts at reply byte N. Lengths are filled first, then checksums left to right.

A serial port (or a rule) with ``"framing": "slip"`` matches each SLIP packet the host writes (decoded, the whole
packet against the pattern) instead of the raw byte stream, and sends each reply as its own SLIP frame.
Errors: :class:`ScriptError` (``ValueError``) names the rule and the bad token.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import NamedTuple

from app.hid import codec

_HEX = re.compile(r"[0-9a-fA-F]{2}\Z")


class ScriptError(ValueError):
    """A virtual device description or reply script that cannot be used; the message says which field."""


def parse_hex(text: str, what: str = "hex") -> bytes:
    """``"a1 0c 00"`` (spaces, commas or nothing between bytes) → ``b"\\xa1\\x0c\\x00"``. Raises
    :class:`ScriptError` for anything else."""
    cleaned = re.sub(r"[\s,:]", "", str(text))
    if len(cleaned) % 2 or (cleaned and not re.fullmatch(r"[0-9a-fA-F]+", cleaned)):
        raise ScriptError(f"{what}: not hex bytes: {text!r}")
    return bytes.fromhex(cleaned)


@dataclass(frozen=True)
class Pattern:
    """A parsed ``match``: ``bytes_`` with ``None`` for ``??``, ``rest`` when it ends in ``*``."""

    bytes_: tuple[int | None, ...]
    rest: bool

    @classmethod
    def parse(cls, text: str) -> Pattern:
        """Parse the syntax of the module docstring. Raises :class:`ScriptError`."""
        tokens = str(text).split()
        rest = bool(tokens) and tokens[-1] == "*"
        if rest:
            tokens = tokens[:-1]
        out: list[int | None] = []
        for tok in tokens:
            if tok == "??":
                out.append(None)
            elif _HEX.match(tok):
                out.append(int(tok, 16))
            else:
                raise ScriptError(f"match: bad token {tok!r} in {text!r} (hex byte, ?? or a final *)")
        return cls(tuple(out), rest)

    def matches(self, frame: bytes) -> bool:
        """Whether ``frame`` matches (whole frame, or its start when the pattern ends in ``*``)."""
        if len(frame) < len(self.bytes_) or (not self.rest and len(frame) != len(self.bytes_)):
            return False
        return all(p is None or p == b for p, b in zip(self.bytes_, frame))


_REF = re.compile(r"\$([0-9]{1,4})(?:\.\.([0-9]{0,4}))?\Z")
#: Computed fields: name → (byte width, kind).
_LEN = {"len8": (1, "<"), "len16le": (2, "<"), "len16be": (2, ">"), "len32le": (4, "<"), "len32be": (4, ">")}
_SUMS = {"sum8": (1, "<", codec.sum8), "xor8": (1, "<", codec.xor8), "crc16": (2, ">", codec.crc16_ccitt),
         "crc16le": (2, "<", codec.crc16_ccitt), "crc32": (4, "<", codec.crc32), "crc32be": (4, ">", codec.crc32)}


def parse_template(text: str, what: str = "hex") -> tuple:
    """A reply's hex template (module docstring) → a tuple of byte values (ints) and token strings (``"$2"``,
    ``"$1..4"``, ``"len16le"``, ``"sum8:1"``). Raises :class:`ScriptError` naming the bad token."""
    out: list = []
    for tok in str(text).replace(",", " ").split():
        name, _, start = tok.partition(":")
        if _REF.match(tok):
            out.append(tok)
        elif (name in _SUMS or name in _LEN) and (not start or re.fullmatch(r"[0-9]{1,6}", start)):
            out.append(tok)
        else:
            try:
                out.extend(parse_hex(tok, what))
            except ScriptError:
                raise ScriptError(f"{what}: bad token {tok!r} (hex bytes, $N, $N..M, len8/16/32, sum8, xor8, "
                                  f"crc16, crc32)") from None
    return tuple(out)


def _width(item) -> int:
    if isinstance(item, int):
        return 1
    name = item.partition(":")[0]
    return _LEN[name][0] if name in _LEN else _SUMS[name][0]


def render(template: tuple, frame: bytes) -> bytes:
    """The reply bytes of ``template`` (:func:`parse_template`) for the matched ``frame``: literals and frame
    references first, then length fields, then checksums left to right (module docstring)."""
    parts: list[bytes | str] = []
    for item in template:
        if isinstance(item, int):
            parts.append(bytes([item]))
        elif m := _REF.match(item):
            n = int(m.group(1))
            if m.group(2) is None:
                parts.append(bytes([frame[n] if n < len(frame) else 0]))
            else:
                parts.append(frame[n:int(m.group(2))] if m.group(2) else frame[n:])
        else:
            parts.append(item)
    sizes = [len(p) if isinstance(p, bytes) else _width(p) for p in parts]
    out = bytearray()
    for p, size in zip(parts, sizes):
        out += p if isinstance(p, bytes) else bytes(size)
    offsets = [sum(sizes[:i]) for i in range(len(sizes))]
    for i, p in enumerate(parts):
        name, _, start = p.partition(":") if isinstance(p, str) else ("", "", "")
        if name in _LEN:
            width, order = _LEN[name]
            value = (len(out) - (int(start) if start else offsets[i] + width)) & ((1 << 8 * width) - 1)
            out[offsets[i]:offsets[i] + width] = value.to_bytes(width, "little" if order == "<" else "big")
    for i, p in enumerate(parts):
        name, _, start = p.partition(":") if isinstance(p, str) else ("", "", "")
        if name in _SUMS:
            width, order, fn = _SUMS[name]
            value = fn(bytes(out[int(start or 0):offsets[i]]))
            out[offsets[i]:offsets[i] + width] = value.to_bytes(width, "little" if order == "<" else "big")
    return bytes(out)


class Reply(NamedTuple):
    """One reply of a rule: ``report_id`` (0 for serial), ``template`` (:func:`parse_template`), ``to``
    (``input``: an input report or serial bytes; ``feature``: store as the feature report ``report_id``)."""

    report_id: int
    template: tuple
    to: str = "input"


@dataclass(frozen=True)
class Rule:
    """One script rule: ``pattern``, ``on`` (``output``/``feature``/``get_feature``/``serial``), ``replies``
    (:class:`Reply`; :func:`render` makes the bytes), ``delay_ms``, ``framing`` (``""`` or ``"slip"``)."""

    pattern: Pattern
    on: str
    replies: tuple[Reply, ...]
    delay_ms: int = 0
    framing: str = ""
    source: dict = field(default_factory=dict, compare=False)


def _number(value, what: str) -> int:
    """``value`` as an int (JSON numbers, or text of digits). Raises :class:`ScriptError` naming ``what``."""
    try:
        return int(value)
    except (TypeError, ValueError, OverflowError):
        raise ScriptError(f"{what}: not a number: {value!r}") from None


def parse_rules(items, *, serial: bool = False, framing_default: str = "") -> list[Rule]:
    """Rules from a list of dicts ``{match, reply | replies, delay_ms?, on?, framing?}`` (module docstring);
    ``framing_default`` is the serial port's ``framing``. Raises :class:`ScriptError` naming the rule's index."""
    if not isinstance(items, list):
        raise ScriptError("replies: a list of rules")
    rules = []
    for i, item in enumerate(items):
        if not isinstance(item, dict) or "match" not in item:
            raise ScriptError(f"replies[{i}]: needs 'match'")
        raw = item.get("replies", item.get("reply", []))
        raw = raw if isinstance(raw, list) else [raw]
        replies = []
        for r in raw:
            if isinstance(r, str):
                r = {"hex": r}
            if not isinstance(r, dict) or "hex" not in r:
                raise ScriptError(f"replies[{i}]: a reply is {{reportId, hex}} or a hex string")
            rid = 0 if serial else _number(r.get("reportId", 0), f"replies[{i}].reportId")
            if not 0 <= rid <= 255:
                raise ScriptError(f"replies[{i}]: reportId must be 0…255")
            to = str(r.get("to", "input"))
            if to not in ("input", "feature") or (serial and to != "input"):
                raise ScriptError(f"replies[{i}]: 'to' is input or feature (HID only)")
            replies.append(Reply(rid, parse_template(r["hex"], f"replies[{i}].hex"), to))
        on = "serial" if serial else str(item.get("on", "output"))
        if on not in ("output", "feature", "get_feature", "serial"):
            raise ScriptError(f"replies[{i}]: 'on' is output, feature or get_feature")
        framing = str(item.get("framing", framing_default if serial else ""))
        if framing not in ("", "slip") or (framing and not serial):
            raise ScriptError(f"replies[{i}]: 'framing' is slip (serial only)")
        delay = _number(item.get("delay_ms", 0), f"replies[{i}].delay_ms")
        if not 0 <= delay <= 60_000:
            raise ScriptError(f"replies[{i}]: delay_ms must be 0…60000")
        try:
            pattern = Pattern.parse(item["match"])
        except ScriptError as exc:
            raise ScriptError(f"replies[{i}]: {exc}") from None
        rules.append(Rule(pattern, on, tuple(replies), delay, framing, dict(item)))
    return rules


def first_match(rules: list[Rule], on: str, frame: bytes) -> Rule | None:
    """The first rule for ``on`` whose pattern matches ``frame`` (``None`` when none does)."""
    for rule in rules:
        if rule.on == on and rule.pattern.matches(frame):
            return rule
    return None
