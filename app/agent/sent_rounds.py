"""The rounds of a batch's follow-up annotations, looked up in the batch store (issue 31, requirement 3): what the
HTML review export draws (:func:`app.protocol.html_export.review_html`'s ``rounds``). No Qt.

A follow-up annotation names the sent annotation it continues (``follow_up``: batch id and number, the
Markdown's ``Follow-up to:``); that one may be a follow-up too. :func:`thread` walks these links back through the
store's sent batches and returns each one as a :class:`~app.model.round_chain.Round`, oldest first, with the
agent's reply, the last verification kept with it (:attr:`app.agent.store.AnnotationState.verification`) and
its pictures: the verification's before/after/diff, or — never verified — the before crop kept at Send
(``annotations/sent/<batch>/before.json``, :func:`app.tabs.before_crops.read_before`).
"""

from __future__ import annotations

from pathlib import Path

from app.agent.store import AnnotationState
from app.model.annotation import AnnotationBatch
from app.model.round_chain import Round
from app.model.rounds import FollowUp
from app.model.verification import Verification
from app.tabs.before_crops import read_before

#: Longest thread followed back, in rounds (a hand-edited history could link in a circle; that is cut too).
MAX_ROUNDS = 100


def _verification(data: dict | None) -> Verification | None:
    if not data:
        return None
    try:
        return Verification.model_validate(data)
    except ValueError:   # a hand-edited or older file: the round shows as not checked
        return None


def sent_round(batches: list, sent, number: int, project_dir: Path, own: bool = False,
               before_crops: dict | None = None) -> Round:
    """Annotation ``number`` (1-based) of sent batch ``sent`` (:class:`~app.agent.store.SentBatch`; ``batches``:
    the store's, oldest first, for its round number) as a :class:`Round`. ``before_crops``: the batch's
    :func:`read_before` when already read. Raises ``IndexError`` for a number outside the batch."""
    if not 1 <= number <= len(sent.batch.annotations):
        raise IndexError(f"batch {sent.id} has {len(sent.batch.annotations)} annotations, not {number}")
    annotation = sent.batch.annotations[number - 1]
    # A hand-edited file may list fewer states than annotations: such a round has no reply or verification.
    state = sent.annotations[number - 1] if number <= len(sent.annotations) else AnnotationState()
    result = _verification(state.verification)
    if result is not None:
        before, after, diff = result.before, result.after, result.diff
    else:
        crops = read_before(project_dir, sent.id) if before_crops is None else before_crops
        before, after, diff = str(crops.get(number, {}).get("path") or ""), "", ""
    place = next((i for i, b in enumerate(batches, start=1) if b.id == sent.id), 0)
    return Round(number=place, batch=sent.id, annotation=number, sent_at=sent.sent_at.isoformat(timespec="seconds"),
                 note=annotation.note, reply=state.reply or sent.reply, status=state.status, verification=result,
                 before=before, after=after, diff=diff, own=own)


def thread(batches: list, follow_up: FollowUp | None, project_dir: Path) -> tuple[Round, ...]:
    """The rounds ``follow_up`` continues, oldest first (empty for ``None``). A batch missing from ``batches``
    (deleted, another project's) ends the walk with the round its later ``Follow-up to:`` lines describe
    (``found=False``: the earlier note, the reply and the after crop they carry)."""
    by_id = {b.id: b for b in batches}
    out: list[Round] = []
    seen: set[tuple[str, int]] = set()
    while follow_up is not None and (follow_up.batch, follow_up.annotation) not in seen and len(out) < MAX_ROUNDS:
        seen.add((follow_up.batch, follow_up.annotation))
        sent = by_id.get(follow_up.batch)
        if sent is None or follow_up.annotation > len(sent.batch.annotations):
            out.append(Round(batch=follow_up.batch, annotation=follow_up.annotation, note=follow_up.note,
                             reply=follow_up.reply, after=follow_up.after, found=False))
            break
        out.append(sent_round(batches, sent, follow_up.annotation, project_dir))
        follow_up = sent.batch.annotations[follow_up.annotation - 1].follow_up
    return tuple(reversed(out))


def batch_rounds(batches: list, batch: AnnotationBatch, project_dir: Path, sent=None) -> dict[int, tuple[Round, ...]]:
    """The rounds of ``batch``'s annotations by number (1-based): each follow-up's :func:`thread`. For a sent
    batch (``sent``: its :class:`~app.agent.store.SentBatch`; ``batch`` is then ``sent.batch``), each thread ends
    with the annotation's own round (``own=True``: its reply, verification and pictures), and an annotation that
    continues nothing has its own round alone once it was verified. Annotations with no round are left out."""
    out: dict[int, tuple[Round, ...]] = {}
    crops = read_before(project_dir, sent.id) if sent is not None else {}
    for number, annotation in enumerate(batch.annotations, start=1):
        rounds = thread(batches, annotation.follow_up, project_dir)
        if sent is not None and (rounds or _checked(sent, number)):
            rounds += (sent_round(batches, sent, number, project_dir, own=True, before_crops=crops),)
        if rounds:
            out[number] = rounds
    return out


def _checked(sent, number: int) -> bool:
    return number <= len(sent.annotations) and bool(sent.annotations[number - 1].verification)

