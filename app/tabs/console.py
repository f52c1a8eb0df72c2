"""A tab's console log: every console message and uncaught error of every frame of its page, as bounded,
redacted entries. Data and signals, no widgets: the window's Console dock and agents' ``console.list`` /
``console.get`` read it.

Two sources, one ring:

* **Qt** — :attr:`app.webview.guest.Guest.console_message`, Chromium's ``WebContentsDelegate::
  DidAddMessageToConsole``, which QtWebEngine forwards for every frame of the page, cross-origin
  (out-of-process) frames included, always. Uncaught exceptions arrive as error-level ``"Uncaught Error: …"``
  and unhandled rejections as ``"Uncaught (in promise) …"``. It has three levels (``console.log``/``debug``/
  ``info`` are all ``info``), a line but no column, no stack, ``[object Object]`` for objects.
* **The DevTools protocol** (issue 26, requirement 2) — :class:`app.tabs.console_cdp.CdpConsole` on the tab's
  :class:`~app.webview.cdp.CdpSession`, whenever it is attached: four levels, argument previews, the column,
  the stack (≤ 10 frames), Blink's log entries (``Failed to load resource: … 404``) — for the page's main
  target (the top document and its same-process frames; out-of-process frames stay Qt-only).

One message, one entry: Qt's message comes first (measured: it has the shorter path); the protocol's twin —
live or replayed on attach — *upgrades* it in place (same id; :attr:`ConsoleLog.updated`). Twins are paired
first-in first-out by (level, source URL, line) within one document; a protocol message with no Qt twin
(Blink's log entries, a twin not yet arrived) is added, and a Qt message arriving after its protocol twin (one
of the last :data:`LATE_TWINS`) is dropped. A replay after a re-attach repeats messages with their original
timestamps: a message already taken from the protocol is not added again.

When the session is attached (the design, issue 26 requirement 6's cost rule): the Console dock holds it while
it is shown (:meth:`ConsoleLog.hold`); an agent's ``console.list`` / ``console.get`` attaches it and waits
for the replay (:meth:`ConsoleLog.sync`), after which it stays until idle for
:data:`app.webview.cdp.IDLE_DETACH_S`; any other feature's attach brings the protocol's entries too. While
it is detached the entries are Qt's.

``frame_url`` is set only when the message's source is the URL of one of the page's frames (an inline
script), never guessed.

Bounds: the ring keeps the newest :data:`RING_ENTRIES` entries and at most :data:`RING_CHARS` characters of
text, evicting the oldest debug, info or warning entry first (errors go only when nothing else is left); one
entry's text at most :data:`TEXT_CHARS` characters, a cut ending in ``…[cut: N chars]``; a stack at most
:data:`app.protocol.console_preview.MAX_FRAMES` frames. Credential-like URL parts in the text, source, frame
URL and stack are redacted with the same rules as the Markdown (:func:`app.protocol.redact.redact_urls`),
and values of credential-like keys in an object's preview too.
"""

from __future__ import annotations

import time
from collections import OrderedDict, deque
from collections.abc import Callable
from dataclasses import asdict, dataclass, replace

from PySide6.QtCore import QObject, Signal
from PySide6.QtWebEngineCore import QWebEngineLoadingInfo

from app.core.errors import PagenoteError
from app.protocol.console_preview import ConsoleDetail
from app.protocol.redact import redact_urls
from app.webview.cdp import CdpSession
from app.webview.guest import ConsoleSeen, Guest

#: Entries the ring keeps (the oldest go first).
RING_ENTRIES = 1_000
#: Characters of entry text the ring keeps in all (≈ 1 MiB of ASCII); the oldest entries go first.
RING_CHARS = 1 << 20
#: Longest text of one entry, in characters.
TEXT_CHARS = 2_000
#: Longest source / frame URL kept, in characters.
URL_CHARS = 500
#: The levels, lowest first (Qt reports the last three; the protocol all four).
LEVELS = ("debug", "info", "warning", "error")
#: Qt's level numbers (``ConsoleSeen.level`` 0..2) → level.
QT_LEVELS = ("info", "warning", "error")
#: Protocol entries with no Qt twin yet that a late Qt message may still pair with.
LATE_TWINS = 20


def cut(text: str, limit: int) -> tuple[str, bool]:
    """``text`` redacted and at most ``limit`` characters (``limit`` ≥ 40): ``(text, was_cut)``. A cut text
    ends in ``"…[cut: N chars]"``, N the characters left out. Only the first ``limit + 100`` characters are
    redacted (redaction time stays bounded on a multi-megabyte message), and before the cut, so a credential
    that straddles the cut does not survive half-visible: the parameter's name is still there to match."""
    head = redact_urls(text[:limit + 100])
    if len(text) <= limit + 100 and len(head) <= limit:
        return head, False
    room = limit - 30  # "…[cut: N chars]" takes at most 30 characters
    dropped = len(head) - room + max(len(text) - limit - 100, 0)
    return f"{head[:room]}…[cut: {dropped} chars]", True


@dataclass(frozen=True)
class ConsoleEntry:
    """One console message: ``id`` (1, 2, … per tab, never reused), ``time`` (Unix seconds, ms precision),
    ``level`` (one of :data:`LEVELS`), ``text`` (redacted, ≤ :data:`TEXT_CHARS`), ``source`` (the script's
    URL, redacted), ``line`` and ``column`` (1-based; 0 unknown — Qt gives no column), ``frame_url`` (only when
    known, see the module docstring), ``navigation`` (the tab's main-frame load counter when it was logged: 1
    for the first page), ``cut`` (the text was shortened), ``stack`` (≤ 10 frames ``"fn (url:line:column)"``,
    innermost first; protocol entries only), ``origin`` (``"qt"`` or ``"cdp"``: which source the fields come
    from)."""

    id: int
    time: float
    level: str
    text: str
    source: str
    line: int
    frame_url: str
    navigation: int
    cut: bool = False
    column: int = 0
    stack: tuple[str, ...] = ()
    origin: str = "qt"

    def compact(self) -> dict:
        """The entry as JSON for agents: empty optional fields dropped (``source``, ``line``, ``column``,
        ``frame_url``, ``cut``, ``stack``), ``stack`` a list, ``origin`` left out (``stack`` says it)."""
        fields = asdict(self)
        fields.pop("origin")
        fields["stack"] = list(self.stack)
        return {k: v for k, v in fields.items() if v not in ("", 0, False, []) or k in ("id", "navigation")}

    @property
    def location(self) -> str:
        """``"source:line:column"`` (``:column`` only when known; ``""`` without a source)."""
        if not self.source:
            return ""
        return self.source + (f":{self.line}" if self.line else "") + (f":{self.column}" if self.column else "")


def frame_urls(page: Guest) -> set[str]:
    """The URLs of the page's frames without their fragments (Chromium's source URL of an inline script has
    none), the main frame and every iframe, cross-origin ones included; at most 200 frames are walked."""
    urls: set[str] = set()
    stack = [page.mainFrame()]
    while stack and len(urls) < 200:
        frame = stack.pop()
        if frame.isValid():
            urls.add(frame.url().toString().split("#", 1)[0])
            stack.extend(frame.children())
    return urls


_Key = tuple[str, str, int]  # (Qt's level, source URL redacted, line): how twins are paired


class ConsoleLog(QObject):
    """The console of ``page`` (a :class:`Guest`) as a ring of :class:`ConsoleEntry` (module docstring);
    ``session``: the tab's DevTools session, the second source (``None``: Qt's messages only).

    Signals:
        added(ConsoleEntry): an entry was logged.
        updated(ConsoleEntry): an entry was upgraded in place by its protocol twin (same id, in the ring).
        cleared(): :meth:`clear` emptied the ring (the window's Clear button).
    """

    added = Signal(object)
    updated = Signal(object)
    cleared = Signal()

    def __init__(self, page: Guest, parent: QObject | None = None, session: CdpSession | None = None) -> None:
        super().__init__(parent)
        self._page = page
        self.entries: deque[ConsoleEntry] = deque()
        self._chars = 0
        self._next_id = 1
        #: The main-frame load counter (0 before the first load starts).
        self.navigation = 0
        self._starts: deque[tuple[float, int]] = deque(maxlen=50)  # (Unix ms, navigation) of the last loads
        self._qt_waiting: dict[_Key, deque[int]] = {}  # Qt entries whose protocol twin has not come, by key
        self._cdp_waiting: deque[tuple[_Key, int]] = deque(maxlen=LATE_TWINS)  # protocol entries with no Qt twin
        self._cdp_seen: OrderedDict[tuple, None] = OrderedDict()  # protocol messages taken (replay guard)
        #: The last protocol failure of :meth:`sync` (``""`` after a good one), for diagnostics.
        self.cdp_error = ""
        self._session = session
        self._cdp = None
        if session is not None:
            from app.tabs.console_cdp import CdpConsole

            self._cdp = CdpConsole(session, self)
            self._cdp.added.connect(self._on_cdp)
        page.console_message.connect(self._on_message)
        page.loadingChanged.connect(self._on_loading)

    # -- the protocol's side ------------------------------------------------------------------------------------

    def hold(self, owner: str) -> Callable[[], None]:
        """Keep the tab's DevTools session attached for ``owner`` (:meth:`CdpSession.hold`) with its console
        events on (:meth:`CdpConsole.want`): entries come from the protocol meanwhile. Returns the idempotent
        release of both (a no-op without a session)."""
        if self._session is None or self._cdp is None:
            return lambda: None
        release_session = self._session.hold(owner)
        release_events = self._cdp.want()

        def release() -> None:
            release_events()
            release_session()

        return release

    async def sync(self) -> None:
        """Attach the session when it is not and wait until the messages logged so far are in the ring with
        the protocol's detail (:meth:`CdpConsole.sync`). Never raises: a protocol failure (``CDP_TIMEOUT``,
        ``CDP_DETACHED`` …) leaves Qt's entries and is kept in :attr:`cdp_error`."""
        if self._cdp is None:
            return
        try:
            await self._cdp.sync()
            self.cdp_error = ""
        except PagenoteError as exc:
            self.cdp_error = f"{exc.code}: {exc}"

    def _navigation_at(self, timestamp_ms: float) -> int:
        """The load counter of the document that logged at ``timestamp_ms`` (Unix ms; 0: now)."""
        if timestamp_ms > 0:
            for started, navigation in reversed(self._starts):
                if started <= timestamp_ms:
                    return navigation
        return self.navigation

    def _on_cdp(self, detail: ConsoleDetail) -> None:
        text, was_cut = cut(detail.text, TEXT_CHARS)
        source = redact_urls(detail.url[:URL_CHARS])
        key: _Key = (QT_LEVELS[max(LEVELS.index(detail.level), 1) - 1], source, detail.line)
        navigation = self._navigation_at(detail.timestamp)
        seen = (detail.timestamp, detail.kind, detail.level, source, detail.line, detail.column, navigation)
        if detail.timestamp and seen in self._cdp_seen:
            return  # replayed by a re-attach: taken already
        self._cdp_seen[seen] = None
        while len(self._cdp_seen) > 2 * RING_ENTRIES:
            self._cdp_seen.popitem(last=False)
        fields = dict(level=detail.level, text=text, source=source, line=detail.line, column=detail.column,
                      stack=detail.stack, cut=was_cut, origin="cdp")
        twin = self._qt_twin(key, navigation)
        if twin is not None:
            index, old = twin
            upgraded = replace(old, **fields)
            self.entries[index] = upgraded
            self._chars += len(upgraded.text) - len(old.text)
            self.updated.emit(upgraded)
            return
        frame_url = detail.url if detail.url and detail.url in frame_urls(self._page) else ""
        entry = self._append(ConsoleEntry(self._next_id, round(time.time(), 3), frame_url=redact_urls(
            frame_url[:URL_CHARS]), navigation=navigation, **fields))
        self._cdp_waiting.append((key, entry.id))

    def _qt_twin(self, key: _Key, navigation: int) -> tuple[int, ConsoleEntry] | None:
        """The oldest Qt entry of ``key`` and ``navigation`` still waiting for its twin: (ring index, entry)."""
        waiting = self._qt_waiting.get(key)
        while waiting:
            entry_id = waiting.popleft()
            for index in range(len(self.entries) - 1, -1, -1):
                entry = self.entries[index]
                if entry.id == entry_id:
                    if entry.navigation == navigation:
                        if not waiting:
                            del self._qt_waiting[key]
                        return index, entry
                    break
                if entry.id < entry_id:
                    break  # evicted
        self._qt_waiting.pop(key, None)
        return None

    # -- Qt's side ----------------------------------------------------------------------------------------------

    def _on_loading(self, info: QWebEngineLoadingInfo) -> None:
        if info.status() == QWebEngineLoadingInfo.LoadStatus.LoadStartedStatus:
            self.navigation += 1
            self._starts.append((time.time() * 1000, self.navigation))
            self._qt_waiting.clear()  # a replay brings the new document's messages only
            self._cdp_waiting.clear()

    def _on_message(self, seen: ConsoleSeen) -> None:
        text, was_cut = cut(seen.message, TEXT_CHARS)
        source = redact_urls(seen.source[:URL_CHARS])
        level = QT_LEVELS[min(max(seen.level, 0), 2)]
        key: _Key = (level, source, seen.line)
        for late in self._cdp_waiting:
            if late[0] == key:
                self._cdp_waiting.remove(late)
                return  # its protocol twin came first and stands for it
        frame_url = source if seen.source and seen.source in frame_urls(self._page) else ""
        entry = self._append(ConsoleEntry(self._next_id, round(time.time(), 3), level, text, source, seen.line,
                                          frame_url, self.navigation, was_cut))
        waiting = self._qt_waiting.setdefault(key, deque())
        waiting.append(entry.id)
        if len(waiting) > RING_ENTRIES:
            waiting.popleft()
        if len(self._qt_waiting) > RING_ENTRIES:  # many source lines: forget the keys of evicted entries
            live = {e.id for e in self.entries}
            self._qt_waiting = {k: d for k, d in self._qt_waiting.items() if any(i in live for i in d)}

    # -- the ring -----------------------------------------------------------------------------------------------

    def _append(self, entry: ConsoleEntry) -> ConsoleEntry:
        self._next_id += 1
        self.entries.append(entry)
        self._chars += len(entry.text)
        while len(self.entries) > RING_ENTRIES or self._chars > RING_CHARS:
            # Debug, info and warnings go first: a flood of them never evicts an error (issue 26, requirement 2).
            victim = next((e for e in self.entries if e.level != "error"), self.entries[0])
            self.entries.remove(victim)
            self._chars -= len(victim.text)
        self.added.emit(entry)
        return entry

    def clear(self) -> None:
        """Forget every entry (ids go on counting)."""
        self.entries.clear()
        self._chars = 0
        self._qt_waiting.clear()
        self._cdp_waiting.clear()
        self.cleared.emit()

    def get(self, entry_id: int) -> ConsoleEntry | None:
        """The entry with ``entry_id``, ``None`` when it was never logged or has left the ring."""
        for entry in self.entries:
            if entry.id == entry_id:
                return entry
        return None

    def select(self, *, since_id: int = 0, level: str | None = None, text: str | None = None,
               all_documents: bool = False, limit: int = 200) -> tuple[list[ConsoleEntry], int]:
        """``(entries, more)``: the oldest ``limit`` entries with an id above ``since_id``, of ``level`` or
        higher (:data:`LEVELS`), whose text contains ``text`` (case-insensitive), of the current document
        unless ``all_documents``; ``more`` counts the matching entries left out by ``limit``. Raises
        ``ValueError`` for an unknown level."""
        floor = LEVELS.index(level) if level is not None else 0
        needle = text.casefold() if text else ""
        found = [e for e in self.entries
                 if e.id > since_id and LEVELS.index(e.level) >= floor
                 and (all_documents or e.navigation == self.navigation)
                 and (not needle or needle in e.text.casefold())]
        return found[:limit], max(len(found) - limit, 0)
