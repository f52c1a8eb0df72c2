"""``pagenote mcp``: an MCP server (official MCP Python SDK, v2 ``MCPServer``) bridging a coding agent to the
running pagenote app's agent socket (:mod:`app.agent.rpc`, :mod:`app.agent.methods`).

Tools and the socket method each one calls (one ``AgentClient`` connection per tool call, so a long
``wait_for_annotations`` never blocks the other tools):

=========================== ====================================================================
``get_annotations``         ``annotations.get(batch)``
``list_batches``            ``annotations.list(status?, compact=true)``
``wait_for_annotations``    ``annotations.wait(timeout_ms)`` (long poll, ≤ 300 000 ms)
``acknowledge_annotations`` ``annotations.ack(batch, status, reply, annotation?)``
``take_screenshot``         ``screenshot(kind, annotation?, downscale=true, inline=true)``
``list_tabs``               ``tabs.list``
``page_state``              ``page.state``
=========================== ====================================================================

Results and errors:

- every tool returns a ``CallToolResult``: readable text (the batch Markdown for the annotation tools) plus
  ``structuredContent`` (the socket's JSON, without the duplicated ``markdown`` and base64 image);
  ``take_screenshot`` returns an MCP image content (PNG, base64) and a text naming the files, size and scale;
- an error answer from the app (:class:`~app.agent.client.AgentError`) becomes a tool result with
  ``isError: true`` and the text ``"<CODE>: <message> — <next step>"`` (codes: :data:`app.agent.rpc.ERRORS`,
  plus ``APP_NOT_RUNNING``). Parameter ranges (``timeout_ms`` 0..300000, annotation numbers) are checked by
  the app, not here, so the answer is the app's ``INVALID_PARAMS`` — never a silently clamped value;
- protocol misuse (unknown tool, arguments of the wrong JSON type) is left to the SDK. In MCP SDK 2.3 both come
  back as an ``isError`` tool result whose text starts ``Error executing tool`` / ``Unknown tool``
  (``mcp/server/mcpserver/tools/base.py``, ``tool_manager.py``).

Starting the app (a design choice): when a tool finds nothing listening on the socket, the server starts
``<python> -m app serve --out <cwd>`` itself — detached (own session, survives ``pagenote mcp``), the
environment preserved plus ``QT_QPA_PLATFORM=offscreen`` and ``PAGENOTE_SOCKET=<socket>``, stdout/stderr
appended to ``<socket dir>/pagenote-serve.log`` — waits up to :data:`START_TIMEOUT_S` for the socket
(:func:`app.agent.paths.is_live`) and retries the call once; if it still fails the tool result is an
``APP_NOT_RUNNING`` error naming the log. That app has no visible window: to annotate, run the window yourself
(``./run.sh`` or ``pagenote``) before the agent needs it. ``--no-start`` turns this off.

Transports (``pagenote mcp [--http HOST:PORT] [--no-start] [--socket PATH]``):

- stdio (default): stdout carries only MCP messages (the SDK points fd 1 at stderr while serving); logs go to
  stderr;
- ``--http 127.0.0.1:PORT``: streamable HTTP at ``/mcp``, loopback hosts only, a bearer token required
  (``secrets.token_urlsafe(32)``, made on first use, stored 0600 in ``<socket dir>/mcp-token``, printed once to
  stderr), and the SDK's DNS-rebinding protection with the Host/Origin allow-list ``127.0.0.1:PORT``,
  ``localhost:PORT`` (``mcp/server/transport_security.py``: wrong Host → 421, wrong Origin → 403; missing or
  wrong token → 401, checked first).
"""

from __future__ import annotations

import argparse
import hmac
import json
import logging
import os
import secrets
import subprocess
import sys
import time
from pathlib import Path
from typing import Annotated, Any, Literal

import anyio
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.transport_security import TransportSecuritySettings
from mcp.types import CallToolResult, ImageContent, TextContent, ToolAnnotations
from pydantic import Field, StrictInt

from app import __version__
from app.agent.client import AgentClient, AgentError, AgentUnavailable
from app.agent.paths import is_live, socket_path

log = logging.getLogger("pagenote.mcp")

#: How long a tool waits for an app it started to listen on the socket, in seconds.
START_TIMEOUT_S = 30.0
#: Longest ``wait_for_annotations`` the app accepts, in ms (``app.agent.methods.MAX_WAIT_MS``, issue #5 §2);
#: only advertised in the tool's input schema — the app does the checking.
MAX_WAIT_MS = 300_000
#: While a wait is parked, a progress notification goes out this often (seconds) when the client asked for
#: progress (clients that reset their tool timeout on progress then keep waiting).
PROGRESS_EVERY_S = 10.0
#: File names in the socket's directory (mode 0700, :func:`app.agent.paths.socket_path`).
TOKEN_FILE = "mcp-token"
SERVE_LOG = "pagenote-serve.log"
#: Hosts ``--http`` may bind (loopback only: the tools read the user's pages and take screenshots).
LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "::1")
#: The streamable HTTP endpoint's path.
HTTP_PATH = "/mcp"
#: Seconds open HTTP streams (a parked wait) get to finish when ``--http`` is stopped.
HTTP_SHUTDOWN_GRACE_S = 5

BatchStatus = Literal["pending", "delivered", "acknowledged", "resolved", "dismissed"]


# -- results ---------------------------------------------------------------------------------------------------


def error_text(exc: AgentError) -> str:
    """``"<CODE>: <message> — <next step>"`` (the next step left out when the app gave none)."""
    text = f"{exc.code}: {exc.message}"
    return f"{text} — {exc.next_step}" if exc.next_step else text


def error_result(exc: AgentError) -> CallToolResult:
    """The tool result for an app error: ``isError: true``, the :func:`error_text` as the only content, and
    ``structuredContent = {"error": {"code", "message", "next"}}``."""
    return CallToolResult(content=[TextContent(type="text", text=error_text(exc))], is_error=True,
                          structured_content={"error": {"code": exc.code, "message": exc.message,
                                                        "next": exc.next_step}})


def _ok(text: str, structured: dict | None = None, *extra: Any) -> CallToolResult:
    return CallToolResult(content=[TextContent(type="text", text=text), *extra], structured_content=structured)


def _without_markdown(view: dict) -> dict:
    return {k: v for k, v in view.items() if k != "markdown"}


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _batch_text(view: dict, intro: str = "") -> str:
    """A batch view (``annotations.get`` / ``.wait`` / ``.ack``) as a heading line plus its Markdown."""
    count = view.get("count", 0)
    if view.get("id") == "current":
        head = (f"Current batch (not sent yet): {_plural(count, 'annotation')}. "
                "The user hands it over with Send (Ctrl+Return) in pagenote.")
    else:
        head = (f"Batch {view['id']}: status {view.get('status')}, sent {view.get('sent_at')}, "
                f"{_plural(count, 'annotation')}. Report back with acknowledge_annotations(batch=\"{view['id']}\", "
                "status=acknowledged|resolved|dismissed).")
    parts = [p for p in (intro, head) if p]
    markdown = view.get("markdown")
    return "\n".join(parts) + (f"\n\n{markdown}" if markdown else "")


# -- the socket side ------------------------------------------------------------------------------------------


class AgentBridge:
    """Calls the app's socket methods for the tools, starting the app when nothing listens.

    ``socket``: the Unix socket path; ``start_app``: start ``pagenote serve`` when needed (see the module
    docstring); ``project_dir``: its ``--out`` (default: the current directory when the app is started).
    """

    def __init__(self, socket: Path, start_app: bool = True, project_dir: Path | None = None) -> None:
        self.socket = Path(socket)
        self.start_app = start_app
        self.project_dir = project_dir
        self.log_path = self.socket.parent / SERVE_LOG
        self._start_lock = anyio.Lock()
        self._child: subprocess.Popen | None = None

    async def call(self, method: str, params: dict | None = None) -> Any:
        """Call ``method`` on a fresh connection and return its ``result``.

        Raises :class:`AgentError` for an error answer (``code`` a key of :data:`app.agent.rpc.ERRORS`), or
        ``APP_NOT_RUNNING`` (:class:`AgentUnavailable`, or an :class:`AgentError` naming the serve log when
        this bridge started an app that did not come up). A call is sent at most once: when the app goes away
        mid-call the error is returned, not retried.
        """
        client = AgentClient(self.socket)
        try:
            await client.connect()
        except AgentUnavailable as exc:
            if not self.start_app:
                raise AgentUnavailable(f"{exc.message}; 'pagenote mcp --no-start' does not start one") from None
            await self.ensure_app()
            await client.connect()
        try:
            return await client.call(method, params)
        finally:
            with anyio.CancelScope(shield=True):
                await client.aclose()

    async def ensure_app(self) -> None:
        """Start ``pagenote serve`` unless something listens on the socket, and wait up to
        :data:`START_TIMEOUT_S` for it. Raises :class:`AgentError` ``APP_NOT_RUNNING`` (with the log path in
        its next step) when it exits or does not listen in time, or cannot be started at all."""
        async with self._start_lock:
            if await anyio.to_thread.run_sync(is_live, self.socket):
                return
            project = (self.project_dir or Path.cwd()).resolve()
            command = [sys.executable, "-m", "app", "serve", "--out", str(project)]
            env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PAGENOTE_SOCKET": str(self.socket)}
            next_step = f"see the log {self.log_path}; or start the app yourself: ./run.sh or 'pagenote serve'"
            try:
                self.socket.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
                with open(self.log_path, "ab") as out:
                    out.write(f"\n== {time.strftime('%Y-%m-%d %H:%M:%S')} pagenote mcp starts: "
                              f"{' '.join(command)}\n".encode())
                    out.flush()
                    self._child = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=out, stderr=out,
                                                   env=env, cwd=project, start_new_session=True)
                    out.write(f"== pid {self._child.pid} (stop it with: kill {self._child.pid})\n".encode())
            except OSError as exc:
                raise AgentError("APP_NOT_RUNNING", f"could not start 'pagenote serve': {exc}", next_step) from None
            log.warning("no pagenote app on %s: started 'pagenote serve' (pid %d, log %s)",
                        self.socket, self._child.pid, self.log_path)
            deadline = time.monotonic() + START_TIMEOUT_S
            while time.monotonic() < deadline:
                if await anyio.to_thread.run_sync(is_live, self.socket):
                    return
                code = self._child.poll()
                if code is not None:
                    raise AgentError("APP_NOT_RUNNING", f"'pagenote serve' exited with code {code} before listening "
                                     f"on {self.socket}", next_step)
                await anyio.sleep(0.1)
            raise AgentError("APP_NOT_RUNNING", f"'pagenote serve' (pid {self._child.pid}) did not listen on "
                             f"{self.socket} within {START_TIMEOUT_S:.0f} s", next_step)


# -- the MCP server --------------------------------------------------------------------------------------------


def build_server(socket: Path, *, start_app: bool = True, project_dir: Path | None = None) -> MCPServer:
    """The MCP server (not yet running) whose seven tools call the app on ``socket``.

    ``start_app`` / ``project_dir``: see :class:`AgentBridge`. Run it with ``server.run_stdio_async()``, or
    :func:`serve_http`; connect in-process with ``mcp.client.Client(server)`` (tests). Tool results and
    errors: see the module docstring.
    """
    bridge = AgentBridge(socket, start_app=start_app, project_dir=project_dir)
    server = MCPServer(
        "pagenote", version=__version__, log_level="WARNING",
        instructions=("pagenote is a browser in which the user pins numbered notes on web page elements and "
                      "presses Send to hand them to you. Call wait_for_annotations to block until they do, fix "
                      "what the notes ask for, then report with acknowledge_annotations. get_annotations "
                      "reads a batch without waiting; take_screenshot shows the page."))

    async def run(method: str, params: dict | None, render) -> CallToolResult:
        try:
            result = await bridge.call(method, params)
        except AgentError as exc:
            return error_result(exc)
        return render(result)

    read_only = ToolAnnotations(read_only_hint=True, open_world_hint=False)

    @server.tool(annotations=read_only)
    async def get_annotations(
        batch: Annotated[str, Field(description='"current" (the unsent batch in the editor) or a sent batch id '
                                                "from list_batches")] = "current",
        status: Annotated[BatchStatus | None, Field(description="only report the annotations of a sent batch "
                                                                "that have this status")] = None,
    ) -> CallToolResult:
        """Read one batch of annotations without waiting: its Markdown (one "## Annotation N" section per
        element: note, selector, role, styles, geometry, text) and, as structured content, the same model as
        JSON with the agent statuses of a sent batch."""

        def render(view: dict) -> CallToolResult:
            structured = _without_markdown(view)
            intro = ""
            if status is not None:
                states = view.get("annotations") if view.get("id") != "current" else None
                if not isinstance(states, list):
                    return error_result(AgentError("INVALID_PARAMS", "status filters a sent batch's annotations; "
                                                   "the current batch has none yet",
                                                   "leave status out, or pass a sent batch id"))
                matching = [i for i, s in enumerate(states, 1) if isinstance(s, dict) and s.get("status") == status]
                structured["matching"] = matching
                intro = (f"Annotations with status {status}: {', '.join(map(str, matching))} "
                         f"(of {len(states)})." if matching else f"No annotation has status {status}.")
            return _ok(_batch_text(view, intro), structured)

        return await run("annotations.get", {"batch": batch}, render)

    @server.tool(annotations=read_only)
    async def list_batches(
        status: Annotated[BatchStatus | None, Field(description="only the sent batches with this status")] = None,
    ) -> CallToolResult:
        """List the batches the user sent (oldest first: id, status, count, sent time, deliveries) and how many
        annotations the unsent current batch has. Read one with get_annotations(batch=id)."""

        def render(result: dict) -> CallToolResult:
            current = result.get("current") or {}
            lines = [f"Current batch (not sent yet): {_plural(current.get('count', 0), 'annotation')}."]
            batches = result.get("batches") or []
            if not batches:
                lines.append("No sent batches" + (f" with status {status}." if status else "."))
            else:
                lines.append("Sent batches (oldest first):")
                lines += [f"- {b.get('id')}: {b.get('status')}, {_plural(b.get('count', 0), 'annotation')}, sent "
                          f"{b.get('sent_at')}, delivered {b.get('delivered_count', 0)}×" for b in batches]
            return _ok("\n".join(lines), result)

        params: dict[str, Any] = {"compact": True}
        if status is not None:
            params["status"] = status
        return await run("annotations.list", params, render)

    @server.tool()
    async def wait_for_annotations(
        timeout_ms: Annotated[StrictInt, Field(description="how long to wait, in milliseconds: an integer from 0 "
                                                           "to 300000 (larger values are an error)",
                                               json_schema_extra={"minimum": 0, "maximum": MAX_WAIT_MS})],
        ctx: Context,
    ) -> CallToolResult:
        """Block until the user presses Send in pagenote (or Ctrl+Return), then return that batch's Markdown;
        a batch sent while nobody was waiting is returned at once. On timeout the result says nothing was
        sent: call again to keep waiting. Your client's tool-call timeout must be longer than timeout_ms."""
        started = time.monotonic()

        async def heartbeat() -> None:
            while True:
                await anyio.sleep(PROGRESS_EVERY_S)
                elapsed = min(timeout_ms, int((time.monotonic() - started) * 1000))
                await ctx.report_progress(elapsed, timeout_ms, "waiting for the user to press Send in pagenote")

        def render(result: dict) -> CallToolResult:
            if result.get("timed_out") or not result.get("batch"):
                return _ok(f"Timed out after {timeout_ms} ms: nothing sent. The user has not pressed Send yet; call "
                           "wait_for_annotations again to keep waiting.", {"timed_out": True, "batch": None})
            view = result["batch"]
            return _ok(_batch_text(view, "The user sent a batch."),
                       {"timed_out": False, "batch": _without_markdown(view)})

        async with anyio.create_task_group() as tg:
            if timeout_ms > PROGRESS_EVERY_S * 1000:
                tg.start_soon(heartbeat)
            try:
                return await run("annotations.wait", {"timeout_ms": timeout_ms}, render)
            finally:
                tg.cancel_scope.cancel()

    @server.tool(annotations=ToolAnnotations(read_only_hint=False, destructive_hint=False, idempotent_hint=True,
                                             open_world_hint=False))
    async def acknowledge_annotations(
        batch: Annotated[str, Field(description="a sent batch id (from wait_for_annotations, get_annotations or "
                                                "list_batches)")],
        status: Annotated[Literal["acknowledged", "resolved", "dismissed"],
                          Field(description="acknowledged: seen, working on it; resolved: done; dismissed: won't "
                                            "do")],
        reply: Annotated[str, Field(description="one line for the user (at most 500 characters)")] = "",
        annotation: Annotated[StrictInt | None, Field(description="the annotation number (1-based) to set; "
                                                                  "leave out to set the whole batch")] = None,
    ) -> CallToolResult:
        """Tell the user what became of a sent batch, or of one annotation in it; pagenote shows the status and
        reply next to the batch."""

        def render(view: dict) -> CallToolResult:
            if annotation is None:
                text = f"Batch {view.get('id')} is now {view.get('status')}."
            else:
                states = view.get("annotations") or []
                state = states[annotation - 1] if 0 < annotation <= len(states) else {}
                text = f"Annotation {annotation} of batch {view.get('id')} is now {state.get('status', status)}."
            return _ok(text + (f" Reply: {reply}" if reply else ""), _without_markdown(view))

        params: dict[str, Any] = {"batch": batch, "status": status, "reply": reply}
        if annotation is not None:
            params["annotation"] = annotation
        return await run("annotations.ack", params, render)

    @server.tool(annotations=ToolAnnotations(read_only_hint=False, destructive_hint=False, open_world_hint=False))
    async def take_screenshot(
        kind: Annotated[Literal["viewport", "full", "element"],
                        Field(description="viewport: the visible page; full: the whole document; element: the "
                                          "element of an annotation (of `batch`), with a 16 px margin")] = "viewport",
        annotation: Annotated[StrictInt | None, Field(description="the annotation number (1-based) for "
                                                                  "kind=element")] = None,
        batch: Annotated[str, Field(description="for kind=element: 'current' (the unsent batch) or the id of a "
                                                "sent batch, as wait_for_annotations returned it")] = "current",
    ) -> CallToolResult:
        """Screenshot of the page as pagenote shows it (without the markers), as a PNG image scaled to at most
        1568 px on the long edge and 1.15 megapixels; the full-size PNG is saved under <project>/shots/ and its
        path is in the text."""

        def render(result: dict) -> CallToolResult:
            data = result.pop("data", None)
            mime = result.pop("mime_type", "image/png")
            full = result.get("full_size_path") or result.get("path")
            scale = result.get("scale", 1.0)
            text = (f"Screenshot ({result.get('kind')}{f', annotation {annotation}' if annotation else ''}): image "
                    f"{result.get('width')}×{result.get('height')} px, scale {scale:g} of the full-size PNG "
                    f"(device pixel ratio {result.get('dpr', 1):g}). Full size: {full}")
            if result.get("full_size_path"):
                text += f"; this copy: {result.get('path')}"
            extra = [ImageContent(type="image", data=data, mime_type=mime)] if data else []
            return _ok(text, result, *extra)

        params: dict[str, Any] = {"kind": kind, "downscale": True, "inline": True, "batch": batch}
        if annotation is not None:
            params["annotation"] = annotation
        return await run("screenshot", params, render)

    @server.tool(annotations=read_only)
    async def list_tabs() -> CallToolResult:
        """The pages open in pagenote: id, title, URL, and which one is active."""

        def render(tabs: list) -> CallToolResult:
            lines = [f"- {'[active] ' if t.get('active') else ''}{t.get('title') or '(untitled)'} — {t.get('url')}"
                     for t in tabs] or ["No tabs."]
            return _ok("\n".join(lines), {"tabs": tabs})

        return await run("tabs.list", None, render)

    @server.tool(annotations=read_only)
    async def page_state() -> CallToolResult:
        """The active page: URL, title, whether it is loading, viewport size and scroll position (CSS px),
        device pixel ratio and zoom."""
        return await run("page.state", None, lambda state: _ok(json.dumps(state, ensure_ascii=False, indent=1),
                                                               state))

    return server


# -- streamable HTTP -------------------------------------------------------------------------------------------


def parse_http_address(text: str) -> tuple[str, int]:
    """``"127.0.0.1:8765"`` / ``"localhost:8765"`` / ``"[::1]:8765"`` → ``(host, port)``. Raises ``ValueError``
    for a malformed address, a port outside 1..65535, or a host not in :data:`LOOPBACK_HOSTS`."""
    host, sep, port_text = text.rpartition(":")
    host = host.strip("[]")
    if not sep or not host or not port_text.isdigit():
        raise ValueError(f"expected HOST:PORT (e.g. 127.0.0.1:8765), got {text!r}")
    port = int(port_text)
    if not 1 <= port <= 65535:
        raise ValueError(f"port {port} is outside 1..65535")
    if host not in LOOPBACK_HOSTS:
        raise ValueError(f"--http binds loopback hosts only ({', '.join(LOOPBACK_HOSTS)}), not {host!r}: the tools "
                         "read your pages and take screenshots, so they must not be reachable from the network")
    return host, port


def load_or_create_token(directory: Path) -> tuple[str, bool]:
    """The bearer token in ``directory/mcp-token``, made with ``secrets.token_urlsafe(32)`` (43 URL-safe
    characters, 256 bits) and written with mode 0600 when missing. Returns ``(token, created)``.

    Raises ``PermissionError`` when the file is readable by others or not yours, ``ValueError`` when it is
    empty, ``OSError`` when it cannot be read or written."""
    directory.mkdir(mode=0o700, parents=True, exist_ok=True)
    path = directory / TOKEN_FILE
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        info = path.stat()
        if info.st_uid != os.getuid() or info.st_mode & 0o077:
            raise PermissionError(f"{path} must belong to you with mode 0600 (it is {oct(info.st_mode & 0o777)}); "
                                  "fix it or delete it to make a new token") from None
        token = path.read_text(encoding="ascii").strip()
        if not token:
            raise ValueError(f"{path} is empty; delete it to make a new token")
        return token, False
    token = secrets.token_urlsafe(32)
    with os.fdopen(fd, "w", encoding="ascii") as out:
        out.write(token + "\n")
    return token, True


class BearerTokenMiddleware:
    """ASGI middleware: an HTTP request without ``Authorization: Bearer <token>`` (compared in constant time)
    gets ``401`` with ``WWW-Authenticate: Bearer`` (RFC 6750 §3) and never reaches the MCP app. Other scopes
    (lifespan) pass through."""

    def __init__(self, app, token: str) -> None:
        self.app = app
        self._token = token.encode("ascii")

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] == "http":
            header = next((v for k, v in scope.get("headers", []) if k == b"authorization"), b"")
            scheme, _, value = header.partition(b" ")
            if scheme.lower() != b"bearer" or not hmac.compare_digest(value.strip(), self._token):
                from starlette.responses import JSONResponse

                response = JSONResponse({"error": "invalid_token",
                                         "error_description": "send Authorization: Bearer <token from mcp-token>"},
                                        status_code=401, headers={"WWW-Authenticate": 'Bearer realm="pagenote"'})
                await response(scope, receive, send)
                return
        await self.app(scope, receive, send)


def http_app(server: MCPServer, host: str, port: int, token: str):
    """The ASGI app for ``--http``: the SDK's streamable HTTP app at :data:`HTTP_PATH` with DNS-rebinding
    protection (Host allow-list ``127.0.0.1:PORT``, ``localhost:PORT`` (and ``[::1]:PORT`` for ``::1``);
    Origin allow-list the same with ``http://``), wrapped in :class:`BearerTokenMiddleware`."""
    hosts = [f"127.0.0.1:{port}", f"localhost:{port}"] + ([f"[::1]:{port}"] if host == "::1" else [])
    security = TransportSecuritySettings(enable_dns_rebinding_protection=True, allowed_hosts=hosts,
                                         allowed_origins=[f"http://{h}" for h in hosts])
    app = server.streamable_http_app(streamable_http_path=HTTP_PATH, transport_security=security,
                                     host="127.0.0.1" if host == "localhost" else host)
    return BearerTokenMiddleware(app, token)


async def serve_http(server: MCPServer, host: str, port: int, token: str) -> None:
    """Serve :func:`http_app` with uvicorn on ``host:port`` until SIGINT/SIGTERM (no access log; warnings to
    stderr; open streams get :data:`HTTP_SHUTDOWN_GRACE_S` to finish). Raises ``SystemExit(3)`` (uvicorn's
    startup failure) when the port cannot be bound."""
    import uvicorn

    config = uvicorn.Config(http_app(server, host, port, token), host="127.0.0.1" if host == "localhost" else host,
                            port=port, log_level="warning", access_log=False, lifespan="on",
                            timeout_graceful_shutdown=HTTP_SHUTDOWN_GRACE_S)
    await uvicorn.Server(config).serve()


# -- command line ----------------------------------------------------------------------------------------------


def parser() -> argparse.ArgumentParser:
    """The ``pagenote mcp`` argument parser (argparse exits 2 on bad input)."""
    p = argparse.ArgumentParser(
        prog="pagenote mcp",
        description="MCP server for coding agents, backed by the running pagenote app's agent socket. "
                    "stdio by default; stdout carries only MCP messages.")
    p.add_argument("--http", metavar="HOST:PORT",
                   help="serve streamable HTTP at http://HOST:PORT/mcp instead (loopback only, bearer token "
                        "required: made on first use, kept in the socket's directory as mcp-token)")
    p.add_argument("--no-start", action="store_true",
                   help="do not start 'pagenote serve' when no app listens on the socket")
    p.add_argument("--socket", metavar="PATH", type=Path,
                   help="agent socket path (default: $PAGENOTE_SOCKET, else the per-user runtime directory)")
    p.add_argument("-v", "--verbose", action="store_true", help="log details to stderr")
    return p


def main(argv: list[str]) -> int:
    """``pagenote mcp …``: serve until stdin closes (stdio) or the process is interrupted (HTTP). Returns the
    exit code: 0 done, 1 cannot serve (socket directory, token file, port), 2 bad arguments."""
    p = parser()
    args = p.parse_args(argv)
    logging.basicConfig(stream=sys.stderr, level=logging.DEBUG if args.verbose else logging.WARNING,
                        format="pagenote %(name)s %(levelname)s: %(message)s")
    address = None
    if args.http:
        try:
            address = parse_http_address(args.http)
        except ValueError as exc:
            p.error(f"--http: {exc}")
    try:
        path = args.socket if args.socket else socket_path()
    except PermissionError as exc:
        print(f"pagenote mcp: {exc}", file=sys.stderr)
        return 1
    server = build_server(path, start_app=not args.no_start)
    try:
        if address is None:
            anyio.run(server.run_stdio_async)
            return 0
        host, port = address
        try:
            token, created = load_or_create_token(path.parent)
        except (OSError, ValueError) as exc:
            print(f"pagenote mcp: {exc}", file=sys.stderr)
            return 1
        if created:
            print(f"pagenote mcp: new token, stored in {path.parent / TOKEN_FILE} (shown once):\n"
                  f"Authorization: Bearer {token}", file=sys.stderr)
        else:
            print(f"pagenote mcp: bearer token in {path.parent / TOKEN_FILE}", file=sys.stderr)
        shown = f"[{host}]" if ":" in host else host
        print(f"pagenote mcp: starting streamable HTTP on http://{shown}:{port}{HTTP_PATH} (socket {path})",
              file=sys.stderr, flush=True)
        try:
            anyio.run(serve_http, server, host, port, token)
        except SystemExit as exc:  # uvicorn exits (code 3) when it cannot bind; it logged why
            if exc.code in (0, None):
                return 0
            print(f"pagenote mcp: cannot serve on {shown}:{port} (see above)", file=sys.stderr)
            return 1
        return 0
    except KeyboardInterrupt:
        return 0
