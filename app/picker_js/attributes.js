// @module attributes
// @imports text: CAPS, cut; redact: REDACTED, REDACTED_VALUE, isRedacted, isSecretAttribute, redactUrl
// @exports TEXT_ATTRS, attributesOf
// attributes.js — the record's attributes: only the allow-list of app/core/policy.py (never `value`,
// issue #2), URL credentials and credential-like attributes (redact.js isSecretAttribute) redacted, each value
// cut to the attribute cap.

const ATTR_ALLOW = new Set(OPTIONS.attributes.allowed);
const ATTR_PREFIXES = OPTIONS.attributes.prefixes;

// Attributes that carry human-readable text; on a `data-pagenote-redact` element their values are hidden.
const TEXT_ATTRS = new Set(['title', 'alt', 'placeholder', 'aria-label', 'aria-description', 'aria-valuetext']);

function allowedAttribute(name) {
  return ATTR_ALLOW.has(name) || ATTR_PREFIXES.some((p) => name.startsWith(p));
}

function attributesOf(el) {
  const out = {};
  const redacted = isRedacted(el);
  for (const a of Array.from(el.attributes)) {
    const name = a.name.toLowerCase();
    if (!allowedAttribute(name)) continue;  // never `value` (issue #2)
    let v = a.value;
    if (redacted && TEXT_ATTRS.has(name)) v = REDACTED;
    else if (isSecretAttribute(name)) v = REDACTED_VALUE;
    else if ((name === 'href' || name === 'src') && v.startsWith('data:')) v = cut(v, 64) + '…';
    else v = redactUrl(v);
    out[name] = cut(v, CAPS.attr);
  }
  return out;
}
