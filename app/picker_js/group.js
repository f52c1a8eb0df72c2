// @module group
// @imports pins: elements, idFor; selector: uniqueSelector
// @exports elementsInBox, commonAncestor
// group.js — a group annotation's page side: the elements a dragged box holds, and the nearest common
// ancestor of pinned elements (and of iframes holding the others).

// Elements whose border box lies inside the box (x, y, width, height; viewport CSS px) and whose parent's
// does not: the outermost elements inside it, in document order, at most `limit`. Each {id, viewport}.
function elementsInBox(x, y, width, height, limit) {
  const inside = (r) => r.width > 0 && r.height > 0 && r.left >= x && r.top >= y
    && r.right <= x + width && r.bottom <= y + height;
  const out = [];
  const walker = document.createTreeWalker(document.body || document.documentElement, NodeFilter.SHOW_ELEMENT);
  for (let el = walker.nextNode(); el && out.length < limit; el = walker.nextNode()) {
    const r = el.getBoundingClientRect();
    if (!inside(r)) continue;
    const parent = el.parentElement;
    if (parent && parent !== document.body && inside(parent.getBoundingClientRect())) continue;
    out.push({ el, viewport: { x: r.left, y: r.top, width: r.width, height: r.height } });
  }
  return out.map((o) => ({ id: idFor(o.el), el: o.el, viewport: o.viewport }));
}

// The unique selector of the nearest element containing every pinned element `ids` and every element the
// CSS selectors `selectors` name (iframes holding other members), or '' when none resolves.
function commonAncestor(ids, selectors) {
  const nodes = ids.map((id) => elements.get(id)).filter((el) => el && el.isConnected);
  for (const s of selectors) {
    try { const f = document.querySelector(s); if (f) nodes.push(f); } catch (e) { /* not a selector */ }
  }
  if (!nodes.length) return '';
  let common = nodes.length > 1 ? nodes[0] : nodes[0].parentElement || nodes[0];
  while (common && !nodes.every((n) => common.contains(n))) common = common.parentElement;
  return common ? uniqueSelector(common) || '' : '';
}
