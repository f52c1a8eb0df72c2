"""Rounds (issue 31, requirement 3): a follow-up annotation's Markdown lines (``Follow-up to:``, ``Earlier
note:``, ``Agent reply:``, ``After:``) round-trip through the one encoder/parser, a batch of follow-ups knows
the round it continues, and a reopened annotation is built from what the agent and the verification left."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from test_protocol import _records, _text, _user_text

from app.agent.store import BatchStore
from app.core.errors import PagenoteError
from app.model.annotation import Annotation, AnnotationBatch, ElementRecord
from app.model.rounds import FollowUp
from app.protocol.blocks import ProtocolError
from app.protocol.markdown import encode_annotations, parse_annotations

_follow_ups = st.none() | st.builds(
    FollowUp, batch=st.from_regex(r"[0-9]{8}-[0-9]{6}-[0-9a-f]{4}", fullmatch=True),
    annotation=st.integers(min_value=1, max_value=1_000_000), note=_user_text, reply=_text, after=_text)
#: An after crop where a verification writes it (app.model.rounds.after_crop: other paths are dropped).
AFTER = "/p/annotations/sent/20261203-150012-ab12/a3-after-20261203-151500.png"
_batches = st.builds(AnnotationBatch, annotations=st.lists(
    st.builds(Annotation, note=_user_text, element=_records, follow_up=_follow_ups), max_size=3).map(tuple))


@settings(max_examples=300, deadline=None)
@given(_batches)
def test_follow_up_lines_round_trip(batch):
    text = encode_annotations(batch)
    assert parse_annotations(text) == batch
    assert encode_annotations(parse_annotations(text)) == text


def test_a_follow_up_reads_as_the_issue_shows_it():
    batch = AnnotationBatch(annotations=(Annotation(note="still too tight", element=ElementRecord(tag="button"),
                                                    follow_up=FollowUp(batch="20261203-150012-ab12", annotation=3,
                                                                       note="more padding", reply="padding 12px 16px",
                                                                       after=AFTER)),))
    assert "\n## Annotation 1\nNote: still too tight\nFollow-up to: 3 (batch 20261203-150012-ab12)\n" \
           f"Earlier note: more padding\nAgent reply: padding 12px 16px\nAfter: {AFTER}\n" in encode_annotations(batch)


@pytest.mark.parametrize(("line", "words"), [
    ("Follow-up to: three (batch 20261203-150012-ab12)", "expected 'N (batch ID)'"),
    ("Follow-up to: 3 (batch not-a-batch)", "sent batch id"),
    ("Agent reply: done", "a follow-up's lines start with 'Follow-up to: N (batch ID)'"),
    (f"After: {AFTER}\nFollow-up to: 3 (batch 20261203-150012-ab12)", "After: a follow-up's lines start with"),
])
def test_malformed_follow_up_lines_name_the_problem(line, words):
    with pytest.raises(ProtocolError) as info:
        parse_annotations(f"# Web page annotations: 1\n\n## Annotation 1\nNote: x\n{line}\n")
    assert words in str(info.value)


def test_a_batch_of_follow_ups_knows_its_previous_round_and_a_reopened_annotation_carries_the_thread(tmp_path):
    store = BatchStore(tmp_path / "sent")
    first = store.add(AnnotationBatch(annotations=(Annotation(note="more padding", element=ElementRecord(tag="b")),)))
    store.ack(first.id, "resolved", "padding 12px 16px", 1)
    after = f"/p/annotations/sent/{first.id}/a1-after-20261203-151500.png"
    store.set_verification(first.id, 1, {"after": after})
    from app.agent.verify_annotations import follow_up_annotation

    again = follow_up_annotation(store, first.id, 1, "still too tight")
    assert again.note == "still too tight" and again.element.tag == "b"
    assert again.follow_up == FollowUp(batch=first.id, annotation=1, note="more padding", reply="padding 12px 16px",
                                       after=after)
    second = store.add(AnnotationBatch(annotations=(again,)))
    assert second.previous == first.id and first.previous == ""
    assert "Follow-up to: 1 (batch " + first.id + ")" in second.view()["markdown"]
    assert BatchStore(tmp_path / "sent").get(second.id).previous == first.id   # kept across a restart
    third = store.add(AnnotationBatch(summary="a new note elsewhere"))
    assert third.previous == second.id
    for number in (0, 2):
        with pytest.raises(PagenoteError, match="NOT_FOUND"):
            follow_up_annotation(store, first.id, number, "x")


def test_wait_for_annotations_returns_the_follow_ups_as_a_new_batch_with_their_lines(window, qtbot, socket_path):
    from test_agent_socket import RawClient

    client = RawClient(qtbot, socket_path)
    try:
        client.call("annotations.send", {"markdown": "# Web page annotations: 1\n\n## Annotation 1\nNote: bigger\nTag: button\n"})
        first = client.call("annotations.wait", {"timeout_ms": 0})["result"]["batch"]
        follow = (f"# Web page annotations: 1\n\n## Annotation 1\nNote: still small\n"
                  f"Follow-up to: 1 (batch {first['id']})\nEarlier note: bigger\nAgent reply: done\nTag: button\n")
        assert "error" not in client.call("annotations.send", {"markdown": follow})
        second = client.call("annotations.wait", {"timeout_ms": 0})["result"]["batch"]
    finally:
        client.close()
    assert second["previous"] == first["id"] and first["previous"] == ""
    assert f"Follow-up to: 1 (batch {first['id']})\nEarlier note: bigger\nAgent reply: done\n" in second["markdown"]


def test_the_html_review_shows_the_round_and_embeds_the_after_crop(tmp_path):
    from PIL import Image

    from app.protocol.html_export import review_html

    after = tmp_path / "annotations" / "sent" / "20261203-150012-ab12" / "a2-after-20261203-151500.png"
    after.parent.mkdir(parents=True)
    Image.new("RGB", (20, 10), (200, 30, 30)).save(after)
    follow = FollowUp(batch="20261203-150012-ab12", annotation=2, note="more <padding>", reply="done", after=str(after))
    html = review_html(AnnotationBatch(annotations=(Annotation(note="still tight", follow_up=follow),)))
    assert ("Follow-up to annotation 2 of batch 20261203-150012-ab12: earlier note “more &lt;padding&gt;”; "
            "the agent replied “done”") in html
    assert '<figure class="after"><img class="shot" alt="After the agent' in html and "data:image/png;base64," in html


def test_an_agent_acknowledgement_never_undoes_the_users_accept(tmp_path):
    """Accept (the panel) closes an annotation as verified; an agent's later acknowledge of it, or of its whole
    batch, keeps its reply but not its status: verified stays, for the annotation and the batch."""
    store = BatchStore(tmp_path / "sent")
    batch = store.add(AnnotationBatch(annotations=(Annotation(note="a", element=ElementRecord(tag="b")),
                                                   Annotation(note="b", element=ElementRecord(tag="i")))))
    store.ack(batch.id, "resolved", "done", 1)
    store.accept(batch.id, 1)
    store.ack(batch.id, "acknowledged", "looking again", 1)
    again = BatchStore(tmp_path / "sent").get(batch.id)
    assert again.annotations[0].status == "verified" and again.annotations[0].reply == "looking again"
    store.accept(batch.id, 2)
    assert store.get(batch.id).status == "verified"
    store.ack(batch.id, "dismissed", "never mind")
    again = BatchStore(tmp_path / "sent").get(batch.id)
    assert again.status == "verified" and again.reply == "never mind"
    assert [s.status for s in again.annotations] == ["verified", "verified"]


def test_a_follow_up_carries_the_agents_reply_to_the_whole_batch(tmp_path):
    """An agent usually acknowledges a whole batch with one reply: a follow-up of one of its annotations carries
    that reply (the trial's follow-up had no Agent reply: line); the annotation's own reply comes first."""
    from app.agent.verify_annotations import follow_up_annotation

    store = BatchStore(tmp_path / "sent")
    batch = store.add(AnnotationBatch(annotations=(Annotation(note="a", element=ElementRecord(tag="b")),
                                                   Annotation(note="b", element=ElementRecord(tag="i")))))
    store.ack(batch.id, "resolved", "padding and colour fixed")
    assert follow_up_annotation(store, batch.id, 2, "still pale").follow_up.reply == "padding and colour fixed"
    store.ack(batch.id, "resolved", "made it #e02020", 2)
    assert follow_up_annotation(store, batch.id, 2, "still pale").follow_up.reply == "made it #e02020"
