"""The Console dock: the active tab's console log (:class:`app.tabs.console.ConsoleLog`) as a list, with a
level filter, a text search, Clear and Copy entry. It reads the log's signals and emits nothing of its own:
Clear empties the log, Copy puts the selected entry (with its stack) on the clipboard. Entries are already
redacted and bounded by the log. A row shows ``[level] text — source:line:column``; its tooltip shows the
location and the stack (protocol entries), HTML-escaped, the page's text never in it — so nothing the page
logs can pass for a frame.

While shown, the dock holds the followed tab's DevTools session (``"console-dock"``, :meth:`ConsoleLog.hold`):
the entries then come with columns, stacks and object previews; hidden, it releases it (the session's idle
rule detaches it later)."""

from __future__ import annotations

import html
from collections.abc import Callable

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QBrush, QColor, QGuiApplication, QKeySequence
from PySide6.QtWidgets import (QComboBox, QDockWidget, QHBoxLayout, QLineEdit, QListWidget, QListWidgetItem,
                               QPushButton, QVBoxLayout, QWidget)

from app.model.text import clean_unicode, escape_invisible
from app.tabs.console import LEVELS, ConsoleEntry, ConsoleLog

#: New entries reach the list in batches, at most this often (ms).
FLUSH_MS = 100
_COLORS = {"debug": QColor("#666666"), "warning": QColor("#8a6d00"), "error": QColor("#b00020")}
#: The owner name the dock holds the DevTools session under.
HOLDER = "console-dock"


def entry_line(entry: ConsoleEntry) -> str:
    """``"[level] text  — source:line:column"``: one entry as the dock lists it, on one line — the page's line
    breaks shown as ``\\n``/``\\r`` (as browser_console_messages shows them), other line breaks and invisible
    characters escaped, control characters as U+FFFD — so a message cannot look like a second row."""
    where = entry.location
    text = escape_invisible(clean_unicode(entry.text))
    text = text.replace("\r\n", "\\n").replace("\n", "\\n").replace("\r", "\\r")
    return f"[{entry.level}] {text}" + (f"  — {where}" if where else "")


def entry_copy(entry: ConsoleEntry) -> str:
    """What Copy entry copies: :func:`entry_line`, then ``"    at fn (url:line:column)"`` per stack frame."""
    return "\n".join([entry_line(entry), *(f"    at {frame}" for frame in entry.stack)])


class ConsoleDock(QDockWidget):
    """A dock over ``log``. ``level_filter`` (combo: all, warnings and errors, errors), ``search`` (line edit),
    ``list`` (one row per shown entry, newest last), ``clear_button``, ``copy_button``."""

    def __init__(self, log: ConsoleLog, parent: QWidget | None = None) -> None:
        super().__init__(self.tr("Console"), parent)
        self.setObjectName("console-dock")
        self.log = log
        body = QWidget()
        column = QVBoxLayout(body)
        column.setContentsMargins(4, 4, 4, 4)
        row = QHBoxLayout()
        self.level_filter = QComboBox()
        for text, level in ((self.tr("All levels"), "debug"), (self.tr("Warnings and errors"), "warning"),
                            (self.tr("Errors"), "error")):
            self.level_filter.addItem(text, level)
        self.search = QLineEdit()
        self.search.setPlaceholderText(self.tr("Search messages"))
        self.search.setClearButtonEnabled(True)
        self.clear_button = QPushButton(self.tr("Clear"))
        self.copy_button = QPushButton(self.tr("Copy entry"))
        self.copy_button.setShortcut(QKeySequence.StandardKey.Copy)
        for widget in (self.level_filter, self.search, self.copy_button, self.clear_button):
            row.addWidget(widget, 1 if widget is self.search else 0)
        self.list = QListWidget()
        self.list.setWordWrap(True)
        self.list.setUniformItemSizes(False)
        column.addLayout(row)
        column.addWidget(self.list, 1)
        self.setWidget(body)
        self.level_filter.currentIndexChanged.connect(self.refill)
        self.search.textChanged.connect(self.refill)
        self.clear_button.clicked.connect(lambda: self.log.clear())
        self.copy_button.clicked.connect(self.copy_selected)
        self._pending: dict[int, ConsoleEntry] = {}  # id → entry, in arrival order
        self._stale = False
        self._flush_timer = QTimer(self)
        self._flush_timer.setSingleShot(True)
        self._flush_timer.setInterval(FLUSH_MS)
        self._flush_timer.timeout.connect(self._flush)
        self._release: Callable[[], None] | None = None
        self.visibilityChanged.connect(self._visibility)
        self._connect(log)
        self.refill()

    def _connect(self, log: ConsoleLog) -> None:
        log.added.connect(self._added)
        log.updated.connect(self._updated)
        log.cleared.connect(self.refill)

    def follow(self, log: ConsoleLog) -> None:
        """Show ``log`` (another tab's console) from now on, instead of the previous one; the session hold
        moves with it."""
        if log is self.log:
            return
        for signal, slot in ((self.log.added, self._added), (self.log.updated, self._updated),
                             (self.log.cleared, self.refill)):
            try:
                signal.disconnect(slot)
            except (RuntimeError, TypeError):  # the previous tab's log is already gone
                pass
        self._hold(False)
        self.log = log
        self._pending.clear()
        self._connect(log)
        self._hold(self.isVisible())
        self.refill()

    def _hold(self, on: bool) -> None:
        """Hold the followed tab's DevTools session (``on``) or release it."""
        if on and self._release is None:
            self._release = self.log.hold(HOLDER)
        elif not on and self._release is not None:
            release, self._release = self._release, None
            try:
                release()
            except RuntimeError:  # the tab and its session are already gone
                pass

    def _shown(self, entry: ConsoleEntry) -> bool:
        needle = self.search.text().casefold()
        return (LEVELS.index(entry.level) >= LEVELS.index(self.level_filter.currentData())
                and (not needle or needle in entry.text.casefold()))

    def _item(self, entry: ConsoleEntry, item: QListWidgetItem | None = None) -> QListWidgetItem:
        item = item or QListWidgetItem()
        item.setText(entry_line(entry))
        item.setData(Qt.ItemDataRole.UserRole, entry.id)
        item.setForeground(QBrush(_COLORS[entry.level]) if entry.level in _COLORS else QBrush())
        item.setToolTip(self._tooltip(entry))
        return item

    def _tooltip(self, entry: ConsoleEntry) -> str:
        """The row's tooltip: location and stack frames, escaped (rich text, so Qt never guesses)."""
        lines = [entry.location] if entry.location else []
        if entry.stack:
            lines += [self.tr("Stack (innermost first):"), *(f"  at {frame}" for frame in entry.stack)]
        return f"<pre>{html.escape(chr(10).join(lines))}</pre>" if lines else ""

    def _updated(self, entry: ConsoleEntry) -> None:
        # The protocol's twin upgraded an entry in place: its row, if shown, follows (the newest rows first).
        if entry.id in self._pending:
            self._pending[entry.id] = entry
            return
        for row in reversed(range(self.list.count())):
            item = self.list.item(row)
            if item.data(Qt.ItemDataRole.UserRole) == entry.id:
                if self._shown(entry):
                    self._item(entry, item)
                else:
                    self.list.takeItem(row)
                return

    def _added(self, entry: ConsoleEntry) -> None:
        # A page can log thousands of messages a second: rows are added in batches, and only while shown.
        self._pending[entry.id] = entry
        if not self._flush_timer.isActive():
            self._flush_timer.start()

    def _flush(self) -> None:
        pending, self._pending = list(self._pending.values()), {}
        if not self.isVisible():
            self._stale = True
            return
        self.list.setUpdatesEnabled(False)
        for entry in pending:
            if self._shown(entry):
                self.list.addItem(self._item(entry))
        if self.list.count() > len(self.log.entries) or (self.list.count() and self.log.entries and (
                self.list.item(0).data(Qt.ItemDataRole.UserRole) < self.log.entries[0].id)):
            # The ring dropped entries — its oldest info lines, not necessarily its oldest entries.
            live = {entry.id for entry in self.log.entries}
            for row in reversed(range(self.list.count())):
                if self.list.item(row).data(Qt.ItemDataRole.UserRole) not in live:
                    self.list.takeItem(row)
        self.list.setUpdatesEnabled(True)
        self.list.scrollToBottom()

    def _visibility(self, visible: bool) -> None:
        self._hold(visible)
        if visible and self._stale:
            self.refill()

    def refill(self) -> None:
        """Show the log's entries that pass the level filter and the search."""
        self._pending, self._stale = {}, False
        self.list.clear()
        for entry in self.log.entries:
            if self._shown(entry):
                self.list.addItem(self._item(entry))
        self.list.scrollToBottom()

    def copy_selected(self) -> str:
        """Put the selected entry (:func:`entry_copy`) on the clipboard and return it (``""`` when none is
        selected)."""
        item = self.list.currentItem()
        entry = self.log.get(item.data(Qt.ItemDataRole.UserRole)) if item is not None else None
        text = entry_copy(entry) if entry is not None else ""
        if text:
            QGuiApplication.clipboard().setText(text)
        return text
