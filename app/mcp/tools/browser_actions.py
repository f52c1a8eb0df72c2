"""The action tools, named and shaped as Playwright MCP 0.0.83's: the element is ``target`` (a ref of a
snapshot, or a unique element selector; Playwright MCP's name) or ``ref`` (pagenote's earlier name, kept), with
a human-readable ``element``; ``snapshot_id`` (pagenote's) is needed only for a ref of a snapshot other than
the tab's latest (:mod:`app.agent.targets`). Plus ``browser_find`` and ``browser_extract``:

=========================== ===================================================================================
``browser_click``           ``click(target|ref, snapshot_id?, button?, modifiers?, double=doubleClick)``
``browser_hover``           ``hover(target|ref, snapshot_id?)``
``browser_type``            ``fill(target|ref, snapshot_id?, text, submit?)`` — replaces the field's value, as
                            Playwright MCP's does; ``slowly: true`` → ``type`` (key by key, after what it holds)
``browser_press_key``       ``press(key, target|ref?, snapshot_id?)``
``browser_select_option``   ``select_option(target|ref, snapshot_id?, values)``
``browser_check``           ``check`` / ``uncheck(target|ref, snapshot_id?)`` (``checked``)
``browser_scroll``          ``scroll(target|ref?, snapshot_id?, dx?, dy?)``
``browser_drag``            ``drag(start_target|start_ref=startTarget|startRef, end_…=endTarget|endRef,
                            snapshot_id?)``
``browser_handle_dialog``   ``dialog.handle(accept, prompt_text=promptText)``
``browser_find``            ``find(text, limit?)``
``browser_extract``         ``extract(selector?, max_chars?)``
=========================== ===================================================================================

The replies are one line (what was done to which ref); an action whose input opened a JavaScript dialog
succeeded — its reply says the dialog is open and to answer it with ``browser_handle_dialog`` (not an error:
a retry would act twice). What the page wrote (the element's role and accessible name, the options selected, a
dialog's text, found and extracted text) follows in one fenced block after a framing line
(:mod:`app.mcp.untrusted`). The reply records and their rendering live here (registered with
:func:`app.mcp.response.render` on import).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, Literal

from mcp.types import CallToolResult, TextContent
from pydantic import BeforeValidator, Field, StrictBool, WithJsonSchema, model_validator

from app.core.wording import a_or_an
from app.mcp.arguments import Integer, ToolParams, optional_enum, list_from_text
from app.mcp.response import render
from app.mcp.tool import ToolContext, ToolDefinition
from app.mcp.untrusted import ACTS_ON_PAGE as _ACTS
from app.mcp.untrusted import READS_PAGE, page_result


def _bool_from_text(value: Any) -> Any:
    if isinstance(value, str) and value.strip().lower() in ("true", "false"):
        return value.strip().lower() == "true"
    return value




#: An optional boolean — ``true``/``false``, or the strings ``"true"``/``"false"`` (never ``1`` or ``"yes"``) —
#: advertised as ``{"type": "boolean"}``.
OptionalBool = Annotated[Annotated[StrictBool, BeforeValidator(_bool_from_text)] | None,
                         WithJsonSchema({"type": "boolean"})]
OptionalInteger = Annotated[Integer | None, WithJsonSchema({"type": "integer"})]
OptionalText = Annotated[str | None, WithJsonSchema({"type": "string"})]
Element = Annotated[OptionalText, Field(description="Human-readable element description (for the user's log; "
                                                    "the ref finds the element)")]
Ref = Annotated[OptionalText, Field(description="Exact element reference from browser_snapshot or browser_find "
                                                "(e.g. e12); or pass it as target")]
#: A target: a ref or a selector, at most 2,000 characters (the socket's bound, stated in the schema).
TargetText = Annotated[Annotated[str, Field(max_length=2000)] | None,
                       WithJsonSchema({"type": "string", "maxLength": 2000})]
Target = Annotated[TargetText, Field(description="Exact target element reference from the page snapshot (e.g. e12), "
                                                   "or a unique element selector: CSS (one element of the top "
                                                   "document; 'host >> inner' enters open shadow roots) or a "
                                                   "locator such as role=button[name=\"Save\"], label=\"Email\", "
                                                   "text=\"Save\", testid=submit")]
SnapshotId = Annotated[OptionalText, Field(description="snapshot_id of the snapshot (or find) the ref comes from; "
                                                       "optional for a ref of the tab's latest one")]


def _given(**params: Any) -> dict[str, Any]:
    return {k: v for k, v in params.items() if v is not None}


class _Aimed(ToolParams):
    """An element by ``target`` or ``ref`` (one of them; both given, they must agree)."""

    element: Element = None
    target: Target = None
    ref: Ref = None
    snapshot_id: SnapshotId = None

    @model_validator(mode="after")
    def _aimed(self) -> "_Aimed":
        if self.target is None and self.ref is None:
            raise ValueError("give target (a ref such as e12, or a unique element selector) or ref")
        if self.target is not None and self.ref is not None and self.target != self.ref:
            raise ValueError("give target or ref, not both (they differ)")
        return self


class ClickParams(_Aimed):
    doubleClick: Annotated[OptionalBool, Field(description="double click (default false)")] = None  # noqa: N815
    button: Annotated[optional_enum("left", "right", "middle"), Field(description="default left")] = None
    modifiers: Annotated[Annotated[list[Literal["Alt", "Control", "ControlOrMeta", "Meta", "Shift"]],
                                   BeforeValidator(list_from_text)] | None,
                         WithJsonSchema({"type": "array", "items": {"type": "string", "enum": [
                             "Alt", "Control", "ControlOrMeta", "Meta", "Shift"]}}),
                         Field(description="modifier keys held during the click")] = None


class RefParams(_Aimed):
    pass


class TypeParams(RefParams):
    text: Annotated[str, Field(max_length=10_000, description="Text to type into the element (at most 10,000 "
                                                              "characters)")]
    submit: Annotated[OptionalBool, Field(description="press Enter after (default false)")] = None
    slowly: Annotated[OptionalBool, Field(description="type one key at a time after what the field holds "
                                                      "(default false: replace the field's value)")] = None


class PressParams(ToolParams):
    key: Annotated[str, Field(description="Key to press, e.g. Enter, ArrowLeft, a, Control+A, Shift+Tab")]
    element: Element = None
    target: Annotated[OptionalText, Field(description="focus this element first (optional): a ref or a unique "
                                                      "element selector")] = None
    ref: Annotated[OptionalText, Field(description="focus this element first (optional)")] = None
    snapshot_id: Annotated[OptionalText, Field(description="with ref: its snapshot_id (optional for the tab's "
                                                           "latest snapshot)")] = None


class SelectParams(RefParams):
    values: Annotated[Annotated[list[str], BeforeValidator(list_from_text)], WithJsonSchema(
        {"type": "array", "items": {"type": "string"}}), Field(description="option values or labels to select (one for a single select)")]


class CheckParams(RefParams):
    checked: Annotated[OptionalBool, Field(description="true (default): check; false: uncheck")] = None


class ScrollParams(ToolParams):
    element: Element = None
    target: Annotated[OptionalText, Field(description="as ref: a ref or a unique element selector")] = None
    ref: Annotated[OptionalText, Field(description="scroll this element's scroller (default: the page); with no "
                                                   "dx/dy, scroll it into view")] = None
    snapshot_id: Annotated[OptionalText, Field(description="with ref: its snapshot_id (optional for the tab's "
                                                           "latest snapshot)")] = None
    dx: Annotated[OptionalInteger, Field(description="CSS px to the right (negative: left)")] = None
    dy: Annotated[OptionalInteger, Field(description="CSS px down (negative: up)")] = None


class DragParams(ToolParams):
    startElement: Element = None  # noqa: N815 (Playwright MCP's name)
    startTarget: Target = None  # noqa: N815
    startRef: Ref = None  # noqa: N815
    endElement: Element = None  # noqa: N815
    endTarget: Target = None  # noqa: N815
    endRef: Ref = None  # noqa: N815
    snapshot_id: SnapshotId = None

    @model_validator(mode="after")
    def _aimed(self) -> "DragParams":
        for end in ("start", "end"):
            target, ref = getattr(self, f"{end}Target"), getattr(self, f"{end}Ref")
            if target is None and ref is None:
                raise ValueError(f"give {end}Target (a ref or a unique element selector) or {end}Ref")
            if target is not None and ref is not None and target != ref:
                raise ValueError(f"give {end}Target or {end}Ref, not both (they differ)")
        return self


class DialogParams(ToolParams):
    accept: Annotated[Annotated[StrictBool, BeforeValidator(_bool_from_text)], WithJsonSchema({"type": "boolean"}),
                      Field(description="accept (OK) or dismiss (Cancel) the dialog")]
    promptText: Annotated[OptionalText, Field(description="the text to answer a prompt() with")] = None  # noqa: N815


class FindParams(ToolParams):
    text: Annotated[str, Field(description="text to look for (case-insensitive), or /regex/flags")]
    limit: Annotated[OptionalInteger, Field(description="at most this many elements (1..50, default 20)")] = None


class ExtractParams(ToolParams):
    selector: Annotated[OptionalText, Field(description="CSS selector of one element (default: the page)")] = None
    max_chars: Annotated[OptionalInteger, Field(description="at most this many characters (100..12000, default "
                                                            "12000)")] = None


@dataclass(frozen=True)
class ActionReply:
    """An action's result (``action``, ``ref``, ``element``, ``confirmed``?, …)."""

    result: dict[str, Any]


@dataclass(frozen=True)
class TextReply:
    """A reply whose text is made already: pagenote's ``head``, the ``page`` text (:mod:`app.mcp.untrusted`'s
    block; ``None``: none) and the socket's result as structured content."""

    head: str
    page: str | None
    result: dict[str, Any]


_VERBS = {"click": "Clicked", "hover": "Hovered over", "type": "Typed into", "fill": "Filled", "press": "Pressed",
          "select_option": "Selected in", "check": "Checked", "uncheck": "Unchecked", "scroll": "Scrolled",
          "drag": "Dragged"}


def action_text(r: dict[str, Any]) -> tuple[str, str | None]:
    """pagenote's line (what was done to which ref, and how to see the outcome) and the page's part: the
    element's role and name, the drag's target, the options selected (``None`` when there is none)."""
    action = r.get("action", "")
    what = r.get("ref") or "the page"
    text = f"{_VERBS.get(action, action)} {what}"
    if action == "press":
        text = f"Pressed {r.get('key')}" + (f" in {what}" if r.get("ref") else "")
    page = [f"element: {r['element']}"] if r.get("element") else []
    if r.get("to"):
        page.append(f"to: {r['to']}")
    if r.get("selected") is not None:
        page.append(f"selected now: {', '.join(r['selected']) or 'nothing'}")
    if r.get("changed") is False:
        text += " (it already was)"
    if r.get("scroll"):
        text += f"; the page is at x={r['scroll']['x']}, y={r['scroll']['y']}"
    if r.get("dialog"):   # delivered; a dialog it opened is held for the agent (not an error: no retry)
        d = r["dialog"]
        page.append(f"dialog: {d.get('message', '')}" + (f"\ndefault value: {d['default_value']}"
                                                           if d.get("default_value") is not None else ""))
        return (f"{text}. {a_or_an(d.get('type', '')).capitalize()} dialog is open: answer it with "
                "browser_handle_dialog."), "\n".join(page)
    if r.get("submitted"):
        text += ", then pressed Enter"
    if r.get("confirmed") is False:
        text += ". The page did not report the input within 2 s"
    if r.get("file_chooser"):   # the input opened a file chooser, held for the agent (app.agent.forms)
        many = "several files" if r["file_chooser"].get("multiple") else "one file"
        return text + f". A file chooser is open (it takes {many}): answer with browser_file_upload.", \
            "\n".join(page) or None
    if r.get("file_chooser_missed"):
        text += ". A file chooser opened before pagenote could hold it and was cancelled: click again"
    text += ". Call browser_snapshot to see what changed (a diff)."
    return text, "\n".join(page) or None


def _result(head: str, page: str | None, structured: dict[str, Any]) -> CallToolResult:
    if page is None:
        return CallToolResult(content=[TextContent(type="text", text=head)], structured_content=structured)
    return page_result(head, page, structured)


@render.register
def _(reply: ActionReply) -> CallToolResult:
    return _result(*action_text(reply.result), reply.result)


@render.register
def _(reply: TextReply) -> CallToolResult:
    return _result(reply.head, reply.page, reply.result)


async def browser_click(a: ClickParams, ctx: ToolContext) -> ActionReply:
    return ActionReply(await ctx.call("click", _given(ref=a.ref, target=a.target, snapshot_id=a.snapshot_id,
                                                      element=a.element, double=a.doubleClick, button=a.button,
                                                      modifiers=a.modifiers)))


async def browser_hover(a: RefParams, ctx: ToolContext) -> ActionReply:
    return ActionReply(await ctx.call("hover", _given(ref=a.ref, target=a.target, snapshot_id=a.snapshot_id,
                                                      element=a.element)))


async def browser_type(a: TypeParams, ctx: ToolContext) -> ActionReply:
    return ActionReply(await ctx.call("type" if a.slowly else "fill", _given(
        ref=a.ref, target=a.target, snapshot_id=a.snapshot_id, element=a.element, text=a.text, submit=a.submit)))


async def browser_press_key(a: PressParams, ctx: ToolContext) -> ActionReply:
    return ActionReply(await ctx.call("press", _given(key=a.key, ref=a.ref, target=a.target,
                                                      snapshot_id=a.snapshot_id, element=a.element)))


async def browser_select_option(a: SelectParams, ctx: ToolContext) -> ActionReply:
    return ActionReply(await ctx.call("select_option", _given(ref=a.ref, target=a.target, snapshot_id=a.snapshot_id,
                                                              element=a.element, values=a.values)))


async def browser_check(a: CheckParams, ctx: ToolContext) -> ActionReply:
    method = "uncheck" if a.checked is False else "check"
    return ActionReply(await ctx.call(method, _given(ref=a.ref, target=a.target, snapshot_id=a.snapshot_id,
                                                     element=a.element)))


async def browser_scroll(a: ScrollParams, ctx: ToolContext) -> ActionReply:
    return ActionReply(await ctx.call("scroll", _given(ref=a.ref, target=a.target, snapshot_id=a.snapshot_id,
                                                       element=a.element, dx=a.dx, dy=a.dy)))


async def browser_drag(a: DragParams, ctx: ToolContext) -> ActionReply:
    return ActionReply(await ctx.call("drag", _given(start_ref=a.startRef, end_ref=a.endRef,
                                                     start_target=a.startTarget, end_target=a.endTarget,
                                                     snapshot_id=a.snapshot_id, element=a.startElement)))


async def browser_handle_dialog(a: DialogParams, ctx: ToolContext) -> TextReply:
    r = await ctx.call("dialog.handle", _given(accept=a.accept, prompt_text=a.promptText))
    verb = "Accepted" if r.get("accepted") else "Dismissed"
    return TextReply(f"{verb} the {r.get('type')} dialog. Its text:", r.get("message") or "", r)


async def browser_find(a: FindParams, ctx: ToolContext) -> TextReply:
    r = await ctx.call("find", _given(text=a.text, limit=a.limit))
    sid, count = r.get("snapshot_id"), len(r.get("matches", []))
    head = (f"{count} element{'s' if count != 1 else ''} match {a.text!r}"
            f"{' (more were left out: narrow the text or raise limit)' if r.get('more') else ''}; act on one with "
            f'its ref and snapshot_id "{sid}".')
    structured = {k: v for k, v in r.items() if k != "text"}
    return TextReply(head, r.get("text", "") if count else None, structured)


async def browser_extract(a: ExtractParams, ctx: ToolContext) -> TextReply:
    r = await ctx.call("extract", _given(selector=a.selector, max_chars=a.max_chars))
    what = f"the element {a.selector!r}" if a.selector else "the page"
    head = f"Text of {what}{' (cut to ' + str(r['chars']) + ' chars)' if r.get('truncated') else ''}:"
    return TextReply(head, r.get("text", ""), {k: v for k, v in r.items() if k != "text"})


_T = ToolDefinition
TOOLS: tuple[ToolDefinition, ...] = (
    _T(name="browser_click", params=ClickParams, handler=browser_click, annotations=_ACTS,
       description="Click an element (target: a ref from browser_snapshot, or a unique element selector) with "
                   "real, trusted mouse input, after scrolling it into view; fails with ELEMENT_OBSCURED naming "
                   "what covers it. One line back; a dialog the click opened is reported there."),
    _T(name="browser_hover", params=RefParams, handler=browser_hover, annotations=_ACTS,
       description="Move the mouse over an element (target: a ref or a unique element selector). One line back."),
    _T(name="browser_type", params=TypeParams, handler=browser_type, annotations=_ACTS,
       description="Type text into an editable element (target) with trusted key input (replaces its value; "
                   "slowly: key by key after it), optionally pressing Enter. One line back."),
    _T(name="browser_press_key", params=PressParams, handler=browser_press_key, annotations=_ACTS,
       description="Press a key or combination (Enter, ArrowDown, Control+A …) in the focused element or in a "
                   "target's element. One line back."),
    _T(name="browser_select_option", params=SelectParams, handler=browser_select_option, annotations=_ACTS,
       description="Select options of a <select> by value or label, with trusted keyboard/mouse input. One line "
                   "back, with what is selected now."),
    _T(name="browser_check", params=CheckParams, handler=browser_check, annotations=_ACTS,
       description="Check or uncheck a checkbox, radio or switch (target) (a click when its state differs). One "
                   "line back."),
    _T(name="browser_scroll", params=ScrollParams, handler=browser_scroll, annotations=_ACTS,
       description="Scroll the page or an element's scroller by dx/dy CSS px with wheel input, or scroll a "
                   "target into view. One line back, with the page's scroll position."),
    _T(name="browser_drag", params=DragParams, handler=browser_drag, annotations=_ACTS,
       description="Drag from one element to another (startTarget, endTarget: refs or unique element selectors; "
                   "mouse down, moves, up). One line back."),
    _T(name="browser_handle_dialog", params=DialogParams, handler=browser_handle_dialog, annotations=_ACTS,
       description="Answer the JavaScript dialog (alert, confirm, prompt, beforeunload) an action reported open "
                   "or a tool reported as MODAL_DIALOG: accept or dismiss, with promptText for a prompt. One line "
                   "back."),
    _T(name="browser_find", params=FindParams, handler=browser_find, annotations=READS_PAGE,
       description="Find elements of the whole page whose text matches (text or /regex/): one line each with "
                   "role, name, href, ref and context (look-alikes numbered, with the text labelling their "
                   "place), at most 8,000 chars — cheaper than paging through snapshots."),
    _T(name="browser_extract", params=ExtractParams, handler=browser_extract, annotations=READS_PAGE,
       description="The readable text of the page or one element as Markdown-ish plain text (headings, lists, "
                   "tables), at most 12,000 chars — for the words rather than the structure."),
)
