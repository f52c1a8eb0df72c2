"""The rules pagenote applies on both sides of the page boundary, defined once. Plain Python, no Qt.

The page scripts (``app/picker_js/``) get every rule here through ``OPTIONS`` (:func:`page_options`, via
``app.picker_js.default_options``); the Python model and protocol import the same names. Nothing else
restates a value from this module: ``tests/test_policy.py`` checks the page scripts hold no copy, and
``tests/test_parity.py`` runs the two implementations of the rules that must be coded twice (the locator
splitter, URL redaction) over one table of cases.

Units: lengths are code points on the Python side and UTF-16 code units on the page (the page cuts first, the
model cuts again; issue #2 "two boundaries"). Colours are ``#RRGGBB``; sizes are CSS px.
"""

from __future__ import annotations

from app.core.unicode_ranges import ranges_for

# -- record caps (issue #2, "The element record" and "The Markdown protocol") -------------------------------

#: Cap of a single-line field's value.
LINE_CAP = 8_000
#: Caps of the fenced blocks.
TEXT_CAP = 4_000
CONTEXT_CAP = 4_000
HTML_CAP = 6_000
#: Cap of one attribute value.
ATTRIBUTE_VALUE_CAP = 500
#: Hard bound of a note or the batch summary (multi-line, user-typed; issue 9 §8): the user's words are kept
#: whole below it. 64,000 code points stay under the agent socket's 1 MiB request line even as JSON with every
#: character escaped (an astral character is 12 bytes as ``\uXXXX\uXXXX``); beyond it the note is cut with the
#: ``[truncated]`` line and the cut is reported (stderr in ``pagenote capture``).
NOTE_CAP = 64_000
#: Characters a reader does not see, or sees as a line break where the record has none — one rule, by Unicode
#: general category (issue #32 security review 3: a hand list always missed some): every character of category
#: **Cf** (format: zero-width and joiner characters, word joiner and invisible operators, the BOM, soft hyphen,
#: the bidi marks, embeddings, overrides and isolates — "Trojan Source", CVE-2021-42574, UAX #9 §2 —, the tag
#: characters U+E0001–U+E007F of "ASCII smuggling", the Arabic/Syriac/Kaithi number and end-of-ayah signs
#: U+0600–U+0605, U+06DD, U+070F, U+110BD, the Egyptian hieroglyph format controls U+13430–U+1343F, the
#: interlinear annotation marks, the shorthand and musical format controls …), **Cn** (unassigned: U+2065,
#: U+E0080 …, a font draws nothing or a box) and **Co** (private use: U+E000–U+F8FF and planes 15–16, which
#: draw nothing but what a font happens to put there) — plus the characters of other categories that draw
#: nothing and can carry hidden bytes (``_BLANK_BMP``, ``_BLANK_ASTRAL``): U+FFFC OBJECT REPLACEMENT CHARACTER, the
#: variation selectors U+FE00–U+FE0F and U+E0100–U+E01EF ("emoji smuggling": one selector per byte), the
#: combining grapheme joiner U+034F, the Mongolian free variation selectors U+180B–U+180F, the Khmer inherent
#: vowels U+17B4–U+17B5, the Hangul fillers U+115F, U+1160, U+3164, U+FFA0, the Braille blank U+2800 and the
#: musical null notehead U+1D159 (Unicode ``Default_Ignorable_Code_Point`` and the blank look-alikes of TR #36
#: §2.1); and every line break ``str.splitlines()`` or JavaScript knows besides LF and CR
#: (:data:`EXOTIC_BREAKS`). Categories are Python's ``unicodedata`` (its Unicode version: a character assigned
#: after it, say a newer emoji, reads as Cn and is escaped — erring towards showing). Every page-supplied record
#: field and every MCP result shows them escaped (``\u200b``, :func:`app.model.text.escape_invisible`; the
#: page scripts keep no list) and the record says it held some (``hidden_chars``), except an emoji's own
#: presentation selector and a joiner between two emoji (:data:`PRESENTATION_SELECTORS`). So an icon font's
#: glyph (Font Awesome puts private-use characters in button text) reads ``\uf007`` in a record: what an agent
#: would otherwise read as nothing. A regex character-class body of ranges, built once at import, valid in
#: Python ``re`` (the host escapes, for every field and result).
INVISIBLE_CATEGORIES = ("Cf", "Cn", "Co")
_BLANK_BMP = "\\u034f\\u115f\\u1160\\u17b4\\u17b5\\u180b-\\u180f\\u2800\\u3164\\ufe00-\\ufe0f\\uffa0\\ufffc"
_BLANK_ASTRAL = "\\U0001d159\\U000e0100-\\U000e01ef"


def _class_body(ranges: list[tuple[int, int]]) -> str:
    def esc(code: int) -> str:
        return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"
    return "".join(esc(a) + (f"-{esc(b)}" if b > a else "") for a, b in ranges)


#: The categories' ranges: app/core/_unicode_ranges.py's table when it is of the running Python's Unicode
#: version (walking every code point at each start costs 0.3–0.7 s), else computed (app.core.unicode_ranges).
_RANGES = ranges_for(INVISIBLE_CATEGORIES)
#: The same set split at U+FFFF (app.model.text scans the BMP part as one bitmap and looks an astral character
#: up only when it meets one: a class of hundreds of astral ranges is tested range by range, ~1 s per MB).
INVISIBLE_BMP = _BLANK_BMP + _class_body([(a, min(b, 0xFFFF)) for a, b in _RANGES if a <= 0xFFFF])
INVISIBLE_ASTRAL = _BLANK_ASTRAL + _class_body([(max(a, 0x10000), b) for a, b in _RANGES if b > 0xFFFF])
INVISIBLE_CHARS = INVISIBLE_BMP + INVISIBLE_ASTRAL
#: Pictographs (emoji): a ZERO WIDTH JOINER between two of them (👨‍👩‍👧) joins them into one picture a reader
#: sees, so it is kept (Unicode TS #51 §2.3 "emoji ZWJ sequence"). A character-class body (Python ``re``).
EMOJI_CHARS = "\\U0001f000-\\U0001faff\\u2600-\\u27bf"
#: VS15/VS16, the text and emoji presentation selectors (Unicode TS #51 §1.4.3, ``❤️`` = U+2764 U+FE0F). One
#: of them directly after a character that has both presentations — :data:`EMOJI_CHARS`, :data:`EMOJI_BASES` —
#: is what it looks like, so it is kept as it is; anywhere else (after a letter, after another selector, at
#: the start, in a run) it is escaped like the rest of :data:`INVISIBLE_CHARS`. The other selectors
#: (U+FE00–U+FE0D, U+E0100–U+E01EF) are always escaped: no emoji uses them. What a kept selector can still hide
#: is one bit per emoji or keycap base (VS15 or VS16 or none) — not a message.
PRESENTATION_SELECTORS = "\\ufe0e\\ufe0f"
#: The other characters with an emoji presentation (keycap bases ``#*0-9``, ©, ®, ‼, ⁉, ™, ℹ, arrows,
#: ⌚…⏿, Ⓜ, geometric shapes, ⤴⤵, ⬅…⭕, 〰, 〽, ㊗, ㊙; Unicode emoji-data.txt ``Emoji_Presentation``/``Emoji``).
EMOJI_BASES = ("#*0-9\\u00a9\\u00ae\\u203c\\u2049\\u2122\\u2139\\u2194-\\u21aa\\u231a-\\u23ff\\u24c2"
               "\\u25aa-\\u25fe\\u2934\\u2935\\u2b05-\\u2b55\\u3030\\u303d\\u3297\\u3299")
#: The line breaks among them (escaped in page fields; a user-typed note turns them into LF).
EXOTIC_BREAKS = "\\x0b\\x0c\\x1c-\\x1e\\x85\\u2028\\u2029"
#: What a cut single-line value ends with, and the last line of a cut block.
LINE_MARK = " [truncated]"
BLOCK_MARK = "\n[truncated]"

# -- attributes (issue #2: an allow-list, never ``value``) ---------------------------------------------------

#: Test-id attributes, in the order a test-id anchor or locator prefers them (issue #3 §1).
TEST_ID_ATTRIBUTES = ("data-testid", "data-test", "data-qa", "data-cy")
#: Attribute names the record may carry, besides :data:`ALLOWED_ATTRIBUTE_PREFIXES`.
ALLOWED_ATTRIBUTES = frozenset({"id", "class", "href", "src", "alt", "title", "name", "type", "placeholder",
                                "role", *TEST_ID_ATTRIBUTES})
#: Attribute-name prefixes the record may carry (``aria-label``, ``aria-describedby`` …).
ALLOWED_ATTRIBUTE_PREFIXES = ("aria-",)

# -- secrets: what never leaves the page in text or pixels ------------------------------------------------
# A name (URL parameter, attribute, form field) is read as a credential by one rule, implemented in
# app/protocol/redact.py and app/picker_js/redact.js (tests/test_parity.py runs both over one table):
#   1. after decoding %XX runs, the whole name is one of the *names* (ambiguous as a part: ``code``, ``state``);
#   2. or one of its *tokens* is one of the *tokens*: a name's tokens are its ASCII letter runs split at
#      camelCase humps and its digit runs (``SAMLResponse`` → saml, response; ``otp_code`` → otp, code);
#   3. or it holds one of the *words* anywhere (regex fragments: ``access_token``, ``X-Amz-Signature``);
#   4. or it ends like a key (``client.key``, ``x-api_key``);
#   5. or one of its tokens is ``code``/``codes`` and another is one of the *code qualifiers* (``login_code``,
#      ``backup_codes``, ``user_code``: a one-time code by what it is for; ``zip_code``, ``promo_code``,
#      ``country_code`` stay readable);
#   6. or one of its tokens is a *compound*: a credential stem written together with ``code``/``key`` as one
#      word (``logincode``, ``smscode``, ``vcode``, ``passkey``, ``privkey``, ``recoverykey``; security review 3 —
#      ``timecode``, ``postcode``, ``hotkey`` stay readable: their stems are not credential stems). ``code`` alone is a credential by rule 1 on every path (an OAuth
#      callback's path is the site's choice: ``/cb``, ``/``, ``/auth/done``), erring towards hiding.
# Rule 1 in an object the page logs (console previews: the value's type is known there, as it is not in a URL):
# a value under a rule-1 name is REDACTED only when it could be a credential — a string (or number) of more than
# :data:`SECRET_NAMED_VALUE_MAX` characters, or holding a run of :data:`SECRET_NAMED_VALUE_DIGITS` digits (a
# one-time password: RFC 4226 §5.3, 6 to 8 digits; RFC 6238), or :data:`SECRET_PATH_MIX` letter–digit
# neighbours (hex, base64url: an OAuth authorization code, RFC 6749 §4.1.2, is an opaque string a server
# makes random) — so ``{code: 42}``, ``{code: "E_FAIL"}``, ``{key: "Enter"}``, ``{state: "open"}`` read as
# they are (an error code is what an agent debugs), and booleans, null and nested objects (whose own keys
# are checked) are never hidden. Rules 2–6 hide any value. Source: trial f2 of the MCP server, finding 3.
# Case-insensitive, ASCII case folding only (as JavaScript's non-Unicode ``i`` flag).

#: Rule 1: query/fragment parameter names that are credentials when they are the whole name.
SECRET_PARAM_NAMES = ("code", "key", "state", "nonce", "ticket")
#: Rule 1 in logged objects (above): the longest value under a whole name that can be shown (characters) …
SECRET_NAMED_VALUE_MAX = 32
#: … and the digit run that hides it (a one-time password's shortest length).
SECRET_NAMED_VALUE_DIGITS = 6
#: Rule 2: name tokens that make a parameter (or attribute, or field) name a credential (lowercase).
SECRET_NAME_TOKENS = ("otp", "totp", "hotp", "mfa", "pwd", "pass", "pin", "sid", "sig", "auth", "oauth",
                      "authorization", "jwt", "hmac", "bearer", "refresh", "saml", "csrf", "xsrf", "cvv", "cvc",
                      "csc", "passcode", "reset", "recovery", "recover", "magic", "invite", "invitation",
                      # issue #32 review N3: one-time tokens (``ott``), confirmation and verification links,
                      # the PKCE ``code_verifier`` (RFC 7636 §4.1), ``onetime``
                      "ott", "confirm", "confirmation", "verify", "verification", "verifier", "onetime",
                      # security review 3: ``pw``, PHP's and others' session ids, magic links, seed phrases
                      "pw", "sessid", "phpsessid", "magiclink", "mnemonic")
#: Rule 6: a token that is one of these stems directly followed by one of the tails (lowercase, ASCII).
SECRET_COMPOUND_STEMS = ("login", "signin", "logon", "sms", "mfa", "otp", "totp", "verify", "verification",
                         "reset", "auth", "access", "security", "backup", "recovery", "recover", "activation",
                         "email", "device", "pairing", "unlock", "pass", "priv", "private", "secret", "api", "v",
                         "confirm", "invite", "magic")
SECRET_COMPOUND_TAILS = ("code", "codes", "key", "keys")
#: Rule 5: tokens that make a name with a ``code``/``codes`` token a credential (lowercase).
SECRET_CODE_TOKENS = ("code", "codes")
SECRET_CODE_QUALIFIERS = ("login", "signin", "sign", "logon", "backup", "access", "activation", "activate",
                          "security", "sms", "email", "mail", "device", "user", "pairing", "one", "time",
                          "single", "use", "temp", "temporary", "secure", "unlock", "approval", "challenge")
#: Rule 3: regex fragments (one syntax valid in Python ``re`` and JS ``RegExp``) found anywhere in the name.
SECRET_PARAM_WORDS = ("token", "secret", "passw", "passphrase", "signature", "credential", r"api[-_]?key",
                      "auth(?!or)", "session", "jwt", r"private[-_]?key", r"access[-_]?key", "bearer", "saml",
                      "2fa", r"one[-_]?time")
#: Rule 4: regex fragment for a name ending like a key; both languages anchor it at the end.
SECRET_PARAM_SUFFIX = r"[-_.]key"
#: Attribute names never read as credentials by rules 2–4 (standard HTML attributes whose name only looks so).
SECRET_ATTRIBUTE_EXEMPT = ("accesskey",)
#: Path segments that announce a token (``/reset/<token>``, ``/invite/accept/<token>``): a segment with a
#: token starting with one of these stems (``reset-password``, ``verification``, ``magic-link``) …
SECRET_PATH_STEMS = ("reset", "verif", "token", "invit", "magic", "confirm", "activat", "passw", "recover",
                     "unsubscri", "login", "otp", "auth",
                     # webhook URLs whose path is the secret (issue #32 review N3): Discord
                     # ``/api/webhooks/<id>/<token>``, Slack ``hooks.slack.com/services/T…/B…/<secret>``
                     "webhook", "hook")
#: … makes every later segment of the same path that looks like a token REDACTED (up to a ``;`` or ``&``): at
#: least :data:`SECRET_PATH_MIN` of the characters ``A-Z a-z 0-9 - _ . ~ % + =`` in which a letter and a digit
#: stand next to each other at least :data:`SECRET_PATH_MIX` times (hex, base64url, UUID, JWT — not
#: ``2024-annual-report``), counted as non-overlapping pairs from the left.
SECRET_PATH_MIN = 16
SECRET_PATH_MIX = 2
#: Rule of value shape (security review item 5: one-time login links, recovery codes, magic links whose
#: parameter has an ordinary name): a query/fragment parameter value of at least :data:`SECRET_VALUE_MIN` of the
#: characters ``A-Z a-z 0-9 - _ . ~ % + =`` with at least :data:`SECRET_VALUE_MIX` letter–digit neighbours
#: (base64url, hex, a UUID) is REDACTED whatever the name; and a JWT (:data:`SECRET_JWT`: ``eyJ…``, the base64url
#: of ``{"``, RFC 7519 §3) is REDACTED anywhere in a URL-bearing string.
SECRET_VALUE_MIN = 24
SECRET_VALUE_MIX = 3
#: A regex valid in Python ``re`` and JS ``RegExp`` (both apply it globally).
SECRET_JWT = r"eyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*"
#: Credentials with a shape of their own, REDACTED anywhere in a URL-bearing string (security review 3; regexes
#: valid in Python ``re`` and JS ``RegExp``, both applied globally): a Telegram bot token
#: (``api.telegram.org/bot<digits>:<35 base64url>/…``, core.telegram.org/bots/api "Authorizing your bot") and a
#: Zapier catch hook's account and hook ids (``hooks.zapier.com/hooks/catch/<id>/<id>/``: the URL is the
#: secret). A bare fragment (``#<key>`` with no ``=``, mega.nz file keys, ``/invite#<token>``) is a value by
#: the value-shape rule: REDACTED when shaped like a credential. Then providers' documented key prefixes, in
#: any text (not after a word character): GitHub's ``ghp_``/``gho_``/``ghu_``/``ghs_``/``ghr_`` and
#: ``github_pat_`` tokens (GitHub Docs, "About authentication to GitHub": token formats), GitLab's ``glpat-``,
#: npm's ``npm_``, Stripe's secret and restricted keys ``sk_live_``/``sk_test_``/``rk_…`` (Stripe Docs, "API
#: keys"), Slack's ``xoxb-``/``xoxp-``… (Slack API, "Token types"), AWS access key ids ``AKIA``/``ASIA`` + 16
#: (AWS IAM, "Unique identifiers"; a whole word, and an ``ASIA`` one with a digit in it, so ``ASIAPACIFICREGIONS``
#: prose stays), Google API keys ``AIza`` + 35, and ``sk-``/``sk-proj-``/``sk-ant-`` API
#: keys of OpenAI and Anthropic. Not after a letter, digit, ``_`` or ``-`` (``task-sk-…`` is a CSS class).
SECRET_SHAPES = (r"[0-9]{5,}:[A-Za-z0-9_-]{30,}", r"(?<=/hooks/catch/)[0-9]+/[A-Za-z0-9]+",
                 r"(?<![A-Za-z0-9_-])(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{30,}"
                 r"|glpat-[A-Za-z0-9_-]{20,}|npm_[A-Za-z0-9]{30,}|[sr]k_(?:live|test)_[A-Za-z0-9]{16,}"
                 r"|xox[abposr]-[A-Za-z0-9-]{10,}|(?:AKIA|ASIA(?=[A-Z]{0,15}[0-9]))[0-9A-Z]{16}(?![0-9A-Za-z])"
                 r"|AIza[0-9A-Za-z_-]{35}"
                 r"|sk-(?:proj-|ant-)?[A-Za-z0-9_-]{32,})")
#: What a credential parameter's value, a credential-like attribute's value and a path token become.
REDACTED_VALUE = "REDACTED"
#: Characters that end a URL part (userinfo, parameter name or value) when redacting URLs inside any text:
#: quotes, parentheses, and whitespace — spelled out (ASCII controls, Unicode spaces, line and paragraph
#: separators, BOM) because Python's and JavaScript's ``\s`` differ. A regex character-class body, valid in
#: both languages.
URL_STOP_CHARS = (r"\t\n\x0b\x0c\r\x1c-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000"
                  r"\ufeff\"'()")
#: Input types whose value and pixels are secret.
SECRET_INPUT_TYPES = ("password", "hidden")
#: ``autocomplete`` field names whose value and pixels are secret, matched as tokens at any position of the
#: attribute (HTML §4.10.18.7.1 "autofill detail tokens": ``section-*``, ``shipping``/``billing``,
#: ``home``/``work``/``mobile``/``fax``/``pager``, the field name, ``webauthn``): card data (every ``cc-*``
#: field), passwords and one-time codes.
SECRET_AUTOCOMPLETE_FIELDS = ("cc-name", "cc-given-name", "cc-additional-name", "cc-family-name", "cc-number",
                              "cc-exp", "cc-exp-month", "cc-exp-year", "cc-csc", "cc-type", "current-password",
                              "new-password", "one-time-code")
#: A form field whose value is secret in every reader — snapshot, find, extract, records and pixels (security
#: review item 6, issue #32 requirement 8) — besides the types and autocomplete tokens above: its ``name``, its
#: ``id`` or (a field that holds a typed value) its label — the words of its ``<label>``s, ``aria-label``,
#: ``aria-labelledby`` targets, ``title`` and ``placeholder``, i.e. what its accessible name is made of, and
#: its description (``aria-describedby`` targets, ``aria-description``: "Your API key") — says
#: key, token, secret, password, passcode, one-time code, credential, card number … By the name rule above
#: (rules 2 and 3, no rule 1): one of its tokens is one of :data:`SECRET_FIELD_TOKENS` (``api_key`` → api,
#: key), or it holds one of :data:`SECRET_FIELD_WORDS` anywhere (``accessToken``, ``cardNumber``). ``key`` is a
#: token here (a URL parameter is a credential by it only as its whole name), so ``sort_key`` or a field labelled
#: "Key" is masked too: the rule errs towards hiding. A field holding a typed value is also secret when a word of
#: its value (split at whitespace) has the shape of a credential by the URL rule of value shape
#: (:data:`SECRET_VALUE_MIN`, :data:`SECRET_VALUE_MIX`: ``sk_live_51H…``) or is a JWT (:data:`SECRET_JWT`)
#: whatever the field is called (issue #32 review N6). Implemented once, app/picker_js/redact.js isSecretField.
SECRET_FIELD_TOKENS = ("otp", "totp", "mfa", "pwd", "pass", "pin", "cvv", "cvv2", "cvc", "cvc2", "csc",
                       "passcode", "ssn", "key", "apikey", "token", "secret", "password", "passwd", "credential",
                       "credentials", "bearer", "jwt", "authorization", "oauth", "hmac", "ott",
                       # security review 3: ``pw``; a wallet's seed phrase (``mnemonic``, ``seed``: a field
                       # named ``seed`` is masked even when it is a random seed — erring towards hiding); passkeys
                       # and private keys written as one word. ``pin`` was already here.
                       "pw", "mnemonic", "seed", "seedphrase", "passkey", "privkey", "recoverykey")
SECRET_FIELD_WORDS = ("passw", "passcode", "passphrase", "secret", "token", "credential", r"api[-_ ]?key",
                      r"card[-_ ]?num", r"cc[-_]?num",
                      r"credit[-_]?card", r"security[-_ ]?code", r"verification[-_ ]?code",
                      r"one[-_ ]?time[-_ ]?(?:code|pass)",
                      r"auth[-_]?code", r"sms[-_]?code", "2fa", r"card[-_]?(?:verif|cvv|cvc|code)",
                      r"seed[-_ ]?phrase", r"recovery[-_ ]?(?:phrase|key)", "mnemonic", r"priv(?:ate)?[-_ ]?key")
#: The attribute that marks a subtree the page wants kept out of everything pagenote saves.
REDACT_ATTRIBUTE = "data-pagenote-redact"
#: What redacted text reads as.
REDACTED_TEXT = "[redacted]"
#: What the text of a ``contenteditable`` region reads as: typed text is never read — not by the snapshot,
#: find, extract, names or records — and its editing host's box is filled in every image, as a secret field's.
EDITABLE_TEXT = "[editable text not read]"

# -- locators (issue #3 §1; grammar in app/picker_js/locator_grammar.js) ------------------------------------

#: At most this many locators per element.
LOCATOR_MAX = 8
#: A locator longer than this (code points / code units) is dropped, never cut.
LOCATOR_CHARS = 1_000
#: Longest quoted value in a locator, and longest ``text=`` value.
LOCATOR_VALUE_MAX = 200
LOCATOR_TEXT_MAX = 80
#: Separator of locators on the Markdown ``Locators:`` line.
LOCATOR_SEPARATOR = "; "
#: A ``role=`` locator is made only when the document has at most this many elements that can have the role:
#: verifying it computes the accessible name of each (a link on a 35,000-element page took up to 1.87 s;
#: issue 30, requirement 8). Past it the element keeps its other locators.
LOCATOR_ROLE_SCAN = 2_000

# -- selectors (issue 9 §11: short, stable, deterministic; app/picker_js/selector.js) -------------------------

#: querySelectorAll calls one selector search may make before it settles for a path from the nearest anchor
#: (a count, never a clock: the same DOM always gives the same selector). About 0.3 ms each on a
#: 17,000-element page (bench/picker_latency.py).
SELECTOR_QUERIES = 60
#: Ancestors looked at for an anchor (an ancestor whose own step is unique in the document).
SELECTOR_DEPTH = 12
#: A parent with more children than this is not searched for a sibling-distinguishing step: the step uses
#: the element's position (bounds the per-pick work on long lists; a count, so still deterministic).
SELECTOR_SIBLINGS_MAX = 500
#: Longest id or test id written in a selector step (longer ones make selectors nobody reads).
SELECTOR_ID_MAX = 200
#: Longest naming-attribute value (href, name, aria-label …) written in a selector step.
SELECTOR_VALUE_MAX = 80
#: ``text=`` reads an element's rendered text (``innerText``) only when its ``textContent`` is at most this
#: long (UTF-16 code units); a longer element never matches a ``text=`` locator (bounds the resolver's cost).
TEXT_SOURCE_MAX = 20_000

# -- markers (issue #2: numbered markers on the page and in annotated screenshots) --------------------------

#: Marker badge colours: normal, stale (issue #3 §7), selected in the panel; the hover highlight's colour.
MARKER_COLOR = "#DC2626"
MARKER_STALE_COLOR = "#6B7280"
MARKER_SELECTED_COLOR = "#2563EB"
HIGHLIGHT_COLOR = "#2563EB"
#: Marker badge height and minimum width, CSS px (border 2 px included).
MARKER_SIZE = 22


def rgba(color: str, alpha: int = 255) -> tuple[int, int, int, int]:
    """``"#RRGGBB"`` → ``(r, g, b, alpha)`` with 0..255 ints (what Pillow draws with).

    Raises ``ValueError`` for anything that is not ``#`` and six hex digits."""
    if len(color) != 7 or color[0] != "#":
        raise ValueError(f"not a #RRGGBB colour: {color!r}")
    return int(color[1:3], 16), int(color[3:5], 16), int(color[5:7], 16), alpha


#: The marker colour as an RGBA tuple, for host-side drawing (app/capture/draw.py ``MARKER_RED``).
MARKER_RGBA = rgba(MARKER_COLOR)

# -- placement (what pagenote draws never hides what it marks; rules in app/core/placement.py) ---------------

#: Space between a marker badge and its element's border box, and between two badges, CSS px.
BADGE_GAP = 2
#: Space between the note box and the element it annotates, view px.
NOTE_GAP = 8
#: Space between the hover label and the highlighted box, CSS px; the label's height, CSS px.
LABEL_GAP = 2
LABEL_HEIGHT = 18

# -- JavaScript dialogs (issue 9 §1: alert/confirm/prompt/beforeunload never block) -------------------------

#: Cap of a dialog's message and a prompt's default value as pagenote reports them (code points; page data).
DIALOG_TEXT_CAP = 500
#: Dialogs per document reported one by one; from the next one on the page is in a dialog loop: its dialogs
#: are still answered at once, counted as suppressed and reported once.
DIALOG_LOOP_LIMIT = 5
#: Dialogs a tab keeps (the newest), and how many of them ``page.state`` lists.
DIALOG_LOG_CAP = 50
DIALOG_STATE_COUNT = 5

# -- anchoring statuses (issue #3 §7) -----------------------------------------------------------------------

#: Same node still connected / the node was re-rendered and found again by its locators / no unique match.
STATUS_EXACT = "exact"
STATUS_REMATCHED = "rematched"
STATUS_STALE = "stale"
ANCHOR_STATUSES = (STATUS_EXACT, STATUS_REMATCHED, STATUS_STALE)
#: Why a stale annotation was not moved (issue 9 §4): ``ambiguous: N candidates`` — N connected elements have the
#: pinned element's role, accessible name and text and no locator tells them apart (never moved by index).
STALE_AMBIGUOUS = "ambiguous: {n} candidates"
#: The same when the page holds fewer elements alike in every text than when the element was pinned and one is
#: left (issue 30, requirement 1): which of them was removed cannot be told, so the one left is only a candidate.
STALE_AMBIGUOUS_ONE = "ambiguous: 1 candidate, a look-alike is gone"
STALE_NO_MATCH = "no element with the same role, name and text"

# -- element geometry (issue 9 §6; app/picker_js/geometry.js) -----------------------------------------------

#: ``ElementRecord.box``: how the rect was measured. ``""``: the element's own border box;
#: :data:`BOX_CONTENTS`: ``display: contents`` (no box of its own), the union of its children's boxes as Chrome
#: DevTools highlights it; one of :data:`NO_BOX_KINDS`: the element draws nothing, so it has no rect
#: (``Rect: none (hidden)``), its marker is hidden and an element screenshot fails with ``CAPTURE_NO_BOX``.
BOX_CONTENTS = "contents"
BOX_HIDDEN = "hidden"          # display: none (itself or an ancestor), visibility: hidden/collapse
BOX_DETACHED = "detached"      # no longer in the document
BOX_ZERO_SIZE = "zero-size"    # laid out with width and height 0
NO_BOX_KINDS = (BOX_HIDDEN, BOX_DETACHED, BOX_ZERO_SIZE)

# -- page context (the agent's page.context and page.wait_for_change; app/picker_js/context.js, revision.js) ----
#: Install-wide defaults of one page-context read; a request may only lower them.
CONTEXT_MAX_NODES = 300
CONTEXT_MAX_CHARS = 60_000
#: Revisions of history a document keeps for page.wait_for_change diffs.
REVISION_HISTORY = 12
#: The most refs a complete wait_for_change diff lists (beyond: reset_required).
DIFF_MAX_REFS = 1_000
#: Source hints per node at most (most specific first).
SOURCE_CANDIDATES = 8


def page_options() -> dict:
    """The rules as the page scripts read them (``OPTIONS`` minus ``version``): a JSON-ready dict of
    ``caps`` (code units), ``marks``, ``attributes``, ``test_ids``, ``secrets``, ``locators``, ``markers``,
    ``statuses``, ``stale_reasons``, ``context`` and ``boxes``. A fresh dict each call (callers may change theirs)."""
    return {
        "caps": {"line": LINE_CAP, "text": TEXT_CAP, "context": CONTEXT_CAP, "html": HTML_CAP,
                 "attr": ATTRIBUTE_VALUE_CAP},
        "marks": {"line": LINE_MARK, "block": BLOCK_MARK},
        "attributes": {"allowed": sorted(ALLOWED_ATTRIBUTES), "prefixes": list(ALLOWED_ATTRIBUTE_PREFIXES)},
        "test_ids": list(TEST_ID_ATTRIBUTES),
        "secrets": {"param_names": list(SECRET_PARAM_NAMES), "name_tokens": list(SECRET_NAME_TOKENS),
                    "code_tokens": list(SECRET_CODE_TOKENS), "code_qualifiers": list(SECRET_CODE_QUALIFIERS),
                    "compound_stems": list(SECRET_COMPOUND_STEMS), "compound_tails": list(SECRET_COMPOUND_TAILS),
                    "shapes": list(SECRET_SHAPES),
                    "param_words": list(SECRET_PARAM_WORDS), "param_suffix": SECRET_PARAM_SUFFIX,
                    "attribute_exempt": list(SECRET_ATTRIBUTE_EXEMPT), "path_stems": list(SECRET_PATH_STEMS),
                    "path_min": SECRET_PATH_MIN, "value_min": SECRET_VALUE_MIN, "value_mix": SECRET_VALUE_MIX,
                    "jwt": SECRET_JWT,
                    "path_mix": SECRET_PATH_MIX, "redacted_value": REDACTED_VALUE, "url_stop": URL_STOP_CHARS,
                    "input_types": list(SECRET_INPUT_TYPES),
                    "autocomplete": list(SECRET_AUTOCOMPLETE_FIELDS),
                    "field_tokens": list(SECRET_FIELD_TOKENS), "field_words": list(SECRET_FIELD_WORDS),
                    "redact_attribute": REDACT_ATTRIBUTE, "redacted_text": REDACTED_TEXT,
                    "editable_text": EDITABLE_TEXT},
        "locators": {"max": LOCATOR_MAX, "chars": LOCATOR_CHARS, "value_max": LOCATOR_VALUE_MAX,
                     "text_max": LOCATOR_TEXT_MAX, "separator": LOCATOR_SEPARATOR,
                     "role_scan": LOCATOR_ROLE_SCAN},
        "selectors": {"queries": SELECTOR_QUERIES, "depth": SELECTOR_DEPTH, "siblings_max": SELECTOR_SIBLINGS_MAX,
                      "id_max": SELECTOR_ID_MAX, "value_max": SELECTOR_VALUE_MAX, "text_source_max": TEXT_SOURCE_MAX},
        "markers": {"color": MARKER_COLOR, "stale": MARKER_STALE_COLOR, "selected": MARKER_SELECTED_COLOR,
                    "highlight": HIGHLIGHT_COLOR, "size": MARKER_SIZE},
        "statuses": {"exact": STATUS_EXACT, "rematched": STATUS_REMATCHED, "stale": STATUS_STALE},
        "stale_reasons": {"ambiguous": STALE_AMBIGUOUS, "ambiguous_one": STALE_AMBIGUOUS_ONE,
                          "no_match": STALE_NO_MATCH},
        "context": {"history": REVISION_HISTORY, "max_nodes": CONTEXT_MAX_NODES, "max_chars": CONTEXT_MAX_CHARS},
        "boxes": {"contents": BOX_CONTENTS,
                  "none": {"hidden": BOX_HIDDEN, "detached": BOX_DETACHED, "zero_size": BOX_ZERO_SIZE}},
    }
