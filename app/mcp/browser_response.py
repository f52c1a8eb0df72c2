"""Formatting of the browser tools' results (navigation, evaluate, console, network): reply records and their
:func:`app.mcp.response.render` rules, registered when this module is imported (by
:mod:`app.mcp.tools.browser`, as :mod:`app.mcp.response` registers its own at import).

Text is compact and meant for the model: one line per navigation outcome, evaluate's value as compact JSON,
one line per console message or request, and a last line saying how to ask for what was left out. The
socket's JSON goes along as ``structuredContent``. No text ever carries base64.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from mcp.types import CallToolResult, TextContent

from app.mcp.response import render


def _ok(text: str, structured: dict) -> CallToolResult:
    return CallToolResult(content=[TextContent(type="text", text=text)], structured_content=structured)


@dataclass(frozen=True)
class NavigationReply:
    """``browser_navigate`` / ``browser_navigate_back``: the ``navigate`` / ``back`` result."""

    result: dict[str, Any]


@dataclass(frozen=True)
class EvaluateReply:
    """``browser_evaluate``: the ``evaluate`` result (``value``, ``truncated``?)."""

    result: dict[str, Any]


@dataclass(frozen=True)
class ConsoleReply:
    """``browser_console_messages``: the ``console.list`` result (``entries``, ``more``?, ``navigation``)."""

    result: dict[str, Any]


@dataclass(frozen=True)
class NetworkReply:
    """``browser_network_requests``: the ``network.list`` result (``entries``, ``more``?, ``navigation``)."""

    result: dict[str, Any]


def navigation_text(result: dict) -> str:
    """One line: where the tab is now and how it got there."""
    url, title = result.get("url", ""), result.get("title") or "(untitled)"
    if result.get("navigated") is False:
        return f"Not navigated: {result.get('reason', 'no history entry')}. Still on {url} — {title}"
    status = f" (HTTP {result['status']})" if result.get("status") else ""
    how = ("Navigated within the document to" if result.get("same_document") else
           "Load aborted after the page committed; now on" if result.get("aborted") else
           "Started loading" if result.get("committed") is False else "Navigated to")
    tail = "; still loading" if result.get("loading") and result.get("committed") is not False else ""
    return f"{how} {url}{status} — {title}{tail}"


def _more(result: dict, what: str) -> str:
    entries = result.get("entries") or []
    if not result.get("more"):
        return ""
    return f"\n{result['more']} more {what}: call again with since_id={entries[-1]['id']}"


@render.register
def _(reply: NavigationReply) -> CallToolResult:
    return _ok(navigation_text(reply.result), reply.result)


@render.register
def _(reply: EvaluateReply) -> CallToolResult:
    text = json.dumps(reply.result.get("value"), ensure_ascii=False, separators=(",", ":"))
    if reply.result.get("truncated"):
        text += "\n(cut to evaluate's limits: depth 8, 2,000 items, 200 fields, 200,000 characters per string)"
    return _ok(text, reply.result)


@render.register
def _(reply: ConsoleReply) -> CallToolResult:
    entries = reply.result.get("entries") or []
    if not entries:
        return _ok("No console messages in the current document (documents='all' for earlier ones).",
                   reply.result)
    lines = []
    for e in entries:
        where = e.get("source", "") + (f":{e['line']}" if e.get("line") else "")
        lines.append(f"#{e['id']} [{e['level']}] {e['text']}" + (f" ({where})" if where else ""))
    return _ok("\n".join(lines) + _more(reply.result, "messages"), reply.result)


@render.register
def _(reply: NetworkReply) -> CallToolResult:
    entries = reply.result.get("entries") or []
    if not entries:
        return _ok("No requests in the current document (documents='all' for earlier ones).", reply.result)
    lines = [f"#{e['id']} {e['method']} {e['type']}" + (f" {e['status']}" if e.get("status") else "") + f" {e['url']}"
             for e in entries]
    return _ok("\n".join(lines) + _more(reply.result, "requests"), reply.result)
