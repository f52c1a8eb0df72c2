// @module context_locators
// @imports locators: LOCATOR_SKIP_ROLES, LOCATOR_VALUE_MAX, LOCATOR_TEXT_MAX, locatorValueOk, textKey, resolveLocator, locatorsFor
// @imports locator_grammar: LOCATOR_TEST_ATTRS, TESTID_ATTR, LOCATOR_BARE, LOCATOR_ROLE, LOCATOR_BREAKS, quoteLocator, splitsAlone
// @imports role: role, roleCandidates; name: accessibleName; redact: REDACT_SELECTOR, isRedacted; overlay: HOST_TAG; xpath: xpathOf
// @imports text: squash; selector: uniqueSelector
// @exports locatorMemo, contextLocators
// context_locators.js — the ranked locators of many elements in one page-context read: the same locators, in
// the same order and grammar, as locators.js `locatorsFor` gives one element, each verified to match only
// that element — but a role locator's uniqueness is read from one table per role and read (every element of
// that role named once, instead of once per element asked about: locators.js roleMatches scans them all for
// each); a text locator is looked up in one index of the document's text nodes by their squashed text (the
// candidates locators.js textMatches would climb from, in document order, climbed the same way); an XPath
// (xpath.js: absolute, positional, so unique by construction) is not evaluated again. A text locator is made
// only for an element without a unique role or test-id locator, a CSS one only when none of those three is
// unique: an agent needs the strongest first (the record's list is cut to OPTIONS.locators.max anyway). Elements of shadow trees and form controls (label and
// placeholder locators) take locatorsFor itself.

const LOCATOR_MAX = OPTIONS.locators.max;
const LOCATOR_CHARS = OPTIONS.locators.chars;
const FORM_LIKE = 'input, textarea, select, meter, output, progress, [aria-labelledby], [placeholder], [contenteditable]';

const TEXT_SKIP = new Set(['script', 'style', 'noscript', 'template']);
const TEXT_KEY = '\u0000text';

// A fresh memo for one read: role → Map(name → count) over the document, the text index, and the ms spent
// per kind (`ms`: roles, text, css).
function locatorMemo() { const memo = new Map(); memo.ms = { roles: 0, text: 0, css: 0 }; return memo; }

// Text nodes by their squashed, lower-cased data (those short enough to start a text locator's match), and
// each one's document position.
function textIndex(memo) {
  let index = memo.get(TEXT_KEY);
  if (index) return index;
  index = { byText: new Map(), order: new Map() };
  const walker = document.createTreeWalker(document, NodeFilter.SHOW_TEXT);
  let i = 0;
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const parent = n.parentElement;
    if (parent && TEXT_SKIP.has(parent.localName)) continue;
    const key = squash(n.data).toLowerCase();
    if (!key || key.length > LOCATOR_TEXT_MAX) continue;
    if (!index.byText.has(key)) index.byText.set(key, []);
    index.byText.get(key).push(n);
    index.order.set(n, i++);
  }
  memo.set(TEXT_KEY, index);
  return index;
}

// locators.js textMatches(document, t, max) over the index: the innermost elements whose text is `t`.
function textMatchesIndexed(memo, t, max) {
  const index = textIndex(memo);
  const lower = t.toLowerCase();
  let starts = [];
  for (let k = 1; k <= lower.length; k++) {
    const list = index.byText.get(lower.slice(0, k));
    if (list) starts = starts.concat(list);
  }
  starts.sort((a, b) => index.order.get(a) - index.order.get(b));
  const out = [];
  const seen = new Set();
  for (const n of starts) {
    for (let el = n.parentElement; el; el = el.parentElement) {
      if (seen.has(el)) break;
      seen.add(el);
      const s = textKey(el, t.length);
      if (s === null) break;
      if (s === t) { if (el.localName !== HOST_TAG) out.push(el); break; }
    }
    if (out.length >= max) break;
  }
  return out;
}

function namesOf(memo, r) {
  let names = memo.get(r);
  if (names) return names;
  const t0 = performance.now();
  names = new Map();
  let candidates = [];
  try { candidates = document.querySelectorAll(roleCandidates(r)); } catch (e) { /* no such tags */ }
  for (const c of candidates) {
    if (c.localName === HOST_TAG || role(c) !== r) continue;
    const n = accessibleName(c);
    if (n) names.set(n, (names.get(n) || 0) + 1);
  }
  memo.set(r, names);
  memo.ms.roles += performance.now() - t0;
  return names;
}

function holdsValues(el) {
  if (el.isContentEditable) return true;
  return !!el.querySelector('textarea, select, [contenteditable], ' + REDACT_SELECTOR);
}

// `el`'s locators (locators.js grammar), best first, at most OPTIONS.locators.max: {locators, selector} —
// selector: its unique CSS selector when one was made ('' otherwise); `wantSelector`: make it in any case.
function contextLocators(el, memo, wantSelector) {
  if (el.getRootNode() !== document || el.matches(FORM_LIKE)) {
    const selector = uniqueSelector(el) || '';
    return { locators: locatorsFor(el, selector), selector };
  }
  const redacted = isRedacted(el);
  const found = [];
  const ok = (loc) => !!loc && loc.length <= LOCATOR_CHARS && !LOCATOR_BREAKS.test(loc) && splitsAlone(loc)
    && !found.includes(loc);
  const add = (loc) => {
    if (!ok(loc)) return;
    const hits = resolveLocator(document, loc, 2);
    if (hits.length === 1 && hits[0] === el) found.push(loc);
  };
  let strong = false;
  if (!redacted) {
    const r = role(el);
    if (!LOCATOR_SKIP_ROLES.has(r) && LOCATOR_ROLE.test(r)) {
      const name = accessibleName(el);
      const loc = locatorValueOk(name, LOCATOR_VALUE_MAX) ? `role=${r}[name=${quoteLocator(name)}]` : '';
      if (ok(loc) && namesOf(memo, r).get(name) === 1) { found.push(loc); strong = true; }
    }
  }
  for (const attr of LOCATOR_TEST_ATTRS) {
    const v = el.getAttribute(attr);
    if (!v) continue;
    if (locatorValueOk(v, LOCATOR_VALUE_MAX)) {
      const before = found.length;
      add((attr === TESTID_ATTR ? 'testid=' : `testid[${attr}]=`) + (LOCATOR_BARE.test(v) ? v : quoteLocator(v)));
      strong = strong || found.length > before;
    }
    break;
  }
  let t0 = performance.now();
  if (!redacted && !strong && !holdsValues(el)) {
    const t = textKey(el, LOCATOR_TEXT_MAX);
    const loc = locatorValueOk(t, LOCATOR_TEXT_MAX) ? 'text=' + quoteLocator(t) : '';
    if (ok(loc)) {
      const hits = textMatchesIndexed(memo, t, 2);
      if (hits.length === 1 && hits[0] === el) { found.push(loc); strong = true; }
    }
  }
  memo.ms.text += performance.now() - t0;
  t0 = performance.now();
  const selector = wantSelector || !strong ? uniqueSelector(el) || '' : '';
  if (selector && !strong) add('css=' + selector);
  memo.ms.css += performance.now() - t0;
  const xp = 'xpath=' + xpathOf(el);
  if (ok(xp)) found.push(xp);
  return { locators: found.slice(0, LOCATOR_MAX), selector };
}
