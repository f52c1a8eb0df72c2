"""The device tools (WebHID / Web Serial traffic and the virtual devices), over the socket's device methods
(:mod:`app.agent.devices`):

========================== ============================================================================
``devices_list``           ``devices.list``: one line per device (key, ids, name, backend, grants, open)
``device_log``             ``device.log(since_id?, dir?, device?, op?, limit?)``: one line per frame
``device_log_clear``       ``device.log_clear(logging?)``
``device_logging``         ``device.logging(logging?, console_echo?)``: the log's switches, nothing cleared
``device_grant``           ``device.grant(device?, origin?)``: answer the page's chooser, or pre-grant
``virtual_device_input``   ``virtual_device.input(device?, report_id?, hex)``
``virtual_device_script``  ``virtual_device.script(device?, replies?, plug?)``
========================== ============================================================================

Log lines read like the Devices dock's copy format, with the entry id first and the device after:
``#7 [TX] 2026-10-04T19:20:00.123Z reportId=0x00 len=6 a1 0c 00 00 00 00 ; READ_PRESET #12 -> ok (Macro Pad
1209:c0de VMP-1)``, ``#9 [EVENT] 2026-10-04T19:20:01.500Z close (navigation) (Macro Pad 1209:c0de VMP-1)``.
The decoder label is the page's and the device names are the devices': the lines of ``device_log`` and
``devices_list`` are in one fenced block after a framing line (:mod:`app.mcp.untrusted`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Annotated, Any

from mcp.types import CallToolResult, TextContent, ToolAnnotations
from pydantic import Field, WithJsonSchema

from app.core.errors import PagenoteError
from app.hid.traffic import device_text, entry_text
from app.mcp.arguments import Integer, ToolParams, optional_enum
from app.mcp.response import render
from app.mcp.tool import NoParams, ToolContext, ToolDefinition
from app.mcp.untrusted import READS_PAGE, page_result

OptionalInteger = Annotated[Integer | None, WithJsonSchema({"type": "integer"})]
OptionalText = Annotated[str | None, WithJsonSchema({"type": "string"})]
_ACTS = ToolAnnotations(read_only_hint=False, destructive_hint=False, open_world_hint=False)


def _given(**params: Any) -> dict[str, Any]:
    return {k: v for k, v in params.items() if v is not None}


class LogParams(ToolParams):
    since_id: Annotated[OptionalInteger, Field(description="only entries after this id (to page on, or to see "
                                                           "what a click caused)")] = None
    dir: Annotated[optional_enum("TX", "RX", "EVENT"), Field(description="TX (page → device), RX (device → "
                                                                         "page) or EVENT (open, close, connect …)")] = None
    device: Annotated[OptionalText, Field(description="a device name (substring) or vvvv:pppp hex ids")] = None
    op: Annotated[OptionalText, Field(description="only entries whose decoder label contains this text")] = None
    limit: Annotated[OptionalInteger, Field(description="at most this many entries (1..200, default 50)")] = None


class ClearParams(ToolParams):
    logging: Annotated[optional_enum("on", "off"), Field(description="on: turn the traffic log on for every page; "
                                                                     "off: turn it off (pages opened with "
                                                                     "?hidDebug=1 log regardless)")] = None


class LoggingParams(ToolParams):
    logging: Annotated[optional_enum("on", "off"), Field(description="on: record every page's device traffic "
                                                                     "in the host log; off: stop (pages opened "
                                                                     "with ?hidDebug=1 log regardless)")] = None
    console_echo: Annotated[optional_enum("on", "off"), Field(description="on: the pages also write one [HID] / "
                                                                          "[Serial] console line per logged "
                                                                          "entry, naming the device (default "
                                                                          "off)")] = None


class GrantParams(ToolParams):
    device: Annotated[OptionalText, Field(description="a device key from devices_list (default: the first "
                                                      "virtual HID device)")] = None
    origin: Annotated[OptionalText, Field(description="the origin to grant it to, e.g. https://app.example "
                                                      "(default: the active page's)")] = None


class InputParams(ToolParams):
    hex: Annotated[str, Field(description="the report's data (serial: the bytes) as hex, e.g. 'b1 0c 01'")]
    report_id: Annotated[OptionalInteger, Field(description="the input report id (0..255, default 0)")] = None
    device: Annotated[OptionalText, Field(description="a virtual device key from devices_list (default: the "
                                                      "first virtual HID device)")] = None


class ScriptParams(ToolParams):
    # The MCP SDK decodes a string argument that is JSON before validation (FastMCP pre_parse_json), so the
    # script arrives as a list from some clients and as text from others; the schema advertises text.
    replies: Annotated[str | list[dict[str, Any]] | None, WithJsonSchema({"type": "string"}), Field(description=(
        "the new reply script as JSON: [{\"match\": \"a1 0c ?? *\", \"reply\": {\"reportId\": 1, \"hex\": "
        "\"b1 0c\"}, \"delay_ms\": 5, \"on\": \"output\"}] (serial: reply is a hex string); match is hex "
        "bytes, ?? any byte, a final * any rest; for HID the frame starts with the report id. \"replies\": [...] "
        "sends several in order; a reply's hex is computed from the frame: $N (byte N), $N..M, len8/len16le, "
        "sum8, xor8, crc16, crc32 (docs/devices.md); on: output, feature or get_feature (computes what "
        "receiveFeatureReport answers); a reply {\"to\": \"feature\"} stores a feature report; serial "
        "\"framing\": \"slip\" matches and frames SLIP packets"))] = None
    plug: Annotated[optional_enum("in", "out"), Field(description="plug the device in or out: the page sees "
                                                                  "connect / disconnect")] = None
    device: Annotated[OptionalText, Field(description="a virtual device key (default: the first virtual HID "
                                                      "device)")] = None


@dataclass(frozen=True)
class DevicesReply:
    """``devices_list``."""

    result: dict


@dataclass(frozen=True)
class DeviceLogReply:
    """``device_log``."""

    result: dict


@dataclass(frozen=True)
class DeviceDoneReply:
    """``device_log_clear`` / ``virtual_device_input`` / ``virtual_device_script``: one line."""

    text: str
    result: dict


#: What the blocks of devices_list and device_log hold (no one tab's page).
DEVICES_CONTENT = "device names, as the devices give them"
LOG_CONTENT = "device traffic with the pages' decoder labels"


def _ok(text: str, structured: dict) -> CallToolResult:
    return CallToolResult(content=[TextContent(type="text", text=text)], structured_content=structured)


def entry_line(e: dict) -> str:
    """One log entry as the tool's text line (module docstring)."""
    return f"#{e['id']} {entry_text(e)} ({device_text(e.get('device') or {})})"


@render.register
def _(reply: DevicesReply) -> CallToolResult:
    rows = reply.result.get("devices") or []
    lines = [f"{d['key']} {d['kind']} {d['vendorId']:04x}:{d['productId']:04x} {d['productName']!r} "
             f"({d['backend']}{', blocklisted' if d.get('blocked') else ''}"
             f"{'' if d.get('connected', True) else ', unplugged'}) granted to: "
             f"{', '.join(d.get('granted_to') or []) or 'none'}; open: {d.get('open', 0)}"
             + (f"; not offered to pages: {d['error']}" if d.get("error") else "") for d in rows]
    head = f"{len(rows)} device(s); traffic log {'on' if reply.result.get('logging') else 'off'}"
    if not lines:
        return _ok(head, reply.result)
    return page_result(head + ":", "\n".join(lines), reply.result, what=DEVICES_CONTENT)


@render.register
def _(reply: DeviceLogReply) -> CallToolResult:
    r = reply.result
    entries = r.get("entries") or []
    dropped = (f"{r['dropped']:,} entries after since_id were pushed out of the log's ring before being read "
               f"(oldest kept: #{r.get('first_id', 0)})." if r.get("dropped") else "")
    if not entries:
        text = "(no entries)" + ("" if r.get("logging") else
                                 " — the log is off: device_logging(logging=on) turns it on")
        return _ok(f"{text}\n{dropped}" if dropped else text, r)
    more = f"{r['more']:,} more: call again with since_id={entries[-1]['id']}" if r.get("more") else ""
    tail = " ".join(x for x in (more, dropped) if x)
    return page_result(f"{len(entries)} entries, one per line (#id [dir] time reportId len hex ; page's label "
                       "(device)):", "\n".join(entry_line(e) for e in entries), r, tail, what=LOG_CONTENT)


@render.register
def _(reply: DeviceDoneReply) -> CallToolResult:
    return _ok(reply.text, reply.result)


async def devices_list(args: NoParams, ctx: ToolContext) -> DevicesReply:
    """``devices.list``."""
    return DevicesReply(await ctx.call("devices.list"))


async def device_log(args: LogParams, ctx: ToolContext) -> DeviceLogReply:
    """``device.log(...)``."""
    return DeviceLogReply(await ctx.call("device.log", _given(since_id=args.since_id, dir=args.dir,
                                                              device=args.device, op=args.op, limit=args.limit)))


async def device_log_clear(args: ClearParams, ctx: ToolContext) -> DeviceDoneReply:
    """``device.log_clear(logging?)``."""
    r = await ctx.call("device.log_clear", _given(logging=None if args.logging is None else args.logging == "on"))
    return DeviceDoneReply(f"Cleared {r['cleared']} entries; traffic log {'on' if r['logging'] else 'off'}.", r)


async def device_logging(args: LoggingParams, ctx: ToolContext) -> DeviceDoneReply:
    """``device.logging(logging?, console_echo?)``."""
    r = await ctx.call("device.logging", _given(logging=None if args.logging is None else args.logging == "on",
                                                console_echo=None if args.console_echo is None
                                                else args.console_echo == "on"))
    return DeviceDoneReply(f"Traffic log {'on' if r['logging'] else 'off'}; console echo "
                           f"{'on' if r['console_echo'] else 'off'}.", r)


async def device_grant(args: GrantParams, ctx: ToolContext) -> DeviceDoneReply:
    """``device.grant(...)``."""
    r = await ctx.call("device.grant", _given(device=args.device, origin=args.origin))
    how = "chosen in the page's open chooser" if r["chooser"] else "granted (the page's getDevices() lists it)"
    return DeviceDoneReply(f"{r['device']} {how} for {r['origin']}.", r)


async def virtual_device_input(args: InputParams, ctx: ToolContext) -> DeviceDoneReply:
    """``virtual_device.input(...)``."""
    r = await ctx.call("virtual_device.input", _given(device=args.device, report_id=args.report_id, hex=args.hex))
    return DeviceDoneReply(f"{r['device']} sent {r['sent']} bytes.", r)


async def virtual_device_script(args: ScriptParams, ctx: ToolContext) -> DeviceDoneReply:
    """``virtual_device.script(...)``."""
    replies = args.replies
    if isinstance(replies, str):
        try:
            replies = json.loads(args.replies)
        except ValueError as exc:
            raise PagenoteError("BAD_DEVICE_SCRIPT", f"replies is not JSON: {exc}") from None
    r = await ctx.call("virtual_device.script", _given(device=args.device, replies=replies,
                                                       plug=args.plug))
    return DeviceDoneReply(f"{r['device']}: {r['rules']} reply rule(s), {'plugged in' if r['connected'] else 'unplugged'}.", r)


TOOLS: tuple[ToolDefinition, ...] = (
    ToolDefinition(name="devices_list", params=NoParams, handler=devices_list, annotations=READS_PAGE,
                   description="The HID devices and serial ports pages can use in pagenote (real and virtual): "
                               "key, ids, name, which origins were granted them, open connections; one line each."),
    ToolDefinition(name="device_log", params=LogParams, handler=device_log, annotations=READS_PAGE,
                   description="WebHID / Web Serial traffic recorded by pagenote at the device library (any page, "
                               "any SDK): one line per frame — id, TX/RX/EVENT, time, report id, length, hex, the "
                               "page's decoder label; at most 200 per call, saying exactly how many more remain and "
                               "how many after since_id the 5,000-entry ring dropped. Off until "
                               "device_logging(logging=on) or a page with ?hidDebug=1."),
    ToolDefinition(name="device_log_clear", params=ClearParams, handler=device_log_clear, annotations=_ACTS,
                   description="Empty the device traffic log; logging=on/off turns logging on or off."),
    ToolDefinition(name="device_logging", params=LoggingParams, handler=device_logging, annotations=_ACTS,
                   description="Turn the device traffic log (logging) and its console lines in the pages "
                               "(console_echo) on or off, without clearing anything; with no argument, say how "
                               "they are."),
    ToolDefinition(name="device_grant", params=GrantParams, handler=device_grant, annotations=_ACTS,
                   description="Let the page use a device without a user at the chooser: answers the page's open "
                               "requestDevice/requestPort chooser with it, else grants it to the page's origin "
                               "(then navigator.hid.getDevices() / navigator.serial.getPorts() list it)."),
    ToolDefinition(name="virtual_device_input", params=InputParams, handler=virtual_device_input, annotations=_ACTS,
                   description="Make a virtual device send an input report (serial: bytes) to the page, as if "
                               "the hardware sent it."),
    ToolDefinition(name="virtual_device_script", params=ScriptParams, handler=virtual_device_script,
                   annotations=_ACTS,
                   description="Replace a virtual device's reply script (TX pattern → RX reply after a delay) "
                               "and/or plug it in or out (hot-plug)."),
)
