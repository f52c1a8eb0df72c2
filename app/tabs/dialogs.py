"""A tab's JavaScript dialogs: what the page opened and how pagenote answered (issue 9 §1). Data and signals,
no widgets: the window's dialog bar, ``pagenote capture``'s stderr and JSON, and agents' ``page.state`` read it.

The :class:`~app.webview.guest.Guest` answers every dialog at once (:class:`~app.webview.dialogs.DialogPolicy`);
this part keeps the record. A page that keeps opening dialogs (more than
:data:`~app.core.policy.DIALOG_LOOP_LIMIT` in one document) is in a dialog loop: its further dialogs are
counted as suppressed, and the loop is reported once per document (:attr:`DialogLog.loop_cut`).
"""

from __future__ import annotations

from collections import deque

from PySide6.QtCore import QObject, Signal

from app.core.policy import DIALOG_LOG_CAP, DIALOG_LOOP_LIMIT, DIALOG_STATE_COUNT
from app.webview.dialogs import DialogPolicy, DialogSeen
from app.webview.guest import Guest


class DialogLog(QObject):
    """The dialogs of ``page`` (a :class:`Guest`), newest last, at most :data:`DIALOG_LOG_CAP` kept.

    Signals:
        seen(DialogSeen): a dialog was answered and is reported (not part of a loop).
        loop_cut(DialogSeen): the first suppressed dialog of a document (once per document): the page is
            in a dialog loop; its further dialogs are answered without a report each.

    Attributes: ``suppressed`` (int) counts suppressed dialogs over the tab's life; ``loops`` (list of
    ``[url, count]``) holds each cut-off loop's page URL (redacted) and how many of its dialogs were suppressed
    so far.
    """

    seen = Signal(object)
    loop_cut = Signal(object)

    def __init__(self, page: Guest, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._page = page
        self.entries: deque[DialogSeen] = deque(maxlen=DIALOG_LOG_CAP)
        self.suppressed = 0
        self.loops: list[list] = []
        page.dialog_seen.connect(self._record)

    @property
    def policy(self) -> DialogPolicy:
        """How the page's dialogs are answered (the guest's :attr:`~app.webview.guest.Guest.dialog_policy`)."""
        return self._page.dialog_policy

    @policy.setter
    def policy(self, policy: DialogPolicy) -> None:
        self._page.dialog_policy = policy

    def _record(self, seen: DialogSeen) -> None:
        if not seen.suppressed:
            self.entries.append(seen)
            self.seen.emit(seen)
            return
        self.suppressed += 1
        if seen.index == DIALOG_LOOP_LIMIT + 1:
            self.loops.append([seen.url, 1])
            self.loop_cut.emit(seen)
        elif self.loops:
            self.loops[-1][1] += 1

    def recent(self, count: int = DIALOG_STATE_COUNT) -> list[dict]:
        """The newest ``count`` reported dialogs as JSON-ready dicts (:meth:`DialogSeen.to_json`), oldest
        first."""
        return [seen.to_json() for seen in list(self.entries)[-count:]] if count > 0 else []

    def state(self) -> dict:
        """``{dialogs: [...] (the newest few, capped), dialogs_suppressed: int}``: what ``page.state`` adds."""
        return {"dialogs": self.recent(), "dialogs_suppressed": self.suppressed}
