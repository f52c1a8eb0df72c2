"""Which stylesheet rules style an element (issue 29, requirement 2): the ``CSS:`` block, read over the tab's
CDP session after the pin shows.

Flow: :meth:`CssRules.lookup` finds the element's node by its record's selector (``DOM.getDocument`` depth 0,
``DOM.querySelector``: a selector is matched, never run; the node's name is checked against the record's tag),
asks ``CSS.getMatchedStylesForNode`` and turns the answer into :class:`~app.model.css.CssRule` s with
:func:`~app.webview.css_cascade.winning_rules` (plain code: no Qt, no session). Stylesheet headers (URL,
source map URL, where an inline ``<style>`` starts) come from ``CSS.styleSheetAdded``, which Chromium sends for
every sheet when ``CSS.enable`` is sent and for each new one after.

Which declarations win is :mod:`app.webview.css_cascade`'s (the cascade, inheritance, what is listed); here:

- ``file:line``: the sheet's URL path on the page's origin (an inline ``<style>``: the document's, its line
  offset by where the element starts; none for a ``<style>`` a script made: Chromium gives it no URL), or,
  through the sheet's source map (Source Map v3, fetched from the page's own origin or read from a ``data:``
  URL), the original file (:func:`original_file`); a ``<style>`` Vite's dev client made names its file by its
  ``data-vite-dev-id`` (checked to be a file of the project, :func:`dev_file`), without a line — or, with Vite's
  ``css.devSourcemap``, through its ``data:`` map, whose sources resolve next to that module (never against the
  page's URL: a bare name there would be a wrong file).

Bounded: :data:`HEADERS_MAX` sheets remembered, ``MATCHED_MAX`` matched rules read, ≤ 8 rules kept
(:data:`~app.model.css.CSS_RULES_CAP`), maps of at most :data:`~app.protocol.sourcemap.MAP_MAX` characters fetched
within :data:`app.webview.page_fetch.FETCH_TIMEOUT_S` (its rules: no redirect, no proxy, 200 only).
"""

from __future__ import annotations

import asyncio
import http.client
import logging
import re
from collections import OrderedDict
from collections.abc import Sequence
from pathlib import Path
from urllib.parse import quote, unquote, urljoin, urlsplit

from app.core.errors import PagenoteError
from app.model.css import CssRule
from app.protocol.sourcemap import MAP_MAX, SourceMap, SourceMapError, read_data_url
from app.webview.css_cascade import ANCESTORS_MAX, MATCHED_MAX, winning_rules
from app.webview.page_fetch import fetch_text, http_origin, same_origin
from app.webview.source_hints import project_relative, within_roots

log = logging.getLogger("pagenote.css")

#: Sheets whose headers are remembered per session, maps kept per session.
HEADERS_MAX = 5_000
MAPS_MAX = 32
CDP_TIMEOUT_MS = 5_000
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
_HIDDEN_SEGMENT = re.compile(r"(?:^|/)[.~]")


def _sheet_ids(matched: dict) -> set[str]:
    """The ``styleSheetId`` s of a ``CSS.getMatchedStylesForNode`` answer's matched rules, the element's and its
    ancestors' (inherited values are named by theirs)."""
    styles = [matched] + [a for a in (matched.get("inherited") or [])[:ANCESTORS_MAX] if isinstance(a, dict)]
    return {str(m["rule"].get("styleSheetId")) for one in styles
            for m in (one.get("matchedCSSRules") or [])[:MATCHED_MAX]
            if isinstance(m, dict) and isinstance(m.get("rule"), dict) and m["rule"].get("styleSheetId")}


def dev_file(dev_id: str, roots: Sequence[str | Path]) -> str:
    """The project file a Vite ``data-vite-dev-id`` names (the module id: an absolute path, then maybe a query
    such as ``?vue&type=style&index=0&scoped=…&lang.css``), relative to the project
    (:func:`~app.webview.source_hints.project_relative`) — only when it is an existing file under one of
    ``roots`` (:func:`~app.webview.source_hints.within_roots`): the page sets the attribute, so it may name
    nothing else (security review item 3). ``""`` otherwise. No line: without a map, the text Vite injected
    is transformed, so none is guessed."""
    path = dev_id.split("?", 1)[0]
    if not path.startswith("/") or len(path) > 500 or _CONTROL.search(path) or not within_roots(path, roots):
        return ""
    try:
        exists = Path(path).is_file()
    except OSError:
        return ""
    return project_relative(path, roots) if exists else ""


class CssRules:
    """The ``CSS:`` lookups of one tab over its :class:`~app.webview.cdp.CdpSession` ``session``. Keeps the
    session's stylesheet headers (from ``CSS.styleSheetAdded``) and the source maps read per page origin."""

    def __init__(self, session) -> None:
        self.session = session
        self.headers: OrderedDict[str, dict] = OrderedDict()
        self.maps: OrderedDict[str, SourceMap | None] = OrderedDict()
        self._enabled = False
        self._lock = asyncio.Lock()
        session.subscribe("CSS.styleSheetAdded", self._added)
        session.subscribe("CSS.styleSheetRemoved", lambda p: self.headers.pop(str(p.get("styleSheetId")), None))
        session.attached.connect(self._reset)

    def _reset(self) -> None:
        """A new attach is a new DevTools session: its sheets are announced again when CSS is enabled."""
        self._enabled = False
        self.headers.clear()

    def _added(self, params: dict) -> None:
        header = params.get("header")
        if isinstance(header, dict) and header.get("styleSheetId"):
            self.headers[str(header["styleSheetId"])] = header
            while len(self.headers) > HEADERS_MAX:
                self.headers.popitem(last=False)

    async def lookup(self, selector: str, tag: str, page_url: str, roots: Sequence[str | Path] = (),
                     frame: str = "") -> tuple[list[CssRule], int, bool] | None:
        """``(rules, cross_origin, hidden)`` (:func:`~app.webview.css_cascade.winning_rules`) for the element
        ``selector`` names in the tab's top document, or in the iframe ``frame`` names (the record's ``" >> "``-
        joined chain of iframe selectors; its document must be in the page's process: a cross-site frame's is
        not reachable from this session). The node's name must be ``tag``; ``roots``: the project folders a Vite
        dev id may name a file in (:func:`dev_file`). ``None`` when it is not found (gone, in a shadow root, an
        out-of-process frame), the session cannot answer (``PagenoteError`` is logged, not raised), or while the
        user's DevTools window shows the session (``user_view``)."""
        if not selector or not http_origin(page_url):
            return None
        if self.session.user_view:
            # The user's F12 window holds the document's node ids: DOM.getDocument would discard them (Chromium's
            # InspectorDOMAgent rebinds the document), leaving its Elements panel stale. No block then.
            log.info("CSS rules of %s: not read while the DevTools window is open", selector[:80])
            return None
        # One lookup at a time: DOM.getDocument discards the node ids a lookup still running holds (two quick pins
        # lost their blocks to 'Could not find node with given id' under load).
        async with self._lock:
            send = self.session.send
            try:
                if not self._enabled:
                    await send("DOM.enable", timeout_ms=CDP_TIMEOUT_MS)
                    await send("CSS.enable", timeout_ms=CDP_TIMEOUT_MS)
                    self._enabled = True
                root = (await send("DOM.getDocument", {"depth": 0}, CDP_TIMEOUT_MS))["root"]["nodeId"]
                for frame_selector in [f for f in frame.split(" >> ") if f][:8]:
                    owner = (await send("DOM.querySelector", {"nodeId": root, "selector": frame_selector},
                                        CDP_TIMEOUT_MS)).get("nodeId")
                    document = ((await send("DOM.describeNode", {"nodeId": owner}, CDP_TIMEOUT_MS)).get("node") or {}
                                ).get("contentDocument") if owner else None
                    if not document:
                        return None
                    page_url = str(document.get("documentURL") or "")
                    root = (await send("DOM.pushNodesByBackendIdsToFrontend",
                                       {"backendNodeIds": [document["backendNodeId"]]}, CDP_TIMEOUT_MS))["nodeIds"][0]
                node = (await send("DOM.querySelector", {"nodeId": root, "selector": selector},
                                   CDP_TIMEOUT_MS)).get("nodeId") if root else None
                if not node:
                    return None
                described = (await send("DOM.describeNode", {"nodeId": node}, CDP_TIMEOUT_MS)).get("node")
                if tag and str((described or {}).get("localName") or "").lower() != tag.lower():
                    return None
                matched = await send("CSS.getMatchedStylesForNode", {"nodeId": node}, CDP_TIMEOUT_MS)
            except (PagenoteError, KeyError, TypeError, IndexError) as exc:
                log.info("CSS rules of %s: %s", selector[:80], exc)
                return None
        page_origin = http_origin(page_url)
        if not page_origin:
            return None
        await self._dev_files(matched, roots)   # first: a dev <style>'s map resolves its sources next to its module
        maps = await self._maps_for(matched, page_url)
        return winning_rules(matched, dict(self.headers), page_origin,
                             lambda header, line0, col0: locate(header, line0, col0, page_origin, maps, roots))

    async def _dev_files(self, matched: dict, roots: Sequence[str | Path]) -> None:
        """Name the file of each script-made sheet ``matched`` uses that Vite's dev client made: its owner
        ``<style data-vite-dev-id="/abs/path/src/x.module.css">`` (``DOM.describeNode`` of the header's owner
        node), kept in the header as ``_file`` (:func:`dev_file`; ``""`` when it names none), and the module's
        absolute path (the id without its query) as ``_dev_path`` when it names one (``""`` otherwise): the base its
        ``data:`` map's sources resolve against (:meth:`_maps_for`). A session error leaves it unnamed."""
        for sheet_id in _sheet_ids(matched):
            header = self.headers.get(sheet_id)
            if not header or header.get("sourceURL") or "_file" in header or not header.get("ownerNode"):
                continue
            try:
                node = (await self.session.send("DOM.describeNode", {"backendNodeId": header["ownerNode"]},
                                                CDP_TIMEOUT_MS)).get("node") or {}
            except PagenoteError as exc:
                log.info("CSS owner node of %s: %s", sheet_id, exc)
                continue
            attributes = [str(a) for a in (node.get("attributes") or [])[:200]]
            value = dict(zip(attributes[::2], attributes[1::2], strict=False)).get("data-vite-dev-id", "")
            header["_file"] = dev_file(value, roots)
            header["_dev_path"] = value.split("?", 1)[0] if header["_file"] else ""

    async def _maps_for(self, matched: dict, page_url: str) -> dict[str, SourceMap]:
        """The source maps of the sheets ``matched`` names, by ``styleSheetId`` (fetched once per map URL). A sheet
        a script made (Vite's ``<style data-vite-dev-id>``) has no URL: its ``data:`` map's sources resolve next to
        its module — the dev id's path (``_dev_path``, :meth:`_dev_files`) as a path on the page's origin, so
        Svelte's bare ``"Card.svelte"`` is ``…/src/lib/Card.svelte`` and Vite's absolute paths stay as they are.
        Without a checked dev id the base is unknown: the map is not used (the page's URL would make a bare name
        a wrong file, e.g. ``/Card.svelte``), so no file is named from it."""
        page_origin = http_origin(page_url)
        out: dict[str, SourceMap] = {}
        for sheet_id in _sheet_ids(matched):
            header = self.headers.get(sheet_id) or {}
            map_url = str(header.get("sourceMapURL") or "")
            sheet_url = str(header.get("sourceURL") or "")
            if not sheet_url and map_url.startswith("data:") and header.get("_dev_path"):
                sheet_url = page_origin + quote(str(header["_dev_path"]))
            if not map_url or not same_origin(sheet_url, page_origin):
                continue
            absolute = map_url if map_url.startswith("data:") else urljoin(sheet_url, map_url)
            base = sheet_url if absolute.startswith("data:") else absolute
            key = f"{base} {absolute}"
            if key not in self.maps:
                self.maps[key] = await self._read_map(absolute, page_origin, base)
                while len(self.maps) > MAPS_MAX:
                    self.maps.popitem(last=False)
            if self.maps[key] is not None:
                out[sheet_id] = self.maps[key]
        return out

    async def _read_map(self, url: str, page_origin: str, base: str) -> SourceMap | None:
        """The map at ``url``; its sources resolve against ``base`` (the map's URL, or the sheet's for a ``data:``
        map, as Chromium DevTools does). ``None`` when it cannot be read (logged)."""
        try:
            if url.startswith("data:"):
                text = read_data_url(url)
            elif same_origin(url, page_origin):   # no redirect, no proxy, 200 only (app.webview.page_fetch)
                text = await asyncio.get_running_loop().run_in_executor(None, fetch_text, url, page_origin, MAP_MAX)
            else:
                return None   # a map on another origin is not read
            return SourceMap.parse(text, base)
        except (OSError, ValueError, SourceMapError, http.client.HTTPException) as exc:
            log.info("CSS source map %s: %s", url[:120], exc)
            return None


def original_file(path: str, roots: Sequence[str | Path]) -> str:
    """How the ``CSS:`` line names a source map's original file, given as the URL ``path`` on the page's origin
    it resolved to: relative to the project when it names an existing file under ``roots`` (Vite's maps give
    absolute paths, ``/home/me/shop/src/App.css``; a served ``/src/App.css`` too: :func:`dev_file`), else the
    URL path as it is — unless a segment is hidden or ``~`` (``/.ssh/id_rsa``): the map is the page's, so it may
    not point an agent at such files (security review item 3); ``""`` then (the sheet's own place is used)."""
    named = dev_file(unquote(path), roots) if roots else ""
    if named:
        return named
    return "" if _HIDDEN_SEGMENT.search(path) else path


def locate(header: dict, line0: int, col0: int, page_origin: str, maps: dict[str, SourceMap],
           roots: Sequence[str | Path] = ()) -> tuple[str, int]:
    """``(file, line)`` (1-based) of a position in a sheet (0-based, relative to the sheet's text): through the
    sheet's source map when it maps the position to a file on the page's origin (:func:`original_file`; ``roots``:
    the project folders), else the sheet's own URL path
    (an inline ``<style>``'s offset by its start in the document; a document at a directory URL is ``(index)``,
    as in Chromium DevTools). ``("", 0)`` when the sheet has no URL on the
    page's origin (a constructed sheet, a blob)."""
    source_map = maps.get(str(header.get("styleSheetId")))
    if source_map is not None:
        found = source_map.lookup(line0 + 1, col0 + 1)
        if found is not None and same_origin(found.source, page_origin):
            file = original_file(urlsplit(found.source).path, roots)
            if file:
                return file, found.line
    url = str(header.get("sourceURL") or "")
    if header.get("_file"):
        return header["_file"], 0   # a Vite dev <style> without a map: its file, no line (dev_file)
    if not same_origin(url, page_origin) or header.get("isConstructed"):
        return "", 0
    start = int(header.get("startLine") or 0) if header.get("isInline") else 0
    path = urlsplit(url).path or "/"
    if header.get("isInline") and path.endswith("/"):
        # A document at a directory URL has no file name; Chromium DevTools' Sources panel calls it "(index)"
        # (ParsedURL displayName), so an inline <style> at http://host/ reads "/(index):2", not "/:2".
        path += "(index)"
    return path, start + line0 + 1
