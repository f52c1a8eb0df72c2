"""The opt-in tool groups (``pagenote mcp --caps=testing,storage,network``; app/mcp/tools/caps_*.py over
app/agent/verify.py, storage.py, routes.py) through the MCP SDK client against a real ``pagenote serve`` of
tests/pages/caps.html on 127.0.0.1: each tool, bad input for each, secret values redacted in lists, a route
answering a fetch and unroute restoring it, and none of the tools listed without ``--caps``."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from types import SimpleNamespace

import anyio
import pytest
from mcp.client import Client

from app.agent.client import AgentClient
from app.agent.paths import is_live
from app.mcp.server import build_server
from app.mcp.tools import CAPS
from app.mcp.untrusted import unwrap
from conftest import poll_until
from test_mcp import ROOT, _short_dir, _stop, text_of

#: The groups tested here (another group may list tools that are always listed anyway).
GROUPS = ("testing", "storage", "network")
ALL_CAPS = frozenset(GROUPS)
FETCH = "async () => { const r = await fetch('/api/data.json'); return r.status + ' ' + (await r.text()).slice(0, 40); }"


@pytest.fixture(scope="module")
def caps_app(server):
    """``pagenote serve http://127.0.0.1:<port>/caps.html`` (cookies and storage need an http origin)."""
    tmp = _short_dir()
    sock = tmp / "a.sock"
    env = {**os.environ, "PAGENOTE_SOCKET": str(sock), "QT_QPA_PLATFORM": "offscreen"}
    with open(tmp / "serve.log", "wb") as log:
        proc = subprocess.Popen([sys.executable, "-m", "app", "serve", server.url("caps.html"), "--out",
                                 str(tmp / "project")], env=env, cwd=ROOT, stdin=subprocess.DEVNULL, stdout=log,
                                stderr=log)
    try:
        poll_until(lambda: is_live(sock) or proc.poll() is not None, 30, "the agent socket")
        assert proc.poll() is None, (tmp / "serve.log").read_text()

        async def loaded() -> bool:
            async with AgentClient(sock) as c:
                return not (await c.call("page.state"))["loading"]

        poll_until(lambda: anyio.run(loaded), 20, "caps.html to load", interval=0.1)
        yield SimpleNamespace(socket=sock, proc=proc)
    finally:
        _stop(proc)
        shutil.rmtree(tmp, ignore_errors=True)


def run(socket, body, caps=ALL_CAPS):
    async def main():
        async with Client(build_server(socket, start_app=False, caps=caps)) as client:
            return await body(client)
    return anyio.run(main)


def page_text(result) -> str:
    framed = unwrap(text_of(result))
    return framed[1] if framed else ""


def test_the_groups_are_listed_only_when_asked_for(caps_app):
    plain = {t.name for t in run(caps_app.socket, lambda c: c.list_tools(), caps=frozenset()).tools}
    testing = {t.name for t in run(caps_app.socket, lambda c: c.list_tools(), caps=frozenset({"testing"})).tools}
    every = {t.name: t for t in run(caps_app.socket, lambda c: c.list_tools()).tools}
    names = {tool.name for group in GROUPS for tool in CAPS[group]}
    assert not plain & names and len(names) == 23
    assert testing - plain == {tool.name for tool in CAPS["testing"]}
    assert names <= set(every)
    # Playwright MCP's argument names
    assert set(every["browser_verify_element_visible"].input_schema["required"]) == {"role", "accessibleName"}
    assert set(every["browser_route"].input_schema["properties"]) == {"pattern", "status", "body", "contentType",
                                                                      "headers", "removeHeaders"}
    assert set(every["browser_cookie_set"].input_schema["required"]) == {"name", "value"}
    # bad input for every tool: an argument it does not take, and a wrong type where it takes one
    async def unknown(c):
        return {name: await c.call_tool(name, {"bogus": 1}) for name in sorted(names)}

    for name, result in run(caps_app.socket, unknown).items():
        assert result.is_error and text_of(result).startswith("INVALID_PARAMS: ") and "bogus: unknown parameter" in text_of(result), name
    wrong = run(caps_app.socket, lambda c: c.call_tool("browser_verify_list_visible", {"target": "ul", "items": "Apple"}))
    assert wrong.is_error and text_of(wrong).startswith("INVALID_PARAMS: items:"), text_of(wrong)
    with pytest.raises(ValueError, match="unknown caps vision"):
        build_server(caps_app.socket, start_app=False, caps=frozenset({"vision"}))


def test_unknown_caps_on_the_command_line_are_a_clear_error(capsys, monkeypatch):
    from app.cli import main

    assert main(["mcp", "--no-start", "--caps=testing,bogus"]) == 2   # argparse's exit, as the CLI returns it
    assert "unknown bogus; the groups are testing, storage, network" in capsys.readouterr().err
    monkeypatch.setenv("PAGENOTE_MCP_CAPS", "nope")
    monkeypatch.setenv("PAGENOTE_SOCKET", "/tmp/pn-none/a.sock")
    assert main(["mcp", "--no-start"]) == 2 and "PAGENOTE_MCP_CAPS: unknown nope" in capsys.readouterr().err


def test_verify_tools_pass_and_fail_with_what_was_found(caps_app):
    async def body(c):
        snap = await c.call_tool("browser_snapshot", {"mode": "full"})
        lines = text_of(snap).splitlines()
        ref = {name: next(line.split("[ref=")[1].split("]")[0] for line in lines if name in line)
               for name in ('textbox "Email"', 'textbox "Password"', 'checkbox "Subscribe"', 'combobox "Color"',
                            'list "Fruits"', 'button "Save"')}
        calls = {
            "visible": ("browser_verify_element_visible", {"role": "button", "accessibleName": "save"}),
            "ghost": ("browser_verify_element_visible", {"role": "button", "accessibleName": "Ghost"}),
            "absent": ("browser_verify_element_visible", {"role": "button", "accessibleName": "Delete"}),
            "text": ("browser_verify_text_visible", {"text": "welcome BACK"}),
            "hidden_text": ("browser_verify_text_visible", {"text": "Secret banner"}),
            # text only in a script's, a style's, a noscript's (scripting on) or a template's source
            **{f"source_{i}": ("browser_verify_text_visible", {"text": text}) for i, text in enumerate(
                ("Loaded later", "Styled later", "Turn scripts on later", "Template later"))},
            "email": ("browser_verify_value", {"type": "textbox", "element": "Email", "target": ref['textbox "Email"'],
                                               "value": "ada@example.com"}),
            "email_wrong": ("browser_verify_value", {"type": "textbox", "target": ref['textbox "Email"'],
                                                     "value": "bob@example.com"}),
            "password": ("browser_verify_value", {"type": "textbox", "target": ref['textbox "Password"'],
                                                  "value": "guess"}),
            "editable": ("browser_verify_value", {"type": "textbox", "target": "#notes", "value": "other"}),
            "checkbox": ("browser_verify_value", {"type": "checkbox", "target": ref['checkbox "Subscribe"'],
                                                  "value": "true"}),
            "select": ("browser_verify_value", {"type": "combobox", "target": "#color", "value": "Green"}),
            "select_wrong": ("browser_verify_value", {"type": "combobox", "target": "#color", "value": "Red"}),
            "list": ("browser_verify_list_visible", {"element": "Fruits", "target": ref['list "Fruits"'],
                                                     "items": ["Apple", "banana"]}),
            "list_missing": ("browser_verify_list_visible", {"element": "Fruits", "target": ref['list "Fruits"'],
                                                             "items": ["Apple", "Cherry"]}),
            "locator": ("browser_generate_locator", {"target": ref['button "Save"']}),
            "locator_css": ("browser_generate_locator", {"target": "#email"}),
            # bad input
            "bad_role": ("browser_verify_element_visible", {"role": "Button!", "accessibleName": "x"}),
            "bad_type": ("browser_verify_value", {"type": "spinner", "target": "#email", "value": "x"}),
            "bad_bool": ("browser_verify_value", {"type": "checkbox", "target": "#sub", "value": "yes"}),
            "stale": ("browser_generate_locator", {"target": "e9999"}),
            "not_unique": ("browser_verify_list_visible", {"target": "li", "items": ["Apple"]}),
            "bad_selector": ("browser_generate_locator", {"target": "##"}),
            "no_items": ("browser_verify_list_visible", {"target": "ul", "items": []}),
        }
        return {k: await c.call_tool(name, args) for k, (name, args) in calls.items()}

    r = run(caps_app.socket, body)
    for ok in ("visible", "text", "email", "checkbox", "select", "list", "locator", "locator_css"):
        assert not r[ok].is_error, (ok, text_of(r[ok]))
    assert text_of(r["visible"]).startswith("Verified: a button named like 'save' is visible.")
    assert r["ghost"].is_error and "1 button element(s) named like 'Ghost' exist, none is drawn" in text_of(r["ghost"])
    assert r["absent"].is_error and {'"Save"', '"Cancel"'} <= set(page_text(r["absent"]).splitlines())
    assert r["hidden_text"].is_error and "in the document but not drawn" in text_of(r["hidden_text"])
    for i, text in enumerate(("Loaded later", "Styled later", "Turn scripts on later", "Template later")):
        assert r[f"source_{i}"].is_error, text
        assert text_of(r[f"source_{i}"]).startswith(f"No visible text contains {text!r}"), text_of(r[f"source_{i}"])
    assert r["email_wrong"].is_error and page_text(r["email_wrong"]) == '"ada@example.com"'
    # a password's value is never quoted back: only its length
    assert r["password"].is_error and "hunter2" not in str(r["password"]) and "(14 characters)" in text_of(r["password"])
    assert r["editable"].is_error and "words here" not in str(r["editable"]) and "(16 characters)" in text_of(r["editable"])
    assert r["select_wrong"].is_error and page_text(r["select_wrong"]) == '"g" (label "Green")'
    assert r["list_missing"].is_error and "'Cherry'" in text_of(r["list_missing"])
    assert page_text(r["list_missing"]).splitlines() == ['"Apple"', '"Banana"']
    assert page_text(r["locator"]).splitlines()[0] == "getByRole('button', { name: 'Save', exact: true })"
    assert r["locator"].structured_content["locators"][0] == 'role=button[name="Save"]'
    assert "getByTestId('save-button')" in page_text(r["locator"])
    assert page_text(r["locator_css"]).splitlines()[0] == "getByRole('textbox', { name: 'Email', exact: true })"
    for bad, code in (("bad_role", "INVALID_PARAMS"), ("bad_type", "INVALID_PARAMS"), ("bad_bool", "INVALID_PARAMS"),
                      ("stale", "STALE_REF"), ("not_unique", "SELECTOR_NOT_UNIQUE"), ("bad_selector", "BAD_SELECTOR"),
                      ("no_items", "INVALID_PARAMS")):
        assert r[bad].is_error and text_of(r[bad]).startswith(code), (bad, text_of(r[bad]))


def test_storage_tools_redact_secret_values_in_lists_and_scope_cookies_to_the_page(caps_app):
    async def body(c):
        steps = [
            ("local_list", "browser_localstorage_list", {}),
            ("local_get", "browser_localstorage_get", {"key": "auth_token"}),
            ("local_set", "browser_localstorage_set", {"key": "lang", "value": "fr"}),
            ("local_after_set", "browser_localstorage_get", {"key": "lang"}),
            ("local_delete", "browser_localstorage_delete", {"key": "lang"}),
            ("local_gone", "browser_localstorage_get", {"key": "lang"}),
            ("session_list", "browser_sessionstorage_list", {}),
            ("session_set", "browser_sessionstorage_set", {"key": "step", "value": "3"}),
            ("session_get", "browser_sessionstorage_get", {"key": "step"}),
            ("session_clear", "browser_sessionstorage_clear", {}),
            ("session_empty", "browser_sessionstorage_list", {}),
            ("cookie_set", "browser_cookie_set", {"name": "api_key", "value": "k-42", "httpOnly": True}),
            ("cookie_list", "browser_cookie_list", {}),
            ("cookie_get", "browser_cookie_get", {"name": "sessionid"}),
            ("cookie_page", "browser_evaluate", {"function": "() => document.cookie"}),
            ("cookie_delete", "browser_cookie_delete", {"name": "theme"}),
            ("cookie_after_delete", "browser_cookie_list", {"path": "/"}),
            # bad input
            ("cookie_other_site", "browser_cookie_set", {"name": "x", "value": "1", "domain": "example.com"}),
            ("cookie_samesite", "browser_cookie_set", {"name": "x", "value": "1", "sameSite": "Sometimes"}),
            ("cookie_missing", "browser_cookie_get", {"name": "nope"}),
            ("cookie_no_name", "browser_cookie_delete", {"name": ""}),
            ("local_no_key", "browser_localstorage_get", {}),
            ("cookie_clear", "browser_cookie_clear", {}),
            ("cookie_none", "browser_cookie_list", {}),
            ("local_clear", "browser_localstorage_clear", {}),
            ("local_empty", "browser_localstorage_list", {}),
        ]
        return {k: await c.call_tool(name, args) for k, name, args in steps}

    r = run(caps_app.socket, body)
    listed = page_text(r["local_list"])
    assert '"theme": "dark"' in listed and '"auth_token": "REDACTED"' in listed
    assert "tok-live-123" not in str(r["local_list"]) and "at-987" not in str(r["local_list"])
    assert "Ada" in listed   # the profile's other fields stay readable
    assert page_text(r["local_get"]) == "tok-live-123"   # asked by name
    assert page_text(r["local_after_set"]) == "fr" and text_of(r["local_delete"]).startswith("Deleted localStorage")
    assert r["local_gone"].is_error and text_of(r["local_gone"]).startswith("NOT_FOUND")
    assert '"step": "2"' in page_text(r["session_list"]) and page_text(r["session_get"]) == "3"
    assert text_of(r["session_empty"]).startswith("0 sessionStorage item(s).")
    assert not r["cookie_set"].is_error, text_of(r["cookie_set"])
    cookies = page_text(r["cookie_list"])
    assert "theme=dark" in cookies and "sessionid=REDACTED" in cookies and "api_key=REDACTED" in cookies
    assert "s3cr3t" not in str(r["cookie_list"]) and "k-42" not in str(r["cookie_list"])
    assert "sessionid=s3cr3t-value" in page_text(r["cookie_get"])
    assert "api_key" not in text_of(r["cookie_page"])   # HttpOnly: the page cannot read it
    assert "theme=" not in page_text(r["cookie_after_delete"])
    for bad, code in (("cookie_other_site", "INVALID_PARAMS"), ("cookie_samesite", "INVALID_PARAMS"),
                      ("cookie_missing", "NOT_FOUND"), ("cookie_no_name", "INVALID_PARAMS"),
                      ("local_no_key", "INVALID_PARAMS")):
        assert r[bad].is_error and text_of(r[bad]).startswith(code), (bad, text_of(r[bad]))
    assert "is not the page's host" in text_of(r["cookie_other_site"])
    assert text_of(r["cookie_none"]).startswith("0 cookie(s)") and text_of(r["local_empty"]).startswith("0 localStorage")


def test_storage_is_the_tabs_origin_only(caps_app, server, server2):
    async def body(c):
        await c.call_tool("browser_localstorage_set", {"key": "here", "value": "1"})
        await c.call_tool("browser_navigate", {"url": server2.url("caps.html")})
        await c.call_tool("browser_localstorage_delete", {"key": "theme"})
        other = await c.call_tool("browser_localstorage_list", {})
        await c.call_tool("browser_navigate", {"url": server.url("caps.html")})
        back = await c.call_tool("browser_localstorage_get", {"key": "here"})
        return other, back

    other, back = run(caps_app.socket, body)
    assert '"here"' not in page_text(other) and '"theme"' not in page_text(other)   # another origin's storage
    assert page_text(back) == "1"


def test_a_route_answers_a_fetch_and_unroute_restores_it(caps_app):
    async def body(c):
        steps = [
            ("before", "browser_evaluate", {"function": FETCH}),
            ("route", "browser_route", {"pattern": "**/api/*.json", "body": '{"mocked":true}',
                                        "contentType": "application/json", "headers": ["X-Mock: 1"]}),
            ("routed", "browser_evaluate", {"function": FETCH}),
            ("teapot", "browser_route", {"pattern": "**/api/data.{json,xml}", "status": 418, "body": "tea"}),
            ("newest", "browser_evaluate", {"function": FETCH}),
            ("list", "browser_route_list", {}),
            ("unroute_one", "browser_unroute", {"pattern": "**/api/data.{json,xml}"}),
            ("older", "browser_evaluate", {"function": FETCH}),
            ("unroute_all", "browser_unroute", {}),
            ("after", "browser_evaluate", {"function": FETCH}),
            ("empty", "browser_route_list", {}),
            # bad input
            ("bad_pattern", "browser_route", {"pattern": "**/{a,b"}),
            ("bad_header", "browser_route", {"pattern": "**/x", "headers": ["no colon"]}),
            ("bad_status", "browser_route", {"pattern": "**/x", "status": 99}),
            ("both", "browser_route", {"pattern": "**/x", "status": 200, "removeHeaders": "cookie"}),
            ("unknown", "browser_unroute", {"pattern": "**/never"}),
        ]
        return {k: await c.call_tool(name, args) for k, name, args in steps}

    r = run(caps_app.socket, body)
    assert "404" in text_of(r["before"])
    assert not r["route"].is_error, text_of(r["route"])
    assert '200 {\\"mocked\\":true}' in text_of(r["routed"]) or '200 {"mocked":true}' in text_of(r["routed"])
    assert "418 tea" in text_of(r["newest"])
    listed = text_of(r["list"])
    assert "**/api/*.json → 200 application/json, 15 chars, headers X-Mock: 1 (1 hit)" in listed
    assert "**/api/data.{json,xml} → 418" in listed
    assert "mocked" in text_of(r["older"])
    assert text_of(r["unroute_all"]).startswith("Removed 1 route(s); 0 left.")
    assert "404" in text_of(r["after"]) and text_of(r["empty"]).startswith("No routes in this tab.")
    for bad in ("bad_pattern", "bad_header", "bad_status", "both"):
        assert r[bad].is_error and text_of(r[bad]).startswith("INVALID_PARAMS"), (bad, text_of(r[bad]))
    assert r["unknown"].is_error and text_of(r["unknown"]).startswith("NOT_FOUND")


def test_the_readme_names_every_opt_in_tool_and_group():
    import re

    readme = (ROOT / "docs" / "agent-tools.md").read_text(encoding="utf-8")
    start = readme.index("## Opt-in groups (`--caps`)")
    end = readme.find("\n## ", start + 1)
    section = readme[start:end if end != -1 else None]
    named = set(re.findall(r"`(browser_[a-z_]+)\(", section))
    for stem, alternatives in re.findall(r"`(browser_[a-z_]+_)\{([a-z,]+)\}`", section):
        named |= {stem + alt for alt in alternatives.split(",")}
    assert named == {tool.name for group in GROUPS for tool in CAPS[group]}
    assert all(f"| `{group}` |" in section for group in GROUPS)


def test_routes_and_cookies_belong_to_their_tab(caps_app, server):
    """A route of one tab does not answer another tab's requests, and a tab under its own lease sees none of
    the first tab's cookies; closing the tab takes its routes with it."""
    async def socket(method, params=None):
        async with AgentClient(caps_app.socket) as c:
            return await c.call(method, params or {})

    async def body(c):
        first = (await socket("tabs.list"))[0]["id"]
        await c.call_tool("browser_cookie_set", {"name": "mine", "value": "1"})
        await c.call_tool("browser_route", {"pattern": "**/api/data.json", "body": "first tab"})
        snap = await c.call_tool("browser_snapshot", {"mode": "full"})
        save = next(line for line in text_of(snap).splitlines() if 'button "Save"' in line).split("[ref=")[1][:-1]
        second = (await socket("tabs.new", {"url": server.url("caps.html"), "isolated": True}))["id"]
        seen = {"other_tab_ref": await c.call_tool("browser_generate_locator", {
                    "target": save, "snapshot_id": snap.structured_content["snapshot_id"]}),
                "cookies": await c.call_tool("browser_cookie_list", {}),
                "routes": await c.call_tool("browser_route_list", {}),
                "fetch": await c.call_tool("browser_evaluate", {"function": FETCH})}
        await c.call_tool("browser_route", {"pattern": "**/api/data.json", "body": "second tab"})
        await socket("tabs.close", {"id": second})
        await socket("tabs.select", {"id": first})
        seen["first_fetch"] = await c.call_tool("browser_evaluate", {"function": FETCH})
        seen["first_routes"] = await c.call_tool("browser_route_list", {})
        await c.call_tool("browser_unroute", {})
        await c.call_tool("browser_cookie_delete", {"name": "mine"})
        return seen

    seen = run(caps_app.socket, body)
    assert seen["other_tab_ref"].is_error and text_of(seen["other_tab_ref"]).startswith("REF_IN_OTHER_TAB")
    assert "mine=" not in page_text(seen["cookies"]) and "theme=dark" in page_text(seen["cookies"])
    assert text_of(seen["routes"]).startswith("No routes in this tab.") and "404" in text_of(seen["fetch"])
    assert "200 first tab" in text_of(seen["first_fetch"])
    assert text_of(seen["first_routes"]).count("→") == 1


def test_caps_over_stdio(caps_app):
    from mcp.client.stdio import StdioServerParameters

    async def listed(*flags: str) -> set[str]:
        params = StdioServerParameters(command=sys.executable, args=["-m", "app", "mcp", "--no-start", *flags],
                                       cwd=str(ROOT), env={"PAGENOTE_SOCKET": str(caps_app.socket)})
        async with Client(params, mode="legacy") as c:
            names = {t.name for t in (await c.list_tools()).tools}
            if "browser_route_list" in names:
                listing = await c.call_tool("browser_route_list", {})
                assert text_of(listing).startswith("No routes in this tab."), text_of(listing)
            return names

    network = anyio.run(listed, "--caps", " network ")   # the listing without --caps: the first test
    assert {"browser_route", "browser_unroute", "browser_route_list", "browser_snapshot"} <= network
    assert not {"browser_verify_value", "browser_cookie_list"} & network
