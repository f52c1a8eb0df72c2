"""The JavaScript the picker bench runs in the page: timing wrappers around pagenote's page API, the choice of
targets under a grid of points, and an element record rebuilt field by field with the picker's own functions."""

from __future__ import annotations

#: Isolated world of the field-by-field record profile (pagenote's own world is ``app.webview``'s).
FIELDS_WORLD = 7

# Page side, in pagenote's isolated world: when each API call ran, its next animation frame and the end of that
# frame's style, layout and paint (a task posted from it). The highlight and markers are painted by the host
# (app/ui/marks.py), timed in bench/_window.py.
INSTRUMENT_JS = """(() => {
  const api = window.__pagenote;
  if (!api) return 'missing';
  if (window.__pnBench) return 'ok';
  const log = window.__pnBench = [];
  for (const name of ['hover', 'pick', 'setMarkers']) {
    const orig = api[name];
    api[name] = function (...args) {
      const t0 = performance.now();
      const out = orig.apply(this, args);
      const rec = { m: name, t0, t1: performance.now(), len: typeof out === 'string' ? out.length : 0,
                    raf: null, after: null };
      log.push(rec);
      requestAnimationFrame(() => {
        rec.raf = performance.now();
        const ch = new MessageChannel();
        ch.port1.onmessage = () => { rec.after = performance.now(); };
        ch.port2.postMessage(0);
      });
      return out;
    };
  }
  return 'ok';
})()"""

# Targets: the element under each of a shuffled grid of points; its box plus the marker dot's 36x28 px kept
# apart (6 px) from the others. `edgeY`: mid-height of the box's visible part.
TARGETS_JS = """((n, seed) => {
  const vw = innerWidth, vh = innerHeight;
  let s = seed >>> 0;
  const rnd = () => (s = (s * 1664525 + 1013904223) >>> 0) / 4294967296;
  const points = [];
  for (let y = 30; y < vh - 30; y += 19) {
    for (let x = 12; x < vw - 48; x += 29) points.push([x + rnd() * 8, y + rnd() * 6]);
  }
  for (let i = points.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [points[i], points[j]] = [points[j], points[i]];
  }
  const apart = (a, b) => a.x - 6 >= b.x + b.w || b.x - 6 >= a.x + a.w || a.y - 6 >= b.y + b.h || b.y - 6 >= a.y + a.h;
  const seen = new Set(), used = [], out = [];
  for (const [x, y] of points) {
    if (out.length >= n) break;
    const el = document.elementFromPoint(x, y);
    if (!el || el === document.body || el === document.documentElement || seen.has(el)) continue;
    seen.add(el);
    const r = el.getBoundingClientRect();
    if (r.width < 24 || r.height < 12 || r.left < 4 || r.top < 24 || r.left + 40 > vw || r.top + 30 > vh) continue;
    const right = Math.min(r.right, vw - 2), bottom = Math.min(r.bottom, vh - 2);
    const foot = { x: r.left, y: r.top, w: Math.max(right, r.left + 36) - r.left,
                   h: Math.max(bottom, r.top + 28) - r.top };
    if (!used.every((u) => apart(u, foot))) continue;
    used.push(foot);
    out.push({ x, y, tag: el.localName, rect: { x: r.left, y: r.top, width: r.width, height: r.height },
               edgeY: (r.top + bottom) / 2 });
  }
  return JSON.stringify(out);
})"""

# One element record, field by field, with the picker's own functions (module bench_fields, bundled with what it
# imports: not main/pins, so no second overlay; its own deep hit test for the same reason), and inside
# locatorsFor: each candidate is made, then verified by resolving it in the whole document.
FIELDS_JS = """// @module bench_fields
// @imports text: CAPS; role: role; name: accessibleName; chain: MAX_DEPTH, chainedSelector; xpath: xpathOf
// @imports attributes: attributesOf; style: hexColor; content: renderedText, nearbyContext; excerpt: htmlExcerpt
// @imports locators: LOCATOR_SKIP_ROLES, LOCATOR_VALUE_MAX, LOCATOR_TEXT_MAX, locatorValueOk, textKey, resolveLocator, locatorsFor
// @imports locator_grammar: LOCATOR_ROLE, quoteLocator; selector: uniqueSelector; record: elementRecord
// @imports overlay: HOST_TAG
let queries = 0;   // querySelectorAll calls from this world (prototypes are per world: the page's are untouched)
for (const proto of [Document.prototype, Element.prototype, DocumentFragment.prototype]) {
  const qsa = proto.querySelectorAll;
  proto.querySelectorAll = function (selector) { queries++; return qsa.call(this, selector); };
}
// The element under a point, through open shadow roots; pagenote's paint probe (only there during captures)
// is not an element of the page.
function deepAt(x, y) {
  let el = document.elementFromPoint(x, y);
  if (!el || el.localName === HOST_TAG) return null;
  for (let i = 0; i < MAX_DEPTH && el.shadowRoot; i++) {
    const inner = el.shadowRoot.elementFromPoint(x, y);
    if (!inner || inner === el) break;
    el = inner;
  }
  return el;
}
window.__pnFields = (points) => JSON.stringify(points.map(([x, y]) => {
  const ms = (fn) => { const t = performance.now(); fn(); return performance.now() - t; };
  let el = null, rec = null;
  const out = { 'elementFromPoint (deep)': ms(() => { el = deepAt(x, y); }) };
  if (!el) return null;
  out['whole record'] = ms(() => { rec = elementRecord(el, false); });
  out['JSON.stringify'] = ms(() => JSON.stringify(rec));
  out['role'] = ms(() => role(el));
  out['accessible name'] = ms(() => accessibleName(el));
  queries = 0;
  out['selector'] = ms(() => chainedSelector(el));
  const selectorQueries = queries;
  out['xpath'] = ms(() => xpathOf(el));
  out['attributes'] = ms(() => attributesOf(el));
  out['computed style + colours'] = ms(() => { const cs = getComputedStyle(el);
    return [hexColor(cs.color), hexColor(cs.backgroundColor), cs.fontSize, cs.fontFamily, cs.display]; });
  out['text'] = ms(() => renderedText(el, CAPS.text));
  out['nearby context'] = ms(() => nearbyContext(el));
  out['html excerpt'] = ms(() => htmlExcerpt(el, CAPS.html));
  out['locators'] = ms(() => locatorsFor(el));
  const root = el.getRootNode(), r = role(el), name = accessibleName(el), steps = {};
  const resolve = (kind, loc) => { if (loc) steps[`resolve ${kind}`] = ms(() => resolveLocator(root, loc)); };
  if (!LOCATOR_SKIP_ROLES.has(r) && LOCATOR_ROLE.test(r) && locatorValueOk(name, LOCATOR_VALUE_MAX)) {
    resolve('role=', `role=${r}[name=${quoteLocator(name)}]`);
  }
  let text = null, css = '';
  steps['make text='] = ms(() => { text = textKey(el, LOCATOR_TEXT_MAX); });
  if (locatorValueOk(text, LOCATOR_TEXT_MAX)) resolve('text=', 'text=' + quoteLocator(text));
  steps['make css= (uniqueSelector again)'] = ms(() => { css = uniqueSelector(el); });
  if (css) resolve('css=', 'css=' + css);
  resolve('xpath=', 'xpath=' + xpathOf(el));
  return { ms: out, steps, queries: selectorQueries, record: JSON.stringify(rec),
           locators: rec.locators.map((l) => l.split('=')[0]) };
}));
"""
