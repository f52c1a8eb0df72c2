"""Acceptance pictures of the window: pin three elements with notes on a real page, hover a fourth, grab the
window, then take the annotated viewport screenshot an agent gets.

    xvfb-run -s "-screen 0 1600x1000x24" .venv/bin/python dev/window_shots.py URL OUT_PREFIX [--theme dark]
        [--todo] SELECTOR SELECTOR SELECTOR [HOVER_SELECTOR]

Writes ``OUT_PREFIX-notebox.png`` (the window with the third note being typed), ``OUT_PREFIX-window.png``
(three markers, the second row selected so the detail pane shows, the hover label on a fourth element),
``OUT_PREFIX-annotated.png`` (the annotated viewport at device scale: 2 image px per CSS px at DPR 2) and
``OUT_PREFIX-dialog.png`` (the page's ``alert()`` in the dialog bar). ``--todo``: type three todos into TodoMVC's
``#new-todo`` first. ``--theme``: force a scheme (needs :mod:`app.ui.theme`; older checkouts have none).
The window fills the screen's available size; run with ``QT_SCALE_FACTOR=2`` (and a screen twice the size)
for 2×. Input goes through the same path as a user's: mouse and key events on the view.
"""

from __future__ import annotations

import json
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path.cwd()))

NOTES = ["Badge and outline must not hide this text", "Heading: more space above",
         "This link sits at the right edge: keep its label readable"]


def main(argv: list[str]) -> int:
    theme_name = None
    todo = False
    if "--theme" in argv:
        i = argv.index("--theme")
        theme_name = argv[i + 1]
        del argv[i:i + 2]
    if "--todo" in argv:
        argv.remove("--todo")
        todo = True
    url, prefix, *selectors = argv
    hover = selectors[3] if len(selectors) > 3 else None
    import asyncio

    from app.core.tasks import spawn
    from app.runtime.run import open_app

    with open_app(Path(tempfile.mkdtemp()), headless=False) as (qt_app, app):
        from PySide6.QtCore import QPoint, Qt, QUrl
        from PySide6.QtTest import QTest

        try:
            from app.ui import theme
            theme.apply(qt_app, theme_name)
        except ImportError:
            pass
        from app.runtime.i18n import install_translators
        from app.ui.main_window import MainWindow

        translators = install_translators(qt_app, "en")  # noqa: F841  (English plural forms)

        window = MainWindow(app)
        size = qt_app.primaryScreen().availableSize()
        window.resize(size.width(), size.height())
        window.show()

        async def centre(selector: str) -> QPoint:
            src = (f"(() => {{ const e = document.querySelector({json.dumps(selector)});"
                   " const r = e.getBoundingClientRect(); return JSON.stringify([r.left + Math.min(r.width / 2, 30),"
                   " r.top + Math.min(r.height / 2, 10)]); })()")
            x, y = json.loads(await window.tab.bridge.run(src, world=0))
            zoom = window.view.zoomFactor()
            return QPoint(int(x * zoom), int(y * zoom))

        async def shoot() -> None:
            try:
                await window.tab.load(QUrl(url))
                await window.tab.bridge.wait_ready()
                await window.tab.bridge.wait_frames(2)
                proxy = window.view.focusProxy()
                if todo:
                    point = await centre("#new-todo")
                    QTest.mouseClick(proxy, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, point)
                    for text in ("Buy milk", "Write the release notes", "Call the plumber"):
                        QTest.keyClicks(proxy, text)
                        QTest.keyClick(proxy, Qt.Key.Key_Return)
                        await asyncio.sleep(0.2)
                window.act_annotate.trigger()
                for selector, note in zip(selectors[:3], NOTES):
                    point = await centre(selector)
                    QTest.mouseMove(proxy, point)
                    await asyncio.sleep(0.2)
                    QTest.mouseClick(proxy, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, point)
                    for _ in range(100):   # the pick is a page round trip: wait for the note box
                        if window.annotate.note_box.isVisible():
                            break
                        await asyncio.sleep(0.05)
                    QTest.keyClicks(window.annotate.note_box.editor, note)
                    if note is NOTES[2]:
                        await asyncio.sleep(0.5)
                        window.grab().save(f"{prefix}-notebox.png")
                    QTest.keyClick(window.annotate.note_box.editor, Qt.Key.Key_Return)
                    await asyncio.sleep(0.2)
                window.panel.summary.setPlainText("Polish pass: markers, spacing, link affordance")
                window.panel.list.setCurrentRow(1)    # the detail pane shows the second annotation whole
                if hover:
                    QTest.mouseMove(proxy, await centre(hover))
                await asyncio.sleep(0.8)
                window.grab().save(f"{prefix}-window.png")
                shooter = window.tab.capture.shooter("device")   # 2 image px per CSS px at DPR 2
                _clean, annotated = await shooter.viewport(window.tab.capture.pins(),
                                                          extra_rects=await window.tab.annotator.frame_pin_rects())
                if annotated is not None:
                    shutil.copy(annotated.path, f"{prefix}-annotated.png")
                window.act_annotate.trigger()
                await window.tab.bridge.run("setTimeout(() => alert('Saved. The page\\'s dialogs show in this bar'),"
                                            " 0)", world=0)
                for _ in range(100):
                    if window.current.dialog_bar.isVisible():
                        break
                    await asyncio.sleep(0.05)
                await asyncio.sleep(0.3)
                window.grab().save(f"{prefix}-dialog.png")
                print(prefix)
            finally:
                qt_app.quit()

        spawn(shoot(), "window pictures")
        qt_app.exec()
        window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
