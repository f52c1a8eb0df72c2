// @module aria_tables
// @exports ARIA_ROLES, ROLE_SYNONYMS, IMPLICIT_ROLES, INPUT_ROLES, TABLE_PART_ROLES, REQUIRED_CONTEXT, LIST_OWNER_ROLES
// @exports GLOBAL_ARIA_ATTRS, MINIMUM_ROLE_ATTRS, SECTION_SCOPE, NAME_FROM_CONTENT_ROLES, NAME_PROHIBITED_ROLES
// @exports EMBEDDED_CONTROL_ROLES
// aria_tables.js — the spec tables role.js and name.js apply, as data. Each table names its source; the code
// that reads them (role.js, name.js) cites the steps. Nothing here runs on its own.

// WAI-ARIA 1.2 §5.4 "Definition of Roles": every non-abstract role, plus the roles HTML-AAM maps elements to
// that WAI-ARIA 1.3 adds (mark, sectionheader, sectionfooter, image), Graphics ARIA 1.0 §4 and DPUB-ARIA 1.1
// §4 roles, which Chromium also exposes. A token not in this set is invalid or abstract and is skipped
// (WAI-ARIA 1.2 §7.1 "Role Attribute": use the first token that names a non-abstract role).
const ARIA_ROLES = new Set([
  'alert', 'alertdialog', 'application', 'article', 'banner', 'blockquote', 'button', 'caption', 'cell',
  'checkbox', 'code', 'columnheader', 'combobox', 'complementary', 'contentinfo', 'definition', 'deletion',
  'dialog', 'directory', 'document', 'emphasis', 'feed', 'figure', 'form', 'generic', 'grid', 'gridcell',
  'group', 'heading', 'img', 'insertion', 'link', 'list', 'listbox', 'listitem', 'log', 'main', 'marquee',
  'math', 'menu', 'menubar', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'meter', 'navigation', 'none',
  'note', 'option', 'paragraph', 'presentation', 'progressbar', 'radio', 'radiogroup', 'region', 'row',
  'rowgroup', 'rowheader', 'scrollbar', 'search', 'searchbox', 'separator', 'slider', 'spinbutton', 'status',
  'strong', 'subscript', 'superscript', 'switch', 'tab', 'table', 'tablist', 'tabpanel', 'term', 'textbox',
  'time', 'timer', 'toolbar', 'tooltip', 'tree', 'treegrid', 'treeitem',
  'mark', 'sectionheader', 'sectionfooter', 'image',
  'graphics-document', 'graphics-object', 'graphics-symbol',
  'doc-abstract', 'doc-acknowledgments', 'doc-afterword', 'doc-appendix', 'doc-backlink', 'doc-biblioentry',
  'doc-bibliography', 'doc-biblioref', 'doc-chapter', 'doc-colophon', 'doc-conclusion', 'doc-cover',
  'doc-credit', 'doc-credits', 'doc-dedication', 'doc-endnote', 'doc-endnotes', 'doc-epigraph', 'doc-epilogue',
  'doc-errata', 'doc-example', 'doc-footnote', 'doc-foreword', 'doc-glossary', 'doc-glossref', 'doc-index',
  'doc-introduction', 'doc-noteref', 'doc-notice', 'doc-pagebreak', 'doc-pagefooter', 'doc-pageheader',
  'doc-pagelist', 'doc-part', 'doc-preface', 'doc-prologue', 'doc-pullquote', 'doc-qna', 'doc-subtitle',
  'doc-tip', 'doc-toc',
]);

// Synonyms reported under one name: WAI-ARIA 1.2 §5.4 "presentation" (synonym of none) and WAI-ARIA 1.3
// "image" (synonym of img; pagenote keeps the ARIA 1.2 name that role= locators use).
const ROLE_SYNONYMS = { presentation: 'none', image: 'img' };

// HTML-AAM §4 "HTML Element Role Mappings" (editor's draft, 2025): tag → implicit role. A string is the role
// ('' = "No corresponding role"). An object is a mapping that depends on context, read by role.js:
//   {if: CONDITION, then: ROLE, else: ROLE}  CONDITION is one of role.js's named conditions (IMPLICIT_CONDITIONS)
//   {tablePart: true}                        the role depends on the owning table's role (TABLE_PART_ROLES)
//   {listOwner: ROLE}                        ROLE when the accessibility parent is a list (LIST_OWNER_ROLES)
// Tags not listed: HTML elements the spec does not name (custom elements, unknown tags) map to generic
// (HTML-AAM "autonomous custom element"); elements in other namespaces have no role unless listed.
const IMPLICIT_ROLES = {
  a: { if: 'hasHref', then: 'link', else: 'generic' },            // el-a, el-a-no-href
  abbr: '', address: 'group', article: 'article', audio: '', b: 'generic', base: '', bdi: 'generic',
  area: { if: 'hasHref', then: 'link', else: 'generic' },          // el-area, el-area-no-href
  aside: { if: 'scopedToBodyOrNamed', then: 'complementary', else: 'generic' },  // el-aside(-ancestorbodymain)
  bdo: 'generic', blockquote: 'blockquote', body: 'generic', br: '', button: 'button', canvas: '',
  caption: { tablePart: true }, cite: '', code: 'code', col: '', colgroup: '', data: 'generic',
  datalist: 'listbox', dd: 'definition', del: 'deletion', details: 'group', dfn: 'term', dialog: 'dialog',
  dir: 'list', div: 'generic', dl: 'list', dt: 'term', em: 'emphasis', embed: '', fieldset: 'group',
  figcaption: 'caption', figure: 'figure',
  footer: { if: 'scopedToBody', then: 'contentinfo', else: 'sectionfooter' },  // el-footer(-ancestorbody)
  form: 'form',  // el-form: form role; only a named form is a landmark (a platform detail)
  h1: 'heading', h2: 'heading', h3: 'heading', h4: 'heading', h5: 'heading', h6: 'heading', head: '',
  header: { if: 'scopedToBody', then: 'banner', else: 'sectionheader' },       // el-header(-ancestorbody)
  hgroup: 'group', hr: 'separator', html: 'generic', i: 'generic', iframe: '',
  img: { if: 'emptyAlt', then: 'none', else: 'img' },              // el-img, el-img-empty-alt
  ins: 'insertion', kbd: '', label: '', legend: '', li: { listOwner: 'listitem' }, link: '', main: 'main',
  map: '', mark: 'mark', math: 'math', menu: 'list', meta: '', meter: 'meter', nav: 'navigation',
  noscript: '', object: '', ol: 'list', optgroup: 'group',
  option: { if: 'inListOfOptions', then: 'option', else: 'generic' },
  output: 'status', p: 'paragraph', param: '', picture: '', pre: 'generic', progress: 'progressbar',
  q: 'generic', rp: '', rt: '', ruby: '', s: 'deletion', samp: 'generic', script: '', search: 'search',
  section: { if: 'named', then: 'region', else: 'generic' },      // el-section
  select: { if: 'listBoxSelect', then: 'listbox', else: 'combobox' },  // el-select-listbox / -combobox
  slot: '', small: 'generic', source: '', span: 'generic', strong: 'strong', style: '', sub: 'subscript',
  summary: { if: 'firstSummary', then: '', else: 'generic' },      // el-summary: html-summary, else generic
  sup: 'superscript', svg: 'graphics-document',  // SVG-AAM 1.0 §5.1 "svg" → graphics-document
  table: 'table', tbody: { tablePart: true }, td: { tablePart: true }, template: '', textarea: 'textbox',
  tfoot: { tablePart: true }, th: { tablePart: true }, thead: { tablePart: true }, time: 'time', title: '',
  tr: { tablePart: true }, track: '', u: 'generic', ul: 'list', var: '', video: '', wbr: '',
};

// HTML-AAM §4 el-input-*: type → [role, role when a `list` attribute names a suggestions source].
// Unknown types are text. Password: HTML-AAM has no ARIA role (html-input-password); Chromium and the
// locator engines expose a textbox, and so does pagenote. File: HTML-AAM has no ARIA role (el-input-file);
// Chromium exposes a button (AXNodeObject's native role for a file upload control) and Playwright's role
// engine says button too, so does pagenote (clicking it opens the file chooser).
const INPUT_ROLES = {
  button: ['button'], checkbox: ['checkbox'], color: [''], date: [''], 'datetime-local': [''], email: ['textbox', 'combobox'],
  file: ['button'], hidden: [''], image: ['button'], month: [''], number: ['spinbutton'], password: ['textbox'],
  radio: ['radio'], range: ['slider'], reset: ['button'], search: ['searchbox', 'combobox'], submit: ['button'],
  tel: ['textbox', 'combobox'], text: ['textbox', 'combobox'], time: [''], url: ['textbox', 'combobox'], week: [''],
};

// HTML-AAM §4 el-caption, el-tbody/thead/tfoot, el-td(-gridcell), el-th(-columnheader/-rowheader/-gridcell),
// el-tr: a table part's role from its table's computed role. `th` maps to its header kind (role.js thKind)
// inside a table or grid. A part of a table whose role is none inherits none (WAI-ARIA 1.2 §5.3 "none":
// required owned elements of a presentational element are presentational); otherwise it is generic.
const TABLE_PART_ROLES = {
  table: { caption: 'caption', tbody: 'rowgroup', thead: 'rowgroup', tfoot: 'rowgroup', tr: 'row', td: 'cell', th: 'header' },
  grid: { caption: 'caption', tbody: 'rowgroup', thead: 'rowgroup', tfoot: 'rowgroup', tr: 'row', td: 'gridcell', th: 'header' },
  treegrid: { caption: 'caption', tbody: 'rowgroup', thead: 'rowgroup', tfoot: 'rowgroup', tr: 'row', td: 'gridcell', th: 'header' },
};

// HTML-AAM §4 el-li: listitem when the accessibility parent is exposed as a list; WAI-ARIA 1.2 "listitem"
// required context: list or directory.
const LIST_OWNER_ROLES = new Set(['list', 'directory']);

// WAI-ARIA 1.2 §5.2.7 "Required Context Role", per role (§5.4). An explicit role whose context is missing is
// skipped like an invalid token (WAI-ARIA 1.3 §5.2.7: user agents treat it as if it were not there);
// generic and none ancestors in between are transparent ("with intervening generic elements").
const REQUIRED_CONTEXT = {
  caption: ['figure', 'grid', 'table', 'treegrid'],
  cell: ['row'], columnheader: ['row'], gridcell: ['row'], rowheader: ['row'],
  listitem: ['list', 'directory'],
  menuitem: ['group', 'menu', 'menubar'], menuitemcheckbox: ['group', 'menu', 'menubar'],
  menuitemradio: ['group', 'menu', 'menubar'],
  option: ['group', 'listbox'],
  row: ['grid', 'rowgroup', 'table', 'treegrid'],
  rowgroup: ['grid', 'table', 'treegrid'],
  tab: ['tablist'],
  treeitem: ['group', 'tree'],
};

// WAI-ARIA 1.2 §6.4 "Global States and Properties" (including those deprecated as global in 1.2). An element
// with one of them is not presentational (§7.2 "Presentational Roles Conflict Resolution").
const GLOBAL_ARIA_ATTRS = [
  'aria-atomic', 'aria-busy', 'aria-controls', 'aria-current', 'aria-describedby', 'aria-description',
  'aria-details', 'aria-disabled', 'aria-dropeffect', 'aria-errormessage', 'aria-flowto', 'aria-grabbed',
  'aria-haspopup', 'aria-hidden', 'aria-invalid', 'aria-keyshortcuts', 'aria-label', 'aria-labelledby',
  'aria-live', 'aria-owns', 'aria-relevant', 'aria-roledescription',
];

// HTML-AAM §3 "Exposing HTML Features That Require a Minimum Role" and §5 attribute mappings: `autofocus`
// and `draggable` provide a minimum role of group; `popover` too per the WPT suite
// (html-aam/roles-minimum.tentative.html). `tabindex` is not in the list (HTML-AAM leaves it commented out).
const MINIMUM_ROLE_ATTRS = { autofocus: 'group', draggable: 'group', popover: 'group' };

// HTML-AAM el-header/el-footer/el-aside: "scoped to" main or a sectioning content element (or an element
// with the equivalent explicit role).
const SECTION_SCOPE = 'article, aside, main, nav, section, [role~="article" i], [role~="complementary" i], '
  + '[role~="main" i], [role~="navigation" i], [role~="region" i]';

// WAI-ARIA 1.2 §5.2.8.4 "Roles Supporting Name from Content", and the DPUB-ARIA 1.1 §4 link roles
// (doc-backlink, doc-biblioref, doc-glossref, doc-noteref: "Name From: contents, author").
const NAME_FROM_CONTENT_ROLES = new Set(['button', 'cell', 'checkbox', 'columnheader', 'gridcell', 'heading',
  'link', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'option', 'radio', 'row', 'rowheader', 'switch',
  'tab', 'tooltip', 'treeitem', 'doc-backlink', 'doc-biblioref', 'doc-glossref', 'doc-noteref']);

// WAI-ARIA 1.2 §5.2.8.6 "Roles which cannot be named (Name prohibited)" (+ mark, WAI-ARIA 1.3); AccName 1.2
// §4.3.2 step 1: the name of an element with one of these roles is the empty string.
const NAME_PROHIBITED_ROLES = new Set(['caption', 'code', 'deletion', 'emphasis', 'generic', 'insertion',
  'mark', 'none', 'paragraph', 'strong', 'subscript', 'superscript']);

// AccName 1.2 §4.3.2 step 2C "Embedded Control": controls whose value the user adjusts.
const EMBEDDED_CONTROL_ROLES = new Set(['textbox', 'searchbox', 'combobox', 'listbox', 'slider', 'spinbutton',
  'scrollbar', 'progressbar', 'meter']);
