"""The browser tools, named and shaped as Playwright MCP's where the job is the same:

============================== =========================================================================
``browser_navigate``           ``navigate(url, timeout_ms?)``
``browser_navigate_back``      ``back(timeout_ms?)``
``browser_navigate_forward``   ``forward(timeout_ms?)``
``browser_tabs``               ``tabs.list`` / ``tabs.new(url?)`` / ``tabs.select(id)`` / ``tabs.close(id?)``
                               (``action`` ``list``/``new``/``select``/``close``, as Playwright MCP's
                               ``browser_tabs``; a tab by Playwright's 0-based ``index``, or by ``id``)
``browser_close``              ``tabs.close()``: the active tab (Playwright MCP's "close the page"); the last
                               tab stays open (``LAST_TAB``): pagenote is the user's desktop app and keeps running
``browser_evaluate``           ``evaluate(expression=function, timeout_ms?, target? | ref?, snapshot_id?)``
``browser_console_messages``   ``console.list(level?, text?, since_id?, limit?, all_documents?)`` (``all``:
                               Playwright MCP's spelling of ``documents``)
``browser_network_requests``   ``network.list(type?, status_min?, url?, filter?, static?, since_id?, limit?,
                               all_documents?)`` (``filter``, ``static``: Playwright MCP's)
``browser_network_request``    ``network.get(id? | url?, body?)`` (chrome-devtools-mcp's ``get_network_request``;
                               ``id`` is its ``reqid``: the ``#id`` of ``browser_network_requests``)
============================== =========================================================================

``documents: "all"`` is the socket's ``all_documents: true`` (the schemas keep to strings and integers, which
generic clients fill reliably; Playwright MCP's booleans ``all`` and ``static`` are taken too). Playwright MCP's
``filename`` (save the list to a file) is refused with why (:data:`NO_FILE`).

Types are checked here (:mod:`app.mcp.arguments`); ranges (``timeout_ms`` 0..300000, ``limit`` 1..200) by
the app, whose ``INVALID_PARAMS`` comes back as it is.
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

from pydantic import Field, WithJsonSchema, model_validator

from app.agent.network import FILTER_CHARS
from app.mcp.arguments import Integer, OptionalBool, ToolParams, optional_enum
from app.mcp.browser_response import (ConsoleReply, EvaluateReply, NavigationReply, NetworkReply,
                                      NetworkRequestReply)
from app.core.errors import PagenoteError
from app.mcp.tabs_reply import TabListReply
from app.mcp.tools.browser_actions import TargetText
from app.mcp.tool import NoParams, ToolContext, ToolDefinition
from app.mcp.untrusted import ACTS_ON_PAGE as _ACTS
from app.mcp.untrusted import READS_PAGE

#: Why ``filename`` (Playwright MCP's "save to a file") is refused by the list tools.
NO_FILE = ("not taken here: pagenote answers with the list as text (page on with since_id and limit); only "
           "browser_take_screenshot writes a file")

#: An optional integer argument (``null`` or absent: the app's default), advertised as ``{"type": "integer"}``.
OptionalInteger = Annotated[Integer | None, WithJsonSchema({"type": "integer"})]
#: An optional string argument, advertised as ``{"type": "string"}``.
OptionalText = Annotated[str | None, WithJsonSchema({"type": "string"})]


def _given(**params: Any) -> dict[str, Any]:
    """The socket params without the arguments left out."""
    return {k: v for k, v in params.items() if v is not None}


class NavigateParams(ToolParams):
    url: Annotated[str, Field(description="The URL to navigate to (http(s), file, or localhost:PORT)")]
    timeout_ms: Annotated[OptionalInteger, Field(description="how long to wait for the load, in ms (0..300000, "
                                                             "default 30000; 0: do not wait)")] = None


class BackParams(ToolParams):
    timeout_ms: Annotated[OptionalInteger, Field(description="how long to wait for the load, in ms "
                                                             "(0..300000, default 30000)")] = None


class TabsParams(ToolParams):
    action: Annotated[Literal["list", "new", "select", "close"],
                      Field(description="list the tabs; new: open a tab (on url, if given) and make it active; "
                                        "select: make a tab active; close: close a tab (default: the active one)")
                      ] = "list"
    index: Annotated[OptionalInteger, Field(description="select, close: the tab's 0-based index in the list "
                                                        "(close without one: the active tab)")] = None
    id: Annotated[OptionalText, Field(description="or the tab's id from the list")] = None
    url: Annotated[OptionalText, Field(description="new: the URL to open; the answer comes once it loaded "
                                                   "(at most 30 s)")] = None


class EvaluateParams(ToolParams):
    function: Annotated[str, Field(description="JavaScript to run in the page's own world: a function such as "
                                               "() => document.title or async () => { … }, or an expression; "
                                               "(element) => … when target is given")]
    timeout_ms: Annotated[OptionalInteger, Field(description="how long it may take to settle, in ms (1..300000, "
                                                             "default 10000)")] = None
    element: Annotated[OptionalText, Field(description="with target: a human-readable description of the element "
                                                       "(for the log; not used to find it)")] = None
    target: Annotated[TargetText, Field(description="Exact target element reference from the page snapshot (e.g. "
                                                    "e12), or a unique element selector (CSS or a locator such as "
                                                    "role=button[name=\"Save\"]): the function gets that element "
                                                    "as its argument (top document only)")] = None
    ref: Annotated[OptionalText, Field(description="a ref from browser_snapshot (e.g. e12), as target")] = None
    snapshot_id: Annotated[OptionalText, Field(description="snapshot_id of the snapshot (or find) the ref comes "
                                                           "from; optional for a ref of the tab's latest one")] = None


class ConsoleParams(ToolParams):
    level: Annotated[optional_enum("debug", "info", "warning", "error"),
                     Field(description="only messages of this level and above (default: all)")] = None
    text: Annotated[OptionalText, Field(description="only messages containing this text (case-insensitive)")] = None
    since_id: Annotated[OptionalInteger, Field(description="only messages after this id (to page on)")] = None
    limit: Annotated[OptionalInteger, Field(description="at most this many messages (1..200, default 50)")] = None
    documents: Annotated[optional_enum("current", "all"),
                         Field(description="current (default): this page's messages; all: also earlier pages'")] = None
    all: Annotated[OptionalBool, Field(description="Playwright MCP's spelling: true is documents \"all\" (also "
                                                   "earlier pages' messages), false the current page's")] = None
    refused: ClassVar[dict[str, str]] = {"filename": NO_FILE}

    @model_validator(mode="after")
    def _one_choice(self):
        if self.all is not None and self.documents is not None and self.all != (self.documents == "all"):
            raise ValueError(f"all: {str(self.all).lower()} contradicts documents {self.documents!r} (give one)")
        return self


class NetworkParams(ToolParams):
    type: Annotated[OptionalText, Field(description="only these types, comma-separated: document, subframe, "
                                                    "script, stylesheet, image, font, xhr, fetch, media, "
                                                    "websocket, preflight, other … (as chrome-devtools-mcp's "
                                                    "resourceTypes)")] = None
    status_min: Annotated[OptionalInteger, Field(description="only responses with this HTTP status or above "
                                                             "(e.g. 400), and failed requests")] = None
    url: Annotated[OptionalText, Field(description="only requests whose URL contains this text "
                                                   "(case-insensitive)")] = None
    filter: Annotated[OptionalText, Field(max_length=FILTER_CHARS, description="only requests whose URL matches this regular expression "
                                                      "(e.g. \"/api/.*user\"; as Playwright MCP's filter; at most "
                                                      "500 characters)")] = None
    static: Annotated[OptionalBool, Field(description="false: leave out successful static resources (image, font, "
                                                      "script, stylesheet, media); true or absent: list them")] = None
    since_id: Annotated[OptionalInteger, Field(description="only requests after this id (to page on)")] = None
    limit: Annotated[OptionalInteger, Field(description="at most this many requests (1..200, default 50)")] = None
    documents: Annotated[optional_enum("current", "all"),
                         Field(description="current (default): this page's requests; all: also earlier pages'")] = None
    refused: ClassVar[dict[str, str]] = {"filename": NO_FILE}


class NetworkRequestParams(ToolParams):
    id: Annotated[OptionalInteger, Field(description="the request's #id from browser_network_requests "
                                                     "(chrome-devtools-mcp's reqid)")] = None
    url: Annotated[OptionalText, Field(description="or: the newest request whose URL contains this text")] = None
    body: Annotated[optional_enum("include", "omit"),
                    Field(description="include: also the response body (text up to 200,000 characters; binary "
                                      "as type and size only); default omit")] = None


async def browser_navigate(args: NavigateParams, ctx: ToolContext) -> NavigationReply:
    """``navigate(url, timeout_ms?)``."""
    return NavigationReply(await ctx.call("navigate", _given(url=args.url, timeout_ms=args.timeout_ms)))


async def browser_navigate_back(args: BackParams, ctx: ToolContext) -> NavigationReply:
    """``back(timeout_ms?)``."""
    return NavigationReply(await ctx.call("back", _given(timeout_ms=args.timeout_ms)))


async def _tab_id(args: TabsParams, ctx: ToolContext) -> str | None:
    """The id of the tab ``args`` names: by ``index`` (looked up in ``tabs.list``) or ``id``; ``None`` when
    neither is given. Raises ``TAB_NOT_FOUND`` for an index outside the list, ``INVALID_PARAMS`` when the
    two name different tabs."""
    if args.index is None:
        return args.id
    listed = await ctx.call("tabs.list")
    if not 0 <= args.index < len(listed):
        raise PagenoteError("TAB_NOT_FOUND", f"no tab at index {args.index}: {len(listed)} open, indexes "
                            f"0..{len(listed) - 1}", "call browser_tabs (action list) for the tabs' indexes")
    found = listed[args.index]["id"]
    if args.id is not None and args.id != found:
        raise PagenoteError("INVALID_PARAMS", f"index {args.index} is tab {found}, not tab {args.id}",
                            "name the tab by index or by id")
    return found


async def browser_tabs(args: TabsParams, ctx: ToolContext) -> TabListReply:
    """``tabs.list``; for ``new``/``select``/``close`` first ``tabs.new`` (waiting for the load, as
    ``navigate`` does) / ``tabs.select`` / ``tabs.close`` (a tab given by ``index`` is looked up in
    ``tabs.list``), then the list as it is after, with what the action did."""
    done: dict[str, Any] = {}
    if args.action == "new":
        done["opened"] = await ctx.call("tabs.new", _given(url=args.url))
    elif args.action == "select":
        tab_id = await _tab_id(args, ctx)
        if tab_id is None:
            raise PagenoteError("INVALID_PARAMS", "action select needs the tab's index (or id)",
                                "call browser_tabs (action list) for the tabs' indexes")
        done["selected"] = (await ctx.call("tabs.select", {"id": tab_id}))["id"]
    elif args.action == "close":
        done["closed"] = await ctx.call("tabs.close", _given(id=await _tab_id(args, ctx)))
    return TabListReply(await ctx.call("tabs.list"), **done)


async def browser_close(args: NoParams, ctx: ToolContext) -> TabListReply:
    """``tabs.close()`` (the active tab), then the list as it is after. The last tab is ``LAST_TAB``."""
    closed = await ctx.call("tabs.close", {})
    return TabListReply(await ctx.call("tabs.list"), closed=closed)


async def browser_navigate_forward(args: BackParams, ctx: ToolContext) -> NavigationReply:
    """``forward(timeout_ms?)``."""
    return NavigationReply(await ctx.call("forward", _given(timeout_ms=args.timeout_ms)))


async def browser_evaluate(args: EvaluateParams, ctx: ToolContext) -> EvaluateReply:
    """``evaluate(expression=function, timeout_ms?, ref?, target?, snapshot_id?)`` (the app checks that ``ref``
    and ``target`` agree)."""
    return EvaluateReply(await ctx.call("evaluate", _given(expression=args.function, timeout_ms=args.timeout_ms,
                                                           ref=args.ref, target=args.target,
                                                           snapshot_id=args.snapshot_id)))


async def browser_console_messages(args: ConsoleParams, ctx: ToolContext) -> ConsoleReply:
    """``console.list(...)``."""
    return ConsoleReply(await ctx.call("console.list", _given(
        level=args.level, text=args.text, since_id=args.since_id, limit=args.limit,
        all_documents=(args.documents == "all" or args.all is True) or None)))


async def browser_network_requests(args: NetworkParams, ctx: ToolContext) -> NetworkReply:
    """``network.list(...)``."""
    return NetworkReply(await ctx.call("network.list", _given(
        type=args.type, status_min=args.status_min, url=args.url, filter=args.filter, static=args.static,
        since_id=args.since_id, limit=args.limit, all_documents=(args.documents == "all") or None)))


async def browser_network_request(args: NetworkRequestParams, ctx: ToolContext) -> NetworkRequestReply:
    """``network.get(id? | url?, body?)``."""
    return NetworkRequestReply(await ctx.call("network.get", _given(
        id=args.id, url=args.url, body=(args.body == "include") or None)))


TOOLS: tuple[ToolDefinition, ...] = (
    ToolDefinition(name="browser_navigate", params=NavigateParams, handler=browser_navigate, annotations=_ACTS,
                   description="Load a URL in the page the user sees in pagenote and wait for it: returns one line "
                               "with the final URL, HTTP status and title (Chromium's error if it failed)."),
    ToolDefinition(name="browser_navigate_back", params=BackParams, handler=browser_navigate_back,
                   annotations=_ACTS, description="Go back to the previous page of the tab; one line: where it "
                                                  "landed, with its HTTP status."),
    ToolDefinition(name="browser_navigate_forward", params=BackParams, handler=browser_navigate_forward,
                   annotations=_ACTS, description="Go forward to the next page of the tab's history; one line: "
                                                  "where it landed, with its HTTP status."),
    ToolDefinition(name="browser_tabs", params=TabsParams, handler=browser_tabs, annotations=_ACTS,
                   description="List, open, select or close tabs (select and close take the tab's index, as "
                               "Playwright MCP's, or its id); answers with one line per tab: index, id, title, "
                               "URL, which is active. new answers once the page loaded. Page tools act on the "
                               "active tab."),
    ToolDefinition(name="browser_close", params=NoParams, handler=browser_close, annotations=_ACTS,
                   description="Close the active tab (the page); the tab to its right, else left, becomes "
                               "active. The last tab stays open (LAST_TAB): pagenote keeps running with a page."),
    ToolDefinition(name="browser_evaluate", params=EvaluateParams, handler=browser_evaluate, annotations=_ACTS,
                   description="Run JavaScript in the page's own world (its app state and functions) and return "
                               "the awaited result as compact JSON, cut to depth 8, 2,000 items, 200 fields and "
                               "200,000 characters per string; a throw is EVALUATE_FAILED with the stack. With a "
                               "target (a ref of browser_snapshot, or a unique selector), the function gets that "
                               "element."),
    ToolDefinition(name="browser_console_messages", params=ConsoleParams, handler=browser_console_messages,
                   annotations=READS_PAGE,
                   description="The page's console messages, uncaught errors and unhandled rejections (all "
                               "frames), one line each with source:line:column and objects previewed, then the "
                               "stack (at most 10 frames), current page by default (all: true or documents: "
                               "\"all\" for earlier pages'); at most 200 per call, each at "
                               "most 2,000 characters, credentials redacted."),
    ToolDefinition(name="browser_network_requests", params=NetworkParams, handler=browser_network_requests,
                   annotations=READS_PAGE,
                   description="The requests of the current page, one line each: method, type, HTTP status or "
                               "failure text, MIME type, bytes on the wire, time to first byte and to the end "
                               "(ms), redacted URL; filter by type, status_min (e.g. 400: errors and failed "
                               "requests), URL text, filter (a regular expression on the URL) and static (false: "
                               "no successful images, fonts, scripts, stylesheets, media); at most 200 per call. "
                               "A revalidated request shows 304, as DevTools. Details come from the tab's "
                               "DevTools session while an agent acts on it (the answer says since when; reload "
                               "for all); earlier requests show method, type and URL only."),
    ToolDefinition(name="browser_network_request", params=NetworkRequestParams, handler=browser_network_request,
                   annotations=READS_PAGE,
                   description="One request by #id (or the newest whose URL contains url): its fields, request "
                               "and response headers with cookies, authorization and tokens redacted, and with "
                               "body=include the response body (text cut at 200,000 characters; binary or over "
                               "5 MB: type and size only)."),
)
