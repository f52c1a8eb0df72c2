// @module overlay
// @imports geometry: elementBox, BOX_CONTENTS, lineFragments; marktext: hoverName, summaryName, textNear, inkBeyond, markRect
// @imports range: rangeRectsIn
// @exports HOST_TAG, Overlay, badgeWidth
// overlay.js — what the hover highlight and the numbered markers show, measured here and drawn by the HOST:
// a Qt widget over the page view (app/ui/marks.py) paints them from the *scene* this module reports, so the
// page can neither hide, move, restyle nor cover them, and nothing of pagenote enters the page's DOM or event
// stream while the user hovers and pins. The only page-side pixels pagenote ever adds are the two-pixel paint
// probe of a screenshot (setProbe), present for the duration of one capture.
//
// Scene (viewport CSS px of this frame): {doc, seq, hover: {x, y, width, height, label} | null,
// markers: [{id, n, x, y, width, height, visible, stale, selected, seen, parts, fill, text}], rehover} — a
// marker's x/y/width/height are its first shape (the one its badge touches), `parts` its other shapes
// ([x, y, width, height]), `fill` true for a text range (its shapes are its words, highlighted), `text` the
// page's text lines around it; the host draws them and places the badge by one rule (app/core/mark_layout.py,
// the annotated PNG's too). `rehover` counts this document's requests that the host hover again at the
// pointer's last position (pointer.js: what this frame cannot hit-test itself); the host acts on an increase.
// The main frame pushes a changed scene to the host once per animation frame through Qt's web channel
// transport (qt.webChannelTransport, which Qt installs in pagenote's isolated world of the main frame only;
// the page's own world cannot see or call it); the host polls sub-frames (`scene()`).

// The tag of the paint probe's host element (only in the DOM during a capture's probe).
const HOST_TAG = 'pagenote-probe';
const Z_MAX = '2147483647';

// Colours and the marker size come from app/core/policy.py (OPTIONS.markers); the host draws with the same.
const MARK = OPTIONS.markers;

// A badge's width in CSS px for number `n`: the rule app/core/placement.py badge_width() also applies.
function badgeWidth(n) { return Math.max(MARK.size, 7 * String(n).length + 12); }

// The element's parent, crossing from a shadow root's top level to its host.
function composedParent(el) {
  if (el.parentElement) return el.parentElement;
  const p = el.parentNode;
  return p && p.nodeType === Node.DOCUMENT_FRAGMENT_NODE && p.host ? p.host : null;
}

// `a#cover  320×180  2/5`, as Chromium's inspector tooltip names an element: tag with #id (else up to two
// classes), size, then the candidate's place in the hit-test stack at the pointer (`place` {k, n}, 1-based;
// left out when the candidate is not in that stack or the stack holds only it).
function hoverLabel(el, r, place) {
  const name = hoverName(el);
  const at = place && place.n > 1 ? `  ${place.k}/${place.n}` : '';
  return `${name}  ${Math.round(r.width)}×${Math.round(r.height)}${at}`;
}


// Qt's web channel transport in this world, or null (sub-frames, a page without pagenote's channel). The
// QWebChannel protocol's "invoke method" message (type 6) calls the host object's slot by name; the answers
// (type 10) are not needed.
function hostTransport() {
  const t = globalThis.qt && globalThis.qt.webChannelTransport;
  if (!t || typeof t.send !== 'function') return null;
  t.onmessage = () => {};
  return t;
}

// The paint probe of host captures (app/capture/viewport.py): two 1x1 CSS px pixels at the viewport's
// top-left, in the top layer (a manual popover: above the page's filters, modals and z-indexes). Created
// when a capture asks for it, removed when the capture hides it: the page sees it only during captures.

// The box the highlight shows for `el` (viewport CSS px, DOMRect-like): its border box, or for `display:
// contents` its children's union, as DevTools highlights it and its record reports it (geometry.js).
function highlightRect(el) {
  const b = elementBox(el);
  if (b.kind !== BOX_CONTENTS) return el.getBoundingClientRect();
  const r = b.rect;
  return { left: r.x, top: r.y, right: r.x + r.width, bottom: r.y + r.height, width: r.width, height: r.height };
}
class Probe {
  constructor() { this.host = null; this.dots = []; }

  show(colors) {
    if (!this.host) {
      this.host = document.createElement(HOST_TAG);
      for (const [k, v] of [['position', 'fixed'], ['inset', '0'], ['pointer-events', 'none'], ['z-index', Z_MAX],
                           ['display', 'block'], ['margin', '0'], ['padding', '0'], ['border', '0'],
                           ['background', 'transparent'], ['overflow', 'visible'], ['opacity', '1'],
                           ['transform', 'none'], ['translate', 'none'], ['filter', 'none'], ['visibility', 'visible']]) {
        this.host.style.setProperty(k, v, 'important');
      }
      this.host.popover = 'manual';
      const root = this.host.attachShadow({ mode: 'closed' });
      this.dots = [0, 1].map((i) => {
        const d = document.createElement('div');
        d.style.cssText = `position:fixed;top:0;left:${i}px;width:1px;height:1px;pointer-events:none`;
        root.appendChild(d);
        return d;
      });
    }
    this.dots.forEach((d, i) => { d.style.background = colors[i]; });
    if (this.host.parentNode !== document.documentElement) document.documentElement.appendChild(this.host);
    try {
      if (this.host.matches(':popover-open')) this.host.hidePopover();
      this.host.showPopover();
    } catch (e) { /* popovers unsupported: a plain fixed element */ }
  }

  hide() {
    if (this.host) this.host.remove();
    this.host = null;
  }
}

class Overlay {
  constructor() {
    this.probe = new Probe();
    this.markers = new Map();   // annotation id -> {el: WeakRef<Element>, n, stale, selected, last}
    this.hovered = null;        // WeakRef<Element>: the highlighted candidate (what a click inside it pins)
    this.pointer = null;        // WeakRef<Element>: the element under the pointer (Alt+↑/↓ start from it)
    this.stack = [];            // [WeakRef<Element>]: the hit-test stack at the pointer, topmost first (Alt+↓)
    this.raf = 0;
    this.doc = Math.random().toString(36).slice(2, 10);   // this document's scenes
    this.seq = 0;
    this.sent = '';             // the last scene pushed (JSON, without seq)
    this.last = null;           // the last stamped scene
    this.asks = 0;              // requests to hover again (the scene's `rehover`)
    this.transport = hostTransport();
  }

  // The probe's host element while a capture shows it, else null (hit tests and capture.js skip it).
  get host() { return this.probe.host; }

  // The pointer is over `el` (null: off the page), `stack` the elements hit there, topmost first
  // (frames.js deepElementsAt; `el` is made its first). A move within the same element keeps the candidate
  // chosen with Alt+↑/↓ (the stack follows the pointer); a move onto another element makes that element the
  // candidate.
  setHover(el, stack = []) {
    this.stack = el ? [el, ...stack.filter((e) => e !== el)].map((e) => new WeakRef(e)) : [];
    const was = this.hovered && this.hovered.deref();
    if (el && was && el === (this.pointer && this.pointer.deref())) { this.flush(); return; }
    this.pointer = el ? new WeakRef(el) : null;
    this.hovered = el ? new WeakRef(el) : null;
    this.flush();
  }

  // Alt+↑ ('up'): the candidate's parent (across shadow roots; <html> stays). Alt+↓ ('down'): the next
  // element of the hit-test stack at the pointer, after the candidate, wrapping from the last to the first
  // (the element under the pointer); a candidate not in the stack (an ancestor that is not hit, or the
  // pointer moved off it) goes to the first. So an element under a transparent overlay is reachable
  // (issue 9 §3). Returns the new candidate, or null when nothing is hovered.
  step(direction) {
    const cur = this.hovered && this.hovered.deref();
    if (!cur || !cur.isConnected) return null;
    let next = null;
    if (direction === 'up') {
      next = composedParent(cur);
    } else {
      const stack = this.liveStack();
      if (stack.length) next = stack[(stack.indexOf(cur) + 1) % stack.length];
    }
    if (next && next !== this.host) {
      this.hovered = new WeakRef(next);
      this.flush();
      return next;
    }
    return cur;
  }

  // The hit-test stack at the pointer, without elements removed since: [Element], topmost first.
  liveStack() {
    const out = [];
    for (const ref of this.stack) {
      const e = ref.deref();
      if (e && e.isConnected) out.push(e);
    }
    return out;
  }

  // `el`'s place in the stack at the pointer: {k (1-based), n}, or null when it is not in it.
  placeOf(el) {
    const stack = this.liveStack();
    const i = stack.indexOf(el);
    return i < 0 ? null : { k: i + 1, n: stack.length };
  }

  // The candidate chosen with Alt+↑/↓ when (x, y) is inside its border box, else null (a click then pins
  // the element under the pointer as usual).
  candidateAt(x, y) {
    const cand = this.hovered && this.hovered.deref();
    if (!cand || !cand.isConnected || cand === (this.pointer && this.pointer.deref())) return null;
    const r = highlightRect(cand);
    return x >= r.left && x <= r.right && y >= r.top && y <= r.bottom ? cand : null;
  }

  // The candidate as the host sees it: {label, viewport (CSS px), pointer (it is the element under the
  // pointer), place ({k, n}: its place in the hit-test stack there, or null)}, or null.
  hoverState() {
    const el = this.hovered && this.hovered.deref();
    if (!el || !el.isConnected) return null;
    const r = highlightRect(el);
    const place = this.placeOf(el);
    return { label: hoverLabel(el, r, place), viewport: { x: r.left, y: r.top, width: r.width, height: r.height },
             pointer: el === (this.pointer && this.pointer.deref()), place };
  }

  // Replace the markers with `list` [{id, n, stale?, selected?, rect?, members?, selection?}]; `elementsById`
  // maps ids to elements; `members`: a group's other elements (outlined too, as the scene's `parts`);
  // `selection` {start, end}: a text range's offsets in its element's textContent (its words are drawn).
  // `rect`: a region's (document CSS px), its marker's place while it has no element (a reload, a re-render).
  setMarkers(list, elementsById) {
    const keep = new Set();
    for (const m of list) {
      keep.add(m.id);
      let entry = this.markers.get(m.id);
      if (!entry) {
        const el = elementsById.get(m.id);
        if (!el && !m.rect) continue;
        const r = el ? elementBox(el).rect : m.rect;  // null when it draws nothing: no last position yet
        entry = el ? { el: new WeakRef(el), last: r && { x: r.x + scrollX, y: r.y + scrollY } }
          : { el: null, rect: m.rect, last: { x: r.x, y: r.y } };
        this.markers.set(m.id, entry);
      }
      entry.n = m.n;
      entry.rect = m.rect || null;
      entry.members = (m.members || []).map((el) => new WeakRef(el));   // a group's other elements
      const sel = m.selection;
      entry.selection = sel && Number.isInteger(sel.start) && Number.isInteger(sel.end) && sel.end > sel.start
        ? { start: sel.start, end: sel.end } : null;
      entry.stale = !!m.stale;
      entry.selected = !!m.selected;
    }
    for (const id of Array.from(this.markers.keys())) if (!keep.has(id)) this.markers.delete(id);
    this.ttl = Infinity; try { this.flush(); } finally { this.ttl = 0; }   // others' text/ink: as last measured
  }

  // Marker badge under a viewport point: always null (the host hit-tests its own badges before a pick).
  markerAt(x, y) { return null; }

  // The element of marker `id` was found again (anchors.js): follow the new node.
  retarget(id, el) {
    const entry = this.markers.get(id);
    if (entry) entry.el = new WeakRef(el);
    this.flush();
  }

  setStale(id, stale) {
    const entry = this.markers.get(id);
    if (entry && !entry.rect) entry.stale = !!stale;   // a region is drawn at its rectangle: never re-anchored
    this.flush();
  }

  // The badge of marker `id` as drawn: {x, y, width, height} viewport CSS px, or null (unknown or not shown).
  markerViewportRect(id) {
    const entry = this.markers.get(id), m = entry && this.markerScene(id, entry, Infinity);   // as last measured
    return m && m.visible ? { x: m.x, y: m.y, width: badgeWidth(m.n), height: MARK.size } : null;
  }

  // Marker `id` as drawn now ({x, y, width, height, parts, fill, text}, viewport CSS px), null when not
  // shown or stale: what annotated screenshots draw (main.js pinnedRects).
  drawnShape(id) {
    const entry = this.markers.get(id);
    const m = entry && this.markerScene(id, entry);
    return m && m.visible && !m.stale && m.width && m.height ? { parts: [], text: [], fill: false, ...m } : null;
  }

  // Every marker as drawn: [{id, n, x, y, visible, stale, seen}] in viewport CSS px (what the user sees).
  markerStates() {
    return this.scene().markers.map(({ id, n, x, y, visible, stale, seen }) => ({ id, n, x, y, visible, stale, seen }));
  }

  // One marker from live element geometry (issue 9 §6: display: contents → its children's union; an element
  // that draws nothing gets no marker, never one at the page's top-left). A stale annotation whose element
  // is gone keeps a grey marker where its element was last seen, in document coordinates (issue #3 §7).
  markerScene(id, entry, ttl = this.ttl || 500) {
    const base = { id, n: entry.n, stale: entry.stale, selected: entry.selected, x: 0, y: 0, width: 0, height: 0 };
    const target = entry.el && entry.el.deref();
    if (entry.rect) {   // a region: its rectangle, whatever element the page knows under it
      const { x, y, width, height } = entry.rect;
      return { ...base, visible: true, seen: true, x: x - scrollX, y: y - scrollY, width, height, text: [] };
    }
    if (!target || !target.isConnected) {
      const shown = entry.stale && entry.last;
      return { ...base, visible: !!shown, seen: !!entry.last,
               ...(shown ? { x: entry.last.x - scrollX, y: entry.last.y - scrollY } : {}) };
    }
    const box = elementBox(target).rect;
    if (!box) return { ...base, visible: false, seen: !!entry.last };
    entry.last = { x: box.x + scrollX, y: box.y + scrollY };
    const shapes = this.shapesOf(entry, target, box, ttl);
    const first = shapes[0];
    // The text around the first shape, measured again when its size changed or half a second passed (a
    // scroll moves it with the shape: the rects are relative to it). A text range's own paragraph counts
    // too: its badge should not hide the words around the range (textNear leaves out the element it is
    // given, so it is given a stand-in whose parent is the range's element).
    const now = performance.now(), due = now - ttl;
    if (!entry.text || entry.textW !== first.width || entry.textH !== first.height || entry.textAt < due) {
      entry.text = textNear(entry.selection ? { parentElement: target } : target, first);
      entry.textW = first.width; entry.textH = first.height; entry.textAt = now;
    }
    const text = entry.text.map(([x, y, w, h]) => [x + first.x, y + first.y, w, h]);
    const parts = shapes.slice(1).map((r) => [r.x, r.y, r.width, r.height]);
    return { ...base, visible: true, seen: true, x: first.x, y: first.y, width: first.width, height: first.height,
             text, parts, fill: !!entry.words };
  }

  // What marker `entry` draws for its live element `target` (border box `box`), viewport CSS px
  // [{x, y, width, height}], the badge's shape first (app/core/mark_layout.py): a text range's words
  // (range.js rangeRectsIn; entry.words says so), else the element's line fragments when it is an inline box
  // broken across lines, else its box with the ink of its own text (marktext.js markRect); then a group's
  // other members: their line fragments or their boxes (geometry.js elementBox).
  shapesOf(entry, target, box, ttl = 500) {
    entry.words = false;
    if (entry.selection) {
      const words = rangeRectsIn(target, entry.selection.start, entry.selection.end);
      if (words.length) { entry.words = true; return words; }
    }
    const now = performance.now(), due = now - ttl;
    if (!entry.ink || entry.inkW !== box.width || entry.inkH !== box.height || entry.inkAt < due) {
      entry.ink = inkBeyond(target, box);
      entry.inkW = box.width; entry.inkH = box.height; entry.inkAt = now;
    }
    const own = lineFragments(target) || [markRect(target, entry.ink)];
    for (const ref of entry.members || []) {
      const el = ref.deref();
      if (!el || !el.isConnected) continue;
      const rects = lineFragments(el) || [elementBox(el).rect].filter(Boolean);   // no text walk per frame
      own.push(...rects);
    }
    return own;
  }

  // The scene now (see the header), without doc and seq.
  scene() {
    const el = this.hovered && this.hovered.deref();
    let hover = null;
    // A candidate that stopped rendering (display: none after it was hovered) has no box: no highlight,
    // rather than a 0×0 one at the viewport's corner.
    if (el && el.isConnected && (el.getClientRects().length || elementBox(el).kind === BOX_CONTENTS)) {
      const r = highlightRect(el);
      const place = this.placeOf(el);
      // The label's parts too (name, place k of n), so the window can word it in the UI's language.
      // The summary once per candidate (an accessible name walks the subtree: not on every frame).
      if (!this.named || this.named.ref.deref() !== el) this.named = { ref: new WeakRef(el), name: summaryName(el) };
      hover = { x: r.left, y: r.top, width: r.width, height: r.height, label: hoverLabel(el, r, place),
                name: this.named.name, k: place ? place.k : 0, n: place ? place.n : 0 };
    }
    const markers = Array.from(this.markers, ([id, entry]) => this.markerScene(id, entry));
    return { hover, markers, rehover: this.asks };
  }

  // Ask the host to hover again at the pointer's last position (pointer.js): the scene changes, so the main
  // frame pushes it and the host's poll of a sub-frame reads it.
  askHost() {
    this.asks++;
    this.flush();
  }

  // The scene with this document's token and sequence number (the host keeps the newest per document),
  // measured now; `latest()` is the one the last flush() measured (no second measurement right after one).
  stamped() {
    const s = this.scene();
    const text = JSON.stringify(s);
    if (text !== this.sent) { this.sent = text; this.seq++; }
    this.last = { doc: this.doc, seq: this.seq, ...s };
    return this.last;
  }

  latest() { return this.last || this.stamped(); }

  // Measure now and push the scene to the host when it changed; keep following while there is something to
  // follow (markers track scrolling, resizing, reflow and transforms once per animation frame).
  flush() {
    const before = this.sent;
    const scene = this.stamped();
    if (this.transport && this.sent !== before) {
      try {
        this.transport.send(JSON.stringify({ type: 6, object: 'pagenote_scene', method: 'scene',
                                             args: [JSON.stringify(scene)], id: scene.seq }));
      } catch (e) { this.transport = null; /* the channel went away: the host polls instead */ }
    }
    this.kick();
    return scene;
  }

  kick() {
    if (this.raf) return;
    const el = this.hovered && this.hovered.deref();
    if (this.markers.size || (el && el.isConnected)) this.raf = requestAnimationFrame(() => { this.raf = 0; this.flush(); });
  }

  // Screenshots: the host draws pagenote's marks outside the page, so there is nothing to hide; `false`
  // removes a paint probe left over.
  setVisible(on) { if (!on) this.probe.hide(); }

  // colors: [left, right] for the two 1x1 CSS px probe pixels at the viewport's top-left, or null (removed).
  setProbe(colors) {
    if (colors) this.probe.show(colors); else this.probe.hide();
  }

  destroy() {
    if (this.raf) cancelAnimationFrame(this.raf);
    this.raf = 0;
    this.probe.hide();
    this.markers.clear();
    this.hovered = null;
    this.flush();
  }
}
