"""``evaluate``: the agent's JavaScript runs in the page's own world, Promises are awaited, values come back
as bounded JSON with readable markers, errors as EVALUATE_FAILED — and a hostile page cannot answer a call
itself (real QtWebEngine, pages on 127.0.0.1)."""

from __future__ import annotations

import json
import re

import pytest

from app.agent.host import TabsHost
from app.agent.methods import Methods
from app.core.errors import PagenoteError


@pytest.fixture
def call(window, server):
    """``call(method, **params)`` through the socket's dispatch table, on ``console.html`` … or another page
    loaded with ``window.load_page``."""
    window.load_page(server.url("spa.html"))
    methods = Methods(TabsHost(window.app), window.app.hub)
    return lambda method, **params: window.run(methods.call(method, params), timeout=60_000)


def evaluate(call, expression: str, **params):
    """The ``evaluate`` result without its ``tab`` (every page method's result names its tab: checked here)."""
    result = call("evaluate", expression=expression, **params)
    assert set(result.pop("tab")) == {"id", "origin"}
    return result


def _error(call, expression: str, **params) -> PagenoteError:
    with pytest.raises(PagenoteError) as caught:
        evaluate(call, expression, **params)
    return caught.value


def test_runs_in_the_pages_own_world(call):
    assert evaluate(call, "() => window.items") == {"value": ["Apples", "Bananas", "Cherries"]}
    assert evaluate(call, "document.title") == {"value": "SPA"}
    evaluate(call, "() => { window.items.push('Dates'); window.render(); }")
    assert evaluate(call, "() => document.querySelectorAll('#list li').length")["value"] == 4


def test_awaits_promises_and_keeps_empty_values(call):
    assert evaluate(call, "async () => { await new Promise(r => setTimeout(r, 200)); return {a: 1}; }") == \
        {"value": {"a": 1}}
    assert evaluate(call, "() => ''") == {"value": ""}
    assert evaluate(call, "() => null") == {"value": None}


def test_markers_for_what_json_cannot_carry(call):
    value = evaluate(call, """() => { const o = {n: NaN, i: Infinity, m: -Infinity, u: undefined, b: 10n,
        s: Symbol('k'), f: function named() {}, d: new Date(0), e: new TypeError('bad'),
        map: new Map([['k', 1]]), set: new Set([1, 2]), el: document.querySelector('h1'), w: window};
        o.self = o; return o; }""")["value"]
    assert value["n"] == "[NaN]" and value["i"] == "[Infinity]" and value["m"] == "[-Infinity]"
    assert value["u"] == "[undefined]" and value["b"] == "[BigInt 10n]" and value["s"] == "[Symbol(k)]"
    assert value["f"] == "[Function named]" and value["d"] == "1970-01-01T00:00:00.000Z"
    assert value["e"] == {"[Error]": "TypeError: bad"}
    assert value["map"] == {"[Map]": [["k", 1]]} and value["set"] == {"[Set]": [1, 2]}
    assert value["el"] == "[Element h1]" and value["w"] == "[Window]" and value["self"] == "[Circular]"


def test_depth_20_is_cut_at_8(call):
    result = evaluate(call, "() => { let o = {leaf: 1}; for (let i = 0; i < 20; i++) o = {o}; return o; }")
    assert result["truncated"] is True
    depth, node = 0, result["value"]
    while isinstance(node, dict):
        node, depth = node["o"], depth + 1
    assert depth == 8 and node == "[Object]"


def test_a_10000_item_array_keeps_2000_and_says_so(call):
    result = evaluate(call, "() => Array.from({length: 10000}, (_, i) => i)")
    assert result["truncated"] is True
    assert result["value"][:3] == [0, 1, 2] and len(result["value"]) == 2001
    assert result["value"][1999] == 1999 and result["value"][-1] == "[… 8000 more items]"


def test_an_object_keeps_200_fields(call):
    result = evaluate(call, "() => Object.fromEntries(Array.from({length: 500}, (_, i) => ['k' + i, i]))")
    assert len(result["value"]) == 201 and result["value"]["…"] == "300 more fields"


def test_a_1_mb_string_is_cut_at_200000_chars(call):
    result = evaluate(call, "() => 'x'.repeat(1 << 20)")
    text = result["value"]
    assert result["truncated"] is True
    assert text.startswith("x" * 200_000) and text.endswith(f"…[cut: {(1 << 20) - 200_000} chars]")


def test_a_thrown_error_is_evaluate_failed_with_message_and_stack(call):
    error = _error(call, "() => { function inner() { throw new RangeError('too far: ?token=abc123secret'); } inner(); }")
    assert error.name == "EVALUATE_FAILED"
    assert error.message.startswith("RangeError: too far: ?token=REDACTED")
    assert "at inner (<evaluated>:1:" in error.message and "abc123secret" not in error.message
    assert error.message.count("RangeError") == 1 and "<anonymous>" not in error.message
    assert len(error.message) < 7_000


def test_a_rejected_promise_is_evaluate_failed(call):
    error = _error(call, "() => Promise.reject(new Error('nope'))")
    assert error.name == "EVALUATE_FAILED" and error.message.startswith("Error: nope")
    assert _error(call, "async () => { throw 42; }").message == "42"


def test_a_syntax_error_is_evaluate_failed(call):
    error = _error(call, "() => {")
    assert error.name == "EVALUATE_FAILED" and error.message.startswith("SyntaxError")


def test_a_promise_that_never_settles_times_out(call):
    assert _error(call, "() => new Promise(() => {})", timeout_ms=300).name == "EVALUATE_TIMEOUT"


def test_a_script_loop_times_out(call, window, server):
    assert _error(call, "() => { const end = Date.now() + 3000; while (Date.now() < end); }",
                  timeout_ms=300).name == "EVALUATE_TIMEOUT"


def test_a_page_busy_in_its_own_loop_times_out(call, window):
    window.page.runJavaScript("const end = Date.now() + 3000; while (Date.now() < end);")  # the page's own loop
    assert _error(call, "() => 1", timeout_ms=300).name == "EVALUATE_TIMEOUT"


def test_a_page_cannot_forge_a_result(call, window, server, js):
    window.load_page(server.url("forge.html"))
    assert evaluate(call, "() => window.slowSecret()") == {"value": "the real value"}
    assert evaluate(call, "() => 6 * 7") == {"value": 42}
    # The page did try: it watched window for a new property (there is none: the poll function is a global
    # lexical binding) and no token reached JSON.
    assert js("window.forgeries") == 0 and js("window.forgeryBlocked") == 0
    assert not any("the real value" in seen and len(seen) > 60 for seen in js("window.seenTokens"))


def test_works_on_a_page_whose_csp_forbids_eval(call, window, server):
    window.load_page(server.url("csp.html"))
    assert evaluate(call, "() => window.appState") == {"value": {"user": "ada", "cart": [1, 2, 3]}}
    assert evaluate(call, "async () => { try { eval('1'); return 'eval ran'; } catch (e) { return e.name; } }") == \
        {"value": "EvalError"}
    error = _error(call, "() => {")
    assert error.name == "EVALUATE_FAILED" and error.message.startswith("SyntaxError")  # parsed in pagenote's world


def test_a_document_replaced_during_the_call_is_frame_gone(call):
    error = _error(call, "() => { setTimeout(() => location.reload(), 50); return new Promise(() => {}); }")
    assert error.name == "FRAME_GONE"


def test_placeholders_in_the_source_or_a_selector_are_left_alone(call, window, server, js):
    assert evaluate(call, "() => ['__TOKEN__', '__SOURCE__', '__PROPERTY__'].join(' ')") == \
        {"value": "__TOKEN__ __SOURCE__ __PROPERTY__"}
    js("document.getElementById('to-b').id = '__SOURCE__'")
    snapshot = call("snapshot")
    ref = re.search(r'- link "B" .*\[ref=(e\d+)\]', snapshot["snapshot"]).group(1)
    assert evaluate(call, "(el) => el.id", ref=ref, snapshot_id=snapshot["snapshot_id"]) == {"value": "__SOURCE__"}


def test_a_ref_hands_its_element_to_the_function(call, window, server, js):
    snapshot = call("snapshot")
    text = snapshot.get("snapshot") or ""
    ref = re.search(r'- link "B" .*\[ref=(e\d+)\]', text).group(1)
    result = evaluate(call, "(el) => [el.tagName, el.id, el.textContent]", ref=ref, snapshot_id=snapshot["snapshot_id"])
    assert result == {"value": ["A", "to-b", "B"]}
    # The page replaces that element: the ref no longer names one (STALE_REF), never another element.
    js("document.querySelector('nav').innerHTML = '<span>gone</span>'")
    with pytest.raises(PagenoteError) as caught:
        evaluate(call, "(el) => el.id", ref=ref, snapshot_id=snapshot["snapshot_id"])
    assert caught.value.name == "STALE_REF"
    with pytest.raises(PagenoteError) as caught:   # a ref alone is of the tab's latest snapshot: the same one
        evaluate(call, "(el) => el.id", ref=ref)
    assert caught.value.name == "STALE_REF"
    with pytest.raises(PagenoteError) as caught:   # a snapshot_id goes with a ref
        evaluate(call, "(el) => el.id", snapshot_id=snapshot["snapshot_id"])
    assert caught.value.name == "INVALID_PARAMS"


@pytest.mark.parametrize("params", [{"timeout_ms": 0}, {"timeout_ms": 300_001}, {"expression": ""},
                                    {"response_mode": "full"}])
def test_bad_parameters(call, params):
    with pytest.raises(PagenoteError) as caught:
        call("evaluate", **{"expression": "1", **params})
    assert caught.value.name == ("INVALID_REQUEST" if "response_mode" in params else "INVALID_PARAMS")


def test_raw_mode_adds_diagnostics(call, server):
    result = evaluate(call, "1 + 1", response_mode="raw")
    assert result["value"] == 2 and result["diagnostics"]["url"] == server.url("spa.html")
    json.dumps(result)


@pytest.fixture
def private_settings(tmp_path):
    """pagenote's settings file under ``tmp_path`` for this test (the user's own is never touched)."""
    from PySide6.QtCore import QSettings

    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(tmp_path / "settings"))
    yield tmp_path / "settings"
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(tmp_path / "gone"))


def test_the_agent_menu_setting_turns_evaluate_off_and_is_remembered(private_settings, call, window):
    from app.runtime.run import evaluate_setting

    assert evaluate_setting() is True and window.act_evaluate.isChecked()
    window.act_evaluate.setChecked(False)
    assert _error(call, "1").name == "EVALUATE_DISABLED"
    assert evaluate_setting() is False and list(private_settings.rglob("settings.toml"))
    window.act_evaluate.setChecked(True)
    assert evaluate(call, "1") == {"value": 1} and evaluate_setting() is True


def test_turned_off_evaluate_is_refused(call, window):
    window.app.allow_evaluate = False
    assert _error(call, "1").name == "EVALUATE_DISABLED"
    assert call("health")["capabilities"]["evaluate"] is False
