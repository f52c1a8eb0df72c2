"""The agent socket inside the app: a ``QLocalServer`` (a Unix socket, owner-only) serving
:class:`~app.agent.methods.Methods` over newline-delimited JSON-RPC (:mod:`app.agent.rpc`).

Every limit of issue #5 §1 is enforced per connection; a misbehaving client gets an error line — a line over
the size limit ``TOO_LARGE`` (dropped, the connection kept), half a line and silence ``TIMEOUT`` (then
disconnected) — and every other client keeps being served.

Trust (:mod:`app.agent.trust`): the app serves only in a directory that is the user's alone, never deletes
what it did not make (a live socket, a link, a file: :func:`~app.agent.trust.occupant` names it), and a
client whose uid is not the user's (``SO_PEERCRED`` / ``getpeereid``) gets one ``SOCKET_UNTRUSTED`` line and
is disconnected before anything it sends is read.
"""

from __future__ import annotations

import asyncio
import logging
import socket
from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import QObject, QTimer
from PySide6.QtNetwork import QLocalServer, QLocalSocket

from app.agent import rpc, trust
from app.core.errors import PagenoteError
from app.core.tasks import spawn
from app.agent.methods import Hub, Methods, Wait
from app.agent.store import SentBatch

log = logging.getLogger("pagenote.agent")


@dataclass
class _Parked:
    request_id: int | str | None
    timer: QTimer


@dataclass
class _Conn:
    socket: QLocalSocket
    buffer: rpc.LineBuffer = field(default_factory=rpc.LineBuffer)
    partial_timer: QTimer | None = None
    parked: list[_Parked] = field(default_factory=list)
    #: Running requests that end when the client goes (:attr:`Methods.cancel_on_drop`).
    cancellable: set[asyncio.Task] = field(default_factory=set)


class AgentServer(QObject):
    """Serves ``methods`` on the Unix socket ``path`` and delivers ``hub``'s sent batches to parked waits."""

    def __init__(self, methods: Methods, hub: Hub, path: Path, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.methods = methods
        self.hub = hub
        self.path = path
        self.server = QLocalServer(self)
        self.server.setSocketOptions(QLocalServer.SocketOption.UserAccessOption)
        self.server.setMaxPendingConnections(rpc.MAX_CLIENTS)
        self.server.newConnection.connect(self._accept)
        self.conns: dict[int, _Conn] = {}
        #: Request tasks still running (see :meth:`_handle`); :meth:`close` cancels them.
        self.requests: set[asyncio.Task] = set()
        self.closed = False
        hub.deliver = self.deliver
        methods.waiting = self.waiting

    def start(self) -> str:
        """Listen. Returns ``""`` on success, else why not: :func:`app.agent.trust.occupant`'s reason (the
        directory is not the user's alone; another pagenote, or another user's process, serves the path;
        something else is there), or Qt's error string. A dead socket of the user's (an app that crashed)
        is replaced."""
        problem = trust.occupant(self.path)
        if problem:
            return problem
        QLocalServer.removeServer(str(self.path))
        if not self.server.listen(str(self.path)):
            return self.server.errorString()
        log.info("agent socket listening on %s", self.path)
        return ""

    def close(self) -> None:
        """Stop listening, drop every connection and cancel every running request; idempotent.

        Cancellation takes effect when the loop next runs a request's task (each unwinds at its ``await``):
        the caller that is about to delete the tabs those requests use lets the loop run until
        :attr:`requests` is empty first (:func:`app.runtime.run.open_app` does). A cancelled request is not a
        failure: nothing is logged at error level (:func:`app.core.tasks.spawn` ignores cancelled tasks, and
        :meth:`_serve` turns what a cancelled request's clean-up raises into the cancellation)."""
        self.closed = True
        for task in list(self.requests):
            task.cancel()
        for conn in list(self.conns.values()):
            conn.socket.abort()
        self.server.close()

    # -- connections -------------------------------------------------------------------------------------

    def _accept(self) -> None:
        while self.server.hasPendingConnections():
            sock = self.server.nextPendingConnection()
            if not self._peer_trusted(sock):   # first: another user learns nothing, takes no client slot
                continue
            if len(self.conns) >= rpc.MAX_CLIENTS:
                err = PagenoteError("TOO_MANY_CLIENTS", f"{rpc.MAX_CLIENTS} clients are already connected")
                sock.write(rpc.error_line(None, err))
                sock.flush()
                sock.disconnectFromServer()
                sock.disconnected.connect(sock.deleteLater)
                continue
            conn = _Conn(sock)
            self.conns[id(sock)] = conn
            sock.readyRead.connect(lambda c=conn: self._read(c))
            sock.disconnected.connect(lambda c=conn: self._drop(c))

    def _peer_trusted(self, sock: QLocalSocket) -> bool:
        """True when the client on ``sock`` runs as the user (or the platform cannot tell). Otherwise it gets
        a ``SOCKET_UNTRUSTED`` error line, is disconnected, and nothing it sends is read."""
        try:
            with socket.fromfd(int(sock.socketDescriptor()), socket.AF_UNIX, socket.SOCK_STREAM) as dup:
                trust.check_peer(dup, self.path)   # fromfd duplicates the descriptor: closing it is harmless
            return True
        except (PagenoteError, OSError) as exc:
            error = exc if isinstance(exc, PagenoteError) else PagenoteError("SOCKET_UNTRUSTED", str(exc))
            log.warning("agent socket: refused a client: %s", error.message)
            sock.write(rpc.error_line(None, PagenoteError(
                "SOCKET_UNTRUSTED", "this pagenote serves only its own user", "run your own pagenote")))
            sock.flush()
            sock.disconnectFromServer()
            sock.disconnected.connect(sock.deleteLater)
            return False

    def _drop(self, conn: _Conn) -> None:
        if self.conns.pop(id(conn.socket), None) is None:
            return
        for parked in conn.parked:
            parked.timer.stop()
        conn.parked.clear()
        for task in list(conn.cancellable):  # e.g. annotate: the user's Send must not go to an agent that left
            task.cancel()
        if conn.partial_timer is not None:
            conn.partial_timer.stop()
        conn.socket.deleteLater()

    def _fail(self, conn: _Conn, request_id, error: PagenoteError) -> None:
        """Answer with ``error`` and close the connection (the stream is no longer trustworthy)."""
        self._write(conn, rpc.error_line(request_id, error))
        conn.socket.disconnectFromServer()

    def _write(self, conn: _Conn, data: bytes) -> bool:
        if self.conns.get(id(conn.socket)) is not conn:  # dropped while its request ran
            return False
        if conn.socket.state() != QLocalSocket.LocalSocketState.ConnectedState:
            return False
        conn.socket.write(data)
        conn.socket.flush()
        return True

    def _read(self, conn: _Conn) -> None:
        data = bytes(conn.socket.readAll())
        for line in conn.buffer.feed(data):
            if isinstance(line, PagenoteError):   # an oversized line, dropped: its id is unknown (null)
                self._write(conn, rpc.error_line(None, line))
            else:
                self._handle(conn, line)
        self._arm_partial_timer(conn)

    def _arm_partial_timer(self, conn: _Conn) -> None:
        if conn.buffer.partial:
            if conn.partial_timer is None:
                conn.partial_timer = QTimer(self)
                conn.partial_timer.setSingleShot(True)
                conn.partial_timer.timeout.connect(lambda c=conn: self._fail(c, None, PagenoteError(
                    "TIMEOUT", f"no end of line within {rpc.PARTIAL_LINE_TIMEOUT_MS} ms")))
            if not conn.partial_timer.isActive():
                conn.partial_timer.start(rpc.PARTIAL_LINE_TIMEOUT_MS)
        elif conn.partial_timer is not None:
            conn.partial_timer.stop()

    def _handle(self, conn: _Conn, line: bytes) -> None:
        """Answer one request line. Each request runs as its own task, so a slow screenshot or page call never
        holds up the next request or another client; answers carry their ids and may come out of order."""
        if self.closed:
            return
        task = spawn(self._serve(conn, line), "agent request")
        self.requests.add(task)
        task.add_done_callback(self.requests.discard)

    async def _serve(self, conn: _Conn, line: bytes) -> None:
        request_id = None
        try:
            request = rpc.parse_request(line)
            request_id = request.id
            if request.method in getattr(self.methods, "cancel_on_drop", ()):
                task = asyncio.current_task()
                conn.cancellable.add(task)
                task.add_done_callback(conn.cancellable.discard)
            result = await self.methods.call(request.method, request.params)
        except Exception as exc:
            task = asyncio.current_task()
            if task is not None and task.cancelling():
                # Cancelled by close(): the clean-up it ran may fail on objects the app has deleted meanwhile
                # (views, pages) and nobody reads the answer. That is the cancellation, not a failure.
                log.debug("agent request cancelled; its clean-up raised %r", exc)
                raise asyncio.CancelledError from exc
            if isinstance(exc, PagenoteError):
                request_id = getattr(exc, "request_id", request_id)
                self._write(conn, rpc.error_line(request_id, exc))
                return
            log.exception("agent method failed")  # a bug in a method must not take the server down
            self._write(conn, rpc.error_line(request_id, PagenoteError("INTERNAL_ERROR", "internal error")))
            return
        if isinstance(result, Wait):
            self._park(conn, request_id, result.timeout_ms)
        elif not request.is_notification:
            self._write(conn, rpc.result_line(request_id, result))

    # -- long polls --------------------------------------------------------------------------------------

    def _park(self, conn: _Conn, request_id, timeout_ms: int) -> None:
        if self.conns.get(id(conn.socket)) is not conn:
            return
        timer = QTimer(self)
        timer.setSingleShot(True)
        parked = _Parked(request_id, timer)
        conn.parked.append(parked)

        def expire() -> None:
            if parked in conn.parked:
                conn.parked.remove(parked)
                self._write(conn, rpc.result_line(request_id, {"batch": None, "timed_out": True}))

        timer.timeout.connect(expire)
        timer.start(timeout_ms)

    def waiting(self) -> int:
        """How many ``annotations.wait`` calls are parked right now."""
        return sum(len(c.parked) for c in self.conns.values())

    def deliver(self, sent: SentBatch) -> int:
        """Answer every parked wait with ``sent`` (marked delivered first, so the agents see its real status);
        returns how many waits were answered. A write that fails is not counted."""
        parked = [(conn, p) for conn in self.conns.values() for p in conn.parked]
        if not parked:
            return 0
        self.hub.store.mark_delivered(sent, len(parked))
        line_for = {}
        delivered = 0
        for conn, p in parked:
            conn.parked.remove(p)
            p.timer.stop()
            if p.request_id not in line_for:
                line_for[p.request_id] = rpc.result_line(p.request_id, {"batch": sent.view(), "timed_out": False})
            if self._write(conn, line_for[p.request_id]):
                delivered += 1
        if delivered != len(parked):
            sent.delivered_count -= len(parked) - delivered
            self.hub.store.save(sent)
        return delivered
