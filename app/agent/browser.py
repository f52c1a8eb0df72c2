"""The agent socket's browser methods — navigation, evaluate, console and network — as parameter models, a
dispatch table (:func:`browser_table`, merged into :class:`app.agent.methods.Methods`) and the host side over
the active tab (:class:`BrowserHost`, a base of :class:`app.agent.host.TabsHost`).

Methods (params → result; every result compact JSON: empty optional fields dropped; ``response_mode: "raw"``
adds diagnostics for humans, any other mode is ``INVALID_REQUEST``):

- ``navigate(url, timeout_ms?)``, ``back(timeout_ms?)``, ``forward(timeout_ms?)``, ``reload(timeout_ms?)`` →
  ``{url, title, status?, committed, same_document?, aborted?, loading?, navigated?}``
  (:class:`app.tabs.navigation.Navigator`); ``timeout_ms`` an integer 0..300000 (default 30000; 0: do not wait)
- ``evaluate(expression, timeout_ms?, ref? | target?, snapshot_id?)`` → ``{value, truncated?}``
  (:mod:`app.webview.evaluate`); ``timeout_ms`` 1..300000 (default 10000); with a ``ref`` or ``target``
  (Playwright MCP 0.0.83's name: a ref, or a unique element selector), a function gets its element (top document
  only), pinned as the actions pin theirs (:meth:`app.agent.targets.TargetPins.pin`: ``snapshot_id`` optional
  for a ref of the tab's latest snapshot); ``EVALUATE_DISABLED`` when turned off
- ``console.list(since_id?, level?, text?, limit?, all_documents?)`` → ``{entries, more?, navigation}``;
  ``console.get(id)`` → one entry (:mod:`app.tabs.console`). Both first attach the tab's DevTools session and
  wait for its replay (:meth:`app.tabs.console.ConsoleLog.sync`), so entries carry ``column``, ``stack`` and
  object previews; should the session fail, Qt's entries are answered (raw mode says why in
  ``diagnostics.cdp_error``)
- ``network.list(since_id?, type?, status_min?, url?, limit?, all_documents?)`` → ``{entries, more?,
  navigation, details_since?}``; ``network.get(id? | url?, body?)`` → one request with its headers (and body):
  :mod:`app.agent.network`
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr

from app.agent.targets import OptionalTarget
from app.core.errors import PagenoteError
from app.protocol.redact import redact_urls
from app.tabs.browser import BrowserParts, attach
from app.tabs.console import frame_urls
from app.tabs.navigation import DEFAULT_WAIT_MS, MAX_WAIT_MS, quoted_url
from app.tabs.network_cdp import network_detail
from app.tabs.tab import Tab
from app.webview.evaluate import EvaluateFailed, evaluate
from app.webview.urls import check_agent_url, url_from_user_input

#: Default and longest evaluate wait (ms).
EVALUATE_WAIT_MS = 10_000
#: Longest expression accepted (characters).
EXPRESSION_CHARS = 100_000
#: Most entries one ``console.list`` / ``network.list`` answer carries.
LIST_LIMIT = 200
#: Response modes: ``compact`` (default, for the model) and ``raw`` (adds diagnostics).
RESPONSE_MODES = ("compact", "raw")


class _Params(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    response_mode: StrictStr = "compact"


class HistoryParams(_Params):
    timeout_ms: StrictInt = Field(default=DEFAULT_WAIT_MS, ge=0, le=MAX_WAIT_MS)


class NavigateParams(HistoryParams):
    url: StrictStr = Field(min_length=1, max_length=8_192)


class EvaluateParams(_Params, OptionalTarget):
    """``expression``, ``timeout_ms`` and the optional element (``ref`` | ``target``, ``snapshot_id``,
    ``element``: :class:`app.agent.targets.OptionalTarget`)."""

    expression: StrictStr = Field(min_length=1, max_length=EXPRESSION_CHARS)
    timeout_ms: StrictInt = Field(default=EVALUATE_WAIT_MS, ge=1, le=MAX_WAIT_MS)


class ConsoleListParams(_Params):
    since_id: StrictInt = Field(default=0, ge=0)
    level: Literal["debug", "info", "warning", "error"] | None = None
    text: StrictStr | None = Field(default=None, max_length=200)
    limit: StrictInt = Field(default=50, ge=1, le=LIST_LIMIT)
    all_documents: StrictBool = False


class ConsoleGetParams(_Params):
    id: StrictInt = Field(ge=1)


def compact(result: dict, keep: tuple[str, ...] = ("value", "entries")) -> dict:
    """``result`` without its empty optional fields (``None``, ``""``, ``[]``, ``{}`` at the top
    level; the fields named in ``keep`` always stay: an evaluated value or a list may well be empty)."""
    return {k: v for k, v in result.items() if k in keep or v not in (None, "", [], {})}


def _mode(params: _Params) -> bool:
    """Whether ``params`` asks for the raw mode. Raises ``INVALID_REQUEST`` for an unknown mode."""
    if params.response_mode not in RESPONSE_MODES:
        raise PagenoteError("INVALID_REQUEST", f"unknown response_mode {params.response_mode!r}",
                            "use response_mode 'compact' (the default) or 'raw'")
    return params.response_mode == "raw"


class BrowserHost:
    """The browser methods over the active tab of ``self.app`` (see :class:`app.agent.host.Tabs`);
    ``app.allow_evaluate`` (default true) turns evaluate on or off. Failures are registry errors."""

    app: Any

    def _tab_of_id(self, tab_id: str) -> Tab | None:
        return next((t for t in self.app.tabs if t.id == tab_id), None)

    def _browser(self) -> tuple[Tab, BrowserParts]:
        from app.agent.tabs import acting_tab

        tab = acting_tab(self.app)   # the tab the call was pinned to (app.agent.tabs.stamp_table)
        if tab is None:
            raise PagenoteError("NO_PAGE", "no tab is open")
        return tab, attach(tab)

    def browser_state(self, tab: Tab) -> dict:
        """What ``page.state`` adds for agents: ``status`` (the document's HTTP status) and ``console_errors``
        (error-level console entries of the current document, uncaught errors included), each only when
        non-zero."""
        parts = attach(tab)
        errors = sum(1 for e in parts.console.entries
                     if e.level == "error" and e.navigation == parts.console.navigation)
        return compact({"status": parts.navigator.status or None, "console_errors": errors or None}, keep=())

    async def navigate(self, params: NavigateParams) -> dict:
        url = url_from_user_input(params.url)
        check_agent_url(url, params.url, getattr(self.app, "allow_file_urls", False))
        tab, parts = self._browser()
        await network_detail(tab).ready()  # an acting agent's load is seen whole (app.tabs.network_cdp)
        return self._diagnosed(params, tab, await parts.navigator.navigate(url, params.timeout_ms))

    async def history(self, which: str, params: HistoryParams) -> dict:
        """``which``: ``back``, ``forward`` or ``reload``."""
        tab, parts = self._browser()
        await network_detail(tab).ready()  # an acting agent's load is seen whole (app.tabs.network_cdp)
        return self._diagnosed(params, tab, await getattr(parts.navigator, which)(params.timeout_ms))

    def _diagnosed(self, params: _Params, tab: Tab, result: dict) -> dict:
        """``result`` with ``status: 304, revalidated: true`` when the document's load was a revalidation
        (DevTools saw the server's 304; Qt reports the cached copy's 200: :meth:`NetworkLog.set_status`) and,
        in raw mode, ``diagnostics``: the tab's load counter and its frames' URLs (redacted)."""
        entry = attach(tab).network.document_entry(tab.page.url().toString()) if result.get("status") else None
        if entry is not None and entry.cache == "revalidated" and not result.get("same_document"):
            result.update(status=304, revalidated=True)
        if _mode(params):
            parts = attach(tab)
            result["diagnostics"] = {"navigation": parts.console.navigation, "loading": tab.loading,
                                     "frames": sorted(redact_urls(u) for u in frame_urls(tab.page))}
        return result

    async def evaluate(self, params: EvaluateParams) -> dict:
        if not getattr(self.app, "allow_evaluate", True):
            raise PagenoteError("EVALUATE_DISABLED", "this pagenote runs with evaluate turned off")
        tab, _parts = self._browser()
        started = time.monotonic()
        selector = await self._ref_selector(params) if params.aim is not None or params.snapshot_id else None
        try:
            done = await evaluate(tab.bridge, params.expression, params.timeout_ms, selector)
        except EvaluateFailed as exc:
            if exc.error_name == "RefNotFound":
                raise PagenoteError("STALE_REF", f"the element of {params.aim} is no longer found in the page's "
                                    "world", "take a new snapshot and use a ref from it") from None
            stack = redact_urls(exc.stack)
            message = redact_urls(exc.message) + (f"\n{stack}" if stack else "")
            raise PagenoteError("EVALUATE_FAILED", message) from None
        result = {"value": done.value, "truncated": done.truncated or None}
        if _mode(params):
            result["diagnostics"] = {"url": quoted_url(tab.page.url()),
                                     "elapsed_ms": round((time.monotonic() - started) * 1000)}
        return result

    async def _ref_selector(self, params: EvaluateParams) -> str:
        """The unique CSS selector, in the top document, of the element ``params`` names: its ``ref`` or
        ``target`` pinned as an action's (:meth:`app.agent.targets.TargetPins.pin`: a ref with or without its
        ``snapshot_id``, or a selector), then found by ``ref.resolve`` (:mod:`app.agent.snapshots`). Raises
        ``INVALID_PARAMS`` (a ``snapshot_id`` alone, or with a selector), ``STALE_REF``, ``REF_IN_OTHER_TAB``
        (before the other tab is touched), ``BAD_SELECTOR``, ``SELECTOR_NOT_FOUND``, ``SELECTOR_NOT_UNIQUE``, and
        ``INVALID_REQUEST`` for an element inside an iframe or without a unique selector (evaluate hands only
        top-document elements over, found again by selector)."""
        if params.aim is None:
            raise PagenoteError("INVALID_PARAMS", "evaluate: snapshot_id goes with a ref",
                                "pass ref (or target) with it, or leave snapshot_id out")
        from app.agent.snapshots import RefParams

        tab, _parts = self._browser()
        ref, snapshot_id = await self.pin(params.aim, params.snapshot_id)
        # A ref of another tab's snapshot is refused before that tab's page is asked anything.
        where = await self._snapshots().resolve(self._tab_of_id, RefParams(ref=ref, snapshot_id=snapshot_id),
                                                acting=tab, tabs=self.app.tabs)
        if where.get("frame"):
            raise PagenoteError("INVALID_REQUEST", f"{ref} is inside an iframe ({where['frame']})",
                                "evaluate hands over elements of the top document only; select the element "
                                "inside the function instead")
        if not where.get("selector"):
            raise PagenoteError("INVALID_REQUEST", f"{ref} has no unique CSS selector to find it by in "
                                "the page's world", "select the element inside the function instead")
        return where["selector"]

    async def console_list(self, params: ConsoleListParams) -> dict:
        _tab, parts = self._browser()
        log = parts.console
        await log.sync()
        entries, more = log.select(since_id=params.since_id, level=params.level, text=params.text,
                                   all_documents=params.all_documents, limit=params.limit)
        result = {"entries": [e.compact() for e in entries], "more": more or None, "navigation": log.navigation}
        if _mode(params):
            result["diagnostics"] = compact({"ring_entries": len(log.entries), "logged": log._next_id - 1,
                                             "cdp_error": log.cdp_error}, keep=())
        return result

    async def console_get(self, params: ConsoleGetParams) -> dict:
        _mode(params)
        _tab, parts = self._browser()
        await parts.console.sync()
        entry = parts.console.get(params.id)
        if entry is None:
            raise PagenoteError("NOT_FOUND", f"no console entry {params.id}",
                                "call console.list for the ids (old entries leave the ring)")
        return entry.compact()


def browser_table(host: Any) -> dict[str, tuple[type[BaseModel], Callable[[Any], Any]]]:
    """The browser methods for :class:`app.agent.methods.Methods`' table: ``name → (params model, handler)``;
    every handler's result is made :func:`compact`. ``host`` is a :class:`BrowserHost`."""
    from app.agent.network import network_table  # network.list / network.get (it imports this module)

    def compacted(handler: Callable[[Any], Any], check_mode: bool = True) -> Callable[[Any], Any]:
        async def run(params: Any) -> Any:
            if check_mode:
                _mode(params)
            result = handler(params)
            if hasattr(result, "__await__"):
                result = await result
            return compact(result)
        return run

    return {
        "navigate": (NavigateParams, compacted(host.navigate)),
        "back": (HistoryParams, compacted(lambda p: host.history("back", p))),
        "forward": (HistoryParams, compacted(lambda p: host.history("forward", p))),
        "reload": (HistoryParams, compacted(lambda p: host.history("reload", p))),
        "evaluate": (EvaluateParams, compacted(host.evaluate)),
        "console.list": (ConsoleListParams, compacted(host.console_list)),
        "console.get": (ConsoleGetParams, compacted(host.console_get)),
        **network_table(host, compacted),
    }
