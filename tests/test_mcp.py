"""``pagenote mcp`` (app/mcp/) against a real ``pagenote serve`` subprocess: every tool in-process
through the SDK's client, the stdio transport as a subprocess, the HTTP transport's token and Host checks, and
starting the app when none runs."""

from __future__ import annotations

import argparse
import base64
import io
import json
import os
import random
import shutil
import socket as socketlib
import stat
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import SimpleNamespace

import anyio
import httpx2
import pytest
from mcp.client import Client
from mcp.client.stdio import StdioServerParameters
from mcp.client.streamable_http import streamable_http_client
from PIL import Image

from app.agent.client import AgentClient
from app.agent.paths import is_live
from app.core.errors import REGISTRY, PagenoteError
from app.mcp import autostart, images
from app.mcp import cli as mcp_cli
from app.mcp import http as mcp_http
from app.mcp import tool as mcp_tool
from app.mcp.autostart import AgentBridge
from app.mcp.server import build_server
from conftest import poll_until as _poll

ROOT = Path(__file__).resolve().parents[1]
DEMO = ROOT / "resources" / "demo.html"
NOISY = ROOT / "tests" / "pages" / "noisy.html"
TOOLS = {"get_annotations", "list_batches", "wait_for_annotations", "acknowledge_annotations", "take_screenshot",
         "list_tabs", "page_state"}
BATCH_MD = "# Web page annotations: 1\n\n## Annotation 1\nNote: hi\nTag: button\n"


def _short_dir() -> Path:
    """A fresh directory with a short path (a Unix socket path must stay under 108 bytes)."""
    return Path(tempfile.mkdtemp(prefix="pn", dir="/tmp"))


def _stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(5)


@pytest.fixture(scope="module")
def agent_app():
    """``pagenote serve <demo page>`` with its socket in a short temp dir; waits for the socket and the page."""
    yield from _serve(DEMO)


@pytest.fixture(scope="module")
def noisy_app():
    """``pagenote serve tests/pages/noisy.html``: 3000 CSS px of random pixels (no PNG compresses them)."""
    yield from _serve(NOISY)


def _serve(page: Path):
    """``pagenote serve <page>`` with its socket in a short temp dir; waits for the socket and the page, yields
    ``(socket, dir, proc)``, stops the app afterwards."""
    tmp = _short_dir()
    sock = tmp / "a.sock"
    env = {**os.environ, "PAGENOTE_SOCKET": str(sock), "QT_QPA_PLATFORM": "offscreen"}
    with open(tmp / "serve.log", "wb") as log:
        proc = subprocess.Popen([sys.executable, "-m", "app", "serve", page.as_uri(), "--out", str(tmp / "project")],
                                env=env, cwd=ROOT, stdin=subprocess.DEVNULL, stdout=log, stderr=log)
    try:
        _poll(lambda: is_live(sock) or proc.poll() is not None, 30, "the agent socket")
        assert proc.poll() is None, (tmp / "serve.log").read_text()

        async def page_loaded() -> bool:
            async with AgentClient(sock) as c:
                return not (await c.call("page.state"))["loading"]

        _poll(lambda: anyio.run(page_loaded), 20, f"{page.name} to load", interval=0.1)
        yield SimpleNamespace(socket=sock, dir=tmp, proc=proc)
    finally:
        _stop(proc)
        shutil.rmtree(tmp, ignore_errors=True)


def with_client(socket: Path, body, **server_options):
    """Run ``await body(client)`` with the SDK's in-process client on :func:`build_server` (no auto-start;
    ``server_options`` such as ``image_budget_kb`` passed on)."""

    async def main():
        async with Client(build_server(socket, start_app=False, **server_options)) as client:
            return await body(client)

    return anyio.run(main)


def text_of(result) -> str:
    return "\n".join(c.text for c in result.content if c.type == "text")


# -- in-process, every tool ------------------------------------------------------------------------------------


def test_lists_the_seven_tools(agent_app):
    tools = with_client(agent_app.socket, lambda c: c.list_tools())
    assert {t.name for t in tools.tools} == TOOLS
    wait = next(t for t in tools.tools if t.name == "wait_for_annotations")
    assert wait.input_schema["required"] == ["timeout_ms"]
    assert wait.input_schema["properties"]["timeout_ms"]["type"] == "integer"
    assert all(t.description for t in tools.tools)


def test_read_tools(agent_app):
    async def body(c):
        return (await c.call_tool("get_annotations", {}), await c.call_tool("list_batches", {}),
                await c.call_tool("list_tabs", {}), await c.call_tool("page_state", {}))

    current, batches, tabs, state = with_client(agent_app.socket, body)
    for result in (current, batches, tabs, state):
        assert not result.is_error, text_of(result)
    assert "# Web page annotations: 0" in text_of(current)
    assert current.structured_content["id"] == "current" and "markdown" not in current.structured_content
    assert "Current batch (not sent yet): 0 annotations" in text_of(batches)
    assert tabs.structured_content["tabs"][0]["url"].endswith("demo.html")
    assert state.structured_content["url"].endswith("demo.html")
    assert state.structured_content["loading"] is False
    assert json.loads(text_of(state)) == state.structured_content


def test_take_screenshot_returns_a_downscaled_png(agent_app):
    result = with_client(agent_app.socket, lambda c: c.call_tool("take_screenshot", {}))
    assert not result.is_error, text_of(result)
    images = [c for c in result.content if c.type == "image"]
    assert len(images) == 1 and images[0].mime_type == "image/png"
    image = Image.open(io.BytesIO(base64.b64decode(images[0].data)))
    assert image.format == "PNG"
    image.verify()
    assert max(image.size) <= 1568 and image.size[0] * image.size[1] <= 1_150_000
    info = result.structured_content
    assert "data" not in info and (info["width"], info["height"]) == image.size
    full = Path(info.get("full_size_path") or info["path"])
    assert full.is_file() and str(full) in text_of(result)
    assert f"scale {info['scale']:g}" in text_of(result)


def test_a_small_page_stays_png(agent_app):
    result = with_client(agent_app.socket, lambda c: c.call_tool("take_screenshot", {"kind": "full"}))
    assert not result.is_error, text_of(result)
    [image] = [c for c in result.content if c.type == "image"]
    assert image.mime_type == "image/png" and len(image.data) <= images.DEFAULT_BUDGET_KB * images.KB
    assert Image.open(io.BytesIO(base64.b64decode(image.data))).format == "PNG"
    info = result.structured_content["image"]
    assert info["reencoded"] is False and info["quality"] is None and info["base64_bytes"] == len(image.data)
    assert "Sent as" not in text_of(result) and "JPEG" not in text_of(result)


def _jpeg_result(result, budget_kb: int):
    """The image of a re-encoded screenshot result, checked: a JPEG under ``budget_kb`` that decodes, with
    the structured content and text describing it and the full-size PNG on disk. Returns (image, info, text)."""
    assert not result.is_error, text_of(result)
    [content] = [c for c in result.content if c.type == "image"]
    assert content.mime_type == "image/jpeg"
    assert len(content.data) <= budget_kb * images.KB
    image = Image.open(io.BytesIO(base64.b64decode(content.data)))
    assert image.format == "JPEG"
    image.load()
    info, text = result.structured_content, text_of(result)
    assert (info["width"], info["height"]) == image.size and "data" not in info
    encoding = info["image"]
    assert encoding["reencoded"] is True and encoding["mime_type"] == "image/jpeg"
    assert encoding["base64_bytes"] == len(content.data) and encoding["budget_bytes"] == budget_kb * images.KB
    assert f"Sent as JPEG q={encoding['quality']}, {-(-len(content.data) // images.KB)} KB, " in text
    assert f"over the {budget_kb} KB image budget" in text
    full = Path(info.get("full_size_path") or info["path"])
    assert full.is_file() and f"Full size: {full}" in text
    with Image.open(full) as original:
        assert original.format == "PNG" and original.size == (info.get("full_width") or original.width,
                                                               info.get("full_height") or original.height)
    assert f"scale {info['scale']:g}" in text
    return image, info, text


def test_an_image_heavy_full_page_fits_the_budget(noisy_app):
    """Issue 9 §7: 1280×3000 px of noise is a PNG of about 4.6 MB of base64 even downscaled; the result
    carries a JPEG under the default 800 KB, says so, and still points at the full-size PNG."""
    result = with_client(noisy_app.socket, lambda c: c.call_tool("take_screenshot", {"kind": "full"}))
    image, info, text = _jpeg_result(result, images.DEFAULT_BUDGET_KB)
    assert info["full_height"] >= 3000 and info["full_size_path"] != info["path"]
    assert Path(info["path"]).is_file()  # the app's PNG copy is kept too
    assert info["image"]["quality"] in images.JPEG_QUALITIES
    assert max(image.size) <= 1568 and image.size[0] * image.size[1] <= 1_150_000
    assert f"({info['image']['source_width']}×{info['image']['source_height']} px" not in text  # no stray text


def test_a_smaller_image_budget_steps_down_then_shrinks(noisy_app):
    """``--image-budget 100``: noise does not fit 100 KB at any JPEG quality, so the last resort shrinks it
    (the text names both sizes)."""
    result = with_client(noisy_app.socket, lambda c: c.call_tool("take_screenshot", {"kind": "full"}),
                         image_budget_kb=100)
    image, info, text = _jpeg_result(result, 100)
    source = (info["image"]["source_width"], info["image"]["source_height"])
    assert info["image"]["quality"] == images.JPEG_QUALITIES[-1]
    assert image.width < source[0] and image.height < source[1]
    assert f"{source[0]}×{source[1]} px → {image.width}×{image.height} px" in text
    assert info["scale"] == pytest.approx(image.width / info["full_width"], abs=1e-3)


def test_fit_image_keeps_every_budget_and_flattens_transparency():
    """:func:`app.mcp.images.fit_image` directly: a PNG under the budget is passed through byte for byte; an
    RGBA noise PNG over it becomes an opaque JPEG under each budget down to the smallest; Pillow's size guard
    is left as it was."""
    rng = random.Random(7)
    noise = Image.frombytes("RGBA", (600, 900), rng.randbytes(600 * 900 * 4))
    out = io.BytesIO()
    noise.save(out, "PNG")
    data = base64.b64encode(out.getvalue()).decode("ascii")
    guard = Image.MAX_IMAGE_PIXELS
    for budget_kb in (images.MIN_BUDGET_KB, 300):
        fitted = images.fit_image(data, budget_kb * images.KB)
        assert fitted.mime_type == "image/jpeg" and fitted.size <= budget_kb * images.KB
        decoded = Image.open(io.BytesIO(base64.b64decode(fitted.data)))
        assert decoded.mode == "RGB" and decoded.size == (fitted.width, fitted.height)
        assert (fitted.source_width, fitted.source_height) == (600, 900)
    assert images.fit_image(data, len(data)).data == data  # exactly at the budget: the PNG as sent
    assert Image.MAX_IMAGE_PIXELS == guard
    with pytest.raises(ValueError):
        images.fit_image(data, 10 * images.KB)
    with pytest.raises(PagenoteError) as bad:
        images.fit_image(base64.b64encode(b"not a png").decode(), 100 * images.KB)
    assert bad.value.name == "CAPTURE_FAILED"


def test_image_budget_option(capsys):
    parser = argparse.ArgumentParser()
    mcp_cli.add_arguments(parser)
    assert parser.parse_args([]).image_budget == images.DEFAULT_BUDGET_KB
    assert parser.parse_args(["--image-budget", "300"]).image_budget == 300
    for bad, reason in (("10", "under the smallest budget, 50 KB"), ("lots", "expected a whole number of KB")):
        with pytest.raises(SystemExit) as exit_info:
            parser.parse_args(["--image-budget", bad])
        assert exit_info.value.code == 2 and reason in capsys.readouterr().err


def test_screenshot_errors_come_from_the_app(agent_app):
    async def body(c):
        return (await c.call_tool("take_screenshot", {"kind": "element"}),
                await c.call_tool("take_screenshot", {"kind": "element", "annotation": 1}))

    no_number, no_pin = with_client(agent_app.socket, body)
    assert no_number.is_error and text_of(no_number).startswith("INVALID_PARAMS: screenshot: kind=element")
    assert " — " in text_of(no_number)
    assert no_pin.is_error and text_of(no_pin).startswith("NOT_FOUND: ")


def test_wait_times_out_cleanly(agent_app):
    started = time.monotonic()
    result = with_client(agent_app.socket, lambda c: c.call_tool("wait_for_annotations", {"timeout_ms": 200}))
    assert not result.is_error
    assert text_of(result).startswith("Timed out after 200 ms: nothing sent")
    assert result.structured_content == {"timed_out": True, "batch": None}
    assert 0.15 < time.monotonic() - started < 5


def test_a_parked_wait_reports_progress(agent_app, monkeypatch):
    """While ``annotations.wait`` is parked, progress (elapsed ms of timeout_ms) reaches a client that asked."""
    monkeypatch.setattr(mcp_tool, "PROGRESS_EVERY_S", 0.1)
    progress = []

    async def on_progress(done, total, message):
        progress.append((done, total, message))

    result = with_client(agent_app.socket, lambda c: c.call_tool("wait_for_annotations", {"timeout_ms": 600},
                                                                 progress_callback=on_progress))
    assert not result.is_error and result.structured_content == {"timed_out": True, "batch": None}
    assert progress, "no progress notification arrived"
    assert all(total == 600 and 0 < done <= 600 for done, total, _ in progress)
    assert progress[0][2] == "waiting for the user to press Send in pagenote"
    assert [done for done, _, _ in progress] == sorted(done for done, _, _ in progress)


def test_wait_receives_a_batch_sent_meanwhile_then_ack(agent_app, monkeypatch):
    sync = {}

    class SpyClient(AgentClient):
        """Sets ``sync["requested"]`` once a request line is on the socket (the client then reads the answer)."""

        async def _read_line(self) -> bytes:
            sync["requested"].set()
            return await super()._read_line()

    monkeypatch.setattr(autostart, "AgentClient", SpyClient)
    out = {}

    async def body(c):
        sync["requested"] = anyio.Event()

        async def wait():
            out["wait"] = await c.call_tool("wait_for_annotations", {"timeout_ms": 20_000})

        async with anyio.create_task_group() as tg:
            tg.start_soon(wait)
            with anyio.fail_after(10):
                await sync["requested"].wait()
            async with AgentClient(agent_app.socket) as other:
                await other.call("health")  # one round trip: the app has read the wait line by now
                out["send"] = await other.call("annotations.send", {"markdown": BATCH_MD})
        batch_id = out["send"]["batch"]["id"]
        out["ack"] = await c.call_tool("acknowledge_annotations", {"batch": batch_id, "status": "resolved",
                                                                   "reply": "done", "annotation": 1})
        out["get"] = await c.call_tool("get_annotations", {"batch": batch_id, "status": "resolved"})
        out["list"] = await c.call_tool("list_batches", {"status": "delivered"})

    with_client(agent_app.socket, body)
    assert out["send"]["delivered_to"] == 1
    wait = out["wait"]
    assert not wait.is_error, text_of(wait)
    batch_id = out["send"]["batch"]["id"]
    assert wait.structured_content["timed_out"] is False
    assert wait.structured_content["batch"]["id"] == batch_id
    assert BATCH_MD.strip() in text_of(wait) and "Note: hi" in text_of(wait)
    ack = out["ack"]
    assert not ack.is_error, text_of(ack)
    assert ack.structured_content["annotations"][0] == {"status": "resolved", "reply": "done"}
    assert text_of(ack) == f"Annotation 1 of batch {batch_id} is now resolved. Reply: done"
    got = out["get"]
    assert got.structured_content["matching"] == [1] and "Note: hi" in text_of(got)
    assert batch_id in text_of(out["list"])


def test_ack_of_an_unknown_batch_is_a_tool_error(agent_app):
    result = with_client(agent_app.socket, lambda c: c.call_tool(
        "acknowledge_annotations", {"batch": "19990101-000000-dead", "status": "acknowledged"}))
    assert result.is_error
    assert text_of(result) == ("NOT_FOUND: no batch '19990101-000000-dead' — call annotations.list for the batch ids")
    assert result.structured_content["error"]["code"] == "NOT_FOUND"


def test_wait_beyond_the_limit_is_rejected_by_the_app(agent_app):
    async def body(c):
        return (await c.call_tool("wait_for_annotations", {"timeout_ms": 300_001}),
                await c.call_tool("wait_for_annotations", {"timeout_ms": -1}))

    too_long, negative = with_client(agent_app.socket, body)
    for result in (too_long, negative):
        assert result.is_error and text_of(result).startswith("INVALID_PARAMS: annotations.wait: timeout_ms")


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
    next_step = REGISTRY["INVALID_PARAMS"].next_step
    assert text_of(soon) == f'INVALID_PARAMS: timeout_ms: input should be a valid integer (got "soon") — {next_step}'
    assert text_of(true) == f"INVALID_PARAMS: timeout_ms: input should be a valid integer (got true) — {next_step}"
    assert not text_of(no_tool).startswith("INVALID_PARAMS:")  # the SDK answered; the app was never asked
    assert "no_such_tool" in text_of(no_tool)


NEXT = " — " + REGISTRY["INVALID_PARAMS"].next_step

#: (tool, arguments, the INVALID_PARAMS message after "INVALID_PARAMS: ") for every tool: wrong types, strings
#: that are not integers, values out of the schema's range, missing and unknown fields (issue 9 §10).
BAD_CALLS = [
    ("get_annotations", {"batch": 7}, 'batch: input should be a valid string (got 7)'),
    ("get_annotations", {"status": "done"}, "status: input should be 'pending', 'delivered', 'acknowledged', "
                                            "'resolved' or 'dismissed' (got \"done\")"),
    ("get_annotations", {"batch": "current", "stauts": "resolved"},
     "stauts: unknown parameter (this tool takes: batch, status)"),
    ("list_batches", {"status": ["resolved"]}, "status: input should be 'pending', 'delivered', 'acknowledged', "
                                               "'resolved' or 'dismissed' (got [\"resolved\"])"),
    ("list_batches", {"compact": False}, "compact: unknown parameter (this tool takes: status)"),
    ("wait_for_annotations", {}, "timeout_ms: required, but missing"),
    ("wait_for_annotations", {"timeout_ms": "1.5"}, 'timeout_ms: input should be a valid integer (got "1.5")'),
    ("wait_for_annotations", {"timeout_ms": 2.5}, "timeout_ms: input should be a valid integer (got 2.5)"),
    ("wait_for_annotations", {"timeout_ms": None}, "timeout_ms: input should be a valid integer (got null)"),
    ("wait_for_annotations", {"timeout_ms": 100, "timeout": 100},
     "timeout: unknown parameter (this tool takes: timeout_ms)"),
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
    ("take_screenshot", {"kind": "page"}, "kind: input should be 'viewport', 'full' or 'element' (got \"page\")"),
    ("take_screenshot", {"kind": "element", "annotation": "1st"},
     'annotation: input should be a valid integer (got "1st")'),
    ("take_screenshot", {"kind": "element", "annotation": 0},
     "annotation: input should be greater than or equal to 1 (got 0)"),
    ("take_screenshot", {"full_page": True}, "full_page: unknown parameter (this tool takes: kind, annotation, batch)"),
    ("list_tabs", {"all": True}, "all: unknown parameter (this tool takes none)"),
    ("page_state", {"tab": "1"}, "tab: unknown parameter (this tool takes none)"),
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
                                                      "next": REGISTRY["INVALID_PARAMS"].next_step}
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
            assert prop["type"] in ("string", "integer") and prop["description"], (name, field)
    for name in ("acknowledge_annotations", "take_screenshot"):
        assert tools[name]["properties"]["annotation"] == {
            "type": "integer", "minimum": 1, "title": "Annotation",
            "description": tools[name]["properties"]["annotation"]["description"]}
    assert tools["get_annotations"]["properties"]["status"]["enum"] == ["pending", "delivered", "acknowledged",
                                                                        "resolved", "dismissed"]
    assert tools["acknowledge_annotations"]["required"] == ["batch", "status"]
    assert tools["list_tabs"]["properties"] == {} and tools["page_state"]["properties"] == {}


def test_status_filter_needs_a_sent_batch(agent_app):
    result = with_client(agent_app.socket, lambda c: c.call_tool("get_annotations", {"status": "resolved"}))
    assert result.is_error and text_of(result).startswith("INVALID_PARAMS: status filters a sent batch")


# -- starting the app -----------------------------------------------------------------------------------------


def test_no_app_and_no_start_is_app_not_running():
    tmp = _short_dir()
    try:
        result = with_client(tmp / "a.sock", lambda c: c.call_tool("page_state", {}))
        assert result.is_error and text_of(result).startswith("APP_NOT_RUNNING: no pagenote app on ")
        assert "--no-start" in text_of(result)
        assert text_of(result).endswith(" — " + REGISTRY["APP_NOT_RUNNING"].next_step)  # the registry's advice
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def test_starts_the_app_when_none_listens():
    tmp = _short_dir()
    bridge = AgentBridge(tmp / "a.sock", start_app=True, project_dir=tmp)
    try:
        health = anyio.run(bridge.call, "health")
        assert health["app"] == "pagenote"
        assert bridge._child is not None and bridge._child.poll() is None
        assert "agent socket" in bridge.log_path.read_text()
        first = bridge._child
        assert anyio.run(bridge.call, "tabs.list")  # reuses the running app
        assert bridge._child is first
    finally:
        if bridge._child is not None:
            _stop(bridge._child)
        shutil.rmtree(tmp, ignore_errors=True)


def test_an_app_that_fails_to_start_is_reported_with_its_log(monkeypatch):
    tmp = _short_dir()
    monkeypatch.setattr(sys, "executable", shutil.which("false") or "/bin/false")
    try:
        result = with_client_starting(tmp / "a.sock", tmp)
        assert result.is_error
        text = text_of(result)
        assert text.startswith("APP_NOT_RUNNING: 'pagenote serve' exited with code 1")
        assert str(tmp / autostart.SERVE_LOG) in text
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def with_client_starting(socket: Path, project: Path):
    async def main():
        async with Client(build_server(socket, start_app=True, project_dir=project)) as client:
            return await client.call_tool("page_state", {})

    return anyio.run(main)


# -- stdio subprocess -----------------------------------------------------------------------------------------


def test_stdio_subprocess(agent_app):
    params = StdioServerParameters(command=sys.executable, args=["-m", "app", "mcp", "--no-start"], cwd=str(ROOT),
                                   env={"PAGENOTE_SOCKET": str(agent_app.socket)})

    async def main():
        with anyio.fail_after(30):
            async with Client(params, mode="legacy") as client:
                assert client.server_info.name == "pagenote"
                tools = await client.list_tools()
                state = await client.call_tool("page_state", {})
                return tools, state

    tools, state = anyio.run(main)
    assert {t.name for t in tools.tools} == TOOLS
    assert not state.is_error and state.structured_content["url"].endswith("demo.html")


def test_stdio_stdout_carries_only_protocol(agent_app):
    """Raw lines in, raw lines out: every stdout line is a JSON-RPC message, logs go to stderr."""
    lines = [INITIALIZE, {"jsonrpc": "2.0", "method": "notifications/initialized"},
             {"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "list_tabs", "arguments": {}}}]
    env = {**os.environ, "PAGENOTE_SOCKET": str(agent_app.socket)}
    proc = subprocess.Popen([sys.executable, "-m", "app", "mcp", "--no-start", "-v"], env=env, cwd=ROOT,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    answers = []
    try:
        for message in lines:
            proc.stdin.write((json.dumps(message) + "\n").encode())
            proc.stdin.flush()
            if "id" in message:
                answers.append(json.loads(proc.stdout.readline()))
        rest, _err = proc.communicate(timeout=20)  # closes stdin: the server ends
    finally:
        _stop(proc)
        for stream in (proc.stdin, proc.stdout, proc.stderr):
            stream.close()
    assert rest == b""
    assert [a["id"] for a in answers] == [1, 2]
    assert answers[0]["result"]["serverInfo"]["name"] == "pagenote"
    assert answers[1]["result"]["structuredContent"]["tabs"][0]["active"] is True
    assert proc.returncode == 0


# -- streamable HTTP ------------------------------------------------------------------------------------------


def _free_port() -> int:
    with socketlib.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _accepts(port: int) -> bool:
    with socketlib.socket() as s:
        s.settimeout(0.2)
        return s.connect_ex(("127.0.0.1", port)) == 0


@pytest.fixture(scope="module")
def http_server(agent_app):
    """``pagenote mcp --http 127.0.0.1:<port> --no-start`` with a fresh token directory."""
    tmp = _short_dir()
    port = _free_port()
    env = {**os.environ, "PAGENOTE_SOCKET": str(tmp / "a.sock")}
    err_path, out_path = tmp / "mcp.err", tmp / "mcp.out"
    with open(err_path, "wb") as err, open(out_path, "wb") as out:
        proc = subprocess.Popen([sys.executable, "-m", "app", "mcp", "--http", f"127.0.0.1:{port}", "--no-start"],
                                env=env, cwd=ROOT, stdin=subprocess.DEVNULL, stdout=out, stderr=err)
    try:
        _poll(lambda: _accepts(port) or proc.poll() is not None, 20, "the HTTP port")
        assert proc.poll() is None, err_path.read_text()
        token_file = tmp / mcp_http.TOKEN_FILE
        token = token_file.read_text().strip()
        yield SimpleNamespace(port=port, token=token, token_file=token_file, stderr=err_path.read_text(), proc=proc,
                              url=f"http://127.0.0.1:{port}/mcp")
        assert out_path.read_bytes() == b"", "stdout must stay empty in HTTP mode"
    finally:
        _stop(proc)
        shutil.rmtree(tmp, ignore_errors=True)


INITIALIZE = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
              "params": {"protocolVersion": "2025-06-18", "capabilities": {},
                         "clientInfo": {"name": "pagenote-tests", "version": "0"}}}
MCP_HEADERS = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream"}


def test_http_token_is_made_once_and_private(http_server):
    assert len(http_server.token) >= 43
    assert stat.S_IMODE(http_server.token_file.stat().st_mode) == 0o600
    assert f"Authorization: Bearer {http_server.token}" in http_server.stderr
    assert http_server.stderr.count(http_server.token) == 1


def test_http_requires_the_token(http_server):
    with httpx2.Client(timeout=10) as http:
        missing = http.post(http_server.url, json=INITIALIZE, headers=MCP_HEADERS)
        wrong = http.post(http_server.url, json=INITIALIZE,
                          headers={**MCP_HEADERS, "Authorization": "Bearer " + "x" * len(http_server.token)})
    assert missing.status_code == 401 and wrong.status_code == 401
    assert missing.headers["www-authenticate"].startswith("Bearer")


def test_http_checks_host_and_origin(http_server):
    auth = {**MCP_HEADERS, "Authorization": f"Bearer {http_server.token}"}
    with httpx2.Client(timeout=10) as http:
        bad_host = http.post(http_server.url, json=INITIALIZE, headers={**auth, "Host": "evil.example:80"})
        other_port = http.post(http_server.url, json=INITIALIZE,
                               headers={**auth, "Host": f"127.0.0.1:{http_server.port + 1}"})
        bad_origin = http.post(http_server.url, json=INITIALIZE, headers={**auth, "Origin": "http://evil.example"})
    assert bad_host.status_code in (421, 403) and other_port.status_code in (421, 403)
    assert bad_origin.status_code == 403


def test_http_initialize_with_the_token(http_server):
    headers = {**MCP_HEADERS, "Authorization": f"Bearer {http_server.token}",
               "Origin": f"http://localhost:{http_server.port}"}
    with httpx2.Client(timeout=10) as http:
        response = http.post(http_server.url, json=INITIALIZE, headers=headers)
    assert response.status_code == 200, response.text
    body = response.text
    if response.headers["content-type"].startswith("text/event-stream"):
        body = next(line[5:] for line in body.splitlines() if line.startswith("data:"))
    answer = json.loads(body)
    assert answer["id"] == 1 and answer["result"]["serverInfo"]["name"] == "pagenote"


def test_http_tool_call_through_the_sdk_client(http_server, agent_app):
    """A full client over HTTP; this server's socket has no app (--no-start), so the tool says so."""

    async def main():
        headers = {"Authorization": f"Bearer {http_server.token}"}
        async with httpx2.AsyncClient(headers=headers, timeout=10) as http:
            async with Client(streamable_http_client(http_server.url, http_client=http)) as client:
                return await client.call_tool("page_state", {})

    result = anyio.run(main)
    assert result.is_error and text_of(result).startswith("APP_NOT_RUNNING:")


def test_http_refuses_non_loopback_hosts(capsys):
    for address in ("0.0.0.0:8765", "192.168.1.2:8765", "example.com:80"):
        with pytest.raises(SystemExit) as exit_info:
            mcp_cli.main(["--http", address, "--no-start"])
        assert exit_info.value.code == 2
        assert "loopback hosts only" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        mcp_cli.main(["--http", "127.0.0.1:99999"])
    assert "outside 1..65535" in capsys.readouterr().err
