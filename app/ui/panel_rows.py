"""How the side panel draws one annotation: its number badge (the colour the page shows it in), the note or a
muted "no note", the element (role and accessible name, else tag and text), the page, and a status chip —
every text elided to the row, the whole of it in the row's tooltip and the detail pane.

The data a row shows travels in its item's roles (:data:`ROW_ROLE`: a :class:`RowData`), so the list keeps
Qt's own selection, keyboard navigation and drag-and-drop.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from PySide6.QtCore import QCoreApplication, QRect, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter, QPalette, QPen
from PySide6.QtWidgets import QStyle, QStyledItemDelegate, QStyleOptionViewItem

from app.core.placement import badge_width
from app.core.policy import MARKER_COLOR, MARKER_SELECTED_COLOR, MARKER_SIZE, MARKER_STALE_COLOR
from app.ui.detail_pane import breakable

ROW_ROLE = Qt.ItemDataRole.UserRole + 1
#: The second line's opacity on a selected row: white at this alpha over the accent is 4.5:1 or more
#: (tests/test_window_look.py computes it).
SELECTED_MUTED_ALPHA = 0.92
#: The status word of a sent row's status column (the chip's colour; the column's text is ``status — reply``).
STATUS_ROLE = Qt.ItemDataRole.UserRole + 2

#: Status chip colours (background, under white text): each at least 4.5:1 against white (WCAG 2.x AA for
#: text; tests/test_window_look.py computes it), the same in light and dark.
CHIP_COLOURS = {"exact": "#15803D", "rematched": "#B45309", "stale": "#4B5563", "sent": "#2563EB",
                "acknowledged": "#7C3AED", "resolved": "#15803D", "dismissed": "#4B5563", "unsent": "#4B5563",
                "delivered": "#0E7490", "verified": "#166534", "reopened": "#B45309",
                "pending": "#2563EB"}
#: The statuses of a current annotation that get a chip in its row: the ones that need the user's eye. An exact
#: match gets none (a chip on every row is noise: issue 30, requirement 5); "stale" covers hidden elements too.
CHIP_STATUSES = frozenset({"rematched", "stale"})



def status_word(status: str) -> str:
    """The chip's word for an agent status (``annotations.ack``'s statuses and the batch's own), in the UI's
    language; an unknown status as it came."""
    words = {
        "pending": QCoreApplication.translate("StatusChip", "pending"),
        "delivered": QCoreApplication.translate("StatusChip", "delivered"),
        "acknowledged": QCoreApplication.translate("StatusChip", "acknowledged"),
        "resolved": QCoreApplication.translate("StatusChip", "resolved"),
        "dismissed": QCoreApplication.translate("StatusChip", "dismissed"),
        "verified": QCoreApplication.translate("StatusChip", "verified"),
        "reopened": QCoreApplication.translate("StatusChip", "reopened"),
        "sent": QCoreApplication.translate("StatusChip", "sent"),
        "unsent": QCoreApplication.translate("StatusChip", "unsent"),
    }
    return words.get(status, status)


@dataclass(frozen=True)
class RowData:
    """What one row shows: ``number`` (0: no badge), ``note`` (may be empty), ``element`` summary, ``page``,
    ``status`` word, ``status_text`` (translated chip text), ``stale`` (grey badge), ``detail`` (the whole
    record, rich text, for the detail pane), ``hidden`` (translated text of the hidden-characters marker, drawn
    before the status chip; ``""`` when the record held none: :func:`holds_hidden_chars`)."""

    number: int
    note: str
    element: str
    page: str
    status: str
    status_text: str
    stale: bool = False
    detail: str = ""
    hidden: str = ""


# The hidden-characters marker's colour (under white text; 4.5:1 or more against white, like the chips).
HIDDEN_COLOUR = "#B45309"


def holds_hidden_chars(annotation) -> bool:
    """True when the page's text in ``annotation`` held invisible characters or line breaks, now shown
    escaped (``\\u200b``; app.model.annotation ``ElementRecord.hidden_chars``): its record's, or any element's
    of a group."""
    return annotation.element.hidden_chars or any(e.hidden_chars for e in annotation.elements)


def element_summary(element) -> str:
    """``button “Place order”`` — role and accessible name; else the tag and the element's text; the tag alone
    when it has neither. The ARIA role ``generic`` (a div, a span) says less than the tag, so the tag is used."""
    kind = element.role if element.role and element.role != "generic" else element.tag or "element"
    name = element.accessible_name or (element.text or "").strip().replace("\n", " ")
    return f"{kind} “{name}”" if name else kind


def annotation_summary(annotation) -> str:
    """What a row says an annotation points at: :func:`element_summary` of its element, or for the other kinds
    ``text “all orders over fifty” in paragraph``, ``region 350×230 over button “Sign up”``, ``group of 3:
    li “One”, li “Two”, li “Three”`` (app.model.annotation kinds), in the UI's language (the element's role or
    tag and the page's words stay as the page has them: WAI-ARIA role names are not translated, as in Chromium's
    accessibility pane)."""
    if annotation.selection is not None:
        quote = " ".join(annotation.selection.quote.split())
        return QCoreApplication.translate("PanelRows", "text “{0}” in {1}").format(
            quote[:80], element_summary(annotation.element))
    if annotation.region is not None:
        r, covers = annotation.region.rect, annotation.region.covers
        size = f"{round(r.width)}×{round(r.height)}"
        seen = [c for c in covers if c.role not in ("", "generic") or c.name][:1]
        if not seen:
            return QCoreApplication.translate("PanelRows", "region {0}").format(size)
        what = (seen[0].role or "element") + (f" “{seen[0].name}”" if seen[0].name else "")
        return QCoreApplication.translate("PanelRows", "region {0} over {1}").format(size, what)
    if annotation.elements:
        members = ", ".join(element_summary(e) for e in annotation.elements[:3]) \
            + (" …" if len(annotation.elements) > 3 else "")
        return QCoreApplication.translate("PanelRows", "group of %n: {0}", None,
                                          len(annotation.elements)).format(members)
    return element_summary(annotation.element)


def short_page(url: str, limit: int = 40) -> str:
    """A page URL as a row shows it, one rule for every page: host and path (and query) without the scheme —
    ``127.0.0.1:8766/library/stdtypes.html``, ``127.0.0.1:8765/`` — and when that is longer than ``limit``
    characters, the middle of the path cut: ``docs.python.org/…/stdtypes.html``. The URL itself when it has
    no host."""
    from urllib.parse import urlsplit

    try:
        parts = urlsplit(url)
    except ValueError:
        return url
    if not parts.netloc:
        return url
    path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    text = parts.netloc + path
    if len(text) <= limit:
        return text
    last = path.rstrip("/").rsplit("/", 1)[-1]
    return f"{parts.netloc}/…/{last}" if last else text[:limit - 1] + "…"


def chip_html(text: str, colour: str) -> str:
    """``text`` as a chip in rich text (white on ``colour``, as the rows paint it)."""
    return (f"<span style='background-color:{colour}; color:#FFFFFF; font-weight:600'>"
            f"&nbsp;{escape(text)}&nbsp;</span>")


def detail_html(number: int, note: str, element, page: str, status_text: str, no_note: str, labels: dict,
                reference: str = "", status: str = "", hidden: str = "") -> str:
    """The detail pane's rich text for one annotation: a heading (its badge and "Annotation N"), then every
    field whole, escaped. ``labels``: translated field names ``note``, ``element``, ``selector``, ``page``,
    ``status`` (and ``hidden`` with ``hidden``); ``reference``: the path of its reference image (a row naming
    it the design target); ``status``: the status word, whose chip colour the status shows in when it is one of
    :data:`CHIP_STATUSES` (plain text otherwise); the selector and the page wrap at their separators
    (:func:`app.ui.detail_pane.breakable`); ``hidden``: the translated sentence saying the page's text held hidden characters (a row)."""
    chip = chip_html(status_text, CHIP_COLOURS.get(status, MARKER_SELECTED_COLOR)) if status in CHIP_STATUSES \
        else escape(status_text)
    rows = [(labels["note"], escape(note) if note else f"<i>{escape(no_note)}</i>"),
            (labels["element"], escape(element_summary(element))),
            # monospace at the label's size, so the two share a baseline; wrapped at separators, not mid-token
            (labels["selector"], f"<span style='font-family:monospace'>{escape(breakable(element.selector))}</span>"),
            (labels["page"], escape(breakable(page or element.url))),
            (labels["status"], chip)]
    if getattr(element, "source", ""):  # links that open the editor (app/ui/source_links.py)
        from app.ui.source_links import source_label, source_links_html

        rows.append((escape(source_label()), source_links_html(element.source)))
    if getattr(element, "css", ()) or getattr(element, "css_cross_origin", 0):   # the CSS: block's lines
        rows.append((escape(QCoreApplication.translate("DetailPane", "CSS")), css_rows_html(element)))
    if reference:
        from app.ui.source_links import reference_row

        rows.append(reference_row(reference))
    if hidden:
        rows.append((labels["hidden"], escape(hidden)))
    body = "".join(f"<tr><td valign='baseline'><b>{k}</b>&nbsp;</td><td valign='baseline'>{v}</td></tr>"
                   for k, v in rows)
    colour = MARKER_STALE_COLOR if status == "stale" else MARKER_COLOR
    heading = QCoreApplication.translate("DetailPane", "Annotation {0}").format(number)
    return (f"<p>{chip_html(str(number), colour)}&nbsp;<b>{escape(heading)}</b></p>"
            f"<table cellspacing='2'>{body}</table>").replace("\n", "<br>")


def css_rows_html(element) -> str:
    """The ``CSS:`` block's lines as rich text (monospace, escaped): a rule that names a file is a link that opens
    it at its line in the editor (the hint ``(css) file:line``, app/ui/source_links.py checks it again on a
    click)."""
    from urllib.parse import quote

    from app.protocol.css_lines import cross_origin_line, rule_line
    from app.ui.source_links import SCHEME

    lines = []
    for rule in element.css:
        text = escape(rule_line(rule))
        if rule.file:
            hint = f"(css) {rule.file}" + (f":{rule.line}" if rule.line else "")
            text = f'<a href="{SCHEME}:{quote(hint, safe="")}">{text}</a>'
        lines.append(text)
    if element.css_cross_origin:
        lines.append(escape(cross_origin_line(element.css_cross_origin)))
    return "<span style='font-family:monospace'>" + "<br>".join(lines) + "</span>"


def detail_placeholder_html() -> str:
    """The detail pane with no row selected: what to do to fill it."""
    return "<p><i>{0}</i></p>".format(
        escape(QCoreApplication.translate("DetailPane", "Select an annotation to see its details")))


class RowDelegate(QStyledItemDelegate):
    """Paints :class:`RowData` rows; items without it (page headers) as section titles. ``no_note``: the
    muted text for a row without a note."""

    PAD = 6

    def __init__(self, no_note: str, parent=None) -> None:
        super().__init__(parent)
        self.no_note = no_note

    def sizeHint(self, option: QStyleOptionViewItem, index) -> QSize:  # noqa: N802 (Qt virtual)
        line = QFontMetrics(option.font).height()
        data = index.data(ROW_ROLE)
        if data is None:
            return QSize(option.rect.width(), line + 2 * self.PAD)
        return QSize(option.rect.width(), 2 * line + 3 * self.PAD)

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index) -> None:  # noqa: N802 (Qt virtual)
        data: RowData | None = index.data(ROW_ROLE)
        painter.save()
        style = option.widget.style() if option.widget else None
        if style is not None:
            style.drawPrimitive(QStyle.PrimitiveElement.PE_PanelItemViewItem, option, painter, option.widget)
        selected = bool(option.state & QStyle.StateFlag.State_Selected)
        text_colour = option.palette.color(QPalette.ColorRole.HighlightedText if selected else QPalette.ColorRole.Text)
        muted = QColor(text_colour)
        # On the accent (a selected row) the second line needs more of white to keep 4.5:1 (WCAG 2.x AA).
        muted.setAlphaF(SELECTED_MUTED_ALPHA if selected else 0.62)
        # A selected row's badge and chip get a white ring: red or green on the accent alone blur into it.
        ring = QPen(QColor("#FFFFFF"), 1.5) if selected else Qt.PenStyle.NoPen
        r = option.rect.adjusted(self.PAD, self.PAD, -self.PAD, -self.PAD)
        if data is None:  # a page header
            font = QFont(option.font)
            font.setBold(True)
            painter.setFont(font)
            painter.setPen(text_colour)
            painter.drawText(r, int(Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft),
                             QFontMetrics(font).elidedText(index.data(Qt.ItemDataRole.DisplayRole) or "",
                                                           Qt.TextElideMode.ElideMiddle, r.width()))
            painter.restore()
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        size = MARKER_SIZE
        bw = badge_width(data.number)
        badge = QRect(r.left(), r.top(), bw, size)
        painter.setPen(ring)
        painter.setBrush(QColor(MARKER_STALE_COLOR if data.stale else MARKER_COLOR))
        painter.drawRoundedRect(badge, size / 4, size / 4)   # the page's badge shape (app/ui/marks.py)
        font = QFont(option.font)
        font.setBold(True)
        painter.setFont(font)
        painter.setPen(QColor("#FFFFFF"))
        painter.drawText(badge, int(Qt.AlignmentFlag.AlignCenter), str(data.number))
        # The status chip, right-aligned on the first line: only when the pin needs a look (rematched, stale,
        # hidden: :data:`CHIP_STATUSES`); an exact match, most rows, shows none (issue 30, requirement 5).
        chip_font = QFont(option.font)
        chip_font.setPointSizeF(max(6.0, option.font.pointSizeF() * 0.85))
        cm = QFontMetrics(chip_font)
        line = QFontMetrics(option.font).height()
        chip_w = cm.horizontalAdvance(data.status_text) + 12 if data.status in CHIP_STATUSES else 0
        chip = QRect(r.right() - chip_w, r.top() + (line - cm.height()) // 2, chip_w, cm.height() + 2)
        painter.setFont(chip_font)
        if chip_w:
            painter.setBrush(QColor(CHIP_COLOURS.get(data.status, MARKER_SELECTED_COLOR)))
            painter.setPen(ring)
            painter.drawRoundedRect(chip, chip.height() / 2, chip.height() / 2)
            painter.setPen(QColor("#FFFFFF"))
            painter.drawText(chip, int(Qt.AlignmentFlag.AlignCenter), data.status_text)
        if data.hidden:   # the page's text held hidden characters: a marker before the status chip
            mark_w = cm.horizontalAdvance(data.hidden) + 12
            chip = QRect(chip.left() - (6 if chip_w else 0) - mark_w, chip.top(), mark_w, chip.height())
            painter.setBrush(QColor(HIDDEN_COLOUR))
            painter.setPen(ring)
            painter.drawRoundedRect(chip, chip.height() / 2, chip.height() / 2)
            painter.setPen(QColor("#FFFFFF"))
            painter.drawText(chip, int(Qt.AlignmentFlag.AlignCenter), data.hidden)
        # Line 1: the note (or "no note", muted); line 2: element · page, muted.
        left = r.left() + bw + 8
        fm = QFontMetrics(option.font)
        note = data.note.replace("\n", " ⏎ ")
        note_font = QFont(option.font)
        if note:
            note_font.setWeight(QFont.Weight.Medium)   # the note leads; the element line under it is muted
        painter.setFont(note_font)
        first = QRect(left, r.top(), max(0, chip.left() - 12 - left), line)
        painter.setPen(text_colour if note else muted)
        painter.drawText(first, int(Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft),
                         QFontMetrics(note_font).elidedText(note or self.no_note, Qt.TextElideMode.ElideRight,
                                                            first.width()))
        painter.setFont(option.font)
        second = QRect(left, r.top() + line + self.PAD // 2, max(0, r.right() - left), line)
        painter.setPen(muted)
        meta = f"{data.element} · {short_page(data.page)}" if data.page else data.element
        painter.drawText(second, int(Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft),
                         fm.elidedText(meta, Qt.TextElideMode.ElideRight, second.width()))
        painter.restore()


class StatusDelegate(QStyledItemDelegate):
    """The sent view's status column: a chip with the status word (:data:`STATUS_ROLE`), and with
    ``with_reply`` the agent's reply after it, muted and elided (the whole in the tooltip and the detail
    pane)."""

    def __init__(self, parent=None, with_reply: bool = False) -> None:
        super().__init__(parent)
        self.with_reply = with_reply

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index) -> None:  # noqa: N802 (Qt virtual)
        status = index.data(STATUS_ROLE)
        if not status:
            super().paint(painter, option, index)
            return
        painter.save()
        style = option.widget.style() if option.widget else None
        if style is not None:
            style.drawPrimitive(QStyle.PrimitiveElement.PE_PanelItemViewItem, option, painter, option.widget)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        font = QFont(option.font)
        font.setPointSizeF(max(6.0, option.font.pointSizeF() * 0.85))
        fm = QFontMetrics(font)
        r = option.rect.adjusted(4, 0, -4, 0)
        word = status_word(status)
        chip = QRect(r.left(), r.center().y() - fm.height() // 2 - 1, fm.horizontalAdvance(word) + 12, fm.height() + 2)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(CHIP_COLOURS.get(status, MARKER_SELECTED_COLOR)))
        painter.drawRoundedRect(chip, chip.height() / 2, chip.height() / 2)
        painter.setFont(font)
        painter.setPen(QColor("#FFFFFF"))
        painter.drawText(chip, int(Qt.AlignmentFlag.AlignCenter), word)
        text = index.data(Qt.ItemDataRole.DisplayRole) or ""
        reply = text.split(" — ", 1)[1] if " — " in text else ""
        if reply and self.with_reply:
            muted = QColor(option.palette.color(QPalette.ColorRole.Text))
            muted.setAlphaF(0.7)
            painter.setFont(option.font)
            painter.setPen(muted)
            rest = QRect(chip.right() + 6, r.top(), max(0, r.right() - chip.right() - 6), r.height())
            painter.drawText(rest, int(Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft),
                             QFontMetrics(option.font).elidedText(reply, Qt.TextElideMode.ElideRight, rest.width()))
        painter.restore()


class ReplyDelegate(QStyledItemDelegate):
    """The sent view's first column: rows marked with ``reply_role`` hold an agent's whole reply, wrapped over
    the row's full width (the view's viewport minus the row's indentation), muted; other rows as usual."""

    def __init__(self, view, reply_role: int) -> None:
        super().__init__(view)
        self.view = view
        self.reply_role = reply_role

    def _width(self, index) -> int:
        depth, parent = 0, index.parent()
        while parent.isValid():
            depth, parent = depth + 1, parent.parent()
        return max(60, self.view.viewport().width() - self.view.indentation() * (depth + 1) - 8)

    def sizeHint(self, option: QStyleOptionViewItem, index) -> QSize:  # noqa: N802 (Qt virtual)
        if not index.data(self.reply_role):
            return super().sizeHint(option, index)
        text = index.data(Qt.ItemDataRole.DisplayRole) or ""
        r = QFontMetrics(option.font).boundingRect(QRect(0, 0, self._width(index), 100_000),
                                                   int(Qt.TextFlag.TextWordWrap), text)
        return QSize(self._width(index), r.height() + 6)

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index) -> None:  # noqa: N802 (Qt virtual)
        if not index.data(self.reply_role):
            super().paint(painter, option, index)
            return
        painter.save()
        muted = QColor(option.palette.color(QPalette.ColorRole.Text))
        muted.setAlphaF(0.75)
        painter.setPen(muted)
        painter.setFont(option.font)
        painter.drawText(option.rect.adjusted(2, 3, -4, -3), int(Qt.TextFlag.TextWordWrap | Qt.AlignmentFlag.AlignLeft),
                         index.data(Qt.ItemDataRole.DisplayRole) or "")
        painter.restore()
