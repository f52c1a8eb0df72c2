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
        # An amber notice, a dark amber surface in the dark scheme (app/ui/theme.py notice_* colours).
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

    def sentence(self, seen: DialogSeen) -> str:
        """One plain sentence per kind and answer, e.g. "This page showed an alert: “Saved”. pagenote
        dismissed it." (whole sentences, so a translation can order its parts as its language needs)."""
        m = seen.message
        if seen.kind == "alert":
            return self.tr("This page showed an alert: \u201c{0}\u201d. pagenote dismissed it.").format(m)
        if seen.kind == "confirm":
            if seen.value:
                return self.tr("This page asked to confirm: \u201c{0}\u201d. pagenote answered OK.").format(m)
            return self.tr("This page asked to confirm: \u201c{0}\u201d. pagenote answered Cancel.").format(m)
        if seen.kind == "beforeunload":
            return self.tr("This page asked before leaving: \u201c{0}\u201d. pagenote left the page.").format(m)
        if seen.value is None:
            return self.tr("This page asked for text: \u201c{0}\u201d. pagenote answered Cancel.").format(m)
        return self.tr("This page asked for text: \u201c{0}\u201d. pagenote answered \u201c{1}\u201d.").format(
            m, seen.value)

    def show_dialog(self, seen: DialogSeen) -> None:
        """Show ``seen`` as :meth:`sentence` says it."""
        self.label.setText(self.sentence(seen))
        self.show()

    def show_loop(self, seen: DialogSeen) -> None:
        """Say the page is in a dialog loop: its further dialogs are answered without being shown."""
        self.label.setText(self.tr("The page keeps opening dialogs: pagenote answers the rest at once "
                                   "without showing them ({0})").format(seen.answered))
        self.show()
