"""``pagenote mcp`` (app/mcp/) against a real ``pagenote serve`` subprocess: every tool in-process
through the SDK's client, the stdio transport as a subprocess, and
starting the app when none runs (images: test_mcp_images.py; arguments: test_mcp_arguments.py; HTTP:
test_mcp_http.py)."""

from __future__ import annotations

import base64
import io
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import SimpleNamespace

import anyio
import pytest
from mcp.client import Client
from mcp.client.stdio import StdioServerParameters
from PIL import Image

from app.agent.client import AgentClient
from app.agent.paths import is_live
from app.core.errors import REGISTRY
from app.mcp import autostart
from app.mcp import tool as mcp_tool
from app.mcp.autostart import AgentBridge
from app.mcp.server import build_server
from app.mcp.untrusted import unwrap
from conftest import poll_until as _poll

ROOT = Path(__file__).resolve().parents[1]
DEMO = ROOT / "resources" / "demo.html"
NOISY = ROOT / "tests" / "pages" / "noisy.html"
TOOLS = {"get_annotations", "list_batches", "wait_for_annotations", "acknowledge_annotations", "take_screenshot",
         "list_tabs", "page_state"}
#: The browser tools (app/mcp/tools/browser.py; their own tests: test_mcp_browser.py).
TOOLS |= {"browser_navigate", "browser_navigate_back", "browser_tabs", "browser_evaluate", "browser_console_messages",
          "browser_network_requests", "browser_network_request"}
#: The freeze tool (app/mcp/tools/freeze.py; its own test: test_mcp_freeze.py).
TOOLS |= {"page_freeze"}
#: The snapshot tool (app/mcp/tools/snapshot.py; its own tests: test_mcp_snapshot.py).
TOOLS |= {"browser_snapshot"}
#: The page-context tools (app/mcp/tools/page_context.py; test_page_context.py, test_mcp_page_context.py).
TOOLS |= {"browser_page_context", "browser_wait_for_change"}
#: The action tools by ref, dialogs, find and extract (app/mcp/tools/browser_actions.py; test_mcp_actions.py).
TOOLS |= {"browser_click", "browser_hover", "browser_type", "browser_press_key", "browser_select_option",
          "browser_check", "browser_scroll", "browser_drag", "browser_handle_dialog", "browser_find", "browser_extract"}
#: The device tools (app/mcp/tools/devices.py; their own tests: test_device_agent.py).
TOOLS |= {"devices_list", "device_log", "device_log_clear", "device_logging", "device_grant",
          "virtual_device_input", "virtual_device_script"}
#: The performance tools (app/mcp/tools/performance.py; their own tests: test_cdp_performance.py).
TOOLS |= {"performance_start_trace", "performance_stop_trace", "performance_analyze_insight"}
#: The emulation tools (app/mcp/tools/emulation.py; their own tests: test_cdp_emulation.py).
TOOLS |= {"browser_resize", "browser_emulate"}
#: Playwright MCP's browser_close and browser_navigate_forward (app/mcp/tools/browser.py; test_agent_parity_tabs.py).
TOOLS |= {"browser_close", "browser_navigate_forward"}
#: browser_wait_for (app/mcp/tools/waits.py; its own tests: test_parity_h3_effects.py).
TOOLS |= {"browser_wait_for"}
#: browser_annotate (app/mcp/tools/annotate.py; its own tests: test_parity_h6_annotate.py).
TOOLS |= {"browser_annotate"}
#: browser_fill_form and browser_file_upload (app/mcp/tools/forms.py; their own tests: test_parity_h4_forms.py).
TOOLS |= {"browser_fill_form", "browser_file_upload"}
#: browser_take_screenshot (app/mcp/tools/screenshots.py; its own test: test_mcp_images.py).
TOOLS |= {"browser_take_screenshot"}
#: verify_annotations (app/mcp/tools/verify.py; its own tests: test_verify_annotations.py).
TOOLS |= {"verify_annotations"}
BATCH_MD = "# Web page annotations: 1\n\n## Annotation 1\nNote: hi\nTag: button\n"
INITIALIZE = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
              "params": {"protocolVersion": "2025-06-18", "capabilities": {},
                         "clientInfo": {"name": "pagenote-tests", "version": "0"}}}
MCP_HEADERS = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream"}


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
    # page_state's JSON is the page's words (its url and title): in the untrusted block (app.mcp.untrusted)
    assert json.loads(unwrap(text_of(state))[1]) == state.structured_content


def tall(height: int, gradient: str) -> str:
    """A ``height`` px block laid over the demo page (``browser_evaluate``), painted with CSS ``gradient``."""
    return ("() => { const d = document.createElement('div'); d.id = 'pn-tall'; d.style.cssText = "
            f"'position:absolute;left:0;top:0;width:100%;height:{height}px;z-index:9;background:{gradient}';"
            " document.body.append(d); }")


def _full_page_over(agent_app, block: str):
    async def body(c):
        assert not (await c.call_tool("browser_evaluate", {"function": block})).is_error
        try:
            return await c.call_tool("take_screenshot", {"kind": "full"})
        finally:
            await c.call_tool("browser_evaluate", {"function": "() => { document.getElementById('pn-tall').remove(); }"})

    result = with_client(agent_app.socket, body)
    assert not result.is_error, text_of(result)
    images = [c for c in result.content if c.type == "image"]
    assert len(images) == 1 and images[0].mime_type == "image/png"
    image = Image.open(io.BytesIO(base64.b64decode(images[0].data)))
    assert image.format == "PNG"
    info = result.structured_content
    assert max(image.size) <= 1568 and image.size[0] * image.size[1] <= 1_150_000
    assert "data" not in info and (info["width"], info["height"]) == image.size
    full = Path(info.get("full_size_path") or info["path"])
    assert full.is_file() and str(full) in text_of(result)
    assert f"scale {info['scale']:g}" in text_of(result)
    return result, info, image.convert("RGB")


def test_take_screenshot_returns_a_downscaled_png(agent_app):
    """A full page 3000 px tall is over the agents' limits but fits them readably (scale 0.52, over the 0.5
    floor): the PNG sent is the whole page scaled to fit, and its pixels are the page's (red at a quarter of
    the height, blue at three quarters)."""
    result, info, rgb = _full_page_over(agent_app, tall(3000, "linear-gradient(#FF0000 0 1500px, #0000FF 1500px)"))
    assert 0.5 <= info["scale"] < 1 and info["full_height"] >= 3000 and "band" not in info
    assert rgb.height == pytest.approx(info["full_height"] * info["scale"], rel=0.01)   # the scale is rounded
    assert rgb.getpixel((5, round(750 * info["scale"]))) == (255, 0, 0)
    assert rgb.getpixel((5, round(2250 * info["scale"]))) == (0, 0, 255)
    assert "Only the top" not in text_of(result)


def test_take_screenshot_of_a_very_tall_page_sends_its_top_band_readably(agent_app):
    """A full page 20,000 px tall would fit the agents' limits whole only at scale 0.078 (nothing readable):
    the image sent is its top band at the 0.5 floor, and the text says which document y range it is, the
    full-size PNG's path and how to see the rest."""
    result, info, rgb = _full_page_over(agent_app, tall(
        20000, "linear-gradient(#FF0000 0 1000px, #0000FF 1000px 3000px, #00FF00 3000px)"))
    scale, band = info["scale"], info["band"]
    assert scale == pytest.approx(0.5, abs=0.001) and info["full_height"] >= 20000
    assert band["css_top"] == 0 and band["css_height"] == info["full_height"] and band["whole_scale"] < 0.1
    assert 3000 < band["css_bottom"] < 3300 and band["bottom"] == band["css_bottom"]   # CSS px = PNG px here
    assert rgb.height == pytest.approx(band["bottom"] * scale, abs=1)
    assert rgb.getpixel((5, round(500 * scale))) == (255, 0, 0)
    assert rgb.getpixel((5, round(2000 * scale))) == (0, 0, 255)
    assert rgb.getpixel((5, round(3050 * scale))) == (0, 255, 0)
    text = text_of(result)
    assert f"document y 0–{band['css_bottom']} of {band['css_height']} CSS px" in text
    assert "take_screenshot kind=viewport" in text and "browser_snapshot" in text and info["full_size_path"] in text


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
    assert time.monotonic() - started > 0.15   # it waited (Qt coarse timers may fire 5 % early); speed is for bench/


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
    assert "# Web page annotations: 1" in text_of(wait) and "## Annotation 1\nNote: hi\nTag: button" in text_of(wait)
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
