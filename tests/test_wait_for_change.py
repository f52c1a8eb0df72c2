"""Page revisions and page.wait_for_change against real pages in QtWebEngine: what advances the revision and
that nothing does while the page is idle (pagenote's own page-side work counter stays still), complete and
reset_required diffs, parameter checks, several waiters woken by one push, a navigation during a wait."""

from __future__ import annotations

import pytest

from test_agent_socket import RawClient
from test_page_context import agent  # noqa: F401  (fixture)


def stats(window):
    return window.page_call("revisionStats")


def advanced(window, qtbot, before, what):
    """Wait (Qt signals keep running) until the revision passes ``before``; returns the new stats."""
    qtbot.waitUntil(lambda: stats(window)["revision"] > before, timeout=5_000)
    return stats(window)


def test_each_trigger_advances_the_revision_and_nothing_runs_while_idle(window, server, js, qtbot):
    window.load_page(server.url("context.html"))
    triggers = [
        ("a DOM mutation", "document.getElementById('title').textContent = 'x'; 1"),
        ("pushState", "history.pushState({}, '', '?route=2'); 1"),
        ("replaceState", "history.replaceState({}, '', '?route=3'); 1"),
        ("hashchange", "location.hash = 'section'; 1"),
        ("popstate", "history.back(); 1"),
        ("scrolling", "scrollTo(0, 200); 1"),
        ("a scroller's scroll", "document.getElementById('scroller').scrollTop = 50; 1"),
        ("a form value change", "const e = document.getElementById('email'); e.value = 'a';"
                                " e.dispatchEvent(new Event('input', {bubbles: true})); 1"),
    ]
    for what, source in triggers:
        before = stats(window)["revision"]
        js(source)
        advanced(window, qtbot, before, what)
    before = stats(window)["revision"]
    window.resize(1000, 700)
    advanced(window, qtbot, before, "a resize")
    # Idle: sampled twice, pagenote's page-side work counter and the revision stay still. The gap is measured
    # on the page's own event loop (a 400 ms page timer has fired, then 3 frames were drawn), so every page
    # task and frame callback due in it has run, even when a busy machine starves the renderer.
    window.run(window.tab.bridge.wait_frames(3))
    first = stats(window)
    js("window.idleGap = false; setTimeout(() => { window.idleGap = true; }, 400); 1")
    qtbot.waitUntil(lambda: js("window.idleGap"), timeout=10_000)
    window.run(window.tab.bridge.wait_frames(3))
    second = stats(window)
    assert (second["revision"], second["work"]) == (first["revision"], first["work"])


def test_a_change_gives_a_complete_diff_of_the_known_refs(window, server, agent, js):
    window.load_page(server.url("context.html"))
    read = agent("page.context", detail="summary")
    refs = {n["name"]: n["ref"] for n in read["nodes"]}
    js("document.getElementById('boxy').textContent = 'Boxier'; document.getElementById('far').remove(); 1")
    diff = agent("page.wait_for_change", since_revision=read["revision"], timeout_ms=5_000)
    assert diff["status"] == "complete" and diff["revision"] > read["revision"]
    assert refs["Boxy"] in diff["changed"] and refs["Far away"] in diff["removed"]
    assert refs["Far away"] not in diff["changed"] and diff["page_changed"] is False
    js("document.title = 'Retitled'; 1")
    again = agent("page.wait_for_change", since_revision=diff["revision"], timeout_ms=5_000)
    assert again["status"] == "complete" and again["page_changed"] is True


def test_no_change_answers_an_empty_complete_diff_at_the_timeout(window, server, agent):
    window.load_page(server.url("context.html"))
    read = agent("page.context", detail="summary", max_nodes=1)
    diff = agent("page.wait_for_change", since_revision=read["revision"], timeout_ms=300)
    assert diff == {"doc": read["doc"], "revision": read["revision"], "status": "complete", "changed": [],
                    "removed": [], "page_changed": False, "untracked": 0, "tab": read["tab"]}


def test_history_exhausted_or_budget_too_small_is_reset_required_without_ids(window, server, agent, js):
    window.load_page(server.url("context.html"))
    read = agent("page.context", detail="summary")
    for i in range(13):   # each call is its own task: one observer callback, one revision each
        js(f"document.getElementById('title').textContent = 'n{i}'; 1")
    diff = agent("page.wait_for_change", since_revision=read["revision"], timeout_ms=0)
    assert diff["status"] == "reset_required" and diff["reason"] == "history"
    assert "changed" not in diff and "removed" not in diff
    now = diff["revision"]
    js("for (let i = 0; i < 2500; i++) document.body.appendChild(document.createElement('i'));"
       "document.querySelectorAll('i').forEach((e) => e.setAttribute('data-x', '1')); 1")
    big = agent("page.wait_for_change", since_revision=now, timeout_ms=0)
    assert big["status"] == "reset_required" and big["reason"] == "budget" and "changed" not in big


def test_bad_parameters_are_rejected_not_clamped(window, server, agent):
    window.load_page(server.url("context.html"))
    now = agent("page.context", detail="summary", max_nodes=1)["revision"]
    assert agent.error("page.wait_for_change", since_revision=now + 5, timeout_ms=0) == "INVALID_PARAMS"
    for timeout in (300_001, -1, 1.5, "10"):
        assert agent.error("page.wait_for_change", since_revision=now, timeout_ms=timeout) == "INVALID_PARAMS"
    assert agent.error("page.wait_for_change", since_revision=0, timeout_ms=0) == "INVALID_PARAMS"


def test_several_waiters_wake_on_one_push(window, server, agent, js, qtbot, socket_path):
    window.load_page(server.url("context.html"))
    since = agent("page.context", detail="summary", max_nodes=1)["revision"]
    pushes = stats(window)["pushes"]
    clients = [RawClient(qtbot, socket_path) for _ in range(3)]
    ids = [c.request("page.wait_for_change", {"since_revision": since, "timeout_ms": 120_000}) for c in clients]
    qtbot.waitUntil(lambda: stats(window)["armed"], timeout=5_000)
    js("document.getElementById('title').textContent = 'woken'; 1")
    for client, request_id in zip(clients, ids):
        answer = client.answer(10_000)
        assert answer["id"] == request_id
        assert answer["result"]["status"] == "complete" and answer["result"]["revision"] > since, answer
        client.close()
    assert stats(window)["pushes"] == pushes + 1


def test_a_navigation_during_a_wait_is_reset_required(window, server, agent, qtbot, socket_path):
    window.load_page(server.url("context.html"))
    since = agent("page.context", detail="summary", max_nodes=1)["revision"]
    client = RawClient(qtbot, socket_path)
    request_id = client.request("page.wait_for_change", {"since_revision": since, "timeout_ms": 60_000})
    qtbot.waitUntil(lambda: stats(window)["armed"], timeout=5_000)
    from PySide6.QtCore import QUrl

    window.view.load(QUrl(server.url("source_prod.html")))
    answer = client.answer(10_000)
    assert answer["id"] == request_id
    assert answer["result"]["status"] == "reset_required" and answer["result"]["reason"] == "document", answer
    client.close()


@pytest.mark.parametrize("detail", ["summary"])
def test_every_read_and_snapshot_states_its_revision(window, server, agent, js, detail):
    window.load_page(server.url("context.html"))
    read = agent("page.context", detail=detail, max_nodes=1)
    assert isinstance(read["revision"], int) and read["revision"] == stats(window)["revision"]
    snap = agent("snapshot", response_mode="raw")
    assert snap["diagnostics"]["parts"][0]["revision"] == read["revision"]
