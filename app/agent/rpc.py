"""Newline-delimited JSON-RPC 2.0 for the agent socket: framing, limits, stable error codes. No Qt.

Every message, both ways, carries ``"protocol_version": PROTOCOL_VERSION``. A request is one JSON object on
one line (UTF-8, ending in ``\\n``)::

    {"jsonrpc": "2.0", "id": 1, "method": "health", "params": {}, "protocol_version": 1}

and the answer is one line with ``result`` or ``error``. Every error answer is a
:class:`~app.core.errors.PagenoteError` of the one registry (:data:`app.core.errors.REGISTRY`): JSON-RPC 2.0
numeric codes (§5.1) where one exists, and always a stable UPPER_SNAKE name and a next step in
``error.data``::

    {"jsonrpc": "2.0", "id": 1, "protocol_version": 1,
     "error": {"code": -32601, "message": "unknown method 'x'",
               "data": {"code": "METHOD_NOT_FOUND", "next": "call 'health' for the list of methods"}}}

Batches (JSON arrays) are not supported; notifications (no ``id``) are executed and not answered.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from app.core.errors import PagenoteError

PROTOCOL_VERSION = 1
#: Largest request line, in bytes, newline included (issue #5 §1).
MAX_LINE_BYTES = 1024 * 1024
#: A client that sent part of a line and no newline for this long is cut off (issue #5 §1).
PARTIAL_LINE_TIMEOUT_MS = 5_000
#: Connections served at once (issue #5 §1).
MAX_CLIENTS = 16

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


def error_line(request_id: int | str | None, error: PagenoteError) -> bytes:
    """The answer line for a failed call (``id`` is ``null`` when the request's id is unknown)."""
    return encode({"jsonrpc": "2.0", "id": request_id, "error": error.to_rpc()})


def parse_request(line: bytes) -> Request:
    """Parse one request line (without its ``\\n``). Raises :class:`~app.core.errors.PagenoteError` (``PARSE_ERROR``,
    ``INVALID_REQUEST``, ``UNSUPPORTED_PROTOCOL``) with the request's id when it could be read."""
    try:
        data = json.loads(line.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as exc:
        raise PagenoteError("PARSE_ERROR", f"not JSON: {exc}") from None
    except RecursionError:   # arrays or objects nested deeper than Python's decoder goes (a line of 200,000 '[')
        raise PagenoteError("PARSE_ERROR", "not JSON pagenote reads: nested too deeply") from None
    if isinstance(data, list):
        raise PagenoteError("INVALID_REQUEST", "JSON-RPC batches are not supported; send one request per line")
    if not isinstance(data, dict):
        raise PagenoteError("INVALID_REQUEST", "a request must be a JSON object")
    request_id = data.get("id")
    if not (request_id is None or isinstance(request_id, str)
            or (isinstance(request_id, int) and not isinstance(request_id, bool))):
        raise PagenoteError("INVALID_REQUEST", "id must be a string or an integer")
    try:
        if data.get("jsonrpc") != "2.0":
            raise PagenoteError("INVALID_REQUEST", 'jsonrpc must be "2.0"')
        version = data.get("protocol_version")
        if version is None:
            raise PagenoteError("INVALID_REQUEST", "protocol_version is missing")
        if version != PROTOCOL_VERSION:
            raise PagenoteError("UNSUPPORTED_PROTOCOL", f"protocol_version {version!r} is not supported")
        method = data.get("method")
        if not isinstance(method, str) or not method:
            raise PagenoteError("INVALID_REQUEST", "method must be a non-empty string")
        params = data.get("params", {})
        if params is None:
            params = {}
        if not isinstance(params, dict):
            raise PagenoteError("INVALID_PARAMS", "params must be an object (named parameters)")
    except PagenoteError as exc:
        exc.request_id = request_id  # type: ignore[attr-defined]
        raise
    return Request(request_id, method, params)


class LineBuffer:
    """Splits a byte stream into request lines and enforces :data:`MAX_LINE_BYTES`.

    :meth:`feed` returns, in stream order, the complete lines (without ``\\n``; blank lines dropped) and, for
    each line over the limit, a :class:`~app.core.errors.PagenoteError` ``TOO_LARGE`` in its place: the
    oversized line is dropped — the bytes held so far at once, the rest as they arrive, up to its newline — and
    the lines after it are read as usual, so the connection stays usable (a newline always ends a request: JSON
    escapes every newline inside strings). Memory stays within the limit. :attr:`partial` says whether an
    unfinished line is held or being dropped.
    """

    def __init__(self, limit: int = MAX_LINE_BYTES) -> None:
        self.limit = limit
        self._buf = bytearray()
        self._dropping = False  # inside a line over the limit, until its newline

    @property
    def partial(self) -> bool:
        return bool(self._buf) or self._dropping

    def feed(self, data: bytes) -> list[bytes | PagenoteError]:
        if self._dropping:
            end = data.find(b"\n")
            if end < 0:
                return []
            data = data[end + 1:]
            self._dropping = False
        self._buf += data
        out: list[bytes | PagenoteError] = []
        while True:
            end = self._buf.find(b"\n")
            if end < 0:
                break
            if end + 1 > self.limit:
                out.append(_too_large(f"a request line of {end + 1} bytes", self.limit))
                del self._buf[: end + 1]
                continue
            line = bytes(self._buf[:end]).rstrip(b"\r")
            del self._buf[: end + 1]
            if line.strip():
                out.append(line)
        if len(self._buf) > self.limit:
            out.append(_too_large("a request line", self.limit))
            self._buf.clear()
            self._dropping = True
        return out


def _too_large(what: str, limit: int) -> PagenoteError:
    return PagenoteError("TOO_LARGE", f"{what} exceeds {limit} bytes; it was dropped unread, the "
                                      "connection stays open")
