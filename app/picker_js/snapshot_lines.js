// @module snapshot_lines
// @imports snapshot_node: NODE_CONTAINER, NODE_NAMED, clip, quoted, plain, lineHead, lineTail; snapshot_tree: POS_ABOVE, POS_IN, POS_BELOW
// @imports text: squash; redact: REDACTED; refs: refFor, noteRef
// @exports selectLines
// snapshot_lines.js — the agent snapshot of one document, second pass: pick the lines of snapshot_tree.js's
// tree within the budget, viewport first (what is in the viewport, then below it in document order, then
// above it nearest first; every line with its ancestors' lines), compute names only for the lines it keeps,
// and render them as [depth, head, ref, tail] in document order.

// A container whose only content is one run of text shows it on its own line (`- paragraph: …`).
function foldText(node) {
  for (const k of node.kids) if (k.kids) foldText(k);
  if (node.parent && node.kind === NODE_CONTAINER && node.kids.length === 1 && node.kids[0].raw !== undefined) {
    node.text = node.kids[0];
    node.kids = [];
  }
}

const FORM_CONTROL = new Set(['input', 'textarea', 'select']);

// A run of text that is only a separator between lines (`|`, `»`, `·`, a bracket): no line of its own.
const SEPARATOR = /^[^\p{L}\p{N}]{1,3}$/u;

function textOf(run, max) {
  const s = squash(run.raw);
  const [t, cut] = clip(run.cut && s.length < max ? s + '…' : s, max);
  return { t: plain(t), cut: cut || run.cut };
}

// Pick and render lines. `o`: {max_chars, max_nodes, name_max, ref_extra (code units the host adds to each
// ref), indent (levels the host indents these lines by), seq}. Returns {lines: [[depth, head, ref, tail]],
// frames: [{line, el}], controls (the form controls shown), chars, counts: {candidates, shown, cut, above,
// below, clipped, shown_above, shown_below}}: `cut` counts the viewport's lines left out, `above`/`below` the
// walked lines outside the viewport left out, `clipped` the names, values and texts cut to `name_max`,
// `shown_*` the lines shown from outside the viewport.
function selectLines(root, o) {
  foldText(root);
  const buckets = [[], [], []];
  const order = (n) => {
    for (const k of n.kids) {
      if (k.raw !== undefined && SEPARATOR.test(squash(k.raw))) continue;
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
    const refLength = ref ? ' [ref=]'.length + o.ref_extra + ref.length : 0;
    item.len = 2 * (item.parent.depth + 1 + o.indent) + '- '.length + head.length + refLength + tail.length + 1;
    return item.len;
  };
  let nodes = 0, chars = 0, missed = [0, 0, 0];
  let full = false;
  buckets[POS_ABOVE].reverse();   // nearest the viewport first
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
  // A container line with nothing to say (no name, no text) whose children were all left out is not shown.
  const empty = (k) => k.kind === NODE_CONTAINER && !k.name && !k.text && !k.kids.some((c) => c.sel);
  const lines = [], frames = [], controls = [], byPos = [0, 0, 0];
  let shown = 0;
  const render = (n) => {
    for (const k of n.kids) {
      if (!k.sel || (k.kids && empty(k))) continue;
      let [head, ref, tail] = k.line;
      // A line whose name is also the name of an element below it (a heading that is one link) leaves the
      // name to that element's line, so the words are said once.
      if (k.kind === NODE_NAMED && k.name && k.kids.some((c) => c.sel && c.name === k.name)) {
        head = head.replace(' ' + quoted(clip(k.name, o.name_max)[0]), '');
      }
      if (ref && !k.redacted) noteRef(ref, k.el, k.role, k.name, o.seq);
      if (k.role === 'iframe') frames.push({ line: lines.length, el: k.el });
      if (k.el && FORM_CONTROL.has(k.el.localName)) controls.push(k.el);
      lines.push([k.parent.depth + 1, head, ref, tail]);
      shown += k.len - (k.line[0].length - head.length);
      byPos[k.pos]++;
      if (k.kids) render(k);
    }
  };
  render(root);
  const candidates = buckets[0].length + buckets[1].length + buckets[2].length;
  const counts = { candidates, shown: lines.length, cut: missed[POS_IN], above: missed[POS_ABOVE],
                   below: missed[POS_BELOW], clipped, shown_above: byPos[POS_ABOVE], shown_below: byPos[POS_BELOW] };
  return { lines, frames, controls, chars: shown, counts };
}
