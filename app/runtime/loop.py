"""asyncio on Qt's event loop (``qasync``): coroutines and Qt signals share one thread and one loop.

pagenote creates the ``QApplication`` and then :func:`install` once; from then on every Qt event loop that
runs — ``QApplication.exec()``, a modal dialog, pytest-qt's waits — also runs asyncio's callbacks, so a page
call (:mod:`app.webview.bridge`), a socket request and a capture can all be in flight at once without a
nested event loop.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
import qasync

_loop: qasync.QEventLoop | None = None


def install(app) -> asyncio.AbstractEventLoop:
    """Make a ``qasync`` loop on ``app`` (a ``QApplication``) the thread's running asyncio loop and return
    it; idempotent. Qt runs it: ``app.exec()`` drives both Qt events and asyncio callbacks."""
    global _loop
    if _loop is None:
        _loop = qasync.QEventLoop(app, already_running=True)
        # CPU work off the Qt thread (PNG encoding, downscaling) runs on plain Python threads: qasync's own
        # executor uses QThreads, which abort the process when one is still alive as Qt shuts down.
        _loop.set_default_executor(ThreadPoolExecutor(max_workers=2, thread_name_prefix="pagenote-work"))
        asyncio.set_event_loop(_loop)
    else:
        asyncio.events._set_running_loop(_loop)  # qasync does the same for an already-running Qt loop
    return _loop


def uninstall() -> None:
    """Stop presenting the loop as running in this thread (so ``asyncio.run`` works again, e.g. in tests);
    :func:`install` brings it back."""
    asyncio.events._set_running_loop(None)
