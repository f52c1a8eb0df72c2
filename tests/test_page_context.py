"""page.context over the socket against real pages in QtWebEngine: geometry in three spaces checked against the
page's own getBoundingClientRect/getClientRects math, occlusion, the UI record, budgets and cursors, no value
of a secret field, no mixed-revision read under a page that mutates every frame, and source hints."""

from __future__ import annotations

import json
import re

import pytest

from test_agent_socket import RawClient


@pytest.fixture
def agent(window, qtbot, socket_path):
    """``agent(method, **params)`` → the result (asserting success); ``agent.error(method, **params)`` → the
    error's ``data.code``."""
    client = RawClient(qtbot, socket_path)

    def call(method, **params):
        answer = client.call(method, params)
        assert "result" in answer, answer
        return answer["result"]

    def error(method, **params):
        answer = client.call(method, params)
        assert "error" in answer, answer
        return answer["error"]["data"]["code"]

    call.error = error
    call.raw = lambda method, **params: client.call(method, params)
    yield call
    client.close()


def _forged(cursor: str) -> str:
    """``cursor`` with its signature's last two hex digits changed (never to the same digits: a fixed
    replacement such as ``00`` equals the real signature once in 256 cursors)."""
    tail = cursor[-2:]
    return cursor[:-2] + ("00" if tail != "00" else "ff")


def one(agent, selector, detail="semantic"):
    result = agent("page.context", detail=detail, selector=selector, max_nodes=1)
    assert result["nodes"], result
    return result, result["nodes"][0]


def page_boxes(js, selector):
    """The page world's own measurement of ``selector``: its border box and client rects (viewport CSS px),
    the window's scroll offset and the layout viewport's size."""
    return js(f"""(() => {{
        const el = document.querySelector({json.dumps(selector)});
        const box = (r) => ({{x: r.left, y: r.top, width: r.width, height: r.height}});
        return {{rect: box(el.getBoundingClientRect()), rects: Array.from(el.getClientRects()).map(box),
                 sx: scrollX, sy: scrollY, w: innerWidth, h: innerHeight}};
    }})()""")


def close(a, b, tol=0.02):
    return all(abs(a[k] - b[k]) <= tol for k in ("x", "y", "width", "height"))


def test_geometry_in_three_spaces_matches_the_pages_own_measurements(window, server, agent, js):
    window.load_page(server.url("context.html"))
    js("scrollTo(0, 120); document.getElementById('scroller').scrollTop = 100; 1")
    window.run(window.tab.bridge.wait_frames(2))
    for selector in ("#title", "#moved", "#inscroll", "#far"):
        _, node = one(agent, selector)
        g, m = node["geometry"], page_boxes(js, selector)
        assert g["anchor"] == "document", (selector, g)
        assert close(g["viewport"], m["rect"]), (selector, g, m)
        doc = {**m["rect"], "x": m["rect"]["x"] + m["sx"], "y": m["rect"]["y"] + m["sy"]}
        assert close(g["document"], doc), (selector, g, m)
        norm = {"x": m["rect"]["x"] / m["w"], "y": m["rect"]["y"] / m["h"], "width": m["rect"]["width"] / m["w"],
                "height": m["rect"]["height"] / m["h"]}
        assert close(g["normalized"], norm, 0.0002), (selector, g, norm)
    assert one(agent, "#moved")[1]["geometry"]["transformed"] is True
    assert one(agent, "#title")[1]["geometry"]["transformed"] is False
    far = one(agent, "#far")[1]["geometry"]
    assert far["visible_ratio"] == 0 and far["normalized"]["y"] > 1 and far["occluded"] is None
    # The scrolled container: its ref, and the part of the button its clip shows.
    scroller = one(agent, "#scroller")[1]
    inside = one(agent, "#inscroll")[1]["geometry"]
    assert inside["scroll_container"] == scroller["ref"]
    clip = js("(() => { const s = document.getElementById('scroller'), r = s.getBoundingClientRect(),"
              " b = document.getElementById('inscroll').getBoundingClientRect();"
              " const top = Math.max(b.top, r.top + s.clientTop), bottom = Math.min(b.bottom, r.top + s.clientTop + s.clientHeight);"
              " return Math.max(0, bottom - top) / b.height; })()")
    assert abs(inside["visible_ratio"] - clip) < 0.001, (inside, clip)


def test_fixed_and_sticky_elements_have_no_plain_document_position(window, server, agent, js):
    window.load_page(server.url("context.html"))
    js("scrollTo(0, 300); 1")
    window.run(window.tab.bridge.wait_frames(2))
    for selector, anchor in (("#toplink", "fixed"), ("#stickybtn", "sticky")):
        g = one(agent, selector)[1]["geometry"]
        assert g["anchor"] == anchor and g["document"] is None, (selector, g)
        assert close(g["viewport"], page_boxes(js, selector)["rect"]), (selector, g)
    assert one(agent, "#fixed")[1]["geometry"]["position"] == "fixed"


def test_an_inline_element_across_lines_lists_each_box(window, server, agent, js):
    window.load_page(server.url("context.html"))
    g = one(agent, "#multi")[1]["geometry"]
    m = page_boxes(js, "#multi")
    drawn = [r for r in m["rects"] if r["width"] or r["height"]]
    assert len(drawn) >= 3 and len(g["boxes"]) == len(drawn)
    for box, rect in zip(g["boxes"], drawn):
        assert close(box["viewport"], rect)
        assert close(box["document"], {**rect, "x": rect["x"] + m["sx"], "y": rect["y"] + m["sy"]})


def test_an_element_under_an_overlay_is_occluded_and_names_what_covers_it(window, server, agent, js):
    window.load_page(server.url("context.html"))
    js("document.getElementById('covered').scrollIntoView({block: 'center'}); 1")
    window.run(window.tab.bridge.wait_frames(2))
    g = one(agent, "#covered")[1]["geometry"]
    assert g["occluded"] is True and g["covered"].split("/")[0] == g["covered"].split("/")[1]
    overlay = one(agent, "#overlay")[1]
    assert g["covered_by"]["ref"] == overlay["ref"]
    js("document.getElementById('overlay').remove(); 1")
    clear = one(agent, "#covered")[1]["geometry"]
    assert clear["occluded"] is False and clear["covered_by"] is None


def test_a_zoomed_page_keeps_css_px(window, server, agent, js):
    window.load_page(server.url("context.html"))
    window.view.setZoomFactor(1.5)
    window.run(window.tab.bridge.wait_frames(3))
    result, node = one(agent, "#title")
    m = page_boxes(js, "#title")
    assert result["page"]["dpr"] == pytest.approx(js("devicePixelRatio")) and result["page"]["dpr"] > 1.2
    assert result["page"]["layout_viewport"]["width"] == m["w"]
    assert close(node["geometry"]["viewport"], m["rect"])


def test_the_forensic_ui_record_is_what_the_browser_computed(window, server, agent):
    window.load_page(server.url("context.html"))
    node = one(agent, "#boxy", "forensic")[1]
    ui = node["ui"]
    assert ui["margin"] == {"top": 3, "right": 4, "bottom": 5, "left": 6}
    assert ui["padding"] == {"top": 7, "right": 8, "bottom": 9, "left": 10}
    assert ui["border"] == {"top": 1, "right": 1, "bottom": 1, "left": 1}
    assert ui["box_sizing"] == "border-box" and ui["writing_mode"] == "horizontal-tb" and ui["direction"] == "ltr"
    assert ui["z_index"] == "3" and ui["stacking_context"] == "position: relative with z-index"
    assert "ui" not in one(agent, "#boxy", "semantic")[1]
    summary = one(agent, "#boxy", "summary")[1]
    assert set(summary) == {"ref", "role", "name", "tag", "geometry"}


def test_the_page_record_states_viewports_scroll_and_dpr_separately(window, server, agent, js):
    window.load_page(server.url("context.html") + "?token=abcdef123456&q=1")
    js("scrollTo(0, 50); 1")
    window.run(window.tab.bridge.wait_frames(2))
    page = agent("page.context", detail="summary", max_nodes=1)["page"]
    assert "abcdef123456" not in page["url"] and "q=1" in page["url"]
    assert page["scroll"] == {"x": 0, "y": 50}
    assert page["layout_viewport"]["width"] == js("innerWidth")
    assert page["visual_viewport"]["scale"] == 1 and page["title"] == "Context page"


def test_cursors_page_through_and_refuse_other_parameters_or_a_changed_page(window, server, agent, js):
    window.load_page(server.url("context.html"))
    whole = agent("page.context", detail="summary")
    assert whole["truncated"] is False and "next_cursor" not in whole
    seen, cursor = [], None
    while True:
        params = {"detail": "summary", "max_nodes": 3, **({"cursor": cursor} if cursor else {})}
        part = agent("page.context", **params)
        assert part["revision"] == whole["revision"] and len(part["nodes"]) <= 3
        seen += [n["ref"] for n in part["nodes"]]
        if not part["truncated"]:
            break
        cursor = part["next_cursor"]
    assert seen == [n["ref"] for n in whole["nodes"]]
    first = agent("page.context", detail="summary", max_nodes=3)
    assert agent.error("page.context", detail="summary", max_nodes=4, cursor=first["next_cursor"]) == "CURSOR_MISMATCH"
    assert agent.error("page.context", detail="semantic", max_nodes=3, cursor=first["next_cursor"]) == "CURSOR_MISMATCH"
    assert agent.error("page.context", detail="summary", max_nodes=3,
                       cursor=_forged(first["next_cursor"])) == "INVALID_PARAMS"
    js("document.getElementById('title').textContent = 'Changed'; 1")
    assert agent.error("page.context", detail="summary", max_nodes=3, cursor=first["next_cursor"]) == "CURSOR_EXPIRED"
    # Limits can only be lowered.
    assert agent.error("page.context", max_nodes=301) == "INVALID_PARAMS"
    assert agent.error("page.context", max_chars=60_001) == "INVALID_PARAMS"


def test_a_ui_record_that_does_not_fit_is_dropped_whole_with_a_reason(window, server, agent):
    window.load_page(server.url("context.html"))
    result = agent("page.context", detail="forensic", max_chars=1000)
    assert result["truncated"] is True
    dropped = [n for n in result["nodes"] if "ui_dropped" in n]
    assert dropped and all("ui" not in n and "does not fit" in n["ui_dropped"] for n in dropped)
    for n in result["nodes"]:
        if "ui" in n:
            assert set(n["ui"]) >= {"margin", "border", "padding", "font", "stacking_context"}
    assert len(json.dumps(result["nodes"])) <= 1000 or len(result["nodes"]) == 1


def test_no_secret_value_in_any_detail(window, server, agent, js):
    window.load_page(server.url("context.html"))
    js("document.getElementById('pw').value = 'hunter2-typed'; document.getElementById('email').value = 'me@x.org'; 1")
    for detail in ("summary", "semantic", "forensic"):
        text = json.dumps(agent("page.context", detail=detail))
        assert "hunter2-typed" not in text and "me@x.org" not in text


def test_a_page_that_mutates_every_frame_never_gives_a_mixed_read(window, server, agent):
    window.load_page(server.url("context_churn.html"))
    revisions, refused = [], 0
    for _ in range(8):
        for detail in ("summary", "semantic"):
            answer = agent.raw("page.context", detail=detail, selector="#list")
            if "error" in answer:
                assert answer["error"]["data"]["code"] == "BROWSER_PAGE_CHANGING", answer
                refused += 1
                continue
            got = answer["result"]
            names = {n["name"] for n in got["nodes"] if n["role"] == "button"}
            assert len(names) == 1, names    # every button says the same frame's number
            revisions.append(got["revision"])
    assert revisions == sorted(revisions) and len(set(revisions)) > 1, (revisions, refused)


def _project(window, tmp_path, roots, served=()):
    """The tab's project directories (``annotator.source_roots``): ``roots``, and a directory under
    ``tmp_path`` holding the ``served`` paths (``/src/App.jsx``) as files. A page's absolute or served source
    hint is offered only for a file in the project (``within_roots``)."""
    site = tmp_path / "site"
    for path in served:
        (site / path.lstrip("/")).parent.mkdir(parents=True, exist_ok=True)
        (site / path.lstrip("/")).write_text("")
    window.app.active_tab.annotator.source_roots = (*roots, site)


@pytest.mark.parametrize("page, expected", [
    ("source_react.html", [("react", "Card", "/home/dev/shop/src/components/Card.jsx", 12, 7),
                           ("react", "App", "/home/dev/shop/src/App.jsx", 30, 5)]),
    ("source_react19.html", [("react", "Card", "/src/components/Card.jsx", None, None),
                             ("react", "App", "/src/App.jsx", None, None)]),
    ("source_vue.html", [("vue", "HelloWorld", "/home/dev/site/src/components/HelloWorld.vue", None, None),
                         ("vue", "App", "/home/dev/site/src/App.vue", None, None)]),
    ("source_svelte.html", [("svelte", "", "src/lib/Counter.svelte", 4, 3), ("svelte", "", "src/App.svelte", 9, 1)]),
])
def test_source_hints_of_development_builds_most_specific_first(window, server, agent, page, expected, tmp_path):
    window.load_page(server.url(page))
    _project(window, tmp_path, {h[2].split("/src/")[0] for h in expected if h[2].startswith("/home/")},
             [h[2] for h in expected if h[2].startswith("/src/")])
    node = one(agent, "button")[1]
    got = [(h["framework"], h["component"], h["file"], h["line"], h["column"]) for h in node["source"]]
    # Named relative to the project directory holding them (/home/dev/shop/src/App.jsx, served /src/App.jsx).
    assert got == [(*h[:2], "src/" + h[2].split("/src/", 1)[1] if h[2].startswith("/") else h[2], *h[3:])
                   for h in expected]
    text = json.dumps(agent("page.context", detail="forensic"))
    for secret in ("react-prop-secret", "react-state-secret", "vue-prop-secret", "vue-state-secret",
                   "react19-prop-secret"):
        assert secret not in text
    assert "source" not in one(agent, "button", "summary")[1]


def test_no_source_hint_on_a_production_build(window, server, agent):
    window.load_page(server.url("source_prod.html"))
    result = agent("page.context", detail="forensic")
    assert result["nodes"] and not any("source" in n for n in result["nodes"])


def test_source_hints_can_be_turned_off(window, server, agent, tmp_path):
    window.load_page(server.url("source_react.html"))
    _project(window, tmp_path, ["/home/dev/shop"])
    window.app.source_hints = False
    try:
        assert "source" not in one(agent, "button")[1]
    finally:
        window.app.source_hints = True
    assert "source" in one(agent, "button")[1]


def _annotate(window, qtbot, js, selector):
    from PySide6.QtCore import QPoint

    from conftest import pin_at

    r = js(f"(() => {{ const r = document.querySelector({json.dumps(selector)}).getBoundingClientRect();"
           " return [r.left + r.width / 2, r.top + r.height / 2]; })()")
    if not window.act_annotate.isChecked():
        window.act_annotate.trigger()
    pin_at(window, qtbot, QPoint(round(r[0]), round(r[1])))


def test_an_annotation_of_a_dev_build_has_a_source_line_and_a_production_build_says_so(window, server, agent, js,
                                                                                      qtbot):
    window.tab.annotator.source_roots = ("/home/dev/shop",)   # the page's project (absolute hints must be in it)
    window.load_page(server.url("source_react.html"))
    _annotate(window, qtbot, js, "#buy")
    markdown = agent("annotations.get", batch="current")["markdown"]
    assert ("\nSource: Card (react) src/components/Card.jsx:12:7; App (react) "
            "src/App.jsx:30:5 (page-supplied hints from the framework's markers)\n") in markdown
    assert "react-prop-secret" not in markdown
    window.load_page(server.url("source_prod.html"))
    _annotate(window, qtbot, js, "#buy")
    markdown = agent("annotations.get", batch="current")["markdown"]
    # A fiber without the development build's _debugOwner: no file, no line, the build named.
    assert markdown.count("Source:") == 2
    assert "\nSource: (react) production build (no source map) (page-supplied hints from the framework's markers)\n" \
        in markdown


def test_markdown_without_a_source_line_still_parses_and_one_with_it_round_trips():
    from app.model.annotation import Annotation, AnnotationBatch, ElementRecord
    from app.protocol.markdown import SOURCE_NOTE, encode_annotations, parse_annotations

    old = "# Web page annotations: 1\n\n## Annotation 1\nNote: hi\nTag: button\nLocators: css=#a\n"
    assert parse_annotations(old).annotations[0].element.source == ""
    batch = AnnotationBatch(annotations=(Annotation(note="n", element=ElementRecord(
        tag="button", locators=("css=#a",), source="Card (react) src/Card.jsx:1:2; App (vue) src/App.vue")),))
    text = encode_annotations(batch)
    assert "Locators: css=#a\nSource: Card (react) src/Card.jsx:1:2; App (vue) src/App.vue" + SOURCE_NOTE + "\n" in text
    assert parse_annotations(text.replace(SOURCE_NOTE, "")) == batch   # a line without the note (older writers)
    assert parse_annotations(text) == batch


def test_every_locator_of_a_read_matches_exactly_one_element(window, server, agent):
    window.load_page(server.url("context.html"))
    result = agent("page.context", detail="semantic")
    checked = 0
    for node in result["nodes"]:
        assert node["locators"], node
        for locator in node["locators"]:
            assert window.page_call("resolve", locator, "")["count"] == 1, (node["ref"], locator)
            checked += 1
    kinds = {loc.split("=", 1)[0].split("[")[0] for n in result["nodes"] for loc in n["locators"]}
    assert {"role", "xpath", "testid", "placeholder"} <= kinds and checked > 30


def test_a_snapshot_ref_scopes_a_read_and_a_gone_one_is_stale(window, server, agent, js):
    window.load_page(server.url("context.html"))
    text = agent("snapshot", mode="full")["snapshot"]
    ref = re.search(r'button "Boxy" \[ref=(e\d+)\]', text).group(1)
    result = agent("page.context", ref=ref, detail="summary")
    assert result["nodes"][0]["ref"] == ref and result["nodes"][0]["name"] == "Boxy"
    js("document.getElementById('boxy').remove(); 1")
    assert agent.error("page.context", ref=ref) == "STALE_REF"
    assert agent.error("page.context", ref="f2e5") == "INVALID_PARAMS"
    assert agent.error("page.context", ref=ref, selector="#title") == "INVALID_PARAMS"
    assert agent.error("page.context", selector="button") == "SELECTOR_NOT_UNIQUE"


def test_hostile_markers_give_bounded_checked_hints(window, server, agent, tmp_path):
    window.load_page(server.url("source_hostile.html"))
    _project(window, tmp_path, [], ["/src/Loop.jsx"])
    nodes = {n["name"]: n for n in agent("page.context", detail="semantic")["nodes"]}
    looped = nodes["First"]["source"]
    assert len(looped) == 8 and all(h["file"] == "src/Loop.jsx" for h in looped)   # at most 8, however long
    assert "source" not in nodes["Second"]   # a huge name is no file of the project (the OS refuses to look it up)
    assert "source" not in nodes["Third"]    # control characters in a file name: dropped
