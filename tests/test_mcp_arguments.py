"""MCP tool arguments generic clients can fill: integer strings, closed schemas, every bad argument
``INVALID_PARAMS: field: problem — next step`` (issue 9 §10), against a real ``pagenote serve``."""

from __future__ import annotations

from app.agent.client import AgentClient
from app.mcp.response import MCP_PARAMS_NEXT
from app.mcp.tools.browser import NO_FILE
from test_mcp import BATCH_MD, TOOLS, agent_app, text_of, with_client  # noqa: F401 (fixture)


def test_wrong_argument_types_are_invalid_params_and_unknown_tools_are_left_to_the_sdk(agent_app):
    """Issue 9 §10 changed this contract on purpose: wrong argument types used to be left to the SDK ("Error
    executing tool …" with a pydantic dump); they are now pagenote's own ``INVALID_PARAMS: <field>: <problem>
    — <next step>``, checked before the app is asked. Only an unknown tool name is still the SDK's answer."""

    async def body(c):
        return (await c.call_tool("wait_for_annotations", {"timeout_ms": "soon"}),
                await c.call_tool("wait_for_annotations", {"timeout_ms": True}),
                await c.call_tool("no_such_tool", {}))

    soon, true, no_tool = with_client(agent_app.socket, body)
    for result in (soon, true, no_tool):
        assert result.is_error
    next_step = MCP_PARAMS_NEXT   # the MCP tool tables, not the socket's (issue 27, defect 7)
    assert text_of(soon) == f'INVALID_PARAMS: timeout_ms: input should be a valid integer (got "soon") — {next_step}'
    assert text_of(true) == f"INVALID_PARAMS: timeout_ms: input should be a valid integer (got true) — {next_step}"
    assert not text_of(no_tool).startswith("INVALID_PARAMS:")  # the SDK answered; the app was never asked
    assert "no_such_tool" in text_of(no_tool)


NEXT = " — " + MCP_PARAMS_NEXT

#: (tool, arguments, the INVALID_PARAMS message after "INVALID_PARAMS: ") for every tool: wrong types, strings
#: that are not integers, values out of the schema's range, missing and unknown fields (issue 9 §10).
BAD_CALLS = [
    ("get_annotations", {"batch": 7}, 'batch: input should be a valid string (got 7)'),
    ("get_annotations", {"status": "done"}, "status: input should be 'pending', 'delivered', 'acknowledged', "
                                            "'resolved', 'dismissed', 'verified' or 'reopened' (got \"done\")"),
    ("get_annotations", {"batch": "current", "stauts": "resolved"},
     "stauts: unknown parameter (this tool takes: batch, status, detail)"),
    ("list_batches", {"status": ["resolved"]}, "status: input should be 'pending', 'delivered', 'acknowledged', "
                                               "'resolved', 'dismissed', 'verified' or 'reopened' (got [\"resolved\"])"),
    ("list_batches", {"compact": False}, "compact: unknown parameter (this tool takes: status)"),
    ("wait_for_annotations", {}, "timeout_ms: required, but missing"),
    ("wait_for_annotations", {"timeout_ms": "1.5"}, 'timeout_ms: input should be a valid integer (got "1.5")'),
    ("wait_for_annotations", {"timeout_ms": 2.5}, "timeout_ms: input should be a valid integer (got 2.5)"),
    ("wait_for_annotations", {"timeout_ms": None}, "timeout_ms: input should be a valid integer (got null)"),
    ("wait_for_annotations", {"timeout_ms": 100, "timeout": 100},
     "timeout: unknown parameter (this tool takes: timeout_ms, detail)"),
    ("acknowledge_annotations", {"batch": "b", "status": "resolved", "annotation": "one"},
     'annotation: input should be a valid integer (got "one")'),
    ("acknowledge_annotations", {"batch": "b", "status": "resolved", "annotation": "0"},
     'annotation: input should be greater than or equal to 1 (got "0")'),
    ("acknowledge_annotations", {"batch": "b", "status": "resolved", "annotation": -2},
     "annotation: input should be greater than or equal to 1 (got -2)"),
    ("acknowledge_annotations", {"batch": "b", "status": "resolved", "annotation": False},
     "annotation: input should be a valid integer (got false)"),
    ("acknowledge_annotations", {"status": "done", "reply": 5},
     "batch: required, but missing; status: input should be 'acknowledged', 'resolved' or 'dismissed' (got "
     '"done"); reply: input should be a valid string (got 5)'),
    ("acknowledge_annotations", {"batch": "b", "status": "resolved", "anotation": 1},
     "anotation: unknown parameter (this tool takes: batch, status, reply, annotation)"),
    ("verify_annotations", {"batch": "b", "annotation": 0},
     "annotation: input should be greater than or equal to 1 (got 0)"),
    ("take_screenshot", {"kind": "page"}, "kind: input should be 'viewport', 'full' or 'element' (got \"page\")"),
    ("take_screenshot", {"kind": "element", "annotation": "1st"},
     'annotation: input should be a valid integer (got "1st")'),
    ("take_screenshot", {"kind": "element", "annotation": 0},
     "annotation: input should be greater than or equal to 1 (got 0)"),
    ("take_screenshot", {"full_page": True}, "full_page: unknown parameter (this tool takes: kind, annotation, batch)"),
    ("browser_take_screenshot", {"type": "webp"}, "type: input should be 'png' or 'jpeg' (got \"webp\")"),
    ("browser_take_screenshot", {"full_page": True}, "full_page: unknown parameter (this tool takes: element, target, "
                                                     "ref, snapshot_id, type, filename, fullPage, scale)"),
    ("list_tabs", {"all": True}, "all: unknown parameter (this tool takes none)"),
    ("page_state", {"tab": "1"}, "tab: unknown parameter (this tool takes none)"),
    ("page_freeze", {"action": "yes"}, "action: input should be 'freeze' or 'unfreeze' (got \"yes\")"),
    ("browser_snapshot", {"max_nodes": "many"}, 'max_nodes: input should be a valid integer (got "many")'),
    ("browser_page_context", {"detail": "full"}, "detail: input should be 'summary', 'semantic' or 'forensic' (got "
                                                 '"full")'),
    ("browser_wait_for_change", {"since_revision": 3}, "timeout_ms: required, but missing"),
    ("browser_navigate", {}, "url: required, but missing"),
    ("browser_navigate_back", {"timeout_ms": "soon"}, 'timeout_ms: input should be a valid integer (got "soon")'),
    ("browser_navigate_forward", {"steps": 2}, "steps: unknown parameter (this tool takes: timeout_ms)"),
    ("browser_close", {"index": 0}, "index: unknown parameter (this tool takes none)"),
    ("browser_tabs", {"action": "open"}, "action: input should be 'list', 'new', 'select' or 'close' (got \"open\")"),
    ("browser_evaluate", {"expression": "1"}, "function: required, but missing; expression: unknown parameter "
                                              "(this tool takes: function, timeout_ms, element, target, ref, snapshot_id)"),
    ("browser_console_messages", {"level": "verbose"},
     "level: input should be 'debug', 'info', 'warning' or 'error' (got \"verbose\")"),
    ("browser_console_messages", {"all": "yes"}, 'all: input should be a valid boolean (got "yes")'),
    ("browser_console_messages", {"filename": "console.txt"}, f"filename: {NO_FILE}"),
    ("browser_console_messages", {"all": True, "documents": "current"},
     "all: true contradicts documents 'current' (give one)"),
    ("browser_network_requests", {"limit": 1.5}, "limit: input should be a valid integer (got 1.5)"),
    ("browser_network_requests", {"static": 0}, "static: input should be a valid boolean (got 0)"),
    ("browser_network_requests", {"filter": "x" * 501},
     f"filter: string should have at most 500 characters (got \"{'x' * 38}…)"),
    ("browser_network_requests", {"filename": "requests.txt"}, f"filename: {NO_FILE}"),
    ("browser_network_request", {"body": "yes"}, "body: input should be 'include' or 'omit' (got \"yes\")"),
    ("browser_click", {"ref": "e1", "snapshot_id": "s1", "button": "back"},
     "button: input should be 'left', 'right' or 'middle' (got \"back\")"),
    ("browser_hover", {"ref": 1}, "ref: input should be a valid string (got 1)"),
    ("browser_hover", {}, "give target (a ref such as e12, or a unique element selector) or ref"),
    ("browser_type", {"ref": "e1", "snapshot_id": "s1", "text": "x", "submit": "yes"},
     'submit: input should be a valid boolean (got "yes")'),
    ("browser_press_key", {"keys": "Enter"},
     "key: required, but missing; keys: unknown parameter (this tool takes: key, element, target, ref, "
     "snapshot_id)"),
    ("browser_select_option", {"ref": "e1", "snapshot_id": "s1", "values": "Large"},
     'values: input should be a valid list (got "Large")'),
    ("browser_check", {"ref": "e1", "snapshot_id": "s1", "checked": 1}, "checked: input should be a valid boolean (got 1)"),
    ("browser_scroll", {"dy": "down"}, 'dy: input should be a valid integer (got "down")'),
    ("browser_drag", {"startRef": "e1"}, "give endTarget (a ref or a unique element selector) or endRef"),
    ("browser_handle_dialog", {"accept": "ok"}, 'accept: input should be a valid boolean (got "ok")'),
    ("browser_fill_form", {"fields": "name"}, 'fields: input should be a valid list (got "name")'),
    ("browser_file_upload", {"paths": "/tmp/a.txt"}, 'paths: input should be a valid list (got "/tmp/a.txt")'),
    ("browser_find", {"text": "x", "limit": "all"}, 'limit: input should be a valid integer (got "all")'),
    ("browser_extract", {"selector": 7}, "selector: input should be a valid string (got 7)"),
    ("devices_list", {"all": True}, "all: unknown parameter (this tool takes none)"),
    ("device_log", {"dir": "IN"}, "dir: input should be 'TX', 'RX' or 'EVENT' (got \"IN\")"),
    ("device_log_clear", {"on": True}, "on: unknown parameter (this tool takes: logging)"),
    ("device_logging", {"console_echo": True}, "console_echo: input should be 'on' or 'off' (got true)"),
    ("device_grant", {"device": 3}, "device: input should be a valid string (got 3)"),
    ("virtual_device_input", {"report_id": 1}, "hex: required, but missing"),
    ("virtual_device_script", {"plug": "maybe", "devices": "x"},
     "plug: input should be 'in' or 'out' (got \"maybe\"); devices: unknown parameter (this tool takes: replies, "
     "plug, device)"),
    ("performance_start_trace", {"reload": "yes"}, 'reload: input should be a valid boolean (got "yes")'),
    ("performance_stop_trace", {"filePath": "t.json"}, "filePath: unknown parameter (this tool takes none)"),
    ("performance_analyze_insight", {"insightSetId": "NAVIGATION_0"}, "insightName: required, but missing"),
    ("browser_resize", {"width": "wide", "height": 600}, 'width: input should be a valid integer (got "wide")'),
    ("browser_wait_for", {"time": "soon", "txt": "x"},
     'time: a number of seconds (got "soon"); txt: unknown parameter (this tool takes: time, text, '
     'textGone)'),
    ("browser_emulate", {"cpu_throttling": "fast", "media": "tv"},
     'media: input should be \'print\', \'screen\' or \'none\' (got "tv"); cpu_throttling: input should be a '
     'valid number, unable to parse string as a number (got "fast")'),
    ("browser_annotate", {"timeout_ms": "soon"}, 'timeout_ms: input should be a valid integer (got "soon")'),
]


def test_every_bad_argument_is_invalid_params_naming_the_field(agent_app):
    """Issue 9 §10: each of the seven tools answers a bad argument with ``INVALID_PARAMS: <field>: <problem> —
    <the registry's next step>`` and structured ``error.code``, never the SDK's "Error executing tool"."""

    async def body(c):
        return [await c.call_tool(tool, arguments) for tool, arguments, _ in BAD_CALLS]

    results = with_client(agent_app.socket, body)
    assert {tool for tool, _, _ in BAD_CALLS} == TOOLS
    for (tool, arguments, message), result in zip(BAD_CALLS, results, strict=True):
        assert result.is_error, (tool, arguments)
        assert text_of(result) == f"INVALID_PARAMS: {message}{NEXT}", (tool, arguments)
        assert result.structured_content["error"] == {"code": "INVALID_PARAMS", "message": message,
                                                      "next": MCP_PARAMS_NEXT}
        assert "Error executing tool" not in text_of(result) and "pydantic" not in text_of(result)


def test_integer_strings_are_accepted(agent_app):
    """A generic client sends every value as a string: ``"1"`` for an annotation number, ``"200"`` for a wait,
    ``1.0`` (a JSON Schema integer) too, and ``null`` for a left-out optional field."""
    out = {}

    async def body(c):
        async with AgentClient(agent_app.socket) as other:
            sent = await other.call("annotations.send", {"markdown": BATCH_MD})
        batch_id = sent["batch"]["id"]
        out["ack"] = await c.call_tool("acknowledge_annotations", {"batch": batch_id, "status": "acknowledged",
                                                                   "reply": "on it", "annotation": "1"})
        out["ack_float"] = await c.call_tool("acknowledge_annotations", {"batch": batch_id, "status": "resolved",
                                                                         "annotation": 1.0})
        out["ack_null"] = await c.call_tool("acknowledge_annotations", {"batch": batch_id, "status": "dismissed",
                                                                        "annotation": None})
        out["beyond"] = await c.call_tool("acknowledge_annotations", {"batch": batch_id, "status": "resolved",
                                                                      "annotation": " 9 "})
        out["wait"] = await c.call_tool("wait_for_annotations", {"timeout_ms": "200"})
        out["shot"] = await c.call_tool("take_screenshot", {"kind": "element", "annotation": "1"})
        out["filter"] = await c.call_tool("get_annotations", {"batch": batch_id, "status": None})
        out["id"] = batch_id

    with_client(agent_app.socket, body)
    batch_id = out["id"]
    assert text_of(out["ack"]) == f"Annotation 1 of batch {batch_id} is now acknowledged. Reply: on it"
    assert text_of(out["ack_float"]) == f"Annotation 1 of batch {batch_id} is now resolved."
    assert text_of(out["ack_null"]) == f"Batch {batch_id} is now dismissed."  # null: the whole batch
    assert out["beyond"].is_error  # " 9 " parsed to 9; the app checks it against the batch:
    assert text_of(out["beyond"]).startswith(f"INVALID_PARAMS: batch {batch_id} has 1 annotations, not 9")
    assert text_of(out["wait"]).startswith("Timed out after 200 ms")
    assert out["shot"].is_error and text_of(out["shot"]).startswith("NOT_FOUND: ")  # the app got annotation=1
    assert not out["filter"].is_error and "matching" not in out["filter"].structured_content


def test_schemas_generic_clients_can_fill(agent_app):
    """Every input schema is closed (``additionalProperties: false``), optional numbers and enums are their
    plain type (no ``anyOf`` with null, no ``"default": null``), and annotation numbers say ``minimum: 1``."""
    tools = {t.name: t.input_schema for t in with_client(agent_app.socket, lambda c: c.list_tools()).tools}
    for name, schema in tools.items():
        assert schema["type"] == "object" and schema["additionalProperties"] is False, name
        for field, prop in schema["properties"].items():
            assert "anyOf" not in prop and prop.get("default", "") is not None, (name, field)
            assert prop["type"] in ("string", "integer", "number", "boolean", "array") and prop["description"], \
                (name, field)
            # a fractional number only where CDP takes one (browser_emulate's cpu_throttling: the rate of
            # Emulation.setCPUThrottlingRate, chrome-devtools-mcp's cpuThrottlingRate)
            # … and Playwright MCP's browser_wait_for time (seconds)
            assert prop["type"] != "number" or (name, field) in (("browser_emulate", "cpu_throttling"),
                                                                 ("browser_wait_for", "time")), (name, field)
            # booleans and string arrays only where Playwright MCP's same-named tools have them (browser_click's
            # doubleClick and modifiers, browser_type's submit and slowly, browser_select_option's values …), or
            # chrome-devtools-mcp's (performance_start_trace's reload and autoStop)
            assert prop["type"] not in ("boolean", "array") or name.startswith(("browser_", "performance_")), \
                (name, field)
            # (browser_fill_form's fields are objects, as Playwright MCP's: {name, type, target, value})
            assert prop["type"] != "array" or prop["items"]["type"] == "string" or (name, field) == (
                "browser_fill_form", "fields"), (name, field)
    for name in ("acknowledge_annotations", "take_screenshot"):
        assert tools[name]["properties"]["annotation"] == {
            "type": "integer", "minimum": 1, "title": "Annotation",
            "description": tools[name]["properties"]["annotation"]["description"]}
    assert tools["get_annotations"]["properties"]["status"]["enum"] == ["pending", "delivered", "acknowledged",
                                                                        "resolved", "dismissed", "verified", "reopened"]
    assert tools["acknowledge_annotations"]["required"] == ["batch", "status"]
    assert tools["list_tabs"]["properties"] == {} and tools["page_state"]["properties"] == {}
