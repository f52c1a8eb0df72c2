"""A reopened annotation in the batch store (issue 31, requirement 2): its own status, kept on disk, never undone
by an agent's acknowledgement, linked to its follow-up's batch once sent, given back its earlier status when the
follow-up leaves the current batch unsent (app/agent/reopened.py). The window's side is tests/test_window_verify.py."""

from __future__ import annotations

import pytest

from app.agent.reopened import follow_ups, sync_reopened
from app.agent.store import BatchStore
from app.model.annotation import Annotation, AnnotationBatch, ElementRecord
from app.model.rounds import FollowUp
from app.model.session import Session

ELEMENT = ElementRecord(url="http://127.0.0.1:8000/", tag="button", selector="#buy")


def sent(store: BatchStore, notes: list[str]) -> str:
    return store.add(AnnotationBatch(annotations=tuple(Annotation(note=n, element=ELEMENT) for n in notes))).id


def follow_up(batch: str, number: int, note: str = "still off") -> Annotation:
    return Annotation(note=note, element=ELEMENT, follow_up=FollowUp(batch=batch, annotation=number, note="x"))


def test_a_verified_batch_with_a_reopened_annotation_is_reopened_until_the_follow_up_is_withdrawn(tmp_path):
    store = BatchStore(tmp_path)
    batch = sent(store, ["a", "b"])
    store.accept(batch, 1)
    store.accept(batch, 2)
    assert store.get(batch).status == "verified"
    store.reopen(batch, 2)
    assert store.get(batch).status == "reopened" and store.get(batch).annotations[1].status == "reopened"
    with pytest.raises(ValueError):
        store.reopen(batch, 2)   # one follow-up per annotation
    with pytest.raises(ValueError):
        store.accept(batch, 2)   # its follow-up carries it on
    store.ack(batch, "resolved", "done", annotation=2)
    store.ack(batch, "dismissed", "whole batch")
    again = BatchStore(tmp_path).get(batch)   # persisted; the agent's statuses applied to neither
    assert again.status == "reopened" and again.annotations[1].status == "reopened"
    assert again.annotations[1].reply == "done" and again.annotations[1].reopened.earlier == "verified"
    store.withdraw(batch, 2)
    assert store.get(batch).status == "verified" and store.get(batch).annotations[1].status == "verified"
    assert "reopened" not in store.get(batch).annotations[1].model_dump(mode="json")


def test_the_current_batch_decides_and_a_sent_follow_up_links_its_annotation(tmp_path):
    store = BatchStore(tmp_path)
    batch = sent(store, ["a"])
    store.ack(batch, "resolved", "fixed", annotation=1)
    session = Session()
    session.add("e1", ELEMENT, "new note")
    session.add("f1", ELEMENT)
    session.get("f1").annotation = follow_up(batch, 1)
    assert follow_ups(session) == {(batch, 1): 2}
    assert sync_reopened(store, session) and store.get(batch).annotations[0].status == "reopened"
    assert not sync_reopened(store, session)   # nothing more to do
    session.clear()   # the follow-up left unsent: resolved again
    assert sync_reopened(store, session) and store.get(batch).annotations[0].status == "resolved"
    session.add("f1", ELEMENT)
    session.get("f1").annotation = follow_up(batch, 1)
    sync_reopened(store, session)
    follow = store.add(session.batch())   # Send: the follow-up is annotation 1 of the new batch
    state = BatchStore(tmp_path).get(batch).annotations[0]
    assert state.status == "reopened" and (state.reopened.batch, state.reopened.annotation) == (follow.id, 1)
    session.clear()
    assert not sync_reopened(store, session)   # sent: the follow-up's batch holds it now


def test_a_follow_up_sent_another_way_reopens_its_annotation(tmp_path):
    """A follow-up that came without the panel's Reopen (an imported review, a Markdown paste) still says where
    the thread went."""
    store = BatchStore(tmp_path)
    batch = sent(store, ["a", "b"])
    follow = store.add(AnnotationBatch(annotations=(Annotation(note="other", element=ELEMENT), follow_up(batch, 2))))
    state = store.get(batch).annotations[1]
    assert state.status == "reopened" and state.reopened.earlier == "pending"
    assert (state.reopened.batch, state.reopened.annotation) == (follow.id, 2)
    assert store.get(batch).annotations[0].status == "pending"


def test_a_batch_whose_annotations_are_all_verified_or_reopened_reads_reopened_not_delivered(tmp_path):
    """The user trial's batch 1: two notes accepted, one reopened, and ``list_batches`` still said ``delivered``.
    The batch's status follows its annotations' decisions (app.agent.store.settled_status), kept on disk, and a
    batch file written before the rule reads the same once loaded."""
    store = BatchStore(tmp_path)
    batch = sent(store, ["padding", "colour", "label"])
    store.mark_delivered(store.get(batch), 1)
    store.ack(batch, "resolved", "all three done")
    store.accept(batch, 1)
    store.reopen(batch, 2)
    assert store.get(batch).status == "resolved"   # annotation 3 is not decided yet
    store.accept(batch, 3)
    assert store.get(batch).status == "reopened"
    assert BatchStore(tmp_path).get(batch).status == "reopened"
    store.withdraw(batch, 2)   # the follow-up deleted unsent: colour is resolved again, so is the batch
    assert [s.status for s in store.get(batch).annotations] == ["verified", "resolved", "verified"]
    assert store.get(batch).status == "resolved"
    store.add(AnnotationBatch(annotations=(follow_up(batch, 2),)))   # a follow-up sent some other way
    assert store.get(batch).status == "reopened"
    old = store.get(batch).model_copy(update={"status": "delivered"})   # as the trial's file said
    (tmp_path / f"{batch}.json").write_text(old.model_dump_json(indent=2))
    assert BatchStore(tmp_path).get(batch).status == "reopened"
