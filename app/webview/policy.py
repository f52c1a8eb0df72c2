"""What a guest page may do beyond rendering, decided by the host: where it may navigate (an optional
allow-list of origins per lease), and what happens on an HTTP authentication request or a certificate error
(refused by default, each reported so the host can show its own prompt — never a silent accept).

The rules are plain functions (:func:`origin_of`, :func:`navigation_allowed`); :class:`PagePolicy` is the thin
Qt part on one page:

- ``QWebEnginePage.navigationRequested`` (Qt 6.2+) is answered before Chromium sends the request, so a
  navigation the allow-list refuses never reaches the network; the page then shows a host-made error page
  naming the rule (``setHtml``, scheduled after the refusal);
- ``authenticationRequired`` / ``proxyAuthenticationRequired``: the ``QAuthenticator`` is left unset, which
  Qt takes as "cancel" (the page gets its 401/407); ``certificateError``: ``rejectCertificate()`` at once
  (Qt otherwise lets the load wait for ``defer()``red answers). Each is reported as a :class:`Refusal`.
"""

from __future__ import annotations

import html
import logging
from dataclasses import dataclass

from PySide6.QtCore import QObject, QTimer, QUrl, Signal
from PySide6.QtWebEngineCore import QWebEngineNavigationRequest, QWebEnginePage

log = logging.getLogger("pagenote.policy")

#: Schemes the allow-list never blocks: pagenote's own pages and documents without a network origin.
ALWAYS_ALLOWED = frozenset({"about", "data", "blob", "qrc"})


def origin_of(url: QUrl | str) -> str:
    """``scheme://host[:port]`` of ``url`` (the port only when it is not the scheme's default); ``""`` for a
    URL with no host (``file:``, ``about:``)."""
    url = QUrl(url) if isinstance(url, str) else url
    if not url.host():
        return ""
    port = url.port()
    default = {"http": 80, "https": 443}.get(url.scheme(), -1)
    return f"{url.scheme()}://{url.host()}" + (f":{port}" if port not in (-1, default) else "")


def navigation_allowed(url: QUrl | str, allowed: tuple[str, ...] | None) -> bool:
    """Whether a navigation to ``url`` passes the allow-list ``allowed`` (origins as :func:`origin_of` spells
    them; ``None``: no list, everything passes). ``about:``/``data:``/``blob:`` and ``file:`` documents the
    user opens always pass (a local file has no origin to list; :mod:`app.webview.lease` confines it)."""
    if allowed is None:
        return True
    url = QUrl(url) if isinstance(url, str) else url
    if url.scheme() in ALWAYS_ALLOWED or url.scheme() == "file":
        return True
    return origin_of(url) in allowed


@dataclass(frozen=True)
class Refusal:
    """Something the policy refused: ``kind`` (``navigation``, ``auth``, ``proxy-auth``, ``certificate``),
    the ``url`` and the ``reason`` (the rule, the realm or the certificate error's description)."""

    kind: str
    url: str
    reason: str


def blocked_page(url: str, rule: str) -> str:
    """The host's error page for a navigation the allow-list refused (HTML, everything escaped)."""
    return (f"<!doctype html><meta charset=utf-8><title>Blocked</title><body style='font: 15px sans-serif; "
            f"margin: 3em'><h1>Navigation blocked</h1><p>pagenote did not open <code>{html.escape(url)}</code>: "
            f"{html.escape(rule)}</p></body>")


class PagePolicy(QObject):
    """Applies the host's policy to ``page`` (a ``QWebEnginePage``) under ``lease`` (its ``allowed_origins``:
    a tuple of origins, or ``None`` for no list). Every refusal is logged and emitted.

    Signals:
        refused(Refusal): a navigation, an authentication request or a certificate error was refused.
    """

    refused = Signal(object)

    def __init__(self, page: QWebEnginePage, lease, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.page, self.lease = page, lease
        page.navigationRequested.connect(self._navigation)
        page.authenticationRequired.connect(lambda url, _auth: self._refuse("auth", url, "HTTP authentication"))
        page.proxyAuthenticationRequired.connect(
            lambda url, _auth, host: self._refuse("proxy-auth", url, f"proxy authentication for {host}"))
        page.certificateError.connect(self._certificate)

    def _refuse(self, kind: str, url: QUrl, reason: str) -> None:
        refusal = Refusal(kind, url.toString(), reason)
        log.info("refused %s: %s (%s)", kind, refusal.url, reason)
        self.refused.emit(refusal)

    def _navigation(self, request: QWebEngineNavigationRequest) -> None:
        allowed = getattr(self.lease, "allowed_origins", None)
        url = request.url()
        if navigation_allowed(url, allowed):
            return
        request.reject()
        rule = f"{origin_of(url) or url.scheme() + ':'} is not in this lease's allow-list ({', '.join(allowed)})"
        self._refuse("navigation", url, rule)
        if request.isMainFrame():
            shown = url.toString()
            QTimer.singleShot(0, lambda: self.page.setHtml(blocked_page(shown, rule), QUrl("about:blank")))

    def _certificate(self, error) -> None:
        error.rejectCertificate()
        self._refuse("certificate", error.url(), error.description())
