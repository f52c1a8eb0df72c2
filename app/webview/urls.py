"""Turning what a user typed into a URL, and the bundled demo page."""

from __future__ import annotations

from PySide6.QtCore import QDir, QUrl

from app.core.resources import resource

#: The demo page opened when no URL is given (issue #2 §1): ``resources/demo.html`` in a checkout, the
#: package's copy when installed (:mod:`app.core.resources`).
DEMO_PAGE = resource("demo.html")


def demo_url(language: str = "en") -> QUrl:
    """``file://`` URL of the bundled demo page; for a UI ``language`` other than English with ``?lang=CODE``,
    which the page reads to show its three-step introduction in that language (``zh_CN``). Raises
    ``FileNotFoundError`` when the page is missing."""
    if not DEMO_PAGE.is_file():
        raise FileNotFoundError(f"the demo page is missing: {DEMO_PAGE}")
    url = QUrl.fromLocalFile(str(DEMO_PAGE))
    if language != "en":
        url.setQuery(f"lang={language}")
    return url


def url_from_user_input(text: str) -> QUrl:
    """``localhost:5173`` → ``http://localhost:5173``, ``./page.html`` → ``file:///…/page.html``, a full URL
    as is (``QUrl.fromUserInput``; an existing relative path is a local file). Invalid → invalid QUrl."""
    text = text.strip()
    if not text:
        return QUrl()
    return QUrl.fromUserInput(text, QDir.currentPath())


def url_origin(url: QUrl) -> str:
    """The origin ``url`` names, as the host's lines and agent results show it: ``scheme://host[:port]`` (no user
    info, default ports left out as ``QUrl`` leaves them), ``file://`` for any local file, ``scheme:`` for a URL
    without a host (``about:``, ``data:``), ``""`` for an empty URL."""
    if url.scheme() == "file":
        return "file://"
    if not url.host():
        return f"{url.scheme()}:" if url.scheme() else ""
    port = f":{url.port()}" if url.port() != -1 else ""
    return f"{url.scheme()}://{url.host()}{port}"


#: The schemes an agent may open (``navigate``, ``tabs.new``); ``file`` only when the user allows it.
AGENT_SCHEMES = ("http", "https", "about", "data")


def check_agent_url(url: QUrl, text: str, files_allowed: bool) -> None:
    """Refuse a URL an agent asked for (``url``, parsed from ``text``) that it may not open.

    Raises :class:`~app.core.errors.PagenoteError` ``BAD_URL`` for an invalid URL or a scheme outside
    :data:`AGENT_SCHEMES` and ``file`` (``javascript:``, ``view-source:``, ``chrome:`` …), and
    ``FILE_URL_REFUSED`` for a ``file:`` URL unless ``files_allowed`` (``[agent] files`` in the user's settings):
    a local file is the user's, and a page the agent opens from disk could show it any file's text to read.
    """
    from app.core.errors import PagenoteError

    scheme = url.scheme().lower() if url.isValid() else ""
    if scheme == "file":
        if not files_allowed:
            raise PagenoteError("FILE_URL_REFUSED", f"{text[:200]!r} is a local file")
        return
    if url.isEmpty() or scheme not in AGENT_SCHEMES:
        raise PagenoteError("BAD_URL", f"not a URL an agent may open: {text[:200]!r}")
