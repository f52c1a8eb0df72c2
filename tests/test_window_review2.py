"""The window after a second design review: the hover highlight draws outside what it marks and steps aside
while a note is written; the toggle that is on and the primary action look different; icons and texts on
coloured surfaces keep WCAG 2.x contrast (computed from the theme's colours); Send and Clear are off with
nothing to send; the dialog bar speaks in sentences and follows the dark scheme; the panel's selected row
points back at its marker; the note box and the detail pane say what they show."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QPoint, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QWidget
from test_window_ux import centre, pin, rect_of

from app.ui import theme
from app.ui.panel_rows import SELECTED_MUTED_ALPHA


def blend(colour: str, alpha: float, over: str) -> str:
    """``colour`` at ``alpha`` painted over ``over`` (``#RRGGBB``)."""
    a, b = QColor(colour), QColor(over)
    mix = [round(alpha * x + (1 - alpha) * y) for x, y in zip(a.getRgb()[:3], b.getRgb()[:3])]
    return "#" + "".join(f"{v:02X}" for v in mix)


def overlay_image(window) -> QImage:
    """What the marks overlay paints, alone, on transparent pixels (widget px)."""
    marks = window.marks
    image = QImage(marks.size(), QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    marks.render(painter, QPoint(0, 0), renderFlags=QWidget.RenderFlag.DrawChildren)
    painter.end()
    return image


# -- contrast from the theme's colours (WCAG 2.x) ---------------------------------------------------------------


def test_texts_and_icons_on_coloured_surfaces_keep_their_contrast():
    for name, c in theme.COLOURS.items():
        assert theme.contrast_ratio(c["hint"], c["alt"]) >= 4.5, name                # the mode strip's hint
        assert theme.contrast_ratio(c["on_text"], c["on_bg"]) >= 4.5, name           # Annotate while on
        assert c["on_bg"] != theme.ACCENT and c["on_text"] != theme.ACCENT   # the mode's tint, not the accent
        assert theme.contrast_ratio(c["notice_text"], c["notice_bg"]) >= 4.5, name   # the dialog bar
        assert theme.contrast_ratio(c["danger"], c["button"]) >= 4.5, name           # Delete
        assert c["on_bg"] != theme.ACCENT   # the toggle's on state is not the primary button's fill
    # The mode strip: white text on the mode's colour; the mode is not the accent (selection, primary).
    assert theme.contrast_ratio("#FFFFFF", theme.MODE_COLOR) >= 4.5 and theme.MODE_COLOR != theme.ACCENT
    # White icons on the accent (Send): 3:1 non-text; the scheme's text colour there would not be.
    assert theme.contrast_ratio("#FFFFFF", theme.ACCENT) >= 3
    assert theme.contrast_ratio(theme.COLOURS["light"]["text"], theme.ACCENT) < 3
    # A selected row's second line: white at the delegate's alpha over the accent.
    assert theme.contrast_ratio(blend("#FFFFFF", SELECTED_MUTED_ALPHA, theme.ACCENT), theme.ACCENT) >= 4.5
    assert theme.COLOURS["dark"]["notice_bg"] != theme.COLOURS["light"]["notice_bg"]


def test_the_send_icon_is_white_on_the_primary_button_and_annotate_on_is_tinted(qapp, window):
    w = window
    theme.apply(qapp, "light")
    send = w.toolbars.bar.widgetForAction(w.act_send)
    w.panel.summary.setPlainText("overall")     # something to send: the button is enabled
    assert w.act_send.isEnabled()
    image = send.grab().toImage()
    dark = [(x, y) for x in range(image.width()) for y in range(image.height())
            if QColor(image.pixel(x, y)).lightness() < 60]
    assert not dark, f"dark pixels on the blue Send button: {dark[:5]}"
    w.act_annotate.setChecked(True)
    button = w.toolbars.bar.widgetForAction(w.act_annotate)
    on = button.grab().toImage()
    # Its fill (a pixel inside the rounded corner, left of the icon) is the tint, not the accent.
    fill = QColor(on.pixel(3, on.height() // 2)).name().upper()
    assert fill == theme.COLOURS["light"]["on_bg"], fill
    w.act_annotate.setChecked(False)


# -- Send and Clear follow the batch ------------------------------------------------------------------------


def test_send_and_clear_are_off_until_there_is_something_to_send(window, server, qtbot, js):
    w = window
    w.load_page(server.url("edges.html"))
    assert not w.act_send.isEnabled() and not w.act_clear.isEnabled()
    assert not w.panel.clear_button.isEnabled()    # the panel's Clear shows the same action
    w.act_annotate.trigger()
    pin(w, qtbot, centre(js, "#link"), "bigger")
    assert w.act_send.isEnabled() and w.act_clear.isEnabled()
    w.act_clear.trigger()
    assert not w.act_send.isEnabled()
    w.panel.summary.setPlainText("overall")
    assert w.act_send.isEnabled()


# -- the hover highlight ----------------------------------------------------------------------------------


def test_the_hover_highlight_draws_outside_the_box_and_leaves_while_a_note_is_written(window, server, qtbot, js):
    w = window
    w.load_page(server.url("edges.html"))
    w.act_annotate.trigger()
    r = rect_of(js, "#link")
    QTest.mouseMove(w.view.focusProxy(), centre(js, "#link") + QPoint(-1, -1))
    QTest.mouseMove(w.view.focusProxy(), centre(js, "#link"))
    qtbot.waitUntil(lambda: w.marks.label_rect() is not None, timeout=3000)
    # The label names the element as the panel does (role and name), then its size (a k/n suffix may follow).
    text = w.marks.label_rect()[1]
    assert text.startswith(f"link “a link” · {round(r.width)}×{round(r.height)}"), text
    image = overlay_image(w)
    zoom = w.view.zoomFactor()
    inside = [image.pixelColor(round((r.x + dx) * zoom), round((r.y + r.height / 2) * zoom)).alpha()
              for dx in (1, 3, r.width / 2, r.width - 3)]
    assert max(inside) <= 0.1 * 255, inside        # over the letters: at most a faint tint
    ring = image.pixelColor(round(r.x * zoom) - 1, round((r.y + r.height / 2) * zoom))
    assert ring.alpha() == 255 and ring.name().upper() == "#2563EB"   # the outline: just outside the box
    # With the note box open the highlight and its label step aside (the pending marker shows the element).
    QTest.mouseClick(w.view.focusProxy(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     centre(js, "#link"))
    qtbot.waitUntil(w.annotate.note_box.isVisible, timeout=5000)
    qtbot.waitUntil(lambda: not w.batch_session.recording(), timeout=10_000)   # the record follows the marker
    assert w.marks.label_rect() is None
    box = w.annotate.note_box
    # The box points at the link: a small triangle on the box's edge facing it, drawn (opaque) by the marks.
    qtbot.waitUntil(lambda: w.marks.caret() is not None, timeout=3000)
    caret = w.marks.caret()
    tip = caret[1]   # [base, tip, base]
    g, zoom = box.geometry(), w.view.zoomFactor()
    link = QRectF(r.x * zoom, r.y * zoom, r.width * zoom, r.height * zoom)
    if g.top() >= link.bottom():
        assert link.bottom() <= tip.y() < g.top()
    else:
        assert g.bottom() < tip.y() <= link.top() or not link.intersects(QRectF(g))
    middle = caret.boundingRect().center()
    qtbot.waitUntil(lambda: overlay_image(w).pixelColor(round(middle.x()), round(middle.y())).alpha() == 255,
                    timeout=3000)
    assert box.delete_button.text() == "Discard" and box.save_button.objectName() == "primary"
    assert "link “a link”" in box.title.text() and box.title.text().startswith("Annotation 1 · ")
    QTest.keyClick(box.editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not box.isVisible(), timeout=5000)
    QTest.mouseMove(w.view.focusProxy(), centre(js, "#link") + QPoint(1, 0))
    qtbot.waitUntil(lambda: w.marks.label_rect() is not None, timeout=3000)   # back once the box closes


# -- the panel points back at the page ----------------------------------------------------------------------


def test_the_selected_row_emphasises_its_marker_and_the_detail_pane_has_a_heading(window, server, qtbot, js):
    w = window
    w.load_page(server.url("edges.html"))
    w.act_annotate.trigger()
    pin(w, qtbot, centre(js, "#link"), "one")
    pin(w, qtbot, centre(js, "#c1"), "two")
    qtbot.waitUntil(lambda: len(w.marks.badges()) == 2, timeout=3000)
    w.panel.list.setCurrentRow(-1)
    assert w.marks.emphasised is None
    assert w.panel.detail.isVisible() and "Select an annotation" in w.panel.detail.toPlainText()
    w.panel.list.setCurrentRow(1)
    mark = next(m for m, _ in w.marks.badges() if m.n == 2)
    assert w.marks.emphasised == (mark.frame, mark.id)
    # Hovering another row emphasises its marker while the mouse is there; leaving restores the selection's.
    first = next(m for m, _ in w.marks.badges() if m.n == 1)
    viewport = w.panel.list.viewport()
    QTest.mouseMove(viewport, w.panel.list.visualItemRect(w.panel.list.item(0)).center())
    qtbot.waitUntil(lambda: w.marks.emphasised == (first.frame, first.id), timeout=3000)
    QCoreApplication.sendEvent(viewport, QEvent(QEvent.Type.Leave))
    assert w.marks.emphasised == (mark.frame, mark.id)
    # The header's count is a pill; the words are in its tooltip.
    assert w.panel.count_label.text() == "2" and "2" in w.panel.count_label.toolTip()
    # The detail pane's heading: the red badge and "Annotation 2"; an exact match's status is plain text (no
    # green chip: chips are for rematched, stale and hidden pins only).
    heading = w.panel.detail.toPlainText().strip().splitlines()[0]
    assert heading.split() == ["2", "Annotation", "2"], heading
    html = w.panel.detail.toHtml().lower()
    assert "#dc2626" in html and "#15803d" not in html and "exact" in w.panel.detail.toPlainText()
    # The halo: just outside marker 2's outline its colour, faint; nothing outside marker 1's. (Out of the
    # mode first: no hover highlight over the page.)
    w.act_annotate.trigger()
    qtbot.waitUntil(lambda: w.marks.scene.highlight is None, timeout=3000)
    image = overlay_image(w)
    zoom = w.view.zoomFactor()
    badges = [rect for _, rect in w.marks.badges()]

    def around(r):
        d = 3.5   # past the 2 px outline, inside the 3 px halo
        points = [(r.x - d, r.y + r.height / 2), (r.x + r.width + d, r.y + r.height / 2),
                  (r.x + r.width / 2, r.y - d), (r.x + r.width / 2, r.y + r.height + d)]
        out = [QPoint(round(x * zoom), round(y * zoom)) for x, y in points]
        return [p for p in out if not any(b.adjusted(-1, -1, 1, 1).contains(p) for b in badges)]

    halo = [image.pixelColor(p).alpha() for p in around(rect_of(js, "#c1"))]
    assert halo and all(0 < a < 255 for a in halo), halo
    plain = [image.pixelColor(p).alpha() for p in around(rect_of(js, "#link"))]
    assert plain and all(a == 0 for a in plain), plain


# -- strings ------------------------------------------------------------------------------------------------


def test_the_dialog_bar_speaks_in_sentences_and_follows_the_dark_scheme(qapp, window):
    from app.webview.dialogs import DialogSeen

    bar = window.dialog_bar
    seen = DialogSeen("alert", "Saved", None, "http://127.0.0.1/", "dismissed")
    assert bar.sentence(seen) == "This page showed an alert: “Saved”. pagenote dismissed it."
    no = DialogSeen("confirm", "Delete?", None, "http://127.0.0.1/", "dismissed", False)
    assert bar.sentence(no) == "This page asked to confirm: “Delete?”. pagenote answered Cancel."
    for kind in ("alert", "confirm", "prompt", "beforeunload"):
        text = bar.sentence(DialogSeen(kind, "x", None, "u", "dismissed"))
        assert " a alert" not in text and " a confirm" not in text and text.endswith("."), text
    try:
        theme.apply(qapp, "dark")
        bar.show_dialog(seen)
        image = bar.grab().toImage()
        assert QColor(image.pixel(image.width() // 2, 2)).name().upper() == theme.COLOURS["dark"]["notice_bg"]
    finally:
        theme.apply(qapp, "light")


def test_the_mode_strip_is_one_short_sentence_with_the_gestures_a_click_away(qapp, window):
    w = window
    theme.apply(qapp, "light")   # as the app does at start (MainWindow.run): the strip's colours are the stylesheet's
    w.act_annotate.trigger()
    banner = w.mode_banner
    # The frame around the view and the strip are in the mode's colour (not the accent of selection and Send).
    frame = overlay_image(w).pixelColor(1, w.marks.height() // 2)
    assert frame.name().upper() == theme.MODE_COLOR
    strip = banner.grab().toImage()
    assert QColor(strip.pixel(2, strip.height() // 2)).name().upper() == theme.MODE_COLOR
    w.resize(900, 700)
    QTest.qWait(0)
    assert banner.gestures.isVisible() and not banner.label.is_elided(), banner.label.text()
    tip = banner.gestures.toolTip()
    for gesture in ("Drag across text", "Shift+drag", "Ctrl+click", "Alt+↑", "Esc"):
        assert gesture in tip
    w.act_annotate.trigger()
    assert not banner.gestures.isVisible()


# -- text taller than its box --------------------------------------------------------------------------------


def test_the_marker_outlines_text_that_overflows_its_box_in_the_window_and_the_png(window, server, qtbot, js):
    """A heading whose box is shorter than its glyphs (TodoMVC's h1): the outline goes round the text, the
    badge beside it; an element that clips its overflow keeps its box."""
    w = window
    w.load_page(server.url("tall_text.html"))
    w.act_annotate.trigger()
    box = rect_of(js, "#title")
    ink = js("(() => { const r = document.createRange(); r.selectNodeContents(document.querySelector('#title'));"
             " const b = r.getBoundingClientRect(); return [b.left, b.top, b.width, b.height]; })()")
    assert ink[3] > box.height + 40          # the page really overflows
    pin(w, qtbot, centre(js, "#title"), "logo")
    pin(w, qtbot, centre(js, "#clipped"), "clipped")
    qtbot.waitUntil(lambda: len(w.marks.badges()) == 2, timeout=3000)
    (m1, b1), (m2, _) = sorted(w.marks.badges(), key=lambda mb: mb[0].n)
    assert m1.y <= ink[1] + 0.5 and m1.y + m1.height >= ink[1] + ink[3] - 0.5, (m1, ink)
    zoom = w.view.zoomFactor()
    text = QRectF(ink[0] * zoom, ink[1] * zoom, ink[2] * zoom, ink[3] * zoom)
    assert not b1.intersects(text)           # the badge sits beside the text, not on it
    clipped = rect_of(js, "#clipped")
    assert (round(m2.y, 1), round(m2.height, 1)) == (round(clipped.y, 1), round(clipped.height, 1))
    # The annotated PNG outlines the same rectangle (what pinnedRects gives the capture).
    rects = w.page_call("pinnedRects", [m1.id], False)
    r = rects[m1.id]
    assert abs(r["y"] - m1.y) < 0.5 and abs(r["height"] - m1.height) < 0.5, (r, m1)


def test_the_annotated_pngs_badges_have_smooth_corners():
    """The PNG's badge is the window's rounded rectangle with antialiased corners (no stair steps): pixels
    at its corners blend red into the background."""
    from PIL import Image

    from app.capture.draw import draw_annotations
    from app.core.placement import Box, place_badges

    k = 2.0
    image = Image.new("RGB", (300, 200), (255, 255, 255))
    element = Box(60, 50, 40, 10)
    [b] = place_badges([(1, element, Box(0, 0, 150, 100))])   # a blank page: no ink to avoid
    rect = {"x": element.x, "y": element.y, "width": element.width, "height": element.height}
    draw_annotations(image, [(1, rect)], k)
    x0, y0, x1, y1 = int(b.x * k), int(b.y * k), int(b.right * k) - 1, int(b.bottom * k) - 1
    blended = 0
    for cx, cy, dx, dy in ((x0, y0, 1, 1), (x1, y0, -1, 1), (x0, y1, 1, -1), (x1, y1, -1, -1)):
        corner = [image.getpixel((cx + i * dx, cy + j * dy)) for i in range(7) for j in range(7)]
        blended += sum(1 for p in corner if p[0] > 150 and 40 < p[1] < 230)   # between red and white
    assert blended >= 8, "the badge's corners are stair-stepped (no blended pixels)"


def test_the_toolbar_reads_navigation_annotate_output_and_freeze_has_an_icon(window):
    """Three groups split by separators (issue 30, requirement 5): Clear is not among them (it is in the
    panel's header), Save is in Copy's menu, the zoom level sits between zoom − and +, Freeze is an icon."""
    w = window
    assert w.toolbars.groups() == [["Back", "Forward", "Reload", "address", "−", "100%", "+", "Device"],
                                   ["Annotate", "Freeze"], ["Screenshot", "Copy", "Send"]]
    assert w.act_save in w.toolbars.copy_button.menu().actions()
    freeze = w.toolbars.bar.widgetForAction(w.freeze)
    annotate = w.toolbars.bar.widgetForAction(w.act_annotate)
    assert freeze.toolButtonStyle() == Qt.ToolButtonStyle.ToolButtonIconOnly
    assert annotate.toolButtonStyle() == Qt.ToolButtonStyle.ToolButtonTextBesideIcon
    assert freeze.sizeHint().width() < annotate.sizeHint().width()
    assert not window.freeze.icon().isNull()
