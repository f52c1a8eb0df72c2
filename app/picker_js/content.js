// @module content
// @imports text: CAPS, capText, squash; redact: REDACTED, EDITABLE_TEXT, REDACT_ATTR, REDACT_SELECTOR, isEditable, isRedacted, isSecretField; name: contentName
// @exports renderedText, serializeText, nearbyContext, nearbyBox
// content.js — the record's text blocks: an element's rendered text and its nearby context, with
// `data-pagenote-redact` subtrees replaced and form values never read (issue #2, issue #3 §9); the text of a
// contenteditable region is typed text too, so it is never read either (EDITABLE_TEXT stands for it).

function labelTextOfInput(el) {
  const type = (el.getAttribute('type') || (el instanceof HTMLTextAreaElement ? 'textarea' : 'text')).toLowerCase();
  if (type === 'password') return '[masked password input]';
  const labels = el.labels ? Array.from(el.labels).map((l) => squash(contentName(l, CAPS.text, 0))).filter(Boolean) : [];
  const parts = [];
  if (labels.length) parts.push('label: ' + labels.join(' '));
  const ph = squash(el.getAttribute('placeholder')); if (ph) parts.push('placeholder: ' + ph);
  const name = squash(el.getAttribute('name')); if (name) parts.push('name: ' + name);
  parts.push('type: ' + type);
  if (isSecretField(el)) parts.push('[value masked]');
  return parts.join('\n');
}

// Rendered text of an element, with `data-pagenote-redact` subtrees replaced by `[redacted]`.
function renderedText(el, cap) {
  if (isRedacted(el)) return REDACTED;
  if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) return labelTextOfInput(el);
  if (el instanceof HTMLSelectElement) return labelTextOfInput(el);
  if (isEditable(el)) return EDITABLE_TEXT;
  let text;
  // innerText falls back to textContent (script and style source included) for elements that are not
  // rendered, and cannot skip subtrees: use our own walk then.
  if (!el.getClientRects().length || el.querySelector(REDACT_SELECTOR + ', input, textarea, [contenteditable]')) {
    // innerText cannot skip subtrees: read a bounded clone instead (no layout, so whitespace is squashed).
    text = squash(serializeText(el, cap));
  } else {
    text = el.innerText !== undefined ? el.innerText : el.textContent;
  }
  text = String(text || '').replace(/\n{3,}/g, '\n\n').trim();
  return capText(text, cap);
}

function serializeText(el, cap) {
  let out = '';
  const walk = (node, depth) => {
    if (out.length > cap || depth > 200) return;
    for (const child of node.childNodes) {
      if (out.length > cap) return;
      if (child.nodeType === Node.TEXT_NODE) out += child.data;
      else if (child.nodeType === Node.ELEMENT_NODE) {
        const tag = child.localName;
        if (tag === 'script' || tag === 'style' || tag === 'template' || tag === 'noscript' || tag === 'title') continue;
        if (child.hasAttribute(REDACT_ATTR)) { out += ' ' + REDACTED + ' '; continue; }
        if (child instanceof HTMLInputElement || child instanceof HTMLTextAreaElement) { out += ' '; continue; }
        if (isEditable(child)) { out += ' ' + EDITABLE_TEXT + ' '; continue; }
        out += ' '; walk(child, depth + 1); out += ' ';
      }
    }
  };
  walk(el, 0);
  return out;
}

const CONTEXT_SELECTOR = 'section, article, form, li, tr, dialog';

// The element whose text is `el`'s nearby context: its closest section, article, form, list item, table row
// or dialog above it, else its parent (null at the top).
function nearbyBox(el) {
  const start = el.parentElement;
  return (start && start.closest(CONTEXT_SELECTOR)) || start;
}

function nearbyContext(el) {
  const box = nearbyBox(el);
  if (!box || box === document.documentElement) return '';
  return renderedText(box, CAPS.context);
}
