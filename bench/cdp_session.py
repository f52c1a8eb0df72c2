"""What the tab's CDP session costs (issue 26, requirement 6, first half): attach time, one command's round
trip, and the memory of the DevTools frontend, for 1 and 5 attached tabs — beside the named peer in the same
run: Playwright's CDP session (``context.new_cdp_session``) on Debian's Chromium (``/usr/bin/chromium``,
headless; skipped when missing), same page, same command.

    .venv/bin/python -m bench.cdp_session [--tabs 5] [--calls 200]

Memory is read from /proc: each frontend's renderer process (``QWebEnginePage.renderProcessPid``) as RSS and
PSS (``smaps_rollup``: shared pages divided among their users), and the whole process tree's PSS before and
after. Prints one JSON object.
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


async def _measure(tabs: int, calls: int, keep: list) -> dict:
    from PySide6.QtCore import QUrl
    from PySide6.QtWebEngineCore import QWebEnginePage, QWebEngineProfile

    from app.webview.cdp import CdpSession

    profile = QWebEngineProfile()  # off the record, as a lease's; the frontends live in the default profile
    pages = [QWebEnginePage(profile) for _ in range(tabs)]
    keep += [profile, pages]
    loaded = [asyncio.get_running_loop().create_future() for _ in pages]
    for page, done in zip(pages, loaded, strict=True):
        page.loadFinished.connect(lambda ok, done=done: done.done() or done.set_result(ok))
        page.setHtml("<!doctype html><title>bench</title><p>bench</p>", QUrl("http://127.0.0.1/"))
    await asyncio.gather(*loaded)
    await asyncio.sleep(1)  # a bench, not a test: let the renderers settle before the baseline
    before = _tree_pss_mb()
    sessions = [CdpSession(page) for page in pages]
    keep.append(sessions)
    result: dict = {"tabs": tabs, "pss_tree_before_mb": round(before, 1)}
    attach, first = [], []
    for index, session in enumerate(sessions):
        started = time.monotonic()
        await session.attach()
        attach.append(session.attach_ms)
        await session.send("Runtime.evaluate", {"expression": "1"})
        first.append((time.monotonic() - started) * 1000)
        if index == 0:
            await asyncio.sleep(1)
            result["pss_tree_one_attached_mb"] = round(_tree_pss_mb(), 1)
    round_trips = []
    for _ in range(calls):
        started = time.monotonic()
        await sessions[0].send("Runtime.evaluate", {"expression": "1 + 1", "returnByValue": True})
        round_trips.append((time.monotonic() - started) * 1000)
    await asyncio.sleep(1)
    fronts = [s.front.renderProcessPid() for s in sessions]
    result.update({
        "attach_ms": [round(v) for v in attach],
        "attach_to_first_reply_ms": [round(v) for v in first],
        "round_trip_ms_p50": round(_pct(round_trips, 0.5), 2),
        "round_trip_ms_p95": round(_pct(round_trips, 0.95), 2),
        "frontend_processes": len(set(fronts)),
        "frontend_rss_mb": [round(_kb(pid, "VmRSS") / 1024) for pid in sorted(set(fronts))],
        "frontend_pss_mb": [round(_kb(pid, "Pss", rollup=True) / 1024) for pid in sorted(set(fronts))],
        "pss_tree_after_mb": round(_tree_pss_mb(), 1),
    })
    result["pss_added_per_tab_mb"] = round((result["pss_tree_after_mb"] - before) / tabs, 1)
    for session in sessions:
        session.close()
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
        browser.close()
    return {"attach_ms": round(attach), "round_trip_ms_p50": round(_pct(round_trips, 0.5), 2),
            "round_trip_ms_p95": round(_pct(round_trips, 0.95), 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tabs", type=int, default=5)
    parser.add_argument("--calls", type=int, default=200)
    args = parser.parse_args()
    peer = _peer(args.calls)  # first, before Qt: Playwright's sync API runs its own event loop
    import shiboken6

    from app.qtenv import make_application

    qt = make_application(headless=True)
    from app.runtime.loop import install

    install(qt)  # qasync: the loop runs while qt.exec() does
    keep: list = []  # the pages and their profile outlive the loop: Qt deletes them after it stops
    task = asyncio.ensure_future(_measure(args.tabs, args.calls, keep))
    task.add_done_callback(lambda _t: qt.quit())
    qt.exec()
    result = task.result()
    result["playwright"] = peer
    if "round_trip_ms_p50" in peer:
        result["round_trip_p50_ratio_to_playwright"] = round(result["round_trip_ms_p50"] / peer["round_trip_ms_p50"], 2)
    print(json.dumps(result, indent=1))
    for session in keep[-1]:
        shiboken6.delete(session)
    for page in keep[1]:
        shiboken6.delete(page)


if __name__ == "__main__":
    main()
