"""What comes back over a tab's CDP session (:class:`~app.webview.cdp.CdpSession`): the tap's lines from the
DevTools frontend, routed — a command's reply or error to the command waiting for it, an event to its
subscribers (:meth:`CdpMessages.subscribe`), the tap's own notes (ready, a pause it skipped, the user's F12
pause) to the session's state — and the commands in flight failed when the session or the page's renderer goes.

A mixin of :class:`~app.webview.cdp.CdpSession`: it uses the session's ``front``, ``_pending`` (command id →
``(future, method)``), ``_subscribers``, ``_ready``, ``_became_ready``, ``pauses_skipped``, ``user_paused`` and
its ``attached`` signal. Events of child targets (out-of-process frames, workers) are dropped: the main target's
only.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable

from PySide6.QtWebEngineCore import QWebEngineScript

from app.core.errors import PagenoteError
from app.webview import cdp_js

log = logging.getLogger("pagenote.cdp")


class CdpMessages:
    """Replies and events of a CDP session; see the module docstring."""

    def subscribe(self, method: str, callback: Callable[[dict], None]) -> Callable[[], None]:
        """Call ``callback(params)`` for every CDP event named ``method`` (e.g. ``"Network.responseReceived"``)
        of the inspected page's main target; returns the function that unsubscribes. Events come only while
        attached, and only for domains someone enabled (the frontend enables Runtime, Network, Log, Debugger …
        itself). A callback that raises is logged and kept."""
        self._subscribers.setdefault(method, []).append(callback)
        self._push_subscriptions()

        def unsubscribe() -> None:
            callbacks = self._subscribers.get(method, [])
            if callback in callbacks:
                callbacks.remove(callback)
            if not callbacks:
                self._subscribers.pop(method, None)
            self._push_subscriptions()

        return unsubscribe

    def _fail_pending(self, reason: str) -> None:
        for future, method in list(self._pending.values()):
            if not future.done():
                future.set_exception(PagenoteError("CDP_DETACHED", f"{method}: {reason}"))

    def _push_subscriptions(self) -> None:
        if self.front is not None:
            self.front.runJavaScript(cdp_js.subscribe_call(sorted(self._subscribers)),
                                     QWebEngineScript.ScriptWorldId.MainWorld)

    def _received(self, text: str) -> None:
        try:
            message = json.loads(text)
        except ValueError:
            log.warning("CDP: a message that is not JSON (%d chars)", len(text))
            return
        if "pagenote" in message:
            if message["pagenote"] == "ready" and self._ready is not None and not self._ready.done():
                self._became_ready()
            elif message["pagenote"] == "paused-resumed":
                self.pauses_skipped += 1
            elif message["pagenote"] in ("user-paused", "user-resumed"):
                self.user_paused = message["pagenote"] == "user-paused"
            return
        if "id" in message:
            entry = self._pending.get(message["id"])
            if entry is None:
                return  # timed out already
            future, method = entry
            if future.done():
                return
            if "error" in message:
                error = message["error"]
                future.set_exception(PagenoteError("CDP_FAILED", f"{method}: {error.get('message', error)}"))
            else:
                future.set_result(message.get("result", {}))
            return
        if "sessionId" in message:
            return  # a child target's event (an out-of-process frame, a worker): the main target's only
        method = message.get("method", "")
        for callback in list(self._subscribers.get(method, [])):
            try:
                callback(message.get("params", {}))
            except Exception:  # one bad subscriber must not starve the others
                log.exception("CDP event subscriber for %s failed", method)
        if method == cdp_js.RELOADED_AFTER_CRASH:
            # The page's new renderer lost the renderer-side state (emulated media, CPU throttling …): features
            # re-apply it on `attached`, as after any re-attach.
            self.attached.emit()
