// @module locators
// @imports text: LINE_SEND, squash; redact: REDACTED, REDACT_SELECTOR, isRedacted, redactUrl; role: role, roleCandidates; name: accessibleName, cannotBeNamed, contentName, generatedContent, textOfIds; selector: cssString, uniqueSelector; xpath: xpathOf; overlay: HOST_TAG; locator_grammar: LOCATOR_TEST_ATTRS, TESTID_ATTR, LOCATOR_BARE, LOCATOR_ROLE, LOCATOR_BREAKS, quoteLocator, parseLocator, splitsAlone
// @exports LOCATOR_SKIP_ROLES, LOCATOR_VALUE_MAX, LOCATOR_TEXT_MAX, locatorValueOk, textKey, resolveLocator, locatorsFor
// locators.js — ranked, verified locators for an element (issue #3 §1), and the resolver that reads them back.
// The grammar is documented in locator_grammar.js; the limits come from app/core/policy.py (OPTIONS.locators).

const LOCATOR_MAX = OPTIONS.locators.max;
const LOCATOR_CHARS = OPTIONS.locators.chars;
const LOCATOR_VALUE_MAX = OPTIONS.locators.value_max;
const LOCATOR_TEXT_MAX = OPTIONS.locators.text_max;
// A role= locator is made only when at most this many elements could have its role (app/core/policy.py
// LOCATOR_ROLE_SCAN): verifying it names every one of them.
const LOCATOR_ROLE_SCAN = OPTIONS.locators.role_scan;
// Roles a role locator is never made for: no role, or a role that carries no name.
const LOCATOR_SKIP_ROLES = new Set(['', 'generic', 'presentation', 'none']);
// Role resolution computes role() and names only for elements that can have the role: role.js
// roleCandidates() derives them from the implicit-role tables (aria_tables.js), explicit tokens included.
const ROLE_TAGS = new Map();
function roleTags(wanted) {
  if (!ROLE_TAGS.has(wanted)) ROLE_TAGS.set(wanted, roleCandidates(wanted));
  return ROLE_TAGS.get(wanted);
}
const LABEL_TAGS = 'input, textarea, select, meter, output, progress, [aria-labelledby]';
const FORM_ROLES = new Set(['textbox', 'searchbox', 'combobox', 'listbox', 'checkbox', 'radio', 'switch',
  'slider', 'spinbutton']);

// --- resolution -------------------------------------------------------------------------------------------

function notOwn(e) { return e.localName !== HOST_TAG; }  // pagenote's overlay (overlay.js)

function queryAll(root, selector) {
  try { return Array.from(root.querySelectorAll(selector)).filter(notOwn); } catch (e) { return []; }
}

function roleMatches(root, wanted, name, max) {
  if (!LOCATOR_ROLE.test(wanted) || !name) return [];
  const bare = name.replace(/\s+/g, '');
  const generated = generatedContent(root);
  const out = [];
  for (const c of queryAll(root, roleTags(wanted))) {
    if (role(c) === wanted && !cannotBeNamed(c, bare, generated) && accessibleName(c) === name && out.push(c) >= max) break;
  }
  return out;
}

function isLabelTarget(el) {
  if (el instanceof HTMLInputElement) return (el.getAttribute('type') || '').toLowerCase() !== 'hidden';
  if (el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement || el instanceof HTMLMeterElement
      || el instanceof HTMLOutputElement || el instanceof HTMLProgressElement) return true;
  return el.hasAttribute('aria-labelledby') && FORM_ROLES.has(role(el));
}

// The texts that label a form control: its aria-labelledby text, then each <label>'s text.
function labelTexts(el) {
  const out = [];
  const ids = el.getAttribute('aria-labelledby');
  if (ids) { const t = textOfIds(el, ids); if (t) out.push(t); }
  if (el.labels) for (const l of el.labels) { const t = squash(contentName(l, LINE_SEND, 0)); if (t) out.push(t); }
  return out;
}

const TEXT_SKIP = new Set(['script', 'style', 'noscript', 'template']);
// textContent longer than this is never read as rendered text (app/core/policy.py TEXT_SOURCE_MAX).
const TEXT_SOURCE_MAX = OPTIONS.selectors.text_source_max;

// The text a text= locator compares (see the grammar): `el`'s rendered text — what innerText gives, so no
// CSS-hidden text (display: none, visibility: hidden, `hidden`) and no script/style content — whitespace
// squashed; null when `el` is not rendered (no box), its textContent is over TEXT_SOURCE_MAX, or the text is
// longer than `limit`. SVG elements, which have no innerText, read their textContent.
function textKey(el, limit) {
  if (!el.getClientRects().length || el.textContent.length > TEXT_SOURCE_MAX) return null;
  const s = squash(el instanceof HTMLElement ? el.innerText : el.textContent);
  return s.length > limit ? null : s;
}

// JS `\s` (what squash() collapses), with a fast path for ASCII.
function isSpace(c) {
  return c === ' ' || c === '\n' || c === '\t' || c === '\r' || c === '\f' || c === '\v' || (c > '\x7f' && /\s/.test(c));
}

// Innermost elements whose text is `t` (see the grammar). An element's first rendered non-blank text node,
// squashed, is a prefix of its rendered text up to letter case (text-transform): only such text nodes start a
// climb, and a climb stops where the text grows past `t` (an ancestor's text only grows) or at an element
// already climbed.
function textMatches(root, t, max) {
  if (!t) return [];
  const doc = root.ownerDocument || root;
  const lower = t.toLowerCase();
  const first = lower[0];
  const out = [];
  const seen = new Set();
  const walker = doc.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const d = n.data;
    let k = 0;
    while (k < d.length && isSpace(d[k])) k++;
    if (k === d.length || d[k].toLowerCase() !== first || TEXT_SKIP.has(n.parentElement && n.parentElement.localName)) continue;
    if (!lower.startsWith(squash(d).toLowerCase())) continue;
    for (let el = n.parentElement; el; el = el.parentElement) {
      if (seen.has(el)) break;
      seen.add(el);
      const s = textKey(el, t.length);
      if (s === null) break;
      if (s === t) { if (notOwn(el)) out.push(el); break; }
    }
    if (out.length >= max) break;
  }
  return out;
}

function xpathMatches(root, xp) {
  const doc = root.ownerDocument || root;
  try {
    const r = doc.evaluate(xp, root, null, XPathResult.ORDERED_NODE_SNAPSHOT_TYPE, null);
    const out = [];
    for (let i = 0; i < r.snapshotLength; i++) {
      const n = r.snapshotItem(i);
      if (n.nodeType === Node.ELEMENT_NODE && notOwn(n)) out.push(n);
    }
    return out;
  } catch (e) {
    return [];
  }
}

// `max`: stop after this many matches (the caller only needs to know whether there is more than one); the
// text and role searches, which compute a rendered text or a name per candidate, end early.
function resolveLocator(root, locator, max = Infinity) {
  const p = parseLocator(locator);
  if (!p || !root || !root.querySelectorAll) return [];
  switch (p.kind) {
    case 'css': return queryAll(root, p.value);
    case 'xpath': return xpathMatches(root, p.value);
    case 'role': return roleMatches(root, p.role, p.value, max);
    case 'label': return queryAll(root, LABEL_TAGS).filter((c) => isLabelTarget(c) && labelTexts(c).includes(p.value));
    case 'testid': return queryAll(root, `[${p.attr}="${cssString(p.value)}"]`);
    case 'placeholder': return queryAll(root, '[placeholder]').filter((c) => c.getAttribute('placeholder') === p.value);
    case 'text': return textMatches(root, p.value, max);
    default: return [];
  }
}

// --- making them ------------------------------------------------------------------------------------------

// A value that may appear in a locator: short, one line, no redaction mark, no credential-like URL part.
function locatorValueOk(v, max) {
  return !!v && v.length <= max && !LOCATOR_BREAKS.test(v) && !v.includes(REDACTED) && redactUrl(v) === v;
}

// Text content that is (or holds) user data: form values, editable regions, redacted subtrees.
function holdsValues(el) {
  if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) return true;
  if (el.isContentEditable) return true;
  return !!el.querySelector('textarea, select, [contenteditable], ' + REDACT_SELECTOR);
}

// `selector`: the element's unique CSS selector within its root when the caller has it already (the record
// does), so it is not searched for twice.
function locatorsFor(el, selector) {
  const root = el.getRootNode();
  const redacted = isRedacted(el);
  const found = [];
  const add = (make) => {
    let loc = '';
    try { loc = make(); } catch (e) { return; }
    if (!loc || loc.length > LOCATOR_CHARS || LOCATOR_BREAKS.test(loc) || !splitsAlone(loc) || found.includes(loc)) return;
    const hits = resolveLocator(root, loc, 2);
    if (hits.length === 1 && hits[0] === el) found.push(loc);
  };
  if (!redacted) {
    add(() => {
      const r = role(el);
      if (LOCATOR_SKIP_ROLES.has(r) || !LOCATOR_ROLE.test(r)) return '';
      if (root.querySelectorAll(roleTags(r)).length > LOCATOR_ROLE_SCAN) return '';   // bounded work
      const name = accessibleName(el);
      return locatorValueOk(name, LOCATOR_VALUE_MAX) ? `role=${r}[name=${quoteLocator(name)}]` : '';
    });
    add(() => {
      if (!isLabelTarget(el)) return '';
      const label = labelTexts(el)[0];
      return locatorValueOk(label, LOCATOR_VALUE_MAX) ? 'label=' + quoteLocator(label) : '';
    });
  }
  add(() => {
    for (const attr of LOCATOR_TEST_ATTRS) {
      const v = el.getAttribute(attr);
      if (!v) continue;
      if (!locatorValueOk(v, LOCATOR_VALUE_MAX)) return '';
      const head = attr === TESTID_ATTR ? 'testid=' : `testid[${attr}]=`;
      return head + (LOCATOR_BARE.test(v) ? v : quoteLocator(v));
    }
    return '';
  });
  if (!redacted) {
    add(() => {
      const v = el.getAttribute('placeholder');
      return locatorValueOk(v, LOCATOR_VALUE_MAX) ? 'placeholder=' + quoteLocator(v) : '';
    });
    add(() => {
      if (holdsValues(el)) return '';
      const t = textKey(el, LOCATOR_TEXT_MAX);
      return locatorValueOk(t, LOCATOR_TEXT_MAX) ? 'text=' + quoteLocator(t) : '';
    });
  }
  add(() => { const s = selector || uniqueSelector(el); return s ? 'css=' + s : ''; });
  if (!(root instanceof ShadowRoot)) add(() => 'xpath=' + xpathOf(el));  // XPath does not enter shadow trees
  return found.slice(0, LOCATOR_MAX);
}
