"""What a sent row says about its round, its verification and its follow-up (issue 31, requirements 2 and 3).

A sent annotation row of the panel's "Sent to agents" view (app/ui/panel_sent.py) reads, on two lines:

    1. button “Save for later” — make it red
    follow-up to 2 of batch 20261203-… · checked: changed, 76.5 % px · reopened as 1 in batch 20261203-…

The first line is the annotation (:func:`app.ui.panel_sent.row_text`), the second :func:`round_line`: the
annotation it follows (:func:`follow_up_label`), its last verification (:func:`verdict_label`) and, once
reopened, where its follow-up went (:func:`reopened_label`). :func:`round_label` is a sent batch row's round.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt

from app.agent.reopened import follow_ups
from app.model.verification import Verification

#: The sent view's role holding an annotation row's ``(batch id, number)`` (app/ui/panel_sent.py).
SENT_KEY_ROLE = Qt.ItemDataRole.UserRole + 5


def follow_up_label(annotation) -> str:
    """A sent row's round suffix: ``  (follow-up to 3 of batch 20261203-…)`` for a follow-up annotation
    (:class:`app.model.rounds.FollowUp`), else ``""``."""
    follow = getattr(annotation, "follow_up", None)
    if follow is None:
        return ""
    return QCoreApplication.translate("VerifyView", "  (follow-up to {0} of batch {1})").format(
        follow.annotation, follow.batch)


def round_label(batches: list, sent) -> tuple[str, str]:
    """A sent batch row's round (issue 31, requirement 3): ``(suffix, tooltip line)``. The suffix names the
    batches its follow-ups continue (``  · follow-ups to 20261203-…``; ``""`` without follow-ups); the tooltip
    line says ``Round 3, after batch 20261203-…`` (the store's order: each batch's ``previous``)."""
    number = next((i for i, b in enumerate(batches, start=1) if b.id == sent.id), len(batches))
    tip = (QCoreApplication.translate("VerifyView", "Round {0}, after batch {1}").format(number, sent.previous)
           if sent.previous
           else QCoreApplication.translate("VerifyView", "Round {0}").format(number))
    earlier = list(dict.fromkeys(a.follow_up.batch for a in sent.batch.annotations if a.follow_up is not None))
    follows = (QCoreApplication.translate("VerifyView", "  · follow-ups to {0}").format(", ".join(earlier))
               if earlier else "")
    return follows, tip


def verification_of(state) -> Verification | None:
    """The last verification kept with ``state`` (:class:`~app.agent.store.AnnotationState`), or ``None``."""
    if not state.verification:
        return None
    try:
        return Verification.model_validate(state.verification)
    except ValueError:
        return None


def verdict_label(state) -> str:
    """A sent row's verdict suffix from its last verification (``state``: the store's
    :class:`~app.agent.store.AnnotationState`): ``  · checked: changed, 14.2 % px``, or ``""`` when unverified."""
    result = verification_of(state)
    if result is None:
        return ""
    share = result.pixels.changed_percent if result.pixels is not None else 0.0
    word = (QCoreApplication.translate("VerifyView", "changed") if result.changed
            else QCoreApplication.translate("VerifyView", "no change"))
    figure = f"{share:.1f}"
    text = QCoreApplication.translate("VerifyView", "  · checked: {0}, {1} % px").format(word, figure)
    return text.replace(f"{figure} % px", f"{figure}\u00a0%\u00a0px")   # one figure: never wrapped apart


def failed_label(error) -> str:
    """A sent row's suffix when its last check could not complete (``error``: the
    :class:`~app.core.errors.PagenoteError` kept in the hub's ``verify_errors``, e.g. the automatic check after an
    agent's ``resolved``): ``  · check failed: view size changed``, else ``  · check failed: VERIFY_STALE``;
    ``""`` without one."""
    if error is None:
        return ""
    from app.ui.verify_resize import is_view_size

    why = (QCoreApplication.translate("VerifyView", "view size changed") if is_view_size(error)
           else getattr(error, "name", "") or str(error))
    return QCoreApplication.translate("VerifyView", "  · check failed: {0}").format(why)


def follow_up_place(state, key: tuple[str, int], drafted: dict) -> tuple[int, str] | None:
    """Where the follow-up of reopened annotation ``key`` = ``(batch id, number)`` is: ``(number, batch id)`` once
    sent, ``(number, "")`` in the current batch (``drafted``: :func:`app.agent.reopened.follow_ups` of it), ``None``
    when ``state`` is not reopened or its follow-up is nowhere to be seen."""
    reopened = getattr(state, "reopened", None)
    if state.status != "reopened" or reopened is None:
        return None
    if reopened.batch:
        return reopened.annotation, reopened.batch
    return (drafted[key], "") if key in drafted else None


def reopened_label(state, key: tuple[str, int], drafted: dict) -> str:
    """A sent row's follow-up suffix: ``  · reopened as 2 in the current batch``, ``  · reopened as 1 in batch
    20261203-…`` once sent (:func:`follow_up_place`), ``""`` when not reopened."""
    place = follow_up_place(state, key, drafted)
    if place is None:
        return ""
    number, batch = place
    if batch:
        return QCoreApplication.translate("VerifyView", "  · reopened as {0} in batch {1}").format(number, batch)
    return QCoreApplication.translate("VerifyView", "  · reopened as {0} in the current batch").format(number)


def round_line(annotation, state, key: tuple[str, int], drafted: dict, failed=None) -> str:
    """A sent annotation row's second line (module docstring): what it follows, its verdict, where its follow-up
    went and, when its last check could not complete (``failed``: its error), that it failed
    (:func:`failed_label`), `` · ``-separated; ``""`` when there is nothing to say."""
    line = (follow_up_label(annotation) + verdict_label(state) + reopened_label(state, key, drafted)
            + failed_label(failed)).strip()
    return line.removeprefix("· ")


def drafted_follow_ups(app) -> dict[tuple[str, int], int]:
    """The follow-ups in ``app``'s current batch (:func:`app.agent.reopened.follow_ups`; none without one)."""
    session = getattr(app, "batch_session", None)
    return follow_ups(session) if session is not None else {}
