"""The side panel: overall note, the numbered annotation list (badge, note, element, page, and a status chip only
when the pin is not an exact match: rematched, stale or hidden; drag to reorder, the numbers follow) under a header
with the count and Clear, a detail pane with the selected row whole (its height set by a splitter), Edit/Delete,
and the batches sent to agents with their replies (issue #2 §2, §4; issue 30, requirement 5).

One panel shows the window's one batch: the shown tab's rows first, then each other tab's, under headers
naming the tab and page; numbers stay batch-wide."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import (QAbstractItemView, QHBoxLayout, QHeaderView, QLabel, QListWidget, QListWidgetItem,
                               QPlainTextEdit, QPushButton, QSplitter, QToolButton, QVBoxLayout, QWidget)

from app.agent.methods import Hub
from app.core.policy import BOX_HIDDEN, NO_BOX_KINDS, STATUS_REMATCHED, STATUS_STALE
from app.model.session import Session
from app.ui.detail_pane import DetailPane
from app.ui.panel_rows import (ROW_ROLE, ReplyDelegate, RowData, RowDelegate, StatusDelegate, annotation_summary,
                                detail_html, detail_placeholder_html, holds_hidden_chars)
from app.ui.panel_sent import REPLY_ROLE, SentTree, SentView, row_text  # noqa: F401  (row_text: callers import it here)
from app.ui.plain_tip import plain_tip

ID_ROLE = Qt.ItemDataRole.UserRole
#: The id of the tab an annotation row's pin was made in.
TAB_ROLE = Qt.ItemDataRole.UserRole + 4


class _List(QListWidget):
    """The annotation list, which says what to do while it is empty (``empty_text``)."""

    empty_text = ""

    def paintEvent(self, event) -> None:  # noqa: N802 (Qt virtual)
        super().paintEvent(event)
        if self.count() == 0 and self.empty_text:
            painter = QPainter(self.viewport())
            painter.setPen(self.palette().color(self.palette().ColorRole.PlaceholderText))
            painter.drawText(self.viewport().rect().adjusted(16, 16, -16, -16),
                             int(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextWordWrap),
                             self.empty_text)


class AnnotationPanel(SentView, QWidget):
    """Shows a :class:`Session` (the window's batch over all its tabs) and the batches sent to agents
    (:class:`Hub`); emits ``edit_requested(pin id, tab id)``, ``delete_requested(pin id, tab id)``,
    ``summary_changed(str)``. ``send_requested()`` is kept for callers that show their own button; the
    window's one Send is on its toolbar (:meth:`set_send_action`), its Clear in the list's header
    (:meth:`set_clear_action`).

    ``current_tab`` (:meth:`set_current_tab`) is the shown tab, whose rows come first; ``tab_label(tab id)``
    names another tab in its group headers (default: the id)."""

    edit_requested = Signal(str, str)
    delete_requested = Signal(str, str)
    #: Pick the element of an ambiguous annotation among its candidates (pin id, tab id; app/ui/candidate_pick.py).
    choose_requested = Signal(str, str)
    summary_changed = Signal(str)
    send_requested = Signal()

    def __init__(self, session: Session, hub: Hub | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.hub = hub
        self.current_tab: str | None = None
        self.tab_label = lambda tab_id: self.tr("Tab {0}").format(tab_id)
        # The page (its key) tab ``tab id`` shows now, ``None`` when unknown: the current tab's header over
        # another page (imported, or left by navigating) does not say "This tab" alone.
        self.tab_page = lambda tab_id: None
        self._moved_to: int | None = None
        self.summary = QPlainTextEdit()
        self.summary.setPlaceholderText(self.tr("Overall note for the whole batch (optional)"))
        self.summary.setFixedHeight(72)
        self.list = _List()
        self.list.empty_text = self.tr("No annotations yet.\nPress Annotate (Ctrl+Shift+A), then click an element "
                                       "on the page to pin a numbered note.")
        self.list.setItemDelegate(RowDelegate(self.tr("no note"), self.list))
        self.list.setDragDropMode(QAbstractItemView.DragDropMode.InternalMove)
        self.list.setDefaultDropAction(Qt.DropAction.MoveAction)
        self.list.setUniformItemSizes(False)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.list.model().rowsMoved.connect(self._rows_moved)
        self.detail = DetailPane()   # selectors wrap at their separators, copied without the break marks
        self.detail.setMinimumHeight(48)
        self.detail.hide()
        self.count_label = QLabel(objectName="countPill")
        self.clear_button = QToolButton(objectName="panelClear")  # shows the window's Clear (set_clear_action)
        self.clear_button.setAutoRaise(True)
        self.clear_button.hide()
        self.edit_button = QPushButton(self.tr("Edit"))
        self.delete_button = QPushButton(self.tr("Delete"), objectName="destructive")
        # An ambiguous annotation (stale, with candidates): the user picks its element on the page.
        self.choose_button = QPushButton(self.tr("Choose its element…"))
        self.choose_button.hide()
        self.send_action = None   # the window's one Send, on the toolbar (set_send_action)
        self.sent = SentTree()
        self.sent.setHeaderLabels([self.tr("Sent to agents"), self.tr("Status")])
        self.sent.setWordWrap(True)
        self.sent.setUniformRowHeights(False)
        self.sent.header().setStretchLastSection(False)
        self.sent.header().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.sent.header().setSectionResizeMode(1, QHeaderView.ResizeMode.Fixed)
        self.sent.setColumnWidth(1, 104)   # the status chip ("acknowledged"); the reply has its own row
        self.sent.setItemDelegateForColumn(1, StatusDelegate(self.sent))
        self.sent.setItemDelegateForColumn(0, ReplyDelegate(self.sent, REPLY_ROLE))
        title = QHBoxLayout()
        title.addWidget(QLabel(self.tr("Annotations"), objectName="sectionTitle"))
        title.addWidget(self.count_label)
        title.addStretch(1)
        title.addWidget(self.clear_button)
        # The list, the detail pane (with Edit and Delete under it) and the sent view share a splitter: the
        # user gives the detail pane the height a long selector needs.
        details = QWidget()
        box = QVBoxLayout(details)
        box.setContentsMargins(0, 0, 0, 0)
        box.setSpacing(6)
        box.addWidget(self.detail, 1)
        buttons = QHBoxLayout()
        buttons.addWidget(self.edit_button)
        buttons.addWidget(self.delete_button)
        buttons.addWidget(self.choose_button)
        buttons.addStretch(1)
        box.addLayout(buttons)
        self.splitter = QSplitter(Qt.Orientation.Vertical, objectName="panelSplitter")
        self.splitter.setChildrenCollapsible(False)
        for part, stretch in ((self.list, 3), (details, 2), (self.sent, 1)):
            self.splitter.addWidget(part)
            self.splitter.setStretchFactor(self.splitter.count() - 1, stretch)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 8, 8, 8)
        layout.setSpacing(6)
        layout.addWidget(QLabel(self.tr("Overall note"), objectName="sectionTitle"))
        layout.addWidget(self.summary)
        layout.addLayout(title)
        layout.addWidget(self.splitter, 1)
        self._split_done = False
        self.summary.textChanged.connect(lambda: self.summary_changed.emit(self.summary.toPlainText()))
        self.list.itemClicked.connect(lambda item: item.data(ID_ROLE) and self.edit_requested.emit(
            item.data(ID_ROLE), item.data(TAB_ROLE) or ""))
        self.edit_button.clicked.connect(lambda: self._emit_current(self.edit_requested))
        self.delete_button.clicked.connect(lambda: self._emit_current(self.delete_requested))
        self.choose_button.clicked.connect(lambda: self._emit_current(self.choose_requested))
        self.list.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.list.customContextMenuRequested.connect(self._row_menu)
        self.list.currentRowChanged.connect(self._update_buttons)
        self.sent.currentItemChanged.connect(self._show_sent_detail)
        session.subscribe(self.refresh)
        self.destroyed.connect(lambda *_: session.unsubscribe(self.refresh))  # the batch may outlive the panel
        self.refresh()
        if hub is not None:
            hub.on_change.append(self.refresh_sent)
        self.refresh_sent()

    def showEvent(self, event) -> None:  # noqa: N802 (Qt virtual)
        super().showEvent(event)
        if not self._split_done and self.splitter.height() > 0:   # first shown: list 55 %, details 45 %
            self._split_done = True
            h = sum(self.splitter.sizes()) or self.splitter.height()
            self.splitter.setSizes([round(h * 0.55), round(h * 0.45), self.splitter.sizes()[2]])

    def set_send_action(self, action) -> None:
        """The window's Send ``action``. The panel shows no button of its own for it: one Send, on the toolbar
        (issue 30, requirement 5)."""
        self.send_action = action

    def set_clear_action(self, action) -> None:
        """Show the window's Clear ``action`` (icon only, with its Undo in the status bar) in the list's
        header, beside the count: what it clears is the list under it."""
        self.clear_button.setDefaultAction(action)
        self.clear_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonIconOnly)
        self.clear_button.show()

    def _emit_current(self, signal) -> None:
        item = self.list.currentItem()
        if item is not None and item.data(ID_ROLE):
            signal.emit(item.data(ID_ROLE), item.data(TAB_ROLE) or "")

    def _candidates(self, item) -> tuple[str, ...]:
        """The candidates of the annotation of row ``item`` (empty: not ambiguous, or a header)."""
        try:
            return self.session.get(item.data(ID_ROLE), item.data(TAB_ROLE) or None).annotation.candidates \
                if item is not None and item.data(ID_ROLE) else ()
        except KeyError:
            return ()

    def _row_menu(self, pos) -> None:
        """A row's context menu: Choose its element… (an ambiguous annotation), Edit, Delete."""
        from PySide6.QtWidgets import QMenu

        item = self.list.itemAt(pos)
        if item is None or not item.data(ID_ROLE):
            return
        self.list.setCurrentItem(item)
        menu = QMenu(self.list)
        menu.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        if self._candidates(item):
            menu.addAction(self.choose_button.text(), lambda: self._emit_current(self.choose_requested))
        menu.addAction(self.edit_button.text(), lambda: self._emit_current(self.edit_requested))
        menu.addAction(self.delete_button.text(), lambda: self._emit_current(self.delete_requested))
        menu.popup(self.list.viewport().mapToGlobal(pos))

    def _update_buttons(self) -> None:
        item = self.list.currentItem()
        has = item is not None and bool(item.data(ID_ROLE))
        self.edit_button.setEnabled(has)
        self.delete_button.setEnabled(has)
        self.choose_button.setVisible(bool(self._candidates(item)))
        data = item.data(ROW_ROLE) if has else None
        self.detail.setVisible(data is not None or self.list.count() > 0)
        if data is not None:
            self.detail.setHtml(data.detail)
        elif self.list.count():
            self.detail.setHtml(detail_placeholder_html())

    def set_current_tab(self, tab_id: str | None) -> None:
        """Show tab ``tab_id``'s rows first (the window's shown tab)."""
        if tab_id != self.current_tab:
            self.current_tab = tab_id
            self.refresh()

    def _rows_moved(self, _parent, start: int, end: int, _dest, row: int) -> None:
        self._moved_to = row if row < start else row - (end - start + 1)
        QTimer.singleShot(0, self._reordered)

    def _key(self, row: int) -> tuple[str, str] | None:
        item = self.list.item(row)
        return (item.data(ID_ROLE), item.data(TAB_ROLE) or "") if item is not None and item.data(ID_ROLE) else None

    def _reordered(self) -> None:
        """The user dragged a row: when its number is no longer between those of the rows now above and below
        it, the pin goes right before the one below (after the one above when it is last), and the numbers
        follow; other rows keep their order (the list groups rows by tab and page, so a row may sit next to
        rows that are not its neighbours in number)."""
        moved, self._moved_to = self._moved_to, None
        key = self._key(moved) if moved is not None else None
        if key is None:
            self.refresh()
            return
        rows = [k for k in (self._key(i) for i in range(self.list.count())) if k is not None]
        at = rows.index(key)
        above, below = (rows[at - 1] if at else None), (rows[at + 1] if at + 1 < len(rows) else None)
        order = [(p.id, p.tab) for p in self.session.pins]
        current = order.index(key)
        if (above is None or order.index(above) < current) and (below is None or current < order.index(below)):
            self.refresh()   # already in place: the list shows its groups again
            return
        order.remove(key)
        index = order.index(below) if below is not None else order.index(above) + 1
        self.session.move(key[0], index, key[1])

    def _status(self, annotation, element) -> tuple[str, str]:
        """(status word, translated chip text) of a current annotation."""
        if annotation.status == STATUS_STALE:
            return "stale", self.tr("stale")
        if annotation.status == STATUS_REMATCHED:
            return "rematched", self.tr("rematched")
        if element.box in NO_BOX_KINDS:
            return "stale", self.tr("hidden")
        return "exact", self.tr("exact")

    def _labels(self) -> dict:
        return {"note": self.tr("Note"), "element": self.tr("Element"), "selector": self.tr("Selector"),
                "page": self.tr("Page"), "status": self.tr("Status"), "hidden": self.tr("Hidden characters")}

    def _hidden_texts(self, annotation) -> tuple[str, str]:
        """(the row's marker, the sentence for its tooltip and detail pane), translated, for an annotation whose
        page text held invisible characters or line breaks (:func:`holds_hidden_chars`); ``("", "")`` else."""
        if not holds_hidden_chars(annotation):
            return "", ""
        why = self.tr("The page's text held invisible characters or line breaks, shown escaped: the agent reads them.")
        return self.tr("hidden text"), why

    def groups(self) -> list[tuple[str, str]]:
        """``(tab id, page)`` of each group of rows, in the order shown: the current tab's pages first (in
        order of their first annotation), then each other tab's, in order of its first annotation."""
        pairs = list(dict.fromkeys((p.tab, p.page) for p in self.session.pins))
        return [g for g in pairs if g[0] == self.current_tab] + [g for g in pairs if g[0] != self.current_tab]

    def _header(self, tab: str, page: str, labelled: bool) -> str:
        shown = self.tab_page(tab) if tab == self.current_tab and page else None
        page = page or self.tr("(page)")
        if not labelled:
            return page
        who = self.tab_label(tab) if tab != self.current_tab else self.tr("This tab") \
            if shown in (None, page) else self.tr("This tab, another page")
        return f"{who} · {page}"

    def refresh(self) -> None:
        """Rebuild the rows from the session: numbers are positions (contiguous, batch-wide); rows are grouped
        under a header per page when the batch spans pages (issue #3 §8) and per tab when it spans tabs (the
        current tab's first, each header naming its tab); a stale annotation is flagged and
        a rematched one marked (issue #3 §7); one whose element draws nothing now says ``(hidden)`` — its
        marker is hidden too (issue 9 §6). Each row's item text is the one-line form (:func:`row_text`)."""
        current = self._key(self.list.currentRow()) if self.list.currentItem() else None
        self.list.blockSignals(True)
        self.list.clear()
        numbered = list(enumerate(self.session.pins, start=1))
        groups = self.groups()
        labelled = self.current_tab is not None and any(p.tab != self.current_tab for p in self.session.pins)
        for tab_id, page in groups:
            if len(groups) > 1 or labelled:
                header = QListWidgetItem(self._header(tab_id, page, labelled))
                header.setFlags(Qt.ItemFlag.ItemIsEnabled)   # not selectable, not greyed out
                header.setToolTip(plain_tip(header.text(), wrap=False))   # a page title: never guessed as rich text
                self.list.addItem(header)
            for number, pin in numbered:
                if pin.page != page or pin.tab != tab_id:
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
                hidden, why = self._hidden_texts(annotation)
                if hidden:
                    text += self.tr("  (hidden text)")
                status, chip = self._status(annotation, element)
                if annotation.status_reason:
                    chip_detail = f"{chip} ({annotation.status_reason})"
                else:
                    chip_detail = chip
                if annotation.candidates:   # ambiguous: the user picks its element (choose_requested)
                    chip_detail += "\n" + self.tr("Right-click the row and choose “Choose its element…” to "
                                                   "pick it on the page.")
                summary = annotation_summary(annotation)
                if pin.recording:   # shown from its box at once; the record follows (Session.set_element)
                    summary += self.tr(" · reading the element…")
                    text += self.tr("  (reading the element…)")
                item = QListWidgetItem(text)
                item.setData(ID_ROLE, pin.id)
                item.setData(TAB_ROLE, pin.tab)
                item.setData(ROW_ROLE, RowData(number, annotation.note, summary, pin.page or element.url,
                                               status, chip, status == "stale",
                                               detail_html(number, annotation.note, element, pin.page, chip_detail,
                                                           self.tr("no note"), self._labels(),
                                                           reference=annotation.reference, status=status, hidden=why),
                                               hidden))
                item.setToolTip(plain_tip("\n".join(x for x in (
                    annotation.note or self.tr("no note"), annotation_summary(annotation), element.selector,
                    pin.page or element.url, chip_detail, why) if x)))
                item.setFlags(item.flags() | Qt.ItemFlag.ItemIsDragEnabled)
                self.list.addItem(item)
                if (pin.id, pin.tab) == current:
                    self.list.setCurrentItem(item)
        self.list.blockSignals(False)
        if self.summary.toPlainText() != self.session.summary:
            self.summary.blockSignals(True)
            self.summary.setPlainText(self.session.summary)
            self.summary.blockSignals(False)
        n = len(self.session.pins)
        self.count_label.setText(str(n))   # a count pill beside the "Annotations" title
        self.count_label.setToolTip(self.tr("%n annotation(s)", "", n))  # Qt plural forms
        self._update_buttons()

    def rows(self) -> list[str]:
        """The annotation row texts, top to bottom (page headers left out)."""
        return [self.list.item(i).text() for i in range(self.list.count())
                if self.list.item(i).data(ID_ROLE) is not None]

    def headers(self) -> list[str]:
        """The group header rows, top to bottom (none when the batch is on one page of one tab)."""
        return [self.list.item(i).text() for i in range(self.list.count())
                if self.list.item(i).data(ID_ROLE) is None]
