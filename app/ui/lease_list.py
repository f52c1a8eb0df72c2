"""Settings → Leases: each persistent lease (the window's ``default``, ``--profile`` names, restored tabs'),
its size on disk and its open tabs, with a Clear button per lease (:func:`app.runtime.leases.clear_lease`):
cookies, storage and cache go; the lease's open tabs open their pages again, signed out. Private tabs are not
listed: they keep nothing."""

from __future__ import annotations

from PySide6.QtCore import QLocale, Signal
from PySide6.QtWidgets import (QAbstractItemView, QGroupBox, QHeaderView, QLabel, QPushButton, QTableWidget,
                               QTableWidgetItem, QVBoxLayout, QWidget)

from app.runtime.leases import clear_lease, lease_rows


class LeaseList(QGroupBox):
    """The persistent leases of ``app`` (a :class:`~app.runtime.app.PagenoteApp`) in a table — name, size,
    open tabs, Clear — filled by :meth:`refresh`. ``buttons`` maps each lease name to its Clear button (tests
    click them). Clearing cannot be undone, so it takes two clicks: the first turns the button into "Clear
    now" (no modal question: Settings stays usable), the second clears.

    Signals:
        cleared(str, int): lease ``name`` was cleared; that many of its tabs were opened again.
    """

    cleared = Signal(str, int)

    def __init__(self, app, parent: QWidget | None = None) -> None:
        super().__init__(self.tr("Leases (logins, storage and cache kept between runs)"), parent)
        self.app = app
        self.buttons: dict[str, QPushButton] = {}
        self.table = QTableWidget(0, 4)
        self.table.setHorizontalHeaderLabels([self.tr("Lease"), self.tr("Size"), self.tr("Open tabs"), ""])
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        note = QLabel(self.tr("Clear removes a lease's cookies, site storage and cache: its sites forget you. Its "
                              "open tabs close and open their pages again, signed out; their annotations stay. "
                              "Private tabs keep nothing and are not listed."))
        note.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table)
        layout.addWidget(note)
        self.refresh()

    def refresh(self) -> None:
        """Read the leases and their sizes again (:func:`~app.runtime.leases.lease_rows`)."""
        rows = lease_rows(self.app)
        self.table.setRowCount(len(rows))
        self.buttons.clear()
        locale = QLocale()
        for i, row in enumerate(rows):
            self.table.setItem(i, 0, QTableWidgetItem(row.name))
            self.table.item(i, 0).setToolTip(str(row.path))
            self.table.setItem(i, 1, QTableWidgetItem(locale.formattedDataSize(row.size)))
            self.table.setItem(i, 2, QTableWidgetItem(locale.toString(row.tabs)))
            button = QPushButton(self.tr("Clear"))
            button.setToolTip(self.tr("Remove this lease's cookies, storage and cache; its open tabs load again "
                                      "signed out") if row.tabs else
                              self.tr("Remove this lease's cookies, storage and cache"))
            button.clicked.connect(lambda _checked=False, name=row.name: self._clicked(name))
            self.table.setCellWidget(i, 3, button)
            self.buttons[row.name] = button

    def _clicked(self, name: str) -> None:
        button = self.buttons[name]
        if button.property("armed"):
            self.clear(name)
            return
        for other in self.buttons.values():  # one armed button at a time
            other.setProperty("armed", False)
            other.setText(self.tr("Clear"))
        button.setProperty("armed", True)
        button.setText(self.tr("Clear now"))

    def clear(self, name: str) -> int:
        """Clear lease ``name`` now, list the leases again and say so (``cleared``); returns how many tabs were
        opened again."""
        try:
            reopened = len(clear_lease(self.app, name))
        except OSError as exc:
            self.app.message.emit(self.tr("Could not clear lease {0}: {1}").format(name, exc))
            return 0
        self.refresh()
        self.cleared.emit(name, reopened)
        self.app.message.emit(self.tr("Lease {0} cleared: %n tab(s) opened again, signed out", "", reopened)
                              .format(name))
        return reopened
