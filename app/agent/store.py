"""Sent batches: what the user handed to agents with **Send**, their delivery and agent statuses, kept on
disk under ``<project>/annotations/sent/<batch id>.json`` (atomically written; reloaded at start). No Qt.

Status of a batch (and of each annotation in it):

- ``pending``: sent by the user, no agent has received it yet (the next ``annotations.wait`` gets it);
- ``delivered``: at least one agent received it;
- ``acknowledged`` / ``resolved`` / ``dismissed``: set by an agent with ``annotations.ack``;
- ``verified``: set by the user only (the panel's **Accept**, issue 31, requirement 2): the fix was checked in the
  page and the annotation is closed;
- ``reopened``: set by the user only (the panel's **Reopen**): a follow-up of the annotation is in the current
  batch, or was sent in a later one (:class:`Reopened` says which). Withdrawing the follow-up before it is sent
  (deleting it from the current batch) gives the annotation back its earlier status.

A batch whose annotations the user has all decided (each ``verified`` or ``reopened``) reads ``reopened`` when one
of them is, else ``verified`` (docs/agent-tools.md, ``acknowledge_annotations``); :func:`settled_status` is that
one rule, applied by every change of an annotation's user status and to each batch read at start.

An agent's ``annotations.ack`` never undoes the user's ``verified`` or ``reopened``: the reply is kept, the status
is not applied.

A change is kept only once it is on disk: every method that changes a batch does it through one helper
(:meth:`BatchStore._saved`) that undoes the change in memory when the write fails (``OSError`` goes on).
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime, timezone
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field, ValidationError, model_serializer

from app.model.annotation import AnnotationBatch
from app.model.batch_folder import kept_picture
from app.model.rounds import BATCH_ID
from app.model.text import cap_line
from app.protocol.markdown import encode_annotations
from app.sinks import stamp, write_atomic

log = logging.getLogger("pagenote.agent")

Status = Literal["pending", "delivered", "acknowledged", "resolved", "dismissed", "verified", "reopened"]
AGENT_STATUSES = ("acknowledged", "resolved", "dismissed")
#: Set by the user only (:meth:`BatchStore.accept`), never by ``annotations.ack``.
VERIFIED = "verified"
#: Set by the user only (:meth:`BatchStore.reopen`), never by ``annotations.ack``.
REOPENED = "reopened"
#: The statuses an agent's acknowledgement does not overwrite (the user's decisions).
USER_STATUSES = (VERIFIED, REOPENED)
#: A reply is one line (issue #5 §2), capped like a single-line field.
REPLY_CAP = 500


def settled_status(batch: SentBatch) -> str:
    """The status ``batch`` reads from its annotations' user decisions (module docstring): ``reopened`` when each
    annotation is ``verified`` or ``reopened`` and one is reopened, ``verified`` when all are verified. Otherwise
    (not all decided) its own status when that is an agent-side one; a batch that read a user status before a
    follow-up was withdrawn reads the least advanced status among its undecided annotations (``pending`` before
    ``delivered`` before ``acknowledged`` before ``resolved`` before ``dismissed``: the work not yet done)."""
    states = [s.status for s in batch.annotations]
    if states and all(s in USER_STATUSES for s in states):
        return REOPENED if REOPENED in states else VERIFIED
    if not states or batch.status not in USER_STATUSES:
        return batch.status
    order = ("pending", "delivered", *AGENT_STATUSES)
    return min((s for s in states if s not in USER_STATUSES), key=order.index)


class Reopened(BaseModel):
    """Where a reopened annotation's follow-up went: ``batch`` (its sent batch id) and ``annotation`` (its number
    there, 1-based) once sent, ``""`` and 0 while it waits in the current batch; ``earlier``: the annotation's
    status before it was reopened (given back when the follow-up is withdrawn before it is sent)."""

    earlier: Status = "pending"
    batch: str = ""
    annotation: int = 0


class AnnotationState(BaseModel):
    """What an agent said about one annotation of a sent batch."""

    status: Status = "pending"
    reply: str = ""
    #: The last verification that completed (issue 31: :class:`app.model.verification.Verification` as JSON),
    #: or ``None``; a verification that could not complete leaves it as it was.
    verification: dict | None = None
    #: Where its follow-up went while ``status`` is ``reopened`` (:class:`Reopened`), else ``None``.
    reopened: Reopened | None = None

    @model_serializer(mode="wrap")
    def _without_none(self, handler):
        data = handler(self)
        if isinstance(data, dict):   # unverified, not reopened: the view stays as before these existed
            for key in ("verification", "reopened"):
                if data.get(key) is None:
                    data.pop(key, None)
        return data


class SentBatch(BaseModel):
    """A batch the user sent: ``id`` (``YYYYmmdd-HHMMSS-xxxx``), times (UTC), delivery count, statuses."""

    id: str
    sent_at: datetime
    status: Status = "pending"
    reply: str = ""
    delivered_count: int = 0
    annotations: list[AnnotationState] = Field(default_factory=list)
    batch: AnnotationBatch
    #: The previous round (issue 31, requirement 3): the batch sent before this one in the project, or ``""``
    #: for the first; a follow-up annotation names the very annotation it continues (``Follow-up to:``).
    previous: str = ""

    def view(self, compact: bool = False) -> dict:
        """The JSON answer for this batch: the model, plus its Markdown (the one encoder) unless compact."""
        data = self.model_dump(mode="json", exclude={"batch"} if compact else set())
        data["count"] = len(self.batch.annotations)
        if not compact:
            data["markdown"] = encode_annotations(self.batch)
        return data


class BatchStore:
    """All sent batches of a project, oldest first. ``directory`` is created on first write."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.batches: list[SentBatch] = []
        self._load()

    def _load(self) -> None:
        """Read every ``<batch id>.json`` of the directory. A file that cannot be read or parsed, or whose ``id``
        is not its own file name and a batch id as :meth:`add` makes them (``YYYYmmdd-HHMMSS-xxxx``,
        :data:`app.model.rounds.BATCH_ID`), is skipped with a log line: a planted file (a cloned repository's
        annotations/) must not become a batch whose id is a path (``../../../outside``: its folder, where
        verification reads and writes pictures, would be out of the project) or another batch's id. The pictures
        a loaded batch names are checked as :meth:`_own_pictures` says."""
        if not self.directory.is_dir():
            return
        for path in sorted(self.directory.glob("*.json")):
            try:
                batch = SentBatch.model_validate_json(path.read_bytes())
            except (OSError, ValidationError) as exc:
                log.warning("skipping unreadable sent batch %s: %s", path, exc)
                continue
            if batch.id != path.stem or not BATCH_ID.fullmatch(batch.id):
                log.warning("skipping sent batch %s: its id %r is not its file name and a batch id", path,
                            batch.id[:80])
                continue
            batch.status = settled_status(batch)  # type: ignore[assignment]  # a file written before the rule
            self.batches.append(self._own_pictures(batch))
        self.batches.sort(key=lambda b: (b.sent_at, b.id))

    def _own_pictures(self, sent: SentBatch) -> SentBatch:
        """``sent`` as read from its file with every picture path its records name kept only when it is in its
        batch's folder here, links resolved (:func:`app.model.batch_folder.kept_picture`), else ``""``: a kept
        verification's before/after/diff and a follow-up's after crop. A planted or hand-edited file must not make
        pagenote embed a private picture or hand its path to an agent (Reopen's ``After:`` line, the Markdown)."""
        for state in sent.annotations:
            kept = state.verification or {}
            for key in ("before", "after", "diff"):
                if isinstance(kept.get(key), str):
                    kept[key] = kept_picture(kept[key], self.directory, sent.id)
        def own(follow):
            return follow.model_copy(update={"after": kept_picture(follow.after, self.directory, follow.batch)})

        annotations = tuple(a if a.follow_up is None or not a.follow_up.after
                            else a.model_copy(update={"follow_up": own(a.follow_up)}) for a in sent.batch.annotations)
        sent.batch = sent.batch.model_copy(update={"annotations": annotations})
        return sent

    def save(self, batch: SentBatch) -> None:
        """Persist ``batch`` (atomic write). Raises ``OSError``."""
        write_atomic(self.directory / f"{batch.id}.json", batch.model_dump_json(indent=2).encode("utf-8"))

    @contextmanager
    def _saved(self, batch: SentBatch) -> Iterator[SentBatch]:
        """Every change of a kept batch: the block changes ``batch``, then it is persisted (:meth:`save`). When the
        block or the save raises, ``batch`` gets back every field it had (the same object: holders of it see the
        undo) and the error goes on — what is in memory stays what is on disk: a change that answered "could not
        be stored" is not shown (panel, ``annotations.get``) nor written by a later save either."""
        kept = batch.model_copy(deep=True)
        try:
            yield batch
            self.save(batch)
        except BaseException:
            for name in SentBatch.model_fields:
                setattr(batch, name, getattr(kept, name))
            raise

    def add(self, batch: AnnotationBatch) -> SentBatch:
        """Record a newly sent batch as ``pending`` and persist it; its follow-ups' after crops are checked as
        :meth:`_own_pictures` says (an agent's ``annotations.send`` Markdown can name any ``After:`` path of the
        right shape). Raises ``OSError`` if it cannot be written."""
        previous = self.batches[-1].id if self.batches else ""
        sent = self._own_pictures(SentBatch(
            id=f"{stamp()}-{secrets.token_hex(2)}", sent_at=datetime.now(timezone.utc), batch=batch,
            annotations=[AnnotationState() for _ in batch.annotations], previous=previous))
        self.save(sent)
        self.batches.append(sent)
        self._link_follow_ups(sent)
        return sent

    def _link_follow_ups(self, sent: SentBatch) -> None:
        """Each follow-up in ``sent`` (``Follow-up to:``) names where it went in the annotation it continues: that
        one is ``reopened`` with ``batch``/``annotation`` set (reopened now if it was not: the follow-up came some
        other way than the panel's Reopen). One already linked to an earlier follow-up keeps its link."""
        for number, annotation in enumerate(sent.batch.annotations, start=1):
            follow = annotation.follow_up
            if follow is None:
                continue
            try:
                earlier = self.get(follow.batch)
                state = earlier.annotations[follow.annotation - 1]
            except (KeyError, IndexError):
                continue
            if state.reopened is not None and state.reopened.batch:
                continue
            try:
                with self._saved(earlier):
                    if state.status != REOPENED:
                        self._mark_reopened(earlier, state)
                    state.reopened = state.reopened.model_copy(update={"batch": sent.id, "annotation": number})
            except OSError as exc:   # the new batch is sent; the earlier one stays as its file says
                log.warning("could not keep the follow-up link in sent batch %s: %s", earlier.id, exc)

    def get(self, batch_id: str) -> SentBatch:
        """The batch with ``batch_id``. Raises ``KeyError``."""
        for batch in self.batches:
            if batch.id == batch_id:
                return batch
        raise KeyError(batch_id)

    def oldest_pending(self) -> SentBatch | None:
        """The oldest batch no agent has received yet."""
        return next((b for b in self.batches if b.status == "pending"), None)

    def mark_delivered(self, batch: SentBatch, receivers: int) -> None:
        """Count ``receivers`` more deliveries; a pending batch (and its pending annotations) becomes
        ``delivered``."""
        if receivers <= 0:
            return
        with self._saved(batch):
            batch.delivered_count += receivers
            if batch.status == "pending":
                batch.status = "delivered"
            for state in batch.annotations:
                if state.status == "pending":
                    state.status = "delivered"

    def ack(self, batch_id: str, status: str, reply: str = "", annotation: int | None = None) -> SentBatch:
        """Set an agent status on a batch, or on its annotation number ``annotation`` (1-based). What the user
        accepted stays ``verified``, what the user reopened stays ``reopened`` (the user's decisions, not the
        agent's): the agent's reply is kept, its status is not applied to such an annotation or batch.

        Raises ``KeyError`` (unknown batch), ``IndexError`` (no such annotation), ``ValueError`` (status not in
        :data:`AGENT_STATUSES`).
        """
        if status not in AGENT_STATUSES:
            raise ValueError(f"status must be one of {', '.join(AGENT_STATUSES)}")
        batch = self.get(batch_id) if annotation is None else self._state(batch_id, annotation)[0]
        reply = cap_line(reply, REPLY_CAP)
        with self._saved(batch):
            if annotation is None:
                batch.reply = reply
                if batch.status not in USER_STATUSES:
                    batch.status = status  # type: ignore[assignment]
                for state in batch.annotations:
                    if state.status in ("pending", "delivered"):
                        state.status = status  # type: ignore[assignment]
            else:
                state = batch.annotations[annotation - 1]
                state.reply = reply
                if state.status not in USER_STATUSES:
                    state.status = status  # type: ignore[assignment]
        return batch

    def set_verification(self, batch_id: str, annotation: int, result: dict) -> SentBatch:
        """Keep ``result`` (a verification as JSON) with annotation number ``annotation`` (1-based) of batch
        ``batch_id`` and persist it. Raises ``KeyError``, ``IndexError`` (no such annotation), ``OSError`` (then
        the annotation keeps its earlier verification, in memory too)."""
        batch, state = self._state(batch_id, annotation)
        with self._saved(batch):
            state.verification = result
        return batch

    def _state(self, batch_id: str, annotation: int) -> tuple[SentBatch, AnnotationState]:
        batch = self.get(batch_id)
        if not 1 <= annotation <= len(batch.annotations):
            raise IndexError(f"batch {batch_id} has {len(batch.annotations)} annotations, not {annotation}")
        return batch, batch.annotations[annotation - 1]

    def accept(self, batch_id: str, annotation: int) -> SentBatch:
        """The panel's Accept (issue 31, requirement 2): annotation number ``annotation`` (1-based) of batch
        ``batch_id`` is closed as ``verified`` (its reply and last verification kept); the batch becomes
        ``verified`` once all its annotations are, ``reopened`` once all are verified or reopened
        (:func:`settled_status`). Persisted like any status. Raises ``KeyError``, ``IndexError``
        (no such annotation), ``ValueError`` (it is reopened: its follow-up carries it on), ``OSError``."""
        batch, state = self._state(batch_id, annotation)
        if state.status == REOPENED:
            raise ValueError(f"annotation {annotation} of batch {batch_id} is reopened: its follow-up carries it on")
        with self._saved(batch):
            state.status = VERIFIED
            batch.status = settled_status(batch)  # type: ignore[assignment]
        return batch

    @staticmethod
    def _mark_reopened(batch: SentBatch, state: AnnotationState) -> None:
        state.reopened = Reopened(earlier=state.status)
        state.status = REOPENED  # type: ignore[assignment]
        batch.status = settled_status(batch)  # type: ignore[assignment]

    def reopen(self, batch_id: str, annotation: int) -> SentBatch:
        """The panel's Reopen (issue 31, requirement 2): annotation number ``annotation`` (1-based) of batch
        ``batch_id`` is ``reopened``, its follow-up in the current batch (not sent yet: :meth:`add` links it when it
        is). Persisted. Raises ``KeyError``, ``IndexError`` (no such annotation), ``ValueError`` (already
        reopened: one follow-up per annotation; the follow-up itself can be reopened), ``OSError``."""
        batch, state = self._state(batch_id, annotation)
        if state.status == REOPENED:
            raise ValueError(f"annotation {annotation} of batch {batch_id} is already reopened")
        with self._saved(batch):
            self._mark_reopened(batch, state)
        return batch

    def withdraw(self, batch_id: str, annotation: int) -> SentBatch:
        """The follow-up of reopened annotation ``annotation`` of batch ``batch_id`` left the current batch before
        it was sent (the user deleted it): the annotation gets back the status it had before :meth:`reopen`, and the
        batch the status :func:`settled_status` derives (``verified`` when all its annotations now are). Nothing happens to an
        annotation not reopened, or whose follow-up was sent. Persisted. Raises ``KeyError``, ``IndexError``,
        ``OSError``."""
        batch, state = self._state(batch_id, annotation)
        if state.status != REOPENED or state.reopened is None or state.reopened.batch:
            return batch
        with self._saved(batch):
            state.status, state.reopened = state.reopened.earlier, None
            batch.status = settled_status(batch)  # type: ignore[assignment]
        return batch
