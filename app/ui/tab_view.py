"""One tab's part of the window: its page area (the page's JS dialog bar above its view), what the host draws
over the view (marks, find bar, mode banner, the agent's bar), the annotation controller and the page keys. The
window keeps one :class:`TabView` per :class:`~app.tabs.tab.Tab` in a stack and shows the active tab's; a tab
in the background keeps its annotations, markers and find state for when it comes back (Chrome keeps a
background tab's page and state the same way). One side panel shows the window's one batch, the shown tab's
rows first."""

from __future__ import annotations

from PySide6.QtCore import QObject, QUrl
from PySide6.QtWidgets import QStackedWidget, QToolBar, QVBoxLayout, QWidget

from app.tabs.actions import agent_parts
from app.tabs.browser import attach as browser_parts
from app.tabs.network_cdp import network_detail
from app.tabs.tab import Tab
from app.ui.agent_bar import AgentBar
from app.ui.annotate import AnnotateController
from app.ui.clear_undo import offer_undo
from app.ui.dialog_bar import DialogBar
from app.ui.find_bar import FindBar
from app.ui.keys import PageKeys
from app.ui.marks import MarksOverlay
from app.ui.mode_banner import ModeBanner
from app.ui.panel import AnnotationPanel
from app.ui.tab_strip import TabStrip


def current_part(name: str, doc: str) -> property:
    """A read-only property of the window giving attribute ``name`` of its shown :class:`TabView`."""
    return property(lambda window: getattr(window.current, name), doc=doc)


class TabView(QWidget):
    """``tab``'s page area in ``window`` (a :class:`~app.ui.main_window.MainWindow`); the page column of the
    window's stack. Attributes: ``tab``, ``column`` (the page area's vertical layout: bars above the view),
    ``dialog_bar``, ``agent_bar``, ``marks``, ``annotate``, ``find_bar``, ``mode_banner``, ``page_keys``,
    ``panel`` (the window's one :class:`~app.ui.panel.AnnotationPanel`, shared by every tab).

    The signals that only concern the tab are wired here; :meth:`wire` connects the ones that reach the
    window (status messages, the toolbar's Annotate check, the address bar), each acting only while this is
    the window's current tab."""

    def __init__(self, window, tab: Tab, panel: AnnotationPanel) -> None:
        super().__init__()
        self.window, self.tab = window, tab
        self.annotate = AnnotateController(tab)
        self.panel = panel
        self.dialog_bar = DialogBar(tab.dialogs)  # the page's JS dialogs, answered already: never modal
        self.column = QVBoxLayout(self)
        self.column.setContentsMargins(0, 0, 0, 0)
        self.column.setSpacing(0)
        self.column.addWidget(self.dialog_bar)
        self.column.addWidget(tab.view, 1)
        view = tab.view
        self.agent_bar = AgentBar(agent_parts(tab), view)  # floats: the agent acting, Stop, its clicks
        # The highlight and markers, drawn over the view by the host (the page cannot hide or move them).
        self.marks = MarksOverlay(view, tab.annotator.scene)
        self.annotate.marks = self.marks  # badge hit tests and note-box placement use what it draws
        self.marks.follow_panel(panel, tab.id, tab.annotator.target)  # the selected row's marker is emphasised
        self.find_bar = FindBar(view)     # floating over the view (the page keeps its size)
        self.mode_banner = ModeBanner(view)
        self.column.addWidget(self.mode_banner)  # a strip under the page: never over its content
        self.mode_banner.done.clicked.connect(lambda: self.annotate.set_mode(False))
        self.page_keys = PageKeys(window, view)  # pagenote's own keys on the first press in the page
        self.annotate.mode_changed.connect(self.mode_banner.set_mode)
        self.annotate.mode_changed.connect(self.marks.set_mode_frame)
        self.pick = None   # the pick among an ambiguous annotation's candidates under way (choose)

    @property
    def current(self) -> bool:
        """Whether this is the tab the window shows."""
        return self.window.current is self

    def wire(self) -> None:
        """Connect what reaches the window: messages to its status line, the mode to its Annotate action and
        keys, the page's address and title to its address bar and title (while current). Call once the
        window's toolbar exists."""
        w, tab = self.window, self.tab
        self.find_bar.closed.connect(lambda: w.find_closed() if self.current else None)
        self.annotate.message.connect(w.say)
        self.annotate.undoable.connect(lambda text, undo: offer_undo(w, text, undo))
        self.annotate.mode_changed.connect(lambda on: w.act_annotate.setChecked(on) if self.current else None)
        self.annotate.mode_changed.connect(lambda _on: w.keys.update() if self.current else None)
        self.annotate.note_box.visibility_changed.connect(lambda _on: w.keys.update() if self.current else None)
        tab.load_result.connect(lambda result: w.loaded(result) if self.current else None)
        tab.message.connect(w.say)
        tab.view.urlChanged.connect(lambda _url: w.show_address() if self.current else None)
        tab.view.titleChanged.connect(lambda _title: w.show_title() if self.current else None)
        # Another tab's group headers in the panel name this tab by its title.
        tab.view.titleChanged.connect(lambda _title: self.panel.refresh()
                                      if not self.current and tab.session.pins else None)

    def choose(self, pin_id: str):
        """Show the candidates of ambiguous annotation ``pin_id`` on the page for the user to pick its element
        (:class:`~app.ui.candidate_pick.CandidatePick`, what it says in the status line). Returns the pick, or
        ``None`` when there is nothing to choose from."""
        from app.ui.candidate_pick import CandidatePick

        if self.pick is not None:   # one pick at a time: the last one ends here
            self.pick.cancel()
            self.pick.deleteLater()
        self.pick = CandidatePick(self.tab, self.marks, pin_id)
        self.pick.message.connect(self.window.say)
        return self.pick if self.pick.start() else None

    def leave(self) -> None:
        """The window shows another tab: annotation mode, a pick among candidates and the find bar end here
        (their keys and the toolbar's Annotate check follow the shown tab)."""
        self.annotate.set_mode(False)
        if self.pick is not None:
            self.pick.cancel()
        if self.find_bar.isVisible():
            self.find_bar.close_bar()

    def shutdown(self) -> None:
        """Before the tab's view goes: mode off, filters off."""
        self.annotate.set_mode(False)
        self.page_keys.shutdown()
        self.annotate.shutdown()


class TabDeck(QObject):
    """``window``'s tabs: a :class:`TabView` per tab of ``window.app`` (``views``, by tab id) in ``stack``, the
    shown one ``current``, and the one ``panel`` (also ``panels``, the splitter's side) over the app's one
    batch. Follows the app: a new tab (the user's, a popup, an agent's ``tabs.new``) gets its view; a closing
    tab's view goes before its page; the active tab is shown with the toolbar, keys, zoom indicator, address
    bar, title, Console dock and DevTools on it, and its rows first in the panel. The panel's Edit and Delete
    go to the row's tab (shown first). For a closed tab's row, Edit re-opens its page in a new tab that takes
    over its annotations (:meth:`reopen`) and Delete removes it from the batch."""

    def __init__(self, window) -> None:
        super().__init__(window)
        self.window, self.app = window, window.app
        self.views: dict[str, TabView] = {}
        self.stack = QStackedWidget()
        first = self.app.active_tab or self.app.new_tab()
        self.panel = self.panels = AnnotationPanel(self.app.batch_session, self.app.hub)
        self.panel.tab_label = self.tab_label
        self.panel.tab_page = self.tab_page
        self.panel.set_current_tab(first.id)
        self.panel.edit_requested.connect(self._edit)
        self.panel.delete_requested.connect(self._delete)
        self.panel.choose_requested.connect(self._choose)
        self.panel.summary_changed.connect(self.app.batch_session.set_summary)
        for tab in self.app.tabs:
            self._add(tab)
        self.current: TabView | None = self.views[first.id]
        self.stack.setCurrentWidget(self.current)

    def tab_label(self, tab_id: str) -> str:
        """How the panel names tab ``tab_id``: ``Tab 2: <title>`` (its place in the strip), or ``Closed tab``."""
        for index, tab in enumerate(self.app.tabs, start=1):
            if tab.id == tab_id:
                title = tab.page.title() or tab.page.url().toString()
                title = title if len(title) <= 40 else title[:39] + "…"
                return self.tr("Tab {0}: {1}").format(index, title)
        return self.tr("Closed tab")

    def tab_page(self, tab_id: str) -> str | None:
        """The page (key, app.webview.annotator page_key) tab ``tab_id`` shows now, ``None`` for a closed tab."""
        tab = next((t for t in self.app.tabs if t.id == tab_id), None)
        return tab.annotator.page_key() if tab is not None else None

    def _edit(self, pin_id: str, tab_id: str) -> None:
        view = self.views.get(tab_id)
        if view is None:
            self.reopen(tab_id)
            return
        if view is not self.current:
            self.app.select_tab(tab_id)
        view.annotate.edit(pin_id)

    def reopen(self, tab_id: str):
        """Open the page of closed tab ``tab_id``'s annotations in a new tab (the window's lease) and move
        them to it, so their markers re-anchor there. Returns the new tab, ``None`` when it held none."""
        pages = [p.page for p in self.app.batch_session.pins if p.tab == tab_id]
        if not pages:
            return None
        tab = self.app.new_tab(QUrl(pages[0]) if pages[0] else None)
        self.app.batch_session.retab(tab_id, tab.id)
        return tab

    def _choose(self, pin_id: str, tab_id: str) -> None:
        view = self.views.get(tab_id)
        if view is None:
            return
        if view is not self.current:
            self.app.select_tab(tab_id)
        view.choose(pin_id)

    def _delete(self, pin_id: str, tab_id: str) -> None:
        view = self.views.get(tab_id)
        if view is not None:
            view.annotate.delete(pin_id)
        else:
            self.app.batch_session.remove(pin_id, tab_id)

    def build_strip(self) -> TabStrip:
        """The tab strip in a toolbar of its own above the window's main one, with a New tab button; its keys
        are window actions (they work wherever the focus is). Returns the strip."""
        w = self.window
        strip = TabStrip(self.app)
        bar = QToolBar(self.tr("Tabs"), w)  # parented: PySide6 does not take ownership in insertToolBar
        bar.setObjectName("tabsToolbar")
        bar.setMovable(False)
        bar.setFloatable(False)
        bar.addWidget(strip)
        strip.act_new.setToolTip(self.tr("New tab (Ctrl+T)"))
        strip.act_new.setIconText("+")
        bar.addAction(strip.act_new)
        w.insertToolBar(w.toolbars.bar, bar)
        w.insertToolBarBreak(w.toolbars.bar)
        w.addActions(strip.actions_for_window())
        # A new tab is for typing an address, as in every browser: the address bar takes the keys at once.
        for action in (strip.act_new, strip.act_new_isolated):
            action.triggered.connect(lambda _=False: (w.address.setFocus(), w.address.selectAll()))
        return strip

    def start(self) -> None:
        """Wire every view to the window (its toolbar exists now) and follow the app's tabs."""
        self.panel.set_send_action(self.window.act_send)  # one Send: the toolbar's action, also in the panel
        for view in self.views.values():
            view.wire()
        self.app.tab_added.connect(self._added)
        self.app.tab_closed.connect(self._closed)
        self.app.active_changed.connect(self.show)
        self.show(self.app.active_tab, force=True)

    def _add(self, tab: Tab) -> TabView:
        view = self.views[tab.id] = TabView(self.window, tab, self.panel)
        self.stack.addWidget(view)
        tab.page.urlChanged.connect(self._page_changed)   # the headers say whether the tab shows their page
        return view

    def _page_changed(self, _url) -> None:
        if len({p.tab for p in self.app.batch_session.pins}) > 1:   # headers name tabs only then
            self.panel.refresh()

    def _added(self, tab: Tab) -> None:
        self._add(tab).wire()

    def _closed(self, tab: Tab) -> None:
        view = self.views.pop(tab.id, None)
        if view is None:
            return
        view.shutdown()
        if self.current is view:
            self.current = None
        self.stack.removeWidget(view)
        view.deleteLater()  # after the app deleted the tab's view (a child of it)
        self.panel.refresh()  # its rows (kept in the batch) now say "Closed tab"

    def show(self, tab: Tab | None, force: bool = False) -> None:
        """Show ``tab`` (the app's active one; nothing for ``None`` or a tab without a view)."""
        view = self.views.get(tab.id) if tab is not None else None
        if view is None or (view is self.current and not force):
            return
        if self.current is not None and self.current is not view:
            self.current.leave()
        w = self.window
        self.current = view
        self.stack.setCurrentWidget(view)
        self.panel.set_current_tab(tab.id)  # its rows first
        w.act_annotate.setChecked(view.annotate.active)
        w.keys.attach(tab.view)
        w.console_dock.follow(browser_parts(tab).console)
        w.network_dock.follow(browser_parts(tab).network, network_detail(tab))
        if w.devtools.isVisible():
            w.devtools.close()
        w.devtools.session = tab.cdp
        zoom = tab.view.zoomFactor()  # each tab keeps its own zoom (Chrome keeps it per tab)
        if abs(zoom - 1.0) > 1e-3 or not w.status.zoom_button.isHidden():  # untouched at 100 %: no relayout
            w.status.show_zoom(zoom)
        w.show_address()
        w.show_title()
        if not force and not w.address.hasFocus():
            tab.view.setFocus()
