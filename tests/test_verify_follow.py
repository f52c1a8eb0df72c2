"""An annotation an agent marks ``resolved`` is verified at the ack and once more when the page next changes
(app/agent/verify_follow.py): an agent that acks right after writing a file is faster than the dev server's hot
reload, and the verification at the ack alone said "no change" for a fix that landed a moment later. Real
QtWebEngine; a real Vite dev server for the hot reload, the verify fixture's page on 127.0.0.1 for the rest.
Waits are on events: the hub's changed callbacks, the follow's parked state, the page's own conditions."""

from __future__ import annotations

import logging

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

import vite_apps
from conftest import pin_at
from test_agent_socket import RawClient
from test_verify_annotations import client, pin_and_send, site, verify  # noqa: F401  (fixtures)
from test_verify_react import box_of, react_copy  # noqa: F401  (fixture)
from test_window_verify import sent_row


def follow_of(window):
    from app.agent.verify_annotations import FOLLOWS

    return FOLLOWS[window.app.hub.store]


def ack_resolved(client, batch: str) -> None:
    acked = client.call("annotations.ack", {"batch": batch, "status": "resolved", "reply": "fixed",
                                            "annotation": 1})
    assert acked["result"]["annotations"][0]["status"] == "resolved"


def verified(caplog, when: str) -> list[str]:
    """The follow's log lines for verifications made ``when`` ("at resolved", "after the page changed")."""
    return [r.getMessage() for r in caplog.records
            if r.name == "pagenote.verify" and f" verified {when}: " in r.getMessage()]


@pytest.fixture
def logged(caplog):
    caplog.set_level(logging.INFO, logger="pagenote.verify")
    return caplog


@pytest.mark.skipif(bool(vite_apps.missing()), reason=vite_apps.missing() or "")
def test_a_fix_hot_reloaded_after_the_resolved_ack_ends_up_verified_as_changed(window, qtbot, js, react_copy,
                                                                               socket_path, logged):
    """The agent acks ``resolved`` before it writes the CSS file; the verification at the ack sees no change; the
    dev server's hot reload then lands and the stored verification becomes ``changed`` with the padding."""
    window.load_page(react_copy.url)
    qtbot.waitUntil(lambda: js("!!document.getElementById('buy-fern')"), timeout=15_000)
    window.act_annotate.trigger()
    pin_at(window, qtbot, box_of(js, "#buy-fern"), "more padding")
    qtbot.waitUntil(lambda: len(window.session.pins) == 1, timeout=5000)
    pin = window.session.pins[0].id
    qtbot.waitUntil(lambda: pin in window.tab.before.taken, timeout=20_000)
    window.send()
    batch = list(window.tab.session.sent_ids)[-1]
    store, follow = window.app.hub.store, follow_of(window)
    seen: list[dict] = []   # each stored verification as the hub announces it

    def hub_changed() -> None:
        kept = store.get(batch).annotations[0].verification
        if kept is not None and (not seen or kept != seen[-1]):
            seen.append(kept)

    window.app.hub.on_change.append(hub_changed)
    agent = RawClient(qtbot, socket_path)
    try:
        ack_resolved(agent, batch)
        qtbot.waitUntil(lambda: follow.parked(batch, 1), timeout=30_000)   # verified at the ack, now waiting
        assert len(seen) == 1 and seen[0]["changes"] == [], seen   # the fix is not written yet
        css = react_copy.folder / "src" / "components" / "Card.module.css"
        css.write_text(css.read_text().replace("padding: 4px 8px;", "padding: 12px 16px;"))
        qtbot.waitUntil(lambda: len(seen) == 2, timeout=60_000)   # the hub's change after the hot reload
    finally:
        agent.close()
        window.app.hub.on_change.remove(hub_changed)
    assert js("getComputedStyle(document.getElementById('buy-fern')).paddingTop") == "12px"
    assert {"kind": "style", "name": "padding", "before": "4px 8px", "after": "12px 16px"} in seen[1]["changes"]
    assert store.get(batch).annotations[0].verification == seen[1]
    assert len(verified(logged, "at resolved")) == 1 and len(verified(logged, "after the page changed")) == 1
    assert follow.pending == set() and not follow.follows


def test_with_no_further_page_change_exactly_one_verification_runs(window, qtbot, site, client, logged):
    batch = pin_and_send(window, qtbot, site, ["pad"])
    follow = follow_of(window)
    ack_resolved(client, batch)
    qtbot.waitUntil(lambda: follow.parked(batch, 1), timeout=30_000)
    # Verified once at the ack (its own crop scrolled nothing that counts); parked until the page changes.
    assert len(verified(logged, "at resolved")) == 1 and verified(logged, "after the page changed") == []
    assert window.app.hub.store.get(batch).annotations[0].verification is not None
    assert follow.pending == {(batch, 1)}
    # The agent verifies it itself: the follow ends at once, nothing more is waiting to run.
    answer = verify(client, batch, 1)["result"]
    assert answer["verified"] == 1 and follow.pending == set()
    qtbot.waitUntil(lambda: not follow.follows, timeout=5000)
    assert verified(logged, "after the page changed") == []


def test_many_mutations_after_the_ack_make_one_verification_of_the_settled_page(window, qtbot, site, client, js,
                                                                                logged):
    """The label is rewritten on five animation frames in a row (as a hot reload patching in steps): one
    re-verification, after the last step."""
    batch = pin_and_send(window, qtbot, site, ["label"])
    follow = follow_of(window)
    ack_resolved(client, batch)
    qtbot.waitUntil(lambda: follow.parked(batch, 1), timeout=30_000)
    js("(() => { let n = 0; const step = () => { n += 1;"
       " document.getElementById('label').textContent = n < 5 ? 'Save ' + n : 'Save changes';"
       " if (n < 5) requestAnimationFrame(step); }; requestAnimationFrame(step); })()")
    qtbot.waitUntil(lambda: len(verified(logged, "after the page changed")) == 1, timeout=30_000)
    assert js("document.getElementById('label').textContent") == "Save changes"
    kept = window.app.hub.store.get(batch).annotations[0].verification
    assert {"kind": "text", "name": "text", "before": "Save", "after": "Save changes"} in kept["changes"]
    assert follow.pending == set() and not follow.follows and len(verified(logged, "at resolved")) == 1


def test_the_follow_ends_when_the_user_accepts_or_the_tab_leaves_the_page(window, qtbot, site, client, server,
                                                                          logged):
    batch = pin_and_send(window, qtbot, site, ["pad", "tint"])
    follow = follow_of(window)
    client.call("annotations.ack", {"batch": batch, "status": "resolved", "reply": "fixed"})   # both
    qtbot.waitUntil(lambda: follow.parked(batch, 1) and follow.parked(batch, 2), timeout=30_000)
    window.panel.sent.setCurrentItem(sent_row(window, batch, 1))
    QTest.mouseClick(window.panel.verify.accept_button, Qt.MouseButton.LeftButton)   # the user's Accept
    assert follow.pending == {(batch, 2)}
    window.load_page(server.url("colors.html"))   # another page: annotation 2 is dropped, not verified
    qtbot.waitUntil(lambda: not follow.follows, timeout=30_000)
    assert verified(logged, "after the page changed") == [] and len(verified(logged, "at resolved")) == 2
    assert (batch, 2) not in window.app.hub.verify_errors


def test_a_reopened_annotation_is_not_verified_again_when_the_page_changes(window, qtbot, site, client, js, logged):
    from app.agent.verify_annotations import reopen

    batch = pin_and_send(window, qtbot, site, ["pad"])
    follow = follow_of(window)
    ack_resolved(client, batch)
    qtbot.waitUntil(lambda: follow.parked(batch, 1), timeout=30_000)
    window.run(reopen(window.tab, window.app.hub.store, batch, 1, "still too tight"))   # the user's Reopen
    assert window.app.hub.store.get(batch).annotations[0].status == "reopened"
    js("document.getElementById('pad').textContent = 'Pad!'")   # the page changes the element
    qtbot.waitUntil(lambda: not follow.follows, timeout=30_000)
    assert verified(logged, "after the page changed") == [] and len(verified(logged, "at resolved")) == 1
