"""Secrets stay out of the Markdown: credential-like URL parameters and path tokens, credential-like
attributes (``data-token``, ``data-api-key`` …), ``value=`` inside an iframe's ``srcdoc``, and text typed into a
``contenteditable`` region (read like a textarea's contents: never). Real pages in real QtWebEngine."""

from __future__ import annotations

import pytest

from app.core.secret_rules import EDITABLE_TEXT
from app.model import Annotation, AnnotationBatch, ElementRecord
from app.protocol.markdown import encode_annotations

URL_SECRETS = ("PASSCODE-SECRET", "REFRESH-SECRET", "SAML-SECRET", "0a1b2c3d4e5f60718293a4b5c6d7e8f9")
PAGE_SECRETS = ("DATA-TOKEN-SECRET", "DATA-APIKEY-SECRET", "DATA-SECRET-VALUE", "DATA-AUTH-VALUE",
                "DATA-SESSION-VALUE", "WIDGET-AUTH-TOKEN", "WIDGET-API-KEY", "OTP-URL-SECRET", "BEARER-SECRET",
                "3f9a2b7c4d5e6f708192a3b4c5d6e7f8", "SRCDOC-VALUE-SECRET", "SRCDOC-TEXTAREA-SECRET",
                "SRCDOC-DATA-TOKEN", "SRCDOC-EDITABLE-SECRET", "NESTED-SRCDOC-SECRET", "TYPED-IN-EDITOR")


@pytest.fixture
def page(window, server, js):
    window.load_page(server.url("secrets-text.html?passcode=PASSCODE-SECRET&refresh=REFRESH-SECRET"
                                "&SAMLResponse=SAML-SECRET&page=3#/verify/0a1b2c3d4e5f60718293a4b5c6d7e8f9"))
    # What the user typed into the editor (a contenteditable region's text lives in the DOM).
    js("document.getElementById('editor-p').textContent = 'TYPED-IN-EDITOR'; true")

    def markdown(selector: str) -> tuple[ElementRecord, str]:
        found = window.page_call("select", selector)
        assert found["count"] == 1, found
        record = ElementRecord.model_validate(found["record"])
        return record, encode_annotations(AnnotationBatch(annotations=(Annotation(element=record),)))

    return markdown


@pytest.mark.parametrize("selector", ["#pay", "#meta", "#reset", "#widget", "#frames", "#doc", "#editor",
                                      "#editor-p", "#editor-box", "#editor-title", "body"])
def test_no_credential_reaches_the_markdown(page, selector):
    record, text = page(selector)
    for secret in URL_SECRETS + PAGE_SECRETS:
        assert secret not in text, (selector, secret)
        assert secret not in record.model_dump_json(), (selector, secret)
    assert "passcode=REDACTED" in record.url and "SAMLResponse=REDACTED" in record.url and "page=3" in record.url
    assert record.url.endswith("#/verify/REDACTED")


def test_credential_like_data_attributes_read_redacted_and_others_stay(page):
    _, text = page("#pay")
    assert 'data-token="REDACTED"' in text and 'data-api-key="REDACTED"' in text
    assert 'data-state="open"' in text  # a name that is only ambiguous as a whole URL parameter stays
    assert 'data-secret="REDACTED"' in text and 'data-auth="REDACTED"' in text
    assert 'auth-token="REDACTED"' in text and 'accesskey="w"' in text
    assert 'href="/reset/REDACTED?otp_code=REDACTED&amp;bearer=REDACTED&amp;page=2"' in text


def test_srcdoc_is_excerpted_with_the_same_rules(page):
    record, _ = page("#frames")
    # The srcdoc document, serialised by the excerpt's rules (no value=, no textarea or editable text), nested too.
    assert ('srcdoc="<form><input name=&quot;card&quot;><textarea></textarea><p data-token=&quot;REDACTED&quot; '
            'contenteditable=&quot;&quot;></p><iframe srcdoc=&quot;<input>&quot;></iframe></form>"') in record.html_excerpt
    assert "value" not in record.html_excerpt


def test_contenteditable_text_is_never_read(page):
    record, _ = page("#editor")
    assert record.text == EDITABLE_TEXT
    assert EDITABLE_TEXT in page("#editor-box")[0].text and "Plain words stay." in page("#editor-box")[0].text
    assert page("#editor-p")[0].text == EDITABLE_TEXT
    assert "<div id=\"editor\" contenteditable=\"true\"></div>" in record.html_excerpt
