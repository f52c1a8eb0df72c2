"""The side panel's "Sent to agents" view: newest batch first, one child row per annotation with the agent's
status chip and reply (issue #5 §2, ``annotations.ack``), the whole reply as a wrapped row of its own and, when a
row is selected, in the detail pane. A mixin of :class:`app.ui.panel.AnnotationPanel`, which owns ``sent``
(:class:`SentTree`), ``list``, ``detail`` and ``hub``."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import QCoreApplication, QRect, QSize, Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QTreeWidget, QTreeWidgetItem

from app.agent.reopened import follow_ups
from app.ui.panel_rows import ROW_ROLE, STATUS_ROLE, annotation_summary, status_word
from app.ui.plain_tip import plain_tip
from app.ui.sent_export import SENT_BATCH_ROLE
from app.ui.sent_labels import SENT_KEY_ROLE, round_label, round_line

#: Marks a sent view row that holds an agent's reply (not a batch or an annotation).
REPLY_ROLE = Qt.ItemDataRole.UserRole + 3


def row_text(number: int, tag: str, name: str, note: str) -> str:
    """The list row for one annotation: ``3. button “Place order” — too small``."""
    label = f"{number}. {tag or 'element'}"
    if name:
        label += f" “{name[:40]}{'…' if len(name) > 40 else ''}”"
    first_line = note.split("\n", 1)[0]
    if first_line:
        label += f" — {first_line[:60]}{'…' if len(first_line) > 60 or '\n' in note else ''}"
    return label


class SentTree(QTreeWidget):
    """The sent view; wrapped rows take their height from the view's width, so a resize lays out again."""

    def __init__(self, *args) -> None:
        super().__init__(*args)
        self.header().sectionResized.connect(lambda *_: self.fit_rows())   # the first column follows the panel

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt virtual)
        super().resizeEvent(event)
        self.fit_rows()
        self.scheduleDelayedItemsLayout()

    def fit_rows(self) -> None:
        """Each batch and annotation row (two lines: app/ui/sent_labels.py) as tall as its text wrapped at its
        column's width: read whole at the panel's default width, nothing cut off (the tooltip has it too)."""
        fm = QFontMetrics(self.font())
        for i in range(self.topLevelItemCount()):
            top = self.topLevelItem(i)
            for depth, item in [(1, top)] + [(2, top.child(j)) for j in range(top.childCount())]:
                if not item.data(0, REPLY_ROLE):   # a reply row wraps over both columns (ReplyDelegate)
                    width = max(40, self.header().sectionSize(0) - depth * self.indentation() - 8)
                    text = fm.boundingRect(QRect(0, 0, width, 100_000), int(Qt.TextFlag.TextWordWrap), item.text(0))
                    item.setSizeHint(0, QSize(width, text.height() + 6))


def sent_row_text(status: str, reply: str) -> str:
    """Status column text of a sent batch or annotation: ``resolved — fixed the padding``."""
    word = status_word(status)
    return f"{word} — {reply}" if reply else word


class SentView:
    """The panel's sent view (see the module)."""

    def _show_sent_detail(self, item, _previous=None) -> None:
        if item is not None and item.data(0, ROW_ROLE):
            self.list.setCurrentItem(None)
            self.detail.setHtml(item.data(0, ROW_ROLE))
            self.detail.show()


    def refresh_sent(self) -> None:
        """Rebuild the "Sent to agents" tree: newest batch first, one child row per annotation with the
        agent's status and reply (issue #5 §2, ``annotations.ack``); the whole reply in the tooltip and, when
        the row is selected, in the detail pane."""
        shown = self.sent.currentItem().data(0, SENT_KEY_ROLE) if self.sent.currentItem() else None
        self.sent.clear()
        self.sent.setVisible(self.hub is not None and bool(self.hub.store.batches))
        if self.hub is None:
            return
        drafted = follow_ups(self.session)   # the current batch's follow-ups: "reopened as 2 in the current batch"
        for sent in reversed(self.hub.store.batches):
            n = len(sent.batch.annotations)
            follows, round_tip = round_label(self.hub.store.batches, sent)
            top = QTreeWidgetItem([QCoreApplication.translate("AnnotationPanel", "{0} (%n annotation(s))", "", n).format(sent.id)
                                   + follows, sent_row_text(sent.status, sent.reply)])
            self._sent_tips(top, f"{sent.id}\n{round_tip}", sent.status, sent.reply)
            top.setData(0, SENT_BATCH_ROLE, sent.id)   # its context menu's Export Review as HTML…
            self.sent.addTopLevelItem(top)
            self._reply_row(top, sent.reply)
            for number, (annotation, state) in enumerate(zip(sent.batch.annotations, sent.annotations), start=1):
                failed = self.hub.verify_errors.get((sent.id, number)) if state.status != "verified" else None
                second = round_line(annotation, state, (sent.id, number), drafted, failed)   # round, verdict, …
                child = QTreeWidgetItem([row_text(number, annotation_summary(annotation), "", annotation.note)
                                         + (f"\n{second}" if second else ""), sent_row_text(state.status, state.reply)])
                child.setData(0, SENT_KEY_ROLE, (sent.id, number))   # the verify view's row (issue 31)
                self._sent_tips(child, f"{number}. {annotation_summary(annotation)}\n{annotation.note}"
                                + (f"\n{second}" if second else ""), state.status, state.reply)
                top.addChild(child)
                self._reply_row(child, state.reply)
                if shown is not None and tuple(shown) == (sent.id, number):
                    self.sent.setCurrentItem(child)   # a refresh keeps the selected row (and its verify view)
        if self.sent.topLevelItemCount():
            self.sent.topLevelItem(0).setExpanded(True)
        self.sent.fit_rows()

    def _reply_row(self, parent: QTreeWidgetItem, reply: str) -> None:
        """The agent's whole ``reply`` as a wrapped row under ``parent`` across both columns (none without)."""
        if not reply:
            return
        row = QTreeWidgetItem([f"“{reply}”"])
        row.setData(0, REPLY_ROLE, True)
        row.setToolTip(0, plain_tip(reply))   # text, not rich
        row.setFlags(Qt.ItemFlag.ItemIsEnabled)
        parent.insertChild(0, row)
        row.setFirstColumnSpanned(True)
        parent.setExpanded(True)

    def _sent_tips(self, item: QTreeWidgetItem, what: str, status: str, reply: str) -> None:
        whole = sent_row_text(status, reply)
        item.setData(1, STATUS_ROLE, status)
        item.setToolTip(0, plain_tip(what))   # page names: text, not rich
        item.setToolTip(1, plain_tip(whole))
        item.setData(0, ROW_ROLE, "<p>" + "<br>".join(escape(x) for x in what.split("\n") if x) +
                     f"</p><p><b>{escape(status)}</b></p><p>{escape(reply)}</p>")

    def sent_rows(self) -> list[tuple[str, str]]:
        """(label, status) of every sent row, batches and their annotations, top to bottom."""
        out = []
        for i in range(self.sent.topLevelItemCount()):
            top = self.sent.topLevelItem(i)
            out.append((top.text(0), top.text(1)))
            out += [(top.child(j).text(0), top.child(j).text(1)) for j in range(top.childCount())
                    if not top.child(j).data(0, REPLY_ROLE)]
        return out
