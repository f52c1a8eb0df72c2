"""asyncio on Qt's event loop (``qasync``): coroutines and Qt signals share one thread and one loop.

pagenote creates the ``QApplication`` and then :func:`install` once; from then on every Qt event loop that
runs — ``QApplication.exec()``, pytest-qt's waits — also runs asyncio's callbacks, so a page call
(:mod:`app.webview.bridge`), a socket request and a capture can all be in flight at once without a nested
event loop.

A task's step must never start a Qt event loop of its own (``processEvents()``, ``QDialog.exec()``, a static
``QMessageBox``/``QFileDialog``/``QInputDialog`` function, a modal ``QProgressDialog.setValue()``): that loop
would run other tasks' steps inside this one, which asyncio refuses ("Cannot enter into task … while another
task … is being executed", CPython 3.12 ``asyncio.tasks._enter_task``). :func:`running_task` tells whether a
task step is running; the test suite makes each of those calls raise then (``tests/_loop_guard.py``,
``docs/testing.md``).
"""

from __future__ import annotations

import asyncio
import threading
from concurrent.futures import ThreadPoolExecutor

import qasync

_loop: qasync.QEventLoop | None = None
#: The thread the loop was installed in (Qt's GUI thread): the only one whose code runs its tasks' steps.
_thread: int | None = None


def install(app) -> asyncio.AbstractEventLoop:
    """Make a ``qasync`` loop on ``app`` (a ``QApplication``) the thread's running asyncio loop and return
    it; idempotent. Qt runs it: ``app.exec()`` drives both Qt events and asyncio callbacks."""
    global _loop, _thread
    if _loop is None:
        _loop = qasync.QEventLoop(app, already_running=True)
        _thread = threading.get_ident()
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


def running_task() -> asyncio.Task | None:
    """The task whose step is running now on pagenote's loop, in this thread; ``None`` outside any step — in
    Qt's own dispatch of an event, a signal, a timer or a page callback, in pytest-qt's waits, before
    :func:`install`, on another thread. Also right while :func:`uninstall`-ed: qasync keeps running handles.

    asyncio records the task of each step per loop (``asyncio.current_task(loop)``, set by the task's step
    around each resumption of its coroutine)."""
    if _loop is None or threading.get_ident() != _thread:
        return None
    return asyncio.current_task(_loop)
