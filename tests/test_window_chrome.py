"""The window's chrome reads calmly (issue 30, requirement 5): chips only where a pin needs a look, a detail pane
the user sizes whose selectors wrap at their separators (and copy without the break marks), a grouped Keyboard
shortcuts dialog with key caps, dialog buttons alike (no icon on any) in the platform's order, dates in the
locale's own format, thin scrollbars without arrow buttons, and one place for annotation mode's sentence."""

from __future__ import annotations

from PySide6.QtCore import QDate, QDateTime, QLocale, QTime, Qt
from PySide6.QtGui import QColor, QTextCursor
from PySide6.QtWidgets import (QDialogButtonBox, QListWidget, QListWidgetItem, QMessageBox, QStyle, QStyleOptionSlider,
                               QTableWidget)

from app.ui import theme
from app.ui.detail_pane import ZWSP, DetailPane, breakable, unbreakable
from app.ui.panel_rows import CHIP_COLOURS, ROW_ROLE, RowData, RowDelegate

SELECTOR = ("html > body > main#content > section.cards-list > div.card-grid:nth-of-type(2) > "
            "article.product-card.featured > div.actions > button.buy-now.primary")
URL = "http://127.0.0.1:8766/library/built-in-types/stdtypes.html?section=truth-value-testing#bit-length"


def _chip_pixels(qapp, status: str, text: str) -> int:
    """How many pixels of ``status``'s chip colour a row with that status paints."""
    theme.apply(qapp, "light")
    view = QListWidget()
    view.setItemDelegate(RowDelegate("no note", view))
    item = QListWidgetItem("1. button")
    item.setData(ROW_ROLE, RowData(1, "too small", "button “Buy now”", "http://127.0.0.1/", status, text))
    view.addItem(item)
    view.resize(420, 120)
    view.show()
    image = view.viewport().grab().toImage()
    colour = QColor(CHIP_COLOURS[status]).rgb()
    return sum(1 for x in range(image.width()) for y in range(image.height()) if image.pixel(x, y) == colour)


def test_only_rematched_stale_and_hidden_rows_carry_a_chip(qapp):
    assert _chip_pixels(qapp, "exact", "exact") == 0
    assert _chip_pixels(qapp, "rematched", "rematched") > 50
    assert _chip_pixels(qapp, "stale", "hidden") > 50


def test_a_long_selector_wraps_only_at_its_separators_and_copies_whole(qapp):
    assert breakable("div.card > a") == f"div.{ZWSP}card > {ZWSP}a" and unbreakable(breakable(SELECTOR)) == SELECTOR
    pane = DetailPane()
    pane.setHtml(f"<p style='font-family:monospace'>{breakable(SELECTOR)}</p><p>{breakable(URL)}</p>")
    pane.resize(260, 400)
    pane.show()
    for block in (pane.document().firstBlock(), pane.document().lastBlock()):
        _wraps_at_separators(block)
    pane.selectAll()
    assert pane.createMimeDataFromSelection().text() == SELECTOR + "\n" + URL
    assert pane.plain_text().strip() == SELECTOR + "\n" + URL


def _wraps_at_separators(block) -> None:
    layout = block.layout()
    text = block.text()
    assert layout.lineCount() >= 3, layout.lineCount()
    for n in range(1, layout.lineCount()):
        start = layout.lineAt(n).textStart()
        assert text[start - 1] in (ZWSP, " "), f"line {n} starts mid-token: {text[start - 8:start + 8]!r}"
        assert text[start:start + 1] not in ("-", ")", "]"), text[start - 8:start + 8]


def test_the_detail_pane_is_sized_by_a_splitter(window):
    panel = window.panel
    assert panel.splitter.indexOf(panel.list) == 0 and panel.splitter.indexOf(panel.detail.parentWidget()) == 1
    total = sum(panel.splitter.sizes())
    panel.splitter.setSizes([total // 4, total // 2, total - total // 4 - total // 2])
    panel.detail.show()
    assert panel.detail.parentWidget().height() >= total // 2 - 8 > 130   # the old fixed cap was 130 px


def test_the_shortcuts_dialog_is_grouped_and_draws_key_caps(window, qtbot):
    from app.ui.key_caps import SECTION_ROLE, KeyCapDelegate, caps

    assert caps("Ctrl++, Ctrl+=") == [[("Ctrl", True), ("+", True)], [("Ctrl", True), ("=", True)]]
    assert caps("Ctrl+click") == [[("Ctrl", True), ("click", False)]]
    dialog = window.help_menus.show_shortcuts()
    qtbot.waitUntil(dialog.isVisible, timeout=5_000)
    table = dialog.findChild(QTableWidget)
    assert isinstance(table.itemDelegateForColumn(0), KeyCapDelegate)
    titles = [table.item(i, 0).text() for i in range(table.rowCount()) if table.item(i, 0).data(SECTION_ROLE)]
    assert titles == ["Annotate", "Note box", "Screenshots and hand-off", "Page", "Window and tools"]
    section = None
    where = {}
    for i in range(table.rowCount()):
        item = table.item(i, 0)
        if item.data(SECTION_ROLE):
            section = item.text()
            assert table.columnSpan(i, 0) == 2
        else:
            where[item.text()] = section
    assert where["Ctrl+Shift+A"] == "Annotate" and where["Ctrl+click"] == "Annotate"
    assert where["Shift+Enter"] == "Note box" and where["Ctrl+Return"] == "Screenshots and hand-off"
    assert where["Ctrl+L, Alt+D, F6"] == "Page" and where["Ctrl+Q"] == "Window and tools"
    # A key cap is drawn: the cell holds more than its text's ink (the caps' edges).
    dialog.close()


def _button_box_order(box: QMessageBox, layout) -> list[str]:
    class Layout(type(theme.QApplication.style())):
        def styleHint(self, hint, option=None, widget=None, data=None):  # noqa: N802
            if hint == QStyle.StyleHint.SH_DialogButtonLayout:
                return int(layout.value)
            return super().styleHint(hint, option, widget, data)

    buttons = box.findChild(QDialogButtonBox)
    style = Layout(theme.QStyleFactory.create("Fusion"))
    buttons.setStyle(style)
    box.show()
    shown = sorted(buttons.buttons(), key=lambda b: b.mapTo(buttons, b.rect().topLeft()).x())
    box.hide()
    box._style = style
    return [buttons.buttonRole(b).name for b in shown]


def test_the_close_question_has_no_icons_and_keeps_the_platforms_order(qapp):
    from app.ui.draft_prompt import close_box

    theme.apply(qapp, "light")
    box, buttons = close_box(None, 2)
    assert all(b.icon().isNull() for b in box.buttons()), [b.text() for b in box.buttons() if not b.icon().isNull()]
    kinds = {choice: box.buttonRole(b).name for b, choice in buttons.items()}
    assert kinds == {"send": "AcceptRole", "save": "AcceptRole", "discard": "DestructiveRole", "cancel": "RejectRole"}
    assert box.button(QMessageBox.StandardButton.Discard) is next(b for b, c in buttons.items() if c == "discard")
    # The order is the platform's (roles, not a fixed list): GNOME puts Discard first and the accept buttons
    # last, Windows the accept buttons first.
    gnome = _button_box_order(box, QDialogButtonBox.ButtonLayout.GnomeLayout)
    windows = _button_box_order(box, QDialogButtonBox.ButtonLayout.WinLayout)
    assert gnome != windows and gnome[-1] == "AcceptRole" and windows[0] == "AcceptRole", (gnome, windows)


def test_dates_read_in_the_locales_own_format_even_in_a_bare_c_locale():
    from app.runtime.i18n import ui_locale

    moment = QDateTime(QDate(2026, 12, 2), QTime(7, 50))
    bare = QLocale("C").toString(moment, QLocale.FormatType.ShortFormat)
    english = ui_locale("en", QLocale("C")).toString(moment, QLocale.FormatType.ShortFormat)
    chinese = ui_locale("zh_CN", QLocale("C")).toString(moment, QLocale.FormatType.ShortFormat)
    assert bare.startswith("2 12 2026")                   # what the trial saw, in English and in Chinese
    assert english == QLocale("en_US").toString(moment, QLocale.FormatType.ShortFormat) != bare
    assert chinese == QLocale("zh_CN").toString(moment, QLocale.FormatType.ShortFormat) != bare
    assert ui_locale("en", QLocale("en_GB")).name() == "en_GB"   # a region's own format is kept
    assert ui_locale("en", QLocale("de_DE")).name() == "de_DE"   # no German UI: German dates still


def test_scrollbars_are_thin_and_have_no_arrow_buttons(qapp):
    theme.apply(qapp, "dark")
    view = QListWidget()
    view.addItems([f"row {i}" for i in range(200)])
    view.resize(200, 200)
    view.show()
    bar = view.verticalScrollBar()
    assert bar.isVisible() and bar.width() <= 12
    option = QStyleOptionSlider()
    bar.initStyleOption(option)
    for part in (QStyle.SubControl.SC_ScrollBarAddLine, QStyle.SubControl.SC_ScrollBarSubLine):
        rect = bar.style().subControlRect(QStyle.ComplexControl.CC_ScrollBar, option, part, bar)
        assert rect.height() <= 0 or rect.width() <= 0, (part, rect)
    theme.apply(qapp, "light")


def test_annotation_mode_says_its_sentence_in_one_place(window, qtbot):
    w = window
    w.say("Saved 2 annotations to annotations/x.md")
    w.act_annotate.trigger()
    qtbot.waitUntil(lambda: w.mode_banner.active, timeout=5_000)
    sentence = w.mode_banner.label.text()
    assert "click an element" in sentence
    assert "click an element" not in w.status_label.text() and w.status_label.text() == ""
    w.act_annotate.trigger()
    qtbot.waitUntil(lambda: not w.mode_banner.active, timeout=5_000)
    assert w.status_label.text() == "Annotation mode off"


def test_the_zoom_level_sits_between_zoom_out_and_in_and_a_click_resets_it(window, server):
    from PySide6.QtTest import QTest

    w = window
    w.load_page(server.url("counters.html"))
    bar, level = w.toolbars.bar, w.status.zoom_button
    widgets = [bar.widgetForAction(a) for a in bar.actions()]
    at = widgets.index(level)
    assert widgets[at - 1] is w.nav_buttons["zoom_out"] and widgets[at + 1] is w.nav_buttons["zoom_in"]
    assert level.isVisible() and level.text() == "100%"
    QTest.mouseClick(w.nav_buttons["zoom_in"], Qt.MouseButton.LeftButton)
    assert w.view.zoomFactor() > 1.0 and level.text() == "110%"
    QTest.mouseClick(level, Qt.MouseButton.LeftButton)
    assert w.view.zoomFactor() == 1.0 and level.text() == "100%"
