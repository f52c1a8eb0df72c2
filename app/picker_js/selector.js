// @module selector
// @imports redact: isRedacted, redactUrl
// @exports cssString, nthOfType, sameTypeSiblings, uniqueSelector
// selector.js — a short, readable CSS selector that matches exactly one element within its root (document
// or shadow root), verified with querySelectorAll. Test-id attributes come from app/core/policy.py.

const TEST_ID_ATTRS = OPTIONS.test_ids;

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
