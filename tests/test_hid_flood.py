"""A flood of input reports (issue 28's test): 1,000 reports/s from the virtual pad into a plain WebHID page,
with the host log, the page log (a decoder) and console echo on. Every report reaches the page, the log's
counts add up to what was sent, and a page message is answered while the flood goes on.

The issue asks for 10 s; the suite floods for 2 s (2,000 reports, at least) with the same shape, and the host
ring is cut to 1,000 entries so the flood pushes entries out as a 10 s flood does the 5,000-entry ring. The
renderer's memory after a 10 s flood is measured by ``bench/device_io.py`` (``--flood-s``), not here."""

from __future__ import annotations

import json
import threading
import time

import pytest

from _hid_fixtures import PAD, DevTab

#: Reports sent at least; the flood goes on until the page's message was answered (at most CAP).
FLOOD = 2_000
CAP = 20_000
#: The host ring in this test (the lease's is 5,000).
RING = 1_000


@pytest.fixture
def dev(qtbot, aio, lease, tmp_path):
    from app.hid.traffic import TrafficLog

    d = DevTab(qtbot, lease, tmp_path)
    d.service.log = TrafficLog(ring=RING)
    yield d
    d.close()


def report(i: int) -> bytes:
    """Report ``i``'s 8 bytes: byte 0 and 1 are ``i`` (little-endian), so a lost or reordered report shows."""
    return bytes([i & 0xFF, (i >> 8) & 0xFF, 0, 0, 0, 0, 0, 0])


def test_a_flood_of_input_reports_keeps_exact_counts_and_the_page_answered(dev, server):
    from app.agent.devices import DeviceMethods, LogParams

    dev.service.logging = True
    dev.service.console_echo = True
    dev.load(server.url("hid.html"))
    dev.choose(PAD)
    dev.wait_js("!!window.dev")
    # The page counts the reports in order and, once 250 arrived, asks the host for its devices: the answer's
    # place among the reports (window.answeredAt) is the event-order check.
    dev.js("""__hidLog.registerDecoder('flood', (f) => 'N' + (f.bytes[0] | f.bytes[1] << 8));
        window.got = 0; window.inOrder = true;
        dev.addEventListener('inputreport', (e) => {
          if ((e.data.getUint8(0) | e.data.getUint8(1) << 8) !== (window.got & 0xffff)) window.inOrder = false;
          if (++window.got === 250) navigator.hid.getDevices().then((l) => {
            window.answeredAt = window.got; window.listed = l.length; });
        });
        dev.open().then(() => window.isOpen = true)""")
    dev.wait_js("window.isOpen")
    before = dev.service.log.last_id()
    answered, sent = threading.Event(), [0]

    def flood() -> None:   # 1,000 reports/s; after the answer was seen, 100 more (so reports follow it)
        t0, tail = time.monotonic(), None
        while sent[0] < CAP and (tail is None or sent[0] < tail):
            dev.backend.input(PAD, 1, report(sent[0]))
            sent[0] += 1
            if tail is None and answered.is_set():
                tail = max(FLOOD, sent[0] + 100)
            wait = t0 + sent[0] / 1000 - time.monotonic()
            if wait > 0:
                time.sleep(wait)

    thread = threading.Thread(target=flood, name="hid-flood", daemon=True)
    thread.start()
    dev.wait_js("window.answeredAt !== undefined", timeout=120_000)
    answered.set()
    dev.qtbot.waitUntil(lambda: not thread.is_alive(), timeout=120_000)
    total = sent[0]
    assert dev.wait_js(f"window.got === {total} && window.got", timeout=60_000) == total
    assert dev.js("window.inOrder") is True
    # The page's message was answered while the device was still sending: reports came after the answer.
    assert dev.js("window.listed") == 1 and 250 <= dev.js("window.answeredAt") < total

    # The host log (what device_log reads): entries ever added = kept + pushed out; every report is one RX,
    # labelled by the page's decoder (its annotate messages came back during the flood; wait for the last).
    assert dev.service.log.last_id() - before == total
    newest = f"N{(total - 1) & 0xFFFF}"
    dev.qtbot.waitUntil(lambda: dev.service.log.query(since_id=dev.service.log.last_id() - 1)[0].op == newest)
    methods = DeviceMethods(dev.app)
    first = methods.log(LogParams(since_id=0, limit=200))
    kept, since = [], 0
    while True:
        page = methods.log(LogParams(since_id=since, limit=200))
        kept += page["entries"]
        if not page["more"]:
            break
        since = page["entries"][-1]["id"]
    last = dev.service.log.last_id()
    assert len(first["entries"]) + first["more"] == len(kept) == RING
    assert first["dropped"] == first["dropped_total"] == last - RING and first["first_id"] == last - RING + 1
    assert [e["id"] for e in kept] == list(range(last - RING + 1, last + 1))
    assert methods.log(LogParams(since_id=before))["dropped"] == total - RING   # flood entries pushed out
    assert [e["hex"] for e in kept] == [report(i)[:8].hex(" ") for i in range(total - RING, total)]
    assert {(e["dir"], e["kind"]) for e in kept} == {("RX", "input")}
    assert [e["op"] for e in kept] == [f"N{i & 0xFFFF}" for i in range(total - RING, total)]

    # The page's own log: its 500-entry ring of the newest reports, ids counting every entry (open + reports),
    # each matched to its host entry.
    ring = json.loads(dev.js("JSON.stringify(__hidLog.dump().map((e) => [e.id, e.dir, e.host_id]))"))
    assert [e[0] for e in ring] == list(range(total + 2 - 500, total + 2))
    assert [e[2] for e in ring] == list(range(last - 499, last + 1)) and {e[1] for e in ring} == {"RX"}


def test_a_long_input_report_is_kept_as_its_first_4096_bytes_in_both_logs(dev, server):
    """The page's ring holds at most 4,096 bytes of a frame as text, as the host's entry does (``len`` keeps the
    true length; a decoder still sees the whole frame): 500 entries of 10,000-byte reports would otherwise hold
    30 KB of hex each."""
    dev.service.logging = True
    dev.load(server.url("hid.html"))
    dev.choose(PAD)
    dev.wait_js("!!window.dev")
    dev.js("""__hidLog.registerDecoder('size', (f) => f.bytes.length + ' bytes, hex ' + f.hex.length);
        dev.addEventListener('inputreport', (e) => window.length = e.data.byteLength);
        dev.open().then(() => window.isOpen = true)""")
    dev.wait_js("window.isOpen")
    data = bytes(i % 251 for i in range(10_000))
    dev.backend.input(PAD, 1, data)
    assert dev.wait_js("window.length") == 10_000
    entry = json.loads(dev.js("JSON.stringify(__hidLog.dump().pop())"))
    assert (entry["len"], entry["hex"], len(entry["ascii"])) == (10_000, data[:4096].hex(" "), 4096)
    assert entry["op"] == "10000 bytes, hex 29999"
    host = dev.service.log.query(since_id=entry["host_id"] - 1)[0]
    assert (host.len, host.hex, host.ascii) == (10_000, entry["hex"], entry["ascii"])
