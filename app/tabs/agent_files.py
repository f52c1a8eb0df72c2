"""Agents and local files past the first page: while an agent acts, a page gets to no other local file.

``FILE_URL_REFUSED`` (:func:`app.webview.urls.check_agent_url`) guards the URLs an agent names (``navigate``,
``tabs.new``). A ``file:`` page the user opened (``pagenote serve``'s demo page, a local report) is the agent's
to read, but its links lead further: Chromium lets a ``file:`` document navigate to any other ``file:`` URL on a
click or key press (a gesture) — and an agent's click is one (:class:`app.webview.input.AgentInput` sends real
input events). Measured here (QtWebEngine 6.12): a script's ``location = 'file:///etc/hostname'`` ends in
``net::ERR_ACCESS_DENIED``, but the agent's ``browser_click`` on a link to it, ``browser_press_key Enter`` on a
focused one and a ``target=_blank`` link all opened the file, and the action's result showed its text.

Rule (:func:`refused`): unless the user allows agents local files (``app.allow_file_urls``: ``[agent] files`` /
``--allow-file-urls``), a navigation to a ``file:`` URL that the page started (a link, a form, a script, a
redirect: not the host's own load, back/forward or reload) is refused while an agent acts on that tab (agent
control ``acting``, :mod:`app.tabs.agent_control`), or — for a new tab's first document (a popup from the
agent's click) — while an agent acts on any tab; a navigation in the same document (a ``#fragment``) passes.
The user's own clicks are untouched: a click into the page the agent acts on takes it back first
(``stopped``), and other tabs are not the agent's.
"""

from __future__ import annotations

import logging

from PySide6.QtCore import QUrl
from PySide6.QtWebEngineCore import QWebEngineNavigationRequest

from app.tabs.agent_control import ACTING
from app.tabs.popups import agent_acting

log = logging.getLogger("pagenote.agent")

_NAV = QWebEngineNavigationRequest.NavigationType
#: Navigations the host starts itself (its own load of a URL checked before, history, reload): never refused here.
HOST_STARTED = frozenset({_NAV.TypedNavigation, _NAV.BackForwardNavigation, _NAV.ReloadNavigation})


def _same_document(url: QUrl, current: QUrl) -> bool:
    return url.toString().partition("#")[0] == current.toString().partition("#")[0]


def refused(app, tab, url: QUrl, kind) -> bool:
    """Whether ``tab``'s page may not go to ``url`` by a navigation of type ``kind`` (module docstring)."""
    if url.scheme().lower() != "file" or kind in HOST_STARTED or getattr(app, "allow_file_urls", False):
        return False
    current = tab.page.url()
    if _same_document(url, current):
        return False
    parts = getattr(tab, "agent", None)
    if parts is not None:
        return parts.control.state == ACTING
    return (current.isEmpty() or current.toString() == "about:blank") and agent_acting(app)


def install(app, tab) -> None:
    """Apply :func:`refused` to ``tab``'s navigations (``QWebEnginePage.navigationRequested``, answered before
    Chromium reads anything)."""
    def check(request: QWebEngineNavigationRequest) -> None:
        if refused(app, tab, request.url(), request.navigationType()):
            request.reject()
            log.info("refused an agent-time navigation of tab %s to a local file", tab.id)

    tab.page.navigationRequested.connect(check)
