"""README promises about the window that no other test checks, driven by real key, mouse and wheel events:
the window's keys also work in annotation mode and the page hears none of them; forms don't submit and the
wheel still scrolls in annotation mode; Save and Screenshot never overwrite a file (two in the same second);
the note box's Delete, a panel row re-opening its note, Clear, and the overall note becoming ``Summary:``."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QGuiApplication, QWheelEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from app.protocol.markdown import parse_annotations
from app.sinks import slug, stamp

CTRL, ALT, SHIFT = Qt.KeyboardModifier.ControlModifier, Qt.KeyboardModifier.AltModifier, Qt.KeyboardModifier.ShiftModifier
NONE = Qt.KeyboardModifier.NoModifier


def centre(js, selector: str) -> QPoint:
    r = js(f"(() => {{ const r = document.querySelector({selector!r}).getBoundingClientRect();"
           " return [r.left + r.width / 2, r.top + r.height / 2]; })()")
    return QPoint(round(r[0]), round(r[1]))


@pytest.fixture
def counters(window, server, qtbot, js):
    """counters.html loaded, its field focused by a real click, its input counters at zero."""
    window.load_page(server.url("counters.html"))
    QTest.mouseClick(window.view.focusProxy(), Qt.MouseButton.LeftButton, NONE, centre(js, "#field"))
    # The click's last event (click, after mouseup) must be counted before the counters are reset: the input
    # channel and runJavaScript are separate IPC queues, so focus alone does not say the click is over.
    qtbot.waitUntil(lambda: js("document.activeElement.id") == "field" and js("window.counts.click") >= 1,
                    timeout=5000)
    js("for (const k in window.counts) window.counts[k] = 0")
    return window


def pin(w, qtbot, point: QPoint, note: str) -> None:
    proxy = w.view.focusProxy()
    QTest.mouseMove(proxy, point)
    QTest.mouseClick(proxy, Qt.MouseButton.LeftButton, NONE, point)
    qtbot.waitUntil(w.annotate.note_box.isVisible, timeout=5000)
    qtbot.waitUntil(lambda: not w.batch_session.recording(), timeout=10_000)   # the record follows the marker
    QTest.keyClicks(w.annotate.note_box.editor, note)
    QTest.keyClick(w.annotate.note_box.editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not w.annotate.note_box.isVisible(), timeout=5000)


def sentinel_key(w, qtbot, js, before: int) -> None:
    """Outside annotation mode, type one key into the page's field and wait until the page counts it: every
    key sent before it has then been processed by the renderer (a positive control for "nothing reached")."""
    assert not w.annotate.active
    proxy = w.view.focusProxy()
    QTest.mouseClick(proxy, Qt.MouseButton.LeftButton, NONE, centre(js, "#field"))
    qtbot.waitUntil(lambda: js("document.activeElement.id") == "field", timeout=5000)
    QTest.keyClick(proxy, Qt.Key.Key_X)
    # The key's release is its last event: wait for it too (a keydown alone leaves the keyup in flight).
    qtbot.waitUntil(lambda: js("[window.counts.keydown, window.counts.keyup]") == [before + 1, before + 1],
                    timeout=5000)


def test_the_window_keys_work_in_annotation_mode_and_the_page_hears_none(counters, qtbot, js):
    w = counters
    proxy = w.view.focusProxy()
    QTest.keyClick(proxy, Qt.Key.Key_A, CTRL | SHIFT)       # Annotate, from the page's focused text field
    assert w.annotate.active and w.mode_banner.active
    pin(w, qtbot, centre(js, "#target"), "bigger")
    QGuiApplication.clipboard().setText("")

    def press(key, mods, action=None, widget=None):
        widget = widget or w.view.focusProxy()
        if action is None:
            QTest.keyClick(widget, key, mods)
            return
        with qtbot.waitSignal(action.triggered, timeout=5000):
            QTest.keyClick(widget, key, mods)

    # The address bar by its three keys, each time from the page (annotation mode on, page has the focus).
    for key, mods in ((Qt.Key.Key_L, CTRL), (Qt.Key.Key_D, ALT), (Qt.Key.Key_F6, NONE)):
        w.view.setFocus()
        qtbot.waitUntil(lambda: not w.address.hasFocus(), timeout=3000)
        press(key, mods)
        qtbot.waitUntil(w.address.hasFocus, timeout=3000)
        assert w.address.selectedText() == w.address.text() != ""
    w.view.setFocus()
    # Copy (Ctrl+Shift+C) puts the batch's Markdown on the clipboard.
    press(Qt.Key.Key_C, CTRL | SHIFT, w.act_copy)
    qtbot.waitUntil(lambda: QGuiApplication.clipboard().text().startswith("# Web page annotations: 1"), timeout=10_000)
    assert "Note: bigger" in QGuiApplication.clipboard().text()
    # Save (Ctrl+S) writes annotations/<stamp>.md with the same batch.
    press(Qt.Key.Key_S, CTRL, w.act_save)
    notes = w.project_dir / "annotations"
    qtbot.waitUntil(lambda: notes.is_dir() and any(notes.glob("*.md")), timeout=10_000)
    assert "Note: bigger" in next(notes.glob("*.md")).read_text(encoding="utf-8")
    # Screenshot (Ctrl+Shift+S): the clean and the annotated viewport.
    shots = w.project_dir / "shots"
    press(Qt.Key.Key_S, CTRL | SHIFT, w.act_screenshot)
    qtbot.waitUntil(lambda: shots.is_dir() and len(list(shots.glob("*-annotated.png"))) == 1, timeout=20_000)
    # Full page (Ctrl+Shift+F).
    press(Qt.Key.Key_F, CTRL | SHIFT, w.act_full)
    qtbot.waitUntil(lambda: len(list(shots.glob("*-full.png"))) == 1, timeout=30_000)
    # Hard reload (Ctrl+Shift+R, Shift+F5), Console (Ctrl+Shift+J), DevTools (F12) fire from the page too.
    # A reload's loadStarted comes after the key (Qt queues it): wait for the reloaded document's loadFinished,
    # not for "not loading", which still holds for the old document right after the key.
    for key, mods in ((Qt.Key.Key_R, CTRL | SHIFT), (Qt.Key.Key_F5, SHIFT)):
        with qtbot.waitSignal(w.view.loadFinished, timeout=15_000):
            press(key, mods, w.keys.hard_reload)
        w.run(w.tab.bridge.wait_ready())
    w.run(w.tab.bridge.wait_frames(2))
    assert w.annotate.active, "a reload left annotation mode"
    js("for (const k in window.counts) window.counts[k] = 0")   # a new document: count from here
    js("window.keys = []; for (const t of ['keydown', 'keyup']) addEventListener(t, (e) => keys.push(t + ' ' + e.key), true)")
    press(Qt.Key.Key_J, CTRL | SHIFT, w.act_console)
    press(Qt.Key.Key_F12, NONE, w.act_devtools)
    w.devtools.close()
    w.view.setFocus()
    # Send (Ctrl+Return) hands the batch over: it leaves the editor.
    press(Qt.Key.Key_Return, CTRL, w.act_send)
    qtbot.waitUntil(lambda: not w.session.pins, timeout=10_000)
    # Esc with no note open leaves the mode; the page heard none of those keys (the sentinel key is counted).
    press(Qt.Key.Key_Escape, NONE)
    qtbot.waitUntil(lambda: not w.annotate.active, timeout=3000)
    sentinel_key(w, qtbot, js, 0)
    assert js("window.keys") == ["keydown x", "keyup x"]


def _scroll_y(js) -> float:
    return js("window.scrollY")


def _wheel(w, point: QPoint, dy: int) -> None:
    proxy = w.view.focusProxy()
    event = QWheelEvent(QPointF(point), QPointF(w.view.mapToGlobal(point)), QPoint(0, 0), QPoint(0, dy),
                        Qt.MouseButton.NoButton, NONE, Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(proxy, event)


def test_forms_do_not_submit_and_the_wheel_still_scrolls_in_annotation_mode(counters, qtbot, js):
    w = counters
    js("document.body.style.height = '4000px'")
    w.act_annotate.trigger()
    assert w.annotate.active
    # A click on the submit button pins it; Enter in the note box saves the note. Nothing reaches the form.
    pin(w, qtbot, centre(js, "#go"), "the button")
    assert w.session.pins[0].annotation.element.selector == "#go"
    # The wheel scrolls the page while the mode is on.
    _wheel(w, QPoint(600, 400), -240)
    qtbot.waitUntil(lambda: _scroll_y(js) > 0, timeout=5000)
    w.act_annotate.trigger()
    # Sentinel: outside the mode a key is counted, so the click and keys before it were processed.
    js("window.scrollTo(0, 0)")
    sentinel_key(w, qtbot, js, 0)
    assert js("window.counts.submit") == 0 and js("location.pathname") == "/counters.html"
    # The only click the page saw is the sentinel's focusing click (the pin's click never arrived).
    counts = js("window.counts")
    assert {k: counts[k] for k in ("click", "mousedown", "mouseup", "pointerdown", "pointerup")} == \
        dict.fromkeys(("click", "mousedown", "mouseup", "pointerdown", "pointerup"), 1), counts
    # Positive control: outside the mode the same button submits the form.
    with qtbot.waitSignal(w.view.loadFinished, timeout=10_000):
        QTest.mouseClick(w.view.focusProxy(), Qt.MouseButton.LeftButton, NONE, centre(js, "#go"))
    assert js("location.pathname") == "/submitted.html"


def _taken_names(directory, make, seconds: int = 20) -> dict:
    """Pre-create the file each of the next ``seconds`` seconds' stamps would be named, each holding its own
    sentinel text; returns {path: text}."""
    directory.mkdir(parents=True, exist_ok=True)
    now = datetime.now()
    taken = {}
    for i in range(-1, seconds):
        path = directory / make(stamp(now + timedelta(seconds=i)))
        text = f"sentinel {i}"
        path.write_text(text, encoding="utf-8")
        taken[path] = text
    return taken


def test_two_saves_and_two_screenshots_in_the_same_second_never_overwrite(counters, qtbot, js):
    w = counters
    w.act_annotate.trigger()
    pin(w, qtbot, centre(js, "#target"), "first")
    w.act_annotate.trigger()
    notes, shots = w.project_dir / "annotations", w.project_dir / "shots"
    title = slug(w.page.title())
    taken = {**_taken_names(notes, lambda s: f"{s}.md"), **_taken_names(shots, lambda s: f"{s}-{title}.png")}
    # Two saves back to back (the same second, or at worst the next: its name is taken too).
    first, second = w.save(), w.save()
    assert first != second and first.parent == second.parent == notes
    for path in (first, second):
        assert parse_annotations(path.read_text(encoding="utf-8")).annotations[0].note == "first"
    # Two screenshots by their key, one after the other.
    for n in (1, 2):
        with qtbot.waitSignal(w.act_screenshot.triggered, timeout=5000):
            QTest.keyClick(w.view.focusProxy(), Qt.Key.Key_S, CTRL | SHIFT)
        try:
            qtbot.waitUntil(lambda n=n: len([p for p in shots.glob("*.png") if p not in taken
                                             and "-annotated" not in p.name]) == n, timeout=20_000)
        except Exception:
            raise AssertionError((w.status_label.text(), sorted(p.name for p in shots.iterdir())))
    new = [p for p in shots.glob("*.png") if p not in taken and "-annotated" not in p.name]
    assert all(p.read_bytes().startswith(b"\x89PNG") for p in new)
    for path, text in taken.items():
        assert path.read_text(encoding="utf-8") == text, f"{path.name} was overwritten"


def test_note_box_delete_panel_row_reopens_clear_and_overall_note_becomes_summary(counters, qtbot, js):
    w = counters
    w.act_annotate.trigger()
    pin(w, qtbot, centre(js, "#target"), "one")
    pin(w, qtbot, centre(js, "#menu"), "two")
    pin(w, qtbot, centre(js, "#inner"), "three")
    w.act_annotate.trigger()
    qtbot.waitUntil(lambda: len(w.page_call("markers")) == 3, timeout=5000)
    # A click on the second annotation's row re-opens its note, with Delete.
    item = next(w.panel.list.item(i) for i in range(w.panel.list.count()) if w.panel.list.item(i).text().startswith("2"))
    rect = w.panel.list.visualItemRect(item)
    QTest.mouseClick(w.panel.list.viewport(), Qt.MouseButton.LeftButton, NONE, rect.center())
    qtbot.waitUntil(w.annotate.note_box.isVisible, timeout=5000)
    qtbot.waitUntil(lambda: not w.batch_session.recording(), timeout=10_000)   # the record follows the marker
    assert w.annotate.note_box.text() == "two"
    assert w.annotate.note_box.delete_button.isVisible()
    QTest.mouseClick(w.annotate.note_box.delete_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(w.session.pins) == 2, timeout=5000)
    assert [p.annotation.note for p in w.session.pins] == ["one", "three"]
    qtbot.waitUntil(lambda: sorted(m["n"] for m in w.page_call("markers")) == [1, 2], timeout=5000)
    # The overall note, typed in the panel, is the batch's Summary: line.
    w.panel.summary.setFocus()
    QTest.keyClicks(w.panel.summary, "keep the style")
    QGuiApplication.clipboard().setText("")
    w.act_copy.trigger()
    qtbot.waitUntil(lambda: QGuiApplication.clipboard().text().startswith("# Web page annotations: 2"), timeout=10_000)
    markdown = QGuiApplication.clipboard().text()
    assert "\nSummary: keep the style\n" in markdown
    assert parse_annotations(markdown).summary == "keep the style"
    # Clear removes every annotation, every marker and the overall note.
    w.act_clear.trigger()
    qtbot.waitUntil(lambda: w.page_call("markers") == [], timeout=5000)
    assert w.session.pins == [] and w.panel.rows() == [] and w.panel.summary.toPlainText() == ""
    QGuiApplication.clipboard().setText("")
    w.act_copy.trigger()
    qtbot.waitUntil(lambda: QGuiApplication.clipboard().text().startswith("# Web page annotations: 0"), timeout=10_000)
    assert "Summary:" not in QGuiApplication.clipboard().text()


def _go(w, qtbot, typed: str) -> None:
    """Type ``typed`` into the address bar with real keys and press Enter; wait for the load."""
    QTest.keyClick(w.view.focusProxy(), Qt.Key.Key_L, CTRL)
    qtbot.waitUntil(w.address.hasFocus, timeout=3000)
    QTest.keyClicks(w.address, typed)
    with qtbot.waitSignal(w.view.loadFinished, timeout=15_000) as blocker:
        QTest.keyClick(w.address, Qt.Key.Key_Return)
    assert blocker.args == [True], typed


def test_the_address_bar_takes_urls_host_port_and_file_paths(window, server, qtbot, js):
    from pathlib import Path

    w = window
    w.load_page(server.url("counters.html"))
    port = server.httpd.server_address[1]
    # A whole URL.
    _go(w, qtbot, server.url("other.html"))
    assert w.view.url().toString() == server.url("other.html")
    # host:port and a path, no scheme (README: localhost:5173): http.
    _go(w, qtbot, f"127.0.0.1:{port}/navigated.html")
    assert w.view.url().toString() == server.url("navigated.html")
    _go(w, qtbot, f"localhost:{port}/other.html")
    assert w.view.url().toString() == f"http://localhost:{port}/other.html"
    assert js("location.pathname") == "/other.html"
    # A file path: the file:// page.
    page = Path(__file__).parent / "pages" / "submitted.html"
    _go(w, qtbot, str(page))
    assert w.view.url().toLocalFile() == str(page) and w.view.url().scheme() == "file"
    assert js("document.title") == js_title(page)


def js_title(path) -> str:
    import re

    return re.search(r"<title>(.*?)</title>", path.read_text(encoding="utf-8")).group(1)


def test_a_full_page_capture_shows_progress_and_esc_cancels_it(window, server, qtbot):
    w = window
    w.load_page(server.url("tall.html?h=60000"))
    shots = w.project_dir / "shots"
    bar, cancel = w.status.progress_bar, w.status.cancel_button   # in the status bar: no modal dialog
    w.act_full.trigger()
    qtbot.waitUntil(lambda: bar.isVisible() and bar.value() >= 1, timeout=20_000)
    assert cancel.isVisible() and 0 < bar.value() < bar.maximum()          # tiles counted against the plan
    QTest.keyClick(w.view.focusProxy(), Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: w.status_label.text() == "Full-page screenshot cancelled; the page is as it was",
                    timeout=20_000)
    assert not bar.isVisible() and not cancel.isVisible()
    assert not shots.exists() or not list(shots.glob("*-full*.png"))


def test_a_crop_of_an_element_that_left_the_page_is_capture_not_on_page(counters, qtbot, js):
    w = counters
    w.act_annotate.trigger()
    pin(w, qtbot, centre(js, "#target"), "gone soon")
    pin(w, qtbot, centre(js, "#menu"), "stays")
    w.act_annotate.trigger()
    js("document.getElementById('target').remove()")
    saved = w.run(w.element_crops())
    assert saved == 1
    first, second = w.session.pins
    assert first.annotation.screenshot_error.startswith("CAPTURE_NOT_ON_PAGE"), first.annotation
    assert second.annotation.screenshot and not second.annotation.screenshot_error
    w.copy()
    assert "Screenshot: [not taken: CAPTURE_NOT_ON_PAGE — " in QGuiApplication.clipboard().text()


def test_a_screenshot_where_no_page_script_runs_is_capture_no_picker(window, qtbot, tmp_path):
    """A PDF opened in a fresh window is a (refused) download: no document with pagenote's page script."""
    from PIL import Image
    from PySide6.QtCore import QUrl

    from app.core.errors import PagenoteError

    pdf = tmp_path / "doc.pdf"
    Image.new("RGB", (200, 200), (255, 0, 0)).save(pdf)
    with qtbot.waitSignal(window.view.loadFinished, timeout=15_000) as blocker:
        window.view.load(QUrl.fromLocalFile(str(pdf)))
    assert blocker.args == [False]
    with pytest.raises(PagenoteError) as info:
        window.run(window.shooter().viewport())
    assert info.value.name == "CAPTURE_NO_PICKER", info.value
    assert not (window.project_dir / "shots").exists() or not list((window.project_dir / "shots").glob("*.png"))
