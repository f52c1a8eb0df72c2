// @module refs
// @imports role: role; locators: resolveLocator; locator_grammar: quoteLocator; selector: uniqueSelector
// @exports DOC_ID, refFor, noteRef, pruneRefs, resolveRef, refElement, refOf, eachRef
// refs.js — the agent snapshot's refs (`e12`): a private table of this world, never a DOM attribute. A ref
// names one element of this document; the same element keeps its ref across snapshots of the document (so a
// diff shows only what changed). A ref resolves to its element while that is connected; once the element is
// gone, it may move once to a unique strong equivalent — the only element of the document with the same role
// and accessible name (a role locator, locators.js) that also has the same place (its path of tags and
// positions among same-tag siblings from the document, like an absolute XPath), test id or id —
// and otherwise fails closed. A ref from another document (DOC_ID differs: a navigation, a reload, a
// re-injected script) always fails closed.

// This document's id: refs and snapshots name it, so nothing of an earlier document can be resolved here.
const DOC_ID = Math.random().toString(36).slice(2, 10) + Date.now().toString(36).slice(-4);
const TEST_ATTRS = OPTIONS.test_ids;  // the test-id attributes, app/core/policy.py

const byElement = new WeakMap();  // element → ref
const table = new Map();          // ref → {el, role, name, place, keys, issued, last, moved}
let nextRef = 1;

function refFor(el) {
  let ref = byElement.get(el);
  if (!ref) {
    ref = 'e' + nextRef++;
    byElement.set(el, ref);
  }
  return ref;
}

// The ref `el` already has, or '' (never makes one: revision.js asks this of every changed element).
function refOf(el) { return byElement.get(el) || ''; }

// `fn(ref, element)` for every ref the snapshots keep resolvable (revision.js: which left the document).
function eachRef(fn) { for (const [ref, entry] of table) fn(ref, entry.el); }

const PLACE_SIBLINGS = 64;   // a place is not made past this many same-tag siblings or ancestors (bounded time)

// The element's path from the document, `html/body/main/ul/li[3]/button` (positions among same-tag siblings,
// counted back at most PLACE_SIBLINGS), or '' when it is deeper or has more such siblings than that.
function placeOf(el) {
  const steps = [];
  for (let n = el; n && n.nodeType === Node.ELEMENT_NODE; n = n.parentElement) {
    if (steps.length >= PLACE_SIBLINGS) return '';
    let i = 1;
    for (let s = n.previousElementSibling; s; s = s.previousElementSibling) {
      if (s.localName === n.localName && ++i > PLACE_SIBLINGS) return '';
    }
    steps.push(i > 1 ? `${n.localName}[${i}]` : n.localName);
  }
  return steps.reverse().join('/');
}

function keysOf(el) {
  const out = [];
  for (const a of TEST_ATTRS) { const v = el.getAttribute(a); if (v) out.push(a + '=' + v); }
  if (el.id) out.push('id=' + el.id);
  return out;
}

// Remember what `ref` (of `el`) looked like in snapshot `seq`: its role and accessible name (as the line shows
// them, uncut) and its place (placeOf, test ids, id), for the strong-equivalent check.
function noteRef(ref, el, r, name, seq) {
  const entry = table.get(ref);
  const facts = { el, role: r, name, place: placeOf(el), keys: keysOf(el) };
  if (entry) Object.assign(entry, facts, { last: seq });
  else table.set(ref, { ...facts, issued: seq, last: seq, moved: false });
}

// Forget refs not shown since snapshot `oldest` (their elements are no longer held).
function pruneRefs(oldest) {
  for (const [ref, entry] of table) if (entry.last < oldest) table.delete(ref);
}

function rectOf(el) {
  const r = el.getBoundingClientRect();
  return { x: r.left, y: r.top, width: r.width, height: r.height };
}

function found(el, how, name) {
  return { ok: true, how, rect: rectOf(el), role: role(el), name, selector: uniqueSelector(el) || '' };
}

function sameKeys(a, b) { return a.length > 0 && a.some((k) => b.includes(k)); }

// Resolve `ref` of snapshot `seq` of document `doc`: {ok: true, how: 'same' | 'equivalent', rect (viewport CSS
// px), role, name (as its snapshot line shows it), selector} or {ok: false, reason, count?} — reason 'document'
// (another document's ref), 'unknown' (no such ref in that snapshot), 'gone' (the element left and nothing is
// its strong equivalent), 'ambiguous' (`count` elements share its role and name), 'moved' (it was already moved
// once).
function resolveRef(ref, doc, seq) {
  if (doc !== DOC_ID) return { ok: false, reason: 'document' };
  const entry = table.get(ref);
  if (!entry || entry.issued > seq) return { ok: false, reason: 'unknown' };
  const el = entry.el;
  if (el.isConnected && el.ownerDocument === document) return found(el, 'same', entry.name);
  if (entry.moved) return { ok: false, reason: 'moved' };
  if (!entry.name || !entry.role || entry.role === 'generic') return { ok: false, reason: 'gone' };
  const hits = resolveLocator(document, `role=${entry.role}[name=${quoteLocator(entry.name)}]`, 3);
  if (hits.length > 1) return { ok: false, reason: 'ambiguous', count: hits.length };
  const twin = hits[0];
  if (!twin) return { ok: false, reason: 'gone' };
  const samePlace = !!entry.place && placeOf(twin) === entry.place;
  if (!samePlace && !sameKeys(entry.keys, keysOf(twin))) return { ok: false, reason: 'gone' };
  entry.el = twin;
  entry.moved = true;
  byElement.set(twin, ref);
  return found(twin, 'equivalent', entry.name);
}

// The element `ref` of snapshot `seq` of document `doc` names now, for the agent's actions (actions.js,
// extract.js): {el, how} when resolveRef finds it, else resolveRef's {ok: false, reason, …} with `el` null.
function refElement(ref, doc, seq) {
  const found = resolveRef(ref, doc, seq);
  return found.ok ? { el: table.get(ref).el, how: found.how } : { ...found, el: null };
}
