"""The dialog bar: a non-modal strip above the page that says which JavaScript dialog the page opened and how
pagenote answered it (issue 9 §1). The page never waits for it — the answer was given at once by the tab's
:class:`~app.tabs.dialogs.DialogLog` policy — and it blocks nothing: the window and other tabs stay usable."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QToolButton, QWidget

from app.tabs.dialogs import DialogLog
from app.webview.dialogs import DialogSeen


class DialogBar(QFrame):
    """Shows the last dialog of ``log`` (kind, text, answer) until the user closes it or another comes; a
    dialog loop replaces it with one line saying further dialogs are answered without showing. Hidden at
    first. ``label`` holds the text (tests read it), ``close_button`` hides the bar."""

    def __init__(self, log: DialogLog, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("dialogBar")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        # A yellow notice in light and dark schemes alike: its text colour is set with its background.
        self.setStyleSheet("#dialogBar { background: #FEF3C7; border: 1px solid #F59E0B; }"
                           "#dialogBar QLabel, #dialogBar QToolButton { color: #78350F; }")
        self.label = QLabel()
        self.label.setWordWrap(True)
        self.label.setTextFormat(Qt.TextFormat.PlainText)  # the message is page data: never rich text
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.close_button = QToolButton()
        self.close_button.setText("×")
        self.close_button.setToolTip(self.tr("Close"))
        self.close_button.setAutoRaise(True)
        self.close_button.clicked.connect(self.hide)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 4, 4, 4)
        layout.addWidget(self.label, 1)
        layout.addWidget(self.close_button, 0, Qt.AlignmentFlag.AlignTop)
        self.hide()
        log.seen.connect(self.show_dialog)
        log.loop_cut.connect(self.show_loop)

    def _kind(self, kind: str) -> str:
        return {"alert": self.tr("alert"), "confirm": self.tr("confirm"), "prompt": self.tr("prompt"),
                "beforeunload": self.tr("leave-page confirmation")}.get(kind, kind)

    def _answer(self, seen: DialogSeen) -> str:
        if seen.kind == "beforeunload":
            return self.tr("pagenote left the page")
        if seen.kind == "alert":
            return self.tr("pagenote closed it")
        if seen.kind == "confirm":
            return self.tr("pagenote answered OK (true)") if seen.value else self.tr("pagenote answered Cancel (false)")
        if seen.value is None:
            return self.tr("pagenote cancelled it (null)")
        return self.tr("pagenote answered \u201c{0}\u201d").format(seen.value)

    def show_dialog(self, seen: DialogSeen) -> None:
        """Show ``seen``: "The page opened a confirm: “text” — pagenote answered Cancel (false)"."""
        self.label.setText(self.tr("The page opened a {0}: \u201c{1}\u201d \u2014 {2}").format(
            self._kind(seen.kind), seen.message, self._answer(seen)))
        self.show()

    def show_loop(self, seen: DialogSeen) -> None:
        """Say the page is in a dialog loop: its further dialogs are answered without being shown."""
        self.label.setText(self.tr("The page keeps opening dialogs: pagenote answers the rest at once "
                                   "without showing them ({0})").format(seen.answered))
        self.show()
