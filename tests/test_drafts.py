"""Nothing lost: unsent annotations are journaled to <project>/.pagenote/draft.json atomically soon after every
change; a new app restores them (markers re-anchor on their page); a damaged draft is set aside, never fatal."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

from conftest import pin_at, poll_until
from PySide6.QtCore import QPoint

from _tabs_fixtures import tabs  # noqa: F401 (fixture)


def _first_button(js) -> QPoint:
    r = json.loads(js("JSON.stringify(document.querySelector('.btn').getBoundingClientRect())"))
    return QPoint(round(r["left"] + 20), round(r["top"] + r["height"] / 2))


def test_a_pinned_note_is_journaled_and_a_new_app_restores_it_on_its_page(window, server, qtbot, js, tabs,
                                                                          tmp_path):
    from app.runtime.drafts import WRITE_DELAY_MS, DraftJournal, load_draft, restore_draft

    assert WRITE_DELAY_MS < 1000
    journal = DraftJournal(window.app, tmp_path)
    window.load_page(server.url("record.html"))
    window.act_annotate.trigger()
    pin_at(window, qtbot, _first_button(js), "keep me")
    path = tmp_path / ".pagenote" / "draft.json"
    qtbot.waitUntil(lambda: path.exists() and "keep me" in path.read_text(), timeout=5_000)
    window.panel.summary_changed.emit("the summary")
    qtbot.waitUntil(lambda: "the summary" in path.read_text(), timeout=5_000)
    assert not [p for p in path.parent.iterdir() if p.name.startswith(".tmp-")]  # written whole, then renamed
    draft, problem = load_draft(tmp_path)
    assert problem == "" and draft.count == 1
    # A new app (the next start) restores it: the note, the summary, the page; the marker re-anchors.
    restored = restore_draft(tabs.app, draft)
    tab = restored[0]
    tabs.show(tab)
    assert [p.annotation.note for p in tab.session.pins] == ["keep me"] and tab.session.summary == "the summary"
    qtbot.waitUntil(lambda: tab.page.url().toString() == server.url("record.html") and not tab.loading,
                    timeout=10_000)
    qtbot.waitUntil(lambda: len(tab.annotator.scene.scene.marks) == 1, timeout=10_000)
    # Sent (or cleared): nothing unsent, no draft.
    window.session.clear()
    journal.write_now()
    assert not path.exists()


def test_a_damaged_draft_is_set_aside_and_reported(tmp_path):
    from app.runtime.drafts import load_draft

    path = tmp_path / ".pagenote" / "draft.json"
    path.parent.mkdir()
    path.write_text('{"version": 1, "tabs": [{"pins": [{"id": ')  # half-written
    draft, problem = load_draft(tmp_path)
    assert draft is None and "draft.json.bad-" in problem
    assert not path.exists() and len(list(path.parent.glob("draft.json.bad-*"))) == 1
    assert load_draft(tmp_path) == (None, "")  # set aside already: no draft now
    path.write_text(json.dumps({"version": 7}))  # valid JSON, not a draft
    draft, problem = load_draft(tmp_path)
    assert draft is None and "bad-" in problem


KILLED_APP = textwrap.dedent("""
    import sys
    from pathlib import Path
    from app.qtenv import prepare
    args = prepare(headless=True)
    import PySide6.QtWebEngineWidgets  # noqa
    from PySide6.QtCore import QUrl
    from app.qtenv import make_application
    from app.runtime.app import PagenoteApp
    from app.runtime.drafts import DraftJournal
    from app.webview.lease import Lease
    from app.model.annotation import ElementRecord
    qt = make_application(headless=True)
    project = Path(sys.argv[1])
    app = PagenoteApp(Lease(qt), project)
    journal = DraftJournal(app, project)
    tab = app.new_tab()
    record = ElementRecord.model_validate_json(sys.argv[2])
    for i in range(3):
        tab.session.add(f"e{i}", record, f"note {i}", page=record.url)
    isolated = app.new_isolated_tab()       # a second tab in a lease of its own: the same page-side id "e1"
    isolated.session.add("e1", record, "note in the isolated tab", page=record.url)
    tab.session.add("e9", record, "note 4", page=record.url)
    print("ready", flush=True)
    qt.exec()
""")


def test_app_killed_with_sigkill_leaves_every_note_in_the_draft(tmp_path):
    from app.model.annotation import ElementRecord
    from app.runtime.drafts import load_draft

    record = ElementRecord(url="http://127.0.0.1:1/x.html", selector="button", tag="button")
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    proc = subprocess.Popen([sys.executable, "-c", KILLED_APP, str(tmp_path), record.model_dump_json()],
                            cwd=Path(__file__).parent.parent, env=env, stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout.readline().strip() == "ready"
        path = tmp_path / ".pagenote" / "draft.json"
        poll_until(lambda: path.exists() and "note 4" in path.read_text(), 10, "the draft with five notes")
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
    draft, problem = load_draft(tmp_path)
    assert problem == "" and len(draft.tabs) == 2
    first, isolated = draft.tabs
    assert [(p.n, p.annotation.note) for p in first.pins] == [(1, "note 0"), (2, "note 1"), (3, "note 2"), (5, "note 4")]
    assert first.lease == "" and isolated.lease.startswith("isolated-")
    assert [(p.n, p.id, p.annotation.note) for p in isolated.pins] == [(4, "e1", "note in the isolated tab")]


def test_closing_the_window_with_unsent_annotations_asks_and_cancel_keeps_it_open(window, server, qtbot, js,
                                                                                 tmp_path):
    from app.ui.draft_prompt import install_drafts

    journal = install_drafts(window, ask=lambda *_: False)
    window.load_page(server.url("record.html"))
    window.act_annotate.trigger()
    pin_at(window, qtbot, _first_button(js), "unsent")
    asked = []
    guard = window.close_guard
    guard.ask = lambda _w, n: asked.append(n) or "cancel"
    assert window.close() is False and window.isVisible() and asked == [1]
    guard.ask = lambda _w, n: "save"
    assert window.close() is True
    path = tmp_path / ".pagenote" / "draft.json"
    assert "unsent" in path.read_text()
    window.show()
    guard.ask = lambda _w, n: "discard"
    assert window.close() is True and not path.exists()
    assert not journal.enabled


def test_app_teardown_saves_the_draft_without_asking(tabs, server, tmp_path):
    from app.runtime.drafts import DraftJournal, load_draft

    tab = tabs.tab(server.url("record.html"))
    tabs.app.drafts = DraftJournal(tabs.app, tmp_path)
    record = __import__("app.model.annotation", fromlist=["ElementRecord"]).ElementRecord(
        url=server.url("record.html"), selector="button", tag="button")
    tab.session.add("e1", record, "saved on SIGTERM", page=record.url)
    tabs.app.close()  # what open_app's teardown runs after SIGTERM (exit code 143)
    draft, _ = load_draft(tmp_path)
    assert draft.tabs[0].pins[0].annotation.note == "saved on SIGTERM"


def test_closing_a_tab_with_unsent_annotations_asks_and_save_keeps_them_in_the_draft(tabs, server, tmp_path):
    from types import SimpleNamespace

    from app.model.annotation import ElementRecord
    from app.runtime.drafts import DraftJournal, load_draft
    from app.ui.draft_prompt import tab_closer
    from app.ui.tab_strip import TabStrip

    journal = DraftJournal(tabs.app, tmp_path)
    window = SimpleNamespace(app=tabs.app, say=lambda text: None)
    answers = []
    strip = TabStrip(tabs.app)
    strip.ask_close = tab_closer(window, journal, ask=lambda _w, n: answers.pop(0))
    keep = tabs.tab(server.url("other.html"))
    annotated = tabs.tab(server.url("record.html"))
    record = ElementRecord(url=server.url("record.html"), selector="button", tag="button")
    annotated.session.add("e1", record, "kept on close", page=record.url)
    answers.append("cancel")
    assert strip.close_tab(annotated.id) is False and annotated in tabs.app.tabs
    answers.append("save")
    assert strip.close_tab(annotated.id) is True and annotated not in tabs.app.tabs
    journal.write_now()
    draft, _ = load_draft(tmp_path)
    assert [p.annotation.note for t in draft.tabs for p in t.pins] == ["kept on close"]
    assert journal.unsent() == 1 and keep in tabs.app.tabs
    strip.deleteLater()


def test_restoring_keeps_the_page_the_user_asked_for_and_reuses_an_empty_or_same_page_tab(tabs, server):
    from app.model.annotation import Annotation, ElementRecord
    from app.runtime.drafts import Draft, DraftPin, DraftTab, restore_draft

    record = ElementRecord(url=server.url("record.html"), selector="button", tag="button")
    draft = Draft(tabs=[DraftTab(url=server.url("record.html"),
                                 pins=[DraftPin(id="e1", page=record.url, n=1,
                                                annotation=Annotation(note="restored", element=record))])])
    asked = tabs.tab(server.url("other.html"))     # `pagenote URL`: the page the user asked for
    (restored,) = restore_draft(tabs.app, draft)
    assert restored is not asked and asked.page.url().toString() == server.url("other.html")
    assert tabs.app.tabs == [asked, restored] and tabs.app.active_tab is restored
    assert [p.annotation.note for p in restored.session.pins] == ["restored"]
    tabs.app.batch_session.clear()
    tabs.app.select_tab(asked.id)
    tabs.load(asked, server.url("record.html"))     # showing the draft's page already: that tab is reused
    assert restore_draft(tabs.app, draft) == [asked] and len(tabs.app.tabs) == 2
