// @module snapshot_tree
// @imports snapshot_node: SKIP_TAGS, BLOCK_TAGS, NODE_TRANSPARENT, NODE_CONTAINER, NODE_NAMED, NODE_LEAF, nodeKind, textPiece
// @imports redact: REDACT_ATTR, isEditable; overlay: HOST_TAG
// @exports POS_ABOVE, POS_IN, POS_BELOW, buildTree
// snapshot_tree.js — the agent snapshot of one document, first pass (Playwright's ariaSnapshot.ts also builds
// the tree, then renders it; the rendering is snapshot_lines.js): buildTree walks the rendered DOM into a tree
// of the elements that get lines (snapshot_node.js kinds) and their text runs — cheap checks per element, no
// names, no innerText, at most a few hundred code units of any text node, at most `max_visit` elements.
//
// Viewport first, in bounded time: a subtree whose box lies wholly above or below the viewport is not entered
// on the first walk (one getBoundingClientRect per subtree, not per element); it is walked afterwards, below
// the viewport in document order and then above it nearest first, only while the lines found are fewer than
// twice the line budget. What was not walked is counted with one native querySelectorAll per subtree (an
// estimate of its lines: CENSUS). Known limit: a position: fixed element inside a subtree whose own box is
// outside the viewport is found only when that subtree is walked.

const POS_ABOVE = 0;
const POS_IN = 1;
const POS_BELOW = 2;
const TEXT_READ = 600;   // code units read from one text node at most
const TEXT_KEEP = 1200;  // code units kept of one run of text
const MAX_DEPTH = 512;   // elements nested deeper are not walked (counted in `deep`)

function childrenOf(el) {
  if (el.shadowRoot) return el.shadowRoot.childNodes;   // open shadow roots: what is rendered
  if (el.localName === 'slot') {
    const assigned = el.assignedNodes({ flatten: true });
    return assigned.length ? assigned : el.childNodes;
  }
  return el.childNodes;
}

// Elements that usually get a line: what the census of an unwalked subtree counts.
const CENSUS = 'a[href],area[href],button,input:not([type=hidden]),select,textarea,summary,iframe,img,svg,h1,h2,h3,' +
  'h4,h5,h6,p,li,ul,ol,dl,table,tr,td,th,form,nav,main,header,footer,aside,article,blockquote,figure,details,' +
  'fieldset,hr,progress,meter,[role],[tabindex],[contenteditable],[aria-label]';

function census(el) {
  return el.querySelectorAll(CENSUS).length + (el.matches(CENSUS) ? 1 : 0);
}

function lastText(owner) {
  const last = owner.kids[owner.kids.length - 1];
  return last && last.raw !== undefined ? last : null;
}

function separate(owner) {
  const t = lastText(owner);
  if (t && t.raw.length < TEXT_KEEP) t.raw += ' ';
}

function addText(owner, t, pos) {
  if (owner.kind === NODE_NAMED || owner.kind === NODE_LEAF || !t.length) return;
  const item = lastText(owner);
  if (item && item.raw.length >= TEXT_KEEP) { item.cut = true; return; }
  const piece = textPiece(t, TEXT_READ);
  const cut = t.length > TEXT_READ;
  if (item) { item.raw += piece; item.cut = item.cut || cut; return; }
  if (!/\S/.test(piece)) return;
  owner.kids.push({ raw: piece, cut, parent: owner, pos });
}

class Walk {
  constructor(vh, maxVisit) {
    this.vh = vh;
    this.maxVisit = maxVisit;
    this.visited = 0;
    this.stopped = false;   // max_visit reached: the counts are lower bounds
    this.deep = 0;
    this.prune = true;      // first walk: subtrees outside the viewport are deferred
    this.deferred = [];     // {el, owner, slot, underNamed, depth, pos}
    this.kept = 0;          // lines found
    this.limit = Infinity;  // stop walking deferred subtrees once this many lines are found
  }

  children(el, owner, underNamed, depth, pos) {
    let textVisible = null;   // text directly in `el` is shown only when `el` is visible (CSS visibility)
    for (const c of childrenOf(el)) {
      if (this.stopped || this.kept >= this.limit) return;
      if (c.nodeType === Node.TEXT_NODE) {
        if (underNamed) continue;   // an ancestor's line (a name, a label's control) already says it
        if (textVisible === null) textVisible = el.checkVisibility({ visibilityProperty: true });
        if (textVisible) addText(owner, c, pos);
      } else if (c.nodeType === Node.ELEMENT_NODE) {
        this.element(c, owner, underNamed, depth + 1, pos);
      }
    }
  }

  element(el, owner, underNamed, depth, pos) {
    if (++this.visited > this.maxVisit) { this.stopped = true; return; }
    const tag = el.localName;
    if (SKIP_TAGS.has(tag) || tag === HOST_TAG || el.getAttribute('aria-hidden') === 'true') return;
    let contents = false;
    if (!el.checkVisibility()) {   // display: none here or above, or no box: nothing below is drawn …
      if (getComputedStyle(el).display !== 'contents') return;
      contents = true;             // … except display: contents, which draws its children
    }
    if (depth > MAX_DEPTH) { this.deep++; return; }
    if (this.prune && !contents) {
      const r = el.getBoundingClientRect();
      if (r.width || r.height) {
        pos = r.bottom <= 0 ? POS_ABOVE : r.top >= this.vh ? POS_BELOW : POS_IN;
        if (pos !== POS_IN) {   // later, in its place (a slot keeps document order)
          const slot = { slot: true, kids: [] };
          owner.kids.push(slot);
          this.deferred.push({ el, owner, slot, underNamed, depth, pos });
          return;
        }
      }
    }
    if (el.hasAttribute(REDACT_ATTR)) {   // redact.js: nothing of it is read
      const k = nodeKind(el, false);
      owner.kids.push({ el, kind: NODE_LEAF, role: k.role || 'generic', redacted: true, parent: owner, kids: [],
                        depth: owner.depth + 1, pos });
      this.kept++;
      return;
    }
    const k = nodeKind(el, underNamed);
    // An editable region's text is typed text (redact.js isEditable): its line says so (snapshot_node.js
    // lineTail) and nothing below it is read.
    const editable = isEditable(el);
    const block = BLOCK_TAGS.has(tag);
    if (k.kind === NODE_TRANSPARENT || (!contents && !el.checkVisibility({ visibilityProperty: true }))) {
      if (editable) return;
      // A <label>'s words are its control's accessible name (HTML §4.10.4): said once, on the control's line.
      const labels = tag === 'label' && !!el.control;
      if (block) separate(owner);
      this.children(el, owner, underNamed || labels, depth, pos);
      if (block) separate(owner);
      return;
    }
    const node = { el, kind: editable ? NODE_LEAF : k.kind, role: k.role, parent: owner, kids: [],
                   depth: owner.depth + 1, pos };
    owner.kids.push(node);
    this.kept++;
    if (node.kind !== NODE_LEAF) this.children(el, node, underNamed || k.kind === NODE_NAMED, depth, pos);
  }

  // Walk a deferred subtree into its slot (not pruning: all of it is where its root is).
  fill(d) {
    const kids = d.owner.kids;
    d.owner.kids = d.slot.kids;
    this.element(d.el, d.owner, d.underNamed, d.depth, d.pos);
    d.owner.kids = kids;
    d.walked = true;
  }
}

function unslot(node) {
  if (!node.kids) return;
  if (node.kids.some((k) => k.slot)) node.kids = node.kids.flatMap((k) => (k.slot ? k.kids : [k]));
  for (const k of node.kids) unslot(k);
}

// The tree of lines under `scope` (an element; document.body by default). `o`: {max_visit, max_nodes}.
// Returns {root, visited, stopped, deep, census: [above, in, below]} — root.kids: nodes {el, kind, role,
// parent, kids, depth, pos} and text runs {raw, cut, parent, pos}; census: the lines estimated in the deferred
// subtrees above and below the viewport (walked or not).
function buildTree(scope, o) {
  const w = new Walk(innerHeight, o.max_visit);
  const root = { el: scope, kind: NODE_CONTAINER, role: '', parent: null, kids: [], depth: -1, pos: POS_IN };
  w.element(scope, root, false, 0, POS_IN);
  w.prune = false;
  w.limit = Math.max(w.kept, 0) + 2 * o.max_nodes;
  const below = w.deferred.filter((d) => d.pos === POS_BELOW);
  const above = w.deferred.filter((d) => d.pos === POS_ABOVE).reverse();   // nearest first
  for (const d of below.concat(above)) {
    if (w.stopped || w.kept >= w.limit) break;
    w.fill(d);
  }
  const t0 = performance.now();
  const counted = [0, 0, 0];
  for (const d of w.deferred) counted[d.pos] += census(d.el);
  unslot(root);
  return { root, visited: w.visited, stopped: w.stopped, deep: w.deep, census: counted, deferred: w.deferred.length,
           census_ms: Math.round(performance.now() - t0) };
}
