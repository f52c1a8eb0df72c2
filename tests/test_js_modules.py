"""Page-side JS as real modules: declared imports/exports, one function scope each, build-time errors.

No browser: the bundler's checks are plain Python, and runtime isolation is checked in Node (a page module
needs no DOM to be evaluated). The bundle working end to end in QtWebEngine is what the window tests
(test_record, test_locators, test_frames_shadow, test_reanchor …) prove.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from importlib.resources import files

import pytest

from app.picker_js import PICKER_WORLD, default_options, picker_source
from app.picker_js.bundler import BundleError, World, bundle, load_modules, order, parse_module, undeclared_uses
from app.picker_js.jslex import JsLexError, scan, tokenize

NODE = shutil.which("node")


def run_node(script: str) -> subprocess.CompletedProcess:
    assert NODE, "these tests need Node.js on PATH (Debian: apt-get install nodejs)"
    # On stdin, not `-e`: one argument may not exceed 128 KiB (Linux MAX_ARG_STRLEN) and the bundle is larger.
    return subprocess.run([NODE, "-"], input=script, capture_output=True, text=True, timeout=60)


def picker_modules():
    return load_modules(PICKER_WORLD.packages)


def mod(name: str, body: str, imports: str = "", exports: str = "") -> str:
    head = f"// @module {name}\n"
    head += f"// @imports {imports}\n" if imports else ""
    head += f"// @exports {exports}\n" if exports else ""
    return head + body


# -- the real module set ------------------------------------------------------------------------------------

def test_no_module_reads_another_modules_name_without_importing_it():
    assert undeclared_uses(picker_modules()) == []


def test_every_picker_module_is_in_the_bundle_once_after_what_it_imports():
    modules = picker_modules()
    names = [m.name for m in order(modules, "main")]
    assert sorted(names) == sorted(modules), "a module the picker does not reach is dead code"
    for i, name in enumerate(names):
        assert set(modules[name].imports) <= set(names[:i]), f"{name} comes before what it imports"
    source = picker_source()
    for name in names:
        assert source.count(f"__pagenote_modules.{name} = (function") == 1


def test_modules_stay_small():
    root = files("app.picker_js")
    for entry in root.iterdir():
        if entry.name.endswith((".js", ".py")):
            lines = entry.read_text(encoding="utf-8").count("\n")
            assert lines <= 400, f"{entry.name} has {lines} lines"


def test_picker_bundle_is_valid_javascript_and_keeps_its_contract():
    source = picker_source()
    assert source.startswith("(function (OPTIONS) {") and source.rstrip().endswith(");")
    assert json.dumps(default_options(), ensure_ascii=True) in source
    assert "Object.defineProperty(window, '__pagenote'" in source
    assert run_node(f"new Function({json.dumps(source)});").returncode == 0


def test_options_reach_the_modules_frozen():
    modules = load_modules(PICKER_WORLD.packages, {"probe": mod("probe", (
        "const out = { caps: CAPS.line, frozen: Object.isFrozen(OPTIONS) && Object.isFrozen(OPTIONS.caps) };\n"
        "try { OPTIONS.caps.line = 1; out.wrote = true; } catch (e) { out.wrote = false; }\n"
        "console.log(JSON.stringify(out));\n"), imports="text: CAPS")})
    run = run_node(bundle(modules, "probe", default_options()))
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout) == {"caps": default_options()["caps"]["line"], "frozen": True, "wrote": False}


# -- broken module sets are rejected -------------------------------------------------------------------------

def test_an_undeclared_cross_module_use_is_reported_and_fails_at_run_time():
    modules = load_modules((), {
        "a": mod("a", "const hidden = 41;\nfunction shown() { return hidden + 1; }\n", exports="shown"),
        "b": mod("b", "console.log(shown() + hidden);\n", imports="a: shown"),
    })
    problems = undeclared_uses(modules)
    assert len(problems) == 1 and "<b>:3: uses 'hidden' of module a without importing it" in problems[0]
    run = run_node(bundle(modules, "b", {}))  # the bundler builds it; the scope does not leak at run time
    assert run.returncode != 0 and "ReferenceError: hidden is not defined" in run.stderr


def test_an_unused_import_is_reported():
    modules = load_modules((), {"a": mod("a", "const x = 1;\nconst y = 2;\n", exports="x, y"),
                                "b": mod("b", "console.log(x);\n", imports="a: x, y")})
    assert undeclared_uses(modules) == ["<b>: imports 'y' from 'a' but never uses it"]


def test_a_cycle_is_an_error_naming_it():
    modules = load_modules((), {
        "a": mod("a", "const x = () => y;\n", imports="b: y", exports="x"),
        "b": mod("b", "const y = () => z;\n", imports="c: z", exports="y"),
        "c": mod("c", "const z = () => x;\n", imports="a: x", exports="z"),
        "main": mod("main", "x();\n", imports="a: x"),
    })
    with pytest.raises(BundleError, match=r"import cycle: a -> b -> c -> a"):
        bundle(modules, "main", {})


@pytest.mark.parametrize(("sources", "entry", "message"), [
    ({"a": mod("a", "x();\n", imports="gone: x")}, "a", "imports from missing module 'gone'"),
    ({"a": mod("a", "x();\n")}, "nope", "no module 'nope'"),
    ({"a": mod("a", "const x = 1;\nconst y = 2;\n", exports="x"), "b": mod("b", "y;\n", imports="a: y")}, "b",
     "imports y from 'a', which does not export it"),
    ({"a": mod("a", "let x = 1;\n", exports="x"), "b": mod("b", "x;\n", imports="a: x")}, "b",
     "exports 'x', which is declared with 'let'"),
    ({"a": mod("a", "function f() { const x = 1; }\n", exports="x")}, "a", "not declared at top level"),
    ({"a": mod("a", "const x = 1;\n", exports="x"), "b": mod("b", "const x = 2;\n", imports="a: x")}, "b",
     "imports 'x' from 'a' and also declares it"),
    ({"a": "// no header\nconst x = 1;\n"}, "a", "no '// @module NAME' line"),
    ({"a": mod("b", "1;\n")}, "a", "does not match the file name 'a'"),
    ({"a": "// @module a\n// @imports b x\n1;\n"}, "a", "@imports wants 'module: a, b; other: c'"),
    ({"a": mod("a", "const s = 'open;\n", exports="s")}, "a", "unterminated string"),
])
def test_broken_module_sets_are_rejected_at_build_time(sources, entry, message):
    with pytest.raises(BundleError, match=re.escape(message)):
        bundle(load_modules((), sources), entry, {})


def test_two_modules_with_one_name_are_rejected():
    with pytest.raises(BundleError, match="two modules named 'text'"):
        load_modules(PICKER_WORLD.packages, {"text": mod("text", "1;\n")})


def test_a_second_world_bundles_its_own_entry_from_shared_modules():
    world = World("device", entry="device")
    modules = load_modules(world.packages, {"device": mod("device", (
        "console.log(JSON.stringify([redactUrl('https://u:p@h/?token=t&q=1'), squash('  a  b ')]));\n"),
        imports="redact: redactUrl; text: squash")})
    source = bundle(modules, world.entry, default_options())
    assert "__pagenote_modules.main" not in source and "__pagenote_modules.overlay" not in source
    run = run_node(source)
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout) == ["https://h/?token=REDACTED&q=1", "a b"]


# -- the tokeniser the check relies on ----------------------------------------------------------------------

def test_scan_skips_strings_comments_regexes_keys_and_properties_but_reads_template_code():
    names = scan(
        "// cut(a)\n/* cut */ const s = 'cut(' + \"cut\";\n"
        "const r = /cut\\/[/]cut/g.test(s) ? 1 / 2 : 0;\n"
        "const o = { cut: 1, m(c) { return c; } };\n"
        "o.cut(); o?.cut;\n"
        "const t = `cut ${squash(`${inner}`)} cut`;\n"
        "for (const [k, v] of pairs) use(k, v);\n"
        "const f = (p, { q, r: w }) => p + q + w;\n"
        "try { f(); } catch (err) { report(err); }\n")
    assert set(names.used) == {"squash", "inner", "pairs", "use", "f", "report", "s", "o", "k", "v", "p", "q", "w",
                               "err", "c"}
    assert names.top_level == {"s": "const", "r": "const", "o": "const", "t": "const", "f": "const"}
    assert {"c", "k", "v", "p", "q", "w", "err"} <= names.declared and "cut" not in names.declared


def test_scan_tells_a_regex_from_a_division():
    tokens = tokenize("a = b / c / d; e = (x) / 2; f = [1] / g; h = typeof /re/; i = x => /y'/.test(z);")
    regexes = [t.text for t in tokens if t.kind == "regex"]
    assert regexes == ["/re/", "/y'/"]


@pytest.mark.parametrize("source", ["'open", "`open ${x}", "/* open", "x = /open"])
def test_scan_rejects_unterminated_literals(source):
    with pytest.raises(JsLexError, match="unterminated"):
        tokenize(source)


def test_parse_module_reads_repeated_directives_in_order():
    m = parse_module("// @module m\n// @imports a: x, y\n// @imports b: z; a: w\n// @exports p\n// @exports q\n1;",
                     "<m>")
    assert m.imports == {"a": ("x", "y", "w"), "b": ("z",)} and m.exports == ("p", "q")


def test_the_shipped_picker_modules_pass_the_declaration_checks():
    """The app's start-up bundles without re-tokenising (check_declarations=False); this is where the shipped
    modules' exports and imports are checked against their declarations."""
    modules = load_modules(PICKER_WORLD.packages)
    checked = bundle(modules, PICKER_WORLD.entry, default_options(), check_declarations=True)
    assert checked == picker_source()
