"""Make the README picture: the pagenote window in annotation mode on a real page, three markers pinned
with notes, the side panel filled, the pointer hovering a fourth element.

    .venv/bin/python dev/readme_shot.py URL OUT.png SELECTOR SELECTOR SELECTOR [HOVER_SELECTOR]

Runs offscreen (no display needed) and grabs the whole window (``QWidget.grab``), so the picture shows
exactly what a user sees. Input goes through the same path as a user's: mouse events on the view.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from app.qtenv import make_application  # noqa: E402


def main(argv: list[str]) -> int:
    url, out, *selectors = argv
    hover = selectors[3] if len(selectors) > 3 else None
    app = make_application(headless=True)
    from PySide6.QtCore import QEventLoop, QPoint, Qt, QUrl
    from PySide6.QtTest import QTest

    from app.headless import close_guest
    from app.ui.main_window import MainWindow
    from app.webview.lease import Lease
    from app.webview.picker import wait_ms

    lease = Lease(app)
    window = MainWindow(lease, Path(tempfile.mkdtemp()))
    window.resize(1440, 900)
    window.show()
    loop = QEventLoop()
    window.view.loadFinished.connect(loop.quit)
    window.view.load(QUrl(url))
    loop.exec()
    window.picker.wait_ready()
    window.act_annotate.trigger()
    proxy = window.view.focusProxy()

    def centre(selector: str) -> QPoint:
        src = (f"(() => {{ const e = document.querySelector({json.dumps(selector)});"
               " const r = e.getBoundingClientRect(); return JSON.stringify([r.left + Math.min(r.width / 2, 40),"
               " r.top + Math.min(r.height / 2, 10)]); })()")
        box: list = []
        window.page.runJavaScript(src, 0, box.append)
        while not box:
            wait_ms(20)
        x, y = json.loads(box[0])
        return QPoint(int(x), int(y))

    notes = ["Heading too close to the text above: add 8px", "This sidebar link looks dead; underline on hover",
             "Intro: say in one sentence what this page covers"]
    for selector, note in zip(selectors[:3], notes):
        point = centre(selector)
        QTest.mouseMove(proxy, point)
        QTest.mouseClick(proxy, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, point)
        wait_ms(300)
        QTest.keyClicks(window.annotate.note_box.editor, note)
        QTest.keyClick(window.annotate.note_box.editor, Qt.Key.Key_Return)
        wait_ms(100)
    window.panel.summary.setPlainText("Docs page polish: spacing and link affordance")
    if hover:
        QTest.mouseMove(proxy, centre(hover))
    wait_ms(500)
    window.grab().save(out)
    print(out)
    close_guest(window, lease)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
