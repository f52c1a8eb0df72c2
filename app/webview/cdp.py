"""One Chrome DevTools Protocol session per tab, with no TCP port (issue 26, requirement 1).

``QWebEnginePage.setDevToolsPage(front)`` loads Chromium's DevTools frontend into ``front`` and connects it to the
inspected page inside this process; nothing listens on the network. pagenote rides that frontend's own channel: a
tap in the frontend's main world (:mod:`app.webview.cdp_js`) sends pagenote's commands with
``InspectorFrontendHost.sendMessageToBackend`` and hands replies and subscribed events back as console lines of the
frontend page (``javaScriptConsoleMessage`` of :class:`~app.webview.cdp_front.Frontend`, prefixed with a per-session
secret). The inspected page has no handle on any of it: the frontend is another page (Qt's default profile), reached
only from Python.

Two frontends (:mod:`app.webview.cdp_front`): features get a light one (the channel without the DevTools UI; it
enables no domain by itself, so a feature enables what it uses, again on every :attr:`CdpSession.attached`); the F12
window gets the full UI, which replaces the light one while it shows (the session re-attaches through it) and stays
after F12 closes while a feature uses the session (until the idle rule detaches it).

Lifecycle: attached lazily by the first :meth:`CdpSession.send`, :meth:`CdpSession.hold` or :meth:`CdpSession.attach`;
the channel survives cross-process navigations (the DevTools agent host belongs to the ``WebContents``, not the
renderer); a crashed inspected renderer fails the commands in flight with ``CDP_DETACHED`` (and those sent before a
load starts a new renderer, at once: none would be answered) and, after the reload
(``Inspector.targetReloadedAfterCrash``), ``attached`` fires again so features re-enable their domains in the new
renderer; a crashed frontend is dropped and the next command attaches again (at once while a feature holds the
session); :meth:`CdpSession.close` (tab close) detaches. Cost rule (issue 26, requirement 6): a session nobody holds,
with no F12 window and no command for :data:`IDLE_DETACH_S` seconds, detaches (its frontend renderer goes); holds and
subscriptions survive every re-attach, and :attr:`CdpSession.attached` fires again so features re-apply per-session
state.

The page is never paused by the session: while the user has no F12 window open the tap skips all pauses
(:mod:`app.webview.cdp_js`). The F12 window shows the session's own frontend page (:meth:`CdpSession.open_frontend`,
:meth:`CdpSession.release_frontend`).

Commands outside :data:`ALLOWED_METHODS` raise ``CDP_NOT_ALLOWED`` before anything is sent; no agent tool forwards
arbitrary CDP.

This module is the session's lifecycle and its commands going out; replies and events coming back are routed by
:mod:`app.webview.cdp_messages` (a mixin of :class:`CdpSession`).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtWebEngineCore import QWebEnginePage, QWebEngineScript

from app.core.errors import PagenoteError
from app.webview import cdp_js
from app.webview.cdp_allow import ALLOWED_METHODS  # the one allow-list, in a module of its own
from app.webview.cdp_front import Frontend
from app.webview.cdp_messages import CdpMessages

log = logging.getLogger("pagenote.cdp")

#: How long an attach may take (the frontend page loads and installs its bindings): ms. Measured 0.4–0.8 s
#: idle; the rest is room for a busy machine.
ATTACH_TIMEOUT_MS = 20_000
DEFAULT_TIMEOUT_MS = 10_000
#: Seconds a session nobody holds, with no F12 window, stays attached after its last command (issue 26,
#: requirement 6: "an idle session detaches"). Per session: :attr:`CdpSession.idle_detach_s`.
IDLE_DETACH_S = 60.0


class CdpSession(CdpMessages, QObject):
    """The CDP session of one inspected page (``inspected``, a tab's guest page).

    Signals:
        attached(): the frontend is up and the tap installed; :attr:`attach_ms` says how long it took.
        detached(str): the session ended (``"closed"``, ``"frontend crashed"``); the next send attaches again
            unless closed.

    Attributes: ``front`` (the :class:`~app.webview.cdp_front.Frontend` page while attached, else ``None``;
    ``front.light`` unless the F12 window asked for the full UI), ``attach_ms`` (the last
    attach, from ``setDevToolsPage`` to the tap installed), ``used`` (a feature sent a command since the last
    attach; the F12 window alone does not set it), ``user_view`` (the F12 window shows the frontend),
    ``pauses_skipped`` (the ``Debugger.paused`` the tap answered with a resume), ``user_paused`` (the page
    stands at a breakpoint in the user's F12 window: scripts do not run until the user resumes), ``idle_detach_s`` (this
    session's idle time before it detaches, seconds; :data:`IDLE_DETACH_S` unless a test sets it), ``holders``
    (the owners holding the session, see :meth:`hold`).
    """

    attached = Signal()
    detached = Signal(str)

    def __init__(self, inspected: QWebEnginePage, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.inspected = inspected
        self.front: Frontend | None = None
        self.attach_ms = 0.0
        self.pauses_skipped = 0
        self.user_view = False  # the user's F12 window shows the frontend (pauses allowed)
        self.user_paused = False  # the page's main target is paused in the user's F12 (a breakpoint)
        self._closed = False
        self._token = ""
        self._ready: asyncio.Future | None = None
        self._started = 0.0
        self.used = False
        self._pending: dict[int, tuple[asyncio.Future, str]] = {}
        self._next_id = cdp_js.FIRST_ID
        self._subscribers: dict[str, list[Callable[[dict], None]]] = {}
        self._holds: dict[int, str] = {}  # hold number -> owner
        self._next_hold = 0
        self.idle_detach_s = IDLE_DETACH_S
        self._idle = QTimer(self)
        self._idle.setSingleShot(True)
        self._idle.timeout.connect(self._idle_check)
        self._last_send = 0.0
        self._dead = False  # the inspected renderer crashed and no new one started: no command can be answered
        inspected.renderProcessTerminated.connect(self._inspected_crashed)
        inspected.loadStarted.connect(lambda: setattr(self, "_dead", False))  # a load starts a new renderer

    # -- public ------------------------------------------------------------------------------------------------

    @property
    def is_attached(self) -> bool:
        """True while a frontend is attached and its tap is installed."""
        return self.front is not None and self._ready is not None and self._ready.done() \
            and not self._ready.cancelled() and self._ready.exception() is None

    async def attach(self) -> None:
        """Attach (once; concurrent callers share the attach) through the light frontend, or the full one the
        F12 window opened (an attach the F12 window's frontend replaced meanwhile goes on with it). Raises
        ``CDP_DETACHED`` after :meth:`close` or when the frontend went away meanwhile, ``CDP_TIMEOUT`` when it
        did not come up within :data:`ATTACH_TIMEOUT_MS`."""
        self._check_open()
        if self.front is None:
            self._begin_attach(light=True)
        while True:
            ready = self._ready
            assert ready is not None
            try:
                await asyncio.wait_for(asyncio.shield(ready), ATTACH_TIMEOUT_MS / 1000)
                return
            except TimeoutError:
                if self._ready is ready:
                    self._drop("attach timed out")
                raise PagenoteError("CDP_TIMEOUT",
                                    f"the DevTools frontend did not attach in {ATTACH_TIMEOUT_MS} ms") from None
            except PagenoteError:
                if self._closed or self._ready is None or self._ready is ready:
                    raise
                log.debug("CDP attach carried over to the full frontend")  # F12 replaced the light one

    def open_frontend(self) -> QWebEnginePage:
        """The full frontend page (the DevTools UI) for the F12 window, which shows it; its attach started when
        there is none (it completes on the event loop: await :meth:`attach` to know). A light frontend is
        replaced: commands in flight fail with ``CDP_DETACHED``, holds and subscriptions carry over and
        :attr:`attached` fires again (features re-apply state). Raises ``CDP_DETACHED`` after :meth:`close`."""
        self._check_open()
        if self.front is not None and self.front.light:
            used = self.used
            self._drop("replaced by the full frontend")
            self.used = used
        if self.front is None:
            self._begin_attach(light=False)
        assert self.front is not None
        return self.front

    def release_frontend(self) -> None:
        """The F12 window no longer shows the full frontend: detach when no feature used (since the attach) or
        holds the session; else the full frontend stays until the idle rule detaches it. Not replaced by a
        light one: a new session starts without the old one's state, so emulation overrides would lapse until
        re-applied — a resize the page sees (issue 26: the page must not detect the session)."""
        if self._closed or self.front is None or self.front.light:
            return
        if not self.used and not self._holds:
            self.detach()

    def _check_open(self) -> None:
        if self._closed:
            raise PagenoteError("CDP_DETACHED", "the tab's DevTools session is closed")

    @property
    def holders(self) -> tuple[str, ...]:
        """The owners holding the session now (one entry per unreleased :meth:`hold`, in hold order)."""
        return tuple(self._holds.values())

    def hold(self, owner: str) -> Callable[[], None]:
        """Keep the session attached for ``owner`` (a feature's name, e.g. ``"network"``, shown in
        :attr:`holders`) until the returned ``release()`` is called; ``release`` is idempotent. Callable from
        sync code: the attach starts now and completes on the event loop (the :attr:`attached` signal says
        when). While held, a crashed frontend is replaced at once. After :meth:`close` the hold is a no-op
        (nothing attaches) and its release too. Source: issue 26, requirements 1 and 6."""
        if self._closed:
            return lambda: None
        number = self._next_hold
        self._next_hold += 1
        self._holds[number] = owner
        self._idle.stop()
        if self.front is None:
            self._begin_attach(light=True)

        def release() -> None:
            if self._holds.pop(number, None) is not None:
                self._arm_idle()

        return release

    def detach(self) -> None:
        """Detach now (the next command attaches again): the frontend page and its renderer go; commands in
        flight fail with ``CDP_DETACHED``. Used when the user closes an F12 window no feature needed."""
        self._drop("detached")

    async def send(self, method: str, params: dict[str, Any] | None = None,
                   timeout_ms: int = DEFAULT_TIMEOUT_MS, *, use: bool = True) -> dict[str, Any]:
        """Send one CDP command to the inspected page and return its ``result`` object (a dict). Attaches first
        when needed. ``use=False`` is for a domain a feature enables on every attach (e.g. ``Network.enable``):
        it does not count as using the session, so the user's closing F12 still detaches. Raises
        :class:`PagenoteError`: ``CDP_NOT_ALLOWED`` for a method outside :data:`ALLOWED_METHODS` (nothing sent),
        ``CDP_FAILED`` with the protocol's error message, ``CDP_TIMEOUT`` after ``timeout_ms`` ms without a
        reply, ``CDP_DETACHED`` when the session or the page's renderer went away first (at once after a crash,
        until a load starts a new renderer)."""
        if method not in ALLOWED_METHODS:
            raise PagenoteError("CDP_NOT_ALLOWED", f"{method} is not on the CDP allow-list")
        if self._dead:
            raise PagenoteError("CDP_DETACHED", f"{method}: the page's renderer crashed", "reload the tab")
        if use:
            self.used = True
            self._last_send = time.monotonic()
            self._arm_idle()
        await self.attach()
        front = self.front
        if front is None:  # dropped between the attach and now (a crash, the tab closing)
            raise PagenoteError("CDP_DETACHED", f"{method}: the DevTools session ended")
        command_id = self._next_id
        self._next_id += 1
        future: asyncio.Future = asyncio.get_running_loop().create_future()
        self._pending[command_id] = (future, method)

        def sent(ok) -> None:
            if not ok and not future.done():
                future.set_exception(PagenoteError("CDP_DETACHED", f"{method}: the DevTools frontend is gone"))

        front.runJavaScript(cdp_js.send_call({"id": command_id, "method": method, "params": params or {}}),
                            QWebEngineScript.ScriptWorldId.MainWorld, sent)
        try:
            return await asyncio.wait_for(future, timeout_ms / 1000)
        except TimeoutError:
            raise PagenoteError("CDP_TIMEOUT", f"{method}: no reply in {timeout_ms} ms") from None
        finally:
            self._pending.pop(command_id, None)
            self._arm_idle()  # the idle time counts from the last reply

    def set_user_view(self, shown: bool) -> None:
        """The user's F12 window shows (``shown``) or no longer shows the frontend: while shown, pauses and
        breakpoints work as the user set them in DevTools; otherwise the session skips all pauses."""
        self.user_view = shown
        if self.front is not None:
            self.front.runJavaScript(cdp_js.quiet_call(not shown), QWebEngineScript.ScriptWorldId.MainWorld)
        self._arm_idle()

    def close(self) -> None:
        """Detach for good (the tab closes): commands in flight fail with ``CDP_DETACHED``."""
        if self._closed:
            return
        self._closed = True
        self._holds.clear()
        self._idle.stop()
        self._drop("closed")

    # -- attach / detach ---------------------------------------------------------------------------------------

    def _begin_attach(self, light: bool) -> None:
        self._started = time.monotonic()
        self._token = secrets.token_hex(16)
        front = Frontend(self._token, light, self)
        self._ready = asyncio.get_event_loop().create_future()
        front.protocol.connect(self._received)
        front.renderProcessTerminated.connect(
            lambda *_: self._drop("frontend crashed") if self.front is front else None)
        self.front = front
        self.inspected.setDevToolsPage(front)

    def _became_ready(self) -> None:
        self._push_subscriptions()
        self.set_user_view(self.user_view)
        self.attach_ms = (time.monotonic() - self._started) * 1000
        log.debug("CDP session attached in %.0f ms", self.attach_ms)
        self._ready.set_result(None)
        self._arm_idle()
        self.attached.emit()

    def _drop(self, reason: str) -> None:
        front, self.front = self.front, None
        self.used = self.user_paused = False
        if self._ready is not None and not self._ready.done():
            self._ready.set_exception(PagenoteError("CDP_DETACHED", f"the DevTools session ended: {reason}"))
            self._ready.exception()  # retrieved: no "never retrieved" log when nobody awaits it
        self._ready = None
        self._fail_pending(reason)
        if front is not None:
            try:
                if self.inspected.devToolsPage() is front:
                    self.inspected.setDevToolsPage(None)
            except RuntimeError:  # the inspected page is already deleted (tab closing)
                pass
            front.protocol.disconnect(self._received)
            front.deleteLater()
            self.detached.emit(reason)
        if self._holds and not self._closed and reason not in ("detached", "closed"):
            # Held (a crash, an attach that timed out): attach again; subscriptions are pushed on ready and
            # `attached` fires again so holders re-apply their state.
            QTimer.singleShot(0, self._reattach_held)

    def _reattach_held(self) -> None:
        if self._holds and not self._closed and self.front is None:
            self._begin_attach(light=not self.user_view)

    # -- idle detach (requirement 6) ---------------------------------------------------------------------------

    def _arm_idle(self) -> None:
        """Start (or restart) the idle countdown when nothing keeps the session: no holder, no F12 window."""
        if self._holds or self.user_view or self._closed or self.front is None:
            self._idle.stop()
            return
        self._idle.start(int(self.idle_detach_s * 1000))

    def _idle_check(self) -> None:
        if self._holds or self.user_view or self._closed or self.front is None:
            return
        if self._pending:  # a command still in flight is a use: wait for it and the idle time after it
            self._idle.start(int(self.idle_detach_s * 1000))
            return
        log.debug("CDP session idle for %.0f s: detaching", self.idle_detach_s)
        self._drop("idle")

    def _inspected_crashed(self, *_args) -> None:
        self._dead = True  # until a load starts in a new renderer (Qt 6.12 emits no renderProcessPidChanged)
        self.user_paused = False  # a pause goes with its renderer (no Debugger.resumed follows a crash)
        # The renderer's replies will never come; the channel itself stays (the frontend follows the reload).
        self._fail_pending("the page's renderer went away")
