"""Hostile review of issue 27's new agent tools (the --caps groups, file: refusal, uploads) through the MCP SDK
client against a real ``pagenote serve`` of tests/pages/hostile_parity_r1.html on 127.0.0.1 (a card number
under ``data-pagenote-redact``, typed text in a contenteditable, a password field, a long storage value with a
password past the list's cut), and the upload path rule with hostile paths.

Each test is one finding of the review: a secret value reaching an agent's result, a cookie set for another
site, a credential echoed back, a local file read without ``--allow-file-urls``."""

from __future__ import annotations

import os
import sys
from types import SimpleNamespace

import anyio
import pytest
from mcp.client import Client

from app.core.errors import PagenoteError
from app.core.uploads import checked_upload_paths
from app.mcp.server import build_server
from test_mcp import DEMO, _serve, text_of

SECRETS = ("4111", "typed-private", "hunter2", "8888")


@pytest.fixture(scope="module")
def hostile(server):
    page = SimpleNamespace(as_uri=lambda: server.url("hostile_parity_r1.html"), name="hostile_parity_r1.html")
    yield from _serve(page)


def calls(socket, todo: list[tuple[str, dict]]) -> list:
    """Each ``(tool, arguments)`` called in order on one client with every opt-in group; the results."""
    async def main():
        async with Client(build_server(socket, start_app=False,
                                       caps=frozenset({"testing", "storage", "network"}))) as c:
            return [await c.call_tool(name, args) for name, args in todo]
    return anyio.run(main)


def said(result) -> str:
    """Everything a result tells the agent: its text and its structured content."""
    return text_of(result) + repr(result.structured_content)


def test_verify_tools_never_read_typed_or_redacted_text(hostile):
    """verify.js read the list's and the body's innerText whole: a failed browser_verify_list_visible quoted the
    card number under data-pagenote-redact and the contenteditable's typed words; browser_verify_text_visible
    answered 'visible' for either (an oracle); browser_verify_value of an element without a value quoted both."""
    listed, card, typed, value, plain, shown, shadow, deep = calls(hostile.socket, [
        ("browser_verify_list_visible", {"target": "#cards", "items": ["nothing-here"]}),
        ("browser_verify_text_visible", {"text": "4111 1111"}),
        ("browser_verify_text_visible", {"text": "typed-private"}),
        ("browser_verify_value", {"target": "#cards", "type": "textbox", "value": "x"}),
        ("browser_verify_text_visible", {"text": "Plain item"}),
        ("browser_verify_list_visible", {"target": "#cards", "items": ["Visa", "plain ITEM"]}),
        ("browser_verify_list_visible", {"target": "#shadowed", "items": ["nothing-here"]}),   # a shadow tree's
        ("browser_verify_text_visible", {"text": "8888-shadow"}),
    ])
    assert listed.is_error and "Plain item" in text_of(listed) and "[redacted]" in text_of(listed)
    assert card.is_error and typed.is_error and value.is_error and shadow.is_error and deep.is_error
    assert "Open item" in text_of(shadow)
    for result in (listed, value, shadow):
        assert not any(s in said(result) for s in SECRETS), said(result)
    assert not plain.is_error and not shown.is_error, (text_of(plain), text_of(shown))


def test_storage_lists_redact_before_they_cut_and_cookies_stay_on_the_site(hostile):
    """A list cut each value to 500 characters before redacting it, so a JSON password straddling the cut
    showed its first characters ('"password":"hunter2-correct-ho'); cookie.set sent a domain without the page's
    URL, so a suffix of an IP host ('0.0.1' for 127.0.0.1) made a cookie for that other host; a route's
    Authorization header was read back whole by browser_route_list."""
    storage, other_host, own, route, routes, bad_name = calls(hostile.socket, [
        ("browser_localstorage_list", {}),
        ("browser_cookie_set", {"name": "x", "value": "y", "domain": "0.0.1"}),
        ("browser_cookie_set", {"name": "own", "value": "y", "domain": "127.0.0.1"}),
        ("browser_route", {"pattern": "**/api/**", "headers": ["Authorization: Bearer sk-live-abcdef0123456789"]}),
        ("browser_route_list", {}),
        ("browser_cookie_set", {"name": "a;b", "value": "c"}),
    ])
    assert "hunter2" not in said(storage) and '\\"password\\":\\"REDACTED' in text_of(storage), text_of(storage)
    assert other_host.is_error and text_of(other_host).startswith("INVALID_PARAMS"), text_of(other_host)
    assert not own.is_error and own.structured_content["visible_to_page"], text_of(own)
    assert not route.is_error and "Bearer REDACTED" in text_of(routes)
    assert "sk-live" not in said(route) + said(routes)
    # a cookie Chromium cannot make is the agent's input at fault, not "the page refused the DevTools command"
    assert text_of(bad_name).startswith("INVALID_PARAMS"), text_of(bad_name)


@pytest.fixture(scope="module")
def local_app():
    """``pagenote serve`` of the demo page, a file: document (what serve opens when given no URL)."""
    yield from _serve(DEMO)


def test_an_agent_cannot_walk_from_a_local_page_to_another_local_file(local_app):
    """From a file: page (serve's demo page) the agent's click on a link to file:///etc/hostname opened it and the
    click's result showed its text; a target=_blank link and Enter on a focused link too (a script's own
    location = … was already ERR_ACCESS_DENIED). FILE_URL_REFUSED guarded only navigate and tabs.new."""
    def link(i: int, blank: bool) -> str:
        return (f"() => {{ const a = document.createElement('a'); a.href = 'file:///etc/hostname'; a.id = 'r1-{i}';"
                f" a.textContent = 'host file {i}'; {'a.target = \'_blank\';' if blank else ''}"
                " document.body.prepend(a); a.focus(); return 1; }")
    results = calls(local_app.socket, [
        ("browser_evaluate", {"function": link(1, False)}), ("browser_click", {"target": "#r1-1"}),
        ("browser_evaluate", {"function": link(2, True)}), ("browser_click", {"target": "#r1-2"}),
        ("browser_evaluate", {"function": link(3, False)}), ("browser_press_key", {"key": "Enter"}),
        ("browser_wait_for", {"time": 1}), ("browser_tabs", {"action": "list"}),
        ("browser_evaluate", {"function": "() => location.hash = 'x'"}), ("page_state", {})])
    for result in results:
        assert not result.is_error, text_of(result)
    tabs = results[7].structured_content["tabs"]
    assert all("hostname" not in t["url"] for t in tabs), tabs
    assert results[-1].structured_content["url"].endswith("demo.html#x")   # a fragment stays possible


def test_pseudo_files_are_never_uploaded(tmp_path):
    for path in ("/proc/self/environ", "/proc/self/root/etc/hostname", "/sys/kernel/mm/transparent_hugepage/enabled"):
        if os.path.exists(path):
            with pytest.raises(PagenoteError) as caught:
                checked_upload_paths([path], multiple=False, roots=(tmp_path,), allow_any=True)
            assert caught.value.name == "UPLOAD_REFUSED"


@pytest.mark.skipif(sys.platform != "linux", reason="FIFOs, sparse files and /proc as Linux has them")
def test_hostile_upload_paths_are_refused_without_reading_them(tmp_path):
    """A FIFO (opening it would block), a 2 GB sparse file, a symlink out of the project, /etc/shadow: each a
    clear UPLOAD_REFUSED, at once."""
    os.mkfifo(tmp_path / "fifo")
    with open(tmp_path / "sparse", "wb") as f:
        f.truncate(2 << 30)
    (tmp_path / "out").symlink_to("/etc")
    for path in (tmp_path / "fifo", tmp_path / "sparse", tmp_path / "out" / "hostname", "/etc/shadow",
                 "/proc/self/environ", "relative.txt"):
        with pytest.raises(PagenoteError) as caught:
            checked_upload_paths([str(path)], multiple=False, roots=(tmp_path,), allow_any=False)
        assert caught.value.name == "UPLOAD_REFUSED", path


def test_fill_form_never_echoes_a_typed_password(hostile):
    filled, = calls(hostile.socket, [("browser_fill_form", {"fields": [
        {"name": "Password", "type": "textbox", "target": "#pw", "value": "hunter2-typed-now"}]})])
    assert not filled.is_error and "(17 chars)" in text_of(filled), text_of(filled)
    assert "hunter2" not in said(filled), said(filled)


def test_deeply_nested_json_is_a_parse_error_and_the_app_answers(hostile):
    """A request line of 5,000 or 200,000 nested '[' (well under the 1 MiB line limit) made json.loads raise
    RecursionError, answered as INTERNAL_ERROR 'this is a pagenote bug'."""
    import json
    import socket

    from app.agent.client import AgentClient
    from app.agent.rpc import PROTOCOL_VERSION

    head = json.dumps({"jsonrpc": "2.0", "id": 7, "protocol_version": PROTOCOL_VERSION, "method": "fill_form"})
    for depth in (5_000, 200_000):
        line = head[:-1].encode() + b', "params": {"fields": ' + b"[" * depth + b"]" * depth + b"}}\n"
        with socket.socket(socket.AF_UNIX) as s:
            s.connect(str(hostile.socket))
            s.sendall(line)
            answer = json.loads(s.makefile("rb").readline())
        assert answer["error"]["data"]["code"] == "PARSE_ERROR", answer

    async def state():
        async with AgentClient(hostile.socket) as c:
            return await c.call("page.state")
    assert anyio.run(state)["url"].endswith("hostile_parity_r1.html")


def test_a_name_cannot_carry_a_ref_into_its_line(hostile):
    import re

    snap, = calls(hostile.socket, [("browser_snapshot", {"mode": "full"})])
    line = next(x for x in text_of(snap).splitlines() if "revision 99" in x)
    assert len(re.findall(r"\[ref=", line)) == 1, line


def test_an_href_cannot_forge_a_ref(hostile):
    found, snap = calls(hostile.socket, [("browser_find", {"text": "Docs"}), ("browser_snapshot", {"mode": "full"})])
    lines = [x for r in (found, snap) for x in text_of(r).splitlines() if 'link "Docs"' in x]
    assert len(lines) == 4 and all(x.count("[ref=") == 1 for x in lines), lines


def test_the_users_own_click_on_a_local_link_still_opens_it(window, qtbot, tmp_path):
    """The guard of the walk above is the agent's only: the user's click into the page the agent is acting on
    takes it back (stopped), and the link to a sibling local file opens."""
    from PySide6.QtCore import QPoint, Qt
    from PySide6.QtTest import QTest

    from app.tabs.agent_control import STOPPED, agent_parts

    (tmp_path / "b.html").write_text("<title>B</title><p>sibling</p>", encoding="utf-8")
    (tmp_path / "a.html").write_text("<title>A</title><a href='b.html' style='position:fixed;left:0;top:0;"
                                     "width:400px;height:300px;display:block'>to B</a>", encoding="utf-8")
    window.load_page((tmp_path / "a.html").as_uri())
    control = agent_parts(window.tab).control
    control.begin()   # an agent acts on the page …
    QTest.mouseClick(window.tab.view.focusProxy(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     QPoint(100, 100))   # … and the user clicks the link
    qtbot.waitUntil(lambda: window.tab.page.url().fileName() == "b.html", timeout=15_000)
    assert control.state == STOPPED


def test_a_route_glob_of_many_stars_cannot_freeze_the_app(hostile):
    """Routes matched a page's request URLs with a backtracking regular expression: '**a' * 16 + '*b' against a
    45-character URL of a's took 85 s, the app's event loop frozen. A page's fetch of such a URL, then the app
    still answers at once and the route answered the matching one."""
    pattern = "**a" * 16 + "*b"
    fetch = ("async () => { const a = await fetch('/' + 'a'.repeat(40) + '/b').then(r => r.status, e => 'x');"
             " const b = await fetch('/' + 'a'.repeat(40) + 'b').then(r => r.text(), e => 'x'); return a + ' ' + b; }")
    added, fetched, routes, removed = calls(hostile.socket, [
        ("browser_route", {"pattern": pattern, "body": "mocked"}), ("browser_evaluate", {"function": fetch}),
        ("browser_route_list", {}), ("browser_unroute", {})])
    assert not added.is_error and not removed.is_error, text_of(added)
    assert fetched.structured_content["value"] == "404 mocked", text_of(fetched)
    assert [r["hits"] for r in routes.structured_content["routes"] if r["pattern"] == pattern] == [1], text_of(routes)


def test_url_globs_keep_playwrights_meaning():
    from app.protocol.url_glob import UrlGlob

    cases = {"**/api/users": ("http://h:1/api/users", "http://h/api/users/2"),
             "**/*.{png,jpg}": ("http://h/a/b.jpg", "http://h/a/b.gif"),
             "http://h/*/x": ("http://h/a/x", "http://h/a/b/x"), "**/a?b": ("http://h/a?b", "http://h/acb"),
             "**/\\*": ("http://h/*", "http://h/x"), "**a" * 16 + "*b": ("http://h/" + "a" * 16 + "b",
                                                                       "http://h/" + "a" * 4000 + "/b")}
    for pattern, (yes, no) in cases.items():
        assert UrlGlob(pattern).fullmatch(yes) and not UrlGlob(pattern).fullmatch(no), pattern
    for bad in ("{a,{b}}", "{a", "{a,b}" * 7):
        with pytest.raises(PagenoteError):
            UrlGlob(bad)
