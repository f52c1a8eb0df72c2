// @module marktext
// @imports role: role; name: accessibleName; text: squash; redact: isEditable, isRedacted, REDACTED; geometry: elementBox; content: serializeText
// @exports hoverName, summaryName, textNear, inkBeyond, markRect
// marktext.js — what the host's marks need to know about the text at an element (overlay.js reports it in its
// scene): the hover label's names for it, the page's text lines around it (so a badge hides none), and the
// ink of its own text beyond its box (so an outline goes round text taller than its box).

// The element's short name: tag with #id, else up to two classes (`a#cover`, `span.pre`); at most 48
// characters. The page-side hover label starts with it (overlay.js hoverLabel).
function hoverName(el) {
  const id = el.getAttribute('id');
  const classes = (el.getAttribute('class') || '').trim().split(/\s+/).filter(Boolean).slice(0, 2);
  const name = el.localName + (id ? '#' + id : classes.map((c) => '.' + c).join(''));
  return name.length > 48 ? name.slice(0, 47) + '…' : name;
}


// What the window's hover label calls `el` (the scene's hover `name`), in the side panel's words
// (app/ui/panel_rows.py element_summary): `link “index”` — its role and accessible name, the tag for the role
// `generic` (a div, a span), its text when it has no name (never typed text), the redaction mark for a
// secret field; the tag with #id or up to two classes (hoverName) when it has neither. At most 48 characters.
function summaryName(el) {
  let kind = el.localName;
  let name = '';
  try {
    const r = role(el);
    if (r && r !== 'generic' && r !== 'none' && r !== 'presentation') kind = r;
    // Its text only when that is not typed text (a textarea's children are its default value; redact.js
    // isEditable: contenteditable). The text skips <script>, <style>, <template> and <noscript> (content.js
    // serializeText, as innerText: not <title> either): on <html> textContent would show a style sheet's source.
    const typed = el.localName === 'textarea' || isEditable(el);
    name = isRedacted(el) ? REDACTED
      : accessibleName(el) || (typed ? '' : squash(serializeText(el, 200)).slice(0, 200));
  } catch (e) { name = ''; }
  if (!name) return hoverName(el);
  const text = `${kind} “${name.length > 32 ? name.slice(0, 31) + '…' : name}”`;
  return text.length > 48 ? text.slice(0, 47) + '…' : text;
}

// The page's text lines around `el` (border box `box`, viewport CSS px): the line-fragment rects of every
// text node within a band of BAND px around the box, outside `el`; at most TEXT_MAX, as [x, y, width,
// height] relative to the box's top-left (scrolling moves them with the element). The walk starts at the
// nearest ancestor whose box covers the band and skips every element whose box misses it (a long page costs
// the path to the element, not its length). The host keeps the element's badge off these lines
// (app/core/placement.py place_badges `cover`).
const BAND = 48;
const TEXT_MAX = 64;
const TEXT_NODES_MAX = 2000;
function textNear(el, box) {
  const x0 = box.x - BAND, x1 = box.x + box.width + BAND, y0 = box.y - BAND, y1 = box.y + box.height + BAND;
  let root = el;
  while (root.parentElement) {
    root = root.parentElement;
    const r = root.getBoundingClientRect();
    if (r.left <= x0 && r.top <= y0 && r.right >= x1 && r.bottom >= y1) break;
  }
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, {
    acceptNode(n) {
      if (n.nodeType === Node.TEXT_NODE) return n.data.trim() ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_SKIP;
      if (n === el) return NodeFilter.FILTER_REJECT;
      const r = n.getBoundingClientRect();
      // No box of its own: look inside, unless it is display: none (nothing in it draws: a hidden menu of 1,000
      // links on stdtypes.html was walked for every new marker).
      if (!r.width && !r.height) {
        return getComputedStyle(n).display === 'none' ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_SKIP;
      }
      const away = r.right < x0 || r.left > x1 || r.bottom < y0 || r.top > y1;
      return away ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_SKIP;
    },
  });
  const out = [];
  const range = document.createRange();
  let visited = 0;
  for (let node = walker.nextNode(); node && visited < TEXT_NODES_MAX && out.length < TEXT_MAX;
       node = walker.nextNode(), visited++) {
    range.selectNodeContents(node);
    for (const r of range.getClientRects()) {
      if (r.width < 1 || r.height < 1 || r.right < x0 || r.left > x1 || r.bottom < y0 || r.top > y1) continue;
      out.push([r.left - box.x, r.top - box.y, r.width, r.height].map((v) => Math.round(v * 10) / 10));
      if (out.length >= TEXT_MAX) break;
    }
  }
  range.detach();
  return out;
}

// The ink of `el`'s own text beyond its border box `box` (viewport CSS px): [dx0, dy0, dx1, dy1] to add to the
// box's left, top, right and bottom (≤ 0, ≤ 0, ≥ 0, ≥ 0), from the line boxes of its first INK_NODES text
// nodes.
// Nothing when its overflow is clipped (what shows is the box). Text taller than its box — a heading of fixed
// height with large glyphs — would otherwise be struck through by its outline.
const INK_NODES = 50;
function inkBeyond(el, box) {
  const none = [0, 0, 0, 0];
  let cs;
  try { cs = getComputedStyle(el); } catch (e) { return none; }
  if (cs.overflowX !== 'visible' || cs.overflowY !== 'visible') return none;
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  let x0 = box.x, y0 = box.y, x1 = box.x + box.width, y1 = box.y + box.height;
  for (let node = walker.nextNode(), i = 0; node && i < INK_NODES; node = walker.nextNode(), i++) {
    if (!node.data.trim()) continue;
    range.selectNodeContents(node);
    const r = range.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) continue;
    x0 = Math.min(x0, r.left); y0 = Math.min(y0, r.top); x1 = Math.max(x1, r.right); y1 = Math.max(y1, r.bottom);
  }
  range.detach();
  return [x0 - box.x, y0 - box.y, x1 - box.x - box.width, y1 - box.y - box.height];
}

// What a marker outlines for `el`, viewport CSS px {x, y, width, height}, or null when it draws nothing: its
// box (geometry.js elementBox) united with the ink of its own text (inkBeyond). The window's outline and the
// annotated PNG's (pinnedRects) both use it.
function markRect(el, ink = null) {
  const box = elementBox(el).rect;
  if (!box) return null;
  const [dx0, dy0, dx1, dy1] = ink || inkBeyond(el, box);
  return { x: box.x + dx0, y: box.y + dy0, width: box.width - dx0 + dx1, height: box.height - dy0 + dy1 };
}

