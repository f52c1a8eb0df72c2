"""Who is in charge of a tab's page: the user, or an agent acting on it (:class:`AgentControl`), and the parts a
tab needs for the agent's actions (:class:`AgentParts`, :func:`agent_parts`). Data and signals, no widgets: the
window's agent bar shows them and offers Stop / Hand back.

States:

=============  ==========================================================================================
``idle``       no agent has acted lately; an action makes it ``acting``
``acting``     an agent acted within :data:`ACTING_MS`; the window says "Agent is using this page"
``stopped``    the user pressed Stop or clicked into the page while the agent was acting: every further
               action fails with ``USER_TOOK_CONTROL`` until the user hands the page back (``idle``)
=============  ==========================================================================================

A user click is a mouse press on the view's focus proxy that :class:`~app.webview.input.AgentInput` did not
send (:func:`~app.webview.input.agent_sending`), in annotation mode too. Keys and the wheel do not take
control: only a click into the page does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import shiboken6
from PySide6.QtCore import QEvent, QObject, QPointF, QTimer, Signal
from PySide6.QtWebEngineWidgets import QWebEngineView

from app.core.errors import PagenoteError
from app.webview.dialog_hold import DialogHold
from app.webview.input import AgentInput, agent_sending

if TYPE_CHECKING:
    from app.tabs.tab import Tab

#: After the agent's last action the page counts as in its hands this long (ms): a user click within it takes
#: control; after it the bar goes away and a click is just a click.
ACTING_MS = 30_000

IDLE, ACTING, STOPPED = "idle", "acting", "stopped"


class AgentControl(QObject):
    """Who is in charge of ``view``'s page (module docstring).

    Signals:
        changed(str): the state changed (``idle`` | ``acting`` | ``stopped``).
        pointer(QPointF): the agent clicked at this point (view px): the window draws a brief mark there.
    """

    changed = Signal(str)
    pointer = Signal(QPointF)

    def __init__(self, view: QWebEngineView, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.view = view
        self.state = IDLE
        self.why = ""
        self._proxy: QObject | None = None
        self._idle = QTimer(self)
        self._idle.setSingleShot(True)
        self._idle.setInterval(ACTING_MS)
        self._idle.timeout.connect(lambda: self._set(IDLE) if self.state == ACTING else None)
        view.installEventFilter(self)
        self._hook()

    def _hook(self) -> None:
        if not shiboken6.isValid(self.view):   # the view is being destroyed
            return
        proxy = self.view.focusProxy()
        if proxy is not None and proxy is not self._proxy:
            proxy.installEventFilter(self)
            self._proxy = proxy

    def _set(self, state: str) -> None:
        if state != self.state:
            self.state = state
            self.changed.emit(state)

    def begin(self) -> None:
        """An agent action starts. Raises :class:`PagenoteError` ``USER_TOOK_CONTROL`` while ``stopped``."""
        if self.state == STOPPED:
            raise PagenoteError("USER_TOOK_CONTROL", f"the user took the page back ({self.why}); pagenote "
                                                     "refuses agent actions until the user hands it back")
        self._hook()
        self._set(ACTING)
        self._idle.start()

    def clicked_at(self, at: QPointF) -> None:
        """Show the agent's click at ``at`` (view px)."""
        self.pointer.emit(at)

    def stop(self, why: str = "Stop was pressed") -> None:
        """The user takes the page: further actions fail with ``USER_TOOK_CONTROL``."""
        self.why = why
        self._idle.stop()
        self._set(STOPPED)

    def hand_back(self) -> None:
        """The user hands the page back: agents may act again."""
        self.why = ""
        self._set(IDLE)

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt virtual)
        if obj is self.view:
            if event.type() in (QEvent.Type.ChildAdded, QEvent.Type.ChildPolished):
                self._hook()
        elif (obj is self._proxy and self.state == ACTING and event.type() == QEvent.Type.MouseButtonPress
              and not agent_sending()):
            self.stop("the user clicked into the page")
        return False

    def shutdown(self) -> None:
        """Stop watching (before the view is destroyed)."""
        self._idle.stop()
        self.view.removeEventFilter(self)
        if self._proxy is not None:
            self._proxy.removeEventFilter(self)
            self._proxy = None


class AgentParts:
    """A tab's agent parts: ``control`` (:class:`AgentControl`), ``dialogs`` (:class:`DialogHold`, installed as
    the page's ``dialog_hold``: dialogs are held while the agent is acting) and ``input``
    (:class:`AgentInput`)."""

    def __init__(self, tab: Tab) -> None:
        self.control = AgentControl(tab.view, tab)
        self.dialogs = DialogHold(tab)
        self.input = AgentInput(tab.view)
        #: The role and name (``button "Delete"``) of the element the running action aims its input at: set by
        #: the action once the page named it (the first of the call: a drag's start), cleared by the guard at
        #: each call's start (:func:`app.agent.actions.guard_table`). A dialog the input opens ends the call
        #: before its result, and the result names this element, as the page names it.
        self.acted_on: str | None = None
        tab.page.dialog_hold = self.dialogs
        self.control.changed.connect(self._changed)
        from app.tabs.network_cdp import network_detail  # (it imports app.tabs.browser, which imports tabs)

        if getattr(tab, "cdp", None) is not None:
            network_detail(tab).follow(self.control)  # network details while the agent acts (issue 26, req. 3)

    def _changed(self, state: str) -> None:
        self.dialogs.enabled = state == ACTING
        if state == STOPPED:
            self.dialogs.release()


def agent_parts(tab: Tab) -> AgentParts:
    """``tab``'s :class:`AgentParts` (as ``tab.agent``), made on first use."""
    parts = getattr(tab, "agent", None)
    if parts is None:
        parts = tab.agent = AgentParts(tab)
    return parts
