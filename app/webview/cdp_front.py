"""The DevTools frontend page a :class:`~app.webview.cdp.CdpSession` rides (issue 26, requirements 1 and 6).

Two kinds, one channel. ``QWebEnginePage.setDevToolsPage(front)`` makes ``front`` load
``devtools://devtools/bundled/inspector.html``; Chromium's embedder (``DevToolsUIBindings``) runs
``devtools_compatibility.js`` in each document of that page before any of the document's own scripts, which
creates ``InspectorFrontendHost`` and ``DevToolsAPI`` — all the session needs. The rest of inspector.html is the
DevTools UI (some thousand modules):

* **light** (what features get): a script at ``DocumentCreation`` calls ``window.stop()``, so inspector.html
  never loads its modules. Measured on Qt 6.12 / Chromium 140 (``bench/cdp_session.py``): attach ~75–100 ms
  instead of ~500 ms, one renderer of ~86 MB RSS / ~26 MB PSS instead of ~155 / ~97. With no UI nothing
  enables a CDP domain unasked (features enable what they use; the Debugger is never on, so the page is never
  paused) and the tap forwards nothing to a frontend;
* **full** (the F12 window): the stock UI, for the user.

Other bundled entry pages (``device_mode_emulation_frame.html`` …, reached by navigating the frontend page
right after ``setDevToolsPage``) give the same channel at the same cost as the stopped inspector.html (measured:
~91 MB RSS / ~30 MB PSS), but depend on a navigation Chromium's URL sanitizer may refuse in a later version;
the stop depends on nothing but the script order, which the tap checks (it announces ready only with both
objects in place).
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal
from PySide6.QtWebEngineCore import QWebEnginePage, QWebEngineProfile, QWebEngineScript

from app.webview import cdp_js

#: Stops the document before inspector.html's module scripts load (the light frontend). ``devtools_compat``
#: has run by then (Chromium's ``DevToolsFrontendImpl::DidClearWindowObject`` precedes DocumentCreation).
_STOP = "window.stop();"


class Frontend(QWebEnginePage):
    """A DevTools frontend page (Qt's default profile, off the record; never the lease's, so pagenote's page
    script is never injected into DevTools). Console lines starting with ``token + ":"`` are protocol traffic
    from the tap and are emitted as :attr:`protocol` (the JSON text after the prefix); other lines (the
    frontend's own logging) are dropped. ``light``: the UI-less frontend (module docstring)."""

    protocol = Signal(str)

    def __init__(self, token: str, light: bool, parent: QObject | None = None) -> None:
        super().__init__(QWebEngineProfile.defaultProfile(), parent)
        self._prefix = token + ":"
        self.light = light
        self._add_script("pagenote-cdp", cdp_js.install_script(token, light))
        if light:
            self._add_script("pagenote-cdp-stop", _STOP)
        # Fallback: installs the tap after load should the DocumentCreation trap have missed (a no-op otherwise).
        self.loadFinished.connect(lambda _ok: self.runJavaScript(
            cdp_js.install_script(token, light), QWebEngineScript.ScriptWorldId.MainWorld))

    def _add_script(self, name: str, source: str) -> None:
        script = QWebEngineScript()
        script.setName(name)
        script.setSourceCode(source)
        script.setInjectionPoint(QWebEngineScript.InjectionPoint.DocumentCreation)
        script.setWorldId(QWebEngineScript.ScriptWorldId.MainWorld)
        script.setRunsOnSubFrames(False)
        self.scripts().insert(script)

    def javaScriptConsoleMessage(self, level, message, line, source) -> None:  # noqa: N802 (Qt virtual)
        if message.startswith(self._prefix):
            self.protocol.emit(message[len(self._prefix):])
