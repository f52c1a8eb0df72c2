"""A tab's console from the DevTools protocol (issue 26, requirement 2): what Qt's console callback cannot
give — the column, the stack, object arguments as previews (never ``[object Object]``), four levels — as
:class:`~app.protocol.console_preview.ConsoleDetail` records for the tab's one console ring
(:class:`app.tabs.console.ConsoleLog`, which merges them with Qt's messages and keeps errors through a flood).

Source: the tab's :class:`~app.webview.cdp.CdpSession` events ``Runtime.consoleAPICalled``,
``Runtime.exceptionThrown`` and ``Log.entryAdded``, subscribed for the tab's whole life: they arrive whenever
the session is attached and someone enabled the Runtime and Log domains: the console itself while it is
wanted (:meth:`CdpConsole.want`, the Console dock; again after every re-attach) and at each
:meth:`CdpConsole.sync` (an agent's call), the full F12 frontend on its own. Enabling replays the messages
the document logged before (V8's and Blink's message storage, with their original timestamps), so a late
attach still sees the document's earlier messages — console calls with their stacks; V8 captures an
uncaught exception's stack only while Runtime is enabled, so one thrown before has its location only.

Entries keep arrival order: an object argument's fuller preview (``Runtime.getProperties``, at most
:data:`PROPERTIES_TIMEOUT_MS` each) is fetched before the detail is emitted, and later events wait for it.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

from PySide6.QtCore import QObject, Signal

from app.core.errors import PagenoteError
from app.core.tasks import spawn
from app.protocol import console_preview
from app.webview.cdp import CdpSession

log = logging.getLogger("pagenote.console")

#: How long one argument's ``Runtime.getProperties`` may take before the entry uses V8's short preview: ms.
PROPERTIES_TIMEOUT_MS = 2_000
#: Object arguments of one call whose properties are fetched (the rest keep V8's five-key preview).
FETCHED_ARGS = 5
#: Objects one level down whose properties are fetched, per object (the rest keep V8's preview).
NESTED_FETCHES = 10
#: Entries that may wait for fetched properties at once; past it (a page logging objects in a loop) an entry
#: keeps V8's own preview (five keys), so the backlog stays bounded whatever the page logs.
FETCH_BACKLOG = 50


class CdpConsole(QObject):
    """The console of ``session``'s page, from the DevTools protocol (module docstring); subscribed from
    construction until :meth:`stop`.

    Signals:
        added(ConsoleDetail): a message, exception or log entry (live or replayed), in arrival order.
    """

    added = Signal(object)

    def __init__(self, session: CdpSession, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self._tail: asyncio.Task | None = None
        self._fetching = 0  # entries waiting for fetched properties
        self._wanted = 0
        session.attached.connect(self._on_attached)
        self._unsubscribe = [
            session.subscribe("Runtime.consoleAPICalled", self._on_console_api),
            session.subscribe("Runtime.exceptionThrown", lambda p: self._queue(console_preview.from_exception, p)),
            session.subscribe("Log.entryAdded", lambda p: self._queue(console_preview.from_log, p)),
        ]

    async def sync(self) -> None:
        """Attach the session when it is not, and return once every message the page logged so far has been
        emitted — the replay of an attach included, previews fetched. How: ``Runtime.enable`` and
        ``Log.enable`` (no-ops when the frontend enabled them; the replay's events come before their replies,
        on the same channel), then the queued previews. The session then stays attached until it has been
        idle for :data:`app.webview.cdp.IDLE_DETACH_S` (a send, not a hold). Raises as
        :meth:`CdpSession.send` (``CDP_TIMEOUT``, ``CDP_DETACHED`` …)."""
        await self.session.send("Runtime.enable")
        await self.session.send("Log.enable")
        tail = self._tail  # the last entry logged so far (later ones, from a page still logging, are not waited for)
        if tail is not None and not tail.done():
            await asyncio.wait([tail])

    def want(self) -> Callable[[], None]:
        """Keep Runtime and Log enabled — now if attached, and after every (re-)attach — until the returned
        idempotent release is called. It does not attach: the caller holds the session for that."""
        self._wanted += 1
        if self.session.is_attached:
            self._enable_soon()
        released = False

        def release() -> None:
            nonlocal released
            if not released:
                released = True
                self._wanted -= 1

        return release

    def _on_attached(self) -> None:
        if self._wanted:
            self._enable_soon()

    def _enable_soon(self) -> None:
        async def enable() -> None:
            try:
                await self.session.send("Runtime.enable")
                await self.session.send("Log.enable")
            except PagenoteError as exc:  # detached again meanwhile: the next attach enables them again
                log.debug("console: enabling Runtime/Log failed: %s", exc)

        spawn(enable(), "console enable")

    def stop(self) -> None:
        """Unsubscribe (nothing is emitted afterwards but the previews still being fetched)."""
        for unsubscribe in self._unsubscribe:
            unsubscribe()
        self._unsubscribe = []

    def _on_console_api(self, params: dict) -> None:
        objects = [arg for arg in params.get("args", []) if console_preview.expandable(arg)]
        if self._fetching >= FETCH_BACKLOG:
            objects = []
        self._queue(console_preview.from_console_api, params, objects[:FETCHED_ARGS])

    def _queue(self, make, params: dict, objects: list[dict] | None = None) -> None:
        """Add ``make(params[, fetched properties])`` now, or after the entries still waiting for theirs."""
        if not objects and self._tail is None:
            self._add(make(params))
            return
        self._tail = spawn(self._after(make, params, objects or [], self._tail), "console preview")

    async def _after(self, make, params: dict, objects: list[dict], previous: asyncio.Task | None) -> None:
        self._fetching += bool(objects)
        try:
            fetched = await self._fetched(objects)
        finally:
            self._fetching -= bool(objects)
        if previous is not None and not previous.done():
            await asyncio.wait([previous])  # its outcome is its own: a failed preview does not stop this one
        self._add(make(params, fetched) if fetched else make(params))
        if self._tail is asyncio.current_task():
            self._tail = None

    async def _fetched(self, objects: list[dict]) -> dict[str, list[dict]]:
        """``objectId`` → own properties of ``objects`` and of the objects below them, to
        :data:`console_preview.MAX_DEPTH` − 1 levels."""
        fetched: dict[str, list[dict]] = {}
        for _depth in range(1, console_preview.MAX_DEPTH):  # the last level shows from its parent's previews
            deeper: list[dict] = []
            for obj in objects:
                properties = await self._properties(obj["objectId"])
                if properties is None:
                    continue  # released, navigated away, or slow: V8's short preview stands
                fetched[obj["objectId"]] = properties
                values = [p["value"] for p in properties[:console_preview.MAX_KEYS] if "value" in p]
                deeper += [v for v in values if console_preview.expandable(v)][:NESTED_FETCHES]
            objects = deeper
        return fetched

    async def _properties(self, object_id: str) -> list[dict] | None:
        try:
            reply = await self.session.send("Runtime.getProperties", {
                "objectId": object_id, "ownProperties": True, "generatePreview": True}, PROPERTIES_TIMEOUT_MS)
        except PagenoteError:
            return None
        return reply.get("result", [])

    def _add(self, detail: console_preview.ConsoleDetail) -> None:
        self.added.emit(detail)
