"""The permission bar: a non-modal strip above the page when a page asks for a permission and the user's
setting is ``ask`` (:class:`~app.webview.permissions.PermissionGate`): Allow once / Allow for this lease /
Deny. The page waits only for its own request; the window stays usable. With the default setting (``deny``)
requests are refused at once and the bar never shows."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QWidget

from app.webview.permissions import PermissionGate, PermissionSeen


class PermissionBar(QFrame):
    """Shows the oldest pending request of ``gate``; each button answers it (:meth:`PermissionGate.answer`)
    and shows the next one, if any. Hidden when nothing waits. ``label`` holds the text (tests read it)."""

    def __init__(self, gate: PermissionGate, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.gate = gate
        self.setObjectName("permissionBar")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setStyleSheet("#permissionBar { background: #DBEAFE; border: 1px solid #3B82F6; }"
                           "#permissionBar QLabel { color: #1E3A8A; }")
        self.label = QLabel()
        self.label.setTextFormat(Qt.TextFormat.PlainText)  # the origin is page data: never rich text
        self.label.setWordWrap(True)
        self.once = QPushButton(self.tr("Allow once"))
        self.lease = QPushButton(self.tr("Allow for this lease"))
        self.deny = QPushButton(self.tr("Deny"))
        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 4, 4, 4)
        layout.addWidget(self.label, 1)
        for button, choice in ((self.once, "once"), (self.lease, "lease"), (self.deny, "deny")):
            layout.addWidget(button)
            button.clicked.connect(lambda _=False, c=choice: self._answer(c))
        self._queue: list[PermissionSeen] = []
        gate.asking.connect(self._asking)
        self.hide()

    def _name(self, permission: str) -> str:
        return {"geolocation": self.tr("your location"), "notifications": self.tr("to show notifications"),
                "camera": self.tr("your camera"), "microphone": self.tr("your microphone"),
                "camera+microphone": self.tr("your camera and microphone"),
                "display-capture": self.tr("to share your screen"),
                "display-capture+audio": self.tr("to share your screen and its sound"),
                "pointer-lock": self.tr("to lock the mouse pointer"), "clipboard-read": self.tr("to read the clipboard"),
                "local-fonts": self.tr("your installed fonts")}.get(permission, permission)

    def _asking(self, seen: PermissionSeen) -> None:
        self._queue.append(seen)
        if len(self._queue) == 1:
            self._show_first()

    def _show_first(self) -> None:
        if not self._queue:
            self.hide()
            return
        seen = self._queue[0]
        self.label.setText(self.tr("{0} asks for {1}.").format(seen.origin, self._name(seen.permission)))
        self.show()

    def _answer(self, choice: str) -> None:
        if not self._queue:
            return
        seen = self._queue.pop(0)
        self.gate.answer(seen.origin, seen.permission, choice)
        self._show_first()
