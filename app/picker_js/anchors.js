// @module anchors
// @imports text: CAPS, squash; role: role; name: accessibleName; content: renderedText, nearbyContext, nearbyBox; locators: resolveLocator; record: elementRecord; pins: overlay, elements
// @imports frames: resolveChain; geometry: elementBox; selector: uniqueSelector
// @exports rememberAnchor, forgetAnchorsExcept, anchorChanges, anchorStatus, stopAnchors, refreshAnchors, lookAlikeCount, chooseAnchor
// anchors.js — keeping annotations on their elements when the DOM changes (issue #3 §7, issue 9 §4).
// Every pinned id has an anchor description {locators, role, name, text, nearby, tag, box}, taken from its
// record. After DOM mutations (debounced), before every export (refreshAnchors), and whenever the host sends
// markers for ids this document does not know (a reload, navigating back, an SPA route coming back, a restart),
// each anchor is checked. The evidence, strongest first: a locator that names no position (`role=`, `text=`,
// `testid=`, `css=` without `:nth-`) and finds exactly one node; the element's identity (role, accessible name,
// text) shared by its look-alikes; the nearby text (its card, row or list item: content.js nearbyContext),
// which tells look-alikes apart; what of the positional locators (`css=…:nth-…`, `xpath=…[n]`) holds when a
// list is re-sorted (the id the selector starts from, the element's place among its same-tag siblings); the
// positional locators whole (its place in the page).
//   exact     — the same node is still connected; or, in a document that never had the node (a reload,
//               back/forward, a restored draft, an imported review), the node found again is where it was
//               recorded: every recorded locator, positional ones included, names exactly it, and it has the
//               recorded identity and (when recorded) nearby text — the locators agree on it;
//   rematched — the node is gone and one connected node is found again: a distinctive locator names it, or it
//               is the one look-alike whose nearby text is the recorded one, or the look-alikes' nearby texts
//               cannot tell them apart and every recorded locator names it: the anchor moves to it, record
//               refreshed. A re-sorted list: the note follows its item by its nearby text, not its old place;
//   stale     — anything else, with the reason: `ambiguous: N candidates` (the evidence disagrees between N
//               look-alikes — e.g. none has the recorded nearby text and the positions moved; never one chosen
//               by index), no candidate, or a locator that now names something else. When in doubt, stale.
//               A node re-rendered inside the same document stays rematched even where it was recorded.
//               Fewer look-alikes with the recorded nearby text than the record counted at pin time
//               (`look_alikes`, lookAlikeCount): one of identical items is gone, and when no distinctive
//               locator names the element, nothing can tell which — stale (ambiguous), never the one left.
// An ambiguous anchor keeps its candidates; the user picks one (chooseAnchor) and the anchor moves there.
// The status names and reasons come from app/core/policy.py (OPTIONS.statuses, OPTIONS.stale_reasons).

const { exact: EXACT, rematched: REMATCHED, stale: STALE } = OPTIONS.statuses;
const REASONS = OPTIONS.stale_reasons;

const anchors = new Map();   // id -> {desc, status, reason, box, changed, record, seen}
const ANCHOR_DEBOUNCE_MS = 120;
// At most this many elements of the pinned tag are compared when counting look-alikes (bounds the cost on
// huge pages; the count then covers the first ones in document order).
const LOOK_ALIKE_SCAN = 5000;
// An ambiguous anchor keeps the selectors of at most this many of its candidates (document order), for the
// user to pick one.
const CANDIDATES_KEPT = 10;
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

// Whether `el`'s nearby text (its card, row, list item) is the recorded one; true when none was recorded.
// `seen`: a Map parent -> nearby text for one search (nearbyContext depends on the parent only, and thousands
// of look-alikes in one container would each read its whole text).
function sameNearby(el, desc, seen = new Map()) {
  if (!desc.nearby) return true;
  const key = el.parentElement;
  if (!seen.has(key)) seen.set(key, anchorText(nearbyContext(el)));
  return seen.get(key) === anchorText(desc.nearby);
}

// How many connected elements have `el`'s role, accessible name, text and nearby text, `el` included (among
// the first LOOK_ALIKE_SCAN of its tag): taken at pin time into the record (`look_alikes`), so a re-anchoring
// can tell when one of identical items is gone. Only elements with as many child elements, the same
// textContent and the same textContent around them (nearbyBox) are compared (no layout for the rest: a pin on
// a page of 35,000 elements stays quick); one alike in rendered text but not in those is not counted, which
// leaves re-anchoring as it was without a count.
function lookAlikeCount(el) {
  const desc = { role: role(el), name: accessibleName(el), text: anchorText(renderedText(el, CAPS.text)),
                 nearby: anchorText(nearbyContext(el)), tag: el.localName };
  const raw = el.textContent;
  const kids = el.childElementCount;
  const around = (box) => (box ? box.textContent : null);
  const near = around(nearbyBox(el));
  const boxes = new Map();   // parent -> its nearby box's textContent (look-alikes share parents)
  const seen = new Map();
  let n = 1;
  let scanned = 0;
  for (const e of document.getElementsByTagName(el.localName)) {
    if (++scanned > LOOK_ALIKE_SCAN) break;
    if (e === el || e === overlay.host || e.childElementCount !== kids || e.textContent !== raw) continue;
    if (!boxes.has(e.parentElement)) boxes.set(e.parentElement, around(nearbyBox(e)));
    if (boxes.get(e.parentElement) !== near) continue;
    if (sameIdentity(e, desc) && sameNearby(e, desc, seen)) n += 1;
  }
  return n;
}

// A verification of a fix (the host sets desc.relabel: app/agent/verify_annotations.py) expects the element's
// words to change as asked ("say Save changes"): the one element its own id or test id names (`css=#id`,
// `testid=…`; nothing positional, no class), of the recorded tag and role, is that element with new words.
function relabelled(el, locator, desc) {
  return (/^css=#[A-Za-z][\w-]*$/.test(locator) || locator.startsWith('testid='))
    && el.localName === desc.tag && role(el) === (desc.role || '');
}

// `reason` `ambiguous: N candidates` with the elements themselves.
function ambiguous(candidates) {
  const reason = candidates.length === 1 ? REASONS.ambiguous_one
    : REASONS.ambiguous.replace('{n}', String(candidates.length));
  return { reason, candidates };
}

// Where the described element is now: {el} or {reason, candidates?} (why there is no single answer; the
// elements it could be, when several).
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
      if (desc.relabel && relabelled(hits[0], locator, desc)) return { el: hits[0] };
      return { reason: `${locator} now names an element with another role, name or text` };
    }
  }
  const all = Array.from(candidates);
  if (!all.length) return { reason: REASONS.no_match };
  // Look-alikes told apart by their nearby text; none has it: the recorded item is gone or its
  // surroundings changed (a re-sorted list whose context is the whole list) — positions cannot decide then.
  const seen = new Map();
  const near = all.filter((e) => sameNearby(e, desc, seen));
  if (!near.length) {
    return all.length === 1 ? { reason: REASONS.no_match } : ambiguous(all);
  }
  // Fewer items alike in every text than at pin time: one is gone, and only positions (which a removal
  // shifts) could say which — the user picks.
  if (near.length < (desc.alike || 0)) return ambiguous(near);
  if (near.length === 1) return { el: near[0] };
  // Look-alikes with the same nearby text (identical cards, two cells of one row, the same row in two tables):
  // the parts of the positional locators that hold under a re-sort — the element the CSS selector starts from
  // (`#id …`) and the element's place among its same-tag siblings (the XPath's last step) — then the one
  // every recorded locator names, if they agree.
  let pool = near;
  const siblings = new Map();
  for (const keep of [(e) => withinScope(e, desc), (e) => sameLastStep(e, desc, siblings)]) {
    const narrower = pool.filter(keep);
    if (narrower.length) pool = narrower;
  }
  if (pool.length === 1) return { el: pool[0] };
  const placed = pool.filter((e) => recordedPlace(e, desc));
  if (placed.length === 1) return { el: placed[0] };
  return ambiguous(pool);
}

// Whether `el` is inside the element with the id a recorded CSS locator starts from (`css=#id …`); true when
// no locator starts from an id.
function withinScope(el, desc) {
  for (const locator of desc.locators) {
    const m = /^css=#([A-Za-z][\w-]*)[ >]/.exec(locator);
    if (!m) continue;
    const scope = document.getElementById(m[1]);
    return !!scope && scope.contains(el);
  }
  return true;
}

// Whether `el` is the n-th element of its tag among its siblings as the recorded XPath's last step says
// (`…/td[4]`; no index: the first); true when no XPath was recorded. `siblings`: a Map parent -> the n-th
// child of the tag, for one search (look-alikes are often thousands of siblings).
function sameLastStep(el, desc, siblings = new Map()) {
  for (const locator of desc.locators) {
    const m = /^xpath=.*\/([A-Za-z][\w-]*)(?:\[(\d+)\])?$/.exec(locator);
    if (!m) continue;
    const parent = el.parentElement;
    if (el.localName !== m[1].toLowerCase() || !parent) return false;
    if (!siblings.has(parent)) {
      const n = Number(m[2] || 1);
      let seen = 0;
      let nth = null;
      for (const c of parent.children) if (c.localName === el.localName && ++seen === n) { nth = c; break; }
      siblings.set(parent, nth);
    }
    return siblings.get(parent) === el;
  }
  return true;
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
           text: record.text || '', nearby: record.nearby_context || '', tag: record.tag || '',
           alike: record.look_alikes || 0 };
}

function setAnchorStatus(a, status, reason = '') {
  if (a.status !== status || a.reason !== reason) { a.status = status; a.reason = reason; a.changed = true; }
}

// Unique CSS selectors of `nodes` in document order, at most CANDIDATES_KEPT (none found: left out).
function candidateSelectors(nodes) {
  const after = (x, y) => x.compareDocumentPosition(y) & Node.DOCUMENT_POSITION_FOLLOWING;
  const sorted = nodes.slice().sort((x, y) => (after(x, y) ? -1 : 1));
  return sorted.slice(0, CANDIDATES_KEPT).map((e) => uniqueSelector(e)).filter(Boolean);
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
  if (!found.el) {
    setAnchorStatus(a, STALE, found.reason);
    a.candidates = candidateSelectors(found.candidates || []);
    return;
  }
  a.candidates = [];
  elements.set(id, found.el);
  overlay.retarget(id, found.el);
  const first = !a.seen;
  a.seen = true;
  // The first node of this id in this document, where the record put it, with its nearby text.
  if (first && recordedPlace(found.el, a.desc) && sameNearby(found.el, a.desc)) {
    setAnchorStatus(a, EXACT);
    a.box = elementBox(found.el).kind;
    return;
  }
  a.record = { ...elementRecord(found.el, false), look_alikes: lookAlikeCount(found.el) };
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

// {id: {status, reason, box, record?, candidates?}} for anchors whose status, stale reason or box kind changed
// since the last call (record: rematched only; candidates: an ambiguous one's candidates' selectors; box:
// geometry.js kind, null when unknown).
function anchorChanges() {
  const out = {};
  for (const [id, a] of anchors) {
    trackBox(a, elements.get(id));
    if (!a.changed) continue;
    a.changed = false;
    out[id] = { status: a.status, reason: a.reason, box: a.box };
    if (a.status === STALE && a.candidates && a.candidates.length) out[id].candidates = a.candidates;
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
// element from its live node. {id: {status, reason, record?, viewport?, candidates?}}: `record` (with
// `viewport`, its rect in viewport CSS px or null) for an element that is still — or again — anchored; none for
// a stale one, which has `candidates` instead (its candidates' selectors when ambiguous, else []).
// Ids this document does not know are left out.
function refreshAnchors(ids) {
  const out = {};
  for (const id of ids) {
    const a = anchors.get(id);
    if (a) checkAnchor(id);
    const el = elements.get(id);
    if (a && a.status === STALE) {
      out[id] = { status: STALE, reason: a.reason, candidates: a.candidates || [] };
      continue;
    }
    if (!el) continue;
    if (!el.isConnected) { out[id] = { status: STALE, reason: REASONS.no_match }; continue; }
    const record = liveRecord(el);
    const box = elementBox(el);
    if (a) a.box = box.kind;
    out[id] = { status: a && a.status === REMATCHED ? REMATCHED : EXACT, reason: '', record, viewport: box.rect };
  }
  return out;
}

// The user picked `el` among the candidates of `id`'s ambiguous anchor (issue 30, requirement 1): the anchor
// moves to it, its candidates go, and its record is read from it. Exact when every recorded locator names it
// and it has the recorded nearby text (it is where the record put it), else rematched. {status, record}.
function chooseAnchor(id, el) {
  const a = anchors.get(id);
  const status = a && recordedPlace(el, a.desc) && sameNearby(el, a.desc) ? EXACT : REMATCHED;
  const record = { ...elementRecord(el, false), look_alikes: lookAlikeCount(el) };
  elements.set(id, el);
  overlay.retarget(id, el);
  overlay.setStale(id, false);
  if (a) {
    a.desc = { ...anchorDescription(record), box: record.box };
    a.status = status;
    a.reason = '';
    a.candidates = [];
    a.seen = true;
    a.box = record.box;
    a.record = null;
    a.changed = false;   // the host records the answer itself
  }
  return { status, record };
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
