"""Formatting of the browser tools' results (navigation, evaluate, console, network): reply records and their
:func:`app.mcp.response.render` rules, registered when this module is imported (by
:mod:`app.mcp.tools.browser`, as :mod:`app.mcp.response` registers its own at import).

Text is compact and meant for the model: one line per navigation outcome, evaluate's value as compact JSON,
one line per console message or request, and a last line saying how to ask for what was left out. What the
page wrote (the URL and title navigated to, evaluate's value, console text, request URLs) is in one fenced
block after a framing line (:mod:`app.mcp.untrusted`); pagenote's words stay outside it. The socket's JSON goes
along as ``structuredContent``. No text ever carries base64.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from mcp.types import CallToolResult, TextContent

from app.mcp.response import render
from app.mcp.untrusted import page_result


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


def navigation_text(result: dict) -> tuple[str, str]:
    """pagenote's line (how the tab got where it is: navigated, HTTP status, still loading) and the page's
    part: ``URL: …`` and ``Title: …`` lines."""
    page = f"URL: {result.get('url', '')}\nTitle: {result.get('title') or '(untitled)'}"
    if result.get("navigated") is False:
        return f"Not navigated: {result.get('reason', 'no history entry')}. Still on the same page:", page
    status = f" (HTTP {result['status']})" if result.get("status") else ""
    how = ("Navigated within the document" if result.get("same_document") else
           "Load aborted after the page committed" if result.get("aborted") else
           "Started loading" if result.get("committed") is False else "Navigated")
    tail = "; still loading" if result.get("loading") and result.get("committed") is not False else ""
    return f"{how}{status}{tail}. Now on:", page


def _more(result: dict, what: str) -> str:
    entries = result.get("entries") or []
    if not result.get("more"):
        return ""
    return f"\n{result['more']} more {what}: call again with since_id={entries[-1]['id']}"


@render.register
def _(reply: NavigationReply) -> CallToolResult:
    return page_result(*navigation_text(reply.result), reply.result)


@render.register
def _(reply: EvaluateReply) -> CallToolResult:
    value = json.dumps(reply.result.get("value"), ensure_ascii=False, separators=(",", ":"))
    cut = ("Cut to evaluate's limits: depth 8, 2,000 items, 200 fields, 200,000 characters per string."
           if reply.result.get("truncated") else "")
    return page_result("The function's result as JSON:", value, reply.result, cut, info="json")


def console_lines(entry: dict) -> list[str]:
    """One console entry as the model reads it: ``"#id [level] text (source:line:column)"`` — the text's line
    breaks shown as ``\\n``, so the page's text is one line — then one ``"    at fn (url:line:column)"`` line
    per stack frame (from CDP's own call frames, never from the page's text: a page cannot forge one)."""
    where = entry.get("source", "") + (f":{entry['line']}" if entry.get("line") else "") + \
        (f":{entry['column']}" if entry.get("column") else "")
    text = str(entry.get("text", "")).replace("\n", "\\n")
    return [f"#{entry['id']} [{entry['level']}] {text}" + (f" ({where})" if where else ""),
            *(f"    at {frame}" for frame in entry.get("stack") or ())]


@render.register
def _(reply: ConsoleReply) -> CallToolResult:
    entries = reply.result.get("entries") or []
    if not entries:
        return _ok("No console messages in the current document (documents='all' for earlier ones).",
                   reply.result)
    lines = [line for e in entries for line in console_lines(e)]
    return page_result(f"{len(entries)} console message{'s' if len(entries) != 1 else ''}, one per line "
                       "(#id [level] text (source:line:column); line breaks in the text as \\n), each followed "
                       "by its stack frames, if any, as indented \"at\" lines:", "\n".join(lines), reply.result,
                       _more(reply.result, "messages").lstrip("\n"))


@render.register
def _(reply: NetworkReply) -> CallToolResult:
    entries = reply.result.get("entries") or []
    if not entries:
        return _ok("No requests in the current document (documents='all' for earlier ones).", reply.result)
    lines = [f"#{e['id']} {e['method']} {e['type']}" + (f" {e['status']}" if e.get("status") else "") + f" {e['url']}"
             for e in entries]
    return page_result(f"{len(entries)} request{'s' if len(entries) != 1 else ''}, one per line (#id method type "
                       "status URL):", "\n".join(lines), reply.result, _more(reply.result, "requests").lstrip("\n"))
