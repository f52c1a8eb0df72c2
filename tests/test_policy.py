"""app/core/policy.py: each rule is defined once, reaches the page through default_options(), and is sane.

No browser. The page scripts must hold no copy of a rule's value: their string and number literals (comments
skipped, via the bundler's tokeniser) are checked against the policy.
"""

from __future__ import annotations

import json
import re
from importlib.resources import files

import pytest

from app.core import policy
from app.picker_js import API_VERSION, default_options
from app.picker_js.jslex import tokenize


def test_default_options_carry_every_rule():
    o = default_options()
    assert o["version"] == API_VERSION
    assert o["caps"] == {"line": policy.LINE_CAP, "text": policy.TEXT_CAP, "context": policy.CONTEXT_CAP,
                         "html": policy.HTML_CAP, "attr": policy.ATTRIBUTE_VALUE_CAP}
    assert o["marks"] == {"line": policy.LINE_MARK, "block": policy.BLOCK_MARK}
    assert set(o["attributes"]["allowed"]) == policy.ALLOWED_ATTRIBUTES
    assert o["attributes"]["prefixes"] == list(policy.ALLOWED_ATTRIBUTE_PREFIXES)
    assert o["test_ids"] == list(policy.TEST_ID_ATTRIBUTES)
    s = o["secrets"]
    assert (s["param_names"], s["param_words"], s["param_suffix"]) == (
        list(policy.SECRET_PARAM_NAMES), list(policy.SECRET_PARAM_WORDS), policy.SECRET_PARAM_SUFFIX)
    assert (s["redacted_value"], s["url_stop"], s["redact_attribute"], s["redacted_text"]) == (
        policy.REDACTED_VALUE, policy.URL_STOP_CHARS, policy.REDACT_ATTRIBUTE, policy.REDACTED_TEXT)
    assert s["input_types"] == list(policy.SECRET_INPUT_TYPES)
    assert s["autocomplete"] == list(policy.SECRET_AUTOCOMPLETE_FIELDS)
    assert (s["name_tokens"], s["field_tokens"], s["field_words"], s["path_stems"], s["path_min"]) == (
        list(policy.SECRET_NAME_TOKENS), list(policy.SECRET_FIELD_TOKENS), list(policy.SECRET_FIELD_WORDS),
        list(policy.SECRET_PATH_STEMS), policy.SECRET_PATH_MIN)
    assert o["locators"] == {"max": policy.LOCATOR_MAX, "chars": policy.LOCATOR_CHARS,
                             "value_max": policy.LOCATOR_VALUE_MAX, "text_max": policy.LOCATOR_TEXT_MAX,
                             "separator": policy.LOCATOR_SEPARATOR}
    assert o["markers"] == {"color": policy.MARKER_COLOR, "stale": policy.MARKER_STALE_COLOR,
                            "selected": policy.MARKER_SELECTED_COLOR, "highlight": policy.HIGHLIGHT_COLOR,
                            "size": policy.MARKER_SIZE}
    assert o["statuses"] == {"exact": "exact", "rematched": "rematched", "stale": "stale"}


def test_options_are_json_and_fresh_each_call():
    a = default_options()
    assert json.loads(json.dumps(a)) == a
    a["caps"]["line"] = 1
    assert default_options()["caps"]["line"] == policy.LINE_CAP


def test_caps_are_ordered_sensibly():
    assert 0 < policy.ATTRIBUTE_VALUE_CAP < policy.TEXT_CAP <= policy.LINE_CAP
    assert policy.CONTEXT_CAP <= policy.HTML_CAP and policy.NOTE_CAP >= policy.TEXT_CAP
    assert len(policy.BLOCK_MARK) < policy.TEXT_CAP and policy.BLOCK_MARK.startswith("\n")
    assert 0 < policy.LOCATOR_TEXT_MAX <= policy.LOCATOR_VALUE_MAX < policy.LOCATOR_CHARS <= policy.LINE_CAP
    assert policy.LOCATOR_MAX >= 2 and policy.LOCATOR_SEPARATOR == "; "


def test_attribute_allow_list_never_carries_values_and_includes_every_test_id():
    assert "value" not in policy.ALLOWED_ATTRIBUTES and "style" not in policy.ALLOWED_ATTRIBUTES
    assert set(policy.TEST_ID_ATTRIBUTES) <= policy.ALLOWED_ATTRIBUTES
    assert policy.TEST_ID_ATTRIBUTES[0] == "data-testid"   # locators write it as bare `testid=`
    assert all(name == name.lower() and re.fullmatch(r"[a-z-]+", name) for name in policy.ALLOWED_ATTRIBUTES)


def test_python_model_uses_the_policy_values():
    from app.model import text
    from app.protocol import attributes, locators

    assert (text.LINE_CAP, text.TEXT_CAP, text.HTML_CAP, text.ATTRIBUTE_VALUE_CAP) == (
        policy.LINE_CAP, policy.TEXT_CAP, policy.HTML_CAP, policy.ATTRIBUTE_VALUE_CAP)
    assert attributes.ALLOWED is policy.ALLOWED_ATTRIBUTES
    assert attributes.allowed_attribute("aria-label") and not attributes.allowed_attribute("value")
    assert (locators.MAX_LOCATORS, locators.LOCATOR_CAP) == (policy.LOCATOR_MAX, policy.LOCATOR_CHARS)


def test_secret_patterns_compile_and_match_what_they_name():
    words = re.compile("|".join(policy.SECRET_PARAM_WORDS), re.I)
    for name in ("access_token", "sessionId", "X-Amz-Signature", "api-key", "client_secret", "password",
                 "privateKey", "authToken"):
        assert words.search(name), name
    assert not words.search("author") and not words.search("page")
    assert re.compile("[" + policy.URL_STOP_CHARS + "]").pattern
    for ch in " \t\n\"'()\u2028\u00a0\ufeff\x85":
        assert re.match("[" + policy.URL_STOP_CHARS + "]", ch), repr(ch)
    for ch in "a=&?#;/%:@\U0001F389":
        assert not re.match("[" + policy.URL_STOP_CHARS + "]", ch), repr(ch)


def test_marker_colours_and_statuses():
    for colour in (policy.MARKER_COLOR, policy.MARKER_STALE_COLOR, policy.MARKER_SELECTED_COLOR,
                   policy.HIGHLIGHT_COLOR):
        assert re.fullmatch(r"#[0-9A-F]{6}", colour)
    assert policy.MARKER_RGBA == (220, 38, 38, 255)
    assert policy.rgba("#00FF7f", 10) == (0, 255, 127, 10)
    with pytest.raises(ValueError):
        policy.rgba("red")
    assert policy.MARKER_SIZE % 2 == 0 and policy.MARKER_SIZE >= 12
    assert len(set(policy.ANCHOR_STATUSES)) == 3
    from app.model import Annotation

    for status in (policy.STATUS_REMATCHED, policy.STATUS_STALE):
        assert Annotation(status=status).status == status


def _js_literals() -> dict[str, set[str]]:
    out = {}
    for entry in files("app.picker_js").iterdir():
        if entry.name.endswith(".js"):
            toks = tokenize(entry.read_text(encoding="utf-8"))
            out[entry.name] = {t.text[1:-1] if t.kind == "str" else t.text for t in toks if t.kind in ("str", "num")}
    return out


def test_page_scripts_hold_no_copy_of_a_rule():
    rules = {*policy.TEST_ID_ATTRIBUTES, *policy.ALLOWED_ATTRIBUTES - {"id", "class", "href", "src", "alt",
             "title", "name", "type", "placeholder", "role"},
             policy.MARKER_COLOR, policy.MARKER_STALE_COLOR, policy.MARKER_SELECTED_COLOR, *policy.ANCHOR_STATUSES,
             policy.REDACT_ATTRIBUTE, f"[{policy.REDACT_ATTRIBUTE}]", policy.REDACTED_TEXT, policy.REDACTED_VALUE,
             "one-time-code", "current-password", "\\n[truncated]",
             str(policy.LINE_CAP), str(policy.TEXT_CAP), str(policy.HTML_CAP), str(policy.ATTRIBUTE_VALUE_CAP),
             "8_000", "4_000", "6_000"}
    for name, literals in _js_literals().items():
        assert not (literals & rules), f"{name} restates {sorted(literals & rules)}: read it from OPTIONS"
