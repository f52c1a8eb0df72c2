// @module geometry
// @exports elementBox, BOX_CONTENTS, NO_BOX, lineFragments
// geometry.js — where an element is drawn, for the record's Rect, markers and element screenshots (issue 9 §6).
// An element either has a box (its border box, getBoundingClientRect), is `display: contents` (no box of its
// own: the union of its children's boxes, as Chrome DevTools highlights it), or has no box at all — hidden
// (`display: none` on it or an ancestor, `visibility: hidden`), detached, or zero-size — and then it has no
// rect: never the 0,0,0,0 getBoundingClientRect() answers for such an element. The kind names come from
// app/core/policy.py (OPTIONS.boxes), as the host reads them.

const BOX_CONTENTS = OPTIONS.boxes.contents;
const NO_BOX = OPTIONS.boxes.none;   // {hidden, detached, zero_size}

function fromDomRect(r) { return { x: r.left, y: r.top, width: r.width, height: r.height }; }

function union(a, b) {
  if (!a) return b;
  if (!b) return a;
  const x = Math.min(a.x, b.x), y = Math.min(a.y, b.y);
  return { x, y, width: Math.max(a.x + a.width, b.x + b.width) - x, height: Math.max(a.y + a.height, b.y + b.height) - y };
}

// Union (viewport CSS px) of the boxes `el`'s child nodes draw: element children (display: contents ones
// recursively) and text nodes (their line boxes). null when nothing is drawn.
function childrenUnion(el, depth) {
  let out = null;
  // A shadow host draws its shadow tree (light children only where slotted): measure that.
  for (const child of (el.shadowRoot || el).childNodes) {
    if (child.nodeType === Node.ELEMENT_NODE) {
      const b = depth < 32 ? elementBoxAt(child, depth + 1) : null;
      if (b && b.rect) out = union(out, b.rect);
    } else if (child.nodeType === Node.TEXT_NODE && child.data.trim()) {
      const range = document.createRange();
      range.selectNodeContents(child);
      for (const r of range.getClientRects()) if (r.width || r.height) out = union(out, fromDomRect(r));
    }
  }
  return out;
}

function elementBoxAt(el, depth) {
  if (!el.isConnected) return { kind: NO_BOX.detached, rect: null };
  const cs = getComputedStyle(el);
  if (cs.display === 'contents') {
    const rect = childrenUnion(el, depth);
    return rect && (rect.width || rect.height) ? { kind: BOX_CONTENTS, rect } : { kind: NO_BOX.hidden, rect: null };
  }
  if (!el.getClientRects().length) return { kind: NO_BOX.hidden, rect: null };
  if (cs.visibility === 'hidden' || cs.visibility === 'collapse') return { kind: NO_BOX.hidden, rect: null };
  const rect = fromDomRect(el.getBoundingClientRect());
  if (!rect.width && !rect.height) return { kind: NO_BOX.zero_size, rect: null };
  return { kind: '', rect };
}

// {kind, rect}: kind '' (its own border box), BOX_CONTENTS (display: contents: the union of its children's
// boxes), or one of NO_BOX's values with rect null. rect: viewport CSS px {x, y, width, height}.
function elementBox(el) { return elementBoxAt(el, 0); }

// An inline box broken across lines (a link that wraps): its line fragments, viewport CSS px [{x, y, width,
// height}] (at most 32), as Chromium's DevTools highlight draws one quad per fragment; null for any other box
// (one fragment, or not `display: inline`). What the host outlines for it (app/core/mark_layout.py).
function lineFragments(el) {
  if (getComputedStyle(el).display !== 'inline') return null;
  const rects = Array.from(el.getClientRects()).filter((r) => r.width >= 1 && r.height >= 1).slice(0, 32);
  return rects.length > 1 ? rects.map(fromDomRect) : null;
}
