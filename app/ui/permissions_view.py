"""The Permissions view: every permission request the app's pages made (tab, origin, permission, decision and
why), the grants the user gave per lease (with Revoke), and the device grants (WebHID / Web Serial, read from
the device service). Non-modal: the pages keep running while it is open."""

from __future__ import annotations

import time

from PySide6.QtWidgets import (QDialog, QDialogButtonBox, QHeaderView, QLabel, QPushButton, QTableWidget,
                               QTableWidgetItem, QVBoxLayout, QWidget)


def _table(headers: list[str]) -> QTableWidget:
    table = QTableWidget(0, len(headers))
    table.setHorizontalHeaderLabels(headers)
    table.verticalHeader().hide()
    table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
    table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    table.horizontalHeader().setStretchLastSection(True)
    return table


class PermissionsView(QDialog):
    """Over ``app`` (a :class:`~app.runtime.app.PagenoteApp`). :meth:`refresh` re-reads everything; it runs
    when the view opens and after a revoke. ``requests``, ``grants`` and ``devices`` are the three tables."""

    def __init__(self, app, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.app = app
        self.setWindowTitle(self.tr("Permissions"))
        self.resize(760, 480)
        self.requests = _table([self.tr("Tab"), self.tr("Origin"), self.tr("Permission"), self.tr("Decision"),
                                self.tr("Why"), self.tr("When")])
        self.grants = _table([self.tr("Lease"), self.tr("Origin"), self.tr("Permission"), self.tr("Allowed"), ""])
        self.devices = _table([self.tr("Origin"), self.tr("Devices")])
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.close)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(self.tr("Requests (denied unless you allowed the origin in its lease)")))
        layout.addWidget(self.requests, 2)
        layout.addWidget(QLabel(self.tr("Your grants, per lease (forgotten when the lease closes)")))
        layout.addWidget(self.grants, 1)
        layout.addWidget(QLabel(self.tr("Device grants (WebHID, Web Serial)")))
        layout.addWidget(self.devices, 1)
        layout.addWidget(buttons)

    def _decision(self, decision: str) -> str:
        return {"granted": self.tr("allowed"), "denied": self.tr("denied"), "asking": self.tr("asking")}.get(
            decision, decision)

    def _rule(self, rule: str) -> str:
        return {"default": self.tr("default (deny)"), "once": self.tr("allowed once"),
                "lease": self.tr("allowed for the lease"), "user": self.tr("your answer")}.get(rule, rule)

    def refresh(self) -> None:
        """Fill the tables from the app's tabs, leases and device service."""
        rows = sorted(((tab.id, seen) for tab in self.app.tabs for seen in tab.permissions.records),
                      key=lambda row: -row[1].at)
        self.requests.setRowCount(len(rows))
        for r, (tab_id, seen) in enumerate(rows):
            cells = [tab_id, seen.origin, seen.permission, self._decision(seen.decision), self._rule(seen.rule),
                     time.strftime("%H:%M:%S", time.localtime(seen.at))]
            for c, text in enumerate(cells):
                self.requests.setItem(r, c, QTableWidgetItem(text))
        leases = {id(tab.lease): tab.lease for tab in self.app.tabs}
        grants = [(lease, row) for lease in leases.values() for row in lease.grants.rows()]
        self.grants.setRowCount(len(grants))
        for r, (lease, row) in enumerate(grants):
            scope = self.tr("once") if row["scope"] == "once" else self.tr("for this lease")
            for c, text in enumerate([lease.name, row["origin"], row["permission"], scope]):
                self.grants.setItem(r, c, QTableWidgetItem(text))
            revoke = QPushButton(self.tr("Revoke"))
            revoke.clicked.connect(lambda _=False, l=lease, o=row["origin"], p=row["permission"]: self._revoke(l, o, p))
            self.grants.setCellWidget(r, 4, revoke)
        devices = self.app.devices.grants() if "devices" in self.app.__dict__ else {}
        self.devices.setRowCount(len(devices))
        for r, (origin, keys) in enumerate(sorted(devices.items())):
            self.devices.setItem(r, 0, QTableWidgetItem(origin))
            self.devices.setItem(r, 1, QTableWidgetItem(", ".join(keys)))

    def _revoke(self, lease, origin: str, permission: str) -> None:
        for tab in self.app.tabs:
            if tab.lease is lease:
                tab.permissions.revoke(origin, permission)
        lease.grants.revoke(origin, permission)
        self.refresh()

    def showEvent(self, event) -> None:  # noqa: N802 (Qt virtual)
        self.refresh()
        super().showEvent(event)
