// @module context
// @imports revision: currentRevision, settleRevision, trackRef, trackedElement; refs: DOC_ID, refFor, refElement
// @imports role: role; name: accessibleName; locators: LOCATOR_SKIP_ROLES; context_locators: locatorMemo, contextLocators
// @imports frames: resolveChain, isFrame; redact: redactUrl; text: cut; overlay: HOST_TAG
// @imports context_geometry: nodeGeometry, uiRecord, round2
// @exports pageContext
// context.js — this document's page-context read: a bounded fact record bound to the document's revision
// (revision.js). `detail` 'summary' (ref, role, name, viewport box and visible ratio), 'semantic' (+ ranked
// locators in the `Locators:` grammar and the geometry in three spaces, occlusion, position, transform, scroll
// container: context_geometry.js), 'forensic' (+ the UI record). Nodes: the scope element (a ref or a
// selector) first, then every element under it with a role other than generic/none/presentation and a box,
// in tree order (open shadow trees included, iframes' documents not). The read is synchronous, so the page's
// scripts cannot run inside it; it states the revision it was taken at and refuses a revision other than the
// one a cursor names (the host makes that CURSOR_EXPIRED). No value of any form field is read.

const NAME_MAX = 240;
const WALK_MAX = 200000;   // elements one read visits at most

function childElements(el) {
  const kids = Array.from(el.children);
  return el.shadowRoot ? Array.from(el.shadowRoot.children).concat(kids) : kids;
}

function drawn(el) {
  return el.getClientRects().length > 0 || getComputedStyle(el).display === 'contents';
}

// Elements under `root` (itself first) that are nodes of the record, lazily, in tree order; hidden subtrees
// (no box, not display: contents) are skipped whole.
function* candidates(root, withRoot) {
  if (withRoot) yield root;
  const stack = childElements(root).reverse();
  let visited = 0;
  while (stack.length && visited++ < WALK_MAX) {
    const el = stack.pop();
    if (el.localName === HOST_TAG || !drawn(el)) continue;
    if (!LOCATOR_SKIP_ROLES.has(role(el))) yield el;
    if (isFrame(el)) continue;
    const kids = childElements(el);
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
  }
}

function refName(el) {
  const ref = refFor(el);
  trackRef(ref, el);
  return ref;
}

function pageRecord() {
  const vv = globalThis.visualViewport;
  return {
    url: cut(redactUrl(location.href), 2000), title: cut(document.title, NAME_MAX),
    layout_viewport: { width: innerWidth, height: innerHeight,
                       client_width: document.documentElement.clientWidth, client_height: document.documentElement.clientHeight },
    scroll: { x: round2(scrollX), y: round2(scrollY) },
    dpr: devicePixelRatio,
    visual_viewport: vv ? { offset_left: round2(vv.offsetLeft), offset_top: round2(vv.offsetTop), page_left: round2(vv.pageLeft),
                            page_top: round2(vv.pageTop), width: round2(vv.width), height: round2(vv.height), scale: vv.scale }
                        : null,
    document_size: { width: document.documentElement.scrollWidth, height: document.documentElement.scrollHeight },
  };
}

const ms = { name: 0, geometry: 0, locators: 0 };

function nodeRecord(el, detail, sources, memo) {
  let t = performance.now();
  const r = role(el);
  const node = { ref: refName(el), role: r || 'generic', name: cut(accessibleName(el), NAME_MAX), tag: el.localName };
  const full = detail !== 'summary';
  ms.name += performance.now() - t; t = performance.now();
  const g = nodeGeometry(el, full);
  ms.geometry += performance.now() - t; t = performance.now();
  if (full) {
    const made = contextLocators(el, memo, sources);
    const selector = made.selector;
    node.locators = made.locators;
    ms.locators += performance.now() - t;
    if (g.covered_by) g.covered_by = { ref: refName(g.covered_by), role: role(g.covered_by) || 'generic' };
    g.scroll_container = g.scroller ? refName(g.scroller) : 'document';
    delete g.scroller;
    node.geometry = g;
    if (sources && selector && !(el.getRootNode() instanceof ShadowRoot)) node.source_selector = selector;
  } else {
    node.geometry = { box: g.box, viewport: g.viewport, visible_ratio: g.visible_ratio, anchor: g.anchor };
  }
  return node;
}

function scopeRoot(o) {
  if (o.scope === 'ref') {
    const el = trackedElement(o.target) || refElement(o.target, DOC_ID, Infinity).el;
    return el && el.isConnected ? { el } : { error: 'ref' };
  }
  if (o.scope === 'selector') {
    const found = resolveChain(o.target);
    if (found.error) return { error: 'bad_selector', message: found.error };
    if (found.frame) return { error: 'frame' };
    if (found.count !== 1) return { error: 'count', count: found.count, step: found.step };
    return { el: found.el };
  }
  return { el: document.documentElement, page: true };
}

// `o`: {detail, scope ('page' | 'ref' | 'selector'), target, max_nodes, max_chars, offset, revision (a
// cursor's, or null), sources (name source_selector per node)}. Returns {doc, revision, page, nodes,
// next_offset (null: nothing left), chars} or {doc, revision, expired: true} (the cursor's revision is not
// the document's now) or {doc, revision, error: 'ref' | 'bad_selector' | 'frame' | 'count', …}.
function pageContext(o) {
  const revision = currentRevision();
  if (o.revision !== null && o.revision !== undefined && o.revision !== revision) {
    return { doc: DOC_ID, revision, expired: true };
  }
  const scope = scopeRoot(o);
  if (scope.error) return { doc: DOC_ID, revision, ...scope };
  const t0 = performance.now();
  for (const k of Object.keys(ms)) ms[k] = 0;
  const page = pageRecord();
  let chars = JSON.stringify(page).length;
  const nodes = [];
  const memo = locatorMemo();
  let index = 0;
  let next = null;
  for (const el of candidates(scope.el, !scope.page)) {
    if (index++ < o.offset) continue;
    if (nodes.length >= o.max_nodes) { next = index - 1; break; }
    const node = nodeRecord(el, o.detail, o.sources, memo);
    let size = JSON.stringify(node).length + 1;
    if (o.detail === 'forensic') {
      const ui = uiRecord(el);
      const uiSize = JSON.stringify(ui).length + 6;
      if (chars + size + uiSize <= o.max_chars) { node.ui = ui; size += uiSize; }
      else node.ui_dropped = `the UI record (${uiSize} chars) does not fit the budget`;
      size = JSON.stringify(node).length + 1;
    }
    if (chars + size > o.max_chars && nodes.length) { next = index - 1; break; }
    nodes.push(node);
    chars += size;
  }
  // Nothing of the page's ran during the read; records queued by the read itself (none expected) count.
  const after = settleRevision(false);
  const timing = { total: Math.round(performance.now() - t0) };
  for (const k of Object.keys(ms)) timing[k] = Math.round(ms[k]);
  for (const k of Object.keys(memo.ms)) timing['locators_' + k] = Math.round(memo.ms[k]);
  return { doc: DOC_ID, revision, changing: after !== revision, page, nodes, next_offset: next, chars, ms: timing };
}
