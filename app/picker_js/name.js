// @module name
// @imports text: LINE_SEND, cut, squash; redact: REDACTED, REDACT_ATTR, REDACT_SELECTOR, isEditable, isRedacted; role: role
// @imports aria_tables: NAME_FROM_CONTENT_ROLES, NAME_PROHIBITED_ROLES, EMBEDDED_CONTROL_ROLES
// @exports NAME_FROM_CONTENT, accessibleName, contentName, textOfIds, cannotBeNamed, generatedContent
// name.js — an element's accessible name: AccName 1.2 §4.3.2 "Computation steps" with the host language rules
// of HTML-AAM §5 "Accessible Name Computations By HTML Element", bounded and redacted.
//
// Bounds: a walk stops once it holds `limit` characters of squashed text (the line cap + 1, so the host still
// sees that the name was cut) or after NODE_MAX elements, without visiting the rest of the subtree.
// Privacy (pagenote never sends what the user typed or chose): an embedded control (step 2C) contributes
// nothing instead of its value; a directly referenced control contributes its aria-label; a contenteditable
// region's content (typed text, redact.js isEditable) contributes nothing.

// Roles whose name comes from their content (WAI-ARIA 1.2 §5.2.8.4; exported for other modules).
const NAME_FROM_CONTENT = NAME_FROM_CONTENT_ROLES;
// Elements visited per computation, at most (a subtree of empty wrappers has no text to stop at), and how
// deep name from content descends (bounds the recursion on hostile pages).
const NODE_MAX = 4000;
const DEPTH_MAX = 256;
// HTML-AAM §5 "input type=button/submit/reset" and "image": the implementation-defined strings (Chromium's).
const INPUT_DEFAULTS = { submit: 'Submit', reset: 'Reset', image: 'Submit' };
const LABELABLE = new Set(['button', 'input', 'meter', 'output', 'progress', 'select', 'textarea']);
const TEXT_FIELDS = new Set(['textbox', 'searchbox', 'combobox']);
// Elements without a content model: no ::before/::after text (AccName 1.2 step 2F.ii "elements that have a
// content model"); void and replaced elements.
const NO_CONTENT_MODEL = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta',
  'source', 'track', 'wbr', 'select', 'textarea', 'iframe', 'video', 'audio', 'canvas', 'object']);
// Tags whose role may be an embedded control or that have a host language name (role() is computed only for
// these and for elements with a role attribute, so a walk stays cheap).
const ROLE_TAGS_OF_INTEREST = new Set(['input', 'select', 'textarea', 'meter', 'progress', 'img', 'area',
  'table', 'fieldset', 'svg', 'optgroup']);

class Walk {
  constructor(limit) { this.limit = limit; this.len = 0; this.nodes = 0; this.depth = 0; this.seen = new Set(); }
  full() { return this.len >= this.limit || this.nodes > NODE_MAX; }
  // generatedContent() of `el`'s root, looked up once per root and walk.
  generated(el) {
    const root = el.getRootNode();
    if (!this.roots) this.roots = new Map();
    if (!this.roots.has(root)) this.roots.set(root, generatedContent(root));
    return this.roots.get(root);
  }
  // `s`, counted by its squashed length (what the name will hold); a huge text is sliced first.
  take(s) {
    const max = 4 * this.limit + 256;
    if (s.length > max) {
      const start = Math.max(0, s.search(/\S/));
      s = (start > 0 ? ' ' : '') + s.slice(start, start + max);
    }
    this.len += squash(s).length;
    return s;
  }
}

// AccName 1.2 §4.3.2 step 2A "hidden": aria-hidden="true", display: none, visibility: hidden|collapse,
// content-visibility: hidden — for the element itself (its ancestors were checked on the way down).
function hiddenHere(el, cs) {
  return el.getAttribute('aria-hidden') === 'true' || cs.display === 'none' || cs.visibility === 'hidden'
    || cs.visibility === 'collapse' || cs.contentVisibility === 'hidden';
}

// Is `el` hidden, its ancestors included? (the directly referenced node of step 2B, the root of a label)
function hiddenAnywhere(el) {
  if (el.closest('[aria-hidden="true"]')) return true;
  const cs = getComputedStyle(el);
  if (cs.display === 'contents') return false;  // no box of its own; checkVisibility() would say hidden
  return el.checkVisibility ? !el.checkVisibility({ visibilityProperty: true, contentVisibilityAuto: false })
    : hiddenHere(el, cs);
}

// CSS generated text of `el`'s pseudo-element `which` (AccName 1.2 step 2F.ii "Name From Generated Content"):
// the strings of its `content`, attr() values, quotes; the alternative text after "/" when there is one.
function pseudoText(el, which) {
  const cs = getComputedStyle(el, which);
  const content = cs.content;
  if (!content || content === 'none' || content === 'normal' || cs.display === 'none') return '';
  const parts = [];
  let alt = null;
  const re = /"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|attr\(\s*([^\s)]+)\s*\)|(open-quote)|(close-quote)|(\/)|[a-z-]+\([^)]*\)|\S+/g;
  for (let m = re.exec(content); m; m = re.exec(content)) {
    let piece = '';
    if (m[1] !== undefined || m[2] !== undefined) {
      piece = (m[1] !== undefined ? m[1] : m[2]).replace(/\\([0-9a-fA-F]{1,6}) ?|\\(.)/g,
        (x, hex, ch) => (hex ? String.fromCodePoint(parseInt(hex, 16)) : ch));
    } else if (m[3]) piece = el.getAttribute(m[3]) || '';
    else if (m[4]) piece = '\u201c';
    else if (m[5]) piece = '\u201d';
    else if (m[6]) { alt = []; continue; }
    (alt || parts).push(piece);
  }
  return (alt || parts).join('');
}

// AccName 1.2 step 2F.iii: the rendered child nodes — the open shadow root's, a slot's assigned nodes, else
// the child nodes.
function renderedChildren(el) {
  if (el.shadowRoot) return el.shadowRoot.childNodes;
  if (el.localName === 'slot' && el.assignedNodes) {
    const assigned = el.assignedNodes({ flatten: true });
    if (assigned.length) return assigned;
  }
  return el.childNodes;
}

function labelsOf(el) {
  return LABELABLE.has(el.localName) && el.labels ? Array.from(el.labels) : [];
}

// HTML-AAM §5: a label element's subtree, as a text alternative traversal rooted at the label (hidden only
// counts against it when the label itself is visible).
function labelText(labels, w, c) {
  return labels.map((l) => {
    if (isRedacted(l)) return REDACTED;
    if (w.seen.has(l)) return '';  // a control inside its own label: the label is being read already
    w.seen.add(l);
    return contentOf(l, w, { hiddenOk: c.hiddenOk || hiddenAnywhere(l), inLabelledBy: c.inLabelledBy });
  }).join(' ');
}

// AccName 1.2 step 2E "Host Language Label", per HTML-AAM §5 (the title attribute and placeholders come after
// name from content, in step 2I). Returns '' when the host language gives nothing here.
function hostLabel(el, r, w, c) {
  const tag = el.localName;
  if (tag === 'input') {
    const type = (el.getAttribute('type') || 'text').toLowerCase();
    if (type === 'hidden') return '';
    const labels = labelText(labelsOf(el), w, c);
    if (labels.trim()) return labels;
    if (type === 'button' || type === 'submit' || type === 'reset') {
      // A button's value is its visible caption, not user data.
      if (el.hasAttribute('value')) return w.take(el.getAttribute('value'));
      return w.take(INPUT_DEFAULTS[type] || '');
    }
    if (type === 'image') {
      const alt = el.getAttribute('alt') || '';
      if (alt.trim()) return w.take(alt);
      return w.take(el.getAttribute('title') || INPUT_DEFAULTS.image);
    }
    return '';
  }
  if (LABELABLE.has(tag)) return labelText(labelsOf(el), w, c);
  if (tag === 'img') {
    if (el.hasAttribute('alt')) return w.take(el.getAttribute('alt'));
    if (el.hasAttribute('title')) return '';
    // HTML-AAM §5 img: in a figure whose only other content is its figcaption, the figcaption names it.
    const fig = el.parentElement && el.parentElement.closest('figure');
    const cap = fig && fig.querySelector(':scope > figcaption');
    if (cap && !fig.textContent.replace(cap.textContent, '').trim()) return contentOf(cap, w, c);
    return '';
  }
  if (tag === 'area') return w.take(el.getAttribute('alt') || '');
  if (tag === 'fieldset' || tag === 'table') {
    const first = el.querySelector(tag === 'fieldset' ? ':scope > legend' : ':scope > caption');
    return first ? contentOf(first, w, c) : '';
  }
  if (tag === 'optgroup') return w.take(el.getAttribute('label') || '');
  if (tag === 'option' && (el.getAttribute('label') || '').trim()) return w.take(el.getAttribute('label'));
  if (tag === 'svg') {  // SVG-AAM 1.0 §7.1: a title child element
    const t = el.querySelector(':scope > title');
    return t ? w.take(t.textContent) : '';
  }
  return '';
}

// AccName 1.2 step 2F "Name From Content" on `el`: generated ::marker/::before text, each rendered child's text
// alternative, generated ::after text. Block-level children are set off by spaces (what browsers do; see
// AccName issue 225).
function contentOf(el, w, c) {
  if (el.hasAttribute(REDACT_ATTR)) return ' ' + w.take(REDACTED) + ' ';
  if (w.depth >= DEPTH_MAX || isEditable(el)) return '';
  w.depth++;
  let acc = '';
  // Pseudo-elements are read only where a style rule can give them text (generatedContent()).
  const gen = w.generated(el);
  const pseudo = !NO_CONTENT_MODEL.has(el.localName) && (gen.any || el.matches(gen.sel));
  if (pseudo && el.localName === 'li') acc += w.take(pseudoText(el, '::marker'));
  if (pseudo) acc += w.take(pseudoText(el, '::before'));
  for (const child of renderedChildren(el)) {
    if (w.full()) break;
    acc += textAlternative(child, w, { hiddenOk: c.hiddenOk, inLabelledBy: c.inLabelledBy, recursion: true });
  }
  if (pseudo && !w.full()) acc += w.take(pseudoText(el, '::after'));
  w.depth--;
  return acc;
}

function refsOf(el, ids) {
  const root = el.getRootNode();
  if (!root.getElementById) return [];
  return ids.split(/\s+/).map((id) => (id ? root.getElementById(id) : null)).filter(Boolean);
}

// AccName 1.2 step 2B "LabelledBy": each referenced node's text alternative, joined by spaces.
function labelledByText(refs, w, c) {
  return refs.map((ref) => {
    if (isRedacted(ref)) return REDACTED;
    return textAlternative(ref, w, { inLabelledBy: true, referenced: true, hiddenOk: c.hiddenOk || hiddenAnywhere(ref) });
  }).join(' ');
}

// AccName 1.2 §4.3.2 step 2, the text alternative of `node` (Element or Text). `c`: {root: the element being
// named, recursion: a descendant in name from content, inLabelledBy: inside an aria-labelledby traversal,
// referenced: directly referenced by aria-labelledby, hiddenOk: inside a traversal whose root was hidden,
// role: the root's role when known}.
function textAlternative(node, w, c) {
  if (w.full()) return '';
  if (node.nodeType === Node.TEXT_NODE) return w.take(node.data);                       // 2G
  if (node.nodeType !== Node.ELEMENT_NODE) return '';
  const el = node;
  w.nodes++;
  if (c.recursion && el.hasAttribute(REDACT_ATTR)) return ' ' + w.take(REDACTED) + ' ';
  if (c.recursion && el.localName === 'br') return ' ';  // a line break separates words
  const cs = getComputedStyle(el);
  if (!c.root && !c.hiddenOk && hiddenHere(el, cs)) return '';                           // 2A
  if (w.seen.has(el) && !c.referenced) return '';  // each node is consulted once (2F note)
  w.seen.add(el);
  const pad = c.recursion && cs.display !== 'inline' && cs.display !== 'contents' ? ' ' : '';
  const text = ownText(el, w, c);
  return pad ? pad + text + pad : text;
}

function ownText(el, w, c) {
  if (!c.inLabelledBy) {                                                                 // 2B
    const ids = (el.getAttribute('aria-labelledby') || '').trim();
    const refs = ids ? refsOf(el, ids) : [];
    if (refs.length) {
      const t = labelledByText(refs, w, c);
      if (t.trim()) return t;
    }
  }
  const tag = el.localName;
  const r = c.role !== undefined ? c.role
    : ROLE_TAGS_OF_INTEREST.has(tag) || el.hasAttribute('role') || el.isContentEditable ? role(el) : '';
  if (!c.root && EMBEDDED_CONTROL_ROLES.has(r)) {                                        // 2C
    // The value is user data: a descendant control gives nothing; a referenced one its aria-label (2D).
    if (!c.referenced) return '';
    return w.take(el.getAttribute('aria-label') || '');
  }
  const label = el.getAttribute('aria-label');                                           // 2D
  if (label && label.trim() && tag !== 'slot') return ' ' + w.take(label) + ' ';
  if (r !== 'none') {                                                                     // 2E
    const host = hostLabel(el, r, w, c);
    if (host.trim()) return ' ' + host + ' ';
  }
  // 2F: a role that allows name from content, a referenced node, a text alternative element or its content,
  // or (2H) any descendant of the element being named.
  // Text alternative elements (label, legend, caption) are read through the element they label; as the
  // element being named, only summary takes its content (HTML-AAM §5 summary).
  if (!c.root || NAME_FROM_CONTENT.has(r) || tag === 'summary') {
    if (!(r === 'none' && !c.recursion && !c.referenced)) {
      const t = contentOf(el, w, { hiddenOk: c.hiddenOk, inLabelledBy: c.inLabelledBy });
      if (t.trim()) return t;
    }
  }
  const title = el.getAttribute('title');                                                // 2I
  if (title && title.trim()) return ' ' + w.take(title) + ' ';
  // HTML-AAM §5 text inputs: placeholder, then aria-placeholder.
  if (TEXT_FIELDS.has(r) && (tag === 'input' || tag === 'textarea')) {
    const ph = el.getAttribute('placeholder') || el.getAttribute('aria-placeholder') || '';
    if (ph.trim()) return w.take(ph);
  }
  return '';
}

// The accessible name of `el` (an Element): a single line, whitespace squashed, at most LINE_SEND code units
// (one more than the line cap, so the host marks it as cut); REDACTED for a redacted element; '' when the
// role prohibits a name (AccName 1.2 §4.3.2 step 1, WAI-ARIA 1.2 §5.2.8.6). An element that is itself hidden
// still gets the name it would have (step 2A is applied below it): a pin keeps its name while hidden, so it can
// be matched again. Never throws on a well-formed DOM.
function accessibleName(el) {
  if (isRedacted(el)) return REDACTED;
  const r = role(el);
  if (NAME_PROHIBITED_ROLES.has(r)) return '';
  const w = new Walk(LINE_SEND + 1);
  return cut(squash(textAlternative(el, w, { root: true, role: r })), LINE_SEND);
}

// The text of `node`'s content as the name computation reads it (AccName 1.2 step 2F on `node`, e.g. a
// label's subtree), unsquashed, bounded by `budget` characters. `depth` is accepted for compatibility.
function contentName(node, budget, depth) {
  if (node.nodeType === Node.ELEMENT_NODE && isRedacted(node)) return ' ' + REDACTED + ' ';
  const w = new Walk(budget);
  w.seen.add(node);
  return contentOf(node, w, { hiddenOk: node.nodeType === Node.ELEMENT_NODE && hiddenAnywhere(node) });
}

// The text an aria-labelledby of `el` listing `ids` gives (AccName 1.2 step 2B), squashed; '' when no id
// resolves or the texts are empty.
function textOfIds(el, ids) {
  const w = new Walk(LINE_SEND + 1);
  w.seen.add(el);
  return squash(labelledByText(refsOf(el, ids || ''), w, {}));
}

// Pseudo-elements that can carry generated text (AccName 1.2 step 2F.ii), in a selector.
const GENERATED_PSEUDO = /::?(before|after|marker)\b/i;
// The user agent's own generated text: quotes around <q> (HTML §15.3.4 "Quotes").
const UA_GENERATED = 'q';
const GENERATED_CACHE = new WeakMap();

// Split a selector list at its top-level commas.
function selectorParts(text) {
  const parts = [];
  let depth = 0, start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '(' || ch === '[') depth++;
    else if (ch === ')' || ch === ']') depth--;
    else if (ch === ',' && depth === 0) { parts.push(text.slice(start, i)); start = i + 1; }
  }
  parts.push(text.slice(start));
  return parts.map((p) => p.trim()).filter(Boolean);
}

function scanGenerated(rules, out, depth) {
  for (const rule of rules) {
    if (out.any) return;
    if (rule.styleSheet && depth < 8) {                                      // @import
      let inner;
      try { inner = rule.styleSheet.cssRules; } catch (e) { out.any = true; return; }
      scanGenerated(inner, out, depth + 1);
    }
    if (rule.selectorText && GENERATED_PSEUDO.test(rule.selectorText) && rule.style) {
      const content = rule.style.getPropertyValue('content').trim();
      if (content && content !== 'none' && content !== 'normal' && content !== '""' && content !== "''") {
        for (const part of selectorParts(rule.selectorText)) {
          if (!GENERATED_PSEUDO.test(part)) continue;
          const host = part.replace(/::?(before|after|marker)\b.*$/i, '').trim() || '*';
          if (host.includes('&') || depth > 0 && rule.parentRule && rule.parentRule.selectorText) { out.any = true; return; }
          try { document.createDocumentFragment().querySelector(host); } catch (e) { out.any = true; return; }
          out.hosts.add(host);
        }
      }
    }
    if (rule.cssRules && rule.cssRules.length && depth < 8) scanGenerated(rule.cssRules, out, depth + 1);
  }
}

// Which elements can have CSS generated text in `root` (a Document or ShadowRoot): {any: true} when a style
// sheet cannot be read (cross-origin) or a rule is too complex to tell, else {any: false, sel: a selector
// matching every element that can have ::before/::after/::marker text}. Cached per root while its style
// sheets keep their number and rule counts.
function generatedContent(root) {
  const scope = root && root.host ? root : document;
  const sheets = [...scope.styleSheets, ...(scope.adoptedStyleSheets || [])];
  if (scope !== document) sheets.push(...document.styleSheets, ...(document.adoptedStyleSheets || []));
  let sig = String(sheets.length);
  for (const sheet of sheets) {
    try { sig += ':' + sheet.cssRules.length; } catch (e) { return { any: true, sel: '*' }; }
  }
  const cached = GENERATED_CACHE.get(scope);
  if (cached && cached.sig === sig) return cached.value;
  const out = { any: false, hosts: new Set([UA_GENERATED]) };
  for (const sheet of sheets) {
    if (out.any) break;
    try { scanGenerated(sheet.cssRules, out, 0); } catch (e) { out.any = true; }
  }
  const value = out.any ? { any: true, sel: '*' } : { any: false, sel: [...out.hosts].join(', ') };
  GENERATED_CACHE.set(scope, { sig, value });
  return value;
}

// Tags whose name may come from something other than their own text content.
const NAME_SPECIAL_TAGS = new Set(['input', 'textarea', 'select', 'meter', 'progress', 'output', 'img', 'area',
  'fieldset', 'figure', 'table', 'svg', 'optgroup', 'option', 'button']);

// A cheap proof that accessibleName(c) cannot be a (non-empty) name whose non-space characters are `bare`:
// true only when certain. `generated`: generatedContent() of c's root. Without naming attributes, labels,
// generated text or replaced content, a name is c's content with text dropped (hidden subtrees, controls)
// and spaces added, so `bare` must be a subsequence of c.textContent.
function cannotBeNamed(c, bare, generated) {
  if (isRedacted(c)) return false;
  const r = role(c);
  if (NAME_PROHIBITED_ROLES.has(r)) return true;
  if (c.hasAttribute('aria-labelledby') || c.hasAttribute('aria-label') || c.hasAttribute('title')
      || c.hasAttribute('placeholder') || NAME_SPECIAL_TAGS.has(c.localName)) return false;
  if (!(c.localName === 'summary' || NAME_FROM_CONTENT.has(r))) return true;  // its name is '' or a title
  if (generated.any || c.matches(generated.sel)) return false;
  if (c.querySelector(generated.sel + ', [aria-label], [aria-labelledby], [title], img, area, input, svg, table, fieldset, '
      + REDACT_SELECTOR)) return false;
  const text = c.textContent;
  let i = 0;
  for (let j = 0; j < text.length && i < bare.length; j++) if (text[j] === bare[i]) i++;
  return i < bare.length;
}
