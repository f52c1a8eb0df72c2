// @module role
// @imports aria_tables: ARIA_ROLES, ROLE_SYNONYMS, IMPLICIT_ROLES, INPUT_ROLES, TABLE_PART_ROLES, REQUIRED_CONTEXT, LIST_OWNER_ROLES
// @imports aria_tables: GLOBAL_ARIA_ATTRS, MINIMUM_ROLE_ATTRS, SECTION_SCOPE
// @exports role, implicitRole, roleTokens, isFocusable, hasGlobalAria, roleCandidates
// role.js — an element's computed role, the role the browser exposes: the first valid WAI-ARIA 1.2 role token
// that applies, else the implicit role from HTML-AAM §4, then the minimum role (HTML-AAM §3). The spec tables
// are data in aria_tables.js; this module applies them. Role names are WAI-ARIA 1.2's ('img', 'none').

const HTML_NS = 'http://www.w3.org/1999/xhtml';
// Ancestors looked at when checking a required context or a list owner (a bound for hostile pages).
const CONTEXT_DEPTH = 64;

// WAI-ARIA 1.2 §7.1: the role attribute is a list of whitespace-separated tokens, compared ASCII
// case-insensitively. Returns the lowercased tokens, [] without the attribute.
function roleTokens(el) {
  const raw = el.getAttribute('role');
  if (!raw) return [];
  return raw.replace(/[A-Z]/g, (c) => c.toLowerCase()).split(/[ \t\n\f\r]+/).filter(Boolean);
}

// Focusable (HTML "focusable area"): a tabindex attribute, or natively focusable (tabIndex ≥ 0), and not
// disabled. Used by WAI-ARIA 1.2 §7.2 "Presentational Roles Conflict Resolution".
function isFocusable(el) {
  if (el.disabled === true) return false;
  return el.hasAttribute('tabindex') || el.tabIndex >= 0 || !!el.isContentEditable;
}

// WAI-ARIA 1.2 §6.4: does `el` carry a global state or property?
function hasGlobalAria(el) {
  for (const a of GLOBAL_ARIA_ATTRS) if (el.hasAttribute(a)) return true;
  return false;
}

// The element one level up in the flat tree (a shadow root's host), or null.
function parentOf(el) {
  if (el.parentElement) return el.parentElement;
  const root = el.parentNode;
  return root && root.host ? root.host : null;
}

// HTML-AAM section, aside: "has an accessible name". Those elements take a name only from the author
// (aria-labelledby, aria-label, title; HTML-AAM §5 "Section and Grouping Element"), so this checks those
// sources without running the whole computation (name.js imports this module, not the reverse): a
// referenced element counts when it has text or an aria-label.
function hasAuthorName(el) {
  if ((el.getAttribute('aria-label') || '').trim() || (el.getAttribute('title') || '').trim()) return true;
  const ids = (el.getAttribute('aria-labelledby') || '').trim();
  if (!ids) return false;
  const root = el.getRootNode();
  return ids.split(/\s+/).some((id) => {
    const ref = root.getElementById ? root.getElementById(id) : null;
    return !!ref && !!((ref.getAttribute('aria-label') || '').trim() || ref.textContent.trim());
  });
}

// HTML-AAM "scoped to the body element": not inside main or a sectioning content element (SECTION_SCOPE).
function scopedToBody(el) {
  const p = parentOf(el);
  return !(p && p.closest && p.closest(SECTION_SCOPE));
}

// Named conditions of IMPLICIT_ROLES ({if: NAME}); each cites its HTML-AAM row.
const IMPLICIT_CONDITIONS = {
  hasHref: (el) => el.hasAttribute('href'),                                    // el-a, el-area
  scopedToBody,                                                                // el-header, el-footer
  scopedToBodyOrNamed: (el) => scopedToBody(el) || hasAuthorName(el),         // el-aside
  named: hasAuthorName,                                                        // el-section
  emptyAlt: (el) => el.hasAttribute('alt') && !el.getAttribute('alt').trim(), // el-img-empty-alt
  listBoxSelect: (el) => el.multiple || el.size > 1,                           // el-select-listbox
  // el-summary: the first summary child of a details element.
  firstSummary: (el) => !!el.parentElement && el.parentElement.localName === 'details'
    && el.parentElement.querySelector(':scope > summary') === el,
  // el-option: in a list of options (select, optgroup in a select) or a datalist suggestion.
  inListOfOptions: (el) => !!el.closest('select, datalist'),
};

// HTML-AAM el-th-columnheader / el-th-rowheader: HTML's header scope — `scope`, else a th in thead or in a
// row of headers only is a column header, a th in a row with data cells is a row header.
function thKind(el) {
  const scope = (el.getAttribute('scope') || '').toLowerCase();
  if (scope === 'col' || scope === 'colgroup') return 'columnheader';
  if (scope === 'row' || scope === 'rowgroup') return 'rowheader';
  if (el.closest('thead')) return 'columnheader';
  const row = el.parentElement;
  return row && row.querySelector(':scope > td') ? 'rowheader' : 'columnheader';
}

// The computed role of the first ancestor that is not generic, none or role-less (the accessibility
// parent, where generic elements are transparent), or '' at the root.
function contextRole(el) {
  let p = parentOf(el);
  for (let i = 0; p && i < CONTEXT_DEPTH; i++, p = parentOf(p)) {
    const r = role(p);
    if (r && r !== 'generic' && r !== 'none') return r;
    // A presentational owner (a list with role=none) makes its owned elements presentational (WAI-ARIA 1.2
    // §5.3 "none"); a none/generic element without semantics of its own is transparent.
    if (r === 'none' && roleTokens(p).length && implicitRole(p) !== 'generic') return 'none';
  }
  return '';
}

function tablePartRole(el) {
  const table = el.closest('table');
  if (!table) return 'generic';
  const owner = role(table);
  const map = TABLE_PART_ROLES[owner];
  if (!map) return owner === 'none' ? 'none' : 'generic';
  const r = map[el.localName];
  return r === 'header' ? thKind(el) : r;
}

// HTML-AAM §4: the role `el` has without a role attribute (before the minimum role), '' for none.
function implicitRole(el) {
  if (el.namespaceURI !== HTML_NS) {
    if (el.localName === 'svg') return IMPLICIT_ROLES.svg;
    return el.localName === 'math' ? IMPLICIT_ROLES.math : '';
  }
  const tag = el.localName;
  if (tag === 'input') {
    const type = (el.getAttribute('type') || 'text').toLowerCase();
    const roles = Object.prototype.hasOwnProperty.call(INPUT_ROLES, type) ? INPUT_ROLES[type] : INPUT_ROLES.text;
    return el.hasAttribute('list') && roles.length > 1 ? roles[1] : roles[0];
  }
  const m = Object.prototype.hasOwnProperty.call(IMPLICIT_ROLES, tag) ? IMPLICIT_ROLES[tag] : 'generic';
  if (typeof m === 'string') return m;
  if (m.if) return IMPLICIT_CONDITIONS[m.if](el) ? m.then : m.else;
  if (m.tablePart) return tablePartRole(el);
  if (m.listOwner) {
    const owner = contextRole(el);
    return LIST_OWNER_ROLES.has(owner) ? m.listOwner : owner === 'none' ? 'none' : 'generic';
  }
  return '';
}

// WAI-ARIA 1.2 §5.2.7: is `el`'s accessibility parent (generic and none ancestors skipped) one of `needed`?
function inContext(el, needed) {
  return needed.includes(contextRole(el));
}

// WAI-ARIA 1.2 §7.2: a none/presentation role (explicit, or implicit as for img alt="") is ignored when the
// element is focusable or has a global ARIA attribute.
function presentationConflict(el) {
  return isFocusable(el) || hasGlobalAria(el);
}

// HTML-AAM §3 "minimum role": the role an element without a more specific role gets from an attribute.
function minimumRole(el) {
  for (const attr in MINIMUM_ROLE_ATTRS) {
    if (!el.hasAttribute(attr)) continue;
    if (attr === 'draggable' && el.getAttribute('draggable').toLowerCase() === 'false') continue;
    return MINIMUM_ROLE_ATTRS[attr];
  }
  return '';
}

// The computed role of `el` (an Element): a WAI-ARIA 1.2 role name, or '' when the element has none
// (HTML-AAM "No corresponding role", e.g. label, abbr, non-HTML elements). Never throws.
function role(el) {
  let explicit = '';
  for (const token of roleTokens(el)) {
    if (!ARIA_ROLES.has(token)) continue;                      // WAI-ARIA 1.2 §7.1: invalid or abstract
    const r = ROLE_SYNONYMS[token] || token;
    if (r === 'none' && presentationConflict(el)) break;       // §7.2: expose the implicit role instead
    if (REQUIRED_CONTEXT[r] && !inContext(el, REQUIRED_CONTEXT[r])) continue;  // §5.2.7
    explicit = r;
    break;
  }
  if (explicit && explicit !== 'none' && explicit !== 'generic') return explicit;
  let implicit = implicitRole(el);
  if (implicit === 'none' && presentationConflict(el)) implicit = el.localName === 'img' ? 'img' : 'generic';
  const base = explicit || implicit;
  // HTML-AAM §3: an explicit none/generic, or an implicit generic/none, with a minimum-role attribute.
  if ((base === 'generic' || base === 'none') && (explicit || implicit === 'generic' || implicit === 'none')) {
    return minimumRole(el) || base;
  }
  return base;
}

// The CSS selector of elements that can have role `wanted` (explicit token or synonym, or an implicit
// mapping in IMPLICIT_ROLES/INPUT_ROLES, or a minimum role), derived from the tables: resolving a role=
// locator computes role() and names only for these candidates. '' for a role no element can have.
function roleCandidates(wanted) {
  const parts = [`[role~="${wanted}" i]`];
  for (const [syn, r] of Object.entries(ROLE_SYNONYMS)) if (r === wanted) parts.push(`[role~="${syn}" i]`);
  for (const [tag, m] of Object.entries(IMPLICIT_ROLES)) {
    const roles = typeof m === 'string' ? [m] : m.if ? [m.then, m.else] : m.listOwner ? [m.listOwner, 'none', 'generic']
      : ['generic', 'none', ...new Set(Object.values(TABLE_PART_ROLES).map((t) => t[tag]))].flatMap((r) => (r === 'header' ? ['columnheader', 'rowheader'] : [r]));
    if (roles.includes(wanted)) parts.push(tag);
  }
  if (Object.values(INPUT_ROLES).some((rs) => rs.includes(wanted))) parts.push('input');
  if (wanted === 'img') parts.push('img');                     // img alt="" that is focusable or has ARIA
  for (const [attr, r] of Object.entries(MINIMUM_ROLE_ATTRS)) if (r === wanted) parts.push(`[${attr}]`);
  return [...new Set(parts)].join(', ');
}
