"""The device traffic log: the page's window.__hidLog and the host's copy taken at the backend, matched by id.
Real engine, virtual device (tests/devices/macropad.json), plain WebHID pages in several code styles."""

from __future__ import annotations

import json

import pytest

from _hid_fixtures import PAD, DevTab


@pytest.fixture
def dev(qtbot, aio, lease, tmp_path):
    d = DevTab(qtbot, lease, tmp_path)
    yield d
    d.close()


def opened(dev, server, query: str = "?hidDebug=1") -> None:
    dev.load(server.url("hid.html" + query))
    dev.choose(PAD)
    dev.wait_js("!!window.dev")
    dev.js("dev.open().then(() => window.isOpen = true)")
    dev.wait_js("window.isOpen")


def test_logging_is_off_by_default(dev, server):
    opened(dev, server, query="")
    dev.js("dev.oninputreport = window.onInput; dev.sendReport(2, new Uint8Array([0xa1, 0x0c, 0, 0, 0, 0, 0, 0]))")
    dev.wait_js("window.events.some((e) => e.input)")
    assert dev.js("window.__hidLog.dump().length") == 0
    assert dev.service.log.query() == []


def test_tx_and_rx_are_logged_in_the_page_and_on_the_host_matched_by_id(dev, server):
    opened(dev, server)
    dev.js("dev.addEventListener('inputreport', window.onInput);"
           "dev.sendReport(2, new Uint8Array([0xa1, 0x0c, 0, 0, 0, 0, 0, 0]))")
    dev.wait_js("window.events.some((e) => e.input)")
    page = dev.wait_js("window.__hidLog.dump().filter((e) => e.dir !== 'EVENT').length >= 2 && "
                       "window.__hidLog.dump().filter((e) => e.dir !== 'EVENT')")
    tx, rx = page
    assert (tx["dir"], tx["report_id"], tx["len"], tx["hex"]) == ("TX", 2, 8, "a1 0c 00 00 00 00 00 00")
    assert (rx["dir"], rx["report_id"], rx["hex"]) == ("RX", 1, "b1 0c 01 00 00 00 00 00")
    assert tx["device"] == {"vendorId": 4617, "productId": 49374, "name": "Pagenote Macro Pad", "serialNumber": "VMP-0001"}
    assert tx["api"] == "hid" and tx["t"].endswith("Z") and rx["ascii"] == "........"
    host = [e for e in dev.service.log.query() if e.dir != "EVENT"]
    assert [(e.dir, e.report_id, e.hex) for e in host] == [("TX", 2, tx["hex"]), ("RX", 1, rx["hex"])]
    assert host[0].page_id == tx["id"]            # the host names the page's entry …
    assert rx["host_id"] == host[1].id            # … and the page names the host's
    assert host[0].device["serialNumber"] == "VMP-0001"


def test_every_code_style_is_caught_once(dev, server):
    """oninputreport, addEventListener and a library that wraps HIDDevice.prototype.sendReport: each frame is
    logged exactly once, whatever the page's code does around the platform API."""
    opened(dev, server)
    dev.js("""
        const orig = HIDDevice.prototype.sendReport;
        HIDDevice.prototype.sendReport = function (id, data) { window.wrapped = (window.wrapped || 0) + 1; return orig.call(this, id, data); };
        dev.oninputreport = (e) => window.events.push({on: e.reportId});
        dev.addEventListener('inputreport', (e) => window.events.push({listener: e.reportId}));
        dev.sendReport(2, new Uint8Array([0xff, 0, 0, 0, 0, 0, 0, 0]));  // two input reports answer
    """)
    dev.wait_js("window.events.filter((e) => e.on || e.listener).length === 4")
    frames = dev.js("window.__hidLog.filter({since: 0}).filter((e) => e.dir !== 'EVENT').map((e) => e.dir + ' ' + e.hex)")
    assert frames == ["TX ff 00 00 00 00 00 00 00", "RX ee 01", "RX ee 02"]
    assert dev.js("window.wrapped") == 1
    assert [e["dir"] for e in dev.js("window.__hidLog.filter({dir: 'rx'})")] == ["RX", "RX"]


def test_the_log_survives_a_page_that_replaces_navigator_hid(dev, server):
    opened(dev, server)
    dev.js("""
        const real = navigator.hid;
        Object.defineProperty(navigator, 'hid', {configurable: true, value: {getDevices: () => real.getDevices()}});
        try { delete window.__hidLog; window.__hidLog = null; } catch (e) {}
        navigator.hid.getDevices().then((l) => l[0].sendReport(2, new Uint8Array([0xa1, 1, 0, 0, 0, 0, 0, 0])));
    """)
    dev.wait_js("window.__hidLog.filter({dir: 'TX'}).length === 1")
    assert dev.js("typeof window.__hidLog.dump") == "function"
    assert [e.dir for e in dev.service.log.query(dir_="TX")] == ["TX"]


def test_decoders_label_frames_and_a_throwing_decoder_is_isolated(dev, server):
    dev.service.console_echo = True
    opened(dev, server)
    dev.js("""
        __hidLog.registerDecoder('broken', () => { throw new Error('boom'); });
        __hidLog.registerDecoder('other vendor', () => 'WRONG', {vendorId: 1});
        __hidLog.registerDecoder('pad', (f) => {
            const b = f.bytes;
            if (f.dir === 'TX' && b[0] === 0xa1) return 'READ_PRESET #' + b[1];
            if (f.dir === 'RX' && b[0] === 0xb1) return 'PRESET #' + b[1] + ' = ' + b[2];
            return null;
        }, {vendorId: 4617, productId: 49374});
        dev.sendReport(2, new Uint8Array([0xa1, 12, 0, 0, 0, 0, 0, 0]));
    """)
    page = dev.wait_js("window.__hidLog.filter({op: 'PRESET'}).length === 2 && window.__hidLog.filter({op: 'PRESET'})")
    assert [e["op"] for e in page] == ["READ_PRESET #12", "PRESET #12 = 1"]
    assert page[0]["decoder_error"] == "broken: boom"
    dev.qtbot.waitUntil(lambda: [e.op for e in dev.service.log.query(op="preset")] == ["READ_PRESET #12",
                                                                                      "PRESET #12 = 1"])
    # One console.debug line per entry, in the tab's console log; the doorbell lines never reach it.
    dev.qtbot.waitUntil(lambda: any("[HID] [RX]" in e.text and "; PRESET #12 = 1" in e.text
                                    for e in dev.tab.browser.console.entries))
    texts = [e.text for e in dev.tab.browser.console.entries]
    assert any(t.startswith("[HID] [TX] ") and t.endswith("reportId=0x02 len=8 a1 0c 00 00 00 00 00 00 ; READ_PRESET #12")
               for t in texts)
    assert not any("pagenote-devices" in t for t in texts)


def test_the_page_ring_keeps_500_and_exports_json_lines(dev, server):
    opened(dev, server)
    dev.js("for (let i = 0; i < 520; i++) dev.sendReport(2, new Uint8Array([0, i & 255, 0, 0, 0, 0, 0, 0]));")
    dev.qtbot.waitUntil(lambda: len(dev.service.log.query(dir_="TX", since_id=0, limit=200)) and
                        dev.service.log.last_id() >= 521, timeout=20_000)
    dump = dev.js("window.__hidLog.dump()")
    assert len(dump) == 500
    assert dump[-1]["hex"] == "00 07 00 00 00 00 00 00" and dump[0]["id"] == dump[-1]["id"] - 499
    lines = dev.js("window.__hidLog.export()").splitlines()
    assert len(lines) == 500
    row = json.loads(lines[-1])
    assert set(row) >= {"id", "t", "api", "dir", "device", "report_id", "len", "hex", "ascii"}
    assert dev.js("window.__hidLog.clear()") == 500 and dev.js("window.__hidLog.dump().length") == 0


def test_a_slow_device_never_blocks_the_page(dev, server):
    """While the host's write to the device is held (a slow USB device), the page's sendReport Promise stays
    pending and the page keeps running its own code; releasing the write resolves it."""
    import asyncio

    opened(dev, server)
    gate = asyncio.Event()
    real_transfer = dev.service.transfer

    async def held(handle, method, data, entry):
        await gate.wait()
        return await real_transfer(handle, method, data, entry)

    dev.service.transfer = held
    dev.js("window.state = 'pending'; window.ticks = 0;"
           "dev.sendReport(2, new Uint8Array([0xa1, 1, 0, 0, 0, 0, 0, 0])).then(() => window.state = 'sent');"
           "window.timer = setInterval(() => window.ticks++, 10);")
    dev.wait_js("window.ticks > 5")                 # the page's own timers run while the write is held
    assert dev.js("window.state") == "pending"
    assert dev.wait_js("__hidLog.filter({dir: 'TX'}).length") == 1   # logged at the call, not after the device
    assert dev.service.log.query(dir_="TX") == []    # the host's entry is taken when the bytes move
    gate.set()
    assert dev.wait_js("window.state === 'sent' && window.state") == "sent"
    assert [e.result for e in dev.service.log.query(dir_="TX")] == ["ok"]
    dev.js("clearInterval(window.timer)")


def test_an_uncaught_error_survives_a_second_of_device_traffic_in_the_console(dev, server):
    """1,500 input reports in about a second, with the log and its console echo on: the page's uncaught error
    stays in the console log (info lines are evicted first), before and after the DevTools protocol's replay;
    each [HID] line names the device."""
    from app.tabs.browser import attach

    from conftest import settle

    dev.service.console_echo = True
    opened(dev, server)
    console = attach(dev.tab).console
    dev.js("dev.addEventListener('inputreport', () => window.got = (window.got || 0) + 1);"
           "setTimeout(() => { throw new Error('boom before the flood'); }, 0)")
    dev.qtbot.waitUntil(lambda: bool(console.select(level="error")[0]))
    settle(dev.qtbot, console.sync())   # the DevTools protocol attached during the flood (an agent read it)
    for i in range(1_500):
        dev.backend.input(PAD, 1, bytes([i & 0xFF, 0, 0, 0, 0, 0, 0, 0]))
        if i % 150 == 149:
            dev.wait_js(f"window.got >= {i + 1}")
    dev.qtbot.waitUntil(lambda: len(console.select(text="[HID] [RX]", limit=2_000)[0]) >= 900)
    assert [e.text for e in console.select(level="error")[0]] == ["Uncaught Error: boom before the flood"]
    line = console.select(text="[HID] [RX]")[0][-1].text
    assert "Pagenote Macro Pad (1209:c0de VMP-0001)" in line and "reportId=0x01 len=8" in line, line
    settle(dev.qtbot, console.sync())
    assert [e.text for e in console.select(level="error")[0]] == ["Uncaught Error: boom before the flood"]


def test_hid_console_lines_are_off_unless_echo_is_turned_on(dev, server):
    from app.tabs.browser import attach

    opened(dev, server)
    console = attach(dev.tab).console
    dev.js("dev.addEventListener('inputreport', () => window.got = (window.got || 0) + 1)")
    dev.backend.input(PAD, 1, bytes(8))
    dev.wait_js("window.got === 1")
    dev.js("console.log('after the report')")
    dev.qtbot.waitUntil(lambda: bool(console.select(text="after the report")[0]))
    assert dev.js("__hidLog.dump().length") >= 1 and console.select(text="[HID]")[0] == []


def test_the_host_log_tells_a_connections_whole_story(dev, server):
    """open, writes with their results (a refused one too), feature set/get as their own kinds, close and why
    (page, navigation, unplug, tab closed), lost, connect/disconnect; every entry names the device."""
    from conftest import settle

    dev.service.logging = True
    opened(dev, server, query="")

    def story(since: int = 0) -> list[tuple]:
        return [(e.dir, e.op or e.kind, e.why, e.result.split(":")[0]) for e in dev.service.log.query(since)]

    dev.js("""(async () => {
        const answered = new Promise((r) => dev.addEventListener('inputreport', r, {once: true}));
        await dev.sendReport(2, new Uint8Array([0xa1, 0x0c, 0, 0, 0, 0, 0, 0]));
        await answered;
        await dev.sendReport(2, new Uint8Array(70000)).catch((e) => window.events.push({big: e.name}));
        await dev.sendFeatureReport(3, new Uint8Array([9, 1, 0, 0]));
        await dev.receiveFeatureReport(3);
        await dev.receiveFeatureReport(9).catch((e) => window.events.push({feature: e.name}));
        await dev.close();
        window.done = true;
    })()""")
    dev.wait_js("window.done")
    dev.qtbot.waitUntil(lambda: len(story()) >= 8)
    assert story() == [("EVENT", "open", "", ""), ("TX", "output", "", "ok"), ("RX", "input", "", ""),
                       ("TX", "output", "", "NotAllowedError"), ("TX", "feature_set", "", "ok"),
                       ("RX", "feature_get", "", "ok"), ("RX", "feature_get", "", "NotAllowedError"),
                       ("EVENT", "close", "page", "")], story()
    entries = dev.service.log.query()
    assert {str(e.device) for e in entries} == {str({"vendorId": 4617, "productId": 49374,
                                                     "name": "Pagenote Macro Pad", "serialNumber": "VMP-0001"})}
    assert entries[3].len == 70000 and entries[5].hex == "09 01 00 00"
    assert entries[1].line().endswith("reportId=0x02 len=8 a1 0c 00 00 00 00 00 00 -> ok")
    assert entries[6].line().endswith("feature_get reportId=0x09 len=0 -> NotAllowedError: Failed to execute "
                                      "'receiveFeatureReport' on 'HIDDevice': Failed to receive the feature report."
                                      " (no feature report 9)")

    mark = dev.service.log.last_id()
    dev.js("dev.open().then(() => window.again = true)")
    dev.wait_js("window.again")
    dev.load(server.url("hid.html"))                               # a navigation closes it
    dev.js("navigator.hid.getDevices().then(([d]) => d.open()).then(() => window.third = true)")
    dev.wait_js("window.third")
    dev.backend.plug(PAD, False)                                    # pulled out while open
    dev.qtbot.waitUntil(lambda: ("EVENT", "disconnect", "", "") in story(mark))
    dev.qtbot.waitUntil(lambda: len(story(mark)) >= 6)
    dev.backend.plug(PAD, True)
    dev.qtbot.waitUntil(lambda: ("EVENT", "connect", "", "") in story(mark))
    got = story(mark)
    assert got[:3] == [("EVENT", "open", "", ""), ("EVENT", "close", "navigation", ""), ("EVENT", "open", "", "")]
    assert sorted(got[3:6]) == [("EVENT", "close", "unplug", ""), ("EVENT", "disconnect", "", ""),
                                ("EVENT", "lost", "unplug", "")]
    assert got[6:] == [("EVENT", "connect", "", "")]

    mark = dev.service.log.last_id()
    dev.js("navigator.hid.getDevices().then(([d]) => d.open()).then(() => window.fourth = true)")
    dev.wait_js("window.fourth")
    dev.app.close_tab(dev.tab.id)
    assert story(mark) == [("EVENT", "open", "", ""), ("EVENT", "close", "tab closed", "")]
    assert dev.service.handles() == []
