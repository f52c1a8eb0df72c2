"""Chromium's DevTools for the page, in a window of its own (F12). The window shows the frontend page of the
tab's :class:`~app.webview.cdp.CdpSession` — the one frontend pagenote's own DevTools-protocol features use —
so F12 and those features share one frontend process (issue 26). ``QWebEnginePage.setDevToolsPage`` connects
it inside this process: no remote-debugging port is opened, nothing listens on the network. The frontend page
lives in Qt's default profile (off the record), not in the lease, so pagenote's page script is never injected
into DevTools itself.

While the window shows, the page pauses at breakpoints and ``debugger;`` statements as the user set them in
DevTools; otherwise the session skips all pauses. Closing the window detaches the frontend unless a feature
used or holds the session; then the session's idle rule applies."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWebEngineCore import QWebEnginePage
from PySide6.QtWebEngineWidgets import QWebEngineView
from PySide6.QtWidgets import QVBoxLayout, QWidget

from app.webview.cdp import CdpSession


class DevToolsWindow(QWidget):
    """A top-level window (a child of ``parent``, deleted with it) showing DevTools for ``session``'s page
    (the window follows the active tab: the deck sets :attr:`session`). :meth:`toggle` shows it attached, or
    hides it."""

    def __init__(self, session: CdpSession, parent: QWidget) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.session = session
        self.setWindowTitle(self.tr("DevTools — pagenote"))
        self.resize(1000, 700)
        self.view = QWebEngineView(self)
        # Shown while no frontend is (the session owns and deletes frontends; a view deletes only its own
        # default page, so this one is the window's): an empty page of Qt's default profile, never loaded.
        self._blank = QWebEnginePage(self)
        self.view.setPage(self._blank)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.view)

    @property
    def inspected(self) -> QWebEnginePage:
        """The inspected page (the session's)."""
        return self.session.inspected

    def toggle(self) -> None:
        """Show DevTools for the page (attaching them) or, when shown, hide them."""
        if self.isVisible():
            self.close()
            return
        self.view.setPage(self.session.open_frontend())
        self.session.detached.connect(self._frontend_gone)
        self.session.set_user_view(True)
        self.show()
        self.raise_()
        self.activateWindow()

    def _frontend_gone(self, _reason: str) -> None:
        self.view.setPage(self._blank)
        self.close()

    def closeEvent(self, event) -> None:  # noqa: N802 (Qt virtual)
        session = self.session
        if self.view.page() is not self._blank:
            self.view.setPage(self._blank)
            session.detached.disconnect(self._frontend_gone)
            session.set_user_view(False)
            session.release_frontend()  # detached unless a feature uses it
        super().closeEvent(event)
