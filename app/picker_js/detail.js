// @module detail
// @imports text: CAPS, LINE_SEND, cut, capText; selector: uniqueSelector
// @exports boxModel, styleSubset, ancestry
// detail.js — the record fields only the `detailed` and `forensic` detail levels write (app/protocol/detail.py):
// the box model, a fixed computed-style subset, and the ancestry. Read from getComputedStyle (CSSOM §9), so a
// page's inline attributes cannot say something else than what is drawn.

// Computed properties `styles` lists, in this order (the colour/font/display ones are in the standard record).
const STYLE_PROPERTIES = [
  'position', 'top', 'right', 'bottom', 'left', 'z-index', 'box-sizing', 'width', 'height', 'min-width',
  'max-width', 'min-height', 'max-height', 'overflow', 'opacity', 'visibility', 'line-height', 'letter-spacing',
  'text-align', 'text-transform', 'text-decoration-line', 'white-space', 'border-radius', 'border-style',
  'border-color', 'box-shadow', 'outline', 'transform', 'transition-property', 'animation-name', 'cursor',
  'pointer-events', 'flex-direction', 'flex-wrap', 'justify-content', 'align-items', 'align-self', 'flex',
  'gap', 'grid-template-columns', 'grid-template-rows', 'order', 'float',
];
// Longest value kept per property (a long box-shadow or grid template stays readable on one line).
const STYLE_VALUE_CAP = 120;
// Ancestors listed at most (nearest first); the rest are counted on a last line.
const ANCESTRY_MAX = 40;

function px(v) { const n = parseFloat(v); return Number.isFinite(n) ? String(Math.round(n * 100) / 100) : '0'; }
function sides(cs, prefix, suffix) {
  return ['top', 'right', 'bottom', 'left'].map((s) => px(cs.getPropertyValue(`${prefix}-${s}${suffix}`))).join(' ');
}

// `margin T R B L; border T R B L; padding T R B L; content W×H` in CSS px (content: the content box).
function boxModel(el) {
  const cs = getComputedStyle(el);
  const r = el.getBoundingClientRect();
  const w = (a, b) => parseFloat(cs.getPropertyValue(a)) + parseFloat(cs.getPropertyValue(b)) || 0;
  const cw = Math.max(0, r.width - w('border-left-width', 'border-right-width') - w('padding-left', 'padding-right'));
  const ch = Math.max(0, r.height - w('border-top-width', 'border-bottom-width') - w('padding-top', 'padding-bottom'));
  return cut(`margin ${sides(cs, 'margin', '')}; border ${sides(cs, 'border', '-width')}; `
    + `padding ${sides(cs, 'padding', '')}; content ${px(cw)}x${px(ch)}`, LINE_SEND);
}

// `name: value; …` for STYLE_PROPERTIES, values as computed.
function styleSubset(el) {
  const cs = getComputedStyle(el);
  return cut(STYLE_PROPERTIES.map((p) => `${p}: ${cut(cs.getPropertyValue(p).trim(), STYLE_VALUE_CAP)}`).join('; '),
    LINE_SEND);
}

// The ancestors of `el`, nearest first, one line each: `tag selector` (the selector unique within that
// node's own root); `#shadow-root (open)` where an open shadow root is crossed to its host.
function ancestry(el) {
  const lines = [];
  let node = el, more = 0;
  for (;;) {
    let parent = node.parentNode;
    if (parent instanceof ShadowRoot) {
      if (lines.length < ANCESTRY_MAX) lines.push(`#shadow-root (${parent.mode})`);
      parent = parent.host;
    }
    if (!parent || parent.nodeType !== Node.ELEMENT_NODE) break;
    node = parent;
    if (lines.length >= ANCESTRY_MAX) { more++; continue; }
    lines.push(`${node.localName} ${uniqueSelector(node) || ''}`.trim());
  }
  if (more) lines.push(`… ${more} more`);
  return capText(lines.join('\n'), CAPS.context);
}
