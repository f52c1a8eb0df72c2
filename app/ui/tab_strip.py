"""The tab strip: a ``QTabBar`` that mirrors the application's tabs (:class:`~app.runtime.app.PagenoteApp`:
order, titles, the active tab) and turns the user's gestures into the app's intents — select, close, new tab,
new private tab — with Chrome's keys (``Ctrl+T``, ``Ctrl+Shift+N`` for a private tab, ``Ctrl+W``,
``Ctrl+Tab`` / ``Ctrl+Shift+Tab``, ``Ctrl+PgDown`` / ``Ctrl+PgUp``). It shows; it never owns a tab: the app
creates, selects and closes them, and the strip follows its signals (a popup or an agent's ``tabs.new``
appears here like a tab the user opened).

A private tab's label starts with a marker so two tabs on the same site in different leases can be told
apart; its tooltip names the lease.
"""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import QSize
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QTabBar, QWidget

from app.ui import theme
from app.ui.plain_tip import plain_tip

#: Widest tab, in px: room for a documentation page's usual "Page — Project 1.2.3 documentation" title. A
#: longer title is elided by Qt at its end to the width left by the close button, on whole letters (not at a
#: character count); the full title is in the tooltip.
TAB_MAX_WIDTH = 340


class TabStrip(QTabBar):
    """Mirrors ``app``'s tabs; each tab of the bar carries its tab's id as data. The actions
    (``act_new``, ``act_new_isolated``, ``act_close``, ``act_next``, ``act_previous``) are meant for the
    window (``addActions``) so their keys work wherever the focus is.

    :attr:`ask_close` (``tab -> bool``, default none) lets the window ask before a tab with unsent
    annotations closes (Send / Keep for next start / Discard / Cancel); false keeps the tab.
    """

    def __init__(self, app, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.app = app
        self.setTabsClosable(True)
        self.setMovable(False)
        self.setExpanding(False)
        self.setDocumentMode(True)
        self.setElideMode(self.elideMode().ElideRight)
        self.setUsesScrollButtons(True)
        self._syncing = False
        for tab in app.tabs:
            self._added(tab)
        self._follow_active(app.active_tab)
        app.tab_added.connect(self._added)
        app.tab_closed.connect(self._closed)
        app.active_changed.connect(self._follow_active)
        self.currentChanged.connect(self._chosen)
        self.ask_close = None
        self.tabCloseRequested.connect(lambda index: self.close_tab(self.tabData(index)))
        self.act_new = self._action(self.tr("New tab"), "Ctrl+T", lambda: self.app.new_tab())
        self.act_new.setIcon(theme.icon("plus"))   # Lucide "plus", as every toolbar icon
        self.act_new_isolated = self._action(self.tr("New private tab"), "Ctrl+Shift+N",
                                             lambda: self.app.new_isolated_tab())
        self.act_close = self._action(self.tr("Close tab"), "Ctrl+W", self._close_current)
        self.act_next = self._action(self.tr("Next tab"), ["Ctrl+Tab", "Ctrl+PgDown"], lambda: self.step(1))
        self.act_previous = self._action(self.tr("Previous tab"), ["Ctrl+Shift+Tab", "Ctrl+PgUp"],
                                         lambda: self.step(-1))

    def _action(self, text: str, keys, slot) -> QAction:
        action = QAction(text, self)
        action.setShortcuts([QKeySequence(k) for k in ([keys] if isinstance(keys, str) else keys)])
        action.setStatusTip(text)
        action.triggered.connect(slot)
        return action

    def tabSizeHint(self, index: int) -> QSize:  # noqa: N802 (Qt virtual)
        """Qt's size for the tab's whole label, capped at :data:`TAB_MAX_WIDTH` px (Qt then elides the text)."""
        hint = super().tabSizeHint(index)
        return QSize(min(hint.width(), TAB_MAX_WIDTH), hint.height())

    def minimumTabSizeHint(self, index: int) -> QSize:  # noqa: N802 (Qt virtual)
        hint = super().minimumTabSizeHint(index)
        return QSize(min(hint.width(), TAB_MAX_WIDTH), hint.height())

    def actions_for_window(self) -> list[QAction]:
        """The strip's actions, to add to the window (their shortcuts then work with the focus anywhere)."""
        return [self.act_new, self.act_new_isolated, self.act_close, self.act_next, self.act_previous]

    # -- following the app ---------------------------------------------------------------------------------------

    def index_of(self, tab_id: str) -> int:
        """The bar index of tab ``tab_id``, -1 when it has none."""
        return next((i for i in range(self.count()) if self.tabData(i) == tab_id), -1)

    def _label(self, tab) -> str:
        title = tab.page.title() or tab.page.url().toString() or self.tr("New tab")
        return f"◆ {title}" if tab.lease is not self.app.lease else title

    def _added(self, tab) -> None:
        self._syncing = True
        try:
            index = self.app.tabs.index(tab) if tab in self.app.tabs else self.count()
            index = self.insertTab(index, self._label(tab))
            self.setTabData(index, tab.id)
            self._describe(tab)
        finally:
            self._syncing = False
        tab.page.titleChanged.connect(lambda _t, tab=tab: self._describe(tab))
        tab.page.urlChanged.connect(lambda _u, tab=tab: self._describe(tab))

    def _describe(self, tab) -> None:
        if not shiboken6.isValid(self):  # the page outlived the strip (the window went first)
            return
        index = self.index_of(tab.id)
        if index < 0:
            return
        self.setTabText(index, self._label(tab))
        lease = self.tr("lease: {0}").format(tab.lease.name)
        self.setTabToolTip(index, plain_tip(f"{tab.page.title() or tab.page.url().toString()}\n{lease}"))

    def _closed(self, tab) -> None:
        index = self.index_of(tab.id)
        if index >= 0:
            self._syncing = True
            try:
                self.removeTab(index)
            finally:
                self._syncing = False

    def _follow_active(self, tab) -> None:
        if tab is None:
            return
        index = self.index_of(tab.id)
        if index >= 0 and index != self.currentIndex():
            self._syncing = True
            try:
                self.setCurrentIndex(index)
            finally:
                self._syncing = False

    # -- the user's gestures -------------------------------------------------------------------------------------

    def _chosen(self, index: int) -> None:
        if self._syncing or index < 0:
            return
        tab_id = self.tabData(index)
        if self.app.active_tab is None or self.app.active_tab.id != tab_id:
            self.app.select_tab(tab_id)

    def step(self, direction: int) -> None:
        """Make the next (``1``) or previous (``-1``) tab active, wrapping around."""
        if self.count() > 1:
            self.setCurrentIndex((self.currentIndex() + direction) % self.count())

    def _close_current(self) -> None:
        if self.app.active_tab is not None:
            self.close_tab(self.app.active_tab.id)

    def close_tab(self, tab_id: str) -> bool:
        """Close tab ``tab_id`` unless it is the last one (the window always shows a page) or
        :attr:`ask_close` says no. Returns whether it closed."""
        if len(self.app.tabs) <= 1:
            return False
        if self.ask_close is not None and not self.ask_close(self.app.tab(tab_id)):
            return False
        self.app.close_tab(tab_id)
        return True
