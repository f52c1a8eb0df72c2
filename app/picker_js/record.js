// record.js — the element record: what pagenote says about one element (issue #2, "The element record").
// Runs in pagenote's isolated world (QWebEngineScript::ApplicationWorld): shares the DOM with the page, not
// its JS globals, so a page that overrides Element.prototype methods cannot lie to us here.
// Caps are applied here (first boundary) and again by the Python model (second boundary).

const CAPS = OPTIONS.caps;  // {line, text, context, html, attr}
// Single-line fields are sent one code unit over the cap, so the host sees the overflow and adds the
// protocol's ` [truncated]` mark (app/model/text.py); cutting to exactly the cap here would hide it.
const LINE_SEND = CAPS.line + 1;

// --- text helpers ----------------------------------------------------------------------------------------

// Cut `s` to at most `n` UTF-16 code units without splitting a surrogate pair; lone surrogates pass through
// (Python replaces them with U+FFFD).
function cut(s, n) {
  s = String(s == null ? '' : s);
  if (s.length <= n) return s;
  let end = n;
  const c = s.charCodeAt(end - 1);
  if (c >= 0xd800 && c <= 0xdbff) end -= 1;
  return s.slice(0, end);
}

function squash(s) { return String(s || '').replace(/\s+/g, ' ').trim(); }

function capText(s, n) {
  s = String(s || '');
  return s.length > n ? cut(s, n - 12) + '\n[truncated]' : s;
}

// --- secrets (issue #2: never the typed value; issue #3 §9: password / OTP / card fields, redact marker) ---

const SECRET_AUTOCOMPLETE = /^(one-time-code|cc-|current-password|new-password)/;
// Query/fragment parameter names that carry credentials: exact names, or names containing a credential word
// (`access_token`, `sessionToken`, `X-Amz-Signature`, `api-key` …). Mirrors app/protocol/redact.py.
const SECRET_EXACT = /^(code|key|sig|pwd|otp|sid|pin|auth|jwt|hmac|ticket|state|nonce)$/i;
const SECRET_WORD = /(token|secret|passw|signature|credential|api[-_]?key|auth(?!or)|session|jwt|private[-_]?key|access[-_]?key)/i;

function isSecretParam(name) {
  let k = name;
  try { k = decodeURIComponent(name); } catch (e) { /* keep it raw */ }
  return SECRET_EXACT.test(k) || SECRET_WORD.test(k) || /[-_.]key$/i.test(k);
}

function isSecretInput(el) {
  if (!(el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement)) return false;
  const type = (el.getAttribute('type') || '').toLowerCase();
  const ac = (el.getAttribute('autocomplete') || '').toLowerCase().trim();
  return type === 'password' || type === 'hidden' || SECRET_AUTOCOMPLETE.test(ac);
}

function isRedacted(el) {
  return !!(el && el.closest && el.closest('[data-pagenote-redact]'));
}

// Redact credentials anywhere in a string that may hold URLs (href, srcset, style url(), the page URL):
// userinfo (`//user:pass@host`) is removed and the values of credential-like parameters in queries and
// fragments (`?token=…`, `#/cb?code=…`, `;sid=…`) become REDACTED (issue #3 §9). Works on strings a URL
// parser would reject, so an unparseable URL cannot slip through.
function redactUrl(text) {
  if (!text) return text;
  let out = String(text).replace(/(\/\/)[^\/?#@\s"'()]*@/g, '$1');
  out = out.replace(/([?&;#])([^=&;#?\s"'()]+)=([^&;#\s"'()]*)/g,
                    (m, sep, k) => (isSecretParam(k) ? `${sep}${k}=REDACTED` : m));
  return out;
}

// --- role (WAI-ARIA 1.2 explicit role, else the implicit role from HTML-AAM §4) ---------------------------

const LANDMARK_SCOPE = 'article,aside,main,nav,section';

function implicitRole(el) {
  const tag = el.localName;
  switch (tag) {
    case 'a': case 'area': return el.hasAttribute('href') ? 'link' : 'generic';
    case 'article': return 'article';
    case 'aside': return 'complementary';
    case 'button': return 'button';
    case 'datalist': return 'listbox';
    case 'details': return 'group';
    case 'dialog': return 'dialog';
    case 'fieldset': return 'group';
    case 'figure': return 'figure';
    case 'footer': return el.parentElement && el.parentElement.closest(LANDMARK_SCOPE) ? 'generic' : 'contentinfo';
    case 'header': return el.parentElement && el.parentElement.closest(LANDMARK_SCOPE) ? 'generic' : 'banner';
    case 'form': return 'form';
    case 'h1': case 'h2': case 'h3': case 'h4': case 'h5': case 'h6': return 'heading';
    case 'hr': return 'separator';
    case 'img': return el.getAttribute('alt') === '' ? 'presentation' : 'img';
    case 'input': {
      const type = (el.getAttribute('type') || 'text').toLowerCase();
      if (['button', 'submit', 'reset', 'image'].includes(type)) return 'button';
      if (type === 'checkbox') return 'checkbox';
      if (type === 'radio') return 'radio';
      if (type === 'range') return 'slider';
      if (type === 'number') return 'spinbutton';
      if (type === 'hidden') return '';
      if (el.hasAttribute('list')) return 'combobox';
      if (type === 'search') return 'searchbox';
      // HTML-AAM maps password to no role; Chromium exposes it as a textbox, and so do locator engines.
      return 'textbox';
    }
    case 'li': return 'listitem';
    case 'main': return 'main';
    case 'math': return 'math';
    case 'menu': case 'ol': case 'ul': return 'list';
    case 'meter': return 'meter';
    case 'nav': return 'navigation';
    case 'option': return 'option';
    case 'output': return 'status';
    case 'p': return 'paragraph';
    case 'progress': return 'progressbar';
    case 'search': return 'search';
    case 'section':  // HTML-AAM: region only when it has an accessible name (author-provided here)
      return (el.getAttribute('aria-label') || '').trim() || el.getAttribute('aria-labelledby') || (el.getAttribute('title') || '').trim()
        ? 'region' : 'generic';
    case 'select': return (el.multiple || el.size > 1) ? 'listbox' : 'combobox';
    case 'table': return 'table';
    case 'tbody': case 'thead': case 'tfoot': return 'rowgroup';
    case 'td': return 'cell';
    case 'th': return el.closest('thead') || el.getAttribute('scope') === 'col' ? 'columnheader' : 'rowheader';
    case 'tr': return 'row';
    case 'textarea': return 'textbox';
    case 'dd': return 'definition';
    case 'dt': return 'term';
    case 'code': return 'code';
    case 'blockquote': return 'blockquote';
    case 'svg': return 'graphics-document';
    case 'div': case 'span': case 'b': case 'i': case 'u': case 'small': case 'samp': case 'pre': return 'generic';
    default: return '';
  }
}

function role(el) {
  const explicit = squash(el.getAttribute('role')).split(' ')[0];
  return explicit || implicitRole(el);
}

// --- accessible name (accname 1.2 §4.3, the common steps) --------------------------------------------------

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
  if (node.nodeType === Node.ELEMENT_NODE && isRedacted(node)) return ' [redacted] ';
  let out = '';
  for (const child of node.childNodes) {
    if (out.length >= budget) break;
    if (child.nodeType === Node.TEXT_NODE) { out += child.data; continue; }
    if (child.nodeType !== Node.ELEMENT_NODE || isHidden(child)) continue;
    if (isRedacted(child)) { out += ' [redacted] '; continue; }
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
    if (isRedacted(ref)) return '[redacted]';
    // A form control's text content is its default value, i.e. user data: use only its aria-label.
    if (ref instanceof HTMLInputElement || ref instanceof HTMLTextAreaElement || ref instanceof HTMLSelectElement) {
      return squash(ref.getAttribute('aria-label'));
    }
    return squash(ref.getAttribute('aria-label')) || squash(contentName(ref, LINE_SEND, 0));
  }).filter(Boolean).join(' ');
}

function accessibleName(el) {
  const limit = LINE_SEND;
  if (isRedacted(el)) return '[redacted]';
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

// --- selector and XPath --------------------------------------------------------------------------------

const TEST_ID_ATTRS = ['data-testid', 'data-test', 'data-qa', 'data-cy'];

// Class names that look machine-generated (CSS modules, styled-components, emotion, hashed builds).
function isStableClass(c) {
  if (c.length > 40 || !/^[A-Za-z_-][A-Za-z0-9_-]*$/.test(c)) return false;
  if (/^(css|sc|jsx|emotion|svelte)-/.test(c)) return false;
  // A segment of 5+ chars mixing letters and digits is a hash (`Button_primary__a1B2c`, `x-3fz9q`).
  return !c.split(/[-_]+/).some((seg) => seg.length >= 5 && /\d/.test(seg) && /[A-Za-z]/.test(seg));
}

// A CSS string literal body for an attribute value: only `"`, `\` and line breaks need escaping
// (CSS Syntax §4.3.5); CSS.escape would also escape `#`, `.` … which is valid but hard to read.
function cssString(v) {
  return v.replace(/["\\]/g, '\\$&').replace(/[\n\r\f]/g, (c) => '\\' + c.charCodeAt(0).toString(16) + ' ');
}

function rootOf(el) { return el.getRootNode(); }

function matchesOnly(root, selector, el) {
  let list;
  try { list = root.querySelectorAll(selector); } catch (e) { return false; }
  return list.length === 1 && list[0] === el;
}

function nthOfType(el) {
  let n = 1;
  for (let s = el.previousElementSibling; s; s = s.previousElementSibling) if (s.localName === el.localName) n++;
  return n;
}

function sameTypeSiblings(el) {
  const parent = el.parentElement;
  if (!parent) return 1;
  let n = 0;
  for (const c of parent.children) if (c.localName === el.localName) n++;
  return n;
}

function tagStep(el) {
  // CSS type selectors are case-insensitive for HTML but not for SVG's mixed-case names: escape as is.
  return CSS.escape(el.localName);
}

// Attribute steps that name an element the way its author did: a link's href, a control's name, its
// aria-label (short values only; never `value`).
const NAMING_ATTRS = ['href', 'name', 'aria-label', 'title', 'alt', 'placeholder', 'for', 'type'];

function attrSteps(el) {
  const tag = tagStep(el);
  const out = [];
  if (isRedacted(el)) return out;
  for (const attr of NAMING_ATTRS) {
    const v = el.getAttribute(attr);
    // A URL with credentials in its query would leak them through the selector: skip it (issue #3 §9).
    if (!v || v.length > 80) continue;
    if (attr === 'href' && (v.startsWith('javascript:') || redactUrl(v) !== v)) continue;
    {
      out.push(`${tag}[${attr}="${cssString(v)}"]`);
    }
  }
  return out;
}

// Candidate selector steps for one element, most readable first.
function stepCandidates(el) {
  const tag = tagStep(el);
  const out = [];
  const classes = Array.from(el.classList).filter(isStableClass).slice(0, 3);
  out.push(tag);
  if (classes.length) out.push(tag + '.' + CSS.escape(classes[0]));
  if (classes.length > 1) out.push(tag + classes.slice(0, 2).map((c) => '.' + CSS.escape(c)).join(''));
  const nth = sameTypeSiblings(el) > 1 ? `:nth-of-type(${nthOfType(el)})` : '';
  out.push(tag + (classes.length ? '.' + CSS.escape(classes[0]) : '') + nth);
  if (nth) out.push(tag + nth);
  return out;
}

const MAX_ANCHOR = 200;

function uniqueAnchor(el) {
  const root = rootOf(el);
  // Ids and test ids longer than this make selectors nobody can read (or that overflow the line cap).
  const id = el.getAttribute('id');
  if (id && id.length <= MAX_ANCHOR && matchesOnly(root, '#' + CSS.escape(id), el)) return '#' + CSS.escape(id);
  for (const attr of TEST_ID_ATTRS) {
    const v = el.getAttribute(attr);
    if (v && v.length <= MAX_ANCHOR) {
      const sel = `[${attr}="${cssString(v)}"]`;
      if (matchesOnly(root, sel, el)) return sel;
    }
  }
  return '';
}

// A CSS selector matching exactly `el` within its root (document or shadow root), verified with
// querySelectorAll. Preference (issue #2): unique #id, then a test id, then the shortest structural path:
//   1. one step for the element alone (naming attribute, tag.class, nth-of-type);
//   2. an ancestor's step (its #id/test id first) + descendant combinator + the element's step;
//   3. a child-combinator chain climbing from the element;
//   4. the full :nth-of-type path from the root, unique by construction.
const MAX_SELECTOR_TRIES = 400;  // querySelectorAll calls; bounds the cost on 20k-element pages
// Time budget for the readable candidates (each querySelectorAll walks the whole document: 0.3–0.5 ms on a
// 17k-element page); past it, the full :nth-of-type path, unique by construction, is used (bench/picker_latency.py).
const SELECTOR_BUDGET_MS = 12;

function uniqueSelector(el) {
  const root = rootOf(el);
  const anchor = uniqueAnchor(el);
  if (anchor) return anchor;
  let tries = 0;
  const deadline = performance.now() + SELECTOR_BUDGET_MS;
  const over = () => tries >= MAX_SELECTOR_TRIES || performance.now() > deadline;
  const unique = (sel) => { tries++; return matchesOnly(root, sel, el); };
  const own = attrSteps(el).concat(stepCandidates(el));
  for (const step of own) if (unique(step)) return step;
  let node = el.parentElement;
  for (let depth = 0; node && depth < 12 && !over(); depth++, node = node.parentElement) {
    const anc = uniqueAnchor(node);
    const ancSteps = anc ? [anc] : stepCandidates(node).slice(0, 3);
    for (const a of ancSteps) {
      for (const step of own) {
        if (over()) break;
        if (unique(`${a} ${step}`)) return `${a} ${step}`;
      }
    }
    if (anc) break;  // above a unique anchor nothing gets more specific
  }
  let suffix = '';
  node = el;
  for (let depth = 0; node && node.nodeType === Node.ELEMENT_NODE && depth < 30 && !over(); depth++) {
    const steps = node === el ? own : stepCandidates(node);
    for (const step of steps) if (unique(step + suffix)) return step + suffix;
    suffix = ' > ' + steps[steps.length - 1] + suffix;
    const parent = node.parentElement;
    if (!parent) break;
    const parentAnchor = uniqueAnchor(parent);
    if (parentAnchor && unique(parentAnchor + suffix)) return parentAnchor + suffix;
    node = parent;
  }
  const parts = [];
  for (let n = el; n && n.nodeType === Node.ELEMENT_NODE; n = n.parentElement) {
    parts.unshift(tagStep(n) + (n.parentElement ? `:nth-of-type(${nthOfType(n)})` : ''));
  }
  const full = parts.join(' > ');
  return matchesOnly(root, full, el) ? full : '';
}

// Absolute XPath with `tag[n]` steps (n counted among same-name siblings; omitted when the element is the
// only one of its name). A plain name test only matches HTML elements of an HTML document (DOM Standard,
// "Interface XPathEvaluator"), so other elements (SVG, MathML, any element of an XML/XHTML document) and
// names that are not XPath NCNames (`my$el`, `a:b`) use `*[local-name()=…]`.
const NCNAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

function xpathLiteral(v) {
  if (!v.includes("'")) return `'${v}'`;
  if (!v.includes('"')) return `"${v}"`;
  return 'concat(' + v.split("'").map((part) => `'${part}'`).join(`, "'", `) + ')';
}

function xpathOf(el) {
  const htmlDoc = el.ownerDocument.contentType === 'text/html';
  const steps = [];
  for (let n = el; n && n.nodeType === Node.ELEMENT_NODE; n = n.parentElement) {
    const plain = htmlDoc && n.namespaceURI === 'http://www.w3.org/1999/xhtml' && NCNAME.test(n.localName);
    const name = plain ? n.localName : `*[local-name()=${xpathLiteral(n.localName)}]`;
    const count = sameTypeSiblings(n);
    steps.unshift(count > 1 ? `${name}[${nthOfType(n)}]` : name);
  }
  return '/' + steps.join('/');
}

// --- attributes, colours, text ---------------------------------------------------------------------------

const ATTR_ALLOW = new Set(['id', 'class', 'href', 'src', 'alt', 'title', 'name', 'type', 'placeholder', 'role',
  'data-testid', 'data-test', 'data-qa', 'data-cy']);

// Attributes that carry human-readable text; on a `data-pagenote-redact` element their values are hidden.
const TEXT_ATTRS = new Set(['title', 'alt', 'placeholder', 'aria-label', 'aria-description', 'aria-valuetext']);

function attributesOf(el) {
  const out = {};
  const redacted = isRedacted(el);
  for (const a of Array.from(el.attributes)) {
    const name = a.name.toLowerCase();
    if (!(ATTR_ALLOW.has(name) || name.startsWith('aria-'))) continue;  // never `value` (issue #2)
    let v = a.value;
    if (redacted && TEXT_ATTRS.has(name)) v = '[redacted]';
    else if ((name === 'href' || name === 'src') && v.startsWith('data:')) v = cut(v, 64) + '…';
    else v = redactUrl(v);
    out[name] = cut(v, CAPS.attr);
  }
  return out;
}

let colorCtx = null;
function hex2(n) { return Math.max(0, Math.min(255, Math.round(n))).toString(16).padStart(2, '0').toUpperCase(); }

// A computed colour as `#RRGGBB`, `#RRGGBBAA` (alpha < 1) or `transparent`. `rgb()/rgba()` are parsed;
// other serialisations (color(), oklch() …) are resolved to sRGB by painting one canvas pixel.
function hexColor(value) {
  const m = /^rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)(?:\s*[,/]\s*([\d.]+%?))?\s*\)$/.exec(value);
  let r, g, b, a = 1;
  if (m) {
    r = +m[1]; g = +m[2]; b = +m[3];
    if (m[4] !== undefined) a = m[4].endsWith('%') ? parseFloat(m[4]) / 100 : +m[4];
  } else {
    if (!colorCtx) colorCtx = new OffscreenCanvas(1, 1).getContext('2d', { willReadFrequently: true });
    colorCtx.clearRect(0, 0, 1, 1);
    colorCtx.fillStyle = '#000';
    colorCtx.fillStyle = value;
    colorCtx.fillRect(0, 0, 1, 1);
    const d = colorCtx.getImageData(0, 0, 1, 1).data;
    [r, g, b] = d; a = d[3] / 255;
  }
  if (a === 0) return 'transparent';
  return '#' + hex2(r) + hex2(g) + hex2(b) + (a < 1 ? hex2(a * 255) : '');
}

function labelTextOfInput(el) {
  const type = (el.getAttribute('type') || (el instanceof HTMLTextAreaElement ? 'textarea' : 'text')).toLowerCase();
  if (type === 'password') return '[masked password input]';
  const labels = el.labels ? Array.from(el.labels).map((l) => squash(contentName(l, CAPS.text, 0))).filter(Boolean) : [];
  const parts = [];
  if (labels.length) parts.push('label: ' + labels.join(' '));
  const ph = squash(el.getAttribute('placeholder')); if (ph) parts.push('placeholder: ' + ph);
  const name = squash(el.getAttribute('name')); if (name) parts.push('name: ' + name);
  parts.push('type: ' + type);
  if (isSecretInput(el)) parts.push('[value masked]');
  return parts.join('\n');
}

// Rendered text of an element, with `data-pagenote-redact` subtrees replaced by `[redacted]`.
function renderedText(el, cap) {
  if (isRedacted(el)) return '[redacted]';
  if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) return labelTextOfInput(el);
  if (el instanceof HTMLSelectElement) return labelTextOfInput(el);
  let text;
  // innerText falls back to textContent (script and style source included) for elements that are not
  // rendered, and cannot skip subtrees: use our own walk then.
  if (!el.getClientRects().length || el.querySelector('[data-pagenote-redact], input, textarea')) {
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
        if (tag === 'script' || tag === 'style' || tag === 'template' || tag === 'noscript') continue;
        if (child.hasAttribute('data-pagenote-redact')) { out += ' [redacted] '; continue; }
        if (child instanceof HTMLInputElement || child instanceof HTMLTextAreaElement) { out += ' '; continue; }
        out += ' '; walk(child, depth + 1); out += ' ';
      }
    }
  };
  walk(el, 0);
  return out;
}

const CONTEXT_SELECTOR = 'section, article, form, li, tr, dialog';

function nearbyContext(el) {
  const start = el.parentElement;
  const box = (start && start.closest(CONTEXT_SELECTOR)) || start;
  if (!box || box === document.documentElement) return '';
  return renderedText(box, CAPS.context);
}

// --- HTML excerpt: a bounded serialisation of the element (issue #2) ---------------------------------------

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
const SKIP = new Set(['script', 'style', 'template', 'noscript']);

function escText(s) { return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'); }
function escAttr(s) { return s.replace(/&/g, '&amp;').replace(/"/g, '&quot;'); }

// Serialise `el` like outerHTML, but: no script/style/template/noscript, no `value` attributes, no textarea
// contents, `data-pagenote-redact` content replaced, long attribute values cut, and stop at `cap` chars.
function htmlExcerpt(el, cap) {
  const parts = [];
  let size = 0;
  let full = false;
  const push = (s) => { if (full) return; parts.push(s); size += s.length; if (size > cap) full = true; };
  const walk = (node, depth) => {
    if (full) return;
    if (node.nodeType === Node.TEXT_NODE) { push(escText(node.data)); return; }
    if (node.nodeType !== Node.ELEMENT_NODE) return;
    const tag = node.localName;
    if (SKIP.has(tag)) return;
    let open = '<' + tag;
    const redactedNode = node.hasAttribute('data-pagenote-redact') || (depth === 0 && isRedacted(node));
    for (const a of Array.from(node.attributes)) {
      if (a.name === 'value') continue;
      let v = a.value;
      if (redactedNode && TEXT_ATTRS.has(a.name)) v = '[redacted]';
      else if (!v.startsWith('data:')) v = redactUrl(v);  // href, srcset, style url(), formaction, poster …
      if (v.length > CAPS.attr) v = cut(v, CAPS.attr) + '…';
      open += ` ${a.name}="${escAttr(v)}"`;
    }
    push(open + '>');
    if (VOID.has(tag)) return;
    if (redactedNode) push('[redacted]');
    else if (tag !== 'textarea' && depth < 200) for (const child of node.childNodes) walk(child, depth + 1);
    push('</' + tag + '>');
  };
  walk(el, 0);
  const html = parts.join('');
  return html.length > cap ? cut(html, cap - 12) + '\n[truncated]' : html;
}

// --- the record ---------------------------------------------------------------------------------------------

// `closedHost`: the element seems to host a closed shadow root (frames.js looksClosedHost).
function elementRecord(el, closedHost) {
  const inShadow = el.getRootNode() instanceof ShadowRoot;
  const selector = chainedSelector(el);
  const cs = getComputedStyle(el);
  const r = el.getBoundingClientRect();
  const round = (v) => Math.round(v * 100) / 100;
  return {
    url: cut(redactUrl(location.href), LINE_SEND),
    title: cut(document.title, LINE_SEND),
    tag: el.localName,
    role: role(el),
    accessible_name: accessibleName(el),
    selector,
    xpath: inShadow ? '' : xpathOf(el),  // XPath cannot cross shadow roots
    shadow: closedHost ? 'closed: the element hosts a closed shadow root, so its inside cannot be picked' : '',
    attributes: attributesOf(el),
    color: hexColor(cs.color),
    background: hexColor(cs.backgroundColor),
    font: `${cs.fontSize} ${cut(cs.fontFamily, 300)}`,
    font_weight: cs.fontWeight,
    display: cs.display,
    rect: { x: round(r.left + scrollX), y: round(r.top + scrollY), width: round(r.width), height: round(r.height) },
    text: renderedText(el, CAPS.text),
    nearby_context: nearbyContext(el),
    html_excerpt: htmlExcerpt(el, CAPS.html),
    // locators.js (issue #3 §1); the last step of the chained selector is the one within el's own root.
    locators: locatorsFor(el, splitChain(selector).pop()),
  };
}
