"""Sent batches: what the user handed to agents with **Send**, their delivery and agent statuses, kept on
disk under ``<project>/annotations/sent/<batch id>.json`` (atomically written; reloaded at start). No Qt.

Status of a batch (and of each annotation in it):

- ``pending``: sent by the user, no agent has received it yet (the next ``annotations.wait`` gets it);
- ``delivered``: at least one agent received it;
- ``acknowledged`` / ``resolved`` / ``dismissed``: set by an agent with ``annotations.ack``;
- ``verified``: set by the user only (the panel's **Accept**, issue 31, requirement 2): the fix was checked in the
  page and the annotation is closed; a batch whose annotations are all verified is ``verified`` too.
"""

from __future__ import annotations

import logging
import secrets
from datetime import datetime, timezone
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field, ValidationError, model_serializer

from app.model.annotation import AnnotationBatch
from app.model.text import cap_line
from app.protocol.markdown import encode_annotations
from app.sinks import stamp, write_atomic

log = logging.getLogger("pagenote.agent")

Status = Literal["pending", "delivered", "acknowledged", "resolved", "dismissed", "verified"]
AGENT_STATUSES = ("acknowledged", "resolved", "dismissed")
#: Set by the user only (:meth:`BatchStore.accept`), never by ``annotations.ack``.
VERIFIED = "verified"
#: A reply is one line (issue #5 §2), capped like a single-line field.
REPLY_CAP = 500


class AnnotationState(BaseModel):
    """What an agent said about one annotation of a sent batch."""

    status: Status = "pending"
    reply: str = ""
    #: The last verification that completed (issue 31: :class:`app.model.verification.Verification` as JSON),
    #: or ``None``; a verification that could not complete leaves it as it was.
    verification: dict | None = None

    @model_serializer(mode="wrap")
    def _without_none(self, handler):
        data = handler(self)
        if isinstance(data, dict) and data.get("verification") is None:
            data.pop("verification", None)   # unverified: the view stays as before verification existed
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
        if not self.directory.is_dir():
            return
        for path in sorted(self.directory.glob("*.json")):
            try:
                self.batches.append(SentBatch.model_validate_json(path.read_bytes()))
            except (OSError, ValidationError) as exc:
                log.warning("skipping unreadable sent batch %s: %s", path, exc)
        self.batches.sort(key=lambda b: (b.sent_at, b.id))

    def save(self, batch: SentBatch) -> None:
        """Persist ``batch`` (atomic write). Raises ``OSError``."""
        write_atomic(self.directory / f"{batch.id}.json", batch.model_dump_json(indent=2).encode("utf-8"))

    def add(self, batch: AnnotationBatch) -> SentBatch:
        """Record a newly sent batch as ``pending`` and persist it. Raises ``OSError`` if it cannot be written."""
        previous = self.batches[-1].id if self.batches else ""
        sent = SentBatch(id=f"{stamp()}-{secrets.token_hex(2)}", sent_at=datetime.now(timezone.utc), batch=batch,
                         annotations=[AnnotationState() for _ in batch.annotations], previous=previous)
        self.save(sent)
        self.batches.append(sent)
        return sent

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
        batch.delivered_count += receivers
        if batch.status == "pending":
            batch.status = "delivered"
        for state in batch.annotations:
            if state.status == "pending":
                state.status = "delivered"
        self.save(batch)

    def ack(self, batch_id: str, status: str, reply: str = "", annotation: int | None = None) -> SentBatch:
        """Set an agent status on a batch, or on its annotation number ``annotation`` (1-based). What the user
        accepted stays ``verified`` (the user's decision, not the agent's): the agent's reply is kept, its status
        is not applied to a verified annotation or batch.

        Raises ``KeyError`` (unknown batch), ``IndexError`` (no such annotation), ``ValueError`` (status not in
        :data:`AGENT_STATUSES`).
        """
        if status not in AGENT_STATUSES:
            raise ValueError(f"status must be one of {', '.join(AGENT_STATUSES)}")
        batch = self.get(batch_id)
        reply = cap_line(reply, REPLY_CAP)
        if annotation is None:
            batch.reply = reply
            if batch.status != VERIFIED:
                batch.status = status  # type: ignore[assignment]
            for state in batch.annotations:
                if state.status in ("pending", "delivered"):
                    state.status = status  # type: ignore[assignment]
        else:
            if not 1 <= annotation <= len(batch.annotations):
                raise IndexError(f"batch {batch_id} has {len(batch.annotations)} annotations, not {annotation}")
            state = batch.annotations[annotation - 1]
            state.reply = reply
            if state.status != VERIFIED:
                state.status = status  # type: ignore[assignment]
        self.save(batch)
        return batch

    def set_verification(self, batch_id: str, annotation: int, result: dict) -> SentBatch:
        """Keep ``result`` (a verification as JSON) with annotation number ``annotation`` (1-based) of batch
        ``batch_id`` and persist it. Raises ``KeyError``, ``IndexError`` (no such annotation), ``OSError``."""
        batch = self.get(batch_id)
        if not 1 <= annotation <= len(batch.annotations):
            raise IndexError(f"batch {batch_id} has {len(batch.annotations)} annotations, not {annotation}")
        batch.annotations[annotation - 1].verification = result
        self.save(batch)
        return batch

    def accept(self, batch_id: str, annotation: int) -> SentBatch:
        """The panel's Accept (issue 31, requirement 2): annotation number ``annotation`` (1-based) of batch
        ``batch_id`` is closed as ``verified`` (its reply and last verification kept); the batch becomes
        ``verified`` once all its annotations are. Persisted like any status. Raises ``KeyError``, ``IndexError``
        (no such annotation), ``OSError``."""
        batch = self.get(batch_id)
        if not 1 <= annotation <= len(batch.annotations):
            raise IndexError(f"batch {batch_id} has {len(batch.annotations)} annotations, not {annotation}")
        batch.annotations[annotation - 1].status = VERIFIED
        if all(state.status == VERIFIED for state in batch.annotations):
            batch.status = VERIFIED
        self.save(batch)
        return batch
