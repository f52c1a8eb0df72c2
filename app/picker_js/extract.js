// @module extract
// @imports refs: DOC_ID, refFor, noteRef; role: role; name: accessibleName; redact: REDACTED, EDITABLE_TEXT, isEditable, isRedacted, isSecretField; frames: resolveChain, frameElements, frameInfo; text: cut, squash
// @imports find_where: whereOf, hrefOf
// @exports extractText, findNodes
// extract.js — the agent's `extract` (the readable text of the page or one element, as Markdown-ish plain
// text) and `find` (the elements whose text matches, with refs of the snapshot's private table, refs.js).
// Both walk the rendered DOM in document order within fixed bounds: at most MAX_VISIT elements, at most
// TEXT_READ code units of one text node, and they stop once their output budget is spent — so a
// 250,000-element page or a 20 MB text node costs bounded time. Secret fields' values, contenteditable text
// (typed text: EDITABLE_TEXT stands for it in extract) and anything inside data-pagenote-redact are never read
// (the redaction rules of redact.js, which the snapshot and the element record follow too).

const MAX_VISIT = 200000;
const TEXT_READ = 4000;
const SKIP = new Set(['script', 'style', 'noscript', 'template', 'head', 'meta', 'link', 'svg', 'canvas', 'iframe',
                      'frame', 'object', 'embed', 'video', 'audio', 'input', 'select', 'textarea', 'option']);
const BLOCKS = new Set(['p', 'div', 'section', 'article', 'main', 'header', 'footer', 'nav', 'aside', 'form', 'ul',
                        'ol', 'dl', 'dt', 'dd', 'table', 'tr', 'figure', 'figcaption', 'blockquote', 'details',
                        'summary', 'fieldset', 'legend', 'address', 'hr', 'br', 'body', 'center']);

function hidden(el) {
  if (el.hidden) return true;
  const cs = getComputedStyle(el);
  return cs.display === 'none' || cs.visibility === 'hidden' || cs.contentVisibility === 'hidden';
}

function childrenOf(el) {
  if (el.shadowRoot) return el.shadowRoot.childNodes;
  if (el.localName === 'slot') {
    const assigned = el.assignedNodes({ flatten: true });
    return assigned.length ? assigned : el.childNodes;
  }
  return el.childNodes;
}

function scopeOf(selector) {
  if (!selector) return { el: document.body || document.documentElement };
  const found = resolveChain(selector);
  if (found.error) return { error: 'bad_selector', message: found.error };
  if (found.frame) return { error: 'frame', step: selector };
  if (found.count !== 1) return { error: 'count', count: found.count, step: found.step };
  return { el: found.el };
}

// The readable text of the page (or of the one element `o.selector` names) in Markdown-ish plain text:
// headings `# …`, list items `- …`, checkboxes `[x]` / `[ ]`, a field's value `[…]` (never a secret field's), table rows `a | b`,
// pre blocks fenced, blocks separated by blank lines,
// at most `o.max_chars` code units. Returns {doc, text, chars, truncated, visited} or {error, …} for a
// selector that does not name one element of this document.
function extractText(o) {
  const scope = scopeOf(o.selector);
  if (scope.error) return { doc: DOC_ID, ...scope };
  const max = o.max_chars;
  const out = [];
  let line = '';
  let chars = 0;
  let visited = 0;
  let full = false;
  const flush = (gap) => {
    const t = line.replace(/[ \t]+/g, ' ').trim();
    if (/^(-|#{1,6}|- \[[ x]\])$/.test(t)) { line = t + ' '; return; }   // a bullet waits for its words
    line = '';
    if (t) { out.push(t); chars += t.length + 1; }
    if (gap && out.length && out[out.length - 1] !== '') { out.push(''); chars += 1; }
    if (chars > max) full = true;
  };
  const add = (s) => { line += s; if (chars + line.length > max) full = true; };
  const walk = (node, pre) => {
    if (full || visited > MAX_VISIT) return;
    if (node.nodeType === Node.TEXT_NODE) {
      const raw = node.data.length > TEXT_READ ? node.data.slice(0, TEXT_READ) + '…' : node.data;
      add(pre ? raw : raw.replace(/\s+/g, ' '));
      return;
    }
    if (node.nodeType !== Node.ELEMENT_NODE && node.nodeType !== Node.DOCUMENT_FRAGMENT_NODE) return;
    const el = node;
    if (el.nodeType === Node.ELEMENT_NODE) {
      visited += 1;
      const tag = el.localName;
      if (SKIP.has(tag)) {
        const kind = (el.type || '').toLowerCase();
        if (tag === 'input' && (kind === 'checkbox' || kind === 'radio')) {
          if (!hidden(el)) add(el.checked ? ' [x] ' : ' [ ] ');
        } else if ((tag === 'input' || tag === 'textarea') && !isSecretField(el) && el.value
                   && !['hidden', 'button', 'submit', 'reset', 'image', 'file', 'range', 'color'].includes(kind)) {
          add(` [${cut(squash(el.value), 120)}] `);
        }
        return;
      }
      if (hidden(el)) return;
      if (isRedacted(el)) { add(` ${REDACTED} `); return; }
      if (isEditable(el)) { add(` ${EDITABLE_TEXT} `); return; }
      const h = /^h([1-6])$/.exec(tag);
      if (h) { flush(true); add('#'.repeat(+h[1]) + ' '); for (const c of childrenOf(el)) walk(c, pre); flush(true); return; }
      if (tag === 'li') { flush(false); add('- '); for (const c of childrenOf(el)) walk(c, pre); flush(false); return; }
      if (tag === 'pre') { flush(true); out.push('```'); for (const c of childrenOf(el)) walk(c, true); flush(false); out.push('```', ''); chars += 5; return; }
      if (tag === 'td' || tag === 'th') { add(' | '); for (const c of childrenOf(el)) walk(c, pre); return; }
      if (tag === 'img') { const alt = el.getAttribute('alt'); if (alt) add(` [image: ${cut(squash(alt), 120)}] `); return; }
      if (tag === 'br') { flush(false); return; }
      const block = BLOCKS.has(tag) || (getComputedStyle(el).display || '').startsWith('block');
      if (block) flush(tag === 'p' || tag === 'table' || tag === 'blockquote');
      for (const c of childrenOf(el)) { walk(c, pre); if (full) return; }
      if (block) flush(tag === 'p' || tag === 'table' || tag === 'blockquote');
      return;
    }
    for (const c of childrenOf(el)) walk(c, pre);
  };
  walk(scope.el, false);
  flush(false);
  let text = out.join('\n').replace(/\n{3,}/g, '\n\n').replace(/^ \| /gm, '').trim();
  const truncated = full || visited > MAX_VISIT || text.length > max;
  if (text.length > max) text = cut(text, max);
  return { doc: DOC_ID, text, chars: text.length, truncated, visited };
}

// The element a matching text belongs to: its nearest ancestor with a role other than generic/none (a link,
// button, heading, list item, cell, paragraph …) — or the control a <label> on the way labels (the label's
// text names it: HTML-AAM §5) — else its parent element.
function ownerOf(el) {
  for (let n = el; n && n !== document.body; n = n.parentElement || (n.getRootNode && n.getRootNode().host)) {
    if (n.localName === 'label' && n.control && !hidden(n.control)) return n.control;
    const r = role(n);
    if (r && r !== 'generic' && r !== 'none' && r !== 'presentation') return n;
  }
  return el;
}

function contextOf(text, index, length) {
  const start = Math.max(0, index - 60);
  const end = Math.min(text.length, index + length + 60);
  return (start > 0 ? '…' : '') + text.slice(start, end) + (end < text.length ? '…' : '');
}

// Elements whose rendered text (or accessible name) matches `o.query` (a string, case-insensitively, or
// `o.regex` {source, flags}) in document order, at most `o.limit`: [{ref, role, name, context, href?, where?}]
// with refs of the snapshot table (noted as of snapshot `o.seq`), one line of context (≤ 160 code units), a
// link's href (≤ 160) and the text labelling its place (find_where.js, ≤ 80) each. Returns
// {doc, seq, matches, more (further matches were left out), visited, frames (this document's drawn iframes:
// frameInfo, at most 20)}.
function findNodes(o) {
  const re = o.regex ? new RegExp(o.regex.source, o.regex.flags.replace('g', '')) : null;
  const needle = re ? null : String(o.query).toLowerCase();
  const test = (s) => {
    if (re) { const m = re.exec(s); return m ? [m.index, m[0].length] : null; }
    const i = s.toLowerCase().indexOf(needle);
    return i >= 0 ? [i, needle.length] : null;
  };
  const matches = [];
  const owners = new Set();
  let visited = 0;
  let more = false;
  const consider = (el, text) => {
    const hit = test(text);
    if (!hit) return;
    const owner = ownerOf(el);
    if (owners.has(owner)) return;
    if (matches.length >= o.limit) { more = true; return; }
    owners.add(owner);
    const r = role(owner) || owner.localName;
    const name = cut(squash(accessibleName(owner)), 240);
    const ref = refFor(owner);
    noteRef(ref, owner, r, name, o.seq);
    const m = { ref, role: r, name: cut(name, 100), context: cut(contextOf(text, hit[0], hit[1]), 160) };
    const href = hrefOf(owner, 160);
    if (href) m.href = href;
    const where = whereOf(owner, 80);
    if (where) m.where = where;
    matches.push(m);
  };
  const walk = (node) => {
    if (more || visited > MAX_VISIT) return;
    if (node.nodeType === Node.TEXT_NODE) {
      const text = squash(node.data.length > TEXT_READ ? node.data.slice(0, TEXT_READ) : node.data);
      if (text && node.parentElement) consider(node.parentElement, text);
      return;
    }
    if (node.nodeType !== Node.ELEMENT_NODE && node.nodeType !== Node.DOCUMENT_FRAGMENT_NODE) return;
    if (node.nodeType === Node.ELEMENT_NODE) {
      visited += 1;
      if (SKIP.has(node.localName) && !/^(input|select|textarea)$/.test(node.localName)) return;
      if (hidden(node) || isRedacted(node)) return;
      // Typed text is not searched: a textarea's children (its default value) and an editable region's text.
      const typed = node.localName === 'textarea' || isEditable(node);
      const label = node.getAttribute('aria-label') || node.getAttribute('placeholder') || node.getAttribute('title')
        || (node.localName === 'img' ? node.getAttribute('alt') : '');
      if (label) consider(node, squash(label));
      if (typed) return;
    }
    for (const c of childrenOf(node)) walk(c);
  };
  walk(document.body || document.documentElement);
  // This document's iframes that draw something: the host looks in them too (each has its own copy of this).
  const frames = frameElements().filter((f) => !hidden(f) && f.getClientRects().length).slice(0, 20).map(frameInfo);
  return { doc: DOC_ID, seq: o.seq, matches, more, visited, frames };
}
