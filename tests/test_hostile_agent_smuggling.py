"""Issue #32 security review N2, N3, N6 ("the page cannot steer the agent"): what a fresh review found still
reaching the agent.

- N2: invisible characters outside the first set (variation selectors, "emoji smuggling"; Hangul fillers, the
  Braille blank, interlinear annotation marks, CGJ, Mongolian FVS …) are shown escaped and flagged in every
  record field and every MCP result; an emoji's own presentation selector and joiner are kept
  (app.core.policy.INVISIBLE_CHARS, PRESENTATION_SELECTORS).
- N3: credential URL parameters by the widened name families (``login_code``, ``ott``, ``confirm``,
  ``one_time``, ``backup_codes``, ``code_verifier``) and webhook paths (Discord, Slack) are REDACTED on both
  sides of the page boundary; ordinary parameters (``page``, ``q``, ``lang``, ``zip_code``) stay.
- N6: a field named ``bearer``, a field described as "Your API key", a field whose value has a key's shape are
  secret in snapshot, find and extract.

Real pages on 127.0.0.1 (``hostile_invisible.html``, ``hostile_secrets_more.html``) through the annotator and
the MCP SDK client."""

from __future__ import annotations

import json

from app.model.annotation import Annotation, AnnotationBatch
from app.model.text import escape_invisible, has_invisible
from app.protocol.markdown import encode_annotations

#: One of each newly covered invisible character (issue #32 review N2).
NEW_INVISIBLE = ("\ufe00\ufe0d\ufe0e\ufe0f\U000e0100\U000e01ef\u3164\uffa0\u115f\u1160\u2800\ufff9\ufffa\ufffb"
                 "\u034f\u180b\u180c\u180d\u180f\u17b4\u17b5\U0001bca0\U0001bca3\U0001d173\U0001d17a")
#: What hostile_invisible.html hides: the raw characters, any of which must not reach the agent.
PAGE_HIDDEN = "\U000e0100\U000e0101\u3164\u2800\U000e0150\ufff9\ufffb\u115f\u1160\uffa0\u034f\u180b\u17b4" \
              "\U0001bca0\U0001d173\ufe00"


def _raw(text: str, chars: str = PAGE_HIDDEN) -> list[str]:
    return [f"U+{ord(c):04X}" for c in dict.fromkeys(chars) if c in text]


# -- N2 ---------------------------------------------------------------------------------------------------------


def test_every_newly_covered_invisible_character_is_escaped_and_flagged():
    for ch in NEW_INVISIBLE:
        value = "a" + ch + "b"          # after a letter: even VS15/VS16 are escaped
        out = escape_invisible(value)
        assert ch not in out and out.isascii() and has_invisible(value), f"U+{ord(ch):04X}: {out!r}"
        assert escape_invisible(out) == out


def test_an_emojis_own_selector_and_joiner_are_kept_but_runs_and_other_selectors_are_not():
    for kept in ("I \u2764\ufe0f it", "\u2764\ufe0f\u200d\U0001f525", "\U0001f468\u200d\U0001f469\u200d\U0001f467",
                 "1\ufe0f\u20e3", "\u263a\ufe0e", "\U0001f600\ufe0f"):
        assert escape_invisible(kept) == kept and not has_invisible(kept), kept
    for value, shown in (("\u2764\ufe0f\ufe0f", "\u2764\ufe0f\\ufe0f"),          # a run: the second escaped
                         ("\ufe0fx", "\\ufe0fx"),                                  # nothing before it
                         ("in\ufe0f", "in\\ufe0f"),                                # after a letter
                         ("\u2764\ufe00", "\u2764\\ufe00"),                        # never an emoji's
                         ("\U0001f600\U000e0100", "\U0001f600\\U000e0100"),
                         ("n\ufe0f\u200d\U0001f525", "n\\ufe0f\\u200d\U0001f525")):  # joiner after an escaped VS
        assert escape_invisible(value) == shown and has_invisible(value), (value, escape_invisible(value))


def test_a_real_pages_record_escapes_the_new_invisible_characters_in_every_field(window, server, qtbot):
    """The review's repro: the link's Title:, Accessible name:, Locators:, Attributes:, Text and HTML excerpt
    carry no raw selector, filler or blank; the record is flagged."""
    from conftest import settle

    from app.webview.frames import Route

    window.load_page(server.url("hostile_invisible.html"))
    annotator = window.tab.annotator
    login, more, heart = (settle(qtbot, annotator.record_of(Route(), window.page_call("select", s)))
                          for s in ("#login", "#more", "#heart"))
    assert login.hidden_chars and more.hidden_chars
    assert "\\U000e0100" in login.title and "\\u3164" in login.title
    assert "\\U000e0150" in login.accessible_name and "\\ufe0f" in login.accessible_name
    assert "\\u2800" in login.attributes["data-testid"]
    markdown = encode_annotations(AnnotationBatch(annotations=(Annotation(element=login), Annotation(element=more))),
                                  "forensic")
    assert _raw(markdown) == [], markdown
    assert markdown.count("Hidden characters: yes") == 2
    # The emoji paragraph's own fields keep the emoji (its record is flagged by the page's title all the same).
    assert "\u2764\ufe0f" in heart.text and "\u200d" in heart.text and "\\u" not in heart.text


def test_mcp_snapshot_extract_and_find_show_the_new_invisible_characters_escaped(server):
    """The N2 characters and the whole-category ones (:data:`CATEGORY_INVISIBLE`) of one real page, through the
    MCP client: one ``pagenote serve`` for both (a second snapshot of the same page would only say "unchanged")."""
    from test_mcp import text_of, with_client
    from test_mcp_browser import _serve

    gen = _serve(server.url("hostile_invisible.html"))
    app = next(gen)
    try:
        async def body(c):
            return {"snapshot": await c.call_tool("browser_snapshot", {}),
                    "extract": await c.call_tool("browser_extract", {}),
                    "find": await c.call_tool("browser_find", {"text": "Log in"}),
                    "tabs": await c.call_tool("browser_tabs", {})}

        results = with_client(app.socket, body)
        for what, result in results.items():
            text = text_of(result) + json.dumps(result.structured_content or {}, ensure_ascii=False)
            assert _raw(text) == [], (what, text)
            assert _raw(text, CATEGORY_INVISIBLE) == [], (what, text)
        snapshot = text_of(results["snapshot"])
        assert "\\U000e0150" in snapshot or "\\\\U000e0150" in snapshot
        assert "\\ue000" in snapshot or "\\\\ue000" in snapshot
        assert "\u2764\ufe0f" in text_of(results["extract"])           # the emoji stays an emoji
    finally:
        gen.close()


# -- N3 ---------------------------------------------------------------------------------------------------------

N3_LINKS = [
    "https://example.test/a?login_code=482913&page=2",
    "https://example.test/a?verification_code=771204",
    "https://example.test/a?one_time=qwertyuiopasdfghjklzxcvbnmqwerty",
    "https://example.test/a?confirm=mnbvcxzlkjhgfdsapoiuyt",
    "https://example.test/a?ott=6f2c1a9b3e7d",
    "https://example.test/a?backup_codes=9137-2846,5520-1984",
    "https://example.test/a?code_verifier=dBjftJeZ4CVPmB92K27uhbUJU1p1rwW1gFWFOEjXk",
    "https://example.test/a?oneTimeToken=zz&user_code=WDJB-MJHT&sms_code=55",
    "https://discord.com/api/webhooks/123456789012345678/aBcDeF1gH2iJ3kL4mN5oP6qR7sT8uV9wX0yZab1cd2ef3gh",
    "https://hooks.slack.com/services/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",
]
N3_SECRETS = ("482913", "771204", "qwertyuiop", "mnbvcxzl", "6f2c1a9b3e7d", "9137-2846", "dBjftJeZ", "=zz",
              "WDJB-MJHT", "=55", "aBcDeF1gH2", "aB1cD2eF3g")
ORDINARY = "https://example.test/list?page=2&q=shoes&lang=en&zip_code=12345&promo_code=SUMMER&country_code=PT"


def test_the_widened_credential_families_and_webhook_paths_are_redacted_as_on_the_page():
    from test_parity import js

    from app.protocol.redact import redact_urls

    ours = [redact_urls(u) for u in [*N3_LINKS, ORDINARY]]
    assert ours == js([["redactUrl", u] for u in [*N3_LINKS, ORDINARY]])
    out = "\n".join(ours[:-1])
    assert [s for s in N3_SECRETS if s in out] == [], out
    assert "page=2" in ours[0] and "123456789012345678" in out and "T0123ABCD/B0456EFGH" in out
    assert ours[-1] == ORDINARY


# -- N6 (and N3 on a real page) ---------------------------------------------------------------------------------

FIELD_SECRETS = ("BEARERVALUE2468", "DESCRIBEDKEY1357", "sk_live_51H8")
#: Security review 3: a ``pw`` field, a mnemonic, a seed, a passkey and a private key.
REVIEW3_FIELDS = ("PWVALUE1357", "abandon ability able about above absent absorb abstract absurd abuse access",
                  "SEEDWORDS2468", "PASSKEYVAL11", "PRIVKEYVAL22")


def test_mcp_snapshot_find_and_extract_hide_the_new_secret_fields_and_link_credentials(server):
    """N3 and N6, and security review 3's ``pw``, mnemonic and seed fields and links (:data:`REVIEW3_FIELDS`,
    :data:`REVIEW3_SECRETS`): all on hostile_secrets_more.html, read through one ``pagenote serve``."""
    from test_mcp import text_of, with_client
    from test_mcp_browser import _serve

    gen = _serve(server.url("hostile_secrets_more.html"))
    app = next(gen)
    try:
        async def body(c):
            out = {"snapshot": await c.call_tool("browser_snapshot", {}),
                   "extract": await c.call_tool("browser_extract", {})}
            for value in FIELD_SECRETS:
                out["find " + value] = await c.call_tool("browser_find", {"text": value[:10]})
            return out

        results = with_client(app.socket, body)
        for what, result in results.items():
            text = text_of(result) + json.dumps(result.structured_content or {})
            leaks = [s for s in (*FIELD_SECRETS, *N3_SECRETS, *REVIEW3_FIELDS, *REVIEW3_SECRETS) if s in text]
            assert leaks == [], (what, leaks, text)
        snapshot = text_of(results["snapshot"])
        assert "Lisbon" in snapshot and "q=shoes" in snapshot and "lang=en" in snapshot
    finally:
        gen.close()


def test_the_invisible_set_is_defined_once_and_no_page_script_keeps_a_list_of_its_own():
    """One set (app.core.policy.INVISIBLE_CHARS), escaped on the host side only — app.model.text for records,
    app.mcp.untrusted through it for every MCP result — so the page scripts never escape or strip invisible
    characters themselves: none names one of the set's characters, raw or as an escape (a second, partial list
    in a page script is what would let a character through one reader and not another)."""
    import re
    from pathlib import Path

    from app.core.policy import INVISIBLE_CHARS

    invisible = re.compile("[" + INVISIBLE_CHARS + "]")
    escape = re.compile(r"\\u\{([0-9a-fA-F]+)\}|\\u([0-9a-fA-F]{4})|\\x([0-9a-fA-F]{2})")
    found = []
    scripts = sorted((Path(__file__).resolve().parent.parent / "app").rglob("*.js"))
    assert len(scripts) > 30
    for path in scripts:
        source = path.read_text(encoding="utf-8")
        codes = [int(next(g for g in m.groups() if g), 16) for m in escape.finditer(source)]
        codes += [ord(m.group()) for m in invisible.finditer(source)]
        found += [f"{path.name}: U+{c:04X}" for c in codes if invisible.match(chr(c))]
    assert found == [], found
    assert invisible.match("\U000e0100") and invisible.match("\u3164") and invisible.match("\ufe0f")


def test_a_real_pages_record_of_the_links_carries_no_credential_in_attributes_or_excerpt(window, server, qtbot):
    """N3 as the review saw it: the record of a link (Attributes: href) and of their paragraph (HTML excerpt)."""
    from conftest import settle

    from app.webview.frames import Route

    window.load_page(server.url("hostile_secrets_more.html"))
    annotator = window.tab.annotator
    records = [settle(qtbot, annotator.record_of(Route(), window.page_call("select", s)))
               for s in ("#links", "#links a:nth-of-type(1)", "#links a:nth-of-type(8)")]
    markdown = encode_annotations(AnnotationBatch(annotations=tuple(Annotation(element=r) for r in records)),
                                  "forensic")
    assert [s for s in N3_SECRETS if s in markdown] == [], markdown
    assert "login_code=REDACTED" in records[1].attributes["href"] and "q=shoes" in records[0].html_excerpt


# -- review 3: the category rule (Cf, Cn, Co) and the credential names that still passed ------------------------

#: What the third review found passing raw: format controls (Cf) outside the hand list, unassigned code points
#: (Cn), private use (Co), U+FFFC and the null notehead.
CATEGORY_INVISIBLE = ("\ufffc\U0001d159\u2065\U00013430\U0001343f\U000110bd\u070f\u06dd\u0600\U000e0080"
                      "\ue000\U000f0000")


def test_every_format_unassigned_and_private_use_character_is_escaped_and_flagged():
    import unicodedata

    for ch in CATEGORY_INVISIBLE:
        value = "a" + ch + "b"
        out = escape_invisible(value)
        assert ch not in out and out.isascii() and has_invisible(value), f"U+{ord(ch):04X}: {out!r}"
    # The whole categories, not a sample: every Cf/Cn/Co code point (surrogates are Cs: clean_unicode's).
    missed = [f"U+{c:04X}" for c in range(0x110000)
              if unicodedata.category(chr(c)) in ("Cf", "Cn", "Co") and not has_invisible(chr(c))]
    assert missed == [], missed[:20]
    # Ordinary text, CJK, accents, emoji and their joiners are untouched.
    for kept in ("Olá, 世界 — naïve café ✓", "\U0001f468\u200d\U0001f469\u200d\U0001f467", "I \u2764\ufe0f it"):
        assert escape_invisible(kept) == kept and not has_invisible(kept), kept


def test_escape_invisible_keeps_a_fast_path_on_large_texts():
    """Hundreds of KiB of ordinary text (a snapshot) with nothing to escape come back as the very same object (the
    one-scan fast path builds no new string); one hidden character at the end is still found and escaped."""
    text = ("Lorem ipsum dolor sit amet, 世界 café — ✓ 😀 " * 20_000)
    assert escape_invisible(text) is text and not has_invisible(text)
    tail = text + "\u200b"
    assert has_invisible(tail) and escape_invisible(tail) == text + "\\u200b"


REVIEW3_LINKS = [
    "https://example.test/a?pw=hunter2&page=2", "https://example.test/a?logincode=482913",
    "https://example.test/a?smscode=110022", "https://example.test/a?mfacode=220033",
    "https://example.test/a?verifycode=330044", "https://example.test/a?resetcode=440055",
    "https://example.test/a?vcode=550066", "https://example.test/a?passkey=pkvalue77",
    "https://example.test/a?privkey=privvalue88", "https://example.test/a?recoverykey=recvalue99",
    "https://example.test/a?sessid=sessvalue11", "https://example.test/a?PHPSESSID=phpsessvalue22",
    "https://example.test/a?magiclink=magicvalue33",
    "https://api.telegram.org/bot123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw/sendMessage",
    "https://hooks.zapier.com/hooks/catch/123456/abcdef1/",
    "https://mega.nz/file/X#Zk9vYmFy1x2y3z4QwErTy5u6I7o8",
    "https://example.test/invite#Abcd1234Efgh5678ijkl9012",
]
REVIEW3_SECRETS = ("hunter2", "482913", "110022", "220033", "330044", "440055", "550066", "pkvalue77",
                   "privvalue88", "recvalue99", "sessvalue11", "phpsessvalue22", "magicvalue33", "AAHdqTcv",
                   "123456789:", "123456/", "abcdef1", "Zk9vYmFy", "Abcd1234Efgh")
REVIEW3_ORDINARY = ("https://example.test/doc#section-2", "https://example.test/app#/settings/profile",
                    "https://example.test/a?timecode=00:01:02&postcode=1000&seed=42&spin=3",
                    "https://example.test/p#top")


def test_review3_credential_names_bot_tokens_hooks_and_bare_fragments_are_redacted_as_on_the_page():
    from test_parity import js

    from app.protocol.redact import redact_urls

    urls = [*REVIEW3_LINKS, *REVIEW3_ORDINARY]
    ours = [redact_urls(u) for u in urls]
    assert ours == js([["redactUrl", u] for u in urls])
    out = "\n".join(ours[:len(REVIEW3_LINKS)])
    assert [s for s in REVIEW3_SECRETS if s in out] == [], out
    assert "page=2" in ours[0] and "/sendMessage" in ours[13] and "/hooks/catch/" in ours[14]
    assert ours[len(REVIEW3_LINKS):] == list(REVIEW3_ORDINARY)

