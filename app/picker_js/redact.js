// @module redact
// @exports REDACT_ATTR, REDACT_SELECTOR, REDACTED, REDACTED_VALUE, EDITABLE_TEXT, decodeParam, nameTokens, isSecretParam, isSecretAttribute
// @exports isSecretInput, isSecretField, isEditable, editingHosts, isRedacted, redactedAround, redactPaths, redactUrl
// redact.js — what must never leave the page (never the typed value: password / OTP / card / key / token
// fields, credentials in URLs and credential-like attributes, the `data-pagenote-redact` marker,
// contenteditable text). One policy for every reader (issue #32 requirement 8): the snapshot, find, extract,
// the element record, names and the capture's pixel fill all ask isSecretField / isEditable / editingHosts
// here. The rules (parameter and field names, autocomplete tokens, path stems, the marker attribute) come
// from app/core/secret_rules.py through OPTIONS.secrets, where the name rule is written down; redactUrl,
// isSecretParam and isSecretAttribute are also implemented by app/protocol/redact.py, and
// tests/test_parity.py runs both over one table of cases.

const SECRETS = OPTIONS.secrets;
const REDACT_ATTR = SECRETS.redact_attribute;
const REDACT_SELECTOR = `[${REDACT_ATTR}]`;
const REDACTED = SECRETS.redacted_text;
const REDACTED_VALUE = SECRETS.redacted_value;
const EDITABLE_TEXT = SECRETS.editable_text;
// autocomplete field names whose pixels are secret, matched as tokens at any position (HTML §4.10.18.7.1).
const SECRET_AUTOCOMPLETE = new Set(SECRETS.autocomplete);
// The name rule (policy): 1 whole names, 2 tokens, 3 words anywhere, 4 a key suffix, 5 a qualified code,
// 6 a compound token (`logincode`, `privkey`).
const SECRET_EXACT = new RegExp('^(' + SECRETS.param_names.join('|') + ')$', 'i');
const SECRET_TOKENS = new Set(SECRETS.name_tokens);
const CODE_TOKENS = new Set(SECRETS.code_tokens);
const CODE_QUALIFIERS = new Set(SECRETS.code_qualifiers);
const COMPOUND = new RegExp('^(?:' + SECRETS.compound_stems.join('|') + ')(?:' + SECRETS.compound_tails.join('|') + ')$');
const SECRET_WORD = new RegExp('(' + SECRETS.param_words.join('|') + ')', 'i');
const SECRET_SUFFIX = new RegExp('(' + SECRETS.param_suffix + ')$', 'i');
// Form-field name/id/label rule (policy SECRET_FIELD_*): tokens and words of their own.
const FIELD_TOKENS = new Set(SECRETS.field_tokens);
const FIELD_WORD = new RegExp('(' + SECRETS.field_words.join('|') + ')', 'i');
// A name's tokens (app/protocol/redact.py _NAME_TOKEN): capital runs not followed by a lowercase letter,
// (capitalised) lowercase words, digit runs.
const NAME_TOKEN = /[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+/g;

// Characters that end a URL part (policy URL_STOP_CHARS: spelled out, as JS and Python `\s` differ).
const USERINFO = new RegExp('(//)[^/?#@' + SECRETS.url_stop + ']*@', 'g');
const PARAM = new RegExp('([?&;#])([^=&;#?' + SECRETS.url_stop + ']+)=([^&;#' + SECRETS.url_stop + ']*)', 'g');

// `name` with each run of %XX escapes decoded as UTF-8; a run that is not UTF-8 stays as it is
// (app/protocol/redact.py decode_param does the same).
function decodeParam(name) {
  return name.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
    try { return decodeURIComponent(run); } catch (e) { return run; }
  });
}

// ASCII lowercase, as the Python side's tokens (toLowerCase would fold non-ASCII letters too; tokens are ASCII).
function nameTokens(name) { return (String(name).match(NAME_TOKEN) || []).map((t) => t.toLowerCase()); }

function secretByParts(key) {
  const tokens = nameTokens(key);
  return tokens.some((t) => SECRET_TOKENS.has(t))
    || (tokens.some((t) => CODE_TOKENS.has(t)) && tokens.some((t) => CODE_QUALIFIERS.has(t)))
    || SECRET_WORD.test(key) || SECRET_SUFFIX.test(key) || tokens.some((t) => COMPOUND.test(t));
}

function isSecretParam(name) {
  const k = decodeParam(name);
  return SECRET_EXACT.test(k) || secretByParts(k);
}

// An attribute whose name looks like a credential (`data-token`, `data-api-key`, `auth-token`): rules 2–5 on
// the name without `data-`, never the exempt names (`accesskey`).
function isSecretAttribute(name) {
  const low = String(name).toLowerCase();
  if (SECRETS.attribute_exempt.includes(low)) return false;
  return secretByParts(low.startsWith('data-') ? name.slice(5) : name);
}

function autocompleteSecret(el) {
  const tokens = (el.getAttribute('autocomplete') || '').toLowerCase().split(/[\t\n\f\r ]+/);
  return tokens.some((t) => SECRET_AUTOCOMPLETE.has(t));
}

// An input, textarea or select whose value is secret: a secret type (password, hidden) or autocomplete token.
function isSecretInput(el) {
  if (!(el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement)) return false;
  const type = (el.getAttribute('type') || '').toLowerCase();
  return (el instanceof HTMLInputElement && SECRETS.input_types.includes(type)) || autocompleteSecret(el);
}

function fieldNameSecret(name) {
  return !!name && (nameTokens(name).some((t) => FIELD_TOKENS.has(t)) || FIELD_WORD.test(name));
}

// Input types that hold no typed value (a state, a caption, a file): their label is not read by the rule.
const NO_VALUE_TYPES = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'image', 'file', 'range',
  'color']);
const LABEL_READ = 200;   // code units of each label source read at most

// The words a field's accessible name and description are made of (accname 1.2 / HTML-AAM §5 sources, not the
// computation: name.js imports this module): its <label>s, aria-label, aria-labelledby and aria-describedby
// targets, aria-description, title and placeholder.
function labelWords(el) {
  const parts = [];
  if (el.labels) for (const l of el.labels) parts.push((l.textContent || '').slice(0, LABEL_READ));
  for (const a of ['aria-label', 'aria-description', 'title', 'placeholder']) {
    parts.push((el.getAttribute(a) || '').slice(0, LABEL_READ));
  }
  const root = el.getRootNode();
  for (const a of ['aria-labelledby', 'aria-describedby']) {
    const ids = (el.getAttribute(a) || '').trim();
    if (!ids || !root.getElementById) continue;
    for (const id of ids.split(/\s+/).slice(0, 8)) {
      const ref = root.getElementById(id);
      if (ref) parts.push((ref.textContent || '').slice(0, LABEL_READ));
    }
  }
  return parts.filter(Boolean);
}

const VALUE_READ = 2000;   // code units of a field's value looked at by the value-shape rule

// A field whose value has a word shaped like a credential (policy value-shape rule, as secretValue for URL
// parameters: `sk_live_51H…`), or a JWT, whatever the field is called.
function valueSecret(el) {
  const v = String(el.value == null ? '' : el.value).slice(0, VALUE_READ);
  return v.split(/\s+/).some(secretValue) || new RegExp(SECRETS.jwt).test(v);
}

// A field that holds a typed value: a text-like input, a textarea or a select.
function holdsValue(el) {
  if (el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) return true;
  return el instanceof HTMLInputElement && !NO_VALUE_TYPES.has((el.getAttribute('type') || '').toLowerCase());
}

// A form field whose value (and pixels) are secret: isSecretInput, or a name/id — or, for a field holding a
// typed value, a label or description (labelWords) or a value shaped like a credential (valueSecret) — that says key, token, secret, password, passcode, OTP, credential, card
// number … (policy SECRET_FIELD_*: `api_key`, `token`, a <label>Secret</label>). Also a custom element (a form
// control in a closed shadow root) carrying such a type, autocomplete or name.
function isSecretField(el) {
  if (isSecretInput(el)) return true;
  const control = el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement;
  if (!control && !el.localName.includes('-')) return false;
  if (!control && (SECRETS.input_types.includes((el.getAttribute('type') || '').toLowerCase()) || autocompleteSecret(el))) return true;
  if (fieldNameSecret(el.getAttribute('name')) || fieldNameSecret(el.getAttribute('id'))) return true;
  return control && holdsValue(el) && (labelWords(el).some(fieldNameSecret) || valueSecret(el));
}

// contenteditable text is typed by the user: never read, like a textarea's (an editing host or inside one;
// the attribute counts too, for documents without layout such as a parsed srcdoc).
function isEditable(el) {
  if (el.isContentEditable) return true;
  const v = el.getAttribute && el.getAttribute('contenteditable');
  return v !== null && v !== undefined && v.toLowerCase() !== 'false';
}

// The editing hosts in `root` (a document or shadow root): contenteditable elements whose parent is not
// editable (HTML §6.8.1 "editing host"), or the body of a designMode document — whose boxes a capture fills.
function editingHosts(root) {
  const doc = root.ownerDocument || root;
  if (root === doc && doc.designMode === 'on' && doc.body) return [doc.body];
  const out = [];
  for (const el of root.querySelectorAll('[contenteditable]')) {
    if (!isEditable(el)) continue;
    const parent = el.parentElement;
    if (!parent || !isEditable(parent)) out.push(el);
  }
  return out;
}

// `el` inside a `data-pagenote-redact` subtree: its own tree's, or a shadow host's (the marker on a custom
// element covers its shadow tree: closest() stops at the shadow root). Returns the marked element or null.
function redactedAround(el) {
  for (let node = el; node && node.closest;) {
    const hit = node.closest(REDACT_SELECTOR);
    if (hit) return hit;
    const root = node.getRootNode();
    node = root instanceof ShadowRoot ? root.host : null;
  }
  return null;
}

function isRedacted(el) {
  return !!redactedAround(el);
}

// Token-like path segments after a segment announcing one (`/reset/<token>`): app/protocol/redact.py
// redact_paths.
// It starts only where no segment character precedes it: a long text without '/' is scanned once, not once
// per position (quadratic otherwise).
const PATH_RUN = new RegExp('(?<![^/?#' + SECRETS.url_stop + '])[^/?#' + SECRETS.url_stop + ']*(?:/[^/?#'
  + SECRETS.url_stop + ']*)+', 'g');
const PATH_TOKEN = new RegExp('^[-A-Za-z0-9_.~%+=]{' + SECRETS.path_min + ',}$');

function tokenLike(segment) {
  return PATH_TOKEN.test(segment) && (segment.match(/[A-Za-z][0-9]|[0-9][A-Za-z]/g) || []).length >= SECRETS.path_mix;
}

function announcesToken(segment) { return nameTokens(segment).some((t) => SECRETS.path_stems.some((s) => t.startsWith(s))); }

function redactPaths(text) {
  return String(text).replace(PATH_RUN, (run) => {
    let armed = false;
    return run.split('/').map((segment) => {
      const cut = segment.search(/[;&]/);
      const head = cut < 0 ? segment : segment.slice(0, cut);
      if (armed && tokenLike(head)) return REDACTED_VALUE + (cut < 0 ? '' : segment.slice(cut));
      if (announcesToken(head)) armed = true;
      return segment;
    }).join('/');
  });
}

// Redact credentials anywhere in a string that may hold URLs (href, srcset, style url(), the page URL):
// userinfo (`//user:pass@host`) is removed, the values of credential-like parameters in queries and
// fragments (`?token=…`, `#/cb?code=…`, `;sid=…`), values shaped like tokens whatever their name, token-like
// path segments (`/reset/<token>`) and any JWT (`eyJ…`) become REDACTED. Works on strings a URL parser would reject, so an unparseable URL cannot slip through.
// Policy value-shape rule (app/protocol/redact.py secret_value): a long base64url/hex-looking value.
const VALUE_TOKEN = new RegExp('^[-A-Za-z0-9_.~%+=]{' + SECRETS.value_min + ',}$');
const JWT = new RegExp(SECRETS.jwt, 'g');

function secretValue(v) {
  return VALUE_TOKEN.test(v) && (v.match(/[A-Za-z][0-9]|[0-9][A-Za-z]/g) || []).length >= SECRETS.value_mix;
}

// One `?name=value` match (app/protocol/redact.py _redact_param): the whole value for a credential-like name;
// for any name, a leading run of token characters shaped like a credential, the rest kept.
function redactParam(m, sep, k, v) {
  if (v && REDACTED_VALUE.startsWith(v)) return m;
  if (isSecretParam(k)) return `${sep}${k}=${REDACTED_VALUE}`;
  const run = v.match(/^[-A-Za-z0-9_.~%+=]*/)[0];
  return secretValue(run) ? `${sep}${k}=${REDACTED_VALUE}${v.slice(run.length)}` : m;
}

// A bare fragment (`#<key>`, no `=` but trailing padding): REDACTED when shaped like a credential
// (app/protocol/redact.py _redact_bare).
const BARE_FRAGMENT = /#([-A-Za-z0-9_.~%+=]+)/g;
function redactBare(m, run) {
  return /=/.test(run.replace(/=+$/, '')) || !secretValue(run) ? m : '#' + REDACTED_VALUE;
}
// Credentials with a shape of their own (policy SECRET_SHAPES: a Telegram bot token, a Zapier hook's ids).
const SHAPES = SECRETS.shapes.map((p) => new RegExp(p, 'g'));

function redactUrl(text) {
  if (!text) return text;
  let out = redactPaths(String(text).replace(USERINFO, '$1')
    .replace(PARAM, redactParam).replace(BARE_FRAGMENT, redactBare))
    .replace(JWT, REDACTED_VALUE);
  for (const shape of SHAPES) out = out.replace(shape, REDACTED_VALUE);
  return out;
}
