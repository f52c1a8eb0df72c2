"""One app per user session: a second ``pagenote [URL]`` started while a pagenote app serves the agent socket
does not start another app (whose Send would reach no agent); it hands the URL over, as qutebrowser does
with its IPC socket:

- a **window** runs: the URL opens as a new tab there (``tabs.new``) and this process exits (0);
- a headless ``pagenote serve`` runs (e.g. started by ``pagenote mcp``): it is asked to hand over
  (``app.handover``: it stops and removes its socket), and this process starts the window, which takes the
  socket — agents reconnect to the window;
- a stale socket left by a killed app is taken over by the new window (:func:`app.agent.trust.occupant`).

Every exchange goes through :class:`~app.agent.client.AgentClient`, which talks only to a socket and a peer
of the user's own (:mod:`app.agent.trust`).
"""

from __future__ import annotations

import time
from pathlib import Path

#: How long a handing-over ``pagenote serve`` may take to free the socket (s).
HANDOVER_TIMEOUT_S = 10.0


async def _call(path: Path, method: str, params: dict | None = None):
    from app.agent.client import AgentClient

    async with AgentClient(path) as client:
        return await client.call(method, params or {})


def hand_over(socket_path: Path | None, url: str | None, take_serve: bool = True) -> str | None:
    """Hand ``url`` to the app serving ``socket_path``. Returns a line for stderr when this process should
    exit (the URL opened as a tab in the running window), ``None`` when it should start the window itself
    (nothing live there, a stale socket, or a ``serve`` that has now handed over — only when ``take_serve``:
    a process that cannot show a window leaves a serve alone). Raises
    :class:`~app.agent.client.AgentError` when a live app refuses or cannot be trusted."""
    import anyio

    from app.agent.paths import is_live

    if socket_path is None or not is_live(socket_path):
        return None
    mode = anyio.run(_call, socket_path, "app.mode")
    if mode == "serve":
        if not take_serve:
            return None
        anyio.run(_call, socket_path, "app.handover")
        deadline = time.monotonic() + HANDOVER_TIMEOUT_S
        while is_live(socket_path) and time.monotonic() < deadline:
            time.sleep(0.05)
        return None
    # timeout_ms 0: the launcher returns at once; the window shows the load.
    tab = anyio.run(_call, socket_path, "tabs.new", {"url": url, "timeout_ms": 0} if url else {})
    return f"pagenote: opened {tab.get('url') or 'a new tab'} in the running window (tab {tab['id']})"
