"""Chromium's DevTools for the page, in a window of its own (F12): ``QWebEnginePage.setDevToolsPage`` hands
the inspected page to a DevTools page in this process — no remote-debugging port is opened, nothing listens
on the network. The DevTools page lives in Qt's default profile (off the record), not in the lease, so
pagenote's page script is never injected into DevTools itself."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWebEngineCore import QWebEnginePage
from PySide6.QtWebEngineWidgets import QWebEngineView
from PySide6.QtWidgets import QVBoxLayout, QWidget


class DevToolsWindow(QWidget):
    """A top-level window (a child of ``parent``, deleted with it — its page before any profile goes) showing
    DevTools for ``page``. :meth:`toggle` shows it attached, or hides it and detaches DevTools."""

    def __init__(self, page: QWebEnginePage, parent: QWidget) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.inspected = page
        self.setWindowTitle(self.tr("DevTools — pagenote"))
        self.resize(1000, 700)
        self.view = QWebEngineView(self)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.view)

    def toggle(self) -> None:
        """Show DevTools for the page (attaching them) or, when shown, hide and detach them."""
        if self.isVisible():
            self.close()
            return
        self.inspected.setDevToolsPage(self.view.page())
        self.show()
        self.raise_()
        self.activateWindow()

    def closeEvent(self, event) -> None:  # noqa: N802 (Qt virtual)
        self.inspected.setDevToolsPage(None)
        super().closeEvent(event)
