"""The agent snapshot (``snapshot`` over the socket): what a line says, what never appears (secret values),
the modes (full → unchanged → diff → full), and the parameters — against real pages in QtWebEngine."""

from __future__ import annotations

import re

import pytest

from test_agent_socket import RawClient

SECRETS = ("hunter2-secret", "918273", "4111111111111111", "hidden-csrf-value", "private-redacted-value", "abc123")


@pytest.fixture
def snap(window, qtbot, socket_path):
    """``snap(**params)`` → the ``snapshot`` result (asserting success); ``snap.raw(method, params)`` → the
    whole answer."""
    client = RawClient(qtbot, socket_path)

    def call(**params):
        answer = client.call("snapshot", params)
        assert "result" in answer, answer
        return answer["result"]

    call.raw = lambda method, params=None: client.call(method, params or {})
    yield call
    client.close()


def test_lines_say_role_name_states_href_and_value_with_refs(window, server, snap):
    window.load_page(server.url("snapshot_basic.html"))
    result = snap()
    text = result["snapshot"]
    assert result["mode"] == "full" and result["snapshot_id"]
    assert '- heading "Checkout" [level=1] [ref=e' in text
    assert re.search(r'- button "Place order" \[disabled\] \[ref=e\d+\]', text)
    assert re.search(r'- checkbox "I agree" \[checked\] \[ref=e\d+\]', text)
    assert re.search(r'- textbox "Email" \[ref=e\d+\]: me@example.com', text)
    assert re.search(r'- combobox "Size" \[ref=e\d+\]: Large', text)
    assert re.search(r'- link "Home" \[href=/home\] \[ref=e\d+\]', text)
    assert "Invisible button" not in text and "Hidden by visibility" not in text
    assert result["node_count"] == len(text.splitlines())
    assert result["char_count"] == len(text)
    assert result["truncated"] is False and result["cut"]["nodes"] == 0


def test_no_secret_value_in_any_snapshot(window, server, snap, js):
    window.load_page(server.url("snapshot_basic.html"))
    js("document.getElementById('pw').value = 'typed-password-9'; document.getElementById('otp').value = '55443';"
       "document.getElementById('cc').value = '5500000000000004'; 1")
    for params in ({}, {"response_mode": "raw"}, {"selector": "form"}, {"mode": "full", "max_chars": 500}):
        text = str(snap(**params))
        for secret in SECRETS + ("typed-password-9", "55443", "5500000000000004"):
            assert secret not in text, (secret, params)
    text = snap(mode="full")["snapshot"]
    assert re.search(r'- textbox "Password" \[ref=e\d+\]\n', text), "the password field is listed, without a value"
    assert '"[redacted]"' in text


def test_generic_wrappers_are_dropped_and_text_is_said_once(window, server, snap):
    window.load_page(server.url("snapshot_basic.html"))
    text = snap()["snapshot"]
    assert text.count("Plain words in wrappers") == 1
    assert "- generic" not in text.split("Plain words")[0].splitlines()[-1]
    assert "  - text: Plain words in wrappers bold tail" in text
    # A link's words are its name: not repeated as text below it; a label's words are its control's name.
    assert text.count('"terms"') == 1 and "text: terms" not in text
    assert text.count("Email") == 1 and text.count("I agree") == 1


def test_full_then_unchanged_then_a_one_node_diff_then_full_after_navigation(window, server, snap, js):
    window.load_page(server.url("snapshot_basic.html"))
    first = snap()
    assert first["mode"] == "full"
    again = snap()
    assert again["mode"] == "unchanged" and again["base_snapshot_id"] == first["snapshot_id"]
    assert "snapshot" not in again and "diff" not in again and again["char_count"] == 0
    assert again["node_count"] == first["node_count"]
    js("document.getElementById('later').textContent = 'Decide later'; 1")
    diff = snap()
    assert diff["mode"] == "diff" and diff["base_snapshot_id"] == again["snapshot_id"]
    lines = diff["diff"].splitlines()
    assert len(lines) <= 3, lines
    assert any(line.startswith("~ ") and 'button "Decide later"' in line for line in lines)
    js("document.getElementById('list').insertAdjacentHTML('beforeend', '<li>Third item</li>'); 1")
    added = snap()
    assert added["mode"] == "diff"
    assert any(line.startswith("+ ") and "Third item" in line for line in added["diff"].splitlines())
    forced = snap(mode="full")
    assert forced["mode"] == "full" and "Third item" in forced["snapshot"]
    window.load_page(server.url("snapshot_basic.html"))
    assert snap()["mode"] == "full"


def test_most_lines_changed_gives_full(window, server, snap, js):
    window.load_page(server.url("snapshot_basic.html"))
    snap()
    js("document.querySelector('main').innerHTML = '<h1>Other</h1><p>Completely different</p>'; 1")
    result = snap()
    assert result["mode"] == "full" and "Completely different" in result["snapshot"]


@pytest.mark.parametrize("params, code", [
    ({"mode": "everything"}, "INVALID_REQUEST"),
    ({"response_mode": "verbose"}, "INVALID_REQUEST"),
    ({"max_chars": 50_000}, "INVALID_PARAMS"),
    ({"max_nodes": 201}, "INVALID_PARAMS"),
    ({"selector": "#nope"}, "SELECTOR_NOT_FOUND"),
    ({"selector": "li"}, "SELECTOR_NOT_UNIQUE"),
    ({"selector": "a[["}, "BAD_SELECTOR"),
])
def test_bad_parameters_get_stable_error_codes(window, server, snap, params, code):
    window.load_page(server.url("snapshot_basic.html"))
    answer = snap.raw("snapshot", params)
    assert answer["error"]["data"]["code"] == code, answer


def test_a_lower_budget_and_a_selector_scope(window, server, snap):
    window.load_page(server.url("snapshot_basic.html"))
    small = snap(max_nodes=5)
    assert small["node_count"] <= 5 and small["truncated"] is True
    assert small["cut"]["nodes"] + small["cut"]["below"] > 0
    scoped = snap(selector="#list")
    assert scoped["snapshot"].splitlines()[0].startswith("- list [ref=e")
    assert "Checkout" not in scoped["snapshot"]


def test_health_advertises_snapshot_and_compact_responses(snap):
    health = snap.raw("health")["result"]
    assert {"snapshot", "ref.resolve"} <= set(health["methods"])
    assert health["capabilities"]["compactResponses"] is True
