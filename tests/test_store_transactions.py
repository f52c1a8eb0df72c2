"""The sent-batch store keeps a change only once it is on disk: when the batch's file cannot be replaced (a
directory stands in its place — a full disk or a read-only folder answers the same ``OSError``), every method
that changes a batch raises and leaves the batch in memory as it was, so the panel, ``annotations.get`` and a
later save never show or write what was said to be not stored. No page needed: the store is plain Python."""

from __future__ import annotations

import pytest

from app.agent.store import BatchStore
from app.model.annotation import Annotation, AnnotationBatch, ElementRecord
from app.model.rounds import FollowUp


def _two(store: BatchStore):
    return store.add(AnnotationBatch(annotations=(Annotation(note="a", element=ElementRecord(tag="b")),
                                                  Annotation(note="b", element=ElementRecord(tag="i")))))


def _blocked(store: BatchStore, batch_id: str):
    path = store.directory / f"{batch_id}.json"
    path.unlink()
    path.mkdir()


CHANGES = {
    "mark_delivered": lambda s, b: s.mark_delivered(s.get(b), 2),
    "ack the batch": lambda s, b: s.ack(b, "resolved", "done"),
    "ack an annotation": lambda s, b: s.ack(b, "dismissed", "no", 2),
    "set_verification": lambda s, b: s.set_verification(b, 1, {"status": "exact"}),
    "accept": lambda s, b: s.accept(b, 1),
    "reopen": lambda s, b: s.reopen(b, 1),
}


@pytest.mark.parametrize("change", list(CHANGES))
def test_a_change_that_cannot_be_stored_is_not_kept_in_memory(tmp_path, change):
    store = BatchStore(tmp_path / "sent")
    sent = _two(store)
    before = sent.model_dump(mode="json")
    _blocked(store, sent.id)
    with pytest.raises(OSError):
        CHANGES[change](store, sent.id)
    assert store.get(sent.id) is sent and sent.model_dump(mode="json") == before


def test_a_withdrawal_that_cannot_be_stored_leaves_the_annotation_reopened(tmp_path):
    store = BatchStore(tmp_path / "sent")
    sent = _two(store)
    store.accept(sent.id, 1)
    store.reopen(sent.id, 1)
    before = sent.model_dump(mode="json")
    _blocked(store, sent.id)
    with pytest.raises(OSError):
        store.withdraw(sent.id, 1)
    assert sent.model_dump(mode="json") == before and sent.annotations[0].status == "reopened"


def test_a_follow_up_link_that_cannot_be_stored_leaves_the_earlier_batch_as_its_file_says(tmp_path):
    """The follow-up's batch is sent (its own file written); the earlier batch it continues cannot be written:
    that batch stays as before in memory too (it is not marked reopened, nor linked)."""
    store = BatchStore(tmp_path / "sent")
    earlier = _two(store)
    before = earlier.model_dump(mode="json")
    _blocked(store, earlier.id)
    follow = Annotation(note="again", element=ElementRecord(tag="b"),
                        follow_up=FollowUp(batch=earlier.id, annotation=1))
    later = store.add(AnnotationBatch(annotations=(follow,)))
    assert store.get(later.id) is later and earlier.model_dump(mode="json") == before
