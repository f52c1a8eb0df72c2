"""The device chooser: the host-owned, non-modal window a page's ``navigator.hid.requestDevice`` or
``navigator.serial.requestPort`` opens (Chrome's ``HidChooserController`` / ``SerialChooserController``
show the same: the asking origin and the matching devices — product name, VID:PID, serial number — with
Connect and Cancel). The list follows hot-plug while it is open; closing the window cancels."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHBoxLayout, QLabel, QListWidget, QListWidgetItem, QPushButton, QVBoxLayout, QWidget


class DeviceChooser(QWidget):
    """A chooser for one :class:`~app.hid.service.ChooserRequest`: ``list`` (one row per candidate, the key in
    ``UserRole``), ``connect_button``, ``cancel_button``. Non-modal: the page and the window stay usable."""

    def __init__(self, request, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Tool)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.setWindowModality(Qt.WindowModality.NonModal)
        self.request = request
        kind = self.tr("an HID device") if request.api == "hid" else self.tr("a serial port")
        self.setWindowTitle(self.tr("Connect a device — pagenote"))
        column = QVBoxLayout(self)
        self.label = QLabel(self.tr("{0} wants to connect to {1}").format(request.origin, kind))
        self.label.setWordWrap(True)
        self.list = QListWidget()
        self.empty = QLabel(self.tr("No compatible devices found."))
        row = QHBoxLayout()
        self.connect_button = QPushButton(self.tr("Connect"))
        self.cancel_button = QPushButton(self.tr("Cancel"))
        row.addStretch(1)
        row.addWidget(self.cancel_button)
        row.addWidget(self.connect_button)
        for widget in (self.label, self.list, self.empty):
            column.addWidget(widget)
        column.addLayout(row)
        self.connect_button.clicked.connect(self.choose_selected)
        self.cancel_button.clicked.connect(self.close)
        self.list.itemDoubleClicked.connect(lambda _item: self.choose_selected())
        self.list.currentRowChanged.connect(lambda row_: self.connect_button.setEnabled(row_ >= 0))
        request.service.devices_changed.connect(self.refill)
        request.finished.connect(lambda _key: self.close())
        self.refill()
        self.resize(420, 280)

    def refill(self) -> None:
        """List the request's candidates now, keeping the selection when the device is still there."""
        keep = self.list.currentItem().data(Qt.ItemDataRole.UserRole) if self.list.currentItem() else None
        self.list.clear()
        for device in self.request.candidates():
            text = f"{device.product_name or self.tr('Unknown device')} ({device.vendor_id:04x}:{device.product_id:04x})"
            if device.serial_number:
                text += " " + self.tr("serial {0}").format(device.serial_number)
            item = QListWidgetItem(text)
            item.setData(Qt.ItemDataRole.UserRole, device.key)
            self.list.addItem(item)
            if device.key == keep:
                self.list.setCurrentItem(item)
        self.empty.setVisible(self.list.count() == 0)
        self.connect_button.setEnabled(self.list.currentItem() is not None)

    def choose_selected(self) -> None:
        """Answer the request with the selected device (Connect)."""
        item = self.list.currentItem()
        if item is not None and self.request.choose(item.data(Qt.ItemDataRole.UserRole)):
            self.close()

    def closeEvent(self, event) -> None:  # noqa: N802 (Qt virtual)
        if not self.request.done:
            self.request.choose(None)  # closing the chooser is Cancel, as in Chrome
        super().closeEvent(event)
