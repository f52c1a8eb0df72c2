// @module find_where
// @imports text: squash, cut; redact: isRedacted, redactUrl
// @exports whereOf, hrefOf
// find_where.js — what tells one `find` match from another that has the same role and name (a CPython
// genindex lists a dozen links "(zipimport.zipimporter method)", each under another entry): the link's href,
// and the nearest text that labels the place the element sits in — the text just before it, or before one of
// its ancestors, skipping sibling entries of a list or table (another li, tr or option is a neighbour, not a
// label). Bounded: at most WHERE_LEVELS ancestors, WHERE_SIBLINGS siblings each, WHERE_TEXT_NODES text nodes
// and `max` code units read per candidate; redacted subtrees are never read.

const WHERE_LEVELS = 6;
const WHERE_SIBLINGS = 8;
const WHERE_TEXT_NODES = 40;
// Siblings that are entries of the same list as the node, never its label.
const ENTRY_TAGS = new Set(['li', 'tr', 'option', 'dd']);

// Up to `max` code units of the rendered-looking text of `node` (a text node or an element), squashed; '' for a
// hidden or redacted element or a script/style.
function leadText(node, max) {
  if (node.nodeType === Node.TEXT_NODE) return squash(node.data.length > max ? node.data.slice(0, max) : node.data);
  if (node.nodeType !== Node.ELEMENT_NODE) return '';
  if (/^(script|style|template|noscript)$/.test(node.localName) || isRedacted(node)) return '';
  if (!node.checkVisibility()) return '';
  let out = '';
  let n = 0;
  const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
  for (let t = walker.nextNode(); t && out.length < max && n < WHERE_TEXT_NODES; t = walker.nextNode(), n++) {
    const p = t.parentElement;
    if (p && (/^(script|style|template|noscript)$/.test(p.localName) || isRedacted(p))) continue;
    out += t.data.slice(0, max) + ' ';
  }
  return squash(out);
}

// The text labelling `el`'s place (at most `max` code units, '…' when cut), or ''.
function whereOf(el, max) {
  let node = el;
  for (let level = 0; level < WHERE_LEVELS && node && node !== document.body; level++) {
    let sib = node.previousSibling;
    for (let i = 0; sib && i < WHERE_SIBLINGS; i++, sib = sib.previousSibling) {
      if (sib.nodeType === Node.ELEMENT_NODE && ENTRY_TAGS.has(sib.localName)) continue;
      const text = leadText(sib, max + 1);
      if (text) return text.length > max ? cut(text, max - 1) + '…' : text;
    }
    const parent = node.parentNode;
    node = parent instanceof ShadowRoot ? parent.host : parent;
  }
  return '';
}

// A link's href as the snapshot shows it (redactUrl: no credential-like parameter), at most `max` code units,
// or '' for anything else.
function hrefOf(el, max) {
  if (!el.hasAttribute('href') || isRedacted(el) || !/^(a|area)$/.test(el.localName)) return '';
  const href = squash(redactUrl(el.getAttribute('href')));
  return href.length > max ? cut(href, max - 1) + '…' : href;
}
