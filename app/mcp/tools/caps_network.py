"""The opt-in network mocking tools (``pagenote mcp --caps=network``; Playwright MCP's routes, same names and
arguments), over :mod:`app.agent.routes`: routes of the tab, answered through its CDP session's Fetch domain,
kept until unrouted or the tab closes. Not here: ``browser_network_state_set`` (offline is ``browser_emulate``'s
``network: "offline"``). The replies are pagenote's words and the agent's own patterns: no page content.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from mcp.types import CallToolResult, TextContent, ToolAnnotations
from pydantic import Field, WithJsonSchema

from app.mcp.arguments import ToolParams
from app.mcp.response import render
from app.mcp.tool import NoParams, ToolContext, ToolDefinition
from app.mcp.tools.browser_actions import OptionalInteger, OptionalText, _given

_ROUTES = ToolAnnotations(read_only_hint=False, destructive_hint=False, idempotent_hint=False, open_world_hint=False)
_READ = ToolAnnotations(read_only_hint=True, open_world_hint=False)


class RouteParams(ToolParams):
    pattern: Annotated[str, Field(description='URL glob to match (e.g. "**/api/users", "**/*.{png,jpg}"): * any '
                                              'characters but /, ** any characters, {a,b} either')]
    status: Annotated[OptionalInteger, Field(description="HTTP status code to answer (default 200)")] = None
    # A plain str (not Optional): the SDK decodes a JSON-looking string given to any other type (its
    # pre_parse_json), and a body is often JSON text.
    body: Annotated[str, Field(description="Response body (text or JSON string)")] = ""
    contentType: Annotated[OptionalText, Field(description='Content-Type header (e.g. "application/json")')] = None  # noqa: N815
    headers: Annotated[Annotated[list[str] | None, WithJsonSchema({"type": "array", "items": {"type": "string"}})],
                       Field(description='Headers to add to the response, "Name: Value"')] = None
    removeHeaders: Annotated[OptionalText, Field(description="Comma-separated request header names to remove; the "  # noqa: N815
                                                             "request then goes to the network (not with a response)")] = None


class UnrouteParams(ToolParams):
    pattern: Annotated[OptionalText, Field(description="URL pattern to unroute (omit to remove all routes)")] = None


@dataclass(frozen=True)
class RouteReply:
    text: str
    result: dict


@render.register
def _(reply: RouteReply) -> CallToolResult:
    return CallToolResult(content=[TextContent(type="text", text=reply.text)], structured_content=reply.result)


def route_line(r: dict) -> str:
    """One route as ``browser_route_list`` shows it."""
    if r.get("removeHeaders"):
        what = f"network without request headers {r['removeHeaders']}"
    else:
        what = f"{r.get('status')} {r.get('contentType') or '(no Content-Type)'}, {r.get('body_chars', 0)} chars"
        if r.get("headers"):
            what += ", headers " + "; ".join(r["headers"])
    return f"{r.get('pattern')} → {what} ({r.get('hits', 0)} hit{'s' if r.get('hits') != 1 else ''})"


async def browser_route(a: RouteParams, ctx: ToolContext) -> RouteReply:
    r = await ctx.call("route.add", _given(pattern=a.pattern, status=a.status, body=a.body or None, contentType=a.contentType,
                                           headers=a.headers, removeHeaders=a.removeHeaders))
    return RouteReply(f"Route added: {route_line(r['route'])}. The tab has {r.get('routes')} route(s).", r)


async def browser_unroute(a: UnrouteParams, ctx: ToolContext) -> RouteReply:
    r = await ctx.call("route.remove", _given(pattern=a.pattern))
    return RouteReply(f"Removed {r.get('removed')} route(s); {r.get('routes')} left.", r)


async def browser_route_list(_a: NoParams, ctx: ToolContext) -> RouteReply:
    r = await ctx.call("route.list", {})
    routes = r.get("routes", [])
    if not routes:
        return RouteReply("No routes in this tab.", r)
    return RouteReply(f"{len(routes)} route(s), newest last (the newest match answers):\n"
                      + "\n".join(route_line(x) for x in routes), r)


_T = ToolDefinition
TOOLS: tuple[ToolDefinition, ...] = (
    _T(name="browser_route", params=RouteParams, handler=browser_route, annotations=_ROUTES,
       description="Mock the tab's network requests matching a URL pattern: answer them with a status, body, "
                   "content type and headers (or send them on without some request headers). Until "
                   "browser_unroute or the tab closes."),
    _T(name="browser_route_list", params=NoParams, handler=browser_route_list, annotations=_READ,
       description="List the tab's routes, with how many requests each answered."),
    _T(name="browser_unroute", params=UnrouteParams, handler=browser_unroute, annotations=_ROUTES,
       description="Remove the routes of a pattern (or all routes if no pattern is given)."),
)
