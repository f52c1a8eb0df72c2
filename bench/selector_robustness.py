"""Selector robustness: how long pagenote's selectors are and whether they survive small DOM changes
(issue 9 §11).

Pages: ``library/stdtypes.html``, ``library/functions.html`` and ``tutorial/introduction.html`` from Debian's
``python3-doc``, and two TodoMVC apps that run from static files (``examples/vanillajs`` and
``examples/backbone`` of the npm package ``todomvc``, fetched with ``npm pack todomvc`` into a cache directory
the first time; three todos are put in their localStorage and the page reloaded). Each is served by
``python3 -m http.server`` on 127.0.0.1 and loaded in pagenote's window (1440x900, offscreen,
``bench/_window.py``).

Targets: every link (``a[href]``), button (``button``, ``[role=button]``, ``input[type=button|submit]``),
heading (``h1``–``h6``) and code span (``code``) that has a box and intersects the viewport. Each is picked
with ``window.__pagenote.select(path)`` (``path``: its full ``:nth-of-type`` path, computed in the page) —
twice, to count selectors that differ between two runs — and its record's ``selector`` is checked in the page's
main world:

- unique: ``querySelectorAll(selector)`` is exactly the element;
- after (a) inserting a sibling before it (a new element of the same tag, no attributes, text "inserted");
- after (a2), for information, inserting a ``div`` before it instead;
- after (b) wrapping its parent in a new ``div``;

each change undone before the next. Printed per page and for all: targets, median selector length (code
units), the share still matching exactly the element after (a) and after (b) (goal ≥ 95 %), how many are
full ``html > body…`` chains, and the median ``select`` time.

    .venv/bin/python bench/selector_robustness.py [--todomvc DIR]

``--todomvc``: an unpacked ``todomvc`` package (the directory holding ``examples/``). A measurement, not a
gate: the exit code is 0 whenever the run completes.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from _pages import DOCS, listening, serve, stop  # noqa: E402  (bench/ is on sys.path)

DOC_PAGES = ("library/stdtypes.html", "library/functions.html", "tutorial/introduction.html")
TODO_APPS = ("vanillajs", "backbone")
CACHE = Path.home() / ".cache" / "pagenote-bench" / "todomvc"
TODOS = ("Buy milk", "Write the report", "Call Ada")

# localStorage seeds (main world) per app: vanillajs' Store and backbone.localStorage formats.
SEED_JS = {
    "vanillajs": """localStorage['todos-vanillajs'] = JSON.stringify({todos: %(todos)s.map(
        (t, i) => ({title: t, completed: i === 1, id: i + 1}))}); 'ok'""",
    "backbone": """(() => { const ids = %(todos)s.map((t, i) => 'seed' + i);
        localStorage['todos-backbone'] = ids.join(',');
        %(todos)s.forEach((t, i) => { localStorage['todos-backbone-seed' + i] = JSON.stringify(
          {id: 'seed' + i, title: t, completed: i === 1, order: i + 1}); }); return 'ok'; })()""",
}

# Main world: the targets in the viewport, each as its full :nth-of-type path.
TARGETS_JS = r"""(() => {
  const path = (el) => { const parts = [];
    for (let n = el; n && n.nodeType === 1; n = n.parentElement) { let k = 1;
      for (let s = n.previousElementSibling; s; s = s.previousElementSibling) if (s.localName === n.localName) k++;
      parts.unshift(CSS.escape(n.localName) + (n.parentElement ? ':nth-of-type(' + k + ')' : '')); }
    return parts.join(' > '); };
  const kinds = [['link', 'a[href]'], ['button', 'button, [role=button], input[type=button], input[type=submit]'],
                 ['heading', 'h1, h2, h3, h4, h5, h6'], ['code', 'code']];
  const out = [];
  for (const [kind, sel] of kinds) for (const el of document.querySelectorAll(sel)) {
    const r = el.getBoundingClientRect();
    if (!el.getClientRects().length || r.width <= 0 || r.height <= 0) continue;
    if (r.bottom <= 0 || r.right <= 0 || r.top >= innerHeight || r.left >= innerWidth) continue;
    out.push({kind, path: path(el)});
  }
  return JSON.stringify(out);
})()"""

# Main world: for each [path, selector], is the selector exactly the element now, after (a), after (b)?
CHECK_JS = r"""((pairs) => {
  const only = (sel, el) => { try { const l = document.querySelectorAll(sel); return l.length === 1 && l[0] === el; }
                              catch (e) { return false; } };
  return JSON.stringify(pairs.map(([path, sel]) => {
    const el = document.querySelector(path);
    if (!el || !sel) return {unique: false, sibling: false, divSibling: false, wrap: false};
    const unique = only(sel, el);
    const sib = document.createElement(el.localName); sib.textContent = 'inserted'; el.before(sib);
    const sibling = only(sel, el); sib.remove();
    const div = document.createElement('div'); div.textContent = 'inserted'; el.before(div);
    const divSibling = only(sel, el); div.remove();
    const p = el.parentElement; let wrap = false;
    if (p && p.parentNode) { const w = document.createElement('div'); p.before(w); w.append(p);
                             wrap = only(sel, el); w.before(p); w.remove(); }
    return {unique, sibling, divSibling, wrap};
  }));
})(%s)"""


def todomvc_dir(given: str | None) -> Path:
    """The unpacked ``todomvc`` package: ``given``, or the cache (``npm pack todomvc`` there the first time).
    Raises ``RuntimeError`` when npm fails."""
    if given:
        return Path(given)
    package = CACHE / "package"
    if not (package / "examples").is_dir():
        CACHE.mkdir(parents=True, exist_ok=True)
        proc = subprocess.run(["npm", "pack", "todomvc"], cwd=CACHE, capture_output=True, text=True, timeout=300)
        tgz = sorted(CACHE.glob("todomvc-*.tgz"))
        if proc.returncode != 0 or not tgz:
            raise RuntimeError(f"npm pack todomvc failed: {proc.stderr.strip()[-500:]}")
        with tarfile.open(tgz[-1]) as tar:
            tar.extractall(CACHE, filter="data")
    return package


def median(values) -> float:
    return statistics.median(values) if values else float("nan")


async def measure_page(w, url: str, seed: str | None) -> list[dict]:
    """Rows ``{kind, selector, again, ms, unique, sibling, wrap}`` for the targets of ``url``."""
    await w.load(url)
    if seed:
        await w.js(seed, world=0)
        await w.load(url)
    await w.settle(300)
    targets = await w.js(TARGETS_JS, world=0)
    rows = []
    for t in targets:
        picks = []
        for _ in range(2):
            start = time.perf_counter()
            found = await w.js(f"window.__pagenote.select({json.dumps(t['path'])})")
            picks.append(((time.perf_counter() - start) * 1e3, (found.get("record") or {}).get("selector", "")))
        rows.append({"kind": t["kind"], "path": t["path"], "selector": picks[0][1], "again": picks[1][1],
                     "ms": picks[0][0]})
    checks = await w.js(CHECK_JS % json.dumps([[r["path"], r["selector"]] for r in rows]), world=0)
    for row, check in zip(rows, checks):
        row.update(check)
    return rows


def summary(name: str, rows: list[dict]) -> str:
    n = len(rows)
    if not n:
        return f"{name:34} no targets"
    pct = lambda key: 100 * sum(r[key] for r in rows) / n  # noqa: E731
    chains = sum(r["selector"].startswith("html") for r in rows)
    differ = sum(r["selector"] != r["again"] for r in rows)
    return (f"{name:34} {n:4d} {median([len(r['selector']) for r in rows]):7.0f} {pct('unique'):7.1f} "
            f"{pct('sibling'):7.1f} {pct('divSibling'):7.1f} {pct('wrap'):7.1f} {chains:7d} {differ:7d} {median([r['ms'] for r in rows]):8.1f}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--todomvc", help="an unpacked todomvc package (default: npm pack into the cache)")
    parser.add_argument("--show", type=int, default=3, help="example selectors printed per page (default 3)")
    parser.add_argument("--failures", action="store_true",
                        help="print every selector that fails (a) or (b), with the change that broke it")
    args = parser.parse_args()
    started = time.perf_counter()

    from _window import BenchWindow, run_in_app, wait_until

    pages = []  # (name, directory, path, seed)
    if (DOCS / DOC_PAGES[0]).exists():
        pages += [(p.split("/")[-1], DOCS, p, None) for p in DOC_PAGES]
    else:
        print(f"note: {DOCS} is missing (apt-get install python3-doc); the docs pages are skipped")
    todo = todomvc_dir(args.todomvc)
    for app_name in TODO_APPS:
        seed = SEED_JS[app_name] % {"todos": json.dumps(list(TODOS))}
        pages.append((f"todomvc {app_name}", todo / "examples", f"{app_name}/index.html", seed))

    servers, results = [], {}
    with tempfile.TemporaryDirectory(prefix="pagenote-bench-") as tmp:
        async def work(app) -> None:
            urls = {}
            for name, directory, path, seed in pages:
                server, port = serve(directory)
                servers.append(server)
                urls[name] = (port, f"http://127.0.0.1:{port}/{path}", seed)
            w = BenchWindow(app)
            try:
                for name, (port, url, seed) in urls.items():
                    if not await wait_until(lambda port=port: listening(port), 10_000):
                        raise RuntimeError(f"http.server on port {port} did not start")
                    results[name] = await measure_page(w, url, seed)
            finally:
                w.close()

        try:
            run_in_app(Path(tmp) / "project", work)
        finally:
            stop(servers)

    print(f"{'page':34} {'n':>4} {'median':>7} {'unique':>7} {'(a) %':>7} {'(a2) %':>7} {'(b) %':>7} {'chains':>7} "
          f"{'differ':>7} {'ms p50':>8}")
    everything = []
    for name, rows in results.items():
        print(summary(name, rows))
        everything += rows
    print(summary("all pages", everything))
    for kind in ("link", "button", "heading", "code"):
        print(summary(f"  all {kind}s", [r for r in everything if r["kind"] == kind]))
    print("(median: selector length in code units; unique / (a) sibling inserted / (b) parent wrapped: % still "
          "exactly the element; (a2): a div inserted before it instead; chains: full html > body… paths; differ: changed between two picks)")
    for name, rows in results.items():
        for r in rows[:: max(1, len(rows) // max(1, args.show))][: args.show]:
            print(f"  {name}: {r['kind']:8} {r['selector']}")
    if args.failures:
        for name, rows in results.items():
            for r in rows:
                broke = [k for k, key in (("(a)", "sibling"), ("(b)", "wrap")) if not r[key]]
                if broke:
                    print(f"  FAIL {'/'.join(broke):7} {name}: {r['kind']:8} {r['selector']}")
    print(f"total {time.perf_counter() - started:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
