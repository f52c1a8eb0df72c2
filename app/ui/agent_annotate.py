"""The window's side of an agent's ``browser_annotate`` (:mod:`app.agent.annotate`): annotation mode on in the
asked tab, the mode strip saying an agent asked for notes, and word back when the user leaves the mode or
closes the tab. Installed as ``app.annotation_ui``; ``pagenote serve`` has none (the agent is told a window is
needed)."""

from __future__ import annotations

from collections.abc import Callable

import shiboken6
from PySide6.QtCore import QObject

from app.core.errors import PagenoteError


class AgentAnnotate(QObject):
    """:class:`app.agent.annotate.AnnotationUi` over ``window`` (a :class:`~app.ui.main_window.MainWindow`).
    ``requests``: how many agent requests wait in each tab (by tab id); the strip says so while any does."""

    def __init__(self, window) -> None:
        super().__init__(window)
        self.window = window
        self.requests: dict[str, int] = {}
        window.app.annotation_ui = self

    def begin(self, tab, ended: Callable[[str], None]) -> Callable[[bool], None]:
        """See :meth:`app.agent.annotate.AnnotationUi.begin`. Raises ``NO_PAGE`` for a tab without a view,
        ``PAGE_LOAD_FAILED`` when annotation mode cannot start there."""
        app = self.window.app
        view = self.window.views.get(tab.id)
        if view is None:
            raise PagenoteError("NO_PAGE", f"tab {tab.id} is not shown in the window")
        if self.window.current is not view:
            app.select_tab(tab.id)
        controller = view.annotate
        was_on = controller.active
        self.requests[tab.id] = self.requests.get(tab.id, 0) + 1
        view.mode_banner.set_agent_request(True)
        controller.set_mode(True)
        if not controller.active:  # Chromium's error page: the controller said why in the status bar
            self._release(view, tab.id)
            raise PagenoteError("PAGE_LOAD_FAILED", "the tab shows Chromium's error page, not a page to annotate",
                                "open or reload the page, then call browser_annotate again")

        def mode_changed(on: bool) -> None:
            if not on:  # a closing tab's view leaves the mode first: tell the two apart
                ended("left" if any(t is tab for t in app.tabs) else "closed")

        def tab_closed(closed) -> None:
            if closed is tab:
                ended("closed")

        controller.mode_changed.connect(mode_changed)
        app.tab_closed.connect(tab_closed)

        def finish(sent: bool) -> None:
            for signal, slot in ((controller.mode_changed, mode_changed), (app.tab_closed, tab_closed)):
                try:
                    signal.disconnect(slot)
                except (RuntimeError, TypeError):  # the controller went with its tab
                    pass
            if not shiboken6.isValid(view):
                self.requests.pop(tab.id, None)
                return
            self._release(view, tab.id)
            if sent and not was_on and controller.active and not self.requests.get(tab.id):
                controller.set_mode(False)  # the agent acts next: the page as before the request

        return finish

    def _release(self, view, tab_id: str) -> None:
        left = self.requests.get(tab_id, 1) - 1
        if left > 0:
            self.requests[tab_id] = left
            return
        self.requests.pop(tab_id, None)
        view.mode_banner.set_agent_request(False)


def install_agent_annotate(window) -> AgentAnnotate:
    """Serve agents' ``browser_annotate`` in ``window``. Returns the :class:`AgentAnnotate`."""
    return AgentAnnotate(window)
