"""What the tab's CDP session costs (issue 26, requirement 6): attach time, one command's round trip, and the
memory of the DevTools frontend, for 1 and 5 attached tabs, for the light frontend features use and the full
one F12 opens (:mod:`app.webview.cdp_front`) — beside the named peer in the same run: Playwright's CDP session
(``context.new_cdp_session``) on Debian's Chromium (``/usr/bin/chromium``, headless, never a downloaded browser;
skipped when missing), same page, same command.

    .venv/bin/python -m bench.cdp_session [--tabs 5] [--calls 200]

Memory is read from /proc: each frontend's renderer process (``QWebEnginePage.renderProcessPid``) as RSS, PSS
and USS (``smaps_rollup``), and the whole process tree's RSS sum and PSS before, with one and with all tabs
attached; "per further tab" is (all − one) / (tabs − 1). Goal (issue 26): first attach ≤ 500 ms, ≤ 80 MB for
each further attached tab, round trip ≤ 2× Playwright's. Prints one JSON object.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import time
from pathlib import Path


def _kb(pid: int, field: str, rollup: bool = False) -> int:
    path = Path(f"/proc/{pid}/{'smaps_rollup' if rollup else 'status'}")
    try:
        for line in path.read_text().splitlines():
            if line.startswith(field + ":"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def _tree() -> list[int]:
    pids, frontier = [os.getpid()], [os.getpid()]
    while frontier:
        pid = frontier.pop()
        try:
            children = [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
        except OSError:
            continue
        pids += children
        frontier += children
    return pids


def _tree_pss_mb() -> float:
    return sum(_kb(pid, "Pss", rollup=True) for pid in _tree()) / 1024


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _frontend_mb(pids: set[int]) -> dict:
    """Per frontend renderer process: RSS (shared libraries counted in each), PSS (shared pages divided among
    their users) and USS (private pages: what the process alone adds), MB."""
    ordered = sorted(pids)
    return {"rss_mb": [round(_kb(pid, "VmRSS") / 1024) for pid in ordered],
            "pss_mb": [round(_kb(pid, "Pss", rollup=True) / 1024) for pid in ordered],
            "uss_mb": [round((_kb(pid, "Private_Clean", rollup=True) + _kb(pid, "Private_Dirty", rollup=True))
                             / 1024) for pid in ordered]}


def _tree_rss_mb() -> float:
    return sum(_kb(pid, "VmRSS") for pid in _tree()) / 1024


async def _measure(tabs: int, calls: int, keep: list, full: bool) -> dict:
    """One frontend kind (``full``: the DevTools UI, as F12 opens it; else the light frontend features get):
    ``tabs`` pages, attached one after the other; memory before, with one, and with all attached."""
    from PySide6.QtCore import QUrl
    from PySide6.QtWebEngineCore import QWebEnginePage, QWebEngineProfile

    import app.webview.cdp as cdp
    from app.webview.cdp import CdpSession

    # the probe command (the app never sends it; the bench measures the channel with it, as Playwright's side)
    cdp.ALLOWED_METHODS = cdp.ALLOWED_METHODS | {"Runtime.evaluate"}

    profile = QWebEngineProfile()  # off the record, as a lease's; the frontends live in the default profile
    pages = [QWebEnginePage(profile) for _ in range(tabs)]
    keep += [profile, pages]
    loaded = [asyncio.get_running_loop().create_future() for _ in pages]
    for page, done in zip(pages, loaded, strict=True):
        page.loadFinished.connect(lambda ok, done=done: done.done() or done.set_result(ok))
        page.setHtml("<!doctype html><title>bench</title><p>bench</p>", QUrl("http://127.0.0.1/"))
    await asyncio.gather(*loaded)
    await asyncio.sleep(1.5)  # a bench, not a test: let the renderers (and a previous run's frontends) settle
    before_pss, before_rss = _tree_pss_mb(), _tree_rss_mb()
    sessions = [CdpSession(page) for page in pages]
    keep.append(sessions)
    result: dict = {"frontend": "full" if full else "light", "tabs": tabs,
                    "tree_rss_before_mb": round(before_rss), "tree_pss_before_mb": round(before_pss)}
    attach, first = [], []
    for index, session in enumerate(sessions):
        started = time.monotonic()
        if full:
            session.open_frontend()
        await session.attach()
        attach.append(session.attach_ms)
        await session.send("Runtime.evaluate", {"expression": "1"})
        first.append((time.monotonic() - started) * 1000)
        if index == 0:
            await asyncio.sleep(1.5)
            result["tree_rss_one_attached_mb"] = round(_tree_rss_mb())
            result["tree_pss_one_attached_mb"] = round(_tree_pss_mb())
    round_trips = []
    for _ in range(calls):
        started = time.monotonic()
        await sessions[0].send("Runtime.evaluate", {"expression": "1 + 1", "returnByValue": True})
        round_trips.append((time.monotonic() - started) * 1000)
    await asyncio.sleep(1.5)
    fronts = {s.front.renderProcessPid() for s in sessions}
    after_pss, after_rss = _tree_pss_mb(), _tree_rss_mb()
    result.update({
        "attach_ms": [round(v) for v in attach],
        "attach_to_first_reply_ms": [round(v) for v in first],
        "round_trip_ms_p50": round(_pct(round_trips, 0.5), 2),
        "round_trip_ms_p95": round(_pct(round_trips, 0.95), 2),
        "frontend_processes": len(fronts),
        **{f"frontend_{k}": v for k, v in _frontend_mb(fronts).items()},
        "tree_rss_after_mb": round(after_rss), "tree_pss_after_mb": round(after_pss),
    })
    result["pss_first_tab_mb"] = round(result["tree_pss_one_attached_mb"] - before_pss, 1)
    if tabs > 1:  # "each further attached tab" (issue 26, requirement 6)
        result["pss_per_further_tab_mb"] = round((after_pss - result["tree_pss_one_attached_mb"]) / (tabs - 1), 1)
        result["rss_per_further_tab_mb"] = round((after_rss - result["tree_rss_one_attached_mb"]) / (tabs - 1), 1)
    for session in sessions:
        session.close()
    for _ in range(100):  # the next measurement's baseline without these frontends' renderers
        if not any(Path(f"/proc/{pid}").exists() for pid in fronts):
            break
        await asyncio.sleep(0.1)
    return result


def _peer(calls: int) -> dict:
    """Playwright's CDP session round trip (Runtime.evaluate ``1 + 1``) and attach time, in ms."""
    if not Path("/usr/bin/chromium").exists():
        return {"skipped": "no /usr/bin/chromium"}
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=[
            "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"])
        page = browser.new_page()
        page.set_content("<!doctype html><title>bench</title><p>bench</p>")
        started = time.monotonic()
        session = page.context.new_cdp_session(page)
        attach = (time.monotonic() - started) * 1000
        round_trips = []
        for _ in range(calls):
            started = time.monotonic()
            session.send("Runtime.evaluate", {"expression": "1 + 1", "returnByValue": True})
            round_trips.append((time.monotonic() - started) * 1000)
        version = browser.version
        browser.close()
    return {"browser": version, "attach_ms": round(attach), "round_trip_ms_p50": round(_pct(round_trips, 0.5), 2),
            "round_trip_ms_p95": round(_pct(round_trips, 0.95), 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tabs", type=int, default=5)
    parser.add_argument("--calls", type=int, default=200)
    args = parser.parse_args()
    peer = _peer(args.calls)  # first, before Qt: Playwright's sync API runs its own event loop
    import shiboken6

    from app.qtenv import make_application
    import app.webview.cdp as cdp
    from app.webview.cdp import CdpSession

    # the probe command (the app never sends it; the bench measures the channel with it, as Playwright's side)
    cdp.ALLOWED_METHODS = cdp.ALLOWED_METHODS | {"Runtime.evaluate"}

    qt = make_application(headless=True)
    from app.runtime.loop import install

    install(qt)  # qasync: the loop runs while qt.exec() does
    keep: list = []  # the pages and their profile outlive the loop: Qt deletes them after it stops

    async def both() -> list[dict]:
        light = await _measure(args.tabs, args.calls, keep, full=False)
        return [light, await _measure(args.tabs, args.calls, keep, full=True)]

    task = asyncio.ensure_future(both())
    task.add_done_callback(lambda _t: qt.quit())
    qt.exec()
    light, full = task.result()
    result = {"light": light, "full": full, "playwright": peer,
              "load_average_1min": round(os.getloadavg()[0], 1), "cores": os.cpu_count()}
    if "round_trip_ms_p50" in peer:
        for kind in (light, full):
            kind["round_trip_p50_ratio_to_playwright"] = round(kind["round_trip_ms_p50"] / peer["round_trip_ms_p50"], 2)
            kind["round_trip_p95_ratio_to_playwright"] = round(kind["round_trip_ms_p95"] / peer["round_trip_ms_p95"], 2)
    print(json.dumps(result, indent=1))
    for item in keep:  # sessions before their pages, pages before their profile
        if isinstance(item, list):
            for obj in item:
                if isinstance(obj, CdpSession):
                    shiboken6.delete(obj)
    for item in keep:
        if isinstance(item, list):
            for obj in item:
                if shiboken6.isValid(obj):
                    shiboken6.delete(obj)


if __name__ == "__main__":
    main()
