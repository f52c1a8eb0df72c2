"""The agent snapshot (``snapshot`` over the socket): what a line says, what never appears (secret values),
the modes (full → unchanged → diff → full), and the parameters — against real pages in QtWebEngine."""

from __future__ import annotations

import json
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
    assert re.search(r'- link "Home" \[href="/home"\] \[ref=e\d+\]', text)
    assert "Invisible button" not in text and "Hidden by visibility" not in text
    assert result["node_count"] == len(text.splitlines())
    assert result["char_count"] == len(text)
    assert result["truncated"] is False and result["cut"] == {}


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
    # A heading that is one link: the name is said on the link's line only.
    assert re.search(r'- heading \[level=3\] \[ref=e\d+\]\n    - link "Linked heading" \[href="#linked"\]', text), text


def test_full_then_unchanged_then_a_one_node_diff_then_full_after_navigation(window, server, snap, js):
    window.load_page(server.url("snapshot_basic.html"))
    first = snap()
    assert first["mode"] == "full"
    again = snap()
    assert again["mode"] == "unchanged" and again["base_snapshot_id"] == first["snapshot_id"]
    assert "snapshot" not in again and "diff" not in again and again["char_count"] == 0
    assert again["node_count"] == first["node_count"]
    assert len(json.dumps(again)) <= 300, again
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


def test_a_value_or_checked_set_by_a_script_without_events_is_a_change(window, server, snap, js):
    window.load_page(server.url("snapshot_basic.html"))
    snap()
    js("document.getElementById('agree').checked = false; "
       "document.getElementById('email').value = 'you@example.org'; 1")
    result = snap()
    assert result["mode"] == "diff", result
    assert re.search(r'~ +- checkbox "I agree" \[ref=e\d+\]$', result["diff"], re.M), result["diff"]
    assert "you@example.org" in result["diff"]


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
    assert small["cut"]["nodes"] > 0 and "lines in the viewport" in small["more"] and "selector=" in small["more"]
    scoped = snap(selector="#list")
    assert scoped["snapshot"].splitlines()[0].startswith("- list [ref=e")
    assert "Checkout" not in scoped["snapshot"]


def test_health_advertises_snapshot_and_compact_responses(snap):
    health = snap.raw("health")["result"]
    assert {"snapshot", "ref.resolve"} <= set(health["methods"])
    assert health["capabilities"]["compactResponses"] is True


# -- refs ------------------------------------------------------------------------------------------------------

def _ref(text: str, line_pattern: str) -> str:
    m = re.search(line_pattern + r".*?\[ref=(\w+)\]", text)
    assert m, (line_pattern, text)
    return m.group(1)


def test_a_ref_resolves_to_its_node_then_to_a_unique_equivalent_after_a_re_render(window, server, snap, js):
    window.load_page(server.url("snapshot_refs.html"))
    first = snap()
    ref = _ref(first["snapshot"], r'button "Delete eggs"')
    same = snap.raw("ref.resolve", {"ref": ref, "snapshot_id": first["snapshot_id"]})["result"]
    assert same["ok"] is True and same["how"] == "same" and same["role"] == "button"
    assert same["name"] == "Delete eggs" and same["rect"]["width"] > 0
    js("rerender(); 1")
    moved = snap.raw("ref.resolve", {"ref": ref, "snapshot_id": first["snapshot_id"]})["result"]
    assert moved["how"] == "equivalent" and moved["name"] == "Delete eggs"
    assert moved["rect"] == same["rect"]
    # It follows the new node from now on, and the next snapshot shows it under the same ref.
    assert snap.raw("ref.resolve", {"ref": ref, "snapshot_id": first["snapshot_id"]})["result"]["how"] == "same"
    assert f'button "Delete eggs" [ref={ref}]' in snap(mode="full")["snapshot"]


def test_a_ref_fails_closed_when_ambiguous_gone_unknown_or_from_another_document(window, server, snap, js):
    window.load_page(server.url("snapshot_refs.html"))
    first = snap()
    twin_ref = _ref(first["snapshot"], r'button "Same"')
    solo_ref = _ref(first["snapshot"], r'button "Solo"')
    js("twin(); 1")
    answer = snap.raw("ref.resolve", {"ref": twin_ref, "snapshot_id": first["snapshot_id"]})
    assert answer["error"]["data"]["code"] == "STALE_REF" and "2 elements" in answer["error"]["message"]
    assert "snapshot" in answer["error"]["data"]["next"]
    js("document.getElementById('solo').remove(); 1")
    gone = snap.raw("ref.resolve", {"ref": solo_ref, "snapshot_id": first["snapshot_id"]})
    assert gone["error"]["data"]["code"] == "STALE_REF"
    for params in ({"ref": "e999", "snapshot_id": first["snapshot_id"]}, {"ref": twin_ref, "snapshot_id": "s0"},
                   {"ref": "button", "snapshot_id": first["snapshot_id"]}):
        assert snap.raw("ref.resolve", params)["error"]["data"]["code"] == "STALE_REF", params
    window.load_page(server.url("snapshot_refs.html"))   # the same page again: a new document
    second = snap()
    heading = _ref(first["snapshot"], r'heading "Todos"')
    stale = snap.raw("ref.resolve", {"ref": heading, "snapshot_id": first["snapshot_id"]})
    assert stale["error"]["data"]["code"] == "STALE_REF" and "no longer shown" in stale["error"]["message"]
    new_ref = _ref(second["snapshot"], r'heading "Todos"')
    assert snap.raw("ref.resolve", {"ref": new_ref, "snapshot_id": second["snapshot_id"]})["result"]["ok"]


def test_refs_are_not_visible_to_the_page(window, server, snap, js):
    window.load_page(server.url("snapshot_refs.html"))
    snap()
    found = js("Array.from(document.querySelectorAll('*')).some((e) => Array.from(e.attributes)"
               ".some((a) => /ref|pagenote/i.test(a.name) || /^e\\d+$/.test(a.value)))")
    assert found is False
    assert js("typeof window.__pagenote") == "undefined"


# -- iframes ---------------------------------------------------------------------------------------------------

def _load_frames(window, server, server2, qtbot):
    window.load_page(server.url("snapshot_frames.html") + "?other=" + server2.origin)
    # Each frame's own page script must be there before its part can be asked for.
    for frame in window.page.mainFrame().children():
        window.run(window.tab.bridge.wait_ready(frame=frame))


def test_iframes_same_origin_srcdoc_and_cross_origin_share_the_iframe_budget(window, server, server2, snap, qtbot):
    _load_frames(window, server, server2, qtbot)
    result = snap(response_mode="raw")
    text = result["snapshot"]
    lines = text.splitlines()
    assert lines[0].startswith('- heading "Frames"')
    for title, inner in (("Same origin", "Child same"), ("Inline", "Srcdoc button"), ("Cross origin", "Child cross")):
        assert re.search(rf'- iframe "{title}" \[ref=e\d+\]', text), title
    # Each expanded frame's lines sit under its iframe's line, one level deeper, with the frame's ref prefix.
    at = next(i for i, line in enumerate(lines) if 'iframe "Same origin"' in line)
    assert re.match(r'  - heading "Child same" \[level=2\] \[ref=f\d+e\d+\]', lines[at + 1]), lines[at + 1]
    assert 'button "Srcdoc button" [ref=f' in text
    parts = [p for p in result["diagnostics"]["parts"] if p["frame"]]
    frame_lines = sum(p["lines"] for p in parts)
    assert 0 < frame_lines <= 50
    assert sum(p["chars"] for p in parts) <= 5_000
    assert sum(len(line) + 1 for line in lines if re.search(r"\[ref=f\d+e", line)) <= 5_000
    assert result["node_count"] <= 200 and len(text) <= 20_000
    assert result["cut"]["frames"] >= 1
    assert re.search(r'- iframe "Far away" \[ref=e\d+\] \(not expanded: outside the viewport\)', text)
    assert "frame-secret-pw" not in str(result)
    # The iframes' lines are cut, not the top document's.
    assert 'button "Top button"' in text


def test_a_ref_inside_a_cross_origin_frame_resolves_in_top_viewport_coordinates(window, server, server2, snap, qtbot):
    _load_frames(window, server, server2, qtbot)
    result = snap()
    ref = _ref(result["snapshot"], r'heading "Child cross"')
    assert ref.startswith("f")
    frame_ref = _ref(result["snapshot"], r'iframe "Cross origin"')
    inner = snap.raw("ref.resolve", {"ref": ref, "snapshot_id": result["snapshot_id"]})["result"]
    outer = snap.raw("ref.resolve", {"ref": frame_ref, "snapshot_id": result["snapshot_id"]})["result"]
    assert inner["frame"] and inner["role"] == "heading"
    assert outer["rect"]["x"] <= inner["rect"]["x"] < outer["rect"]["x"] + outer["rect"]["width"]
    assert outer["rect"]["y"] <= inner["rect"]["y"] < outer["rect"]["y"] + outer["rect"]["height"]


def test_a_selector_can_scope_the_snapshot_into_an_iframe(window, server, server2, snap, qtbot):
    _load_frames(window, server, server2, qtbot)
    result = snap(selector="#cross >> #many")
    assert result["snapshot"].splitlines()[0].startswith("- list [ref=f")
    assert "cross action 0" in result["snapshot"] and "Top button" not in result["snapshot"]


# -- budgets on huge pages -------------------------------------------------------------------------------------

def _within_budget(result, chars=20_000, nodes=200):
    text = result.get("snapshot", "")
    assert len(text) <= chars and result["char_count"] <= chars
    assert result["node_count"] <= nodes and len(text.splitlines()) <= nodes
    for line in text.splitlines():
        assert len(line) <= 240 + 200, line[:300]


def _load_slow(window, qtbot, url):
    """Load a page that takes long to build (a busy machine lays out 250,000 elements in more than 15 s)."""
    from PySide6.QtCore import QUrl

    with qtbot.waitSignal(window.view.loadFinished, timeout=120_000):
        window.view.load(QUrl(url))
    window.run(window.tab.bridge.wait_ready(timeout_ms=60_000), timeout=70_000)


def test_the_budget_holds_on_a_250000_element_page_viewport_first(window, server, snap, js, qtbot):
    _load_slow(window, qtbot, server.url("snapshot_huge.html"))
    assert js("document.getElementsByTagName('*').length") >= 250_000
    result = snap(response_mode="raw")
    _within_budget(result)
    assert result["truncated"] is True and result["cut"]["below"] > 10_000
    assert "scroll" in result["more"]
    text = result["snapshot"]
    assert text.startswith('- heading "Huge page" [level=1]')
    js("window.scrollTo(0, 60000); 1")
    scrolled = snap()
    _within_budget(scrolled)
    assert scrolled["cut"]["above"] > 1000
    first_visible = js("Array.from(document.querySelectorAll('button')).find(b => b.getBoundingClientRect().top >= 0)"
                       ".textContent")
    assert f'button "{first_visible}"' in scrolled["snapshot"], "the viewport's lines come first"
    small = snap(max_chars=2_000, max_nodes=30)
    _within_budget(small, 2_000, 30)


def test_the_budget_holds_with_a_20_mb_text_node(window, server, snap, js, qtbot):
    _load_slow(window, qtbot, server.url("snapshot_huge.html?n=2000&text=20"))
    assert js("document.querySelector('div.big').firstChild.length") > 20_000_000
    result = snap(response_mode="raw")
    _within_budget(result)
    text = result["snapshot"]
    for tag in ("div", "p", "li", "button"):
        assert f"{tag} start word word" in text, tag
    assert result["cut"]["names"] >= 4
    assert max(len(line) for line in text.splitlines()) < 300
    assert re.search(r'- listitem "Big item" \[ref=e\d+\]: li start word word', text), text[:2000]


def test_open_shadow_roots_are_walked_with_their_slots_and_refs_resolve_inside(window, server, snap):
    window.load_page(server.url("snapshot_shadow.html"))
    result = snap()
    text = result["snapshot"]
    assert re.search(r'- region "Card" \[ref=e\d+\]\n  - heading "Slotted title" \[level=2\] \[ref=e\d+\]\n'
                     r'  - button "Inside open root" \[ref=e\d+\]', text), text
    assert "Inside closed root" not in text   # a closed root is the page's own: pagenote cannot see into it
    ref = _ref(text, r'button "Inside open root"')
    found = snap.raw("ref.resolve", {"ref": ref, "snapshot_id": result["snapshot_id"]})["result"]
    assert found["how"] == "same" and found["name"] == "Inside open root" and found["rect"]["height"] > 0


def test_a_menu_shown_by_css_hover_is_a_change(window, server, snap, js, qtbot):
    from PySide6.QtCore import QPoint
    from PySide6.QtTest import QTest

    window.load_page(server.url("snapshot_hover.html"))
    corner = "(() => { const r = document.getElementById('%s').getBoundingClientRect(); return [r.x + 5, r.y + 5]; })()"
    far = js(corner % "far")
    QTest.mouseMove(window.view.focusProxy(), QPoint(int(far[0]), int(far[1])))
    qtbot.waitUntil(lambda: js("document.querySelector(':hover') !== null"), timeout=5000)
    assert "Shoes" not in snap()["snapshot"]
    menu = js(corner % "menu")
    QTest.mouseMove(window.view.focusProxy(), QPoint(int(menu[0]), int(menu[1])))
    qtbot.waitUntil(lambda: js("document.getElementById('menu').matches(':hover')"), timeout=5000)
    result = snap()
    assert result["mode"] in ("diff", "full") and 'link "Shoes"' in (result.get("diff") or result["snapshot"])
