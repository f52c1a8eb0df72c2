// @module range
// @imports text: capText, CAPS; redact: REDACTED, EDITABLE_TEXT, isEditable, redactedAround
// @exports rangeStart, rangeTo, rangeEnd, rangeCancel, textOffsets, textRangeOf, rangeRectsIn
// range.js — a text range chosen by dragging in annotation mode, kept here and drawn by the host: the page's
// own Selection is never touched (the input guard keeps the drag's events from the page), so the page sees
// no selectionchange and keeps whatever it had selected.
// Offsets are counted in UTF-16 code units of the container element's textContent (DOM Standard: Text node
// data in tree order), so `el.textContent.slice(start, end)` gives the words back.
// The quote is written by the rules of an element's text (content.js, redact.js): a `data-pagenote-redact`
// subtree reads `[redacted]` and contenteditable text (typed by the user) its placeholder, so a drag across
// them carries neither out of the page.

let drag = null;   // {node, offset} where the drag started, or null

// The caret position at viewport point (x, y): {node, offset} in a Text node, or null (CSSOM View:
// caretPositionFromPoint; Chromium before 128 has only caretRangeFromPoint).
function caretAt(x, y) {
  if (document.caretPositionFromPoint) {
    // Open shadow roots on the hit path are passed on, so text inside a web component is reachable (CSSOM
    // View: caretPositionFromPoint(x, y, {shadowRoots})).
    const shadowRoots = [];
    for (let el = document.elementFromPoint(x, y); el && el.shadowRoot && shadowRoots.length < 32;) {
      shadowRoots.push(el.shadowRoot);
      const inner = el.shadowRoot.elementFromPoint(x, y);
      if (!inner || inner === el) break;
      el = inner;
    }
    const p = document.caretPositionFromPoint(x, y, { shadowRoots });
    if (p && p.offsetNode) return { node: p.offsetNode, offset: p.offset };
  }
  if (document.caretRangeFromPoint) {
    const r = document.caretRangeFromPoint(x, y);
    if (r) return { node: r.startContainer, offset: r.startOffset };
  }
  return null;
}

function orderedRange(a, b) {
  const range = document.createRange();
  range.setStart(a.node, a.offset);
  range.setEnd(a.node, a.offset);
  if (range.comparePoint(b.node, b.offset) >= 0) range.setEnd(b.node, b.offset);
  else { range.setStart(b.node, b.offset); range.setEnd(a.node, a.offset); }
  return range;
}

// The Text nodes the range touches, in tree order.
function textNodesOf(range) {
  const root = range.commonAncestorContainer;
  if (root.nodeType === Node.TEXT_NODE) return [root];
  const nodes = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) if (range.intersectsNode(n)) nodes.push(n);
  return nodes;
}

// The outermost element around `el` whose text is not read: the `data-pagenote-redact` subtree (across shadow
// roots), else the contenteditable editing host; null when its text may be quoted.
function unreadAround(el) {
  const redacted = redactedAround(el);
  if (redacted) return redacted;
  if (!isEditable(el)) return null;
  let host = el;
  while (host.parentElement && isEditable(host.parentElement)) host = host.parentElement;
  return host;
}

const UNQUOTED = new Set(['script', 'style', 'template', 'noscript']);

// The range's words as they may leave the page: each Text node's part in tree order, an unread subtree
// (unreadAround) as its placeholder once, script and style source left out.
function quoteOf(range) {
  let out = '', last = null;
  for (const node of textNodesOf(range)) {
    const parent = node.parentElement;
    if (!parent || UNQUOTED.has(parent.localName)) continue;
    const unread = unreadAround(parent);
    if (unread) {
      if (unread !== last) out += redactedAround(unread) ? REDACTED : EDITABLE_TEXT;
      last = unread;
      continue;
    }
    last = null;
    const end = node === range.endContainer ? range.endOffset : node.data.length;
    out += node.data.slice(node === range.startContainer ? range.startOffset : 0, end);
  }
  return out;
}

// The rects of the range's text (viewport CSS px, at most 200): per Text node, since Range.getClientRects()
// adds the box of every element the range contains whole, which would paint their words twice.
function clientRects(range) {
  const out = [];
  for (const node of textNodesOf(range)) {
    const part = document.createRange();
    part.selectNodeContents(node);
    if (node === range.startContainer) part.setStart(node, range.startOffset);
    if (node === range.endContainer) part.setEnd(node, range.endOffset);
    for (const r of part.getClientRects()) {
      if (r.width > 0 && r.height > 0 && out.length < 200) out.push({ x: r.left, y: r.top, width: r.width, height: r.height });
    }
  }
  return out;
}

// Start a drag at viewport (x, y): true when there is text there.
function rangeStart(x, y) {
  drag = caretAt(x, y);
  return !!drag;
}

// The drag moved to (x, y): the range's rects (viewport CSS px) for the host to draw, [] when none.
function rangeTo(x, y) {
  const end = drag && caretAt(x, y);
  return end ? clientRects(orderedRange(drag, end)) : [];
}

function rangeCancel() { drag = null; }

// Text offsets of `range` inside element `el`: {start, end} in code units of el.textContent.
function textOffsets(el, range) {
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  let count = 0, start = null, end = null;
  const at = (container, offset) => {
    if (container.nodeType === Node.TEXT_NODE) return null;
    const probe = document.createRange();
    probe.setStart(container, offset);
    return probe;
  };
  const startProbe = at(range.startContainer, range.startOffset), endProbe = at(range.endContainer, range.endOffset);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (start === null) {
      if (node === range.startContainer) start = count + range.startOffset;
      else if (startProbe && startProbe.comparePoint(node, 0) >= 0) start = count;
    }
    if (end === null) {
      if (node === range.endContainer) end = count + range.endOffset;
      else if (endProbe && endProbe.comparePoint(node, 0) >= 0) end = count;
    }
    count += node.data.length;
  }
  if (start === null) start = count;
  if (end === null) end = count;
  return { start, end: Math.max(start, end) };
}

// End the drag at (x, y): {el, quote, start, end, rects} for a non-empty range (el: the element containing
// it), else null.
function rangeEnd(x, y) {
  const a = drag, b = a && caretAt(x, y);
  drag = null;
  if (!b) return null;
  const range = orderedRange(a, b);
  if (range.collapsed) return null;
  let el = range.commonAncestorContainer;
  if (el.nodeType !== Node.ELEMENT_NODE) el = el.parentElement;
  if (!el) return null;
  const quote = quoteOf(range);
  if (!quote.trim()) return null;
  return { el, quote: capText(quote, CAPS.text), ...textOffsets(el, range), rects: clientRects(range) };
}

// The words at `start`..`end` of element `el`'s textContent (what an agent does with the offsets).
function textRangeOf(el, start, end) { return (el.textContent || '').slice(start, end); }

// The rects of the words at `start`..`end` of element `el`'s textContent (code units, as textOffsets counts
// them): viewport CSS px {x, y, width, height}, per Text node and line (clientRects), at most 200; [] when
// the offsets fall outside its text now. What the host highlights for a saved text range.
function rangeRectsIn(el, start, end) {
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  let count = 0, started = false;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const len = node.data.length;
    if (!started && start <= count + len) { range.setStart(node, start - count); started = true; }
    if (started && end <= count + len) {
      range.setEnd(node, end - count);
      return range.collapsed ? [] : clientRects(range);
    }
    count += len;
  }
  return [];
}
