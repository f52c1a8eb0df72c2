"""A sent batch's records name pictures (a kept verification's before/after/diff, a follow-up's after crop, the
batch's before.json): pagenote takes one only when, links resolved, it is a file in this project's folder of that
batch (app/model/batch_folder.py). A planted or hand-edited file in the project — a link of the right name in the
right folder, a look-alike folder elsewhere — is neither kept by the store (so never in Reopen's ``After:`` line
or the Markdown handed to agents) nor drawn in the HTML review's rounds."""

from __future__ import annotations

import json
from pathlib import Path

from PIL import Image

from app.agent.store import BatchStore
from app.model.annotation import Annotation, AnnotationBatch, ElementRecord
from app.model.batch_folder import kept_picture
from app.model.rounds import FollowUp

EARLIER = "20261203-150012-ab12"


def _picture(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    Image.new("RGB", (20, 10), (200, 10, 140)).save(path)
    return path


def test_only_a_file_in_the_batchs_own_folder_is_kept(tmp_path):
    sent = tmp_path / "project" / "annotations" / "sent"
    own = _picture(sent / EARLIER / "a1-after-20261203-151500.png")
    private = _picture(tmp_path / "home" / "Pictures" / "holiday.png")
    link = sent / EARLIER / "a2-after-20261203-151500.png"
    link.symlink_to(private)
    elsewhere = _picture(tmp_path / "evil" / "annotations" / "sent" / EARLIER / "a1-after-20261203-151500.png")
    assert kept_picture(str(own), sent, EARLIER) == str(own.resolve())
    gone = sent / EARLIER / "a3-after-20261203-151500.png"   # deleted: kept, the export says it is missing
    assert kept_picture(str(gone), sent, EARLIER) == str(gone.resolve())
    for path, batch in ((link, EARLIER), (elsewhere, EARLIER), (private, EARLIER), (own, "20261203-150012-ffff"),
                        (own, "../sent/" + EARLIER), (Path("annotations/sent") / EARLIER / own.name, EARLIER),
                        (sent / EARLIER / ".." / ".." / ".." / ".." / "home" / "Pictures" / "holiday.png", EARLIER)):
        assert kept_picture(str(path), sent, batch) == "", (path, batch)


def test_a_planted_batch_file_naming_private_pictures_keeps_none_of_them(tmp_path):
    sent_dir = tmp_path / "project" / "annotations" / "sent"
    private = _picture(tmp_path / "home" / "Pictures" / "holiday.png")
    store = BatchStore(sent_dir)
    earlier = store.add(AnnotationBatch(annotations=(Annotation(note="a", element=ElementRecord(tag="b")),)))
    link = sent_dir / earlier.id / "a1-after-20261203-151500.png"
    link.parent.mkdir()
    link.symlink_to(private)
    own = _picture(sent_dir / earlier.id / "a1-diff-20261203-151500.png")
    store.set_verification(earlier.id, 1, {"batch": earlier.id, "annotation": 1, "status": "exact",
                                           "before": str(private), "after": str(link), "diff": str(own)})
    follow = FollowUp(batch=earlier.id, annotation=1, note="a", after=str(link))   # the right shape, a link
    store.add(AnnotationBatch(annotations=(Annotation(note="again", element=ElementRecord(tag="b"),
                                                      follow_up=follow),)))
    assert store.batches[-1].batch.annotations[0].follow_up.after == ""   # as an agent's annotations.send names it
    again = BatchStore(sent_dir)   # as the app reads the files at its next start
    kept = again.get(earlier.id).annotations[0].verification
    assert (kept["before"], kept["after"], kept["diff"]) == ("", "", str(own.resolve()))
    later = again.batches[-1]
    assert later.batch.annotations[0].follow_up.after == ""
    assert "holiday" not in json.dumps(later.view()) and "After:" not in later.view()["markdown"]


def test_a_before_json_naming_a_picture_elsewhere_is_not_a_rounds_before(tmp_path):
    from app.agent.sent_rounds import sent_round

    project = tmp_path / "project"
    private = _picture(tmp_path / "home" / "Pictures" / "holiday.png")
    store = BatchStore(project / "annotations" / "sent")
    sent = store.add(AnnotationBatch(annotations=(Annotation(note="a", element=ElementRecord(tag="b")),
                                                  Annotation(note="b", element=ElementRecord(tag="i")))))
    own = _picture(project / "annotations" / "sent" / sent.id / "a2-before.png")
    (own.parent / "before.json").write_text(json.dumps({"1": {"path": str(private)}, "2": {"path": str(own)}}))
    assert sent_round(store.batches, sent, 1, project).before == ""
    assert sent_round(store.batches, sent, 2, project).before == str(own.resolve())
