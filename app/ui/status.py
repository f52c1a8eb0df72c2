"""The window's status line: one message that always fits (elided in the middle of the line, the whole text
in its tooltip), an optional action that belongs to the message (Copy path) and goes with it, a long
operation's progress bar and Cancel button. It also makes the page zoom level (``zoom_button``: ``110%``, a
click resets it to 100 %), which the toolbar shows between zoom − and + (:meth:`app.ui.toolbars.Toolbars.arrange`).
"""

from __future__ import annotations

from PySide6.QtCore import QLocale, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QFontMetrics, QPainter
from PySide6.QtWidgets import QLabel, QProgressBar, QSizePolicy, QStatusBar, QToolButton, QWidget

from app.ui.plain_tip import plain_tip

#: How long a message with an action (Copy path) stays, ms; the action goes with it.
TRANSIENT_MS = 20_000


def zoom_text(factor: float) -> str:
    """A zoom ``factor`` as the level a browser shows: ``1.1`` → ``"110%"`` (the locale's digits)."""
    return QLocale().toString(round(factor * 100)) + "%"


class ElidedLabel(QLabel):
    """A one-line label that shows as much of its text as fits, ending in "…", with the whole text as its
    tooltip when it is cut. :meth:`text` is the whole text."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._full = ""
        self.setTextFormat(Qt.TextFormat.PlainText)   # messages name page data (download names, URLs): text
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.setMinimumWidth(40)

    def setText(self, text: str) -> None:  # noqa: N802 (Qt name)
        self._full = text
        super().setText(text)
        self._update_tip()

    def text(self) -> str:
        """The whole text (what is shown may be cut)."""
        return self._full

    def shown_text(self) -> str:
        """What fits the label's width now."""
        return QFontMetrics(self.font()).elidedText(self._full.replace("\n", " "), Qt.TextElideMode.ElideRight,
                                                    max(0, self.contentsRect().width()))

    def is_elided(self) -> bool:
        """True when the text is cut to fit."""
        return self.shown_text() != self._full.replace("\n", " ")

    def _update_tip(self) -> None:
        self.setToolTip(plain_tip(self._full) if self.is_elided() else "")

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt virtual)
        super().resizeEvent(event)
        self._update_tip()

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt virtual)
        return QSize(40, super().minimumSizeHint().height())

    def paintEvent(self, event) -> None:  # noqa: N802 (Qt virtual)
        painter = QPainter(self)
        painter.setPen(self.palette().color(self.foregroundRole()))
        painter.drawText(self.contentsRect(), int(Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft),
                         self.shown_text())


class StatusLine(QWidget):
    """Fills ``bar`` (the window's QStatusBar): the message, its action button; and the zoom level button
    (``zoom_button``, placed by the toolbar).

    Signals: ``action_triggered()`` the message's action button was pressed; ``zoom_reset()`` the zoom
    indicator was pressed.
    """

    action_triggered = Signal()
    zoom_reset = Signal()

    def __init__(self, bar: QStatusBar) -> None:
        super().__init__(bar)
        self.label = ElidedLabel()
        self.action_button = QToolButton()
        self.action_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.action_button.hide()
        self.action_button.clicked.connect(self.action_triggered)
        self.offer_button = QToolButton()   # a message's own action with its callback (Undo): see offer()
        self.offer_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.offer_button.hide()
        self.offer_button.clicked.connect(self._offer_clicked)
        self._offer = None
        self.zoom_button = QToolButton(objectName="zoomLevel")
        self.zoom_button.setAutoRaise(True)
        self.zoom_button.setToolTip(self.tr("Page zoom; click to reset to 100 % (Ctrl+0)"))
        self.zoom_button.setText(zoom_text(1.0))
        self.zoom_button.clicked.connect(self.zoom_reset)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self.expire)
        # A long operation's progress and its Cancel (start_progress): in the bar, not a modal dialog, whose
        # setValue() would spin a nested event loop inside the operation's coroutine (QProgressDialog docs).
        self.progress_bar = QProgressBar()
        self.progress_bar.setTextVisible(False)
        self.progress_bar.setFixedWidth(120)
        self.progress_bar.setMaximumHeight(self.label.sizeHint().height())  # the bar (and so the page) keep their height
        self.progress_bar.hide()
        self.cancel_button = QToolButton()
        self.cancel_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.cancel_button.setText(self.tr("Cancel"))
        self.cancel_button.setToolTip(self.tr("Stop it and put the page back as it was (Esc)"))
        self.cancel_button.hide()
        self.cancel_button.clicked.connect(self._cancel_clicked)
        self._on_cancel = None
        bar.addWidget(self.label, 1)
        bar.addPermanentWidget(self.progress_bar)
        bar.addPermanentWidget(self.cancel_button)
        bar.addPermanentWidget(self.action_button)
        bar.addPermanentWidget(self.offer_button)

    def show_message(self, text: str, action: str | None = None) -> None:
        """Show ``text``; with ``action`` (a button label) the button shows beside it, and both go after
        :data:`TRANSIENT_MS` or with the next message."""
        self.label.setText(text)
        self._drop_offer()
        if action:
            self.action_button.setText(action)
            self.action_button.show()
            self._timer.start(TRANSIENT_MS)
        else:
            self.action_button.hide()
            self._timer.stop()

    def expire(self) -> None:
        """The transient message and its action go (the timer's end; callable directly)."""
        self._timer.stop()
        self.action_button.hide()
        self._drop_offer()
        self.label.setText("")

    def offer(self, text: str, label: str, callback, icon=None) -> None:
        """Show ``text`` with a button ``label`` (and ``icon``) that calls ``callback()`` once: an Undo. Both
        go after :data:`TRANSIENT_MS`, with the next message, or when pressed."""
        self.show_message(text)
        self._offer = callback
        self.offer_button.setText(label)
        if icon is not None:
            self.offer_button.setIcon(icon)
        self.offer_button.show()
        self._timer.start(TRANSIENT_MS)

    def _drop_offer(self) -> None:
        self._offer = None
        self.offer_button.hide()

    def _offer_clicked(self) -> None:
        callback, self._offer = self._offer, None
        self.offer_button.hide()
        if callback is not None:
            callback()

    def start_progress(self, text: str, on_cancel) -> None:
        """Show ``text`` with a progress bar (busy until :meth:`set_progress`) and a Cancel button that calls
        ``on_cancel()``; both stay until :meth:`end_progress`."""
        self.show_message(text)
        self._on_cancel = on_cancel
        self.progress_bar.setRange(0, 0)
        self.progress_bar.show()
        self.cancel_button.setEnabled(True)
        self.cancel_button.show()

    def set_progress(self, done: int, total: int) -> None:
        """``done`` of ``total`` steps are done (the bar's value; never an event loop of its own)."""
        self.progress_bar.setRange(0, max(total, 1))
        self.progress_bar.setValue(min(done, total))

    def end_progress(self) -> None:
        """Hide the progress bar and Cancel (the message stays)."""
        self._on_cancel = None
        self.progress_bar.hide()
        self.cancel_button.hide()

    def _cancel_clicked(self) -> None:
        if self._on_cancel is not None:
            self.cancel_button.setEnabled(False)  # pressed once: the operation is stopping
            self._on_cancel()

    def show_zoom(self, factor: float) -> None:
        """Show the page zoom ``factor`` (1.0 = 100 %) as its level, :func:`zoom_text`."""
        self.zoom_button.setText(zoom_text(factor))
