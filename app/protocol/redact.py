"""Credential redaction for URLs and any text that may contain them (issue #3 §9). No Qt.

The same rules as the page side (``redactUrl`` in ``app/picker_js/redact.js``; ``tests/test_parity.py`` runs
both over one table of cases): userinfo (``//user:pass@host``) is removed and the values of credential-like
parameters in queries and fragments become ``REDACTED``. Which names are credential-like is defined once, in
:mod:`app.core.policy`. String-based on purpose: an unparseable URL must not slip through.
"""

from __future__ import annotations

import re

from app.core.policy import (
    REDACTED_VALUE,
    SECRET_PARAM_NAMES,
    SECRET_PARAM_SUFFIX,
    SECRET_PARAM_WORDS,
    URL_STOP_CHARS,
)

# ASCII-only case folding, as JavaScript's non-Unicode `i` flag does (no `ſ` ~ `s`, no Kelvin sign ~ `k`).
_EXACT = re.compile("(" + "|".join(SECRET_PARAM_NAMES) + r")\Z", re.I | re.A)
_WORD = re.compile("|".join(SECRET_PARAM_WORDS), re.I | re.A)
_SUFFIX = re.compile("(" + SECRET_PARAM_SUFFIX + r")\Z", re.I | re.A)
_USERINFO = re.compile("(//)[^/?#@" + URL_STOP_CHARS + "]*@")
_PARAM = re.compile("([?&;#])([^=&;#?" + URL_STOP_CHARS + "]+)=([^&;#" + URL_STOP_CHARS + "]*)")
_ESCAPES = re.compile(r"(?:%[0-9A-Fa-f]{2})+")


def _decode_run(m: re.Match) -> str:
    try:
        return bytes.fromhex(m.group().replace("%", "")).decode("utf-8")
    except UnicodeDecodeError:
        return m.group()


def decode_param(name: str) -> str:
    """``name`` with each run of ``%XX`` escapes decoded as UTF-8, a run that is not UTF-8 left as it is
    (the page's ``decodeParam`` does the same, run by run with ``decodeURIComponent``)."""
    return _ESCAPES.sub(_decode_run, name)


def is_secret_param(name: str) -> bool:
    """True when a query/fragment parameter called ``name`` likely carries a credential: after
    :func:`decode_param`, it is one of the policy's names, holds one of its words, or ends like a key
    (:mod:`app.core.policy`)."""
    key = decode_param(name)
    return bool(_EXACT.match(key) or _WORD.search(key) or _SUFFIX.search(key))


def redact_urls(text: str) -> str:
    """``text`` with URL userinfo removed and credential-like parameter values replaced by ``REDACTED``."""
    text = _USERINFO.sub(r"\1", text)
    return _PARAM.sub(lambda m: f"{m.group(1)}{m.group(2)}={REDACTED_VALUE}" if is_secret_param(m.group(2))
                      else m.group(0), text)
