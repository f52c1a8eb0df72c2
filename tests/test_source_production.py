"""A production build's ``Source:`` line, ``(react) production build (no source map)``: said only on the evidence
app/webview/source_builds.py names (checked here on a real page whose main world is given each piece of it, and
each look-alike that is not enough), carried whole by the Markdown and the JSON record, shown as text in the
panel, and refused by Open in editor with the reason. The real React, Vue and Svelte production builds are
tests/test_source_apps.py's and tests/test_source_hints_real.py's."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.model.annotation import Annotation, AnnotationBatch, ElementRecord
from app.protocol.markdown import encode_annotations, parse_annotations
from app.runtime.editor import PRODUCTION_MARK, EditorRefused, plan_launch, source_place, split_hints
from app.ui.source_links import open_source, source_links_html
from app.webview.source_builds import PRODUCTION
from app.webview.source_hints import (FRAMEWORKS, MAIN_WORLD, PROBE_SCRIPT, checked_hints, hint_text,
                                      source_hints_of, source_script, source_text)


def production(framework: str) -> dict:
    return {"framework": framework, "component": "", "file": "", "line": None, "column": None, "production": True}


# --------------------------------------------------------------------------------------- the line's grammar


@pytest.mark.parametrize("framework", FRAMEWORKS)
def test_a_production_hint_is_written_as_the_framework_and_the_build(framework):
    assert hint_text(production(framework)) == f"({framework}) production build (no source map)"
    assert hint_text(production(framework)).endswith(PRODUCTION_MARK) and PRODUCTION_MARK == f" {PRODUCTION}"


def test_the_page_answer_keeps_one_production_hint_and_only_as_the_first():
    dev = {"framework": "vue", "component": "App", "file": "src/App.vue"}
    raw = json.dumps([[{"framework": "react", "production": True}, dev],          # the claim stands alone
                      [dev, {"framework": "react", "production": True}],          # after a real hint: dropped
                      [{"framework": "angular", "production": True}, dev],        # unknown framework: nothing
                      [{"framework": "vue", "production": "yes", "file": ""}],   # not true: an ordinary hint
                      [{"framework": "svelte", "production": True, "file": "/etc/passwd", "line": 3}]])
    got = checked_hints(raw, 5, ())
    assert got[0] == [production("react")]
    assert [h["file"] for h in got[1]] == ["src/App.vue"]
    assert got[2] == [] and got[3] == []
    assert got[4] == [production("svelte")]   # the page's file and line are not kept
    assert source_text(got[4]) == "(svelte) production build (no source map)"


_component = st.sampled_from(["", "Card", "App", "KitButton"])
_framework = st.sampled_from(FRAMEWORKS)
_dev = st.builds(lambda c, f, file, line, col: {"framework": f, "component": c, "file": file, "line": line,
                                                  "column": col if line else None},
                 _component, _framework, st.sampled_from(["src/App.jsx", "src/lib/Card.svelte", "my shop/a.vue"]),
                 st.none() | st.integers(1, 9_999_999), st.integers(1, 9_999_999))
_library = st.builds(lambda c, p: {"framework": "react", "component": c, "file": "", "line": None,
                                   "column": None, "library": p}, _component, st.sampled_from(["ui-kit", "@a/b"]))
_hint = _dev | _library | _framework.map(production)


@settings(max_examples=200, deadline=None)
@given(st.lists(_hint, min_size=1, max_size=6))
def test_a_source_line_with_production_hints_round_trips_and_only_they_are_refused_as_such(hints):
    source = source_text(hints)
    batch = AnnotationBatch(annotations=(Annotation(note="n", element=ElementRecord(tag="button", source=source)),))
    text = encode_annotations(batch)
    assert parse_annotations(text) == batch
    assert ElementRecord.model_validate_json(batch.annotations[0].element.model_dump_json()).source == source
    parts = split_hints(source)
    assert parts == [hint_text(h) for h in hints]
    html = source_links_html(source)
    for hint, part in zip(hints, parts):
        if hint.get("production"):
            assert part.endswith(PRODUCTION_MARK) and "pagenote-source:" + part not in html
            with pytest.raises(EditorRefused, match=f"production build of {hint['framework']}"):
                source_place(part, "/")
        else:
            assert not part.endswith(PRODUCTION_MARK)


# --------------------------------------------------------------------------------- editor and panel


def test_open_in_editor_refuses_a_production_hint_and_says_why(tmp_path, qapp):
    # Even with a file of that name under the root: the hint names the build, not a file.
    (tmp_path / "production build (no source map)").write_text("x")
    hint = "(vue) production build (no source map)"
    with pytest.raises(EditorRefused, match="production build of vue: it keeps no source locations"):
        plan_launch(hint, command="vim", root=tmp_path, env={})

    class Editor:
        url, command, root = "", "vim", str(tmp_path)

    assert open_source(hint, Editor()).startswith("Not opened in an editor: the page is a production build of vue")


def test_the_panel_shows_a_production_hint_as_text_beside_the_links():
    html = source_links_html("(react) production build (no source map); Card (react) src/Card.jsx:3:5")
    assert html.startswith("(react) production build (no source map)<br><a href=\"pagenote-source:")
    assert html.count("<a ") == 1


# ------------------------------------------------------------------------------ evidence on a real page


def hints_of(window, selector="#buy") -> list[dict]:
    return window.run(source_hints_of(window.tab.bridge, selector))


def probe(window) -> str:
    return window.run(window.tab.bridge.run(PROBE_SCRIPT, world=MAIN_WORLD, timeout_ms=2_000, what="probe"))


@pytest.fixture
def prod_page(window, server, js):
    """tests/pages/source_prod.html: ``#buy`` carries a fiber without development data (a React production
    build's); ``js(…)`` changes the page's main world for each case."""
    window.load_page(server.url("source_prod.html"))
    return js


def test_react_a_fiber_without_debug_fields_is_a_production_build_one_with_them_is_not(window, prod_page):
    assert hints_of(window) == [production("react")]
    assert probe(window) == "0"   # the page context makes no selectors for it
    # The page context's read (no production flag) says nothing either.
    raw = window.run(window.tab.bridge.run(source_script(["#buy"]), world=MAIN_WORLD, timeout_ms=2_000, what="x"))
    assert checked_hints(raw, 1, ()) == [[]]
    # A development build's fiber (its _debugOwner, even null) with nothing to name: silent.
    prod_page("document.getElementById('buy')['__reactFiber$q1']._debugOwner = null; 1")
    assert hints_of(window) == []
    assert probe(window) == "1"
    # A fiber the page hides behind a throwing getter: silent, and the probe still looks.
    prod_page("Object.defineProperty(document.getElementById('buy'), '__reactFiber$q1',"
              " {get() { throw new Error('no'); }, enumerable: true}); 1")
    assert hints_of(window) == []
    assert probe(window) == "1"


VUE = """(() => {
  const buy = document.getElementById('buy'), root = document.getElementById('root');
  delete buy['__reactFiber$q1'];
  root.__vue_app__ = {_container: root, _instance: %s, version: %s};
  return 1;
})()"""


@pytest.mark.parametrize(("instance", "version", "expected"), [
    ("null", "'3.5.46'", [production("vue")]),   # app.mount in a production build
    ("{}", "'3.5.46'", []),                         # a development build's (or production devtools') root
    ("null", "'2.7.16'", []),                       # not Vue 3
    ("null", "42", []),
])
def test_vue_an_app_container_without_its_root_instance_is_a_production_build(window, prod_page, instance,
                                                                             version, expected):
    prod_page(VUE % (instance, version))
    assert hints_of(window) == expected


def test_vue_an_element_marked_by_vue_or_outside_the_container_is_not_named(window, prod_page):
    prod_page(VUE % ("null", "'3.5.46'"))
    prod_page("document.getElementById('buy').__vueParentComponent = {type: {}}; 1")   # production devtools
    assert hints_of(window) == []
    prod_page("delete document.getElementById('buy').__vueParentComponent;"
              " const r = document.getElementById('root'); r.__vue_app__._container = document.body; 1")
    assert hints_of(window) == []   # the app's container is another element: not this app's


SVELTE = "delete document.getElementById('buy')['__reactFiber$q1']; window.__svelte = {v: new Set(['5'])}; 1"


@pytest.mark.parametrize(("change", "expected"), [
    ("1", [production("svelte")]),
    ("document.body.__svelte_meta = {loc: {}}; 1", []),           # a development build's element somewhere
    ("window.__svelte.v = new Set(); 1", []),                     # no version disclosed
    ("window.__svelte = {v: ['5']}; 1", []),                      # not the Set Svelte writes
    ("const s = document.createElement('script'); s.type = 'text/plain'; s.src = '/@vite/client';"
     " document.head.append(s); 1", []),                          # Vite's dev client: a dev server
    ("document.body.appendChild(document.createElement('div')).attachShadow({mode: 'open'}); 1", []),
    ("Object.defineProperty(window, '__svelte', {get() { throw new Error('no'); }}); 1", []),
])
def test_svelte_a_disclosed_version_and_no_development_marker_is_a_production_build(window, prod_page, change,
                                                                                     expected):
    prod_page(SVELTE)
    prod_page(change)
    assert hints_of(window) == expected


def test_without_any_framework_nothing_is_said(window, prod_page):
    prod_page("delete document.getElementById('buy')['__reactFiber$q1']; 1")
    assert hints_of(window) == [] and hints_of(window, "body") == []
