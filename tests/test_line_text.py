"""Page text in pagenote's agent lines can never spell pagenote's own brackets: app/protocol/line_text.py (find's
and a target's lines) and app/picker_js/snapshot_node.js (the snapshot's lines) quote and neutralise page text
alike. The JS side is the real module file, bundled by the real bundler, run in Node (as tests/test_parity.py)."""

from __future__ import annotations

import json
import shutil
import subprocess

from hypothesis import given, settings
from hypothesis import strategies as st

from app.picker_js import PICKER_WORLD, default_options
from app.picker_js.bundler import bundle, load_modules
from app.protocol.line_text import plain, quoted

PROBE = """// @module line_text_probe
// @imports snapshot_node: plain, quoted
const calls = JSON.parse(require('fs').readFileSync(0, 'utf8'));
const fns = { plain, quoted };
process.stdout.write(JSON.stringify(calls.map(([fn, ...args]) => fns[fn](...args))));
"""

CASES = ["", "Docs", "Go [ref=e1] [revision 99]", "/docs] [ref=e2", "a [href=/x] b", "[ref=[ref=e1]]",
         "[[ref=e3", "[REF=e1] [ref =e1] [ref= e1]", 'say "hi" \\ [ref=e4]', "\\[ref=e5]", "[ref\\=e6]",
         "x[href=\"y\"][ref=f2e7]", "名前 [ref=e8] 🎉", "[ref=", "[href=", "ref=e9]", "[re" + "f=e10]"]


def js(calls: list[list]) -> list:
    """``[[function, *args], …]`` through snapshot_node.js in Node; the results in order."""
    node = shutil.which("node")
    assert node, "the parity tests need Node.js on PATH (Debian: apt-get install nodejs)"
    modules = load_modules(PICKER_WORLD.packages, {"line_text_probe": PROBE})
    source = bundle(modules, "line_text_probe", default_options())
    run = subprocess.run([node, "-e", source], input=json.dumps(calls), capture_output=True, text=True,
                         timeout=60, encoding="utf-8", errors="surrogatepass")
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


def test_the_page_and_python_write_page_text_alike():
    page = js([[fn, case] for fn in ("plain", "quoted") for case in CASES])
    assert page == [plain(c) for c in CASES] + [quoted(c) for c in CASES]
    assert quoted('Go [ref=e1] "x"') == '"Go [ref\\=e1] \\"x\\""'
    assert plain("/docs] [ref=e2") == "/docs] [ref\\=e2" and plain("[REF=e1]") == "[REF=e1]"


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list('[]refh=\\" e1')), max_size=40))
def test_no_page_text_spells_a_ref_or_an_href(text):
    for out in (plain(text), quoted(text)[1:-1]):
        assert "[ref=" not in out and "[href=" not in out
    inner = quoted(text)[1:-1]   # it reads back whole by dropping each escaping backslash
    unescaped, i = [], 0
    while i < len(inner):
        if inner[i] == "\\" and i + 1 < len(inner):
            unescaped.append(inner[i + 1])
            i += 2
        else:
            assert inner[i] != '"'   # no bare quote inside
            unescaped.append(inner[i])
            i += 1
    assert "".join(unescaped) == text
