"""A tab's navigation for agents: load a URL, go back or forward, reload — each awaited (bounded) until the
main frame's load ends, and reported as what Chromium did: the final URL, the HTTP status, and Chromium's
error when nothing was committed.

What counts (QtWebEngine 6.12 ``loadingChanged``, Chromium's navigation states):

- **committed**: the load succeeded; or it ended with an HTTP error status (a 404 page is a document the agent
  can read: ``status: 404``, as Playwright's ``page.goto`` answers); or it was aborted (``net::ERR_ABORTED``,
  ``window.stop()``, a newer navigation) after the URL had changed — the document is there, so it is reported
  as committed with ``aborted: true``, never as a failure;
- **same-document**: a fragment change, or ``back``/``forward`` over ``history.pushState`` entries, commits
  without a load (``urlChanged`` before any load start): ``same_document: true``;
- **failed**: Chromium's network error before anything committed (``net::ERR_CONNECTION_REFUSED``…; Qt then
  shows its error page): ``PAGE_LOAD_FAILED`` naming the error; or the page's renderer crashed while loading it
  (Qt reports a failed load with no error at all): ``PAGE_LOAD_FAILED`` saying so, with :data:`CRASH_NEXT_STEP`;
- **timed out**: nothing committed within ``timeout_ms``: ``PAGE_LOAD_TIMEOUT``; committed but still loading
  (a slow image): answered with ``loading: true``.

QtWebEngine 6.12's ``QWebEngineLoadingInfo`` has no ``httpStatusCode()``; the status is its ``errorCode()`` in
``HttpStatusCodeDomain``, which Qt fills on success too (200).
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

from PySide6.QtCore import QUrl
from PySide6.QtWebEngineCore import QWebEngineLoadingInfo

from app.core.errors import PagenoteError
from app.protocol.redact import redact_urls
from app.webview.guest import Guest

#: The longest wait an agent may ask for (ms); larger values are rejected, not clamped.
MAX_WAIT_MS = 300_000
#: The default wait of a navigation (ms).
DEFAULT_WAIT_MS = 30_000

_Status = QWebEngineLoadingInfo.LoadStatus
_ABORTED = -3  # net::ERR_ABORTED (net/base/net_error_list.h)

#: What a load that ended with the renderer's crash is called (``load_error.text``, the error message).
RENDERER_CRASHED = "the page's renderer crashed while loading it"
#: The next step after such a load. Workaround note — QtWebEngine 6.11.2 to at least 6.12.0 (built with the
#: system ICU; qutebrowser issue #9003): the renderer crashes (SIGTRAP) decoding any page in an encoding its
#: ICU codecs serve — ISO-8859-2…15, windows-874/1250/1251/1253…1258, KOI8-R/U, macintosh, IBM866, Big5 —
#: declared, or guessed by Chromium's detector for a page that declares no charset (short UTF-8 text such as
#: "Ünïcödé" is guessed as one). UTF-8, windows-1252, the CJK and UTF-16 encodings decode. Nothing reaches the
#: page before the crash, so pagenote can only say so (security review item 9); delete this note once a Qt
#: release decodes them (tests/test_hostile_agent_charset.py then sees the page load).
CRASH_NEXT_STEP = ("serve the page as UTF-8 (Content-Type: text/html; charset=utf-8, or <meta charset=\"utf-8\"> "
                   "first in <head>): this QtWebEngine crashes on pages in a legacy encoding (ISO-8859-2, "
                   "windows-1251, KOI8-R, Big5 …) and on pages with no charset that Chromium guesses to be in one; "
                   "then navigate again")


@dataclass
class _Watch:
    """What one navigation saw: a load start, URL changes, the terminal loading info."""

    started: bool = False
    url_changed: bool = False
    crashed: bool = False
    done: asyncio.Future | None = None
    infos: list = field(default_factory=list)


def quoted_url(url: QUrl) -> str:
    """``url`` as an agent reads it (a ``str``), in an error message or a result field (``page.state``'s ``url``
    and ``load_error.url``, ``tabs.list``, ``snapshot``, ``extract``, the ``navigate`` result's ``url`` and
    ``requested``): percent-encoded (``QUrl.FullyEncoded``: no space, line break or invisible character of the
    page's own spelling survives — ``QUrl.toString()`` decodes them; security review of issue #32, finding N1)
    with credential-like parts redacted (:func:`app.protocol.redact.redact_urls`: ``?code=…&page=2`` →
    ``?code=REDACTED&page=2``, as ``network.list`` shows requests; security review of issue #32, "credential
    parameters in the tab's own URL"). Pagenote itself keeps navigating, reloading and recording history with
    the raw ``QUrl``. An error message still goes into the MCP result's framing block
    (:data:`app.mcp.untrusted.PAGE_ERRORS`)."""
    return redact_urls(url.toString(QUrl.ComponentFormattingOption.FullyEncoded))


def _strip_fragment(url: QUrl) -> str:
    return url.toString().split("#", 1)[0]


class Navigator:
    """Navigation of one :class:`~app.webview.guest.Guest` (``page``), for agents. Every method is a
    coroutine on the Qt thread's asyncio loop and returns a result dict::

        {url, title, status?, committed, same_document?, aborted?, loading?, navigated?}

    (``status`` the main document's HTTP status when there is one; ``navigated: false`` when there was no
    history entry to go to). Raises :class:`PagenoteError` ``PAGE_LOAD_FAILED`` (Chromium's error, nothing
    committed) and ``PAGE_LOAD_TIMEOUT``."""

    def __init__(self, page: Guest) -> None:
        self.page = page
        #: HTTP status of the current main document (0: none, e.g. ``file:``), updated on every load end.
        self.status = 0
        page.loadingChanged.connect(self._on_loading)

    def _on_loading(self, info: QWebEngineLoadingInfo) -> None:
        if info.status() in (_Status.LoadSucceededStatus, _Status.LoadFailedStatus):
            domain = info.errorDomain()
            self.status = info.errorCode() if domain == QWebEngineLoadingInfo.ErrorDomain.HttpStatusCodeDomain else 0

    def _result(self, **extra) -> dict:
        result = {"url": quoted_url(self.page.url()), "title": self.page.title(), "committed": True}
        if self.status:
            result["status"] = self.status
        result.update(extra)
        return result

    async def navigate(self, url: QUrl, timeout_ms: int = DEFAULT_WAIT_MS) -> dict:
        """Load ``url`` (a valid ``QUrl``) and wait for the outcome (class docstring). A URL that differs from
        the current one only by a fragment is a same-document navigation (HTML § "navigate to a fragment")."""
        current = self.page.url()
        same_document = (url.hasFragment() and not current.isEmpty()
                         and _strip_fragment(url) == _strip_fragment(current))
        return await self._run(lambda: self.page.load(url), timeout_ms, url, same_document)

    async def back(self, timeout_ms: int = DEFAULT_WAIT_MS) -> dict:
        """Go one entry back in the tab's history; ``navigated: false`` when there is none."""
        history = self.page.history()
        if not history.canGoBack():
            return self._result(navigated=False, reason="no previous page in this tab's history")
        return await self._run(history.back, timeout_ms, "the previous page", None)

    async def forward(self, timeout_ms: int = DEFAULT_WAIT_MS) -> dict:
        """Go one entry forward in the tab's history; ``navigated: false`` when there is none."""
        history = self.page.history()
        if not history.canGoForward():
            return self._result(navigated=False, reason="no next page in this tab's history")
        return await self._run(history.forward, timeout_ms, "the next page", None)

    async def reload(self, timeout_ms: int = DEFAULT_WAIT_MS) -> dict:
        """Reload the current document (from the cache where it is valid, as the Reload button does)."""
        if self.page.url().isEmpty():
            raise PagenoteError("NO_PAGE", "the tab has no page to reload")
        return await self._run(lambda: self.page.triggerAction(self.page.WebAction.Reload), timeout_ms,
                               self.page.url(), False)

    async def _run(self, start, timeout_ms: int, target: QUrl | str, same_document: bool | None) -> dict:
        """Run ``start()`` and wait for its outcome. ``target``: the URL loaded, or pagenote's words for a
        history entry (``"the previous page"``). ``same_document``: ``True`` — only a URL change is awaited;
        ``None`` — unknown (history): a URL change before any load start ends the wait as same-document."""
        what = quoted_url(target) if isinstance(target, QUrl) else target   # as error messages quote it
        loop = asyncio.get_running_loop()
        watch = _Watch(done=loop.create_future())

        def on_loading(info: QWebEngineLoadingInfo) -> None:
            status = info.status()
            if status == _Status.LoadStartedStatus:
                watch.started = True
            elif watch.started and not watch.done.done():
                watch.infos.append((status, info.errorCode(), info.errorDomain(), info.errorString()))
                watch.done.set_result("load")

        def on_crash(status, _code: int) -> None:
            if getattr(status, "name", "") != "NormalTerminationStatus":
                watch.crashed = True

        def on_url(_url: QUrl) -> None:
            watch.url_changed = True
            if (same_document or (same_document is None and not watch.started)) and not watch.done.done():
                watch.done.set_result("same-document")

        self.page.loadingChanged.connect(on_loading)
        self.page.urlChanged.connect(on_url)
        self.page.renderProcessTerminated.connect(on_crash)
        try:
            start()
            if timeout_ms == 0:
                return self._result(committed=False, loading=True, requested=what)
            try:
                how = await asyncio.wait_for(asyncio.shield(watch.done), timeout_ms / 1000)
            except TimeoutError:
                if watch.url_changed:
                    return self._result(loading=True)
                raise PagenoteError("PAGE_LOAD_TIMEOUT", f"{what} did not commit within {timeout_ms} ms",
                                    "check that the server answers, or give a larger timeout_ms") from None
        finally:
            self.page.loadingChanged.disconnect(on_loading)
            self.page.urlChanged.disconnect(on_url)
            self.page.renderProcessTerminated.disconnect(on_crash)
        if how == "same-document":
            return self._result(same_document=True)
        status, code, domain, text = watch.infos[-1]
        if status == _Status.LoadSucceededStatus or domain == QWebEngineLoadingInfo.ErrorDomain.HttpStatusCodeDomain:
            return self._result()
        if watch.url_changed and (code == _ABORTED or status == _Status.LoadStoppedStatus):
            return self._result(aborted=True)
        if watch.crashed and status == _Status.LoadFailedStatus:
            raise PagenoteError("PAGE_LOAD_FAILED", f"{RENDERER_CRASHED} ({what})", CRASH_NEXT_STEP)
        error = f"{text or 'load failed'} ({code})" if status == _Status.LoadFailedStatus else "the load was stopped"
        raise PagenoteError("PAGE_LOAD_FAILED", f"{error} loading {what}")
