// @module selector
// @imports redact: isRedacted, redactUrl
// @exports cssString, nthOfType, sameTypeSiblings, uniqueSelector
// selector.js — a short CSS selector a person would write, matching exactly one element within its root
// (document or shadow root), verified with querySelectorAll. Deterministic: the search is bounded by a count
// of queries (OPTIONS.selectors, app/core/policy.py), never by the clock, so the same DOM always gives the
// same selector (issue 9 §11). Test-id attributes come from app/core/policy.py.

const TEST_ID_ATTRS = OPTIONS.test_ids;
const QUERY_MAX = OPTIONS.selectors.queries;   // querySelectorAll calls per selector (root-wide and scoped)
const DEPTH_MAX = OPTIONS.selectors.depth;     // ancestors looked at for an anchor
// Ancestors between the element and an anchor whose steps are tried in the middle (tier 3).
const MIDDLE_MAX = 4;
const ID_MAX = OPTIONS.selectors.id_max;       // longest id / test id written in a step
const VALUE_MAX = OPTIONS.selectors.value_max; // longest naming-attribute value written in a step

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

// CSS type selectors are case-insensitive for HTML but not for SVG's mixed-case names: escape as is.
function tagStep(el) { return CSS.escape(el.localName); }

// --- candidate steps (one compound selector each; no queries) ------------------------------------------------

// Attribute steps that name an element the way its author did: a link's href, a control's name, its
// aria-label (short values only; never `value`).
const NAMING_ATTRS = ['href', 'name', 'aria-label', 'title', 'alt', 'placeholder', 'for', 'type'];
// Explicit roles that make an ancestor a landmark (WAI-ARIA 1.2 §5.3.4) or a named widget container.
const ANCHOR_ROLES = new Set(['banner', 'complementary', 'contentinfo', 'form', 'main', 'navigation', 'region',
  'search', 'dialog', 'menu', 'menubar', 'tablist', 'toolbar', 'tree', 'grid', 'listbox']);

function idSteps(el) {
  const out = [];
  const id = el.getAttribute('id');
  if (id && id.length <= ID_MAX) out.push('#' + CSS.escape(id));
  for (const attr of TEST_ID_ATTRS) {
    const v = el.getAttribute(attr);
    if (v && v.length <= ID_MAX) out.push(`[${attr}="${cssString(v)}"]`);
  }
  return out;
}

function attrSteps(el) {
  const tag = tagStep(el);
  const out = [];
  if (isRedacted(el)) return out;
  for (const attr of NAMING_ATTRS) {
    const v = el.getAttribute(attr);
    // A URL with credentials in its query would leak them through the selector: skip it (issue #3 §9).
    // An empty href (a link to this page, as Sphinx writes the current page's nav item) still names it.
    if (v === null || (!v && attr !== 'href') || v.length > VALUE_MAX) continue;
    if (attr === 'href' && (v.startsWith('javascript:') || redactUrl(v) !== v)) continue;
    out.push(`${tag}[${attr}="${cssString(v)}"]`);
  }
  const r = (el.getAttribute('role') || '').trim().split(/\s+/)[0];
  if (ANCHOR_ROLES.has(r)) out.push(`${tag}[role="${r}"]`);
  return out;
}

function stableClasses(el) { return Array.from(el.classList).filter(isStableClass).slice(0, 3); }

// Steps naming `el` by a child's own naming attribute or id, for an element that has none itself:
// `h2:has(> a[href="#comparisons"])` (a Sphinx heading and its permalink). At most 2, from its first 8
// element children. `:has()`: Selectors Level 4 §4.5, in Chromium since 105.
function childSteps(el) {
  const out = [];
  let child = el.firstElementChild;
  for (let i = 0; child && i < 8 && out.length < 2; i++, child = child.nextElementSibling) {
    const step = idSteps(child).concat(attrSteps(child))[0];
    if (step) out.push(`${tagStep(el)}:has(> ${step})`);
  }
  return out;
}

// Steps without position, most readable first: naming attributes, tag.class, tag.class.class, tag.
function plainSteps(el) {
  const tag = tagStep(el);
  const classes = stableClasses(el);
  const out = attrSteps(el);
  if (classes.length) out.push(tag + '.' + CSS.escape(classes[0]));
  if (classes.length > 1) out.push(tag + classes.slice(0, 2).map((c) => '.' + CSS.escape(c)).join(''));
  out.push(tag);
  return out;
}

// The steps tried for the element itself: plainSteps, with a child's naming attribute before the bare tag
// when the element has no naming attribute or class of its own. Every step but the last tells the element
// apart from a new bare sibling of its tag. (Ancestors use plainSteps: a unique `main` is anchor enough.)
function targetSteps(el) {
  const out = plainSteps(el);
  return out.length === 1 ? childSteps(el).concat(out) : out;
}

// Same-tag siblings of `el` (itself excluded), or null when the parent has over SIBLINGS_MAX children
// (a long list: the step then uses its position, without comparing).
const SIBLINGS_MAX = OPTIONS.selectors.siblings_max;
function sameTagOthers(el) {
  const parent = el.parentElement;
  if (!parent || parent.children.length > SIBLINGS_MAX) return null;
  return Array.from(parent.children).filter((c) => c !== el && c.localName === el.localName);
}

function matchesSafe(node, selector) {
  try { return node.matches(selector); } catch (e) { return false; }
}

// The step telling `el` apart from its same-tag siblings, in the order a person would reach for:
//   1. a step of plainSteps (naming attribute, tag.class …) that none of them matches: `li.nav-item-this`;
//   2. its position among the siblings sharing its first stable class: `:nth-child(3 of code.docutils)`
//      (Selectors Level 4 §14.3.1, in Chromium since 111) — an inserted element without that class
//      does not move it;
//   3. its position among all same-tag siblings: `p:nth-of-type(4)`.
// Without same-tag siblings: tag and first stable class. No queries (Element.matches on the siblings only).
function ownStep(el) {
  const tag = tagStep(el);
  const classes = stableClasses(el);
  const base = classes.length ? tag + '.' + CSS.escape(classes[0]) : tag;
  if (sameTypeSiblings(el) < 2) return base;
  const others = sameTagOthers(el);
  if (others) {
    for (const step of targetSteps(el).slice(0, -1)) if (!others.some((o) => matchesSafe(o, step))) return step;
    if (classes.length) {
      let k = 1;
      for (const o of others) if (o.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING && o.matches(base)) k++;
      return `:nth-child(${k} of ${base})`;
    }
  }
  return `${tag}:nth-of-type(${nthOfType(el)})`;
}

// Steps with the element's position among same-tag siblings (none when it has no such sibling): its own
// step, then its plain :nth-of-type.
function positionalSteps(el) {
  if (sameTypeSiblings(el) < 2) return [];
  const nth = `${tagStep(el)}:nth-of-type(${nthOfType(el)})`;
  const own = ownStep(el);
  return own === nth ? [nth] : [own, nth];
}

// --- the bounded search ---------------------------------------------------------------------------------------

// One search: its root, the queries left, and what root-wide queries answered (a step's match count).
function searchOf(el) {
  return { root: el.getRootNode(), left: QUERY_MAX, counts: new Map() };
}

// Steps of the form `tag` or `tag.class` (an escaped class that needs no escaping), answered from the live
// collections Chromium caches per document (getElementsByTagName / getElementsByClassName), which stop at the
// second match instead of scanning the whole tree as querySelectorAll does. `tag` matches like the CSS type
// selector: elements of any namespace with that qualified name (DOM §4.2.6 "list of elements with qualified
// name"; CSS type selectors without a default namespace, Selectors Level 4 §5.1).
const SIMPLE_STEP = /^([a-z][a-z0-9]*)(?:\.([A-Za-z_][A-Za-z0-9_-]*))?$/;

// The step's first two matches under `scope` (a Document or an Element; the scope itself excluded), or
// null when the step is not simple or `scope` is a shadow root (no such collections there).
function firstTwo(scope, step) {
  if (!scope.getElementsByTagName) return null;
  const m = SIMPLE_STEP.exec(step);
  if (!m) return null;
  if (!m[2]) { const c = scope.getElementsByTagName(m[1]); return [c.item(0), c.item(1)]; }
  const out = [];
  for (const e of scope.getElementsByClassName(m[2])) if (e.localName === m[1] && out.push(e) === 2) break;
  return out;
}

// Is `list` (an array-like of matches) exactly `el`?
function onlyEl(list, el) { return list.length >= 1 && list[0] === el && !list[1]; }

// Does `selector` match exactly `el` in the root? Counted; false once the budget is spent. A simple step is
// answered from the cached collections and costs nothing.
function uniqueInRoot(s, selector, el) {
  if (!s.counts.has(selector)) {
    const two = firstTwo(s.root, selector);
    if (two) {
      s.counts.set(selector, onlyEl(two, two[0]) ? two[0] : null);
    } else {
      if (s.left <= 0) return false;
      s.left--;
      let list = [];
      try { list = s.root.querySelectorAll(selector); } catch (e) { /* invalid: never unique */ }
      s.counts.set(selector, list.length === 1 ? list[0] : null);
    }
  }
  return s.counts.get(selector) === el;
}

// Does the compound step match exactly `el` among `scope`'s descendants? Counted like uniqueInRoot.
function uniqueUnder(s, scope, step, el) {
  const two = firstTwo(scope, step);
  if (two) return onlyEl(two, el);
  if (s.left <= 0) return false;
  s.left--;
  try {
    const list = scope.querySelectorAll(':scope ' + step);
    return list.length === 1 && list[0] === el;
  } catch (e) {
    return false;
  }
}

// The final check: one query outside the budget, so that every returned selector is proven unique.
function verified(s, selector, el) {
  if (s.counts.has(selector)) return s.counts.get(selector) === el;
  try {
    const list = s.root.querySelectorAll(selector);
    return list.length === 1 && list[0] === el;
  } catch (e) {
    return false;
  }
}

// The first step naming `node` alone in the root (id, test id, naming attribute or landmark role, class,
// tag), or ''. Memoised per search.
function anchorStep(s, node) {
  if (!s.anchors) s.anchors = new Map();
  if (s.anchors.has(node)) return s.anchors.get(node);
  let found = '';
  if (node === s.root.body || node === s.root.documentElement) found = tagStep(node);
  else for (const step of idSteps(node).concat(plainSteps(node))) if (uniqueInRoot(s, step, node)) { found = step; break; }
  s.anchors.set(node, found);
  return found;
}

// Ancestors of `el` with an anchor step, nearest first, at most DEPTH_MAX levels up (lazily, one at a time).
function* anchoredAncestors(s, el) {
  let node = el.parentElement;
  for (let depth = 0; node && depth < DEPTH_MAX; depth++, node = node.parentElement) {
    const step = anchorStep(s, node);
    if (step) yield { node, step };
    if (s.left <= 0) return;
  }
}

// `anchor`'s step, then the path down to `el`: descendant combinators where they stay unique (a wrapper
// inserted between two steps keeps it matching), child combinators otherwise.
function pathFrom(s, anchor, el) {
  const steps = [];
  for (let n = el; n && n !== anchor.node; n = n.parentElement) steps.unshift(ownStep(n));
  for (const join of [' ', ' > ']) {
    for (const first of [' ', ' > ']) {
      const sel = anchor.step + first + steps.join(join);
      if (verified(s, sel, el)) return sel;
    }
  }
  return '';
}

// The full :nth-of-type path from the root, unique by construction (the last resort).
function fullPath(el) {
  const parts = [];
  for (let n = el; n && n.nodeType === Node.ELEMENT_NODE; n = n.parentElement) {
    parts.unshift(tagStep(n) + (n.parentElement ? `:nth-of-type(${nthOfType(n)})` : ''));
  }
  return parts.join(' > ');
}

// A CSS selector matching exactly `el` within its root (document or shadow root), verified with
// querySelectorAll; '' only when even the full path does not match (a detached element). Preference
// (issue #2, issue 9 §11), each tier tried fully before the next:
//   1. the element's own #id, then a test id;
//   2. one step without position: a naming attribute (href, name, aria-label …), tag.class, tag;
//   3. an anchored ancestor (its id, test id, naming attribute, landmark role, class or tag is unique),
//      nearest first, + ' ' + such a step unique below it, or + a step of an ancestor in between + it;
//   4. an ancestor unique by its :nth-of-type position + such a step below it;
//   5. the element's own :nth-of-type step, alone or below an anchored ancestor;
//   6. the nearest anchored ancestor + the path down to the element;
//   7. the full :nth-of-type path from the root.
// At most OPTIONS.selectors.queries querySelectorAll calls decide tiers 1–5 (a spent budget skips to 6), and
// at most OPTIONS.selectors.depth ancestors are looked at: no clock, so the result depends on the DOM only.
function uniqueSelector(el) {
  const s = searchOf(el);
  for (const step of idSteps(el)) if (uniqueInRoot(s, step, el)) return step;
  const plain = targetSteps(el);
  for (const step of plain) if (uniqueInRoot(s, step, el)) return step;
  const below = (a, step) => uniqueUnder(s, a.node, step, el) && verified(s, `${a.step} ${step}`, el);
  // …and its own step unless that is a bare :nth-of-type (which tier 5 tries alone first).
  const own = ownStep(el);
  const inner = plain.slice(0, 2).concat(plain.includes(own) || own.includes(':nth-of-type(') ? [] : [own]);
  const ancestors = [];
  for (const a of anchoredAncestors(s, el)) {
    ancestors.push(a);
    for (const step of plain) if (below(a, step)) return `${a.step} ${step}`;
    // A step of an ancestor between (nearest first) that tells this one apart: `#doc table a[href="#x"]`.
    // The element's own step last: `div.sphinxsidebarwrapper a[href="#x"] :nth-child(2 of code.xref)`.
    let n = el.parentElement;
    for (let i = 0; n && n !== a.node && i < MIDDLE_MAX; i++, n = n.parentElement) {
      for (const mid of plainSteps(n).slice(0, 2)) {
        for (const step of inner) if (below(a, `${mid} ${step}`)) return `${a.step} ${mid} ${step}`;
      }
    }
  }
  // An ancestor told apart by its position (`div.related:nth-of-type(2) a[href="…"]`): the element's own
  // siblings can change without breaking it.
  let node = el.parentElement;
  for (let depth = 0; node && depth < DEPTH_MAX && s.left > 0; depth++, node = node.parentElement) {
    for (const step of positionalSteps(node)) {
      if (!uniqueInRoot(s, step, node)) continue;
      for (const mine of plain) if (below({ node, step }, mine)) return `${step} ${mine}`;
    }
  }
  const positional = positionalSteps(el);
  for (const step of positional) if (uniqueInRoot(s, step, el)) return step;
  for (const a of ancestors) for (const step of positional) if (below(a, step)) return `${a.step} ${step}`;
  const top = ancestors.length ? ancestors[0] : null;
  const path = top ? pathFrom(s, top, el) : '';
  if (path) return path;
  const full = fullPath(el);
  return verified(s, full, el) ? full : '';
}
