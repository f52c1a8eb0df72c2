"""The reply script of a virtual device (HID or serial): "when the host sees this frame, answer that one
after a delay". Plain Python, no Qt; shared by :mod:`app.hid.virtual` and :mod:`app.hid.serial_virtual`.

Pattern syntax (``match``): bytes as two-digit hex separated by spaces; ``??`` matches any one byte; a
final ``*`` matches any rest (else the frame must have exactly the pattern's length). For HID the frame is
the report id followed by the report's data (hidapi's convention); ``on`` says which reports a rule sees
(``output``, default, or ``feature``). For serial the frame is each chunk written, matched against the
bytes written since the last match (a rule fires on a suffix of that buffer).

A reply is ``{"reportId": n, "hex": "…"}`` (HID input report) or ``{"hex": "…"}`` (serial bytes), sent
``delay_ms`` after the frame (default 0). In a reply's hex, ``$N`` stands for byte N of the matched frame
(``$0`` is the HID report id), so a reply can echo what was asked (``b1 $2`` answers ``02 a1 0c`` with
``b1 0c``). Errors: :class:`ScriptError` (``ValueError``) names the rule.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

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


def parse_template(text: str, what: str = "hex") -> tuple:
    """A reply's hex with ``$N`` references (module docstring) → a tuple of byte values and ``"$N"`` strings.
    Raises :class:`ScriptError`."""
    out: list = []
    for tok in str(text).replace(",", " ").split():
        if re.fullmatch(r"\$\d{1,4}", tok):
            out.append(tok)
        else:
            out.extend(parse_hex(tok, what))
    return tuple(out)


def render(template: tuple, frame: bytes) -> bytes:
    """The reply bytes of ``template`` for the matched ``frame`` (a ``$N`` past the frame's end is 0)."""
    out = bytearray()
    for item in template:
        if isinstance(item, str):
            n = int(item[1:])
            out.append(frame[n] if n < len(frame) else 0)
        else:
            out.append(item)
    return bytes(out)


@dataclass(frozen=True)
class Rule:
    """One script rule: ``pattern``, ``on`` (``output``/``feature``/``serial``), ``replies`` as
    ``(report_id, template)`` pairs (report id 0 for serial; :func:`render` makes the bytes), ``delay_ms``."""

    pattern: Pattern
    on: str
    replies: tuple[tuple[int, bytes], ...]
    delay_ms: int = 0
    source: dict = field(default_factory=dict, compare=False)


def parse_rules(items, *, serial: bool = False) -> list[Rule]:
    """Rules from a list of dicts ``{match, reply | replies, delay_ms?, on?}`` (see the module docstring).
    Raises :class:`ScriptError` naming the rule's index."""
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
            rid = 0 if serial else int(r.get("reportId", 0))
            if not 0 <= rid <= 255:
                raise ScriptError(f"replies[{i}]: reportId must be 0…255")
            replies.append((rid, parse_template(r["hex"], f"replies[{i}].hex")))
        on = "serial" if serial else str(item.get("on", "output"))
        if on not in ("output", "feature", "serial"):
            raise ScriptError(f"replies[{i}]: 'on' is output or feature")
        delay = int(item.get("delay_ms", 0))
        if not 0 <= delay <= 60_000:
            raise ScriptError(f"replies[{i}]: delay_ms must be 0…60000")
        try:
            pattern = Pattern.parse(item["match"])
        except ScriptError as exc:
            raise ScriptError(f"replies[{i}]: {exc}") from None
        rules.append(Rule(pattern, on, tuple(replies), delay, dict(item)))
    return rules


def first_match(rules: list[Rule], on: str, frame: bytes) -> Rule | None:
    """The first rule for ``on`` whose pattern matches ``frame`` (``None`` when none does)."""
    for rule in rules:
        if rule.on == on and rule.pattern.matches(frame):
            return rule
    return None
