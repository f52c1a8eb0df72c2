"""The verify view's buttons (issue 31, requirement 2): Check, Accept and Reopen (the follow-up note box's Add
follow-up) of the shown sent annotation, a mixin of :class:`app.ui.verify_view.VerifyView`, which owns ``app``,
``hub``, ``key``, ``errors``, ``running``, ``follow_note``, ``follow_box``, :meth:`refresh` and :meth:`scroll_to`.

Check and Reopen run as tasks (never a nested event loop: :func:`app.core.tasks.spawn`); the view refreshes when
they end. A failure is kept by row in ``errors`` (or, for a verification, ``hub.verify_errors``) and shown.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from shiboken6 import isValid

from app.core.errors import PagenoteError
from app.core.tasks import spawn


def tab_of(app, batch_id: str, number: int):
    """The open tab annotation ``number`` of ``batch_id`` was made in, else the active tab."""
    for tab in getattr(app, "tabs", []) or []:
        ids = tab.session.sent_ids.get(batch_id)
        if ids and len(ids) >= number and ids[number - 1]:
            return tab
    return app.active_tab


class VerifyActions:
    """Check, Accept, Reopen of the shown row (see the module). Its words are the view's (translation context
    ``VerifyView``)."""

    def check(self, fit: bool = False) -> None:
        """Verify the shown row now, as a task; the view updates when it ends (its error shown on failure).
        ``fit``: first give the page view the size the annotation was pinned at
        (:func:`app.ui.verify_resize.fit_view`)."""
        if self.key is None or self.key in self.running:
            return
        key = self.key
        self.running.add(key)
        self.errors.pop(key, None)
        self.refresh()
        spawn(self._check(key, fit), "verification from the panel")

    def fit_and_check(self) -> None:
        """**Resize to the pin's size and check**: the view's size was a check's only difference."""
        self.check(fit=True)

    async def _check(self, key, fit: bool = False) -> None:
        from app.agent.verify_annotations import verify_annotation
        from app.ui.verify_resize import fit_view, size_gap

        try:
            if fit:
                sent = self.hub.store.get(key[0])
                tab = tab_of(self.app, *key)
                gap = size_gap(tab, sent.batch.annotations[key[1] - 1], *key)
                if gap is not None:
                    await fit_view(tab, gap[0])
            await verify_annotation(self.app, self.hub.store, *key)
            self.hub.verify_errors.pop(key, None)
        except PagenoteError as exc:
            self.hub.verify_errors[key] = exc   # shown until a verification of it completes
        finally:
            self.running.discard(key)
        if isValid(self):
            self.hub.changed()   # the rows' verdicts; the shown row is kept (panel_sent)
            self.refresh()

    def accept(self) -> None:
        """Close the shown row's annotation as ``verified`` in the store."""
        if self.key is None:
            return
        try:
            self.hub.store.accept(*self.key)
        except (KeyError, IndexError, ValueError, OSError) as exc:
            self.errors[self.key] = QCoreApplication.translate("VerifyView", "Could not accept: {0}").format(exc)
        else:
            self.errors.pop(self.key, None)
            self.hub.verify_errors.pop(self.key, None)   # accepted: an earlier check's failure is over
        self.hub.changed()
        self.refresh()

    def open_follow_up(self) -> None:
        """Show the follow-up note box (Reopen); nothing without a selected row."""
        if self.key is None or not self.selected():
            return
        self.follow_box.show()
        self.follow_note.setFocus()
        self.scroll_to(self.follow_box)

    def add_follow_up(self) -> None:
        """Add the follow-up note box's text to the current batch as a follow-up of the shown row, as a task."""
        note = self.follow_note.toPlainText().strip()
        if self.key is None or self.key in self.running:
            return
        if not note:
            self.errors[self.key] = QCoreApplication.translate("VerifyView", "Write what is still wrong first.")
            self.refresh()
            return
        key = self.key
        self.running.add(key)
        self.errors.pop(key, None)
        self.refresh()
        spawn(self._reopen(key, note), "reopen from the panel")

    async def _reopen(self, key, note: str) -> None:
        from app.agent.verify_annotations import reopen

        try:
            tab = tab_of(self.app, *key)
            if tab is None:
                raise PagenoteError("NO_PAGE", "no tab is open")
            await reopen(tab, self.hub.store, key[0], key[1], note)
        except PagenoteError as exc:
            self.errors[key] = QCoreApplication.translate("VerifyView", "Could not complete: {0}: {1}").format(
                exc.name, exc.message)
        else:
            if isValid(self) and self.key == key:
                self.follow_note.clear()
                self.follow_box.hide()
                self.scroll_to(None)   # the verdict's first line says where the follow-up went
        finally:
            self.running.discard(key)
        if isValid(self):
            self.hub.changed()   # the row's status and where its follow-up is
            self.refresh()
