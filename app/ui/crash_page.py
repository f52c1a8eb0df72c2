"""The crash page: when a tab's renderer crashed or was killed, a host-drawn page over its view says so and
offers Reload (:meth:`~app.tabs.tab.Tab.reload_after_crash`: the page comes back in a new render process, the
annotations re-anchor and annotation mode works again). Chromium draws nothing for a dead renderer."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QLabel, QPushButton, QVBoxLayout, QWidget

from app.tabs.tab import Tab


class CrashPage(QWidget):
    """Covers ``tab.view`` while ``tab.crashed``; ``reload_button`` reloads. Follows the view's size."""

    def __init__(self, tab: Tab) -> None:
        super().__init__(tab.view)
        self.tab = tab
        self.setObjectName("crashPage")
        self.setAutoFillBackground(True)
        self.label = QLabel(self.tr("This page's renderer crashed.\nYour annotations are kept: reload the page "
                                    "to continue."))
        self.label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.reload_button = QPushButton(self.tr("Reload"))
        self.reload_button.clicked.connect(self._reload)
        layout = QVBoxLayout(self)
        layout.addStretch(1)
        layout.addWidget(self.label)
        layout.addWidget(self.reload_button, 0, Qt.AlignmentFlag.AlignHCenter)
        layout.addStretch(2)
        self.hide()
        tab.crash.connect(lambda *_: self._show())
        tab.loading_changed.connect(lambda on: self.hide() if on else None)
        tab.view.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt virtual)
        if watched is self.tab.view and event.type() == QEvent.Type.Resize:
            self.setGeometry(self.tab.view.rect())
        return False

    def _show(self) -> None:
        self.setGeometry(self.tab.view.rect())
        self.show()
        self.raise_()

    def _reload(self) -> None:
        self.hide()
        self.tab.reload_after_crash()
