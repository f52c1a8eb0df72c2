"""The ``CSS:`` block (issue 29, requirement 2) on real Vite dev servers (tests/apps, served by tests/vite_apps.py
on 127.0.0.1): Vite's dev client injects each stylesheet as a ``<style data-vite-dev-id="/abs/…">`` made by
script (no URL, and with Vite's default ``css.devSourcemap: false`` no map), so a rule names its project file
by that id — a CSS module, a Sass file, a Vue SFC's ``<style scoped>`` — checked to be a file of the project,
and no line (the injected text is transformed: none is guessed)."""

from __future__ import annotations

import re

import pytest

import vite_apps
from test_css_rules import by_selector, pinned_css

pytestmark = pytest.mark.skipif(bool(vite_apps.missing()), reason=vite_apps.missing() or "apps installed")


#: Each app's Vite plugin as a config imports it from the apps' install: (module path, import line, plugins).
DEVMAP_PLUGINS = {
    "react": ("@vitejs/plugin-react/dist/index.js", "import react from {0};", "react()"),
    "vue": ("@vitejs/plugin-vue/dist/index.mjs", "import vue from {0};", "vue()"),
    "svelte": ("@sveltejs/vite-plugin-svelte/src/index.js", "import {{ svelte, vitePreprocess }} from {0};",
               "svelte({ configFile: false, preprocess: vitePreprocess() })"),
}


def devmap_server(app: str, tmp_path, optimize: str = ""):
    """``(root, server)``: ``app``'s dev server with ``css.devSourcemap: true`` (a config written in ``tmp_path``,
    the app's own files untouched); ``optimize``: its ``optimizeDeps`` entry, if any."""
    import json

    root = vite_apps.APPS / app
    module, importing, plugins = DEVMAP_PLUGINS[app]
    config = tmp_path / "vite.devmap.config.mjs"
    config.write_text(
        importing.format(json.dumps(str(vite_apps.cache_dir() / "node_modules" / module))) + "\n"
        f"export default {{ root: {json.dumps(str(root))}, cacheDir: {json.dumps(str(tmp_path / 'cache'))},\n"
        f"  plugins: [{plugins}], css: {{ devSourcemap: true }}"
        + (f",\n  optimizeDeps: {optimize}" if optimize else "") + " };\n")
    return root, vite_apps.ViteServer([".", "--config", str(config), "--host", "127.0.0.1", "--port", "0",
                                       "--strictPort"], app, tmp_path)


@pytest.fixture(scope="module", params=["react", "vue"])
def dev(request, tmp_path_factory):
    """One app's dev server for the module's tests of it."""
    server = vite_apps.dev_server(request.param, tmp_path_factory.mktemp(request.param))
    server.app = request.param
    yield server
    server.stop()


def test_a_dev_servers_rules_name_their_project_files(window, dev, js, qtbot):
    window.tab.annotator.source_roots = (vite_apps.APPS / dev.app,)
    window.load_page(dev.url)
    qtbot.waitUntil(lambda: js("!!document.querySelector('#buy-fern')"), timeout=20_000)
    card = "src/components/Card.module.css" if dev.app == "react" else "src/components/Card.vue"
    (buy,) = pinned_css(window, qtbot, js, "#buy-fern").element.css
    assert (buy.file, buy.line) == (card, 0), buy
    assert buy.declarations["padding"] == "4px 8px" and buy.declarations["color"] == "#fff", buy
    assert set(buy.declarations) == {"padding", "color", "background-color"}   # background: its recorded part
    rules = by_selector(pinned_css(window, qtbot, js, "#help").element.css)
    assert (rules["#footer a"].file, rules["#footer a"].declarations) == ("src/app.scss", {"padding": "2px 4px"})
    # the heading's colour is inherited from main.shop's rule in the Sass file
    shop = by_selector(pinned_css(window, qtbot, js, "#title").element.css)[".shop"]
    assert (shop.inherited, shop.file, shop.declarations) == (True, "src/app.scss", {"color": "#223"}), shop


def test_a_dev_id_outside_the_project_names_no_file(window, dev, js, qtbot):
    window.tab.annotator.source_roots = ()   # no project folder: the page's ids are not believed
    window.load_page(dev.url)
    qtbot.waitUntil(lambda: js("!!document.querySelector('#buy-fern')"), timeout=20_000)
    (buy,) = pinned_css(window, qtbot, js, "#buy-fern").element.css
    assert (buy.file, buy.line) == ("", 0) and buy.declarations["padding"] == "4px 8px"


@pytest.fixture(scope="module")
def prod(tmp_path_factory):
    """The React app's production build (no source maps), served by ``vite preview``."""
    server = vite_apps.production_server("react", tmp_path_factory.mktemp("react-prod"))
    yield server
    server.stop()


def test_a_production_build_names_its_built_stylesheet_and_nothing_breaks(window, prod, js, qtbot):
    window.tab.annotator.source_roots = (vite_apps.APPS / "react",)
    window.load_page(prod.url)
    qtbot.waitUntil(lambda: js("!!document.querySelector('#buy-fern')"), timeout=20_000)
    (buy,) = pinned_css(window, qtbot, js, "#buy-fern").element.css
    assert buy.file.startswith("/assets/") and buy.file.endswith(".css") and buy.line >= 1, buy
    assert buy.declarations["padding"] == "4px 8px"


def test_with_vites_css_source_maps_a_rule_names_its_line_in_the_module_and_the_sass_file(window, js, qtbot,
                                                                                          tmp_path):
    """The same React app served with ``css.devSourcemap: true`` (a config written here, the app's own settings
    otherwise): Vite's inline maps name absolute paths, shown relative to the project, at the rule's line."""
    root, server = devmap_server("react", tmp_path, optimize="{ noDiscovery: true, include: ['react', "
                                 "'react-dom/client', 'react/jsx-dev-runtime'] }")
    try:
        window.tab.annotator.source_roots = (root,)
        window.load_page(server.url)
        qtbot.waitUntil(lambda: js("!!document.querySelector('#buy-fern')"), timeout=20_000)
        lines = (root / "src/components/Card.module.css").read_text().splitlines()
        (buy,) = pinned_css(window, qtbot, js, "#buy-fern").element.css
        assert (buy.file, lines[buy.line - 1]) == ("src/components/Card.module.css", ".buy {"), buy
        rules = by_selector(pinned_css(window, qtbot, js, "#help").element.css)
        scss = (root / "src/app.scss").read_text().splitlines()
        footer = rules["#footer a"]
        assert (footer.file, scss[footer.line - 1]) == ("src/app.scss", "#footer a {"), footer
        shop = by_selector(pinned_css(window, qtbot, js, "#title").element.css)[".shop"]   # inherited colour
        assert (shop.inherited, shop.file, scss[shop.line - 1]) == (True, "src/app.scss", ".shop {"), shop
        # the panel's detail pane links the rule to its file and line: Open in editor lands there
        from PySide6.QtCore import QUrl

        from app.runtime.editor import source_place
        from app.ui.source_links import hint_of

        window.panel.list.setCurrentRow(0)
        qtbot.waitUntil(lambda: "Card.module.css" in window.panel.detail.toPlainText(), timeout=5_000)
        href = re.search(r'href="(pagenote-source:[^"]+)"', window.panel.detail.toHtml()).group(1)
        place = source_place(hint_of(QUrl(href)), root)
        assert (place.path, place.line) == ((root / "src/components/Card.module.css").resolve(), buy.line)
    finally:
        server.stop()


def test_with_vites_css_source_maps_a_svelte_rule_names_its_component_file_at_the_rules_line(window, js, qtbot,
                                                                                            tmp_path):
    """The Svelte app served with ``css.devSourcemap: true``: Svelte's CSS map names a bare ``"Card.svelte"``
    and Vite's ``<style>`` has no URL, so the source resolves next to the sheet's module (its
    ``data-vite-dev-id``, ``…/src/lib/Card.svelte?svelte&type=style&lang.css``), never against the page's URL
    (which named ``/Card.svelte``, a wrong file)."""
    root, server = devmap_server("svelte", tmp_path)
    try:
        window.tab.annotator.source_roots = (root,)
        window.load_page(server.url)
        qtbot.waitUntil(lambda: js("!!document.querySelector('#buy-fern')"), timeout=20_000)
        card = (root / "src/lib/Card.svelte").read_text().splitlines()
        (buy,) = pinned_css(window, qtbot, js, "#buy-fern").element.css
        assert (buy.file, card[buy.line - 1].strip()) == ("src/lib/Card.svelte", ".buy {"), buy
        assert buy.declarations["padding"] == "4px 8px", buy
        price = (root / "src/lib/Price.svelte").read_text().splitlines()   # <style lang="scss">
        (amount,) = [r for r in pinned_css(window, qtbot, js, "#price-fern").element.css if "amount" in r.selector]
        assert (amount.file, price[amount.line - 1].strip()) == ("src/lib/Price.svelte", ".price .amount {"), amount
    finally:
        server.stop()


def test_with_vites_css_source_maps_a_vue_rule_names_its_sfc_at_the_rules_line(window, js, qtbot, tmp_path):
    """The Vue 3 app served with ``css.devSourcemap: true``: a ``<style scoped>`` rule of Card.vue is named at its
    line in the SFC, with the declarations that win (padding and colour of the button)."""
    root, server = devmap_server("vue", tmp_path, optimize="{ noDiscovery: true, include: ['vue'] }")
    try:
        window.tab.annotator.source_roots = (root,)
        window.load_page(server.url)
        qtbot.waitUntil(lambda: js("!!document.querySelector('#buy-fern')"), timeout=20_000)
        card = (root / "src/components/Card.vue").read_text().splitlines()
        rules = [r for r in pinned_css(window, qtbot, js, "#buy-fern").element.css if r.selector.startswith(".buy")]
        (buy,) = rules
        assert (buy.file, card[buy.line - 1].strip()) == ("src/components/Card.vue", ".buy {"), buy
        assert (buy.declarations["padding"], buy.declarations["color"]) == ("4px 8px", "#fff"), buy
    finally:
        server.stop()


def test_a_svelte_rule_without_vites_css_source_maps_names_its_component_file_without_a_line(window, js, qtbot,
                                                                                            tmp_path):
    """The Svelte app as it is (``css.devSourcemap`` off): the rule names the component by its dev id, no line."""
    server = vite_apps.dev_server("svelte", tmp_path)
    try:
        window.tab.annotator.source_roots = (vite_apps.APPS / "svelte",)
        window.load_page(server.url)
        qtbot.waitUntil(lambda: js("!!document.querySelector('#buy-fern')"), timeout=20_000)
        (buy,) = pinned_css(window, qtbot, js, "#buy-fern").element.css
        assert (buy.file, buy.line, buy.declarations["padding"]) == ("src/lib/Card.svelte", 0, "4px 8px"), buy
    finally:
        server.stop()
