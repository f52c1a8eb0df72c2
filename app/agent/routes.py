"""The agent socket's opt-in network mocking (issue 27, requirement 6; MCP ``--caps=network``): routes per tab,
through the tab's CDP session's Fetch domain (:mod:`app.webview.cdp`).

Methods (params → result; each result names its tab):

- ``route.add(pattern, status?, body?, contentType?, headers?, removeHeaders?)`` → ``{route, routes}``: requests
  of the tab whose URL matches ``pattern`` are answered with ``status`` (default 200), ``body``, a
  ``Content-Type`` and ``headers`` (``"Name: Value"``) without reaching the network; with ``removeHeaders``
  alone (comma-separated names) they go to the network without those request headers
- ``route.remove(pattern?)`` → ``{removed, routes}``: the routes of that exact pattern, or all
- ``route.list`` → ``{routes: [{pattern, status?, contentType?, body_chars?, headers?, removeHeaders?, hits}]}``

Patterns are Playwright's URL globs (its docs, "Network › Glob URL patterns"): ``*`` any characters but
``/``, ``**`` any characters, ``{a,b}`` either, ``?`` itself; matched against the whole URL
(:mod:`app.protocol.url_glob`: in time linear in the URL; a URL over 16,384 characters matches no route)
(``**/api/users``, ``**/*.{png,jpg}``). The newest matching route answers (Playwright's order).

How: while a tab has routes, its session is held (``hold("routes")``) and ``Fetch.enable`` pauses the
requests whose URL matches one of the routes' patterns in CDP's wildcard form (:func:`cdp_pattern`, a
superset); each ``Fetch.requestPaused`` is answered by ``Fetch.fulfillRequest`` or ``Fetch.continueRequest``
(always one of them: a request left paused would hang the page). Routes are re-enabled when the session
attaches again (the F12 window, a crash) and end with the tab (its session closes).
"""

from __future__ import annotations

import base64
import logging
import re
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr

from app.agent.verify import pinned
from app.core.errors import PagenoteError
from app.protocol.headers import redact_header
from app.protocol.redact import redact_urls
from app.protocol.url_glob import UrlGlob

log = logging.getLogger("pagenote.routes")

#: Most routes one tab keeps; longest body (characters) and most headers one route answers with.
MAX_ROUTES = 50
MAX_BODY = 1_000_000
MAX_HEADERS = 50
_HEADER = re.compile(r"([!#$%&'*+.^_`|~0-9A-Za-z-]+):[ \t]*([^\r\n]*)\Z")


class RouteParams(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    pattern: StrictStr = Field(min_length=1, max_length=2000)
    status: StrictInt | None = Field(default=None, ge=100, le=599)
    body: StrictStr | None = Field(default=None, max_length=MAX_BODY)
    contentType: StrictStr | None = Field(default=None, max_length=200)  # noqa: N815 (Playwright MCP's names)
    headers: list[StrictStr] | None = Field(default=None, max_length=MAX_HEADERS)
    removeHeaders: StrictStr | None = Field(default=None, max_length=2000)  # noqa: N815


class UnrouteParams(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    pattern: StrictStr | None = Field(default=None, min_length=1, max_length=2000)


class NoParams(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


def cdp_pattern(pattern: str) -> str:
    """The CDP ``Fetch.RequestPattern.urlPattern`` (``*`` zero or more characters, ``?`` one, ``\\`` escapes)
    matching at least what the glob ``pattern`` matches: each ``*`` run and ``{…}`` group becomes ``*``."""
    out = re.sub(r"\{[^}]*\}", "*", pattern.replace("\\", "\\\\"))
    return re.sub(r"\*+", "*", out)


def parse_headers(lines: list[str]) -> list[dict]:
    """``["Name: Value", …]`` as CDP ``HeaderEntry`` dicts. Raises ``INVALID_PARAMS`` for a line that is not
    one header (RFC 9110 §5.1 token name, a colon, a value without line breaks)."""
    out = []
    for line in lines:
        m = _HEADER.match(line)
        if not m:
            raise PagenoteError("INVALID_PARAMS", f"route: header {line[:80]!r} is not 'Name: Value'")
        out.append({"name": m.group(1), "value": m.group(2)})
    return out


@dataclass
class Route:
    """One route: its ``pattern`` and compiled ``glob`` (:class:`app.protocol.url_glob.UrlGlob`, linear in the
    URL: a page's long URL cannot freeze the app on a glob of many stars); ``response`` (``status``, ``headers``, ``body``) or
    ``remove`` (request header names, lowercase) — one of the two; ``hits`` counts the requests it answered."""

    pattern: str
    glob: UrlGlob
    status: int | None = None
    content_type: str | None = None
    headers: tuple[dict, ...] = ()
    body: str | None = None
    remove: tuple[str, ...] = ()
    hits: int = 0

    def view(self) -> dict:
        """``{pattern, status?, contentType?, body_chars?, headers?, removeHeaders?, hits}``; header values as
        network results show them (:func:`app.protocol.headers.redact_header`: ``Authorization: Bearer
        REDACTED``), so a credential given to a route is not read back."""
        out = {"pattern": self.pattern, "status": self.status if not self.remove else None,
               "contentType": self.content_type, "body_chars": len(self.body) if self.body else None,
               "headers": [f"{h['name']}: {redact_header(h['name'], h['value'])}" for h in self.headers] or None,
               "removeHeaders": ", ".join(self.remove) or None, "hits": self.hits}
        return {k: v for k, v in out.items() if v is not None}


def make_route(p: RouteParams) -> Route:
    """The :class:`Route` of ``route.add``'s params. Raises ``INVALID_PARAMS`` (pattern, headers, or
    ``removeHeaders`` together with a response)."""
    glob = UrlGlob(p.pattern)   # INVALID_PARAMS for a nested or unclosed '{', too many alternatives
    headers = tuple(parse_headers(p.headers or []))
    answers = p.status is not None or p.body is not None or p.contentType is not None or bool(headers)
    if p.removeHeaders is not None:
        if answers:
            raise PagenoteError("INVALID_PARAMS", "route: removeHeaders sends the request on to the network; "
                                "status, body, contentType and headers answer it instead — not both",
                                "make two routes, or leave one of them out")
        names = tuple(n.strip().lower() for n in p.removeHeaders.split(",") if n.strip())
        if not names:
            raise PagenoteError("INVALID_PARAMS", "route: removeHeaders names no header")
        return Route(p.pattern, glob, remove=names)
    if p.contentType is not None and ("\n" in p.contentType or "\r" in p.contentType):
        raise PagenoteError("INVALID_PARAMS", "route: contentType holds a line break")
    return Route(p.pattern, glob, status=p.status or 200, content_type=p.contentType, headers=headers,
                 body=p.body)


class TabRoutes:
    """The routes of one tab (:func:`routes_of`) and their Fetch interception (module docstring)."""

    def __init__(self, tab: Any) -> None:
        self._tab = weakref.ref(tab)   # not a strong reference: this is the value of a weak-keyed map of tabs
        self.routes: list[Route] = []
        self._release: Callable[[], None] | None = None
        self._unsubscribe: Callable[[], None] | None = None

    @property
    def tab(self) -> Any:
        tab = self._tab()
        if tab is None:
            raise PagenoteError("TAB_NOT_FOUND", "the tab of these routes was closed")
        return tab

    async def add(self, route: Route) -> None:
        """Add ``route`` and intercept its pattern. Raises ``INVALID_PARAMS`` past :data:`MAX_ROUTES`, and the
        CDP errors of ``Fetch.enable`` (then the route is not kept)."""
        if len(self.routes) >= MAX_ROUTES:
            raise PagenoteError("INVALID_PARAMS", f"route: this tab has {MAX_ROUTES} routes already",
                                "remove some with browser_unroute")
        self.routes.append(route)
        try:
            await self._apply()
        except PagenoteError:
            self.routes.remove(route)
            await self._apply()
            raise

    async def remove(self, pattern: str | None) -> int:
        """Remove the routes of ``pattern`` (``None``: all); how many went."""
        before = len(self.routes)
        self.routes = [r for r in self.routes if pattern is not None and r.pattern != pattern]
        removed = before - len(self.routes)
        if removed:
            await self._apply()
        return removed

    async def _apply(self) -> None:
        """Enable Fetch with the routes' patterns, or disable it (and let the session go) when none is left."""
        cdp = self.tab.cdp
        if not self.routes:
            if self._unsubscribe is not None:
                self._unsubscribe()
                self._unsubscribe = None
                cdp.attached.disconnect(self._reattached)
                try:
                    await cdp.send("Fetch.disable")
                except PagenoteError as exc:   # the session went: nothing is intercepted any more either
                    log.debug("Fetch.disable: %s", exc)
            release, self._release = self._release, None
            if release is not None:
                release()
            return
        if self._unsubscribe is None:
            self._release = cdp.hold("routes")
            self._unsubscribe = cdp.subscribe("Fetch.requestPaused", self._paused)
            cdp.attached.connect(self._reattached)
        await cdp.send("Fetch.enable", self._enable_params())

    def _enable_params(self) -> dict:
        patterns = sorted({cdp_pattern(r.pattern) for r in self.routes})
        return {"patterns": [{"urlPattern": p, "requestStage": "Request"} for p in patterns]}

    def _reattached(self) -> None:
        from app.core.tasks import spawn

        if self.routes:
            spawn(self.tab.cdp.send("Fetch.enable", self._enable_params(), use=False), "routes re-enable")

    def _paused(self, params: dict) -> None:
        from app.core.tasks import spawn

        spawn(self._answer(params), "route answer")

    async def _answer(self, params: dict) -> None:
        request_id = params.get("requestId")
        request = params.get("request") or {}
        url = request.get("url", "") + request.get("urlFragment", "")
        route = next((r for r in reversed(self.routes) if r.glob.fullmatch(url)), None)
        cdp = self.tab.cdp
        try:
            if route is None:
                await cdp.send("Fetch.continueRequest", {"requestId": request_id}, use=False)
                return
            route.hits += 1
            if route.remove:
                headers = [{"name": k, "value": v} for k, v in (request.get("headers") or {}).items()
                           if k.lower() not in route.remove]
                await cdp.send("Fetch.continueRequest", {"requestId": request_id, "headers": headers}, use=False)
                return
            headers = list(route.headers)
            if route.content_type is not None:
                headers = [h for h in headers if h["name"].lower() != "content-type"]
                headers.insert(0, {"name": "Content-Type", "value": route.content_type})
            body = base64.b64encode((route.body or "").encode("utf-8")).decode("ascii")
            await cdp.send("Fetch.fulfillRequest", {"requestId": request_id, "responseCode": route.status,
                                                    "responseHeaders": headers, "body": body}, use=False)
        except PagenoteError as exc:
            # The request was not answered (the session went, or Chromium refused the response): send it on,
            # so the page does not hang; an unanswerable one is cancelled by Chromium with its session.
            log.warning("route for %s not answered: %s", redact_urls(url[:200]), exc)
            try:
                await cdp.send("Fetch.continueRequest", {"requestId": request_id}, use=False)
            except PagenoteError:
                pass


_ROUTES: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def routes_of(tab: Any) -> TabRoutes:
    """The :class:`TabRoutes` of ``tab`` (made on first use, kept as long as the tab)."""
    routes = _ROUTES.get(tab)
    if routes is None:
        routes = _ROUTES[tab] = TabRoutes(tab)
    return routes


async def route_add(tab: Any, p: RouteParams) -> dict:
    """``route.add``: ``{route, routes}`` (the route as ``route.list`` shows it; how many the tab has). Raises
    ``INVALID_PARAMS`` (:func:`make_route`, more than :data:`MAX_ROUTES`) and the CDP errors."""
    route = make_route(p)
    routes = routes_of(tab)
    await routes.add(route)
    return {"route": route.view(), "routes": len(routes.routes)}


async def route_remove(tab: Any, p: UnrouteParams) -> dict:
    """``route.remove``: ``{removed, routes}``. Raises ``NOT_FOUND`` for a pattern no route of the tab has."""
    routes = routes_of(tab)
    removed = await routes.remove(p.pattern)
    if p.pattern is not None and not removed:
        raise PagenoteError("NOT_FOUND", f"no route with the pattern {p.pattern[:80]!r} in this tab",
                            "browser_route_list lists the tab's routes")
    return {"removed": removed, "routes": len(routes.routes)}


async def route_list(tab: Any, _p: NoParams) -> dict:
    """``route.list``: ``{routes}``, oldest first (:meth:`Route.view`)."""
    return {"routes": [r.view() for r in routes_of(tab).routes]}


def routes_table(app: Any) -> dict[str, tuple[type[BaseModel], Callable[[Any], Any]]]:
    """The route methods for :class:`app.agent.methods.Methods`' table, each pinned to the active tab."""
    return {"route.add": (RouteParams, pinned(app, route_add)), "route.remove": (UnrouteParams, pinned(app, route_remove)),
            "route.list": (NoParams, pinned(app, route_list))}
