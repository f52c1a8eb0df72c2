"""MCP over HTTP drops connections that never send a complete request with the token (security review,
"the page cannot steer the agent", item 8; requirement 9b: 50 half-open connections stayed open 40 s).

A real ``serve_http`` in its own process (a short deadline and a small cap through its parameters) and raw
sockets that send nothing, half a request line, headers without their body, or a request without the token:
the server closes each (the test waits for the EOF). Idle connections over the cap close the oldest, so an
MCP SDK client with the token still works beside them, and an authenticated stream (a streamable HTTP GET)
outlives the deadline.
"""

from __future__ import annotations

import os
import shutil
import socket as socketlib
import subprocess
import sys
import time
from types import SimpleNamespace

import anyio
import httpx2
import pytest
from mcp.client import Client
from mcp.client.streamable_http import streamable_http_client

from conftest import poll_until
from test_mcp import INITIALIZE, MCP_HEADERS, ROOT, _short_dir, _stop, text_of
from test_mcp_http import _accepts, _free_port

TOKEN = "t" * 43
#: How long a test waits at most for the server to close a socket (s): a bound on a failure, not a guess.
CLOSE_WAIT_S = 60

_SERVE = """
import sys, anyio
from pathlib import Path
from app.mcp.server import build_server
from app.mcp.http import serve_http
sock, port, deadline, cap, token = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
anyio.run(lambda: serve_http(build_server(Path(sock), start_app=False), "127.0.0.1", port, token,
                             deadline_s=deadline, cap=cap))
"""


def _serve(deadline_s: float, cap: int):
    tmp = _short_dir()
    port = _free_port()
    with open(tmp / "http.log", "wb") as log:
        proc = subprocess.Popen([sys.executable, "-c", _SERVE, str(tmp / "a.sock"), str(port), str(deadline_s),
                                 str(cap), TOKEN], cwd=ROOT, env=dict(os.environ), stdin=subprocess.DEVNULL,
                                stdout=log, stderr=log)
    try:
        poll_until(lambda: _accepts(port) or proc.poll() is not None, 20, "the HTTP port")
        assert proc.poll() is None, (tmp / "http.log").read_text()
        yield SimpleNamespace(port=port, url=f"http://127.0.0.1:{port}/mcp", deadline=deadline_s, cap=cap)
    finally:
        _stop(proc)
        shutil.rmtree(tmp, ignore_errors=True)


@pytest.fixture(scope="module")
def quick():
    """A server whose connections get 1.5 s to send a complete request with the token; cap 4."""
    yield from _serve(1.5, 4)


@pytest.fixture(scope="module")
def patient():
    """A server whose deadline (120 s) never comes during a test; cap 4: only the cap closes connections."""
    yield from _serve(120.0, 4)


def _open(server, first: bytes = b"") -> socketlib.socket:
    s = socketlib.create_connection(("127.0.0.1", server.port), timeout=CLOSE_WAIT_S)
    if first:
        s.sendall(first)
    return s


def _closed_by_server(s: socketlib.socket) -> bytes:
    """Read until the server closes ``s`` (EOF or reset) and return what it sent; fails after CLOSE_WAIT_S."""
    got = b""
    s.settimeout(CLOSE_WAIT_S)
    try:
        while chunk := s.recv(65536):
            got += chunk
    except ConnectionResetError:
        pass
    return got


def _still_open(s: socketlib.socket) -> bool:
    s.setblocking(False)
    try:
        return s.recv(1, socketlib.MSG_PEEK) != b""
    except BlockingIOError:
        return True
    except ConnectionResetError:
        return False
    finally:
        s.settimeout(CLOSE_WAIT_S)


def _head(server, extra: str = "", method: str = "POST") -> bytes:
    return (f"{method} /mcp HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n{extra}").encode()


def test_half_open_connections_are_closed_at_the_deadline(quick):
    auth = f"Authorization: Bearer {TOKEN}\r\n"
    started = time.monotonic()   # before the first connect: no server deadline can end before started + deadline
    sockets = {
        "nothing": _open(quick),
        "half a request line": _open(quick, b"POST /mc"),
        "headers, never their end": _open(quick, _head(quick, auth)),
        "headers, half the body": _open(quick, _head(quick, auth + "Content-Type: application/json\r\n"
                                                     "Content-Length: 400\r\n\r\n") + b'{"jsonrpc": "2.0"'),
    }
    for what, s in sockets.items():
        with s:
            assert _closed_by_server(s) == b"", what
    assert time.monotonic() - started >= quick.deadline * 0.9   # closed by the deadline, not at once


def test_a_request_without_the_token_is_answered_401_and_then_closed(quick):
    with _open(quick, _head(quick, "Content-Length: 0\r\n\r\n")) as s:
        got = _closed_by_server(s)
    assert got.startswith(b"HTTP/1.1 401 ")


def test_idle_connections_over_the_cap_close_the_oldest(patient):
    idle = [_open(patient, b"GET / HTTP/1.1\r\n") for _ in range(patient.cap)]
    try:
        assert all(_still_open(s) for s in idle)     # the deadline is far: nothing closed yet
        newest = _open(patient)
        assert _closed_by_server(idle[0]) == b""     # one over the cap: the oldest goes
        assert all(_still_open(s) for s in idle[1:]) and _still_open(newest)
        idle[0].close()
        idle[0] = newest
        # A client with the token is served beside a full cap of idle connections (it closes the oldest).
        assert _call_tool(patient).startswith("APP_NOT_RUNNING:")
    finally:
        for s in idle:
            s.close()


def _call_tool(server) -> str:
    async def main():
        async with httpx2.AsyncClient(headers={"Authorization": f"Bearer {TOKEN}"}, timeout=30) as http:
            async with Client(streamable_http_client(server.url, http_client=http)) as client:
                return text_of(await client.call_tool("page_state", {}))

    return anyio.run(main)


def test_an_authenticated_stream_outlives_the_deadline(quick):
    headers = {**MCP_HEADERS, "Authorization": f"Bearer {TOKEN}"}
    with httpx2.Client(timeout=30) as http:
        session = http.post(quick.url, json=INITIALIZE, headers=headers).headers["mcp-session-id"]
    stream = _open(quick, _head(quick, method="GET", extra=(
        f"Authorization: Bearer {TOKEN}\r\nAccept: text/event-stream\r\nMcp-Session-Id: {session}\r\n"
        "Mcp-Protocol-Version: 2025-06-18\r\n\r\n")))
    clock = _open(quick)   # an idle connection: its close marks the deadline's passing
    try:
        stream.settimeout(CLOSE_WAIT_S)
        assert stream.recv(12) == b"HTTP/1.1 200"
        assert _closed_by_server(clock) == b""
        assert _still_open(stream)
        # Beside them, a client with the token works.
        assert _call_tool(quick).startswith("APP_NOT_RUNNING:")
    finally:
        stream.close()
        clock.close()
