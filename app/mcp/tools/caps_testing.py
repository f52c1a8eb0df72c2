"""The opt-in testing tools (``pagenote mcp --caps=testing``; Playwright MCP's "Test assertions" group, same names
and arguments), over :mod:`app.agent.verify`:

==================================== ========================================================================
``browser_generate_locator``         ``locator.generate(target, snapshot_id?)``: the best locator as Playwright
                                     code, and pagenote's ranked locators
``browser_verify_element_visible``   ``verify.element(role, name=accessibleName)``
``browser_verify_text_visible``      ``verify.text(text)``
``browser_verify_value``             ``verify.value(target, snapshot_id?, type, value)``
``browser_verify_list_visible``      ``verify.list(target, snapshot_id?, items)``
==================================== ========================================================================

``target`` is a ref of the latest snapshot (``snapshot_id`` optional; pagenote's addition) or a unique selector.
A failed check is ``isError: true`` with what was found instead; the page's words (names, texts, a value)
follow in the fenced untrusted block (:mod:`app.mcp.untrusted`), never a secret field's value.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any

from mcp.types import CallToolResult, TextContent
from pydantic import Field

from app.core.wording import a_or_an
from app.mcp.arguments import ToolParams
from app.mcp.response import render
from app.mcp.tool import ToolContext, ToolDefinition
from app.mcp.tools.browser_actions import Element, OptionalText, _given
from app.mcp.untrusted import READS_PAGE, page_result

Target = Annotated[str, Field(description="Exact target element reference from the page snapshot (e.g. e12), or a "
                                          "unique element selector (CSS, or a locator such as role=button[name=\"Go\"])")]
SnapshotId = Annotated[OptionalText, Field(description="snapshot_id the ref comes from (default: the newest "
                                                       "snapshot of the tab that shows it)")]


class LocatorParams(ToolParams):
    element: Element = None
    target: Target
    snapshot_id: SnapshotId = None


class ElementVisibleParams(ToolParams):
    role: Annotated[str, Field(description='ROLE of the element, as the snapshot shows it: - {ROLE} "Accessible Name"')]
    accessibleName: Annotated[str, Field(description='ACCESSIBLE_NAME of the element, as the snapshot shows it: '  # noqa: N815
                                                     '- role "{ACCESSIBLE_NAME}"')]


class TextVisibleParams(ToolParams):
    text: Annotated[str, Field(description="TEXT to find among the page's visible text (case-insensitive)")]


class ValueParams(ToolParams):
    type: Annotated[str, Field(description="Type of the element: textbox, checkbox, radio, combobox or slider")]
    element: Element = None
    target: Target
    snapshot_id: SnapshotId = None
    value: Annotated[str, Field(description='Value to verify. For a checkbox or radio, "true" or "false"')]


class ListParams(ToolParams):
    element: Element = None
    target: Annotated[str, Field(description="Exact target element reference that points to the list")]
    snapshot_id: SnapshotId = None
    items: Annotated[list[str], Field(description="Items (texts) the list must show")]


@dataclass(frozen=True)
class CheckReply:
    """A check's socket result (``passed`` …), the line when it passed, and the line and page lines when not."""

    result: dict
    passed_text: str
    failed_head: str
    found: list[str]


@render.register
def _(reply: CheckReply) -> CallToolResult:
    structured = reply.result
    if structured.get("passed"):
        return CallToolResult(content=[TextContent(type="text", text=reply.passed_text)], structured_content=structured)
    if reply.found:
        result = page_result(reply.failed_head, "\n".join(reply.found), structured, what="what was found")
        return CallToolResult(content=result.content, structured_content=structured, is_error=True)
    return CallToolResult(content=[TextContent(type="text", text=reply.failed_head)], structured_content=structured,
                          is_error=True)


@dataclass(frozen=True)
class LocatorReply:
    result: dict
    target: str


@render.register
def _(reply: LocatorReply) -> CallToolResult:
    r = reply.result
    if not r.get("best"):
        return CallToolResult(content=[TextContent(type="text", text=f"No locator finds {reply.target!r} alone "
                                                   "(its role, name, test id, text and path are all shared).")],
                              structured_content=r, is_error=True)
    lines = [r["best"], *[f"also: {code}" for code in r.get("playwright", [])[1:]]]
    return page_result(f"Locator for {reply.target!r} (Playwright, best first; each finds it alone):", "\n".join(lines),
                       r, what="locators built from the page")


def _quoted(items: list[Any]) -> list[str]:
    return [f'"{item}"' for item in items]


async def browser_generate_locator(a: LocatorParams, ctx: ToolContext) -> LocatorReply:
    return LocatorReply(await ctx.call("locator.generate", _given(target=a.target, snapshot_id=a.snapshot_id,
                                                                  element=a.element)), a.target)


async def browser_verify_element_visible(a: ElementVisibleParams, ctx: ToolContext) -> CheckReply:
    r = await ctx.call("verify.element", {"role": a.role, "name": a.accessibleName})
    if r.get("matches"):
        head = (f"Not visible: {r['matches']} {a.role} element(s) named like {a.accessibleName!r} exist, none is "
                "drawn (no box, or visibility hidden).")
    else:
        head = (f"No {a.role} named like {a.accessibleName!r} (case-insensitive). "
                + ("Other names of that role, below." if r.get("others") else f"The page has no other {a.role}."))
    return CheckReply(r, f"Verified: {a_or_an(a.role)} named like {a.accessibleName!r} is visible.", head,
                      _quoted(r.get("others") or []))


async def browser_verify_text_visible(a: TextVisibleParams, ctx: ToolContext) -> CheckReply:
    r = await ctx.call("verify.text", {"text": a.text})
    if r.get("hidden"):
        head = f"Not visible: {a.text!r} is in the document but not drawn (hidden by CSS, or in a closed part)."
    else:
        head = f"No visible text contains {a.text!r} (case-insensitive)."
    if r.get("near"):
        head += " Visible texts with its first word, below."
    return CheckReply(r, f"Verified: {a.text!r} is visible.", head, _quoted(r.get("near") or []))


async def browser_verify_value(a: ValueParams, ctx: ToolContext) -> CheckReply:
    r = await ctx.call("verify.value", _given(target=a.target, snapshot_id=a.snapshot_id, type=a.type, value=a.value,
                                              element=a.element))
    found: list[str] = []
    if r.get("secret"):
        head = (f"The value of {a.target} differs from the one given. It is not shown: a secret field's value, or "
                f"text typed into an editable region ({r.get('length', 0)} characters).")
    else:
        head = f"The value of {a.target} is not {a.value!r}; it is, below:"
        label = f' (label "{r["label"]}")' if r.get("label") else ""
        found = [f'"{r.get("actual", "")}"' + (" (cut)" if r.get("truncated") else "") + label]
    return CheckReply(r, f"Verified: {a.target} holds {a.value!r}.", head, found)


async def browser_verify_list_visible(a: ListParams, ctx: ToolContext) -> CheckReply:
    r = await ctx.call("verify.list", _given(target=a.target, snapshot_id=a.snapshot_id, items=a.items,
                                             element=a.element))
    missing = r.get("missing") or []
    head = (f"{len(missing)} of {len(a.items)} item(s) not visible in {a.target}: "
            + ", ".join(repr(m) for m in missing[:10]) + ".")
    if r.get("hidden"):
        head += " The list itself is not drawn."
    found = r.get("found") or []
    if found:
        head += " Its visible items, below."
    return CheckReply(r, f"Verified: {a.target} shows all {len(a.items)} item(s).", head, _quoted(found))


_T = ToolDefinition
TOOLS: tuple[ToolDefinition, ...] = (
    _T(name="browser_generate_locator", params=LocatorParams, handler=browser_generate_locator, annotations=READS_PAGE,
       description="Generate a locator for an element, for tests: the best Playwright locator (getByRole, "
                   "getByLabel, getByTestId …) that finds it alone, then the others pagenote verified."),
    _T(name="browser_verify_element_visible", params=ElementVisibleParams, handler=browser_verify_element_visible,
       annotations=READS_PAGE,
       description="Verify an element of a role and accessible name is visible on the page (an error naming what "
                   "is there instead when not)."),
    _T(name="browser_verify_text_visible", params=TextVisibleParams, handler=browser_verify_text_visible,
       annotations=READS_PAGE,
       description="Verify text is visible on the page. Prefer browser_verify_element_visible when you can."),
    _T(name="browser_verify_value", params=ValueParams, handler=browser_verify_value, annotations=READS_PAGE,
       description="Verify a form element's value (a checkbox's or radio's: \"true\"/\"false\"); an error with "
                   "the value found instead — never a secret field's."),
    _T(name="browser_verify_list_visible", params=ListParams, handler=browser_verify_list_visible,
       annotations=READS_PAGE,
       description="Verify a list shows the given items (each item's text visible inside it)."),
)
