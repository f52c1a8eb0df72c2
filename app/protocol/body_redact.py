"""Credential redaction for a response or request body returned to an agent (``browser_network_request``'s
``body``). No Qt.

A body is the server's text, not the page's: JSON, a form, JavaScript, HTML, YAML or ``.env``-like text. What
goes (each replaced by ``REDACTED``, quotes and separators kept so the text still parses):

- the value of every key the policy calls credential-like (:func:`app.protocol.redact.is_secret_param`: the
  rule URLs' parameters follow, defined once in :mod:`app.core.secret_rules`) written as ``key: value`` or
  ``key=value`` — a quoted string (JSON, JavaScript, YAML), or an unquoted run up to a separator (form
  fields ``password=…&``, ``API_KEY=…`` lines, a JSON number, then written ``"REDACTED"`` so the JSON still
  parses; not a call, ``token = get()``):
  ``{"access_token": "REDACTED"}``;
- the ``value`` of an HTML ``<input type=password>``;
- anywhere: URL credentials (:func:`~app.protocol.redact.redact_urls`, URL by URL), any JWT and the policy's
  token shapes (:func:`~app.protocol.redact.redact_shapes`).

Also (review 2): a key spelled with JSON ``\\uXXXX`` escapes (``"pass\\u0077ord"``) is read decoded; a JSON array
of strings under a credential key (``"tokens": ["…", "…"]``) loses each string; an auth scheme's token
(``Authorization: Bearer …``) goes with its scheme word; a YAML block scalar (``password: |`` and its more
indented lines) goes whole; ``<password>…</password>``-style XML elements; ``Cookie:``/``Set-Cookie:`` text
(every cookie's value; a Set-Cookie's attributes stay); a ``<meta name=csrf-token content=…>`` and a hidden or
credential-named ``<input>``'s value; ``key=value`` parameters of a relative URL inside a string
(``"next": "/cb?access_token=…"``); PEM private key blocks.

Deliberate trade-offs: a key named just ``key`` loses its value only when the value looks like a key (16+
token characters with no space), so React/i18n ``"key": "item-1"`` stays; ``token_type`` (OAuth 2.0, RFC 6749
§5.1: a public ``"Bearer"``) stays. JavaScript source ``password = input.value`` loses ``input.value`` (a
bare run after a credential name can be a password). Keys with spaces (``"api key"``) and values nested in an
object under a credential key (``"password": {"value": …}``) are left: the name rule reads one key. A key
that describes a credential (``max_tokens``, ``password_min_length``, ``secret_name``: ``_DESCRIBING_*``) keeps
its value; ``code`` (an OAuth code, but also an error code) and ``tokenizer``/``sessionStorage`` lose theirs,
as in URLs (the shared name rule).

String-based on purpose (a cut or malformed body must not slip through) and linear: every pattern matches a
bounded key and one quoted string or one run. Keys are at most 64 characters, so an odd long name is left.
"""

from __future__ import annotations

import re

from app.core.secret_rules import REDACTED_VALUE
from app.protocol.redact import is_secret_param, name_tokens, redact_shapes, redact_urls

#: ``"key": "value"``, ``'key': 'v'``, ``key: "v"``, ``key=v``: 1 key quote, 2 key, 3 separator, then the
#: value: 4 a double-quoted string's body, 5 a single-quoted one's, 6 an unquoted run.
_KEY_CHAR = r"(?:[A-Za-z0-9_.$-]|\\u[0-9A-Fa-f]{4})"
_PAIR = re.compile(
    r"""(["']?)((?:[A-Za-z_$]|\\u[0-9A-Fa-f]{4})""" + _KEY_CHAR + r"""{0,63})\1(\s{0,8}[:=]\s{0,8})"""
    r"""(?:"((?:[^"\\\n]|\\.){0,100000}+)"|'((?:[^'\\\n]|\\.){0,100000}+)'"""
    r"""|(\[(?>\s{0,8}"(?:[^"\\\n]|\\.){0,100000}+"\s{0,8},?){1,10000}+\s{0,8}\])"""
    r"""|((?i:(?:bearer|basic|token|digest|bot|negotiate)[ \t]{1,8}+)?[^\s"'&,;<>(){}\[\]]{1,100000}+)(?!\())""")
#: A key spelled with JSON escapes: decoded before the name rule reads it.
_UESC = re.compile(r"\\u([0-9A-Fa-f]{4})")
#: Keys the name rule calls credential-like whose value is public in a body (OAuth 2.0 RFC 6749 §5.1, §2.2 of
#: RFC 7009).
_PUBLIC_KEYS = frozenset({"token_type", "token_type_hint", "tokentype"})
#: A credential-like key whose last word says the value describes the credential rather than holds it
#: (``password_min_length``, ``token_count``, ``secret_name``, ``auth_url``, ``token_type``) or whose first
#: word is a bound or a flag (``max_tokens``, ``has_password``): its value stays (a token-shaped one still goes
#: by :func:`redact_shapes`, a URL by :func:`redact_urls`). Body-only: a URL parameter keeps the URL rule.
_DESCRIBING_LAST = frozenset({"length", "len", "count", "size", "min", "max", "limit", "ttl", "timeout", "expiry",
                              "expires", "lifetime", "attempts", "retries", "url", "uri", "endpoint", "name", "type",
                              "policy", "format", "enabled", "required"})
_DESCRIBING_FIRST = frozenset({"max", "min", "num", "has", "is"})
#: What a value under a key named just ``key`` must look like to go (a React/i18n ``"key": "item-1"`` stays).
_KEYLIKE = re.compile(r"[A-Za-z0-9_.~+/=-]{16,}")
#: ``key: |`` (YAML block scalar) and its more indented lines: 1 indentation, 2 key, 3 separator and indicator.
_BLOCK = re.compile(r"^([ \t]{0,64})([A-Za-z_][A-Za-z0-9_.-]{0,63})([ \t]{0,8}:[ \t]{0,8}[|>][-+0-9]{0,3}[ \t]{0,64})"
                    r"((?:\n\1[ \t]++[^\n]*+)++)", re.M)
#: ``<password>…</password>``: 1 the element name, 2 its text.
_ELEMENT = re.compile(r"<([A-Za-z_][A-Za-z0-9_.:-]{0,63})>([^<]{1,100000}+)</\1>")
#: ``Cookie:``/``Set-Cookie:`` (a header written in a body): 1 the name and separator, 2 the cookies.
_COOKIE = re.compile(r"""((?<![A-Za-z0-9_-])(set-)?cookie["']?[ \t]{0,8}[:=][ \t]{0,8}["']?)([^\r\n"'<>]++)""", re.I)
_COOKIE_VALUE = re.compile(r"(=)[^;,]*")
#: A relative URL's parameter inside any text: 1 ``?``/``&``, 2 name, 3 value.
_QUERY = re.compile(r"""([?&])([A-Za-z_][A-Za-z0-9_.\[\]-]{0,63})=([^&#\s"'<>\\]{1,100000}+)""")
#: A PEM private key block (RFC 7468): the base64 body, literal or JSON-escaped line breaks.
_PEM = re.compile(r"(-----BEGIN [A-Z ]{0,40}PRIVATE KEY-----)(?:[A-Za-z0-9+/=\s]|\\[nr]){1,100000}+")
_META = re.compile(r"<meta\b[^<>]{0,2000}>", re.I)
_NAME_ATTR = re.compile(r"""\b(?:name|property|id)\s*=\s*["']?([^"'\s>]{1,64})""", re.I)
_CONTENT_ATTR = re.compile(r"""(\bcontent\s*=\s*)(?:"[^"]*"|'[^']*'|[^\s>]+)""", re.I)
#: An HTML ``<input …>`` tag (attributes bounded: 2,000 characters).
_INPUT = re.compile(r"<input\b[^<>]{0,2000}>", re.I)
_PASSWORD_TYPE = re.compile(r"""\btype\s*=\s*["']?(?:password|hidden)\b""", re.I)
_VALUE_ATTR = re.compile(r"""(\bvalue\s*=\s*)(?:"[^"]*"|'[^']*'|[^\s>]+)""", re.I)
#: A URL in a body (redacted one by one: :func:`redact_urls` over a whole 200,000-character body costs seconds).
_URL = re.compile(r"[A-Za-z][A-Za-z0-9+.-]{0,20}://[^\s\"'<>`]{1,2048}")


def _secret_key(key: str) -> bool:
    if "\\u" in key:
        key = _UESC.sub(lambda m: chr(int(m.group(1), 16)), key)
    if not is_secret_param(key) or key.lower() in _PUBLIC_KEYS:
        return False
    words = [w.lower() for w in name_tokens(key)]
    return not words or (words[-1] not in _DESCRIBING_LAST and words[0] not in _DESCRIBING_FIRST)


def _pair(m: re.Match) -> str:
    quote, key, sep, double, single, array, bare = m.groups()
    if not _secret_key(key):
        return m.group()
    if key.lower() == "key" and not _KEYLIKE.fullmatch(double or single or bare or "-"):
        if array is None:
            return m.group()
    if array is not None:
        value = re.sub(r'"(?:[^"\\\n]|\\.)*+"', f'"{REDACTED_VALUE}"', array)
    elif double is not None:
        value = f'"{REDACTED_VALUE}"'
    elif single is not None:
        value = f"'{REDACTED_VALUE}'"
    else:
        if bare in ("null", "true", "false", "undefined"):
            return m.group()
        # after a JSON key ("pin": 1234) a string, so the JSON still parses
        value = f'"{REDACTED_VALUE}"' if quote == '"' else REDACTED_VALUE
    return f"{quote}{key}{quote}{sep}{value}"


def _query(m: re.Match) -> str:
    return f"{m.group(1)}{m.group(2)}={REDACTED_VALUE}" if _secret_key(m.group(2)) else m.group()


def _block(m: re.Match) -> str:
    return f"{m.group(1)}{m.group(2)}: {REDACTED_VALUE}" if _secret_key(m.group(2)) else m.group()


def _element(m: re.Match) -> str:
    return f"<{m.group(1)}>{REDACTED_VALUE}</{m.group(1)}>" if _secret_key(m.group(1).rpartition(":")[2]) \
        else m.group()


def _cookie(m: re.Match) -> str:
    head, set_cookie, cookies = m.groups()
    # a Set-Cookie names one cookie, then attributes (Path=/, SameSite=…) that stay; a Cookie lists pairs
    return head + _COOKIE_VALUE.sub(f"={REDACTED_VALUE}", cookies, count=1 if set_cookie else 0)


def _meta(m: re.Match) -> str:
    tag = m.group()
    name = _NAME_ATTR.search(tag)
    if name is None or not _secret_key(name.group(1)):
        return tag
    return _CONTENT_ATTR.sub(lambda v: f'{v.group(1)}"{REDACTED_VALUE}"', tag)


def _input(m: re.Match) -> str:
    tag = m.group()
    name = _NAME_ATTR.search(tag)
    if not _PASSWORD_TYPE.search(tag) and (name is None or not _secret_key(name.group(1))):
        return tag
    return _VALUE_ATTR.sub(lambda v: f'{v.group(1)}"{REDACTED_VALUE}"', tag)


def redact_body(text: str) -> str:
    """``text`` (str, any length; callers cut it first) with the credentials of the module docstring replaced
    by ``REDACTED``. Idempotent; raises nothing."""
    text = _URL.sub(lambda m: redact_urls(m.group()), text)
    text = _PEM.sub(lambda m: f"{m.group(1)}{REDACTED_VALUE}", text)
    text = _COOKIE.sub(_cookie, text)
    text = _BLOCK.sub(_block, text)
    text = _ELEMENT.sub(_element, text)
    text = _PAIR.sub(_pair, text)
    text = _QUERY.sub(_query, text)
    text = _META.sub(_meta, text)
    text = _INPUT.sub(_input, text)
    return redact_shapes(text)
