"""Profiles ("leases"): the browsing context a guest page lives in, with pagenote's picker script installed.

A :class:`Lease` owns one ``QWebEngineProfile``. Qt requires every page to be deleted before its profile and
the profile to stay referenced while any page uses it (a garbage-collected profile silently breaks its page),
so the lease is a ``QObject`` parented to whoever creates it, and :meth:`Lease.close` deletes pages first.

Local files (``file://`` documents the user opens) get only themselves: no other file, and no network.
What Qt 6.12 / Chromium 140 do, measured with a real file page (``tests/test_file_urls.py``):

- ``LocalContentCanAccessFileUrls`` on (Qt's default): a ``file://`` page can ``fetch``/XHR any file, read
  any file in an iframe, and run any file as a script. Off (:func:`apply_local_content_settings`): Qt
  refuses every ``file://`` sub-resource and frame of a ``file://`` document — other files and the
  document's own pictures, styles and scripts alike (Qt ties Chromium's file-origin isolation and that
  refusal to this one switch; an interceptor never sees the refused requests, so it cannot let the
  document's own through) — and ``fetch``/XHR of ``file:`` fail.
- ``LocalContentCanAccessRemoteUrls`` off (Qt's default, set explicitly): ``fetch``, XHR, ``sendBeacon``,
  images, frames, ``EventSource``, CSS, forms and script navigations from a ``file://`` document never reach
  an ``http(s)`` server — but a WebSocket handshake does. :class:`LocalContentGuard` blocks that.
"""

from __future__ import annotations

import logging
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Signal
from PySide6.QtWebEngineCore import (QWebEnginePage, QWebEngineProfile, QWebEngineScript, QWebEngineSettings,
                                     QWebEngineUrlRequestInfo, QWebEngineUrlRequestInterceptor)

from app.picker_js import picker_source

log = logging.getLogger("pagenote.webview")

PICKER_SCRIPT_NAME = "pagenote-picker"
#: Schemes a ``file://`` document may never reach (:func:`local_request_blocked`).
NETWORK_SCHEMES = frozenset({"http", "https", "ws", "wss", "ftp"})


def picker_script() -> QWebEngineScript:
    """The picker bundle as a ``QWebEngineScript``: isolated world (``ApplicationWorld``), injected at
    ``DocumentReady`` into every frame, cross-origin ones included (each frame gets its own copy; the host
    talks to each through ``QWebEngineFrame.runJavaScript``)."""
    script = QWebEngineScript()
    script.setName(PICKER_SCRIPT_NAME)
    script.setSourceCode(picker_source())
    script.setWorldId(QWebEngineScript.ScriptWorldId.ApplicationWorld)
    script.setInjectionPoint(QWebEngineScript.InjectionPoint.DocumentReady)
    script.setRunsOnSubFrames(True)
    return script


def keep_picker_after_crash(page: QWebEnginePage) -> None:
    """Install the picker script on ``page`` itself (once), for the render process that replaces a crashed
    or killed one. Workaround: in Qt 6.12 a profile's ``ApplicationWorld`` scripts are not injected into the
    documents of a page whose renderer died and was restarted by a reload (measured: ``window.__pagenote``
    stays undefined in the isolated world while the page's own scripts still run; ``tests/test_crash.py``),
    so pagenote's page script, markers and annotation mode were gone until a restart. A page-level copy is
    injected; the picker's install guard makes a second copy replace the first. Delete when Qt re-injects
    profile scripts after a renderer restart."""
    if not page.scripts().find(PICKER_SCRIPT_NAME):
        page.scripts().insert(picker_script())


def apply_local_content_settings(settings: QWebEngineSettings) -> None:
    """Turn both of QtWebEngine's local-content permissions off in ``settings`` (a profile's or a page's):
    ``LocalContentCanAccessFileUrls`` and ``LocalContentCanAccessRemoteUrls`` (module docstring: what each
    does in Qt 6.12)."""
    settings.setAttribute(QWebEngineSettings.WebAttribute.LocalContentCanAccessFileUrls, False)
    settings.setAttribute(QWebEngineSettings.WebAttribute.LocalContentCanAccessRemoteUrls, False)


def local_request_blocked(request_scheme: str, resource_type: str, first_party_scheme: str,
                          initiator_scheme: str) -> bool:
    """Whether a request must be blocked because a local document makes it: its scheme is a network one
    (:data:`NETWORK_SCHEMES`), it is not a top-level navigation (``resource_type`` is the
    ``QWebEngineUrlRequestInfo.ResourceType`` name; ``ResourceTypeMainFrame`` is left to Qt, which refuses
    a script's navigation from a local document to ``http:``, measured), and the top document
    (``first_party_scheme``) or the document that asked (``initiator_scheme``) is a ``file:`` one.
    Plain strings in, so a test can call it directly."""
    local = "file" in (first_party_scheme, initiator_scheme)
    return local and request_scheme in NETWORK_SCHEMES and resource_type != "ResourceTypeMainFrame"


class LocalContentGuard(QWebEngineUrlRequestInterceptor):
    """A profile's request interceptor that blocks what :func:`local_request_blocked` names: in Qt 6.12 /
    Chromium 140 the WebSocket handshake of a ``file://`` document is the one request that reaches a server
    with ``LocalContentCanAccessRemoteUrls`` off (measured, ``tests/test_file_urls.py``; delete this guard
    when Qt covers WebSockets). Qt 6 calls it on the UI thread, before any page's own interceptor."""

    def interceptRequest(self, info: QWebEngineUrlRequestInfo) -> None:  # noqa: N802 (Qt virtual)
        if local_request_blocked(info.requestUrl().scheme(), info.resourceType().name,
                                 info.firstPartyUrl().scheme(), info.initiator().scheme()):
            log.info("blocked a %s request of a local document", info.requestUrl().scheme())
            info.block(True)


class Lease(QObject):
    """A browsing context the host issued: one ``QWebEngineProfile`` with the picker script installed and
    local documents confined to themselves (module docstring: :func:`apply_local_content_settings`,
    :class:`LocalContentGuard`). Cookies, storage, cache and permission grants never cross leases.

    ``name`` labels it (``"session"``, ``"isolated-3"`` for a private tab's, or a persistent profile's name:
    ``"default"`` is the window's). With ``storage`` (a directory holding ``storage/`` and ``cache/``,
    :func:`app.runtime.profiles.generation_dir`) the profile is persistent (logins survive a restart); without
    it, off the record (nothing written to disk). :meth:`renew` moves a persistent lease to an empty directory
    (the lease cleared) while its old pages still live; :meth:`retire` drops the old profile once they are gone. Qt never remembers a permission itself
    (``PersistentPermissionsPolicy.AskEveryTime``): :attr:`grants` (the user's choices, in memory) decide.

    ``parent`` keeps it alive. A page may only be made for a live lease (:meth:`attach`); :meth:`close`
    emits ``closing`` (owners close their tabs), deletes any page still attached, then the profile — Qt
    requires pages to die before their profile ("Release of profile requested but WebEnginePage still not
    deleted").

    Signals:
        closing(): the lease is closing; delete the pages made for it now.
    """

    closing = Signal()

    def __init__(self, parent: QObject | None = None, name: str = "session", storage: Path | None = None) -> None:
        super().__init__(parent)
        from app.webview.permissions import Grants

        self.name = name
        self.persistent = storage is not None
        #: The directory holding ``storage/`` and ``cache/`` (``None``: off the record); :meth:`renew` moves it.
        self.storage = storage
        self._retired: list[QWebEngineProfile] = []  # profiles renewed away from, until their pages are gone
        self.profile = self._make_profile(storage)
        self.grants = Grants()
        #: Origins pages of this lease may navigate to (``("https://app.example", …)``), or ``None``: any
        #: (:mod:`app.webview.policy`; from the settings file).
        self.allowed_origins: tuple[str, ...] | None = None
        self.live = True
        self._pages: list[QWebEnginePage] = []

    def _make_profile(self, storage: Path | None) -> QWebEngineProfile:
        """A profile with pagenote's scripts and local-content rules: off the record without ``storage``, else
        persistent in ``storage/storage`` and ``storage/cache``. Every cookie is kept, session cookies too
        (``ForcePersistentCookies``): a restored tab continues where the user left off, as Chromium does with
        "Continue where you left off", so a login made with a session cookie survives a restart."""
        if storage is None:
            profile = QWebEngineProfile(self)  # no storage name: off the record
        else:
            storage.mkdir(parents=True, exist_ok=True)
            # One storage name per directory: Qt allows one live profile per storage name, and a renewed lease
            # holds its old profile until the old pages are gone.
            suffix = "" if storage.name == self.name else f"-{storage.name}"
            profile = QWebEngineProfile(f"pagenote-{self.name}{suffix}", self)
            profile.setPersistentStoragePath(str(storage / "storage"))
            profile.setCachePath(str(storage / "cache"))
            profile.setPersistentCookiesPolicy(QWebEngineProfile.PersistentCookiesPolicy.ForcePersistentCookies)
        profile.setPersistentPermissionsPolicy(QWebEngineProfile.PersistentPermissionsPolicy.AskEveryTime)
        profile.scripts().insert(picker_script())
        # navigator.hid / navigator.serial for every page of this lease: main world, DocumentCreation, every
        # frame (app.hid.page). Once per profile — see app.webview.guest on why not per page.
        from app.hid.page import device_script

        profile.scripts().insert(device_script())
        # The built-ins evaluate serializes with, kept before any page script runs (app.webview.evaluate).
        from app.webview.evaluate import pristine_script

        profile.scripts().insert(pristine_script())
        apply_local_content_settings(profile.settings())
        guard = LocalContentGuard(profile)
        profile.setUrlRequestInterceptor(guard)
        self.local_guard = guard
        return profile

    def renew(self, storage: Path) -> None:
        """Make new pages of this persistent lease start from ``storage`` (an empty directory: the lease cleared,
        :func:`app.runtime.leases.clear_lease`). Pages made before keep the old profile until they are deleted;
        :meth:`retire` then deletes it. Raises ``RuntimeError`` for a closed or off-the-record lease."""
        self.require_live()
        if not self.persistent:
            raise RuntimeError(f"lease {self.name!r} is off the record: nothing to renew")
        self._retired.append(self.profile)
        self.storage = storage
        self.profile = self._make_profile(storage)

    def retire(self) -> int:
        """Delete every profile :meth:`renew` left whose pages are all gone (pages first, as Qt requires);
        returns how many profiles are still held because a page uses them."""
        import shiboken6

        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        for profile in list(self._retired):
            if any(shiboken6.isValid(p) and p.profile() is profile for p in self._pages):
                continue
            self._retired.remove(profile)
            shiboken6.delete(profile)
        return len(self._retired)

    def require_live(self) -> QWebEngineProfile:
        """The profile, for a page about to be made on it. Raises ``RuntimeError`` when the lease is closed (a
        page on a released profile would crash Qt)."""
        if not self.live:
            raise RuntimeError(f"lease {self.name!r} is closed")
        return self.profile

    def attach(self, page: QWebEnginePage) -> None:
        """Record ``page`` (made on :attr:`profile`) as living under this lease. Raises ``RuntimeError`` when
        the lease is closed."""
        self.require_live()
        self._pages.append(page)
        page.destroyed.connect(lambda *_: self._pages.remove(page) if page in self._pages else None)

    @property
    def pages(self) -> list[QWebEnginePage]:
        """The pages attached and not yet deleted."""
        return list(self._pages)

    def close(self) -> None:
        """Close the lease: ``closing`` first, then any page still attached is deleted, then the lease (and
        its profile) is deleted. Idempotent."""
        import shiboken6

        if not self.live:
            return
        self.live = False
        self.closing.emit()
        for page in self.pages:
            if shiboken6.isValid(page):
                shiboken6.delete(page)
        self._pages.clear()
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        shiboken6.delete(self)
