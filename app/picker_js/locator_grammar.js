// @module locator_grammar
// @exports LOCATOR_TEST_ATTRS, TESTID_ATTR, LOCATOR_BARE, LOCATOR_ROLE, LOCATOR_BREAKS, quoteLocator, readQuoted, parseLocator, splitsAlone
// locator_grammar.js — the string form of pagenote's locators (issue #3 §1): quoting, parsing, and the rule
// that a locator must split back alone from the Markdown `Locators:` line. The limits and test-id attributes
// come from app/core/policy.py; splitsAlone/readQuoted are also implemented by app/protocol/locators.py and
// tests/test_parity.py runs both over one table of cases. locators.js makes and resolves locators.
//
// A locator is one string; locatorsFor(el) returns them best first, each kept only when
// resolveLocator(el.getRootNode(), locator) is exactly [el]. Grammar (QUOTED is `"` … `"` with `\` and `"`
// written `\\` and `\"`; any other `\x` also reads as `x`):
//
//   role=ROLE[name=QUOTED]      role() is ROLE and accessibleName() equals the value exactly
//                               (ROLE: [A-Za-z][A-Za-z0-9_-]*)
//   label=QUOTED                a form control (input but hidden, textarea, select, meter, output, progress,
//                               or an element with a form-control role and aria-labelledby) one of whose
//                               label texts equals the value: its aria-labelledby text, or the text of one
//                               of its <label>s (el.labels), whitespace squashed
//   testid=VALUE                data-testid equals VALUE
//   testid[ATTR]=VALUE          ATTR (data-test, data-qa or data-cy) equals VALUE; VALUE is bare when it
//                               matches [A-Za-z0-9_.:/-]+, else QUOTED (both forms are read)
//   placeholder=QUOTED          the placeholder attribute equals the value exactly
//   text=QUOTED                 the innermost elements whose text equals the value: E matches when
//                               text(E) === value and no child element C of E has text(C) === value, where
//                               text(E) is E's rendered text — E.innerText (textContent for SVG), so no
//                               text hidden by CSS (display: none, visibility: hidden) or `hidden`, and no
//                               script/style content — with whitespace runs squashed to one space and
//                               trimmed (text.js squash()). An element without a box, or whose textContent
//                               is over OPTIONS.selectors.text_source_max, has no text. Made only for
//                               1..80 chars of text.
//   css=SELECTOR                root.querySelectorAll(SELECTOR) (the record's `selector`)
//   xpath=XPATH                 XPATH evaluated with root as the context node (the record's `xpath`)
//
// resolveLocator(root, locator) -> Element[]: the elements of `root` (a Document or a ShadowRoot; nothing
// inside nested shadow roots) the locator matches, in document order; [] for an unknown or malformed locator
// or an invalid selector/XPath; never throws. pagenote's own overlay element is never returned.
//
// What never becomes a locator (issue #3 §9): values (no `value` attribute, no textarea/contenteditable
// text), anything of an element inside `data-pagenote-redact` except its test id, CSS selector and XPath; a
// quoted value over OPTIONS.locators.value_max chars (text=: text_max), with a line break, containing
// `[redacted]`, or one that redactUrl() would change (a credential-like URL parameter). A locator over
// OPTIONS.locators.chars is dropped (never cut), and so is one the Markdown `Locators:` line could not split
// back (app/protocol/locators.py).

const LOCATOR_TEST_ATTRS = OPTIONS.test_ids;
// The test-id attribute a bare `testid=VALUE` names (the policy's first, data-testid).
const TESTID_ATTR = LOCATOR_TEST_ATTRS[0];
const LOCATOR_BARE = /^[A-Za-z0-9_.:\/-]+$/;
const LOCATOR_ROLE = /^[A-Za-z][A-Za-z0-9_-]*$/;
const LOCATOR_BREAKS = /[\r\n\f\v\x85\u2028\u2029\0]/;

// --- the string form --------------------------------------------------------------------------------------

function quoteLocator(v) { return '"' + v.replace(/["\\]/g, '\\$&') + '"'; }

// Read QUOTED at s[i]; returns [value, index after the closing quote] or null.
function readQuoted(s, i) {
  if (s[i] !== '"') return null;
  let out = '';
  for (let j = i + 1; j < s.length; j++) {
    const c = s[j];
    if (c === '\\') {
      if (j + 1 >= s.length) return null;
      out += s[++j];
    } else if (c === '"') {
      return [out, j + 1];
    } else {
      out += c;
    }
  }
  return null;
}

// A QUOTED that is all of s from i on.
function quotedToEnd(s, i) {
  const q = readQuoted(s, i);
  return q && q[1] === s.length ? q[0] : null;
}

// {kind, value, role?, attr?} or null.
function parseLocator(loc) {
  if (typeof loc !== 'string') return null;
  const eq = loc.indexOf('=');
  if (eq < 0) return null;
  const head = loc.slice(0, eq);
  if (head === 'css' || head === 'xpath') return loc.length > eq + 1 ? { kind: head, value: loc.slice(eq + 1) } : null;
  if (head === 'label' || head === 'placeholder' || head === 'text') {
    const value = quotedToEnd(loc, eq + 1);
    return value === null ? null : { kind: head, value };
  }
  if (head === 'role') {
    const m = /^role=([A-Za-z][A-Za-z0-9_-]*)\[name=/.exec(loc);
    if (!m) return null;
    const q = readQuoted(loc, m[0].length);
    if (!q || q[1] !== loc.length - 1 || loc[q[1]] !== ']') return null;
    return { kind: 'role', role: m[1], value: q[0] };
  }
  const t = /^testid(?:\[([a-z-]+)\])?=/.exec(loc);
  if (t) {
    const attr = t[1] || TESTID_ATTR;
    if (!LOCATOR_TEST_ATTRS.includes(attr) || (t[1] && attr === TESTID_ATTR)) return null;
    const rest = loc.slice(t[0].length);
    const value = rest.startsWith('"') ? quotedToEnd(loc, t[0].length) : (LOCATOR_BARE.test(rest) ? rest : null);
    return value === null ? null : { kind: 'testid', attr, value };
  }
  return null;
}

// The Markdown `Locators:` line joins locators with "; " and splits on "; " outside "…" (app/model/
// annotation.py, same rule): a locator must end outside quotes and hold no "; " outside them.
function splitsAlone(loc) {
  let quoted = false;
  for (let i = 0; i < loc.length; i++) {
    const c = loc[i];
    if (c === '\\') { if (++i >= loc.length) return false; continue; }
    if (c === '"') quoted = !quoted;
    else if (!quoted && c === ';' && loc[i + 1] === ' ') return false;
  }
  return !quoted && loc === loc.trim();
}
