"""The suite's guard against nested event loops inside asyncio tasks, and its check for tasks that outlive
their test.

pagenote runs asyncio on Qt's loop (qasync, :mod:`app.runtime.loop`). A task's step that starts a Qt event
loop of its own runs other tasks' steps inside this one — asyncio refuses that ("Cannot enter into task …
while another task … is being executed", CPython 3.12 ``asyncio.tasks._enter_task``) and everything that
relied on the step being atomic breaks. :class:`LoopGuard` patches, at the PySide6 class level, every call
in :data:`FORBIDDEN` so that it raises :class:`NestedLoopError` naming the task when
:func:`app.runtime.loop.running_task` says a task's step is running; the same call outside a step (Qt's own
dispatch, pytest-qt's waits, a test's body) goes through untouched. Each refusal is also recorded, so a
refusal that a task's failure handler or Qt swallowed still fails the test (``tests/conftest.py``).

:class:`AsyncioLeaks` collects the log lines that say a task outlived its test or its loop.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from typing import Callable

from PySide6.QtCore import QAbstractEventDispatcher, QCoreApplication, QEventLoop
from PySide6.QtGui import QDrag, QGuiApplication
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (QApplication, QColorDialog, QDialog, QFileDialog, QFontDialog, QInputDialog, QMenu,
                               QMessageBox, QProgressDialog)

from app.runtime.loop import running_task


class NestedLoopError(RuntimeError):
    """A call that runs a nested Qt event loop was made inside a running asyncio task (the message names the
    call, the task and what to do instead)."""


@dataclass(frozen=True)
class Forbidden:
    """One guarded attribute: ``owner.name`` (static function or instance method), ``instead`` (what to do on
    an async path), and ``when(obj)`` for an instance method that loops only in some states (the bound object;
    ``None``: always)."""

    owner: type
    name: str
    instead: str
    when: Callable[[object], bool] | None = None


_DIALOG = "open it with open() and await its finished signal (an asyncio Future resolved from it)"
_LOOP = "await the event itself (a Future resolved from a signal or callback) instead of spinning a loop"


def _modal(dialog) -> bool:
    # Qt: a modal QProgressDialog's setValue() calls QCoreApplication::processEvents() (qprogressdialog.cpp)
    return dialog is not None and dialog.isModal()


def _forbidden() -> list[Forbidden]:
    """Every PySide6 call that runs a nested event loop, by the class that defines it (``exec_`` too where
    PySide6 still has the alias)."""
    out: list[Forbidden] = []

    def add(owner: type, names, instead: str, when=None) -> None:
        out.extend(Forbidden(owner, n, instead, when) for n in names if n in owner.__dict__)

    add(QCoreApplication, ("processEvents", "exec", "exec_"), _LOOP)
    add(QGuiApplication, ("exec", "exec_"), _LOOP)
    add(QApplication, ("exec", "exec_"), _LOOP)
    add(QEventLoop, ("exec", "exec_", "processEvents"), _LOOP)
    add(QAbstractEventDispatcher, ("processEvents",), _LOOP)
    add(QTest, ("qWait", "qWaitForWindowActive", "qWaitForWindowExposed", "qWaitForWindowFocused"), _LOOP)
    add(QDialog, ("exec", "exec_"), _DIALOG)
    add(QMenu, ("exec", "exec_"), "show it with popup() and act on its triggered signal")
    add(QDrag, ("exec", "exec_"), "start drags from Qt's own event dispatch, never from a task")
    add(QMessageBox, ("information", "warning", "critical", "question", "about", "aboutQt"),
        "make a QMessageBox, " + _DIALOG)
    add(QFileDialog, [n for n in QFileDialog.__dict__ if n.startswith("get")], "make a QFileDialog, " + _DIALOG)
    add(QInputDialog, [n for n in QInputDialog.__dict__ if n.startswith("get")], "make a QInputDialog, " + _DIALOG)
    add(QColorDialog, ("getColor",), "make a QColorDialog, " + _DIALOG)
    add(QFontDialog, ("getFont",), "make a QFontDialog, " + _DIALOG)
    add(QProgressDialog, ("setValue",), "show progress without a modal dialog (a non-modal one, the status bar)",
        _modal)
    return out


FORBIDDEN = _forbidden()


class _Guarded:
    """A descriptor standing in for the original attribute (a ``staticmethod`` or a method descriptor): binds
    the way the original does and checks before every call."""

    def __init__(self, original, check: Callable[[object], None]) -> None:
        self.original, self.check = original, check

    def __get__(self, obj, objtype=None):
        bound = self.original.__get__(obj, objtype if objtype is not None else type(obj))
        check = self.check

        def guarded(*args, **kwargs):
            check(obj)
            return bound(*args, **kwargs)

        return guarded


class LoopGuard:
    """Installs the :data:`FORBIDDEN` checks (:meth:`install`, :meth:`uninstall`); :attr:`violations` holds
    the message of every refusal since the last :meth:`take`."""

    def __init__(self) -> None:
        self.violations: list[str] = []
        self._saved: list[tuple[type, str, object]] = []

    def _checker(self, item: Forbidden) -> Callable[[object], None]:
        what = f"{item.owner.__name__}.{item.name}()"

        def check(obj) -> None:
            task = running_task()
            if task is None or (item.when is not None and not item.when(obj)):
                return
            coro = task.get_coro()
            message = (f"{what} runs a nested event loop inside asyncio task {task.get_name()!r} "
                       f"({getattr(coro, '__qualname__', coro)}): {item.instead} (docs/testing.md)")
            self.violations.append(message)
            raise NestedLoopError(message)

        return check

    def install(self) -> None:
        """Patch every :data:`FORBIDDEN` attribute. Classes whose instances look methods up by name in their
        own ``__getattribute__`` (PySide6 does so for ``QMenu.exec``, static and instance overloads under
        one name) are hooked there too."""
        for item in FORBIDDEN:
            original = item.owner.__dict__[item.name]
            self._saved.append((item.owner, item.name, original))
            check = self._checker(item)
            setattr(item.owner, item.name, _Guarded(original, check))
            own = item.owner.__dict__.get("__getattribute__")
            if own is not None:
                self._hook_instances(item.owner, item.name, own, check)

    def _hook_instances(self, owner: type, name: str, own, check) -> None:
        current = owner.__dict__["__getattribute__"]
        if not any(o is owner and n == "__getattribute__" for o, n, _ in self._saved):
            self._saved.append((owner, "__getattribute__", own))

        def getattribute(obj, attr, _inner=current):
            value = _inner(obj, attr)
            if attr != name:
                return value

            def guarded(*args, **kwargs):
                check(obj)
                return value(*args, **kwargs)

            return guarded

        owner.__getattribute__ = getattribute

    def uninstall(self) -> None:
        """Put every original attribute back (in reverse, so a hooked ``__getattribute__`` ends as Qt's)."""
        while self._saved:
            owner, name, original = self._saved.pop()
            setattr(owner, name, original)

    def take(self) -> list[str]:
        """The refusals recorded since the last call, cleared."""
        taken, self.violations = self.violations, []
        return taken


#: Log text that says a task outlived its test or its loop.
LEAK_MARKS = ("Task was destroyed but it is pending", "no running event loop")


class AsyncioLeaks(logging.Handler):
    """A logging handler on the root logger that keeps the records saying a task outlived its test: any
    ``ERROR`` from the ``asyncio`` and ``qasync`` loggers (where a loop's exception handler writes: "Task was
    destroyed but it is pending!", "Task exception was never retrieved", "Exception in callback …") and any
    record whose text or exception mentions one of :data:`LEAK_MARKS` (a task stepped after its loop was
    uninstalled fails with ``RuntimeError: no running event loop``)."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.levelno >= logging.ERROR and record.name.split(".")[0] in ("asyncio", "qasync"):
            self.records.append(record)
            return
        text = record.getMessage() + (f" {record.exc_info[1]!r}" if record.exc_info else "")
        if any(mark in text for mark in LEAK_MARKS):
            self.records.append(record)

    def take(self) -> list[str]:
        """The kept records as ``logger: message (exception)`` lines, cleared."""
        lines = [f"{r.name}: {r.getMessage()}" + (f" ({r.exc_info[1]!r})" if r.exc_info else "")
                 for r in self.records]
        self.records = []
        return lines


def unwind_tasks(qtbot, loop: asyncio.AbstractEventLoop, timeout: int = 10_000) -> None:
    """Cancel every task still pending on ``loop`` and wait (``qtbot.waitUntil``: Qt's loop runs them, outside
    any task) until each has unwound through its ``finally`` blocks. ``AssertionError`` naming the tasks when
    one is still pending after ``timeout`` ms (it swallows its cancellation)."""
    pending = [t for t in asyncio.all_tasks(loop) if not t.done()]
    for task in pending:
        task.cancel()
    if not pending:
        return
    try:
        qtbot.waitUntil(lambda: all(t.done() for t in pending), timeout=timeout)
    except qtbot.TimeoutError:
        stuck = ", ".join(repr(t) for t in pending if not t.done())
        raise AssertionError(f"tasks still running {timeout} ms after being cancelled: {stuck}") from None
