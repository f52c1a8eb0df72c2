"""Where a React 19 element is written: its ``_debugStack`` frame mapped through its module's source map.

React 19 development builds keep no ``_debugSource``; each element's ``_debugStack`` is an ``Error`` made where
its JSX ran, so the frame below React's own names the transformed module *as the dev server serves it*
(``http://127.0.0.1:5173/src/components/Card.jsx:26:20``: line and column of the generated ``jsxDEV(…)`` call,
1-based as V8 writes stack frames). :mod:`app.webview.source_hints` reads that frame in the page; here it is
mapped back to the JSX tag:

1. the module's text is fetched from the page's own origin only (scheme, host and port of the page's URL;
   no redirects, no proxy, at most :data:`SCRIPT_MAX` bytes, :data:`~app.webview.page_fetch.FETCH_TIMEOUT_S`: :mod:`app.webview.page_fetch`), in a worker thread —
   never on the Qt thread;
2. its last ``sourceMappingURL`` comment names the map (Vite's dev server inlines a ``data:`` URL; another URL
   is fetched under the same rules, at most :data:`~app.protocol.sourcemap.MAP_MAX` bytes), read by
   :class:`app.protocol.sourcemap.SourceMap` (``sourcesContent`` never kept);
3. the frame's position is looked up (greatest lower bound, as DevTools does); the original source URL must be
   on the page's origin too, and names a file of the project: Vite serves ``/src/App.jsx`` relative to its
   root (→ ``src/App.jsx``), ``/@fs/<absolute path>`` for a file outside it (→ relative to the source root that
   holds it, :func:`app.webview.source_hints.within_roots`' roots). The file passes the same checks as any
   page-supplied hint (:func:`app.webview.source_hints.checked_hints`).

A library's element (a component under ``node_modules`` made it; ``library: True``) is named by its npm
package instead (:func:`package_of`): from the original source its map gives — Vite pre-bundles a
library into ``/node_modules/.vite/deps/<flattened name>.js``, whose map names
``…/node_modules/<package>/<file>`` — or from the module's own URL when it is served from the package's
folder; without either the hint is left out (the user's call site, the next hint, stays).

Anything else (no map, another origin, a failed or oversized fetch, a position the map leaves unmapped, a
source outside the project) makes the hint ``unmapped``: its file without a line — never a guessed line.
A map is read once per script URL per page load (:meth:`SourceLocator.reset` on each load).
"""

from __future__ import annotations

import asyncio
import http.client
import json
import logging
import os
import re
import urllib.parse
from collections.abc import Sequence
from pathlib import Path

from app.protocol.sourcemap import MAP_MAX, SourceMap, SourceMapError, map_url_of, read_data_url
from app.webview.page_fetch import fetch_text, http_origin, same_origin
from app.webview.source_hints import checked_hints

log = logging.getLogger("pagenote.source")

#: Most bytes of one transformed module read (a dev server's module is a few kB; a pre-bundled one a few MB).
SCRIPT_MAX = 8_000_000
#: The whole lookup gives up after this long, in seconds (each fetch after
#: :data:`app.webview.page_fetch.FETCH_TIMEOUT_S`).
LOOKUP_DEADLINE_S = 6.0
#: Most scripts whose maps one page load keeps.
MAPS_MAX = 128
#: An npm package name (npm's rules: lower case, at most 214 characters, not starting with ``.`` or ``_``;
#: ``@scope/name`` for a scoped one).
_PACKAGE = re.compile(r"(?:@[a-z0-9~-][a-z0-9._~-]*/)?[a-z0-9~-][a-z0-9._~-]*\Z")


def load_map(script_url: str, page_origin: str) -> SourceMap | None:
    """The source map of the module at ``script_url`` (fetched as the module docstring says; blocking: run it
    in a worker thread), ``None`` when it names none or anything fails."""
    try:
        code = fetch_text(script_url, page_origin, SCRIPT_MAX)
        map_url = map_url_of(code, script_url)
        if map_url is None:
            return None
        if map_url.lower().startswith("data:"):
            # A data: map has no URL of its own: its sources resolve against the script's (as DevTools does).
            return SourceMap.parse(read_data_url(map_url), script_url)
        return SourceMap.parse(fetch_text(map_url, page_origin, MAP_MAX), map_url)
    except (OSError, ValueError, http.client.HTTPException) as exc:   # URLError: OSError; SourceMapError, FetchRefused: ValueError
        log.info("no source map for %s: %s", script_url[:200], exc)
        return None


def project_file(source_url: str, page_origin: str, roots: Sequence[str | Path]) -> str | None:
    """The project file an original source URL names (module docstring, step 3): ``src/App.jsx`` for
    ``/src/App.jsx``, a path relative to the deepest of ``roots`` holding it for ``/@fs/<absolute path>``;
    ``None`` for another origin, a ``/@fs/`` path under no root, or a file the page-hint checks refuse."""
    if not same_origin(source_url, page_origin):
        return None
    path = urllib.parse.unquote(urllib.parse.urlsplit(source_url).path)
    if path.startswith("/@fs/"):
        absolute = Path(os.path.normpath(path[len("/@fs"):]))
        bases = sorted((Path(os.path.normpath(Path(r).absolute())) for r in roots), key=lambda b: -len(b.parts))
        base = next((b for b in bases if absolute.is_relative_to(b)), None)
        if base is None:
            return None
        path = absolute.relative_to(base).as_posix()
    else:
        path = path.lstrip("/")
    candidate = {"framework": "react", "component": "", "file": path}
    kept = checked_hints(json.dumps([[candidate]]), 1, roots)[0]
    return kept[0]["file"] if kept and kept[0]["file"] == path else None


def package_of(url: str, page_origin: str) -> str | None:
    """The npm package holding the file at ``url`` (on the page's origin): the folder after the path's last
    ``/node_modules/`` segment (two for a ``@scope``), when it is a valid package name (:data:`_PACKAGE`: Vite's
    ``.vite`` folder of pre-bundled modules is not one); ``None`` otherwise."""
    if not same_origin(url, page_origin):
        return None
    path = urllib.parse.unquote(urllib.parse.urlsplit(url).path)
    if "/node_modules/" not in path:
        return None
    parts = path.rsplit("/node_modules/", 1)[1].split("/")
    name = "/".join(parts[:2]) if parts[0].startswith("@") and len(parts) > 2 else parts[0]
    return name if len(parts) > 1 and len(name) <= 214 and _PACKAGE.match(name) else None


class SourceLocator:
    """Maps hints' ``script`` positions to ``file:line:column`` (:meth:`resolved`), each script's map read
    once per page load; :meth:`reset` when a new document loads."""

    def __init__(self) -> None:
        self._maps: dict[str, asyncio.Future] = {}

    def reset(self) -> None:
        """Forget the maps read (a new page load: the dev server may serve other modules)."""
        self._maps.clear()

    async def _map(self, script_url: str, page_origin: str) -> SourceMap | None:
        found = self._maps.get(script_url)
        if found is None:
            if len(self._maps) >= MAPS_MAX:
                return None
            found = asyncio.ensure_future(asyncio.get_running_loop().run_in_executor(
                None, load_map, script_url, page_origin))
            self._maps[script_url] = found
        try:
            return await asyncio.wait_for(asyncio.shield(found), LOOKUP_DEADLINE_S)
        except TimeoutError:
            return None

    async def _package(self, hint: dict, page_origin: str) -> str | None:
        """The npm package of a library hint's position (module docstring), ``None`` when nothing names one."""
        found = await self._map(hint["script"], page_origin)
        original = found.lookup(hint["script_line"], hint["script_column"]) if found else None
        if original is not None:
            return package_of(original.source, page_origin)
        return package_of(hint["script"], page_origin)

    async def resolved(self, hints: list[dict], page_url: str, roots: Sequence[str | Path]) -> list[dict]:
        """``hints`` (:func:`~app.webview.source_hints.checked_hints` output) with every ``script`` position
        mapped: ``file``/``line``/``column`` of the element's tag in the project, or ``unmapped: True`` with
        the file as served (module docstring); a library hint with ``library`` its package's name (``file``
        ``""``), or left out; the ``script*`` keys are dropped. Never raises for the page's data."""
        page_origin = http_origin(page_url)
        if page_origin:   # the hints' modules are read side by side (each once), then looked up
            scripts = dict.fromkeys(h["script"] for h in hints if "script" in h)
            await asyncio.gather(*(self._map(script, page_origin) for script in scripts))
        out = []
        for hint in hints:
            if "script" not in hint:
                out.append(hint)
                continue
            plain = {k: v for k, v in hint.items() if not k.startswith("script")}
            source = None
            if hint.get("library") is True:
                if page_origin and (package := await self._package(hint, page_origin)):
                    out.append({**plain, "file": "", "line": None, "column": None, "library": package})
                continue
            if page_origin:
                found = await self._map(hint["script"], page_origin)
                original = found.lookup(hint["script_line"], hint["script_column"]) if found else None
                if original is not None:
                    file = project_file(original.source, page_origin, roots)
                    source = (file, original.line, original.column) if file else None
            if source is not None:
                plain.update(file=source[0], line=source[1], column=source[2])
            else:
                served = project_file(hint["script"], page_origin, roots) if page_origin else None
                plain.update(file=served or plain["file"], line=None, column=None, unmapped=True)
            out.append(plain)
        return out


def without_scripts(hints: list[dict]) -> list[dict]:
    """``hints`` as a record may carry them: the ``script*`` keys (page-supplied URLs) left out, and library
    hints whose package is not named (``library: True``)."""
    return [{k: v for k, v in h.items() if not k.startswith("script")} for h in hints if h.get("library") is not True]


async def map_node_sources(nodes: list[dict], locator: SourceLocator | None, page_url: str,
                           roots: Sequence[str | Path]) -> None:
    """Map the ``source`` hints of page-context ``nodes`` in place (:meth:`SourceLocator.resolved`); without a
    ``locator``, their ``script*`` keys are only left out."""
    for node in nodes:
        hints = node.get("source")
        if hints:
            node["source"] = await locator.resolved(hints, page_url, roots) if locator else without_scripts(hints)
