// @module main
// @imports pins: overlay, elements, idFor; record: elementRecord, recordRect; text: cut, LINE_SEND; redact: redactUrl; frames: isFrame, frameElements, frameContentRect, frameInfo, looksClosedHost, deepElementAt, resolveChain; locators: resolveLocator; anchors: rememberAnchor, forgetAnchorsExcept, anchorChanges, anchorStatus, stopAnchors, lookAlikeCount, chooseAnchor; capture: documentMetrics, pinForCapture, scrollToExact, redactionRects, hideCaret
// @imports anchors: refreshAnchors; geometry: elementBox, BOX_CONTENTS; marktext: markRect
// @imports snapshot: snapshotDocument, resolveSnapshotRef, stopSnapshots
// @imports freeze: freeze, unfreeze, frozenState
// @imports range: rangeStart, rangeTo, rangeEnd, rangeCancel; region: regionInfo; group: elementsInBox, commonAncestor
// @imports revision: watchRevisions, stopRevisions, armRevision, revisionDiff, revisionStats, currentRevision; context: pageContext; refs: DOC_ID
// @imports pointer: hoverAt, forgetPointer
// @imports actions: actionTarget, focusForText, selectPlan, inputMark, inputSince, scrollState, revealFrame, frameAt; extract: extractText, findNodes
// @imports target: targetRef
// @imports verify: verifyCheck; follow: followMark, followChanged
// @imports forms: rangePlan, setRange
// The entry module of the picker world: `window.__pagenote`, the API the host calls.
// main.js — install guard and the API the host calls with runJavaScript(…, ApplicationWorld).
// Every entry point returns a JSON string (or nothing): runJavaScript cannot await Promises and converts
// structured values lossily, so the host parses JSON itself (app/webview/picker.py).

// The install guard (a previous instance is destroyed first) runs when pins.js is evaluated.

let frames = 0;                // animation frames counted by requestFrames()
// Ids pick(x, y, true) gave whose whole record the host has not asked for yet (record(id)): setMarkers keeps
// their elements even when its list does not name them yet — a marker list the host made before it added the
// pin can reach the page after the pick, and dropping the element then left the pin without its record (seen
// under load). At most AWAIT_MAX (the oldest go first).
const awaitingRecord = new Set();
const AWAIT_MAX = 32;
function awaitRecord(id) {
  awaitingRecord.delete(id);
  awaitingRecord.add(id);
  while (awaitingRecord.size > AWAIT_MAX) awaitingRecord.delete(awaitingRecord.values().next().value);
}

// Elements picked with pick(x, y, true) that seemed to host a closed shadow root at the click (record(id)
// comes later, without the point).
const closedHosts = new WeakMap();

// What pick(x, y, true) says at once: the page and where the element is (record.js recordRect), no field
// that takes a computation over the document (selector, locators, name …: record(id) adds them).
function boxRecord(el) {
  const geometry = recordRect(el);
  return { url: cut(redactUrl(location.href), LINE_SEND), title: cut(document.title, LINE_SEND), tag: el.localName,
           rect: geometry.rect, box: geometry.box };
}


function viewportRect(el) {
  const r = el.getBoundingClientRect();
  return { x: r.left, y: r.top, width: r.width, height: r.height };
}

// The record of an element being pinned: the element record (record.js) and how many look-alikes it has
// (anchors.js lookAlikeCount: same role, name, text and nearby text), which re-anchoring compares.
function pinRecord(el, closed) {
  return { ...elementRecord(el, closed), look_alikes: lookAlikeCount(el) };
}

// The one element a candidate selector (anchors.js candidateSelectors) names in this document, or null.
function candidateElement(selector) {
  const found = typeof selector === 'string' ? resolveChain(selector) : null;
  return found && !found.error && !found.frame && found.count === 1 && found.el !== overlay.host ? found.el : null;
}

// A group's other members (`[{locators}]`, Session.markers) as the elements of this document each names
// uniquely by its first locator that does; a member found nowhere here (another frame, gone) is left out.
function groupMembers(members) {
  const found = [];
  for (const m of members || []) {
    for (const locator of m.locators || []) {
      let hits = [];
      try { hits = resolveLocator(document, locator, 2).filter((e) => e !== overlay.host); } catch (e) { continue; }
      if (hits.length === 1) { found.push(hits[0]); break; }
    }
  }
  return found;
}

const api = {
  version: OPTIONS.version,

  // Highlight the element at viewport point (x, y) CSS px, through open shadow roots, and remember the
  // hit-test stack there (what Alt+↓ cycles through) and the point (pointer.js: the highlight follows when
  // the page moves under it). Returns {kind: 'element' | 'none', scene} (scene: what the host draws,
  // overlay.js); over an iframe, {kind: 'frame', frame} (the host continues in that frame, with its own
  // stack) and clears this frame's highlight.
  hover(x, y) {
    const el = hoverAt(x, y);
    if (isFrame(el)) return JSON.stringify({ kind: 'frame', frame: frameInfo(el) });
    return JSON.stringify({ kind: el ? 'element' : 'none', scene: overlay.latest() });
  },

  // What the host draws for this frame now: {doc, seq, hover, markers} (overlay.js). The main frame also
  // pushes it when it changes; the host asks sub-frames.
  scene() { return JSON.stringify(overlay.stamped()); },

  // The pointer left this frame (into another frame, off the page view) or the mode ended: no highlight, and
  // the point is forgotten (nothing is hit-tested again when the page moves).
  clearHover() { forgetPointer(); },

  // Alt+↑ / Alt+↓ (`direction` 'up' | 'down'): highlight the hovered candidate's parent, or the next element
  // of the hit-test stack at the pointer, wrapping (issue #3 §5, issue 9 §3; overlay.js step). Returns the
  // candidate as hoverState() does.
  hoverStep(direction) { overlay.step(direction); return JSON.stringify(overlay.hoverState()); },

  // The highlighted candidate: {label, viewport, pointer (it is the element under the pointer), place
  // ({k, n}: its place in the hit-test stack at the pointer, or null)}, or null.
  hoverState() { return JSON.stringify(overlay.hoverState()); },

  // What a click at (x, y) means: {kind: 'marker', id} when it hits a marker, {kind: 'element', id, record,
  // viewport} for an element, {kind: 'none'} otherwise.
  // `boxOnly`: the record is boxRecord()'s (where the element is, nothing to compute); the host draws the
  // marker from it at once and asks record(id) for the whole record afterwards.
  pick(x, y, boxOnly) {
    const markerId = overlay.markerAt(x, y);
    if (markerId) return JSON.stringify({ kind: 'marker', id: markerId, viewport: overlay.markerViewportRect(markerId) });
    const chosen = overlay.candidateAt(x, y);  // picked with Alt+↑/↓, and the click is inside it
    const el = chosen || deepElementAt(x, y);
    if (!el) return JSON.stringify({ kind: 'none' });
    if (!chosen && isFrame(el)) return JSON.stringify({ kind: 'frame', frame: frameInfo(el) });
    const closed = looksClosedHost(el, x, y);
    if (boxOnly) closedHosts.set(el, closed);
    const id = idFor(el);
    if (boxOnly) awaitRecord(id);
    return JSON.stringify({ kind: 'element', id, record: boxOnly ? boxRecord(el) : pinRecord(el, closed),
                            viewport: viewportRect(el), revision: currentRevision() });
  },

  // The whole element record (record.js) of pinned element `id` — picked with pick(x, y, true) — as pick()
  // gives it: {kind: 'element', id, record, viewport}; null when `id` is no longer pinned or its node left.
  record(id) {
    awaitingRecord.delete(id);
    const el = elements.get(id);
    if (!el || !el.isConnected) return JSON.stringify(null);
    return JSON.stringify({ kind: 'element', id, record: pinRecord(el, closedHosts.get(el) || false),
                            viewport: viewportRect(el), revision: currentRevision() });
  },

  // Resolve a CSS selector for the headless path: {count} when it does not match exactly one element, else
  // {count: 1, id, record}; a chain step that is an iframe gives {kind: 'frame', frame, rest} (the host goes
  // on in that frame). An invalid selector gives {count: 0, error}. Chains: `a >> b` (iframes, open shadow roots).
  select(selector) {
    const found = resolveChain(selector);
    if (found.error) return JSON.stringify({ count: 0, error: found.error });
    if (found.frame) return JSON.stringify({ kind: 'frame', frame: found.frame, rest: found.rest });
    if (found.count !== 1) return JSON.stringify({ count: found.count, step: found.step });
    const el = found.el;
    return JSON.stringify({ count: 1, id: idFor(el), record: pinRecord(el, false), viewport: viewportRect(el),
                            revision: currentRevision() });
  },

  // The iframe a selector names (this document only): {index, name, selector, rect} or null.
  frameInfoOf(selector) {
    let f = null;
    try { f = document.querySelector(selector); } catch (e) { /* not a selector */ }
    return JSON.stringify(isFrame(f) ? frameInfo(f) : null);
  },

  // The content box (viewport CSS px) of the document's iframe number `index` (document order), or null.
  frameRect(index) {
    const f = frameElements()[index];
    return JSON.stringify(f ? frameContentRect(f) : null);
  },

  // Replace the markers with `markers` = [{id, n, selected?}]; `keep` lists ids whose elements stay known
  // without a marker (annotations already sent). Other ids are forgotten. Accepts a bare marker list too.
  // A marker may carry `anchor` {locators, role, name, text}: ids this document does not know (a reload, an
  // SPA route or a page coming back) are re-anchored from it (anchors.js), and later DOM changes re-checked.
  setMarkers(json) {
    const data = JSON.parse(json);
    const list = Array.isArray(data) ? data : data.markers;
    const keep = new Set(list.map((m) => m.id).concat(Array.isArray(data) ? [] : data.keep || []));
    // A region (`rect`, no anchor) has no element to find again: no anchor (one made before it was a region goes).
    forgetAnchorsExcept(new Set(Array.from(keep).filter((id) => !list.some((m) => m.id === id && m.rect))));
    for (const m of list) if (m.anchor) rememberAnchor(m.id, m.anchor);
    overlay.setMarkers(list.map((m) => ({ ...m, members: groupMembers(m.members),
                                           stale: !m.rect && anchorStatus(m.id) === OPTIONS.statuses.stale })), elements);
    for (const id of Array.from(elements.keys())) if (!keep.has(id) && !awaitingRecord.has(id)) elements.delete(id);
    return JSON.stringify(list.map((m) => ({ id: m.id, viewport: overlay.markerViewportRect(m.id) })));
  },

  markers() { return JSON.stringify(overlay.markerStates()); },

  // Anchor statuses that changed since the last call: {id: {status, record?}} (anchors.js).
  anchorChanges() {
    const changes = anchorChanges();
    for (const [id, c] of Object.entries(changes)) overlay.setStale(id, c.status === OPTIONS.statuses.stale);
    return JSON.stringify(changes);
  },

  // Resolve a locator (locators.js) in this document: {count, same} — `same`: the one match is pinned `id`.
  resolve(locator, id) {
    const list = resolveLocator(document, locator);
    return JSON.stringify({ count: list.length, same: list.length === 1 && list[0] === elements.get(id) });
  },

  // Viewport rect (CSS px) of a pinned element, or null.
  elementViewport(id) {
    const el = elements.get(id);
    return JSON.stringify(el && el.isConnected ? viewportRect(el) : null);
  },

  // Scroll position and viewport size in CSS px, and the device pixel ratio.
  viewportState() {
    return JSON.stringify({ scroll: { x: scrollX, y: scrollY }, viewport: { width: innerWidth, height: innerHeight },
                            dpr: devicePixelRatio, readyState: document.readyState });
  },

  // Bring a pinned element into view (nearest edge, no smooth scrolling); returns its viewport rect or null.
  reveal(id) {
    const el = elements.get(id);
    if (!el || !el.isConnected) return JSON.stringify(null);
    el.scrollIntoView({ block: 'nearest', inline: 'nearest', behavior: 'instant' });
    return JSON.stringify(viewportRect(el));
  },

  markerViewport(id) { return JSON.stringify(overlay.markerViewportRect(id)); },
  // The agent snapshot (snapshot.js): this document's lines within the budget in `json`; refs stay in this
  // world. resolveRef(ref, doc, seq): where a ref of snapshot `seq` of document `doc` is now (refs.js).
  snapshot(json) { return JSON.stringify(snapshotDocument(JSON.parse(json))); },
  resolveRef(ref, doc, seq) { return JSON.stringify(resolveSnapshotRef(ref, doc, seq)); },

  // Page context (context.js), revisions (revision.js): revisionArm(since) → {doc, revision, armed} (armed: the next
  // revision is pushed to the host once, main frame only); revisionDiff(since, maxRefs) → what changed since;
  // follow(-1, ids) marks pins, follow(since, ids) → {revision, changed}: may a change concern them (follow.js).
  pageContext(json) { return JSON.stringify(pageContext(JSON.parse(json))); },
  revisionArm(since) { return JSON.stringify({ doc: DOC_ID, ...armRevision(since) }); },
  revisionDiff(since, maxRefs) { return JSON.stringify({ doc: DOC_ID, ...revisionDiff(since, maxRefs) }); },
  revisionStats() { return JSON.stringify({ doc: DOC_ID, ...revisionStats() }); },
  follow(since, ids) { return JSON.stringify({ doc: DOC_ID, ...(since < 0 ? followMark(ids) : followChanged(since, ids)) }); },

  // The agent's actions by ref (actions.js): the input itself is Qt events from the host (trusted).
  actionTarget(ref, doc, seq, o) { return JSON.stringify(actionTarget(ref, doc, seq, o)); },
  focusForText(ref, doc, seq, mode) { return JSON.stringify(focusForText(ref, doc, seq, mode)); },
  selectPlan(ref, doc, seq, values) { return JSON.stringify(selectPlan(ref, doc, seq, values)); },
  scrollState(ref, doc, seq) { return JSON.stringify(scrollState(ref, doc, seq)); },
  inputMark() { return JSON.stringify(inputMark()); },
  inputSince(n) { return JSON.stringify(inputSince(n)); },
  revealFrame(selector) { return JSON.stringify(revealFrame(selector)); },
  frameAt(selector, x, y) { return JSON.stringify(frameAt(selector, x, y)); },
  // The agent's extract and find (extract.js).
  extract(o) { return JSON.stringify(extractText(o)); },
  find(o) { return JSON.stringify(findNodes(o)); },
  // An action's `target` that is a selector or locator, not a ref (target.js): a ref for its one element.
  targetRef(o) { return JSON.stringify(targetRef(o)); },
  // The agent's slider field of fill_form (forms.js): Playwright's value setting for <input type=range>.
  rangePlan(ref, doc, seq, value) { return JSON.stringify(rangePlan(ref, doc, seq, value)); },
  setRange(ref, doc, seq, value) { return JSON.stringify(setRange(ref, doc, seq, value)); },
  // The agent's opt-in testing checks (verify.js): visible element / text, a value, a list, locators.
  verify(o) { return JSON.stringify(verifyCheck(o)); },

  // Before an export (issue 9 §4): re-check and re-read the pinned elements `ids` from their live nodes
  // (anchors.js refreshAnchors): {id: {status, reason, record?, viewport?}}.
  refreshPins(ids) { return JSON.stringify(refreshAnchors(ids)); },
  // A verification (app/agent/verify_annotations.py): find a sent annotation `id` again from its recorded
  // anchor `desc` (anchors.js; a document that never had it — a reload — looks for it) and re-read it as
  // refreshPins does: {id: {status, reason, record?, viewport?, candidates?}}.
  reanchor(id, desc) { rememberAnchor(id, desc); return JSON.stringify(refreshAnchors([id])); },

  // The pick among an ambiguous annotation's candidates (issue 30, requirement 1; app/ui/candidate_pick.py):
  // candidateRects(selectors) → each candidate's viewport rect (CSS px) or null (gone, or drawing nothing);
  // chooseCandidate(id, selector) → anchors.js chooseAnchor's {status, record, viewport}, or null when the
  // selector no longer names exactly one element.
  candidateRects(selectors) {
    return JSON.stringify((Array.isArray(selectors) ? selectors : []).slice(0, 10).map((c) => {
      const el = candidateElement(c);
      const r = el && elementBox(el).rect;
      return r ? { x: r.x, y: r.y, width: r.width, height: r.height } : null;
    }));
  },
  chooseCandidate(id, selector) {
    const el = candidateElement(selector);
    if (!el) return JSON.stringify(null);
    return JSON.stringify({ ...chooseAnchor(id, el), viewport: viewportRect(el) });
  },

  // Bring a pinned element into view (nearest edge, no smooth scrolling) and measure it (geometry.js, issue 9
  // §6): {x, y, width, height, box} in viewport CSS px (box 'contents': the union of its children's boxes);
  // {box} alone when it draws nothing (hidden, zero-size); null when it is not pinned here or detached.
  revealBox(id) {
    const el = elements.get(id);
    if (!el || !el.isConnected) return JSON.stringify(null);
    let b = elementBox(el);
    if (!b.rect) return JSON.stringify({ box: b.kind });
    let target = el;
    if (b.kind === BOX_CONTENTS) {  // no box to scroll to: its first drawn descendant
      target = Array.from(el.querySelectorAll('*')).find((e) => e.getClientRects().length) || el;
    }
    target.scrollIntoView({ block: 'nearest', inline: 'nearest', behavior: 'instant' });
    b = elementBox(el);
    return JSON.stringify(b.rect ? { ...b.rect, box: b.kind } : { box: b.kind });
  },

  // Annotation kinds. A text range dragged at viewport points (range.js): rangeStart(x, y) → {kind: 'text' |
  // 'none'} (or {kind: 'frame', frame} over an iframe: the host goes on there); rangeTo(x, y) → the range's
  // viewport rects; rangeEnd(x, y) → {kind: 'text', id, record, viewport, selection: {quote, start, end},
  // rects} for the element containing the range, or {kind: 'none'}.
  rangeStart(x, y) {
    const el = deepElementAt(x, y);
    if (isFrame(el)) return JSON.stringify({ kind: 'frame', frame: frameInfo(el) });
    return JSON.stringify({ kind: rangeStart(x, y) ? 'text' : 'none' });
  },
  rangeTo(x, y) { return JSON.stringify(rangeTo(x, y)); },
  rangeCancel() { rangeCancel(); },
  rangeEnd(x, y) {
    const r = rangeEnd(x, y);
    if (!r) return JSON.stringify({ kind: 'none' });
    return JSON.stringify({ kind: 'text', id: idFor(r.el), record: elementRecord(r.el, false), viewport: viewportRect(r.el),
                            selection: { quote: r.quote, start: r.start, end: r.end }, rects: r.rects,
                            revision: currentRevision() });
  },
  // A second annotation of a pinned element (a text range inside an annotated paragraph …): pinned id `alias`
  // names the same element as `id`, with its own marker and anchor. false when `id` is not pinned here.
  aliasPin(id, alias) {
    const el = elements.get(id);
    if (!el) return false;
    elements.set(alias, el);
    return true;
  },
  // A region (region.js): {rect (document CSS px), covers: [{role, name, selector, share}], id}.
  region(x, y, width, height, limit) { return JSON.stringify(regionInfo(x, y, width, height, limit)); },
  // A box drag for a group (group.js): [{id, record, viewport}] of the outermost elements inside the box.
  elementsInBox(x, y, width, height, limit) {
    return JSON.stringify(elementsInBox(x, y, width, height, limit).map((o) => ({
      id: o.id, record: elementRecord(o.el, false), viewport: o.viewport })));
  },
  // The selector of the nearest common ancestor of pinned ids and of the elements `selectors` name ('').
  commonAncestor(ids, selectors) { return JSON.stringify(commonAncestor(ids, selectors || [])); },

  // Freeze (freeze.js): this document's CSS animations and transitions, Web Animations and playing media
  // stop where they are; unfreeze() restores what freeze() changed. Each answers {frozen, animations, media}.
  freeze() { return JSON.stringify(freeze()); },
  unfreeze() { return JSON.stringify(unfreeze()); },
  frozen() { return JSON.stringify(frozenState()); },

  setOverlayVisible(on) { overlay.setVisible(on); if (on) hideCaret(false); },  // the capture is over

  // Frames: the host waits for `frame()` to pass a value before grabbing pixels (two frames after a DOM
  // change, the compositor has drawn it).
  requestFrames(n) {
    const target = frames + n;
    const step = () => { frames++; if (frames < target) requestAnimationFrame(step); };
    requestAnimationFrame(step);
    return target;
  },
  frame() { return frames; },

  // Full-page capture helpers (capture.js).
  documentMetrics() { return JSON.stringify(documentMetrics()); },
  pinForCapture(phase) { return pinForCapture(phase); },
  scrollTo(x, y) { return JSON.stringify(scrollToExact(x, y)); },
  // Scroll, then show the two-pixel paint probe in `colors` (one round trip per full-page tile).
  scrollAndProbe(x, y, colors) {
    const at = scrollToExact(x, y);
    if (colors) hideCaret(true);
    overlay.setProbe(colors);
    return JSON.stringify(at);
  },
  redactionRects(doc) { return JSON.stringify(redactionRects(!!doc)); },
  // Rects (CSS px; document coordinates when `doc`) of pinned elements by id; null for ids not on this page.
  // With `shapes`, a marker shown live is what the window draws for it, measured now (a full-page capture's
  // layout): {x, y, width, height, parts, fill, text} (overlay.js drawnShape, app/core/mark_layout.py).
  pinnedRects(ids, doc, shapes) {
    const out = {};
    const dx = doc ? scrollX : 0, dy = doc ? scrollY : 0;
    const moved = (rects) => rects.map(([x, y, w, h]) => [x + dx, y + dy, w, h]);
    for (const id of ids) {
      const s = shapes ? overlay.drawnShape(id) : null;
      if (s) {
        out[id] = { x: s.x + dx, y: s.y + dy, width: s.width, height: s.height, fill: s.fill,
                    parts: moved(s.parts), text: moved(s.text) };
        continue;
      }
      const el = elements.get(id);
      if (!el || !el.isConnected) { out[id] = null; continue; }
      const r = markRect(el) || viewportRect(el);   // what the window outlines: the box and its text's ink
      out[id] = doc ? { x: r.x + scrollX, y: r.y + scrollY, width: r.width, height: r.height } : r;
    }
    return JSON.stringify(out);
  },

  // Paint probe for host-side captures (app/capture/viewport.py): `colors` ['#RRGGBB', '#RRGGBB'] shows
  // two 1x1 CSS px probe pixels at the viewport's top-left (pagenote's only element in the page, for the
  // capture's duration); null removes it.
  probe(colors) { if (colors) hideCaret(true); overlay.setProbe(colors); },  // no caret in the image

  destroy() {
    unfreeze();
    rangeCancel();
    stopAnchors();
    stopSnapshots();
    stopRevisions();
    pinForCapture('restore');
    forgetPointer();
    overlay.destroy();
    elements.clear();
    awaitingRecord.clear();
  },
};

Object.defineProperty(window, '__pagenote', { value: api, configurable: true, writable: false, enumerable: false });
watchRevisions();   // the revision counts from the document's start (revision.js)
