"""Device I/O bench: the page-side wrapper's cost per ``sendReport`` and the TX → RX round trip of a page
through pagenote's WebHID and Web Serial to the virtual devices, side by side with peers measured in the
same run.

=============================== ===========================================================================
row                             what is timed
=============================== ===========================================================================
wrapper, log off / log on       ``HIDDevice.sendReport`` returning its Promise (pagenote's main-world code:
                                argument checks, the log entry with a decoder when on, the queued call); per
                                call, from batches of 1,000 (``performance.now()`` is coarse in a page)
peer: bare async call           the same loop calling an empty ``async`` function (what any Promise API costs)
HID round trip (page)           ``sendReport`` → the ``inputreport`` event, through the channel and the
                                virtual device's reply script (no delay)
peer: HID round trip (Python)   the virtual backend alone: ``write`` → ``read`` of the reply on one thread
serial round trip (page)        ``writer.write('PING\\n')`` → ``'PONG\\n'`` read from ``port.readable``,
                                through pyserial and a pseudo-terminal
peer: serial round trip (Python) pyserial alone on the same kind of pty port
flood: renderer memory          1,000 input reports/s for ``--flood-s`` seconds into the page with the wrapper
                                (host log, page log with a decoder, console echo on) and into the same page
                                without it (``bench/device_flood.py``): the renderer's RSS/PSS and JS heap
=============================== ===========================================================================

Goals (the device issue): wrapper p50 ≤ 20 µs; the flooded renderer ≤ 150 MB above the page without the
wrapper (issue 28, requirement 5). Run: ``.venv/bin/python bench/device_io.py [--n 200] [--flood-s 10]``
(headless; no hardware; Linux for the memory figures).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from _stats import pct  # noqa: E402
import device_flood  # noqa: E402
from _window import run_in_app  # noqa: E402

DESCRIPTOR = ("06 00 ff 09 01 a1 01 85 01 09 02 15 00 26 ff 00 75 08 95 08 81 02 85 02 09 03 95 08 91 02 c0")
DESCRIPTION = {
    "hid": [{"name": "bench pad", "vendorId": 4617, "productId": 2, "serialNumber": "B-1", "descriptor": DESCRIPTOR,
             "replies": [{"match": "02 a1 *", "reply": {"reportId": 1, "hex": "b1 $2 00 00 00 00 00 00"}}]}],
    "serial": [{"name": "bench uart", "vendorId": 4617, "productId": 3,
                "replies": [{"match": "50 49 4e 47 0a", "reply": "50 4f 4e 47 0a"}]}],
}

PAGE = """<!doctype html><meta charset="utf-8"><title>device bench</title><script>
window.bench = async (n) => {
  const out = {};
  const [d] = await navigator.hid.getDevices();
  await d.open();
  const buf = new Uint8Array(8);
  const batch = async (fn) => { const ms = []; for (let b = 0; b < 20; b++) { const ps = [];
      const t0 = performance.now(); for (let i = 0; i < 1000; i++) ps.push(fn()); ms.push((performance.now() - t0) / 1000);
      await Promise.all(ps); } return ms; };
  const bare = async () => {};
  out.bare = await batch(() => bare(2, buf));
  __hidLog.enable(false);
  out.off = await batch(() => d.sendReport(2, buf));
  __hidLog.enable(true);
  __hidLog.registerDecoder('bench', (f) => f.bytes[0] === 0xa1 ? 'READ #' + f.bytes[1] : null);
  out.on = await batch(() => d.sendReport(2, buf));
  __hidLog.enable(false);
  out.hid = [];
  for (let i = 0; i < n; i++) {
    const got = new Promise((r) => d.addEventListener('inputreport', r, {once: true}));
    const t0 = performance.now(); await d.sendReport(2, new Uint8Array([0xa1, i & 255, 0, 0, 0, 0, 0, 0])); await got;
    out.hid.push(performance.now() - t0);
  }
  const [p] = await navigator.serial.getPorts();
  await p.open({baudRate: 115200});
  const w = p.writable.getWriter(), rd = p.readable.getReader(), ping = new TextEncoder().encode('PING\\n');
  out.serial = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now(); await w.write(ping);
    let text = ''; while (!text.endsWith('PONG\\n')) { const {value} = await rd.read(); text += new TextDecoder().decode(value); }
    out.serial.push(performance.now() - t0);
  }
  return out;
};
</script>"""


def python_peers(n: int) -> dict:
    """Round trips without the page: the virtual HID backend alone, and pyserial alone on a pty port."""
    import serial

    from app.hid.serial_backend import VirtualPorts
    from app.hid.virtual import VirtualBackend

    backend = VirtualBackend(DESCRIPTION)
    conn = backend.open("virtual:0")
    hid = []
    for i in range(n):
        t0 = time.perf_counter()
        conn.write(bytes([2, 0xA1, i & 255, 0, 0, 0, 0, 0, 0]))
        while conn.read(1000) is None:
            pass
        hid.append((time.perf_counter() - t0) * 1000)
    conn.close()
    ports = VirtualPorts(DESCRIPTION["serial"])
    ser = serial.Serial(ports.ports["vserial:0"].path, 115200, timeout=1)
    ser_ms = []
    for _ in range(n):
        t0 = time.perf_counter()
        ser.write(b"PING\n")
        got = b""
        while not got.endswith(b"PONG\n"):
            got += ser.read(max(1, ser.in_waiting))
        ser_ms.append((time.perf_counter() - t0) * 1000)
    ser.close()
    ports.ports["vserial:0"].close()
    return {"hid_py": hid, "serial_py": ser_ms}


async def page_run(app, n: int, flood_s: float = 0) -> dict:
    from PySide6.QtCore import QUrl

    from app.hid.serial_backend import SerialBackends
    from app.hid.service import DeviceService
    from app.hid.virtual import VirtualBackend

    backend = VirtualBackend(DESCRIPTION)
    app.devices = DeviceService([backend], app, serial=SerialBackends([DESCRIPTION], real=False))
    app.devices.grant("file://", "virtual:0")
    flood = {}
    if flood_s > 0:   # first, each in a renderer of its own that nothing else used yet
        folder = Path(tempfile.mkdtemp(prefix="pn-devflood"))
        flood["plain"] = await device_flood.plain(flood_s, folder)
        flood["wrapped"] = await device_flood.wrapped(app, backend, "virtual:0", flood_s, folder)
    tab = app.new_tab()
    tab.view.resize(800, 600)
    tab.view.show()
    page = Path(tempfile.mkdtemp(prefix="pn-devbench")) / "bench.html"
    page.write_text(PAGE, encoding="utf-8")
    app.devices.grant("file://", "vserial:0")
    await tab.load(QUrl.fromLocalFile(str(page)))
    main_world = 0
    await tab.bridge.run("window.bench(%d).then((r) => window.result = JSON.stringify(r), "
                         "(e) => window.result = JSON.stringify({error: String(e)})); 1" % n, world=main_world)
    box = {}

    async def poll() -> bool:
        box["raw"] = await tab.bridge.run("window.result || ''", world=main_world)
        return bool(box["raw"])

    deadline = time.monotonic() + 300
    while not await poll():
        if time.monotonic() > deadline:
            raise TimeoutError("the page did not finish the bench")
        await asyncio.sleep(0.05)
    result = json.loads(box["raw"])
    if "error" in result:
        raise RuntimeError(result["error"])
    result["flood"] = flood
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=200, help="round trips per path (default 200)")
    parser.add_argument("--flood-s", type=float, default=10, help="seconds of the 1,000 reports/s flood (0: none)")
    args = parser.parse_args()
    project = Path(tempfile.mkdtemp(prefix="pn-devbench-project"))
    page = run_in_app(project, lambda app: page_run(app, args.n, args.flood_s))
    peers = python_peers(args.n)
    us = lambda v: [x * 1000 for x in v]  # noqa: E731 (ms → µs)
    rows = [("wrapper sendReport, log off (µs/call)", us(page["off"])),
            ("wrapper sendReport, log on + decoder (µs/call)", us(page["on"])),
            ("peer: bare async call (µs/call)", us(page["bare"])),
            ("HID round trip, page (ms)", page["hid"]),
            ("peer: HID round trip, Python on the virtual backend (ms)", peers["hid_py"]),
            ("serial round trip, page over pty (ms)", page["serial"]),
            ("peer: serial round trip, pyserial on a pty (ms)", peers["serial_py"])]
    print(f"{'':58} {'p50':>9} {'p95':>9}")
    for name, values in rows:
        print(f"{name:58} {pct(values, 50):9.2f} {pct(values, 95):9.2f}")
    off = pct(us(page["off"]), 50)
    print(f"\nwrapper p50 {off:.2f} µs (goal ≤ 20 µs): {'met' if off <= 20 else 'NOT met'}; "
          f"HID page/Python p50 ratio {pct(page['hid'], 50) / pct(peers['hid_py'], 50):.1f}x; "
          f"serial page/Python p50 ratio {pct(page['serial'], 50) / pct(peers['serial_py'], 50):.1f}x")
    if page["flood"]:
        print_flood(page["flood"], args.flood_s)
    return 0


def print_flood(flood: dict, seconds: float) -> None:
    """The flood's memory table and the goal line (renderer RSS after, wrapper minus peer, ≤ 150 MB)."""
    n = int(seconds * 1000)
    print(f"\nflood: {n:,} input reports at 1,000/s, renderer memory (MiB)")
    print(f"{'':34} {'RSS before':>10} {'RSS peak':>9} {'RSS after':>10} {'PSS after':>10} {'JS heap':>8}")
    for name, key in (("wrapper (log, decoder, echo on)", "wrapped"), ("peer: same page, no wrapper", "plain")):
        m = flood[key]
        print(f"{name:34} {m['before']['rss']:10.0f} {m['peak']['rss']:9.0f} {m['after']['rss']:10.0f} "
              f"{m['after']['pss']:10.0f} {m['heap_after']:8.1f}")
    w, p = flood["wrapped"], flood["plain"]
    above = w["after"]["rss"] - p["after"]["rss"]
    grown = (w["after"]["rss"] - w["before"]["rss"]) - (p["after"]["rss"] - p["before"]["rss"])
    ratio = w["after"]["rss"] / p["after"]["rss"]
    print(f"wrapper renderer after the flood: {above:+.0f} MiB RSS vs the peer ({ratio:.2f}x), "
          f"growth during the flood {grown:+.0f} MiB vs the peer's (goal ≤ 150 MB above): "
          f"{'met' if above * 1.048576 <= 150 else 'NOT met'}; page log kept {int(w['page_log'])} entries")


if __name__ == "__main__":
    sys.exit(main())
