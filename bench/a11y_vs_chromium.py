"""Roles and accessible names: pagenote against Chromium's accessibility tree and against the specs.

Pages: the conformance tables ``tests/pages/aria_roles.html`` and ``aria_names.html`` (each row carries the
spec's answer: ``data-role``, ``data-name``), CPython's ``library/stdtypes.html`` from Debian's ``python3-doc``
and the TodoMVC ``vanillajs`` app (npm package ``todomvc``, cached as ``bench/selector_robustness.py`` does,
three todos seeded in its localStorage). Each is served by ``python3 -m http.server`` on 127.0.0.1.

Chromium's side: Playwright drives Debian's Chromium (``/usr/bin/chromium``; Playwright never downloads a
browser here), 1440x900; a CDP session reads ``Accessibility.getFullAXTree`` once per page and
``Accessibility.getPartialAXTree`` for every element the full tree leaves out. pagenote's side: its window,
offscreen (``bench/_window.py``), with ``role()`` and ``accessibleName()`` of the picker's own modules run in a
separate isolated world over every element. Elements are matched by document order (every element from
``body`` down is numbered the same way in both browsers; a tag mismatch drops the element).

Comparison. Chromium's role is normalised: ``image`` is ``img``; an ignored node whose reason is a
presentational role (or an empty alt) is ``none``; any other ignored node that is rendered was pruned (not
exposed) and agrees with ``''``, ``generic`` and ``none``; its internal roles without an ARIA
equivalent (``LabelText``, ``Abbr``, ``DisclosureTriangle`` …) are "no role" (``''``), ``MathMLMath`` is
``math``. Elements Chromium does not render (``notRendered``, ``aria-hidden``, inert) are not compared (nor
counted as spec rows). On real pages, ``''``, ``generic`` and ``none`` count as one class. Names are compared with whitespace
(including U+00A0) squashed and cut to the line cap; only for nodes Chromium exposes.

    .venv/bin/python bench/a11y_vs_chromium.py [--todomvc DIR] [--show N]

Prints per page: elements compared, role and name agreement (pagenote ↔ Chromium; and, on the spec pages,
each of them ↔ the spec), then the disagreements (``--show`` per page, default 40). A measurement, not a gate:
the exit code is 0 whenever the run completes.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from _pages import DOCS, listening, serve, stop  # noqa: E402  (bench/ is on sys.path)
from selector_robustness import SEED_JS, TODOS, todomvc_dir  # noqa: E402

from app.model.text import LINE_CAP  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
WIDTH, HEIGHT = 1440, 900
A11Y_WORLD = 9  # an isolated world of its own (the latency bench's field world is 7)

# Main world, both browsers: number every element from body down; [index, tag, spec role or null, spec name
# or null, a short description].
NUMBER_JS = r"""(() => {
  const all = [document.body, ...document.body.querySelectorAll('*')];
  return JSON.stringify(all.map((e, i) => {
    e.setAttribute('data-a11y-i', String(i));
    const d = e.dataset;
    const what = e.localName + (e.id ? '#' + e.id : '') + (e.classList.length ? '.' + [...e.classList].slice(0, 2).join('.') : '')
      + (e.getAttribute('role') !== null ? '[role="' + e.getAttribute('role') + '"]' : '');
    return [i, e.localName, 'role' in d && 'kind' in d ? d.role : null, 'name' in d && 'kind' in d ? d.name : null,
            what.slice(0, 80)];
  }));
})()"""

# pagenote's side: a module bundled with the picker's own role and name modules.
PAGENOTE_JS = """// @module bench_fields
// @imports role: role; name: accessibleName
window.__pnA11y = () => {
  const t0 = performance.now();
  const out = {};
  for (const e of document.querySelectorAll('[data-a11y-i]')) {
    let r = '', n = '';
    try { r = role(e); n = accessibleName(e); } catch (err) { r = 'ERROR ' + err; }
    out[e.getAttribute('data-a11y-i')] = [r, n];
  }
  return JSON.stringify({ rows: out, ms: performance.now() - t0 });
};
"""

HIDDEN_REASONS = {"notRendered", "ariaHiddenElement", "ariaHiddenSubtree", "inertElement", "inertSubtree",
                  "notVisible", "activeModalDialog"}
NONE_REASONS = {"presentationalRole", "emptyAlt", "inheritsPresentation"}
ROLE_ALIASES = {"image": "img", "MathMLMath": "math"}
NO_ROLE = {"", "generic", "none"}
GENERIC_OR_NONE = "~generic"  # Chromium pruned the node: generic or no role


def squash(s: str | None) -> str:
    return " ".join((s or "").split())[:LINE_CAP]


def chromium_side(url: str, seed: str | None) -> dict:
    """{index: {tag, role, name, ignored, hidden}} from Chromium's accessibility tree for ``url``."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM)
        try:
            page = browser.new_page(viewport={"width": WIDTH, "height": HEIGHT})
            page.goto(url)
            if seed:
                page.evaluate(seed)
                page.goto(url)
            page.wait_for_timeout(300)
            numbered = json.loads(page.evaluate(NUMBER_JS))
            cdp = page.context.new_cdp_session(page)
            doc = cdp.send("DOM.getDocument", {"depth": -1})
            backend = {}

            def walk(node: dict) -> None:
                attrs = node.get("attributes") or []
                for k in range(0, len(attrs) - 1, 2):
                    if attrs[k] == "data-a11y-i":
                        backend[int(attrs[k + 1])] = node["backendNodeId"]
                for child in node.get("children") or []:
                    walk(child)
            walk(doc["root"])
            cdp.send("Accessibility.enable")
            full = cdp.send("Accessibility.getFullAXTree")["nodes"]
            by_backend = {n["backendDOMNodeId"]: n for n in full if "backendDOMNodeId" in n}
            out = {}
            for i, tag, *_ in numbered:
                node = by_backend.get(backend.get(i))
                if node is None and i in backend:
                    part = cdp.send("Accessibility.getPartialAXTree", {"backendNodeId": backend[i], "fetchRelatives": False})
                    node = part["nodes"][0] if part["nodes"] else None
                out[i] = chromium_row(tag, node)
            return {"numbered": numbered, "rows": out}
        finally:
            browser.close()


def chromium_row(tag: str, node: dict | None) -> dict:
    if node is None:
        return {"tag": tag, "role": None, "name": "", "hidden": True, "ignored": True}
    reasons = {r.get("name") for r in node.get("ignoredReasons") or []}
    raw = (node.get("role") or {}).get("value") or ""
    name = (node.get("name") or {}).get("value") or ""
    if node.get("ignored"):
        hidden = bool(reasons & HIDDEN_REASONS)
        role = "none" if reasons & NONE_REASONS else GENERIC_OR_NONE
        return {"tag": tag, "role": None if hidden else role, "name": "", "hidden": hidden, "ignored": True,
                "raw": raw, "reasons": sorted(reasons)}
    role = ROLE_ALIASES.get(raw, raw)
    if role[:1].isupper():  # Chromium's internal roles without an ARIA equivalent
        role = ""
    return {"tag": tag, "role": role, "name": name, "hidden": False, "ignored": False, "raw": raw}


def pagenote_side(pages: list[tuple[str, str, str | None]]) -> dict:
    """{page name: {"rows": {index: [role, name]}, "numbered": [...], "ms": role+name time for all}}."""
    from _window import BenchWindow, fields_world_source, run_in_app

    results = {}

    async def work(app) -> None:
        w = BenchWindow(app)
        try:
            for name, url, seed in pages:
                await w.load(url)
                if seed:
                    await w.js(seed, world=0)
                    await w.load(url)
                await w.settle(300)
                numbered = await w.js(NUMBER_JS, world=0)
                await w.js(fields_world_source(PAGENOTE_JS) + "0", A11Y_WORLD)
                got = await w.js("window.__pnA11y()", A11Y_WORLD, 600_000)
                results[name] = {"numbered": numbered, "rows": got["rows"], "ms": got["ms"]}
        finally:
            w.close()

    with tempfile.TemporaryDirectory(prefix="pagenote-bench-") as tmp:
        run_in_app(Path(tmp) / "project", work)
    return results


def role_agrees(actual: str, chromium: str | None, loose: bool) -> bool:
    if chromium == GENERIC_OR_NONE:  # a pruned node: not exposed, so as good as generic, no role or none
        return actual in NO_ROLE
    if loose and actual in NO_ROLE and chromium in NO_ROLE:
        return True
    return actual == chromium


def compare(name: str, ours: dict, theirs: dict, show: int) -> dict:
    """Print the figures of one page; returns its counts."""
    spec_page = any(row[2] is not None or row[3] is not None for row in ours["numbered"])
    counts = dict(n=0, role=0, name_n=0, name=0, hidden=0, dropped=0, spec_hidden=0,
                  spec_roles=0, pn_spec_role=0, cr_spec_role=0, spec_names=0, pn_spec_name=0, cr_spec_name=0)
    diffs, groups = [], {}
    for (i, tag, spec_role, spec_name, what), (j, tag2, *_rest) in zip(ours["numbered"], theirs["numbered"]):
        if i != j or tag != tag2:
            counts["dropped"] += 1
            continue
        pn_role, pn_name = ours["rows"][str(i)]
        cr = theirs["rows"][i]
        # Spec rows Chromium does not render (a closed popover) are not counted for either browser.
        if spec_role is not None and cr["role"] is not None:
            counts["spec_roles"] += 1
            counts["pn_spec_role"] += pn_role == spec_role
            ok = role_agrees(spec_role, cr["role"], loose=False)
            counts["cr_spec_role"] += ok
            if pn_role != spec_role or not ok:
                diffs.append(f"  role  {what:44} spec {spec_role!r:17} pagenote {pn_role!r:17} chromium "
                             f"{cr.get('raw')!r} {cr.get('reasons', '')}")
        if spec_name is not None and cr["role"] is not None:
            counts["spec_names"] += 1
            counts["pn_spec_name"] += squash(pn_name) == squash(spec_name)
            counts["cr_spec_name"] += squash(cr["name"]) == squash(spec_name)
            if squash(pn_name) != squash(spec_name) or squash(cr["name"]) != squash(spec_name):
                diffs.append(f"  name  {what:44} spec {spec_name!r:17} pagenote {pn_name!r:17} chromium {cr['name']!r}")
        if (spec_role is not None or spec_name is not None) and cr["role"] is None:
            counts["spec_hidden"] += 1
        if cr["role"] is None:
            counts["hidden"] += 1
            continue
        counts["n"] += 1
        r_ok = role_agrees(pn_role, cr["role"], loose=True)
        counts["role"] += r_ok
        if not r_ok:
            key = f"role  <{tag}> pagenote {pn_role!r} · chromium {cr.get('raw')!r}"
            groups[key] = groups.get(key, 0) + 1
        if not r_ok and not spec_page:
            diffs.append(f"  role  {what:44} pagenote {pn_role!r:17} chromium {cr.get('raw')!r} {cr.get('reasons', '')}")
        if not cr["ignored"]:
            counts["name_n"] += 1
            n_ok = squash(pn_name) == squash(cr["name"])
            counts["name"] += n_ok
            if not n_ok:
                key = (f"name  <{tag}> role {pn_role!r}: pagenote " + ("''" if not squash(pn_name) else "a name")
                       + " · chromium " + ("''" if not squash(cr["name"]) else "a name"))
                groups[key] = groups.get(key, 0) + 1
            if not n_ok and not spec_page:
                diffs.append(f"  name  {what:44} pagenote {squash(pn_name)[:60]!r} chromium {squash(cr['name'])[:60]!r}")
    pct = lambda a, b: f"{100 * a / b:5.1f} %" if b else "  n/a"  # noqa: E731
    print(f"\n{name}: {counts['n']} elements compared ({counts['hidden']} not rendered by Chromium, "
          f"{counts['dropped']} unmatched); pagenote role()+accessibleName() over all: {ours['ms']:.0f} ms")
    print(f"  pagenote ↔ Chromium: roles {pct(counts['role'], counts['n'])} of {counts['n']}, "
          f"names {pct(counts['name'], counts['name_n'])} of {counts['name_n']}")
    if spec_page:
        if counts["spec_hidden"]:
            print(f"  ({counts['spec_hidden']} spec rows not rendered by Chromium are left out)")
        print(f"  ↔ spec, roles ({counts['spec_roles']} rows): pagenote {pct(counts['pn_spec_role'], counts['spec_roles'])}, "
              f"Chromium {pct(counts['cr_spec_role'], counts['spec_roles'])}")
        print(f"  ↔ spec, names ({counts['spec_names']} rows): pagenote {pct(counts['pn_spec_name'], counts['spec_names'])}, "
              f"Chromium {pct(counts['cr_spec_name'], counts['spec_names'])}")
    if groups and not spec_page:
        print("  pagenote ↔ Chromium disagreements by kind (count):")
        for key, n in sorted(groups.items(), key=lambda kv: -kv[1])[:20]:
            print(f"    {n:5d}  {key}")
    if diffs:
        print(f"  disagreements ({len(diffs)}{', first ' + str(show) if len(diffs) > show else ''}):")
        for line in diffs[:show]:
            print(line)
    return counts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--todomvc", help="an unpacked todomvc package (default: npm pack into the cache)")
    parser.add_argument("--show", type=int, default=40, help="disagreements printed per page (default 40)")
    args = parser.parse_args()
    started = time.perf_counter()

    dirs = [("aria_roles.html", ROOT / "tests" / "pages", "aria_roles.html", None),
            ("aria_names.html", ROOT / "tests" / "pages", "aria_names.html", None)]
    if (DOCS / "library" / "stdtypes.html").exists():
        dirs.append(("stdtypes.html", DOCS, "library/stdtypes.html", None))
    else:
        print(f"note: {DOCS} is missing (apt-get install python3-doc); the docs page is skipped")
    todo = todomvc_dir(args.todomvc)
    dirs.append(("todomvc vanillajs", todo / "examples", "vanillajs/index.html",
                 SEED_JS["vanillajs"] % {"todos": json.dumps(list(TODOS))}))

    servers, pages = [], []
    try:
        for name, directory, path, seed in dirs:
            server, port = serve(directory)
            servers.append(server)
            pages.append((name, f"http://127.0.0.1:{port}/{path}", seed, port))
        deadline = time.perf_counter() + 10
        while not all(listening(port) for *_, port in pages):
            if time.perf_counter() > deadline:
                raise RuntimeError("an http.server did not start")
            time.sleep(0.05)
        chromium = {name: chromium_side(url, seed) for name, url, seed, _ in pages}
        ours = pagenote_side([(name, url, seed) for name, url, seed, _ in pages])
    finally:
        stop(servers)

    totals = {}
    for name, *_ in pages:
        counts = compare(name, ours[name], chromium[name], args.show)
        for k, v in counts.items():
            totals.setdefault("real" if not name.startswith("aria_") else "spec", {}).setdefault(k, 0)
            totals["real" if not name.startswith("aria_") else "spec"][k] += v
    spec, real = totals.get("spec", {}), totals.get("real", {})
    pct = lambda a, b: f"{100 * a / b:.1f} %" if b else "n/a"  # noqa: E731
    print("\nsummary")
    if spec:
        print(f"  spec tables, roles: pagenote {pct(spec['pn_spec_role'], spec['spec_roles'])}, Chromium "
              f"{pct(spec['cr_spec_role'], spec['spec_roles'])} of {spec['spec_roles']} rows; names: pagenote "
              f"{pct(spec['pn_spec_name'], spec['spec_names'])}, Chromium {pct(spec['cr_spec_name'], spec['spec_names'])} "
              f"of {spec['spec_names']} rows")
    if real:
        print(f"  real pages, pagenote ↔ Chromium: roles {pct(real['role'], real['n'])} of {real['n']} elements "
              f"(goal ≥ 98 %), names {pct(real['name'], real['name_n'])} of {real['name_n']}")
    print(f"total {time.perf_counter() - started:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
