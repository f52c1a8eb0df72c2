"""Newline-delimited JSON-RPC 2.0 for the agent socket: framing, limits, stable error codes. No Qt.

Every message, both ways, carries ``"protocol_version": PROTOCOL_VERSION``. A request is one JSON object on
one line (UTF-8, ending in ``\\n``)::

    {"jsonrpc": "2.0", "id": 1, "method": "health", "params": {}, "protocol_version": 1}

and the answer is one line with ``result`` or ``error``. Errors use the JSON-RPC 2.0 numeric codes (§5.1)
where one exists, and always carry a stable UPPER_SNAKE name and a next step in ``error.data``::

    {"jsonrpc": "2.0", "id": 1, "protocol_version": 1,
     "error": {"code": -32601, "message": "unknown method 'x'",
               "data": {"code": "METHOD_NOT_FOUND", "next": "call 'health' for the list of methods"}}}

Batches (JSON arrays) are not supported; notifications (no ``id``) are executed and not answered.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

PROTOCOL_VERSION = 1
#: Largest request line, in bytes, newline included (issue #5 §1).
MAX_LINE_BYTES = 1024 * 1024
#: A client that sent part of a line and no newline for this long is cut off (issue #5 §1).
PARTIAL_LINE_TIMEOUT_MS = 5_000
#: Connections served at once (issue #5 §1).
MAX_CLIENTS = 16

#: Stable name → (JSON-RPC code, default next step).
ERRORS: dict[str, tuple[int, str]] = {
    "PARSE_ERROR": (-32700, "send one JSON object per line, UTF-8, ending in \\n"),
    "INVALID_REQUEST": (-32600, 'send {"jsonrpc": "2.0", "id": …, "method": …, "params": {…}, "protocol_version": 1}'),
    "METHOD_NOT_FOUND": (-32601, "call 'health' for the list of methods"),
    "INVALID_PARAMS": (-32602, "check the parameter names and types in the README's socket section"),
    "INTERNAL_ERROR": (-32603, "this is a pagenote bug; the server keeps running"),
    "TOO_LARGE": (-32001, f"keep each request under {MAX_LINE_BYTES} bytes"),
    "TIMEOUT": (-32002, f"finish each line with \\n within {PARTIAL_LINE_TIMEOUT_MS} ms"),
    "TOO_MANY_CLIENTS": (-32003, f"at most {MAX_CLIENTS} clients at once; close idle connections"),
    "UNSUPPORTED_PROTOCOL": (-32004, f"send protocol_version {PROTOCOL_VERSION}"),
    "NOT_FOUND": (-32010, "call annotations.list for the batch ids"),
    "CAPTURE_FAILED": (-32011, "make sure the pagenote window is visible and retry"),
    "NO_PAGE": (-32012, "open a page in pagenote first"),
}


class RpcError(Exception):
    """An error answer. ``name`` is a key of :data:`ERRORS`; ``next_step`` overrides its default advice."""

    def __init__(self, name: str, message: str, next_step: str | None = None) -> None:
        super().__init__(message)
        self.name = name
        self.message = message
        self.next_step = next_step or ERRORS[name][1]

    def to_error(self) -> dict:
        """The JSON-RPC ``error`` member."""
        return {"code": ERRORS[self.name][0], "message": self.message,
                "data": {"code": self.name, "next": self.next_step}}


@dataclass(frozen=True)
class Request:
    """A parsed request. ``id`` is ``None`` for a notification."""

    id: int | str | None
    method: str
    params: dict[str, Any]

    @property
    def is_notification(self) -> bool:
        return self.id is None


def encode(message: dict) -> bytes:
    """One message as a line: compact JSON (UTF-8, non-ASCII kept) plus ``\\n``, with ``protocol_version``."""
    return (json.dumps({**message, "protocol_version": PROTOCOL_VERSION}, ensure_ascii=False,
                       separators=(",", ":")) + "\n").encode("utf-8")


def result_line(request_id: int | str | None, result: Any) -> bytes:
    """The answer line for a successful call."""
    return encode({"jsonrpc": "2.0", "id": request_id, "result": result})


def error_line(request_id: int | str | None, error: RpcError) -> bytes:
    """The answer line for a failed call (``id`` is ``null`` when the request's id is unknown)."""
    return encode({"jsonrpc": "2.0", "id": request_id, "error": error.to_error()})


def parse_request(line: bytes) -> Request:
    """Parse one request line (without its ``\\n``). Raises :class:`RpcError` (``PARSE_ERROR``,
    ``INVALID_REQUEST``, ``UNSUPPORTED_PROTOCOL``) with the request's id when it could be read."""
    try:
        data = json.loads(line.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as exc:
        raise RpcError("PARSE_ERROR", f"not JSON: {exc}") from None
    if isinstance(data, list):
        raise RpcError("INVALID_REQUEST", "JSON-RPC batches are not supported; send one request per line")
    if not isinstance(data, dict):
        raise RpcError("INVALID_REQUEST", "a request must be a JSON object")
    request_id = data.get("id")
    if not (request_id is None or isinstance(request_id, str)
            or (isinstance(request_id, int) and not isinstance(request_id, bool))):
        raise RpcError("INVALID_REQUEST", "id must be a string or an integer")
    try:
        if data.get("jsonrpc") != "2.0":
            raise RpcError("INVALID_REQUEST", 'jsonrpc must be "2.0"')
        version = data.get("protocol_version")
        if version is None:
            raise RpcError("INVALID_REQUEST", "protocol_version is missing")
        if version != PROTOCOL_VERSION:
            raise RpcError("UNSUPPORTED_PROTOCOL", f"protocol_version {version!r} is not supported")
        method = data.get("method")
        if not isinstance(method, str) or not method:
            raise RpcError("INVALID_REQUEST", "method must be a non-empty string")
        params = data.get("params", {})
        if params is None:
            params = {}
        if not isinstance(params, dict):
            raise RpcError("INVALID_PARAMS", "params must be an object (named parameters)")
    except RpcError as exc:
        exc.request_id = request_id  # type: ignore[attr-defined]
        raise
    return Request(request_id, method, params)


class LineBuffer:
    """Splits a byte stream into request lines and enforces :data:`MAX_LINE_BYTES`.

    :meth:`feed` returns the complete lines (without ``\\n``; blank lines dropped) and raises
    :class:`RpcError` ``TOO_LARGE`` once a line exceeds the limit (the connection should then be closed:
    the stream cannot be resynchronised cheaply). :attr:`partial` says whether an unfinished line is held.
    """

    def __init__(self, limit: int = MAX_LINE_BYTES) -> None:
        self.limit = limit
        self._buf = bytearray()

    @property
    def partial(self) -> bool:
        return bool(self._buf)

    def feed(self, data: bytes) -> list[bytes]:
        self._buf += data
        lines = []
        while True:
            end = self._buf.find(b"\n")
            if end < 0:
                break
            if end + 1 > self.limit:
                raise RpcError("TOO_LARGE", f"request line of {end + 1} bytes exceeds {self.limit}")
            line = bytes(self._buf[:end]).rstrip(b"\r")
            del self._buf[: end + 1]
            if line.strip():
                lines.append(line)
        if len(self._buf) > self.limit:
            raise RpcError("TOO_LARGE", f"request line exceeds {self.limit} bytes")
        return lines
