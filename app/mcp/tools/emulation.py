"""The emulation tools (issue 26, requirement 4), over the socket's ``browser.resize`` / ``browser.emulate``
(:mod:`app.agent.emulation`):

==================== =====================================================================================
``browser_resize``   Playwright MCP's name and shape (``width``, ``height``, numbers). Playwright resizes its
                     browser window; pagenote keeps the window and sets the viewport the page sees (CSS px,
                     CDP's device metrics override), which is what the page's layout reads either way.
``browser_emulate``  The issue's names. chrome-devtools-mcp spreads the same over ``emulate``
                     (``networkConditions`` "No emulation"/"Offline"/"Slow 4G"/"Fast 4G"…, ``cpuThrottlingRate``
                     1..20) and, in older versions, ``emulate_network`` / ``emulate_cpu`` / ``resize_page``:
                     ``network`` takes its preset names too ("Offline", "No emulation" = ``none``),
                     ``cpu_throttling`` is its ``cpuThrottlingRate`` with the same bounds.
==================== =====================================================================================

The answer names what is emulated now (one line) and warns when the viewport is larger than the window's view
(full-page and element screenshots then fail with ``CAPTURE_SIZE``, and viewport ones of a ``browser_resize``
size; a device's viewport screenshot comes whole from Chromium: :mod:`app.capture.device_shot`). It carries
no page content (device names are pagenote's).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from mcp.types import CallToolResult, TextContent, ToolAnnotations
from pydantic import Field, WithJsonSchema

from app.mcp.arguments import Integer, ToolParams, optional_enum
from app.mcp.response import render
from app.mcp.tool import ToolContext, ToolDefinition
from app.protocol.emulated_devices import DEVICES, MAX_CPU, MAX_SIDE, MIN_CPU, MIN_SIDE, NETWORK_PRESETS

#: It changes how the page lays out and runs; idempotent (the same arguments twice give the same state).
_CHANGES_PAGE = ToolAnnotations(read_only_hint=False, destructive_hint=False, idempotent_hint=True,
                                open_world_hint=False)
_DEVICE_NAMES = ", ".join(f"'{d.name}'" for d in DEVICES)
OptionalText = Annotated[str | None, WithJsonSchema({"type": "string"})]
OptionalNumber = Annotated[float | None, WithJsonSchema({"type": "number"})]


class ResizeParams(ToolParams):
    width: Annotated[Integer, Field(description=f"viewport width in CSS px ({MIN_SIDE}..{MAX_SIDE})")]
    height: Annotated[Integer, Field(description=f"viewport height in CSS px ({MIN_SIDE}..{MAX_SIDE})")]


class EmulateParams(ToolParams):
    device: Annotated[OptionalText, Field(description=f"a device: {_DEVICE_NAMES} (viewport, DPR, touch and "
                                                      "mobile flags), or 'none' for the window's own")] = None
    color_scheme: Annotated[optional_enum("light", "dark", "none"),
                            Field(description="prefers-color-scheme ('none': the system's)")] = None
    reduced_motion: Annotated[optional_enum("reduce", "no-preference", "none"),
                              Field(description="prefers-reduced-motion ('none': the system's)")] = None
    media: Annotated[optional_enum("print", "screen", "none"), Field(description="the CSS media type")] = None
    cpu_throttling: Annotated[OptionalNumber, Field(description=f"CPU slowdown factor {MIN_CPU}..{MAX_CPU} "
                                                                "(1: none)")] = None
    network: Annotated[OptionalText, Field(description=f"network preset: {', '.join(NETWORK_PRESETS)} or "
                                                       "'none'")] = None


@dataclass(frozen=True)
class EmulationReply:
    """``browser_resize`` / ``browser_emulate``: the socket's ``{emulation, fits, tab}``."""

    result: dict


@render.register
def _(reply: EmulationReply) -> CallToolResult:
    state = reply.result.get("emulation") or {}
    text = f"Emulating: {state['text']}." if state.get("active") else "Nothing emulated: the page sees the window."
    if not reply.result.get("fits", True):
        text += (f" The {state.get('width')}x{state.get('height')} CSS px viewport is larger than the window's "
                 "view: the page lays out at it, but ")
        text += ("viewport screenshots of a device come whole from Chromium; full-page and element screenshots "
                 "fail until the window is enlarged." if state.get("device") else
                 "screenshots fail until the window is enlarged.")
    return CallToolResult(content=[TextContent(type="text", text=text)], structured_content=reply.result)


async def browser_resize(args: ResizeParams, ctx: ToolContext) -> EmulationReply:
    return EmulationReply(await ctx.call("browser.resize", {"width": args.width, "height": args.height}))


async def browser_emulate(args: EmulateParams, ctx: ToolContext) -> EmulationReply:
    params = {k: v for k, v in args.model_dump().items() if v is not None}
    return EmulationReply(await ctx.call("browser.emulate", params))


TOOLS: tuple[ToolDefinition, ...] = (
    ToolDefinition(name="browser_resize", params=ResizeParams, handler=browser_resize, annotations=_CHANGES_PAGE,
                   description="Resize the page's viewport to width x height CSS px (the window keeps its size; "
                               "the page's innerWidth/innerHeight and media queries follow). Kept across "
                               "reloads; browser_emulate(device='none') returns to the window's size."),
    ToolDefinition(name="browser_emulate", params=EmulateParams, handler=browser_emulate, annotations=_CHANGES_PAGE,
                   description="Emulate a device (viewport, DPR, touch), prefers-color-scheme, "
                               "prefers-reduced-motion, print media, a CPU slowdown or a network preset on the "
                               "active tab. Only the given settings change; 'none' clears one. Kept across "
                               "reloads; annotations made meanwhile record the device and viewport."),
)
