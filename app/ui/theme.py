"""pagenote's look: light or dark as the system prefers (``QStyleHints.colorScheme``, Qt 6.5+), one palette
per scheme on the Fusion style, one small stylesheet for what a palette cannot say (spacing, rounded
fields, the side panel's chips, thin scrollbars without arrow buttons), and toolbar icons from Lucide (ISC licence, ``resources/icons/lucide``)
drawn in the palette's text colour.

Nothing happens on import; :func:`apply` is called once by the window's start-up and again when the system
scheme changes.
"""

from __future__ import annotations

import atexit
import shutil
import tempfile
from functools import lru_cache
from pathlib import Path

from PySide6.QtCore import QByteArray, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QGuiApplication, QIcon, QPainter, QPalette, QPixmap
from PySide6.QtSvg import QSvgRenderer
from PySide6.QtWidgets import QApplication, QProxyStyle, QStyle, QStyleFactory, QToolButton

from app.core.resources import resource

#: Accent (selection, focus, the Send button), as in pagenote's marks (app/core/policy.py HIGHLIGHT_COLOR).
ACCENT = "#2563EB"

#: Annotation mode's own colour (teal): the mode frame around the view, the mode strip and the toolbar toggle
#: while on — so "in the mode" never looks like the accent's "selected" or "primary". White text on it: 5.5:1.
MODE_COLOR = "#0F766E"

#: Palette colours per scheme: window, base (fields, lists), alternate base, text, muted text, border
#: (separators, lists), field (the edge of a control one types in or presses: at least 3:1 against window,
#: base and alternate base, WCAG 2.x non-text contrast; tests/test_window_look.py computes it).
COLOURS = {
    "light": {"window": "#F6F7F9", "base": "#FFFFFF", "alt": "#F1F3F6", "text": "#1F2937", "muted": "#6B7280",
              "border": "#C9CED6", "field": "#858C96", "button": "#FFFFFF", "hint": "#4B5563", "danger": "#B91C1C",
              "on_bg": "#CCFBF1", "on_text": "#115E59",
              "notice_bg": "#FEF3C7", "notice_edge": "#F59E0B", "notice_text": "#78350F", "tab_edge": "#2563EB"},
    "dark": {"window": "#1E2024", "base": "#26292E", "alt": "#2C3036", "text": "#E5E7EB", "muted": "#9CA3AF",
             "border": "#5A616B", "field": "#737A84", "button": "#2C3036", "hint": "#9CA3AF", "danger": "#FCA5A5",
             "on_bg": "#134E4A", "on_text": "#99F6E4",
             "notice_bg": "#422006", "notice_edge": "#B45309", "notice_text": "#FDE68A", "tab_edge": "#60A5FA"},
}
# More keys: ``danger`` (the text of a destructive button: Delete), ``hint`` (the mode strip's muted hint on
# ``alt``: 4.5:1 or more), ``on_bg``/``on_text`` (a toggle that is on — annotation mode — tinted in the mode's
# colour, so the solid accent means one thing only: the primary action), and ``notice_*`` (the dialog bar:
# amber, a dark amber surface in the dark scheme), ``tab_edge`` (the active tab's 3 px underline: 3:1 or more
# against the strip and both tab fills, WCAG 2.x non-text contrast; the accent is too dark on the dark strip).

#: The stylesheet (``{name}`` = a colour of :data:`COLOURS` or ``accent``). Spacing and shapes only where the
#: palette has no say; every colour comes from the scheme.
STYLESHEET = """
QToolBar {{ border: none; spacing: 4px; padding: 4px 6px; background: {window}; }}
QToolBar QToolButton {{ padding: 4px 6px; border-radius: 6px; }}
QToolBar QToolButton:hover {{ background: {alt}; }}
QToolBar QToolButton:checked {{ background: {on_bg}; color: {on_text}; border: 1px solid {mode}; }}
QToolBar QToolButton[popupMode="1"] {{ padding-right: 18px; }}
QToolBar QToolButton::menu-button {{ border: none; width: 16px; border-radius: 6px; }}
QToolBar QToolButton::menu-button:hover {{ background: {border}; }}
QToolButton::menu-arrow, QToolButton::menu-indicator {{ image: url({chevron}); width: 12px; height: 12px; }}
QToolButton#primary {{ background: {accent}; color: #FFFFFF; border: 1px solid {accent}; border-radius: 6px;
    padding: 4px 12px; font-weight: 600; }}
QToolButton#primary:hover {{ background: {accent_dark}; }}
QToolButton#primary:disabled {{ background: {alt}; color: {muted}; border-color: {border}; }}
QLineEdit, QPlainTextEdit {{ border: 1px solid {field}; border-radius: 6px; padding: 4px 6px;
    background: {base}; selection-background-color: {accent}; }}
QLineEdit:focus, QPlainTextEdit:focus {{ border-color: {accent}; }}
QListWidget, QTreeWidget, QTextBrowser {{ border: 1px solid {border}; border-radius: 6px; background: {base}; }}
QListWidget::item {{ padding: 2px; }}
QTextBrowser {{ padding: 6px 8px; }}
QPushButton {{ border: 1px solid {field}; border-radius: 6px; padding: 4px 12px; background: {button}; }}
QPushButton:hover {{ background: {alt}; }}
QPushButton:disabled {{ color: {muted}; border-color: {border}; }}
QPushButton#primary {{ background: {accent}; color: #FFFFFF; border-color: {accent}; font-weight: 600; }}
QPushButton#primary:hover {{ background: {accent_dark}; }}
QPushButton#destructive {{ color: {danger}; }}
QPushButton#destructive:disabled {{ color: {muted}; }}
QLabel#muted {{ color: {muted}; }}
QLabel#countPill {{ background: {alt}; border: 1px solid {border}; border-radius: 8px; padding: 0 7px; }}
QLabel#sectionTitle {{ font-weight: 600; padding-top: 4px; }}
QFrame#noteBox {{ background: {base}; border: 1px solid {field}; border-radius: 8px; }}
QFrame#noteBox QLabel#title {{ font-weight: 600; }}
QFrame#findBar {{ background: {base}; border: 1px solid {field}; border-radius: 8px; }}
QFrame#modeBanner {{ background: {alt}; border-top: 1px solid {border}; }}
QFrame#modeBanner QLabel {{ color: {hint}; }}
QFrame#modeBanner[on="true"] {{ background: {mode}; border-top: 1px solid {mode}; }}
QFrame#modeBanner[on="true"] QLabel {{ color: #FFFFFF; }}
QFrame#modeBanner QPushButton {{ background: #FFFFFF; color: {mode}; border: none; padding: 2px 10px; }}
QFrame#modeBanner QToolButton#gestures {{ color: {hint}; border: none; text-decoration: underline; }}
QFrame#modeBanner[on="true"] QToolButton#gestures {{ color: #FFFFFF; }}
QStatusBar {{ border-top: 1px solid {border}; }}
QStatusBar QLabel {{ padding-left: 6px; }}
QFrame#dialogBar {{ background: {notice_bg}; border: 1px solid {notice_edge}; }}
QFrame#dialogBar QLabel, QFrame#dialogBar QToolButton {{ color: {notice_text}; }}
QStatusBar QToolButton {{ padding: 0 6px; }}
QSplitter::handle {{ background: {border}; }}
QMenuBar {{ background: {window}; }}
QTabBar {{ background: {window}; }}
QTabBar::tab {{ background: {window}; color: {muted}; border: none; border-bottom: 3px solid transparent;
    padding: 6px 8px 3px 12px; margin-right: 1px; }}
QTabBar::tab:hover {{ background: {alt}; color: {text}; }}
QTabBar::tab:selected {{ background: {base}; color: {text}; border-bottom: 3px solid {tab_edge}; }}
QToolButton#panelClear {{ padding: 2px; border-radius: 6px; }}
QToolButton#zoomLevel {{ padding: 2px 4px; border-radius: 6px; }}
QScrollBar:vertical {{ background: transparent; width: 12px; margin: 0; border: none; }}
QScrollBar:horizontal {{ background: transparent; height: 12px; margin: 0; border: none; }}
QScrollBar::handle {{ background: {border}; border: 3px solid transparent; border-radius: 6px;
    background-clip: padding-box; }}
QScrollBar::handle:hover, QScrollBar::handle:pressed {{ background: {field}; }}
QScrollBar::handle:vertical {{ min-height: 32px; }}
QScrollBar::handle:horizontal {{ min-width: 32px; }}
QScrollBar::add-line, QScrollBar::sub-line {{ width: 0; height: 0; border: none; background: none; }}
QScrollBar::add-page, QScrollBar::sub-page {{ background: none; }}
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


#: The accent's pressed/hover shade.
ACCENT_DARK = "#1D4ED8"


def stylesheet(name: str) -> str:
    """The stylesheet of scheme ``name``."""
    c = COLOURS[name]
    chevron = tinted_svg("chevron-down", c["text"]).as_posix()
    return STYLESHEET.format(accent=ACCENT, accent_dark=ACCENT_DARK, mode=MODE_COLOR, chevron=chevron, **c)


@lru_cache(maxsize=32)
def tinted_svg(name: str, colour: str) -> Path:
    """A copy of Lucide icon ``name`` drawn in ``colour`` (``#RRGGBB``), as a file a stylesheet's ``url()`` can
    name (in a directory of this process's own, removed at exit)."""
    svg = resource("icons", "lucide", f"{name}.svg").read_text(encoding="utf-8")
    out = _tint_dir() / f"{name}-{colour.lstrip('#')}.svg"
    out.write_text(svg.replace("currentColor", colour), encoding="utf-8")
    return out


@lru_cache(maxsize=1)
def _tint_dir() -> Path:
    path = Path(tempfile.mkdtemp(prefix="pagenote-icons-"))
    atexit.register(shutil.rmtree, path, True)
    return path


def relative_luminance(colour: str) -> float:
    """WCAG 2.x relative luminance of ``#RRGGBB``: 0 (black) … 1 (white)."""
    channels = [int(colour.lstrip("#")[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a: str, b: str) -> float:
    """WCAG 2.x contrast ratio of two ``#RRGGBB`` colours, 1 … 21 (AA: 4.5 for text, 3 for UI edges)."""
    la, lb = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


class _Style(QProxyStyle):
    """Fusion with Lucide icons where Qt would draw its own (the address bar's clear button, a tab's close
    button), and dialog buttons without icons: Fusion gives the standard ones (Discard, Cancel) icons and a
    button with a text of its own (Send, Keep for next start) none, so a dialog mixing both looked uneven
    (issue 30, requirement 5). The buttons' order stays the platform's (``SH_DialogButtonBox_Layout``)."""

    def styleHint(self, hint, option=None, widget=None, data=None):  # noqa: N802 (Qt virtual)
        if hint == QStyle.StyleHint.SH_DialogButtonBox_ButtonsHaveIcons:
            return 0
        return super().styleHint(hint, option, widget, data)

    def standardIcon(self, which, option=None, widget=None):  # noqa: N802 (Qt virtual)
        if which == QStyle.StandardPixmap.SP_LineEditClearButton:
            return icon("circle-x")
        if which in (QStyle.StandardPixmap.SP_TabCloseButton, QStyle.StandardPixmap.SP_DialogCloseButton):
            return icon("x")
        return super().standardIcon(which, option, widget)


def apply(app: QApplication, name: str | None = None) -> str:
    """Style ``app`` for scheme ``name`` (the system's when ``None``): Fusion, the palette, the stylesheet.
    Returns the scheme applied."""
    name = name or scheme()
    app.setStyle(_Style(QStyleFactory.create("Fusion")))
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
    checked = QSvgRenderer(QByteArray(svg.replace("currentColor", colours["on_text"]).encode()))
    for size in (16, 20, 24, 32, 40, 48):
        pixmap = QPixmap(size, size)
        pixmap.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pixmap)
        checked.render(painter, QRectF(0, 0, size, size))
        painter.end()
        result.addPixmap(pixmap, QIcon.Mode.Normal, QIcon.State.On)
    return result


def on_accent(source: QIcon, colour: str = "#FFFFFF") -> QIcon:
    """``source`` redrawn in ``colour`` (its alpha kept) at the sizes it has: the icon of a button filled with
    the accent (white on :data:`ACCENT`, 5.2:1; the scheme's text colour there would be 2.8:1, under WCAG
    2.x's 3:1 for non-text contrast)."""
    key = (source.cacheKey(), colour)
    cached = _ON_ACCENT.get(key)
    if cached is not None:
        return cached
    result = QIcon()
    for size in source.availableSizes() or [QSize(16, 16)]:
        pixmap = source.pixmap(size)
        painter = QPainter(pixmap)
        painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_SourceIn)
        painter.fillRect(pixmap.rect(), QColor(colour))
        painter.end()
        for mode in (QIcon.Mode.Normal, QIcon.Mode.Active):
            result.addPixmap(pixmap, mode)
        # Disabled, the button is no longer the accent (the stylesheet's :disabled): the muted icon.
        result.addPixmap(source.pixmap(size, QIcon.Mode.Disabled), QIcon.Mode.Disabled)
    _ON_ACCENT[key] = result
    return result


_ON_ACCENT: dict = {}


def primary_button(button: QToolButton, action) -> None:
    """Make ``button`` (showing ``action``) a primary button: the accent fill (object name ``primary``) with
    the icon in white, kept white whenever the action changes (a tool button takes its action's icon again
    on every change; ``changed`` is emitted after that)."""
    button.setObjectName("primary")
    button.style().unpolish(button)
    button.style().polish(button)

    def white() -> None:
        try:
            button.setIcon(on_accent(action.icon()))
        except RuntimeError:   # the button is gone (its panel or window closed) before the action
            pass

    action.changed.connect(white)
    white()
