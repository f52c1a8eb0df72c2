"""Web Serial in pagenote: a page using plain navigator.serial against the virtual serial port of
tests/devices/macropad.json — a pseudo-terminal that pyserial opens like any port — through the real engine,
with the host chooser driven from the test."""

from __future__ import annotations

import pytest

from _hid_fixtures import DevTab

PORT = "vserial:0"


@pytest.fixture
def dev(qtbot, aio, lease, tmp_path):
    d = DevTab(qtbot, lease, tmp_path, serial=True)
    yield d
    d.close()


def opened(dev, server, query: str = "") -> None:
    dev.load(server.url("serial.html" + query))
    request = dev.choose(PORT)
    assert [p.key for p in request.candidates()] == [PORT]
    dev.wait_js("!!window.port")
    dev.js("port.open({baudRate: 115200}).then(() => { window.isOpen = true; readAll(port); })")
    dev.wait_js("window.isOpen")


def test_request_port_open_write_read_signals_and_close(dev, server):
    opened(dev, server)
    assert dev.events()[0] == {"chosen": {"usbVendorId": 4617, "usbProductId": 49375}}
    dev.js("(async () => { const w = port.writable.getWriter(); await w.write(new TextEncoder().encode('PING\\n'));"
           " w.releaseLock(); })()")
    assert dev.wait_js("window.received") == "PONG\n"
    dev.service.serial.virtual_port(PORT).input(b"hello")
    assert dev.wait_js("window.received.length > 5 && window.received") == "PONG\nhello"
    dev.js("port.setSignals({dataTerminalReady: true}).then(() => port.getSignals()).then((s) => window.sig = s)")
    assert dev.wait_js("window.sig") == {"dataCarrierDetect": True, "clearToSend": True, "ringIndicator": False,
                                         "dataSetReady": True}
    assert dev.service.serial.virtual_port(PORT).signals["dataTerminalReady"] is True
    dev.js("port.open({baudRate: 9600}).catch((e) => window.events.push({again: e.name}))")
    assert dev.wait_js("window.events.find((e) => e.again)") == {"again": "InvalidStateError"}
    dev.js("port.close().catch((e) => window.events.push({locked: e.name}))")
    assert dev.wait_js("window.events.find((e) => e.locked)") == {"locked": "TypeError"}
    dev.js("reader.cancel().then(() => port.close()).then(() => window.events.push({closed: port.readable}))")
    assert dev.wait_js("window.events.find((e) => 'closed' in e)") == {"closed": None}
    dev.qtbot.waitUntil(lambda: dev.service.serial.open_count(PORT) == 0)


def test_open_options_are_checked_like_chrome(dev, server):
    dev.load(server.url("serial.html"))
    dev.choose(PORT)
    dev.wait_js("!!window.port")
    dev.js("""window.errs = [];
      const tries = [{}, {baudRate: 0}, {baudRate: 9600, dataBits: 6}, {baudRate: 9600, parity: 'mark'},
                     {baudRate: 9600, bufferSize: 16777217}];
      Promise.all(tries.map((o) => port.open(o).catch((e) => window.errs.push(e.name + ': ' + e.message))))""")
    errs = dev.wait_js("window.errs.length === 5 && window.errs")
    assert "TypeError: Failed to execute 'open' on 'SerialPort': required member baudRate is undefined." in errs
    assert all(e.startswith("TypeError: ") for e in errs)


def test_cancel_is_not_found_and_no_gesture_is_a_security_error(dev, server):
    dev.load(server.url("serial.html"))
    dev.js("navigator.serial.requestPort().catch((e) => window.events.push({nogesture: e.name}))")
    assert dev.wait_js("window.events.find((e) => e.nogesture)") == {"nogesture": "SecurityError"}
    dev.choose(None)
    assert dev.wait_js("window.events.find((e) => e.error)") == {
        "error": "NotFoundError", "message": "Failed to execute 'requestPort' on 'Serial': No port selected by the user."}


def test_unplug_errors_the_stream_and_fires_disconnect_then_connect(dev, server):
    opened(dev, server)
    dev.js("navigator.serial.getPorts().then((l) => window.known = l.length)")
    dev.wait_js("window.known")
    dev.service.serial.virtual_port(PORT).plug(False)
    assert dev.wait_js("window.events.find((e) => e.readError)")["readError"] == "NetworkError"
    assert dev.wait_js("window.events.find((e) => e.disconnect)") == {"disconnect": {"usbVendorId": 4617,
                                                                                     "usbProductId": 49375}}
    dev.service.serial.virtual_port(PORT).plug(True)
    assert dev.wait_js("window.events.find((e) => e.connect)")["connect"]["usbVendorId"] == 4617
    dev.js("window.isOpen = false; port.open({baudRate: 9600}).then(() => { window.isOpen = true; readAll(port); })")
    dev.wait_js("window.isOpen")
    dev.js("(async () => { const w = port.writable.getWriter(); await w.write(new TextEncoder().encode('PING\\n')); w.releaseLock(); })()")
    assert dev.wait_js("window.received") == "PONG\n"


def test_grants_per_origin_forget_and_the_log(dev, server, server2):
    opened(dev, server, "?hidDebug=1")
    dev.js("(async () => { const w = port.writable.getWriter(); await w.write(new TextEncoder().encode('PING\\n')); w.releaseLock(); })()")
    dev.wait_js("window.received")
    # The port delivers bytes in whatever chunks the pty hands over: RX may be one entry or several.
    page = dev.wait_js("__hidLog.filter({dir: 'RX'}).map((e) => e.ascii).join('') === 'PONG.' && "
                       "__hidLog.filter({}).filter((e) => e.dir !== 'EVENT')")
    assert [(e["api"], e["dir"], e["ascii"]) for e in page[:2]] == [("serial", "TX", "PING."), ("serial", "RX", page[1]["ascii"])]
    host = [e for e in dev.service.log.query() if e.dir != "EVENT"]
    assert [(e.api, e.dir) for e in host][:2] == [("serial", "TX"), ("serial", "RX")]
    assert host[0].hex == "50 49 4e 47 0a" and "".join(e.ascii for e in host[1:]) == "PONG."
    assert host[0].page_id == page[0]["id"] and [e["host_id"] for e in page[1:]] == [e.id for e in host[1:]]
    dev.load(server2.url("serial.html"))
    dev.js("navigator.serial.getPorts().then((l) => window.got = l.length + ' ports')")
    assert dev.wait_js("window.got") == "0 ports"
    dev.load(server.url("serial.html"))
    dev.js("navigator.serial.getPorts().then((l) => l[0].forget()).then(() => navigator.serial.getPorts())"
           ".then((l) => window.got = l.length + ' left')")
    assert dev.wait_js("window.got") == "0 left"


def test_a_port_reopens_right_after_close_resolves(dev, server):
    """open → close → open with no pause, ten times (esptool-js retries so): each open succeeds, because close()
    resolves only once the host released the port (pyserial's exclusive lock included)."""
    opened(dev, server)
    dev.js("""window.cycles = [];
      (async () => {
        await reader.cancel();
        for (let i = 0; i < 10; i++) {
          await port.close();
          try { await port.open({baudRate: 115200}); window.cycles.push('ok'); }
          catch (e) { window.cycles.push(e.name); await new Promise((r) => setTimeout(r, 300));
                      await port.open({baudRate: 115200}).catch((e2) => window.cycles.push('again ' + e2.name)); }
        }
        window.cyclesDone = true;
      })()""")
    dev.wait_js("window.cyclesDone", timeout=20_000)
    assert dev.js("window.cycles") == ["ok"] * 10
    dev.js("readAll(port); (async () => { const w = port.writable.getWriter();"
           " await w.write(new TextEncoder().encode('PING\\n')); w.releaseLock(); })()")
    assert dev.wait_js("window.received") == "PONG\n"


def test_the_host_log_tells_a_ports_whole_story(dev, server):
    """open, each write with its result, RX, close (page), then unplug while open: disconnect, lost and close
    (unplug); every entry names the port."""
    dev.service.logging = True
    opened(dev, server)

    def story(since: int = 0) -> list[tuple]:
        return [(e.dir, e.op, e.why, e.result.split(":")[0]) for e in dev.service.log.query(since)
                if e.dir != "RX"]

    dev.js("(async () => { const w = port.writable.getWriter(); await w.write(new TextEncoder().encode('PING\\n'));"
           " w.releaseLock(); })()")
    assert dev.wait_js("window.received") == "PONG\n"
    dev.js("reader.cancel().then(() => port.close()).then(() => window.portClosed = true)")
    dev.wait_js("window.portClosed")
    assert story() == [("EVENT", "open", "", ""), ("TX", "", "", "ok"), ("EVENT", "close", "page", "")]
    entries = dev.service.log.query()
    assert {str(e.device) for e in entries} == {str({"vendorId": 4617, "productId": 49375,
                                                     "name": "Pagenote Virtual UART", "serialNumber": "VSP-0001",
                                                     "port": PORT})}
    assert "".join(e.ascii for e in entries if e.dir == "RX") == "PONG."
    mark = dev.service.log.last_id()
    dev.js("window.isOpen = false; port.open({baudRate: 9600}).then(() => { window.isOpen = true; readAll(port); })")
    dev.wait_js("window.isOpen")
    dev.service.serial.virtual_port(PORT).plug(False)
    dev.qtbot.waitUntil(lambda: len(story(mark)) >= 4)
    got = story(mark)
    assert got[0] == ("EVENT", "open", "", "")
    assert sorted(got[1:]) == [("EVENT", "close", "unplug", ""), ("EVENT", "disconnect", "", ""),
                               ("EVENT", "lost", "unplug", "")], got


def test_a_port_granted_without_the_chooser_gets_no_connect_when_another_device_changes(dev, server):
    """Only a port that was plugged in fires connect: unplugging and replugging a HID device changes nothing
    for the page's granted port."""
    from _hid_fixtures import PAD

    dev.load(server.url("serial.html"))
    dev.js("navigator.serial.getPorts().then((l) => window.known = l.length + ' ports')")
    assert dev.wait_js("window.known") == "0 ports"
    dev.service.grant(server.origin, PORT)   # as device_grant does: no chooser

    dev.service.backends[0].plug(PAD, False)
    dev.service.backends[0].plug(PAD, True)
    # events go out before later answers: once getPorts answers, any event of the replug has been delivered
    dev.js("navigator.serial.getPorts().then((l) => window.known = l.length + ' granted')")
    assert dev.wait_js("window.known.endsWith('granted') && window.known") == "1 granted"
    assert dev.events() == []
    dev.service.serial.virtual_port(PORT).plug(False)
    dev.wait_js("window.events.find((e) => e.disconnect)")
    dev.service.serial.virtual_port(PORT).plug(True)
    dev.wait_js("window.events.find((e) => e.connect)")
    assert [list(e) for e in dev.events()] == [["disconnect"], ["connect"]]
