"""Web permissions under the host's policy: every request a page makes (geolocation, notifications, camera,
microphone, screen share, clipboard read, pointer lock, local fonts) is decided at once — denied unless the user
allowed that origin in that lease — and logged.

The decision is plain code (:class:`Grants`, :func:`decide`) a test calls directly; :class:`PermissionGate` is the
thin Qt part that turns ``QWebEnginePage.permissionRequested`` (Qt 6.8+) into a decision and a
:class:`PermissionSeen` record.

Qt 6.8 added persistent permissions (``QWebEngineProfile.PersistentPermissionsPolicy``): by default Qt itself
remembers a grant per origin, in memory for an off-the-record profile and on disk for a persistent one, so an
"allow once" would stick (qutebrowser/qutebrowser#8242, disabled there in #8348). Every lease sets
``AskEveryTime`` (:class:`~app.webview.lease.Lease`), and this module is the only memory. Even so, Qt 6.12 keeps
a grant for the rest of the *page's* life: after a reload or a navigation to another document of the origin,
``Notification.permission`` is still ``"granted"`` and no request reaches the host (measured; the profile's
``queryPermission`` says ``Ask`` meanwhile). Workaround: the gate resets every one-time grant
(``QWebEnginePermission.reset()``) when the page's next main-frame load starts, and a revoked lease grant at
once; delete it when Qt forgets a grant with its document. ``tests/test_permissions.py`` checks that a grant
given once is asked for again.

WebHID / Web Serial are not Chromium permissions here: pagenote's own device script answers them
(:mod:`app.hid`), with its own per-origin grants.
"""

from __future__ import annotations

import logging
import time
from dataclasses import asdict, dataclass
from typing import Literal

from PySide6.QtCore import QObject, Signal
from PySide6.QtWebEngineCore import QWebEnginePage, QWebEnginePermission

log = logging.getLogger("pagenote.permissions")

Decision = Literal["granted", "denied", "asking"]
Scope = Literal["once", "lease"]

_T = QWebEnginePermission.PermissionType
#: Qt's permission types by the names pagenote shows and logs (the Permissions API's names where one exists).
NAMES = {
    _T.Geolocation: "geolocation",
    _T.Notifications: "notifications",
    _T.MediaAudioCapture: "microphone",
    _T.MediaVideoCapture: "camera",
    _T.MediaAudioVideoCapture: "camera+microphone",
    _T.DesktopVideoCapture: "display-capture",
    _T.DesktopAudioVideoCapture: "display-capture+audio",
    _T.MouseLock: "pointer-lock",
    _T.ClipboardReadWrite: "clipboard-read",
    _T.LocalFontsAccess: "local-fonts",
}


def permission_name(kind) -> str:
    """The name of a ``QWebEnginePermission.PermissionType`` (``"unsupported"`` for one pagenote does not know)."""
    return NAMES.get(kind, "unsupported")


@dataclass(frozen=True)
class PermissionSeen:
    """One permission request and its answer: ``origin`` (``scheme://host:port``), ``permission``
    (:data:`NAMES`), ``decision`` (``granted`` / ``denied``, or ``asking`` while the user has not answered),
    ``rule`` (why: ``default``, ``once``, ``lease``, ``user``), ``at`` (Unix seconds)."""

    origin: str
    permission: str
    decision: Decision
    rule: str
    at: float

    def as_dict(self) -> dict:
        """The record as JSON-able data (``page.state``'s ``permissions`` rows)."""
        return asdict(self)


class Grants:
    """The user's permission choices in one lease, in memory only: ``(origin, permission) → scope``. A
    ``once`` grant is used up by the next request it answers; a ``lease`` grant lasts while the lease lives.
    Nothing here is written to disk (a persistent lease's grants end with the run, as the user chose)."""

    def __init__(self) -> None:
        self._grants: dict[tuple[str, str], Scope] = {}

    def allow(self, origin: str, permission: str, scope: Scope) -> None:
        """Allow ``permission`` for ``origin``: for its next request (``once``) or for the lease's life."""
        self._grants[(origin, permission)] = scope

    def revoke(self, origin: str, permission: str) -> None:
        """Forget a grant (no error when there is none)."""
        self._grants.pop((origin, permission), None)

    def take(self, origin: str, permission: str) -> Scope | None:
        """The scope that answers a request now (a ``once`` grant is removed), or ``None``: not allowed."""
        scope = self._grants.get((origin, permission))
        if scope == "once":
            del self._grants[(origin, permission)]
        return scope

    def rows(self) -> list[dict]:
        """``[{origin, permission, scope}]``, for a Permissions view."""
        return [{"origin": o, "permission": p, "scope": s} for (o, p), s in sorted(self._grants.items())]


def decide(grants: Grants, origin: str, permission: str, ask: bool = False) -> tuple[Decision, str]:
    """``(decision, rule)`` for a request: granted when ``grants`` allow it (``once`` is used up), else
    ``asking`` when ``ask`` (someone will show the user a bar) and the permission is known, else denied
    (``default``). Unknown permissions are always denied."""
    scope = grants.take(origin, permission) if permission != "unsupported" else None
    if scope is not None:
        return "granted", scope
    if ask and permission != "unsupported":
        return "asking", "default"
    return "denied", "default"


class PermissionGate(QObject):
    """Answers every ``permissionRequested`` of ``page`` at once per :func:`decide` over ``grants`` (a lease's
    :class:`Grants`), keeps the newest :data:`KEEP` records (:meth:`state`) and reports each.

    With :attr:`ask` on, a request no grant covers stays pending and ``asking`` is emitted; the user's answer
    goes to :meth:`answer`. Off (the default), it is denied at once — a denied
    ``getCurrentPosition`` fails with ``PERMISSION_DENIED`` and ``Notification.requestPermission()`` resolves
    ``"denied"``, instead of never settling (Qt leaves an unanswered request pending).

    Signals:
        seen(PermissionSeen): a request was answered (or is asking).
        asking(PermissionSeen): a request waits for the user's answer (:attr:`ask` on).
    """

    seen = Signal(object)
    asking = Signal(object)
    KEEP = 100

    def __init__(self, page: QWebEnginePage, grants: Grants, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.grants = grants
        self.ask = False
        self.records: list[PermissionSeen] = []
        self._pending: dict[tuple[str, str], QWebEnginePermission] = {}
        self._granted: list[tuple[Scope, QWebEnginePermission]] = []  # to reset (module docstring: Qt keeps them)
        page.permissionRequested.connect(self._requested)
        page.loadStarted.connect(self._forget_once)

    def _forget_once(self) -> None:
        """A new document: Qt would still answer "granted" for a one-time grant (module docstring)."""
        for scope, permission in self._granted:
            if scope != "lease" and permission.isValid():
                permission.reset()
        self._granted = [(s, p) for s, p in self._granted if s == "lease"]

    def revoke(self, origin: str, permission: str) -> None:
        """Withdraw a lease grant of ``permission`` to ``origin`` for this page too (Qt's page-level memory
        is reset)."""
        self.grants.revoke(origin, permission)
        for _scope, granted in self._granted:
            if granted.isValid() and granted.origin().toString().rstrip("/") == origin \
                    and permission_name(granted.permissionType()) == permission:
                granted.reset()

    def _record(self, seen: PermissionSeen) -> None:
        self.records = [*self.records, seen][-self.KEEP:]
        log.info("permission %s %s: %s (%s)", seen.permission, seen.origin, seen.decision, seen.rule)
        self.seen.emit(seen)

    def _requested(self, permission: QWebEnginePermission) -> None:
        origin = permission.origin().toString().rstrip("/")
        name = permission_name(permission.permissionType())
        decision, rule = decide(self.grants, origin, name, self.ask)
        if decision == "granted":
            permission.grant()
            self._granted.append((rule, permission))
        elif decision == "denied":
            permission.deny()
        else:
            self._pending[(origin, name)] = permission
        seen = PermissionSeen(origin, name, decision, rule, time.time())
        self._record(seen)
        if decision == "asking":
            self.asking.emit(seen)

    def answer(self, origin: str, permission: str, choice: Literal["once", "lease", "deny"]) -> None:
        """The user's answer to a pending request: ``once`` grants it, ``lease`` grants it and every later
        request of that origin in the lease, ``deny`` denies it. A request no longer pending is ignored."""
        pending = self._pending.pop((origin, permission), None)
        if choice == "lease":
            self.grants.allow(origin, permission, "lease")
        if pending is None or not pending.isValid():
            return
        if choice == "deny":
            pending.deny()
        else:
            pending.grant()
            self._granted.append((choice, pending))
        self._record(PermissionSeen(origin, permission, "denied" if choice == "deny" else "granted", "user",
                                    time.time()))

    def state(self) -> list[dict]:
        """The newest records as ``[{origin, permission, decision, rule, at}]`` (for ``page.state``)."""
        return [seen.as_dict() for seen in self.records[-20:]]
