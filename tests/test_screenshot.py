"""Viewport screenshots: right size, really painted, known pixels where the page drew them (issue #2 §6)."""

from __future__ import annotations

from PIL import Image
from PySide6.QtCore import QUrl

from conftest import pin_at

from app.capture.viewport import expected_size, flat_colour


def test_screenshot_button_saves_a_painted_png_of_the_viewport(window, server, qtbot):
    window.load_page(server.url("colors.html"))
    path = window.run(window.screenshot())
    assert path is not None, window.status_label.text()
    assert path.parent == window.project_dir / "shots" and path.name.endswith("-colour-blocks.png")
    assert str(path) in window.status_label.text() and window.copy_path_button.isVisible()
    image = Image.open(path).convert("RGB")
    dpr = window.view.devicePixelRatioF()
    assert image.size == (round(window.view.width() * dpr), round(window.view.height() * dpr))
    w, h = image.size
    assert image.getpixel((50, 50)) == (255, 0, 0)       # #red at 0,0 100x100
    assert image.getpixel((250, 150)) == (0, 255, 0)     # #green at 200,100
    assert image.getpixel((w - 10, h - 10)) == (0, 0, 255)  # #blue at the bottom-right corner
    assert image.getpixel((150, 50)) == (255, 255, 255)
    # The batch's Screenshot: line points at it.
    assert window.batch().screenshot == str(path)
    window.copy_path_button.click()
    from PySide6.QtGui import QGuiApplication

    assert QGuiApplication.clipboard().text() == str(path)


def test_first_frame_right_after_load_is_not_saved_blank(window, server, qtbot):
    # Screenshot immediately after loadFinished: the capture must wait for paint, not save white.
    with qtbot.waitSignal(window.view.loadFinished, timeout=10_000):
        window.view.load(QUrl(server.url("colors.html") + "?again"))
    path = window.run(window.screenshot())
    assert path is not None
    from PySide6.QtGui import QImage

    image = QImage(str(path))
    assert flat_colour(image) is None and image.size() == expected_size(window.view)


def test_markers_are_not_in_the_clean_screenshot(window, server, qtbot):
    window.load_page(server.url("colors.html"))
    window.act_annotate.trigger()
    from PySide6.QtCore import QPoint

    pin_at(window, qtbot, QPoint(250, 150))
    annotated_path = window.run(window.screenshot())
    assert annotated_path.name.endswith("-annotated.png")
    assert window.batch().screenshot == str(annotated_path)
    clean = Image.open(window.batch().screenshot_clean).convert("RGB")
    # The window draws the marker (red badge with white border) just above the green block's top-left
    # (200,100): the clean image has none of it; the annotated image has pagenote's own drawing of it there.
    assert clean.getpixel((210, 110)) == (0, 255, 0) and clean.getpixel((250, 150)) == (0, 255, 0)
    drawn = Image.open(annotated_path).convert("RGB")
    assert drawn.getpixel((203, 88)) == (220, 38, 38)        # badge just above the element's top-left
    assert drawn.getpixel((210, 110)) == (0, 255, 0)         # the element's own corner not covered
    assert drawn.getpixel((250, 99)) == (220, 38, 38)        # outline just outside the top edge (2 px)
    assert drawn.getpixel((250, 100)) == (0, 255, 0)         # … the element's own edge left as it was
    assert drawn.getpixel((250, 150)) == (0, 255, 0)         # inside untouched


def test_copy_and_save_write_the_same_markdown(window, server, qtbot):
    """Toolbar Copy and Save of a batch with an annotation write the same text, and that text is the README's
    shape with the values read off colors.html by hand (not another call of the same encoder)."""
    from PySide6.QtCore import QPoint
    from PySide6.QtGui import QGuiApplication

    from app.protocol.markdown import parse_annotations

    window.load_page(server.url("colors.html"))
    window.act_annotate.trigger()
    pin_at(window, qtbot, QPoint(250, 150), note="Make it blue")    # inside #green (200,100 100×100)
    window.act_annotate.trigger()
    window.session.set_summary("overall")
    QGuiApplication.clipboard().setText("")
    window.act_copy.trigger()
    qtbot.waitUntil(lambda: QGuiApplication.clipboard().text().startswith("# Web page annotations"), timeout=10_000)
    copied = QGuiApplication.clipboard().text()
    folder = window.project_dir / "annotations"
    window.act_save.trigger()
    qtbot.waitUntil(lambda: folder.is_dir() and any(folder.glob("*.md")), timeout=10_000)
    [path] = folder.glob("*.md")
    qtbot.waitUntil(lambda: str(path) in window.status_label.text(), timeout=10_000)
    assert path.read_text(encoding="utf-8") == copied
    assert copied.startswith("# Web page annotations: 1\n\nSummary: overall\n")
    expected = ("## Annotation 1\nNote: Make it blue\nURL: " + server.url("colors.html") + "\nTitle: Colour blocks\n"
                "Tag: div\n")
    assert expected in copied
    for line in ("Selector: #green", "XPath: /html/body/div[2]", 'Attributes: id="green"', "Background: #00FF00",
                 "Display: block", "Rect: x=200, y=100, width=100, height=100"):
        assert f"\n{line}\n" in copied, line
    assert parse_annotations(copied).summary == "overall"


def test_the_copy_path_button_goes_with_the_screenshot_message(window, server):
    window.load_page(server.url("colors.html"))
    window.run(window.screenshot())
    assert window.copy_path_button.isVisible()
    window.save()  # another message: the button would copy a path the status bar no longer names
    assert "Saved" in window.status_label.text() and not window.copy_path_button.isVisible()
