"""The Network dock: the active tab's requests (:class:`app.tabs.network.NetworkLog`, with DevTools details from
:mod:`app.tabs.network_cdp`) as a table — method, status (or the failure), type, URL, size, time — failed rows
in red, a URL search and a "Failed only" switch. While shown it holds the tab's DevTools session (``view``),
so every request made meanwhile has its details; a note says since when. Entries are already redacted and
bounded by the log; the dock reads its signals and emits nothing of its own."""

from __future__ import annotations

import time

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QSortFilterProxyModel, Qt, QTimer
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (QAbstractItemView, QCheckBox, QDockWidget, QHBoxLayout, QHeaderView, QLabel,
                               QLineEdit, QTableView, QVBoxLayout, QWidget)

from app.tabs.network import NetworkEntry, NetworkLog
from app.tabs.network_cdp import NetworkDetail

#: New and changed entries reach the table in batches, at most this often (ms).
FLUSH_MS = 150
_FAILED = QColor("#b00020")
METHOD, STATUS, TYPE, URL, SIZE, TIME = range(6)


def size_text(size: int) -> str:
    """``size`` bytes as a short text: ``"512 B"``, ``"1.5 kB"``, ``"50.0 MB"`` ("" for 0)."""
    if not size:
        return ""
    for unit, scale in (("MB", 1_000_000), ("kB", 1_000)):
        if size >= scale:
            return f"{size / scale:.1f} {unit}"
    return f"{size} B"


class NetworkModel(QAbstractTableModel):
    """One row per entry of ``log`` (oldest first), columns :data:`METHOD` … :data:`TIME`. Rows follow the
    log's ``added``/``changed`` signals in batches (:data:`FLUSH_MS`) and its ring (evicted entries leave)."""

    def __init__(self, log: NetworkLog, parent=None) -> None:
        super().__init__(parent)
        self.log = log
        self._rows: list[NetworkEntry] = list(log.entries)
        self._dirty = False
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(FLUSH_MS)
        self._timer.timeout.connect(self._flush)
        self._connect(log)

    def _connect(self, log: NetworkLog) -> None:
        log.added.connect(self._touched)
        log.changed.connect(self._touched)

    def follow(self, log: NetworkLog) -> None:
        """Show ``log`` (another tab's) from now on."""
        for signal in (self.log.added, self.log.changed):
            try:
                signal.disconnect(self._touched)
            except (RuntimeError, TypeError):  # the previous tab's log is already gone
                pass
        self.log = log
        self._connect(log)
        self._reset()

    def _touched(self, _entry: NetworkEntry) -> None:
        self._dirty = True
        if not self._timer.isActive():
            self._timer.start()

    def _reset(self) -> None:
        self.beginResetModel()
        self._rows = list(self.log.entries)
        self.endResetModel()

    def _flush(self) -> None:
        if not self._dirty:
            return
        self._dirty = False
        entries = self.log.entries
        if self._rows and (not entries or entries[0].id != self._rows[0].id):
            self._reset()  # the ring dropped its oldest entries
            return
        if self._rows:
            self.dataChanged.emit(self.index(0, 0), self.index(len(self._rows) - 1, TIME))
        new = list(entries)[len(self._rows):]
        if new:
            self.beginInsertRows(QModelIndex(), len(self._rows), len(self._rows) + len(new) - 1)
            self._rows += new
            self.endInsertRows()

    def entry(self, row: int) -> NetworkEntry:
        """The entry shown in ``row``."""
        return self._rows[row]

    def is_failed(self, row: int) -> bool:
        """Whether ``row``'s request failed or answered 400 or above."""
        return self._rows[row].failed

    def rowCount(self, parent: QModelIndex = QModelIndex()) -> int:  # noqa: N802, B008 (Qt virtual)
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: QModelIndex = QModelIndex()) -> int:  # noqa: N802, B008 (Qt virtual)
        return 0 if parent.isValid() else 6

    def headerData(self, section: int, orientation, role=Qt.ItemDataRole.DisplayRole):  # noqa: N802 (Qt virtual)
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return (self.tr("Method"), self.tr("Status"), self.tr("Type"), self.tr("URL"), self.tr("Size"),
                    self.tr("Time"))[section]
        return None

    def data(self, index: QModelIndex, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        entry = self._rows[index.row()]
        if role == Qt.ItemDataRole.ForegroundRole and entry.failed:
            return QBrush(_FAILED)
        if role == Qt.ItemDataRole.ToolTipRole and index.column() in (STATUS, URL):
            return entry.failure or entry.url
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        column = index.column()
        if column == METHOD:
            return entry.method
        if column == STATUS:
            return entry.failure or (str(entry.status) if entry.status else "")
        if column == TYPE:
            return entry.resource_type or entry.type
        if column == URL:
            return entry.url
        if column == SIZE:
            return size_text(entry.size)
        return self.tr("%1 ms").replace("%1", f"{entry.end_ms:g}") if entry.end_ms else ""


class _Filter(QSortFilterProxyModel):
    """Rows whose URL contains the search text (case-insensitive) and, with ``failed_only``, failed ones."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.needle = ""
        self.failed_only = False

    def filterAcceptsRow(self, row: int, parent: QModelIndex) -> bool:  # noqa: N802 (Qt virtual)
        model = self.sourceModel()
        entry = model.entry(row)
        return (not self.failed_only or entry.failed) and (not self.needle or self.needle in entry.url.casefold())


class NetworkDock(QDockWidget):
    """A dock over ``log`` and its ``detail``: ``model`` (:class:`NetworkModel`), ``table`` (the view, through
    a filter), ``search`` (URL text), ``failed_only`` (check box), ``note`` (since when details exist)."""

    def __init__(self, log: NetworkLog, detail: NetworkDetail, parent: QWidget | None = None) -> None:
        super().__init__(self.tr("Network"), parent)
        self.setObjectName("network-dock")
        self.detail = detail
        self.model = NetworkModel(log, self)
        self._filter = _Filter(self)
        self._filter.setSourceModel(self.model)
        body = QWidget()
        column = QVBoxLayout(body)
        column.setContentsMargins(4, 4, 4, 4)
        row = QHBoxLayout()
        self.search = QLineEdit()
        self.search.setPlaceholderText(self.tr("Filter URLs"))
        self.search.setClearButtonEnabled(True)
        self.failed_only = QCheckBox(self.tr("Failed only"))
        self.note = QLabel()
        row.addWidget(self.search, 1)
        row.addWidget(self.failed_only)
        row.addWidget(self.note)
        self.table = QTableView()
        self.table.setModel(self._filter)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setWordWrap(False)
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setSectionResizeMode(URL, QHeaderView.ResizeMode.Stretch)
        column.addLayout(row)
        column.addWidget(self.table, 1)
        self.setWidget(body)
        self.search.textChanged.connect(self._refilter)
        self.failed_only.toggled.connect(self._refilter)
        self.visibilityChanged.connect(self._visibility)
        detail.live.connect(self._show_note)
        self._show_note()

    def follow(self, log: NetworkLog, detail: NetworkDetail) -> None:
        """Show another tab's ``log`` and ``detail``; the hold moves with it while the dock is shown."""
        if detail is self.detail:
            return
        shown = self.isVisible()
        self.detail.want("view", False)
        try:
            self.detail.live.disconnect(self._show_note)
        except (RuntimeError, TypeError):
            pass
        self.detail = detail
        detail.live.connect(self._show_note)
        detail.want("view", shown)
        self.model.follow(log)
        self._show_note()

    def _visibility(self, visible: bool) -> None:
        self.detail.want("view", visible)  # details for every request while the view is shown

    def _refilter(self) -> None:
        self._filter.needle = self.search.text().casefold()
        self._filter.failed_only = self.failed_only.isChecked()
        self._filter.invalidate()

    def _show_note(self, *_args) -> None:
        since = self.detail.since
        self.note.setText(self.tr("Details since %1").replace("%1", time.strftime("%H:%M:%S", time.localtime(since)))
                          if since else self.tr("No details yet: reload for all"))
