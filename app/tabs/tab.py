"""A tab: one guest page composed of small parts, each with one job and its own signals.

==================  ======================================================================================
part                job
==================  ======================================================================================
``view``/``page``   the ``QWebEngineView`` and its :class:`~app.webview.guest.Guest` (Qt virtuals → signals)
``bridge``          async host→page calls with typed outcomes (:class:`~app.webview.bridge.PageBridge`)
``cdp``             the DevTools protocol session, no port (:class:`~app.webview.cdp.CdpSession`)
``session``         the tab's pins in the window's one batch (:class:`~app.model.tab_session.TabSession`, no Qt)
``annotator``       pins ↔ page, markers, re-anchoring (:class:`~app.webview.annotator.Annotator`)
``capture``         screenshots saved under the project (:class:`~app.tabs.capture.TabCapture`)
``dialogs``         the page's JavaScript dialogs, answered at once (:class:`~app.tabs.dialogs.DialogLog`)
``permissions``     the page's permission requests, decided at once
                    (:class:`~app.webview.permissions.PermissionGate`, the lease's grants)
``policy``          navigation allow-list, HTTP auth and certificate errors refused
                    (:class:`~app.webview.policy.PagePolicy`)
==================  ======================================================================================

qutebrowser's ``browsertab.py`` composes a tab the same way (scroller, zoom, search … as parts). The window
lays tabs out; every tab lives under a :class:`~app.webview.lease.Lease` (``lease``: its profile, its grants);
the application object (:mod:`app.runtime.app`) creates and lists them; the agent host
(:mod:`app.agent.host`) reaches them by :attr:`Tab.id`.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from PySide6.QtCore import QObject, QUrl, Signal
from PySide6.QtWebEngineCore import QWebEngineLoadingInfo
from PySide6.QtWebEngineWidgets import QWebEngineView

from app.core.errors import PagenoteError
from app.model.session import Session
from app.model.tab_session import TabSession, reread_all
from app.tabs.before_crops import BeforeCrops
from app.tabs.capture import TabCapture
from app.tabs.navigation import CRASH_NEXT_STEP, RENDERER_CRASHED, quoted_url
from app.tabs.dialogs import DialogLog
from app.webview.annotator import Annotator
from app.webview.cdp import CdpSession
from app.webview.css_rules import CssRules
from app.webview.bridge import PageBridge, PageCallTimeout, PageScriptMissing
from app.webview.guest import Guest, LoadResult
from app.webview.lease import Lease, keep_picker_after_crash
from app.webview.permissions import PermissionGate
from app.webview.policy import PagePolicy


class Tab(QObject):
    """One guest page in ``lease`` with its parts (see the module docstring). ``tab_id`` is a stable string
    id (agents address tabs by it); ``project_dir`` receives ``shots/``. ``batch``: the window's one batch the
    tab's annotations join (numbers stay batch-wide across tabs); a batch of its own when ``None``.

    Signals:
        loading_changed(bool): a main-frame load started (True) or ended (False).
        load_result(LoadResult): how a main-frame load ended.
        message(str): a line for the status bar (redacted by whoever shows it).
        crash(str, int): the render process died (termination status name, exit code); :attr:`crashed` is set.
    """

    loading_changed = Signal(bool)
    crash = Signal(str, int)
    load_result = Signal(object)
    message = Signal(str)

    def __init__(self, tab_id: str, lease: Lease, project_dir: Path, parent: QObject | None = None,
                 batch: Session | None = None) -> None:
        super().__init__(parent)
        self.id = tab_id
        self.lease = lease
        self.view = QWebEngineView()
        self.page = Guest(lease.require_live(), self.view)  # raises for a closed lease: no page on a released profile
        lease.attach(self.page)
        self.view.setPage(self.page)
        self.permissions = PermissionGate(self.page, lease.grants, self)
        self.policy = PagePolicy(self.page, lease, self)  # allow-list, HTTP auth, certificate errors: refused
        self.policy.refused.connect(self._refused)
        self.bridge = PageBridge(self.page)
        self.cdp = CdpSession(self.page, self)  # attached lazily by the first feature that sends
        self.session = TabSession(batch if batch is not None else Session(), tab_id)
        self.session.lease = lease.name
        self.annotator = Annotator(self.view, self.bridge, self.session)
        self.annotator.css_rules = CssRules(self.cdp)  # the CSS: block, read after each pin shows
        self.capture = TabCapture(self.view, self.bridge, self.annotator, project_dir)
        self.session.shots = self.capture.shots  # the batch lists each page's latest screenshot, over all tabs
        self.before = BeforeCrops(self)  # each pin's before crop, kept with its batch at Send (verification)
        self.session.reread = self.annotator.refresh
        self.dialogs = DialogLog(self.page, self)
        self.loading = False
        self.view.loadStarted.connect(lambda: self._set_loading(True))
        self.view.loadFinished.connect(lambda _ok: self._set_loading(False))
        self.page.load_result.connect(self.load_result.emit)
        #: ``{code, text, url}`` while the tab shows Chromium's error page for its last main-frame load
        #: (``code`` Chromium's net error number, ``text`` its name, e.g. ``-102``, ``"net::ERR_CONNECTION_REFUSED"``),
        #: or when the renderer crashed during that load (``code`` 0, ``text`` ``RENDERER_CRASHED``), else ``None``:
        #: see :meth:`_loading_changed`.
        self.load_error: dict | None = None
        self.page.loadingChanged.connect(self._loading_changed)
        self.crashed = False  # the render process died; reload_after_crash() brings the page back
        self._crashed_url = QUrl()
        self.page.renderProcessTerminated.connect(self._renderer_gone)

    #: Chromium's termination statuses that are no crash (a normal exit, e.g. the page being replaced).
    _NORMAL = ("NormalTerminationStatus",)

    def _renderer_gone(self, status, code: int) -> None:
        if getattr(status, "name", str(status)) in self._NORMAL:
            return
        self.crashed = True
        self._crashed_url = self.page.url()
        keep_picker_after_crash(self.page)  # the profile's picker script is not re-injected after a crash
        self.crash.emit(getattr(status, "name", str(status)), int(code))
        self.message.emit(self.tr("The page's renderer crashed. Reload to continue — your annotations are kept."))

    def _refused(self, refusal) -> None:
        texts = {"navigation": self.tr("Blocked {0}: {1}"),
                 "auth": self.tr("Refused {1} for {0}: pagenote does not send passwords for pages"),
                 "proxy-auth": self.tr("Refused {1} for {0}"),
                 "certificate": self.tr("Refused {0}: its certificate is not valid ({1})")}
        self.message.emit(texts.get(refusal.kind, "{0}: {1}").format(refusal.url, refusal.reason))

    def reload_after_crash(self) -> None:
        """Load the page the renderer died on again in a new render process (returns at once; ``crashed``
        clears when the load starts). Markers re-anchor when the page script answers (the annotator)."""
        url = self._crashed_url if not self._crashed_url.isEmpty() else self.page.url()
        self.crashed = False
        self.view.load(url)

    def _loading_changed(self, info: QWebEngineLoadingInfo) -> None:
        # Chromium 140 (Qt 6.12) runs profile scripts in its own error page ("This site can't be reached"), so
        # pagenote's page script answering there says nothing about the page: the failed load decides. A load
        # that failed without an error page (net::ERR_ABORTED: a download, a 204) leaves the document shown;
        # a load that succeeded (an HTTP error page from the server included) clears it.
        status = info.status()
        if status == QWebEngineLoadingInfo.LoadStatus.LoadSucceededStatus:
            self.load_error = None
        elif status == QWebEngineLoadingInfo.LoadStatus.LoadFailedStatus:
            http = info.errorDomain() == QWebEngineLoadingInfo.ErrorDomain.HttpStatusCodeDomain
            if info.isErrorPage():  # Chromium's page: a network error, or an HTTP error with no body
                text = f"HTTP {info.errorCode()}" if http else (info.errorString() or "load failed")
                self.load_error = {"code": info.errorCode(), "text": text, "url": info.url().toString()}
            elif http:  # the server's own error document
                self.load_error = None
            elif self.crashed:  # the renderer died during this load (app.tabs.navigation.CRASH_NEXT_STEP)
                self.load_error = {"code": 0, "text": RENDERER_CRASHED, "url": info.url().toString()}

    def load_failed(self) -> PagenoteError | None:
        """``PAGE_LOAD_FAILED`` naming :attr:`load_error` (with the next step) while the tab shows Chromium's
        error page or the renderer crashed during its last load, else ``None``."""
        if self.load_error is None:
            return None
        url = quoted_url(QUrl(self.load_error["url"]))
        if self.load_error["text"] == RENDERER_CRASHED:
            return PagenoteError("PAGE_LOAD_FAILED", f"{url} did not load: {RENDERER_CRASHED}",
                                 CRASH_NEXT_STEP)
        return PagenoteError("PAGE_LOAD_FAILED", f"{url} did not load "
                             f"({self.load_error['text']}): the tab shows Chromium's error page, not the page",
                             "check that the server is running and the URL is right, then reload or navigate")

    def _set_loading(self, on: bool) -> None:
        self.loading = on
        if on:
            self.crashed = False  # a new document in a new render process
        self.loading_changed.emit(on)

    def open(self, url: QUrl) -> None:
        """Start loading ``url`` (returns at once; :attr:`load_result` says how it ended)."""
        self.view.load(url)

    async def load(self, url: QUrl, timeout_ms: int = 30_000) -> LoadResult:
        """Load ``url`` and return once the main frame finished. Raises :class:`PagenoteError`
        ``PAGE_LOAD_TIMEOUT`` after ``timeout_ms`` and ``PAGE_LOAD_FAILED`` for a network or HTTP error."""
        done: asyncio.Future = asyncio.get_running_loop().create_future()

        def ended(result: LoadResult) -> None:
            if not done.done():
                done.set_result(result)

        self.page.load_result.connect(ended)
        try:
            self.view.load(url)
            try:
                result = await asyncio.wait_for(done, timeout_ms / 1000)
            except TimeoutError:
                raise PagenoteError("PAGE_LOAD_TIMEOUT", f"{quoted_url(url)} did not finish loading in "
                                                         f"{timeout_ms // 1000} s") from None
        finally:
            self.page.load_result.disconnect(ended)
        if not result.ok:
            raise PagenoteError("PAGE_LOAD_FAILED", f"{result.error} loading {quoted_url(url)}")
        return result

    #: How long an agent request waits for a page that is still loading, and for pagenote's page script in it (ms).
    SETTLE_MS = 10_000

    async def settled(self, timeout_ms: int = SETTLE_MS) -> None:
        """Return once a load in progress has ended and the page script answers in the new document (at once
        when neither is pending), so an agent's request right after a navigation sees the new page instead
        of failing. Raises :class:`PagenoteError` naming the real state: ``PAGE_LOADING`` when the load has
        not ended within ``timeout_ms``; ``PAGE_SCRIPT_MISSING`` when the document is loaded but pagenote's
        page script does not answer in it (an error page, a PDF viewer, a download, a parser stopped by
        ``window.stop()``); ``PAGE_UNRESPONSIVE`` when the page does not answer at all (a script loop);
        ``NO_PAGE`` for a tab that never opened a page; ``FRAME_GONE`` when the tab went away;
        ``PAGE_LOAD_FAILED`` (:meth:`load_failed`) while the tab shows Chromium's error page, and at once
        when the renderer died during the load."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout_ms / 1000
        if self.loading:
            ended: asyncio.Future = loop.create_future()

            def changed(on: bool) -> None:
                if not on and not ended.done():
                    ended.set_result(None)

            self.loading_changed.connect(changed)
            try:
                await asyncio.wait_for(ended, timeout_ms / 1000)
            except TimeoutError:
                raise PagenoteError("PAGE_LOADING", f"{quoted_url(self.page.url())} was still loading after "
                                                    f"{timeout_ms // 1000} s") from None
            finally:
                self.loading_changed.disconnect(changed)
        url = self.page.url()
        if url.isEmpty() or url.toString() == "about:blank":
            raise PagenoteError("NO_PAGE", "the tab has no page open")
        failed = self.load_failed()
        if failed is not None and self.crashed:
            raise failed   # its renderer died during the load: nothing is there to answer, so no wait for it
        # pagenote's script is injected at DocumentReady, before the load ends: on a loaded document that
        # answers, it is there at once or never (a one-second grace covers a load that ended a moment ago). A
        # page that does not answer at all is busy: that may pass, so it gets the whole remaining time.
        missing = PagenoteError("PAGE_SCRIPT_MISSING", "the page has loaded, but pagenote's page script does not "
                                "run in it (a PDF, a download, or a page that stopped its own parser?)",
                                "reload the page; if it is not an HTML page, open one")
        busy = PagenoteError("PAGE_UNRESPONSIVE", "the page did not answer (a script loop?)")
        missing_since = None
        while True:
            left_ms = int((deadline - loop.time()) * 1000)
            if left_ms <= 0:
                raise busy if missing_since is None else missing
            try:
                await self.bridge.call("frame", timeout_ms=left_ms)
                failed = self.load_failed()  # the page script answers in Chromium's error page too
                if failed is not None:
                    raise failed
                return
            except PageCallTimeout:
                raise (busy if missing_since is None else missing) from None
            except PageScriptMissing:
                failed = self.load_failed()
                if failed is not None:
                    raise failed from None
                if self.loading:  # a new load started meanwhile
                    raise PagenoteError("PAGE_LOADING", f"{quoted_url(self.page.url())} started loading "
                                                        "again") from None
                missing_since = missing_since if missing_since is not None else loop.time()
                if loop.time() - missing_since > 1.0:
                    raise missing from None
            await asyncio.sleep(0.05)

    def info(self, active: bool) -> dict:
        """``{id, title, url, active}``: the tab as ``tabs.list`` shows it (``url`` as an agent reads it:
        :func:`~app.tabs.navigation.quoted_url`, credential parameters redacted)."""
        return {"id": self.id, "title": self.page.title(), "url": quoted_url(self.page.url()), "active": active}

    async def page_state(self, settle_ms: int = SETTLE_MS) -> dict:
        """``{url, title, loading, ready, viewport: {width, height} CSS px, scroll: {x, y} | None, dpr, zoom}``;
        ``url`` and ``load_error.url`` as an agent reads them (:func:`~app.tabs.navigation.quoted_url`).

        A page that is loading is waited for (at most ``settle_ms``, :meth:`settled`) so the answer describes
        the page the agent is about to work on; it never raises for the page's state: ``loading`` says the load
        had not ended, ``ready`` whether pagenote's page script answers in the page's own document (false on
        Chromium's error page, where ``load_error`` is ``{code, text, url}``, see :attr:`load_error`, and on a
        PDF; ``load_error`` is ``None`` otherwise). Without the page script the viewport comes from the view and
        ``scroll`` is ``None``. ``dialogs`` lists the newest JavaScript dialogs the page opened and
        ``dialogs_suppressed`` counts those of dialog loops
        (:meth:`~app.tabs.dialogs.DialogLog.state`)."""
        view = self.view
        state = None
        try:
            await self.settled(settle_ms)
            state = await self.bridge.call("viewportState", timeout_ms=3_000)
        except PagenoteError:
            state = None
        zoom = view.zoomFactor() or 1.0
        return {
            "url": quoted_url(self.page.url()),
            "title": self.page.title(),
            "loading": self.loading,
            "ready": state is not None and self.load_error is None,
            "load_error": self.load_error and {**self.load_error, "url": quoted_url(QUrl(self.load_error["url"]))},
            "viewport": (state or {}).get("viewport") or {"width": round(view.width() / zoom, 2),
                                                           "height": round(view.height() / zoom, 2)},
            "scroll": (state or {}).get("scroll"),
            "dpr": view.devicePixelRatioF(),
            "zoom": view.zoomFactor(),
            **self.dialogs.state(),
            "permissions": self.permissions.state(),
        }

    def batch(self):
        """The window's current batch, every tab's annotations (an :class:`~app.model.annotation.AnnotationBatch`),
        with the latest screenshot of each of its pages (issue 9 §9)."""
        return self.session.batch()

    async def refreshed_batch(self):
        """:meth:`batch` after every annotation on the open tabs' current pages was re-read from its live
        element (:meth:`~app.webview.annotator.Annotator.refresh`, issue 9 §4): what Copy, Save, Send and agents'
        ``annotations.get(batch="current")`` hand over. Never raises for a page: a frame that does not
        answer keeps its last records."""
        await reread_all(self.session.shared)
        return self.batch()

    def close(self) -> None:
        """Stop the tab's timers; the caller deletes the view (and so the page) before the lease. Safe after
        the view was deleted with a window that held it."""
        import shiboken6

        self.cdp.close()  # the DevTools session detaches; commands in flight fail with CDP_DETACHED
        self.session.detach()  # its pins stay in the batch (their page is known); its annotator stops observing
        if shiboken6.isValid(self.annotator):
            self.annotator.shutdown()
