"""The Markdown lines of a follow-up annotation (issue 31, requirement 3; the model: :mod:`app.model.rounds`),
written after ``Emulated:`` by :func:`app.protocol.markdown.encode_annotations`::

    Follow-up to: 3 (batch 20261203-150012-ab12)
    Earlier note: make the button bigger        <- the user's words there; a block when multi-line or long
    Agent reply: padding raised to 12px 16px     <- optional: the agent's one-line reply
    After: /abs/path/annotations/sent/20261203-150012-ab12/a3-after-20261203-151500.png   <- optional

``Follow-up to:`` comes first and is required for the others; the parser (:func:`read_field`,
:func:`follow_up_of`) reads them in any order after it and refuses one without it.
"""

from __future__ import annotations

import re

from app.model.rounds import FollowUp

KEYS = ("Follow-up to", "Earlier note", "Agent reply", "After")
_TO = re.compile(r"([0-9]{1,7}) \(batch ([^()\s]+)\)")


def lines(follow_up: FollowUp | None, text_field) -> list[str]:
    """The lines of ``follow_up`` (none for ``None``); ``text_field(key, value)`` writes a user-typed field (a
    line or a block, as ``Note:``)."""
    if follow_up is None:
        return []
    out = [f"Follow-up to: {follow_up.annotation} (batch {follow_up.batch})", *text_field("Earlier note", follow_up.note)]
    if follow_up.reply:
        out.append(f"Agent reply: {follow_up.reply}")
    if follow_up.after:
        out.append(f"After: {follow_up.after}")
    return out


def read_field(found: dict, key: str, value: str | None, read_block) -> str:
    """Put the ``key`` line's value in ``found`` (``read_block(key)`` reads a block field). Returns ``""``, or
    what is wrong with the line (a line before ``Follow-up to:`` is: the module docstring's order)."""
    if key != "Follow-up to" and "batch" not in found:
        return f"{key}: a follow-up's lines start with 'Follow-up to: N (batch ID)'"
    if key == "Earlier note":
        found["note"] = read_block(key) if value is None else value
        return ""
    if value is None:
        return f"{key}: expected a value on the line"
    if key == "Follow-up to":
        m = _TO.fullmatch(value)
        if not m:
            return "Follow-up to: expected 'N (batch ID)'"
        found["annotation"], found["batch"] = int(m.group(1)), m.group(2)
    else:
        found["reply" if key == "Agent reply" else "after"] = value
    return ""


def follow_up_of(found: dict) -> FollowUp | None:
    """The :class:`FollowUp` of the lines read (``None`` when there were none). Raises pydantic's
    ``ValidationError`` for a bad value, and for lines without ``Follow-up to:`` (no batch)."""
    return FollowUp(**found) if found else None
