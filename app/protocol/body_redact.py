"""Credential redaction for a response or request body returned to an agent (``browser_network_request``'s
``body``). No Qt.

A body is the server's text, not the page's: JSON, a form, JavaScript, HTML, YAML or ``.env``-like text. What
goes (each replaced by ``REDACTED``, quotes and separators kept so the text still parses):

- the value of every key the policy calls credential-like (:func:`app.protocol.redact.is_secret_param`: the
  rule URLs' parameters follow, defined once in :mod:`app.core.policy`) written as ``key: value`` or
  ``key=value`` — a quoted string (JSON, JavaScript, YAML), or an unquoted run up to a separator (form
  fields ``password=…&``, ``API_KEY=…`` lines, a JSON number, then written ``"REDACTED"`` so the JSON still
  parses; not a call, ``token = get()``):
  ``{"access_token": "REDACTED"}``;
- the ``value`` of an HTML ``<input type=password>``;
- anywhere: URL credentials (:func:`~app.protocol.redact.redact_urls`, URL by URL), any JWT and the policy's
  token shapes (:func:`~app.protocol.redact.redact_shapes`).

String-based on purpose (a cut or malformed body must not slip through) and linear: every pattern matches a
bounded key and one quoted string or one run. Keys are at most 64 characters, so an odd long name is left.
"""

from __future__ import annotations

import re

from app.core.policy import REDACTED_VALUE
from app.protocol.redact import is_secret_param, redact_shapes, redact_urls

#: ``"key": "value"``, ``'key': 'v'``, ``key: "v"``, ``key=v``: 1 key quote, 2 key, 3 separator, then the
#: value: 4 a double-quoted string's body, 5 a single-quoted one's, 6 an unquoted run.
_PAIR = re.compile(
    r"""(["']?)([A-Za-z_$][A-Za-z0-9_.$-]{0,63})\1(\s{0,8}[:=]\s{0,8})"""
    r"""(?:"((?:[^"\\\n]|\\.){0,100000})"|'((?:[^'\\\n]|\\.){0,100000})'|([^\s"'&,;<>(){}\[\]]{1,100000}+)(?!\())""")
#: An HTML ``<input …>`` tag (attributes bounded: 2,000 characters).
_INPUT = re.compile(r"<input\b[^<>]{0,2000}>", re.I)
_PASSWORD_TYPE = re.compile(r"""\btype\s*=\s*["']?password\b""", re.I)
_VALUE_ATTR = re.compile(r"""(\bvalue\s*=\s*)(?:"[^"]*"|'[^']*'|[^\s>]+)""", re.I)
#: A URL in a body (redacted one by one: :func:`redact_urls` over a whole 200,000-character body costs seconds).
_URL = re.compile(r"[A-Za-z][A-Za-z0-9+.-]{0,20}://[^\s\"'<>`]{1,2048}")


def _pair(m: re.Match) -> str:
    quote, key, sep, double, single, bare = m.groups()
    if not is_secret_param(key):
        return m.group()
    if double is not None:
        value = f'"{REDACTED_VALUE}"'
    elif single is not None:
        value = f"'{REDACTED_VALUE}'"
    else:
        if bare in ("null", "true", "false", "undefined"):
            return m.group()
        # after a JSON key ("pin": 1234) a string, so the JSON still parses
        value = f'"{REDACTED_VALUE}"' if quote == '"' else REDACTED_VALUE
    return f"{quote}{key}{quote}{sep}{value}"


def _input(m: re.Match) -> str:
    tag = m.group()
    if not _PASSWORD_TYPE.search(tag):
        return tag
    return _VALUE_ATTR.sub(lambda v: f'{v.group(1)}"{REDACTED_VALUE}"', tag)


def redact_body(text: str) -> str:
    """``text`` (str, any length; callers cut it first) with the credentials of the module docstring replaced
    by ``REDACTED``. Idempotent; raises nothing."""
    text = _URL.sub(lambda m: redact_urls(m.group()), text)
    text = _PAIR.sub(_pair, text)
    text = _INPUT.sub(_input, text)
    return redact_shapes(text)
