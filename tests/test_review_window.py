"""The window's side of reviews: a reference image pasted into the note box, the detail level chosen in the
File menu, Export Review… / Import Review… onto a second origin, and the panel's Source links opening the
editor — real window, real QtWebEngine, pages on 127.0.0.1."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from types import SimpleNamespace

from PIL import Image
from PySide6.QtCore import QPoint, Qt, QUrl
from PySide6.QtGui import QGuiApplication, QImage
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QMenu

from conftest import pin_at, poll_until

from app.protocol.markdown import REFERENCE_NOTE, encode_annotations
from app.runtime.settings import EditorSettings, Settings
from app.ui.panel import ID_ROLE
from app.ui.review_io import install_review_ui
from app.ui.source_links import SCHEME

BUILDS = Path(__file__).parent / "pages" / "builds"


def center(js, selector: str) -> QPoint:
    x, y = js(f"(() => {{ const r = document.querySelector('{selector}').getBoundingClientRect();"
              " return [r.left + r.width / 2, r.top + r.height / 2]; })()")
    return QPoint(int(x), int(y))


def _pin(window, qtbot, js, selector: str, note: str) -> None:
    if not window.annotate.active:
        window.act_annotate.trigger()
    pin_at(window, qtbot, center(js, selector), note)
    qtbot.waitUntil(lambda: not window.annotate.note_box.isVisible(), timeout=5000)


def test_a_pasted_reference_image_is_listed_as_the_design_target(window, server, qtbot, js, tmp_path):
    install_review_ui(window)
    window.load_page(server.url("record.html"))
    window.act_annotate.trigger()
    QTest.mouseClick(window.view.focusProxy(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     center(js, "button.primary"))
    qtbot.waitUntil(window.annotate.note_box.isVisible, timeout=5000)
    qtbot.waitUntil(lambda: not window.batch_session.recording(), timeout=10_000)   # the record follows the marker
    image = QImage(64, 24, QImage.Format.Format_RGB32)
    image.fill(0x16A34A)
    QGuiApplication.clipboard().setImage(image)
    QTest.keyClick(window.annotate.note_box.editor, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
    assert "design target" in window.status_label.text()
    QTest.keyClicks(window.annotate.note_box.editor, "like this")
    QTest.keyClick(window.annotate.note_box.editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not window.annotate.note_box.isVisible(), timeout=5000)
    [annotation] = window.batch().annotations
    assert annotation.note == "like this"   # the paste put no text into the note
    path = Path(annotation.reference)
    assert path.parent == (tmp_path / "shots").resolve() and path.suffix == ".png"
    with Image.open(path) as stored:
        assert stored.size == (64, 24) and stored.convert("RGB").getpixel((10, 10)) == (0x16, 0xA3, 0x4A)
    assert f"Reference: {path}{REFERENCE_NOTE}" in encode_annotations(window.batch())
    window.panels.list.setCurrentRow(next(i for i in range(window.panels.list.count())
                                          if window.panels.list.item(i).data(ID_ROLE)))
    assert f"design target: {path.name}" in window.panels.detail.toPlainText()   # the panel says so too


def test_the_detail_level_chosen_in_the_window_is_what_copy_and_save_write(window, server, qtbot, js):
    review = install_review_ui(window)
    window.load_page(server.url("record.html"))
    _pin(window, qtbot, js, "button.primary", "bigger")
    assert window.detail_level == "standard" and review.detail_actions["standard"].isChecked()
    file_menu = window.findChild(QMenu, "fileMenu")   # where a user finds them
    assert {review.act_export, review.act_import, review.detail_menu.menuAction()} <= set(file_menu.actions())
    review.detail_actions["compact"].trigger()
    window.copy()
    copied = QGuiApplication.clipboard().text()
    assert "Detail: compact" in copied and "Selector: " in copied and "Role: " not in copied
    review.detail_actions["forensic"].trigger()
    saved = window.save().read_text(encoding="utf-8")
    assert "Detail: forensic" in saved and "Box model: " in saved and "Ancestry:" in saved


def test_export_review_then_import_it_onto_a_second_origin(window, server, server2, qtbot, js, tmp_path):
    review = install_review_ui(window)
    window.load_page(server.url("record.html"))
    _pin(window, qtbot, js, "button.primary", "bigger")
    _pin(window, qtbot, js, "#user", "wider")
    html = window.run(review.export_to(tmp_path / "out" / "review.html", "html"))
    text = html.read_text(encoding="utf-8")
    assert text.count('<li class="note"') == 2
    # the export took the page screenshot (numbered markers drawn) the batch did not have yet
    assert '<img class="page" alt="page screenshot with numbered markers" src="data:image/png;base64,' in text
    exported = window.run(review.export_to(tmp_path / "out" / "review.json", "json"))
    data = json.loads(exported.read_text(encoding="utf-8"))
    assert [a["note"] for a in data["batch"]["annotations"]] == ["bigger", "wider"]
    window.clear()
    window.load_page(server2.url("record.html"))
    ids = window.run(review.import_from(exported))
    assert len(ids) == 2
    pins = [window.session.get(i).annotation for i in ids]
    assert [p.status for p in pins] == ["", ""]  # found where their records say: exact
    assert all(p.element.url == server2.url("record.html") for p in pins)
    assert "Imported 2 annotation(s)" in window.status_label.text()
    # the markers are drawn on the second origin's page for the imported annotations
    poll_until(lambda: window.page_call("markers") and len(window.page_call("markers")) == 2, 10, "2 markers")


def test_import_refuses_an_invalid_file_with_the_problem(window, server, tmp_path):
    review = install_review_ui(window)
    window.load_page(server.url("record.html"))
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "pagenote-review", "version": 1, "batch": {"annotations": [{"note": 5}]}}')
    assert window.run(review.import_from(bad)) == []
    assert "Not imported" in window.status_label.text()
    assert "batch.annotations.0.note: Input should be a valid string" in window.status_label.text()
    assert window.session.pins == []


def test_a_source_link_in_the_panel_opens_the_editor_at_the_line(window, server, qtbot, tmp_path):
    recorder = tmp_path / "editor.py"
    record = tmp_path / "argv.json"
    recorder.write_text(f"import json, sys\nopen({str(record)!r}, 'w').write(json.dumps(sys.argv[1:]))\n")
    store = SimpleNamespace(settings=Settings(editor=EditorSettings(command=f"{sys.executable} {recorder}",
                                                                    root=str(BUILDS / "react"))))
    install_review_ui(window, store)
    window.load_page(server.url("builds/react-dev/index.html"))
    found = window.page_call("select", "#buy")
    element = window.run(window.tab.annotator.record_of(window.tab.annotator.target("")[0], found))
    assert element.source.startswith("Card (react) src/Card.jsx:")
    window.session.add(window.tab.annotator.pin_key(window.tab.annotator.target("")[0], found["id"]), element, "x")
    window.panels.list.setCurrentRow(next(i for i in range(window.panels.list.count())
                                          if window.panels.list.item(i).data(ID_ROLE)))
    html = window.panels.detail.toHtml()
    assert f'href="{SCHEME}:' in html
    first = element.source.split("; ")[0]
    line = first.rsplit(":", 2)[1]
    window.panels.detail.anchorClicked.emit(QUrl(f"{SCHEME}:" + QUrl.toPercentEncoding(first).data().decode()))
    argv = poll_until(lambda: record.exists() and record.read_text() and json.loads(record.read_text()), 20,
                      "the editor to start")
    # an unknown editor gets the file alone, checked and resolved; nothing of the hint but the path reached it
    assert argv == [str((BUILDS / "react" / "src" / "Card.jsx").resolve())]
    assert line.isdigit() and "Opened Card (react) src/Card.jsx" in window.status_label.text()


def test_an_image_file_dropped_on_a_panel_row_becomes_that_annotations_reference(window, server, qtbot, js,
                                                                                  tmp_path):
    from PySide6.QtCore import QCoreApplication, QMimeData, QPointF
    from PySide6.QtGui import QDragEnterEvent, QDropEvent

    install_review_ui(window)
    window.load_page(server.url("record.html"))
    _pin(window, qtbot, js, "button.primary", "first")
    _pin(window, qtbot, js, "#user", "second")
    design = tmp_path / "mock-up.jpg"
    Image.new("RGB", (50, 40), (10, 20, 200)).save(design)
    panel = window.panels.list
    rows = [i for i in range(panel.count()) if panel.item(i).data(ID_ROLE)]
    second = panel.item(rows[1])
    pos = QPointF(panel.visualItemRect(second).center())
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(design))])
    viewport = panel.viewport()
    enter = QDragEnterEvent(pos, Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton,
                            Qt.KeyboardModifier.NoModifier)
    QCoreApplication.sendEvent(viewport, enter)
    assert enter.isAccepted()
    drop = QDropEvent(pos, Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    QCoreApplication.sendEvent(viewport, drop)
    first, second_annotation = window.batch().annotations
    assert first.reference == ""
    stored = Path(second_annotation.reference)
    assert stored.parent == (tmp_path / "shots").resolve() and "-ref-mock-up" in stored.name
    with Image.open(stored) as image:
        assert image.format == "PNG" and image.size == (50, 40)
    assert "attached to annotation 2" in window.status_label.text()
