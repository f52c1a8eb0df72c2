"""The HTML review shows the rounds (issue 31, requirement 3): a follow-up's earlier rounds, oldest first, each with
its note, the agent's reply, its verdict and its Before | After | Diff pictures embedded; a sent batch's review
from the history's batch row (Export Review as HTML…) with every round up to it. Three rounds are made through
the real path — pin, Send, Check, Reopen, Send … — in the real window against a page on 127.0.0.1 whose CSS the
test rewrites (test_verify_annotations' site); the rounds' lookup and drawing alone, without a window, too."""

from __future__ import annotations

import base64
import re
from datetime import datetime, timezone
from html.parser import HTMLParser
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from test_verify_annotations import CSS, client, pin_and_send, site  # noqa: F401  (fixtures)
from test_window_verify import check

from app.model.annotation import Annotation, AnnotationBatch, ElementRecord
from app.model.round_chain import Round
from app.model.rounds import FollowUp

HOSTILE_REPLY = "</div><script>alert('reply')</script><img src=x onerror=alert(1)>"
#: A follow-up note that tries to close the markup and forge a round of its own.
HOSTILE_NOTE = ("</div></li><script>alert('note')</script>\nFollow-up to: 1 (batch 20990101-000000-dead)\n"
                "<li class=\"round\"><div class=\"round-head\">Round 9</div>")


class Tags(HTMLParser):
    """The elements of a document (as a browser's tokenizer sees them) and the text of each ``class`` of div."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict]] = []
        self.texts: dict[str, list[str]] = {}
        self._open: list[str | None] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        self.tags.append((tag, attrs))
        if tag == "div":
            self._open.append(attrs.get("class"))
            self.texts.setdefault(attrs.get("class") or "", []).append("")

    def handle_endtag(self, tag):
        if tag == "div" and self._open:
            self._open.pop()

    def handle_data(self, data):
        if self._open and self._open[-1] is not None:
            self.texts[self._open[-1]][-1] += data


def parsed(text: str) -> Tags:
    tags = Tags()
    tags.feed(text)
    tags.close()
    return tags


def rounds_of_html(text: str) -> list[dict]:
    """Each ``li.round`` of the document: its heading, the embedded pictures (label → bytes) and what is missing."""
    out = []
    for part in text.split('<li class="round')[1:]:
        part = part.split("</ol></section>")[0]
        head = re.search(r'<div class="round-head">(.*?)</div>', part).group(1)
        pictures = {alt: base64.b64decode(data) for alt, data in
                    re.findall(r'<img class="shot" alt="(\w+)" src="data:image/png;base64,([^"]+)">', part)}
        missing = re.findall(r'<p class="missing">(.*?)</p>', part)
        out.append({"head": head, "pictures": pictures, "missing": missing, "html": part})
    return out


# -- without a window: the lookup and the drawing -----------------------------------------------------------------


def _sent(batch_id: str, note: str, follow_up: FollowUp | None = None):
    from app.agent.store import AnnotationState, SentBatch

    return SentBatch(id=batch_id, sent_at=datetime(2026, 12, 3, 17, 0, tzinfo=timezone.utc),
                     annotations=[AnnotationState(reply=f"reply to {note}")],
                     batch=AnnotationBatch(annotations=(Annotation(note=note, element=ElementRecord(tag="button"),
                                                                   follow_up=follow_up),)))


def _store(tmp_path: Path, *batches):
    """A batch store holding ``batches`` (not written: the lookup reads the store, not the files)."""
    from app.agent.store import BatchStore

    store = BatchStore(tmp_path / "sent")
    store.batches = list(batches)
    return store


def test_a_thread_stops_at_a_circle_and_at_a_batch_missing_from_the_history(tmp_path):
    from app.agent.sent_rounds import sent_round, thread

    a, b = "20261203-170000-aaaa", "20261203-170100-bbbb"
    circle = _store(tmp_path, _sent(a, "first", FollowUp(batch=b, annotation=1)),
                    _sent(b, "second", FollowUp(batch=a, annotation=1)))
    rounds = thread(circle, FollowUp(batch=b, annotation=1), tmp_path)
    assert [(r.batch, r.note, r.number) for r in rounds] == [(a, "first", 1), (b, "second", 2)]
    gone = "20261203-165900-cccc"   # round 1 deleted from the history: its later round's lines stand for it
    after = str(tmp_path / "annotations" / "sent" / gone / "a2-after-20261203-165930.png")   # deleted with it
    history = _store(tmp_path, _sent(a, "first", FollowUp(batch=gone, annotation=2, note="make it red",
                                                          reply="done", after=after)))
    rounds = thread(history, FollowUp(batch=a, annotation=1), tmp_path)
    assert [(r.batch, r.annotation, r.note, r.reply, r.after, r.found) for r in rounds] == [
        (gone, 2, "make it red", "done", after, False), (a, 1, "first", "reply to first", "", True)]
    html = _html(rounds)
    assert "not in this project’s sent history" in html and f"After: missing ({after})" in html
    assert thread(history, FollowUp(batch=gone, annotation=2, note="red"), tmp_path)[0].note == "red"   # gone alone
    history.batches[0].annotations.clear()   # a hand-edited file without the annotation's state
    r = sent_round(history.batches, history.batches[0], 1, tmp_path)
    assert (r.note, r.reply, r.verification, r.status) == ("first", "", None, "pending")   # no reply, not checked


def _html(rounds: tuple[Round, ...], note: str = "again", name: str = "") -> str:
    from app.protocol.html_export import review_html

    follow = FollowUp(batch=rounds[-1].batch, annotation=rounds[-1].annotation)
    annotation = Annotation(note=note, element=ElementRecord(tag="button", accessible_name=name), follow_up=follow)
    return review_html(AnnotationBatch(annotations=(annotation,)), rounds={1: rounds})


TEXT = st.text(st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=80)


@settings(max_examples=60, deadline=None)
@given(notes=st.lists(TEXT, min_size=1, max_size=3), reply=TEXT, name=TEXT)
def test_any_note_reply_or_name_is_text_in_the_rounds_never_markup(notes, reply, name):
    rounds = tuple(Round(number=i, batch=f"20261203-17000{i}-abcd", annotation=1, note=n, reply=reply)
                   for i, n in enumerate(notes, start=1))
    html = _html(rounds, note=notes[-1], name=name)
    tags = parsed(html)
    assert [t for t, _ in tags.tags if t in ("script", "iframe", "object", "embed", "link")] == []
    assert not any(k.startswith("on") for _, attrs in tags.tags for k in attrs)
    assert [a.get("class") for t, a in tags.tags if t == "li" and "round" in (a.get("class") or "")] == \
        ["round"] * len(notes)
    assert tags.texts["round-note"] == [f"Note: {n}" for n in notes]
    assert tags.texts["round-reply"] == [f"Agent reply: {reply}"] * len(notes)


# -- the window: three rounds through the real path -------------------------------------------------------------


def _reopen(window, qtbot, view, note: str) -> None:
    """Reopen… the shown row with ``note``, wait for the follow-up's pin and its before crop."""
    QTest.mouseClick(view.reopen_button, Qt.MouseButton.LeftButton)
    view.follow_note.setPlainText(note)
    QTest.mouseClick(view.follow_add, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(window.session.pins) == 1, timeout=20_000)
    qtbot.waitUntil(lambda: view.key not in view.running, timeout=20_000)
    pin = window.session.pins[0].id
    qtbot.waitUntil(lambda: pin in window.tab.before.taken, timeout=20_000)
    assert "path" in window.tab.before.taken[pin]


def _round(window, qtbot, site, client, batch: str, padding: str, reply: str):
    """The agent replies and changes ``#pad``'s padding; the page reloads; the user's Check verifies it."""
    client.call("annotations.ack", {"batch": batch, "status": "acknowledged", "reply": reply, "annotation": 1})
    (site.folder / "verify.css").write_text(CSS + f"#pad {{ padding: {padding}; }}\n")
    window.load_page(site.url)
    view = check(window, qtbot, batch)
    assert view.verification() is not None and view.verification().changed
    return view


def _files(store, batch: str) -> dict[str, bytes]:
    v = store.get(batch).annotations[0].verification
    return {label.capitalize(): Path(v[label]).read_bytes() for label in ("before", "after", "diff")}


def test_three_rounds_are_exported_in_order_with_their_pictures(window, qtbot, site, client, tmp_path):  # noqa: F811
    from PySide6.QtWidgets import QApplication, QFileDialog, QMenu

    from app.ui.sent_export import SENT_BATCH_ROLE
    from app.ui.review_io import install_review_ui

    review = install_review_ui(window)
    store = window.app.hub.store
    b1 = pin_and_send(window, qtbot, site, ["pad"])
    view = _round(window, qtbot, site, client, b1, "12px 16px", HOSTILE_REPLY)
    _reopen(window, qtbot, view, "still too small")
    window.send()
    b2 = list(window.tab.session.sent_ids)[-1]
    view = _round(window, qtbot, site, client, b2, "20px 24px", "padding raised to 20px 24px")
    _reopen(window, qtbot, view, HOSTILE_NOTE)

    # The current batch's export (File → Export Review…): its follow-up shows rounds 1 and 2.
    current = window.run(review.export_to(tmp_path / "out" / "current.html", "html")).read_text(encoding="utf-8")
    rounds = rounds_of_html(current)
    assert [r["head"].split(", sent ")[0] for r in rounds] == [f"Round 1: batch {b1}, annotation 1",
                                                              f"Round 2: batch {b2}, annotation 1"]
    assert [r["pictures"] for r in rounds] == [_files(store, b1), _files(store, b2)]   # the files' bytes
    assert "Agent reply: padding raised to 20px 24px" in rounds[1]["html"]
    assert '<figure class="after"><img class="shot" alt="After the agent' not in current   # the rounds show it

    window.send()
    b3 = list(window.tab.session.sent_ids)[-1]
    assert store.get(b3).previous == b2 and store.get(b2).previous == b1
    # Sent, not checked yet: its own round shows the before crop kept at Send, and says so.
    from app.tabs.before_crops import read_before

    unchecked = rounds_of_html(window.sent_export.export(b3, tmp_path / "out" / "b3.html").read_text(encoding="utf-8"))
    assert [r["head"].split(":")[0] for r in unchecked] == ["Round 1", "Round 2", "Round 3 (this annotation)"]
    assert unchecked[2]["pictures"] == {"Before": Path(read_before(window.project_dir, b3)[1]["path"]).read_bytes()}
    assert '<div class="verdict">Not checked.</div>' in unchecked[2]["html"]
    view = _round(window, qtbot, site, client, b3, "2px 4px", "padding lowered to 2px 4px")
    QTest.mouseClick(view.accept_button, Qt.MouseButton.LeftButton)   # round 3 is accepted
    assert store.get(b3).annotations[0].status == "verified"
    kept = _files(store, b1)
    gone = Path(store.get(b1).annotations[0].verification["before"])
    gone.unlink()   # round 1's before crop deleted from disk

    # The history: batch 3's row → Export Review as HTML… → the file dialog → the file.
    tree = window.panel.sent
    (row,) = [tree.topLevelItem(i) for i in range(tree.topLevelItemCount())
              if tree.topLevelItem(i).data(0, SENT_BATCH_ROLE) == b3]
    tree.customContextMenuRequested.emit(tree.visualItemRect(row).center())
    qtbot.waitUntil(lambda: isinstance(QApplication.activePopupWidget(), QMenu), timeout=5000)
    menu = QApplication.activePopupWidget()
    (action,) = menu.actions()
    assert action.text() == "Export Review as HTML…"
    action.trigger()
    menu.close()
    (dialog,) = [d for d in window.findChildren(QFileDialog) if d.isVisible()]
    assert dialog.selectedFiles()[0].endswith(f"review-{b3}.html")
    target = tmp_path / "out" / "sent.html"
    dialog.selectFile(str(target))
    dialog.accept()
    qtbot.waitUntil(target.exists, timeout=10_000)
    text = target.read_text(encoding="utf-8")

    rounds = rounds_of_html(text)
    assert [r["head"].split(", sent ")[0] for r in rounds] == [
        f"Round 1: batch {b1}, annotation 1", f"Round 2: batch {b2}, annotation 1",
        f"Round 3 (this annotation): batch {b3}, annotation 1"]
    assert f"Before: missing ({gone})" in rounds[0]["missing"]
    assert rounds[0]["pictures"] == {k: v for k, v in kept.items() if k != "Before"}
    assert rounds[1]["pictures"] == _files(store, b2) and rounds[2]["pictures"] == _files(store, b3)
    assert f"<h1>pagenote review: batch {b3}</h1>" in text
    # Hostile words stay words: no script, no handler, no forged round; each says exactly what was typed.
    tags = parsed(text)
    assert [t for t, _ in tags.tags if t == "script"] == []
    assert not any(k.startswith("on") for _, attrs in tags.tags for k in attrs)
    assert tags.texts["round-note"] == ["Note: fix pad", "Note: still too small", f"Note: {HOSTILE_NOTE}"]
    assert tags.texts["round-reply"] == [f"Agent reply: {HOSTILE_REPLY}", "Agent reply: padding raised to 20px 24px",
                                         "Agent reply: padding lowered to 2px 4px"]
    verdicts = tags.texts["verdict"]
    assert [v.startswith("Annotation 1: changed (exact; ") for v in verdicts] == [True] * 3
    assert [v.endswith(" Reopened with a follow-up.") for v in verdicts] == [True, True, False]   # the user's Reopen
    assert verdicts[2].endswith(" Accepted (verified).")                                            # and Accept
    assert f"Exported batch {b3} with its rounds to {target}" in window.status_label.text()
