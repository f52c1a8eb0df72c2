"""Background coroutines that nobody awaits: started in one place so their failures reach the log, and
cancelled in one place when the process shuts down."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine
from typing import Any

log = logging.getLogger("pagenote.tasks")

#: Tasks in flight: asyncio keeps only weak references to tasks (Python docs, ``asyncio.create_task``).
_running: set[asyncio.Task] = set()


def spawn(coro: Coroutine[Any, Any, Any], what: str) -> asyncio.Task:
    """Run ``coro`` as a task on the thread's running loop and keep it referenced until it ends; an
    exception it ends with is logged as ``"<what> failed"``. Returns the task. Raises ``RuntimeError`` when
    no loop runs in this thread (see :func:`app.runtime.loop.install`)."""
    task = asyncio.get_running_loop().create_task(coro)
    _running.add(task)

    def done(t: asyncio.Task) -> None:
        _running.discard(t)
        if not t.cancelled() and t.exception() is not None:
            log.error("%s failed", what, exc_info=t.exception())

    task.add_done_callback(done)
    return task


def cancel_all() -> list[asyncio.Task]:
    """Cancel every task :func:`spawn` started that is still running and return them. Each unwinds the
    next time the loop runs it (at its ``await``); a cancelled task is not logged as a failure. Used on the
    way out of the process (:func:`app.runtime.run.open_app`), before the objects the tasks use go away."""
    pending = [t for t in _running if not t.done()]
    for task in pending:
        task.cancel()
    return pending
