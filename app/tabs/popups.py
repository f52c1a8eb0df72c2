"""Popups under the host's policy, as Chrome's popup blocker has them: ``window.open`` and ``target=_blank``
open as a new tab in the opener's lease, next to the opener (:meth:`~app.runtime.app.PagenoteApp.new_tab`),
only when the page has user activation — the user's (or the agent's) click or key press into it. Without one
the popup is blocked, the opener's :class:`TabPopups` keeps it and the window shows a bar with **Allow once**
(``app.ui.policy_bars.PopupBar``). Also blocked: every popup when the user turned popups off, and more than
:data:`FLOOD_COUNT` in :data:`FLOOD_SECONDS` from one tab (a flood). A popup opens in front (the active tab)
unless it asked for a background tab (Ctrl+click) or an agent is acting on a page (agent control ``acting``,
:mod:`app.tabs.agent_control`): then it opens behind, and the agent's next call still acts on its tab.

The gesture comes from Chromium: ``QWebEngineNewWindowRequest.isUserInitiated()`` (the renderer's
``user_gesture``). Qt 6.12 (``QWebEnginePagePrivate::adoptNewWindow``) emits ``newWindowRequested`` only when
the page's ``createWindow`` returns no page, so the page's factory returns ``None`` and the decision is made in
the signal. A blocked ``window.open`` still returns a window object in the page (Chromium made its contents
before asking), whose page is never shown and closes at once.

``noopener`` needs nothing here: Chromium creates the popup's page with no opener (``window.opener`` is
``null`` in it, and ``window.open`` returns ``null``) — the popup still opens as a tab.
"""

from __future__ import annotations

import time
from collections import deque
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication, QObject, QUrl, Signal
from PySide6.QtWebEngineCore import QWebEngineNewWindowRequest

from app.tabs.agent_control import ACTING
from app.webview.urls import url_origin

#: A tab opening more than this many popups …
FLOOD_COUNT = 5
#: … within this many seconds is flooding: further popups are blocked until the window has passed.
FLOOD_SECONDS = 1.0
#: Blocked popups one tab keeps for Allow once (the newest; older ones are dropped).
KEEP_BLOCKED = 10
#: URL schemes "Allow once" opens (and ``about:blank``): never file:, data:, view-source:, javascript: or an app
#: scheme, which the page could not open as a top-level document itself.
ALLOW_ONCE_SCHEMES = ("http", "https")


class PopupLimiter:
    """Counts one opener's popups: :meth:`allow` is false for a popup that would be the
    ``FLOOD_COUNT + 1``-th within ``FLOOD_SECONDS`` (times in seconds, ``time.monotonic``)."""

    def __init__(self, count: int = FLOOD_COUNT, seconds: float = FLOOD_SECONDS) -> None:
        self.count, self.seconds = count, seconds
        self._times: deque[float] = deque()

    def allow(self, now: float | None = None) -> bool:
        """Whether one more popup may open now (an allowed one is counted; a blocked one is not)."""
        now = time.monotonic() if now is None else now
        while self._times and now - self._times[0] >= self.seconds:
            self._times.popleft()
        if len(self._times) >= self.count:
            return False
        self._times.append(now)
        return True


@dataclass(frozen=True)
class BlockedPopup:
    """A popup blocked for want of a gesture: the ``url`` it asked for and the ``origin`` of the page that
    asked."""

    url: str
    origin: str


def agent_acting(app) -> bool:
    """Whether an agent is acting on any of ``app``'s tabs now (its control is ``acting``)."""
    for tab in app.tabs:
        parts = getattr(tab, "agent", None)   # made on an agent's first action (app.tabs.agent_control)
        if parts is not None and parts.control.state == ACTING:
            return True
    return False


class TabPopups(QObject):
    """One tab's popups (module docstring): ``blocked`` lists the popups blocked for want of a gesture, oldest
    first; :meth:`allow_once` opens one, :meth:`dismiss` forgets them.

    Signals:
        blocked_changed(list): ``blocked`` changed (empty: none waits; the bar hides).
    """

    blocked_changed = Signal(list)

    def __init__(self, app, tab) -> None:
        super().__init__(tab)
        self.app, self.tab = app, tab
        self.blocked: list[BlockedPopup] = []
        self.limiter = PopupLimiter()

    def _say(self, text: str) -> None:
        self.app.message.emit(text)

    def opener_origin(self) -> str:
        """The origin of the document the tab shows now, as the popup messages and the bar name the opener
        (``url_origin``'s form; ``""`` before the tab's first document).

        Read from the navigation history's current entry, which Chromium updates when a document commits, not
        from ``page.url()``: Qt 6.12 updates that on a zero timer after the commit
        (``WebContentsDelegateQt::NavigationStateChanged``), and a script that calls ``window.open`` at once can
        ask before the timer ran — ``page.url()`` then still names the tab's previous document (another origin)
        or nothing on a first load. Before a new document commits, the current entry is still the old one."""
        item = self.tab.page.history().currentItem()
        url = item.url() if item.isValid() and not item.url().isEmpty() else self.tab.page.url()
        return url_origin(url) or url.toString()

    def requested(self, request: QWebEngineNewWindowRequest) -> None:
        """Decide on the page's popup ``request`` (module docstring); an opened one is adopted by a new tab."""
        origin = self.opener_origin()
        url = request.requestedUrl().toString()
        if not self.app.allow_popups:
            self._say(QCoreApplication.translate("PagenoteApp", "Blocked a popup from {0} (popups are off in "
                                                 "Settings)").format(origin))
            return
        if not request.isUserInitiated():
            self.blocked = (self.blocked + [BlockedPopup(url, origin)])[-KEEP_BLOCKED:]
            self._say(QCoreApplication.translate("PagenoteApp", "Blocked a popup from {0} to {1}: no click or key "
                                                 "press opened it").format(origin, url))
            self.blocked_changed.emit(list(self.blocked))
            return
        if not self.tab.lease.live or not self.limiter.allow():
            self._say(QCoreApplication.translate("PagenoteApp", "Blocked a popup flood from {0} (more than {1} in a "
                                                 "second)").format(origin, FLOOD_COUNT))
            return
        behind = request.destination() == QWebEngineNewWindowRequest.DestinationType.InNewBackgroundTab
        driving = agent_acting(self.app)
        popup = self.app.new_tab(lease=self.tab.lease, after=self.tab, activate=not (behind or driving))
        request.openIn(popup.page)
        if driving and not behind:
            self._say(QCoreApplication.translate("PagenoteApp", "A popup from {0} opened behind the page the agent "
                                                 "is using (tab {1})").format(origin, popup.id))

    def allow_once(self, popup: BlockedPopup | None = None):
        """The user allows ``popup`` (default: the newest blocked one) once: it opens in a new tab next to this
        one (in front, unless an agent is acting), with no opener. Returns the new tab, or ``None`` when nothing
        was blocked or its URL is not http(s) or ``about:blank`` (:data:`ALLOW_ONCE_SCHEMES`)."""
        if popup is None:
            popup = self.blocked[-1] if self.blocked else None
        if popup is None:
            return None
        self.blocked = [p for p in self.blocked if p is not popup]
        self.blocked_changed.emit(list(self.blocked))
        url = QUrl(popup.url)
        # The host loads the allowed URL, with more rights than the page that asked: only what a page may open
        # itself (Chromium refuses renderer-initiated top-level file:, data: and view-source: navigations).
        if url.scheme() not in ALLOW_ONCE_SCHEMES and url.toString() != "about:blank" or not self.tab.lease.live:
            return None
        return self.app.new_tab(url, lease=self.tab.lease, after=self.tab, activate=not agent_acting(self.app))

    def dismiss(self) -> None:
        """Forget the blocked popups (the bar's close button)."""
        self.blocked = []
        self.blocked_changed.emit([])


def install(app, tab) -> TabPopups:
    """Make ``tab``'s page open its popups through ``app`` (a :class:`~app.runtime.app.PagenoteApp`) under the
    policy of the module docstring; returns the tab's :class:`TabPopups` (also ``tab.popups``)."""
    popups = tab.popups = TabPopups(app, tab)
    # Qt 6.12 asks createWindow first and emits newWindowRequested (with the gesture) only when it returns None.
    tab.page.popup_factory = lambda _kind: None
    tab.page.newWindowRequested.connect(popups.requested)
    return popups
