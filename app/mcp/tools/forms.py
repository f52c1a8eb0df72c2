"""``browser_fill_form`` and ``browser_file_upload``, named and shaped as Playwright MCP's (issue 27,
requirement 1):

=========================== ===================================================================================
``browser_fill_form``       ``fill_form(fields: [{name, type, target | ref, value}], snapshot_id?)``: every
                            field in one call (:mod:`app.agent.forms`); ``value`` ``"true"``/``"false"`` for a
                            checkbox or radio (JSON booleans taken too), an option's label for a combobox, a
                            number for a slider
``browser_file_upload``     ``file.upload(paths?)``: answer the file chooser the last click opened; no paths
                            cancel it
=========================== ===================================================================================

The field list is checked here first (at most :data:`~app.agent.forms.FORM_FIELDS` fields, each an object),
then by the app, which names the field at fault. The reply lists each field and what it holds now; the
elements' names (page text) go in the fenced block (:mod:`app.mcp.untrusted`). A textbox's value is never
echoed back (it may be a password): its length is.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any

from mcp.types import CallToolResult, TextContent
from pydantic import BeforeValidator, Field, WithJsonSchema

from app.agent.forms import FIELD_TYPES, FORM_FIELDS
from app.core.uploads import UPLOAD_MAX_FILES
from app.mcp.arguments import ToolParams, list_from_text
from app.mcp.browser_response import SNAPSHOT_HINT
from app.mcp.response import render
from app.mcp.tool import ToolContext, ToolDefinition
from app.mcp.untrusted import ACTS_ON_PAGE, page_result




_FIELD_SCHEMA = {
    "type": "object",
    "properties": {
        "name": {"type": "string", "description": "Human-readable field name"},
        "type": {"type": "string", "enum": list(FIELD_TYPES), "description": "Type of the field"},
        "target": {"type": "string", "description": "Exact target field reference from the page snapshot (e12), "
                                                    "or a unique element selector"},
        "ref": {"type": "string", "description": "Same as target (a ref)"},
        "value": {"type": "string", "description": "Value to fill in the field. If the field is a checkbox or "
                                                   "radio, the value should be `true` or `false`. If the field is a "
                                                   "combobox, the value should be the text of the option. A slider "
                                                   "takes a number."},
    },
    "required": ["name", "type", "value"],
    "additionalProperties": False,
}


class FillFormParams(ToolParams):
    fields: Annotated[Annotated[list[dict[str, Any]], BeforeValidator(list_from_text)],
                      Field(min_length=1, max_length=FORM_FIELDS),
                      WithJsonSchema({"type": "array", "items": _FIELD_SCHEMA, "minItems": 1,
                                      "maxItems": FORM_FIELDS, "description": "Fields to fill in"})]
    snapshot_id: Annotated[str | None, WithJsonSchema({"type": "string"}),
                           Field(description="snapshot_id the refs come from (default: the tab's latest)")] = None


class UploadParams(ToolParams):
    paths: Annotated[Annotated[list[str], BeforeValidator(list_from_text)] | None,
                     WithJsonSchema({"type": "array", "items": {"type": "string"}, "maxItems": UPLOAD_MAX_FILES}),
                     Field(description="The absolute paths to the files to upload (one, or several when the "
                                       "chooser allows multiple). If omitted, the file chooser is cancelled.")] = None


def _field(raw: dict[str, Any]) -> dict[str, Any]:
    """One field as the socket takes it: a JSON boolean or number value → its text."""
    out = dict(raw)
    value = out.get("value")
    if isinstance(value, bool):
        out["value"] = "true" if value else "false"
    elif isinstance(value, int | float):
        out["value"] = str(value)
    return out


@dataclass(frozen=True)
class FormReply:
    """``fill_form``'s result."""

    result: dict[str, Any]


@dataclass(frozen=True)
class UploadReply:
    """``file.upload``'s result."""

    result: dict[str, Any]


def _now(f: dict[str, Any]) -> str:
    if f.get("type") == "textbox":
        return f"filled ({f.get('chars', 0)} chars)"
    if f.get("type") in ("checkbox", "radio"):
        state = "checked" if f.get("checked") else "unchecked"
        return state + (" (it already was)" if f.get("changed") is False else "")
    if f.get("type") == "combobox":
        return f"selected: {', '.join(f.get('selected') or []) or 'nothing'}"
    return f"value {f.get('value')}"


def _which(f: dict[str, Any]) -> str:
    """The field's ref, and the element it named when that is not the field's own ``type "name"`` (the agent
    named it otherwise, or the element's role differs): ``e3`` or ``e3, textbox "Full name"``."""
    element = str(f.get("element") or "")
    same = element == f'{f.get("type")} "{f.get("name")}"'
    return f"{f.get('ref')}" + ("" if same or not element else f", {element}")


@render.register
def _(reply: FormReply) -> CallToolResult:
    r = reply.result
    fields = r.get("fields", [])
    unconfirmed = [f["name"] for f in fields if f.get("confirmed") is False]
    head = f"Filled {len(fields)} field{'s' if len(fields) != 1 else ''} of the form"
    if unconfirmed:
        head += f" (the page did not report the input of {', '.join(repr(n) for n in unconfirmed)} within 2 s)"
    head += ". Call browser_snapshot to see what changed (a diff). The fields:"
    lines = [f"- {f.get('name')} ({_which(f)}): {_now(f)}" for f in fields]
    return page_result(head, "\n".join(lines), r)


@render.register
def _(reply: UploadReply) -> CallToolResult:
    r = reply.result
    if r.get("cancelled"):
        text = "Cancelled the file chooser (the input keeps what it had)."
    else:
        files = r.get("files", [])
        names = ", ".join(f"{f['name']} ({f['size']:,} bytes)" for f in files)
        text = f"Chose {len(files)} file{'s' if len(files) != 1 else ''} in the file chooser: {names}. The page " \
               f"got input and change events. {SNAPSHOT_HINT}"
    return CallToolResult(content=[TextContent(type="text", text=text)], structured_content=r)


async def browser_fill_form(a: FillFormParams, ctx: ToolContext) -> FormReply:
    params: dict[str, Any] = {"fields": [_field(f) for f in a.fields]}
    if a.snapshot_id is not None:
        params["snapshot_id"] = a.snapshot_id
    return FormReply(await ctx.call("fill_form", params))


async def browser_file_upload(a: UploadParams, ctx: ToolContext) -> UploadReply:
    return UploadReply(await ctx.call("file.upload", {} if a.paths is None else {"paths": a.paths}))


_T = ToolDefinition
TOOLS: tuple[ToolDefinition, ...] = (
    _T(name="browser_fill_form", params=FillFormParams, handler=browser_fill_form, annotations=ACTS_ON_PAGE,
       description="Fill several form fields in one call: textbox (replaces the value with trusted keys), "
                   "checkbox/radio (\"true\"/\"false\"), combobox (an option's text), slider (a number). Every "
                   f"field and ref is checked before anything is typed; at most {FORM_FIELDS} fields. One line per "
                   "field back."),
    _T(name="browser_file_upload", params=UploadParams, handler=browser_file_upload, annotations=ACTS_ON_PAGE,
       description="Answer the file chooser a click opened (the click says \"a file chooser is open\"): absolute "
                   "paths of regular files inside the project directory (at most 256 MiB each; several only when "
                   "the input allows multiple); no paths cancel it."),
)
