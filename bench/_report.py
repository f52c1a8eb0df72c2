"""The picker bench's report: milestones against the goals (p95), where the time goes, host call costs."""

from __future__ import annotations

from _stats import pct

HOVER_GOAL_MS, PIN_GOAL_MS = 16.0, 50.0
#: The panel row may come later than the marker (issue 30, requirement 8).
ROW_GOAL_MS = 100.0


def report(results: dict[str, dict], spans: dict[str, list[float]], rtts: list[float], scale: float = 1.0) -> None:
    """Print the table of milestones against the goals (× ``scale``: 2 for a run beside
    ``../shared/tools/under-load 2``, issue 30, requirement 8), where the time goes per page, the host calls'
    durations (``spans``: label → ms) and the runJavaScript round trip (``rtts``, ms), then the verdict."""
    hover_goal, pin_goal, row_goal = HOVER_GOAL_MS * scale, PIN_GOAL_MS * scale, ROW_GOAL_MS * scale
    rows = [("hover → state (hover answered)", "hover_state", hover_goal, True),
            ("hover → highlight painted (host)", "hover_frame", hover_goal, False),
            ("hover → pixels (#2563EB at edge)", "hover_pixels", hover_goal, False),
            ("pin → marker painted (host)", "pin_marker", pin_goal, True),
            ("pin → panel row (refresh)", "pin_row", row_goal, True),
            ("pin → marker pixels", "pin_pixels", pin_goal, False),
            ("pin → whole record (after marker)", "pin_record", row_goal, False)]
    print(f"\n{'page':<23} {'ms after the Qt mouse event':<34} {'n':>4} {'p50':>7} {'p95':>7} {'max':>7}  p95 goal")
    holds = {"hover": True, "pin": True}
    for page, res in results.items():
        for i, (label, key, goal, counted) in enumerate(rows):
            v = res.get(key, [])
            ok = bool(v) and pct(v, 95) <= goal
            if counted:
                holds[key.split("_")[0]] &= ok
                verdict = "ok" if ok else "MISSED"
            else:
                verdict = ("within" if ok else "over") + " (info)"
            stats = f"{len(v):>4} {pct(v, 50):>7.1f} {pct(v, 95):>7.1f} {max(v, default=float('nan')):>7.1f}"
            print(f"{page if i == 0 else '':<23} {label:<34} {stats}  ≤{goal:.0f} {verdict}")

    print("\nwhere the time goes (p50 ms unless marked; in/out: runJavaScript transit host→page and back to the"
          " callback; host paint: the marks widget painted over the view, app/ui/marks.py):")
    for page, res in results.items():
        def m(key: str, q: float = 50, res: dict = res) -> float:
            return pct(res.get(key, []), q)

        print(f"  {page}: {res['elements']} elements, {len(res['targets'])} targets")
        print(f"    hover: in {m('hover_in'):.2f} · hover() {m('hover_exec'):.2f} · out {m('hover_out'):.2f}"
              f" → state {m('hover_state'):.2f} · host paint +{m('hover_frame') - m('hover_state'):.1f}"
              f" · to the grab +{m('hover_gap'):.1f} (p95 {m('hover_gap', 95):.1f})")
        print(f"    pin:   in {m('pick_in'):.2f} · pick() {m('pick_exec'):.1f} ({m('pick_kib'):.1f} KiB JSON)"
              f" · out {m('pick_out'):.2f} → answer {m('pick_answer'):.1f}"
              f" · host to setMarkers +{m('marker_call') - m('pick_answer'):.2f}"
              f" · setMarkers() {m('marker_exec'):.2f} · to the host's paint +{m('pin_marker') - m('marker_done'):.1f}")
        print(f"           pixel pass: marker painted at {m('pin_px_rendered'):.1f}"
              f" (p95 {m('pin_px_rendered', 95):.1f})"
              f" · to the grab +{m('pin_gap'):.1f} (p95 {m('pin_gap', 95):.1f}) · dot first seen as "
              + ", ".join(f"{c} ×{n}" for c, n in res["marker_colours"].items()))
        fields, steps = res["fields"], res["steps"]
        if fields:
            order = sorted(fields, key=lambda k: -pct(fields[k], 50))
            top = " · ".join(f"{k} {pct(fields[k], 50):.2f}/{pct(fields[k], 95):.1f}" for k in order[:7])
            rest = f"{max(pct(fields[k], 50) for k in order[7:]):.2f}/{max(pct(fields[k], 95) for k in order[7:]):.1f}"
            print(f"    record, field by field (p50/p95 ms, alone): {top} · others ≤ {rest}")
            print("    inside locators: " + " · ".join(f"{k} {pct(v, 50):.2f}/{pct(v, 95):.1f}"
                                                 for k, v in sorted(steps.items(), key=lambda kv: -pct(kv[1], 50)))
                  + f" · selector's querySelectorAll calls {m('selector_queries'):.0f}"
                  f"/{m('selector_queries', 95):.0f}")
            print(f"    host per answer: json.loads {m('json_loads'):.3f} · ElementRecord.model_validate"
                  f" {m('validate'):.3f} · locators kept: "
                  + ", ".join(f"{k} {n}" for k, n in sorted(res["kinds"].items(), key=lambda kv: -kv[1])))
        for problem in res["problems"][:6]:
            print(f"    ! {problem}")
        if len(res["problems"]) > 6:
            print(f"    ! … {len(res['problems']) - 6} more")
    print("  host calls, all pages (p50 / p95 ms):")
    for name, values in spans.items():
        print(f"    {name:<66} {pct(values, 50):6.2f} {pct(values, 95):6.2f}  n={len(values)}")
    print(f"  trivial runJavaScript round trip (quickest per batch, p50): {pct(rtts, 50):.3f} ms")
    print(f"\ngoals{' (×' + format(scale, 'g') + ', under load)' if scale != 1 else ''}: hover outline moved p95"
          f" ≤ {hover_goal:.0f} ms: {'HOLDS' if holds['hover'] else 'MISSED'}"
          f" · pin (marker placed ≤ {pin_goal:.0f} ms, panel row ≤ {row_goal:.0f} ms, p95):"
          f" {'HOLDS' if holds['pin'] else 'MISSED'}"
          " · (info) rows are not part of the verdict")
