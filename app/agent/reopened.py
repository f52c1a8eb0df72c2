"""Reopened annotations follow the current batch (issue 31, requirement 2); an annotation's rounds. No Qt.

The panel's Reopen puts a follow-up of a sent annotation into the current batch and marks the sent one
``reopened`` (:meth:`app.agent.store.BatchStore.reopen`). Until the batch is sent the user may delete the
follow-up, clear the batch, undo the clear, or get it back with a draft at the next start: after each change of the
batch :func:`sync_reopened` makes the store agree with it — a sent annotation whose follow-up left gets back its
earlier status (:meth:`~app.agent.store.BatchStore.withdraw`), one whose follow-up came back is ``reopened``
again. Once sent, the follow-up's batch holds it (:meth:`~app.agent.store.BatchStore.add` links them).

:func:`rounds_of` follows a follow-up's ``Follow-up to:`` back through the sent batches: the rounds of one thread,
whose before/after pictures the panel shows side by side (issue 31, requirement 3).
"""

from __future__ import annotations

import logging

from app.agent.store import REOPENED

log = logging.getLogger("pagenote.agent")


def follow_ups(session) -> dict[tuple[str, int], int]:
    """The follow-ups in ``session`` (:class:`app.model.session.Session`, the current batch): ``{(sent batch id,
    annotation number): the follow-up's number in the current batch}``; the first one when two follow the same."""
    out: dict[tuple[str, int], int] = {}
    for number, pin in enumerate(session.pins, start=1):
        follow = pin.annotation.follow_up
        if follow is not None:
            out.setdefault((follow.batch, follow.annotation), number)
    return out


def sync_reopened(store, session) -> bool:
    """Make ``store`` (:class:`app.agent.store.BatchStore`) agree with the current batch ``session`` (module
    docstring). Returns whether a status changed. A write that fails is logged and tried again at the next
    change."""
    drafted = follow_ups(session)
    changed = False
    for sent in store.batches:
        for number, state in enumerate(sent.annotations, start=1):
            key = (sent.id, number)
            waiting = state.status == REOPENED and state.reopened is not None and not state.reopened.batch
            try:
                if waiting and key not in drafted:
                    store.withdraw(*key)
                    changed = True
                elif key in drafted and state.status != REOPENED:
                    store.reopen(*key)
                    changed = True
            except OSError as exc:
                log.warning("could not keep annotation %s of sent batch %s as reopened or not: %s", number,
                            sent.id, exc)
    return changed


def rounds_of(store, batch_id: str, number: int) -> list[tuple[str, int]]:
    """The thread of annotation ``number`` of sent batch ``batch_id``, oldest round first and it last: each
    ``(batch id, number)`` it follows up (``Follow-up to:``), as far as the store has them (``[(batch_id,
    number)]`` for an annotation that follows none; a loop or a gone batch ends the thread)."""
    thread = [(batch_id, number)]
    while len(thread) <= len(store.batches):
        try:
            follow = store.get(thread[0][0]).batch.annotations[thread[0][1] - 1].follow_up
        except (KeyError, IndexError):
            break
        if follow is None or (follow.batch, follow.annotation) in thread:
            break
        try:
            store.get(follow.batch).annotations[follow.annotation - 1]
        except (KeyError, IndexError):
            break
        thread.insert(0, (follow.batch, follow.annotation))
    return thread
