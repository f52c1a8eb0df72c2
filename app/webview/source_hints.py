"""Source hints: which component and ``file:line:column`` rendered an element, on development builds.

Read from the page's own world (``MainWorld``: the frameworks' markers are JavaScript properties of the page's
element wrappers, which pagenote's isolated world does not see), never from a network fetch:

- **React** development builds: the host element's fiber (``__reactFiber$<key>``, React ≥ 17;
  ``__reactInternalInstance$<key>``, React 16) carries ``_debugSource`` ({fileName, lineNumber,
  columnNumber}: where the JSX was written, set by the development JSX transform in React ≤ 18) — or, in
  React 19, which dropped it, ``_debugStack`` (an ``Error`` made where the JSX ran: its first stack frame
  outside ``node_modules`` is the file as the dev server serves it, origin and query left out; its line and
  column are those of the transformed module the server sent, not of the source, so they are kept apart as
  ``script``/``script_line``/``script_column`` for :mod:`app.webview.source_lines` to map through the module's
  source map, after the pin) — and
  ``_debugOwner`` (the component that rendered it); each owner up the chain adds its own, and the root
  element (its JSX written outside any component, e.g. in ``createRoot(…).render(<App />)``) is named by no
  component.
- **Vue 3** development builds: ``__vueParentComponent`` (the component instance) whose ``type.__file`` is the
  SFC's path (``type.name`` / ``type.__name`` its name), then its ``parent`` chain; Vue records no line.
- **Svelte** development builds: ``__svelte_meta.loc`` ({file, line, column}) on the element, as the
  compiler's dev mode writes it (Svelte 4: ``add_location``, the element's ancestors' locations follow;
  Svelte 5: the same shape plus ``parent``, the chain of component call sites ``<Card …>`` that rendered it,
  which follows instead). Its column is 0-based: written 1-based here, as React's and editors' are.

The page is hostile: the main-world script runs in the page's world (its getters may throw or lie), so it
reads primitives only (strings and numbers; never props, state, closures or any object), gives up on any
exception, and its answer is checked here — at most :data:`~app.core.policy.SOURCE_CANDIDATES` candidates per
element, bounded strings, finite non-negative integers — before anything reaches an agent.

Production builds keep no location: an element of one gets the one hint ``(react) production build (no
source map)``, only on evidence that its framework runs as a production build (:mod:`app.webview.source_builds`).
"""

from __future__ import annotations

import json
import logging
import os
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from PySide6.QtWebEngineCore import QWebEngineScript

from app.core.errors import PagenoteError
from app.core.policy import SOURCE_CANDIDATES
from app.model.text import has_invisible
from app.protocol.redact import redact_urls
from app.webview.source_builds import PRODUCTION, PRODUCTION_OF_JS
from app.webview.bridge import PageBridge

log = logging.getLogger("pagenote.source")
MAIN_WORLD = QWebEngineScript.ScriptWorldId.MainWorld
FRAMEWORKS = ("react", "vue", "svelte")
FILE_MAX = 500
COMPONENT_MAX = 120
_COMPONENT = re.compile(r"[A-Za-z_$][\w$.\-]*\Z")
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
#: A file the ``Source:`` line may not name: a character of the line's grammar (``;`` separates hints, `` (``
#: opens a framework label), whitespace, a control or invisible character, a ``..`` or ``~`` segment (climbing
#: out of the dev server's root) or a hidden file or folder (``.ssh``, ``.bashrc``, ``.git``): a page sets these
#: markers itself and may name any file to steer an agent (security review item 3).
#: An absolute path: POSIX, or a Windows drive.
_ABSOLUTE = re.compile(r"/|\\|[A-Za-z]:[/\\]")
#: Also a URL (``file:///etc/passwd``, ``https://…``: any ``scheme:``) and a drive-relative Windows path (``C:x``):
#: neither is a file under the dev server's root, and :func:`within_roots` would take it for a relative one.
_BAD_FILE = re.compile(r"[;\s\x00-\x1f\x7f]|\(|(?:^|[/\\])(?:\.|~)|^[A-Za-z][A-Za-z0-9+.\-]+:|^[A-Za-z]:(?![/\\])")
#: Whitespace a file may hold on the ``Source:`` line: the space alone (``my shop/src/Order Form.svelte``), and
#: only in a file that exists under the project (:func:`within_roots`): the page could otherwise write words of
#: its own onto the line (``src/App.svelte IMPORTANT: run …``). Other whitespace is refused with :data:`_BAD_FILE`.
_OTHER_SPACE = re.compile(r"[^\S ]")
#: A transformed module's URL as a stack frame names it (kept only to be mapped; never written out).
_SCRIPT_URL = re.compile(r"https?://[!-~]{1,2000}\Z")
#: What a hint says instead of ``:line:column`` when its position did not map to the source.
UNMAPPED = "(unmapped)"
#: What follows a package's name on the ``Source:`` line when a library's component made the element
#: (app.runtime.editor.LIBRARY_MARK reads it back: a package is not opened in an editor).
LIBRARY = "(library)"

# The script (for one list of CSS selectors) answers a JSON string: [[candidate, …] per selector].
_SCRIPT = r"""
(function (selectors, max, production) {
  'use strict';
  var str = function (v, n) { return typeof v === 'string' ? v.slice(0, n) : ''; };
  var num = function (v) { return typeof v === 'number' && isFinite(v) && v >= 0 && Math.floor(v) === v ? v : null; };
  var nameOf = function (t) {
    if (typeof t === 'function') return str(t.displayName, 120) || str(t.name, 120);
    if (t && typeof t === 'object') return str(t.displayName, 120) || str(t.name, 120) || str(t.__name, 120)
      || (t.render ? nameOf(t.render) : '') || (t.type ? nameOf(t.type) : '');
    return '';
  };
  // React 19 development builds keep no _debugSource: the element's _debugStack (an Error made where the JSX
  // ran) names the frame that created it; the first frame outside node_modules is the component's file.
  var FRAME = /at (?:([\w$.<>]+) )?\(?((?:https?|file):\/\/[^\s()]+?):(\d+):(\d+)\)?\s*$/;
  // A library's element (its JSX compiled into a package under node_modules) has no frame outside node_modules:
  // its frame is the render function of the component that made it (the fiber's owner, 'maker'), kept as a
  // library frame without a file (the package is named from the module's source map, after the pin).
  var fromStack = function (err, maker) {
    var s = err && typeof err === 'object' ? err.stack : null;
    if (typeof s !== 'string') return null;
    var lines = s.slice(0, 6000).split('\n'), lib = null;
    for (var i = 1; i < lines.length && i < 40; i++) {
      var m = FRAME.exec(lines[i]);
      if (!m) continue;
      var name = str(m[1], 120).replace(/^.*\./, ''), script = m[2].length <= 2000 ? m[2].replace(/#.*$/, '') : '';
      if (m[2].indexOf('/node_modules/') >= 0) {
        if (!lib && maker && name === maker) {
          lib = { name: name, file: '', line: num(+m[3]), column: num(+m[4]), script: script, library: true };
        }
        continue;
      }
      var file = m[2].replace(/[?#].*$/, '').replace(/^https?:\/\/[^\/]+/, '');
      return { name: name, file: str(file, 500), line: num(+m[3]), column: num(+m[4]), script: script };
    }
    return lib;
  };
  var react = function (el, out) {
    var keys = Object.keys(el), fiber = null;
    for (var i = 0; i < keys.length && i < 64; i++) {
      if (keys[i].indexOf('__reactFiber$') === 0 || keys[i].indexOf('__reactInternalInstance$') === 0) { fiber = el[keys[i]]; break; }
    }
    var steps = 0;
    while (fiber && typeof fiber === 'object' && out.length < max && steps++ < 64) {
      var src = fiber._debugSource, owner = fiber._debugOwner;
      if (src && typeof src === 'object' && str(src.fileName, 500)) {
        // No owner: the JSX was written outside any component (the root's render call), so no name.
        out.push({ framework: 'react', component: owner ? nameOf(owner.type) : '',
                   file: str(src.fileName, 500), line: num(src.lineNumber), column: num(src.columnNumber) });
      } else {
        var st = fromStack(fiber._debugStack, owner ? nameOf(owner.type) : '');
        if (st && (st.file || st.library)) {
          var hint = { framework: 'react', component: (owner && nameOf(owner.type)) || st.name, file: st.file,
                       line: null, column: null, script: st.script, script_line: st.line, script_column: st.column };
          if (st.library) hint.library = true;
          out.push(hint);
        }
      }
      fiber = owner;
    }
  };
  var vue = function (el, out) {
    var inst = el.__vueParentComponent, steps = 0;
    while (inst && typeof inst === 'object' && out.length < max && steps++ < 64) {
      var t = inst.type;
      if (t && typeof t === 'object' && str(t.__file, 500)) {
        out.push({ framework: 'vue', component: nameOf(t), file: str(t.__file, 500), line: null, column: null });
      }
      inst = inst.parent;
    }
  };
  // Svelte's compiler writes 1-based lines and 0-based columns (its locator's): the column is made 1-based.
  var col1 = function (v) { v = num(v); return v === null ? null : v + 1; };
  var svelte = function (el, out) {
    for (var n = el, steps = 0; n && out.length < max && steps < 64; n = n.parentElement, steps++) {
      var meta = n.__svelte_meta, loc = meta && typeof meta === 'object' ? meta.loc : null;
      if (loc && typeof loc === 'object' && str(loc.file, 500)) {
        out.push({ framework: 'svelte', component: '', file: str(loc.file, 500), line: num(loc.line),
                   column: col1(loc.column) });
        // Svelte 5: the chain of component call sites ({type: 'component', componentTag, file, line, column,
        // parent}) that rendered this element: each use of a component has its own.
        var p = meta.parent, chained = false;
        for (var k = 0; p && typeof p === 'object' && out.length < max && k < 64; p = p.parent, k++) {
          if (p.type === 'component' && str(p.file, 500)) {
            out.push({ framework: 'svelte', component: str(p.componentTag, 120), file: str(p.file, 500),
                       line: num(p.line), column: col1(p.column) });
            chained = true;
          }
        }
        if (chained || 'parent' in meta) break;   // Svelte 5: the chain is complete (a root has none)
      }
    }
  };
  %s
  var all = [];
  for (var i = 0; i < selectors.length; i++) {
    var out = [];
    try {
      var el = selectors[i] ? document.querySelector(selectors[i]) : null;
      if (el) { react(el, out); if (!out.length) vue(el, out); if (!out.length) svelte(el, out); }
      if (el && production && !out.length) {
        var fw = productionOf(el);
        if (fw) out.push({ framework: fw, production: true });
      }
    } catch (e) { out = []; }
    all.push(out.slice(0, max));
  }
  return JSON.stringify(all);
})(%s, %d, %s)
"""


#: Whether the document carries any framework's development marker (the first :data:`PROBE_ELEMENTS` elements
#: are looked at; a React fiber counts when it has the ``_debugOwner`` field every development build's fibers
#: have): ``"1"`` or ``"0"``. A production page then costs one short call, and no selectors are made (the page
#: context names no production build; the ``Source:`` line does, :func:`source_hints_of`).
PROBE_ELEMENTS = 5_000
PROBE_SCRIPT = r"""
(function (limit) {
  'use strict';
  try {
    var all = document.getElementsByTagName('*');
    for (var i = 0; i < all.length && i < limit; i++) {
      var el = all[i];
      if (el.__vueParentComponent !== undefined || el.__svelte_meta !== undefined) return '1';
      var keys = Object.keys(el);
      for (var j = 0; j < keys.length && j < 16; j++) {
        if (keys[j].indexOf('__reactFiber$') === 0 || keys[j].indexOf('__reactInternalInstance$') === 0) {
          try {
            var f = el[keys[j]];
            if (f && typeof f === 'object' && '_debugOwner' in f) return '1';
          } catch (e) { return '1'; }   // a page's getter: it cannot be told a production build
        }
      }
    }
  } catch (e) { return '0'; }
  return '0';
})(%d)
""" % PROBE_ELEMENTS


def source_script(selectors: list[str], production: bool = False) -> str:
    """The main-world source that reads the hints of the elements ``selectors`` name (unique CSS selectors
    from pagenote's own world; ``""`` for none); with ``production``, an element with no hint whose framework
    runs as a production build (:mod:`app.webview.source_builds`) gets the candidate ``{framework, production: true}``."""
    return _SCRIPT % (PRODUCTION_OF_JS, json.dumps(selectors), SOURCE_CANDIDATES, "true" if production else "false")


def _int(value: Any) -> int | None:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 10_000_000:
        return None
    return value


def checked_hints(raw: Any, count: int, roots: Sequence[str | Path] | None = None) -> list[list[dict]]:
    """The page's answer (a JSON string of ``count`` lists) checked: each candidate ``{framework, component,
    file, line, column}`` with a known framework, a component name of identifier characters (else ``""``), a
    file without control characters, ``;``, whitespace, ``(``, a ``..``/``~`` segment or a hidden (dot) file
    or folder (:data:`_BAD_FILE`: the page may name any file to steer an agent; URLs redacted as in the
    Markdown, ``app.protocol.redact``), line and column integers or ``None``; at most
    :data:`SOURCE_CANDIDATES` per element. Anything else is dropped; a malformed answer gives empty lists.

    ``roots`` (the project directories; the ``Source:`` line's caller gives them): only files
    :func:`within_roots` keeps, and a file may hold spaces when it names an existing file under one of them.
    ``None`` (the snapshot's JSON hints): no whitespace at all. With ``roots``, a kept file is named relative
    to the project (:func:`project_relative`).

    A React 19 candidate read from its ``_debugStack`` also keeps ``script`` (the transformed module's URL,
    ``http(s)``, at most 2,000 printable ASCII characters), ``script_line`` and ``script_column`` (1-based, its
    frame's position): what :mod:`app.webview.source_lines` maps; they never reach a record as they are. A
    library's element (React 19: made by a component whose code is under ``node_modules``) is a candidate
    with ``library: True``, ``file: ""`` and its ``script`` position (required): the package is named only
    once that position maps to a file under a ``node_modules`` folder (``library`` then holds its name).

    A production build's candidate ``{framework, production: True}`` (:func:`source_script` with
    ``production``) is kept only as an element's first, and then only one: ``{framework, component: "", file:
    "", line: None, column: None, production: True}``; the candidates after it are dropped."""
    try:
        data = json.loads(raw) if isinstance(raw, str) else None
    except ValueError:
        data = None
    if not isinstance(data, list) or len(data) != count:
        return [[] for _ in range(count)]
    out: list[list[dict]] = []
    for item in data:
        hints: list[dict] = []
        for c in item if isinstance(item, list) else []:
            if len(hints) >= SOURCE_CANDIDATES or not isinstance(c, dict):
                break
            framework, file = c.get("framework"), c.get("file")
            if c.get("production") is True:   # a production build's claim is the element's only hint
                if not hints and framework in FRAMEWORKS:
                    hints.append({"framework": framework, "component": "", "file": "", "line": None,
                                  "column": None, "production": True})
                break
            library = framework == "react" and c.get("library") is True and file == ""
            if not library and (framework not in FRAMEWORKS or not isinstance(file, str) or not file) \
                    or _CONTROL.search(file) \
                    or _BAD_FILE.search(file.replace(" ", "") if roots is not None else file) \
                    or _OTHER_SPACE.search(file) or has_invisible(file) \
                    or (roots is not None and not within_roots(file, roots)):
                continue
            component = c.get("component") if isinstance(c.get("component"), str) else ""
            if not _COMPONENT.match(component or "x") or len(component) > COMPONENT_MAX:
                component = ""
            if roots is not None and not library:
                file = project_relative(file, roots)
            hint = {"framework": framework, "component": component, "file": redact_urls(file[:FILE_MAX]),
                    "line": _int(c.get("line")), "column": _int(c.get("column"))}
            script, script_line, script_column = c.get("script"), _int(c.get("script_line")), \
                _int(c.get("script_column"))
            if isinstance(script, str) and _SCRIPT_URL.match(script) and script_line and script_column:
                hint.update(script=script, script_line=script_line, script_column=script_column)
            elif library:
                continue   # a library frame is only its position: without one there is nothing to name
            if library:
                hint["library"] = True
            hints.append(hint)
        out.append(hints)
    return out


def hint_text(hint: dict) -> str:
    """One hint as the ``Source:`` line writes it: ``Component (react) src/App.jsx:12:5``, or
    ``Component (react) src/App.jsx (unmapped)`` when its position could not be mapped to the source
    (:mod:`app.webview.source_lines`: no line is guessed), or ``KitButton (react) ui-kit (library)`` for an
    element a library's component made (``library``: the npm package its source map names; the next hint is
    the user's call site of that component), or ``(react) production build (no source map)`` for an element
    of a production build (``production``: :data:`PRODUCTION`, no file)."""
    if hint.get("production") is True:
        return f"({hint['framework']}) {PRODUCTION}"
    if isinstance(hint.get("library"), str):
        name = f"{hint['component']} " if hint.get("component") else ""
        return f"{name}({hint['framework']}) {hint['library']} {LIBRARY}"
    where = hint["file"] + "".join(f":{v}" for v in (hint.get("line"), hint.get("column")) if v is not None)
    if hint.get("unmapped"):
        where = f"{hint['file']} {UNMAPPED}"
    name = f"{hint['component']} " if hint.get("component") else ""
    return f"{name}({hint['framework']}) {where}"


def project_relative(file: str, roots: Sequence[str | Path]) -> str:
    """``file`` (a hint :func:`within_roots` kept) named relative to the project: an absolute path (Vue's
    ``__file``) under one of ``roots`` relative to it — the last such root, as ``[editor] root`` comes after the
    project directory and Open in editor resolves relative hints against it — and a served path (Vite's
    ``/src/App.jsx``, relative to the dev server's root) naming a file under one of them without its ``/``;
    any other file as it is."""
    if not file.startswith("/"):
        return file
    path = Path(os.path.normpath(file))
    bases = [Path(os.path.normpath(Path(root).absolute())) for root in roots]
    for base in reversed(bases):
        if path.is_relative_to(base) and path != base:
            return path.relative_to(base).as_posix()
    served = file.lstrip("/")
    if any((base / served).is_file() for base in bases):
        return served
    return file


def within_roots(file: str, roots: Sequence[str | Path]) -> bool:
    """True when a checked hint's ``file`` may stand on the ``Source:`` line: a relative path (under the dev
    server's root; :func:`checked_hints` already refused ``..``), or an absolute one lexically under one of
    ``roots`` (the project directory, ``[editor] root``), or a served path (``/src/App.jsx``) naming a file
    that exists under one of them. The page names the file, so nothing outside the project is offered to an
    agent as a source (security review item 3). A file with a space must also exist (relative ones under one of
    ``roots``): a project folder ``my shop`` is real, a page's words after a file name are not. A name the OS
    refuses to look up (a component over ``NAME_MAX``, ``ENAMETOOLONG``) names no file: False."""
    try:
        return _within_roots(file, roots)
    except OSError:
        return False


def _within_roots(file: str, roots: Sequence[str | Path]) -> bool:
    spaced = " " in file
    bases = [Path(os.path.normpath(Path(root).absolute())) for root in roots]
    if not _ABSOLUTE.match(file):
        return not spaced or any((base / file).is_file() for base in bases)
    path = Path(os.path.normpath(file))
    for base in bases:
        if (path.is_relative_to(base) and (not spaced or path.is_file())) \
                or (base / file.lstrip("/\\")).is_file():
            return True
    return False


def source_text(hints: list[dict]) -> str:
    """The ``Source:`` line's value for checked hints: each :func:`hint_text`, ``"; "``-joined (a library
    frame whose package is not named yet, ``library: True``, is left out)."""
    return "; ".join(hint_text(h) for h in hints if h.get("library") is not True)


async def source_hints_of(bridge: PageBridge, selector: str, roots: Sequence[str | Path] = ()) -> list[dict]:
    """The checked hints (:func:`checked_hints` with ``roots``) of the top document's element ``selector``
    names — a production build's one hint when the page shows it is one (:mod:`app.webview.source_builds`); ``[]`` for a
    chained selector (shadow trees, iframes) or when the page does not answer."""
    if not selector or ">>" in selector:
        return []
    try:
        raw = await bridge.run(source_script([selector], production=True), world=MAIN_WORLD, timeout_ms=2_000,
                               what="source hints")
    except PagenoteError as exc:   # a hint is never worth failing an annotation; said in the log
        log.info("source hints of %s: %s", selector[:120], exc)
        return []
    return checked_hints(raw, 1, roots)[0]


async def source_line(bridge: PageBridge, selector: str, roots: Sequence[str | Path] = ()) -> str:
    """The ``Source:`` line's value for the top document's element ``selector`` names: its hints as
    :func:`hint_text`, ``"; "``-joined, only those :func:`within_roots` keeps (``roots``: the project
    directories), or a production build's one (:data:`PRODUCTION`); ``""`` when there are none, for a chained
    selector (shadow trees, iframes), or when the page does not answer (a hint is never worth failing an
    annotation)."""
    return source_text(await source_hints_of(bridge, selector, roots))
