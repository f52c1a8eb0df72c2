"""Credential redaction of network bodies (app.protocol.body_redact): credential-named keys' values in JSON,
JavaScript, forms and env-like text, password inputs, URL credentials and token shapes; the rest as it was."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from app.protocol.body_redact import redact_body

SECRETS = ("hunter2-pw", "q8Zr2LmN4pX7vB1kT9wY", "s3cr3t-client")


def test_json_values_of_credential_keys_go_and_the_json_still_parses():
    body = json.dumps({"access_token": SECRETS[1], "user": {"name": "ann", "password": SECRETS[0]},
                       "client_secret": SECRETS[2], "pin": 1234, "token": None, "count": 3})
    out = redact_body(body)
    assert json.loads(out) == {"access_token": "REDACTED", "user": {"name": "ann", "password": "REDACTED"},
                               "client_secret": "REDACTED", "pin": "REDACTED", "token": None, "count": 3}
    assert not any(s in out for s in SECRETS)


def test_forms_env_lines_scripts_and_password_inputs():
    assert redact_body(f"user=ann&password={SECRETS[0]}&api_key={SECRETS[1]}") == \
        "user=ann&password=REDACTED&api_key=REDACTED"
    assert redact_body(f"API_KEY={SECRETS[1]}\nNAME=pagenote\n") == "API_KEY=REDACTED\nNAME=pagenote\n"
    script = f"const cfg = {{secret: '{SECRETS[2]}', apiKey: \"{SECRETS[1]}\"}}; const token = read('t');"
    assert redact_body(script) == "const cfg = {secret: 'REDACTED', apiKey: \"REDACTED\"}; const token = read('t');"
    html = f'<input type="password" name="pw" value="{SECRETS[0]}"><input name="q" value="kept">'
    assert redact_body(html) == '<input type="password" name="pw" value="REDACTED"><input name="q" value="kept">'


def test_urls_and_token_shapes_anywhere():
    jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl"
    out = redact_body(f"see https://api.test/cb?code={SECRETS[1]}&page=2 and {jwt} in prose")
    assert out == "see https://api.test/cb?code=REDACTED&page=2 and REDACTED in prose"


_KEYS = st.sampled_from(["password", "access_token", "apiKey", "client_secret", "refresh_token", "otp"])
_PLAIN = st.sampled_from(["name", "title", "count", "items", "url_path", "colour"])
_VALUE = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), min_size=6, max_size=30)


@settings(max_examples=60, deadline=None)
@given(st.dictionaries(_KEYS, _VALUE, min_size=1, max_size=4), st.dictionaries(_PLAIN, st.integers(), max_size=3))
def test_no_secret_value_survives_json_and_redaction_is_idempotent(secrets, plain):
    body = json.dumps({**secrets, **plain}, ensure_ascii=False)
    out = redact_body(body)
    assert json.loads(out) == {**{k: "REDACTED" for k in secrets}, **plain}
    assert redact_body(out) == out


def test_long_unclosed_and_repetitive_bodies_are_handled_whole():
    unclosed = '"password": "' + "a" * 200_000
    assert redact_body(unclosed) == unclosed  # no closing quote: no value to take, nothing lost
    repeated = 'password=x&' * 20_000
    assert redact_body(repeated) == 'password=REDACTED&' * 20_000
