"""Rules implemented in both languages give the same answers: the Markdown locator splitter
(app/protocol/locators.py ↔ app/picker_js/locator_grammar.js) and URL redaction (app/protocol/redact.py ↔
app/picker_js/redact.js). The JS side is the real module files, bundled by the real bundler, run in Node.
"""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from app.picker_js import PICKER_WORLD, default_options
from app.picker_js.bundler import bundle, load_modules
from app.protocol.locators import join_locators, split_locators, splits_alone
from app.protocol.redact import decode_param, is_secret_attribute, is_secret_param, name_tokens, redact_paths, redact_urls

PROBE = """// @module parity_probe
// @imports locator_grammar: splitsAlone, readQuoted, quoteLocator; redact: redactUrl, isSecretParam, decodeParam
// @imports redact: isSecretAttribute, nameTokens, redactPaths
const calls = JSON.parse(require('fs').readFileSync(0, 'utf8'));
const fns = { splitsAlone, readQuoted, quoteLocator, redactUrl, isSecretParam, decodeParam, isSecretAttribute,
              nameTokens, redactPaths };
process.stdout.write(JSON.stringify(calls.map(([fn, ...args]) => fns[fn](...args))));
"""


def js(calls: list[list]) -> list:
    """Run ``[[function, *args], …]`` through the page modules in Node; the results in order."""
    node = shutil.which("node")
    assert node, "the parity tests need Node.js on PATH (Debian: apt-get install nodejs)"
    modules = load_modules(PICKER_WORLD.packages, {"parity_probe": PROBE})
    source = bundle(modules, "parity_probe", default_options())
    run = subprocess.run([node, "-e", source], input=json.dumps(calls), capture_output=True, text=True,
                         timeout=60, encoding="utf-8", errors="surrogatepass")
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


LOCATORS = [
    "css=#submit", 'text="Place order"', 'role=button[name="Place order"]', 'text="a; b"', 'text="a;b"',
    "css=a; b", "css=a;b", 'role=button[name="say \\"hi\\"; ok"]', 'text="open', 'text="x" ; y', 'text="x"; y',
    "xpath=/html/body/div[2]", 'testid="hero banner; big"', "testid=card-1", ' css=x', 'css=x ', "css=x\\",
    "css=x\\\\", 'text="\\\\"; x', 'text="\\"; x"', "", ";", "; ", " ;", '"', '""', '"; "', "a\\; b",
    'label="Ünïcödé — 名前; ok"', 'text="🎉; 🎉"', "css=🎉; x", 'text="\u2028"', "css=a;\u00a0b",
    'placeholder="it\'s; fine"', "css=[data-x='a; b']", 'css=[data-x="a; b"]', "xpath=//*[text()='a; b']",
]


def test_splits_alone_agrees_with_the_page():
    page = js([["splitsAlone", loc] for loc in LOCATORS])
    assert [splits_alone(loc) for loc in LOCATORS] == page


def test_locators_the_page_keeps_split_back_whole_in_python():
    # Non-empty, as the model requires (app/protocol/locators.py _usable): an empty part is dropped by the split.
    kept = [loc for loc, ok in zip(LOCATORS, js([["splitsAlone", loc] for loc in LOCATORS]), strict=True)
            if ok and loc]
    assert len(kept) > 10
    for i in range(len(kept)):
        line = join_locators(kept[i:] + kept[:i])
        assert split_locators(line) == kept[i:] + kept[:i]


VALUES = ["Place order", 'say "hi"; ok', "back\\slash", "a\\", '"', "", "Ünïcödé 名前 🎉", "\\\"", "; ", "x\u2028y"]


def test_quoted_values_read_back_and_keep_the_line_splittable():
    calls = [["quoteLocator", v] for v in VALUES]
    quoted = js(calls)
    read = js([["readQuoted", q, 0] for q in quoted])
    assert [r[0] for r in read] == VALUES and [r[1] for r in read] == [len(q.encode("utf-16-le")) // 2 for q in quoted]
    # What the page writes (text=QUOTED) splits alone on both sides.
    assert all(splits_alone("text=" + q) for q in quoted)
    assert js([["splitsAlone", "text=" + q] for q in quoted]) == [True] * len(quoted)


URLS = [
    "https://example.test/?token=abc&page=2",
    "https://user:pass@example.test/path?x=1",
    "http://a@b@example.test/",
    "https://example.test/#/cb?code=SECRET&state=xyz",
    "https://example.test/p;sid=S1;v=2?q=1",
    "https://example.test/?access_token=A&ACCESS-TOKEN=B&accessToken=C&author=me&authority=x",
    "https://example.test/?X-Amz-Signature=deadbeef&X-Amz-Credential=c&X-Amz-Date=d",
    "https://example.test/?api_key=1&apikey=2&api-key=3&client.key=4&monkey=5&keyboard=6&key=7",
    "https://example.test/?%74oken=enc&%E2%82%AC=euro&%FFsession=bad&%G1=x",
    "https://example.test/?sessi%6Fn=enc&pass%77ord=p",
    "see https://u:p@example.test/a?password=hunter2 and (https://example.test/?jwt=e.y.J) \"?otp=123\"",
    "https://example.test/?q=a b&token=x y",
    "https://example.test/?tok\u212aen=kelvin&\u017fession=longs&SESSION=upper",
    "https://example.test/?token=a\u00a0b&code=c\u2028d&pin=e\ufeffz&sig=f\x85g&nonce=h\x1ci",
    "https://example.test/?token=&code&=x&&;;#",
    "https://example.test/?ticket=T#frag?hmac=H&private_key=P&privateKey=K",
    "//user:secret@host/only-userinfo",
    "javascript:alert('?token=x')",
    "data:text/plain,?token=inline",
    "https://example.test/?token=%F0%9F%8E%89&emoji=\U0001F389&\U0001F389=\U0001F389",
    "wss://u:p@[::1]:8080/ws?auth=A&authorization=B",
    "https://example.test/?Token=1;TOKEN=2#TOKEN=3",
    "https://example.test/?otp_code=1&otpCode=2&bearer=3&passcode=4&refresh=5&SAMLResponse=6&SAMLRequest=7",
    "https://example.test/?id_token=8&client_secret=9&pwd=10&session=11&sid=12&auth=13&api_key=14&OTP=15",
    "https://example.test/?authorization=16&x-refresh-token=17&mfa_code=18&csrf=19&country_code=US&lang=en",
    "https://example.test/reset/3f9a2b7c4d5e6f708192a3b4c5d6e7f8?next=/account",
    "https://example.test/password/reset/3f9a2b7c-4d5e-6f70-8192-a3b4c5d6e7f8/confirm",
    "https://example.test/invite/accept/eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.x1y2z3;jsessionid=S9",
    "https://example.test/magic-link/Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5 and /verify-email/abcdef0123456789abcdef",
    "https://example.test/#/activate/AbCdEf0123456789AbCd?x=1",
    "https://example.test/?next=/reset/3f9a2b7c4d5e6f708192a3b4c5d6e7f8&lang=en",
    "https://example.test/reset/short1/docs/2024-annual-report-final-version/reset",
    "https://example.test/users/0a1b2c3d4e5f60718293a4b5c6d7e8f9/profile",
    "https://example.test/token/REDACTED/tokenized/lettersOnlyNoDigitsHereAtAll",
    "x" * 5000 + " https://example.test/reset/" + "a1" * 2000 + "?" + "b" * 5000 + "/" * 300,
    # providers' key prefixes in any text (not after a word character: disk-cache-…, task-… stay)
    "push https://gh.test/x with ghp_Zq7XwV9bN3mK5pL8rT2yU4iO6aS1dF0gH3jK and sk_live_4eC39HqLyjWDarjtT1zdp7dc",
    "keys AKIAIOSFODNN7EXAMPLE xoxb-123456789012-abcdefghij AIzaSyA1b2C3d4E5f6G7h8I9j0KlMnOpQrStUvW",
    "sk-proj-abcdefghijklmnopqrstuvwxyz0123456789 disk-cache-zyxwvutsrqponmlkjihgfedcb9876543210 "
    "task-zyxwvutsrqponmlkjihgfedcb9876543210zz",
    # review 2: an ASIA id holds a digit and every AWS id is a whole word; no key after a dash (CSS classes)
    "regions ASIAPACIFICREGIONSX AKIAQWERTYUIOP234567XYZ temp ASIAY3FMKEXAMPLE12AB .task-sk-0123456789fedcba9876543210fedcba",
]


def test_redact_urls_agrees_with_the_page():
    page = js([["redactUrl", url] for url in URLS])
    for url, theirs in zip(URLS, page, strict=True):
        assert redact_urls(url) == theirs, url


def test_redaction_removes_the_secrets_of_the_table():
    out = "\n".join(redact_urls(url) for url in URLS)
    for secret in ("abc", "pass@", "SECRET", "S1", "deadbeef", "hunter2", "e.y.J", "=enc", "=T#", "=H&", "=P&"):
        assert secret not in out, secret
    for secret in ("otp_code=1", "otpCode=2", "bearer=3", "passcode=4", "refresh=5", "SAMLResponse=6", "SAMLRequest=7",
                   "=8", "=9", "=10", "=11", "=12", "=13", "=14", "=15", "=16", "=17", "=18", "=19", "3f9a2b7c",
                   "eyJhbGci", "Zm9vYmFy", "abcdef0123456789abcdef", "AbCdEf0123456789AbCd", "=S9", "ghp_Zq7",
                   "sk_live_4e", "AKIAIOSF", "xoxb-1", "AIzaSyA1", "sk-proj-a"):
        assert secret not in out, secret
    assert "page=2" in out and "monkey=5" in out and "keyboard=6" in out and "author=me" in out
    assert "country_code=US" in out and "2024-annual-report-final-version" in out and "/profile" in out
    assert "/reset/REDACTED?next=/account" in out
    assert "disk-cache-zyxwvutsrq" in out and "task-zyxwvutsrq" in out
    assert "ASIAPACIFICREGIONSX" in out and "AKIAQWERTYUIOP234567XYZ" in out and "task-sk-0123" in out
    assert "ASIAY3FM" not in out


PARAMS = ["otp_code", "otpCode", "OTPCode", "bearer", "passcode", "refresh", "refresh_token", "SAMLResponse",
          "SAMLRequest", "id_token", "client_secret", "password", "pwd", "session", "sid", "auth", "api_key",
          "authorization", "mfa", "xsrf", "country_code", "zip_code", "refreshed", "side", "otpx", "footprint",
          "token", "Token", "access_token", "author", "authority", "auth", "oauth_token", "%74oken", "%FFtoken",
          "%E2%82%ACkey", "x.key", "monkey", "keyboard", "tok\u212aen", "\u017fession", "state", "statement",
          "%", "%%", "%7", "%C3", "%C3%A9", "sig", "signature", "signal", "PIN", "pinned", "ticket", "nonce", ""]


def test_secret_parameter_names_agree_with_the_page():
    assert [is_secret_param(p) for p in PARAMS] == js([["isSecretParam", p] for p in PARAMS])
    assert [decode_param(p) for p in PARAMS] == js([["decodeParam", p] for p in PARAMS])


@pytest.mark.parametrize("name", ["token", "%74oken", "api-key", "X-Amz-Signature", "state", "code", "key", "sig",
                                  "otp_code", "otp", "bearer", "passcode", "refresh", "refresh_token", "SAMLResponse",
                                  "SAMLRequest", "id_token", "access_token", "client_secret", "password", "pwd",
                                  "session", "sid", "auth", "api_key", "authorization", "pin", "jwt", "nonce"])
def test_known_credential_names_are_secret(name):
    assert is_secret_param(name)


@pytest.mark.parametrize("name", ["page", "q", "lang", "author", "authority", "country_code", "zip_code",
                                  "monkey", "keyboard", "footprint", "side", "refreshed", "pinned", "signal"])
def test_ordinary_parameter_names_are_not_secret(name):
    assert not is_secret_param(name)


ATTRIBUTES = ["data-token", "data-api-key", "data-apikey", "data-secret", "data-auth", "data-auth-token",
              "data-session-id", "data-sid", "data-otp", "auth-token", "api-key", "client-secret", "data-bearer",
              "data-state", "data-key", "data-code", "data-author", "data-testid", "accesskey", "ACCESSKEY",
              "data-access-key", "title", "name", "autocomplete", "aria-keyshortcuts", "data-refresh-token",
              "data-password-hint", "nonce", "data-nonce", "href", "data-pin", "data-spin", "data-csrf"]


def test_credential_like_attribute_names_agree_with_the_page():
    assert [is_secret_attribute(a) for a in ATTRIBUTES] == js([["isSecretAttribute", a] for a in ATTRIBUTES])
    assert [name_tokens(a) for a in ATTRIBUTES + PARAMS] == js([["nameTokens", a] for a in ATTRIBUTES + PARAMS])
    secret = {a for a in ATTRIBUTES if is_secret_attribute(a)}
    assert {"data-token", "data-api-key", "data-secret", "data-auth", "data-session-id", "auth-token",
            "data-refresh-token", "data-csrf"} <= secret
    # Rule 1 (whole names) is for URL parameters only: data-state="open", data-key lists stay readable.
    assert not secret & {"data-state", "data-key", "data-code", "data-author", "data-testid", "accesskey",
                         "title", "autocomplete", "nonce", "data-spin"}


PATHS = [
    "/reset/3f9a2b7c4d5e6f708192a3b4c5d6e7f8", "/reset/short", "/reset/abcdefghijklmnopqrst",
    "/verify/2fa/AbCdEf0123456789AbCd", "/docs/3f9a2b7c4d5e6f708192a3b4c5d6e7f8", "reset/3f9a2b7c4d5e6f708192",
    "/confirm/a1b2c3d4e5f6a7b8;x=1/more", "/Unsubscribe/u/0123456789abcdef0123", "see /login/magic/0a1b2c3d4e5f6a7b8c9d.",
    "/reset/REDACTED", "", "/", "//", "a/b/c",
]


def test_path_tokens_agree_with_the_page_and_are_redacted():
    assert [redact_paths(p) for p in PATHS] == js([["redactPaths", p] for p in PATHS])
    assert redact_paths(PATHS[0]) == "/reset/REDACTED"
    assert redact_paths("/password/reset/3f9a2b7c-4d5e-6f70-8192-a3b4c5d6e7f8/done") == "/password/reset/REDACTED/done"
    assert redact_paths(PATHS[1]) == PATHS[1] and redact_paths(PATHS[2]) == PATHS[2]  # short, or no digit
    assert redact_paths(PATHS[4]) == PATHS[4]  # no announcing segment before it
    assert redact_paths(PATHS[6]) == "/confirm/REDACTED;x=1/more"
