"""Verifying with a real Vite + React dev server (issue 31's acceptance test): the user pins a
padding, a colour and a label text in the window and sends; a scripted agent reads the batch through the MCP SDK
client (``wait_for_annotations``), edits the app's CSS module and component on disk, the dev server hot-reloads
them, and ``verify_annotations`` reports the three changes right; in the panel the user accepts two and reopens one,
which comes back as a follow-up and is fixed in round 2; round 3 is a new note. The app is a copy of tests/apps/react in the test's folder (the
test edits it), served by tests/vite_apps.py's Vite."""

from __future__ import annotations

import shutil
import threading

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

import vite_apps
from conftest import pin_at
from test_agent_socket import RawClient
from test_window_verify import sent_row

pytestmark = pytest.mark.skipif(bool(vite_apps.missing()), reason=vite_apps.missing() or "")


@pytest.fixture
def react_copy(tmp_path):
    """A dev server of a copy of the React app (its packages: the installed cache, linked beside the copy)."""
    apps = tmp_path / "apps"
    shutil.copytree(vite_apps.APPS / "react", apps / "react")
    (apps / "node_modules").symlink_to(vite_apps.cache_dir() / "node_modules", target_is_directory=True)
    server = vite_apps.ViteServer([".", "--host", "127.0.0.1", "--port", "0", "--strictPort"],
                                  str(apps / "react"), tmp_path / "work")
    server.folder = apps / "react"
    yield server
    server.stop()


def box_of(js, selector: str) -> QPoint:
    """A point inside the element ``selector`` names, in view px (the page is at zoom 1)."""
    r = js(f"(() => {{ const r = document.querySelector({selector!r}).getBoundingClientRect();"
           " return [r.x, r.y, r.width, r.height]; })()")
    return QPoint(int(r[0] + min(8, r[2] / 2)), int(r[1] + min(8, r[3] / 2)))


def test_three_rounds_annotate_edit_verify_with_no_copying_by_hand(window, qtbot, js, react_copy, socket_path):
    """Round 1: a padding, a colour and a label, each verdict right; the user accepts the colour and the label in
    the panel. Round 2: the padding is reopened there with a follow-up, the agent gets it as a new batch with its Follow-up lines and
    fixes it. Round 3: a new note on another element."""
    import anyio
    from mcp.client import Client

    from app.mcp.server import build_server
    from app.mcp.untrusted import unwrap

    src = react_copy.folder / "src"
    css, app_jsx = src / "components" / "Card.module.css", src / "App.jsx"
    edits = {1: [(css, "padding: 4px 8px;", "padding: 12px 16px;"), (css, "color: #264;", "color: #c02020;"),
                 (app_jsx, ">Help</a>", ">Help center</a>")],
             2: [(css, "padding: 12px 16px;", "padding: 20px 24px;")],
             3: [(app_jsx, ">Plants</h1>", ">Our plants</h1>")]}
    out: dict = {}
    edited = {n: threading.Event() for n in edits}
    reloaded = {n: threading.Event() for n in edits}

    async def agent():
        async with Client(build_server(socket_path, start_app=False)) as client:
            for n, changes in edits.items():
                sent = await client.call_tool("wait_for_annotations", {"timeout_ms": 120_000})
                out[f"sent{n}"] = sent
                for path, old, new in changes:   # the agent edits the sources; the dev server hot-reloads
                    path.write_text(path.read_text().replace(old, new))
                edited[n].set()
                await anyio.to_thread.run_sync(lambda n=n: reloaded[n].wait(60))
                out[f"verify{n}"] = await client.call_tool("verify_annotations",
                                                           {"batch": sent.structured_content["batch"]["id"]})

    def send_round(n: int, applied: str) -> None:
        """Send once the agent waits; wait for its edits to reach the page (``applied``, a JS condition)."""
        probe = RawClient(qtbot, socket_path)
        qtbot.waitUntil(lambda: probe.call("health")["result"]["waiting"] == 1, timeout=30_000)
        probe.close()
        window.send()
        qtbot.waitUntil(edited[n].is_set, timeout=30_000)
        qtbot.waitUntil(lambda: js(applied), timeout=30_000)
        reloaded[n].set()
        qtbot.waitUntil(lambda: f"verify{n}" in out or not thread.is_alive(), timeout=60_000)

    def crops_taken() -> None:
        ids = [p.id for p in window.session.pins]
        qtbot.waitUntil(lambda: all(i in window.tab.before.taken for i in ids), timeout=20_000)

    def verdict(n: int) -> tuple[str, list[str]]:
        result = out[f"verify{n}"]
        assert not result.is_error, result.content[0].text
        head, block, _ = unwrap(result.content[0].text)
        return head, block.split("\n\n")

    window.load_page(react_copy.url)
    qtbot.waitUntil(lambda: js("!!document.getElementById('buy-fern') && !!document.getElementById('help')"),
                    timeout=15_000)
    thread = threading.Thread(target=lambda: anyio.run(agent))
    thread.start()

    # -- round 1 --
    window.act_annotate.trigger()
    for selector, note in (("#buy-fern", "more padding"), ("#card-fern h2", "red name"), ("#help", "say Help center")):
        pin_at(window, qtbot, box_of(js, selector), note)
    qtbot.waitUntil(lambda: len(window.session.pins) == 3, timeout=5000)
    crops_taken()
    send_round(1, "getComputedStyle(document.getElementById('buy-fern')).paddingTop === '12px'"
                  " && document.getElementById('help').textContent === 'Help center'"
                  " && getComputedStyle(document.querySelector('#card-fern h2')).color === 'rgb(192, 32, 32)'")
    first = out["sent1"].structured_content["batch"]
    assert [a["note"] for a in first["batch"]["annotations"]] == ["more padding", "red name", "say Help center"]
    head, (padding, colour, label) = verdict(1)
    assert head.startswith("Verified 3 of 3 annotation(s) of batch ") and ": 3 changed." in head
    for n in (1, 2, 3):
        assert f"\nAnnotation {n}: changed (exact;" in head
    assert "- padding: 4px 8px → 12px 16px" in padding
    assert "- color: #226644 → #c02020" in colour.lower()
    assert '- text: "Help" → "Help center"' in label
    assert sum(1 for c in out["verify1"].content if c.type == "image") == 9

    # -- the user, in the panel: the colour and the label accepted, the padding reopened with a follow-up --
    view = window.panel.verify
    for n in (2, 3):
        window.panel.sent.setCurrentItem(sent_row(window, first["id"], n))
        assert view.key == (first["id"], n) and view.verification() is not None   # the agent's verification shown
        QTest.mouseClick(view.accept_button, Qt.MouseButton.LeftButton)
    assert [s.status for s in window.app.hub.store.get(first["id"]).annotations][1:] == ["verified", "verified"]
    window.panel.sent.setCurrentItem(sent_row(window, first["id"], 1))
    assert "• padding: 4px 8px → 12px 16px" in view.changes.text().splitlines()

    # -- round 2: the padding is reopened with a follow-up --
    QTest.mouseClick(view.reopen_button, Qt.MouseButton.LeftButton)
    QTest.keyClicks(view.follow_note, "still too tight: 20px 24px")
    QTest.mouseClick(view.follow_add, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(window.session.pins) == 1 and view.key not in view.running, timeout=20_000)
    assert view.verdict.text().splitlines()[0] == "Reopened as 1 in the current batch." and not view.error.isVisible()
    crops_taken()
    send_round(2, "getComputedStyle(document.getElementById('buy-fern')).paddingTop === '20px'")
    second = out["sent2"].structured_content["batch"]
    assert second["previous"] == first["id"]
    markdown = "\n".join(c.text for c in out["sent2"].content if c.type == "text")
    assert (f"Note: still too tight: 20px 24px\nFollow-up to: 1 (batch {first['id']})\nEarlier note: more padding\n"
            in markdown)
    head, (padding,) = verdict(2)
    assert "\nAnnotation 1: changed (exact;" in head and "- padding: 12px 16px → 20px 24px" in padding

    # -- round 3: a new note on another element --
    pin_at(window, qtbot, box_of(js, "#title"), "say Our plants")
    qtbot.waitUntil(lambda: len(window.session.pins) == 1, timeout=5000)
    crops_taken()
    send_round(3, "document.getElementById('title').textContent === 'Our plants'")
    third = out["sent3"].structured_content["batch"]
    assert third["previous"] == second["id"]
    head, (title,) = verdict(3)
    assert "\nAnnotation 1: changed (exact;" in head and '- text: "Plants" → "Our plants"' in title
    qtbot.waitUntil(lambda: not thread.is_alive(), timeout=30_000)
