"""The Console dock: the active tab's console log (:class:`app.tabs.console.ConsoleLog`) as a list, with a
level filter, a text search, Clear and Copy entry. It reads the log's signals and emits nothing of its own:
Clear empties the log, Copy puts the selected entry on the clipboard. Entries are already redacted and
bounded by the log."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QBrush, QColor, QGuiApplication, QKeySequence
from PySide6.QtWidgets import (QComboBox, QDockWidget, QHBoxLayout, QLineEdit, QListWidget, QListWidgetItem,
                               QPushButton, QVBoxLayout, QWidget)

from app.tabs.console import LEVELS, ConsoleEntry, ConsoleLog

#: New entries reach the list in batches, at most this often (ms).
FLUSH_MS = 100
_COLORS = {"warning": QColor("#8a6d00"), "error": QColor("#b00020")}


def entry_line(entry: ConsoleEntry) -> str:
    """``"[level] text  — source:line"``: one entry as the dock lists it and Copy copies it."""
    where = entry.source + (f":{entry.line}" if entry.line else "")
    return f"[{entry.level}] {entry.text}" + (f"  — {where}" if where else "")


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
        for text, level in ((self.tr("All levels"), "info"), (self.tr("Warnings and errors"), "warning"),
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
        self._pending: list[ConsoleEntry] = []
        self._stale = False
        self._flush_timer = QTimer(self)
        self._flush_timer.setSingleShot(True)
        self._flush_timer.setInterval(FLUSH_MS)
        self._flush_timer.timeout.connect(self._flush)
        self.visibilityChanged.connect(self._visibility)
        log.added.connect(self._added)
        log.cleared.connect(self.refill)
        self.refill()

    def follow(self, log: ConsoleLog) -> None:
        """Show ``log`` (another tab's console) from now on, instead of the previous one."""
        if log is self.log:
            return
        for signal, slot in ((self.log.added, self._added), (self.log.cleared, self.refill)):
            try:
                signal.disconnect(slot)
            except (RuntimeError, TypeError):  # the previous tab's log is already gone
                pass
        self.log = log
        self._pending.clear()
        log.added.connect(self._added)
        log.cleared.connect(self.refill)
        self.refill()

    def _shown(self, entry: ConsoleEntry) -> bool:
        needle = self.search.text().casefold()
        return (LEVELS.index(entry.level) >= LEVELS.index(self.level_filter.currentData())
                and (not needle or needle in entry.text.casefold()))

    def _item(self, entry: ConsoleEntry) -> QListWidgetItem:
        item = QListWidgetItem(entry_line(entry))
        item.setData(Qt.ItemDataRole.UserRole, entry.id)
        if entry.level in _COLORS:
            item.setForeground(QBrush(_COLORS[entry.level]))
        return item

    def _added(self, entry: ConsoleEntry) -> None:
        # A page can log thousands of messages a second: rows are added in batches, and only while shown.
        self._pending.append(entry)
        if not self._flush_timer.isActive():
            self._flush_timer.start()

    def _flush(self) -> None:
        pending, self._pending = self._pending, []
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
        if visible and self._stale:
            self.refill()

    def refill(self) -> None:
        """Show the log's entries that pass the level filter and the search."""
        self._pending, self._stale = [], False
        self.list.clear()
        for entry in self.log.entries:
            if self._shown(entry):
                self.list.addItem(self._item(entry))
        self.list.scrollToBottom()

    def copy_selected(self) -> str:
        """Put the selected entry's line (:func:`entry_line`) on the clipboard and return it (``""`` when none
        is selected)."""
        item = self.list.currentItem()
        entry = self.log.get(item.data(Qt.ItemDataRole.UserRole)) if item is not None else None
        text = entry_line(entry) if entry is not None else ""
        if text:
            QGuiApplication.clipboard().setText(text)
        return text
