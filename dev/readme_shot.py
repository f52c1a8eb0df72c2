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



def main(argv: list[str]) -> int:
    url, out, *selectors = argv
    hover = selectors[3] if len(selectors) > 3 else None
    import asyncio

    from app.core.tasks import spawn
    from app.runtime.run import open_app

    with open_app(Path(tempfile.mkdtemp()), headless=True) as (qt_app, app):
        from PySide6.QtCore import QPoint, Qt, QUrl
        from PySide6.QtTest import QTest

        from app.ui.main_window import MainWindow

        window = MainWindow(app)
        window.resize(1440, 900)
        window.show()

        async def centre(selector: str) -> QPoint:
            src = (f"(() => {{ const e = document.querySelector({json.dumps(selector)});"
                   " const r = e.getBoundingClientRect(); return JSON.stringify([r.left + Math.min(r.width / 2, 40),"
                   " r.top + Math.min(r.height / 2, 10)]); })()")
            x, y = json.loads(await window.tab.bridge.run(src, world=0))
            return QPoint(int(x), int(y))

        async def shoot() -> None:
            try:
                await window.tab.load(QUrl(url))
                await window.tab.bridge.wait_ready()
                await window.tab.bridge.wait_frames(2)
                proxy = window.view.focusProxy()  # exists once the page has rendered
                window.act_annotate.trigger()
                notes = ["Heading too close to the text above: add 8px",
                         "This sidebar link looks dead; underline on hover",
                         "Intro: say in one sentence what this page covers"]
                for selector, note in zip(selectors[:3], notes):
                    point = await centre(selector)
                    QTest.mouseMove(proxy, point)
                    QTest.mouseClick(proxy, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, point)
                    await asyncio.sleep(0.3)
                    QTest.keyClicks(window.annotate.note_box.editor, note)
                    QTest.keyClick(window.annotate.note_box.editor, Qt.Key.Key_Return)
                    await asyncio.sleep(0.1)
                window.panel.summary.setPlainText("Docs page polish: spacing and link affordance")
                if hover:
                    QTest.mouseMove(proxy, await centre(hover))
                await asyncio.sleep(0.5)
                window.grab().save(out)
                print(out)
            finally:
                qt_app.quit()

        spawn(shoot(), "README picture")
        qt_app.exec()
        window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
