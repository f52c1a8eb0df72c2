// @module overlay
// @imports geometry: elementBox
// @exports HOST_TAG, Overlay
// overlay.js — hover highlight and numbered markers, drawn in a closed shadow root on a host element that
// pagenote appends to <html>. The host is inert (pointer-events: none): the page's hit testing never sees
// it, and input is owned by the Qt side while annotation mode is on (see app/webview/input_guard.py).
// Styles come from a constructed stylesheet (adoptedStyleSheets), which a page's CSP style-src cannot block.
// The host's own styles are inline and !important (they beat any page rule). No `:host { … !important }`
// rule: important :host rules win over the host's inline style (CSS Cascade 5, §6.1 "context"), which
// would make it impossible to hide the overlay for a clean screenshot.

const HOST_TAG = 'pagenote-overlay';
const Z_MAX = '2147483647';

// Colours and the marker size come from app/core/policy.py (OPTIONS.markers), the same values the host
// draws annotated screenshots with (app/capture/draw.py).
const MARK = OPTIONS.markers;

// `#RRGGBB` with `alpha` (0..1) as rgba().
function withAlpha(hex, alpha) {
  const n = parseInt(hex.slice(1), 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`;
}

const OVERLAY_CSS = `
  .box { position: fixed; box-sizing: border-box; pointer-events: none; display: none;
         border: 2px solid ${MARK.highlight}; background: ${withAlpha(MARK.highlight, 0.12)}; border-radius: 2px; }
  .label { position: fixed; pointer-events: none; display: none; font: 11px/16px system-ui, sans-serif;
           color: #fff; background: #1E3A8A; padding: 1px 6px; border-radius: 3px; white-space: nowrap; }
  .marker { position: fixed; left: 0; top: 0; pointer-events: none; min-width: ${MARK.size}px; height: ${MARK.size}px;
            box-sizing: border-box; padding: 0 6px; border-radius: ${MARK.size / 2}px; border: 2px solid #fff;
            background: ${MARK.color}; color: #fff; font: bold 12px/${MARK.size - 4}px system-ui, sans-serif;
            text-align: center; box-shadow: 0 1px 3px rgba(0, 0, 0, 0.45); transform: translate(-9999px, -9999px); }
  .marker.gone { background: ${MARK.stale}; }  /* a stale annotation (issue #3 §7) */
  .marker.selected { background: ${MARK.selected}; }
  .probe { position: fixed; top: 0; width: 1px; height: 1px; pointer-events: none; display: none; }
  .probing { display: none !important; }
  .outline { position: fixed; left: 0; top: 0; box-sizing: border-box; pointer-events: none;
             border: 2px dashed ${withAlpha(MARK.color, 0.7)}; }
`;

// The element's parent, crossing from a shadow root's top level to its host.
function composedParent(el) {
  if (el.parentElement) return el.parentElement;
  const p = el.parentNode;
  return p && p.nodeType === Node.DOCUMENT_FRAGMENT_NODE && p.host ? p.host : null;
}

// `a#cover  320×180 · 2 of 5 at this point · Alt+↑ parent · Alt+↓ next`: tag with #id (else up to two
// classes), size, the candidate's place in the hit-test stack at the pointer (`place` {k, n}, 1-based; left
// out when the candidate is not in that stack), the keys.
function hoverLabel(el, r, place) {
  const id = el.getAttribute('id');
  const classes = (el.getAttribute('class') || '').trim().split(/\s+/).filter(Boolean).slice(0, 2);
  let name = el.localName + (id ? '#' + id : classes.map((c) => '.' + c).join(''));
  if (name.length > 48) name = name.slice(0, 47) + '…';
  const at = place ? ` · ${place.k} of ${place.n} at this point` : '';
  return `${name}  ${Math.round(r.width)}×${Math.round(r.height)}${at} · Alt+↑ parent · Alt+↓ next`;
}

class Overlay {
  constructor() {
    this.host = document.createElement(HOST_TAG);
    const hs = this.host.style;
    for (const [k, v] of [['position', 'fixed'], ['inset', '0'], ['pointer-events', 'none'], ['z-index', Z_MAX],
                         ['display', 'block'], ['margin', '0'], ['padding', '0'], ['border', '0'],
                         ['width', 'auto'], ['height', 'auto'], ['max-width', 'none'], ['max-height', 'none'],
                         ['background', 'transparent'], ['overflow', 'visible'], ['contain', 'layout style'],
                         ['opacity', '1'], ['transform', 'none'], ['filter', 'none']]) {
      hs.setProperty(k, v, 'important');
    }
    // A manual popover lives in the top layer: above the page's modal <dialog>s and popovers, and outside
    // the root's filter/opacity/transform (CSS Position 4, "top layer"). The page's own later top-layer
    // entries go above it; raise() moves it back to the top.
    this.host.popover = 'manual';
    this.root = this.host.attachShadow({ mode: 'closed' });
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(OVERLAY_CSS);
    this.root.adoptedStyleSheets = [sheet];
    this.box = this.add('div', 'box');
    this.label = this.add('div', 'label');
    this.layer = this.add('div', 'markers');
    this.probeDots = [this.add('div', 'probe'), this.add('div', 'probe')];
    this.probeDots[0].style.left = '0px';
    this.probeDots[1].style.left = '1px';
    this.markers = new Map();   // annotation id -> {el: WeakRef<Element>, dot, outline, n, stale}
    this.hovered = null;        // WeakRef<Element>: the highlighted candidate (what a click inside it pins)
    this.pointer = null;        // WeakRef<Element>: the element under the pointer (Alt+↑/↓ start from it)
    this.stack = [];            // [WeakRef<Element>]: the hit-test stack at the pointer, topmost first (Alt+↓)
    this.visible = true;
    this.raf = 0;
    // The page's top-layer entries seen at the last check (keepOnTop); a `toggle` asks for a check now.
    this.topSeen = new Set();
    this.topChecked = -Infinity;
    this.onToggle = (e) => { if (e.target !== this.host) { this.topChecked = -Infinity; this.kick(); } };
    for (const type of ['toggle', 'fullscreenchange']) document.addEventListener(type, this.onToggle, true);
    this.attach();
  }

  add(tag, cls) {
    const n = document.createElement(tag);
    n.className = cls;
    this.root.appendChild(n);
    return n;
  }

  // Re-attach when the page removed or replaced our host (SPA frameworks rewrite <html>'s children).
  attach() {
    const parent = document.documentElement;
    if (parent && this.host.parentNode !== parent) {
      parent.appendChild(this.host);
      this.raise();
    }
  }

  // Stay above the page's top-layer entries (modal <dialog>s, popovers, fullscreen) opened after the host
  // was raised: one not seen at the last check covers the highlight and the markers, so raise again. Runs
  // from draw(), on `toggle` events and at most every 250 ms otherwise (a page may stop the event).
  keepOnTop() {
    const now = performance.now();
    if (!this.visible || now - this.topChecked < 250) return;
    this.topChecked = now;
    let newer = !this.host.matches(':popover-open');
    const open = new Set();
    for (const el of document.querySelectorAll(':modal, :popover-open, :fullscreen')) {
      if (el === this.host) continue;
      open.add(el);
      if (!this.topSeen.has(el)) newer = true;
    }
    this.topSeen = open;
    if (newer) this.raise();
  }

  raise() {
    try {
      if (this.host.matches(':popover-open')) this.host.hidePopover();
      if (this.visible) this.host.showPopover();
    } catch (e) { /* not connected, or popovers unsupported: stay a plain fixed overlay */ }
  }

  // The pointer is over `el` (null: off the page), `stack` the elements hit there, topmost first
  // (frames.js deepElementsAt; `el` is made its first). A move within the same element keeps the candidate
  // chosen with Alt+↑/↓ (the stack follows the pointer); a move onto another element makes that element the
  // candidate.
  setHover(el, stack = []) {
    this.stack = el ? [el, ...stack.filter((e) => e !== el)].map((e) => new WeakRef(e)) : [];
    const was = this.hovered && this.hovered.deref();
    if (el && was && el === (this.pointer && this.pointer.deref())) { this.kick(); return; }
    this.pointer = el ? new WeakRef(el) : null;
    this.hovered = el ? new WeakRef(el) : null;
    if (el && !was) this.raise();  // a modal may have opened since: stay above it
    this.kick();
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
      this.kick();
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
    const r = cand.getBoundingClientRect();
    return x >= r.left && x <= r.right && y >= r.top && y <= r.bottom ? cand : null;
  }

  // The candidate as the host sees it: {label, viewport (CSS px), pointer (it is the element under the
  // pointer), place ({k, n}: its place in the hit-test stack there, or null)}, or null.
  hoverState() {
    const el = this.hovered && this.hovered.deref();
    if (!el || !el.isConnected) return null;
    const r = el.getBoundingClientRect();
    const place = this.placeOf(el);
    return { label: hoverLabel(el, r, place), viewport: { x: r.left, y: r.top, width: r.width, height: r.height },
             pointer: el === (this.pointer && this.pointer.deref()), place };
  }

  setMarkers(list, elementsById) {
    const keep = new Set();
    for (const m of list) {
      keep.add(m.id);
      let entry = this.markers.get(m.id);
      if (!entry) {
        const el = elementsById.get(m.id);
        if (!el) continue;
        const outline = document.createElement('div');
        outline.className = 'outline';
        const dot = document.createElement('div');
        dot.className = 'marker';
        dot.style.display = 'none';  // shown by the next draw(), already at its element
        this.layer.append(outline, dot);
        const r = elementBox(el).rect;  // null when it draws nothing: no last position yet
        entry = { el: new WeakRef(el), dot, outline, last: r && { x: r.x + scrollX, y: r.y + scrollY } };
        this.markers.set(m.id, entry);
      }
      entry.n = m.n;
      entry.dot.classList.toggle('gone', !!m.stale);
      entry.dot.textContent = String(m.n);
      entry.dot.classList.toggle('selected', !!m.selected);
      entry.outline.style.display = m.selected ? 'block' : 'none';
    }
    for (const [id, entry] of this.markers) {
      if (!keep.has(id)) { entry.dot.remove(); entry.outline.remove(); this.markers.delete(id); }
    }
    this.kick();
  }

  // Marker under a viewport point (CSS px), or null. Markers are inert for the page, so we hit-test them here.
  markerAt(x, y) {
    for (const [id, entry] of this.markers) {
      const r = entry.dot.getBoundingClientRect();
      if (entry.dot.style.display !== 'none' && x >= r.left && x <= r.right && y >= r.top && y <= r.bottom) return id;
    }
    return null;
  }

  // The element of marker `id` was found again (anchors.js): follow the new node.
  retarget(id, el) {
    const entry = this.markers.get(id);
    if (entry) entry.el = new WeakRef(el);
    this.kick();
  }

  setStale(id, stale) {
    const entry = this.markers.get(id);
    if (entry) entry.dot.classList.toggle('gone', stale);
    this.kick();
  }

  markerViewportRect(id) {
    const entry = this.markers.get(id);
    if (!entry) return null;
    const r = entry.dot.getBoundingClientRect();
    return { x: r.left, y: r.top, width: r.width, height: r.height };
  }

  // Every marker as drawn: [{id, n, x, y, visible}] in viewport CSS px (what the user sees).
  markerStates() {
    return Array.from(this.markers, ([id, entry]) => {
      const r = entry.dot.getBoundingClientRect();
      return { id, n: Number(entry.dot.textContent), x: r.left, y: r.top, visible: entry.dot.style.display !== 'none',
               stale: entry.dot.classList.contains('gone'), seen: !!entry.last };
    });
  }

  setVisible(on) {
    this.visible = !!on;
    this.host.style.setProperty('display', on ? 'block' : 'none', 'important');
    if (on) this.raise();
    for (const n of [this.box, this.label, this.layer]) n.classList.remove('probing');
    for (const dot of this.probeDots) dot.style.display = 'none';
    this.kick();
  }

  // colors: [left, right] for the two 1x1 CSS px probe pixels at the viewport's top-left, or null.
  setProbe(colors) {
    if (colors) {
      this.setVisible(true);
      for (const n of [this.box, this.label, this.layer]) n.classList.add('probing');
      this.probeDots.forEach((dot, i) => { dot.style.background = colors[i]; dot.style.display = 'block'; });
    } else {
      this.setVisible(false);
    }
  }

  kick() {
    if (!this.raf) this.raf = requestAnimationFrame(() => this.draw());
  }

  // One frame: place the highlight and every marker from live element geometry. Runs every animation frame
  // while there is something to follow, so markers track scrolling, resizing, reflow and transforms.
  draw() {
    this.raf = 0;
    this.attach();
    this.keepOnTop();
    const el = this.hovered && this.hovered.deref();
    if (el && el.isConnected) {
      const r = el.getBoundingClientRect();
      Object.assign(this.box.style, { display: 'block', left: r.left + 'px', top: r.top + 'px',
                                      width: r.width + 'px', height: r.height + 'px' });
      this.label.textContent = hoverLabel(el, r, this.placeOf(el));
      const ly = r.top >= 20 ? r.top - 19 : r.bottom + 2;
      Object.assign(this.label.style, { display: 'block', left: Math.max(0, r.left) + 'px', top: ly + 'px' });
    } else {
      this.box.style.display = 'none';
      this.label.style.display = 'none';
    }
    for (const entry of this.markers.values()) {
      const target = entry.el.deref();
      if (!target || !target.isConnected) {
        // A stale annotation keeps a grey marker where its element was last seen (issue #3 §7).
        const stale = entry.dot.classList.contains('gone') && entry.last;
        entry.dot.style.display = stale ? 'block' : 'none';
        // Kept in document coordinates, so it scrolls with the page instead of floating over other content.
        if (stale) entry.dot.style.transform = `translate(${entry.last.x - scrollX}px, ${entry.last.y - scrollY}px)`;
        entry.outline.style.display = 'none';
        continue;
      }
      // Where it is drawn (geometry.js, issue 9 §6): display: contents → its children's union; an element
      // that draws nothing (hidden, zero-size) gets no marker, never one at the page's top-left.
      const box = elementBox(target).rect;
      if (!box) {
        entry.dot.style.display = 'none';
        entry.outline.style.visibility = 'hidden';
        continue;
      }
      const r = { left: box.x, top: box.y, width: box.width, height: box.height };
      entry.outline.style.visibility = '';
      entry.last = { x: r.left + scrollX, y: r.top + scrollY };
      entry.dot.style.display = 'block';
      // The marker's top-left sits on the element's top-left corner (issue #2).
      entry.dot.style.transform = `translate(${r.left}px, ${r.top}px)`;
      if (entry.outline.style.display !== 'none') {
        Object.assign(entry.outline.style, { transform: `translate(${r.left}px, ${r.top}px)`,
                                             width: r.width + 'px', height: r.height + 'px' });
      }
    }
    if (this.visible && (this.markers.size || (el && el.isConnected))) this.kick();
  }

  destroy() {
    if (this.raf) cancelAnimationFrame(this.raf);
    for (const type of ['toggle', 'fullscreenchange']) document.removeEventListener(type, this.onToggle, true);
    this.host.remove();
    this.markers.clear();
  }
}
