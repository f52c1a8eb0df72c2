// @module revision
// @imports overlay: HOST_TAG; refs: refOf, eachRef
// @exports currentRevision, settleRevision, onPageChange, watchRevisions, stopRevisions, armRevision
// @exports revisionDiff, revisionStats, trackRef, trackedElement, touchedSince
// revision.js — this document's monotonic revision: the one MutationObserver and the event listeners of
// pagenote's world (the agent snapshot's "unchanged" check listens here too, snapshot.js). The revision
// advances on DOM mutations (one observer callback = one revision), on the window's resize and the visual
// viewport's resize/scroll, on scrolling (the window or any scroller), on form value changes (input, change),
// on toggles and finished transitions/animations, and on route changes (popstate, hashchange, and the
// Navigation API's navigate/currententrychange, which Chromium fires for history.pushState/replaceState —
// HTML "navigate event", WICG Navigation API). Nothing here runs while the page is idle: no timer, no polling.
// A value set by a script without an event is not seen until the next trigger.
//
// History: each revision keeps what it touched — the elements whose subtree changed (at most TARGETS_MAX,
// beyond that the revision is marked `overflow`), the refs whose elements left the document, and whether the
// page-level record changed (scroll, viewport, route, title) — for the last OPTIONS.context.history revisions.
// The host is told of a new revision only when it asked (armRevision): one message through Qt's web channel
// transport (main frame only: sub-frames have none, and their revisions are read when asked).

const HISTORY = OPTIONS.context.history;
const TARGETS_MAX = 2000;
// Events that advance the revision: what they change.
const PAGE_EVENTS = ['popstate', 'hashchange'];
const FORM_EVENTS = ['input', 'change'];
const LOOK_EVENTS = ['toggle', 'transitionend', 'animationend'];
// Events the snapshot's "unchanged" check also needs (CSS :hover, :focus-within), which do not advance it.
const STATE_EVENTS = ['mouseover', 'mouseout', 'focusin', 'focusout'];

let revision = 1;
let history = [];        // [{rev, targets: Set<Element>, removed: Set<ref>, page, overflow}], oldest first
let observer = null;
let listeners = [];      // onPageChange callbacks (snapshot.js)
let armed = false;       // the host waits for the next revision
let work = 0;            // observer callbacks and handled events, counted (tests: nothing runs while idle)
let pushes = 0;
const bound = [];        // [target, type, options] to remove on stop
const gone = new WeakSet();   // elements already reported removed
const tracked = new Map();    // ref → WeakRef(element): refs a page-context read gave out (trackRef)
const TRACKED_MAX = 20000;

function isOwn(node) {
  return node && node.nodeType === Node.ELEMENT_NODE && node.localName === HOST_TAG;
}

function entry() {
  revision += 1;
  const e = { rev: revision, targets: new Set(), removed: new Set(), page: false, overflow: false };
  history.push(e);
  if (history.length > HISTORY) history.shift();
  return e;
}

function touch(e, el) {
  if (!el || e.overflow) return;
  if (e.targets.size >= TARGETS_MAX) { e.overflow = true; e.targets.clear(); return; }
  e.targets.add(el);
}

function push() {
  if (!armed) return;
  armed = false;
  const t = globalThis.qt && globalThis.qt.webChannelTransport;
  if (!t || typeof t.send !== 'function') return;
  try {
    pushes += 1;
    t.send(JSON.stringify({ type: 6, object: 'pagenote_revision', method: 'revision',
                            args: [JSON.stringify({ revision })], id: 0 }));
  } catch (err) { /* the channel went away: the host's wait ends at its timeout */ }
}

// A childList record that only adds or removes pagenote's own probe element.
function onlyOwn(r) {
  const n = r.addedNodes.length + r.removedNodes.length;
  if (!n || n > 2) return false;
  for (const node of r.addedNodes) if (!isOwn(node)) return false;
  for (const node of r.removedNodes) if (!isOwn(node)) return false;
  return true;
}

function notify(kind) { for (const fn of listeners) fn(kind); }

// One batch of mutation records: one revision (unless every record is pagenote's own probe element).
function onRecords(records, quiet) {
  work += 1;
  let e = null;
  let removals = false;
  for (const r of records) {
    const target = r.target.nodeType === Node.ELEMENT_NODE ? r.target : r.target.parentElement;
    if (isOwn(target) || (r.type === 'childList' && onlyOwn(r))) continue;
    if (!e) e = entry();
    touch(e, target);
    if (r.removedNodes.length) removals = true;
    if (target && (target.localName === 'title' || target === document.documentElement || target === document.head)) {
      e.page = true;
    }
  }
  if (!e) return;
  if (removals) {
    const check = (ref, el) => {
      if (el && !el.isConnected && !gone.has(el)) { gone.add(el); e.removed.add(ref); }
    };
    eachRef(check);
    for (const [ref, weak] of tracked) { const el = weak.deref(); if (!el) tracked.delete(ref); else check(ref, el); }
  }
  if (!quiet) notify('mutation');
  push();
}

function onEvent(ev) {
  work += 1;
  const type = ev.type;
  // pagenote's own paint probe (a popover: its show and hide fire `toggle` after the capture) is no change.
  if (isOwn(ev.target)) return;
  if (STATE_EVENTS.includes(type)) { notify(type); return; }
  const e = entry();
  if (PAGE_EVENTS.includes(type) || type === 'navigate' || type === 'currententrychange' || ev.currentTarget === window
      || ev.currentTarget === globalThis.visualViewport) {
    e.page = true;
  }
  const t = ev.target;
  if (t && t.nodeType === Node.ELEMENT_NODE) touch(e, t);
  else if (type === 'scroll' && (t === document || t === window)) e.page = true;
  notify(type);
  push();
}

function listen(target, type, options) {
  if (!target) return;
  target.addEventListener(type, onEvent, options);
  bound.push([target, type, options]);
}

// Start watching (idempotent): at install, so the revision counts from the document's start.
function watchRevisions() {
  if (observer) return;
  observer = new MutationObserver((records) => onRecords(records, false));
  observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  const capture = { capture: true, passive: true };
  for (const type of [...FORM_EVENTS, ...LOOK_EVENTS, ...STATE_EVENTS, 'scroll']) listen(document, type, capture);
  for (const type of [...PAGE_EVENTS, 'resize']) listen(window, type, { passive: true });
  if (globalThis.visualViewport) for (const type of ['resize', 'scroll']) listen(visualViewport, type, { passive: true });
  if (globalThis.navigation && typeof navigation.addEventListener === 'function') {
    for (const type of ['navigate', 'currententrychange']) listen(navigation, type, { passive: true });
  }
}

function stopRevisions() {
  if (!observer) return;
  observer.disconnect();
  observer = null;
  for (const [target, type, options] of bound.splice(0)) target.removeEventListener(type, onEvent, options);
  listeners = [];
  armed = false;
}

// Take mutation records not yet delivered to the observer's callback (they are queued as a microtask) and
// count them now; `quiet`: the snapshot's listeners are not told (its own walk's records). Returns the revision.
function settleRevision(quiet) {
  if (observer) {
    const records = observer.takeRecords();
    if (records.length) onRecords(records, !!quiet);
  }
  return revision;
}

function currentRevision() { return settleRevision(false); }

// `fn(kind)` after each change (kind: 'mutation' or an event type, hover and focus events included).
function onPageChange(fn) { listeners.push(fn); }

// The host waits for a revision after `since`: {revision, armed}. Armed: the next revision is pushed once.
function armRevision(since) {
  const now = currentRevision();
  if (now <= since) armed = true;
  return { revision: now, armed: now <= since };
}

// What changed after revision `since`: {revision, status: 'complete', changed: [refs], removed: [refs],
// page_changed, untracked} or {revision, status: 'reset_required', reason: 'history' | 'budget' | 'future'}.
// changed: the nearest element with a ref (given by a snapshot or a page-context read) at or above each touched
// element; untracked: touched elements under no such element. `maxRefs`: the most refs a complete diff lists.
function revisionDiff(since, maxRefs) {
  const now = currentRevision();
  if (since > now) return { revision: now, status: 'reset_required', reason: 'future' };
  if (since === now) return { revision: now, status: 'complete', changed: [], removed: [], page_changed: false, untracked: 0 };
  const held = history.filter((e) => e.rev > since);
  if (!held.length || held[0].rev !== since + 1) return { revision: now, status: 'reset_required', reason: 'history' };
  if (held.some((e) => e.overflow)) return { revision: now, status: 'reset_required', reason: 'budget' };
  const changed = new Set();
  const removed = new Set();
  let page = false;
  let untracked = 0;
  for (const e of held) {
    page = page || e.page;
    for (const ref of e.removed) removed.add(ref);
    for (const el of e.targets) {
      let ref = '';
      for (let n = el; n && !ref; n = n.parentNode instanceof ShadowRoot ? n.parentNode.host : n.parentElement) ref = refOf(n);
      if (ref) changed.add(ref); else untracked += 1;
    }
  }
  for (const ref of removed) changed.delete(ref);
  if (changed.size + removed.size > maxRefs) return { revision: now, status: 'reset_required', reason: 'budget' };
  return { revision: now, status: 'complete', changed: [...changed], removed: [...removed], page_changed: page, untracked };
}

// Whether `test(el)` holds for an element a revision after `since` touched: true / false, or null when the
// history no longer covers `since` or a revision touched too many elements to list (the caller cannot tell).
function touchedSince(since, test) {
  const held = history.filter((e) => e.rev > since);
  if (currentRevision() > since && (!held.length || held[0].rev !== since + 1)) return null;
  for (const e of held) {
    if (e.overflow) return null;
    for (const el of e.targets) if (test(el)) return true;
  }
  return false;
}

// Counters for tests and the bench: {revision, work (callbacks and events handled), pushes, armed, held}.
function revisionStats() {
  return { revision, work, pushes, armed, held: history.length };
}

// Remember that `ref` (of `el`) was given to the agent by a page-context read, so its removal is reported.
function trackRef(ref, el) {
  if (tracked.has(ref)) return;
  if (tracked.size >= TRACKED_MAX) tracked.delete(tracked.keys().next().value);
  tracked.set(ref, new WeakRef(el));
}

// The connected element a page-context read gave `ref` to, or null.
function trackedElement(ref) {
  const weak = tracked.get(ref);
  const el = weak && weak.deref();
  return el && el.isConnected ? el : null;
}
