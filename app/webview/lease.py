"""Profiles ("leases"): the browsing context a guest page lives in, with pagenote's picker script installed.

A :class:`Lease` owns one ``QWebEngineProfile``. Qt requires every page to be deleted before its profile and
the profile to stay referenced while any page uses it (a garbage-collected profile silently breaks its page),
so the lease is a ``QObject`` parented to whoever creates it, and :meth:`Lease.close` deletes pages first.
"""

from __future__ import annotations

import logging

from PySide6.QtCore import QObject
from PySide6.QtWebEngineCore import QWebEngineProfile, QWebEngineScript

from app.picker_js import picker_source

log = logging.getLogger("pagenote.webview")

PICKER_SCRIPT_NAME = "pagenote-picker"


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


class Lease(QObject):
    """An off-the-record profile (nothing written to disk) with the picker script installed.

    ``parent`` keeps it alive; pages created for it must be parented to the lease or deleted before it.
    """

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.profile = QWebEngineProfile(self)  # no storage name: off the record
        self.profile.scripts().insert(picker_script())
