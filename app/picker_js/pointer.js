// @module pointer
// @imports pins: overlay; frames: isFrame, frameContentRect, deepElementAt, deepElementsAt
// @imports revision: onPageChange, watchRevisions
// @exports hoverAt, forgetPointer
// pointer.js — the hover highlight follows the pointer when the page moves under a pointer that stands still.
// The host reports where the pointer is (main.js hover(x, y)); this module keeps that point (this frame's
// viewport CSS px) and, after the page scrolled (the window or any scroller: wheel, keyboard or the page's own
// script), resized or changed its DOM — revision.js's events and its one MutationObserver —, hit-tests the
// point again, at most once per animation frame, so the highlight and its label name what is under the
// pointer now; the overlay's scene changes and reaches the host like any other (overlay.js flush()).
//
// What this frame cannot decide it hands to the host, which hovers again at the pointer's last position in
// view px (app/ui/annotate.py), routing into iframes as it does for a move (overlay.js askHost(): the scene's
// `rehover` count goes up): the point is over an iframe (the host routes into frames), or was and that iframe
// moved or went, or the page was zoomed (the point's CSS px are the view's px ÷ the zoom factor, which the
// page sees only as a new devicePixelRatio — Chromium folds the page zoom into it).

// revision.js's change kinds that move nothing: the pointer's own and focus events.
const STILL = new Set(['mouseover', 'mouseout', 'focusin', 'focusout']);

// The last pointer position: {x, y (viewport CSS px), dpr (devicePixelRatio then), frame (WeakRef of the
// iframe under it, or null), box (that iframe's content box then), asked (the host was asked to hover
// again)}, or null (the pointer is not over this frame).
let point = null;
let pending = 0;        // the animation frame that hit-tests again
let watching = false;

// Hit-test viewport point (x, y) CSS px through open shadow roots and highlight what is there (the hit-test
// stack with it, for Alt+↓); remember the point. Returns the element, the iframe there (this frame's highlight
// is cleared: the host continues in that frame), or null.
function hoverAt(x, y) {
  if (!watching) { watching = true; watchRevisions(); onPageChange(changed); }
  const el = deepElementAt(x, y);
  point = { x, y, dpr: devicePixelRatio, frame: null, box: null, asked: false };
  if (isFrame(el)) {
    point.frame = new WeakRef(el);
    point.box = frameContentRect(el);
    overlay.setHover(null);
  } else {
    overlay.setHover(el, el ? deepElementsAt(x, y) : []);
  }
  return el;
}

// The pointer left this frame (onto another frame, off the page view, or the mode ended): nothing is
// highlighted and nothing is hit-tested again.
function forgetPointer() {
  point = null;
  if (pending) cancelAnimationFrame(pending);
  pending = 0;
  overlay.setHover(null);
}

function changed(kind) {
  if (point && !pending && !STILL.has(kind)) pending = requestAnimationFrame(again);
}

function ask(p) {
  if (p.asked) return;   // once per host hover: its answer is hit-tested when it arrives
  p.asked = true;
  overlay.askHost();
}

function again() {
  pending = 0;
  const p = point;
  if (!p) return;
  if (devicePixelRatio !== p.dpr) { ask(p); return; }   // zoomed: the point is elsewhere in CSS px
  const el = deepElementAt(p.x, p.y);
  if (p.frame) {   // over an iframe: unchanged while the same iframe is there, where it was
    const box = el && el === p.frame.deref() ? frameContentRect(el) : null;
    if (!box || box.x !== p.box.x || box.y !== p.box.y) ask(p);
    return;
  }
  if (isFrame(el)) {
    overlay.setHover(null);
    ask(p);
    return;
  }
  overlay.setHover(el, el ? deepElementsAt(p.x, p.y) : []);
}
