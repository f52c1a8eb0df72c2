// @module name
// @imports text: LINE_SEND, cut, squash; redact: REDACTED, isRedacted; role: role
// @exports NAME_FROM_CONTENT, accessibleName, contentName, textOfIds
// name.js — an element's accessible name (accname 1.2 §4.3, the common steps), bounded and redacted.

const NAME_FROM_CONTENT = new Set(['button', 'cell', 'checkbox', 'columnheader', 'gridcell', 'heading', 'link',
  'menuitem', 'menuitemcheckbox', 'menuitemradio', 'option', 'radio', 'row', 'rowheader', 'switch', 'tab',
  'tooltip', 'treeitem', 'listitem', 'term', 'code']);

function isHidden(el) {
  if (el.getAttribute && el.getAttribute('aria-hidden') === 'true') return true;
  const cs = getComputedStyle(el);
  return cs.display === 'none' || cs.visibility === 'hidden';
}

// Text of `node` as the name computation sees it (accname §4.3.2 step 2F/2G), bounded by `budget` chars.
function contentName(node, budget, depth) {
  if (depth > 20 || budget <= 0) return '';
  if (node.nodeType === Node.ELEMENT_NODE && isRedacted(node)) return ' ' + REDACTED + ' ';
  let out = '';
  for (const child of node.childNodes) {
    if (out.length >= budget) break;
    if (child.nodeType === Node.TEXT_NODE) { out += child.data; continue; }
    if (child.nodeType !== Node.ELEMENT_NODE || isHidden(child)) continue;
    if (isRedacted(child)) { out += ' ' + REDACTED + ' '; continue; }
    const label = child.getAttribute('aria-label');
    if (label && label.trim()) { out += ' ' + label + ' '; continue; }
    if (child.localName === 'img' || child.localName === 'area') { out += ' ' + (child.getAttribute('alt') || '') + ' '; continue; }
    if (child instanceof HTMLInputElement || child instanceof HTMLTextAreaElement || child instanceof HTMLSelectElement) continue;
    const display = getComputedStyle(child).display;
    const block = display !== 'inline' && display !== 'contents';
    out += (block ? ' ' : '') + contentName(child, budget - out.length, depth + 1) + (block ? ' ' : '');
  }
  return out;
}

function textOfIds(el, ids) {
  const root = el.getRootNode();
  return ids.split(/\s+/).map((id) => {
    const ref = id && root.getElementById ? root.getElementById(id) : null;
    if (!ref) return '';
    if (isRedacted(ref)) return REDACTED;
    // A form control's text content is its default value, i.e. user data: use only its aria-label.
    if (ref instanceof HTMLInputElement || ref instanceof HTMLTextAreaElement || ref instanceof HTMLSelectElement) {
      return squash(ref.getAttribute('aria-label'));
    }
    return squash(ref.getAttribute('aria-label')) || squash(contentName(ref, LINE_SEND, 0));
  }).filter(Boolean).join(' ');
}

function accessibleName(el) {
  const limit = LINE_SEND;
  if (isRedacted(el)) return REDACTED;
  const labelledby = el.getAttribute('aria-labelledby');
  if (labelledby) { const t = textOfIds(el, labelledby); if (t) return cut(t, limit); }
  const label = squash(el.getAttribute('aria-label'));
  if (label) return cut(label, limit);
  const tag = el.localName;
  if (el instanceof HTMLInputElement) {
    const type = (el.getAttribute('type') || 'text').toLowerCase();
    if (['button', 'submit', 'reset'].includes(type)) {
      // A button's value is its visible caption, not user data; the defaults follow Chromium.
      return cut(squash(el.getAttribute('value')) || (type === 'submit' ? 'Submit' : type === 'reset' ? 'Reset' : ''), limit);
    }
    if (type === 'image') return cut(squash(el.getAttribute('alt')) || 'Submit', limit);
  }
  if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement
      || el instanceof HTMLMeterElement || el instanceof HTMLProgressElement || el instanceof HTMLOutputElement) {
    const labels = el.labels ? Array.from(el.labels).map((l) => squash(contentName(l, limit, 0))).filter(Boolean) : [];
    if (labels.length) return cut(labels.join(' '), limit);
  }
  if (tag === 'img' || tag === 'area') { const alt = squash(el.getAttribute('alt')); if (alt) return cut(alt, limit); }
  if (tag === 'fieldset') { const lg = el.querySelector(':scope > legend'); if (lg) return cut(squash(contentName(lg, limit, 0)), limit); }
  if (tag === 'figure') { const fc = el.querySelector(':scope > figcaption'); if (fc) return cut(squash(contentName(fc, limit, 0)), limit); }
  if (tag === 'table') { const cap = el.querySelector(':scope > caption'); if (cap) return cut(squash(contentName(cap, limit, 0)), limit); }
  if (tag === 'summary' || NAME_FROM_CONTENT.has(role(el))) {
    const t = squash(contentName(el, limit, 0));
    if (t) return cut(t, limit);
  }
  const title = squash(el.getAttribute('title'));
  if (title) return cut(title, limit);
  const ph = squash(el.getAttribute('placeholder'));
  if (ph && (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement)) return cut(ph, limit);
  return '';
}
