"""Agent parity (issue 27, defects 4, 5, 7, 8, 9, 10) through the official MCP SDK client against a real
``pagenote serve`` on tests/pages/parity_h2.html served on 127.0.0.1: a file input is a button with its label
and a ref; the snapshot's text names its revision, which a wait takes; a revision never given is INVALID_PARAMS
(also after a navigation); find tells a genindex's identical links apart; actions take ``target`` (a ref, a CSS
selector or a locator) and refs without ``snapshot_id``; a click that opens a dialog succeeds and says so;
parameter errors send MCP users to the MCP tool tables."""

from __future__ import annotations

import re

import pytest

from app.core.errors import REGISTRY
from app.mcp.response import MCP_PARAMS_NEXT
from app.mcp.untrusted import unwrap
from test_mcp import text_of, with_client
from test_mcp_browser import _serve


@pytest.fixture(scope="module")
def app(server):
    yield from _serve(server.url("parity_h2.html"))


def _ref(snapshot_text: str, line: str) -> str:
    return re.search(re.escape(line) + r".*?\[ref=(e\d+)\]", snapshot_text).group(1)


def test_a_file_input_is_a_button_and_a_date_input_a_textbox_named_by_their_labels(app):
    async def body(c):
        return (await c.call_tool("browser_snapshot", {"mode": "full"}),
                await c.call_tool("browser_find", {"text": "Attachment"}))

    snap, found = with_client(app.socket, body)
    lines = unwrap(text_of(snap))[1].splitlines()
    # Chromium exposes <input type=file> as a button (Playwright's role engine too), named by its <label>
    assert any(re.fullmatch(r'  - button "Attachment" \[ref=e\d+\]', line) for line in lines), lines
    assert any(re.fullmatch(r'  - button "Photo" \[ref=e\d+\]', line) for line in lines), lines   # <label for>
    # a date input (no ARIA role in HTML-AAM) is a textbox line with its value, as in Playwright's aria snapshot
    assert any(re.fullmatch(r'  - textbox "When" \[ref=e\d+\]: 2026-12-03', line) for line in lines), lines
    assert found.structured_content["matches"][0]["role"] == "button"


def test_the_snapshot_text_names_its_revision_and_a_wait_takes_it(app):
    async def body(c):
        first = await c.call_tool("browser_snapshot", {"mode": "full"})
        rev = int(re.match(r"Snapshot s\d+ at revision (\d+): ", text_of(first)).group(1))
        idle = await c.call_tool("browser_wait_for_change", {"since_revision": rev, "timeout_ms": 0})
        same = await c.call_tool("browser_snapshot", {})
        await c.call_tool("browser_evaluate", {"function": "() => { document.querySelector('h1').textContent = "
                                                           "'Parity now'; return 1; }"})
        changed = await c.call_tool("browser_wait_for_change", {"since_revision": rev, "timeout_ms": 10_000})
        diff = await c.call_tool("browser_snapshot", {})
        context = await c.call_tool("browser_page_context", {"detail": "summary", "max_nodes": 1})
        return first, rev, idle, same, changed, diff, context

    first, rev, idle, same, changed, diff, context = with_client(app.socket, body)
    assert first.structured_content["revision"] == rev
    assert text_of(first).startswith(f"Snapshot {first.structured_content['snapshot_id']} at revision {rev}: ")
    assert text_of(idle).startswith(f"Revision {rev}: nothing changed.")
    sid = same.structured_content["snapshot_id"]
    assert text_of(same).startswith(f"Snapshot {sid} at revision {rev}: unchanged since ")
    now = diff.structured_content["revision"]
    assert now > rev and changed.structured_content["status"] == "complete"
    assert text_of(diff).startswith(f"Snapshot {diff.structured_content['snapshot_id']} at revision {now}: diff")
    assert text_of(context).startswith(f"Page context at revision {context.structured_content['revision']}")


def test_a_revision_never_given_is_invalid_params_also_after_a_navigation(app, server):
    async def body(c):
        snap = await c.call_tool("browser_snapshot", {})
        before = snap.structured_content["revision"]
        future = await c.call_tool("browser_wait_for_change", {"since_revision": 999, "timeout_ms": 0})
        await c.call_tool("browser_page_context", {"detail": "summary", "max_nodes": 1})
        await c.call_tool("browser_navigate", {"url": server.url("parity_h2.html")})
        # the trial's case: another document is shown, and 999 was never a revision of the one read before
        after_navigation = await c.call_tool("browser_wait_for_change", {"since_revision": 999, "timeout_ms": 0})
        reset = await c.call_tool("browser_wait_for_change", {"since_revision": before, "timeout_ms": 0})
        again = await c.call_tool("browser_wait_for_change", {"since_revision": 999, "timeout_ms": 0})
        return before, future, after_navigation, reset, again

    before, future, after_navigation, reset, again = with_client(app.socket, body)
    for result in (future, after_navigation, again):
        assert result.is_error and text_of(result).startswith("INVALID_PARAMS: since_revision 999 was never a "
                                                              "revision of this tab's pages"), text_of(result)
        assert "browser_snapshot" in text_of(result)
    assert f"the pages shown before reached {before}" in text_of(after_navigation)
    # a revision that was given, of the document shown before: everything must be read again
    assert not reset.is_error and reset.structured_content["status"] == "reset_required"
    assert reset.structured_content["reason"] == "document" and "reset required (document)" in text_of(reset)
    assert before >= 1


def test_find_tells_identical_links_apart(app):
    async def body(c):
        return await c.call_tool("browser_find", {"text": "zipimporter method"})

    found = with_client(app.socket, body)
    lines = unwrap(text_of(found))[1].splitlines()
    assert len(lines) == 3 and len(set(lines)) == 3
    assert re.fullmatch(r'- link "\(zipimport\.zipimporter method\)" \[href="library/zipimport\.html#zipimport\.'
                        r'zipimporter\.exec_module"\] \[ref=e\d+\] \(1 of 3\) in "exec_module\(\) \(importlib\.abc\.'
                        r'InspectLoader method\)"', lines[0]), lines[0]
    assert '#zipimport.zipimporter.find_spec"] ' in lines[1] and '(2 of 3) in "find_spec() (importlib.abc.' in lines[1]
    assert lines[2].endswith('(3 of 3) in "get_code()"'), lines[2]
    matches = found.structured_content["matches"]
    assert [m["where"] for m in matches][2] == "get_code()" and matches[0]["href"].endswith("exec_module")


def test_actions_take_a_target_and_refs_without_a_snapshot_id(app, server):
    async def body(c):
        await c.call_tool("browser_navigate", {"url": server.url("parity_h2.html")})
        snap = await c.call_tool("browser_snapshot", {"mode": "full"})
        go = _ref(text_of(snap), 'button "Go"')
        out = {"by target ref": await c.call_tool("browser_click", {"target": go}),
               "by ref alone": await c.call_tool("browser_click", {"ref": go, "element": "Go"}),
               "by css": await c.call_tool("browser_click", {"target": "#go"}),
               "by locator": await c.call_tool("browser_click", {"target": 'role=button[name="Go"]'}),
               "typed": await c.call_tool("browser_type", {"target": "label=\"Name\"", "text": "Ada"})}
        out["state"] = await c.call_tool("browser_evaluate", {"function": "() => [window.clicks, "
                                                                          "document.querySelector('#name').value]"})
        bad = {"several": {"target": "button"}, "none": {"target": "#nope"}, "not css": {"target": "getByRole(x)"},
               "unknown ref": {"target": "e9999"}, "both differ": {"target": go, "ref": "e1"}, "neither": {},
               "sid with css": {"target": "#go", "snapshot_id": "s1"}, "too long": {"target": "#" + "x" * 2000},
               "in an iframe": {"target": "iframe >> button"}}
        for what, args in bad.items():
            out[what] = await c.call_tool("browser_click", args)
        await c.call_tool("browser_navigate", {"url": server.url("parity_h2.html")})
        # a ref of the document before, with its snapshot_id: fails closed (without it, the ref would name the
        # element of the latest snapshot — the navigation's result gave one of the new document)
        out["stale"] = await c.call_tool("browser_click", {"target": go, "snapshot_id":
                                                           snap.structured_content["snapshot_id"]})
        return out

    out = with_client(app.socket, body)
    for what in ("by target ref", "by ref alone", "by css", "by locator", "typed"):
        assert not out[what].is_error, (what, text_of(out[what]))
    assert unwrap(text_of(out["by css"]))[1] == 'element: button "Go"'
    assert unwrap(text_of(out["state"]))[1] == '[4,"Ada"]'
    expected = {"several": "SELECTOR_NOT_UNIQUE:", "none": "SELECTOR_NOT_FOUND:", "not css": "BAD_SELECTOR:",
                "unknown ref": "STALE_REF: e9999 is not a ref of tab 1's latest snapshot",
                "both differ": "INVALID_PARAMS: give target or ref, not both", "neither": "INVALID_PARAMS: give target",
                "sid with css": "INVALID_PARAMS: snapshot_id 's1' goes with a ref",
                "too long": "INVALID_PARAMS: target: string should have at most 2000 characters",
                "in an iframe": "INVALID_PARAMS: target 'iframe >> button' enters an iframe",
                "stale": "STALE_REF: "}
    for what, start in expected.items():
        assert out[what].is_error and text_of(out[what]).startswith(start), (what, text_of(out[what]))
    assert "no longer shown" in text_of(out["stale"])
    assert text_of(out["neither"]).endswith(MCP_PARAMS_NEXT)


def test_a_ref_of_another_tab_fails_clearly(app, server):
    async def body(c):
        await c.call_tool("browser_snapshot", {})
        opened = await c.call_tool("browser_tabs", {"action": "new", "url": server.url("parity_h2.html")})
        other = await c.call_tool("browser_snapshot", {"mode": "full"})
        go = _ref(text_of(other), 'button "Go"')
        await c.call_tool("browser_tabs", {"action": "select", "index": 0})
        wrong = await c.call_tool("browser_click", {"target": go, "snapshot_id": other.structured_content["snapshot_id"]})
        await c.call_tool("browser_tabs", {"action": "close", "index": 1})
        return opened, wrong

    opened, wrong = with_client(app.socket, body)
    assert not opened.is_error, text_of(opened)
    assert wrong.is_error and text_of(wrong).startswith("REF_IN_OTHER_TAB: "), text_of(wrong)


def test_a_click_that_opens_a_dialog_succeeds_and_says_it_is_open(app, server):
    async def body(c):
        await c.call_tool("browser_navigate", {"url": server.url("parity_h2.html")})
        snap = await c.call_tool("browser_snapshot", {"mode": "full"})
        clicked = await c.call_tool("browser_click", {"target": _ref(text_of(snap), 'button "Alert"')})
        blocked = await c.call_tool("browser_snapshot", {})
        answered = await c.call_tool("browser_handle_dialog", {"accept": True})
        typo = await c.call_tool("browser_type", {"ref": "e1", "text": 5})
        return clicked, blocked, answered, typo

    clicked, blocked, answered, typo = with_client(app.socket, body)
    assert not clicked.is_error, text_of(clicked)
    head, page, _ = unwrap(text_of(clicked))
    assert head.startswith("Clicked e") and "An alert dialog is open: answer it with browser_handle_dialog" in head
    assert page == 'element: button "Alert"\ndialog: Saved!' or page == "dialog: Saved!", page
    assert clicked.structured_content["dialog"] == {"type": "alert", "message": "Saved!"}
    assert blocked.is_error and "the page opened an alert dialog" in text_of(blocked)
    assert not answered.is_error
    # an MCP user is sent to the MCP tool tables, not the socket's
    assert text_of(typo) == f"INVALID_PARAMS: text: input should be a valid string (got 5) — {MCP_PARAMS_NEXT}"
    assert MCP_PARAMS_NEXT != REGISTRY["INVALID_PARAMS"].next_step
