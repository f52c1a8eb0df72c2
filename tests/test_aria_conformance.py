"""Roles and accessible names as the specs compute them (WAI-ARIA 1.2, HTML-AAM, AccName 1.2): table-driven
pages whose rows carry the spec's answer (tests/pages/aria_roles.html, aria_names.html), each row read through
the real page script (``select`` → the element record), one page load per table."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from app.model import ElementRecord
from app.model.text import LINE_CAP, cap_line
from app.picker_js import PICKER_WORLD, default_options
from app.picker_js.bundler import bundle, load_modules

ROLE_KINDS = {"invalid-token", "required-context", "implicit", "context", "minimum-role", "presentational"}
NAME_KINDS = {"generated-content", "labelledby-hidden", "input-button", "nbsp", "heading-content",
              "presentational-name", "host-language", "shadow-dom"}

# Main world: number the rows and return their expectations.
ROWS_JS = """JSON.stringify(Array.from(document.querySelectorAll('[data-kind]')).map((e, i) => {
  e.setAttribute('data-t', String(i));
  const d = e.dataset;
  return {t: i, tag: e.localName, kind: d.kind, spec: d.spec || '', role: 'role' in d ? d.role : null,
          name: 'pagenote' in d ? d.pagenote : ('name' in d ? d.name : null)};
}))"""


def rows_of(window, js, url: str) -> list[dict]:
    """Load ``url`` and return its rows, each with the record pagenote makes for the row's element."""
    window.load_page(url)
    rows = json.loads(js(ROWS_JS))
    for row in rows:
        found = window.page_call("select", f'[data-t="{row["t"]}"]')
        assert found["count"] == 1, row
        row["record"] = ElementRecord.model_validate(found["record"])
    return rows


def mismatches(rows: list[dict], field: str, key: str) -> list[str]:
    return [f"{r['kind']}: <{r['tag']}> {key} {getattr(r['record'], field)!r}, spec {r[key]!r} ({r['spec']})"
            for r in rows if r[key] is not None and getattr(r["record"], field) != r[key]]


def test_roles_follow_html_aam_and_wai_aria(window, server, js):
    rows = rows_of(window, js, server.url("aria_roles.html"))
    assert {r["kind"] for r in rows} == ROLE_KINDS
    assert len(rows) >= 90
    assert mismatches(rows, "role", "role") == []


def test_names_follow_accname(window, server, js):
    rows = rows_of(window, js, server.url("aria_names.html"))
    assert {r["kind"] for r in rows} == NAME_KINDS
    assert mismatches(rows, "accessible_name", "name") == []


def test_role_line_is_the_computed_role_and_attributes_keep_the_authors_role(window, server):
    window.load_page(server.url("aria_roles.html"))
    found = window.page_call("select", 'nav[role="foo"]')
    record = ElementRecord.model_validate(found["record"])
    assert record.role == "navigation" and record.attributes["role"] == "foo"
    found = window.page_call("select", 'button[role="tab"]:not([role="tablist"] *)')
    record = ElementRecord.model_validate(found["record"])
    assert record.role == "button" and record.attributes["role"] == "tab"


def test_role_locators_find_every_role_the_tables_give(window, server, js):
    """role=ROLE[name=…] narrows candidates with tables derived from the implicit-role table: every element of
    the roles page whose record has a role and a name is found again by its role locator."""
    rows = rows_of(window, js, server.url("aria_roles.html"))
    # A title names elements whose role takes no name from content (step 2I) and changes no role.
    js("document.querySelectorAll('[data-kind]').forEach((e) => e.title = 'only-' + e.dataset.t); 1")
    checked, lost = 0, []
    for row in rows:
        found = window.page_call("select", f'[data-t="{row["t"]}"]')
        record = ElementRecord.model_validate(found["record"])
        if record.role in ("", "generic", "none") or not record.accessible_name:
            continue
        hit = window.page_call("resolve", f'role={record.role}[name={json.dumps(record.accessible_name)}]', found["id"])
        checked += 1
        if hit["count"] < 1 or (hit["count"] == 1 and not hit["same"]):
            lost.append((row["tag"], record.role, record.accessible_name, hit))
    assert checked >= 50 and lost == []


@pytest.mark.parametrize("build, expected", [
    # 20,000 text spans: the name is the start of the text, cut at the line cap.
    ("for (let i = 0; i < 20000; i++) { const s = document.createElement('span'); s.textContent = 'word' + i + ' '; b.append(s); }",
     "cut"),
    # 20,000 empty elements before the only text: the walk gives up before reaching it.
    ("for (let i = 0; i < 20000; i++) b.append(document.createElement('i')); b.append('late');", ""),
])
def test_names_of_huge_subtrees_stop_at_the_cap(window, server, js, build, expected):
    window.load_page(server.url("aria_names.html"))
    js(f"(() => {{ const b = document.createElement('button'); b.id = 'huge'; document.body.append(b); {build} }})()")
    record = ElementRecord.model_validate(window.page_call("select", "#huge")["record"])
    text = js("document.getElementById('huge').textContent.replace(/\\s+/g, ' ').trim()")
    if expected == "cut":
        assert len(text) > LINE_CAP and record.accessible_name == cap_line(text)
    else:
        assert record.accessible_name == expected


TABLES_PROBE = """// @module tables_probe
// @imports aria_tables: ARIA_ROLES, ROLE_SYNONYMS, IMPLICIT_ROLES, INPUT_ROLES, TABLE_PART_ROLES, REQUIRED_CONTEXT
// @imports aria_tables: LIST_OWNER_ROLES, MINIMUM_ROLE_ATTRS, NAME_FROM_CONTENT_ROLES, NAME_PROHIBITED_ROLES
// @imports aria_tables: EMBEDDED_CONTROL_ROLES
const named = [];
const add = (where, r) => named.push([where, r]);
for (const [tag, m] of Object.entries(IMPLICIT_ROLES)) {
  if (typeof m === 'string') add(tag, m);
  else if (m.if) { add(tag, m.then); add(tag, m.else); }
  else if (m.listOwner) add(tag, m.listOwner);
}
for (const [type, rs] of Object.entries(INPUT_ROLES)) rs.forEach((r) => add('input ' + type, r));
for (const [owner, parts] of Object.entries(TABLE_PART_ROLES)) {
  add('table owner', owner);
  for (const r of Object.values(parts)) if (r !== 'header') add('table part', r);
}
for (const [r, ctx] of Object.entries(REQUIRED_CONTEXT)) { add('context of', r); ctx.forEach((c) => add('context', c)); }
for (const set of [LIST_OWNER_ROLES, NAME_FROM_CONTENT_ROLES, NAME_PROHIBITED_ROLES, EMBEDDED_CONTROL_ROLES]) set.forEach((r) => add('set', r));
Object.values(MINIMUM_ROLE_ATTRS).forEach((r) => add('minimum', r));
Object.values(ROLE_SYNONYMS).forEach((r) => add('synonym', r));
process.stdout.write(JSON.stringify(named.filter(([, r]) => r !== '' && !ARIA_ROLES.has(r))));
"""


def test_every_role_the_tables_name_is_a_valid_role():
    """A typo in a spec table (a role WAI-ARIA does not define) would silently never match."""
    node = shutil.which("node")
    assert node, "this test needs Node.js on PATH (Debian: apt-get install nodejs)"
    source = bundle(load_modules(PICKER_WORLD.packages, {"tables_probe": TABLES_PROBE}), "tables_probe", default_options())
    run = subprocess.run([node], input=source, capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout) == []
