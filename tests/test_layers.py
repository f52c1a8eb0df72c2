"""The import direction of docs/architecture.md: each package of app/ imports only its own layer and the
layers below it — lazy imports inside functions included. Run alone: ``./test.sh tests/test_layers.py``."""

from __future__ import annotations

import ast
from pathlib import Path

APP = Path(__file__).resolve().parents[1] / "app"

#: Layer of each top-level part of ``app`` (low → high). Keep in step with docs/architecture.md.
LAYERS: dict[str, int] = {
    "__init__": 0, "core": 0,
    "model": 1, "protocol": 1, "sinks": 1,
    "picker_js": 2, "qtenv": 2,
    "webview": 3, "hid": 3,
    "capture": 4, "compare": 4,
    "tabs": 5,
    "agent": 6,
    "mcp": 7,
    "runtime": 8, "headless": 8,
    "ui": 9,
    "cli": 10, "cli_run": 10, "__main__": 10,
}


def _part(module: str) -> str:
    """``app.webview.bridge`` → ``webview``; ``app`` → ``__init__``."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def _imports(path: Path) -> list[tuple[int, str]]:
    """``(line, module)`` for every ``app…`` import in ``path`` (top level and inside functions)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names if a.name == "app" or a.name.startswith("app.")]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module == "app":
                found += [(node.lineno, f"app.{a.name}") for a in node.names]
            elif node.module.startswith("app."):
                found.append((node.lineno, node.module))
    return found


def test_every_part_of_app_has_a_layer():
    parts = {p.stem if p.is_file() else p.name for p in APP.iterdir()
             if (p.suffix == ".py" or (p.is_dir() and (p / "__init__.py").exists()))}
    assert parts <= set(LAYERS), f"give these a layer here and in docs/architecture.md: {sorted(parts - set(LAYERS))}"


def test_no_module_imports_a_higher_layer():
    upward = []
    for path in sorted(APP.rglob("*.py")):
        module = ".".join(path.relative_to(APP.parent).with_suffix("").parts)
        own = LAYERS[_part(module)]
        for line, target in _imports(path):
            if LAYERS.get(_part(target), -1) > own:
                upward.append(f"{path.relative_to(APP.parent)}:{line} imports {target}")
    assert not upward, "imports against the layer order:\n" + "\n".join(upward)


def test_the_check_sees_an_upward_import(tmp_path):
    """The scanner is not blind: a made-up core module importing the UI is reported."""
    bad = tmp_path / "bad.py"
    bad.write_text("def f():\n    from app.ui.main_window import MainWindow\n")
    assert _imports(bad) == [(2, "app.ui.main_window")]
    assert LAYERS[_part("app.ui.main_window")] > LAYERS["core"]
