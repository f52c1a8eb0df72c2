"""browser_fill_form and browser_file_upload (Playwright MCP's shapes) through the official MCP SDK client against a
real ``pagenote serve``: a five-field form filled in one call and submitted (the values the page received checked),
bad fields (each a clear error naming the field, nothing filled), 10,000 fields; a file chooser held for the agent
(the click says so, other page tools answer FILE_CHOOSER_OPEN), a real file read by the page with FileReader,
several files, cancel, and the paths refused (directory, missing, FIFO, /etc/shadow, a symlink out of the project,
a 2 GB sparse file) with the chooser left open — the app answering after each. Last, in the window: the user's
own click is not intercepted (Qt is asked, which shows its dialog)."""

from __future__ import annotations

import json
import os
import re

import anyio
import pytest

from app.agent.client import AgentClient
from app.mcp.untrusted import unwrap
from test_mcp import ROOT, _serve, text_of, with_client

PAGE = ROOT / "tests" / "pages" / "parity_h4_form.html"


@pytest.fixture(scope="module")
def app(server):
    for served in _serve(PAGE):
        served.project = served.dir / "project"
        served.project.mkdir(exist_ok=True)
        served.server = server
        yield served


#: The enabled options of parity_h4_form.html's Country select, as the error lists them.
CHOICES = '; its enabled options (3): "Choose" (value ""), "France" (value "fr"), "Japan" (value "jp")'


def _ref(snapshot_text: str, line: str) -> str:
    return re.search(re.escape(line) + r".*?\[ref=(e\d+)\]", snapshot_text).group(1)


async def _value(c, expression: str):
    r = await c.call_tool("browser_evaluate", {"function": f"() => JSON.stringify({expression})"})
    assert not r.is_error, text_of(r)
    return json.loads(r.structured_content["value"])


async def _until(c, expression: str, done, what: str):
    """``expression``'s value once ``done(value)`` holds: the page's own reaction (a load, a FileReader) comes
    after the tool's answer; at most 10 s."""
    with anyio.fail_after(10):
        while not done(value := await _value(c, expression)):
            await anyio.sleep(0.05)
    return value


async def _alive(c) -> None:
    state = await c.call_tool("page_state", {})
    assert not state.is_error, text_of(state)


def test_a_five_field_form_in_one_call_then_submitted(app):
    async def body(c):
        await c.call_tool("browser_navigate", {"url": app.server.url("parity_h4_form.html")})
        snap = await c.call_tool("browser_snapshot", {"mode": "full"})
        text = text_of(snap)
        fields = [{"name": "Name", "type": "textbox", "target": _ref(text, 'textbox "Name"'), "value": "Ada Lovelace"},
                  {"name": "Newsletter", "type": "checkbox", "ref": _ref(text, 'checkbox "Newsletter"'), "value": True},
                  {"name": "Large", "type": "radio", "target": _ref(text, 'radio "Large"'), "value": "true"},
                  {"name": "Country", "type": "combobox", "target": _ref(text, 'combobox "Country"'), "value": "Japan"},
                  {"name": "Volume", "type": "slider", "target": _ref(text, 'slider "Volume"'), "value": "8"}]
        filled = await c.call_tool("browser_fill_form", {"fields": fields})
        seen = await _value(c, "window.seen")
        send = _ref(text, 'button "Send"')
        sent = await c.call_tool("browser_click", {"ref": send, "snapshot_id": snap.structured_content["snapshot_id"]})
        assert not sent.is_error, text_of(sent)
        return filled, seen, await _until(c, "Object.fromEntries(new URLSearchParams(location.search))", bool,
                                          "the submitted form's page")

    filled, seen, received = with_client(app.socket, body)
    assert not filled.is_error, text_of(filled)
    head, page, _ = unwrap(text_of(filled))
    assert head.startswith("Filled 5 fields of the form.")
    lines = page.splitlines()
    assert re.fullmatch(r"- Name \(e\d+\): filled \(12 chars\)", lines[0])   # the element: the field's own
    assert re.fullmatch(r"- Volume \(e\d+\): value 8", lines[4])
    assert [f["type"] for f in filled.structured_content["fields"]] == ["textbox", "checkbox", "radio", "combobox",
                                                                         "slider"]
    assert filled.structured_content["fields"][3]["selected"] == ["jp"]
    # the slider got input then change, as the end of a user's drag (Playwright's fill of a range input)
    assert seen[-2:] == ["input:volume", "change:volume"]
    assert received == {"name": "Ada Lovelace", "news": "yes", "size": "l", "country": "jp", "volume": "8"}


def test_bad_fields_name_the_field_and_fill_nothing(app):
    async def body(c):
        await c.call_tool("browser_navigate", {"url": app.server.url("parity_h4_form.html")})
        snap = await c.call_tool("browser_snapshot", {"mode": "full"})
        text, sid = text_of(snap), snap.structured_content["snapshot_id"]
        name = {"name": "Name", "type": "textbox", "target": _ref(text, 'textbox "Name"'), "value": "typed"}
        news = _ref(text, 'checkbox "Newsletter"')
        cases = {
            "type": [name, {"name": "When", "type": "date", "target": news, "value": "x"}],
            "stale": [name, {"name": "Ghost", "type": "textbox", "target": "e999", "value": "x"}],
            "flag": [name, {"name": "Newsletter", "type": "checkbox", "target": news, "value": "yes"}],
            "radio_off": [name, {"name": "Small", "type": "radio", "target": _ref(text, 'radio "Small"'),
                                 "value": "false"}],
            "kind": [name, {"name": "Newsletter", "type": "textbox", "target": news, "value": "x"}],
            "disabled": [name, {"name": "Locked", "type": "textbox", "target": _ref(text, 'textbox "Locked"'),
                                "value": "x"}],
            "option": [name, {"name": "Country", "type": "combobox", "target": _ref(text, 'combobox "Country"'),
                              "value": "Atlantis"}],
            "range": [name, {"name": "Volume", "type": "slider", "target": _ref(text, 'slider "Volume"'),
                             "value": "11"}],
            "number": [name, {"name": "Volume", "type": "slider", "target": _ref(text, 'slider "Volume"'),
                              "value": "loud"}],
        }
        out = {k: await c.call_tool("browser_fill_form", {"fields": v, "snapshot_id": sid}) for k, v in cases.items()}
        out["select"] = await c.call_tool("browser_select_option", {"target": _ref(text, 'combobox "Country"'),
                                                                    "snapshot_id": sid, "values": ["Atlantis"]})
        value = await _value(c, "document.querySelector('[name=name]').value")
        # the page removes a field while the form is filled: the error names it and the fields set before it
        midway = await c.call_tool("browser_fill_form", {"fields": [
            dict(name, value="no country"),
            {"name": "Country", "type": "combobox", "target": _ref(text, 'combobox "Country"'), "value": "Japan"},
            {"name": "Volume", "type": "slider", "target": _ref(text, 'slider "Volume"'), "value": "2"}]})
        volume = await _value(c, "document.querySelector('[name=volume]').value")
        many = await c.call_tool("browser_fill_form", {"fields": [dict(name, name=f"f{i}") for i in range(10_000)]})
        async with AgentClient(app.socket) as agent:   # the socket's own bound, past the MCP schema's
            try:
                await agent.call("fill_form", {"fields": [dict(name, name=f"f{i}") for i in range(10_000)]})
                socket_many = None
            except Exception as exc:  # noqa: BLE001 (the error's text is checked)
                socket_many = str(exc)
        # a ref of another tab's snapshot is refused before that tab is asked anything
        await c.call_tool("browser_tabs", {"action": "new", "url": app.server.url("parity_h4_upload.html")})
        other = await c.call_tool("browser_fill_form", {"fields": [name], "snapshot_id": sid})
        await c.call_tool("browser_tabs", {"action": "close"})
        await _alive(c)
        return out, value, many, socket_many, other, midway, volume

    out, value, many, socket_many, other, midway, volume = with_client(app.socket, body)
    expect = {"type": ("INVALID_PARAMS", 'field 2 "When": unknown type'),
              "stale": ("STALE_REF", 'field 2 "Ghost"'),
              "flag": ("INVALID_PARAMS", 'field 2 "Newsletter": a checkbox takes "true" or "false"'),
              "radio_off": ("INVALID_PARAMS", 'field 2 "Small": a radio cannot be unchecked'),
              "kind": ("ELEMENT_NOT_ACTIONABLE", 'field 2 "Newsletter": checkbox "Newsletter"'),
              "disabled": ("ELEMENT_NOT_ACTIONABLE", "is disabled"),
              "option": ("ELEMENT_NOT_ACTIONABLE", "has no enabled option 'Atlantis'" + CHOICES),
              "select": ("ELEMENT_NOT_ACTIONABLE", "has no enabled option 'Atlantis'" + CHOICES),
              "range": ("ELEMENT_NOT_ACTIONABLE", "min 0, max 10, step 1 (it would become 10)"),
              "number": ("INVALID_PARAMS", "a slider takes a number")}
    for key, (code, words) in expect.items():
        result = out[key]
        assert result.is_error and text_of(result).startswith(code + ":"), (key, text_of(result))
        assert words in text_of(result), (key, text_of(result))
    assert value == ""  # nothing was typed: every field is checked first
    # trial f2, finding 4: the element was right, the value was not — the advice says so (not "pick another
    # element"), and the options it can take are in the untrusted block, as the page names them
    for key in ("option", "select"):
        head, block, _ = unwrap(text_of(out[key]))
        assert "the element is right, the value is not" in head and "take a new snapshot" not in head, head
        assert CHOICES in block and "Untrusted page content" in text_of(out[key]).split(CHOICES)[0], block
    assert midway.is_error and text_of(midway).startswith('STALE_REF: field 2 "Country" failed:'), text_of(midway)
    assert "(fields set before it: 'Name'; fields after it untouched)" in text_of(midway)
    assert volume == "5"
    assert many.is_error and text_of(many).startswith("INVALID_PARAMS: fields:") and "100" in text_of(many)
    assert socket_many is not None and "INVALID_PARAMS" in socket_many
    assert other.is_error and text_of(other).startswith("REF_IN_OTHER_TAB"), text_of(other)


def test_a_file_chooser_held_for_the_agent(app):
    project = app.project
    (project / "a.txt").write_text("hello", encoding="utf-8")
    (project / "b.txt").write_text("world!", encoding="utf-8")
    os.mkfifo(project / "pipe")
    (project / "passwd").symlink_to("/etc/passwd")
    with open(project / "big.bin", "wb") as big:   # sparse: no 2 GB written
        big.truncate(2 * 1024 ** 3)

    async def body(c):
        r = {}
        await c.call_tool("browser_navigate", {"url": app.server.url("parity_h4_upload.html")})
        r["none_open"] = await c.call_tool("browser_file_upload", {"paths": [str(project / "a.txt")]})
        snap = await c.call_tool("browser_snapshot", {"mode": "full"})
        text, sid = text_of(snap), snap.structured_content["snapshot_id"]
        # a button whose script clicks the input, and the file input itself (a snapshot line of its own)
        one, many = _ref(text, 'button "Choose one"'), _ref(text, 'button "Many"')
        r["click"] = await c.call_tool("browser_click", {"ref": one, "snapshot_id": sid})
        r["held_snapshot"] = await c.call_tool("browser_snapshot", {})
        for key, path in (("shadow", "/etc/shadow"), ("dir", str(project)), ("missing", str(project / "no.txt")),
                          ("fifo", str(project / "pipe")), ("link", str(project / "passwd")),
                          ("big", str(project / "big.bin")), ("relative", "a.txt")):
            r[key] = await c.call_tool("browser_file_upload", {"paths": [path]})
        r["two_for_one"] = await c.call_tool("browser_file_upload", {"paths": [str(project / "a.txt")] * 2})
        r["still_held"] = await c.call_tool("browser_click", {"ref": one, "snapshot_id": sid})
        r["upload"] = await c.call_tool("browser_file_upload", {"paths": [str(project / "a.txt")]})
        r["read_one"] = await _until(c, "[document.getElementById('out').textContent, window.events]",
                                     lambda v: v[0] != "none", "FileReader")
        await c.call_tool("browser_click", {"ref": many, "snapshot_id": sid})
        r["upload_many"] = await c.call_tool("browser_file_upload", {"paths": [str(project / "a.txt"),
                                                                              str(project / "b.txt")]})
        r["read_many"] = await _until(c, "document.getElementById('out').textContent",
                                      lambda v: v.startswith("many:"), "FileReader")
        await c.call_tool("browser_click", {"ref": one, "snapshot_id": sid})
        r["cancel"] = await c.call_tool("browser_file_upload", {})
        r["after_cancel"] = await _value(c, "[document.getElementById('out').textContent, window.events.length]")
        await _alive(c)
        return r

    r = with_client(app.socket, body)
    assert r["none_open"].is_error and text_of(r["none_open"]).startswith("NOT_FOUND: no file chooser is open")
    # the click was delivered and opened the chooser: not an error, and it says what to do next
    assert not r["click"].is_error and "A file chooser is open (it takes one file): answer with browser_file_upload" \
        in text_of(r["click"]) and r["click"].structured_content["file_chooser"] == {"multiple": False}
    assert r["held_snapshot"].is_error and text_of(r["held_snapshot"]).startswith("FILE_CHOOSER_OPEN:")
    for key, words in (("shadow", "outside the project directory"), ("dir", "a directory"), ("missing", "no such file"),
                       ("fifo", "not a regular file"), ("link", "outside the project directory"),
                       ("big", "2,147,483,648 bytes, over the 268,435,456-byte limit"),
                       ("relative", "not an absolute path")):
        assert r[key].is_error and text_of(r[key]).startswith("UPLOAD_REFUSED:"), (key, text_of(r[key]))
        assert words in text_of(r[key]) and "the file chooser stays open" in text_of(r[key]), (key, text_of(r[key]))
    assert text_of(r["two_for_one"]).startswith("INVALID_PARAMS:") and "takes one file" in text_of(r["two_for_one"])
    assert r["still_held"].is_error and text_of(r["still_held"]).startswith("FILE_CHOOSER_OPEN:")
    assert not r["upload"].is_error
    assert text_of(r["upload"]).startswith("Chose 1 file in the file chooser: a.txt (5 bytes)")
    assert r["read_one"] == ["one:a.txt|5|hello", ["one:input", "one:change"]]
    assert not r["upload_many"].is_error, text_of(r["upload_many"])
    assert r["read_many"] == "many:a.txt|5|hello;b.txt|6|world!"
    assert not r["cancel"].is_error and text_of(r["cancel"]).startswith("Cancelled the file chooser")
    assert r["after_cancel"] == ["many:a.txt|5|hello;b.txt|6|world!", 4]  # nothing reached the page


def test_a_file_chooser_in_an_iframe(app):
    (app.project / "c.txt").write_text("framed", encoding="utf-8")

    async def body(c):
        await c.call_tool("browser_navigate", {"url": app.server.url("parity_h4_frame.html")})
        with anyio.fail_after(10):   # the iframe loads after the top document
            while 'button "Choose one" [ref=f1' not in text_of(snap := await c.call_tool("browser_snapshot",
                                                                                       {"mode": "full"})):
                await anyio.sleep(0.05)
        ref = re.search(r'button "Choose one" \[ref=(f1e\d+)\]', text_of(snap)).group(1)
        clicked = await c.call_tool("browser_click", {"ref": ref,
                                                      "snapshot_id": snap.structured_content["snapshot_id"]})
        uploaded = await c.call_tool("browser_file_upload", {"paths": [str(app.project / "c.txt")]})
        assert not uploaded.is_error, (text_of(clicked), text_of(uploaded))
        with anyio.fail_after(10):   # the frame's FileReader answers after the upload
            while "one:c.txt|6|framed" not in text_of(await c.call_tool("browser_snapshot", {"mode": "full"})):
                await anyio.sleep(0.05)
        return clicked

    clicked = with_client(app.socket, body)
    assert clicked.structured_content["file_chooser"] == {"multiple": False}, text_of(clicked)


def test_a_chooser_an_agent_left_open_is_told_to_the_next_agent(app):
    """An agent whose upload was refused and whose session then ended leaves the chooser held: the next agent's
    navigate, evaluate and testing checks alike answer FILE_CHOOSER_OPEN, saying since when it is held and when
    pagenote cancels it, and how to answer it once; browser_file_upload without paths cancels it."""
    async def first(c):
        await c.call_tool("browser_navigate", {"url": app.server.url("parity_h4_upload.html")})
        page = text_of(await c.call_tool("browser_snapshot", {"mode": "full"}))
        clicked = await c.call_tool("browser_click", {"element": "Choose one",
                                                      "target": _ref(page, 'button "Choose one"')})
        return clicked, await c.call_tool("browser_file_upload", {"paths": ["/etc/hostname"]})

    clicked, refused = with_client(app.socket, first)
    assert clicked.structured_content["file_chooser"] == {"multiple": False}, text_of(clicked)
    assert text_of(refused).startswith("UPLOAD_REFUSED:"), text_of(refused)

    async def second(c):
        r = {name: await c.call_tool(name, args) for name, args in (
            ("browser_navigate", {"url": app.server.url("parity_h4_form.html")}),
            ("browser_evaluate", {"function": "() => 1"}),
            ("browser_verify_text_visible", {"text": "Upload"}))}
        r["cancel"] = await c.call_tool("browser_file_upload", {})
        r["after"] = await c.call_tool("browser_verify_text_visible", {"text": "Upload"})
        return r

    r = with_client(app.socket, second, caps=frozenset({"testing"}))
    for name in ("browser_navigate", "browser_evaluate", "browser_verify_text_visible"):
        text = text_of(r[name])
        assert r[name].is_error and text.startswith("FILE_CHOOSER_OPEN: a file chooser is open (it takes one "
                                                    "file), held for an agent since its click "), (name, text)
        assert "pagenote cancels it 60 s after it opened" in text, text
        assert text.count("browser_file_upload") == 1 and text.count("answer it") == 1, text   # said once
    assert not r["cancel"].is_error and text_of(r["cancel"]).startswith("Cancelled the file chooser")
    assert not r["after"].is_error, text_of(r["after"])


def test_a_chooser_nobody_answers_is_cancelled_like_a_dialog(window, server, qtbot):
    """The bound of a held dialog holds for a held chooser (the app never sees the agent go: one connection per
    call): unanswered, it is cancelled ``hold_ms`` after it opened (60 s; shortened here), and the page is the
    agent's again."""
    from app.agent.forms import chooser_of
    from app.agent.host import TabsHost
    from app.agent.methods import Methods

    methods = Methods(TabsHost(window.app), window.app.hub)
    call = lambda method, **params: window.run(methods.call(method, params), timeout=60_000)  # noqa: E731
    call("navigate", url=server.url("parity_h4_upload.html"))
    hold = chooser_of(window.tab)
    assert hold.hold_ms == 60_000
    hold.hold_ms = 300
    snap = call("snapshot", mode="full")
    assert call("click", ref=_ref(snap["snapshot"], 'button "Choose one"'),
                snapshot_id=snap["snapshot_id"])["file_chooser"] == {"multiple": False}
    qtbot.waitUntil(lambda: hold.pending is None, timeout=10_000)
    assert call("evaluate", expression="() => document.title")["value"] == "Upload"


def test_the_users_own_click_is_not_intercepted(window, server, qtbot):
    """After the agent's turn ends, interception is off: the user's click makes Qt ask ``chooseFiles`` (which, in
    the window, shows Qt's file dialog; offscreen it is cancelled)."""
    from PySide6.QtCore import QPoint, Qt
    from PySide6.QtTest import QTest

    from app.agent.forms import chooser_of
    from app.agent.host import TabsHost
    from app.agent.methods import Methods
    from app.tabs.agent_control import agent_parts

    methods = Methods(TabsHost(window.app), window.app.hub)
    call = lambda method, **params: window.run(methods.call(method, params), timeout=60_000)  # noqa: E731
    call("navigate", url=server.url("parity_h4_upload.html"))
    snap = call("snapshot", mode="full")
    ref = _ref(snap["snapshot"], 'button "Choose one"')
    clicked = call("click", ref=ref, snapshot_id=snap["snapshot_id"])
    assert clicked["file_chooser"] == {"multiple": False}
    hold = chooser_of(window.tab)
    assert hold.intercepting
    control = agent_parts(window.tab).control
    control.stop("test")   # the user took the page: the held chooser goes, interception goes off
    assert hold.pending is None
    control.hand_back()
    qtbot.waitUntil(lambda: not hold.intercepting, timeout=10_000)
    asked = []
    qt_asked = window.tab.page.file_chooser_hook
    window.tab.page.file_chooser_hook = lambda *args: asked.append(args) or qt_asked(*args)
    rect = call("ref.resolve", ref=ref, snapshot_id=snap["snapshot_id"])["rect"]
    zoom = window.tab.view.zoomFactor()
    at = QPoint(int((rect["x"] + rect["width"] / 2) * zoom), int((rect["y"] + rect["height"] / 2) * zoom))
    QTest.mouseClick(window.tab.view.focusProxy(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at)
    qtbot.waitUntil(lambda: bool(asked), timeout=10_000)
    assert hold.pending is None and control.state == "idle"


def test_a_long_text_is_whole_before_the_next_field_is_touched(app):
    """The renderer takes keys in order but after the call that sent them: a textbox is done when the page has
    handled its last key, so the next field's focus never catches the rest of the text (a select then chose an
    option by the letters typed into it). Read as soon as the call answers — no waiting."""
    text = "The quick brown fox jumps over the lazy dog; " * 6

    async def body(c):
        await c.call_tool("browser_navigate", {"url": app.server.url("parity_h4_form.html")})
        snap = await c.call_tool("browser_snapshot", {"mode": "full"})
        page = text_of(snap)
        # a page slow to handle each key (a busy machine, a heavy handler): 4 ms of script per keydown
        await _value(c, "document.addEventListener('keydown', () => { const t = performance.now(); "
                        "while (performance.now() - t < 4); }) || 0")
        filled = await c.call_tool("browser_fill_form", {"fields": [
            {"name": "Your name", "type": "textbox", "target": _ref(page, 'textbox "Name"'), "value": text},
            {"name": "Country", "type": "combobox", "target": _ref(page, 'combobox "Country"'), "value": "France"}]})
        now = await _value(c, "[document.querySelector('[name=name]').value, "
                              "document.querySelector('[name=country]').value]")
        typed = await c.call_tool("browser_type", {"target": _ref(page, 'textbox "Name"'), "text": "!" * 120})
        after = await _value(c, "document.querySelector('[name=name]').value")
        return filled, now, typed, after

    filled, now, typed, after = with_client(app.socket, body)
    assert not filled.is_error and not typed.is_error, (text_of(filled), text_of(typed))
    assert now == [text, "fr"]
    # a field the agent named otherwise than its element: the line names the element too
    assert re.search(r'^- Your name \(e\d+, textbox "Name"\): filled \(270 chars\)$', unwrap(text_of(filled))[1], re.M)
    assert after == "!" * 120   # browser_type fills, as Playwright MCP's does
