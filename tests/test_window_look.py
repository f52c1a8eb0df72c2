"""The window's finish, measured: badges keep off the page's text (real text rects from the page), one marker
style in the window and the annotated PNG, status chips and control edges with WCAG 2.x contrast in light and
dark, the mode strip outside the page, Lucide icons where Qt would draw its own."""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from _badges import badge_rect
from PIL import Image
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QStyle

from app.core.placement import OUTLINE_WIDTH, Box, outline_box

EN_TS = Path(__file__).resolve().parents[1] / "resources" / "i18n" / "pagenote_en.ts"


def text_rects(js, skip: str) -> list[Box]:
    """Every text line fragment on the page outside ``skip`` (viewport CSS px)."""
    rects = js(f"""(() => {{ const skip = document.querySelector({skip!r}); const out = [];
        const w = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT); const r = document.createRange();
        for (let n = w.nextNode(); n; n = w.nextNode()) {{ if (!n.data.trim() || skip.contains(n)) continue;
          r.selectNodeContents(n); for (const q of r.getClientRects()) out.push([q.left, q.top, q.width, q.height]); }}
        return out; }})()""")
    return [Box(*r) for r in rects]


def test_a_badge_takes_the_side_of_an_inline_span_where_no_text_is(window, server, qtbot, js):
    w = window
    w.load_page(server.url("prose.html"))
    w.act_annotate.trigger()
    r = js("(() => { const r = document.querySelector('#span').getBoundingClientRect();"
           " return [r.left, r.top, r.width, r.height]; })()")
    span = Box(*r)
    proxy = w.view.focusProxy()
    point = QPoint(round(span.x + span.width / 2), round(span.y + span.height / 2))
    QTest.mouseMove(proxy, point)
    QTest.mouseClick(proxy, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, point)
    qtbot.waitUntil(w.annotate.note_box.isVisible, timeout=5000)
    qtbot.waitUntil(lambda: not w.batch_session.recording(), timeout=10_000)   # the record follows the marker
    QTest.keyClick(w.annotate.note_box.editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: badge_rect(w, 1) is not None and any(m.text for m in w.marks.scene.marks), timeout=5000)
    badge = Box(*badge_rect(w, 1))
    text = text_rects(js, "#span")
    assert text and any(t.y + t.height <= span.y for t in text)   # there is a line of text above the span
    assert not any(badge.intersects(t) for t in text), (badge, text)
    assert not badge.intersects(outline_box(span))
    # it touches the outline (here on its left: the paragraph's margin is free)
    o = outline_box(span)
    assert badge.right == o.x or badge.bottom == o.y or badge.y == o.bottom or badge.x == o.right


def test_a_headings_badge_keeps_off_the_paragraphs_around_it_across_sections(window, server, qtbot, js):
    w = window
    w.load_page(server.url("prose.html"))
    w.act_annotate.trigger()
    r = js("(() => { const r = document.querySelector('#head').getBoundingClientRect();"
           " return [r.left, r.top, r.width, r.height]; })()")
    head = Box(*r)
    proxy = w.view.focusProxy()
    point = QPoint(round(head.x + 10), round(head.y + head.height / 2))
    QTest.mouseMove(proxy, point)
    QTest.mouseClick(proxy, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, point)
    qtbot.waitUntil(w.annotate.note_box.isVisible, timeout=5000)
    qtbot.waitUntil(lambda: not w.batch_session.recording(), timeout=10_000)   # the record follows the marker
    QTest.keyClick(w.annotate.note_box.editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: badge_rect(w, 1) is not None and any(m.text for m in w.marks.scene.marks), timeout=5000)
    badge = Box(*badge_rect(w, 1))
    text = text_rects(js, "#head")
    # the paragraph before is in another branch of the document (the heading's section starts at the heading)
    assert any(t.y + t.height <= head.y and t.y + t.height > head.y - 24 for t in text)
    assert not any(badge.intersects(t) for t in text), (badge, text)


def test_the_annotated_png_keeps_badges_off_the_text_it_shows():
    from app.capture.draw import MARKER_RED, draw_annotations
    image = Image.new("RGB", (400, 200), (255, 255, 255))
    for y in (40, 60, 80):   # three lines of "text" (glyph-like strokes) from x 60 to 380; the span starts the middle one
        for x in range(60 if y != 60 else 150, 380, 4):
            image.paste((20, 20, 20), (x, y + 4, x + 2, y + 14))
    image.paste((20, 20, 20), (0, 112, 400, 113))   # a rule across the picture below the text: not content
    span = {"x": 60, "y": 60, "width": 80, "height": 18}
    clean = image.copy()
    draw_annotations(image, [(1, span)], 1.0)
    o = outline_box(Box(60, 60, 80, 18))
    # the outline: OUTLINE_WIDTH px of the marker red just outside the border box, nothing drawn inside it
    assert image.getpixel((int(o.x), 70)) == MARKER_RED[:3] and image.getpixel((int(o.x) + OUTLINE_WIDTH - 1, 70)) \
        == MARKER_RED[:3]
    assert image.getpixel((60, 70)) == clean.getpixel((60, 70))
    # no pixel of the text lines became red: the badge went to the free left margin
    for y in (44, 50, 84, 90):
        assert all(image.getpixel((x, y)) == clean.getpixel((x, y)) for x in range(60, 380)), y
    # a badge where only the rule is: it counts as free (the window's text lines do not know rules either)
    from app.capture.draw import ink_cover
    cover = ink_cover(clean)
    assert cover(Box(100, 100, 22, 22)) == 0 and cover(Box(100, 80, 22, 22)) > 0
    assert image.getpixel((int(o.x) - 5, 70)) == MARKER_RED[:3]


def test_status_chips_and_control_edges_have_wcag_contrast_in_light_and_dark():
    from app.ui import panel_rows, theme
    for colour in panel_rows.CHIP_COLOURS.values():
        assert theme.contrast_ratio(colour, "#FFFFFF") >= 4.5, colour   # white chip text on the chip
    for name, c in theme.COLOURS.items():
        for against in ("window", "base", "alt"):
            assert theme.contrast_ratio(c["field"], c[against]) >= 3.0, (name, against)
            assert theme.contrast_ratio(c["text"], c[against]) >= 4.5, (name, against)
        assert theme.contrast_ratio(c["muted"], c["base"]) >= 4.5, name
    assert round(theme.contrast_ratio("#000000", "#FFFFFF"), 2) == 21.0


def test_the_mode_strip_sits_under_the_page_and_never_resizes_it(window, server, qtbot):
    w = window
    w.load_page(server.url("edges.html"))
    before = w.view.geometry()
    w.act_annotate.trigger()
    banner = w.mode_banner
    assert banner.active and banner.isVisible() and banner.done.isVisible()
    g = banner.geometry()
    assert w.view.geometry() == before
    assert g.top() >= before.bottom() and not g.intersects(w.view.geometry())
    w.act_annotate.trigger()
    assert not banner.active and banner.isVisible() and w.view.geometry() == before


def test_the_address_bars_clear_button_and_menu_arrows_are_lucide_icons(qapp, window):
    from app.ui import theme
    style, palette, sheet = qapp.style().name(), qapp.palette(), qapp.styleSheet()
    try:
        theme.apply(qapp, "dark")
        icon = qapp.style().standardIcon(QStyle.StandardPixmap.SP_LineEditClearButton)
        assert icon.cacheKey() == theme.icon("circle-x").cacheKey()
        close = qapp.style().standardIcon(QStyle.StandardPixmap.SP_TabCloseButton)
        assert close.cacheKey() == theme.icon("x").cacheKey()
        for name in ("zoom_in", "zoom_out"):   # the zoom buttons beside the address bar: Lucide, not "+" / "−" text
            assert not window.nav_buttons[name].icon().isNull(), name
        arrow = theme.tinted_svg("chevron-down", theme.COLOURS["dark"]["text"])
        assert f"image: url({arrow.as_posix()})" in qapp.styleSheet() and arrow.is_file()
    finally:
        qapp.setStyle(style)
        qapp.setPalette(palette)
        qapp.setStyleSheet(sheet)
        theme.icon.cache_clear()


def test_the_file_menu_holds_the_toolbars_own_actions_and_every_menu_has_its_own_mnemonic(window):
    w = window
    menus = [a.menu() for a in w.menuBar().actions() if a.menu() is not None]
    assert menus[0].objectName() == "fileMenu"
    items = [a for a in menus[0].actions() if not a.isSeparator()]
    mine = [w.act_open, w.act_save, w.act_copy, w.act_send, w.keys.quit]   # the same objects, in this order
    assert [a for a in items if a in mine] == mine and items[0] is w.act_open and items[-1] is w.keys.quit
    keys = []
    for menu in menus:
        title = menu.title()
        assert title.count("&") == 1, title
        keys.append(title[title.index("&") + 1].lower())
    assert len(keys) == len(set(keys)) and keys[0] == "f"


@pytest.fixture
def english(qapp, tmp_path):
    """pagenote's English plural forms (resources/i18n/pagenote_en.ts compiled), installed (removed after)."""
    from PySide6.QtCore import QTranslator
    qm = tmp_path / "pagenote_en.qm"
    subprocess.run([str(Path(sys.executable).with_name("pyside6-lrelease")), "-silent", str(EN_TS), "-qm", str(qm)],
                   check=True, timeout=60)
    translator = QTranslator()
    assert translator.load(str(qm))
    qapp.installTranslator(translator)
    yield translator
    qapp.removeTranslator(translator)


def test_english_counts_are_singular_and_plural(english):
    from PySide6.QtCore import QCoreApplication
    root = ET.parse(EN_TS).getroot()
    numerus = [m for m in root.iter("message") if m.get("numerus") == "yes"]
    assert numerus and root.get("language") == "en"
    for m in numerus:   # every %n string has its two English forms, finished
        t = m.find("translation")
        assert t.get("type") is None and len(t.findall("numerusform")) == 2, m.find("source").text
    say = lambda n: QCoreApplication.translate("ClearUndo", "Cleared %n annotation(s)", None, n)  # noqa: E731
    assert (say(1), say(2), say(0)) == ("Cleared 1 annotation", "Cleared 2 annotations", "Cleared 0 annotations")


def test_clear_removes_at_once_and_undo_brings_the_annotations_back(english, window, server, qtbot, js):
    w = window
    w.load_page(server.url("edges.html"))
    w.act_annotate.trigger()
    for selector, note in (("#c1", "first"), ("#link", "second")):
        r = js(f"(() => {{ const r = document.querySelector('{selector}').getBoundingClientRect();"
               " return [r.left + r.width / 2, r.top + r.height / 2]; })()")
        point = QPoint(round(r[0]), round(r[1]))
        proxy = w.view.focusProxy()
        QTest.mouseMove(proxy, point)
        QTest.mouseClick(proxy, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, point)
        qtbot.waitUntil(w.annotate.note_box.isVisible, timeout=5000)
        qtbot.waitUntil(lambda: not w.batch_session.recording(), timeout=10_000)   # the record follows the marker
        QTest.keyClicks(w.annotate.note_box.editor, note)
        QTest.keyClick(w.annotate.note_box.editor, Qt.Key.Key_Return)
        qtbot.waitUntil(lambda: not w.annotate.note_box.isVisible(), timeout=5000)
    w.panel.summary.setPlainText("overall")
    assert len(w.session.pins) == 2
    w.act_clear.trigger()
    assert w.session.pins == [] and w.status.offer_button.isVisible()
    assert w.status_label.text() == "Cleared 2 annotations"
    w.status.offer_button.click()
    assert [p.annotation.note for p in w.session.pins] == ["first", "second"]
    assert w.panel.summary.toPlainText() == "overall" and not w.status.offer_button.isVisible()
    qtbot.waitUntil(lambda: len(w.marks.badges()) == 2, timeout=5000)   # the markers are back on the page
    # Clear sits in the panel's header, over the list it clears; Send, the primary action, on the toolbar
    bar = w.toolbars.bar
    assert w.act_clear not in bar.actions() and w.panel.clear_button.defaultAction() is w.act_clear
    assert bar.widgetForAction(w.act_send).objectName() == "primary"


def test_the_window_and_the_annotated_png_draw_the_same_marker(window, server, qtbot):
    """The window's outline and the PNG's: the marker red, OUTLINE_WIDTH px, just outside the border box, the
    element's own pixels untouched — one style."""
    from conftest import pin_at

    from app.core.policy import MARKER_COLOR
    w = window
    w.load_page(server.url("colors.html"))          # #green: 200, 100, 100×100 CSS px
    w.act_annotate.trigger()
    pin_at(w, qtbot, QPoint(250, 150))
    w.act_annotate.trigger()                        # mode off: no frame
    w.panel.list.setCurrentRow(-1)                  # no row selected: the marker is not in the selection blue
    qtbot.waitUntil(lambda: len(w.marks.badges()) == 1 and not w.marks.badges()[0][0].selected, timeout=5000)
    w.marks.repaint()
    drawn = w.marks.grab().toImage()
    red = tuple(int(MARKER_COLOR[i:i + 2], 16) for i in (1, 3, 5))
    png = Image.open(w.run(w.screenshot())).convert("RGB")
    for x in (250,):
        for y in range(100 - OUTLINE_WIDTH, 100):    # the band above the top edge
            c = drawn.pixelColor(x, y)
            assert (c.red(), c.green(), c.blue(), c.alpha()) == (*red, 255), (x, y)
            assert png.getpixel((x, y)) == red, (x, y)
        assert drawn.pixelColor(x, 100).alpha() == 0             # the element's edge: nothing drawn
        assert drawn.pixelColor(x, 100 - OUTLINE_WIDTH - 1).alpha() == 0
        assert png.getpixel((x, 100)) == (0, 255, 0)
