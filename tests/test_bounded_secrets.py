"""Secrets never leave the page and every field stays bounded and well-formed on hostile input
(issue #3 §9, §10)."""

from __future__ import annotations

import pytest

from app.model import Annotation, AnnotationBatch, ElementRecord
from app.model.text import ATTRIBUTE_VALUE_CAP, HTML_CAP, LINE_CAP, TEXT_CAP
from app.protocol.detail import restrict_element
from app.protocol.markdown import encode_annotations, parse_annotations

SECRETS = ("typed-password-123", "HIDDEN-TOKEN-VALUE", "typed-user-name", "424242-one-time", "4111111111111111")


@pytest.fixture
def giant(window, server, js):
    window.load_page(server.url("giant.html?access_token=URL-SECRET&page=1"))
    # The user typed into the form (values live in the DOM's value properties, never in attributes).
    js("document.getElementById('pass').value = 'typed-password-123';"
       "document.getElementById('user').value = 'typed-user-name';"
       "document.getElementById('otp').value = '424242-one-time';"
       "document.getElementById('card').value = '4111111111111111'; true")

    def record(selector: str) -> ElementRecord:
        found = window.page_call("select", selector)
        assert found["count"] == 1
        return ElementRecord.model_validate(found["record"])

    return record


@pytest.mark.parametrize("selector", ["#login", "#pass", "#user", "#otp", "#card", "#login-button",
                                      "input[type=hidden]"])
def test_typed_values_and_tokens_never_appear(giant, selector):
    record = giant(selector)
    text = encode_annotations(AnnotationBatch(annotations=(Annotation(element=record),)), "forensic")  # all fields
    for secret in SECRETS + ("URL-SECRET",):
        assert secret not in text and secret not in record.model_dump_json()
    assert "access_token=REDACTED" in record.url


@pytest.mark.parametrize("selector", ["#data-img", "#classy", "#path", "#quotes", "#emoji", "#surrogate"])
def test_every_field_is_capped_and_valid_utf8(giant, selector):
    record = giant(selector)
    text = encode_annotations(AnnotationBatch(annotations=(Annotation(element=record),)), "forensic")  # all fields
    text.encode("utf-8")
    # every field the Markdown carries (what only the window uses, the look-alike count, it does not)
    assert parse_annotations(text).annotations[0].element == restrict_element(record, "forensic")
    for line in text.split("\n"):
        if ": " in line and not line.startswith(("```", " ")):
            assert len(line.split(": ", 1)[1]) <= LINE_CAP
    assert all(len(v) <= ATTRIBUTE_VALUE_CAP for v in record.attributes.values())
    assert len(record.text) <= TEXT_CAP and len(record.html_excerpt) <= HTML_CAP
    if selector == "#emoji":
        assert record.text.endswith("[truncated]") and "\ufffd" not in record.text
    if selector == "#surrogate":
        assert record.text == "a\ufffdb"
    if selector == "#data-img":
        assert len(record.attributes["src"]) < 100 and record.html_excerpt.count("A") < 1000
