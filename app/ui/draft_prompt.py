"""The window's side of "nothing lost" (:mod:`app.runtime.drafts`): the journal is started with the window, the
draft a previous run left is offered back, and closing the window or a tab with unsent annotations asks first
(Send / Keep for next start / Discard / Cancel). SIGTERM and logout never ask: the application's teardown saves
the draft.

The close questions open with ``open()`` and are awaited through ``finished``, never ``exec()``: a close can
start inside an asyncio task — an agent's ``press`` of Ctrl+W or Ctrl+Q reaches the window's shortcuts — where a
nested event loop is forbidden (:mod:`app.runtime.loop`). The restore question at start is asked before the
event loop runs, from no task, and keeps ``exec()``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from PySide6.QtCore import QCoreApplication, QDateTime, QEvent, QLocale, QObject, Qt
from PySide6.QtWidgets import QMessageBox

from app.core.tasks import spawn
from app.model.tab_session import forget_shots, page_shots_of
from app.runtime.drafts import Draft, DraftJournal, load_draft, restore_draft, save_draft

#: A close question: ``ask(window, unsent)`` gives the choice (``"send"``, ``"save"``, ``"discard"``,
#: ``"cancel"``) or an awaitable of it (:func:`ask_close`; a plain string is acted on at once, as tests do).
Ask = Callable[[object, int], "str | Awaitable[str]"]


def local_time(iso: str) -> str:
    """An ISO 8601 timestamp (``2026-11-30T21:02:46+00:00``) as the user's locale writes a date and time in
    local time (QLocale short format); ``iso`` itself when Qt cannot read it."""
    moment = QDateTime.fromString(iso, Qt.DateFormat.ISODate)
    if not moment.isValid():
        return iso
    return QLocale().toString(moment.toLocalTime(), QLocale.FormatType.ShortFormat)


def restore_box(window, draft: Draft) -> QMessageBox:
    """The restore question for ``draft``: its save time in local time, the ISO timestamp in the tooltip."""
    title = QCoreApplication.translate("DraftPrompt", "Restore unsent annotations?")
    text = QCoreApplication.translate("DraftPrompt", "pagenote was closed with %n unsent annotation(s) (saved {0}). "
                                      "Restore them?", "", draft.count).format(local_time(draft.saved_at))
    if draft.private_tabs:  # a private lease keeps nothing: its pages come back signed out and empty
        text += " " + QCoreApplication.translate("DraftPrompt", "%n private tab(s) will open empty: private tabs "
                                                 "keep no cookies or storage.", "", draft.private_tabs)
    box = QMessageBox(QMessageBox.Icon.Question, title, text, parent=window)
    box.setToolTip(draft.saved_at)
    return box


def ask_restore(window, draft: Draft) -> bool:
    """Ask whether to restore ``draft``: a modal question at start (:func:`install_drafts`, called before the
    event loop runs, outside any asyncio task — the one place pagenote's own code may ``exec()`` a dialog)."""
    box = restore_box(window, draft)
    restore = box.addButton(QCoreApplication.translate("DraftPrompt", "Restore"), QMessageBox.ButtonRole.AcceptRole)
    box.addButton(QCoreApplication.translate("DraftPrompt", "Discard"), QMessageBox.ButtonRole.DestructiveRole)
    box.setDefaultButton(restore)
    box.exec()
    return box.clickedButton() is restore


def close_box(window, unsent: int) -> tuple[QMessageBox, dict]:
    """The close question for ``unsent`` annotations and its buttons (``{button: "send" | "save" | "discard" |
    "cancel"}``). "Keep for next start" keeps the draft (it writes no Markdown file, unlike the toolbar's Save).
    When the window's batch holds more than ``unsent`` (a tab closes while other tabs hold notes too), the
    question says that Send hands over the whole batch and Discard drops only this tab's."""
    batch = getattr(getattr(window, "app", None), "batch_session", None)
    total = len(batch.pins) if batch is not None else unsent
    box = QMessageBox(QMessageBox.Icon.Warning, QCoreApplication.translate("DraftPrompt", "Unsent annotations"),
                      "", parent=window)
    send = box.addButton(QCoreApplication.translate("DraftPrompt", "Send"), QMessageBox.ButtonRole.AcceptRole)
    keep = box.addButton(QCoreApplication.translate("DraftPrompt", "Keep for next start"),
                         QMessageBox.ButtonRole.AcceptRole)
    discard = box.addButton(QMessageBox.StandardButton.Discard)
    buttons = {send: "send", keep: "save", discard: "discard",
               box.addButton(QMessageBox.StandardButton.Cancel): "cancel"}
    if total > unsent:
        # The Discard button's own text: the platform's (GNOME's reads "Close without Saving").
        text = QCoreApplication.translate(
            "DraftPrompt", "%n annotation(s) in this tab have not been sent. Send hands the whole batch ({0} "
            "annotations) to the agent, Keep keeps them in the batch for later, “{1}” removes this tab's.", "",
            unsent).format(total, discard.text().replace("&", ""))
    else:
        text = QCoreApplication.translate("DraftPrompt", "%n annotation(s) have not been sent. Send them to the "
                                          "agent, keep them for the next start, or discard them?", "", unsent)
    box.setText(text)
    return box, buttons


def ask_close(window, unsent: int) -> asyncio.Future:
    """Open the close question for ``unsent`` annotations (:func:`close_box`, window-modal, ``open()``) and
    return a Future of the choice: ``"send"``, ``"save"`` (keep the draft), ``"discard"`` or ``"cancel"``
    (also when the box is closed without a button). Cancelling the Future closes the box. Raises
    ``RuntimeError`` when no asyncio loop runs (:func:`app.runtime.loop.install`)."""
    import shiboken6

    box, buttons = close_box(window, unsent)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    choice: asyncio.Future = asyncio.get_running_loop().create_future()

    def finished(_result: int) -> None:
        if not choice.done():
            choice.set_result(buttons.get(box.clickedButton(), "cancel"))

    def dropped(future: asyncio.Future) -> None:
        if future.cancelled() and shiboken6.isValid(box):
            box.close()

    box.finished.connect(finished)
    choice.add_done_callback(dropped)
    box.open()
    return choice


def send_all(window) -> bool:
    """Hand the window's one batch (every tab's annotations) to agents (:meth:`~app.runtime.app.PagenoteApp.send`)
    and archive it. False, said in ``window``'s status bar, when the batch could not be stored (``OSError``)."""
    batch_session = window.app.batch_session
    if not batch_session.pins and not batch_session.summary:
        return True
    try:
        sent, _receivers = window.app.send(batch_session.batch(page_shots=page_shots_of(batch_session)))
    except OSError as exc:
        window.say(QCoreApplication.translate("DraftPrompt", "Send failed: {0}").format(exc))
        return False
    batch_session.archive(sent.id)
    forget_shots(batch_session)
    return True


class CloseGuard(QObject):
    """Filters the window's Close event: with unsent annotations (in any tab) it asks (:attr:`ask`, an
    :data:`Ask`, replaceable in tests) and sends the batch (every tab's annotations), saves (the draft stays for
    the next start), discards (the draft is removed) or keeps the window open. An answer still to come keeps
    the window open meanwhile; the answer then closes it (a second close, let through)."""

    def __init__(self, window, journal: DraftJournal) -> None:
        super().__init__(window)
        self.window, self.journal = window, journal
        self.ask: Ask = ask_close
        self._question: asyncio.Task | None = None
        self._answered = False
        window.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt virtual)
        if watched is not self.window or event.type() != QEvent.Type.Close or self._answered:
            return False
        unsent = self.journal.unsent()
        if not unsent:
            return False
        if self._question is None:
            choice = self.ask(self.window, unsent)
            if isinstance(choice, str):
                if self.settle(choice):
                    return False
            else:
                self._question = spawn(self._close_when_answered(choice), "close question")
        event.ignore()
        return True

    def settle(self, choice: str) -> bool:
        """Do what ``choice`` says with the unsent annotations; whether the window may close (not on Cancel,
        nor when Send failed: window and notes are kept)."""
        if choice == "cancel":
            return False
        if choice == "send" and not send_all(self.window):  # the one batch: every tab's, closed tabs' kept ones
            return False
        if choice == "discard":
            self.journal.enabled = False
            save_draft(self.journal.project_dir, Draft())
        else:
            self.journal.write_now()
        return True

    async def _close_when_answered(self, pending: Awaitable[str]) -> None:
        try:
            choice = await pending
        finally:
            self._question = None
        if self.settle(choice):
            self._answered = True
            try:
                self.window.close()
            finally:
                self._answered = False


def tab_closer(window, journal: DraftJournal, ask: Ask = ask_close):
    """A ``tab -> bool`` for :attr:`app.ui.tab_strip.TabStrip.ask_close`: a tab with unsent annotations asks
    (``ask(window, n)``, ``n`` the tab's, an :data:`Ask`); Send hands the window's batch (these and every other
    tab's) to agents, Save keeps the tab's annotations in the batch — listed under the closed tab, in the draft
    for the next start — Discard removes them from the batch, Cancel keeps the tab open (false). While an
    answer is still to come the tab stays (false); the answer then closes it through the tab strip."""
    asking: set[str] = set()
    answered: set[str] = set()

    def settle(tab, choice: str) -> bool:
        if choice == "cancel":
            return False
        if choice == "send":
            return send_all(window)
        if choice == "save":
            journal.keep(tab)
        if choice == "discard":
            window.app.batch_session.remove_tab(tab.id)
        return True

    async def close_when_answered(tab, pending: Awaitable[str]) -> None:
        try:
            choice = await pending
        finally:
            asking.discard(tab.id)
        if tab in window.app.tabs and settle(tab, choice):
            answered.add(tab.id)
            try:
                window.tab_strip.close_tab(tab.id)
            finally:
                answered.discard(tab.id)

    def closing(tab) -> bool:
        unsent = len(tab.session.pins)
        if not unsent or tab.id in answered:
            return True
        if tab.id in asking:
            return False
        choice = ask(window, unsent)
        if isinstance(choice, str):
            return settle(tab, choice)
        asking.add(tab.id)
        spawn(close_when_answered(tab, choice), "close tab question")
        return False

    return closing


def install_drafts(window, ask=ask_restore) -> DraftJournal:
    """Start journaling ``window.app``'s unsent annotations to ``<project>/.pagenote/draft.json``, offer the
    draft a previous run left (``ask(window, draft) -> bool``; restored into tabs when true, removed when
    false), tell the user about a damaged draft (set aside), and guard the window's close and its tabs'
    (:func:`tab_closer`, asking through the guard's replaceable ``ask``). Returns the journal
    (also ``window.app.drafts``, which the app's teardown saves on SIGTERM)."""
    app = window.app
    draft, problem = load_draft(app.project_dir)
    journal = DraftJournal(app, app.project_dir)
    app.drafts = journal
    if problem:
        window.say(QCoreApplication.translate("DraftPrompt", "Could not restore the unsent annotations: {0}")
                   .format(problem))
    if draft is not None:
        journal.enabled = False  # nothing overwrites the draft while the user decides
        keep = ask(window, draft)
        journal.enabled = True
        if keep:
            restore_draft(app, draft)
            window.say(QCoreApplication.translate("DraftPrompt", "Restored %n unsent annotation(s)", "", draft.count))
        journal.write_now()
    window.close_guard = CloseGuard(window, journal)
    if getattr(window, "tab_strip", None) is not None:  # closing a tab with unsent annotations asks too
        window.tab_strip.ask_close = tab_closer(window, journal, lambda w, n: window.close_guard.ask(w, n))
    return journal
