"""A component from ``node_modules`` on the real React 19 dev server (tests/apps/react, tests/vite_apps.py): the
app's footer holds ``<KitButton>`` of ``ui-kit`` (tests/apps/packages/ui-kit, installed as a copy in
``node_modules`` and pre-bundled by Vite, as a published library is). Its ``<button>`` was made by library code:
the ``Source:`` line names the package (from the pre-bundled module's source map), then the user's call site of
the component at its line, then the root — and never a file of the library or of Vite's cache."""

from __future__ import annotations

import json

import pytest

import vite_apps
from app.runtime.editor import EditorRefused, source_place
from app.ui.source_links import source_links_html
from app.webview.source_hints import checked_hints, source_text
from app.webview.source_lines import package_of, without_scripts
from test_page_context import _annotate, agent  # noqa: F401  (agent: the socket fixture)
from test_source_apps import NOTE, open_app, tag_at

pytestmark = pytest.mark.skipif(bool(vite_apps.missing()), reason=vite_apps.missing() or "apps installed")
ORIGIN = "http://127.0.0.1:5173"


@pytest.fixture(scope="module")
def dev(tmp_path_factory):
    server = vite_apps.dev_server("react", tmp_path_factory.mktemp("react"))
    server.app = "react"
    yield server
    server.stop()


def test_a_library_components_element_names_the_package_and_the_users_call_site(window, dev, agent, js, qtbot):
    open_app(window, js, qtbot, dev)
    want = ["KitButton (react) ui-kit (library)", f"App (react) {tag_at('react', 'src/App.jsx', '<KitButton')}",
            f"(react) {tag_at('react', 'src/main.jsx', '<App />')}"]
    session = window.tab.annotator.session
    _annotate(window, qtbot, js, "#kit-contact")
    qtbot.waitUntil(lambda: len(session.pins) == 1, timeout=10_000)
    # The package is named once the pre-bundled module's map is read, after the pin.
    qtbot.waitUntil(lambda: session.pins[-1].annotation.element.source == "; ".join(want), timeout=10_000)
    markdown = agent("annotations.get", batch="current")["markdown"]
    assert f"\nSource: {'; '.join(want)}{NOTE}\n" in markdown
    assert "node_modules" not in markdown and ".vite" not in markdown
    # The panel links the call sites to the editor, not the package (no file of the project to open).
    html = source_links_html(session.pins[-1].annotation.element.source)
    assert html.split("<br>")[0] == "KitButton (react) ui-kit (library)" and html.count("<a href=") == 2
    with pytest.raises(EditorRefused, match="ui-kit is a library"):
        source_place(want[0], vite_apps.APPS / "react")
    assert source_place(want[1], vite_apps.APPS / "react").line == int(want[1].split(":")[1])
    # The agent's page context: the library as a field, no file of it; the call site with its line.
    node = agent("page.context", detail="semantic", selector="#kit-contact", max_nodes=1)["nodes"][0]
    assert node["source"][0] == {"framework": "react", "component": "KitButton", "file": "", "line": None,
                                 "column": None, "library": "ui-kit"}
    site = node["source"][1]
    assert f"{site['file']}:{site['line']}:{site['column']}" == want[1].split(" ", 2)[2]


def test_a_library_frame_is_named_only_by_a_package_path_on_the_pages_origin():
    assert package_of("http://127.0.0.1:5173/node_modules/ui-kit/index.js", ORIGIN) == "ui-kit"
    assert package_of("http://127.0.0.1:5173/@fs/home/u/app/node_modules/@acme/kit/dist/b.js", ORIGIN) == "@acme/kit"
    # Nested installs: the innermost package holds the file.
    assert package_of("http://127.0.0.1:5173/node_modules/a/node_modules/b/x.js", ORIGIN) == "b"
    for url in ("http://127.0.0.1:5173/node_modules/.vite/deps/ui-kit.js?v=1",   # Vite's flattened name: no guess
                "http://127.0.0.1:9999/node_modules/ui-kit/index.js",            # another origin
                "http://127.0.0.1:5173/src/App.jsx",                              # the user's code
                "http://127.0.0.1:5173/node_modules/UI%20Kit/index.js",           # not an npm name
                "http://127.0.0.1:5173/node_modules/ui-kit",                      # no file in it
                "http://127.0.0.1:5173/node_modules/@acme/index.js"):             # a scope without a name
        assert package_of(url, ORIGIN) is None, url


def test_a_library_candidate_needs_its_position_and_is_not_written_before_it_is_named():
    script = {"script": "http://127.0.0.1:5173/node_modules/.vite/deps/ui-kit.js?v=1", "script_line": 5,
              "script_column": 36}
    lib = {"framework": "react", "component": "KitButton", "file": "", "line": None, "column": None,
           "library": True}
    site = {"framework": "react", "component": "App", "file": "/src/App.jsx", "line": None, "column": None,
            "script": "http://127.0.0.1:5173/src/App.jsx", "script_line": 51, "script_column": 31}
    raw = json.dumps([[{**lib, **script}, {**lib}, {**lib, "framework": "vue", **script},
                       {**lib, "library": "ui-kit", **script}, site]])
    hints = checked_hints(raw, 1, (vite_apps.APPS / "react",))[0]
    # Kept: the positioned library frame and the call site; dropped: one without a position, a Vue one, and
    # one whose page-supplied "library" is a name (only a map names the package) — all three name no file.
    assert [h.get("library") for h in hints] == [True, None]
    assert source_text(hints) == "App (react) src/App.jsx"
    assert without_scripts(hints) == [{"framework": "react", "component": "App", "file": "src/App.jsx", "line": None,
                                       "column": None}]
