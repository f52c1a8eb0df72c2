// @module snapshot_tree
// @imports snapshot_node: SKIP_TAGS, BLOCK_TAGS, NODE_TRANSPARENT, NODE_CONTAINER, NODE_NAMED, NODE_LEAF, nodeKind, textPiece, clip, lineHead, lineTail
// @imports text: squash; redact: REDACT_ATTR, REDACTED; overlay: HOST_TAG; refs: refFor, noteRef
// @exports POS_ABOVE, POS_IN, POS_BELOW, buildTree, selectLines
// snapshot_tree.js — the agent snapshot of one document in two passes (Playwright's ariaSnapshot.ts does the
// same: build the tree, then render): buildTree walks the rendered DOM once — cheap checks per element, no
// names, no innerText, at most `max_visit` elements, at most a few hundred code units of any text node — into
// a tree of the elements that get lines (snapshot_node.js kinds) with their text runs; selectLines then picks
// lines within the budget, viewport first (what is in the viewport, then below it, then above it, each in
// document order, every line with its ancestors' lines), computes names only for the lines it keeps, and
// renders them as [depth, head, ref, tail].

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

function posOf(el, fallback, vh) {
  const r = el.getBoundingClientRect();
  if (!r.width && !r.height) return fallback;
  return r.bottom <= 0 ? POS_ABOVE : r.top >= vh ? POS_BELOW : POS_IN;
}

function lastText(owner) {
  const last = owner.kids[owner.kids.length - 1];
  return last && last.raw !== undefined ? last : null;
}

function separate(owner) {
  const t = lastText(owner);
  if (t && t.raw.length < TEXT_KEEP) t.raw += ' ';
}

function addText(owner, t, parentEl) {
  if (owner.kind === NODE_NAMED || owner.kind === NODE_LEAF || !t.length) return;
  const item = lastText(owner);
  if (item && item.raw.length >= TEXT_KEEP) { item.cut = true; return; }
  const piece = textPiece(t, TEXT_READ);
  const cut = t.length > TEXT_READ;
  if (item) { item.raw += piece; item.cut = item.cut || cut; return; }
  if (!/\S/.test(piece)) return;
  owner.kids.push({ raw: piece, cut, el: parentEl, parent: owner, pos: null });
}

class Walk {
  constructor(vh, maxVisit) {
    this.vh = vh;
    this.maxVisit = maxVisit;
    this.visited = 0;
    this.stopped = false;   // max_visit reached: the counts are lower bounds
    this.deep = 0;
  }

  children(el, owner, underNamed, depth) {
    let textVisible = null;   // text directly in `el` is shown only when `el` is visible (CSS visibility)
    for (const c of childrenOf(el)) {
      if (this.stopped) return;
      if (c.nodeType === Node.TEXT_NODE) {
        if (underNamed) continue;   // an ancestor's line (a name, a label's control) already says it
        if (textVisible === null) textVisible = el.checkVisibility({ visibilityProperty: true });
        if (textVisible) addText(owner, c, el);
      } else if (c.nodeType === Node.ELEMENT_NODE) {
        this.element(c, owner, underNamed, depth + 1);
      }
    }
  }

  element(el, owner, underNamed, depth) {
    if (++this.visited > this.maxVisit) { this.stopped = true; return; }
    const tag = el.localName;
    if (SKIP_TAGS.has(tag) || tag === HOST_TAG || el.getAttribute('aria-hidden') === 'true') return;
    let contents = false;
    if (!el.checkVisibility()) {   // display: none here or above, or no box: nothing below is drawn …
      if (getComputedStyle(el).display !== 'contents') return;
      contents = true;             // … except display: contents, which draws its children
    }
    if (depth > MAX_DEPTH) { this.deep++; return; }
    if (el.hasAttribute(REDACT_ATTR)) {   // redact.js: nothing of it is read
      const k = nodeKind(el, false);
      owner.kids.push({ el, kind: NODE_LEAF, role: k.role || 'generic', redacted: true, parent: owner, kids: [],
                        depth: owner.depth + 1, pos: posOf(el, owner.pos, this.vh) });
      return;
    }
    const k = nodeKind(el, underNamed);
    const block = BLOCK_TAGS.has(tag);
    if (k.kind === NODE_TRANSPARENT || (!contents && !el.checkVisibility({ visibilityProperty: true }))) {
      // A <label>'s words are its control's accessible name (HTML §4.10.4): said once, on the control's line.
      const labels = tag === 'label' && !!el.control;
      if (block) separate(owner);
      this.children(el, owner, underNamed || labels, depth);
      if (block) separate(owner);
      return;
    }
    const node = { el, kind: k.kind, role: k.role, parent: owner, kids: [], depth: owner.depth + 1,
                   pos: posOf(el, owner.pos, this.vh) };
    owner.kids.push(node);
    if (k.kind !== NODE_LEAF) this.children(el, node, underNamed || k.kind === NODE_NAMED, depth);
  }
}

// The tree of lines under `scope` (an element; document.body by default): {root, visited, stopped, deep}.
// root.kids: nodes {el, kind, role, parent, kids, depth, pos} and text runs {raw, cut, el, parent}.
function buildTree(scope, maxVisit) {
  const w = new Walk(innerHeight, maxVisit);
  const root = { el: scope, kind: NODE_CONTAINER, role: '', parent: null, kids: [], depth: -1, pos: POS_IN };
  w.element(scope, root, false, 0);
  return { root, visited: w.visited, stopped: w.stopped, deep: w.deep };
}

// A container whose only content is one run of text shows it on its own line (`- paragraph: …`).
function foldText(node) {
  for (const k of node.kids) if (k.kids) foldText(k);
  if (node.parent && node.kind === NODE_CONTAINER && node.kids.length === 1 && node.kids[0].raw !== undefined) {
    node.text = node.kids[0];
    node.kids = [];
  }
}

function textOf(run, max) {
  const s = squash(run.raw);
  const [t, cut] = clip(run.cut && s.length < max ? s + '…' : s, max);
  return { t, cut: cut || run.cut };
}

// Pick and render lines. `o`: {max_chars, max_nodes, name_max, ref_extra (code units the host adds to each
// ref), indent (levels the host indents these lines by), seq}. Returns {lines: [[depth, head, ref, tail]],
// frames: [{line, el}], chars, counts: {candidates, shown, cut, above, below, clipped}}: `cut` counts the
// viewport's lines left out, `above`/`below` the lines outside the viewport left out, `clipped` the names,
// values and texts cut to `name_max`.
function selectLines(root, o, vh) {
  foldText(root);
  const buckets = [[], [], []];
  const order = (n) => {
    for (const k of n.kids) {
      if (k.raw !== undefined && k.pos === null) k.pos = posOf(k.el, n.pos, vh);
      buckets[k.pos].push(k);
      if (k.kids) order(k);
    }
  };
  order(root);
  let clipped = 0;
  const measure = (item) => {
    if (item.len !== undefined) return item.len;
    if (item.raw !== undefined) {
      const { t, cut } = textOf(item, o.name_max);
      clipped += cut ? 1 : 0;
      item.line = ['text', '', ': ' + t];
    } else if (item.redacted) {
      item.line = [item.role + ' "' + REDACTED + '"', refFor(item.el), ''];
    } else {
      const h = lineHead(item.el, item.kind, item.role, o.name_max);
      let { tail, cut } = lineTail(item.el, o.name_max);
      if (item.text) { const r = textOf(item.text, o.name_max); tail = ': ' + r.t; cut += r.cut ? 1 : 0; }
      clipped += h.cut + cut;
      item.name = h.name;
      item.line = [h.head, refFor(item.el), tail];
    }
    const [head, ref, tail] = item.line;
    item.len = 2 * (item.parent.depth + 1 + o.indent) + 2 + head.length + (ref ? 7 + ref.length + o.ref_extra : 0) + tail.length + 1;
    return item.len;
  };
  let nodes = 0, chars = 0, missed = [0, 0, 0];
  let full = false;
  for (const pos of [POS_IN, POS_BELOW, POS_ABOVE]) {
    for (const item of buckets[pos]) {
      if (full) { missed[pos]++; continue; }
      const chain = [];
      for (let a = item; a !== root && !a.sel; a = a.parent) chain.push(a);
      if (nodes + chain.length > o.max_nodes) { full = true; missed[pos]++; continue; }
      const cost = chain.reduce((sum, a) => sum + measure(a), 0);
      if (chars + cost > o.max_chars) { missed[pos]++; continue; }
      for (const a of chain) a.sel = true;
      nodes += chain.length;
      chars += cost;
    }
  }
  const lines = [], frames = [];
  const render = (n) => {
    for (const k of n.kids) {
      if (!k.sel) continue;
      const [head, ref, tail] = k.line;
      if (ref && !k.redacted) noteRef(ref, k.el, k.role, k.name, o.seq);
      if (k.role === 'iframe') frames.push({ line: lines.length, el: k.el });
      lines.push([k.parent.depth + 1, head, ref, tail]);
      if (k.kids) render(k);
    }
  };
  render(root);
  const candidates = buckets[0].length + buckets[1].length + buckets[2].length;
  return { lines, frames, chars, counts: { candidates, shown: nodes, cut: missed[POS_IN], above: missed[POS_ABOVE],
                                           below: missed[POS_BELOW], clipped } };
}
