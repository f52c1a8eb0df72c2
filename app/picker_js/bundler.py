"""Assemble page-side modules into one injected script for a world (syntax: ``app.picker_js`` docstring).

A module is one ``.js`` file whose leading ``//`` comment lines declare its name, what it imports from which
module and what it exports. :func:`bundle` takes a world's entry module, collects what it imports (and what
those import …), orders them so every module comes after the modules it imports (Kahn's topological sort,
ties in name order, so the output is stable), and wraps each module in its own function: the module's scope
holds its own top-level names and the names it imports, nothing else of the bundle (besides ``OPTIONS``,
deep-frozen, and the browser's globals). Exports are bound once, when the module has run, so only
``function``, ``class`` and ``const`` names may be exported.

Build-time errors (:class:`BundleError`, message naming the module and the name): a module file without
``@module`` or whose ``@module`` is not its file name, a malformed directive, two modules with one name, an
import of a missing module or of a name the module does not export, an export the module does not declare
at top level as ``function``/``class``/``const``, a name both imported and declared, and an import cycle
(the message shows the cycle). :func:`undeclared_uses` is the stricter check the tests run: a module must
not read another module's top-level name that it did not import, and every import must be used.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from importlib.resources import files


_DIRECTIVE = re.compile(r"//\s*@(module|imports|exports)\b(.*)")
_NAME = re.compile(r"[A-Za-z_$][\w$]*\Z")
_MODULE_NAME = re.compile(r"[a-z][a-z0-9_]*\Z")
#: Names the bundle's glue uses; no module may read them.
RESERVED = ("__pagenote_modules", "__pagenote_freeze")


class BundleError(ValueError):
    """A module set that cannot be bundled: the message names the module, the name and what is wrong."""


@dataclass(frozen=True)
class Module:
    """One page module: ``name``, ``imports`` (module → imported names, in header order), ``exports`` (names),
    ``source`` (the file's text) and ``origin`` (where it came from, for messages)."""

    name: str
    imports: dict[str, tuple[str, ...]]
    exports: tuple[str, ...]
    source: str
    origin: str


@dataclass(frozen=True)
class World:
    """A JS world pagenote injects into: its ``entry`` module and the ``packages`` its modules are read from
    (earlier packages first; a module name may appear in only one)."""

    name: str
    entry: str
    packages: tuple[str, ...] = field(default=("app.picker_js",))


def _names(text: str, origin: str, what: str) -> tuple[str, ...]:
    out = tuple(part.strip() for part in text.split(",") if part.strip())
    bad = [n for n in out if not _NAME.match(n)]
    if bad or not out:
        raise BundleError(f"{origin}: @{what} lists no names or a bad name: {text.strip()!r}")
    return out


def parse_module(source: str, origin: str, expected: str | None = None) -> Module:
    """Read a module's header (the ``//`` lines before the first other line). ``expected``: the file's stem,
    which ``@module`` must equal. Raises :class:`BundleError` for a missing/odd ``@module`` or a malformed
    directive."""
    name, imports, exports = None, {}, []
    for line in source.splitlines():
        line = line.strip()
        if not line.startswith("//"):
            break
        m = _DIRECTIVE.match(line)
        if not m:
            continue
        kind, rest = m.group(1), m.group(2).strip()
        if kind == "module":
            if name is not None or not _MODULE_NAME.match(rest):
                raise BundleError(f"{origin}: bad or repeated @module {rest!r} (lower_snake name, once)")
            name = rest
        elif kind == "exports":
            exports.extend(_names(rest, origin, kind))
        else:
            for group in filter(None, (g.strip() for g in rest.split(";"))):
                mod, sep, listed = group.partition(":")
                mod = mod.strip()
                if not sep or not _MODULE_NAME.match(mod):
                    raise BundleError(f"{origin}: @imports wants 'module: a, b; other: c', got {group!r}")
                imports[mod] = imports.get(mod, ()) + _names(listed, origin, kind)
    if name is None:
        raise BundleError(f"{origin}: no '// @module NAME' line in the header")
    if expected is not None and name != expected:
        raise BundleError(f"{origin}: @module {name!r} does not match the file name {expected!r}")
    if name in imports:
        raise BundleError(f"{origin}: module {name!r} imports itself")
    return Module(name, imports, tuple(dict.fromkeys(exports)), source, origin)


def load_modules(packages: tuple[str, ...], extra: dict[str, str] | None = None) -> dict[str, Module]:
    """Every ``*.js`` module of ``packages`` (importable package names) plus ``extra`` (name → source, for
    tests and tools), by name. Raises :class:`BundleError` when two share a name."""
    out: dict[str, Module] = {}

    def add(module: Module) -> None:
        if module.name in out:
            raise BundleError(f"two modules named {module.name!r}: {out[module.name].origin} and {module.origin}")
        out[module.name] = module

    for package in packages:
        for entry in sorted(files(package).iterdir(), key=lambda p: p.name):
            if entry.name.endswith(".js"):
                add(parse_module(entry.read_text(encoding="utf-8"), f"{package}/{entry.name}", entry.name[:-3]))
    for name, source in (extra or {}).items():
        add(parse_module(source, f"<{name}>", name))
    return out


def _check_declarations(module: Module) -> None:
    from app.picker_js.jslex import JsLexError, scan  # only the checks tokenise: not at the app's start-up

    try:
        names = scan(module.source)
    except JsLexError as exc:
        raise BundleError(f"{module.origin}: {exc}") from None
    for name in module.exports:
        kind = names.top_level.get(name)
        if kind not in ("function", "class", "const"):
            found = f"declared with {kind!r}" if kind else "not declared at top level"
            raise BundleError(f"{module.origin}: exports {name!r}, which is {found} "
                              "(export a top-level function, class or const)")
    for mod, listed in module.imports.items():
        for name in listed:
            if name in names.declared:
                raise BundleError(f"{module.origin}: imports {name!r} from {mod!r} and also declares it")


def order(modules: dict[str, Module], entry: str) -> list[Module]:
    """The modules ``entry`` needs, each after the modules it imports (``entry`` last). Raises
    :class:`BundleError` for a missing module, an import of a name the module does not export, or a cycle."""
    if entry not in modules:
        raise BundleError(f"no module {entry!r} (entry); known: {', '.join(sorted(modules)) or 'none'}")
    needed: set[str] = set()
    stack = [entry]
    while stack:
        name = stack.pop()
        if name in needed:
            continue
        needed.add(name)
        module = modules[name]
        for dep, listed in module.imports.items():
            if dep not in modules:
                raise BundleError(f"{module.origin}: imports from missing module {dep!r}")
            missing = [n for n in listed if n not in modules[dep].exports]
            if missing:
                raise BundleError(f"{module.origin}: imports {', '.join(missing)} from {dep!r}, "
                                  f"which does not export {'it' if len(missing) == 1 else 'them'}")
            stack.append(dep)
    waiting = {name: set(modules[name].imports) for name in needed}
    done: list[Module] = []
    while waiting:
        ready = sorted(name for name, deps in waiting.items() if not deps)
        if not ready:
            raise BundleError(f"import cycle: {' -> '.join(_cycle(waiting))}")
        for name in ready:
            done.append(modules[name])
            del waiting[name]
        for deps in waiting.values():
            deps.difference_update(ready)
    return done


def _cycle(waiting: dict[str, set[str]]) -> list[str]:
    """One cycle among modules that are all still waiting (every one waits on another)."""
    path = [min(waiting)]
    while True:
        nxt = min(waiting[path[-1]])
        if nxt in path:
            return path[path.index(nxt):] + [nxt]
        path.append(nxt)


_PROLOGUE = """'use strict';
const __pagenote_freeze = (o) => { if (o && typeof o === 'object' && !Object.isFrozen(o)) {
  Object.freeze(o); for (const v of Object.values(o)) __pagenote_freeze(v); } return o; };
__pagenote_freeze(OPTIONS);
const __pagenote_modules = Object.create(null);
"""


def bundle(modules: dict[str, Module], entry: str, options: dict, *, check_declarations: bool = True) -> str:
    """The script for a world: ``(function (OPTIONS) { …each module in its own function… })({…json…});``.

    Each module becomes ``__pagenote_modules.NAME = (function ({a, b}, {c}) { SOURCE; return {exports}; })
    (__pagenote_modules.DEP1, __pagenote_modules.DEP2);`` in :func:`order`. Raises :class:`BundleError`
    (see the module docstring). ``check_declarations`` also tokenises every module to check its exports and
    imports against its declarations (~50 ms for the picker world): the tests always do; the app's start-up
    skips it for the shipped modules, which the tests have checked (``tests/test_js_modules.py``)."""
    parts = [_PROLOGUE]
    for module in order(modules, entry):
        if check_declarations:
            _check_declarations(module)
        params = ", ".join("{ " + ", ".join(listed) + " }" for listed in module.imports.values())
        args = ", ".join(f"__pagenote_modules.{dep}" for dep in module.imports)
        exported = ", ".join(module.exports)
        parts.append(f"// ---- module {module.name} ({module.origin})\n"
                     f"__pagenote_modules.{module.name} = (function ({params}) {{\n"
                     f"{module.source.rstrip()}\nreturn Object.freeze({{ {exported} }});\n}})({args});\n")
    opts = json.dumps(options, ensure_ascii=True)
    return "(function (OPTIONS) {\n" + "".join(parts) + f"}})({opts});\n"


def undeclared_uses(modules: dict[str, Module]) -> list[str]:
    """Problems with how modules use each other's names, one line each (empty when clean):

    * a module reads a top-level name of another module without importing it (and does not declare it);
    * a module imports a name it never reads;
    * a module reads a bundle-glue name (:data:`RESERVED`).
    Raises :class:`BundleError` for a module that does not tokenise."""
    from app.picker_js.jslex import JsLexError, scan

    scanned = {}
    for name, module in modules.items():
        try:
            scanned[name] = scan(module.source)
        except JsLexError as exc:
            raise BundleError(f"{module.origin}: {exc}") from None
    owners: dict[str, list[str]] = {}
    for name, names in scanned.items():
        for top in names.top_level:
            owners.setdefault(top, []).append(name)
    problems = []
    for name, module in sorted(modules.items()):
        names = scanned[name]
        imported = {n: dep for dep, listed in module.imports.items() for n in listed}
        for used, line in sorted(names.used.items()):
            if used in RESERVED:
                problems.append(f"{module.origin}:{line}: reads the bundle's {used}")
            elif used not in imported and used not in names.declared:
                others = [o for o in owners.get(used, []) if o != name]
                if others:
                    problems.append(f"{module.origin}:{line}: uses {used!r} of module "
                                    f"{' / '.join(others)} without importing it")
        for used, dep in sorted(imported.items()):
            if used not in names.used:
                problems.append(f"{module.origin}: imports {used!r} from {dep!r} but never uses it")
    return problems
