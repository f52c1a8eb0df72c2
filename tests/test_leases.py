"""Leases: every tab lives under a lease that names its profile; cookies, storage and permission grants never
cross leases; a closed lease takes no page; closing tears pages down before profiles."""

from __future__ import annotations

import pytest

from _tabs_fixtures import tabs  # noqa: F401 (fixture)

NOTIFY = "Notification.requestPermission()"


def _mark(tabs, tab) -> None:
    tabs.js(tab, "document.cookie = 'who=alice; path=/'; localStorage.setItem('who', 'alice'); 0")


def _seen(tabs, tab) -> dict:
    return tabs.js(tab, "({cookie: document.cookie, storage: localStorage.getItem('who')})")


def test_login_in_one_lease_is_invisible_in_an_isolated_tab(tabs, server):
    url = server.url("other.html")
    a1 = tabs.tab(url)
    _mark(tabs, a1)
    tabs.app.tab(a1.id).lease.grants.allow(server.origin, "notifications", "lease")
    a2 = tabs.tab(url)  # same lease: the same cookie jar, storage and grants
    assert a2.lease is a1.lease
    assert _seen(tabs, a2) == {"cookie": "who=alice", "storage": "alice"}
    assert tabs.js_async(a2, NOTIFY) == "granted"
    b = tabs.show(tabs.app.new_isolated_tab(), url)
    assert b.lease is not a1.lease and b.lease.name.startswith("isolated-")
    assert _seen(tabs, b) == {"cookie": "", "storage": None}
    assert tabs.js_async(b, NOTIFY) == "denied"
    _mark(tabs, b)
    tabs.js(b, "document.cookie = 'who=bob; path=/'; localStorage.setItem('who', 'bob'); 0")
    assert _seen(tabs, a1) == {"cookie": "who=alice", "storage": "alice"}  # and nothing comes back
    c = tabs.show(tabs.app.new_isolated_tab(), url)  # a second isolated tab: isolated from the first too
    assert _seen(tabs, c) == {"cookie": "", "storage": None}


def test_closed_lease_takes_no_page_and_its_last_tab_closes_it(tabs, server):
    b = tabs.show(tabs.app.new_isolated_tab(), server.url("other.html"))
    lease = b.lease
    assert lease.pages == [b.page]
    tabs.app.close_tab(b.id)
    assert not lease.live
    from app.tabs.tab import Tab

    with pytest.raises(RuntimeError, match="closed"):
        Tab("x", lease, tabs.app.project_dir)


def test_closing_a_lease_deletes_its_pages_first(tabs, qapp, server, capfd):
    import shiboken6

    from app.webview.guest import Guest
    from app.webview.lease import Lease

    lease = Lease(qapp, name="scratch")
    page = Guest(lease.profile)  # no parent: only the lease's close deletes it
    lease.attach(page)
    lease.close()
    assert not shiboken6.isValid(page)
    assert "still not deleted" not in capfd.readouterr().err


def test_tabs_select_and_close_move_the_active_tab(tabs, server):
    t1, t2, t3 = (tabs.tab() for _ in range(3))
    assert tabs.app.active_tab is t3
    tabs.app.select_tab(t1.id)
    assert tabs.app.active_tab is t1
    tabs.app.close_tab(t1.id)
    assert tabs.app.active_tab is t2 and [t.id for t in tabs.app.tabs] == [t2.id, t3.id]


def test_profile_names_are_checked(tmp_path):
    from app.core.errors import PagenoteError
    from app.runtime.profiles import profile_dir

    assert profile_dir("work").parts[-2:] == ("profiles", "work")
    with pytest.raises(PagenoteError) as info:
        profile_dir("../etc")
    assert info.value.name == "BAD_PROFILE_NAME"


def test_a_named_persistent_lease_keeps_its_login_between_runs(qtbot, qapp, aio, server, tmp_path):
    """``--profile NAME``: a persistent profile's cookie survives the lease being closed and opened again
    (a restart), and a session lease never sees it."""
    from _tabs_fixtures import TabsApp

    from app.webview.lease import Lease

    def run(storage, name):
        t = TabsApp(qtbot, qapp, tmp_path / "project")
        t.lease.close()
        t.lease = Lease(qapp, name=name, storage=storage)
        t.app.lease = t.lease
        return t

    first = run(tmp_path / "profile", "work")
    tab = first.tab(server.url("other.html"))
    first.js(tab, "document.cookie = 'login=yes; path=/; max-age=3600'; 0")
    first.close()
    again = run(tmp_path / "profile", "work")
    tab = again.tab(server.url("other.html"))
    assert again.js(tab, "document.cookie") == "login=yes"
    again.close()
    other = TabsApp(qtbot, qapp, tmp_path / "project")
    try:
        assert other.js(other.tab(server.url("other.html")), "document.cookie") == ""
    finally:
        other.close()


def test_app_teardown_closes_pages_before_every_lease_profile(qtbot, qapp, aio, server, tmp_path, capfd):
    """The session lease and isolated leases with tabs, popups among them: closing the app and then the
    session lease deletes every page before its profile (Qt prints a warning, or aborts, otherwise)."""
    import shiboken6

    from _tabs_fixtures import TabsApp

    t = TabsApp(qtbot, qapp, tmp_path)
    t.tab(server.url("other.html"))
    isolated = t.show(t.app.new_isolated_tab(), server.url("popups.html"))
    t.click(isolated, "#blank")   # a popup (the user's click: a popup needs one)
    qtbot.waitUntil(lambda: len(t.app.tabs) == 3, timeout=5_000)
    leases = [isolated.lease, t.lease]
    pages = [tab.page for tab in t.app.tabs]
    t.close()
    assert not any(shiboken6.isValid(p) for p in pages) and not any(lease.live for lease in leases)
    # Every deletion the close posted has run (Qt warns from the profile's destructor), then stderr is read.
    from PySide6.QtCore import QCoreApplication, QEvent

    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    QCoreApplication.processEvents()
    assert "still not deleted" not in capfd.readouterr().err


def test_a_cleared_profile_starts_a_new_generation_and_the_old_one_is_stale(tmp_path):
    """No Qt: clearing points ``current`` at a fresh, empty directory; the old one (generation 0's
    ``storage``/``cache``, then ``g1``) is what :func:`remove_stale` deletes."""
    from app.runtime.profiles import generation_dir, next_generation, remove_stale, stale_generations

    root = tmp_path / "default"
    assert generation_dir(root) == root and stale_generations(root) == []
    (root / "storage").mkdir(parents=True)
    (root / "storage" / "Cookies").write_bytes(b"x" * 10)
    assert next_generation(root) == root / "g1" == generation_dir(root)
    assert sorted(p.name for p in stale_generations(root)) == ["storage"]
    remove_stale(root)
    assert sorted(p.name for p in root.iterdir()) == ["current", "g1"]
    assert next_generation(root) == root / "g2" and stale_generations(root) == [root / "g1"]
    (root / "current").write_text("../elsewhere")   # a pointer that names no generation: generation 0
    assert generation_dir(root) == root


def test_same_page_ignores_a_trailing_slash_and_dot_segments_and_the_fragment_when_asked():
    from app.runtime.single import open_tab_of, same_page

    assert same_page("http://127.0.0.1:5173", "http://127.0.0.1:5173/")
    assert same_page("http://h/a/./b/", "http://h/a/b#/todo")
    assert not same_page("http://h/a#/x", "http://h/a#/y", fragment=True)
    assert not same_page("http://h/a", "http://h/b") and not same_page("", "")
    tabs = [{"id": "1", "url": "http://h/a", "active": False}, {"id": "2", "url": "http://h/a/", "active": True}]
    assert open_tab_of(tabs, "h/a") == "2" and open_tab_of(tabs, "http://h/b") is None
