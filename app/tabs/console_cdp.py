"""A tab's console from the DevTools protocol (issue 26, requirement 2): what Qt's console callback cannot
give — the column, the stack, object arguments as previews (never ``[object Object]``), five levels — kept in
a ring where errors have their own room, so a flood of info lines never evicts an error.

Source: the tab's :class:`~app.webview.cdp.CdpSession` events ``Runtime.consoleAPICalled``,
``Runtime.exceptionThrown`` and ``Log.entryAdded`` (the frontend enables Runtime and Log; enabling replays the
messages the page logged before the attach, so :meth:`CdpConsole.start` late still sees the document's
earlier ones). Text is made in :mod:`app.protocol.console_preview` and bounded and redacted with the Qt
console's own :func:`app.tabs.console.cut`.

Entries keep arrival order: an object argument's fuller preview (``Runtime.getProperties``, at most
:data:`PROPERTIES_TIMEOUT_MS` each) is fetched before the entry is added, and later events wait for it.
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from dataclasses import asdict, dataclass

from PySide6.QtCore import QObject, Signal

from app.core.errors import PagenoteError
from app.core.tasks import spawn
from app.protocol import console_preview
from app.protocol.redact import redact_urls
from app.tabs.console import TEXT_CHARS, URL_CHARS, cut
from app.webview.cdp import CdpSession

#: Error entries the ring keeps, in their own room.
ERROR_ENTRIES = 200
#: Other entries (debug, info, warning) the ring keeps; the oldest go first.
OTHER_ENTRIES = 1_000
#: How long one argument's ``Runtime.getProperties`` may take before the entry uses V8's short preview: ms.
PROPERTIES_TIMEOUT_MS = 2_000
#: Object arguments of one call whose properties are fetched (the rest keep V8's five-key preview).
FETCHED_ARGS = 5
#: Objects one level down whose properties are fetched, per object (the rest keep V8's preview).
NESTED_FETCHES = 10


@dataclass(frozen=True)
class CdpConsoleEntry:
    """One entry: ``id`` (1, 2, … never reused), ``time`` (Unix s), ``level`` (``debug``/``info``/
    ``warning``/``error``), ``text`` (redacted, ≤ :data:`app.tabs.console.TEXT_CHARS`), ``url`` (redacted),
    ``line``/``column`` (1-based, 0 unknown), ``stack`` (≤ 10 frames, ``"fn (url:line:col)"``), ``kind``
    (``console``/``exception``/``log``), ``cut`` (the text was shortened)."""

    id: int
    time: float
    level: str
    text: str
    url: str
    line: int
    column: int
    stack: tuple[str, ...]
    kind: str
    cut: bool = False

    @property
    def location(self) -> str:
        """``"url:line:column"`` ("" when the URL is unknown)."""
        return f"{self.url}:{self.line}:{self.column}" if self.url else ""

    def compact(self) -> dict:
        """The entry as JSON, empty optional fields dropped."""
        return {k: v for k, v in asdict(self).items() if v not in ("", 0, False, ()) or k == "id"}


class CdpConsole(QObject):
    """The console of ``session``'s page, from the DevTools protocol (module docstring).

    Signals:
        added(CdpConsoleEntry): an entry was logged.
    """

    added = Signal(object)

    def __init__(self, session: CdpSession, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self._errors: deque[CdpConsoleEntry] = deque(maxlen=ERROR_ENTRIES)
        self._others: deque[CdpConsoleEntry] = deque(maxlen=OTHER_ENTRIES)
        self._next_id = 1
        self._tail: asyncio.Task | None = None
        self._unsubscribe = [
            session.subscribe("Runtime.consoleAPICalled", self._on_console_api),
            session.subscribe("Runtime.exceptionThrown", lambda p: self._queue(console_preview.from_exception, p)),
            session.subscribe("Log.entryAdded", lambda p: self._queue(console_preview.from_log, p)),
        ]

    async def start(self) -> None:
        """Attach the session (the subscriptions are in place already). Raises as
        :meth:`CdpSession.attach`."""
        await self.session.attach()

    def stop(self) -> None:
        """Unsubscribe; the entries stay."""
        for unsubscribe in self._unsubscribe:
            unsubscribe()
        self._unsubscribe = []

    @property
    def entries(self) -> list[CdpConsoleEntry]:
        """Every entry kept, oldest first."""
        return sorted([*self._errors, *self._others], key=lambda e: e.id)

    def _on_console_api(self, params: dict) -> None:
        objects = [arg for arg in params.get("args", []) if console_preview.expandable(arg)]
        self._queue(console_preview.from_console_api, params, objects[:FETCHED_ARGS])

    def _queue(self, make, params: dict, objects: list[dict] | None = None) -> None:
        """Add ``make(params[, fetched properties])`` now, or after the entries still waiting for theirs."""
        if not objects and self._tail is None:
            self._add(make(params))
            return
        self._tail = spawn(self._after(make, params, objects or [], self._tail), "console preview")

    async def _after(self, make, params: dict, objects: list[dict], previous: asyncio.Task | None) -> None:
        fetched: dict[str, list[dict]] = {}
        for depth in range(1, console_preview.MAX_DEPTH):  # the last level shows from its parent's previews
            deeper: list[dict] = []
            for obj in objects:
                properties = await self._properties(obj["objectId"])
                if properties is None:
                    continue  # released, navigated away, or slow: V8's short preview stands
                fetched[obj["objectId"]] = properties
                values = [p["value"] for p in properties[:console_preview.MAX_KEYS] if "value" in p]
                deeper += [v for v in values if console_preview.expandable(v)][:NESTED_FETCHES]
            objects = deeper
        if previous is not None and not previous.done():
            await asyncio.shield(previous)
        self._add(make(params, fetched) if fetched else make(params))
        if self._tail is asyncio.current_task():
            self._tail = None

    async def _properties(self, object_id: str) -> list[dict] | None:
        try:
            reply = await self.session.send("Runtime.getProperties", {
                "objectId": object_id, "ownProperties": True, "generatePreview": True}, PROPERTIES_TIMEOUT_MS)
        except PagenoteError:
            return None
        return reply.get("result", [])

    def _add(self, detail: console_preview.ConsoleDetail) -> None:
        text, was_cut = cut(detail.text, TEXT_CHARS)
        entry = CdpConsoleEntry(self._next_id, round(time.time(), 3), detail.level, text,
                                redact_urls(detail.url[:URL_CHARS]), detail.line, detail.column,
                                tuple(redact_urls(line[:URL_CHARS + 40]) for line in detail.stack),
                                detail.kind, was_cut)
        self._next_id += 1
        (self._errors if entry.level == "error" else self._others).append(entry)
        self.added.emit(entry)
