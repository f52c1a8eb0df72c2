// @module snapshot
// @imports snapshot_tree: buildTree; snapshot_lines: selectLines; refs: DOC_ID, pruneRefs, resolveRef; frames: frameInfo, resolveChain; redact: isRedacted, REDACTED
// @imports revision: settleRevision, onPageChange, watchRevisions
// @exports snapshotDocument, resolveSnapshotRef, stopSnapshots
// snapshot.js — this document's part of the agent snapshot (the host stitches frames and keeps the modes; see
// app/tabs/snapshot.py). The document's one MutationObserver and its events (revision.js) mark it changed, and
// the window's size and scroll position and the shown form controls' state (a script can set a value or
// `checked` without any event) are compared; a request that names the previous answer of an unchanged document
// gets {unchanged: true} without walking it again. (An inner scroller's scroll is seen with its scroll event,
// one frame later; a layout change with no DOM change and no such event — a web font loading — is not seen.)

const KEEP_SNAPSHOTS = 32;   // refs shown in the last this-many snapshots of the document stay resolvable

let seq = 0;            // this document's answers, counted
let dirty = true;       // something observable changed since the last answer
let lastKey = '';       // the options of the last answer
let watching = false;
let controls = [];      // the form controls the last answer showed …
let controlState = '';  // … and their state then: a value or checked set by a script fires no event

// The state of `list` (form controls) as one string, compared in this world only (never sent: it holds values).
function stateOf(list) {
  return list.map((el) => [el.isConnected, el.disabled, el.checked, el.indeterminate, el.selectedIndex,
    el.value.length, el.value.length > 2000 ? el.value.slice(0, 2000) : el.value].join('\u0001')).join('\u0002');
}

function markDirty() { dirty = true; }

function watch() {
  if (watching) return;
  watching = true;
  watchRevisions();
  onPageChange(markDirty);
}

// Stop watching the document (the instance is being replaced: main.js destroy(), which stops revision.js too).
function stopSnapshots() {
  watching = false;
  controls = [];
  dirty = true;
}

function scopeOf(selector) {
  if (!selector) return { el: document.body || document.documentElement };
  const found = resolveChain(selector);
  if (found.error) return { error: 'bad_selector', message: found.error };
  if (found.frame) return { frame: found.frame, rest: found.rest };
  if (found.count !== 1) return { error: 'count', count: found.count, step: found.step };
  return { el: found.el };
}

// `o`: {max_chars, max_nodes, name_max, max_visit, ref_extra, selector, since}. Returns this document's part:
// {doc, seq, unchanged: true} when nothing changed since answer `since` with the same options; {doc, seq,
// frame, rest} when `selector` goes into an iframe (the host goes on there); {error, …} for a selector that
// does not name one element; else {doc, seq, lines, frames: [{line, index, name, selector, rect, visible}],
// chars, counts, visited, stopped, deep, viewport}.
function snapshotDocument(o) {
  watch();
  // The window's scroll position is part of the key: a scroll event comes only with the next frame.
  const key = JSON.stringify([o.max_chars, o.max_nodes, o.name_max, o.ref_extra, o.indent, o.selector || '', innerWidth,
                              innerHeight, scrollX, scrollY]);
  settleRevision(false);
  if (!dirty && o.since === seq && key === lastKey && seq > 0 && stateOf(controls) === controlState) {
    return { doc: DOC_ID, seq, revision: settleRevision(false), unchanged: true };
  }
  const scope = scopeOf(o.selector);
  if (scope.error || scope.frame) return { doc: DOC_ID, seq, ...scope };
  seq += 1;
  dirty = false;
  lastKey = key;
  const t0 = performance.now();
  if (scope.el !== document.body && scope.el !== document.documentElement && isRedacted(scope.el)) {
    return { doc: DOC_ID, seq, lines: [[0, 'generic "' + REDACTED + '"', '', '']], frames: [], chars: 0,
             counts: { candidates: 1, shown: 1, cut: 0, above: 0, below: 0, clipped: 0 }, visited: 0 };
  }
  const tree = buildTree(scope.el, o);
  const t1 = performance.now();
  const picked = selectLines(tree.root, { ...o, seq });
  // Outside the viewport: the census of the deferred subtrees (walked or not) less what is shown, but never
  // fewer than the walked lines left out.
  const c = picked.counts;
  c.above = Math.max(c.above, tree.census[0] - c.shown_above);
  c.below = Math.max(c.below, tree.census[2] - c.shown_below);
  pruneRefs(seq - KEEP_SNAPSHOTS);
  controls = picked.controls;
  controlState = stateOf(controls);
  const frames = picked.frames.map(({ line, el }) => {
    const info = frameInfo(el);
    const r = info.rect;
    return { line, ...info, visible: r.width > 0 && r.height > 0 && r.y < innerHeight && r.y + r.height > 0
                                      && r.x < innerWidth && r.x + r.width > 0 };
  });
  // Mutations made while walking (none of pagenote's own) must not count as changes for the next answer.
  const revision = settleRevision(true);
  return { doc: DOC_ID, seq, revision, lines: picked.lines, frames, chars: picked.chars, counts: picked.counts,
           visited: tree.visited, stopped: tree.stopped, deep: tree.deep, deferred: tree.deferred,
           ms: { walk: Math.round(t1 - t0), census: tree.census_ms, lines: Math.round(performance.now() - t1) },
           viewport: { width: innerWidth, height: innerHeight, scroll_y: scrollY } };
}

function resolveSnapshotRef(ref, doc, snapshotSeq) { return resolveRef(ref, doc, snapshotSeq); }
