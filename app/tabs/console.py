"""A tab's console log: every console message and uncaught error of every frame of its page, as bounded,
redacted entries. Data and signals, no widgets: the window's Console dock and agents' ``console.list`` /
``console.get`` read it.

Source: :attr:`app.webview.guest.Guest.console_message` — Chromium's ``WebContentsDelegate::
DidAddMessageToConsole``, which QtWebEngine forwards for every frame of the page, cross-origin (out-of-process)
frames included. Uncaught exceptions arrive there as error-level ``"Uncaught Error: …"`` and unhandled
Promise rejections as ``"Uncaught (in promise) …"`` (``tests/test_console.py`` checks both). What Qt does not
give, the entries leave out honestly: the level is one of three (``console.log``/``debug``/``info`` are all
``info``), and the frame is not named — ``frame_url`` is set only when the message's source is the URL of one
of the page's frames (an inline script), never guessed.

Bounds: the ring keeps the newest :data:`RING_ENTRIES` entries and at most :data:`RING_CHARS` characters of
text, evicting the oldest info or warning entry first (errors go only when nothing else is left); one entry's
text at most :data:`TEXT_CHARS` characters, a cut ending in
``…[cut: N chars]``. Credential-like URL parts in the text, source and frame URL are redacted with the same
rules as the Markdown (:func:`app.protocol.redact.redact_urls`).
"""

from __future__ import annotations

import time
from collections import deque
from dataclasses import asdict, dataclass

from PySide6.QtCore import QObject, Signal
from PySide6.QtWebEngineCore import QWebEngineLoadingInfo

from app.protocol.redact import redact_urls
from app.webview.guest import ConsoleSeen, Guest

#: Entries the ring keeps (the oldest go first).
RING_ENTRIES = 1_000
#: Characters of entry text the ring keeps in all (≈ 1 MiB of ASCII); the oldest entries go first.
RING_CHARS = 1 << 20
#: Longest text of one entry, in characters.
TEXT_CHARS = 2_000
#: Longest source / frame URL kept, in characters.
URL_CHARS = 500
#: The three levels Qt reports, lowest first.
LEVELS = ("info", "warning", "error")


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
    ``level`` (``info``/``warning``/``error``), ``text`` (redacted, ≤ :data:`TEXT_CHARS`), ``source`` (the
    script's URL, redacted), ``line`` (1-based; 0 unknown), ``frame_url`` (only when known, see the module
    docstring), ``navigation`` (the tab's main-frame load counter when it was logged: 1 for the first page),
    ``cut`` (the text was shortened)."""

    id: int
    time: float
    level: str
    text: str
    source: str
    line: int
    frame_url: str
    navigation: int
    cut: bool = False

    def compact(self) -> dict:
        """The entry as JSON with empty optional fields dropped (``source``, ``line``, ``frame_url``, ``cut``)."""
        return {k: v for k, v in asdict(self).items() if v not in ("", 0, False) or k in ("id", "navigation")}


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


class ConsoleLog(QObject):
    """The console of ``page`` (a :class:`Guest`) as a ring of :class:`ConsoleEntry` (module docstring).

    Signals:
        added(ConsoleEntry): an entry was logged.
        cleared(): :meth:`clear` emptied the ring (the window's Clear button).
    """

    added = Signal(object)
    cleared = Signal()

    def __init__(self, page: Guest, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._page = page
        self.entries: deque[ConsoleEntry] = deque()
        self._chars = 0
        self._next_id = 1
        #: The main-frame load counter (0 before the first load starts).
        self.navigation = 0
        page.console_message.connect(self._on_message)
        page.loadingChanged.connect(self._on_loading)

    def _on_loading(self, info: QWebEngineLoadingInfo) -> None:
        if info.status() == QWebEngineLoadingInfo.LoadStatus.LoadStartedStatus:
            self.navigation += 1

    def _on_message(self, seen: ConsoleSeen) -> None:
        text, was_cut = cut(seen.message, TEXT_CHARS)
        source = redact_urls(seen.source[:URL_CHARS])
        frame_url = source if seen.source and seen.source in frame_urls(self._page) else ""
        entry = ConsoleEntry(self._next_id, round(time.time(), 3), LEVELS[min(max(seen.level, 0), 2)], text,
                             source, seen.line, frame_url, self.navigation, was_cut)
        self._next_id += 1
        self.entries.append(entry)
        self._chars += len(entry.text)
        while len(self.entries) > RING_ENTRIES or self._chars > RING_CHARS:
            # Info and warnings go first: a flood of them never evicts an error (issue 26, requirement 2).
            victim = next((e for e in self.entries if e.level != "error"), self.entries[0])
            self.entries.remove(victim)
            self._chars -= len(victim.text)
        self.added.emit(entry)

    def clear(self) -> None:
        """Forget every entry (ids go on counting)."""
        self.entries.clear()
        self._chars = 0
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
        higher (``LEVELS``), whose text contains ``text`` (case-insensitive), of the current document unless
        ``all_documents``; ``more`` counts the matching entries left out by ``limit``. Raises ``ValueError``
        for an unknown level."""
        floor = LEVELS.index(level) if level is not None else 0
        needle = text.casefold() if text else ""
        found = [e for e in self.entries
                 if e.id > since_id and LEVELS.index(e.level) >= floor
                 and (all_documents or e.navigation == self.navigation)
                 and (not needle or needle in e.text.casefold())]
        return found[:limit], max(len(found) - limit, 0)
