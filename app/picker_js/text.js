// @module text
// @exports CAPS, LINE_SEND, cut, squash, capText
// text.js — string helpers of the element record: cuts that respect surrogate pairs, whitespace squashing,
// block caps. The caps come from app/core/policy.py through OPTIONS.caps (first boundary; the Python model
// applies them again, second boundary).

const CAPS = OPTIONS.caps;  // {line, text, context, html, attr}
// Single-line fields are sent one code unit over the cap, so the host sees the overflow and adds the
// protocol's ` [truncated]` mark (app/model/text.py); cutting to exactly the cap here would hide it.
const LINE_SEND = CAPS.line + 1;
const BLOCK_MARK = OPTIONS.marks.block;

// Cut `s` to at most `n` UTF-16 code units without splitting a surrogate pair; lone surrogates pass through
// (Python replaces them with U+FFFD).
function cut(s, n) {
  s = String(s == null ? '' : s);
  if (s.length <= n) return s;
  let end = n;
  const c = s.charCodeAt(end - 1);
  if (c >= 0xd800 && c <= 0xdbff) end -= 1;
  return s.slice(0, end);
}

function squash(s) { return String(s || '').replace(/\s+/g, ' ').trim(); }

// `s` cut to at most `n` code units, its last line the block mark when cut (app/model/text.py cap_block).
function capText(s, n) {
  s = String(s || '');
  return s.length > n ? cut(s, n - BLOCK_MARK.length) + BLOCK_MARK : s;
}
