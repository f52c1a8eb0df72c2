// @module snapshot_node
// @imports text: squash; role: role; name: accessibleName; redact: REDACTED, EDITABLE_TEXT, isRedacted, isSecretInput, isSecretField, isEditable, redactUrl
// @exports SKIP_TAGS, BLOCK_TAGS, NODE_TRANSPARENT, NODE_CONTAINER, NODE_NAMED, NODE_LEAF, nodeKind, displayRole, textPiece, clip, quoted
// @exports plain
// @exports lineHead, lineTail
// snapshot_node.js — what the agent snapshot says about one element: whether it is a line of its own (its
// kind), and the words of that line (role, accessible name, states, href, value). The walk that decides which
// elements get lines is snapshot_tree.js.
//
// Kinds: NODE_TRANSPARENT (no line: generic wrappers and inline text roles; their text goes to the nearest
// line above), NODE_CONTAINER (a line whose text and children follow: paragraph, list, cell …), NODE_NAMED (a
// line that is its accessible name — computed from its content for button, link, heading … — so its text is
// not repeated below it; only interactive descendants get lines), NODE_LEAF (a line with nothing below it:
// form controls, images, iframes). Roles come from role.js (WAI-ARIA explicit role, else HTML-AAM), names from
// name.js (accname 1.2): the same rules as the element record.

const SKIP_TAGS = new Set(['script', 'style', 'noscript', 'template', 'head', 'meta', 'link', 'title', 'base']);
// Elements whose box starts a new line of text (their text is not glued to their neighbours').
const BLOCK_TAGS = new Set(['div', 'p', 'section', 'article', 'aside', 'header', 'footer', 'main', 'nav', 'br',
  'li', 'ul', 'ol', 'dl', 'dt', 'dd', 'tr', 'td', 'th', 'table', 'pre', 'blockquote', 'form', 'fieldset', 'h1',
  'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'figure', 'figcaption', 'details', 'summary', 'label', 'option']);

const NODE_TRANSPARENT = 0;
const NODE_CONTAINER = 1;
const NODE_NAMED = 2;
const NODE_LEAF = 3;

// Roles that carry no line of their own: generic wrappers and the inline text-level roles (their words are
// part of the surrounding text, as a reader hears them).
const TEXT_ROLES = new Set(['', 'generic', 'presentation', 'none', 'code', 'strong', 'emphasis', 'mark', 'time',
  'subscript', 'superscript', 'deletion', 'insertion', 'rowgroup', 'term', 'definition']);
// Roles whose line is their name (accname "name from content" roles whose content an agent acts on).
const NAMED_ROLES = new Set(['button', 'link', 'heading', 'tab', 'menuitem', 'menuitemcheckbox', 'menuitemradio',
  'option', 'treeitem', 'switch', 'checkbox', 'radio', 'columnheader', 'rowheader', 'tooltip']);
const LEAF_ROLES = new Set(['textbox', 'searchbox', 'combobox', 'spinbutton', 'slider', 'img', 'graphics-document',
  'math', 'meter', 'progressbar', 'separator']);
const LEAF_TAGS = new Set(['input', 'textarea', 'select', 'img', 'svg', 'math', 'iframe', 'frame', 'video',
  'audio', 'canvas', 'object', 'embed']);
const FORM_TAGS = new Set(['input', 'textarea', 'select']);
// Input types whose value is no value to show: a state, a caption, a file path, or secret.
const NO_VALUE_TYPES = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'image', 'file', 'hidden',
  'password']);
// Roles whose elements are acted on: under a NODE_NAMED line only these get lines of their own.
const INTERACTIVE_ROLES = new Set(['button', 'link', 'checkbox', 'radio', 'switch', 'textbox', 'searchbox',
  'combobox', 'spinbutton', 'slider', 'listbox', 'option', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'tab',
  'treeitem']);
// Elements whose name comes from something other than their content, for container roles (name.js).
const NAMED_BY_PART = new Set(['fieldset', 'figure', 'table', 'img', 'area', 'meter', 'progress', 'output']);
const STATE_ROLES = new Set(['checkbox', 'radio', 'switch', 'menuitemcheckbox', 'menuitemradio', 'option',
  'treeitem']);

// Acted on although its role says nothing: focusable by tab order, editable, a click handler in markup,
// draggable, or a <summary> (it toggles its <details>).
function actionable(el) {
  if (el.localName === 'summary') return true;
  const tab = el.getAttribute('tabindex');
  if (tab !== null && parseInt(tab, 10) >= 0) return true;
  return el.hasAttribute('onclick') || el.getAttribute('draggable') === 'true' || isEditable(el);
}

function hasOwnName(el) {
  return el.hasAttribute('aria-label') || el.hasAttribute('aria-labelledby');
}

// {kind, role} of `el` (a rendered element). `underNamed`: an ancestor's line already is its content, so
// only interactive elements get lines.
function nodeKind(el, underNamed) {
  const tag = el.localName;
  const r = role(el);
  if (tag === 'iframe' || tag === 'frame') return { kind: NODE_LEAF, role: 'iframe' };
  // An input HTML-AAM maps to no ARIA role (date, time, datetime-local, month, week, color): Chromium exposes
  // roles of its own (Date, InputTime, ColorWell) and Playwright's aria snapshot a textbox; it is a field an
  // agent fills, so its line says textbox (role.js keeps HTML-AAM's answer for locators).
  if (tag === 'input' && !r && el.type !== 'hidden') return { kind: NODE_LEAF, role: 'textbox' };
  if (underNamed) {
    if (INTERACTIVE_ROLES.has(r)) return { kind: LEAF_TAGS.has(tag) ? NODE_LEAF : NODE_NAMED, role: r };
    return { kind: actionable(el) && tag !== 'summary' ? NODE_NAMED : NODE_TRANSPARENT, role: r || 'generic' };
  }
  if (TEXT_ROLES.has(r)) {
    if (actionable(el)) return { kind: NODE_NAMED, role: r || 'generic' };
    if (hasOwnName(el) && (r === '' || r === 'generic')) return { kind: NODE_CONTAINER, role: 'generic' };
    return { kind: NODE_TRANSPARENT, role: r };
  }
  if (LEAF_TAGS.has(tag) || LEAF_ROLES.has(r)) return { kind: NODE_LEAF, role: r || 'generic' };
  if (NAMED_ROLES.has(r)) return { kind: NODE_NAMED, role: r };
  return { kind: NODE_CONTAINER, role: r };
}

function displayRole(r) { return r || 'generic'; }

// At most `n` code units of a text node's data, never reading the rest (a 20 MB text node stays unread).
function textPiece(node, n) {
  return node.length > n ? node.substringData(0, n) : node.data;
}

// `s` cut to `max` code units (the last one '…' when cut; no split surrogate pair). Returns [text, wasCut].
function clip(s, max) {
  if (s.length <= max) return [s, false];
  let end = max - 1;
  const c = s.charCodeAt(end - 1);
  if (c >= 0xd800 && c <= 0xdbff) end -= 1;
  return [s.slice(0, end) + '…', true];
}

// Page text written into a line never looks like pagenote's own brackets ([ref=e5], [href="…"]): `[ref=` and
// `[href=` in it are written `[ref\=` / `[href\=`, so the one `[ref=` of a line is pagenote's
// (app/protocol/line_text.py writes find's lines by the same rule; tests/test_line_text.py runs both).
const OWN_BRACKET = /\[(ref|href)=/g;
function plain(s) { return s.replace(OWN_BRACKET, '[$1\\='); }

// `s` in double quotes, `\` and `"` escaped with a backslash, then plain().
function quoted(s) { return '"' + plain(s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')) + '"'; }

// A name-from-content whose subtree is big (many nodes or a huge text node) is read by this bounded walk
// instead of name.js, which would concatenate all of it first.
const NAME_SCAN_NODES = 300;
const NAME_SCAN_CHARS = 8000;

function contentTooBig(el) {
  let nodes = 0, chars = 0;
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (++nodes > NAME_SCAN_NODES) return true;
    if (n.nodeType === Node.TEXT_NODE && (chars += n.length) > NAME_SCAN_CHARS) return true;
  }
  return false;
}

function boundedText(el, max) {
  let out = '';
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n && out.length < max; n = walker.nextNode()) {
    const p = n.parentElement;
    if (p && SKIP_TAGS.has(p.localName)) continue;
    out += textPiece(n, max) + ' ';
  }
  return squash(out);
}

// The accessible name shown on `el`'s line ('' for none), before clipping.
function nameOf(el, kind, r) {
  if (isRedacted(el)) return REDACTED;
  if (r === 'iframe') return squash(el.getAttribute('title') || el.getAttribute('name') || '');
  if (kind === NODE_CONTAINER && !hasOwnName(el) && !el.hasAttribute('title') && !NAMED_BY_PART.has(el.localName)) {
    return '';
  }
  // Without aria-label(ledby), name.js may read the element's whole content (a name from content, even for a
  // container named by its title): a big subtree is read here instead, bounded, or not at all.
  const tag = el.localName;
  // An editable region's content is typed text: never its name (only aria-label(ledby) or title name it).
  if (isEditable(el) && !FORM_TAGS.has(tag) && !hasOwnName(el)) return squash(el.getAttribute('title') || '');
  if (!hasOwnName(el) && !FORM_TAGS.has(tag) && !NAMED_BY_PART.has(tag) && contentTooBig(el)) {
    return kind === NODE_NAMED ? boundedText(el, 1000) : squash(el.getAttribute('title') || '');
  }
  return accessibleName(el);
}

function headingLevel(el) {
  const aria = parseInt(el.getAttribute('aria-level') || '', 10);
  if (aria > 0) return aria;
  const m = /^h([1-6])$/.exec(el.localName);
  return m ? +m[1] : 0;
}

// ' [checked] [disabled] …': the states a line shows (WAI-ARIA 1.2 states; native ones from the element).
function states(el, r) {
  const out = [];
  if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) {
    if (el.indeterminate) out.push('checked=mixed'); else if (el.checked) out.push('checked');
  } else if (STATE_ROLES.has(r)) {
    const c = el.getAttribute('aria-checked');
    if (c === 'true') out.push('checked'); else if (c === 'mixed') out.push('checked=mixed');
  }
  const tag = el.localName;
  if ((FORM_TAGS.has(tag) || tag === 'button' || tag === 'fieldset') && el.matches(':disabled')) {
    out.push('disabled');
  } else if (el.getAttribute('aria-disabled') === 'true') {
    out.push('disabled');
  }
  const ex = el.getAttribute('aria-expanded');
  if (ex === 'true') out.push('expanded'); else if (ex === 'false') out.push('expanded=false');
  else if (el.localName === 'summary' && el.parentElement && el.parentElement.localName === 'details') {
    out.push(el.parentElement.open ? 'expanded' : 'expanded=false');
  }
  const selected = el.getAttribute('aria-selected') === 'true' || (el instanceof HTMLOptionElement && el.selected);
  if (selected) out.push('selected');
  const pressed = el.getAttribute('aria-pressed');
  if (pressed === 'true') out.push('pressed'); else if (pressed === 'mixed') out.push('pressed=mixed');
  if (r === 'heading') { const lv = headingLevel(el); if (lv) out.push('level=' + lv); }
  return out.length ? ' [' + out.join('] [') + ']' : '';
}

// The value a form control shows, or '' — never for a secret field (password, hidden, OTP, card, a
// credential-like name: redact.js) or inside a redacted subtree; never a file path.
function valueOf(el) {
  if (isRedacted(el) || isSecretInput(el) || isSecretField(el)) return '';
  if (el instanceof HTMLSelectElement) {
    return Array.from(el.selectedOptions).map((o) => squash(o.label || o.text)).join(', ');
  }
  if (el instanceof HTMLTextAreaElement) return squash(el.value.length > 2000 ? el.value.slice(0, 2000) : el.value);
  if (el instanceof HTMLInputElement) {
    const type = (el.getAttribute('type') || 'text').toLowerCase();
    if (NO_VALUE_TYPES.has(type)) return '';
    return squash(el.value.length > 2000 ? el.value.slice(0, 2000) : el.value);
  }
  return '';
}

// The line of `el` without its indentation, '- ' and ref: {head, tail, cut} — head `role "name" [states]
// [href="…"]`, tail `: value` (form controls) or ''. Names, hrefs and values are clipped to `max` code units,
// then quoted (names, hrefs) or plain() (values); `cut` counts what was clipped.
function lineHead(el, kind, r, max) {
  let cut = 0;
  let head = displayRole(r);
  const [name, nameCut] = clip(nameOf(el, kind, r), max);
  cut += nameCut ? 1 : 0;
  if (name) head += ' ' + quoted(name);
  if (!isRedacted(el)) head += states(el, r);
  if (r === 'link' && el.hasAttribute('href') && !isRedacted(el)) {
    const [href, hrefCut] = clip(squash(redactUrl(el.getAttribute('href'))), max);
    cut += hrefCut ? 1 : 0;
    if (href) head += ' [href=' + quoted(href) + ']';
  }
  return { head, name, cut };
}

// `: value` for a form control (clipped to `max`), `: …` for an editable region's text, else ''.
function lineTail(el, max) {
  if (isEditable(el) && !FORM_TAGS.has(el.localName)) return { tail: ': ' + EDITABLE_TEXT, cut: 0 };
  if (!FORM_TAGS.has(el.localName)) return { tail: '', cut: 0 };
  const [v, vCut] = clip(valueOf(el), max);
  return { tail: v ? ': ' + plain(v) : '', cut: vCut ? 1 : 0 };
}
