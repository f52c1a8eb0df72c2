"""The page's requests as the host sees them: a thin ``QWebEngineUrlRequestInterceptor`` that turns each
request Chromium is about to make for one page into a :class:`RequestSeen` signal. Nothing is blocked or
changed, and request headers and bodies are never read."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QObject, Signal
from PySide6.QtWebEngineCore import QWebEngineUrlRequestInfo, QWebEngineUrlRequestInterceptor

_TYPES = {
    "ResourceTypeMainFrame": "document", "ResourceTypeSubFrame": "subframe", "ResourceTypeStylesheet": "stylesheet",
    "ResourceTypeScript": "script", "ResourceTypeImage": "image", "ResourceTypeFontResource": "font",
    "ResourceTypeSubResource": "other", "ResourceTypeObject": "object", "ResourceTypeMedia": "media",
    "ResourceTypeWorker": "worker", "ResourceTypeSharedWorker": "worker", "ResourceTypePrefetch": "prefetch",
    "ResourceTypeFavicon": "favicon", "ResourceTypeXhr": "xhr", "ResourceTypePing": "ping",
    "ResourceTypeServiceWorker": "worker", "ResourceTypeCspReport": "csp-report", "ResourceTypePluginResource": "other",
    "ResourceTypeNavigationPreloadMainFrame": "document", "ResourceTypeNavigationPreloadSubFrame": "subframe",
    "ResourceTypeJson": "json", "ResourceTypeWebSocket": "websocket", "ResourceTypeUnknown": "other",
}


@dataclass(frozen=True)
class RequestSeen:
    """One request as it left: ``method`` (``GET``…), raw ``url`` (not redacted: whoever keeps it redacts),
    ``type`` (``document``, ``subframe``, ``script``, ``stylesheet``, ``image``, ``font``, ``xhr``, ``json``
    (``fetch()`` of JSON… as Chromium classifies it), ``media``, ``websocket``, ``other`` …), ``initiator`` (the
    origin of the document that asked, ``""`` for the user or the host), ``first_party`` (the top document's
    URL)."""

    method: str
    url: str
    type: str
    initiator: str
    first_party: str


def resource_type(info: QWebEngineUrlRequestInfo) -> str:
    """The short type name of ``info.resourceType()`` (see :class:`RequestSeen`)."""
    return _TYPES.get(info.resourceType().name, "other")


class RequestSpy(QWebEngineUrlRequestInterceptor):
    """Install with ``page.setUrlRequestInterceptor(spy)`` (it then sees that page's requests only: Qt runs a
    page's interceptor after the profile's, for the page's own requests; Qt 6 calls it on the UI thread).

    Signals:
        seen(RequestSeen): a request is about to be sent (after redirects, once per hop).
    """

    seen = Signal(object)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)

    def interceptRequest(self, info: QWebEngineUrlRequestInfo) -> None:  # noqa: N802 (Qt virtual)
        initiator = info.initiator()
        self.seen.emit(RequestSeen(bytes(info.requestMethod().data()).decode("ascii", "replace"),
                                   info.requestUrl().toString(), resource_type(info),
                                   "" if initiator.isEmpty() else initiator.toString().rstrip("/"),
                                   info.firstPartyUrl().toString()))
