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
    seconds, errors), the totals over the tasks' medians and the goals' verdicts. Medians are over the runs that
    succeeded (over all runs, marked ``*``, when none did); the totals take only the tasks both servers did."""
    print("\n| task | server | ok | calls | chars | seconds | calls ratio | chars ratio | s ratio |")
    print("|---|---|---|---|---|---|---|---|---|")
    totals = {label: {"calls": 0.0, "chars": 0.0, "seconds": 0.0} for label in ("pagenote", PEER)}
    every_task_ok, calls_ok, notes, left_out = True, True, [], []
    for task, by_server in results.items():
        done = {label: [r for r in rows if r["outcome"] == "ok"] for label, rows in by_server.items()}
        med = {label: {k: _median(done[label] or rows, k) for k in ("calls", "chars", "seconds")}
               for label, rows in by_server.items()}
        for label in ("pagenote", PEER):
            rows, m, mark = by_server[label], med[label], "" if done[label] else "*"
            ratios = ("", "", "")
            if label == "pagenote" and done["pagenote"] and done[PEER]:
                ratios = tuple(_ratio(m[k], med[PEER][k]) for k in ("calls", "chars", "seconds"))
            print(f"| {task if label == 'pagenote' else ''} | {label} | {len(done[label])}/{len(rows)} | "
                  f"{m['calls']:.0f}{mark} | {m['chars']:.0f}{mark} | {m['seconds']:.2f}{mark} | "
                  f"{' | '.join(ratios)} |")
            if len(done[label]) < len(rows):
                notes.append(f"{task}, {label}: {_why(rows)}")
        if done["pagenote"] and done[PEER]:
            for label, sums in totals.items():
                for k in sums:
                    sums[k] += med[label][k]
        else:
            left_out.append(task)
        every_task_ok &= len(done["pagenote"]) == len(by_server["pagenote"])
        if not done["pagenote"] or med["pagenote"]["calls"] > med[PEER]["calls"]:
            calls_ok = False
            if done["pagenote"]:
                notes.append(f"{task}: pagenote {med['pagenote']['calls']:.0f} calls against Playwright MCP's "
                             f"{med[PEER]['calls']:.0f}")
    t, p = totals["pagenote"], totals[PEER]
    ratios = " | ".join(_ratio(t[k], p[k]) for k in ("calls", "chars", "seconds"))
    print(f"| **total** | pagenote | | {t['calls']:.0f} | {t['chars']:.0f} | {t['seconds']:.2f} | {ratios} |")
    print(f"| | {PEER} | | {p['calls']:.0f} | {p['chars']:.0f} | {p['seconds']:.2f} | | | |")
    print(f"\nmedians over the runs that succeeded, of {runs} per task and server (* none did: over all runs);"
          " totals: sums of the medians over the tasks both servers did"
          + (f" (left out: {', '.join(left_out)})" if left_out else "")
          + "; seconds: time waiting on the server's answers; chars: text content of every tool result (images"
          " not counted)")
    chars_ok = p["chars"] > 0 and t["chars"] <= CHARS_GOAL * p["chars"]
    seconds_ok = p["seconds"] > 0 and t["seconds"] <= SECONDS_GOAL * p["seconds"]
    verdict = {True: "HOLDS", False: "MISSED"}
    print(f"goals: every task succeeds (pagenote, every run): {verdict[every_task_ok]} · calls ≤ Playwright MCP's"
          f" on every task: {verdict[calls_ok]} · chars ≤ {CHARS_GOAL}× in total: {verdict[chars_ok]}"
          f" · seconds ≤ {SECONDS_GOAL}× in total: {verdict[seconds_ok]} (a report, not a gate)")
    for note in notes:
        print(f"  - {note}")
    _by_tool(results)


def _by_tool(results: dict[str, dict[str, list[dict]]]) -> None:
    """Characters per tool, each server's calls of all tasks, per run on average: where the text goes."""
    print("\ncharacters by tool, all tasks, per run (calls × average):")
    for label in ("pagenote", PEER):
        chars: dict[str, list[int]] = {}
        runs = 0
        for by_server in results.values():
            runs = max(runs, len(by_server[label]))
            for row in by_server[label]:
                for tool, n in row.get("per_call", []):
                    chars.setdefault(tool, []).append(n)
        parts = sorted(chars.items(), key=lambda kv: -sum(kv[1]))
        print(f"  {label}: " + " · ".join(f"{tool} {len(v) / runs:.0f}×{sum(v) / len(v):.0f}" for tool, v in parts))
