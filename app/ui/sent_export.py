"""A sent batch's review as one HTML file, from the history (issue 31, requirement 3: "the history and the HTML
review export show the rounds"): the context menu of a batch row in the panel's "Sent to agents" view has
**Export Review as HTML…**. It writes the batch as sent (app/protocol/html_export.py) with every round up to it:
each follow-up's earlier rounds and each annotation's own (its reply, last verification and Before | After |
Diff pictures; :func:`app.agent.sent_rounds.batch_rounds`).

No page is touched: the file is made from the batch store and the pictures on disk. The file dialog opens with
``open()`` and acts on ``fileSelected`` (:meth:`app.ui.review_io.ReviewIo.file_dialog`), never a nested event loop.
An annotation row's menu (Check, Accept, Reopen…) is app/ui/verify_view.py's; both menus hang on the same
``customContextMenuRequested``, each answering its own kind of row.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import QFileDialog, QMenu

from app.protocol.review_files import save_review

#: A sent batch row's batch id (set by app/ui/panel_sent.py; an annotation row has none).
SENT_BATCH_ROLE = Qt.ItemDataRole.UserRole + 6


class SentExport(QObject):
    """The batch rows' Export Review as HTML… (see the module) of ``window``'s panel; ``review_io``: the
    window's :class:`~app.ui.review_io.ReviewIo` (its detail level and file dialog)."""

    def __init__(self, window, review_io) -> None:
        super().__init__(window)
        self.window = window
        self.review_io = review_io
        tree = window.panel.sent
        tree.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        tree.customContextMenuRequested.connect(self._menu_at)

    def menu_for(self, item) -> QMenu | None:
        """The context menu of sent row ``item`` when it is a batch row (its one action: Export Review as
        HTML…), else ``None``. The menu is deleted when closed."""
        batch_id = item.data(0, SENT_BATCH_ROLE) if item is not None else None
        if not batch_id:
            return None
        menu = QMenu(self.window.panel.sent)
        menu.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        action = menu.addAction(self.tr("Export Review as HTML…"), lambda: self.ask(batch_id))
        action.setStatusTip(self.tr("This batch as one HTML file, images inside, with every round up to it"))
        return menu

    def _menu_at(self, pos) -> None:
        tree = self.window.panel.sent
        menu = self.menu_for(tree.itemAt(pos))
        if menu is not None:
            menu.popup(tree.viewport().mapToGlobal(pos))

    def ask(self, batch_id: str) -> QFileDialog:
        """Ask where to write batch ``batch_id``'s review (``annotations/review-<batch id>.html`` offered), then
        :meth:`export`. Returns the open dialog."""
        directory = self.window.project_dir / "annotations"
        return self.review_io.file_dialog(
            self.tr("Export Review of Batch {0}").format(batch_id), str(directory / f"review-{batch_id}.html"),
            self.tr("One HTML file, images inside (*.html)"), True,
            lambda path, _filter: self.export(batch_id, Path(path)))

    def export(self, batch_id: str, path: Path) -> Path | None:
        """Write sent batch ``batch_id`` with its rounds to ``path`` as HTML at the window's detail level.
        Returns the absolute path; ``None`` when the batch is gone or the file cannot be written (said)."""
        store = self.window.app.hub.store
        try:
            sent = store.get(batch_id)
        except KeyError:
            self.window.say(self.tr("Export failed: batch {0} is not in the history").format(batch_id))
            return None
        rounds = self.review_io.rounds_of(sent.batch, sent)
        try:
            written = save_review(sent.batch, self.window.project_dir, "html", self.review_io.detail, path=path,
                                  rounds=rounds, title=f"pagenote review: batch {batch_id}")
        except OSError as exc:
            self.window.say(self.tr("Export failed: {0}").format(str(exc)))
            return None
        self.window.say(self.tr("Exported batch {0} with its rounds to {1}").format(batch_id, written))
        return written


def install_sent_export(window, review_io) -> SentExport | None:
    """Give ``window``'s sent batch rows their Export Review as HTML… (``window.sent_export``); ``None`` for a
    window without a panel."""
    if getattr(window, "panel", None) is None or getattr(window.panel, "sent", None) is None:
        return None
    window.sent_export = SentExport(window, review_io)
    return window.sent_export
