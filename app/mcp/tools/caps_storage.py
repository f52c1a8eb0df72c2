"""The opt-in storage tools (``pagenote mcp --caps=storage``; Playwright MCP's "Storage" group, same names and
arguments), over :mod:`app.agent.storage`: cookies of the tab's page, and its ``localStorage`` /
``sessionStorage``. Lists redact the values of credential-like names, ``HttpOnly`` cookies and token-shaped
values; a get by name answers the value. Values are page data: they follow in the fenced untrusted block.
Not here: ``browser_storage_state`` / ``browser_set_storage_state`` (files of the whole profile's state).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Annotated

from mcp.types import CallToolResult, TextContent, ToolAnnotations
from pydantic import Field, WithJsonSchema

from app.mcp.arguments import ToolParams
from app.mcp.response import render
from app.mcp.tool import NoParams, ToolContext, ToolDefinition
from app.mcp.tools.browser_actions import OptionalBool, OptionalText, _given
from app.mcp.untrusted import READS_PAGE, page_result

_CHANGES = ToolAnnotations(read_only_hint=False, destructive_hint=True, idempotent_hint=True, open_world_hint=True)


class CookieListParams(ToolParams):
    domain: Annotated[OptionalText, Field(description="Filter cookies by domain")] = None
    path: Annotated[OptionalText, Field(description="Filter cookies by path")] = None


class CookieNameParams(ToolParams):
    name: Annotated[str, Field(description="Cookie name")]


class CookieSetParams(ToolParams):
    name: Annotated[str, Field(description="Cookie name")]
    value: Annotated[str, Field(description="Cookie value")]
    domain: Annotated[OptionalText, Field(description="Cookie domain: the page's host or a parent domain of it "
                                                      "(default: the page's host only)")] = None
    path: Annotated[OptionalText, Field(description="Cookie path (default /)")] = None
    expires: Annotated[Annotated[float | None, WithJsonSchema({"type": "number"})], Field(description="Expiry as a Unix timestamp, seconds (default: a session "
                                                       "cookie)")] = None
    httpOnly: Annotated[OptionalBool, Field(description="HTTP only")] = None  # noqa: N815
    secure: Annotated[OptionalBool, Field(description="Secure (https only)")] = None
    sameSite: Annotated[OptionalText, Field(description="Strict, Lax or None")] = None  # noqa: N815


class KeyParams(ToolParams):
    key: Annotated[str, Field(description="Key")]


class SetParams(ToolParams):
    key: Annotated[str, Field(description="Key to set")]
    value: Annotated[str, Field(description="Value to set")]


@dataclass(frozen=True)
class StorageReply:
    """``head`` (pagenote's words), ``page`` (the page's names and values; none: no block), the socket result."""

    head: str
    page: str | None
    result: dict


@render.register
def _(reply: StorageReply) -> CallToolResult:
    if reply.page is None:
        return CallToolResult(content=[TextContent(type="text", text=reply.head)], structured_content=reply.result)
    return page_result(reply.head, reply.page, reply.result, what="cookies and storage")


def _cookie_line(c: dict) -> str:
    flags = [f for f, on in (("HttpOnly", c.get("httpOnly")), ("Secure", c.get("secure"))) if on]
    if c.get("sameSite"):
        flags.append(f"SameSite={c['sameSite']}")
    return f"{c.get('name')}={c.get('value')}  ({c.get('domain')}{c.get('path')}{'; ' + ', '.join(flags) if flags else ''})"


async def browser_cookie_list(a: CookieListParams, ctx: ToolContext) -> StorageReply:
    r = await ctx.call("cookie.list", _given(domain=a.domain, path=a.path))
    cookies = r.get("cookies", [])
    head = f"{len(cookies)} cookie(s) of the page" + (" (more left out)" if r.get("more") else "") + \
        ("; credential-like values show as REDACTED (browser_cookie_get reads one)" if cookies else "") + "."
    return StorageReply(head, "\n".join(_cookie_line(c) for c in cookies) if cookies else None, r)


async def browser_cookie_get(a: CookieNameParams, ctx: ToolContext) -> StorageReply:
    r = await ctx.call("cookie.get", {"name": a.name})
    return StorageReply(f"Cookie {a.name!r}:", "\n".join(_cookie_line(c) for c in r.get("cookies", [])), r)


async def browser_cookie_set(a: CookieSetParams, ctx: ToolContext) -> StorageReply:
    r = await ctx.call("cookie.set", _given(name=a.name, value=a.value, domain=a.domain, path=a.path,
                                            expires=None if a.expires is None else float(a.expires), httpOnly=a.httpOnly, secure=a.secure,
                                            sameSite=a.sameSite))
    seen = "" if r.get("visible_to_page") else " (the page's URL does not send it: another path, or secure on http)"
    return StorageReply(f"Set cookie {a.name!r}{seen}.", None, r)


async def browser_cookie_delete(a: CookieNameParams, ctx: ToolContext) -> StorageReply:
    r = await ctx.call("cookie.delete", {"name": a.name})
    return StorageReply(f"Deleted {r.get('deleted')} cookie(s) named {a.name!r}.", None, r)


async def browser_cookie_clear(_a: NoParams, ctx: ToolContext) -> StorageReply:
    r = await ctx.call("cookie.clear", {})
    return StorageReply(f"Deleted the page's {r.get('deleted')} cookie(s).", None, r)


def _storage_tools(area: str) -> tuple[ToolDefinition, ...]:
    label = f"{area}Storage"

    async def list_(_a: NoParams, ctx: ToolContext) -> StorageReply:
        r = await ctx.call("storage.list", {"area": area})
        items = r.get("items", [])
        head = f"{r.get('count', 0)} {label} item(s)" + (f", the first {len(items)} below" if r.get("more") else "") \
            + ("; credential-like values show as REDACTED, long ones cut (get reads one whole)" if items else "") + "."
        page = "\n".join(f"{json.dumps(i['key'], ensure_ascii=False)}: {json.dumps(i['value'], ensure_ascii=False)}"
                         for i in items)
        return StorageReply(head, page or None, r)

    async def get(a: KeyParams, ctx: ToolContext) -> StorageReply:
        r = await ctx.call("storage.get", {"area": area, "key": a.key})
        return StorageReply(f"{label} {a.key!r} ({r.get('length')} chars{', cut' if r.get('truncated') else ''}):",
                            r.get("value", ""), r)

    async def set_(a: SetParams, ctx: ToolContext) -> StorageReply:
        r = await ctx.call("storage.set", {"area": area, "key": a.key, "value": a.value})
        return StorageReply(f"Set {label} {a.key!r} ({r.get('length')} chars).", None, r)

    async def delete(a: KeyParams, ctx: ToolContext) -> StorageReply:
        r = await ctx.call("storage.delete", {"area": area, "key": a.key})
        return StorageReply(f"Deleted {label} {a.key!r}." if r.get("deleted") else f"{label} had no {a.key!r}.", None, r)

    async def clear(_a: NoParams, ctx: ToolContext) -> StorageReply:
        r = await ctx.call("storage.clear", {"area": area})
        return StorageReply(f"Cleared {label} ({r.get('deleted')} item(s)).", None, r)

    name = f"browser_{area}storage"
    return (
        ToolDefinition(name=f"{name}_list", params=NoParams, handler=list_, annotations=READS_PAGE,
                       description=f"List the page's {label} (key and value; credential-like values REDACTED)."),
        ToolDefinition(name=f"{name}_get", params=KeyParams, handler=get, annotations=READS_PAGE,
                       description=f"Get one {label} item by key (its value, up to 100,000 chars)."),
        ToolDefinition(name=f"{name}_set", params=SetParams, handler=set_, annotations=_CHANGES,
                       description=f"Set a {label} item of the page's origin."),
        ToolDefinition(name=f"{name}_delete", params=KeyParams, handler=delete, annotations=_CHANGES,
                       description=f"Delete a {label} item."),
        ToolDefinition(name=f"{name}_clear", params=NoParams, handler=clear, annotations=_CHANGES,
                       description=f"Clear the page origin's {label}."),
    )


_T = ToolDefinition
TOOLS: tuple[ToolDefinition, ...] = (
    _T(name="browser_cookie_list", params=CookieListParams, handler=browser_cookie_list, annotations=READS_PAGE,
       description="List the cookies the tab's page sends (its own profile only), optionally by domain/path; "
                   "credential-like and HttpOnly values REDACTED."),
    _T(name="browser_cookie_get", params=CookieNameParams, handler=browser_cookie_get, annotations=READS_PAGE,
       description="Get a cookie of the page by name (its value)."),
    _T(name="browser_cookie_set", params=CookieSetParams, handler=browser_cookie_set, annotations=_CHANGES,
       description="Set a cookie for the page's host (or a parent domain of it) with optional path, expires, "
                   "httpOnly, secure, sameSite."),
    _T(name="browser_cookie_delete", params=CookieNameParams, handler=browser_cookie_delete, annotations=_CHANGES,
       description="Delete the page's cookies of a name."),
    _T(name="browser_cookie_clear", params=NoParams, handler=browser_cookie_clear, annotations=_CHANGES,
       description="Delete every cookie the page sends."),
    *_storage_tools("local"),
    *_storage_tools("session"),
)
