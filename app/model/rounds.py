"""Rounds of annotating (issue 31, requirement 3): a follow-up annotation names the sent annotation it continues.

When the user reopens a verified annotation, the follow-up joins the next batch with what an agent needs to
pick the thread up without anyone copying by hand: which annotation of which sent batch it follows, the user's
earlier note there, the agent's reply, and the *after* crop the verification took. The Markdown lines are
:mod:`app.protocol.rounds`'. No Qt.
"""

from __future__ import annotations

import re
from pathlib import PurePath

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator

from app.model.fields import Line
from app.model.text import cap_line, cap_note

#: A sent batch id as app.agent.store makes them (``YYYYmmdd-HHMMSS-xxxx``); other ids are refused, so the
#: ``Follow-up to:`` line always parses back.
BATCH_ID = re.compile(r"[0-9]{8}-[0-9]{6}-[0-9a-f]{4}")
#: An agent's reply is one line of at most this many characters (app.agent.store.REPLY_CAP).
REPLY_CAP = 500
#: The file name of a verification's after crop (app.agent.verify_annotations: ``a<n>-after-<stamp>.png``).
AFTER_NAME = re.compile(r"a([0-9]{1,7})-after-[0-9]{8}-[0-9]{6}\.png")


def after_crop(path: str, batch: str, annotation: int) -> str:
    """``path`` when it names the after crop of annotation ``annotation`` of sent batch ``batch`` as a
    verification writes it — an absolute path as the system writes it (no ``.``, ``..`` or doubled separator),
    ``…/annotations/sent/<batch>/a<annotation>-after-<YYYYmmdd-HHMMSS>.png`` — else ``""``. Shape only (no file
    is looked at): the ``After:`` line of a Markdown or review file someone else wrote must not make pagenote
    read, embed or hand to an agent any other file (``/etc/passwd``, the user's pictures, ``../``);
    docs/security.md, "Page → agent"."""
    p = PurePath(path)
    if not p.is_absolute() or str(p) != path or ".." in p.parts:
        return ""
    name = AFTER_NAME.fullmatch(p.name)
    if list(p.parts[-4:-1]) != ["annotations", "sent", batch] or not name or int(name.group(1)) != annotation:
        return ""
    return path


class FollowUp(BaseModel):
    """What a follow-up continues: annotation number ``annotation`` (1-based) of sent batch ``batch``, the
    user's ``note`` there (their words, capped as a note), the agent's one-line ``reply``, and ``after``: the
    absolute path of the after crop its last verification took (empty when none)."""

    model_config = ConfigDict(frozen=True)

    batch: str
    annotation: int = Field(ge=1, le=1_000_000)
    note: str = ""
    reply: str = ""
    after: Line = ""

    @field_validator("batch")
    @classmethod
    def _batch(cls, v: str) -> str:
        if not BATCH_ID.fullmatch(v):
            raise ValueError("a follow-up names a sent batch id (YYYYmmdd-HHMMSS-xxxx)")
        return v

    @field_validator("after")
    @classmethod
    def _after(cls, v: str, info: ValidationInfo) -> str:
        batch, annotation = info.data.get("batch"), info.data.get("annotation")
        return after_crop(v, batch, annotation) if batch and annotation else ""

    _n = field_validator("note")(classmethod(lambda cls, v: cap_note(v)))
    _r = field_validator("reply")(classmethod(lambda cls, v: cap_line(v, REPLY_CAP)))
