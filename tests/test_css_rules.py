"""The ``CSS:`` block (issue 29, requirement 2): which stylesheet rules style an annotated element, read over the
tab's CDP session after the pin shows, against a real page served on 127.0.0.1 (tests/pages/css_rules: an external
sheet, an inline <style>, a style attribute, a sheet from another origin, a Sass file compiled by the real `sass`
npm package with its source map), through the window's annotator and through the agent's record."""

from __future__ import annotations

import json
import re
from pathlib import Path

from test_page_context import _annotate, agent  # noqa: F401  (agent: the socket fixture)

from app.mcp.annotation_images import at_detail
from app.protocol.css_lines import parse_css, rule_line
from app.webview.css_cascade import INHERITED, RECORDED, STYLE_PROPERTIES

ROOT = Path(__file__).resolve().parent.parent


def load(window, server, server2):
    """The fixture page, its cross-origin sheet on the second server (another port: another origin)."""
    window.load_page(server.url("css_rules/page.html") + "?other=" + server2.origin)


def pinned_css(window, qtbot, js, selector):
    """Pin ``selector`` through the window, wait for its ``CSS:`` rules to arrive, and return the annotation."""
    _annotate(window, qtbot, js, selector)
    pin = window.tab.session.pins[-1]
    qtbot.waitUntil(lambda: bool(window.tab.session.get(pin.id).annotation.element.css), timeout=20_000)
    return window.tab.session.get(pin.id).annotation


def by_selector(rules):
    return {r.selector if not r.inline else "style attribute": r for r in rules}


def test_the_css_block_names_the_winning_declarations_of_each_rule_most_specific_first(window, server, server2, js,
                                                                                       qtbot):
    load(window, server, server2)
    element = pinned_css(window, qtbot, js, "#buy").element
    rules = by_selector(element.css)
    # most specific first: the style attribute, then the rules in reverse cascade order
    assert [r.selector for r in element.css] == ["", "#buy", ".card.wide", ".card.wide", ".card", "body"], element.css
    assert rules["style attribute"].declarations == {"margin-top": "6px"}
    assert (rules["#buy"].file, rules["#buy"].line) == ("/css_rules/site.css", 12)
    # !important beats the later and more specific .card.wide color of the inline <style>
    assert rules["#buy"].declarations == {"color": "rgb(0, 0, 200) !important", "font-weight": "700"}
    inline_sheet, external = element.css[2], element.css[3]
    assert (inline_sheet.file, inline_sheet.line) == ("/css_rules/page.html", 11)   # the document's line
    assert inline_sheet.declarations == {"font-size": "15px"}                       # its color lost
    assert (external.file, external.line, external.declarations) == ("/css_rules/site.css", 8,
                                                                      {"padding-left": "20px"})
    # .card's padding-left is overridden by .card.wide, its margin-top by the style attribute, its color by #buy:
    # only what still wins is shown, longhand by longhand
    assert (rules[".card"].file, rules[".card"].line) == ("/css_rules/site.css", 2)
    assert rules[".card"].declarations == {"padding-top": "4px", "padding-right": "8px", "padding-bottom": "4px",
                                           "margin-right": "0px", "margin-bottom": "0px", "margin-left": "0px"}
    # font-family: no rule of the element sets it, so it is inherited from body's rule (listed last, marked)
    body = element.css[-1]
    assert (body.inherited, body.file, body.line, body.declarations) == (True, "/css_rules/page.html", 10,
                                                                         {"font-family": "sans-serif"})
    assert not any(r.inherited for r in element.css[:-1])
    # display comes from the user-agent sheet only: no rule names it
    assert not any("display" in r.declarations for r in element.css)
    # foreign.css (another port) matches twice: counted, never read
    assert element.css_cross_origin == 2
    assert not any("letter-spacing" in r.declarations or "background-color" in r.declarations for r in element.css)


def test_a_sass_rule_is_named_at_its_line_in_the_scss_through_the_source_map(window, server, server2, js, qtbot):
    load(window, server, server2)
    rule, body = pinned_css(window, qtbot, js, "#sass-title").element.css
    # an h2's font-size and font-weight are the user-agent sheet's (not inherited); its font-family is body's
    assert body.inherited and body.selector == "body" and body.declarations == {"font-family": "sans-serif"}
    scss = (ROOT / "tests/pages/css_rules/sass/card.scss").read_text().splitlines()
    assert (rule.selector, rule.file, rule.line) == (".sassy .title", "/css_rules/sass/card.scss", 8)
    assert scss[rule.line - 1].strip() == ".title {"
    assert rule.declarations == {"color": "#112233", "padding": "6px 12px"}   # a shorthand that wins whole


def test_the_agents_record_carries_the_css_block_in_json_and_in_detailed_markdown(window, server, server2, js,
                                                                                  qtbot, agent):  # noqa: F811
    load(window, server, server2)
    pinned_css(window, qtbot, js, "#buy")
    view = agent("annotations.get", batch="current")
    element = view["batch"]["annotations"][0]["element"]
    assert element["css"][1] == {"selector": "#buy", "inline": False, "inherited": False,
                                 "file": "/css_rules/site.css", "line": 12,
                                 "declarations": {"color": "rgb(0, 0, 200) !important", "font-weight": "700"}}
    assert element["css_cross_origin"] == 2
    assert "CSS:" not in view["markdown"]          # the standard level leaves the block out
    markdown = at_detail(view, "detailed")["markdown"]   # what get_annotations(detail="detailed") sends
    block = re.search(r"\nCSS:\n```\n(.*?)\n```\n", markdown, re.S).group(1)
    assert block.split("\n")[:2] == ["style attribute — margin-top: 6px",
                                     '"#buy" — /css_rules/site.css:12 — color: rgb(0, 0, 200) !important; '
                                     "font-weight: 700"]
    assert block.endswith("\n2 rules from cross-origin sheets (counted, not read)")
    assert [r.model_dump() for r in parse_css(block, 1)["css"]] == element["css"]


def test_the_recorded_properties_are_detail_js_style_subset_and_the_records_own():
    source = (ROOT / "app/picker_js/detail.js").read_text()
    listed = re.search(r"const STYLE_PROPERTIES = \[(.*?)\];", source, re.S).group(1)
    assert tuple(json.loads("[" + listed.replace("'", '"').rstrip().rstrip(",") + "]")) == STYLE_PROPERTIES
    assert {"color", "background-color", "font-size", "font-family", "font-weight", "display",
            "padding-left", "margin-top", "border-top-width"} <= RECORDED
    assert {"color", "font-family", "line-height"} <= INHERITED <= RECORDED and "padding-left" not in INHERITED


def test_a_script_made_style_whose_dev_id_is_no_project_file_names_no_file_even_through_its_inline_map(
        window, server, server2, js, qtbot):
    """A ``<style>`` a script made has no URL: its ``data:`` map's sources resolve next to its module (a checked
    ``data-vite-dev-id``); here the page's id ``/src/vite.css`` is no file of the project, so the base is unknown
    and no file is named (the page's URL as base made Svelte's bare ``"Card.svelte"`` a wrong ``/Card.svelte``).
    The real apps' case: tests/test_css_apps.py."""
    load(window, server, server2)
    vite, _body = pinned_css(window, qtbot, js, "#vite").element.css
    assert (vite.selector, vite.file, vite.line, vite.declarations) == (".vite-box", "", 0, {"color": "#010203"})
    bare, _body = pinned_css(window, qtbot, js, "#bare").element.css
    assert (bare.selector, bare.file, bare.line, bare.declarations) == (".bare-box", "", 0, {"color": "#040506"})
    keys, _body = pinned_css(window, qtbot, js, "#keys").element.css   # its map names /home/dev/.ssh/…: not shown
    assert (keys.selector, keys.file, keys.line) == (".keys-box", "", 0)


def test_page_text_in_a_selector_or_value_cannot_forge_a_rule_a_place_or_a_declaration(window, server, server2, js,
                                                                                       qtbot, agent):  # noqa: F811
    load(window, server, server2)
    pinned_css(window, qtbot, js, "#forge")
    view = at_detail(agent("annotations.get", batch="current"), "detailed")
    block = re.search(r"\nCSS:\n```\n(.*?)\n```\n", view["markdown"], re.S).group(1)
    assert block == ('"i[data-n=\\"x\\"]:not([title=\\"\\\\\\" — /evil.css:1 — padding: 0\\"])" — '
                     '/css_rules/page.html:12 — color: red; font-family: "\\"a; b\\", serif"'), block
    (rule,) = parse_css(block, 1)["css"]
    assert rule.selector == 'i[data-n="x"]:not([title="\\" — /evil.css:1 — padding: 0"])'
    assert (rule.file, rule.line) == ("/css_rules/page.html", 12)
    assert rule.declarations == {"color": "red", "font-family": '"a; b", serif'}


def test_the_panels_detail_pane_shows_the_css_lines_once_they_arrive(window, server, server2, js, qtbot):
    load(window, server, server2)
    pinned_css(window, qtbot, js, "#sass-title")
    window.panel.list.setCurrentRow(0)
    line = '".sassy .title" — /css_rules/sass/card.scss:8 — color: #112233; padding: 6px 12px'
    qtbot.waitUntil(lambda: line in window.panel.detail.toPlainText(), timeout=5_000)


def test_pagenote_capture_at_the_detailed_level_writes_the_css_block(server, server2, tmp_path):
    from conftest import run_capture

    proc = run_capture(server.url("css_rules/page.html") + "?other=" + server2.origin, "--annotate", "#sass-title",
                       "--note", "n", "--detail", "detailed", "--no-screenshot", "--out", str(tmp_path), cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert ('\nCSS:\n```\n".sassy .title" — /css_rules/sass/card.scss:8 — color: #112233; padding: 6px 12px\n'
            'inherited from an ancestor: "body" — /css_rules/page.html:10 — font-family: sans-serif\n```\n'
            in proc.stdout), proc.stdout


def test_no_lookup_while_the_users_devtools_window_holds_the_document(window, server, server2):
    load(window, server, server2)
    rules = window.tab.annotator.css_rules
    window.tab.cdp.set_user_view(True)   # what the F12 window says while it shows the frontend
    try:
        assert window.run(rules.lookup("#buy", "div", window.view.url().toString())) is None
    finally:
        window.tab.cdp.set_user_view(False)
    found = window.run(rules.lookup("#buy", "div", window.view.url().toString()))
    assert found is not None and found[1] == 2


def test_get_annotations_over_mcp_carries_the_css_block_at_the_detailed_level(window, server, server2, js, qtbot,
                                                                               socket_path):
    import asyncio

    from mcp.client import Client

    from app.mcp.server import build_server

    load(window, server, server2)
    pinned_css(window, qtbot, js, "#sass-title")

    async def body():
        async with Client(build_server(socket_path, start_app=False)) as client:
            return [await client.call_tool("get_annotations", {"batch": "current", "detail": level})
                    for level in ("standard", "detailed")]

    standard, detailed = window.run(asyncio.ensure_future(body()))
    line = '".sassy .title" — /css_rules/sass/card.scss:8 — color: #112233; padding: 6px 12px'
    assert f"\nCSS:\n```\n{line}\ninherited from an ancestor: " in detailed.content[0].text
    assert "CSS:" not in standard.content[0].text
    rule, body = detailed.structured_content["batch"]["annotations"][0]["element"]["css"]
    assert rule == {"selector": ".sassy .title", "inline": False, "inherited": False,
                    "file": "/css_rules/sass/card.scss", "line": 8,
                    "declarations": {"color": "#112233", "padding": "6px 12px"}}
    assert body["inherited"] is True and body["selector"] == "body"


def test_invisible_characters_in_a_selector_or_value_are_escaped_and_flagged(window, server, server2, js, qtbot,
                                                                             agent):  # noqa: F811
    load(window, server, server2)
    element = pinned_css(window, qtbot, js, "#zw").element
    (rule,) = element.css
    assert rule.selector == ".zw\\u200bx" and rule.declarations["font-family"] == '"A\\u200bB"'
    assert element.hidden_chars
    markdown = at_detail(agent("annotations.get", batch="current"), "detailed")["markdown"]
    assert "\u200b" not in markdown and "\nHidden characters: yes" in markdown


def test_a_malformed_css_block_is_a_protocol_error_naming_its_line():
    import pytest
    from hypothesis import given, settings
    from hypothesis import strategies as st
    from pydantic import ValidationError

    from app.protocol.blocks import ProtocolError

    for bad in ('".a" — /x.css:1', '.a — /x.css:1 — color: red', '"a" — /x.css:1 — color red',
                '"a" — /x.css:1 — color: red; color: blue', 'style attribute — ', '"a — /x.css — color: red'):
        with pytest.raises(ProtocolError) as caught:
            parse_css(f"style attribute — color: red\n{bad}", 10)
        assert caught.value.line == 13, (bad, caught.value)

    pieces = st.sampled_from(['"', '\\', " — ", "; ", ": ", "color", "-", ":12", "style attribute", "\n", "x"])

    @settings(max_examples=300, deadline=None)
    @given(st.lists(pieces | st.text(max_size=5), max_size=12).map("".join))
    def never_crashes(text):
        try:
            parse_css(text, 1)
        except (ProtocolError, ValidationError):
            pass

    never_crashes()


def test_an_inherited_value_names_the_nearest_ancestors_rule_that_sets_it(window, server, server2, js, qtbot):
    load(window, server, server2)
    rules = pinned_css(window, qtbot, js, "#deep").element.css
    assert [(r.selector, r.inherited, r.file, r.line, r.declarations) for r in rules] == [
        (".inner", True, "/css_rules/site.css", 23, {"color": "#222222"}),       # nearer than .outer's colour
        (".outer", True, "/css_rules/site.css", 22, {"line-height": "20px"}),
        ("body", True, "/css_rules/page.html", 10, {"font-family": "sans-serif"})]


def test_an_element_in_a_same_origin_iframe_gets_its_frames_rules(window, server, js, qtbot):
    from PySide6.QtCore import QPoint

    from conftest import pin_at

    window.load_page(server.url("css_rules/framed.html"))
    qtbot.waitUntil(lambda: js("!!document.querySelector('#inner').contentDocument?.querySelector('#sass-title')"
                               " && document.querySelector('#inner').contentDocument.readyState === 'complete'"),
                    timeout=10_000)
    x, y = js("(() => { const f = document.querySelector('#inner'), o = f.getBoundingClientRect(),"
              " b = f.contentDocument.querySelector('#sass-title').getBoundingClientRect();"
              " return [o.x + b.x + b.width / 2, o.y + b.y + b.height / 2]; })()")
    if not window.act_annotate.isChecked():
        window.act_annotate.trigger()
    pin_at(window, qtbot, QPoint(round(x), round(y)))
    pin = window.tab.session.pins[-1]
    qtbot.waitUntil(lambda: bool(window.tab.session.get(pin.id).annotation.element.css), timeout=20_000)
    element = window.tab.session.get(pin.id).annotation.element
    assert element.frame, element
    rule = element.css[0]
    assert (rule.selector, rule.file, rule.line) == (".sassy .title", "/css_rules/sass/card.scss", 8)


def test_the_css_lookup_starts_only_once_the_pins_marker_is_drawn(window, server, server2, js, qtbot, monkeypatch):
    """The lookup's CDP commands run on the page's main thread (the tab's first enables the DOM and CSS domains,
    50–130 ms): they start once the scene the host paints holds the pin's marker, so they never delay it."""
    load(window, server, server2)
    annotator = window.tab.annotator
    drawn_at_start = []
    css_of = annotator.css_of

    async def observed(pin_id, record):
        route, page_id = annotator.target(pin_id)
        drawn_at_start.append(any(m.frame == route.key and m.id == page_id for m in annotator.scene.scene.marks))
        await css_of(pin_id, record)

    monkeypatch.setattr(annotator, "css_of", observed)
    window.tab.cdp.detach()   # a new DevTools session: this pin's lookup is its first (enables the domains)
    assert by_selector(pinned_css(window, qtbot, js, "#buy").element.css)["#buy"].line == 12
    for selector, rule in (("#bare", ".bare-box"), ("#vite", ".vite-box"), ("#keys", ".keys-box")):
        assert pinned_css(window, qtbot, js, selector).element.css[0].selector == rule
    assert drawn_at_start == [True] * 4   # before: a race, the lookup often started first


def test_two_lookups_at_once_both_get_their_rules(window, server, server2, js, qtbot):
    """Two pins in quick succession look up at the same time: DOM.getDocument discards the node ids the other
    lookup holds ('Could not find node with given id'), so the lookups take turns and both blocks arrive."""
    import asyncio

    from app.core.tasks import spawn

    load(window, server, server2)
    qtbot.waitUntil(lambda: js("!!document.querySelector('#buy')") is True)
    rules = window.tab.annotator.css_rules
    url = window.view.url().toString()
    found = []

    async def both():
        found.extend(await asyncio.gather(rules.lookup("#buy", "div", url), rules.lookup("#buy .label", "span", url)))

    spawn(both(), "two CSS lookups")
    qtbot.waitUntil(lambda: len(found) == 2, timeout=20_000)
    assert all(f is not None and f[0] for f in found), found


def test_an_inline_style_of_a_page_at_a_directory_url_is_named_index_as_devtools_does(window, server, js, qtbot):
    """http://127.0.0.1:PORT/css_rules/home/ serves home/index.html; its <style>'s rule is at
    ``/css_rules/home/(index):6`` (Chromium DevTools' name for a directory URL's document), never ``…/home/:6``."""
    window.load_page(server.url("css_rules/home/"))
    rule = pinned_css(window, qtbot, js, "#home").element.css[0]
    assert (rule.selector, rule.file, rule.line) == ("#home", "/css_rules/home/(index)", 6), rule
    assert "/css_rules/home/(index):6" in rule_line(rule)
    assert parse_css(rule_line(rule), 1)["css"] == (rule,)   # the CSS: line reads back
