// @module anchors
// @imports text: CAPS, squash; role: role; name: accessibleName; content: renderedText; locators: resolveLocator; record: elementRecord; pins: overlay, elements
// @imports frames: resolveChain; geometry: elementBox
// @exports rememberAnchor, forgetAnchorsExcept, anchorChanges, anchorStatus, stopAnchors, refreshAnchors
// anchors.js — keeping annotations on their elements when the DOM changes (issue #3 §7, issue 9 §4).
// Every pinned id has an anchor description {locators, role, name, text, tag, box}, taken from its record. After
// DOM mutations (debounced), before every export (refreshAnchors), and whenever the host sends markers for
// ids this document does not know (a reload, navigating back, an SPA route coming back), each anchor is checked:
//   exact     — the same node is still connected; or, in a document that never had the node (a reload,
//               back/forward, a restored draft, an imported review), the node found again is where it was
//               recorded: every recorded locator, positional ones included, names exactly it (the page is
//               unchanged there — calling that "re-rendered" made every pin of a reloaded page rematched);
//   rematched — the node is gone and exactly one connected node has the same role, accessible name and text
//               (its look-alikes counted over the document, and what the recorded locators find), or a
//               locator that does not name a position (`css=…:nth-…`, `xpath=…[n]`) finds exactly one node
//               and it has them: the anchor moves to it, record refreshed;
//   stale     — anything else, with the reason: `ambiguous: N candidates` (N look-alikes, never one chosen
//               by index), no candidate, or a locator that now names something else. When in doubt, stale.
//               A node re-rendered inside the same document stays rematched even where it was recorded.
// The status names and reasons come from app/core/policy.py (OPTIONS.statuses, OPTIONS.stale_reasons).

const { exact: EXACT, rematched: REMATCHED, stale: STALE } = OPTIONS.statuses;
const REASONS = OPTIONS.stale_reasons;

const anchors = new Map();   // id -> {desc, status, reason, box, changed, record, seen}
const ANCHOR_DEBOUNCE_MS = 120;
// At most this many elements of the pinned tag are compared when counting look-alikes (bounds the cost on
// huge pages; the count then covers the first ones in document order).
const LOOK_ALIKE_SCAN = 5000;
let anchorTimer = 0;
let anchorObserver = null;

function anchorText(s) { return squash(s).slice(0, 1000); }

function sameIdentity(el, desc) {
  return role(el) === (desc.role || '') && accessibleName(el) === (desc.name || '')
    && anchorText(renderedText(el, CAPS.text)) === anchorText(desc.text || '');
}

// A locator that names a position among siblings (`:nth-child(3)`, `button[3]`): it finds whatever node is
// at that index now, so it never decides a rematch on its own.
function positional(locator) {
  if (locator.startsWith('css=')) return /:nth-/.test(locator);
  if (locator.startsWith('xpath=')) return /\[\d+\]/.test(locator);
  return false;
}

// Connected elements of the pinned tag with the same role, accessible name and text.
function lookAlikes(desc) {
  const out = new Set();
  if (!desc.tag) return out;
  let scanned = 0;
  for (const e of document.getElementsByTagName(desc.tag)) {
    if (++scanned > LOOK_ALIKE_SCAN) break;
    if (e !== overlay.host && sameIdentity(e, desc)) out.add(e);
  }
  return out;
}

// Where the described element is now: {el} or {reason} (why there is no single answer).
function findAgain(desc) {
  const candidates = lookAlikes(desc);
  for (const locator of desc.locators) {
    if (positional(locator)) continue;
    let hits;
    try { hits = resolveLocator(document, locator).filter((e) => e !== overlay.host); } catch (e) { continue; }
    const same = hits.filter((e) => sameIdentity(e, desc));
    for (const e of same) candidates.add(e);
    if (hits.length === 1) {
      // The best distinctive locator names one element: it is the one, or the element changed.
      if (same.length === 1) return { el: hits[0] };
      return { reason: `${locator} now names an element with another role, name or text` };
    }
  }
  if (candidates.size === 1) return { el: candidates.values().next().value };
  if (candidates.size > 1) return { reason: REASONS.ambiguous.replace('{n}', String(candidates.size)) };
  return { reason: REASONS.no_match };
}

// Whether every recorded locator names exactly `el` now (the element is where the record put it).
function recordedPlace(el, desc) {
  if (!desc.locators.length) return false;
  return desc.locators.every((locator) => {
    try {
      const hits = resolveLocator(document, locator, 2).filter((e) => e !== overlay.host);
      return hits.length === 1 && hits[0] === el;
    } catch (e) { return false; }
  });
}

function anchorDescription(record) {
  return { locators: record.locators || [], role: record.role || '', name: record.accessible_name || '',
           text: record.text || '', tag: record.tag || '' };
}

function setAnchorStatus(a, status, reason = '') {
  if (a.status !== status || a.reason !== reason) { a.status = status; a.reason = reason; a.changed = true; }
}

function checkAnchor(id) {
  const a = anchors.get(id);
  if (!a) return;
  const el = elements.get(id);
  if (el && el.isConnected) {
    a.seen = true;
    if (a.status !== REMATCHED) setAnchorStatus(a, EXACT);
    return;
  }
  const found = findAgain(a.desc);
  if (!found.el) { setAnchorStatus(a, STALE, found.reason); return; }
  elements.set(id, found.el);
  overlay.retarget(id, found.el);
  const first = !a.seen;
  a.seen = true;
  if (first && recordedPlace(found.el, a.desc)) {   // the first node of this id in this document
    setAnchorStatus(a, EXACT);
    a.box = elementBox(found.el).kind;
    return;
  }
  a.record = elementRecord(found.el, false);
  a.desc = anchorDescription(a.record);
  a.status = REMATCHED;
  a.reason = '';
  a.box = a.record.box;
  a.changed = true;
}

function checkAnchors() {
  anchorTimer = 0;
  for (const id of anchors.keys()) checkAnchor(id);
}

function watchAnchors() {
  if (anchorObserver || !document.documentElement) return;
  anchorObserver = new MutationObserver(() => {
    if (anchors.size && !anchorTimer) anchorTimer = setTimeout(checkAnchors, ANCHOR_DEBOUNCE_MS);
  });
  anchorObserver.observe(document.documentElement, { childList: true, subtree: true, characterData: true });
}

// Register (or refresh) the anchor of `id`. `desc` comes from the record the host keeps.
function rememberAnchor(id, desc) {
  const a = anchors.get(id);
  if (a) { a.desc = desc; return; }
  // box: the kind the host's record has (desc.box), so a change before the first poll is still reported.
  // seen: whether this document has had a node for `id` (a pin made here, or one found again here).
  anchors.set(id, { desc, status: elements.has(id) ? EXACT : 'unknown', reason: '', box: desc.box ?? null,
                    changed: !elements.has(id), record: null, seen: elements.has(id) });
  watchAnchors();
  if (!elements.has(id)) checkAnchor(id);
}

function forgetAnchorsExcept(keep) {
  for (const id of Array.from(anchors.keys())) if (!keep.has(id)) anchors.delete(id);
}

// Track whether the anchored element draws a box (geometry.js): a change of kind (shown ↔ hidden, detached,
// zero-size, display: contents) is reported like a status change (the host then re-reads the record).
function trackBox(a, el) {
  if (a.status === STALE || !el || !el.isConnected) return;
  const kind = elementBox(el).kind;
  if (a.box !== null && a.box !== kind) a.changed = true;
  a.box = kind;
}

// {id: {status, reason, box, record?}} for anchors whose status, stale reason or box kind changed since the
// last call (record: rematched only; box: geometry.js kind, null when unknown).
function anchorChanges() {
  const out = {};
  for (const [id, a] of anchors) {
    trackBox(a, elements.get(id));
    if (!a.changed) continue;
    a.changed = false;
    out[id] = { status: a.status, reason: a.reason, box: a.box };
    if (a.status === REMATCHED && a.record) out[id].record = a.record;
    a.record = null;
  }
  return out;
}

// The record of `el` as it is now, its selector and XPath verified to name exactly `el` (left empty when
// they do not: the Markdown then omits them rather than name another element). Locators are verified by
// locators.js already.
function liveRecord(el) {
  const record = elementRecord(el, false);
  if (record.selector) {
    const found = resolveChain(record.selector);
    if (found.count !== 1 || found.el !== el) record.selector = '';
  }
  if (record.xpath) {
    let node = null;
    try { node = document.evaluate(record.xpath, document, null, XPathResult.FIRST_ORDERED_NODE_TYPE, null).singleNodeValue; }
    catch (e) { node = null; }
    if (node !== el) record.xpath = '';
  }
  return record;
}

// Before an export (issue 9 §4): check the anchors of `ids` now (not at the next debounce) and re-read each
// element from its live node. {id: {status, reason, record?, viewport?}}: `record` (with `viewport`, its
// rect in viewport CSS px or null) for an element that is still — or again — anchored; none for a stale one.
// Ids this document does not know are left out.
function refreshAnchors(ids) {
  const out = {};
  for (const id of ids) {
    const a = anchors.get(id);
    if (a) checkAnchor(id);
    const el = elements.get(id);
    if (a && a.status === STALE) { out[id] = { status: STALE, reason: a.reason }; continue; }
    if (!el) continue;
    if (!el.isConnected) { out[id] = { status: STALE, reason: REASONS.no_match }; continue; }
    const record = liveRecord(el);
    const box = elementBox(el);
    if (a) a.box = box.kind;
    out[id] = { status: a && a.status === REMATCHED ? REMATCHED : EXACT, reason: '', record, viewport: box.rect };
  }
  return out;
}

// The current status of `id`'s anchor ('unknown' before the first check), or '' when it has none.
function anchorStatus(id) {
  const a = anchors.get(id);
  return a ? a.status : '';
}

// Stop watching the DOM (the instance is being destroyed).
function stopAnchors() {
  if (anchorObserver) anchorObserver.disconnect();
  anchorObserver = null;
}
