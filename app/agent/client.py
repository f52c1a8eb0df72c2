"""A small async client for the agent socket (used by ``pagenote mcp``; works with asyncio or trio via anyio).

One request at a time per connection; ``annotations.wait`` long polls are fine (the connection is simply
busy until the answer comes). No Qt.

Nothing is sent before the other end is known to be the user's own app (:mod:`app.agent.trust`): the
socket's directory and file are checked before connecting and the peer's uid right after, for the default
path and an explicit one (``$PAGENOTE_SOCKET``, ``--socket``) alike; else :class:`AgentUntrusted`.
"""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

import anyio
from anyio.abc import SocketAttribute, SocketStream

from app.agent import trust
from app.agent.rpc import MAX_LINE_BYTES, PROTOCOL_VERSION
from app.core.errors import REGISTRY, PagenoteError


class AgentError(Exception):
    """The app answered with a JSON-RPC error. ``code`` is the stable name (``NOT_FOUND`` …), ``next_step``
    the advice that came with it."""

    def __init__(self, code: str, message: str, next_step: str = "") -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.next_step = next_step


class AgentUnavailable(AgentError):
    """No pagenote app is listening on the socket (or it went away mid-call)."""

    def __init__(self, message: str) -> None:
        super().__init__("APP_NOT_RUNNING", message, "start the app: ./run.sh (window) or 'pagenote serve'")


class AgentUntrusted(AgentError):
    """The socket, its directory or the process serving it is not the user's own (``SOCKET_UNTRUSTED``,
    :mod:`app.agent.trust`); nothing was sent."""

    def __init__(self, message: str) -> None:
        super().__init__("SOCKET_UNTRUSTED", message, REGISTRY["SOCKET_UNTRUSTED"].next_step)


class AgentClient:
    """``async with AgentClient(path) as c: await c.call("health")``."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._stream: SocketStream | None = None
        self._buffer = b""
        self._ids = itertools.count(1)
        self._lock = anyio.Lock()

    async def __aenter__(self) -> AgentClient:
        await self.connect()
        return self

    async def __aexit__(self, *exc) -> None:
        await self.aclose()

    async def connect(self) -> None:
        """Check the socket's directory and file, connect, check the peer's uid (:mod:`app.agent.trust`).
        Raises :class:`AgentUntrusted` when a check fails (the connection, if made, is closed unused),
        :class:`AgentUnavailable` when nothing listens on the path."""
        try:
            trust.check_socket_path(self.path)
        except FileNotFoundError:
            raise AgentUnavailable(f"no pagenote app on {self.path} (no such socket)") from None
        except PagenoteError as exc:
            raise AgentUntrusted(exc.message) from None
        try:
            stream = await anyio.connect_unix(str(self.path))
        except OSError as exc:
            raise AgentUnavailable(f"no pagenote app on {self.path} ({exc.strerror or exc})") from None
        try:
            trust.check_peer(stream.extra(SocketAttribute.raw_socket), self.path)
        except (PagenoteError, OSError) as exc:
            with anyio.CancelScope(shield=True):
                await stream.aclose()
            if isinstance(exc, PagenoteError):
                raise AgentUntrusted(exc.message) from None
            raise AgentUnavailable(f"the pagenote app on {self.path} went away ({exc})") from None
        self._stream = stream

    async def aclose(self) -> None:
        if self._stream is not None:
            await self._stream.aclose()
            self._stream = None

    async def _read_line(self) -> bytes:
        assert self._stream is not None
        while b"\n" not in self._buffer:
            try:
                chunk = await self._stream.receive(65536)
            except (anyio.EndOfStream, anyio.BrokenResourceError, OSError):
                raise AgentUnavailable("the pagenote app closed the connection") from None
            self._buffer += chunk
            if len(self._buffer) > 64 * MAX_LINE_BYTES:
                raise AgentError("TOO_LARGE", "answer line too large")
        line, _, self._buffer = self._buffer.partition(b"\n")
        return line

    async def call(self, method: str, params: dict | None = None) -> Any:
        """Call ``method`` and return its ``result``. Raises :class:`AgentError` for an error answer or a
        request over :data:`~app.agent.rpc.MAX_LINE_BYTES` (``TOO_LARGE``, not sent: the connection stays
        usable), :class:`AgentUnavailable` when the app is gone."""
        async with self._lock:
            if self._stream is None:
                await self.connect()
            request_id = next(self._ids)
            line = (json.dumps({"jsonrpc": "2.0", "id": request_id, "method": method, "params": params or {},
                                "protocol_version": PROTOCOL_VERSION}) + "\n").encode("utf-8")
            if len(line) > MAX_LINE_BYTES:  # the app would drop it: say so without sending it
                raise AgentError("TOO_LARGE", f"the {method} request is {len(line):,} bytes (JSON-encoded); the app "
                                 f"takes at most {MAX_LINE_BYTES:,} per request; nothing was sent",
                                 "send a shorter argument (split a long text over several calls)")
            try:
                await self._stream.send(line)
            except (anyio.BrokenResourceError, OSError):
                raise AgentUnavailable("the pagenote app closed the connection") from None
            while True:
                try:
                    answer = json.loads(await self._read_line())
                except ValueError:
                    raise AgentError("PARSE_ERROR", "the app sent a line that is not JSON") from None
                if answer.get("id") == request_id or answer.get("id") is None:
                    break
            if "error" in answer:
                error = answer["error"]
                data = error.get("data") or {}
                raise AgentError(data.get("code", str(error.get("code"))), error.get("message", ""),
                                 data.get("next", ""))
            return answer.get("result")
