// @module redact
// @exports REDACT_ATTR, REDACT_SELECTOR, REDACTED, decodeParam, isSecretParam, isSecretInput, isRedacted, redactUrl
// redact.js — what must never leave the page (issue #2: never the typed value; issue #3 §9: password /
// OTP / card fields, credentials in URLs, the `data-pagenote-redact` marker). The rules (parameter names,
// field types, the marker attribute) come from app/core/policy.py through OPTIONS.secrets; redactUrl is also
// implemented by app/protocol/redact.py, and tests/test_parity.py runs both over one table of cases.

const SECRETS = OPTIONS.secrets;
const REDACT_ATTR = SECRETS.redact_attribute;
const REDACT_SELECTOR = `[${REDACT_ATTR}]`;
const REDACTED = SECRETS.redacted_text;
const SECRET_AUTOCOMPLETE = new RegExp('^(' + SECRETS.autocomplete.map(escapeRegExp).join('|') + ')');
// Query/fragment parameter names that carry credentials: exact names, or names containing a credential word.
const SECRET_EXACT = new RegExp('^(' + SECRETS.param_names.join('|') + ')$', 'i');
const SECRET_WORD = new RegExp('(' + SECRETS.param_words.join('|') + ')', 'i');
const SECRET_SUFFIX = new RegExp('(' + SECRETS.param_suffix + ')$', 'i');

function escapeRegExp(s) { return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'); }

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

function isSecretParam(name) {
  const k = decodeParam(name);
  return SECRET_EXACT.test(k) || SECRET_WORD.test(k) || SECRET_SUFFIX.test(k);
}

function isSecretInput(el) {
  if (!(el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement)) return false;
  const type = (el.getAttribute('type') || '').toLowerCase();
  const ac = (el.getAttribute('autocomplete') || '').toLowerCase().trim();
  return SECRETS.input_types.includes(type) || SECRET_AUTOCOMPLETE.test(ac);
}

function isRedacted(el) {
  return !!(el && el.closest && el.closest(REDACT_SELECTOR));
}

// Redact credentials anywhere in a string that may hold URLs (href, srcset, style url(), the page URL):
// userinfo (`//user:pass@host`) is removed and the values of credential-like parameters in queries and
// fragments (`?token=…`, `#/cb?code=…`, `;sid=…`) become REDACTED (issue #3 §9). Works on strings a URL
// parser would reject, so an unparseable URL cannot slip through.
function redactUrl(text) {
  if (!text) return text;
  return String(text).replace(USERINFO, '$1')
    .replace(PARAM, (m, sep, k) => (isSecretParam(k) ? `${sep}${k}=${SECRETS.redacted_value}` : m));
}
