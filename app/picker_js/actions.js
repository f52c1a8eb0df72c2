// @module actions
// @imports refs: DOC_ID, refElement; frames: deepElementAt, frameInfo, isFrame; role: role; name: accessibleName; selector: uniqueSelector; text: cut, squash
// @exports actionTarget, focusForText, selectPlan, inputMark, inputSince, scrollState, revealFrame, frameAt
// actions.js — the page side of the agent's actions by ref. The input itself never comes from here: the host
// sends Qt mouse and key events to the view (app/webview/input.py), so the page sees trusted events
// (event.isTrusted), as from the user. This side finds the ref's element (the snapshot's private ref table,
// refs.js), scrolls it into view, picks its click point and hit-tests there (Playwright's actionability
// checks: attached, visible, stable box, enabled, receives events), and counts the trusted input events this
// document saw, so the host can tell whether its input reached this document.

const SEEN = ['pointerdown', 'mousedown', 'mouseup', 'click', 'dblclick', 'contextmenu', 'keydown', 'keyup', 'input',
              'wheel', 'mousemove', 'dragstart', 'drop'];
const SEEN_KEEP = 64;
let seenCount = 0;
const seenLog = [];   // [n, type] of the newest trusted events, at most SEEN_KEEP
const seenByType = {};   // type -> how many trusted events of that type this document saw (never capped)
let watching = false;

function watchInput() {
  if (watching) return;
  watching = true;
  for (const type of SEEN) {
    window.addEventListener(type, (e) => {
      if (!e.isTrusted) return;
      seenCount += 1;
      seenByType[type] = (seenByType[type] || 0) + 1;
      seenLog.push([seenCount, type]);
      if (seenLog.length > SEEN_KEEP) seenLog.shift();
    }, { capture: true, passive: true });
  }
}

// Where this document's count of trusted input events stands: {doc, n, counts} (counts: type -> events so far).
function inputMark() { watchInput(); return { doc: DOC_ID, n: seenCount, counts: { ...seenByType } }; }

// The trusted input events this document saw after mark `n`: {doc, n, types, counts} (types oldest first, at
// most SEEN_KEEP; counts: type -> events so far, uncapped, so a host that sent k keys can wait for the k-th
// keyup however long the text).
function inputSince(n) {
  watchInput();
  return { doc: DOC_ID, n: seenCount, types: seenLog.filter(([i]) => i > n).map(([, t]) => t), counts: { ...seenByType } };
}

function describe(el) {
  if (!el) return { role: '', name: '', selector: '' };
  return { role: role(el) || el.localName, name: cut(squash(accessibleName(el)), 80), selector: uniqueSelector(el) || el.localName };
}

// `a` contains `b`, through open shadow roots (b's hosts count as b's ancestors).
function deepContains(a, b) {
  for (let n = b; n; ) {
    if (n === a) return true;
    if (n.parentNode) n = n.parentNode;
    else if (n.host) n = n.host;
    else return false;
  }
  return false;
}

function labelledControl(hit) {
  const label = hit && hit.closest && hit.closest('label');
  return label ? label.control : null;
}

function disabledOf(el) {
  if (el.matches && el.matches(':disabled')) return true;
  const aria = el.closest && el.closest('[aria-disabled="true"]');
  return !!aria;
}

function editableOf(el) {
  if (el.isContentEditable) return true;
  if (el.localName === 'textarea') return !el.readOnly;
  if (el.localName !== 'input') return false;
  const kind = (el.type || 'text').toLowerCase();
  return !el.readOnly && !['button', 'submit', 'reset', 'checkbox', 'radio', 'file', 'image', 'range', 'color',
                           'hidden'].includes(kind);
}

// The element an HTML drag would start from (HTML Standard "draggable": the element or an ancestor with
// draggable true — links and images are by default), or null.
function dragSource(el) {
  for (let n = el; n && n.nodeType === Node.ELEMENT_NODE; n = n.parentElement) if (n.draggable === true) return n;
  return null;
}

function visibleRect(el) {
  for (const r of el.getClientRects()) if (r.width > 0 && r.height > 0) return r;
  return null;
}

// Resolve `ref` of snapshot `seq` of document `doc` and prepare a pointer action on its element:
// `o.scroll` scrolls it into view first (centered, instantly, only when it is not wholly in view), `o.hit`
// hit-tests its click point. Returns {ok: false, reason, count?} as refs.js does when the ref does not resolve;
// else {ok: true, doc, how, point: {x, y} (viewport CSS px, the center of its first box within the viewport),
// rect, visible, disabled, editable, checked (null when it has no checked state), tag, type, target: {role,
// name, selector}, obscured: {role, name, selector} | null (another element receives the point), draggable
// (an HTML drag would start from it)}.
function actionTarget(ref, doc, seq, o) {
  watchInput();
  const got = refElement(ref, doc, seq);
  if (!got.el) return got;
  const el = got.el;
  let r = visibleRect(el);
  let scrolled = false;
  if (r && o.scroll && (r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth)) {
    el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
    r = visibleRect(el);
    scrolled = true;
  }
  const out = { ok: true, doc: DOC_ID, how: got.how, scrolled, tag: el.localName, type: (el.type || '').toLowerCase(),
                visible: !!r && getComputedStyle(el).visibility !== 'hidden', disabled: disabledOf(el),
                editable: editableOf(el), checked: 'checked' in el && /^(checkbox|radio)$/.test(el.type) ? el.checked
                  : (el.getAttribute('aria-checked') ? el.getAttribute('aria-checked') === 'true' : null),
                target: describe(el), obscured: null, point: null, rect: null, draggable: !!dragSource(el) };
  if (!r) return out;
  const left = Math.max(r.left, 0), top = Math.max(r.top, 0);
  const right = Math.min(r.right, innerWidth), bottom = Math.min(r.bottom, innerHeight);
  out.rect = { x: r.left, y: r.top, width: r.width, height: r.height };
  if (right <= left || bottom <= top) return out;  // not in the viewport even after scrolling
  out.point = { x: (left + right) / 2, y: (top + bottom) / 2 };
  if (o.hit) {
    const hit = deepElementAt(out.point.x, out.point.y);
    const fine = hit && (deepContains(el, hit) || labelledControl(hit) === el || (el.localName === 'label' && el.control === hit));
    if (!fine) out.obscured = describe(hit);
  }
  return out;
}

// Focus the ref's element for typing: `mode` 'end' puts the caret after its text, 'all' selects all of it (what
// typing then replaces). Returns {ok, editable, focused} (focused: it is the document's active element).
function focusForText(ref, doc, seq, mode) {
  const got = refElement(ref, doc, seq);
  if (!got.el) return got;
  const el = got.el;
  el.focus({ preventScroll: true });
  const active = document.activeElement === el || deepContains(el, document.activeElement);
  if ('value' in el && typeof el.setSelectionRange === 'function') {
    try {
      const n = String(el.value).length;
      if (mode === 'all') el.setSelectionRange(0, n); else el.setSelectionRange(n, n);
    } catch (e) { /* inputs without a text selection (number, email) */ if (mode === 'all' && el.select) el.select(); }
  } else if (el.isContentEditable) {
    const range = document.createRange();
    range.selectNodeContents(el);
    if (mode !== 'all') range.collapse(false);
    const s = getSelection();
    s.removeAllRanges();
    s.addRange(range);
  }
  return { ok: true, editable: editableOf(el), focused: active, length: 'value' in el ? String(el.value).length : 0 };
}

// How to choose `values` (option values or labels) in the ref's <select>: {ok, multiple, steps, wanted,
// missing, current, choices?, enabledCount?} — `choices` (when a value is missing or disabled): the first 20
// enabled options as {label, value} — for a single select `steps`: how many ArrowDown presses after Home reach the option
// (enabled options only, as Chromium's keyboard moves); for a multiple select `options`: the viewport points of
// the options to Ctrl+click (those whose selected state must change).
function selectPlan(ref, doc, seq, values) {
  const got = refElement(ref, doc, seq);
  if (!got.el) return got;
  const el = got.el;
  if (el.localName !== 'select') return { ok: true, notSelect: true };
  const opts = Array.from(el.options);
  const match = (v) => opts.find((o) => o.value === v) || opts.find((o) => squash(o.label || o.text) === squash(v));
  const wanted = values.map(match);
  const missing = values.filter((v, i) => !wanted[i]);
  const enabled = opts.filter((o) => !o.disabled);
  const result = { ok: true, multiple: el.multiple, missing, current: opts.filter((o) => o.selected).map((o) => o.value),
                   disabledWanted: wanted.filter((o) => o && o.disabled).map((o) => o.value) };
  if (missing.length || result.disabledWanted.length) {
    // what the agent can choose instead: the first 20 enabled options (label and value, 100 chars each)
    result.choices = enabled.slice(0, 20).map((o) => ({ label: squash(o.label || o.text).slice(0, 100),
                                                       value: String(o.value).slice(0, 100) }));
    result.enabledCount = enabled.length;
  }
  if (!el.multiple) {
    result.steps = wanted[0] ? enabled.indexOf(wanted[0]) : -1;
    return result;
  }
  const set = new Set(wanted.filter(Boolean));
  result.options = [];
  for (const o of opts) {
    if (o.selected === set.has(o) || o.disabled) continue;
    o.scrollIntoView({ block: 'nearest', behavior: 'instant' });
    const r = o.getBoundingClientRect();
    result.options.push({ value: o.value, point: { x: r.left + r.width / 2, y: r.top + r.height / 2 } });
  }
  return result;
}

// The scroll position of the ref's nearest scroller (or the page when `ref` is empty): {x, y, width, height,
// max_x, max_y} in CSS px; for an element also its click point (where a wheel event scrolls it).
function scrollState(ref, doc, seq) {
  let el = null;
  if (ref) {
    const got = refElement(ref, doc, seq);
    if (!got.el) return got;
    el = got.el;
  }
  const page = document.scrollingElement || document.documentElement;
  const box = el || page;
  const out = { ok: true, x: box.scrollLeft, y: box.scrollTop, max_x: box.scrollWidth - box.clientWidth,
                max_y: box.scrollHeight - box.clientHeight, page: { x: scrollX, y: scrollY } };
  if (el) {
    const r = visibleRect(el);
    if (r) {
      const left = Math.max(r.left, 0), top = Math.max(r.top, 0);
      const right = Math.min(r.right, innerWidth), bottom = Math.min(r.bottom, innerHeight);
      if (right > left && bottom > top) out.point = { x: (left + right) / 2, y: (top + bottom) / 2 };
    }
  }
  return out;
}

// Bring the iframe `selector` names (this document) wholly into view when it is not (centred, at once):
// {ok, scrolled, frame: frameInfo} or {ok: false} when it names no iframe.
function revealFrame(selector) {
  let f = null;
  try { f = document.querySelector(selector); } catch (e) { /* not a selector */ }
  if (!isFrame(f)) return { ok: false };
  const r = f.getBoundingClientRect();
  let scrolled = false;
  if (r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth) {
    f.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
    scrolled = true;
  }
  return { ok: true, scrolled, frame: frameInfo(f) };
}

// Whether viewport point (x, y) of this document reaches the iframe `selector` names: {ok} or {ok: false,
// obscured: {role, name, selector}} naming the element that would receive it instead.
function frameAt(selector, x, y) {
  let f = null;
  try { f = document.querySelector(selector); } catch (e) { /* not a selector */ }
  const hit = deepElementAt(x, y);
  if (f && hit && (hit === f || deepContains(f, hit))) return { ok: true };
  return { ok: false, obscured: describe(hit) };
}
