// @module verify
// @imports role: role, roleCandidates; name: accessibleName; text: squash, cut; refs: refElement; redact: isSecretField, isRedacted, isEditable, editingHosts, REDACTED, REDACT_SELECTOR; locators: locatorsFor, resolveLocator; overlay: HOST_TAG
// @exports verifyCheck
// verify.js — assertions on the live document for the agent's opt-in testing tools (app/agent/verify.py):
// an element of a role and name is visible, a text is visible, a field holds a value, a list shows items, and
// the ranked locators of an element. Each answer says what was found instead when the check fails, never a
// value of a secret field, an editing host's typed text or text under `data-pagenote-redact` (redact.js).
//
// Visible (Playwright's definition, its docs "Visibility"): a non-empty bounding box and a computed
// `visibility` of `visible`. Names match as Playwright's getByRole({name}) and getByText(string) do by
// default: case-insensitive substring after whitespace is squashed. Top document (or the frame the host
// calls), light DOM only.

const SHOWN = 10;          // names / lines / items quoted back at most
const SHOWN_CHARS = 80;    // each cut to this many code units
const SCAN_MAX = 5000;     // candidate elements looked at, at most (bounded time on a huge page)
const VALUE_CHARS = 200;   // an actual value quoted back, cut to this
const SECRET_PARTS_MAX = 200;   // redacted subtrees and editing hosts under one element, at most (more: read nothing)

function visible(el) {
  const r = el.getBoundingClientRect();
  return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility === 'visible';
}

function norm(s) { return squash(s).toLowerCase(); }
function shown(s) { return cut(squash(s), SHOWN_CHARS); }
function notOwn(el) { return el.localName !== HOST_TAG; }

// The texts under `root` that are never read (redact.js): `data-pagenote-redact` subtrees and editing hosts
// (typed text), each squashed from innerText and from textContent (neither shows shadow trees: Chromium's
// innerText leaves them out, measured); null when every text is one (designMode) or there are more than
// SECRET_PARTS_MAX of them (the caller then reads nothing).
function secretParts(root) {
  const doc = root.ownerDocument || root;
  if (doc.designMode === 'on' || isRedacted(root) || isEditable(root)) return null;
  const hosts = [...root.querySelectorAll(REDACT_SELECTOR), ...editingHosts(root)];
  if (hosts.length > SECRET_PARTS_MAX) return null;
  const out = new Set();
  for (const h of hosts) for (const t of [squash(h.innerText || ''), squash(h.textContent || '')]) if (t) out.add(t);
  return [...out].sort((a, b) => b.length - a.length);
}

// squash(text) of an element's innerText / textContent with every secret part (secretParts of that element or an
// ancestor) replaced by `mark`: what a check may match against or quote back ('' when parts is null).
function readable(text, parts, mark) {
  if (parts === null) return '';
  let t = squash(text || '');
  for (const p of parts) t = t.split(p).join(mark);
  return t;
}

// The element `o` names: a snapshot ref ({ref, doc, seq}) or a `target` (pagenote locator or CSS selector)
// that must match exactly one element. {el} or {error, …}.
function targetOf(o) {
  if (o.ref) {
    const found = refElement(o.ref, o.doc, o.seq);
    return found.el ? { el: found.el } : { error: 'stale', reason: found.reason || 'gone' };
  }
  let hits = [];
  if (/^(role|label|text|placeholder|css|xpath|testid)(\[[a-z-]+\])?=/.test(o.target)) {
    hits = resolveLocator(document, o.target, 2);
  } else {
    try { hits = Array.from(document.querySelectorAll(o.target)).filter(notOwn).slice(0, 2); } catch (e) {
      return { error: 'selector', message: String(e && e.message || e) };
    }
  }
  if (hits.length !== 1) return { error: 'count', count: hits.length };
  return { el: hits[0] };
}

function elementVisible(o) {
  const wanted = norm(o.name);
  const seen = [];
  let matches = 0, visibleMatches = 0, scanned = 0;
  for (const c of document.querySelectorAll(roleCandidates(o.role))) {
    if (++scanned > SCAN_MAX) break;
    if (!notOwn(c) || role(c) !== o.role) continue;
    const name = isRedacted(c) ? '' : accessibleName(c);
    if (norm(name).includes(wanted)) {
      matches++;
      if (visible(c)) visibleMatches++;
    } else if (seen.length < SHOWN) {
      seen.push(shown(name) || '(no name)');
    }
  }
  return { passed: visibleMatches > 0, matches, visible: visibleMatches, others: seen };
}

// Elements whose text is never page text (HTML's rendering section: script, style, template and title are never
// rendered; noscript's content is raw text while scripting is on — where this script runs it is). Their source is
// neither a drawn text nor one "in the document but not drawn": `<script>el.textContent = 'Done'</script>`
// does not hold the text 'Done' for the reader (Playwright's getByText skips them too).
const NO_TEXT = 'script, style, template, noscript, title';

// The text of the document's text nodes under `root`, without the subtrees of NO_TEXT elements and pagenote's own
// (what textContent gives, less what never renders as text); at most SCAN_MAX * 4 nodes.
function documentText(root) {
  const skip = (n) => n.localName === HOST_TAG || n.matches(NO_TEXT);
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, {
    acceptNode: (n) => n.nodeType === Node.TEXT_NODE ? NodeFilter.FILTER_ACCEPT
      : (skip(n) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_SKIP),
  });
  const out = [];
  for (let n = walker.nextNode(), scanned = 0; n && scanned < SCAN_MAX * 4; n = walker.nextNode(), scanned++) {
    out.push(n.data);
  }
  return out.join('');
}

// Text nodes of the document that are drawn, outside redacted regions and pagenote's own elements.
function drawnTexts(limit) {
  const out = [];
  const walker = document.createTreeWalker(document.body || document.documentElement, NodeFilter.SHOW_TEXT);
  let scanned = 0;
  for (let n = walker.nextNode(); n && out.length < limit && scanned < SCAN_MAX * 4; n = walker.nextNode()) {
    scanned++;
    const p = n.parentElement;
    const t = squash(n.data);
    if (!t || !p || p.closest(NO_TEXT) || !notOwn(p)) continue;
    if (p.closest(REDACT_SELECTOR) || isEditable(p) || !visible(p)) continue;   // typed text is never read
    out.push(t);
  }
  return out;
}

function textVisible(o) {
  const wanted = norm(o.text);
  const body = document.body || document.documentElement;
  // typed and redacted text is neither matched nor quoted (its parts are looked for only when it could matter)
  const has = (text) => norm(text).includes(wanted) && readable(text, secretParts(body), '\u0000').toLowerCase()
    .includes(wanted);
  if (has(body.innerText)) return { passed: true };
  const hidden = has(documentText(body));   // not the source of a script or a style (NO_TEXT)
  const first = wanted.split(' ')[0];
  const near = drawnTexts(2000).filter((t) => t.toLowerCase().includes(first)).slice(0, SHOWN).map(shown);
  return { passed: false, hidden, near };
}

function checkedOf(el) {
  if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) return el.checked;
  return el.getAttribute('aria-checked') === 'true';
}

function valueOf(el, type) {
  if (type === 'checkbox' || type === 'radio') return { actual: String(checkedOf(el)), alt: [] };
  if (el instanceof HTMLSelectElement) {
    const picked = Array.from(el.selectedOptions);
    return { actual: picked.map((op) => op.value).join(', '), alt: [picked.map((op) => squash(op.label)).join(', ')] };
  }
  if ('value' in el && typeof el.value === 'string') return { actual: el.value, alt: [] };
  // an element without a value: its text; quoted back without the typed or redacted text inside it
  const text = el.innerText || el.textContent;
  return { actual: squash(text), alt: [], quoted: squash(readable(text, secretParts(el), REDACTED)) };
}

function valueIs(o) {
  const t = targetOf(o);
  if (!t.el) return t;
  const el = t.el;
  const { actual, alt, quoted } = valueOf(el, o.type);
  const passed = actual === o.value || alt.includes(o.value);
  const out = { passed, role: role(el), name: shown(accessibleName(el)) };
  if (passed) return out;
  // Never quoted, as the snapshot never shows them (snapshot_node.js valueOf): a secret field's value, one
  // inside a redacted subtree, and an editing host's typed text.
  const typed = isEditable(el) && !('value' in el);
  if (isSecretField(el) || isRedacted(el) || typed) return { ...out, secret: true, length: actual.length };
  const label = alt.length ? { label: cut(alt[0], VALUE_CHARS) } : {};
  const said = quoted === undefined ? actual : quoted;
  return { ...out, actual: cut(said, VALUE_CHARS), truncated: said.length > VALUE_CHARS, ...label };
}

function listVisible(o) {
  const t = targetOf(o);
  if (!t.el) return t;
  const el = t.el;
  const parts = secretParts(el);
  const text = visible(el) ? readable(el.innerText, parts, '\u0000').toLowerCase() : '';
  const missing = o.items.filter((item) => !text.includes(norm(item)));
  const out = { passed: missing.length === 0, missing, role: role(el), name: shown(accessibleName(el)) };
  if (!missing.length) return out;
  const kids = el.querySelectorAll('li, [role="listitem"], [role="option"], [role="row"]');
  const list = kids.length ? Array.from(kids) : Array.from(el.children);
  out.found = list.filter((k) => visible(k) && !k.closest(REDACT_SELECTOR)).slice(0, SHOWN * 2)
    .map((k) => shown(readable(k.innerText, parts, REDACTED))).filter(Boolean);
  out.hidden = !visible(el);
  return out;
}

function locatorOf(o) {
  const t = targetOf(o);
  if (!t.el) return t;
  return { passed: true, locators: locatorsFor(t.el), role: role(t.el), name: isRedacted(t.el) ? '' : shown(accessibleName(t.el)) };
}

// One check, `o.kind`: 'element' {role, name} | 'text' {text} | 'value' {target or ref, type, value} |
// 'list' {target or ref, items} | 'locator' {target or ref}. Answers {passed, …what was found} or, for a target
// that names no single element, {error: 'stale' | 'count' | 'selector', …}.
function verifyCheck(o) {
  if (o.kind === 'element') return elementVisible(o);
  if (o.kind === 'text') return textVisible(o);
  if (o.kind === 'value') return valueIs(o);
  if (o.kind === 'list') return listVisible(o);
  if (o.kind === 'locator') return locatorOf(o);
  return { error: 'kind' };
}
