"""A tab's page revisions as the host sees them: the waiters of ``page.wait_for_change`` and how they wake.

Nothing polls. A waiter arms the main frame's page script (``revisionArm``, ``app/picker_js/revision.js``);
the page pushes its next revision once, through the ``QWebChannel`` the marks scene already bound to
pagenote's isolated world of the main frame (:mod:`app.webview.scene`: Qt installs ``qt.webChannelTransport``
there only), as an "invoke method" message to the object :data:`CHANNEL_OBJECT`. The receiving slot wakes
every waiter of the tab at once (several agents may wait). A navigation wakes them too (the page's
``loadStarted``/``urlChanged`` signals): the new document has revisions of its own. Sub-frames have no
channel: their changes are not waited for (page.context reads the top document only).

The pushed text is untrusted (a compromised renderer could send anything): it is only a wake-up; what
changed is read back with a bridge call.
"""

from __future__ import annotations

import asyncio
import logging

from PySide6.QtCore import QObject, Slot
from PySide6.QtWebChannel import QWebChannel
from PySide6.QtWebEngineCore import QWebEnginePage

from app.webview.bridge import WORLD

log = logging.getLogger("pagenote.revisions")

#: The channel object's name, as revision.js addresses it.
CHANNEL_OBJECT = "pagenote_revision"


class _Receiver(QObject):
    """The object the main frame's page script calls (slot ``revision(json)``)."""

    def __init__(self, feed: RevisionFeed) -> None:
        super().__init__(feed)
        self._feed = feed

    @Slot(str)
    def revision(self, _text: str) -> None:  # called by the page script (QWebChannel "invoke method")
        self._feed.pushes += 1
        self._feed.wake()


class RevisionFeed(QObject):
    """Wake-ups for the waiters of one page (``page``: the tab's ``QWebEnginePage``). :meth:`waiter` gives a
    future that completes at the next push or navigation; :meth:`drop` forgets it."""

    def __init__(self, page: QWebEnginePage) -> None:
        super().__init__(page)
        self.pushes = 0
        self._waiters: set[asyncio.Future] = set()
        self._receiver = _Receiver(self)
        channel = page.webChannel()
        if channel is None:   # no marks scene on this page: a channel of our own in the same world
            channel = QWebChannel(self)
            page.setWebChannel(channel, WORLD)
        channel.registerObject(CHANNEL_OBJECT, self._receiver)
        page.loadStarted.connect(self.wake)
        page.urlChanged.connect(lambda _url: self.wake())

    def waiter(self) -> asyncio.Future:
        """A future completed (``None``) at the next wake-up. Must be called on the Qt thread's loop."""
        future = asyncio.get_running_loop().create_future()
        self._waiters.add(future)
        return future

    def drop(self, future: asyncio.Future) -> None:
        """Forget ``future`` (its wait ended)."""
        self._waiters.discard(future)

    @property
    def waiting(self) -> int:
        """How many waits are parked now."""
        return len(self._waiters)

    def wake(self) -> None:
        """Complete every parked waiter's future (the page pushed a revision, or the page navigated)."""
        for future in list(self._waiters):
            if not future.done():
                future.set_result(None)
        self._waiters.clear()
