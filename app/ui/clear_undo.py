"""Clear with an Undo: the toolbar's Clear removes every annotation and the overall note at once (no
confirmation dialog in the way), and the status bar says ``Cleared 3 annotations — Undo`` for a while; Undo
puts the annotations, the overall note and the page's screenshot lines back as they were (numbers, notes,
statuses), ahead of anything pinned meanwhile."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from app.ui import theme


def _batch(window):
    """The window's batch (:class:`app.model.session.Session`): all tabs' pins and the overall note."""
    return getattr(window, "batch_session", None) or window.session


def clear_with_undo(window) -> None:
    """Clear ``window``'s batch (its :meth:`clear`) and offer Undo in its status bar. Nothing to clear: says so."""
    batch = _batch(window)
    pins, summary = list(batch.pins), batch.summary
    shots = dict(window.tab.capture.shots)
    capture = window.tab.capture
    if not pins and not summary:
        window.say(QCoreApplication.translate("ClearUndo", "Nothing to clear"))
        return
    window.clear()

    def undo() -> None:
        again = {(p.id, getattr(p, "tab", "")) for p in pins}
        batch.pins = pins + [p for p in batch.pins if (p.id, getattr(p, "tab", "")) not in again]
        if summary and not batch.summary:
            window.panel.summary.setPlainText(summary)   # the panel's editor writes it to the batch
            batch.summary = summary
        for page, shot in shots.items():
            capture.shots.setdefault(page, shot)
        batch._changed()   # observers (panel, markers, drafts) redraw from the restored batch
        window.say(QCoreApplication.translate("ClearUndo", "Restored %n annotation(s)", None, len(pins)))

    text = QCoreApplication.translate("ClearUndo", "Cleared %n annotation(s)", None, len(pins))
    window.status.offer(text, QCoreApplication.translate("ClearUndo", "Undo"), undo, theme.icon("undo-2"))


def offer_undo(window, text: str, undo) -> None:
    """Say ``text`` in ``window``'s status bar with an Undo button calling ``undo()`` (as Clear does): Esc on
    a new note that had text discards it this way."""
    window.status.offer(text, QCoreApplication.translate("ClearUndo", "Undo"), undo, theme.icon("undo-2"))
