"""The device channel serves only frames pagenote gave it to (security review, "the page cannot steer the
agent", item 5; issue requirement 7).

A hostile page on 127.0.0.1 (``hostile_devices.html``) uses WebHID or Web Serial against the virtual devices
of ``tests/devices/macropad.json``; the host's traffic log (the ground truth agents read) gets its entries.
Then, from frames of the same page:

- a ``data:`` iframe — no secure context, so pagenote's device script is not there — defines its own
  ``window.__pagenoteDevices``, rings the host's doorbell and asks it to relabel the top document's entries:
  the host reads nothing from it and never answers it;
- a cross-origin iframe (``server2``, with pagenote's real script and a device of its own) feeds its own script
  forged input events carrying the top document's entry ids, so its decoder's label goes to the host as
  ``annotate``: the host relabels only the frame's own entries;
- a sandboxed iframe (an opaque origin, at a URL of the top page's origin) gets none of that origin's grants.

The real script keeps working throughout: the top document's own decoder labels reach its own entries.
"""

from __future__ import annotations

import json
from urllib.parse import quote

import pytest

from _hid_fixtures import OTHER, PAD, DevTab

PORT = "vserial:0"


@pytest.fixture
def dev(qtbot, aio, lease, tmp_path):
    d = DevTab(qtbot, lease, tmp_path, serial=True)
    d.service.logging = True
    yield d
    d.close()


def frame_named(dev, name: str):
    """The page's child frame whose name attribute is ``name`` (waits for it)."""
    box = {}

    def found() -> bool:
        box["f"] = next((f for f in dev.tab.page.mainFrame().children() if f.htmlName() == name), None)
        return box["f"] is not None and box["f"].url().toString() not in ("", "about:blank")

    dev.qtbot.waitUntil(found, timeout=10_000)
    return box["f"]


def in_frame(dev, frame, source: str):
    """Run ``source`` in ``frame``'s main world; its value as JSON."""
    box = {}
    frame.runJavaScript(f"JSON.stringify((0, eval)({json.dumps(source)}) ?? null)", 0,
                        lambda v: box.setdefault("v", v))
    dev.qtbot.waitUntil(lambda: "v" in box)
    return json.loads(box["v"]) if box["v"] else None


def wait_in_frame(dev, frame, source: str, timeout: int = 10_000):
    box = {}

    def ready() -> bool:
        box["v"] = in_frame(dev, frame, source)
        return bool(box["v"])

    dev.qtbot.waitUntil(ready, timeout=timeout)
    return box["v"]


def entries(dev) -> list[tuple[int, str, str, str]]:
    return [(e.id, e.origin, e.dir, e.op) for e in dev.service.log.query()]


def hid_top(dev, server, query: str = "") -> list[int]:
    """Load the hostile page, pick the macro pad, open it and exchange one report whose answer the top
    document's own decoder labels; returns the top document's host log ids (TX, RX)."""
    dev.load(server.url("hostile_devices.html?api=hid" + query))
    dev.choose(PAD)
    dev.wait_js("!!window.dev")
    dev.js("__hidLog.registerDecoder('pad', (f) => f.dir === 'RX' ? 'PRESET ' + f.bytes[1] : null);"
           "dev.open().then(() => { dev.oninputreport = () => window.events.push('in');"
           " return dev.sendReport(2, new Uint8Array([0xa1, 0x0c, 0, 0, 0, 0, 0, 0])); })")
    dev.wait_js("window.events.includes('in')")
    dev.qtbot.waitUntil(lambda: [e.op for e in dev.service.log.query(dir_="RX")] == ["PRESET 12"])
    return [e.id for e in dev.service.log.query() if e.dir != "EVENT"]


def test_a_data_frame_without_the_device_script_is_never_answered_and_relabels_nothing(dev, server):
    ids = hid_top(dev, server)
    before = entries(dev)
    refused = []
    dev.tab.devices.refused.connect(refused.append)
    dev.js(f"ringFromData({json.dumps([e[0] for e in before])})")
    dev.wait_js("window.fake.includes('pulled')")        # the host heard the doorbell and read the frames
    dev.qtbot.waitUntil(lambda: bool(refused) or any(f.startswith("answered") for f in dev.js("window.fake")))
    assert [f for f in dev.js("window.fake") if f.startswith("answered")] == []
    assert refused and refused[0].startswith("data:")
    assert [d for d in dev.tab.devices.docs() if d.id == "forged-doc"] == []
    # The top document's real script still works, and a round trip after the refusal answers nobody else.
    dev.js("navigator.hid.getDevices().then((l) => window.after = l.length)")
    assert dev.wait_js("window.after") == 1
    assert entries(dev) == before and len(ids) == 2
    assert [f for f in dev.js("window.fake") if f.startswith("answered")] == []


def test_a_cross_origin_frame_relabels_only_its_own_hid_entries(dev, server, server2):
    child_url = server2.url("hostile_devices_child.html?hidDebug=1")
    ids = hid_top(dev, server, "&child=" + quote(child_url, safe=""))
    before = entries(dev)
    child = frame_named(dev, "child")
    dev.service.grant(server2.origin, OTHER)
    wait_in_frame(dev, child, "typeof window.relabel === 'function'")
    in_frame(dev, child, f"relabel('hid', {json.dumps(ids)}).catch((e) => window.failed = String(e))")
    assert wait_in_frame(dev, child, "window.done || window.failed") is True
    assert [e for e in entries(dev) if e[1] == server.origin] == before     # the top document's, untouched
    # The frame's own entries are its own to label: a real input report on its device is labelled by its
    # decoder through the same annotate.
    dev.backend.input(OTHER, 0, bytes([1, 2, 3, 4]))
    dev.qtbot.waitUntil(lambda: [(e.origin, e.op) for e in dev.service.log.query(dir_="RX")][-1:]
                        == [(server2.origin, "FORGED")])
    assert [e for e in entries(dev) if e[1] == server.origin] == before


def test_a_cross_origin_frame_relabels_no_serial_entry_of_another_document(dev, server, server2):
    child_url = server2.url("hostile_devices_child.html?hidDebug=1")
    dev.load(server.url("hostile_devices.html?api=serial&child=" + quote(child_url, safe="")))
    dev.choose(PORT)
    dev.wait_js("!!window.port")
    dev.js("__hidLog.registerDecoder('uart', (f) => f.dir === 'RX' ? 'PONG' : null);"
           "port.open({baudRate: 115200}).then(async () => {"
           " const r = port.readable.getReader(); r.read().then(() => window.events.push('rx'));"
           " const w = port.writable.getWriter(); await w.write(new TextEncoder().encode('PING\\n')); })")
    dev.wait_js("window.events.includes('rx')")
    dev.qtbot.waitUntil(lambda: [e.op for e in dev.service.log.query(dir_="RX")] == ["PONG"])
    before = entries(dev)
    ids = [e[0] for e in before if e[2] != "EVENT"]
    child = frame_named(dev, "child")
    dev.service.grant(server2.origin, PORT)
    wait_in_frame(dev, child, "typeof window.relabel === 'function'")
    in_frame(dev, child, f"relabel('serial', {json.dumps(ids)}).catch((e) => window.failed = String(e))")
    assert wait_in_frame(dev, child, "window.done || window.failed") is True
    assert entries(dev) == before


def test_a_sandboxed_frame_gets_no_grant_of_the_origin_in_its_url(dev, server):
    hid_top(dev, server, "&sandboxed=1")                  # the top page's origin has the pad
    sandboxed = frame_named(dev, "sandboxed")
    wait_in_frame(dev, sandboxed, "typeof window.events === 'object'")
    assert in_frame(dev, sandboxed, "self.origin") == "null"
    in_frame(dev, sandboxed, "navigator.hid.getDevices().then((l) => window.got = l.length + ' devices',"
                             " (e) => window.got = e.name)")
    assert wait_in_frame(dev, sandboxed, "window.got") == "SecurityError"
