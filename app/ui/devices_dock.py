"""The Devices dock: the devices pages can use (WebHID / Web Serial, :mod:`app.hid`), which origins were
granted them (revocable), and the live traffic log of the lease's
:class:`~app.hid.service.DeviceService` — filters, pause, clear, copy as text lines, export as JSON Lines.

It reads the service and its log and emits nothing of its own; Revoke, Clear and "Log traffic" act on the
service. :func:`install_devices_dock` places it in a window (hidden, View → Devices) and shows the
non-modal :class:`~app.ui.device_chooser.DeviceChooser` whenever a page asks for a device.
"""

from __future__ import annotations

import time
from pathlib import Path

from PySide6.QtCore import QCoreApplication, Qt, QTimer
from PySide6.QtGui import QGuiApplication, QKeySequence
from PySide6.QtWidgets import (QCheckBox, QComboBox, QDockWidget, QHBoxLayout, QHeaderView, QLabel, QLineEdit,
                               QPushButton, QSplitter, QTableWidget, QTableWidgetItem, QTreeWidget, QTreeWidgetItem,
                               QVBoxLayout, QWidget)

from app.hid.traffic import TrafficEntry
from app.ui.device_chooser import DeviceChooser

#: New log entries reach the table in batches, at most this often (ms).
FLUSH_MS = 100
#: Rows the table keeps (the oldest go first; the service's log keeps more).
MAX_ROWS = 2_000
COLUMNS = ("time", "dir", "device", "report id", "len", "hex", "op")


class DevicesDock(QDockWidget):
    """A dock over ``service`` (a :class:`~app.hid.service.DeviceService`); ``project_dir`` receives exports
    (``devices/traffic-<time>.jsonl``). Parts: ``devices`` (tree: device rows, granted origins as children),
    ``revoke_button``, ``log_checkbox``, ``dir_filter``, ``search``, ``pause_checkbox``, ``clear_button``,
    ``copy_button``, ``export_button``, ``table`` (one row per shown entry), ``status``."""

    def __init__(self, service, project_dir: Path, parent: QWidget | None = None) -> None:
        super().__init__(self.tr("Devices"), parent)
        self.setObjectName("devices-dock")
        self.service, self.project_dir = service, project_dir
        body = QWidget()
        column = QVBoxLayout(body)
        column.setContentsMargins(4, 4, 4, 4)
        split = QSplitter(Qt.Orientation.Horizontal)
        left = QWidget()
        left_col = QVBoxLayout(left)
        left_col.setContentsMargins(0, 0, 0, 0)
        self.devices = QTreeWidget()
        self.devices.setHeaderLabels([self.tr("Device"), self.tr("State")])
        self.revoke_button = QPushButton(self.tr("Revoke access"))
        self.revoke_button.setToolTip(self.tr("Take back the selected origin's access to the device"))
        left_col.addWidget(self.devices, 1)
        left_col.addWidget(self.revoke_button)
        right = QWidget()
        right_col = QVBoxLayout(right)
        right_col.setContentsMargins(0, 0, 0, 0)
        row = QHBoxLayout()
        self.log_checkbox = QCheckBox(self.tr("Log traffic"))
        self.log_checkbox.setToolTip(self.tr("Record every report and serial chunk of every page (off by default; "
                                             "a page opened with ?hidDebug=1 logs anyway)"))
        self.dir_filter = QComboBox()
        for text, value in ((self.tr("All"), ""), ("TX", "TX"), ("RX", "RX"), (self.tr("Events"), "EVENT")):
            self.dir_filter.addItem(text, value)
        self.search = QLineEdit()
        self.search.setPlaceholderText(self.tr("Filter: device, hex or op"))
        self.search.setClearButtonEnabled(True)
        self.pause_checkbox = QCheckBox(self.tr("Pause"))
        self.clear_button = QPushButton(self.tr("Clear"))
        self.copy_button = QPushButton(self.tr("Copy"))
        self.copy_button.setToolTip(self.tr("Copy the selected rows (or all shown) as text lines"))
        self.export_button = QPushButton(self.tr("Export JSON Lines"))
        for widget in (self.log_checkbox, self.dir_filter, self.search, self.pause_checkbox, self.copy_button,
                       self.export_button, self.clear_button):
            row.addWidget(widget, 1 if widget is self.search else 0)
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setHorizontalHeaderLabels([self.tr("Time"), self.tr("Dir"), self.tr("Device"),
                                              self.tr("Report ID"), self.tr("Length"), self.tr("Hex"), self.tr("Op")])
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        self.table.setWordWrap(False)
        header = self.table.horizontalHeader()
        for col in range(len(COLUMNS)):  # the bytes get the room; op keeps a readable width
            header.setSectionResizeMode(col, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(COLUMNS.index("hex"), QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(COLUMNS.index("op"), QHeaderView.ResizeMode.Interactive)
        header.resizeSection(COLUMNS.index("op"), 200)
        self.devices.header().setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        self.status = QLabel()
        right_col.addLayout(row)
        right_col.addWidget(self.table, 1)
        right_col.addWidget(self.status)
        split.addWidget(left)
        split.addWidget(right)
        split.setStretchFactor(1, 3)
        split.setSizes([340, 1000])
        column.addWidget(split)
        self.setWidget(body)
        self._entries: list[TrafficEntry] = []   # what the table shows, in row order
        self._pending: list[TrafficEntry] = []
        self.received = 0  # log entries that reached the dock (shown, filtered out or paused)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(FLUSH_MS)
        self._timer.timeout.connect(self._flush)
        self.log_checkbox.setChecked(service.logging)
        self.log_checkbox.toggled.connect(self._set_logging)
        self.dir_filter.currentIndexChanged.connect(self.refill)
        self.search.textChanged.connect(self.refill)
        self.pause_checkbox.toggled.connect(lambda on: None if on else self.refill())
        self.clear_button.clicked.connect(self.clear)
        self.copy_button.clicked.connect(self.copy_lines)
        self.export_button.clicked.connect(self.export)
        self.revoke_button.clicked.connect(self.revoke_selected)
        self.table.addAction(self._copy_action())
        for signal in (service.devices_changed, service.grants_changed, service.connections_changed):
            signal.connect(self.refresh_devices)
        service.log.listeners.append(self._added)
        self.destroyed.connect(lambda: self._added in service.log.listeners and service.log.listeners.remove(self._added))
        self.refresh_devices()
        self.refill()

    def _copy_action(self):
        from PySide6.QtGui import QAction

        action = QAction(self.tr("Copy"), self.table)
        action.setShortcut(QKeySequence.StandardKey.Copy)
        action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        action.triggered.connect(self.copy_lines)
        return action

    # -- devices and grants --------------------------------------------------------------------------------------

    def refresh_devices(self) -> None:
        """List every present device and port, with the origins granted each (children) and open connections."""
        self.devices.clear()
        grants = self.service.grants()
        opened: dict[str, int] = {}
        for h in self.service.handles():
            opened[h.device.key] = opened.get(h.device.key, 0) + 1
        for kind in ("hid", "serial"):
            for d in self.service.devices(kind):
                n = opened.get(d.key, 0) + (self.service.serial.open_count(d.key) if kind == "serial" and self.service.serial else 0)
                state = self.tr("blocked") if d.blocked else (self.tr("open ({0})").format(n) if n else "")
                label = "HID" if kind == "hid" else self.tr("Serial")
                item = QTreeWidgetItem([f"{label}: {d.product_name} ({d.vendor_id:04x}:{d.product_id:04x})", state])
                item.setData(0, Qt.ItemDataRole.UserRole, ("device", d.key))
                for origin in sorted(o for o, keys in grants.items() if d.key in keys):
                    child = QTreeWidgetItem([origin, self.tr("granted")])
                    child.setData(0, Qt.ItemDataRole.UserRole, ("grant", d.key, origin))
                    item.addChild(child)
                self.devices.addTopLevelItem(item)
                item.setExpanded(True)

    def revoke_selected(self) -> bool:
        """Revoke the selected grant (its origin loses the device; open connections close)."""
        item = self.devices.currentItem()
        data = item.data(0, Qt.ItemDataRole.UserRole) if item is not None else None
        if not data or data[0] != "grant":
            return False
        self.service.revoke(data[2], data[1])
        return True

    def _set_logging(self, on: bool) -> None:
        """Log traffic on or off for every page of the lease, remembered for the next start."""
        from app.hid.setup import LOG_SETTING
        from app.runtime.i18n import settings

        self.service.logging = on
        settings().setValue(LOG_SETTING, on)
        self._say()

    # -- the log -------------------------------------------------------------------------------------------------

    def _shown(self, e: TrafficEntry) -> bool:
        want = self.dir_filter.currentData()
        needle = self.search.text().strip().casefold()
        return (not want or e.dir == want) and (not needle or needle in " ".join(
            (str(e.device.get("name", "")), e.hex, e.op, e.api)).casefold())

    def _added(self, entry: TrafficEntry) -> None:
        # Called on whatever thread logged; the table is touched on the GUI thread only.
        self.service.on_gui(lambda: self._queue(entry))

    def _queue(self, entry: TrafficEntry) -> None:
        self.received += 1
        self._pending.append(entry)
        if not self._timer.isActive():
            self._timer.start()

    def _flush(self) -> None:
        pending, self._pending = self._pending, []
        if self.pause_checkbox.isChecked():
            return
        for e in pending:
            if self._shown(e):
                self._append(e)
        over = self.table.rowCount() - MAX_ROWS
        for _ in range(max(0, over)):
            self.table.removeRow(0)
            self._entries.pop(0)
        self.table.scrollToBottom()
        self._say()

    def _append(self, e: TrafficEntry) -> None:
        r = self.table.rowCount()
        self.table.insertRow(r)
        name = e.device.get("name", "")
        for c, text in enumerate((e.t[11:23], e.dir, name, f"0x{e.report_id:02x}", str(e.len), e.hex, e.op)):
            item = QTableWidgetItem(text)
            if c == COLUMNS.index("hex") and text:
                item.setToolTip(f"{e.hex}\n{e.ascii}")  # the whole frame, bytes and ASCII
            self.table.setItem(r, c, item)
        self._entries.append(e)

    def refill(self) -> None:
        """Show the log's entries that pass the filters (the newest :data:`MAX_ROWS`)."""
        self._pending = []
        self.table.setRowCount(0)
        self._entries = []
        shown = [e for e in self._all_entries() if self._shown(e)]
        for e in shown[-MAX_ROWS:]:
            self._append(e)
        self.table.scrollToBottom()
        self._say()

    def _all_entries(self) -> list[TrafficEntry]:
        out, since = [], 0
        while True:
            batch = self.service.log.query(since_id=since)
            if not batch:
                return out
            out += batch
            since = batch[-1].id

    def _say(self) -> None:
        self.status.setText(self.tr("{0} entries shown; log {1}").format(
            self.table.rowCount(), self.tr("on") if self.service.logging else self.tr("off")))

    def clear(self) -> None:
        """Empty the service's log and the table."""
        self.service.log.clear()
        self.refill()

    def selected_lines(self) -> list[str]:
        """The selected rows (all shown rows when none is selected) as text lines
        (:meth:`~app.hid.traffic.TrafficEntry.line`)."""
        rows = sorted({i.row() for i in self.table.selectedIndexes()}) or range(len(self._entries))
        return [self._entries[r].line() for r in rows]

    def copy_lines(self) -> str:
        """Copy :meth:`selected_lines` to the clipboard; returns the text."""
        text = "\n".join(self.selected_lines())
        if text:
            QGuiApplication.clipboard().setText(text)
        return text

    def export(self) -> Path:
        """Write the whole log as JSON Lines to ``<project>/devices/traffic-<UTC time>.jsonl`` (no dialog);
        returns the path and shows it in the status line. Raises ``OSError`` when it cannot be written."""
        folder = self.project_dir / "devices"
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / time.strftime("traffic-%Y%m%dT%H%M%SZ.jsonl", time.gmtime())
        path.write_text(self.service.log.export_jsonl(), encoding="utf-8")
        self.status.setText(self.tr("Exported to {0}").format(str(path)))
        return path


def open_choosers(window) -> list[DeviceChooser]:
    """The device choosers of ``window`` that are still open (a closed one deletes itself)."""
    import shiboken6

    return [c for c in getattr(window, "device_choosers", []) if shiboken6.isValid(c) and c.isVisible()]


def install_devices_dock(window) -> DevicesDock:
    """Give ``window`` (a :class:`~app.ui.main_window.MainWindow`) its Devices dock — hidden, toggled from the
    View menu (Ctrl+Shift+D) — and a :class:`DeviceChooser` for every device request of its app's service.
    Returns the dock (also ``window.devices_dock``)."""
    service = window.app.devices
    dock = DevicesDock(service, window.app.project_dir, window)
    window.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, dock)
    dock.hide()
    action = dock.toggleViewAction()
    action.setShortcut(QKeySequence("Ctrl+Shift+D"))
    action.setToolTip(QCoreApplication.translate(   # a literal context: lupdate reads "dock.tr" as context "dock"
        "DevicesDock", "Devices pages use (WebHID, Web Serial) and their traffic (Ctrl+Shift+D)"))
    for top in window.menuBar().actions():
        menu = top.menu()
        if menu is not None and getattr(window, "act_console", None) in menu.actions():
            menu.addAction(action)
            break
    window.addAction(action)
    window.devices_dock = dock
    window.device_choosers = []

    def show_chooser(request) -> None:
        chooser = DeviceChooser(request, window)
        window.device_choosers = open_choosers(window) + [chooser]
        chooser.show()
        chooser.raise_()

    service.chooser_requested.connect(show_chooser)
    return dock
