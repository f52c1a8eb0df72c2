"""URL redaction stays linear on long token-like text: a 200,000-character run of digits, of ``eyJ…`` or of
base64 is redacted as the policy's patterns say, and the linear forms of the JWT and Telegram-token shapes
give exactly what the policy's literal regexes give (hypothesis over texts built from the characters those
patterns care about). No Qt."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from app.core.secret_rules import REDACTED_VALUE, SECRET_JWT, SECRET_SHAPES
from app.protocol import redact
from app.protocol.redact import redact_urls

LONG = 200_000
JWT = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U"
BOT = "123456789:" + "AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw"


def _literal(text: str) -> str:
    """What the policy's literal JWT and shape regexes make of ``text`` (the reference: linear or not)."""
    text = re.sub(SECRET_JWT, REDACTED_VALUE, text)
    for shape in SECRET_SHAPES:
        text = re.sub(shape, REDACTED_VALUE, text)
    return text


def _linear(text: str) -> str:
    text = redact._redact_jwts(text)
    for shape in redact._SHAPES:
        text = shape.sub(REDACTED_VALUE, text)
    return text


def test_the_jwt_the_linear_scan_implements_is_the_policys():
    # _redact_jwts hard-codes the pattern's parts: a changed policy pattern must change it too.
    assert SECRET_JWT == r"eyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*"


def test_a_200k_run_of_digits_or_eyj_is_redacted_as_the_rule_says():
    digits = "7" * LONG
    assert redact_urls(digits) == digits                                 # no colon: no bot token
    assert redact_urls(digits + ":" + "A" * 40) == REDACTED_VALUE        # one bot token, the whole run
    repeated = "eyJ" * (LONG // 3)
    assert redact_urls(repeated) == repeated                             # no dot: no JWT
    assert redact_urls(repeated + ".abcd.efg rest") == REDACTED_VALUE + " rest"
    assert redact_urls(f"?t={JWT}") == f"?t={REDACTED_VALUE}"


def test_a_200k_token_like_text_keeps_its_shape_and_loses_its_secrets():
    filler = "aZ09-_" * (LONG // 12)
    text = f"{filler} https://h.test/a?access_token=SECRETVALUE&x=1 {JWT} {BOT} {filler}"
    out = redact_urls(text)
    assert "SECRETVALUE" not in out and JWT not in out and BOT not in out
    assert out == f"{filler} https://h.test/a?access_token={REDACTED_VALUE}&x=1 {REDACTED_VALUE} " \
                  f"{REDACTED_VALUE} {filler}"


# Texts from the characters the two patterns turn on, with whole tokens and near misses among them.
_PIECES = st.sampled_from(["eyJ", "eyJab", "abcd", "1", "12345", ":", ".", "-", "_", "A", "z", " ", "/", "x" * 30,
                           "/hooks/catch/", "123/", "abc/", JWT, BOT, "eyJabcd.", ".efgh.", "é"])


@settings(max_examples=400, deadline=None)
@given(st.lists(_PIECES, max_size=40).map("".join))
def test_the_linear_forms_match_the_policys_patterns(text):
    assert _linear(text) == _literal(text)


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="eyJ1234567890:._-aA/", max_size=200))
def test_the_linear_forms_match_on_dense_token_alphabets(text):
    assert _linear(text) == _literal(text)
