"""The device flood for ``bench/device_io.py``: 1,000 input reports/s from the virtual pad for N seconds, into
a page with pagenote's wrapper and into the same page without it, in one run; the renderer's memory of each.

- **wrapper**: a pagenote tab, ``navigator.hid`` from pagenote's main-world script, host log, page log
  (``__hidLog``) with a decoder, and console echo all on (the most the wrapper does per frame); the reports
  come from :meth:`VirtualBackend.input` on a thread, paced at 1 ms, through the host's reader, the channel
  and ``HIDInputReportEvent``.
- **peer: no wrapper**: the same listener in a plain ``QWebEngineView`` with its own off-the-record profile
  (no pagenote script at all); the same reports arrive as one ``runJavaScript`` per millisecond (the host's
  batching) and are dispatched as plain ``Event`` objects carrying a ``DataView``.

Memory is the renderer process's (``QWebEnginePage.renderProcessPid``) ``Rss``/``Pss`` from
``/proc/<pid>/smaps_rollup`` in MiB, before, at the peak during the flood (read every 250 ms) and after the
last report was handled, plus the page's JS heap (``performance.memory.usedJSHeapSize``, MiB; Chromium
quantizes it). Linux only.
"""

from __future__ import annotations

import asyncio
import json
import threading
import time
from pathlib import Path

LISTENER = "window.got = 0; window.sum = 0; window.onReport = (e) => { window.got++; window.sum += e.data.getUint8(0); };"
WRAPPED = """<!doctype html><meta charset="utf-8"><title>device flood</title><script>""" + LISTENER + """
window.go = async () => { const [d] = await navigator.hid.getDevices(); await d.open();
  __hidLog.registerDecoder('flood', (f) => 'REPORT ' + f.bytes[0]);
  d.addEventListener('inputreport', window.onReport); window.ready = 1; };
</script>"""
PLAIN = """<!doctype html><meta charset="utf-8"><title>device flood</title><script>""" + LISTENER + """
const target = new EventTarget();
target.addEventListener('inputreport', window.onReport);
window.feed = (json) => { for (const m of JSON.parse(json)) {
  const s = m.hex.replace(/ /g, ''), u8 = new Uint8Array(s.length / 2);
  for (let i = 0; i < u8.length; i++) u8[i] = parseInt(s.substr(i * 2, 2), 16);
  const e = new Event('inputreport'); e.reportId = m.reportId; e.data = new DataView(u8.buffer); target.dispatchEvent(e); } };
window.ready = 1;
</script>"""
HEAP = "performance.memory ? performance.memory.usedJSHeapSize : -1"


def memory_mib(pid: int) -> dict:
    """``{"rss": MiB, "pss": MiB}`` of process ``pid`` (``/proc/<pid>/smaps_rollup``)."""
    out = {}
    with open(f"/proc/{pid}/smaps_rollup", encoding="ascii") as f:
        for line in f:
            key, *rest = line.split()
            if key in ("Rss:", "Pss:"):
                out[key[:-1].lower()] = int(rest[0]) / 1024
    return out


def report(i: int) -> bytes:
    """Flood report ``i``'s 8 data bytes (byte 0 = i mod 256: the page sums it, so a lost report shows)."""
    return bytes([i & 0xFF, 1, 2, 3, 4, 5, 6, 7])


async def run_js(page, source: str):
    """``page.runJavaScript(source)`` in the main world, awaited."""
    future = asyncio.get_running_loop().create_future()
    page.runJavaScript(source, 0, lambda v: future.done() or future.set_result(v))
    return await asyncio.wait_for(future, 30)


async def _watch(page, pid: int, n: int, sending) -> dict:
    """Sample the renderer while the flood runs, wait until the page handled all ``n`` reports, read after."""
    before, heap0 = memory_mib(pid), await run_js(page, HEAP)
    peak = dict(before)
    while sending() or await run_js(page, "window.got") < n:
        await asyncio.sleep(0.25)
        now = memory_mib(pid)
        peak = {k: max(peak[k], now[k]) for k in now}
    got, total = json.loads(await run_js(page, "JSON.stringify([window.got, window.sum])"))
    expected = sum(report(i)[0] for i in range(n))
    if (got, total) != (n, expected):
        raise RuntimeError(f"the page got {got} reports summing {total}, not {n} summing {expected}")
    return {"before": before, "peak": peak, "after": memory_mib(pid),
            "heap_before": heap0 / 2**20, "heap_after": (await run_js(page, HEAP)) / 2**20}


async def wrapped(app, backend, key: str, seconds: float, folder: Path) -> dict:
    """Flood a pagenote tab (module docstring); ``backend`` is the lease's :class:`VirtualBackend`."""
    from PySide6.QtCore import QUrl

    app.devices.logging = True
    app.devices.console_echo = True
    tab = app.new_tab()
    tab.view.resize(800, 600)
    tab.view.show()
    page = folder / "flood.html"
    page.write_text(WRAPPED, encoding="utf-8")
    await tab.load(QUrl.fromLocalFile(str(page)))
    await run_js(tab.page, "window.go(); 1")
    while not await run_js(tab.page, "window.ready || 0"):
        await asyncio.sleep(0.05)
    n = int(seconds * 1000)

    def flood() -> None:
        t0 = time.monotonic()
        for i in range(n):
            backend.input(key, 1, report(i))
            wait = t0 + (i + 1) / 1000 - time.monotonic()
            if wait > 0:
                time.sleep(wait)

    thread = threading.Thread(target=flood, name="device-flood", daemon=True)
    thread.start()
    out = await _watch(tab.page, tab.page.renderProcessPid(), n, thread.is_alive)
    out["page_log"] = await run_js(tab.page, "__hidLog.dump().length")
    app.devices.console_echo = False
    app.devices.logging = False
    return out


async def plain(seconds: float, folder: Path) -> dict:
    """Flood the same page without pagenote's wrapper (module docstring)."""
    from PySide6.QtCore import QUrl
    from PySide6.QtWebEngineCore import QWebEnginePage, QWebEngineProfile
    from PySide6.QtWebEngineWidgets import QWebEngineView

    profile = QWebEngineProfile()   # off the record, no pagenote scripts
    view = QWebEngineView()
    view.setPage(QWebEnginePage(profile, view))
    view.resize(800, 600)
    view.show()
    page = folder / "plain.html"
    page.write_text(PLAIN, encoding="utf-8")
    loaded = asyncio.get_running_loop().create_future()
    view.loadFinished.connect(lambda ok: loaded.done() or loaded.set_result(ok))
    view.load(QUrl.fromLocalFile(str(page)))
    await asyncio.wait_for(loaded, 30)
    n, state = int(seconds * 1000), {"sent": 0}

    async def feed() -> None:
        t0 = time.monotonic()
        while state["sent"] < n:
            due = min(n, int((time.monotonic() - t0) * 1000) + 1)
            batch = [{"t": "in", "reportId": 1, "hex": report(i).hex(" ")} for i in range(state["sent"], due)]
            state["sent"] = due
            view.page().runJavaScript("window.feed(" + json.dumps(json.dumps(batch)) + ")", 0)
            await asyncio.sleep(0.001)

    task = asyncio.ensure_future(feed())
    out = await _watch(view.page(), view.page().renderProcessPid(), n, lambda: not task.done())
    view.close()
    view.page().deleteLater()   # the page before its profile (Qt warns otherwise)
    profile.deleteLater()
    view.deleteLater()
    return out
