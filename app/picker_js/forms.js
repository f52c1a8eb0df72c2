// @module forms
// @imports refs: refElement
// @exports rangePlan, setRange
// forms.js — the page side of the agent's slider field (browser_fill_form, type "slider"), as Playwright's fill
// treats an <input type=range> (one of the input types whose value it sets rather than types, in its injected
// script): focus, set the value, check the value reads back as asked (a range sanitizes a value outside
// min/max or off its step), then dispatch `input` (bubbling, composed) and `change` (bubbling) — what the end
// of a user's drag leaves the page with. Every other field type is trusted Qt input from the host.

// Numbers as a range reads them ("50" and "50.0" are the same value).
function same(a, b) { return a !== '' && b !== '' && Number(a) === Number(b); }

// Whether `value` can be set on the ref's range input as it is, without touching it (a detached probe input with
// its min/max/step sanitizes the value): {ok: true, notRange?, fits, would, min, max, step, disabled} or refs.js's
// {ok: false, reason}.
function rangePlan(ref, doc, seq, value) {
  const got = refElement(ref, doc, seq);
  if (!got.el) return got;
  const el = got.el;
  if (el.localName !== 'input' || (el.type || '').toLowerCase() !== 'range') return { ok: true, notRange: true };
  const probe = document.createElement('input');
  probe.type = 'range';
  for (const name of ['min', 'max', 'step']) if (el.hasAttribute(name)) probe.setAttribute(name, el.getAttribute(name));
  probe.value = String(value).trim();
  return { ok: true, fits: same(probe.value, String(value).trim()), would: probe.value, min: probe.min || '0',
           max: probe.max || '100', step: probe.step || '1', disabled: el.matches(':disabled') };
}

// Set the ref's range input to `value` (rangePlan said it fits): {ok: true, value} (the value read back), or
// {ok: true, malformed: value-read-back} when the page's element sanitized it after all (nothing dispatched).
function setRange(ref, doc, seq, value) {
  const got = refElement(ref, doc, seq);
  if (!got.el) return got;
  const el = got.el;
  const wanted = String(value).trim();
  el.focus({ preventScroll: true });
  const before = el.value;
  el.value = wanted;
  if (!same(el.value, wanted)) {
    el.value = before;
    return { ok: true, malformed: el.value };
  }
  el.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  el.dispatchEvent(new Event('change', { bubbles: true }));
  return { ok: true, value: el.value };
}
