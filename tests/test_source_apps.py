"""Where an element is written, on real Vite dev servers (tests/apps: React 19, Vue 3, Svelte 5 from npm, served
by tests/vite_apps.py on 127.0.0.1): picks through the window name the file and the line and column of the
element's tag, then its component call sites, each computed here from the app's own source text. React 19's
lines come from its ``_debugStack`` frames mapped through Vite's inline source maps after the pin
(app/webview/source_lines.py); Svelte 5 writes them itself; Vue 3 names its components' files only. A production
build of the same app (``vite build`` served by ``vite preview``) says so on its Source: line (``(react) production
build (no source map)``, as text, not opened in an editor) and pins as usual."""

from __future__ import annotations

import json
from urllib.parse import quote

import pytest

import vite_apps
from app.runtime.editor import EditorRefused, source_place
from test_page_context import _annotate, agent  # noqa: F401  (agent: the socket fixture)

pytestmark = pytest.mark.skipif(bool(vite_apps.missing()), reason=vite_apps.missing() or "apps installed")
NOTE = " (page-supplied hints from the framework's markers)"


def tag_at(app: str, path: str, needle: str) -> str:
    """``path:line:column`` (1-based) of the first ``needle`` in tests/apps/<app>/<path>."""
    for number, line in enumerate((vite_apps.APPS / app / path).read_text(encoding="utf-8").splitlines(), 1):
        if needle in line:
            return f"{path}:{number}:{line.index(needle) + 1}"
    raise AssertionError(f"{needle!r} not in {app}/{path}")


def react_hints(card: str = "") -> dict[str, list[str]]:
    """The React app's picks and their ``Source:`` hints: the element's tag, then each component's call site
    up to the root's ``<App />`` (written outside any component: no name)."""
    t = lambda path, needle: tag_at("react", path, needle)   # noqa: E731
    root = f"(react) {t('src/main.jsx', '<App />')}"
    site = {c: f"App (react) {t('src/App.jsx', f'<Card id=\"{c}\"')}" for c in ("fern", "ivy")}
    card_jsx = "src/components/Card.jsx"
    return {
        "#buy-fern": [f"Card (react) {t(card_jsx, '<button')}", site["fern"], root],
        "#buy-ivy": [f"Card (react) {t(card_jsx, '<button')}", site["ivy"], root],
        "#card-ivy h2": [f"Card (react) {t(card_jsx, '<h2')}", site["ivy"], root],
        "#card-fern h2": [f"Card (react) {t(card_jsx, '<h2')}", site["fern"], root],
        "#price-ivy": [f"Price (react) {t('src/components/Price.jsx', '<span')}",
                       f"Card (react) {t(card_jsx, '<Price')}", site["ivy"], root],
        "#price-fern": [f"Price (react) {t('src/components/Price.jsx', '<span')}",
                        f"Card (react) {t(card_jsx, '<Price')}", site["fern"], root],
        "#card-ivy .price": [f"Price (react) {t('src/components/Price.jsx', '<p')}",
                             f"Card (react) {t(card_jsx, '<Price')}", site["ivy"], root],
        "#title": [f"App (react) {t('src/App.jsx', '<h1')}", root],
        "#help": [f"App (react) {t('src/App.jsx', '<a id=\"help\"')}", root],
        "#footer": [f"App (react) {t('src/App.jsx', '<footer')}", root],
    }


def svelte_hints() -> dict[str, list[str]]:
    """The Svelte app's picks: the element's tag (``__svelte_meta.loc``), then the ``<Card …>``/``<Price …>``
    call sites that rendered it (its ``parent`` chain)."""
    t = lambda path, needle: tag_at("svelte", path, needle)   # noqa: E731
    site = {c: f"Card (svelte) {t('src/App.svelte', f'<Card id=\"{c}\"')}" for c in ("fern", "ivy")}
    card = "src/lib/Card.svelte"
    return {
        "#buy-fern": [f"(svelte) {t(card, '<button')}", site["fern"]],
        "#buy-ivy": [f"(svelte) {t(card, '<button')}", site["ivy"]],
        "#card-fern h2": [f"(svelte) {t(card, '<h2')}", site["fern"]],
        "#card-ivy h2": [f"(svelte) {t(card, '<h2')}", site["ivy"]],
        "#price-ivy": [f"(svelte) {t('src/lib/Price.svelte', '<span')}", f"Price (svelte) {t(card, '<Price')}",
                       site["ivy"]],
        "#price-fern": [f"(svelte) {t('src/lib/Price.svelte', '<span')}", f"Price (svelte) {t(card, '<Price')}",
                        site["fern"]],
        "#card-ivy .price": [f"(svelte) {t('src/lib/Price.svelte', '<p')}", f"Price (svelte) {t(card, '<Price')}",
                             site["ivy"]],
        "#title": [f"(svelte) {t('src/App.svelte', '<h1')}"],
        "#help": [f"(svelte) {t('src/App.svelte', '<a id=\"help\"')}"],
        "#footer": [f"(svelte) {t('src/App.svelte', '<footer')}"],
    }


def vue_hints() -> dict[str, list[str]]:
    """The Vue app's picks: Vue's development build names each component's SFC (``__file``, the absolute path
    plugin-vue writes, named relative to the project) and no line."""
    card, app, price = ("src/components/Card.vue", "src/App.vue", "src/components/Price.vue")
    assert all((vite_apps.APPS / "vue" / f).is_file() for f in (card, app, price))
    return {
        "#buy-fern": [f"Card (vue) {card}", f"App (vue) {app}"],
        "#buy-ivy": [f"Card (vue) {card}", f"App (vue) {app}"],
        "#card-fern h2": [f"Card (vue) {card}", f"App (vue) {app}"],
        "#card-ivy h2": [f"Card (vue) {card}", f"App (vue) {app}"],
        "#price-ivy": [f"Price (vue) {price}", f"Card (vue) {card}", f"App (vue) {app}"],
        "#price-fern": [f"Price (vue) {price}", f"Card (vue) {card}", f"App (vue) {app}"],
        "#card-ivy .price": [f"Price (vue) {price}", f"Card (vue) {card}", f"App (vue) {app}"],
        "#title": [f"App (vue) {app}"],
        "#help": [f"App (vue) {app}"],
        "#footer": [f"App (vue) {app}"],
    }


EXPECTED = {"react": react_hints, "vue": vue_hints, "svelte": svelte_hints}


@pytest.fixture(scope="module", params=["react", "vue", "svelte"])
def dev(request, tmp_path_factory):
    """One app's dev server for the module's tests of it (pytest runs one param's tests together)."""
    server = vite_apps.dev_server(request.param, tmp_path_factory.mktemp(request.param))
    server.app = request.param
    yield server
    server.stop()


def open_app(window, js, qtbot, server) -> None:
    window.tab.annotator.source_roots = (vite_apps.APPS / server.app,)   # the app's folder is the project
    window.load_page(server.url)
    qtbot.waitUntil(lambda: js("!!document.getElementById('buy-ivy') && !!document.getElementById('price-ivy')"),
                    timeout=15_000)


def pinned_source(window, selector: str) -> str:
    """The ``Source:`` value of the pin on the element ``selector`` names (the session's record)."""
    pins = [p for p in window.tab.annotator.session.pins
            if p.annotation.element.selector and window.tab.annotator.anchors.get(p.pin_id)]
    return pins[-1].annotation.element.source if pins else ""


def test_each_pick_names_the_line_of_its_tag_and_its_own_call_sites(window, dev, agent, js, qtbot):
    open_app(window, js, qtbot, dev)
    expected = EXPECTED[dev.app]()
    session = window.tab.annotator.session
    for number, (selector, hints) in enumerate(expected.items(), 1):
        _annotate(window, qtbot, js, selector)
        qtbot.waitUntil(lambda: len(session.pins) == number, timeout=10_000)
        want = "; ".join(hints)
        # React 19's lines are mapped after the pin: the record is updated when the map is read.
        qtbot.waitUntil(lambda: session.pins[-1].annotation.element.source == want, timeout=10_000)
    # The panel's detail pane (the last pin's) shows the lines as links once they arrive.
    window.panels.list.setCurrentRow(window.panels.list.count() - 1)
    qtbot.waitUntil(lambda: all(h in window.panels.detail.toPlainText() for h in hints), timeout=5_000)
    markdown = agent("annotations.get", batch="current")["markdown"]
    for hints in expected.values():
        assert f"\nSource: {'; '.join(hints)}{NOTE}\n" in markdown
    assert "unmapped" not in markdown
    # Open in editor reads each hint back to the file and line it names (the project: the app's folder).
    for hints in expected.values():
        place = source_place(hints[0], vite_apps.APPS / dev.app)
        assert place.path.is_relative_to(vite_apps.APPS / dev.app) and place.path.is_file()
        if dev.app != "vue":
            assert place.line and place.column
    # The agent's page context gives the same places, as fields.
    node = agent("page.context", detail="semantic", selector="#buy-ivy", max_nodes=1)["nodes"][0]
    got = [f"{h['component'] + ' ' if h['component'] else ''}({h['framework']}) {h['file']}"
           + "".join(f":{h[k]}" for k in ("line", "column") if h[k] is not None) for h in node["source"]]
    assert got == expected["#buy-ivy"]
    assert not any(k.startswith("script") for h in node["source"] for k in h)


@pytest.mark.parametrize("dev", ["react"], indirect=True)   # React 19 positions only (the same server)
def test_a_react_position_no_map_resolves_is_unmapped_never_guessed(window, dev, js, qtbot, server2):
    from app.webview.source_lines import SourceLocator

    open_app(window, js, qtbot, dev)
    locator = SourceLocator()
    base = {"framework": "react", "component": "Card", "file": "/src/components/Card.jsx", "line": None,
            "column": None}
    hints = [{**base, "script": dev.url + "src/components/Card.jsx", "script_line": 100_000, "script_column": 1},
             {**base, "script": server2.url("src/components/Card.jsx"), "script_line": 26, "script_column": 20},
             {**base, "script": dev.url + "src/components/Card.module.css", "script_line": 1, "script_column": 1}]
    roots = (vite_apps.APPS / "react",)
    got = window.run(locator.resolved(hints, dev.url, roots))
    # Past the map's lines; on another origin (nothing fetched: the file stays as the page served it); a module
    # whose map does not name this position.
    assert got == [{**base, "file": "src/components/Card.jsx", "unmapped": True},
                   {**base, "unmapped": True},
                   {**base, "file": "src/components/Card.module.css", "unmapped": True}]


@pytest.mark.parametrize("app", ["react", "vue", "svelte"])
def test_a_production_build_says_it_has_no_source_map_and_pins_as_usual(window, agent, js, qtbot, tmp_path, app):
    server = vite_apps.production_server(app, tmp_path)
    server.app = app
    want = f"({app}) production build (no source map)"
    picks = ("#buy-ivy", "#price-fern", "#title")
    try:
        open_app(window, js, qtbot, server)
        session = window.tab.annotator.session
        for number, selector in enumerate(picks, 1):
            _annotate(window, qtbot, js, selector)
            qtbot.waitUntil(lambda: len(session.pins) == number, timeout=10_000)   # its whole record too (pin_at)
        assert [p.annotation.element.source for p in session.pins] == [want] * len(picks)
        answer = agent("annotations.get", batch="current")
        markdown = answer["markdown"]
        assert "\nTag: button\n" in markdown and "\nTag: h1\n" in markdown
        assert markdown.count(f"\nSource: {want}{NOTE}\n") == len(picks)
        # The JSON record carries the same value.
        assert [a["element"]["source"] for a in answer["batch"]["annotations"]] == [want] * len(picks)
        # The panel shows it as text (nothing to open); Open in editor refuses and says why.
        window.panels.list.setCurrentRow(window.panels.list.count() - 1)
        qtbot.waitUntil(lambda: want in window.panels.detail.toPlainText(), timeout=5_000)
        assert quote(want, safe="") not in window.panels.detail.toHtml()   # no link carries it (CSS rows may link)
        with pytest.raises(EditorRefused, match=f"production build of {app}"):
            source_place(want, vite_apps.APPS / app)
        # The page context names no production build (its probe finds no development marker).
        result = agent("page.context", detail="forensic")
        assert result["nodes"] and not any("source" in n for n in result["nodes"])
    finally:
        server.stop()


@pytest.mark.parametrize("dev", ["react"], indirect=True)
def test_pagenote_capture_of_the_react_dev_server_prints_the_mapped_lines(dev, tmp_path, monkeypatch):
    from conftest import run_capture

    config = tmp_path / "config"
    monkeypatch.setenv("XDG_CONFIG_HOME", str(config))   # the test's settings, not the user's
    (config / "pagenote").mkdir(parents=True)
    # The sources' folder (the capture's project is its --out folder): [editor] root.
    (config / "pagenote" / "settings.toml").write_text(
        f"[editor]\nroot = {json.dumps(str(vite_apps.APPS / 'react'))}\n", encoding="utf-8")
    proc = run_capture(dev.url, "--annotate", "#buy-ivy", "--no-screenshot", "--out", str(tmp_path / "out"),
                       cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert f"\nSource: {'; '.join(react_hints()['#buy-ivy'])}{NOTE}\n" in proc.stdout
