"""Source hints on real framework builds served by the test server: React 18 and Vue 3 development and
production bundles built from the npm registry (tests/pages/builds, made by its build.sh; the sources beside
them). The development builds name the component and its file (React: the JSX's line and column too); the
production builds, whose framework runs but leaves no development marker, give the page context no hint and the
annotation's Source: line only ``(react) production build (no source map)``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import run_capture
from test_page_context import _annotate, agent, one  # noqa: F401  (agent: the socket fixture)

BUILDS = Path(__file__).parent / "pages" / "builds"
# build.sh builds in this fixed directory; plugin-vue writes the SFC's absolute path as its __file.
VUE_ROOT = "/tmp/pagenote-source-builds/vue/src"


def jsx_at(path: str, needle: str) -> tuple[int, int]:
    """1-based line and column of ``needle`` in the React source ``path`` (under builds/react): where the
    development JSX transform records the element's ``_debugSource``."""
    for number, line in enumerate((BUILDS / "react" / path).read_text(encoding="utf-8").splitlines(), 1):
        if needle in line:
            return number, line.index(needle) + 1
    raise AssertionError(f"{needle!r} not in {path}")


def react_dev_hints() -> list[tuple]:
    """The candidates the React development build must give for ``#buy``, most specific first: Card wrote the
    button, App wrote <Card>, and the root render call (no component) wrote <App>."""
    return [("react", "Card", "src/Card.jsx", *jsx_at("src/Card.jsx", '<button id="buy"')),
            ("react", "App", "src/main.jsx", *jsx_at("src/main.jsx", "<Card ")),
            ("react", "", "src/main.jsx", *jsx_at("src/main.jsx", "<App />"))]


# Named relative to the project (the build's folder, the tests' source root).
VUE_DEV_HINTS = [("vue", "HelloWorld", "src/components/HelloWorld.vue", None, None),
                 ("vue", "App", "src/App.vue", None, None)]

# What shows the framework itself ran on each build (the button is made by the framework's render, and a
# production React still keeps its fiber on the element, without the development build's _debugOwner).
RAN = {"react": "Object.keys(document.getElementById('buy')).some((k) => k.startsWith('__reactFiber$'))",
       "vue": "!!document.getElementById('app').__vue_app__"}


def load_build(window, server, js, qtbot, build):
    window.load_page(server.url(f"builds/{build}/index.html"))
    qtbot.waitUntil(lambda: js("!!document.getElementById('buy')"), timeout=10_000)
    assert js(RAN[build.split("-")[0]]) is True


def source_of(agent, detail="semantic"):
    return [(h["framework"], h["component"], h["file"], h["line"], h["column"])
            for h in one(agent, "#buy", detail)[1].get("source", [])]


@pytest.mark.parametrize("build", ["react-dev", "vue-dev"])
def test_a_real_development_build_names_the_component_and_its_file(window, server, agent, js, qtbot, build):
    window.tab.annotator.source_roots = (Path(VUE_ROOT).parent,)   # Vue's absolute paths: the build is the project
    load_build(window, server, js, qtbot, build)
    expected = react_dev_hints() if build == "react-dev" else VUE_DEV_HINTS
    assert source_of(agent) == expected
    assert source_of(agent, "forensic") == expected
    text = json.dumps(agent("page.context", detail="forensic"))
    assert '"label"' not in text and "memoizedProps" not in text   # no props of the components


@pytest.mark.parametrize("build", ["react-prod", "vue-prod"])
def test_a_real_production_build_gives_no_source_hint(window, server, agent, js, qtbot, build):
    load_build(window, server, js, qtbot, build)
    result = agent("page.context", detail="forensic")
    assert result["nodes"] and not any("source" in n for n in result["nodes"])


@pytest.mark.parametrize("build, line", [
    ("react-dev", "Source: Card (react) src/Card.jsx:{}:{}; App (react) src/main.jsx:{}:{}; (react) "
                  "src/main.jsx:{}:{} (page-supplied hints from the framework's markers)\n"),
    ("vue-dev", "Source: HelloWorld (vue) src/components/HelloWorld.vue; App (vue) src/App.vue"
                " (page-supplied hints from the framework's markers)\n"),
    ("react-prod", "Source: (react) production build (no source map) (page-supplied hints from the framework's"
                   " markers)\n"),
    ("vue-prod", "Source: (vue) production build (no source map) (page-supplied hints from the framework's"
                 " markers)\n"),
])
def test_an_annotation_of_a_real_build_names_its_source_in_development_and_says_production(window, server, agent,
                                                                                           js, qtbot, build, line):
    # Vue records absolute paths: the build's folder stands for the project (the app's project dir or
    # [editor] root); a path outside them is never offered (tests/test_hostile_agent_record.py).
    window.tab.annotator.source_roots = (Path(VUE_ROOT).parent,)
    load_build(window, server, js, qtbot, build)
    _annotate(window, qtbot, js, "#buy")
    markdown = agent("annotations.get", batch="current")["markdown"]
    assert "\nTag: button\n" in markdown
    numbers = [n for hint in react_dev_hints() for n in hint[3:]] if build == "react-dev" else []
    assert "\n" + line.format(*numbers) in markdown and markdown.count("Source:") == 1


@pytest.mark.parametrize("build", ["react-dev", "vue-dev"])
def test_the_browser_source_hints_setting_turns_them_off_on_a_real_build(window, server, agent, js, qtbot, tmp_path,
                                                                         build):
    from app.runtime.settings import load_settings

    toml = tmp_path / "settings.toml"
    # [editor] root: the Vue build's folder, the project its absolute paths are under
    toml.write_text(f"[browser]\nsource_hints = false\n[editor]\nroot = {json.dumps(str(Path(VUE_ROOT).parent))}\n",
                    encoding="utf-8")
    settings, problems = load_settings(toml)
    assert problems == [] and settings.browser.source_hints is False
    window.app.apply_settings(settings)
    load_build(window, server, js, qtbot, build)
    assert source_of(agent) == []
    _annotate(window, qtbot, js, "#buy")
    assert "Source:" not in agent("annotations.get", batch="current")["markdown"]
    settings.browser.source_hints = True
    window.app.apply_settings(settings)
    assert source_of(agent)    # the same page, the setting back on: hints again


@pytest.mark.parametrize("hints", [True, False])
def test_pagenote_capture_of_the_real_react_development_build_has_the_source_line_unless_turned_off(
        server, tmp_path, monkeypatch, hints):
    config = tmp_path / "config"
    monkeypatch.setenv("XDG_CONFIG_HOME", str(config))   # the test's settings.toml, not the user's
    if not hints:
        (config / "pagenote").mkdir(parents=True)
        (config / "pagenote" / "settings.toml").write_text("[browser]\nsource_hints = false\n", encoding="utf-8")
    proc = run_capture(server.url("builds/react-dev/index.html"), "--annotate", "#buy", "--no-screenshot",
                       "--out", str(tmp_path), cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "\nTag: button\n" in proc.stdout
    line, column = jsx_at("src/Card.jsx", '<button id="buy"')
    expected = f"\nSource: Card (react) src/Card.jsx:{line}:{column}; App (react) src/main.jsx:"
    assert (expected in proc.stdout) is hints and ("Source:" in proc.stdout) is hints
