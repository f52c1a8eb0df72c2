"""Verifying sent annotations in the page (issue 31, requirements 1, 4 and 5): the agent socket's
``annotations.verify`` against the real window, a real page on 127.0.0.1 whose CSS file (or DOM) the test
changes, before crops taken at pin time and kept with the batch, and the errors that change nothing."""

from __future__ import annotations

import functools
import json
import http.server
import threading
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint

from conftest import pin_at
from test_agent_socket import RawClient, error_code

PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>Verify fixture</title>
<link rel="stylesheet" href="verify.css"></head><body style="margin:0">
<button id="pad">Pad</button>
<button id="tint">Tint</button>
<button id="label">Save</button>
<button id="same">Same</button>
</body></html>
"""
CSS = """button { position: absolute; font: 14px sans-serif; border: 1px solid #333; background: #eeeeee;
  color: #000000; padding: 4px 8px; margin: 0; }
#pad { left: 40px; top: 40px; }
#tint { left: 240px; top: 40px; }
#label { left: 40px; top: 160px; }
#same { left: 240px; top: 160px; }
"""
#: View px inside each button (the page is at zoom 1, its body has no margin).
AT = {"pad": QPoint(50, 50), "tint": QPoint(250, 50), "label": QPoint(50, 170), "same": QPoint(250, 170)}


class _NoCache(http.server.SimpleHTTPRequestHandler):
    def do_GET(self):
        if self.path.startswith("/slow"):   # a page that loads only when the test lets it
            self.server.release.wait(60)
        super().do_GET()

    def end_headers(self):
        self.send_header("Cache-Control", "no-store")   # a reload reads the rewritten files
        super().end_headers()

    def log_message(self, *args):
        pass


class Site:
    """``page.html`` and ``verify.css`` in a folder the test rewrites, served on 127.0.0.1."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        folder.mkdir()
        (folder / "page.html").write_text(PAGE)
        (folder / "verify.css").write_text(CSS)
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_NoCache, directory=str(folder)))
        self.httpd.release = threading.Event()
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/page.html"

    def close(self) -> None:
        self.httpd.release.set()
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def site(tmp_path):
    s = Site(tmp_path / "site")
    yield s
    s.close()


@pytest.fixture
def client(window, qtbot, socket_path):
    c = RawClient(qtbot, socket_path)
    yield c
    c.close()


def pin_and_send(window, qtbot, site, names: list[str]) -> str:
    """Load the site, pin ``names`` (each with a note), wait for their before crops, Send; the batch id."""
    window.load_page(site.url)
    window.act_annotate.trigger()
    for name in names:
        pin_at(window, qtbot, AT[name], f"fix {name}")
    qtbot.waitUntil(lambda: len(window.session.pins) == len(names), timeout=5000)
    ids = [p.id for p in window.session.pins]
    qtbot.waitUntil(lambda: all(i in window.tab.before.taken for i in ids), timeout=20_000)
    assert all("path" in window.tab.before.taken[i] for i in ids), window.tab.before.taken
    window.send()
    return list(window.tab.session.sent_ids)[-1]


def verify(client, batch: str, annotation: int | None = None) -> dict:
    params = {"batch": batch} if annotation is None else {"batch": batch, "annotation": annotation}
    return client.call("annotations.verify", params)


def changes(entry: dict) -> list[str]:
    from app.model.verification import Change

    return [Change.model_validate(c).line() for c in entry["verification"]["changes"]]


def test_padding_and_colour_changes_are_found_and_an_untouched_element_has_none(window, qtbot, site, client):
    batch = pin_and_send(window, qtbot, site, ["pad", "tint", "same"])
    (site.folder / "verify.css").write_text(CSS + "#pad { padding: 12px 16px; }\n#tint { color: #c00000; }\n")
    window.load_page(site.url)
    answer = verify(client, batch)["result"]
    assert answer["batch"] == batch and answer["verified"] == 3 and answer["changed"] == 2
    pad, tint, same = answer["results"]
    assert pad["verification"]["status"] == "exact"
    assert "padding: 4px 8px → 12px 16px" in changes(pad)
    assert any(line.startswith("width: ") for line in changes(pad))   # the button grew
    assert pad["verification"]["pixels"]["changed_percent"] > 5
    assert pad["text"].startswith("Annotation 1: changed (exact;")
    assert "color: #000000 → #C00000" in [line.replace("#c00000", "#C00000") for line in changes(tint)]
    assert tint["verification"]["pixels"]["changed_percent"] > 0.5
    assert changes(same) == [] and same["verification"]["pixels"]["changed_percent"] <= 0.1
    assert same["text"].startswith("Annotation 3: no change (exact;")
    for entry in (pad, tint, same):   # the images are on disk, in the batch's folder
        for name in ("before", "after", "diff"):
            assert Path(entry["verification"][name]).is_file()
            assert Path(entry["verification"][name]).parent.name == batch
    kept = window.app.hub.store.get(batch).annotations
    assert [s.verification["annotation"] for s in kept] == [1, 2, 3]   # kept with each annotation


def test_a_label_changed_in_place_is_a_text_change(window, qtbot, site, client, js):
    batch = pin_and_send(window, qtbot, site, ["label"])
    js("document.getElementById('label').textContent = 'Save changes'")   # as a hot reload patches the node
    entry = verify(client, batch, 1)["result"]["results"][0]
    assert changes(entry)[0] == 'text: "Save" → "Save changes"'
    assert entry["text"].splitlines()[1] == '- text: "Save" → "Save changes"'   # text first in the answer


def test_a_stale_target_is_reported_and_not_compared(window, qtbot, site, client):
    batch = pin_and_send(window, qtbot, site, ["same", "pad"])
    (site.folder / "page.html").write_text(PAGE.replace('<button id="same">Same</button>', ""))
    window.load_page(site.url)
    answer = verify(client, batch)["result"]
    stale, pad = answer["results"]
    assert stale["error"]["code"] == "VERIFY_STALE" and "verification" not in stale
    # found again by its locators (its nearby text lost the removed button's label): rematched, unchanged
    assert pad["verification"]["status"] == "rematched" and changes(pad) == []
    assert window.app.hub.store.get(batch).annotations[0].verification is None   # nothing kept for it
    assert error_code(verify(client, batch, 1)) == "VERIFY_STALE"


def test_bad_input_says_why_and_changes_nothing(window, qtbot, site, client, server):
    batch = pin_and_send(window, qtbot, site, ["pad"])
    store = window.app.hub.store
    assert error_code(verify(client, "20990101-000000-beef")) == "NOT_FOUND"        # never sent
    beyond = verify(client, batch, 2)
    assert error_code(beyond) == "NOT_FOUND" and "1..1" in beyond["error"]["data"]["next"]
    window.load_page(server.url("colors.html?access_token=s3cr3tvalue"))             # another origin
    other = verify(client, batch, 1)
    assert error_code(other) == "VERIFY_OTHER_PAGE" and "origin" in other["error"]["message"]
    assert "s3cr3tvalue" not in json.dumps(other)                                    # its URL's secret redacted
    window.load_page(site.url)
    (window.app.project_dir / "annotations" / "sent" / batch / "a1-before.png").unlink()                                                                  # before crop deleted
    assert error_code(verify(client, batch, 1)) == "VERIFY_NO_BEFORE"
    assert store.get(batch).annotations[0].verification is None
    listed = sorted(p.name for p in (window.app.project_dir / "annotations" / "sent" / batch).iterdir())
    assert listed == ["before.json"]                                                 # no after, no diff


def test_resolving_an_annotation_verifies_it_and_keeps_the_result(window, qtbot, site, client):
    batch = pin_and_send(window, qtbot, site, ["pad"])
    (site.folder / "verify.css").write_text(CSS + "#pad { padding: 12px 16px; }\n")
    window.load_page(site.url)
    acked = client.call("annotations.ack", {"batch": batch, "status": "resolved", "reply": "more padding",
                                            "annotation": 1})
    assert acked["result"]["annotations"][0]["status"] == "resolved"
    store = window.app.hub.store
    qtbot.waitUntil(lambda: store.get(batch).annotations[0].verification is not None, timeout=30_000)
    kept = store.get(batch).annotations[0].verification
    assert {"kind": "style", "name": "padding", "before": "4px 8px", "after": "12px 16px"} in kept["changes"]


def test_verify_annotations_over_mcp_gives_the_verdict_first_then_the_images(window, qtbot, site, socket_path):
    """The MCP SDK client on pagenote's MCP server (in a thread: the app answers on this thread's Qt loop)."""
    import anyio
    from mcp.client import Client

    from app.mcp.server import build_server
    from app.mcp.untrusted import unwrap

    batch = pin_and_send(window, qtbot, site, ["pad", "same"])
    (site.folder / "verify.css").write_text(CSS + "#pad { padding: 12px 16px; }\n")
    window.load_page(site.url)
    out: dict = {}

    async def main():
        async with Client(build_server(socket_path, start_app=False)) as client:
            out["result"] = await client.call_tool("verify_annotations", {"batch": batch})
            out["beyond"] = await client.call_tool("verify_annotations", {"batch": batch, "annotation": 3})

    thread = threading.Thread(target=lambda: anyio.run(main))
    thread.start()
    qtbot.waitUntil(lambda: not thread.is_alive(), timeout=60_000)
    result = out["result"]
    assert not result.is_error
    first = result.content[0].text
    assert first.startswith(f"Verified 2 of 2 annotation(s) of batch {batch}: 1 changed.\n"
                            "Annotation 1: changed (exact;")
    assert "\nAnnotation 2: no change (exact;" in first
    head, block, _ = unwrap(first)
    assert "- padding: 4px 8px → 12px 16px" in block
    labels = [c.text for c in result.content[1:] if c.type == "text"]
    assert [label.split(":")[0] for label in labels] == [f"Annotation {n} of batch {batch}, {what}" for n in (1, 2)
                                                         for what in ("before", "after", "diff")]
    assert "red boxes #1, #2 … number the changed regions, not annotations" in labels[2]
    assert sum(1 for c in result.content if c.type == "image") == 6
    assert result.structured_content["changed"] == 1
    assert out["beyond"].is_error and out["beyond"].content[0].text.startswith("NOT_FOUND: there is no annotation 3")


# -- the parts without a page ------------------------------------------------------------------------------------


def test_box_model_sides_are_written_as_the_shortest_css_shorthand():
    from app.model.verification import box_parts, shorthand

    assert shorthand(["4", "8", "4", "8"]) == "4px 8px"
    assert shorthand(["0", "0", "0", "0"]) == "0"
    assert shorthand(["1", "2", "3", "2"]) == "1px 2px 3px"
    assert shorthand(["1", "2", "3", "4.5"]) == "1px 2px 3px 4.5px"
    assert box_parts("margin 0 0 16 0; border 1 1 1 1; padding 8 12 8 12; content 40x20") == {
        "margin": "0 0 16px", "border-width": "1px", "padding": "8px 12px"}


def test_crops_are_aligned_by_the_element_box_not_the_image_corner():
    """The same 40×20 px box, drawn 16 px from the left of one crop and 6 px from the left of the other (a crop
    clamped at the document's edge): aligned, nothing changed; the box grown by 10 px: the new part changed."""
    from PIL import Image, ImageDraw

    from app.compare.aligned import compare_aligned

    def crop(width: int, height: int, box: tuple[int, int, int, int]) -> Image.Image:
        image = Image.new("RGB", (width, height), "white")
        ImageDraw.Draw(image).rectangle((box[0], box[1], box[0] + box[2] - 1, box[1] + box[3] - 1), fill="navy")
        return image

    before = crop(72, 52, (16, 16, 40, 20))
    same = compare_aligned(before, (16, 16, 40, 20), crop(62, 52, (6, 16, 40, 20)), (6, 16, 40, 20))
    assert same.result.changed_pixels == 0 and same.before.size == same.after.size == (62, 52)
    grown = compare_aligned(before, (16, 16, 40, 20), crop(82, 52, (16, 16, 50, 20)), (16, 16, 50, 20))
    assert grown.result.size_mismatch is not None and grown.result.changed_pixels >= 10 * 20
    assert grown.diff.size == (82, 52)


def test_another_emulated_viewport_is_refused_and_changes_nothing(window, qtbot, site, client):
    batch = pin_and_send(window, qtbot, site, ["pad"])
    assert "error" not in client.call("browser.resize", {"width": 700, "height": 500})
    refused = verify(client, batch, 1)
    assert error_code(refused) == "VERIFY_DEVICE_CHANGED" and "no emulation" in refused["error"]["message"]
    assert window.app.hub.store.get(batch).annotations[0].verification is None


def test_a_region_is_compared_by_its_rectangle(window, qtbot, site, client):
    """A dragged region around the Tint button: the colour change shows in its pixels (a region has no element
    record to compare)."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    window.load_page(site.url)
    window.act_annotate.trigger()
    proxy = window.view.focusProxy()
    shift = Qt.KeyboardModifier.ShiftModifier
    a, b = QPoint(225, 25), QPoint(320, 90)
    QTest.mousePress(proxy, Qt.MouseButton.LeftButton, shift, a)
    for i in range(1, 6):
        QTest.mouseMove(proxy, a + (b - a) * i / 5)
    QTest.mouseRelease(proxy, Qt.MouseButton.LeftButton, shift, b)
    qtbot.waitUntil(window.annotate.note_box.isVisible, timeout=10_000)
    qtbot.waitUntil(lambda: not window.batch_session.recording(), timeout=10_000)
    QTest.keyClicks(window.annotate.note_box.editor, "make it red")
    QTest.keyClick(window.annotate.note_box.editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: len(window.session.pins) == 1, timeout=5000)
    pin_id = window.session.pins[0].id
    qtbot.waitUntil(lambda: pin_id in window.tab.before.taken, timeout=20_000)
    assert "path" in window.tab.before.taken[pin_id], window.tab.before.taken
    window.send()
    batch = list(window.tab.session.sent_ids)[-1]
    (site.folder / "verify.css").write_text(CSS + "#tint { color: #c00000; }\n")
    window.load_page(site.url)
    entry = verify(client, batch, 1)["result"]["results"][0]
    assert entry["verification"]["status"] == "exact" and changes(entry) == []
    assert entry["verification"]["pixels"]["changed_percent"] > 0.5
    assert entry["text"].startswith("Annotation 1: changed (exact;")


def test_a_page_still_loading_is_page_loading_and_changes_nothing(window, qtbot, site, client):
    from PySide6.QtCore import QUrl

    batch = pin_and_send(window, qtbot, site, ["pad"])
    window.view.load(QUrl(site.url.replace("page.html", "slow.html")))   # the server holds it
    qtbot.waitUntil(lambda: window.tab.loading, timeout=10_000)
    client.request("annotations.verify", {"batch": batch, "annotation": 1})
    answer = client.answer(timeout=40_000)   # the app waits its bounded 10 s for the load first
    assert error_code(answer) == "PAGE_LOADING"
    assert window.app.hub.store.get(batch).annotations[0].verification is None
    with qtbot.waitSignal(window.view.loadFinished, timeout=15_000):
        site.httpd.release.set()


def test_a_batch_sent_before_a_restart_is_verified_from_its_kept_before_crop(window, qtbot, site, client):
    """The window forgets the sent pins (as a restarted app never had them): the annotation is found again from its
    recorded anchor and compared with the before crop kept in the batch's folder."""
    batch = pin_and_send(window, qtbot, site, ["pad"])
    for kept in (window.batch_session.sent_ids, window.batch_session.sent_tabs, window.batch_session.sent_crops):
        kept.clear()
    (site.folder / "verify.css").write_text(CSS + "#pad { padding: 12px 16px; }\n")
    window.load_page(site.url)
    entry = verify(client, batch, 1)["result"]["results"][0]
    assert entry["verification"]["status"] == "exact"
    assert "padding: 4px 8px → 12px 16px" in changes(entry)


def test_before_crops_leave_annotations_before_once_their_pin_is_sent_or_deleted(window, qtbot, site):
    """A pin's crop waits in annotations/before/ only while the pin is unsent: Send copies it into the batch's
    folder and deletes it there; deleting a pin deletes its crop (unsent pins' crops would pile up)."""
    from app.tabs.before_crops import batch_dir, read_before

    batch = pin_and_send(window, qtbot, site, ["pad"])
    before_dir = window.tab.capture.project_dir / "annotations" / "before"
    kept = read_before(window.tab.capture.project_dir, batch)
    assert Path(kept[1]["path"]).parent == batch_dir(window.tab.capture.project_dir, batch)
    assert Path(kept[1]["path"]).is_file()
    qtbot.waitUntil(lambda: not list(before_dir.glob("*.png")), timeout=5000)
    pin_at(window, qtbot, AT["tint"], "fix tint")
    qtbot.waitUntil(lambda: len(window.session.pins) == 1, timeout=5000)
    pin_id = window.session.pins[0].id
    qtbot.waitUntil(lambda: "path" in window.tab.before.taken.get(pin_id, {}), timeout=20_000)
    crop = Path(window.tab.before.taken[pin_id]["path"])
    assert crop.is_file() and crop.parent == before_dir
    window.session.remove(pin_id)
    qtbot.waitUntil(lambda: not crop.exists(), timeout=5000)
    assert pin_id not in window.tab.before.taken
