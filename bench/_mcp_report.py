"""The agent-task bench's report: a Markdown table per task and server (runs succeeded, median calls, characters
and seconds), the ratios pagenote / Playwright MCP, totals, and the goals of issue 27, requirement 4 — whether
they hold, never an exit status."""

from __future__ import annotations

from collections import Counter

from _stats import pct

PEER = "playwright-mcp"
CHARS_GOAL, SECONDS_GOAL = 0.5, 0.5


def _median(rows: list[dict], key: str) -> float:
    return pct([r[key] for r in rows], 50)


def _ratio(ours: float, theirs: float) -> str:
    return f"{ours / theirs:.2f}×" if theirs else "–"


def _why(rows: list[dict]) -> str:
    """The outcomes other than ok, most frequent first, each with its count."""
    counts = Counter(r["outcome"] for r in rows if r["outcome"] != "ok")
    return "; ".join(f"{o[:160]} (×{n})" if n > 1 else o[:160] for o, n in counts.most_common())


def report(results: dict[str, dict[str, list[dict]]], runs: int) -> None:
    """Print the table for ``results`` (task → server label → one dict per run with outcome, calls, chars,
    seconds, errors), the totals over the tasks' medians and the goals' verdicts."""
    print(f"\n| task | server | ok | calls | chars | seconds | calls ratio | chars ratio | s ratio |")
    print("|---|---|---|---|---|---|---|---|---|")
    totals = {label: {"calls": 0.0, "chars": 0.0, "seconds": 0.0} for label in ("pagenote", PEER)}
    every_task_ok, calls_ok, notes = True, True, []
    for task, by_server in results.items():
        ours, theirs = by_server["pagenote"], by_server[PEER]
        med = {label: {k: _median(rows, k) for k in ("calls", "chars", "seconds")}
               for label, rows in (("pagenote", ours), (PEER, theirs))}
        for label, rows in (("pagenote", ours), (PEER, theirs)):
            good = sum(r["outcome"] == "ok" for r in rows)
            m = med[label]
            ratios = ("", "", "")
            if label == "pagenote":
                ratios = tuple(_ratio(m[k], med[PEER][k]) for k in ("calls", "chars", "seconds"))
            print(f"| {task if label == 'pagenote' else ''} | {label} | {good}/{len(rows)} | {m['calls']:.0f} | "
                  f"{m['chars']:.0f} | {m['seconds']:.2f} | {' | '.join(ratios)} |")
            for k in totals[label]:
                totals[label][k] += m[k]
            if good < len(rows):
                notes.append(f"{task}, {label}: {_why(rows)}")
        every_task_ok &= all(r["outcome"] == "ok" for r in ours)
        if med["pagenote"]["calls"] > med[PEER]["calls"]:
            calls_ok = False
            notes.append(f"{task}: pagenote {med['pagenote']['calls']:.0f} calls > Playwright MCP's "
                         f"{med[PEER]['calls']:.0f}")
    t, p = totals["pagenote"], totals[PEER]
    ratios = " | ".join(_ratio(t[k], p[k]) for k in ("calls", "chars", "seconds"))
    print(f"| **total** | pagenote | | {t['calls']:.0f} | {t['chars']:.0f} | {t['seconds']:.2f} | {ratios} |")
    print(f"| | {PEER} | | {p['calls']:.0f} | {p['chars']:.0f} | {p['seconds']:.2f} | | | |")
    print(f"\nmedians over {runs} run(s) per task and server; totals are sums of the medians; seconds: time waiting"
          " on the server's answers; chars: text content of every tool result (images not counted)")
    chars_ok = p["chars"] > 0 and t["chars"] <= CHARS_GOAL * p["chars"]
    seconds_ok = p["seconds"] > 0 and t["seconds"] <= SECONDS_GOAL * p["seconds"]
    verdict = {True: "HOLDS", False: "MISSED"}
    print(f"goals: every task succeeds (pagenote, every run): {verdict[every_task_ok]} · calls ≤ Playwright MCP's"
          f" on every task: {verdict[calls_ok]} · chars ≤ {CHARS_GOAL}× in total: {verdict[chars_ok]}"
          f" · seconds ≤ {SECONDS_GOAL}× in total: {verdict[seconds_ok]} (a report, not a gate)")
    for note in notes:
        print(f"  - {note}")
