"""Reopened annotations follow the current batch (issue 31, requirement 2). No Qt.

The panel's Reopen puts a follow-up of a sent annotation into the current batch and marks the sent one
``reopened`` (:meth:`app.agent.store.BatchStore.reopen`). Until the batch is sent the user may delete the
follow-up, clear the batch, undo the clear, or get it back with a draft at the next start: after each change of the
batch :func:`sync_reopened` makes the store agree with it — a sent annotation whose follow-up left gets back its
earlier status (:meth:`~app.agent.store.BatchStore.withdraw`), one whose follow-up came back is ``reopened``
again. Once sent, the follow-up's batch holds it (:meth:`~app.agent.store.BatchStore.add` links them).
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
