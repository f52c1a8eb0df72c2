"""The side panel: overall note, the numbered annotation list, Edit/Delete (issue #2 §2, §4)."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QHBoxLayout, QLabel, QListWidget, QListWidgetItem, QPlainTextEdit, QPushButton, QToolButton,
                               QTreeWidget, QTreeWidgetItem, QVBoxLayout, QWidget)

from app.agent.methods import Hub
from app.core.policy import BOX_HIDDEN, NO_BOX_KINDS, STATUS_REMATCHED, STATUS_STALE
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


def sent_row_text(status: str, reply: str) -> str:
    """Status column text of a sent batch or annotation: ``resolved — fixed the padding``."""
    return f"{status} — {reply}" if reply else status


class AnnotationPanel(QWidget):
    """Shows a :class:`Session` and the batches sent to agents (:class:`Hub`); emits ``edit_requested(id)``,
    ``delete_requested(id)``, ``summary_changed(str)``, ``send_requested()``."""

    edit_requested = Signal(str)
    delete_requested = Signal(str)
    summary_changed = Signal(str)
    send_requested = Signal()

    def __init__(self, session: Session, hub: Hub | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.hub = hub
        self.summary = QPlainTextEdit()
        self.summary.setPlaceholderText(self.tr("Overall note for the whole batch (optional)"))
        self.summary.setFixedHeight(72)
        self.list = QListWidget()
        self.list.setWordWrap(True)
        self.count_label = QLabel()
        self.edit_button = QPushButton(self.tr("Edit"))
        self.delete_button = QPushButton(self.tr("Delete"))
        self.send_button = QToolButton()  # shows the window's Send action (set_send_action)
        buttons = QHBoxLayout()
        buttons.addWidget(self.count_label, 1)
        buttons.addWidget(self.edit_button)
        buttons.addWidget(self.delete_button)
        buttons.addWidget(self.send_button)
        self.sent = QTreeWidget()
        self.sent.setHeaderLabels([self.tr("Sent to agents"), self.tr("Status")])
        self.sent.setColumnWidth(0, 190)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(QLabel(self.tr("<b>Overall note</b>")))
        layout.addWidget(self.summary)
        layout.addWidget(QLabel(self.tr("<b>Annotations</b>")))
        layout.addWidget(self.list, 1)
        layout.addLayout(buttons)
        layout.addWidget(self.sent, 1)
        self.summary.textChanged.connect(lambda: self.summary_changed.emit(self.summary.toPlainText()))
        self.list.itemClicked.connect(lambda item: self.edit_requested.emit(item.data(ID_ROLE)))
        self.edit_button.clicked.connect(lambda: self._emit_current(self.edit_requested))
        self.delete_button.clicked.connect(lambda: self._emit_current(self.delete_requested))
        self.list.currentRowChanged.connect(self._update_buttons)
        session.subscribe(self.refresh)
        self.refresh()
        if hub is not None:
            hub.on_change.append(self.refresh_sent)
        self.refresh_sent()

    def set_send_action(self, action) -> None:
        """Show the window's Send action (the same object as the toolbar's) instead of a button of its own."""
        self.send_button.setDefaultAction(action)
        self.send_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.send_button.setObjectName("primary")

    def _emit_current(self, signal) -> None:
        item = self.list.currentItem()
        if item is not None:
            signal.emit(item.data(ID_ROLE))

    def _update_buttons(self) -> None:
        has = self.list.currentItem() is not None
        self.edit_button.setEnabled(has)
        self.delete_button.setEnabled(has)

    def refresh(self) -> None:
        """Rebuild the rows from the session: numbers are positions (contiguous, batch-wide); rows are grouped
        under a header per page when the batch spans pages (issue #3 §8); a stale annotation is flagged and
        a rematched one marked (issue #3 §7); one whose element draws nothing now says ``(hidden)`` — its
        marker is hidden too (issue 9 §6)."""
        current = self.list.currentItem().data(ID_ROLE) if self.list.currentItem() else None
        self.list.blockSignals(True)
        self.list.clear()
        numbered = list(enumerate(self.session.pins, start=1))
        pages = self.session.pages()
        for page in pages:
            if len(pages) > 1:
                header = QListWidgetItem(page or self.tr("(page)"))
                header.setFlags(Qt.ItemFlag.NoItemFlags)
                font = header.font()
                font.setBold(True)
                header.setFont(font)
                self.list.addItem(header)
            for number, pin in numbered:
                if pin.page != page:
                    continue
                annotation = pin.annotation
                element = annotation.element
                text = row_text(number, element.tag, element.accessible_name, annotation.note)
                if annotation.status == STATUS_STALE:
                    text = "⚠ " + text + self.tr("  [element no longer matched]")
                    if annotation.status_reason:
                        text += f" ({annotation.status_reason})"
                elif annotation.status == STATUS_REMATCHED:
                    text += self.tr("  (rematched)")
                if annotation.status != STATUS_STALE and element.box in NO_BOX_KINDS:
                    text += (self.tr("  (hidden)") if element.box == BOX_HIDDEN
                             else self.tr("  (hidden: {0})").format(element.box))
                item = QListWidgetItem(text)
                item.setData(ID_ROLE, pin.id)
                item.setToolTip(f"{element.selector}\n{element.url}")
                if annotation.status == STATUS_STALE:
                    item.setForeground(Qt.GlobalColor.darkGray)
                self.list.addItem(item)
                if pin.id == current:
                    self.list.setCurrentItem(item)
        self.list.blockSignals(False)
        if self.summary.toPlainText() != self.session.summary:
            self.summary.blockSignals(True)
            self.summary.setPlainText(self.session.summary)
            self.summary.blockSignals(False)
        n = len(self.session.pins)
        self.count_label.setText(self.tr("%n annotation(s)", "", n))  # Qt plural forms
        self._update_buttons()

    def refresh_sent(self) -> None:
        """Rebuild the "Sent to agents" tree: newest batch first, one child row per annotation with the
        agent's status and reply (issue #5 §2, ``annotations.ack``)."""
        self.sent.clear()
        self.sent.setVisible(self.hub is not None and bool(self.hub.store.batches))
        if self.hub is None:
            return
        for sent in reversed(self.hub.store.batches):
            n = len(sent.batch.annotations)
            top = QTreeWidgetItem([self.tr("{0} (%n annotation(s))", "", n).format(sent.id),
                                   sent_row_text(sent.status, sent.reply)])
            for number, (annotation, state) in enumerate(zip(sent.batch.annotations, sent.annotations), start=1):
                element = annotation.element
                top.addChild(QTreeWidgetItem([row_text(number, element.tag, element.accessible_name,
                                                       annotation.note), sent_row_text(state.status, state.reply)]))
            self.sent.addTopLevelItem(top)
        if self.sent.topLevelItemCount():
            self.sent.topLevelItem(0).setExpanded(True)

    def sent_rows(self) -> list[tuple[str, str]]:
        """(label, status) of every sent row, batches and their annotations, top to bottom."""
        out = []
        for i in range(self.sent.topLevelItemCount()):
            top = self.sent.topLevelItem(i)
            out.append((top.text(0), top.text(1)))
            out += [(top.child(j).text(0), top.child(j).text(1)) for j in range(top.childCount())]
        return out

    def rows(self) -> list[str]:
        """The annotation row texts, top to bottom (page headers left out)."""
        return [self.list.item(i).text() for i in range(self.list.count())
                if self.list.item(i).data(ID_ROLE) is not None]

    def headers(self) -> list[str]:
        """The page header rows, top to bottom (none when the batch is on one page)."""
        return [self.list.item(i).text() for i in range(self.list.count())
                if self.list.item(i).data(ID_ROLE) is None]
