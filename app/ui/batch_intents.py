"""The window's batch intents: Copy, Save and Send of the window's batch (every tab's annotations), each after
the open note is kept, the element records being made are in and every annotation is re-read from its live
element (issue 9 §4); and Clear. Each says in the status bar what it did (and what the batch cut).

A mixin of :class:`~app.ui.main_window.MainWindow` (it uses the window's ``tab``, ``current``, ``annotate``,
``session``, ``batch_session``, ``app``, ``agent``, ``project_dir``, ``status_label`` and ``say``); its texts keep
the ``MainWindow`` translation context they had there (literal ``QCoreApplication.translate`` calls, which
lupdate reads).
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QGuiApplication

from app.core.policy import NOTE_CAP
from app.model.tab_session import forget_shots
from app.protocol.markdown import encode_annotations
from app.sinks import save_markdown


class BatchIntents:
    """Copy, Save, Send and Clear of the window's batch; see the module docstring."""

    def batch(self):
        """The current batch (every tab's annotations), with each page's latest screenshot."""
        return self.tab.batch()

    async def records_made(self) -> None:
        """Return once no pin's element record is still being made (:meth:`Session.recording`: a pin shows
        from its box at once and its record follows, issue 30, requirement 8), saying so meanwhile; the
        batch's changes wake it (no polling). Raises nothing."""
        shared = self.batch_session
        if not shared.recording():
            return
        self.say(QCoreApplication.translate("MainWindow", "Waiting for the element records being made…"))
        made = asyncio.get_running_loop().create_future()

        def check() -> None:
            if not shared.recording() and not made.done():
                made.set_result(None)

        shared.subscribe(check)
        try:
            await made
        finally:
            shared.unsubscribe(check)

    async def export(self, how: str):
        """Copy, Save or Send (``how`` ``"copy"``/``"save"``/``"send"``) the window's batch (every tab's
        annotations) after re-reading every annotation on the tabs' pages from its live element (issue 9 §4:
        the record names the element as it is now). Returns what :meth:`copy`/:meth:`save`/:meth:`send`
        return. ``ValueError`` for another ``how``."""
        act = {"copy": self.copy, "save": self.save, "send": self.send}[how]
        if self.current:
            self.annotate.keep_open_note()   # a note still being typed is exported as typed
        await self.records_made()
        cuts = self.session.cut_notes()  # before Send archives the pins
        result = act(await self.tab.refreshed_batch())
        if cuts:  # the user's words are never cut silently: say so after what was done
            self.say(self.status_label.text() + " · " + QCoreApplication.translate(
                "MainWindow", "%n note(s) over {0} characters cut, ending in a [truncated] line", "",
                len(cuts)).format(f"{NOTE_CAP:,}"))
        return result

    def copy(self, batch=None) -> None:
        """Put ``batch``'s Markdown on the clipboard (the session's batch as it is when ``None``; the toolbar
        goes through :meth:`export`, which re-reads it from the page first)."""
        batch = batch if batch is not None else self.batch()
        text = encode_annotations(batch, getattr(self, "detail_level", "standard"))  # File → Detail Level
        QGuiApplication.clipboard().setText(text)
        n = len(batch.annotations)
        # Qt's plural forms: %n is the count (QCoreApplication::translate with n).
        self.say(QCoreApplication.translate("MainWindow", "Copied %n annotation(s) as Markdown ({0} characters)", "",
                                            n).format(len(text)))

    def save(self, batch=None) -> Path | None:
        """Write ``batch`` (the session's when ``None``) to ``<project>/annotations/<stamp>.md``; returns the
        path, ``None`` on failure."""
        batch = batch if batch is not None else self.batch()
        try:
            path = save_markdown(batch, self.project_dir, detail=getattr(self, "detail_level", "standard"))
        except OSError as exc:
            self.say(QCoreApplication.translate("MainWindow", "Save failed: {0}").format(exc))
            return None
        n = len(batch.annotations)
        self.say(QCoreApplication.translate("MainWindow", "Saved %n annotation(s) to {0}", "", n).format(path))
        return path

    def send(self, batch=None) -> int | None:
        """Hand the batch to agents: deliver it to every waiting ``annotations.wait`` and say how many
        received it; with none waiting it stays pending for the next one. The sent batch leaves the editor
        (it is listed under "Sent"). ``batch``: the session's when ``None``. Returns the number of receivers,
        ``None`` when nothing was sent."""
        batch = batch if batch is not None else self.batch()
        if not batch.annotations and not batch.summary:
            self.say(QCoreApplication.translate("MainWindow",
                                                "Nothing to send: pin an annotation or write an overall note first"))
            return None
        try:
            sent, receivers = self.app.send(batch)
        except OSError as exc:
            self.say(QCoreApplication.translate("MainWindow", "Send failed: could not store the batch: {0}")
                     .format(exc))
            return None
        self.batch_session.archive(sent.id)  # every tab's annotations went
        forget_shots(self.batch_session)
        if self.agent is None:
            self.say(QCoreApplication.translate(
                "MainWindow", "Batch {0} is pending, but the agent socket is off: no agent can receive it now")
                     .format(sent.id))
        elif receivers:
            self.say(QCoreApplication.translate("MainWindow", "Sent batch {0} to %n waiting agent(s)", "", receivers)
                     .format(sent.id))
        else:
            self.say(QCoreApplication.translate(
                "MainWindow", "No agent is waiting: batch {0} is kept in annotations/sent/ (even across a restart) "
                              "and goes to the next agent that asks (pagenote mcp: wait_for_annotations)")
                     .format(sent.id))
        return receivers

    def clear(self) -> None:
        """Remove every annotation (of every tab), the overall note and the batch's screenshot lines."""
        self.batch_session.clear()
        forget_shots(self.batch_session)
        self.say(QCoreApplication.translate("MainWindow", "Annotations cleared"))
