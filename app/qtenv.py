"""Process set-up that must happen before Qt is imported: platform plugin, Chromium sandbox and flags.

Import this module and call :func:`prepare` before anything imports ``PySide6.QtWidgets``.
"""

from __future__ import annotations

import logging
import os
import re
import sys

log = logging.getLogger("pagenote.qt")


def has_display() -> bool:
    """True when a windowing system is reachable (``DISPLAY`` for X11 or ``WAYLAND_DISPLAY``)."""
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


#: Chromium switches that open a DevTools (CDP) endpoint; Qt honours them from ``QTWEBENGINE_CHROMIUM_FLAGS``.
_REMOTE_DEBUGGING_SWITCH = re.compile(r"^--remote-debugging-(port|pipe|address)(=.*)?$")

#: Set by ``pagenote --allow-remote-debugging`` (app/cli.py) before :func:`prepare` runs.
allow_remote_debugging = False


def drop_remote_debugging(environ=os.environ) -> list[str]:
    """Remove a user's CDP port from ``environ`` before Qt starts; return what was removed (for the message).

    Qt 6 opens ``QTWEBENGINE_REMOTE_DEBUGGING`` (``[host:]port``) and a ``--remote-debugging-port=N`` (or
    ``-pipe``/``-address``) in ``QTWEBENGINE_CHROMIUM_FLAGS`` as one process-wide DevTools endpoint that any
    local process and any web origin can drive (Qt WebEngine's "Qt WebEngine Debugging and Profiling"
    page), so pagenote never inherits it silently. The other Chromium flags are kept in order.
    """
    dropped: list[str] = []
    value = environ.pop("QTWEBENGINE_REMOTE_DEBUGGING", None)
    if value:
        dropped.append(f"QTWEBENGINE_REMOTE_DEBUGGING={value}")
    flags = environ.get("QTWEBENGINE_CHROMIUM_FLAGS")
    if flags:
        words = flags.split()
        kept = [w for w in words if not _REMOTE_DEBUGGING_SWITCH.match(w)]
        if len(kept) != len(words):
            dropped += [w for w in words if _REMOTE_DEBUGGING_SWITCH.match(w)]
            if kept:
                environ["QTWEBENGINE_CHROMIUM_FLAGS"] = " ".join(kept)
            else:
                del environ["QTWEBENGINE_CHROMIUM_FLAGS"]
    return dropped


def prepare(headless: bool) -> list[str]:
    """Set the environment for QtWebEngine and return the extra ``QApplication`` arguments.

    - ``headless`` or no display: ``QT_QPA_PLATFORM=offscreen`` (unless the caller set a platform) and
      ``--disable-gpu`` (no GL context exists offscreen).
    - Running as root: ``QTWEBENGINE_DISABLE_SANDBOX=1`` (Chromium refuses to start its sandbox as root).
    - Always ``--disable-features=PaintHoldingCrossOrigin``: Chromium 140 otherwise keeps showing the previous
      page's pixels for a while after a cross-origin navigation, so a screenshot could show the wrong page.
    - A CDP port from the user's environment (``QTWEBENGINE_REMOTE_DEBUGGING``, ``--remote-debugging-port``
      in ``QTWEBENGINE_CHROMIUM_FLAGS``) is dropped with one line on stderr, unless
      :data:`allow_remote_debugging` (``pagenote --allow-remote-debugging``): see :func:`drop_remote_debugging`.
    """
    offscreen = headless or not has_display()
    if offscreen:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        os.environ.setdefault("QTWEBENGINE_DISABLE_SANDBOX", "1")
    if allow_remote_debugging:
        if os.environ.get("QTWEBENGINE_REMOTE_DEBUGGING"):
            log.warning("QTWEBENGINE_REMOTE_DEBUGGING is set: Qt's CDP port is open to every local process")
    else:
        dropped = drop_remote_debugging()
        if dropped:
            print(f"pagenote: ignored {', '.join(dropped)} (a DevTools port open to every local process); "
                  "pass --allow-remote-debugging to keep it", file=sys.stderr)
    flags = ["--disable-features=PaintHoldingCrossOrigin"]
    if offscreen:
        flags.insert(0, "--disable-gpu")
    if not os.environ.get("PAGENOTE_CHROMIUM_LOGS"):
        # Chromium logs expected noise here (no D-Bus system bus, no GPU info); keep only fatal messages.
        flags.append("--log-level=3")
    # Qt's own logging is noisy on offscreen runs (no GL context, no D-Bus); keep it to warnings.
    os.environ.setdefault("QT_LOGGING_RULES", "qt.qpa.*=false;qt.rhi.*=false;qt.webenginecontext.debug=false")
    return ["--webEngineArgs", *flags]


#: Qt messages that are expected on offscreen/root runs and say nothing actionable: logged at DEBUG only.
#: (QtWebEngine 6.12: sandbox notice as root; QRhi's GL probe fails without a GL context and Qt falls back to
#: software; the offscreen platform cannot propagate size hints; Chromium's GPU info stub.)
_EXPECTED_QT_NOISE = (
    "Sandboxing disabled by user",
    "QRhiGles2: Failed to create",
    "Failed to create RHI for backend",
    "This plugin does not support propagateSizeHints",
    "GPUInfo not initialized",
)


def _qt_message(mode, context, message: str) -> None:
    from PySide6.QtCore import QtMsgType

    qt_log = logging.getLogger("pagenote.qt")
    if any(message.startswith(noise) for noise in _EXPECTED_QT_NOISE):
        qt_log.debug("%s", message)
    elif mode in (QtMsgType.QtDebugMsg, QtMsgType.QtInfoMsg):
        qt_log.info("%s", message)
    else:
        qt_log.warning("%s", message)


def make_application(headless: bool, argv: list[str] | None = None):
    """Create the ``QApplication`` for pagenote (importing QtWebEngineWidgets first, as Qt requires).

    Returns the existing instance if there is one. ``argv[0]`` is kept as the program name.
    """
    extra = prepare(headless)
    import PySide6.QtWebEngineWidgets  # noqa: F401  (must precede QApplication)
    from PySide6.QtCore import qInstallMessageHandler
    from PySide6.QtWidgets import QApplication

    qInstallMessageHandler(_qt_message)
    app = QApplication.instance()
    if app is None:
        args = list(argv if argv is not None else sys.argv[:1])
        app = QApplication(args + extra)
        app.setApplicationName("pagenote")
        app.setOrganizationName("pagenote")
    return app
