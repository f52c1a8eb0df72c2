"""The rounds of a batch's follow-up annotations, looked up in the batch store (issue 31, requirement 3): what the
HTML review export draws (:func:`app.protocol.html_export.review_html`'s ``rounds``). No Qt.

A follow-up annotation names the sent annotation it continues (``follow_up``: batch id and number, the
Markdown's ``Follow-up to:``); that one may be a follow-up too. :func:`thread` walks these links back through the
store's sent batches and returns each one as a :class:`~app.model.round_chain.Round`, oldest first, with the
agent's reply, the last verification kept with it (:attr:`app.agent.store.AnnotationState.verification`) and
its pictures: the verification's before/after/diff, or — never verified — the before crop kept at Send
(``annotations/sent/<batch>/before.json``, :func:`app.tabs.before_crops.read_before`).

Those records are files in the project (a cloned repository's annotations/, a hand-edited batch file), so every
picture path a round takes from them is kept only when it is in this project's folder of its batch, links
resolved (:func:`app.model.batch_folder.kept_picture`); any other is left out (``""``), never embedded.
"""

from __future__ import annotations

from pathlib import Path

from app.agent.reopened import rounds_of
from app.agent.store import AnnotationState
from app.model.annotation import AnnotationBatch
from app.model.batch_folder import SENT_DIR, kept_picture
from app.model.round_chain import Round
from app.model.rounds import FollowUp
from app.model.verification import Verification
from app.tabs.before_crops import read_before

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
    :func:`read_before` when already read. Its pictures are only files in ``project_dir``'s folder of ``sent``
    (:func:`kept_picture`; the verification's paths too). Raises ``IndexError`` for a number outside the batch."""
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
    before, after, diff = (kept_picture(p, project_dir / SENT_DIR, sent.id) for p in (before, after, diff))
    if result is not None:
        result = result.model_copy(update={"before": before, "after": after, "diff": diff})
    place = next((i for i, b in enumerate(batches, start=1) if b.id == sent.id), 0)
    return Round(number=place, batch=sent.id, annotation=number, sent_at=sent.sent_at.isoformat(timespec="seconds"),
                 note=annotation.note, reply=state.reply or sent.reply, status=state.status, verification=result,
                 before=before, after=after, diff=diff, own=own)


def _quoted(follow_up: FollowUp, project_dir: Path) -> Round:
    """The round a ``Follow-up to:`` names but the history lacks, as its lines describe it (``found=False``); its
    after crop only when it is in ``project_dir``'s folder of that batch (:func:`kept_picture`)."""
    return Round(batch=follow_up.batch, annotation=follow_up.annotation, note=follow_up.note,
                 reply=follow_up.reply, after=kept_picture(follow_up.after, project_dir / SENT_DIR, follow_up.batch),
                 found=False)


def _sent_annotation(store, follow_up: FollowUp):
    """The sent annotation ``follow_up`` names, or ``None`` when the store does not have it."""
    try:
        return store.get(follow_up.batch).batch.annotations[follow_up.annotation - 1]
    except (KeyError, IndexError):
        return None


def thread(store, follow_up: FollowUp | None, project_dir: Path) -> tuple[Round, ...]:
    """The rounds ``follow_up`` continues, oldest first (empty for ``None``); ``store``: the
    :class:`~app.agent.store.BatchStore`. The links are :func:`app.agent.reopened.rounds_of`'s (a loop ends the
    thread); a batch missing from the history (deleted, another project's) starts it with the round its later
    ``Follow-up to:`` lines describe (``found=False``: the earlier note, the reply and the after crop they carry)."""
    if follow_up is None:
        return ()
    if _sent_annotation(store, follow_up) is None:
        return (_quoted(follow_up, project_dir),)
    links = rounds_of(store, follow_up.batch, follow_up.annotation)
    out = [sent_round(store.batches, store.get(batch_id), number, project_dir) for batch_id, number in links]
    first = store.get(links[0][0]).batch.annotations[links[0][1] - 1].follow_up
    if first is not None and _sent_annotation(store, first) is None:
        out.insert(0, _quoted(first, project_dir))
    return tuple(out)


def batch_rounds(store, batch: AnnotationBatch, project_dir: Path, sent=None) -> dict[int, tuple[Round, ...]]:
    """The rounds of ``batch``'s annotations by number (1-based) from ``store`` (the
    :class:`~app.agent.store.BatchStore`): each follow-up's :func:`thread`. For a sent
    batch (``sent``: its :class:`~app.agent.store.SentBatch`; ``batch`` is then ``sent.batch``), each thread ends
    with the annotation's own round (``own=True``: its reply, verification and pictures), and an annotation that
    continues nothing has its own round alone once it was verified. Annotations with no round are left out."""
    out: dict[int, tuple[Round, ...]] = {}
    crops = read_before(project_dir, sent.id) if sent is not None else {}
    for number, annotation in enumerate(batch.annotations, start=1):
        rounds = thread(store, annotation.follow_up, project_dir)
        if sent is not None and (rounds or _checked(sent, number)):
            rounds += (sent_round(store.batches, sent, number, project_dir, own=True, before_crops=crops),)
        if rounds:
            out[number] = rounds
    return out


def _checked(sent, number: int) -> bool:
    return number <= len(sent.annotations) and bool(sent.annotations[number - 1].verification)

