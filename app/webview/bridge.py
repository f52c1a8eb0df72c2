"""The async page bridge: every host→page call is a coroutine with a typed outcome, never a nested event loop.

A call runs ``window.__pagenote.<method>(*args)`` in pagenote's isolated world (``ApplicationWorld``) of the
page's main frame or of one ``QWebEngineFrame`` (iframes, cross-origin ones included: the host talks to each
frame directly, so no ``postMessage`` the page could see or forge). ``QWebEnginePage.runJavaScript`` cannot
return a Promise and hands structured values over lossily, so the call is wrapped in a page-side envelope
that always answers a JSON string:

====================================== ===============================================================
envelope                               outcome in Python
====================================== ===============================================================
``{"m": 1}``                           :class:`PageScriptMissing` (no ``window.__pagenote`` yet/here)
``{"e": message, "s": stack}``         :class:`PageScriptError` (the page-side method threw)
``{"v": value}``                       ``value`` (a JSON string answer is parsed; ``null`` is ``None``)
no answer (Qt passes ``None``)         :class:`FrameGone` (the document or frame went away mid-call)
no answer within ``timeout_ms``        :class:`PageCallTimeout` (renderer busy, e.g. a script loop)
====================================== ===============================================================

The futures resolve on Qt's event loop, which runs asyncio through ``qasync`` (:mod:`app.runtime.loop`), so
any number of calls, socket requests and captures progress side by side. qutebrowser refuses synchronous JS
on QtWebEngine for the same reason (``run_js_sync`` raises): a nested loop re-enters every slot.
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

import shiboken6
from PySide6.QtWebEngineCore import QWebEngineFrame, QWebEnginePage, QWebEngineScript

from app.core.errors import PagenoteError

log = logging.getLogger("pagenote.bridge")

#: pagenote's world: page scripts cannot see or change its globals (isolated worlds share only the DOM).
WORLD = QWebEngineScript.ScriptWorldId.ApplicationWorld
#: Default time a page call may take, in ms.
CALL_TIMEOUT_MS = 10_000

Target = QWebEnginePage | QWebEngineFrame


class PageScriptMissing(PagenoteError):
    """pagenote's page script is not installed in this document (before ``DocumentReady``, an error page, a
    PDF viewer, a download)."""

    def __init__(self, method: str) -> None:
        super().__init__("PAGE_SCRIPT_MISSING", f"pagenote's page script is not running here ({method}())")


class PageScriptError(PagenoteError):
    """The page-side method threw. ``stack`` is the JavaScript stack (capped, for the log; never shown to
    agents: it can quote page URLs)."""

    def __init__(self, method: str, message: str, stack: str) -> None:
        super().__init__("PAGE_SCRIPT_ERROR", f"{method}() threw: {message[:300]}")
        self.stack = stack[:4000]


class PageCallTimeout(PagenoteError):
    """No answer within the call's timeout (the renderer is busy, hung, or the tab is hidden and throttled)."""

    def __init__(self, method: str, timeout_ms: int) -> None:
        super().__init__("PAGE_CALL_TIMEOUT", f"no answer from the page to {method}() in {timeout_ms} ms")


class FrameGone(PagenoteError):
    """The frame was detached, navigated, or its renderer died before it answered; or its page was deleted
    (the tab closed, the app shutting down)."""

    def __init__(self, method: str) -> None:
        super().__init__("FRAME_GONE", f"the frame went away during {method}()")


def call_source(method: str, args: tuple) -> str:
    """The JavaScript source of one call in its envelope (see the module docstring). ``args`` must be
    JSON-serialisable; ``method`` is a plain identifier. Raises ``ValueError`` for any other method name."""
    if not method.isidentifier():
        raise ValueError(f"not a page-side method name: {method!r}")
    arglist = ", ".join(json.dumps(a) for a in args)
    return ("(() => { const p = window.__pagenote; if (!p) return '{\"m\":1}';"
            f" try {{ const v = p.{method}({arglist}); return JSON.stringify({{v: v === undefined ? null : v}}); }}"
            " catch (e) { return JSON.stringify({e: String((e && e.message) || e),"
            " s: String((e && e.stack) || '')}); } })()")


def decode(method: str, raw: Any) -> Any:
    """Turn a runJavaScript answer to :func:`call_source` into the value, or raise the typed outcome."""
    if raw is None or raw == "":
        raise FrameGone(method)
    try:
        envelope = json.loads(raw) if isinstance(raw, str) else None
    except ValueError:
        envelope = None
    if not isinstance(envelope, dict):
        raise PageScriptError(method, "the answer was not pagenote's envelope", repr(raw)[:200])
    if envelope.get("m"):
        raise PageScriptMissing(method)
    if "e" in envelope:
        raise PageScriptError(method, str(envelope["e"]), str(envelope.get("s", "")))
    value = envelope.get("v")
    if isinstance(value, str):  # page-side methods answer JSON strings (structured values travel lossily)
        try:
            return json.loads(value)
        except ValueError:
            return value
    return value


class PageBridge:
    """Calls into pagenote's page script of ``page`` — its main frame, or a given ``QWebEngineFrame``.

    Coordinates passed to page methods are the target frame's viewport CSS px. Every method is a coroutine
    and must run on the Qt thread's asyncio loop (:func:`app.runtime.loop.install`). Once ``page`` has been
    deleted (its C++ object; ``shiboken6.isValid`` is false) every call raises :class:`FrameGone` and
    :meth:`post` does nothing — never shiboken's ``RuntimeError``."""

    def __init__(self, page: QWebEnginePage) -> None:
        self.page = page
        #: How long :meth:`run` and :meth:`call` wait for an answer when not told (ms). Per bridge, so one
        #: page's bound can be set without changing every other page's (a test of a page that stops
        #: answering sets it small instead of waiting out the 10 s default).
        self.call_timeout_ms = CALL_TIMEOUT_MS

    def _gone(self, frame: QWebEngineFrame | None) -> bool:
        """Whether the target no longer exists. The page is checked first: a ``QWebEngineFrame`` keeps a plain
        pointer to its page's internals (``qwebengineframe.h``, Qt 6.8), so ``frame.isValid()`` must not run
        once the page is deleted."""
        if not shiboken6.isValid(self.page):
            return True
        return frame is not None and not frame.isValid()

    def _target(self, frame: QWebEngineFrame | None, method: str) -> Target:
        if self._gone(frame):
            raise FrameGone(method)
        return self.page if frame is None else frame

    async def run(self, source: str, *, frame: QWebEngineFrame | None = None, world: int = WORLD,
                  timeout_ms: int | None = None, what: str = "script") -> Any:
        """Run raw ``source`` in ``world`` of the target and return Qt's answer (``None`` when the frame went
        away) within ``timeout_ms`` (default :attr:`call_timeout_ms`). Raises :class:`PageCallTimeout` and
        :class:`FrameGone` (frame invalid or page deleted before the call)."""
        timeout_ms = self.call_timeout_ms if timeout_ms is None else timeout_ms
        loop = asyncio.get_running_loop()
        future: asyncio.Future = loop.create_future()

        def answered(result: Any) -> None:
            if not future.done():
                future.set_result(result)

        self._target(frame, what).runJavaScript(source, world, answered)
        try:
            return await asyncio.wait_for(future, timeout_ms / 1000)
        except TimeoutError:
            raise PageCallTimeout(what, timeout_ms) from None

    async def call(self, method: str, *args: Any, frame: QWebEngineFrame | None = None,
                   timeout_ms: int | None = None) -> Any:
        """``await window.__pagenote.<method>(*args)`` in the target frame; returns its (JSON-decoded) value
        (within ``timeout_ms``, default :attr:`call_timeout_ms`).

        Raises :class:`PageScriptMissing`, :class:`PageScriptError`, :class:`PageCallTimeout`,
        :class:`FrameGone` (all :class:`~app.core.errors.PagenoteError`)."""
        raw = await self.run(call_source(method, args), frame=frame, timeout_ms=timeout_ms, what=method)
        try:
            return decode(method, raw)
        except PageScriptError as exc:
            log.warning("page-side %s() failed: %s\n%s", method, exc.message, exc.stack[:2000])
            raise

    def post(self, method: str, *args: Any, frame: QWebEngineFrame | None = None) -> None:
        """Fire and forget: call ``method`` without waiting (hover highlights, markers). A failure is logged
        at debug level only — the next post or call says the same thing."""
        try:
            target = self._target(frame, method)
        except FrameGone:
            return

        def answered(raw: Any) -> None:
            try:
                decode(method, raw)
            except PagenoteError as exc:
                log.debug("post %s(): %s", method, exc)

        target.runJavaScript(call_source(method, args), WORLD, answered)

    async def wait_ready(self, *, frame: QWebEngineFrame | None = None, timeout_ms: int = CALL_TIMEOUT_MS) -> None:
        """Return once the page script answers in the target's current document (polling every 50 ms).

        Raises :class:`PageCallTimeout` when it is not there within ``timeout_ms`` (the last outcome is
        chained as the cause) and :class:`FrameGone` when the frame is removed or the page deleted."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout_ms / 1000
        last: PagenoteError | None = None
        while True:
            left = deadline - loop.time()
            if left <= 0:
                raise PageCallTimeout("frame", timeout_ms) from last
            try:
                await self.call("frame", frame=frame, timeout_ms=max(int(left * 1000), 1))
                return
            except (PageScriptMissing, FrameGone) as exc:
                if self._gone(frame):
                    raise
                last = exc
            await asyncio.sleep(0.05)

    async def wait_frames(self, n: int = 2, *, frame: QWebEngineFrame | None = None,
                          timeout_ms: int = 3_000) -> None:
        """Return once the renderer has run ``n`` more animation frames (so a DOM change is painted).

        Raises :class:`PageCallTimeout` when they do not come in ``timeout_ms`` (a hidden or throttled page),
        and every error of :meth:`call`."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout_ms / 1000
        target = await self.call("requestFrames", n, frame=frame, timeout_ms=timeout_ms)
        while True:
            counted = await self.call("frame", frame=frame, timeout_ms=timeout_ms)
            if counted is not None and counted >= target:
                return
            if loop.time() >= deadline:
                raise PageCallTimeout("requestFrames", timeout_ms)
            await asyncio.sleep(0.016)
