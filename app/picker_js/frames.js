// @module frames
// @imports text: CAPS, cut; redact: redactUrl; selector: uniqueSelector; chain: CHAIN, MAX_DEPTH, splitChain; pins: overlay
// @exports isFrame, frameElements, frameContentRect, frameInfo, looksClosedHost, deepElementAt, deepElementsAt, resolveChain
// frames.js — crossing boundaries. Open shadow roots are crossed here (deep hit testing, chained
// selectors `host >> inner`); iframes are crossed by the host: this side only says which iframe a point or a
// chain step lands on (its index among the document's frames, name, selector, content box), and the host
// routes the rest of the work into that child frame's own copy of this script (QWebEngineFrame, Qt ≥ 6.8 —
// which reaches cross-origin frames too, with no message passing the page could see or forge).

function isFrame(el) { return !!el && (el.localName === 'iframe' || el.localName === 'frame'); }

function frameElements() { return Array.from(document.querySelectorAll('iframe, frame')); }

// The iframe's content box (where its document's viewport starts) in viewport CSS px.
function frameContentRect(f) {
  const r = f.getBoundingClientRect();
  const cs = getComputedStyle(f);
  const left = r.left + parseFloat(cs.borderLeftWidth) + parseFloat(cs.paddingLeft);
  const top = r.top + parseFloat(cs.borderTopWidth) + parseFloat(cs.paddingTop);
  return { x: left, y: top, width: f.clientWidth, height: f.clientHeight };
}

function frameInfo(f) {
  return { index: frameElements().indexOf(f), name: f.getAttribute('name') || f.getAttribute('id') || '',
           selector: uniqueSelector(f), rect: frameContentRect(f), src: cut(redactUrl(f.src || ''), CAPS.attr) };
}

// Heuristic for a closed shadow root (no API reveals one to another world): a defined custom element with
// no open root and no light-DOM child under the point still renders something of its own.
function looksClosedHost(el, x, y) {
  if (!el.localName.includes('-') || el.shadowRoot || !el.matches(':defined')) return false;
  for (const child of el.children) {
    const r = child.getBoundingClientRect();
    if (x >= r.left && x <= r.right && y >= r.top && y <= r.bottom) return false;
  }
  const r = el.getBoundingClientRect();
  return r.width > 0 && r.height > 0;
}

// Deepest element at a viewport point, through open shadow roots; a closed root stops at its host.
function deepElementAt(x, y) {
  let el = document.elementFromPoint(x, y);
  if (!el || el === overlay.host) return null;
  for (let i = 0; i < MAX_DEPTH && el.shadowRoot; i++) {
    const inner = el.shadowRoot.elementFromPoint(x, y);
    if (!inner || inner === el) break;
    el = inner;
  }
  return el;
}

// Every element hit at a viewport point, topmost first (the hit-test stack: document.elementsFromPoint),
// with each open shadow root's own stack spliced in just before its host (the shadow content paints on the
// host), recursively up to MAX_DEPTH roots; a closed root stays its host. Without pagenote's overlay host,
// each element once. Includes the ancestors that are hit (…, body, html); skips pointer-events: none.
function deepElementsAt(x, y) {
  const out = [];
  const seen = new Set();
  const visit = (list, scope, depth) => {
    for (const el of list) {
      if (el === overlay.host || seen.has(el) || el.getRootNode() !== scope) continue;
      if (el.shadowRoot && depth < MAX_DEPTH) visit(el.shadowRoot.elementsFromPoint(x, y), el.shadowRoot, depth + 1);
      if (!seen.has(el)) { seen.add(el); out.push(el); }
    }
  };
  visit(document.elementsFromPoint(x, y), document, 0);
  return out;
}

// Resolve a chained selector step by step: {count, el} for the final element (count !== 1: not unique),
// {frame, rest} when a step is an iframe (the host continues with `rest` in that frame), {error} otherwise.
function resolveChain(selector) {
  const parts = splitChain(selector);
  let root = document;
  for (let i = 0; i < parts.length; i++) {
    let list;
    try { list = Array.from(root.querySelectorAll(parts[i])).filter((e) => e !== overlay.host); }
    catch (e) { return { error: `not a valid CSS selector: ${parts[i]} (${e.message || e})` }; }
    if (list.length !== 1) return { count: list.length, step: parts[i] };
    const el = list[0];
    if (i === parts.length - 1) return { count: 1, el };
    if (isFrame(el)) return { frame: frameInfo(el), rest: parts.slice(i + 1).join(CHAIN) };
    if (!el.shadowRoot) {
      return { error: `${parts[i]} is neither an iframe nor the host of an open shadow root, so '>>' cannot go into it` };
    }
    root = el.shadowRoot;
  }
  return { count: 0 };
}
