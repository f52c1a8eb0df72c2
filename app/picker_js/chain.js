// @module chain
// @imports selector: uniqueSelector
// @exports CHAIN, MAX_DEPTH, splitChain, chainedSelector
// chain.js — chained selectors `host >> inner`: one unique selector per root (document, then each open shadow
// root), joined by ' >> '. Frames are crossed by the host (frames.js).

const CHAIN = ' >> ';
const MAX_DEPTH = 32;

// Split a chained selector on top-level ' >> ' (outside quotes, brackets and parentheses).
function splitChain(s) {
  const parts = [];
  let depth = 0, quote = '', start = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (quote) { if (c === '\\') i++; else if (c === quote) quote = ''; continue; }
    if (c === '"' || c === "'") quote = c;
    else if (c === '[' || c === '(') depth++;
    else if (c === ']' || c === ')') depth--;
    else if (depth === 0 && s.startsWith(CHAIN, i)) { parts.push(s.slice(start, i).trim()); start = i + CHAIN.length; i += CHAIN.length - 1; }
  }
  parts.push(s.slice(start).trim());
  return parts;
}

// The selector pagenote writes: unique within each root, shadow hosts first, joined by ' >> '.
function chainedSelector(el) {
  const parts = [];
  let node = el;
  for (let depth = 0; node && depth < MAX_DEPTH; depth++) {
    const s = uniqueSelector(node);
    if (!s) return '';
    parts.unshift(s);
    const root = node.getRootNode();
    if (!(root instanceof ShadowRoot)) break;
    node = root.host;
  }
  return parts.join(CHAIN);
}
