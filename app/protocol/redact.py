"""Credential redaction for URLs, attribute names and any text that may contain URLs. No Qt.

The same rules as the page side (``redactUrl``, ``isSecretParam``, ``isSecretAttribute`` in
``app/picker_js/redact.js``; ``tests/test_parity.py`` runs both over one table of cases):

- userinfo (``//user:pass@host``) is removed;
- the values of credential-like parameters in queries, fragments and ``;`` path parameters become
  ``REDACTED`` (:func:`is_secret_param`: the four-part name rule written down in :mod:`app.core.secret_rules`);
- a parameter value (or a bare fragment, ``#<key>``) shaped like a token whatever its name (:func:`secret_value`),
  any JWT (``eyJ…``) and the policy's credential shapes (Telegram bot tokens, Zapier hook ids);
- a token-like path segment after a segment that announces one (``/reset/<token>``, ``/invite/accept/<uuid>``,
  ``/magic-link/<jwt>``) becomes ``REDACTED`` (:func:`redact_paths`).

Which names are credential-like is defined once, in :mod:`app.core.secret_rules`. String-based on purpose: an
unparseable URL must not slip through.
"""

from __future__ import annotations

import re

from app.core.secret_rules import (
    REDACTED_VALUE,
    SECRET_ATTRIBUTE_EXEMPT,
    SECRET_CODE_QUALIFIERS,
    SECRET_CODE_TOKENS,
    SECRET_COMPOUND_STEMS,
    SECRET_COMPOUND_TAILS,
    SECRET_NAME_TOKENS,
    SECRET_PARAM_NAMES,
    SECRET_PARAM_SUFFIX,
    SECRET_PARAM_WORDS,
    SECRET_PATH_MIN,
    SECRET_PATH_MIX,
    SECRET_JWT,
    SECRET_NAMED_VALUE_DIGITS,
    SECRET_NAMED_VALUE_MAX,
    SECRET_PATH_STEMS,
    SECRET_SHAPES,
    SECRET_VALUE_MIN,
    SECRET_VALUE_MIX,
    URL_STOP_CHARS,
)

# ASCII-only case folding, as JavaScript's non-Unicode `i` flag does (no `ſ` ~ `s`, no Kelvin sign ~ `k`).
_EXACT = re.compile("(" + "|".join(SECRET_PARAM_NAMES) + r")\Z", re.I | re.A)
_WORD = re.compile("|".join(SECRET_PARAM_WORDS), re.I | re.A)
_SUFFIX = re.compile("(" + SECRET_PARAM_SUFFIX + r")\Z", re.I | re.A)
_TOKENS = frozenset(SECRET_NAME_TOKENS)
_CODE_TOKENS = frozenset(SECRET_CODE_TOKENS)
_CODE_QUALIFIERS = frozenset(SECRET_CODE_QUALIFIERS)
#: Rule 6: a compound token (``logincode``, ``privkey``); same pattern in redact.js.
_COMPOUND = re.compile("(?:" + "|".join(SECRET_COMPOUND_STEMS) + ")(?:" + "|".join(SECRET_COMPOUND_TAILS) + r")\Z")
#: Linear forms of policy shapes whose literal pattern rescans a long run from every start inside it (a 20,000
#: digit text took ~0.5 s, quadratic). The same matches under ``re.sub``: a match that starts inside a digit
#: run also matches from the run's start, which the scan reaches first (and a match never ends before a digit,
#: its greedy tail takes them), so a start after a digit never matches first.
_LINEAR_SHAPES = {r"[0-9]{5,}:[A-Za-z0-9_-]{30,}": r"(?<![0-9])[0-9]{5,}:[A-Za-z0-9_-]{30,}"}
_SHAPES = [re.compile(_LINEAR_SHAPES.get(p, p)) for p in SECRET_SHAPES]
#: A bare fragment: ``#`` and a run of token characters (the value-shape rule decides; a run holding ``=``
#: before its end is a ``name=value`` parameter, :data:`_PARAM`'s).
_BARE_FRAGMENT = re.compile("#([-A-Za-z0-9_.~%+=]+)")
#: A name's tokens: runs of ASCII capitals not followed by a lowercase letter (``SAML`` of ``SAMLResponse``),
#: capitalised or lowercase words, digit runs. Everything else separates. Same pattern in redact.js.
_NAME_TOKEN = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+")
_USERINFO = re.compile("(//)[^/?#@" + URL_STOP_CHARS + "]*@")
_PARAM = re.compile("([?&;#])([^=&;#?" + URL_STOP_CHARS + "]+)=([^&;#" + URL_STOP_CHARS + "]*)")
#: A run of ``/``-separated segments (it ends at ``?``, ``#`` and the URL stop characters). It starts only where
#: no segment character precedes it, so a long text without ``/`` is scanned once, not once per position.
_PATH_RUN = re.compile("(?<![^/?#" + URL_STOP_CHARS + "])[^/?#" + URL_STOP_CHARS + "]*(?:/[^/?#" + URL_STOP_CHARS
                       + "]*)+")
_PATH_TOKEN = re.compile("[-A-Za-z0-9_.~%+=]{" + str(SECRET_PATH_MIN) + r",}\Z")
_MIX = re.compile("[A-Za-z][0-9]|[0-9][A-Za-z]")
_DIGIT_RUN = re.compile("[0-9]{" + str(SECRET_NAMED_VALUE_DIGITS) + "}")
_SEGMENT_END = re.compile("[;&]")
_VALUE_TOKEN = re.compile("[-A-Za-z0-9_.~%+=]{" + str(SECRET_VALUE_MIN) + r",}\Z")
#: A JWT's parts: the policy's :data:`~app.core.secret_rules.SECRET_JWT` (``eyJ`` X{4,} ``.`` X{4,} ``.`` X*, X =
#: ``[A-Za-z0-9_-]``), matched by :func:`_redact_jwts` without rescanning (its literal pattern rescans the rest
#: of a run from every ``eyJ`` in it: quadratic on ``eyJeyJ…``).
_JWT_RUN = re.compile("[A-Za-z0-9_-]*")
_JWT_TAIL = re.compile(r"\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*")
_VALUE_RUN = re.compile("[-A-Za-z0-9_.~%+=]*")
_ESCAPES = re.compile(r"(?:%[0-9A-Fa-f]{2})+")


def _redact_jwts(text: str) -> str:
    """``re.sub(SECRET_JWT, REDACTED, text)``, in linear time. Every ``eyJ`` inside one run of ``[A-Za-z0-9_-]``
    shares the run's end and what follows it, and a later one has fewer characters before the dot; so a run's
    first ``eyJ`` that fails means the run holds no match, and the scan goes on after the run."""
    out: list[str] = []
    done = 0
    at = text.find("eyJ")
    while at != -1:
        run_end = _JWT_RUN.match(text, at).end()
        tail = _JWT_TAIL.match(text, run_end) if run_end - at >= 7 else None
        if tail is None:
            at = text.find("eyJ", run_end)
            continue
        out += [text[done:at], REDACTED_VALUE]
        done = tail.end()
        at = text.find("eyJ", done)
    return "".join(out) + text[done:] if out else text


def _decode_run(m: re.Match) -> str:
    try:
        return bytes.fromhex(m.group().replace("%", "")).decode("utf-8")
    except UnicodeDecodeError:
        return m.group()


def decode_param(name: str) -> str:
    """``name`` with each run of ``%XX`` escapes decoded as UTF-8, a run that is not UTF-8 left as it is
    (the page's ``decodeParam`` does the same, run by run with ``decodeURIComponent``)."""
    return _ESCAPES.sub(_decode_run, name)


def name_tokens(name: str) -> list[str]:
    """The lowercase tokens of ``name`` (policy rule 2): ``"SAMLResponse"`` → ``["saml", "response"]``,
    ``"otp_code"`` → ``["otp", "code"]``, ``"authCode2"`` → ``["auth", "code", "2"]``."""
    return [t.lower() for t in _NAME_TOKEN.findall(name)]


def _secret_by_parts(key: str) -> bool:
    """Policy rules 2–6 (tokens, words, key suffix, a qualified ``code``, a compound) for an already decoded
    name."""
    tokens = set(name_tokens(key))
    return bool(_TOKENS & tokens or (_CODE_TOKENS & tokens and _CODE_QUALIFIERS & tokens) or _WORD.search(key)
                or _SUFFIX.search(key) or any(_COMPOUND.match(t) for t in tokens))


def is_secret_param(name: str) -> bool:
    """True when a query/fragment parameter called ``name`` likely carries a credential: after
    :func:`decode_param`, it is one of the policy's whole names (``code``, ``state`` …), one of its tokens is a
    credential token (``otp_code``, ``SAMLResponse``, ``refresh``, ``ott``), it is a qualified code
    (``login_code``, ``backup_codes``), it holds a credential word
    (``access_token``, ``client_secret``) or it ends like a key (``client.key``); :mod:`app.core.secret_rules`."""
    key = decode_param(name)
    return bool(_EXACT.match(key)) or _secret_by_parts(key)


def is_secret_property(name: str, value: str | int | float | bool | None) -> bool:
    """True when the value of a logged object's property ``name`` must not be shown (policy rule 1 in logged
    objects, :mod:`app.core.secret_rules`): any value of a name secret by rules 2–6 (``password``, ``api_key``); under a
    name secret only by rule 1 (``code``, ``key``, ``state``, ``nonce``, ``ticket``) a string or number that
    could be a credential — longer than :data:`~app.core.secret_rules.SECRET_NAMED_VALUE_MAX`, with a run of
    :data:`~app.core.secret_rules.SECRET_NAMED_VALUE_DIGITS` digits, or with :data:`~app.core.secret_rules.SECRET_PATH_MIX`
    letter–digit neighbours. ``value`` is the primitive as text or number; ``None``/``bool`` (null, booleans, an
    object whose own keys are checked) never is."""
    key = decode_param(name)
    if _secret_by_parts(key):
        return True
    if not _EXACT.match(key) or value is None or isinstance(value, bool):
        return False
    text = str(value)
    return (len(text) > SECRET_NAMED_VALUE_MAX or _DIGIT_RUN.search(text) is not None
            or len(_MIX.findall(text)) >= SECRET_PATH_MIX)


def is_secret_attribute(name: str) -> bool:
    """True when an HTML attribute called ``name`` likely holds a credential (``data-token``, ``data-api-key``,
    ``auth-token``, ``data-session-id``): policy rules 2–5 on the name without its ``data-`` prefix — not rule 1,
    so ``data-state="open"`` and ``data-key`` lists stay readable — except the policy's exempt names
    (``accesskey``)."""
    low = name.lower()
    if low in SECRET_ATTRIBUTE_EXEMPT:
        return False
    return _secret_by_parts(name[5:] if low.startswith("data-") else name)


def _token_like(segment: str) -> bool:
    return bool(_PATH_TOKEN.match(segment)) and len(_MIX.findall(segment)) >= SECRET_PATH_MIX


def _announces_token(segment: str) -> bool:
    return any(t.startswith(SECRET_PATH_STEMS) for t in name_tokens(segment))


def _redact_path(m: re.Match) -> str:
    segments = m.group().split("/")
    armed = False
    for i, segment in enumerate(segments):
        end = _SEGMENT_END.search(segment)
        head, tail = (segment[:end.start()], segment[end.start():]) if end else (segment, "")
        if armed and _token_like(head):
            segments[i] = REDACTED_VALUE + tail
        elif _announces_token(head):
            armed = True
    return "/".join(segments)


def redact_paths(text: str) -> str:
    """``text`` with token-like path segments replaced by ``REDACTED``: in each ``/``-separated run, every
    segment after one with a token starting with a policy stem (``reset``, ``verif``, ``invit``, ``magic`` …,
    :data:`~app.core.secret_rules.SECRET_PATH_STEMS`) that looks like a token up to its first ``;`` or ``&``: at least
    :data:`~app.core.secret_rules.SECRET_PATH_MIN` characters of ``A-Za-z0-9-_.~%+=`` with
    :data:`~app.core.secret_rules.SECRET_PATH_MIX` letter–digit neighbours (``/reset/3f9a…`` → ``/reset/REDACTED``)."""
    return _PATH_RUN.sub(_redact_path, text)


def secret_value(value: str) -> bool:
    """True when a parameter value looks like a credential whatever its name (policy value-shape rule,
    :data:`~app.core.secret_rules.SECRET_VALUE_MIN`): at least that many base64url/hex characters with
    :data:`~app.core.secret_rules.SECRET_VALUE_MIX` letter–digit neighbours (``?l=Zm9vYmFy…``, a 32-hex code)."""
    return bool(_VALUE_TOKEN.match(value)) and len(_MIX.findall(value)) >= SECRET_VALUE_MIX


def _redact_param(m: re.Match) -> str:
    """One ``?name=value`` match: the whole value REDACTED for a credential-like name; for any name, a leading
    run of token characters shaped like a credential (:func:`secret_value`), the rest (``</p>``) kept."""
    sep, name, value = m.groups()
    if _redacted_prefix(value):
        return m.group(0)
    if is_secret_param(name):
        return f"{sep}{name}={REDACTED_VALUE}"
    run = _VALUE_RUN.match(value).group()
    return f"{sep}{name}={REDACTED_VALUE}{value[len(run):]}" if secret_value(run) else m.group(0)


def _redacted_prefix(value: str) -> bool:
    """True for ``REDACTED`` and what a cap leaves of it (``RED``): redaction again would change nothing but a
    cut value, so a capped, redacted text stays the same when redacted again (the model's idempotence)."""
    return bool(value) and REDACTED_VALUE.startswith(value)


def _redact_bare(m: re.Match) -> str:
    """A bare fragment (``#<key>``, no ``=`` but trailing padding): REDACTED when shaped like a credential."""
    run = m.group(1)
    if "=" in run.rstrip("=") or not secret_value(run):
        return m.group()
    return "#" + REDACTED_VALUE


def redact_shapes(text: str) -> str:
    """``text`` with any JWT (``eyJ…``) and the policy's credential shapes
    (:data:`~app.core.secret_rules.SECRET_SHAPES`) replaced by ``REDACTED``, wherever they stand; linear time."""
    text = _redact_jwts(text)
    for shape in _SHAPES:
        text = shape.sub(REDACTED_VALUE, text)
    return text


def redact_urls(text: str) -> str:
    """``text`` with URL userinfo removed, the values of credential-like parameters (by name, or by shape:
    :func:`secret_value`, also of a bare fragment ``#<key>``), token-like path segments, any JWT (``eyJ…``) and
    the policy's credential shapes (a Telegram bot token, a Zapier hook's ids,
    :data:`~app.core.secret_rules.SECRET_SHAPES`) replaced by ``REDACTED`` (module docstring)."""
    text = _USERINFO.sub(r"\1", text)
    text = _BARE_FRAGMENT.sub(_redact_bare, _PARAM.sub(_redact_param, text))
    return redact_shapes(redact_paths(text))
