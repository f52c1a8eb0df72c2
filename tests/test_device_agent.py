"""The device tools for agents (devices_list, device_grant, device_log, device_log_clear, virtual_device_input,
virtual_device_script) through the MCP SDK's client against a real ``pagenote serve --hid-backend
virtual:tests/devices/macropad.json`` (no hardware): an agent connects the page to the virtual device, makes it
send a frame and reads the TX/RX pair from the host log."""

from __future__ import annotations

import pytest

from app.mcp.untrusted import unwrap

from conftest import poll_until
from test_mcp import ROOT, text_of, with_client
from test_mcp_browser import _serve

DESCRIPTION = ROOT / "tests" / "devices" / "macropad.json"


@pytest.fixture(scope="module")
def device_app(server):
    yield from _serve(server.url("hid.html"), "--hid-backend", "none", "--hid-backend", f"virtual:{DESCRIPTION}")


OPEN_AND_SEND = """async () => {
  const [d] = await navigator.hid.getDevices();
  await d.open();
  d.oninputreport = (e) => (window.got = (window.got || []).concat([e.reportId]));
  await d.sendReport(2, new Uint8Array([0xa1, 0x0c, 0, 0, 0, 0, 0, 0]));
  return d.productName;
}"""


def test_an_agent_connects_the_page_and_reads_the_tx_rx_pair(device_app, server):
    async def body(c):
        out = {"list": await c.call_tool("devices_list", {}),
               "clear": await c.call_tool("device_log_clear", {"logging": "on"}),
               "grant": await c.call_tool("device_grant", {"device": "virtual:0"}),
               "run": await c.call_tool("browser_evaluate", {"function": OPEN_AND_SEND})}
        return out

    out = with_client(device_app.socket, body)
    listing = text_of(out["list"])
    assert "virtual:0 hid 1209:c0de 'Pagenote Macro Pad' (virtual) granted to: none; open: 0" in listing
    assert "virtual:1 hid 1209:f1d0 'Security Key (FIDO)' (virtual, blocklisted)" in listing
    assert text_of(out["clear"]).endswith("traffic log on.")
    assert text_of(out["grant"]) == f"virtual:0 granted (the page's getDevices() lists it) for {server.origin}."
    assert not out["run"].is_error, text_of(out["run"])

    def log_lines():
        return with_client(device_app.socket, lambda c: c.call_tool("device_log", {}))

    result = poll_until(lambda: (r := log_lines()) and "[RX]" in text_of(r) and r, 10, "the RX frame")
    lines = text_of(result).splitlines()
    tx = next(line for line in lines if "[TX]" in line)
    rx = next(line for line in lines if "[RX]" in line)
    assert tx.endswith(" reportId=0x02 len=8 a1 0c 00 00 00 00 00 00 -> ok (Pagenote Macro Pad 1209:c0de VMP-0001)")
    assert rx.endswith("reportId=0x01 len=8 b1 0c 01 00 00 00 00 00 (Pagenote Macro Pad 1209:c0de VMP-0001)")
    assert lines.index(tx) < lines.index(rx)
    entries = result.structured_content["entries"]
    assert [e["dir"] for e in entries if e["dir"] != "EVENT"] == ["TX", "RX"]
    since = result.structured_content["last_id"]

    async def drive(c):
        return (await c.call_tool("virtual_device_input", {"report_id": 1, "hex": "01 02 03"}),
                await c.call_tool("device_log", {"since_id": since, "dir": "RX"}))

    sent, _ = with_client(device_app.socket, drive)
    assert text_of(sent) == "virtual:0 sent 3 bytes."
    rx2 = poll_until(lambda: (r := with_client(device_app.socket, lambda c: c.call_tool(
        "device_log", {"since_id": since, "dir": "RX"}))) and "01 02 03" in text_of(r) and r, 10, "the injected report")
    # the log lines (the pages' labels, the devices' names) are in the untrusted block (app.mcp.untrusted)
    assert unwrap(text_of(rx2))[1].splitlines()[0].endswith("reportId=0x01 len=3 01 02 03 (Pagenote Macro Pad 1209:c0de VMP-0001)")


def test_an_agent_scripts_replies_and_hot_plugs(device_app):
    script = '[{"match": "02 10 *", "reply": {"reportId": 1, "hex": "20"}}]'

    async def body(c):
        return (await c.call_tool("virtual_device_script", {"replies": script}),
                await c.call_tool("virtual_device_script", {"replies": "[{\"match\": \"zz\"}]"}),
                await c.call_tool("virtual_device_script", {"plug": "out"}),
                await c.call_tool("devices_list", {}),
                await c.call_tool("virtual_device_input", {"hex": "00"}),
                await c.call_tool("virtual_device_script", {"plug": "in"}),
                await c.call_tool("virtual_device_script", {"device": "virtual:9"}))

    scripted, bad, out, listing, unplugged, back, missing = with_client(device_app.socket, body)
    assert text_of(scripted) == "virtual:0: 1 reply rule(s), plugged in."
    assert bad.is_error and text_of(bad).startswith("BAD_DEVICE_SCRIPT: replies[0]")
    assert text_of(out) == "virtual:0: 1 reply rule(s), unplugged."
    assert "virtual:0 hid 1209:c0de 'Pagenote Macro Pad' (virtual, unplugged)" in text_of(listing)
    assert unplugged.is_error and text_of(unplugged).startswith("DEVICE_UNPLUGGED: ")
    # the advice names the tool's own argument, which the socket method takes as it is (plug: in|out)
    assert "virtual_device_script(plug=in)" in text_of(unplugged), text_of(unplugged)
    assert text_of(back).endswith("plugged in.")
    assert missing.is_error and text_of(missing).startswith("DEVICE_NOT_FOUND: ")


def test_hid_backend_option_errors(tmp_path):
    import os
    import subprocess
    import sys

    env = {**os.environ, "PAGENOTE_SOCKET": str(tmp_path / "s.sock"), "QT_QPA_PLATFORM": "offscreen"}
    missing = subprocess.run([sys.executable, "-m", "app", "serve", "--hid-backend", "virtual:/nonexistent.json"],
                             cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert missing.returncode == 2 and "--hid-backend: not hidapi, none or virtual:FILE" in missing.stderr
    bad = tmp_path / "bad.json"
    bad.write_text('{"hid": [{"descriptor": "zz"}]}')
    broken = subprocess.run([sys.executable, "-m", "app", "serve", "--out", str(tmp_path), "--hid-backend",
                             f"virtual:{bad}"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert broken.returncode == 2
    assert "pagenote: BAD_DEVICE_SCRIPT: hid[0].descriptor: not hex bytes: 'zz'" in broken.stderr


FLOOD = """async () => {
  const [d] = await navigator.hid.getDevices();
  const frame = new Uint8Array(8);
  await Promise.all(Array.from({length: 5300}, () => d.sendReport(2, frame)));
  return 'sent';
}"""


def test_device_log_says_exactly_what_remains_and_what_the_ring_dropped(device_app):
    """5,300 TX frames into the 5,000-entry ring: a page of 200 says 4,800 remain and 300 were dropped."""
    async def body(c):
        await c.call_tool("device_grant", {"device": "virtual:0"})
        opened = await c.call_tool("browser_evaluate", {"function": "async () => { const [d] = await "
                                   "navigator.hid.getDevices(); if (!d.opened) await d.open(); return d.opened; }"})
        await c.call_tool("device_log_clear", {"logging": "on"})
        start = (await c.call_tool("device_log", {})).structured_content["last_id"]
        flood = await c.call_tool("browser_evaluate", {"function": FLOOD})
        first = await c.call_tool("device_log", {"since_id": start, "limit": 200})
        last = await c.call_tool("device_log", {"since_id": start + 5200, "limit": 200})
        return opened, start, flood, first, last

    opened, start, flood, first, last = with_client(device_app.socket, body)
    assert "true" in text_of(opened) and "sent" in text_of(flood), text_of(flood)
    r = first.structured_content
    ids = [e["id"] for e in r["entries"]]
    assert (ids[0], ids[-1], r["more"], r["dropped"], r["last_id"]) == (start + 301, start + 500, 4_800, 300,
                                                                        start + 5_300)
    assert text_of(first).endswith(f"4,800 more: call again with since_id={start + 500} 300 entries after since_id "
                                   f"were pushed out of the log's ring before being read (oldest kept: "
                                   f"#{start + 301}).")
    r = last.structured_content
    assert (len(r["entries"]), r["more"], r["dropped"]) == (100, 0, 0)


def test_device_logging_switches_the_console_echo_without_clearing(device_app):
    send = ("async () => { const [d] = await navigator.hid.getDevices(); if (!d.opened) await d.open();"
            " await d.sendReport(2, new Uint8Array([0x42, 0, 0, 0, 0, 0, 0, 0])); return 'sent'; }")

    async def body(c):
        await c.call_tool("device_grant", {"device": "virtual:0"})
        state = await c.call_tool("device_logging", {})
        on = await c.call_tool("device_logging", {"logging": "on", "console_echo": "on"})
        before = (await c.call_tool("device_log", {"limit": 1})).structured_content["last_id"]
        await c.call_tool("browser_evaluate", {"function": send})
        console = await c.call_tool("browser_console_messages", {"text": "[HID] [TX]"})
        off = await c.call_tool("device_logging", {"console_echo": "off"})
        after = (await c.call_tool("device_log", {"limit": 1})).structured_content["last_id"]
        return state, on, before, console, off, after

    state, on, before, console, off, after = with_client(device_app.socket, body)
    assert text_of(state).endswith("console echo off.")
    assert text_of(on) == "Traffic log on; console echo on."
    assert "[HID] [TX] Pagenote Macro Pad (1209:c0de VMP-0001) " in text_of(console), text_of(console)
    assert "reportId=0x02 len=8 42 00 00 00 00 00 00 00" in text_of(console)
    assert text_of(off) == "Traffic log on; console echo off."
    assert after > before   # nothing was cleared: the ids go on
