"""The agent's actions by ref (click, hover, type, fill, press, select_option, check, scroll, drag) against a
real page in QtWebEngine: the input is trusted (Qt events to the view), controlled inputs update their app's
state, a covered target is ELEMENT_OBSCURED, refs fail closed after a navigation, and annotation mode lets the
agent's input through without making annotations."""

from __future__ import annotations

import re

import pytest

from test_agent_socket import RawClient


class Agent:
    """``agent(method, **params)`` → the result (asserting success); ``agent.error(method, **params)`` → the
    error's ``data.code`` and message; ``agent.ref(text)`` → ``(ref, snapshot_id)`` of the snapshot line that
    contains ``text``."""

    def __init__(self, client: RawClient) -> None:
        self.client = client

    def __call__(self, method: str, **params):
        answer = self.client.call(method, params)
        assert "result" in answer, answer
        return answer["result"]

    def error(self, method: str, **params) -> tuple[str, str]:
        answer = self.client.call(method, params)
        assert "error" in answer, answer
        return answer["error"]["data"]["code"], answer["error"]["message"]

    def ref(self, text: str) -> tuple[str, str]:
        snap = self("snapshot", mode="full")
        for line in snap["snapshot"].splitlines():
            if text in line:
                return re.search(r"\[ref=(\w+)\]", line).group(1), snap["snapshot_id"]
        raise AssertionError(f"no line with {text!r} in\n{snap['snapshot']}")


@pytest.fixture
def agent(window, qtbot, socket_path, server):
    client = RawClient(qtbot, socket_path)
    window.load_page(server.url("actions.html"))
    yield Agent(client)
    client.close()


def test_type_into_a_controlled_input_changes_the_apps_state_with_trusted_events(agent, js):
    ref, sid = agent.ref('textbox "Name"')
    result = agent("type", ref=ref, snapshot_id=sid, text="Ada Lovelace", submit=True)
    assert result["action"] == "type" and "confirmed" not in result
    assert js("window.app.name") == "Ada Lovelace"
    assert js("window.inputTrusted") is True
    assert js("window.submitted") == "Ada Lovelace"
    # fill replaces what the field holds
    agent("fill", ref=ref, snapshot_id=sid, text="Grace")
    assert js("window.app.name") == "Grace"
    assert js("document.getElementById('state').textContent") == "state: Grace"


def test_click_double_click_right_click_and_modifiers_reach_the_page_as_trusted(agent, js):
    ref, sid = agent.ref('button "Go"')
    agent("click", ref=ref, snapshot_id=sid)
    agent("click", ref=ref, snapshot_id=sid, modifiers=["Control", "Shift"])
    agent("click", ref=ref, snapshot_id=sid, double=True)
    events = js("window.events")
    clicks = [e for e in events if e["what"] == "click"]
    assert all(e["trusted"] for e in events)
    assert clicks[0]["ctrl"] is False and clicks[1]["ctrl"] is True and clicks[1]["shift"] is True
    assert [e for e in events if e["what"] == "dblclick"][0]["detail"] == 2
    menu, sid = agent.ref('button "Menu"')
    agent("click", ref=menu, snapshot_id=sid, button="right")
    assert [e["button"] for e in js("window.events") if e["what"] == "contextmenu"] == [2]


def test_a_covered_button_is_element_obscured_naming_what_covers_it(agent, js):
    ref, sid = agent.ref('button "Under"')
    code, message = agent.error("click", ref=ref, snapshot_id=sid)
    assert code == "ELEMENT_OBSCURED"
    assert 'img "Veil"' in message and "#covered-veil" in message
    assert not [e for e in js("window.events") if e["what"] == "hidden"]


def test_a_target_below_the_fold_is_scrolled_into_view_and_clicked(agent, js):
    assert js("scrollY") == 0
    ref, sid = agent.ref('button "Far away"')
    agent("click", ref=ref, snapshot_id=sid)
    assert js("scrollY") > 1000
    assert [e["trusted"] for e in js("window.events") if e["what"] == "far"] == [True]


def test_refs_fail_closed_after_a_navigation(agent, window, server):
    ref, sid = agent.ref('button "Go"')
    window.load_page(server.url("other.html"))
    code, message = agent.error("click", ref=ref, snapshot_id=sid)
    assert code == "STALE_REF", message


def test_select_option_check_and_uncheck_with_trusted_input(agent, js):
    ref, sid = agent.ref('combobox "Size"')
    result = agent("select_option", ref=ref, snapshot_id=sid, values=["Extra large"])
    assert result["selected"] == ["xl"]
    assert js("document.getElementById('size').value") == "xl"
    assert [e["trusted"] for e in js("window.events") if e["what"] == "change"][-1] is True
    code, _ = agent.error("select_option", ref=ref, snapshot_id=sid, values=["m"])   # disabled
    assert code == "ELEMENT_NOT_ACTIONABLE"
    tags, sid = agent.ref('listbox "Tags"')
    agent("select_option", ref=tags, snapshot_id=sid, values=["a", "c"])
    assert js("Array.from(document.getElementById('tags').selectedOptions).map(o => o.value)") == ["a", "c"]
    box, sid = agent.ref('checkbox "I agree"')
    assert agent("check", ref=box, snapshot_id=sid)["changed"] is True
    assert js("document.getElementById('agree').checked") is True
    assert agent("check", ref=box, snapshot_id=sid)["changed"] is False
    agent("uncheck", ref=box, snapshot_id=sid)
    assert js("document.getElementById('agree').checked") is False


def test_drag_from_one_ref_to_another_and_scroll_an_element_and_the_page(agent, js):
    src, sid = agent.ref('button "Source"')
    dst, _ = agent.ref('button "Target"')
    agent("drag", start_ref=src, end_ref=dst, snapshot_id=sid)
    assert js("window.dropped") == {"on": "dst", "trusted": True}
    box, sid = agent.ref('region "Box"')
    agent("scroll", ref=box, snapshot_id=sid, dy=80)
    assert js("document.getElementById('box').scrollTop") > 0
    result = agent("scroll", dy=300)
    assert js("scrollY") > 0 and result["scroll"]["y"] == js("scrollY")


def test_press_a_key_combination_in_a_field(agent, js):
    ref, sid = agent.ref('textbox "Name"')
    agent("type", ref=ref, snapshot_id=sid, text="abc")
    agent("press", key="Control+a", ref=ref, snapshot_id=sid)
    agent("press", key="Backspace")
    assert js("window.app.name") == ""
    code, _ = agent.error("press", key="Hyper+x")
    assert code == "INVALID_PARAMS"


def test_extract_is_bounded_markdownish_text(agent):
    result = agent("extract")
    assert result["text"].startswith("# Actions")
    assert "Other page" in result["text"] and result["truncated"] is False
    assert "[ ] I agree" in result["text"]
    small = agent("extract", max_chars=100)
    assert small["chars"] <= 100 and small["truncated"] is True
    assert agent("extract", selector="#cover")["text"].strip() == "Under"
    code, _ = agent.error("extract", max_chars=12_001)
    assert code == "INVALID_PARAMS"
    code, _ = agent.error("extract", selector="#nope")
    assert code == "SELECTOR_NOT_FOUND"


def test_find_returns_refs_that_resolve_and_act(agent, js):
    found = agent("find", text="far away")
    assert [m["role"] for m in found["matches"]] == ["button"]
    match = found["matches"][0]
    assert agent("ref.resolve", ref=match["ref"], snapshot_id=found["snapshot_id"])["name"] == "Far away"
    agent("click", ref=match["ref"], snapshot_id=found["snapshot_id"])
    assert [e["what"] for e in js("window.events")] == ["far"]
    regex = agent("find", text="/^(Alert|Confirm)$/", limit=5)
    assert [m["name"] for m in regex["matches"]] == ["Alert", "Confirm"]
    assert agent("find", text="o", limit=2)["more"] is True


def test_input_whose_document_was_replaced_meanwhile_is_uncertain(agent, window, server):
    """The confirmation step on its own: a mark taken in one document, then the page replaced before the input
    is confirmed (as when a navigation commits while an action is under way) — BROWSER_OPERATION_UNCERTAIN,
    not a success and not a retry."""
    from app.core.errors import PagenoteError
    from app.tabs.actions import Actor, Located

    tab = window.tab
    actor = Actor(tab, None)
    loc = Located("e1", "e1", None, (0.0, 0.0), "", 0)
    mark = window.run(actor.mark(loc))
    window.load_page(server.url("other.html"))
    with pytest.raises(PagenoteError) as caught:
        window.run(actor.confirm(loc, mark, "click", "clicked"))
    assert caught.value.name == "BROWSER_OPERATION_UNCERTAIN"
    same = window.run(actor.mark(loc))
    assert window.run(actor.confirm(loc, same, "click", "clicked")) is False   # nothing sent: unconfirmed


def test_hover_is_a_trusted_pointer_move(agent, js):
    ref, sid = agent.ref('button "Go"')
    agent("hover", ref=ref, snapshot_id=sid)
    assert js("window.hovered") is True


def test_clicks_reach_buttons_in_same_origin_and_cross_origin_iframes(agent, window, server, server2):
    window.load_page(server.url(f"snapshot_frames.html?other={server2.origin}"))
    for label in ("same action 0", "cross action 0"):
        ref, sid = agent.ref(f'button "{label}"')
        assert ref.startswith("f")
        result = agent("click", ref=ref, snapshot_id=sid)
        assert result["element"] == f'button "{label}"' and "confirmed" not in result, result


def test_a_button_in_an_iframe_below_the_fold_is_scrolled_into_view_and_clicked(agent, window, server, js):
    window.load_page(server.url("snapshot_frames.html"))
    found = agent("find", text="/^far action 1$/")
    assert [m["ref"][:1] for m in found["matches"]] == ["f"], "find looks into iframes too"
    snap = agent("snapshot", mode="full")
    assert "not expanded: outside the viewport" in snap["snapshot"]
    js("scrollTo(0, document.body.scrollHeight)")
    ref, sid = agent.ref('button "far action 1"')
    js("scrollTo(0, 0)")
    result = agent("click", ref=ref, snapshot_id=sid)
    assert "confirmed" not in result and js("scrollY") > 1000


def test_type_text_no_key_makes_and_fill_with_nothing_clears(agent, js):
    ref, sid = agent.ref('textbox "Name"')
    agent("type", ref=ref, snapshot_id=sid, text="Zoë 日本 🙂")
    assert js("window.app.name") == "Zoë 日本 🙂" and js("window.inputTrusted") is True
    agent("fill", ref=ref, snapshot_id=sid, text="")
    assert js("window.app.name") == ""


def test_a_click_on_a_link_that_navigates_is_confirmed_by_the_page_it_left(agent, window, qtbot):
    ref, sid = agent.ref('link "Other page"')
    result = agent("click", ref=ref, snapshot_id=sid)
    assert "confirmed" not in result, result
    qtbot.waitUntil(lambda: window.page.url().toString().endswith("/other.html"), timeout=10_000)
    assert 'heading "Other page"' in agent("snapshot", mode="full")["snapshot"]   # the click's effects took one


def test_find_looks_into_iframes_and_its_refs_act_there(agent, window, server, server2):
    window.load_page(server.url(f"snapshot_frames.html?other={server2.origin}"))
    found = agent("find", text="/^(same|cross) action 3$/")
    assert [m["name"] for m in found["matches"]] == ["same action 3", "cross action 3"]
    for match in found["matches"]:
        assert re.fullmatch(r"f\d+e\d+", match["ref"])
        result = agent("click", ref=match["ref"], snapshot_id=found["snapshot_id"])
        assert result["element"] == f'button "{match["name"]}"' and "confirmed" not in result


def test_a_drag_from_a_link_is_refused_not_handed_to_the_systems_drag_loop(agent, js):
    link, sid = agent.ref('link "Other page"')
    dst, _ = agent.ref('button "Target"')
    code, message = agent.error("drag", start_ref=link, end_ref=dst, snapshot_id=sid)
    assert code == "ELEMENT_NOT_ACTIONABLE" and "HTML drag" in message
    assert js("location.pathname").endswith("/actions.html")


def test_extract_and_find_keep_their_budgets_on_a_250000_element_page_and_a_20_mb_text_node(window, qtbot,
                                                                                            socket_path, server):
    from test_snapshot import _load_slow

    client = RawClient(qtbot, socket_path)
    agent = Agent(client)
    try:
        _load_slow(window, qtbot, server.url("snapshot_huge.html"))
        text = agent("extract")
        assert text["truncated"] is True and text["chars"] <= 12_000 and text["text"].startswith("# Huge page")
        found = agent("find", text="Act 9.", limit=50)
        assert [m["name"] for m in found["matches"]] == [f"Act 9.{k}" for k in range(20)]
        many = agent("find", text="Act", limit=50)
        assert len(many["matches"]) == 50 and many["more"] is True and len(many["text"]) <= 8_000
        _load_slow(window, qtbot, server.url("snapshot_huge.html?n=2000&text=20"))
        text = agent("extract")
        assert text["truncated"] is True and text["chars"] <= 12_000
        assert agent("find", text="div start")["matches"]
    finally:
        client.close()


def test_an_action_follows_a_replaced_node_once_to_its_twin_and_fails_closed_when_ambiguous(agent, js):
    ref, sid = agent.ref('button "Go"')
    js("const old = document.getElementById('go'); const twin = old.cloneNode(true); old.replaceWith(twin); 1")
    agent("click", ref=ref, snapshot_id=sid)
    assert [e["what"] for e in js("window.events")] == ["click"]
    js("const b = document.getElementById('go'); b.after(b.cloneNode(true)); b.replaceWith(b.cloneNode(true)); 1")
    code, message = agent.error("click", ref=ref, snapshot_id=sid)
    assert code == "STALE_REF", message
    assert [e["what"] for e in js("window.events")] == ["click"]
