"""The socket side of ``pagenote mcp``: :class:`AgentBridge` calls the app's socket methods for the tools
(one :class:`~app.agent.client.AgentClient` connection per call, so a long ``annotations.wait`` never blocks
the other tools), and starts the app when nothing listens.

Starting the app (a design choice): when a call finds nothing listening on the socket, the bridge starts
``<python> -m app serve --out <project>`` itself — detached (own session, survives ``pagenote mcp``), the
environment preserved plus ``QT_QPA_PLATFORM=offscreen`` and ``PAGENOTE_SOCKET=<socket>``, stdout/stderr
appended to ``<socket dir>/pagenote-serve.log`` (:data:`SERVE_LOG`; a link there is refused, not followed) —
waits up to :data:`START_TIMEOUT_S` for the socket (:func:`app.agent.paths.is_live`) and connects once more;
if that fails the call raises ``APP_NOT_RUNNING`` naming the log. That app has no visible window: to annotate,
run the window yourself (``./run.sh`` or ``pagenote``) before the agent needs it. ``pagenote mcp --no-start``
turns this off.

Errors: ``APP_NOT_RUNNING`` (:data:`app.core.errors.REGISTRY`) is raised as a
:class:`~app.core.errors.PagenoteError` with the registry's next step (plus the log path when this bridge
started an app that did not come up); the app's own error answers pass through as
:class:`~app.agent.client.AgentError`, and so does ``SOCKET_UNTRUSTED``
(:class:`~app.agent.client.AgentUntrusted`: the socket is not provably the user's own app) — no app is
started then, and nothing is sent.
"""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import anyio

from app.agent.client import AgentClient, AgentUnavailable
from app.agent.paths import is_live
from app.core.errors import REGISTRY, PagenoteError
from app.core.platform import append_own_file, check_trusted_dir, private_dir

log = logging.getLogger("pagenote.mcp")

#: How long a call waits for an app it started to listen on the socket, in seconds.
START_TIMEOUT_S = 30.0
#: The started app's log, in the socket's directory.
SERVE_LOG = "pagenote-serve.log"
#: Options the started app gets as well: ``pagenote mcp --allow-file-urls`` adds ``--allow-file-urls``
#: (:mod:`app.mcp.cli`, before serving); an app that already runs keeps its own.
SERVE_OPTIONS: list[str] = []


def serve_command(project: Path) -> list[str]:
    """The command line that starts the app for ``project``: ``[<python>, "-m", "app", "serve", "--out",
    <project>, *SERVE_OPTIONS]`` (``sys.executable`` and :data:`SERVE_OPTIONS`, read at call time)."""
    return [sys.executable, "-m", "app", "serve", "--out", str(project), *SERVE_OPTIONS]


class AgentBridge:
    """Calls the app's socket methods for the tools, starting the app when nothing listens.

    ``socket``: the Unix socket path; ``start_app``: start ``pagenote serve`` when needed (module docstring);
    ``project_dir``: its ``--out`` (default: the current directory when the app is started). ``log_path`` is
    where the started app writes; ``_child`` the ``Popen`` of the app this bridge started, if any.
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

        Raises :class:`~app.agent.client.AgentError` for an error answer (``code`` a registry name), or
        :class:`~app.core.errors.PagenoteError` ``APP_NOT_RUNNING`` when no app can be reached (see the
        module docstring). A call is sent at most once: when the app goes away mid-call the error is
        raised, not retried.
        """
        client = AgentClient(self.socket)
        try:
            try:
                await client.connect()
            except AgentUnavailable as exc:
                if not self.start_app:
                    raise PagenoteError("APP_NOT_RUNNING",
                                        f"{exc.message}; 'pagenote mcp --no-start' does not start one") from None
                await self.ensure_app()
                await client.connect()
            return await client.call(method, params)
        except AgentUnavailable as exc:
            raise PagenoteError("APP_NOT_RUNNING", exc.message) from None
        finally:
            with anyio.CancelScope(shield=True):
                await client.aclose()

    async def ensure_app(self) -> None:
        """Start ``pagenote serve`` unless something listens on the socket, and wait up to
        :data:`START_TIMEOUT_S` for it. Raises :class:`~app.core.errors.PagenoteError` ``APP_NOT_RUNNING``
        (the log path in its next step) when it exits or does not listen in time, or cannot be started."""
        async with self._start_lock:
            if await anyio.to_thread.run_sync(is_live, self.socket):
                return
            project = (self.project_dir or Path.cwd()).resolve()
            command = serve_command(project)
            env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PAGENOTE_SOCKET": str(self.socket)}
            next_step = f"see the log {self.log_path}; or {REGISTRY['APP_NOT_RUNNING'].next_step}"
            try:
                check_trusted_dir(private_dir(self.socket.parent, check=False))
                with append_own_file(self.log_path) as out:   # never through a link planted next to the socket
                    out.write(f"\n== {time.strftime('%Y-%m-%d %H:%M:%S')} pagenote mcp starts: "
                              f"{' '.join(command)}\n".encode())
                    out.flush()
                    self._child = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=out, stderr=out,
                                                   env=env, cwd=project, start_new_session=True)
                    out.write(f"== pid {self._child.pid} (stop it with: kill {self._child.pid})\n".encode())
            except OSError as exc:
                raise PagenoteError("APP_NOT_RUNNING", f"could not start 'pagenote serve': {exc}",
                                    next_step) from None
            log.warning("no pagenote app on %s: started 'pagenote serve' (pid %d, log %s)",
                        self.socket, self._child.pid, self.log_path)
            deadline = time.monotonic() + START_TIMEOUT_S
            while time.monotonic() < deadline:
                if await anyio.to_thread.run_sync(is_live, self.socket):
                    return
                code = self._child.poll()
                if code is not None:
                    raise PagenoteError("APP_NOT_RUNNING", f"'pagenote serve' exited with code {code} before "
                                        f"listening on {self.socket}", next_step)
                await anyio.sleep(0.1)
            raise PagenoteError("APP_NOT_RUNNING", f"'pagenote serve' (pid {self._child.pid}) did not listen on "
                                f"{self.socket} within {START_TIMEOUT_S:.0f} s", next_step)
