// @module anchors
// @imports text: CAPS, squash; role: role; name: accessibleName; content: renderedText; locators: resolveLocator; record: elementRecord; pins: overlay, elements
// @exports rememberAnchor, forgetAnchorsExcept, anchorChanges, anchorStatus, stopAnchors
// anchors.js — keeping annotations on their elements when the DOM changes (issue #3 §7).
// Every pinned id has an anchor description {locators, role, name, text}, taken from its record. After DOM
// mutations (debounced), and whenever the host sends markers for ids this document does not know (a
// reload, navigating back, an SPA route coming back), each anchor is checked:
//   exact     — the same node is still connected;
//   rematched — the node is gone and exactly one connected node matches one of the recorded locators (best
//               first) with the same role, accessible name and text: the anchor moves to it, record refreshed;
//   stale     — anything else. Never moved to a look-alike (a sibling with the same class): when in doubt, stale.
// The status names come from app/core/policy.py (OPTIONS.statuses), as the host reads them.

const { exact: EXACT, rematched: REMATCHED, stale: STALE } = OPTIONS.statuses;

const anchors = new Map();   // id -> {desc, status, changed, record}
const ANCHOR_DEBOUNCE_MS = 120;
let anchorTimer = 0;
let anchorObserver = null;

function anchorText(s) { return squash(s).slice(0, 1000); }

function sameIdentity(el, desc) {
  return role(el) === (desc.role || '') && accessibleName(el) === (desc.name || '')
    && anchorText(renderedText(el, CAPS.text)) === anchorText(desc.text || '');
}

function anchorDescription(record) {
  return { locators: record.locators || [], role: record.role || '', name: record.accessible_name || '',
           text: record.text || '' };
}

function setAnchorStatus(a, status) {
  if (a.status !== status) { a.status = status; a.changed = true; }
}

function checkAnchor(id) {
  const a = anchors.get(id);
  if (!a) return;
  const el = elements.get(id);
  if (el && el.isConnected) {
    if (a.status !== REMATCHED) setAnchorStatus(a, EXACT);
    return;
  }
  for (const locator of a.desc.locators) {
    let hits;
    try { hits = resolveLocator(document, locator).filter((e) => e !== overlay.host); } catch (e) { continue; }
    if (hits.length !== 1) continue;
    if (!sameIdentity(hits[0], a.desc)) break;  // the best unique match is something else: do not guess further
    elements.set(id, hits[0]);
    overlay.retarget(id, hits[0]);
    a.record = elementRecord(hits[0], false);
    a.status = REMATCHED;
    a.changed = true;
    return;
  }
  setAnchorStatus(a, STALE);
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
  anchors.set(id, { desc, status: elements.has(id) ? EXACT : 'unknown', changed: !elements.has(id), record: null });
  watchAnchors();
  if (!elements.has(id)) checkAnchor(id);
}

function forgetAnchorsExcept(keep) {
  for (const id of Array.from(anchors.keys())) if (!keep.has(id)) anchors.delete(id);
}

// {id: {status, record?}} for anchors whose status changed since the last call (record: rematched only).
function anchorChanges() {
  const out = {};
  for (const [id, a] of anchors) {
    if (!a.changed) continue;
    a.changed = false;
    out[id] = a.status === REMATCHED && a.record ? { status: a.status, record: a.record } : { status: a.status };
    a.record = null;
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
