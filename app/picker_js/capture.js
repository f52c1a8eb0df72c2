// @module capture
// @imports redact: REDACT_ATTR, REDACT_SELECTOR, isSecretField, editingHosts, redactUrl; pins: overlay; chain: MAX_DEPTH; text: CAPS, cut
// @exports documentMetrics, pinForCapture, scrollToExact, redactionRects, hideCaret
// capture.js — page-side help for host captures (app/capture/): document size and scrolling for full-page
// tiles, pinning fixed/sticky elements so they appear once, and the rects to redact in pixels.
// The host takes the pixels (QWidget.grab); nothing here draws or re-renders the page.

const pinnedForCapture = [];  // [element, [[property, value, priority], …]] to restore
let noScrollbars = null;      // the constructed sheet adopted into the document during a capture
let fieldWatch = null;        // {observer, roots}: the secret-field candidates cached during a capture
let noCaret = null;           // the constructed sheet that hides the text caret during a capture

// The text caret is not part of a screenshot (Playwright's screenshot option `caret: "hide"`, its default):
// while `on`, every element's caret-color is transparent (CSS UI 4 §6.1; inherited, so fields inside open
// shadow roots follow unless they set their own). Focus and selection are untouched. Idempotent; `false`
// restores the page's own caret colours.
function hideCaret(on) {
  if (on && !noCaret) {
    noCaret = new CSSStyleSheet();
    noCaret.replaceSync('*, *::before, *::after { caret-color: transparent !important; }');
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, noCaret];
  } else if (!on && noCaret) {
    const sheet = noCaret;
    noCaret = null;
    document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== sheet);
  }
}

// Document size and viewport in CSS px (CSSOM View §6: scrollWidth/Height of the root). The layout viewport
// without scrollbars is clientWidth/Height of the root element in standards mode, but of the body in quirks
// mode (CSSOM View, "clientHeight": the viewport is reported by the body when document.compatMode is
// "BackCompat"; the root's clientHeight is then the whole document's height).
function documentMetrics() {
  const de = document.documentElement;
  const body = document.body;
  const vp = document.compatMode === 'BackCompat' && body ? body : de;
  // The body's scroll size is in its own CSS px, which CSS `zoom` on it or on the root scales (standardized CSS
  // zoom, Chromium 128+: `zoom: 0.5` on <html> draws a 3000 px body 1500 px tall); the scrolling element's is
  // already in the page's px.
  const z = body && body !== document.scrollingElement ? (body.currentCSSZoom || 1) : 1;
  return {
    width: Math.max(de.scrollWidth, body ? Math.ceil(body.scrollWidth * z) : 0, vp.clientWidth),
    height: Math.max(de.scrollHeight, body ? Math.ceil(body.scrollHeight * z) : 0, vp.clientHeight),
    viewport: { width: vp.clientWidth, height: vp.clientHeight },
    scroll: { x: scrollX, y: scrollY },
    dpr: devicePixelRatio,
  };
}

function setImportant(el, props) {
  const saved = props.map(([p]) => [p, el.style.getPropertyValue(p), el.style.getPropertyPriority(p)]);
  for (const [p, v] of props) el.style.setProperty(p, v, 'important');
  pinnedForCapture.push([el, saved]);
}

// For a full-page capture (the same layout Chromium's beyond-viewport capture shows): sticky elements are
// held at their in-flow position (position: relative, no offsets) and fixed elements are hidden, so that
// scrolling through the tiles shows each of them once; the root's scrollbars are hidden for the duration.
// `phase`: 'sticky' (first) | 'fixed' (after the scroll-0 tile) | 'restore'.
function pinForCapture(phase) {
  if (phase === 'restore') {
    stopFieldWatch();
    hideCaret(false);
    if (noScrollbars) {
      document.adoptedStyleSheets = document.adoptedStyleSheets.filter((sheet) => sheet !== noScrollbars);
      noScrollbars = null;
    }
    while (pinnedForCapture.length) {
      const [el, saved] = pinnedForCapture.pop();
      for (const [p, v, prio] of saved) {
        if (v) el.style.setProperty(p, v, prio); else el.style.removeProperty(p);
      }
    }
    return 0;
  }
  let count = 0;
  if (phase === 'sticky' && !noScrollbars) {
    // No scrollbars anywhere, as in Chromium's headless captures (--hide-scrollbars): the layout width is
    // the view's whole width and inner scrollers take no scrollbar space.
    noScrollbars = new CSSStyleSheet();
    noScrollbars.replaceSync('* { scrollbar-width: none !important; }');
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, noScrollbars];
  }
  if (phase === 'sticky') startFieldWatch();
  const walker = document.createTreeWalker(document.documentElement, NodeFilter.SHOW_ELEMENT);
  for (let el = walker.currentNode; el; el = walker.nextNode()) {
    if (el === overlay.host) continue;
    const pos = getComputedStyle(el).position;
    if (phase === 'sticky' && pos === 'sticky') {
      setImportant(el, [['position', 'relative'], ['top', 'auto'], ['bottom', 'auto'], ['left', 'auto'], ['right', 'auto']]);
      count++;
    } else if (phase === 'fixed' && pos === 'fixed') {
      setImportant(el, [['visibility', 'hidden']]);
      count++;
    }
  }
  return count;
}

function scrollToExact(x, y) {
  window.scrollTo({ left: x, top: y, behavior: 'instant' });
  return { x: scrollX, y: scrollY };
}

// An iframe's content box (where its document's viewport is) in viewport CSS px, and whether it is drawn
// transformed (scaled, rotated: its document's pixels are then not where its own coordinates say).
function frameBox(f) {
  const r = f.getBoundingClientRect();
  const cs = getComputedStyle(f);
  const px = (p) => parseFloat(cs[p]) || 0;
  const left = r.left + px('borderLeftWidth') + px('paddingLeft');
  const top = r.top + px('borderTopWidth') + px('paddingTop');
  const width = f.clientWidth - px('paddingLeft') - px('paddingRight');
  const height = f.clientHeight - px('paddingTop') - px('paddingBottom');
  const transformed = Math.abs(r.width - f.offsetWidth) > 0.5 || Math.abs(r.height - f.offsetHeight) > 0.5;
  return { x: left, y: top, width, height, bounds: { x: r.left, y: r.top, width: r.width, height: r.height }, transformed,
           drawn: f.getClientRects().length > 0 && r.width > 0 && r.height > 0 && cs.visibility === 'visible' };
}

// Elements whose pixels must never be saved: secret fields (redact.js isSecretField: password, one-time-code,
// card, key and token inputs by type, autocomplete token, name/id or label), editing hosts (contenteditable:
// typed text, redact.js editingHosts) and `data-pagenote-redact` subtrees, in this
// document and in its open shadow roots (a closed root's host counts by its own attributes).
// Returns {rects, frames, viewport}: rects in CSS px, viewport coordinates (document coordinates when `doc`);
// frames: this document's iframes with their content box {x, y, width, height} and `bounds` (border box) in
// the same coordinates, `transformed`, and `drawn` (false: no box, zero area or visibility hidden — nothing of
// it can be in an image); viewport: this document's viewport size, by which the host recognises this
// document as the content of its parent's iframe of that size. The host asks every frame's own copy of this
// script (app/webview/frames.py redaction_rects): cross-origin frames too, no message the page could forge.
function redactionRects(doc) {
  const out = [];
  const dx = doc ? scrollX : 0;
  const dy = doc ? scrollY : 0;
  const add = (el) => {
    for (const r of el.getClientRects()) {
      if (r.width > 0 && r.height > 0) out.push({ x: r.left + dx, y: r.top + dy, width: r.width, height: r.height });
    }
  };
  const frames = [];
  if (fieldWatch && fieldWatch.observer.takeRecords().length) fieldWatch.roots.clear();
  const visit = (root, depth) => {
    const found = fieldCandidates(root);
    for (const el of found.fields) add(el);
    for (const f of found.frames) {
      const b = frameBox(f);
      frames.push({ ...b, x: b.x + dx, y: b.y + dy, bounds: { ...b.bounds, x: b.bounds.x + dx, y: b.bounds.y + dy },
                    name: f.getAttribute('name') || f.getAttribute('id') || '', src: cut(redactUrl(f.src || ''), CAPS.attr) });
    }
    // Custom elements: an open root is searched (a password field inside a design-system component); a
    // closed one cannot be, so its host is judged by its own type/autocomplete/name (isSecretField). Whether a
    // root is attached is read on every call: attachShadow makes no DOM mutation a watcher could see.
    for (const el of found.customs) {
      if (el.shadowRoot && depth < MAX_DEPTH) visit(el.shadowRoot, depth + 1);
      else if (!el.shadowRoot && isSecretField(el)) add(el);
    }
  };
  visit(document, 0);
  return { rects: out, frames, viewport: { width: innerWidth, height: innerHeight } };
}

// The elements of `root` (a document or an open shadow root) that redactionRects measures: `fields` (secret
// fields, editing hosts and data-pagenote-redact elements), `frames` (iframes) and `customs` (custom elements,
// whose shadow roots or own attributes count). Which elements these are depends only on the tree, its text (a
// label's words) and the attributes in FIELD_ATTRIBUTES (redact.js reads nothing else), so during a full-page
// capture they are found once per root and kept until a mutation of the tree, its text or those attributes
// (MutationObserver, DOM §4.3) in any searched root: each tile then only reads their rects. Outside a capture
// they are searched afresh on every call.
const FIELD_ATTRIBUTES = ['type', 'autocomplete', 'name', 'id', 'aria-label', 'aria-labelledby', 'title',
                          'placeholder', 'for', 'contenteditable', REDACT_ATTR];

function searchCandidates(root) {
  const fields = [];
  for (const el of root.querySelectorAll('input, textarea, select, ' + REDACT_SELECTOR)) {
    if (el.matches(REDACT_SELECTOR) || isSecretField(el)) fields.push(el);
  }
  fields.push(...editingHosts(root));
  const customs = [];
  for (const el of root.querySelectorAll('*')) {
    if (el.localName.includes('-') && el !== overlay.host) customs.push(el);
  }
  return { fields, frames: [...root.querySelectorAll('iframe, frame')], customs };
}

function fieldCandidates(root) {
  if (!fieldWatch) return searchCandidates(root);
  let found = fieldWatch.roots.get(root);
  if (!found) {
    found = searchCandidates(root);
    fieldWatch.roots.set(root, found);
    fieldWatch.observer.observe(root, { subtree: true, childList: true, characterData: true, attributes: true,
                                        attributeFilter: FIELD_ATTRIBUTES });
  }
  return found;
}

// Mutation records reach the callback at the end of the task that made them, before any later host call runs;
// records still queued are taken synchronously by redactionRects (takeRecords). Either way the cache is dropped
// before it could be read stale.
function startFieldWatch() {
  if (fieldWatch) return;
  const watch = { roots: new Map(), observer: null };
  watch.observer = new MutationObserver(() => watch.roots.clear());
  fieldWatch = watch;
}

function stopFieldWatch() {
  if (!fieldWatch) return;
  fieldWatch.observer.disconnect();
  fieldWatch = null;
}
