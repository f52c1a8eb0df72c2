// @module excerpt
// @imports text: CAPS, capText, cut; redact: REDACTED, REDACTED_VALUE, REDACT_ATTR, isEditable, isRedacted, isSecretAttribute, redactUrl; attributes: TEXT_ATTRS
// @exports htmlExcerpt
// excerpt.js — the record's HTML excerpt: a bounded serialisation of the element (issue #2).

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
const SKIP = new Set(['script', 'style', 'template', 'noscript']);
// An iframe's srcdoc is a document in an attribute: excerpted with these rules, nested this deep at most.
const SRCDOC_DEPTH = 3;

function escText(s) { return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'); }
function escAttr(s) { return s.replace(/&/g, '&amp;').replace(/"/g, '&quot;'); }

// The excerpt of an iframe's `srcdoc` (HTML in an attribute): parsed inertly (DOMParser runs no script and
// loads nothing) and serialised by the same rules, so no `value=`, textarea or typed text leaks from it.
function srcdocExcerpt(html, nesting) {
  if (nesting >= SRCDOC_DEPTH) return REDACTED;
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const parts = [];
  for (const child of [doc.head, doc.body]) if (child) parts.push(serialize(child, CAPS.attr, nesting + 1, true));
  return parts.join('');
}

// Serialise `el` like outerHTML, but: no script/style/template/noscript, no `value` attributes, no textarea or
// contenteditable contents, `data-pagenote-redact` content replaced, credential-like attributes (`data-token`,
// `data-api-key` …: redact.js isSecretAttribute) REDACTED, URLs redacted, an iframe's srcdoc excerpted by the
// same rules, long attribute values cut, and stop at `cap` chars. `inner`: without el's own tags.
function serialize(el, cap, nesting, inner) {
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
    const redactedNode = node.hasAttribute(REDACT_ATTR) || (depth === 0 && isRedacted(node));
    const own = !(inner && depth === 0);
    if (own) {
      let open = '<' + tag;
      for (const a of Array.from(node.attributes)) {
        if (a.name === 'value') continue;
        let v = a.value;
        if (redactedNode && TEXT_ATTRS.has(a.name)) v = REDACTED;
        else if (isSecretAttribute(a.name)) v = REDACTED_VALUE;
        else if (a.name === 'srcdoc') v = srcdocExcerpt(v, nesting);
        else if (!v.startsWith('data:')) v = redactUrl(v);  // href, srcset, style url(), formaction, poster …
        if (v.length > CAPS.attr) v = cut(v, CAPS.attr) + '…';
        open += ` ${a.name}="${escAttr(v)}"`;
      }
      push(open + '>');
      if (VOID.has(tag)) return;
    }
    if (redactedNode) push(REDACTED);
    else if (tag !== 'textarea' && !isEditable(node) && depth < 200) for (const child of node.childNodes) walk(child, depth + 1);
    if (own) push('</' + tag + '>');
  };
  walk(el, 0);
  return parts.join('');
}

function htmlExcerpt(el, cap) {
  return capText(serialize(el, cap, 0, false), cap);
}
