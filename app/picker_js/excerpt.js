// @module excerpt
// @imports text: CAPS, capText, cut; redact: REDACTED, REDACT_ATTR, isRedacted, redactUrl; attributes: TEXT_ATTRS
// @exports htmlExcerpt
// excerpt.js — the record's HTML excerpt: a bounded serialisation of the element (issue #2).

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
const SKIP = new Set(['script', 'style', 'template', 'noscript']);

function escText(s) { return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'); }
function escAttr(s) { return s.replace(/&/g, '&amp;').replace(/"/g, '&quot;'); }

// Serialise `el` like outerHTML, but: no script/style/template/noscript, no `value` attributes, no textarea
// contents, `data-pagenote-redact` content replaced, long attribute values cut, and stop at `cap` chars.
function htmlExcerpt(el, cap) {
  const parts = [];
  let size = 0;
  let full = false;
  const push = (s) => { if (full) return; parts.push(s); size += s.length; if (size > cap) full = true; };
  const walk = (node, depth) => {
    if (full) return;
    if (node.nodeType === Node.TEXT_NODE) { push(escText(node.data)); return; }
    if (node.nodeType !== Node.ELEMENT_NODE) return;
    const tag = node.localName;
    if (SKIP.has(tag)) return;
    let open = '<' + tag;
    const redactedNode = node.hasAttribute(REDACT_ATTR) || (depth === 0 && isRedacted(node));
    for (const a of Array.from(node.attributes)) {
      if (a.name === 'value') continue;
      let v = a.value;
      if (redactedNode && TEXT_ATTRS.has(a.name)) v = REDACTED;
      else if (!v.startsWith('data:')) v = redactUrl(v);  // href, srcset, style url(), formaction, poster …
      if (v.length > CAPS.attr) v = cut(v, CAPS.attr) + '…';
      open += ` ${a.name}="${escAttr(v)}"`;
    }
    push(open + '>');
    if (VOID.has(tag)) return;
    if (redactedNode) push(REDACTED);
    else if (tag !== 'textarea' && depth < 200) for (const child of node.childNodes) walk(child, depth + 1);
    push('</' + tag + '>');
  };
  walk(el, 0);
  const html = parts.join('');
  return capText(html, cap);
}
