"""Keys drawn as key caps: the Keyboard shortcuts dialog's first column shows ``Ctrl+Shift+A`` as three small
rounded caps (Ctrl, Shift, A), a mouse gesture's words ("click", "drag across text") as plain text beside
them, and several sequences of one action one after the other, split by a thin "/" (issue 30, requirement 5).

The text stays the item's display text (``Ctrl+L, Alt+D, F6``: :meth:`QKeySequence.toString` with
``NativeText``, sequences joined by ``", "``); only the painting differs, so the table keeps Qt's selection,
copying and accessibility.
"""

from __future__ import annotations

import re

from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QKeySequence, QPainter, QPalette
from PySide6.QtWidgets import QStyle, QStyledItemDelegate, QStyleOptionViewItem

#: Modifier names a native key text uses (Qt's NativeText on Linux/Windows; macOS draws its own symbols).
MODIFIERS = {"Ctrl", "Shift", "Alt", "Meta", "Cmd", "Super", "AltGr"}
#: The item role that marks a section title row (its text drawn bold, no caps).
SECTION_ROLE = Qt.ItemDataRole.UserRole + 20
_PAD, _GAP = 6, 4


def is_key(part: str) -> bool:
    """Whether ``part`` names a key (``Ctrl``, ``A``, ``F12``, ``Esc``, ``+``), not a gesture's word."""
    return part in MODIFIERS or bool(QKeySequence(part).toString(QKeySequence.SequenceFormat.NativeText))


def caps(text: str) -> list[list[tuple[str, bool]]]:
    """``text`` (sequences joined by ``", "``, keys by ``+``) as sequences of ``(part, is a key)``:
    ``"Ctrl++, Ctrl+="`` → ``[[("Ctrl", True), ("+", True)], [("Ctrl", True), ("=", True)]]``;
    ``"Ctrl+click"`` → ``[[("Ctrl", True), ("click", False)]]``."""
    out = []
    for sequence in text.split(", "):
        parts = re.split(r"\+(?=.)", sequence)   # "Ctrl++": the second "+" is the key
        out.append([(p, is_key(p)) for p in parts if p])
    return out


class KeyCapDelegate(QStyledItemDelegate):
    """Paints a table cell's text as key caps (:func:`caps`); a row marked with :data:`SECTION_ROLE` as a bold
    section title."""

    def _font(self, option: QStyleOptionViewItem) -> QFont:
        font = QFont(option.font)
        font.setPointSizeF(max(6.0, option.font.pointSizeF() * 0.9))
        return font

    def _width(self, option: QStyleOptionViewItem, text: str) -> int:
        fm = QFontMetrics(self._font(option))
        width = 0
        for n, sequence in enumerate(caps(text)):
            width += (fm.horizontalAdvance("/") + 2 * _GAP) if n else 0
            width += sum(fm.horizontalAdvance(p) + (2 * _PAD if key else 0) + _GAP for p, key in sequence)
        return width

    def sizeHint(self, option: QStyleOptionViewItem, index) -> QSize:  # noqa: N802 (Qt virtual)
        text = index.data(Qt.ItemDataRole.DisplayRole) or ""
        height = QFontMetrics(option.font).height() + 12
        if index.data(SECTION_ROLE):
            return QSize(QFontMetrics(option.font).horizontalAdvance(text) + 16, height + 8)
        return QSize(self._width(option, text) + 16, height)

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index) -> None:  # noqa: N802 (Qt virtual)
        text = index.data(Qt.ItemDataRole.DisplayRole) or ""
        painter.save()
        style = option.widget.style() if option.widget else None
        if style is not None:
            style.drawPrimitive(QStyle.PrimitiveElement.PE_PanelItemViewItem, option, painter, option.widget)
        colour = option.palette.color(QPalette.ColorRole.Text)
        if index.data(SECTION_ROLE):
            font = QFont(option.font)
            font.setBold(True)
            painter.setFont(font)
            painter.setPen(colour)
            painter.drawText(option.rect.adjusted(4, 6, 0, 0), int(Qt.AlignmentFlag.AlignVCenter), text)
            painter.restore()
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        font = self._font(option)
        fm = QFontMetrics(font)
        painter.setFont(font)
        edge = QColor(colour)
        edge.setAlphaF(0.45)
        fill = option.palette.color(QPalette.ColorRole.AlternateBase)
        h = fm.height() + 6
        x, y = option.rect.left() + 4, option.rect.center().y() - h // 2
        for n, sequence in enumerate(caps(text)):
            if n:
                painter.setPen(edge)
                x += _GAP
                painter.drawText(QRect(x, y, fm.horizontalAdvance("/"), h), int(Qt.AlignmentFlag.AlignCenter), "/")
                x += fm.horizontalAdvance("/") + _GAP
            for part, key in sequence:
                w = fm.horizontalAdvance(part) + (2 * _PAD if key else 0)
                box = QRect(x, y, w, h)
                if key:
                    painter.setPen(edge)
                    painter.setBrush(fill)
                    painter.drawRoundedRect(box.adjusted(0, 0, 0, -1), 4, 4)
                    painter.drawLine(box.left() + 3, box.bottom(), box.right() - 3, box.bottom())   # the cap's lip
                painter.setPen(colour)
                painter.drawText(box, int(Qt.AlignmentFlag.AlignCenter), part)
                x += w + _GAP
        painter.restore()
