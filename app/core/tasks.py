"""Background coroutines that nobody awaits: started in one place so their failures reach the log."""

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
