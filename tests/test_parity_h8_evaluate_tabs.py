"""Follow-ups of issue 27 through the official MCP SDK client against a real ``pagenote serve`` on 127.0.0.1:

- ``browser_evaluate`` takes Playwright MCP 0.0.83's ``target`` (a ref of the latest snapshot without its
  ``snapshot_id``, a CSS selector, a locator) resolved as the actions resolve theirs, and fails as they do (not
  unique, not found, a stale ref, a snapshot_id alone or with a selector, ref and target that differ, an element
  inside an iframe);
- ``browser_fill_form``, ``browser_file_upload`` and ``browser_wait_for`` name the tab they acted on, as every
  page tool: ``tab`` in the structured content, the origin in the framing line, the closing ``In tab N (…)``;
- the indefinite article of generated wording (``an alert``, ``an img``, ``an element annotation``)."""

from __future__ import annotations

import re

import anyio
import pytest
from pydantic import ValidationError

from app.core.wording import a_or_an
from app.mcp.response import names_tab
from app.mcp.untrusted import unwrap
from test_mcp import ROOT, _serve, text_of, with_client

PAGE = ROOT / "tests" / "pages" / "parity_h8_top.html"


@pytest.fixture(scope="module")
def app(server, server2):
    for served in _serve(PAGE):
        served.server, served.server2 = server, server2
        yield served


def _ref(text: str, line: str) -> str:
    return re.search(re.escape(line) + r".*?\[ref=(f?\d*e\d+)\]", text).group(1)


def test_evaluate_takes_a_target_as_the_actions_do(app):
    async def body(c):
        await c.call_tool("browser_navigate", {"url": app.server.url(
            f"parity_h8_top.html?other={app.server2.origin}")})
        with anyio.fail_after(10):   # the iframe loads after the top document
            snap = await c.call_tool("browser_snapshot", {"mode": "full"})
            while 'button "Press me"' not in text_of(snap):
                snap = await c.call_tool("browser_snapshot", {"mode": "full"})
        text, sid = text_of(snap), snap.structured_content["snapshot_id"]
        name, framed = _ref(text, 'textbox "Name"'), _ref(text, 'button "Press me"')
        fn = "(el) => el.id + '=' + el.value"
        calls = {
            "latest ref": {"function": fn, "target": name},
            "ref alone": {"function": fn, "ref": name},
            "ref with id": {"function": fn, "ref": name, "snapshot_id": sid},
            "css": {"function": fn, "target": "#name"},
            "locator": {"function": fn, "target": 'label="Name"'},
            "not unique": {"function": fn, "target": "input"},
            "not found": {"function": fn, "target": "#nope"},
            "stale": {"function": fn, "target": "e999"},
            "id alone": {"function": fn, "snapshot_id": sid},
            "id with selector": {"function": fn, "target": "#name", "snapshot_id": sid},
            "differ": {"function": fn, "target": "#name", "ref": name},
            "in iframe": {"function": fn, "target": framed},
        }
        out = {k: await c.call_tool("browser_evaluate", v) for k, v in calls.items()}
        out["alive"] = await c.call_tool("browser_evaluate", {"function": "() => 1 + 1"})
        return out

    r = with_client(app.socket, body)
    for ok in ("latest ref", "ref alone", "ref with id", "css", "locator"):
        assert not r[ok].is_error and r[ok].structured_content["value"] == "name=Ada", (ok, text_of(r[ok]))
    expected = {"not unique": "SELECTOR_NOT_UNIQUE", "not found": "SELECTOR_NOT_FOUND", "stale": "STALE_REF",
                "id alone": "INVALID_PARAMS", "id with selector": "INVALID_PARAMS", "differ": "INVALID_PARAMS",
                "in iframe": "INVALID_REQUEST"}
    for case, code in expected.items():
        assert r[case].is_error and text_of(r[case]).startswith(code), (case, text_of(r[case]))
    assert "not both" in text_of(r["differ"]) and "iframe" in text_of(r["in iframe"])
    assert r["alive"].structured_content["value"] == 2


def test_fill_form_upload_and_wait_for_name_their_tab(app):
    async def body(c):
        await c.call_tool("browser_navigate", {"url": app.server.url("parity_h8_top.html")})
        text = text_of(await c.call_tool("browser_snapshot", {"mode": "full"}))
        filled = await c.call_tool("browser_fill_form", {"fields": [
            {"name": "Name", "type": "textbox", "target": _ref(text, 'textbox "Name"'), "value": "Grace"},
            {"name": "News", "type": "checkbox", "target": _ref(text, 'checkbox "News"'), "value": True}]})
        clicked = await c.call_tool("browser_click", {"target": "#file"})
        cancelled = await c.call_tool("browser_file_upload", {})
        await c.call_tool("browser_click", {"target": "#late"})
        waited = await c.call_tool("browser_wait_for", {"text": "Saved at last"})
        return filled, clicked, cancelled, waited

    origin = app.server.origin
    filled, clicked, cancelled, waited = with_client(app.socket, body)
    assert "file chooser is open" in text_of(clicked), text_of(clicked)
    for name, r in (("fill_form", filled), ("file_upload", cancelled), ("wait_for", waited), ("click", clicked)):
        assert not r.is_error, (name, text_of(r))
        assert r.structured_content["tab"] == {"id": "1", "origin": origin}, (name, r.structured_content)
        assert names_tab(text_of(r), {"id": "1", "origin": origin}) or text_of(r).endswith(
            f"\nIn tab 1 ({origin})."), (name, text_of(r))   # its framing line names the tab, or its last line
    head, page, _ = unwrap(text_of(filled))
    assert f"Untrusted page content from {origin} (tab 1)" in text_of(filled)
    assert head.startswith("Filled 2 fields of the form") and "- Name (e" in page


def test_the_article_fits_the_word():
    from app.model.annotation import Annotation

    said = [a_or_an(w) for w in ("alert", "confirm", "prompt", "beforeunload", "img", "option", "element",
                                  "region", "user", "8-row", "800x600", "1024x768", "11x20", "")]
    assert said == ["an alert", "a confirm", "a prompt", "a beforeunload", "an img", "an option", "an element",
                    "a region", "a user", "an 8-row", "an 800x600", "a 1024x768", "an 11x20", "a "]
    with pytest.raises(ValidationError, match="an element annotation has exactly the fields of its kind"):
        Annotation(kind="element", selection={"quote": "x"})


def test_a_click_into_a_cross_origin_iframe_right_after_it_loaded(app):
    """Reported by a builder of issue 27 as lost (3 of 3, 'the page did not report the input within 2 s'); not
    reproduced here on this HEAD (serve, offscreen): the click is sent the moment the snapshot first shows the
    frame's button — a frame of another port (same site), of another site (``localhost``: its own renderer
    under site isolation), inserted after the page loaded, and the second of two frames whose button opens a
    file chooser — and the frame reports it each time."""
    other_site = app.server2.origin.replace("127.0.0.1", "localhost")

    async def click_when_shown(c, label: str, nth: int) -> tuple:
        snap = await c.call_tool("browser_snapshot", {"mode": "full"})
        with anyio.move_on_after(10):   # the frame loads after the top document
            while len(re.findall(rf'button "{label}" \[ref=f', text_of(snap))) <= nth:
                snap = await c.call_tool("browser_snapshot", {"mode": "full"})
        state = await c.call_tool("browser_evaluate", {"function": "() => [...document.querySelectorAll('iframe')]"
                                                                   ".map(f => f.src)"})
        assert len(re.findall(rf'button "{label}" \[ref=f', text_of(snap))) > nth, (text_of(snap), text_of(state))
        ref = re.findall(rf'button "{label}" \[ref=(f\d+e\d+)\]', text_of(snap))[nth]
        return await c.call_tool("browser_click", {"target": ref}), ref

    async def got(c) -> list:
        r = await c.call_tool("browser_evaluate", {"function": "() => window.got"})
        return r.structured_content["value"]

    async def body(c):
        out = {}
        for name, origin in (("other port", app.server2.origin), ("other site", other_site)):
            await c.call_tool("browser_navigate", {"url": app.server.url("parity_h8_top.html")})
            await c.call_tool("browser_evaluate", {"function": f"() => {{ document.getElementById('cross').src = "
                                                               f"'{origin}/parity_h8_child.html'; }}"})
            clicked, _ = await click_when_shown(c, "Press me", 0)
            with anyio.fail_after(10):   # the frame posts its click to the top document
                while not await got(c):
                    await anyio.sleep(0.02)
            out[name] = (clicked, await got(c))
        await c.call_tool("browser_navigate", {"url": app.server.url(
            f"parity_h8_two.html?child=parity_h4_upload.html&other={app.server2.origin}")})
        clicked, ref = await click_when_shown(c, "Choose one", 1)
        out["chooser"] = (clicked, await c.call_tool("browser_file_upload", {}), ref)
        return out

    out = with_client(app.socket, body)
    for name in ("other port", "other site"):
        clicked, pressed = out[name]
        assert not clicked.is_error and "confirmed" not in clicked.structured_content, (name, text_of(clicked))
        assert pressed == ["press 1 trusted=true"], (name, pressed)
    clicked, cancelled, ref = out["chooser"]
    assert ref.startswith("f2") and clicked.structured_content.get("file_chooser") == {"multiple": False}, \
        text_of(clicked)
    assert not cancelled.is_error, text_of(cancelled)
