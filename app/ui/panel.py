"""The side panel: overall note, the numbered annotation list, Edit/Delete (issue #2 §2, §4)."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QHBoxLayout, QLabel, QListWidget, QListWidgetItem, QPlainTextEdit, QPushButton,
                               QVBoxLayout, QWidget)

from app.model.session import Session

ID_ROLE = Qt.ItemDataRole.UserRole


def row_text(number: int, tag: str, name: str, note: str) -> str:
    """The list row for one annotation: ``3. button “Place order” — too small``."""
    label = f"{number}. {tag or 'element'}"
    if name:
        label += f" “{name[:40]}{'…' if len(name) > 40 else ''}”"
    first_line = note.split("\n", 1)[0]
    if first_line:
        label += f" — {first_line[:60]}{'…' if len(first_line) > 60 or '\n' in note else ''}"
    return label


class AnnotationPanel(QWidget):
    """Shows a :class:`Session`; emits ``edit_requested(id)``, ``delete_requested(id)``,
    ``summary_changed(str)``."""

    edit_requested = Signal(str)
    delete_requested = Signal(str)
    summary_changed = Signal(str)

    def __init__(self, session: Session, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.summary = QPlainTextEdit()
        self.summary.setPlaceholderText("Overall note for the whole batch (optional)")
        self.summary.setFixedHeight(72)
        self.list = QListWidget()
        self.list.setWordWrap(True)
        self.count_label = QLabel()
        self.edit_button = QPushButton("Edit")
        self.delete_button = QPushButton("Delete")
        buttons = QHBoxLayout()
        buttons.addWidget(self.count_label, 1)
        buttons.addWidget(self.edit_button)
        buttons.addWidget(self.delete_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(QLabel("<b>Overall note</b>"))
        layout.addWidget(self.summary)
        layout.addWidget(QLabel("<b>Annotations</b>"))
        layout.addWidget(self.list, 1)
        layout.addLayout(buttons)
        self.summary.textChanged.connect(lambda: self.summary_changed.emit(self.summary.toPlainText()))
        self.list.itemClicked.connect(lambda item: self.edit_requested.emit(item.data(ID_ROLE)))
        self.edit_button.clicked.connect(lambda: self._emit_current(self.edit_requested))
        self.delete_button.clicked.connect(lambda: self._emit_current(self.delete_requested))
        self.list.currentRowChanged.connect(self._update_buttons)
        session.subscribe(self.refresh)
        self.refresh()

    def _emit_current(self, signal) -> None:
        item = self.list.currentItem()
        if item is not None:
            signal.emit(item.data(ID_ROLE))

    def _update_buttons(self) -> None:
        has = self.list.currentItem() is not None
        self.edit_button.setEnabled(has)
        self.delete_button.setEnabled(has)

    def refresh(self) -> None:
        """Rebuild the rows from the session (numbers are positions, so they stay contiguous)."""
        current = self.list.currentItem().data(ID_ROLE) if self.list.currentItem() else None
        self.list.blockSignals(True)
        self.list.clear()
        for number, pin in enumerate(self.session.pins, start=1):
            element = pin.annotation.element
            item = QListWidgetItem(row_text(number, element.tag, element.accessible_name, pin.annotation.note))
            item.setData(ID_ROLE, pin.id)
            item.setToolTip(f"{element.selector}\n{element.url}")
            self.list.addItem(item)
            if pin.id == current:
                self.list.setCurrentItem(item)
        self.list.blockSignals(False)
        if self.summary.toPlainText() != self.session.summary:
            self.summary.blockSignals(True)
            self.summary.setPlainText(self.session.summary)
            self.summary.blockSignals(False)
        n = len(self.session.pins)
        self.count_label.setText(f"{n} annotation{'s' if n != 1 else ''}")
        self._update_buttons()

    def rows(self) -> list[str]:
        """The visible row texts, top to bottom."""
        return [self.list.item(i).text() for i in range(self.list.count())]
