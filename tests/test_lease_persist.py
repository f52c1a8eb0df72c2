"""Leases that keep what the user expects (issue 30, requirement 2): a tab's cookies and storage survive a
restart in its persistent lease and come back with the restored tab; a private tab comes back empty; two
persistent leases stay apart; Settings → Leases clears one; restoring (or `pagenote URL`) reuses a tab already
on that page instead of opening a second one."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from _tabs_fixtures import TabsApp, tabs  # noqa: F401 (fixture)

ROOT = Path(__file__).parent.parent
MARK = "document.cookie = 'who={0}; path=/'; localStorage.setItem('who', '{0}'); 0"   # a session cookie
SEEN = "({cookie: document.cookie, storage: localStorage.getItem('who')})"
EMPTY = {"cookie": "", "storage": None}


@pytest.fixture
def data_home(tmp_path, monkeypatch):
    """The user data directory of this test (persistent leases live in ``<it>/pagenote/profiles``)."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return tmp_path / "data" / "pagenote" / "profiles"


def _start(qtbot, qapp, project: Path, name: str = "default") -> TabsApp:
    """An app over the persistent lease ``name`` (what `pagenote` opens: its window's lease), as a new start."""
    from app.runtime.leases import open_persistent

    t = TabsApp(qtbot, qapp, project)
    t.lease.close()
    t.lease = t.app.lease = open_persistent(qapp, name)
    return t


def _note(tab, text: str, url: str) -> None:
    from app.model.annotation import ElementRecord

    tab.session.add(f"e{len(tab.session.pins) + 1}", ElementRecord(url=url, selector="p", tag="p"), text, page=url)


def _closed_with(t: TabsApp, qtbot, *values: str) -> None:
    """Close ``t`` (the app quits: pages, then profiles) and wait until its persistent leases' files hold the
    cookie ``who`` and each stored value of ``values``: Chromium writes them on its own threads as a profile
    shuts down, and a restart in a new process comes after that — here, in the same process, it is waited for."""
    import sqlite3
    from contextlib import closing

    dirs = [lease.storage / "storage" for lease in t.app.leases if lease.persistent]
    t.close()

    def written() -> bool:
        cookies, stored = 0, set()
        for storage in dirs:
            try:
                with closing(sqlite3.connect(f"file:{storage / 'Cookies'}?mode=ro", uri=True)) as db:
                    cookies += db.execute("select count(*) from cookies where name = 'who'").fetchone()[0]
            except sqlite3.Error:
                return False
            for path in (storage / "Local Storage" / "leveldb").glob("*"):
                stored |= {v for v in values if path.is_file() and v.encode() in path.read_bytes()}
        return cookies >= len(values) and stored == set(values)

    qtbot.waitUntil(written, timeout=15_000)


def _loaded(t: TabsApp, tab, url: str) -> None:
    from conftest import settle

    t.show(tab)
    t.qtbot.waitUntil(lambda: tab.page.url().toString() == url and not tab.loading, timeout=15_000)
    settle(t.qtbot, tab.bridge.wait_ready())


def test_a_tabs_cookie_and_storage_survive_a_restart_and_a_private_tab_comes_back_empty(qtbot, qapp, aio, server,
                                                                                        tmp_path, data_home):
    from app.runtime.drafts import draft_of, load_draft, restore_draft, save_draft

    url, other = server.url("other.html"), server.url("record.html")
    first = _start(qtbot, qapp, tmp_path / "project")
    tab = first.tab(url)
    first.js(tab, MARK.format("alice"))
    _note(tab, "in the lease", url)
    private = first.show(first.app.new_isolated_tab(), other)
    first.js(private, MARK.format("bob"))
    _note(private, "in the private tab", other)
    assert first.js(private, SEEN) == {"cookie": "who=bob", "storage": "bob"}
    save_draft(tmp_path / "project", draft_of(first.app.batch_session, first.app.tabs))
    _closed_with(first, qtbot, "alice")   # the app quits

    draft, problem = load_draft(tmp_path / "project")
    assert problem == "" and [(t.lease, t.private) for t in draft.tabs] == [("default", False),
                                                                             (private.lease.name, True)]
    assert draft.private_tabs == 1
    from app.ui.draft_prompt import restore_box

    box = restore_box(None, draft)   # the restore question says so before the user answers
    assert "1 private tab(s) will open empty" in box.text()
    box.deleteLater()
    again = _start(qtbot, qapp, tmp_path / "project")
    try:
        restored, restored_private = restore_draft(again.app, draft)
        assert restored.lease is again.app.lease and restored_private.lease is not again.app.lease
        _loaded(again, restored, url)
        _loaded(again, restored_private, other)
        assert again.js(restored, SEEN) == {"cookie": "who=alice", "storage": "alice"}
        assert again.js(restored_private, SEEN) == EMPTY   # a private lease keeps nothing
        assert [p.annotation.note for p in restored.session.pins] == ["in the lease"]
        assert [p.annotation.note for p in restored_private.session.pins] == ["in the private tab"]
        assert (data_home / "default" / "storage").is_dir()
    finally:
        again.close()


def test_two_persistent_leases_stay_apart_across_a_restart(qtbot, qapp, aio, server, tmp_path, data_home):
    from app.runtime.drafts import draft_of, load_draft, restore_draft, save_draft

    url = server.url("other.html")
    first = _start(qtbot, qapp, tmp_path / "project")
    home = first.tab(url)
    work = first.tab(url, lease=first.app.persistent_lease("work"))
    assert first.app.persistent_lease("work") is work.lease and work.lease is not home.lease
    first.js(home, MARK.format("home"))
    assert first.js(work, SEEN) == EMPTY
    first.js(work, MARK.format("work"))
    assert first.js(home, SEEN) == {"cookie": "who=home", "storage": "home"}
    _note(home, "home", url)
    _note(work, "work", url)
    save_draft(tmp_path / "project", draft_of(first.app.batch_session, first.app.tabs))
    _closed_with(first, qtbot, "home", "work")

    draft, _ = load_draft(tmp_path / "project")
    again = _start(qtbot, qapp, tmp_path / "project")
    try:
        home, work = restore_draft(again.app, draft)   # the same URL twice: one tab per lease, none reused
        assert work.lease.name == "work" and home.lease is again.app.lease and len(again.app.tabs) == 2
        for tab, who in ((home, "home"), (work, "work")):
            _loaded(again, tab, url)
            assert again.js(tab, SEEN) == {"cookie": f"who={who}", "storage": who}
    finally:
        again.close()


def test_clearing_a_lease_in_settings_removes_its_cookies_and_storage(qtbot, qapp, aio, server, tmp_path,
                                                                      data_home):
    from PySide6.QtCore import QSettings

    from app.runtime.settings import SettingsStore
    from app.ui.settings_dialog import SettingsDialog

    url = server.url("other.html")
    t = _start(qtbot, qapp, tmp_path / "project")
    tab = t.tab(url)
    t.js(tab, MARK.format("alice"))
    _note(tab, "kept through the clear", url)
    spare = _start(qtbot, qapp, tmp_path / "spare", name="work")   # a lease on disk no tab here uses
    spare.js(spare.tab(url), MARK.format("work"))
    _closed_with(spare, qtbot, "work")
    store = SettingsStore(tmp_path / "settings.toml", QSettings(str(tmp_path / "p.ini"), QSettings.Format.IniFormat))
    dialog = SettingsDialog(t.app, store)
    try:
        rows = {dialog.leases.table.item(i, 0).text(): dialog.leases.table.item(i, 2).text()
                for i in range(dialog.leases.table.rowCount())}
        assert rows == {"default": "1", "work": "0"}
        said = []
        t.app.message.connect(said.append)
        dialog.leases.buttons["default"].click()   # armed: nothing cleared yet
        assert dialog.leases.buttons["default"].text() == "Clear now" and t.app.tabs == [tab]
        with qtbot.waitSignal(dialog.leases.cleared, timeout=10_000) as cleared:
            dialog.leases.buttons["default"].click()
        assert cleared.args == ["default", 1] and "default" in said[-1]
        (reopened,) = t.app.tabs       # the tab opened again on its page, its annotation with it
        assert reopened is not tab and reopened.lease is t.app.lease
        assert [p.annotation.note for p in reopened.session.pins] == ["kept through the clear"]
        _loaded(t, reopened, url)
        assert t.js(reopened, SEEN) == EMPTY
        root = data_home / "default"
        old = {p.name for p in root.rglob("*") if p.relative_to(root).parts[0] != "g1"}
        assert not old & {"Cookies", "Local Storage", "IndexedDB", "Session Storage", "Cache_Data"}, old
        dialog.leases.buttons["work"].click()
        dialog.leases.buttons["work"].click()
        assert not (data_home / "work").exists()
        assert [dialog.leases.table.item(i, 0).text() for i in range(dialog.leases.table.rowCount())] == ["default"]
    finally:
        dialog.deleteLater()
        t.close()
    again = _start(qtbot, qapp, tmp_path / "project")   # and after a restart, still nothing
    try:
        assert again.js(again.tab(url), SEEN) == EMPTY
        assert sorted(p.name for p in (data_home / "default").iterdir()) == ["current", "g1"]
    finally:
        again.close()


def test_restoring_a_draft_for_the_page_a_tab_shows_reuses_that_tab_and_keeps_it_current(tabs, server):
    from app.model.annotation import Annotation, ElementRecord
    from app.runtime.drafts import Draft, DraftPin, DraftTab, restore_draft

    def row(url: str, note: str, n: int) -> DraftTab:
        record = ElementRecord(url=url, selector="p", tag="p")
        return DraftTab(url=url, pins=[DraftPin(id=f"e{n}", page=url, n=n,
                                                annotation=Annotation(note=note, element=record))])

    asked = tabs.tab(server.url("other.html"))       # `pagenote URL`: the page the user asked for
    draft = Draft(tabs=[row(server.url("record.html"), "elsewhere", 1), row(server.url("other.html/"), "here", 2)])
    elsewhere, here = restore_draft(tabs.app, draft)
    assert here is asked and len(tabs.app.tabs) == 2 and tabs.app.active_tab is asked
    assert [p.annotation.note for p in asked.session.pins] == ["here"]
    assert asked.page.url().toString() == server.url("other.html")   # not loaded again
    # At start, `pagenote URL` asks about the draft while its page is still loading: the same holds.
    from PySide6.QtCore import QUrl

    tabs.app.batch_session.clear()
    for tab in tabs.app.tabs[1:]:
        tabs.app.close_tab(tab.id)
    starting = tabs.app.tabs[0]
    starting.open(QUrl(server.url("record.html")))
    assert restore_draft(tabs.app, Draft(tabs=[row(server.url("record.html"), "at start", 3)])) == [starting]
    assert tabs.app.tabs == [starting] and tabs.app.active_tab is starting
    tabs.qtbot.waitUntil(lambda: starting.page.url().toString() == server.url("record.html"), timeout=10_000)


def test_pagenote_url_for_a_page_the_running_window_shows_makes_that_tab_current(window, server, qtbot, socket_path,
                                                                                  tmp_path):
    window.load_page(server.url("other.html"))
    shown = window.app.active_tab
    window.app.new_tab()                           # another tab is current now
    env = {**os.environ, "PAGENOTE_SOCKET": str(socket_path), "QT_QPA_PLATFORM": "offscreen", "DISPLAY": ":0"}
    env.pop("WAYLAND_DISPLAY", None)
    proc = subprocess.Popen([sys.executable, "-m", "app", server.url("other.html"), "--out", str(tmp_path)],
                            env=env, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    qtbot.waitUntil(lambda: proc.poll() is not None, timeout=30_000)  # the window answers meanwhile
    _out, err = proc.communicate()
    assert proc.returncode == 0, err
    assert f"opened tab {shown.id} of the running window: it shows {server.url('other.html')} already" in err
    assert len(window.app.tabs) == 2 and window.app.active_tab is shown


RUN = """
import sys
from pathlib import Path
from app.qtenv import prepare
prepare(headless=True)
import PySide6.QtWebEngineWidgets  # noqa: F401
from PySide6.QtCore import QUrl
from app.runtime.run import open_app

url, source, headless = sys.argv[1], sys.argv[2], sys.argv[4] == "headless"
with open_app(Path(sys.argv[3]), headless=headless) as (qt, app):   # no --profile: the window's own lease
    tab = app.new_tab()
    tab.view.resize(800, 600)
    tab.view.show()
    tab.page.loadFinished.connect(lambda ok: tab.page.runJavaScript(
        source, 0, lambda value: (print("lease", app.lease.name, "seen", value, flush=True), qt.exit(0))))
    tab.page.load(QUrl(url))
    qt.exec()
"""


def test_quitting_pagenote_and_starting_it_again_keeps_the_windows_cookies_and_storage(server, tmp_path):
    """The real thing, two processes: the window's lease (no ``--profile``) is the persistent ``default``; the
    first run sets a session cookie and a stored value and quits at once; the next run sees both. ``serve`` /
    ``capture`` (headless) stay off the record."""
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data"), "QT_QPA_PLATFORM": "offscreen"}

    def run(source: str, mode: str = "window") -> str:
        proc = subprocess.run([sys.executable, "-c", RUN, server.url("other.html"), source, str(tmp_path), mode],
                              env=env, cwd=ROOT, capture_output=True, text=True, timeout=120)
        assert proc.returncode == 0, proc.stderr
        return next(line for line in proc.stdout.splitlines() if line.startswith("lease "))

    seen = "JSON.stringify([document.cookie, localStorage.getItem('who')])"
    assert run(MARK.format("alice").replace("; 0", "; 'set'")) == "lease default seen set"
    assert run(seen) == 'lease default seen ["who=alice","alice"]'
    assert run(seen, "headless") == 'lease session seen ["",null]'
    assert (tmp_path / "data" / "pagenote" / "profiles" / "default" / "storage").is_dir()
