"""One app per user session: a second ``pagenote [URL]`` started while a pagenote app serves the agent socket
does not start another app (whose Send would reach no agent); it hands the URL over, as qutebrowser does
with its IPC socket:

- a **window** runs: the URL opens as a new tab there (``tabs.new``) and this process exits (0) — unless a tab
  there shows that page already (:func:`open_tab_of`): that tab is made current instead of opening a second one
  (issue 30, requirement 2);
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
    if url:
        shown = open_tab_of(anyio.run(_call, socket_path, "tabs.list"), url)
        if shown is not None:
            tab = anyio.run(_call, socket_path, "tabs.select", {"id": shown})
            # "pagenote: opened" is what app.cli_run reads as taken (exit 0)
            return f"pagenote: opened tab {tab['id']} of the running window: it shows {tab.get('url') or url} already"
    # timeout_ms 0: the launcher returns at once; the window shows the load.
    tab = anyio.run(_call, socket_path, "tabs.new", {"url": url, "timeout_ms": 0} if url else {})
    return f"pagenote: opened {tab.get('url') or 'a new tab'} in the running window (tab {tab['id']})"


def open_tab_of(tabs: list[dict], url: str) -> str | None:
    """The id of the tab in ``tabs`` (``tabs.list``'s answer: ``[{id, url, active, …}]``) that shows ``url``'s
    page (the user's input, read as the address bar reads it; :func:`same_page`), the
    active one first; ``None`` when none does."""
    from app.webview.urls import url_from_user_input

    wanted = url_from_user_input(url)
    if not wanted.isValid():
        return None
    for tab in sorted(tabs, key=lambda t: not t.get("active")):
        if same_page(str(tab.get("url") or ""), wanted.toString()):
            return str(tab["id"])
    return None


def same_page(a: str, b: str, fragment: bool = False) -> bool:
    """Whether URLs ``a`` and ``b`` name the same page: equal once the path's ``.`` segments and a trailing ``/``
    are normalized away (``http://h:5173`` is ``http://h:5173/``) and, unless ``fragment``, the fragment is
    dropped. Empty URLs are never the same page."""
    from PySide6.QtCore import QUrl

    if not a or not b:
        return False
    opts = (QUrl.ComponentFormattingOption.PrettyDecoded | QUrl.UrlFormattingOption.StripTrailingSlash
            | QUrl.UrlFormattingOption.NormalizePathSegments)
    if not fragment:
        opts |= QUrl.UrlFormattingOption.RemoveFragment

    def key(url: str) -> str:
        parsed = QUrl(url).adjusted(opts)
        if not parsed.path():  # http://h:5173 is http://h:5173/ (StripTrailingSlash keeps a lone "/")
            parsed.setPath("/")
        return parsed.toString()

    return key(a) == key(b)
