"""Credential redaction for URLs and any text that may contain them (issue #3 §9). No Qt.

The same rules as the page side (``redactUrl`` in ``app/picker_js/record.js``): userinfo
(``//user:pass@host``) is removed and the values of credential-like parameters in queries and fragments
become ``REDACTED``. String-based on purpose: an unparseable URL must not slip through.
"""

from __future__ import annotations

import re
from urllib.parse import unquote

_EXACT = re.compile(r"(code|key|sig|pwd|otp|sid|pin|auth|jwt|hmac|ticket|state|nonce)\Z", re.I)
_WORD = re.compile(r"token|secret|passw|signature|credential|api[-_]?key|auth(?!or)|session|jwt|private[-_]?key|"
                   r"access[-_]?key", re.I)
_USERINFO = re.compile(r"(//)[^/?#@\s\"'()]*@")
_PARAM = re.compile(r"([?&;#])([^=&;#?\s\"'()]+)=([^&;#\s\"'()]*)")


def is_secret_param(name: str) -> bool:
    """True when a query/fragment parameter called ``name`` likely carries a credential."""
    key = unquote(name)
    return bool(_EXACT.match(key) or _WORD.search(key) or re.search(r"[-_.]key\Z", key, re.I))


def redact_urls(text: str) -> str:
    """``text`` with URL userinfo removed and credential-like parameter values replaced by ``REDACTED``."""
    text = _USERINFO.sub(r"\1", text)
    return _PARAM.sub(lambda m: f"{m.group(1)}{m.group(2)}=REDACTED" if is_secret_param(m.group(2)) else m.group(0),
                      text)
