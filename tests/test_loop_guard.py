"""No nested event loop inside an asyncio task (docs/testing.md): every call that runs one raises inside a running
task and fails the test that made it, the same call outside a task works; the one nested loop pagenote keeps
(a JavaScript dialog held for the agent) would be refused inside a task too; a task that outlives its test is
cancelled, and a leaked task's log line fails the test that leaked it."""

from __future__ import annotations

import gc
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QAbstractEventDispatcher, QCoreApplication, QEventLoop, QObject, QPoint, Qt, QTimer
from PySide6.QtGui import QDrag
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (QApplication, QDialog, QFileDialog, QInputDialog, QMenu, QMessageBox,
                               QProgressDialog)

from _loop_guard import FORBIDDEN, NestedLoopError

ROOT = Path(__file__).resolve().parents[1]


def _modal_progress() -> QProgressDialog:
    dialog = QProgressDialog("…", "Cancel", 0, 10)
    dialog.setWindowModality(Qt.WindowModality.ApplicationModal)
    return dialog


#: Classes whose guarded methods are called on an instance (the rest are called on the class: statics).
INSTANCES = {QEventLoop: QEventLoop, QDialog: QDialog, QMenu: QMenu, QDrag: lambda: QDrag(QObject()),
             QProgressDialog: _modal_progress, QAbstractEventDispatcher: QAbstractEventDispatcher.instance}


def in_task(qtbot, aio, call, name: str = "loop-guard-probe"):
    """Run ``call()`` inside a task named ``name`` on the test's loop; the finished task."""

    async def probe():
        return call()

    task = aio.create_task(probe(), name=name)
    qtbot.waitUntil(task.done, timeout=5_000)
    return task


def close_modal_soon() -> None:
    """Once the modal dialog or popup about to run its loop is up, close it (the timer fires inside that loop,
    after the dialog was shown)."""

    def close() -> None:
        widget = QApplication.activeModalWidget() or QApplication.activePopupWidget()
        widget.close()

    QTimer.singleShot(0, close)


@pytest.mark.parametrize("item", FORBIDDEN, ids=lambda f: f"{f.owner.__name__}.{f.name}")
def test_each_nested_loop_call_raises_inside_a_task_and_fails_the_test(item, qtbot, aio, _loop_guard):
    guard, _leaks = _loop_guard
    make = INSTANCES.get(item.owner)
    holder = make() if make is not None else item.owner
    task = in_task(qtbot, aio, lambda: getattr(holder, item.name)())
    with pytest.raises(NestedLoopError, match=rf"{item.owner.__name__}\.{item.name}\(\) runs a nested event loop "
                                              r"inside asyncio task 'loop-guard-probe' \(.*probe\)"):
        task.result()
    assert len(guard.take()) == 1   # recorded: the test would fail at teardown (taken here, so it does not)


def test_the_named_calls_are_all_guarded():
    names = {f"{f.owner.__name__}.{f.name}" for f in FORBIDDEN}
    assert {"QCoreApplication.processEvents", "QEventLoop.exec", "QDialog.exec", "QMessageBox.information",
            "QMessageBox.warning", "QMessageBox.critical", "QMessageBox.question", "QMessageBox.about",
            "QFileDialog.getOpenFileName", "QFileDialog.getSaveFileName", "QFileDialog.getExistingDirectory",
            "QInputDialog.getText", "QInputDialog.getItem", "QProgressDialog.setValue", "QMenu.exec"} <= names


def _open_later(dialog_call):
    def call():
        close_modal_soon()
        return dialog_call()
    return call


def _event_loop_exec():
    loop = QEventLoop()
    QTimer.singleShot(0, loop.quit)
    return loop.exec()


def _menu_exec():
    menu = QMenu()
    menu.addAction("x")
    close_modal_soon()
    return menu.exec(QPoint(0, 0))


OUTSIDE = {
    "processEvents": QCoreApplication.processEvents,
    "QEventLoop.exec": _event_loop_exec,
    "QDialog.exec": _open_later(lambda: QDialog().exec()),
    "QMessageBox().exec": _open_later(lambda: QMessageBox(QMessageBox.Icon.Question, "t", "x").exec()),
    "QMessageBox.information": _open_later(lambda: QMessageBox.information(None, "t", "x")),
    "QMessageBox.question": _open_later(lambda: QMessageBox.question(None, "t", "x")),
    "QFileDialog.getOpenFileName": _open_later(lambda: QFileDialog.getOpenFileName(None, "t", "/")),
    "QInputDialog.getText": _open_later(lambda: QInputDialog.getText(None, "t", "x")),
    "QMenu.exec": _menu_exec,
    "QProgressDialog.setValue (modal)": lambda: _modal_progress().setValue(3),
    "QTest.qWait": lambda: QTest.qWait(1),
}


@pytest.mark.parametrize("call", OUTSIDE.values(), ids=OUTSIDE.keys())
def test_the_same_calls_outside_a_task_are_fine(call, qtbot, aio, _loop_guard):
    guard, _leaks = _loop_guard
    call()
    assert guard.take() == []


def test_a_non_modal_progress_dialog_may_be_updated_inside_a_task(qtbot, aio, _loop_guard):
    guard, _leaks = _loop_guard
    dialog = QProgressDialog("…", "Cancel", 0, 10)
    task = in_task(qtbot, aio, lambda: dialog.setValue(4))
    assert task.result() is None and dialog.value() == 4 and guard.take() == []


def test_a_refusal_swallowed_by_a_background_task_is_still_recorded(qtbot, aio, _loop_guard, caplog):
    from app.core.tasks import spawn

    guard, _leaks = _loop_guard

    async def export():
        QFileDialog.getSaveFileName(None, "Export", "/tmp/x.html")

    task = spawn(export(), "export review")
    qtbot.waitUntil(task.done, timeout=5_000)
    assert "export review failed" in caplog.text   # spawn logged it and went on …
    taken = guard.take()   # … the guard recorded it: the test would fail
    assert len(taken) == 1 and "QFileDialog.getSaveFileName()" in taken[0] and "export" in taken[0]


def test_a_held_javascript_dialog_would_be_refused_inside_a_task(qtbot, aio, _loop_guard):
    """The hold waits in a local loop inside QWebEnginePage's dialog virtual, which Qt calls from its own
    dispatch; called from a task's step it would nest, and the guard says so."""
    from app.webview.dialog_hold import DialogHold

    guard, _leaks = _loop_guard
    hold = DialogHold(hold_ms=5_000)
    hold.enabled = True
    task = in_task(qtbot, aio, lambda: hold.hold("alert", "hi", None), name="agent-request")
    with pytest.raises(NestedLoopError, match=r"QEventLoop\.exec\(\) .* task 'agent-request'"):
        task.result()
    assert len(guard.take()) == 1
    hold.pending = None


def test_a_held_javascript_dialog_waits_in_qt_dispatch_for_the_answer(qtbot, aio, _loop_guard):
    from app.webview.dialog_hold import DialogHold

    guard, _leaks = _loop_guard
    hold = DialogHold(hold_ms=5_000)
    hold.enabled = True
    hold.opened.connect(lambda _pending: QTimer.singleShot(0, lambda: hold.answer(True, "Ada")))
    assert hold.hold("prompt", "name?", "") == (True, "Ada")
    assert guard.take() == []


def test_the_process_teardown_unwinds_tasks_outside_any_task(qtbot, aio, _loop_guard):
    """app.runtime.run's teardown runs a local loop until the cancelled tasks have unwound: after exec()
    returned, from plain code; never from a task."""
    import asyncio
    from types import SimpleNamespace

    from app.core.tasks import spawn
    from app.runtime.run import _unwind_background_tasks

    guard, _leaks = _loop_guard

    async def request():
        await asyncio.Event().wait()

    never = spawn(request(), "a request")
    _unwind_background_tasks(SimpleNamespace(agent=None))
    assert never.cancelled() and guard.take() == []
    late = spawn(request(), "another request")
    task = in_task(qtbot, aio, lambda: _unwind_background_tasks(SimpleNamespace(agent=None)), name="wrong place")
    with pytest.raises(RuntimeError, match="outside any asyncio task.*'wrong place'"):
        task.result()
    assert guard.take() == []   # refused before its loop ran
    late.cancel()


def test_a_task_destroyed_while_pending_is_a_leak_line(qtbot, aio, _loop_guard):
    guard, leaks = _loop_guard

    parked = []

    async def forever():
        parked.append(True)
        await aio.create_future()

    task = aio.create_task(forever())
    qtbot.waitUntil(lambda: bool(parked), timeout=5_000)   # its step ended at the await
    del task   # the task and its future only reference each other now
    gc.collect()
    lines = leaks.take()
    assert any("Task was destroyed but it is pending" in line for line in lines), lines


INNER = '''
import asyncio
import gc

from conftest import settle

LEFT = []


def test_a_swallowed_nested_loop(qtbot, aio):
    from PySide6.QtWidgets import QApplication
    from app.core.tasks import spawn

    async def bad():
        QApplication.processEvents()

    task = spawn(bad(), "bad")
    qtbot.waitUntil(task.done, timeout=5_000)


def test_leaves_a_task_pending(qtbot, aio):
    LEFT.append(aio.create_task(asyncio.Event().wait()))
    settle(qtbot, asyncio.sleep(0))


def test_the_left_task_was_cancelled():
    assert LEFT[0].cancelled()


def test_destroys_a_pending_task(qtbot, aio):
    parked = []

    async def forever():
        parked.append(True)
        await aio.create_future()

    task = aio.create_task(forever())
    qtbot.waitUntil(lambda: bool(parked), timeout=5_000)
    del task
    gc.collect()
'''


def test_a_suite_with_a_nested_loop_or_a_leaked_task_fails(tmp_path):
    """The fixtures as a suite sees them (a pytest run in a subprocess): the nested loop and the destroyed task
    fail their tests, the task left pending is cancelled before the next test."""
    for name in ("conftest.py", "_loop_guard.py"):
        (tmp_path / name).write_text((ROOT / "tests" / name).read_text())
    (tmp_path / "test_inner.py").write_text(INNER)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    run = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-o", "qt_api=pyside6",
                          "-rA", "-q", str(tmp_path)], cwd=tmp_path, env=env, capture_output=True, text=True,
                         timeout=120)
    out = run.stdout
    assert run.returncode == 1, out + run.stderr
    swallowed = out.index("ERROR at teardown of test_a_swallowed_nested_loop")
    assert out.index("QCoreApplication.processEvents() runs a nested event loop inside asyncio task") > swallowed
    destroyed = out.index("ERROR at teardown of test_destroys_a_pending_task")
    assert out.index("Task was destroyed but it is pending", destroyed) > destroyed
    assert "PASSED test_inner.py::test_the_left_task_was_cancelled" in out, out
    assert "ERROR test_inner.py::test_leaves_a_task_pending" not in out, out


# -- dialogs an agent's key press can open (its press runs inside a task) -----------------------------------


@pytest.fixture
def pressing(window, server, qtbot, js, socket_path):
    """The window with drafts and review files installed, a second tab holding one unsent annotation (shown),
    and ``press(key)``: an agent's key press (a socket request, so a task) — which reaches the window's
    shortcuts, as the user's keys do."""
    from conftest import pin_at
    from test_agent_socket import RawClient
    from test_window_tabs import centre, new_tab

    from app.ui.draft_prompt import install_drafts
    from app.ui.review_io import install_review_ui

    w = window
    journal = install_drafts(w, ask=lambda *_: False)
    install_review_ui(w)
    w.load_page(server.url("counters.html"))
    second = new_tab(w, qtbot)
    w.load_page(server.url("counters.html"))
    w.act_annotate.trigger()
    pin_at(w, qtbot, centre(js, "#target"), "keep me")
    qtbot.waitUntil(lambda: len(second.session.pins) == 1, timeout=5_000)
    w.act_annotate.trigger()
    client = RawClient(qtbot, socket_path)

    def press(key: str) -> None:
        answer = client.call("press", {"key": key})
        assert {k: v for k, v in answer["result"].items() if k not in ("tab", "effects")} == {"action": "press",
                                                                                             "key": key}, answer

    yield w, second, press
    client.close()
    w.close_guard.ask = lambda *_: "save"   # the fixture's own close asks nothing
    journal.enabled = False


def shown_box(window):
    """The one message box shown over ``window``."""
    (box,) = [b for b in window.findChildren(QMessageBox) if b.isVisible()]
    return box


def test_an_agents_ctrl_w_asks_about_a_tabs_unsent_annotations_and_the_answer_closes_it(pressing, qtbot):
    w, second, press = pressing
    press("Control+w")   # answered: the question did not hold up the agent's request
    box = shown_box(w)
    assert second in w.app.tabs and box.isModal()
    box.button(QMessageBox.StandardButton.Discard).click()
    qtbot.waitUntil(lambda: second not in w.app.tabs, timeout=5_000)
    assert len(w.app.tabs) == 1 and w.app.batch_session.pins == []


def test_an_agents_ctrl_q_asks_about_unsent_annotations_and_keep_closes_the_window(pressing, qtbot):
    from app.runtime.drafts import load_draft

    w, second, press = pressing
    press("Control+q")
    box = shown_box(w)
    assert w.isVisible()
    (keep,) = [b for b in box.buttons() if b.text() == "Keep for next start"]
    keep.click()
    qtbot.waitUntil(lambda: not w.isVisible(), timeout=5_000)
    draft, _problem = load_draft(w.app.project_dir)
    assert draft is not None and draft.count == 1


def test_an_agents_ctrl_shift_e_opens_the_export_dialog_and_the_choice_exports(pressing, qtbot, tmp_path):
    import json

    w, second, press = pressing
    press("Control+Shift+e")
    (dialog,) = [d for d in w.findChildren(QFileDialog) if d.isVisible()]
    json_filter = next(f for f in dialog.nameFilters() if "*.json" in f)
    target = tmp_path / "out" / "review.json"
    target.parent.mkdir()
    dialog.selectNameFilter(json_filter)
    dialog.selectFile(str(target))
    dialog.accept()
    qtbot.waitUntil(target.exists, timeout=10_000)
    assert [a["note"] for a in json.loads(target.read_text())["batch"]["annotations"]] == ["keep me"]
