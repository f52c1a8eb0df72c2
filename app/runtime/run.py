"""Process entry points for the long-running modes: the Qt application, the asyncio loop on it, the lease
and the application object, set up and torn down in the order QtWebEngine requires."""

from __future__ import annotations

import logging
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

log = logging.getLogger("pagenote.runtime")


@contextmanager
def open_app(project_dir: Path, *, headless: bool) -> Iterator[tuple[object, object]]:
    """Yield ``(qt_app, app)``: the ``QApplication`` (offscreen when ``headless`` or without a display) with
    the asyncio loop installed on it (:func:`app.runtime.loop.install`), and a
    :class:`~app.runtime.app.PagenoteApp` for ``project_dir``. On exit the tabs' pages are deleted before the
    lease's profile (QtWebEngine aborts otherwise: "Release of profile requested but WebEnginePage still not
    deleted")."""
    from app.qtenv import make_application

    qt_app = make_application(headless=headless)
    import shiboken6
    from PySide6.QtCore import QCoreApplication

    from app.runtime.app import PagenoteApp
    from app.runtime.loop import install
    from app.webview.lease import Lease

    install(qt_app)
    lease = Lease(qt_app)
    app = PagenoteApp(lease, project_dir.resolve())
    try:
        yield qt_app, app
    finally:
        app.close()
        shiboken6.delete(app)
        QCoreApplication.processEvents()
        shiboken6.delete(lease)
        QCoreApplication.processEvents()


def run_serve(url: str | None, project_dir: Path, socket_path: Path | None,
              viewport: tuple[int, int] = (1280, 800)) -> int:
    """``pagenote serve``: one tab on ``url`` (the demo page when ``None``) rendered offscreen at
    ``viewport`` CSS px, and the agent socket — no window. Returns the event loop's exit code, or
    ``SOCKET_UNAVAILABLE``'s (5) when the socket cannot be served."""
    from app.webview.urls import demo_url, url_from_user_input

    from app.core.errors import PagenoteError

    if socket_path is None:
        error = PagenoteError("SOCKET_UNAVAILABLE", "the agent socket's directory is not private (see above)")
        print(f"pagenote serve: {error}", file=sys.stderr)
        return error.exit_code
    with open_app(project_dir, headless=True) as (qt_app, app):
        tab = app.new_tab()
        problem = app.start_agent(socket_path)
        if problem:
            error = PagenoteError("SOCKET_UNAVAILABLE", problem)
            print(f"pagenote serve: {error}", file=sys.stderr)
            return error.exit_code
        print(f"pagenote: agent socket {socket_path}", file=sys.stderr)
        tab.view.resize(*viewport)
        tab.view.show()  # offscreen platform: nothing appears, but Chromium renders
        tab.open(url_from_user_input(url) if url else demo_url())
        return qt_app.exec()
