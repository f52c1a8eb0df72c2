"""Popups under the host's policy: ``window.open`` and ``target=_blank`` open as a new tab in the opener's
lease, next to the opener (:meth:`~app.runtime.app.PagenoteApp.new_tab`), unless the user turned popups off;
more than :data:`FLOOD_COUNT` in :data:`FLOOD_SECONDS` from one tab are blocked (a popup flood) and reported.

``noopener`` needs nothing here: Chromium creates the popup's page with no opener (``window.opener`` is
``null`` in it, and ``window.open`` returns ``null``) — the popup still opens as a tab.
"""

from __future__ import annotations

import time
from collections import deque

from PySide6.QtCore import QCoreApplication
from PySide6.QtWebEngineCore import QWebEnginePage

#: A tab opening more than this many popups …
FLOOD_COUNT = 5
#: … within this many seconds is flooding: further popups are blocked until the window has passed.
FLOOD_SECONDS = 1.0


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


def install(app, tab) -> None:
    """Make ``tab``'s page open its popups through ``app`` (a :class:`~app.runtime.app.PagenoteApp`): a new
    tab in ``tab.lease`` right after ``tab``, made active unless it is a background tab (Ctrl+click). Blocked
    popups (popups off, a flood) emit ``app.message`` naming the opener's origin."""
    limiter = PopupLimiter()
    background = QWebEnginePage.WebWindowType.WebBrowserBackgroundTab

    def factory(kind):
        url = tab.page.url()
        origin = f"{url.scheme()}://{url.authority()}" if url.authority() else url.toString()
        if not app.allow_popups:
            app.message.emit(QCoreApplication.translate("PagenoteApp", "Blocked a popup from {0} (popups are off in "
                                                        "Settings)").format(origin))
            return None
        if not tab.lease.live or not limiter.allow():
            app.message.emit(QCoreApplication.translate("PagenoteApp", "Blocked a popup flood from {0} (more than "
                                                        "{1} in a second)").format(origin, FLOOD_COUNT))
            return None
        popup = app.new_tab(lease=tab.lease, after=tab, activate=kind != background)
        return popup.page

    tab.page.popup_factory = factory
