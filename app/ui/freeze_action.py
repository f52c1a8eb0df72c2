"""The window's Freeze action: one key pauses the shown tab's animations, transitions, videos and
requestAnimationFrame motion in every frame (:mod:`app.webview.freeze`), the same key resumes them. The check
follows the shown tab (each tab keeps its own freeze; a navigation ends it)."""

from __future__ import annotations

from PySide6.QtCore import QObject, QTimer
from PySide6.QtGui import QAction, QKeySequence

from app.core.tasks import spawn
from app.ui import theme
from app.webview.freeze import Freezer, freezer_of

#: Free in pagenote's and Chrome's key maps, and no text field's editing key.
FREEZE_KEY = QKeySequence("Ctrl+Shift+P")


class FreezeAction(QObject):
    """``action``: the checkable window action (toolbar, after Annotate; Help → Keyboard shortcuts lists it)."""

    def __init__(self, window) -> None:
        super().__init__(window)
        self.window = window
        tip = self.tr("Freeze the page: pause its animations, transitions, videos and scripted motion (again: resume)")
        self.action = action = QAction(self.tr("Freeze"), window)
        action.setCheckable(True)
        action.setIcon(theme.icon("snowflake"))
        action.setShortcut(FREEZE_KEY)
        action.setToolTip(f"{tip} ({FREEZE_KEY.toString(QKeySequence.SequenceFormat.NativeText)})")
        action.setStatusTip(tip)
        action.triggered.connect(lambda on: spawn(self.set_frozen(on), "freeze"))
        window.addAction(action)
        bar = window.toolbars.bar
        after = bar.actions()
        at = after.index(window.act_annotate) + 1 if window.act_annotate in after else len(after)
        bar.insertAction(after[at] if at < len(after) else None, action)
        self._watched: set[int] = set()
        # Following the shown tab's freezer (made here if need be) also catches an agent's page.freeze.
        window.tab_strip.currentChanged.connect(lambda _i: QTimer.singleShot(0, self, self.follow))
        QTimer.singleShot(0, self, self.follow)

    def _freezer(self) -> Freezer | None:
        tab = self.window.tab if self.window.current is not None else None
        if tab is None:
            return None
        freezer = freezer_of(tab.bridge)
        if id(freezer) not in self._watched:
            self._watched.add(id(freezer))
            freezer.changed.connect(lambda _on: self.follow())
        return freezer

    def follow(self) -> None:
        """The check shows whether the shown tab is frozen."""
        freezer = self._freezer()
        self.action.setChecked(bool(freezer and freezer.frozen))

    async def set_frozen(self, on: bool) -> dict | None:
        """Freeze or unfreeze the shown tab and say what happened in the status bar; returns the
        :meth:`~app.webview.freeze.Freezer.set_frozen` totals (``None`` without a tab)."""
        freezer = self._freezer()
        if freezer is None:
            return None
        totals = await freezer.set_frozen(on)
        key = FREEZE_KEY.toString(QKeySequence.SequenceFormat.NativeText)
        if on:
            self.window.say(self.tr("Frozen — paused: animations {0}, videos {1}; frames {2} · {3} resumes")
                            .format(totals["animations"], totals["media"], totals["frames"], key))
        else:
            self.window.say(self.tr("Unfrozen: the page moves again"))
        self.follow()
        return totals
