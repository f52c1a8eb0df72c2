"""Virtual devices that stand in for real ones, driven by third-party libraries from npm, unmodified, bundled by
tests/pages/device_libs/build.sh: esptool-js 0.7.0 connects to the virtual ESP32 ROM loader of
tests/devices/esp32.json through pagenote's Web Serial, syncs and reads the chip type (the port's replies are
computed from each request: SLIP framing, the command byte echoed, the size filled, eight per SYNC as the ROM
sends them); @elgato-stream-deck/webhid 7.6.3 reads a virtual Stream Deck MK.2's firmware and serial (feature
reports, the serial's length computed), colours and draws keys (1,023-byte image reports, the descriptor's
limit) and sees key presses; joy-con-webhid 0.7.0 opens a virtual Joy-Con (L) of tests/devices/joycon.json, parses
its device info (subcommand 0x02 answered by input report 0x21, the subcommand id echoed) and its buttons (input
report 0x30), and opens a granted device on navigator.hid's connect event only when that device was plugged in."""

from __future__ import annotations

from pathlib import Path

import pytest

from _hid_fixtures import DevTab
from app.hid.codec import SlipReader
from app.hid.virtual import load_description

DEVICES = Path(__file__).parent / "devices"
PORT = "vserial:0"


@pytest.fixture
def dev(qtbot, aio, lease, tmp_path):
    d = DevTab(qtbot, lease, tmp_path, serial=True, description=load_description(DEVICES / "esp32.json"))
    yield d
    d.close()


@pytest.fixture
def deck(qtbot, aio, lease, tmp_path):
    d = DevTab(qtbot, lease, tmp_path, description=load_description(DEVICES / "streamdeck.json"))
    yield d
    d.close()


@pytest.fixture
def joy(qtbot, aio, lease, tmp_path):
    d = DevTab(qtbot, lease, tmp_path, description=load_description(DEVICES / "joycon.json"))
    yield d
    d.close()


def packets(entries) -> list[bytes]:
    """The SLIP packets in the host log entries' bytes, in order."""
    reader = SlipReader()
    out = []
    for e in entries:
        out += reader.feed(bytes.fromhex(e.hex))
    return out


def test_esptool_js_connects_syncs_and_reads_the_chip_type_from_the_virtual_port(dev, server):
    dev.load(server.url("device_libs/esptool.html?hidDebug=1"))
    # A decoder reads the frame's hex (with bytes, data, dir, reportId and device): it names the ROM commands.
    dev.js("""__hidLog.registerDecoder('esp rom', (f) => {
        const m = /^c0 0([01]) (08|0a) /.exec(f.hex);
        return m ? (m[2] === '08' ? 'SYNC' : 'READ_REG') + (m[1] === '1' ? ' reply' : '') : null;
    }, {vendorId: 4292})""")
    request = dev.choose(PORT)
    assert [p.key for p in request.candidates()] == [PORT]
    assert dev.wait_js("window.result || window.failure", timeout=30_000) == "ESP32"
    assert "ESP32" in dev.js("window.lines.join('')")
    assert dev.wait_js("window.released || window.failure") is True, dev.js("window.failure")
    # The host log has the whole exchange: the requests esptool-js wrote, the replies the rules computed.
    log = [e for e in dev.service.log.query() if e.api == "serial"]
    sent = packets(e for e in log if e.dir == "TX")
    got = packets(e for e in log if e.dir == "RX")
    sync = [p for p in sent if p[:2] == b"\x00\x08"]
    assert sync and sync[0][2:4] == (36).to_bytes(2, "little") and sync[0][8:] == b"\x07\x07\x12\x20" + b"\x55" * 32
    assert len([p for p in got if p[:2] == b"\x01\x08"]) >= 8          # one SYNC, eight replies
    assert bytes.fromhex("000a0400 00000000 00100040") in sent         # READ_REG of the chip magic register
    assert bytes.fromhex("010a0400 831df000 00000000") in got          # ESP32's magic value, size 4 filled in
    assert any(e.dir == "EVENT" and e.op.startswith("close") for e in log)
    ops = [e.op for e in log if e.op in ("SYNC", "READ_REG")]   # a slow machine may need more than one SYNC
    assert ops[0] == "SYNC" and ops[-1] == "READ_REG" and set(ops) == {"SYNC", "READ_REG"}, ops
    assert {e.op for e in log if e.dir == "RX"} >= {"SYNC reply", "READ_REG reply"}


def test_stream_deck_webhid_reads_firmware_and_serial_draws_keys_and_sees_key_presses(deck, server):
    deck.service.logging = True
    deck.load(server.url("device_libs/streamdeck.html"))
    deck.choose("virtual:0")
    info = deck.wait_js("window.info || window.failure", timeout=20_000)
    assert info == {"model": "Stream Deck MK.2", "firmware": "1.01.000", "serial": "AL12345"}, info
    # A key press as the MK.2 reports it: input report 1, key states from byte 3 (here key 1 down, then up).
    deck.backend.input("virtual:0", 1, bytes([0, 15, 0, 0, 1]) + bytes(506))
    deck.backend.input("virtual:0", 1, bytes(511))
    assert deck.wait_js("window.keys.length === 2 && window.keys") == ["down 1", "up 1"]
    log = deck.service.log.query()
    assert [(e.kind, e.report_id, e.result) for e in log if e.kind == "feature_get"] == [(
        "feature_get", 5, "ok"), ("feature_get", 6, "ok")]
    serial = next(e for e in log if e.kind == "feature_get" and e.report_id == 6)
    assert serial.hex == "07 41 4c 31 32 33 34 35"                       # the length byte computed by len8
    sets = [(e.report_id, e.len, e.hex[:14], e.result) for e in log if e.kind == "feature_set"]
    assert sets == [(3, 31, "08 32 00 00 00", "ok"), (3, 31, "06 00 ff 00 00", "ok")]   # brightness 50, key 0 red
    images = [e for e in log if e.kind == "output"]                     # key 1's JPEG, the last chunk flagged
    assert len(images) >= 2 and all(e.report_id == 2 and e.len == 1023 and e.result == "ok" for e in images)
    assert images[0].hex.startswith("07 01 00") and images[-1].hex.startswith("07 01 01")


def test_joy_con_webhid_reads_device_info_sees_a_button_and_opens_only_the_joy_con_plugged_in(joy, server):
    left, right = "virtual:0", "virtual:1"
    joy.service.logging = True
    joy.load(server.url("device_libs/joycon.html"))
    joy.choose(left)
    info = joy.wait_js("window.info['Joy-Con (L)'] || window.failure", timeout=20_000)
    assert info["firmwareVersion"] == {"major": 4, "minor": 7} and info["type"] == "Left Joy-Con", info
    assert info["macAddress"] == "98:b6:e9:4a:5c:6d"
    # Input report 0x30 (standard full mode): byte 5 holds the left Joy-Con's buttons, 0x40 is L; sticks centred.
    joy.backend.input(left, 0x30, bytes.fromhex("01 8e 00 00 40 00 08 80 00 08 80 00") + bytes(36))
    assert joy.wait_js("window.presses.length && window.presses") == ["Joy-Con (L): l"]

    def subcommands(key: str, sub: int) -> list:
        serial = joy.backend.info(key)[0].serial_number
        return [e for e in joy.service.log.query() if e.kind == "output" and e.device.get("serialNumber") == serial
                and e.hex.split()[9:10] == [f"{sub:02x}"]]

    # The library opens a device on every 'connect'. The right Joy-Con is granted while the page is open (as
    # device_grant does) and never changes: pulling the left one out and back reopens the left one only.
    joy.service.grant(server.origin, right)
    joy.backend.plug(left, False)
    joy.backend.plug(left, True)
    joy.qtbot.waitUntil(lambda: len(subcommands(left, 0x03)) == 2, timeout=10_000)    # reopened by the library
    assert joy.js("window.connects") == ["Joy-Con (L)"]
    log = joy.service.log.query()
    assert [e.line() for e in log if e.device["name"] == "Joy-Con (R)"] == []            # never opened nor written
    # The host log names the device in the exchange: the request, then the reply echoing subcommand 0x02.
    mine = [e for e in log if e.device["name"] == "Joy-Con (L)"]
    ask = next(e for e in mine if e.kind == "output" and e.hex.split()[9:] == ["02"])
    answer = next(e for e in mine if e.dir == "RX" and e.report_id == 0x21 and e.hex.split()[12:14] == ["82", "02"])
    assert ask.report_id == 1 and ask.result == "ok" and ask.id < answer.id and answer.len == 49
    assert answer.hex.split()[14:17] == ["04", "07", "01"] and answer.device["productId"] == 0x2006
    events = [e.op for e in mine if e.dir == "EVENT"]                                  # opened once per plug-in
    assert events[0] == "open" and events.count("open") == 2 and events.count("connect") == 1, events
