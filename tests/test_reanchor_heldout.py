"""Held-out look-alikes on a real page (issue 30, requirement 1): the cells of CPython's stdtypes.html tables
that read like others ("(1)", "(2)", "x", "s", empty Notes cells) and its "¶" header links, pinned, then (a) the
page reloaded unchanged, (b) each table's rows re-rendered in reverse order (new nodes, same texts). Counted:
re-found on their own element, moved to a look-alike (must be 0), stale. Debian's CPython documentation served
on 127.0.0.1 (tests/test_reload_status.py's server); app/picker_js/anchors.js decides."""

from __future__ import annotations

from app.model import ElementRecord
from test_reload_status import docs  # noqa: F401  (the fixture)

# Main world: a CSS path (nth-child at each step) to each look-alike chosen: a table cell whose text another
# cell of the page has too (<= 4 per table), and every 20th "¶" link. These paths name the true element while
# the page is unchanged.
CHOOSE = """(() => {
  const path = (e) => { const out = []; for (; e && e !== document.documentElement; e = e.parentElement)
    out.unshift(`${e.localName}:nth-child(${Array.prototype.indexOf.call(e.parentElement.children, e) + 1})`);
    return 'html > ' + out.join(' > '); };
  const cells = Array.from(document.querySelectorAll('table.docutils tbody td'));
  const count = new Map();
  for (const c of cells) count.set(c.innerText.trim(), (count.get(c.innerText.trim()) || 0) + 1);
  const out = [];
  for (const t of document.querySelectorAll('table.docutils')) {
    out.push(...Array.from(t.querySelectorAll('tbody td')).filter((c) => count.get(c.innerText.trim()) > 1)
      .filter((c, i) => i % 3 === 1).slice(0, 4).map(path));
  }
  const links = Array.from(document.querySelectorAll('a.headerlink'));
  out.push(...links.filter((a, i) => i % 20 === 5).map(path));
  return out;
})()"""

# The viewport rect [x, y, w, h] of the element each path names.
RECTS = """((paths) => paths.map((p) => { const r = document.querySelector(p).getBoundingClientRect();
  return [r.x, r.y, r.width, r.height]; }))"""


def pin_all(window, paths):
    ids = []
    for path in paths:
        found = window.page_call("select", path)
        assert found["count"] == 1, path
        window.tab.annotator.pin(found["id"], ElementRecord.model_validate(found["record"]), "")
        ids.append(found["id"])
    return ids


def outcome(window, ids, truth):
    """(re-found, moved, stale) over the pins `ids`, `truth` their true elements' rects [x, y, w, h] (None: the
    page holds copies of it the evidence cannot tell apart, so only stale is right and a node found is a guess,
    counted as moved)."""
    batch = window.run(window.tab.refreshed_batch())
    refound = moved = stale = 0
    for pin_id, annotation, rect in zip(ids, batch.annotations, truth):
        if annotation.status == "stale":
            stale += 1
            continue
        at = window.page_call("elementViewport", pin_id)
        same = rect is not None and all(abs(at[k] - v) < 1 for k, v in zip(("x", "y", "width"), rect))
        refound, moved = refound + same, moved + (not same)
    return refound, moved, stale


def settled(window):
    """Whether every pin was re-anchored after a reload: the page has a node for it, or the host heard stale."""
    return all(p.annotation.status == "stale" or window.page_call("elementViewport", p.id) is not None
               for p in window.session.pins)


def test_look_alikes_on_a_real_page_are_re_found_after_a_reload_and_never_moved(window, docs, qtbot, js):
    window.load_page(docs + "library/stdtypes.html")
    paths = js(CHOOSE)
    assert len(paths) >= 30
    ids = pin_all(window, paths)
    window.load_page(window.view.url().toString())
    qtbot.waitUntil(lambda: settled(window), timeout=20_000)
    refound, moved, stale = outcome(window, ids, js(f"{RECTS}({paths!r})"))
    print(f"\nreload: {len(ids)} pins, re-found {refound}, moved {moved}, stale {stale}")
    assert moved == 0
    assert refound >= 0.95 * len(ids)


def test_table_cells_follow_their_rows_when_the_rows_are_re_rendered_in_another_order(window, docs, js):
    window.load_page(docs + "library/stdtypes.html")
    paths = [p for p in js(CHOOSE) if " > table:" in p]
    assert len(paths) >= 20
    ids = pin_all(window, paths)
    # Each pinned cell's table body, row text and column, to find its copy after the re-render.
    keys = js(f"({paths!r}).map((p) => {{ const c = document.querySelector(p);"
              " return [Array.from(document.querySelectorAll('tbody')).indexOf(c.closest('tbody')),"
              " c.parentElement.innerText, c.cellIndex]; })")
    js("document.querySelectorAll('table.docutils tbody').forEach((b) =>"
       " b.replaceChildren(...Array.from(b.rows).reverse().map((r) => r.cloneNode(true)))); true")
    # No wait for the page's debounced pass: the export (refreshed_batch) re-checks every anchor at once.
    truth = js(f"({keys!r}).map(([body, row, col]) => {{"
               " const r = Array.from(document.querySelectorAll('tbody')[body].rows)"
               ".filter((tr) => tr.innerText === row); if (r.length !== 1) return null;"
               " const b = r[0].cells[col].getBoundingClientRect(); return [b.x, b.y, b.width, b.height]; })")
    refound, moved, stale = outcome(window, ids, truth)
    print(f"\nre-sort: {len(ids)} pins, re-found {refound}, moved {moved}, stale {stale}")
    assert moved == 0
    assert refound >= 0.95 * len(ids)
