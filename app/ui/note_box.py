"""The note box: a small Qt editor shown over the page at a marker (issue #2 §2).

Enter confirms, Shift+Enter adds a line, Esc cancels. It is a Qt widget, not page DOM, so typing a note sends
no key event to the page (the view's focus change is hidden from Chromium by the input guard).
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRectF, Qt, Signal
from PySide6.QtGui import QFontMetrics, QKeyEvent
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPlainTextEdit, QPushButton, QVBoxLayout, QWidget

from app.core.placement import Box, outline_box, place_beside
from app.ui.plain_tip import plain_tip


class _Editor(QPlainTextEdit):
    """Plain-text editor where Enter confirms and Shift+Enter inserts a newline."""

    confirm = Signal()
    cancel = Signal()

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt virtual)
        key, mods = event.key(), event.modifiers()
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and not mods & Qt.KeyboardModifier.ShiftModifier:
            self.confirm.emit()
            return
        if key == Qt.Key.Key_Escape:
            self.cancel.emit()
            return
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.insertPlainText("\n")
            return
        super().keyPressEvent(event)


class NoteBox(QFrame):
    """Editor for one annotation's note, placed over the page view.

    Signals: ``confirmed(str)`` the note text; ``cancelled()``; ``delete_requested()``;
    ``visibility_changed(bool)`` when it opens or closes.
    """

    confirmed = Signal(str)
    cancelled = Signal()
    delete_requested = Signal()
    visibility_changed = Signal(bool)

    WIDTH, HEIGHT = 340, 170

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("noteBox")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAutoFillBackground(True)        # opaque over the page (colours: app/ui/theme.py)
        self.setBackgroundRole(self.backgroundRole().Base)
        self.full_title = ""   # the title as given (the label shows it elided)
        self.title = QLabel(objectName="title")
        self.title.setTextFormat(Qt.TextFormat.PlainText)  # the title names the element: page data, never rich text
        self.editor = _Editor()
        self.editor.setPlaceholderText(self.tr("What should change here? (optional)"))
        self.editor.setTabChangesFocus(True)
        hint = QLabel(self.tr("Enter save · Shift+Enter new line · Esc cancel"), objectName="muted")
        self.delete_button = QPushButton(self.tr("Delete"), objectName="destructive")
        save = self.save_button = QPushButton(self.tr("Save"), objectName="primary")   # the box's one primary
        save.setDefault(True)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.delete_button)
        buttons.addWidget(save)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 6, 8, 8)
        layout.addWidget(self.title)
        layout.addWidget(self.editor, 1)
        layout.addWidget(hint)
        layout.addLayout(buttons)
        self.resize(self.WIDTH, self.HEIGHT)
        self.editor.confirm.connect(self._confirm)
        self.editor.cancel.connect(self._cancel)
        save.clicked.connect(self._confirm)
        self.delete_button.clicked.connect(self._delete)
        self.hide()

    def set_title(self, title: str) -> None:
        """Show ``title`` on one line, elided to the box's width, the whole title in the tooltip."""
        shown = QFontMetrics(self.title.font()).elidedText(title, Qt.TextElideMode.ElideRight, self.WIDTH - 24)
        self.title.setText(shown)
        self.title.setToolTip(plain_tip(title, wrap=False) if shown != title else "")
        self.full_title = title

    def open_beside(self, target: QRectF, title: str, text: str, can_delete: bool, new: bool = False) -> None:
        """Show beside ``target`` (parent px: the annotated element and its badge) — below, above, right or
        left of it, the first that fits (:func:`app.core.placement.place_beside`), inside the parent — and
        focus the editor with ``text``, the cursor at its end. ``new``: the annotation was just pinned, so its
        remove button says "Discard" (nothing the user wrote is lost), else "Delete"."""
        self.set_title(title)
        self.editor.setPlainText(text)
        self.delete_button.setText(self.tr("Discard") if new else self.tr("Delete"))
        self.delete_button.setVisible(can_delete)
        area = self.parentWidget().rect()
        margin = 4
        box = place_beside(Box(target.x(), target.y(), target.width(), target.height()), self.width(),
                           self.height(), Box(area.x() + margin, area.y() + margin, area.width() - 2 * margin,
                                              area.height() - 2 * margin), avoid=self._markers())
        self.move(QPoint(round(box.x), round(box.y)))
        self.show()
        self.raise_()
        self.editor.setFocus(Qt.FocusReason.OtherFocusReason)
        self.editor.moveCursor(self.editor.textCursor().MoveOperation.End)

    def _markers(self) -> list[Box]:
        """The markers drawn over the page now (badges and outlines, parent px), which the box should not
        cover when it can sit elsewhere: read from the marks overlay stacked on the same view
        (:mod:`app.ui.marks`, object name ``pagenote-marks``), none when there is none."""
        view = self.parentWidget()
        holder = view.parentWidget() if view is not None else None
        marks = holder.findChild(QWidget, "pagenote-marks") if holder is not None else None
        if marks is None or not hasattr(marks, "badges"):
            return []
        zoom = view.zoomFactor() if hasattr(view, "zoomFactor") else 1.0
        out = []
        for mark, r in marks.badges():
            out.append(Box(r.x(), r.y(), r.width(), r.height()))
            o = outline_box(Box(mark.x, mark.y, mark.width, mark.height))
            out.append(Box(o.x * zoom, o.y * zoom, o.width * zoom, o.height * zoom))
        return out

    def showEvent(self, event) -> None:  # noqa: N802 (Qt virtual)
        super().showEvent(event)
        self.visibility_changed.emit(True)

    def hideEvent(self, event) -> None:  # noqa: N802 (Qt virtual)
        super().hideEvent(event)
        self.visibility_changed.emit(False)

    def text(self) -> str:
        """The current note text."""
        return self.editor.toPlainText()

    def confirm_now(self) -> None:
        """Close the box keeping its text, as Enter does (``confirmed`` with the text). Nothing when hidden."""
        if self.isVisible():
            self._confirm()

    def _confirm(self) -> None:
        self.hide()
        self.confirmed.emit(self.editor.toPlainText())

    def _cancel(self) -> None:
        self.hide()
        self.cancelled.emit()

    def _delete(self) -> None:
        self.hide()
        self.delete_requested.emit()
