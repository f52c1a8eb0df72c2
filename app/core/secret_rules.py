"""What never leaves the page, in text or pixels: the credential rule for names (URL parameters, attributes,
form fields), the shapes of credential values, secret form fields, and what redacted text reads as. Plain
Python, no Qt.

Part of the rules defined once (:mod:`app.core.policy`): the page scripts get these through ``OPTIONS.secrets``
(:func:`app.core.policy.page_options`); the host's redaction (:mod:`app.protocol.redact`) imports the same
names. ``tests/test_parity.py`` runs the two implementations (app/protocol/redact.py, app/picker_js/redact.js)
over one table of cases.
"""

from __future__ import annotations

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
