"""pagenote's look: light or dark as the system prefers (``QStyleHints.colorScheme``, Qt 6.5+), one palette
per scheme on the Fusion style, one small stylesheet for what a palette cannot say (spacing, rounded
fields, the side panel's chips), and toolbar icons from Lucide (ISC licence, ``resources/icons/lucide``)
drawn in the palette's text colour.

Nothing happens on import; :func:`apply` is called once by the window's start-up and again when the system
scheme changes.
"""

from __future__ import annotations

from functools import lru_cache

from PySide6.QtCore import QByteArray, QRectF, Qt
from PySide6.QtGui import QColor, QGuiApplication, QIcon, QPainter, QPalette, QPixmap
from PySide6.QtSvg import QSvgRenderer
from PySide6.QtWidgets import QApplication

from app.core.resources import resource

#: Accent (selection, focus, the Send button), as in pagenote's marks (app/core/policy.py HIGHLIGHT_COLOR).
ACCENT = "#2563EB"

#: Palette colours per scheme: window, base (fields, lists), alternate base, text, muted text, border.
COLOURS = {
    "light": {"window": "#F6F7F9", "base": "#FFFFFF", "alt": "#F1F3F6", "text": "#1F2937", "muted": "#6B7280",
              "border": "#D5D9E0", "button": "#FFFFFF"},
    "dark": {"window": "#1E2024", "base": "#26292E", "alt": "#2C3036", "text": "#E5E7EB", "muted": "#9CA3AF",
             "border": "#3A3F46", "button": "#2C3036"},
}

#: The stylesheet (``{name}`` = a colour of :data:`COLOURS` or ``accent``). Spacing and shapes only where the
#: palette has no say; every colour comes from the scheme.
STYLESHEET = """
QToolBar {{ border: none; spacing: 4px; padding: 4px 6px; background: {window}; }}
QToolBar QToolButton {{ padding: 4px 6px; border-radius: 6px; }}
QToolBar QToolButton:hover {{ background: {alt}; }}
QToolBar QToolButton:checked {{ background: {accent}; color: #FFFFFF; }}
QToolBar QToolButton[popupMode="1"] {{ padding-right: 18px; }}
QToolBar QToolButton::menu-button {{ border: none; width: 16px; border-radius: 6px; }}
QToolBar QToolButton::menu-button:hover {{ background: {border}; }}
QLineEdit, QPlainTextEdit {{ border: 1px solid {border}; border-radius: 6px; padding: 4px 6px;
    background: {base}; selection-background-color: {accent}; }}
QLineEdit:focus, QPlainTextEdit:focus {{ border-color: {accent}; }}
QListWidget, QTreeWidget, QTextBrowser {{ border: 1px solid {border}; border-radius: 6px; background: {base}; }}
QListWidget::item {{ padding: 2px; }}
QPushButton {{ border: 1px solid {border}; border-radius: 6px; padding: 4px 12px; background: {button}; }}
QPushButton:hover {{ background: {alt}; }}
QPushButton:disabled {{ color: {muted}; }}
QPushButton#primary {{ background: {accent}; color: #FFFFFF; border-color: {accent}; }}
QLabel#muted {{ color: {muted}; }}
QLabel#sectionTitle {{ font-weight: 600; padding-top: 4px; }}
QFrame#noteBox {{ background: {base}; border: 1px solid {border}; border-radius: 8px; }}
QFrame#noteBox QLabel#title {{ font-weight: 600; }}
QFrame#findBar {{ background: {base}; border: 1px solid {border}; border-radius: 8px; }}
QFrame#modeBanner {{ background: {accent}; border-radius: 8px; }}
QFrame#modeBanner QLabel {{ color: #FFFFFF; }}
QFrame#modeBanner QPushButton {{ background: #FFFFFF; color: {accent}; border: none; padding: 2px 10px; }}
QStatusBar {{ border-top: 1px solid {border}; }}
QStatusBar QToolButton {{ padding: 0 6px; }}
QSplitter::handle {{ background: {border}; }}
"""


def scheme() -> str:
    """``"dark"`` when the system prefers a dark colour scheme, else ``"light"`` (Qt < 6.5 or an unknown
    preference: light)."""
    hints = QGuiApplication.styleHints()
    try:
        return "dark" if hints.colorScheme() == Qt.ColorScheme.Dark else "light"
    except AttributeError:
        return "light"


def palette(name: str) -> QPalette:
    """The palette of scheme ``name`` (a key of :data:`COLOURS`; ``KeyError`` otherwise)."""
    c = COLOURS[name]
    p = QPalette()
    roles = QPalette.ColorRole
    for role, key in ((roles.Window, "window"), (roles.Base, "base"), (roles.AlternateBase, "alt"),
                      (roles.Button, "button"), (roles.ToolTipBase, "base")):
        p.setColor(role, QColor(c[key]))
    for role in (roles.WindowText, roles.Text, roles.ButtonText, roles.ToolTipText):
        p.setColor(role, QColor(c["text"]))
    p.setColor(roles.PlaceholderText, QColor(c["muted"]))
    p.setColor(roles.Highlight, QColor(ACCENT))
    p.setColor(roles.HighlightedText, QColor("#FFFFFF"))
    p.setColor(roles.Link, QColor(ACCENT))
    p.setColor(roles.Mid, QColor(c["border"]))
    for role in (roles.WindowText, roles.Text, roles.ButtonText):
        p.setColor(QPalette.ColorGroup.Disabled, role, QColor(c["muted"]))
    return p


def stylesheet(name: str) -> str:
    """The stylesheet of scheme ``name``."""
    return STYLESHEET.format(accent=ACCENT, **COLOURS[name])


def apply(app: QApplication, name: str | None = None) -> str:
    """Style ``app`` for scheme ``name`` (the system's when ``None``): Fusion, the palette, the stylesheet.
    Returns the scheme applied."""
    name = name or scheme()
    app.setStyle("Fusion")
    app.setPalette(palette(name))
    app.setStyleSheet(stylesheet(name))
    icon.cache_clear()
    return name


def muted_colour() -> str:
    """The current scheme's muted text colour (``#RRGGBB``)."""
    return COLOURS["dark" if _is_dark() else "light"]["muted"]


def _is_dark() -> bool:
    return QApplication.palette().color(QPalette.ColorRole.Window).lightness() < 128


@lru_cache(maxsize=64)
def icon(name: str) -> QIcon:
    """The Lucide icon ``name`` (``resources/icons/lucide/<name>.svg``) in the palette's text colour, muted
    when disabled; rendered for 1× and 2× screens. A missing file gives an empty icon."""
    path = resource("icons", "lucide", f"{name}.svg")
    try:
        svg = path.read_text(encoding="utf-8")
    except OSError:
        return QIcon()
    colours = COLOURS["dark" if _is_dark() else "light"]
    result = QIcon()
    for mode, colour in ((QIcon.Mode.Normal, colours["text"]), (QIcon.Mode.Disabled, colours["muted"]),
                         (QIcon.Mode.Active, colours["text"]), (QIcon.Mode.Selected, "#FFFFFF")):
        renderer = QSvgRenderer(QByteArray(svg.replace("currentColor", colour).encode()))
        for size in (16, 20, 24, 32, 40, 48):
            pixmap = QPixmap(size, size)
            pixmap.fill(Qt.GlobalColor.transparent)
            painter = QPainter(pixmap)
            renderer.render(painter, QRectF(0, 0, size, size))
            painter.end()
            result.addPixmap(pixmap, mode, QIcon.State.Off)
    checked = QSvgRenderer(QByteArray(svg.replace("currentColor", "#FFFFFF").encode()))
    for size in (16, 20, 24, 32, 40, 48):
        pixmap = QPixmap(size, size)
        pixmap.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pixmap)
        checked.render(painter, QRectF(0, 0, size, size))
        painter.end()
        result.addPixmap(pixmap, QIcon.Mode.Normal, QIcon.State.On)
    return result
