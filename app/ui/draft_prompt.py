"""The window's side of "nothing lost" (:mod:`app.runtime.drafts`): the journal is started with the window, the
draft a previous run left is offered back, and closing the window with unsent annotations asks first (Send /
Keep for next start / Discard / Cancel). SIGTERM and logout never ask: the application's teardown saves the draft."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QDateTime, QEvent, QLocale, QObject, Qt
from PySide6.QtWidgets import QMessageBox

from app.model.tab_session import forget_shots, page_shots_of
from app.runtime.drafts import Draft, DraftJournal, load_draft, restore_draft, save_draft


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
    box = QMessageBox(QMessageBox.Icon.Question, title, text, parent=window)
    box.setToolTip(draft.saved_at)
    return box


def ask_restore(window, draft: Draft) -> bool:
    """Ask whether to restore ``draft`` (a modal question at start, before any page is worked on)."""
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
    if total > unsent:
        text = QCoreApplication.translate(
            "DraftPrompt", "%n annotation(s) in this tab have not been sent. Send hands the whole batch ({0} "
            "annotations) to the agent, Keep keeps them in the batch for later, Discard removes this tab's.", "",
            unsent).format(total)
    else:
        text = QCoreApplication.translate("DraftPrompt", "%n annotation(s) have not been sent. Send them to the "
                                          "agent, keep them for the next start, or discard them?", "", unsent)
    box = QMessageBox(QMessageBox.Icon.Warning, QCoreApplication.translate("DraftPrompt", "Unsent annotations"),
                      text, parent=window)
    send = box.addButton(QCoreApplication.translate("DraftPrompt", "Send"), QMessageBox.ButtonRole.AcceptRole)
    keep = box.addButton(QCoreApplication.translate("DraftPrompt", "Keep for next start"),
                         QMessageBox.ButtonRole.AcceptRole)
    buttons = {send: "send", keep: "save",
               box.addButton(QMessageBox.StandardButton.Discard): "discard",
               box.addButton(QMessageBox.StandardButton.Cancel): "cancel"}
    return box, buttons


def ask_close(window, unsent: int) -> str:
    """``"send"``, ``"save"`` (keep the draft), ``"discard"`` or ``"cancel"``: what to do with ``unsent``
    annotations on close (:func:`close_box`)."""
    box, buttons = close_box(window, unsent)
    box.exec()
    return buttons.get(box.clickedButton(), "cancel")


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
    """Filters the window's Close event: with unsent annotations (in any tab) it asks (:attr:`ask`, replaceable
    in tests) and sends the batch (every tab's annotations), saves (the draft stays for the next start), discards (the draft is removed) or keeps the
    window open."""

    def __init__(self, window, journal: DraftJournal) -> None:
        super().__init__(window)
        self.window, self.journal = window, journal
        self.ask = ask_close
        window.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt virtual)
        if watched is self.window and event.type() == QEvent.Type.Close:
            unsent = self.journal.unsent()
            if unsent:
                choice = self.ask(self.window, unsent)
                if choice == "cancel":
                    event.ignore()
                    return True
                if choice == "send":  # the one batch: every tab's annotations, closed tabs' kept ones too
                    if not send_all(self.window):  # failed: keep window and notes
                        event.ignore()
                        return True
                if choice == "discard":
                    self.journal.enabled = False
                    save_draft(self.journal.project_dir, Draft())
                else:
                    self.journal.write_now()
        return False


def tab_closer(window, journal: DraftJournal, ask=ask_close):
    """A ``tab -> bool`` for :attr:`app.ui.tab_strip.TabStrip.ask_close`: a tab with unsent annotations asks
    (``ask(window, n)``, ``n`` the tab's); Send hands the window's batch (these and every other tab's) to
    agents, Save keeps the tab's annotations in the batch — listed under the closed tab, in the draft for the
    next start — Discard removes them from the batch, Cancel keeps the tab open (false)."""

    def closing(tab) -> bool:
        unsent = len(tab.session.pins)
        if not unsent:
            return True
        choice = ask(window, unsent)
        if choice == "cancel":
            return False
        if choice == "send":
            return send_all(window)
        if choice == "save":
            journal.keep(tab)
        if choice == "discard":
            window.app.batch_session.remove_tab(tab.id)
        return True

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
