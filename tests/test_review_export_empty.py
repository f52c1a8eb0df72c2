"""File → Export Review… with nothing unsent (the issue 31 user trial: it wrote "pagenote review: 0 annotations"
with ": no page screenshot" and said "Exported 0 annotations"): refused, no dialog, no file, and the status bar
says where a sent batch is exported (its row's right-click menu under Sent to agents). Real window, real
QtWebEngine, a page on 127.0.0.1."""

from __future__ import annotations

from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QFileDialog

from conftest import pin_at

from app.ui.review_io import install_review_ui

REFUSED = "Nothing unsent to export"


def _dialogs(window) -> list[QFileDialog]:
    return [d for d in window.findChildren(QFileDialog) if d.isVisible()]


def test_export_review_with_nothing_unsent_is_refused_and_points_to_the_sent_rows_menu(window, server, qtbot,
                                                                                       js, tmp_path):
    review = install_review_ui(window)
    window.load_page(server.url("record.html"))
    window.say("")
    review.act_export.trigger()   # File → Export Review… (Ctrl+Shift+E) on an empty batch
    qtbot.waitUntil(lambda: REFUSED in window.status_label.text(), timeout=5000)
    assert "right-click menu under Sent to agents" in window.status_label.text()
    assert _dialogs(window) == []
    assert window.run(review.export_to(tmp_path / "empty.html", "html")) is None
    assert not (tmp_path / "empty.html").exists() and "Exported" not in window.status_label.text()

    # one pin: the dialog opens; sent, the batch leaves the editor and Export is refused again
    window.act_annotate.trigger()
    x, y = js("(() => { const r = document.querySelector('button.primary').getBoundingClientRect();"
              " return [r.left + r.width / 2, r.top + r.height / 2]; })()")
    pin_at(window, qtbot, QPoint(int(x), int(y)), "bigger")
    qtbot.waitUntil(lambda: not window.annotate.note_box.isVisible(), timeout=5000)
    dialog = review.ask_export()
    assert dialog is not None and _dialogs(window) == [dialog]
    dialog.reject()
    qtbot.waitUntil(lambda: _dialogs(window) == [], timeout=5000)
    assert window.send() is not None and window.app.hub.store.batches
    window.say("")
    review.act_export.trigger()
    qtbot.waitUntil(lambda: REFUSED in window.status_label.text(), timeout=5000)
    assert _dialogs(window) == []
    assert window.run(review.export_to(tmp_path / "after-send.json", "json")) is None
    assert not (tmp_path / "after-send.json").exists()
