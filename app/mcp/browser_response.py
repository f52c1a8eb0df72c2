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
import time
from dataclasses import dataclass
from typing import Any

from mcp.types import CallToolResult, TextContent

from app.mcp.response import render
from app.mcp.untrusted import framed, page_result, unwrap


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
    """``browser_network_requests``: the ``network.list`` result (``entries``, ``more``?, ``navigation``,
    ``details_since``?)."""

    result: dict[str, Any]


@dataclass(frozen=True)
class NetworkRequestReply:
    """``browser_network_request``: the ``network.get`` result (one entry with its headers and body fields)."""

    result: dict[str, Any]


def navigation_text(result: dict) -> tuple[str, str]:
    """pagenote's line (how the tab got where it is: navigated, HTTP status, still loading) and the page's
    part: ``URL: …`` and ``Title: …`` lines."""
    page = f"URL: {result.get('url', '')}\nTitle: {result.get('title') or '(untitled)'}"
    if result.get("navigated") is False:
        return f"Not navigated: {result.get('reason', 'no history entry')}. Still on the same page:", page
    status = f" (HTTP {result['status']})" if result.get("status") else ""
    if result.get("revalidated"):
        status = f" (HTTP {result['status']}: not modified, the browser's cached copy is shown)"
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
    per stack frame (from CDP's own call frames, never from the page's text: a page cannot forge one), left out
    when the stack is one frame at the message's own place (a top-level script's error)."""
    where = entry.get("source", "") + (f":{entry['line']}" if entry.get("line") else "") + \
        (f":{entry['column']}" if entry.get("column") else "")
    text = str(entry.get("text", "")).replace("\n", "\\n")
    stack = list(entry.get("stack") or ())
    if len(stack) == 1 and where and str(stack[0]).endswith(f"({where})"):
        stack = []
    return [f"#{entry['id']} [{entry['level']}] {text}" + (f" ({where})" if where else ""),
            *(f"    at {frame}" for frame in stack)]


@render.register
def _(reply: ConsoleReply) -> CallToolResult:
    entries = reply.result.get("entries") or []
    if not entries:
        return _ok("No console messages in the current document (documents='all' for earlier ones).",
                   reply.result)
    lines = [line for e in entries for line in console_lines(e)]
    return page_result(f"{len(entries)} console message{'s' if len(entries) != 1 else ''}: #id [level] text "
                       "(source:line:column), line breaks as \\n; stack frames as indented \"at\" lines:",
                       "\n".join(lines), reply.result,
                       _more(reply.result, "messages").lstrip("\n"))


def network_line(entry: dict) -> str:
    """One request as the model reads it: ``"#id METHOD type status [(from disk|memory cache)] [MIME] [size B]
    [ttfb/end ms] URL"`` (a revalidated one's status is 304, as DevTools shows it), then
    ``" — failed: <Chromium's text>"`` for a failed one; the bracketed parts only when DevTools gave them;
    ``type`` is the host's, with DevTools' after a slash when they differ (``xhr/fetch``)."""
    kind = entry.get("type", "other")
    if entry.get("resource_type") and entry["resource_type"] != kind:
        kind += "/" + entry["resource_type"]
    parts = [f"#{entry['id']}", entry.get("method", ""), kind]
    if entry.get("status"):
        parts.append(str(entry["status"]))
    if entry.get("cache") in ("disk", "memory"):   # as DevTools' Size column: no request left
        parts.append(f"(from {entry['cache']} cache)")
    if entry.get("mime"):
        parts.append(entry["mime"])
    if entry.get("size"):
        parts.append(f"{entry['size']}B")
    if entry.get("ttfb_ms") or entry.get("end_ms"):
        parts.append(f"{entry.get('ttfb_ms', 0):g}/{entry.get('end_ms', 0):g}ms")
    parts.append(entry.get("url", ""))
    failure = f" — failed: {entry['failure']}" if entry.get("failure") else ""
    return " ".join(parts) + failure


def details_note(result: dict) -> str:
    """pagenote's line on where the details come from: since when DevTools details exist, or that none do."""
    since = result.get("details_since")
    if since:
        at = time.strftime("%H:%M:%S UTC", time.gmtime(since))
        return (f"DevTools details (status, MIME, size, timing, failure) since {at}; requests sent before have "
                "none: reload the page for all.")
    return ("No DevTools details now (method, type and URL only; the document's status): they come while an "
            "agent acts on the tab — navigate or reload.")


@render.register
def _(reply: NetworkReply) -> CallToolResult:
    entries = reply.result.get("entries") or []
    if not entries:
        return _ok("No requests in the current document (documents='all' for earlier ones; filters narrow).",
                   reply.result)
    tail = "\n".join(t for t in (_more(reply.result, "requests").lstrip("\n"), details_note(reply.result)) if t)
    return page_result(f"{len(entries)} request{'s' if len(entries) != 1 else ''}, one per line (#id method type "
                       "status [MIME] [bytes] [ms to first byte/to end] URL [— failed: why]):",
                       "\n".join(network_line(e) for e in entries), reply.result, tail)


@render.register
def _(reply: NetworkRequestReply) -> CallToolResult:
    result = reply.result
    lines = [network_line(result)]
    for title, key in (("Request headers", "request_headers"), ("Response headers", "response_headers")):
        headers = result.get(key) or {}
        lines += [f"{title}:", *(f"  {name}: {value}" for name, value in headers.items())] if headers else []
    if "body" in result:
        cut = f" (cut: the first {len(result['body']):,} of {result['body_chars']:,} characters)" \
            if result.get("body_cut") else ""
        lines += [f"Response body{cut}:", result["body"]]
    notes = [f"Body not returned: {result['body_omitted']}." if result.get("body_omitted") else "",
             "Secrets in headers (cookies, authorization, tokens) are redacted as REDACTED.",
             details_note(result)]
    return page_result("The request, its headers and, if asked, its body:", "\n".join(lines), result,
                       "\n".join(n for n in notes if n))


# -- what a call changed (app.agent.effects) ------------------------------------------------------------------

#: The hint a reply gives when it cannot say what changed; a result with ``effects`` says it instead.
SNAPSHOT_HINT = "Call browser_snapshot to see what changed (a diff)."


def effects_text(effects: dict[str, Any]) -> tuple[str, str]:
    """pagenote's sentence on what a call changed (a socket result's ``effects``, :mod:`app.agent.effects`),
    meant to follow the block, and the page's part: ``URL:``/``Title:`` lines when they changed, then the
    changed snapshot lines (``""`` when there is none)."""
    sid = effects.get("snapshot_id")
    page = [f"{key}: {effects[field]}" for key, field in (("URL", "url"), ("Title", "title")) if effects.get(field)]
    lines = effects.get("lines") or ""
    shown = len(page) + (lines.count("\n") + 1 if lines else 0)
    last = f"the block's last {shown} lines" if shown != 1 else "the block's last line"
    more = f" {effects['more']} more lines: browser_snapshot." if effects.get("more") else ""
    change = effects.get("change")
    if effects.get("unknown"):
        sentence = f"What it changed is unknown: {effects['unknown']}."
    elif change == "diff":
        sentence = f"Changed: a diff to snapshot {sid} (@@ N: at line N; + added, - removed, ~ changed).{more}"
    elif change == "page":
        sentence = f"The page now: {last}, snapshot {sid} from its top.{more}"
    elif page:
        which = " and ".join(k for k in ("URL", "title") if effects.get(k.lower()))
        sentence = f"The page's lines did not change; its {which} did: {last}."
    else:
        sentence = "No visible change."
    if lines:
        page.append(lines)
    return sentence, "\n".join(page)


def with_effects(result: CallToolResult) -> CallToolResult:
    """``result`` with what the call changed (its structured content's ``effects``) in its text: the changed
    lines at the end of the one untrusted block (:mod:`app.mcp.untrusted`), the sentence of
    :func:`effects_text` on a line after the block (:data:`SNAPSHOT_HINT` dropped from pagenote's words before
    it). Other results as they are."""
    structured = result.structured_content or {}
    effects = structured.get("effects")
    if result.is_error or not isinstance(effects, dict):
        return result
    sentence, lines = effects_text(effects)
    at = next((i for i, item in enumerate(result.content) if item.type == "text"), None)
    text = result.content[at].text if at is not None else ""
    head, page, tail = unwrap(text) or (text, "", "")
    head = head.replace(f" {SNAPSHOT_HINT}", "").replace(SNAPSHOT_HINT, "").rstrip()
    tail = "\n".join(p for p in (sentence, tail) if p)
    page = "\n".join(p for p in (page, lines) if p)
    tab = structured.get("tab")
    text = framed(head, page, tail, tab=tab if isinstance(tab, dict) else None) if page else \
        "\n".join(p for p in (head, tail) if p)
    content = list(result.content)
    if at is None:
        content.insert(0, TextContent(type="text", text=text))
    else:
        content[at] = TextContent(type="text", text=text)
    return CallToolResult(content=content, structured_content=result.structured_content, is_error=result.is_error)
