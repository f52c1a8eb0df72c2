"""``browser_wait_for`` → ``wait_for`` (:mod:`app.agent.effects`), in Playwright MCP's shape: ``time`` (seconds,
at most 30), ``text``, ``textGone``. The reply says what was waited for and found — the element's role, name
and the text around the match are the page's words, in the one untrusted block (:mod:`app.mcp.untrusted`) —
and what changed meanwhile (the result's ``effects``, rendered by :func:`app.mcp.browser_response.with_effects`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any

from mcp.types import CallToolResult, TextContent
from pydantic import BeforeValidator, Field, WithJsonSchema

from app.agent.waits import MAX_TIME_S, TEXT_MAX, TEXT_WAIT_MS
from app.core.errors import PagenoteError
from app.mcp.arguments import ToolParams
from app.mcp.response import render
from app.mcp.tool import ToolContext, ToolDefinition
from app.mcp.untrusted import ACTS_ON_PAGE, page_result


def _number(value: Any) -> Any:
    """A JSON number (never a boolean), or a string holding one (clients that send every value as text)."""
    if isinstance(value, bool):
        raise ValueError("a number of seconds, not a boolean")
    if isinstance(value, str):
        try:
            return float(value.strip())
        except ValueError:
            raise ValueError("a number of seconds") from None
    return value


Seconds = Annotated[Annotated[float, BeforeValidator(_number), Field(ge=0, le=MAX_TIME_S, allow_inf_nan=False)] | None,
                    WithJsonSchema({"type": "number", "minimum": 0, "maximum": MAX_TIME_S})]
Text = Annotated[Annotated[str, Field(min_length=1, max_length=TEXT_MAX)] | None,
                 WithJsonSchema({"type": "string", "minLength": 1, "maxLength": TEXT_MAX})]


class WaitForParams(ToolParams):
    """``browser_wait_for`` arguments (Playwright MCP's names); at least one is needed."""

    time: Annotated[Seconds, Field(description=f"The time to wait in seconds, at most {MAX_TIME_S}")] = None
    text: Annotated[Text, Field(description=f"The text to wait for (visible in the page; at most "
                                            f"{TEXT_WAIT_MS // 1000} s)")] = None
    textGone: Annotated[Text, Field(description="The text to wait for to disappear")] = None  # noqa: N815


@dataclass(frozen=True)
class WaitReply:
    """``browser_wait_for``: the ``wait_for`` result (``waited_ms``, ``found``?, ``gone``?, ``effects``)."""

    result: dict[str, Any]
    text: str | None
    gone: str | None


async def browser_wait_for(a: WaitForParams, ctx: ToolContext) -> WaitReply:
    """``wait_for`` with Playwright MCP's arguments. Raises ``INVALID_PARAMS`` (named as this tool names them:
    none of the three, or a text of white space only) and the app's errors."""
    if a.time is None and a.text is None and a.textGone is None:
        raise PagenoteError("INVALID_PARAMS", "give text, textGone or time (seconds, at most 30)")
    for name, value in (("text", a.text), ("textGone", a.textGone)):
        if value is not None and not value.strip():
            raise PagenoteError("INVALID_PARAMS", f"{name}: only white space")
    params = {k: v for k, v in (("text", a.text), ("text_gone", a.textGone), ("time", a.time)) if v is not None}
    total = int((a.time or 0) * 1000) + (TEXT_WAIT_MS if a.text or a.textGone else 0)
    result = await ctx.call_with_progress("wait_for", params, total_ms=total, message="waiting for the page")
    return WaitReply(result, a.text, a.textGone)


@render.register
def _(reply: WaitReply) -> CallToolResult:
    r = reply.result
    waited = f"{r.get('waited_ms', 0) / 1000:.1f} s"
    said = []
    if reply.gone is not None:
        said.append(f"{reply.gone!r} is gone")
    if reply.text is not None:
        said.append(f"{reply.text!r} is shown")
    head = f"After {waited}: {' and '.join(said)}." if said else f"Waited {waited}."
    found = r.get("found") or {}
    shown = str((r.get("effects") or {}).get("lines") or "")
    if found and found.get("context") and found["context"] in shown:
        found = {}   # the changed lines that follow show it, with its ref
    if found:
        name = f' "{found["name"]}"' if found.get("name") else ""
        return page_result(head + " Where (the first element showing it):",
                           f"{found.get('role') or 'element'}{name}: {found.get('context', '')}", r)
    return CallToolResult(content=[TextContent(type="text", text=head)], structured_content=r)


TOOLS: tuple[ToolDefinition, ...] = (
    ToolDefinition(
        name="browser_wait_for", params=WaitForParams, handler=browser_wait_for, annotations=ACTS_ON_PAGE,
        description="Wait for text to appear or disappear or a specified time to pass (time at most 30 s; a text "
                    "at most 30 s, then WAIT_TIMEOUT), woken by the page's changes, not by polling. Says where "
                    "the text is and what changed on the page meanwhile, as an action does."),
)
