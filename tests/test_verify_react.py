"""Verifying with a real Vite + React dev server (issue 31's acceptance, its first round): the user pins a padding,
a colour and a label text in the window and sends; a scripted agent reads the batch through the MCP SDK client
(``wait_for_annotations``), edits the app's CSS module and component on disk, the dev server hot-reloads them,
and ``verify_annotations`` reports the three changes right. The app is a copy of tests/apps/react in the
test's folder (the test edits it), served by tests/vite_apps.py's Vite."""

from __future__ import annotations

import shutil
import threading

import pytest
from PySide6.QtCore import QPoint

import vite_apps
from conftest import pin_at
from test_agent_socket import RawClient

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


def test_an_agent_edits_a_react_app_and_verify_annotations_reports_each_change(window, qtbot, js, react_copy,
                                                                              socket_path):
    import anyio
    from mcp.client import Client

    from app.mcp.server import build_server
    from app.mcp.untrusted import unwrap

    window.load_page(react_copy.url)
    qtbot.waitUntil(lambda: js("!!document.getElementById('buy-fern') && !!document.getElementById('help')"),
                    timeout=15_000)
    window.act_annotate.trigger()
    for selector, note in (("#buy-fern", "more padding"), ("#card-fern h2", "red name"), ("#help", "say Help center")):
        pin_at(window, qtbot, box_of(js, selector), note)
    qtbot.waitUntil(lambda: len(window.session.pins) == 3, timeout=5000)
    ids = [p.id for p in window.session.pins]
    qtbot.waitUntil(lambda: all(i in window.tab.before.taken for i in ids), timeout=20_000)

    out: dict = {}
    edited, reloaded = threading.Event(), threading.Event()

    async def agent():
        async with Client(build_server(socket_path, start_app=False)) as client:
            sent = await client.call_tool("wait_for_annotations", {"timeout_ms": 60_000})
            batch = sent.structured_content["batch"]["id"]
            out["notes"] = [a["note"] for a in sent.structured_content["batch"]["batch"]["annotations"]]
            css = react_copy.folder / "src" / "components" / "Card.module.css"
            css.write_text(css.read_text().replace("padding: 4px 8px;", "padding: 12px 16px;")
                           .replace("color: #264;", "color: #c02020;"))
            app = react_copy.folder / "src" / "App.jsx"
            app.write_text(app.read_text().replace(">Help</a>", ">Help center</a>"))
            edited.set()
            await anyio.to_thread.run_sync(lambda: reloaded.wait(60))
            out["verify"] = await client.call_tool("verify_annotations", {"batch": batch})

    thread = threading.Thread(target=lambda: anyio.run(agent))
    thread.start()
    probe = RawClient(qtbot, socket_path)
    qtbot.waitUntil(lambda: probe.call("health")["result"]["waiting"] == 1, timeout=20_000)
    probe.close()
    window.send()
    qtbot.waitUntil(edited.is_set, timeout=20_000)
    # the dev server's hot update reaches the page (CSS module and component, no reload)
    qtbot.waitUntil(lambda: js("getComputedStyle(document.getElementById('buy-fern')).paddingTop === '12px'"
                               " && document.getElementById('help').textContent === 'Help center'"
                               " && getComputedStyle(document.querySelector('#card-fern h2')).color"
                               " === 'rgb(192, 32, 32)'"), timeout=30_000)
    reloaded.set()
    qtbot.waitUntil(lambda: not thread.is_alive(), timeout=60_000)

    assert out["notes"] == ["more padding", "red name", "say Help center"]
    result = out["verify"]
    assert not result.is_error
    head, block, _ = unwrap(result.content[0].text)
    assert head.startswith("Verified 3 of 3 annotation(s) of batch ") and ": 3 changed." in head
    for n in (1, 2, 3):
        assert f"\nAnnotation {n}: changed (exact;" in head
    padding, colour, label = block.split("\n\n")
    assert "- padding: 4px 8px → 12px 16px" in padding
    assert "- color: #226644 → #c02020" in colour.lower()
    assert '- text: "Help" → "Help center"' in label
    assert sum(1 for c in result.content if c.type == "image") == 9
