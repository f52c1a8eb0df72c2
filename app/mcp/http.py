"""``pagenote mcp --http HOST:PORT``: streamable HTTP at :data:`HTTP_PATH`, for loopback hosts only.

- a bearer token is required (``secrets.token_urlsafe(32)``, made on first use, stored owner-only (0600) in
  ``<socket dir>/mcp-token``; :mod:`app.core.platform`); a missing or wrong token → 401 with
  ``WWW-Authenticate: Bearer`` (RFC 6750 §3), checked before anything else;
- the SDK's DNS-rebinding protection with the Host/Origin allow-list ``127.0.0.1:PORT``, ``localhost:PORT``
  (``mcp/server/transport_security.py``: wrong Host → 421, wrong Origin → 403);
- a connection must send a complete request (headers and body) carrying the token within
  :data:`REQUEST_DEADLINE_S` of opening, and each later request within as long of the previous response's
  end, or it is closed; at most :data:`MAX_UNAUTHENTICATED` connections may be open that have not done so
  yet: one more closes the oldest of them, so connections left idle cannot lock a client with the token out
  (a steady flood of new ones can still close a client's connection before its headers arrive; it then
  reconnects) (security review item 8, requirement 9b: 50 half-open connections stayed open for good). A request
  being answered — an SSE stream, a parked wait — has no deadline (:func:`guarded_protocol`).

The tools read the user's pages and take screenshots, so nothing here may be reachable from the network.
"""

from __future__ import annotations

import hmac
import secrets
from pathlib import Path

from mcp.server.mcpserver import MCPServer
from mcp.server.transport_security import TransportSecuritySettings

from app.core.platform import check_trusted_dir, private_dir, private_file, read_private_file

#: The token's file name in the socket's directory (mode 0700, :func:`app.agent.paths.socket_path`).
TOKEN_FILE = "mcp-token"
#: Hosts ``--http`` may bind.
LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "::1")
#: The streamable HTTP endpoint's path.
HTTP_PATH = "/mcp"
#: Seconds open HTTP streams (a parked wait) get to finish when ``--http`` is stopped.
HTTP_SHUTDOWN_GRACE_S = 5
#: Seconds a connection has to send a complete request with the token: from its opening, and again from the
#: end of each response (uvicorn's keep-alive timeout alone is disarmed by the first byte of a request).
REQUEST_DEADLINE_S = 5.0
#: Most connections open at once that have not yet sent a complete request with the token; one more closes the
#: oldest of them.
MAX_UNAUTHENTICATED = 16


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
    characters, 256 bits) and written owner-only (0600) when missing. Returns ``(token, created)``.

    Raises ``PermissionError`` when the directory is not yours alone
    (:func:`~app.core.platform.check_trusted_dir`), or the file is a symbolic link, readable by others or not
    yours (checked on the descriptor that is read, :func:`~app.core.platform.read_private_file`),
    ``ValueError`` when it is empty, ``OSError`` when it cannot be read or written."""
    check_trusted_dir(private_dir(directory, check=False))
    path = directory / TOKEN_FILE
    try:
        out = private_file(path)
    except FileExistsError:
        token = read_private_file(path, "fix it or delete it to make a new token").decode("ascii").strip()
        if not token:
            raise ValueError(f"{path} is empty; delete it to make a new token") from None
        return token, False
    token = secrets.token_urlsafe(32)
    with out:
        out.write((token + "\n").encode("ascii"))
    return token, True


def bearer_ok(headers: list[tuple[bytes, bytes]], token: bytes) -> bool:
    """Whether ``headers`` (ASGI: lower-case names) carry ``Authorization: Bearer <token>`` (compared in
    constant time)."""
    header = next((v for k, v in headers if k == b"authorization"), b"")
    scheme, _, value = header.partition(b" ")
    return scheme.lower() == b"bearer" and hmac.compare_digest(value.strip(), token)


class BearerTokenMiddleware:
    """ASGI middleware: an HTTP request without ``Authorization: Bearer <token>`` (compared in constant time)
    gets ``401`` with ``WWW-Authenticate: Bearer`` (RFC 6750 §3) and never reaches the MCP app. Other scopes
    (lifespan) pass through."""

    def __init__(self, app, token: str) -> None:
        self.app = app
        self._token = token.encode("ascii")

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] == "http":
            if not bearer_ok(scope.get("headers", []), self._token):
                from starlette.responses import JSONResponse

                response = JSONResponse({"error": "invalid_token",
                                         "error_description": "send Authorization: Bearer <token from mcp-token>"},
                                        status_code=401, headers={"WWW-Authenticate": 'Bearer realm="pagenote"'})
                await response(scope, receive, send)
                return
        await self.app(scope, receive, send)


def _bind_host(host: str) -> str:
    return "127.0.0.1" if host == "localhost" else host


def http_app(server: MCPServer, host: str, port: int, token: str):
    """The ASGI app for ``--http``: the SDK's streamable HTTP app at :data:`HTTP_PATH` with DNS-rebinding
    protection (Host allow-list ``127.0.0.1:PORT``, ``localhost:PORT`` (and ``[::1]:PORT`` for ``::1``);
    Origin allow-list the same with ``http://``), wrapped in :class:`BearerTokenMiddleware`."""
    hosts = [f"127.0.0.1:{port}", f"localhost:{port}"] + ([f"[::1]:{port}"] if host == "::1" else [])
    security = TransportSecuritySettings(enable_dns_rebinding_protection=True, allowed_hosts=hosts,
                                         allowed_origins=[f"http://{h}" for h in hosts])
    app = server.streamable_http_app(streamable_http_path=HTTP_PATH, transport_security=security,
                                     host=_bind_host(host))
    return BearerTokenMiddleware(app, token)


def guarded_protocol(token: str, deadline_s: float = REQUEST_DEADLINE_S, cap: int = MAX_UNAUTHENTICATED):
    """A uvicorn h11 protocol class for one server (its own count of waiting connections): a connection that
    has not sent a complete request (h11's end of message) whose headers carry the bearer ``token`` within
    ``deadline_s`` seconds of opening — or of the end of its previous response — is closed; while ``cap``
    connections are open that never sent one, a new connection closes the oldest of them (a new one may be
    the client with the token; the idle ones are not). A request whose response is still being sent (SSE,
    streamable HTTP GET) has no deadline."""
    from uvicorn.protocols.http.h11_impl import H11Protocol

    secret = token.encode("ascii")
    waiting: dict = {}   # connections that have not yet sent a complete authenticated request, oldest first

    class GuardedH11Protocol(H11Protocol):
        _deadline = None

        def connection_made(self, transport) -> None:
            super().connection_made(transport)
            while len(waiting) >= cap:
                next(iter(waiting))._expired()   # pops itself
            waiting[self] = None
            self._arm()

        def _arm(self) -> None:
            self._disarm()
            self._deadline = self.loop.call_later(deadline_s, self._expired)

        def _disarm(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None

        def _expired(self) -> None:
            self._disarm()
            waiting.pop(self, None)
            if not self.transport.is_closing():
                self.transport.abort()

        def handle_events(self) -> None:
            super().handle_events()
            cycle = self.cycle
            if (self._deadline is not None and cycle is not None and not cycle.more_body
                    and not cycle.response_complete and bearer_ok(cycle.scope["headers"], secret)):
                self._disarm()
                waiting.pop(self, None)

        def on_response_complete(self) -> None:
            if not self.transport.is_closing():
                self._arm()   # the next request has as long (keep-alive); it does not count against the cap
            super().on_response_complete()

        def connection_lost(self, exc) -> None:
            self._disarm()
            waiting.pop(self, None)
            super().connection_lost(exc)

    return GuardedH11Protocol


async def serve_http(server: MCPServer, host: str, port: int, token: str, *,
                     deadline_s: float = REQUEST_DEADLINE_S, cap: int = MAX_UNAUTHENTICATED) -> None:
    """Serve :func:`http_app` with uvicorn on ``host:port`` until SIGINT/SIGTERM (no access log; warnings to
    stderr; open streams get :data:`HTTP_SHUTDOWN_GRACE_S` to finish), connections guarded by
    :func:`guarded_protocol` (``deadline_s`` seconds, ``cap`` connections). Raises ``SystemExit(3)``
    (uvicorn's startup failure) when the port cannot be bound."""
    import uvicorn

    config = uvicorn.Config(http_app(server, host, port, token), host=_bind_host(host), port=port,
                            log_level="warning", access_log=False, lifespan="on",
                            timeout_graceful_shutdown=HTTP_SHUTDOWN_GRACE_S,
                            http=guarded_protocol(token, deadline_s, cap))
    await uvicorn.Server(config).serve()
