"""The guest page: a thin ``QWebEnginePage`` subclass that turns Qt's virtuals into typed signals."""

from __future__ import annotations

import logging
from dataclasses import dataclass, replace

from PySide6.QtCore import QCoreApplication, QObject, Signal
from PySide6.QtWebEngineCore import QWebEngineLoadingInfo, QWebEnginePage, QWebEngineProfile

from app.hid.page import DOORBELL
from app.webview.dialogs import DialogPolicy, DialogSeen
from app.webview.file_chooser import fallback_files

log = logging.getLogger("pagenote.webview")


@dataclass(frozen=True)
class LoadResult:
    """How a main-frame load ended. ``error`` is empty on success, else Chromium's message with its code,
    e.g. ``"net::ERR_CONNECTION_REFUSED (-102)"``. ``http_status`` is 0 when no HTTP response came."""

    url: str
    ok: bool
    error: str = ""
    http_status: int = 0


@dataclass(frozen=True)
class ConsoleSeen:
    """One console message as Chromium reports it for any frame of the page (``console.*`` calls, uncaught
    errors as ``"Uncaught …"``, unhandled rejections as ``"Uncaught (in promise) …"``): ``level`` 0 info (log,
    debug, info), 1 warning, 2 error (``QWebEnginePage.JavaScriptConsoleMessageLevel``), raw ``message`` (not
    redacted), ``line`` (1-based, 0 when unknown) and ``source`` (the script's URL; Qt does not name the frame)."""

    level: int
    message: str
    line: int
    source: str


class Guest(QWebEnginePage):
    """A page in a :class:`~app.webview.lease.Lease`'s profile.

    Signals:
        load_result(LoadResult): a main-frame load finished, with the network error when it failed.
        dialog_seen(DialogSeen): the page opened a JavaScript dialog and was answered (already) per
            :attr:`dialog_policy`; ``suppressed`` is set from the document's sixth dialog on (a dialog loop).
        console_message(ConsoleSeen): the page (any frame) wrote to its console; raw text — whoever keeps or
            shows it redacts it (:mod:`app.tabs.console`). Nothing is printed to stderr.
        device_doorbell(): a frame's device script (WebHID / Web Serial, :mod:`app.hid.page`) queued calls for
            the host; its console line is not a console message.

    JavaScript dialogs never block (issue 9 §1): Qt's dialog virtuals hold the page's script until they
    return, so each returns at once with :attr:`dialog_policy`'s answer — no ``QMessageBox`` ever opens.
    Dialogs are numbered per document (the count restarts when a main-frame load starts).
    """

    load_result = Signal(object)
    dialog_seen = Signal(object)
    console_message = Signal(object)
    device_doorbell = Signal()

    #: Qt's own text for a ``beforeunload`` confirmation (QWebEnginePagePrivate::javascriptDialog passes it to
    #: ``javaScriptConfirm``; a page's ``confirm()`` with this very text is taken as one, and answered "leave").
    BEFOREUNLOAD_TEXT = "Are you sure you want to leave this page? Changes that you made may not be saved."

    def __init__(self, profile: QWebEngineProfile, parent: QObject | None = None) -> None:
        super().__init__(profile, parent)
        self.dialog_policy = DialogPolicy()
        self.dialog_hold = None  # an app.webview.dialog_hold.DialogHold while agents may answer dialogs
        self.file_chooser_hook = None  # app.webview.file_chooser.FileChooserHold.qt_asked once agents acted
        self._dialogs_in_document = 0
        self.loadingChanged.connect(self._on_loading_changed)
        # The device script (navigator.hid / navigator.serial, main world, every frame) is a profile script of
        # the lease (app.webview.lease), not a page script: Qt 6.12 keeps a deleted page's scripts in its
        # profile's script set, so one copy per page piled up until, after about 125 pages in one profile,
        # new pages got no page script at all (PAGE_SCRIPT_MISSING, no frames).

    def _on_loading_changed(self, info: QWebEngineLoadingInfo) -> None:
        status = info.status()
        if status == QWebEngineLoadingInfo.LoadStatus.LoadStartedStatus:
            self._dialogs_in_document = 0
        elif status == QWebEngineLoadingInfo.LoadStatus.LoadSucceededStatus:
            self.load_result.emit(LoadResult(info.url().toString(), True, http_status=info.errorCode()
                                             if info.errorDomain() == QWebEngineLoadingInfo.ErrorDomain.HttpStatusCodeDomain else 0))
        elif status == QWebEngineLoadingInfo.LoadStatus.LoadFailedStatus:
            if info.errorDomain() == QWebEngineLoadingInfo.ErrorDomain.HttpStatusCodeDomain:
                # Qt's text for HTTP errors is an HTML template ("…<strong>$1</strong>"): say it plainly.
                error = f"HTTP {info.errorCode()}"
            else:
                error = f"{info.errorString() or 'load failed'} ({info.errorCode()})"
            self.load_result.emit(LoadResult(info.url().toString(), False, error=error))
        elif status == QWebEngineLoadingInfo.LoadStatus.LoadStoppedStatus:
            self.load_result.emit(LoadResult(info.url().toString(), False, error="load stopped"))

    #: Who makes popups: ``factory(kind) -> QWebEnginePage | None`` (``kind`` a ``WebWindowType``; ``None``
    #: leaves the popup to ``newWindowRequested``, which Qt then emits with the gesture, and which blocks it unless
    #: a slot opens it: app.tabs.popups). Unset, a popup opens in this page (one view).
    popup_factory = None

    def createWindow(self, kind):  # noqa: N802 (Qt virtual)
        # window.open(), target=_blank: the host's policy (app.tabs.popups) makes a tab in this page's lease.
        if self.popup_factory is None:
            return self
        return self.popup_factory(kind)

    def javaScriptConsoleMessage(self, level, message, line, source) -> None:  # noqa: N802 (Qt virtual)
        # Qt's default prints page console output to stderr; the page's console may carry secrets.
        if message == DOORBELL:
            self.device_doorbell.emit()
            return
        self.console_message.emit(ConsoleSeen(int(getattr(level, "value", level)), message or "", int(line or 0),
                                              source or ""))

    # -- JavaScript dialogs: answered at once, never a modal box ------------------------------------------------

    def _document_url(self, origin) -> str:
        """The URL of the document that opened a dialog. ``url()`` lags during a first load (Qt updates it
        with urlChanged, after the document's scripts may already run), so fall back to the URL the load
        asked for, then to the dialog's security origin."""
        for url in (self.url(), self.requestedUrl(), origin):
            if url is not None and not url.isEmpty():
                return url.toString()
        return ""

    def _dialog(self, kind: str, message: str, default: str | None = None, origin=None):
        self._dialogs_in_document += 1
        policy, given = self.dialog_policy, default
        # An agent driving the page answers it itself (app.webview.dialog_hold: a bounded wait); None: not held.
        held = self.dialog_hold.hold(kind, message, default) if self.dialog_hold is not None else None
        if held is not None:
            policy = DialogPolicy("accept" if held[0] else "dismiss")
            given = held[1] if held[1] is not None else default
        seen, value = DialogSeen.make(kind, message, given, self._document_url(origin), policy,
                                      self._dialogs_in_document)
        if held is not None and kind == "beforeunload" and not held[0]:   # the agent chose to stay
            seen, value = replace(seen, answered="dismissed", value=False), False
        if not seen.suppressed:
            log.info("dialog %s", seen.line())
        self.dialog_seen.emit(seen)
        return value

    def javaScriptAlert(self, securityOrigin, msg) -> None:  # noqa: N802,N803 (Qt virtual)
        self._dialog("alert", msg, origin=securityOrigin)

    def javaScriptConfirm(self, securityOrigin, msg) -> bool:  # noqa: N802,N803 (Qt virtual)
        unload = msg in (self.BEFOREUNLOAD_TEXT, QCoreApplication.translate("QWebEnginePage", self.BEFOREUNLOAD_TEXT))
        return bool(self._dialog("beforeunload" if unload else "confirm", msg, origin=securityOrigin))

    def javaScriptPrompt(self, securityOrigin, msg, defaultValue):  # noqa: N802,N803 (Qt virtual)
        value = self._dialog("prompt", msg, defaultValue, origin=securityOrigin)
        return (value is not None), (value or "")

    # -- file choosers: the agent's are intercepted over CDP (app.webview.file_chooser) -------------------------

    def chooseFiles(self, mode, oldFiles, acceptedMimeTypes):  # noqa: N802,N803 (Qt virtual)
        files = fallback_files(self.file_chooser_hook, mode, oldFiles, acceptedMimeTypes)
        return files if files is not None else super().chooseFiles(mode, oldFiles, acceptedMimeTypes)
