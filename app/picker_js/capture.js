// @module capture
// @imports redact: REDACT_SELECTOR, isSecretInput; pins: overlay
// @exports documentMetrics, pinForCapture, scrollToExact, redactionRects
// capture.js — page-side help for host captures (app/capture/): document size and scrolling for full-page
// tiles, pinning fixed/sticky elements so they appear once, and the rects to redact in pixels.
// The host takes the pixels (QWidget.grab); nothing here draws or re-renders the page.

const pinnedForCapture = [];  // [element, [[property, value, priority], …]] to restore
let noScrollbars = null;      // the constructed sheet adopted into the document during a capture

// Document size and viewport in CSS px (CSSOM View §6: scrollWidth/Height of the root). The layout viewport
// without scrollbars is clientWidth/Height of the root element in standards mode, but of the body in quirks
// mode (CSSOM View, "clientHeight": the viewport is reported by the body when document.compatMode is
// "BackCompat"; the root's clientHeight is then the whole document's height).
function documentMetrics() {
  const de = document.documentElement;
  const body = document.body;
  const vp = document.compatMode === 'BackCompat' && body ? body : de;
  return {
    width: Math.max(de.scrollWidth, body ? body.scrollWidth : 0, vp.clientWidth),
    height: Math.max(de.scrollHeight, body ? body.scrollHeight : 0, vp.clientHeight),
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

// Elements whose pixels must never be saved (issue #4 §4): password and secret-autocomplete inputs, and
// `data-pagenote-redact` subtrees. Rects in CSS px, viewport coordinates (document when `doc`).
function redactionRects(doc) {
  const out = [];
  const dx = doc ? scrollX : 0;
  const dy = doc ? scrollY : 0;
  const add = (el) => {
    for (const r of el.getClientRects()) {
      if (r.width > 0 && r.height > 0) out.push({ x: r.left + dx, y: r.top + dy, width: r.width, height: r.height });
    }
  };
  for (const el of document.querySelectorAll('input, textarea')) if (isSecretInput(el)) add(el);
  for (const el of document.querySelectorAll(REDACT_SELECTOR)) add(el);
  return out;
}
