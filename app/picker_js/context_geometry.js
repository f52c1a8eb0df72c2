// @module context_geometry
// @imports geometry: elementBox; frames: deepElementAt; style: hexColor; text: cut
// @exports nodeGeometry, uiRecord, round2
// context_geometry.js — the page-context record's geometry and UI record of one element: what the browser
// computed (getBoundingClientRect, getClientRects, getComputedStyle, elementFromPoint), no guessing.
//
// Spaces (CSS px, never multiplied by the DPR): `viewport` (the layout viewport's top-left, as
// getBoundingClientRect), `document` (viewport + the window's scroll offset; null for an element drawn
// fixed — itself or an ancestor position: fixed — or sticky, whose place in the document moves with
// scrolling: CSS Positioned Layout 3 §3), `normalized` (viewport / the layout viewport's size: 0..1 inside it,
// < 0 or > 1 outside). An inline element broken across lines lists its `boxes` (getClientRects).

const BOXES_MAX = 16;
const ANCESTORS_MAX = 256;
const SAMPLE_AT = [[0.5, 0.5], [0.25, 0.25], [0.75, 0.25], [0.25, 0.75], [0.75, 0.75]];

function round2(v) { return Math.round(v * 100) / 100; }
function round4(v) { return Math.round(v * 10000) / 10000; }

function rectOf(r) { return { x: round2(r.x), y: round2(r.y), width: round2(r.width), height: round2(r.height) }; }

function intersect(a, b) {
  if (!a || !b) return null;
  const x = Math.max(a.x, b.x), y = Math.max(a.y, b.y);
  const w = Math.min(a.x + a.width, b.x + b.width) - x, h = Math.min(a.y + a.height, b.y + b.height) - y;
  return w > 0 && h > 0 ? { x, y, width: w, height: h } : null;
}

function parentOf(n) {
  if (n.parentElement) return n.parentElement;
  const root = n.parentNode;
  return root instanceof ShadowRoot ? root.host : null;
}

// One walk up the ancestors: the first fixed or sticky position (CSS Positioned Layout 3), whether a
// transform applies (CSS Transforms 1/2: transform, translate, rotate, scale), the nearest scroll container
// (CSS Overflow 3 §3: overflow other than visible/clip) and the clip rects of the scrollers and clippers
// between the element and the viewport (a fixed element escapes those above it).
function ancestry(el) {
  const out = { anchor: '', transformed: false, scroller: null, clips: [] };
  let i = 0;
  for (let n = el; n && i < ANCESTORS_MAX; n = parentOf(n), i++) {
    const cs = getComputedStyle(n);
    if (!out.transformed && (cs.transform !== 'none' || cs.translate !== 'none' || cs.rotate !== 'none' || cs.scale !== 'none')) {
      out.transformed = true;
    }
    if (n !== el && n !== document.documentElement && n !== document.body && out.anchor !== 'fixed') {
      const ox = cs.overflowX, oy = cs.overflowY;
      if (ox !== 'visible' || oy !== 'visible') {
        const r = n.getBoundingClientRect();
        out.clips.push({ x: r.left + n.clientLeft, y: r.top + n.clientTop, width: n.clientWidth, height: n.clientHeight });
        const scrolls = (v) => v === 'auto' || v === 'scroll' || v === 'hidden';
        if (!out.scroller && (scrolls(ox) || scrolls(oy))) out.scroller = n;
      }
    }
    if (!out.anchor && (cs.position === 'fixed' || cs.position === 'sticky')) out.anchor = cs.position;
  }
  return out;
}

// Whether `hit` is `el` or inside it (open shadow trees included).
function owns(el, hit) {
  for (let n = hit, i = 0; n && i < ANCESTORS_MAX; n = parentOf(n), i++) if (n === el) return true;
  return false;
}

// Hit tests at up to five points of the visible part of each box: {occluded, covered: 'k/n', by: element}.
function occlusion(el, visibleBoxes) {
  let n = 0, k = 0, by = null;
  for (const b of visibleBoxes.slice(0, 4)) {
    for (const [fx, fy] of (visibleBoxes.length > 1 ? SAMPLE_AT.slice(0, 1) : SAMPLE_AT)) {
      const x = b.x + b.width * fx, y = b.y + b.height * fy;
      const hit = deepElementAt(x, y);
      n += 1;
      if (hit && !owns(el, hit)) { k += 1; by = by || hit; }
    }
  }
  return n ? { occluded: k > 0, covered: `${k}/${n}`, by } : { occluded: null, covered: '0/0', by: null };
}

// The geometry of `el` (module header): {box, viewport, document, normalized, boxes?, visible_ratio,
// occluded, covered, covered_by (an element, the caller names it), position, anchor ('document' |
// 'fixed' | 'sticky'), transformed, scroller (element or null: the document)}. Without a box (hidden,
// detached, zero-size: geometry.js) every rect is null.
function nodeGeometry(el, full) {
  const b = elementBox(el);
  const cs = getComputedStyle(el);
  const vw = innerWidth, vh = innerHeight;
  const out = { box: b.kind, viewport: b.rect && rectOf(b.rect), position: cs.position };
  const up = ancestry(el);
  out.anchor = up.anchor || 'document';
  if (!b.rect) {
    Object.assign(out, { document: null, normalized: null, visible_ratio: 0, occluded: null });
    return full ? { ...out, transformed: up.transformed, scroller: up.scroller, covered: '0/0', covered_by: null } : out;
  }
  const r = b.rect;
  out.document = up.anchor ? null : rectOf({ x: r.x + scrollX, y: r.y + scrollY, width: r.width, height: r.height });
  out.normalized = { x: round4(r.x / vw), y: round4(r.y / vh), width: round4(r.width / vw), height: round4(r.height / vh) };
  const rects = b.kind ? [r] : Array.from(el.getClientRects()).filter((c) => c.width || c.height)
    .map((c) => ({ x: c.left, y: c.top, width: c.width, height: c.height }));
  if (rects.length > 1) {
    out.boxes = rects.slice(0, BOXES_MAX).map((c) => ({
      viewport: rectOf(c),
      document: up.anchor ? null : rectOf({ x: c.x + scrollX, y: c.y + scrollY, width: c.width, height: c.height }) }));
    if (rects.length > BOXES_MAX) out.boxes_cut = rects.length - BOXES_MAX;
  }
  const view = { x: 0, y: 0, width: vw, height: vh };
  const visible = [];
  let area = 0, seen = 0;
  for (const c of rects) {
    area += c.width * c.height;
    let v = intersect(c, view);
    for (const clip of up.clips) v = intersect(v, clip);
    if (v) { seen += v.width * v.height; visible.push(v); }
  }
  out.visible_ratio = area > 0 ? round4(Math.min(1, seen / area)) : 0;
  if (!full) return out;
  const occ = occlusion(el, visible);
  Object.assign(out, { occluded: occ.occluded, covered: occ.covered, covered_by: occ.by, transformed: up.transformed,
                       scroller: up.scroller });
  return out;
}

function px(v) { const n = parseFloat(v); return Number.isFinite(n) ? round2(n) : 0; }

function sides(cs, prefix, suffix) {
  return { top: px(cs[prefix + 'Top' + suffix]), right: px(cs[prefix + 'Right' + suffix]),
           bottom: px(cs[prefix + 'Bottom' + suffix]), left: px(cs[prefix + 'Left' + suffix]) };
}

const CONTAINS_STACKING = /\b(layout|paint|strict|content)\b/;
const WILL_CHANGE_STACKING = /\b(opacity|transform|translate|rotate|scale|filter|backdrop-filter|perspective|clip-path|mask|mask-image|isolation|mix-blend-mode|position|z-index|contain)\b/;

// Why `el` starts a stacking context, from its computed values (CSS Positioned Layout 3 §"stacking context";
// the list MDN "Stacking context" keeps), or '' when it does not.
function stackingReason(el, cs) {
  if (el === document.documentElement) return 'root element';
  const pos = cs.position;
  if (pos === 'fixed' || pos === 'sticky') return 'position: ' + pos;
  if (cs.zIndex !== 'auto' && (pos === 'absolute' || pos === 'relative')) return `position: ${pos} with z-index`;
  const parent = parentOf(el);
  if (cs.zIndex !== 'auto' && parent && /flex|grid/.test(getComputedStyle(parent).display)) return 'flex or grid item with z-index';
  if (parseFloat(cs.opacity) < 1) return 'opacity < 1';
  if (cs.mixBlendMode !== 'normal') return 'mix-blend-mode';
  for (const p of ['transform', 'translate', 'rotate', 'scale', 'filter', 'backdropFilter', 'perspective', 'clipPath']) {
    if (cs[p] && cs[p] !== 'none') return p.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase());
  }
  if (cs.maskImage && cs.maskImage !== 'none') return 'mask-image';
  if (cs.isolation === 'isolate') return 'isolation: isolate';
  if (cs.willChange && WILL_CHANGE_STACKING.test(cs.willChange)) return 'will-change';
  if (cs.contain && CONTAINS_STACKING.test(cs.contain)) return 'contain';
  if (cs.containerType === 'size' || cs.containerType === 'inline-size') return 'container-type';
  return '';
}

// The UI record of `el`: margin, border width and padding (physical sides, px), box-sizing, writing-mode,
// direction, display, font, colours (#RRGGBB[AA]), z-index and the stacking context it starts (why, or '').
function uiRecord(el) {
  const cs = getComputedStyle(el);
  return {
    margin: sides(cs, 'margin', ''), border: sides(cs, 'border', 'Width'), padding: sides(cs, 'padding', ''),
    box_sizing: cs.boxSizing, writing_mode: cs.writingMode, direction: cs.direction, display: cs.display,
    font: { family: cut(cs.fontFamily, 120), size: px(cs.fontSize), weight: cs.fontWeight, style: cs.fontStyle,
            line_height: cs.lineHeight },
    color: hexColor(cs.color), background: hexColor(cs.backgroundColor), z_index: cs.zIndex,
    stacking_context: stackingReason(el, cs),
  };
}
