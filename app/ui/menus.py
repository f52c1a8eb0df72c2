"""The window's menu bar, finished: a File menu first (Open File…, Save, Copy, Send, Quit — the same action
objects as the toolbar's and the keys', so a shortcut, a menu entry and a button never disagree), and one
mnemonic per top-level menu (Alt+F File, Alt+V View …), unique across the bar, in every language: a translation
says its own (``文件(&F)``), else the menu gets the first free letter of its English source (``文件(&F)`` from
"File"), so no top-level menu goes without one (issue 30, requirement 6).

Every text here is a literal in a ``QCoreApplication.translate("Menus", …)`` call: pyside6-lupdate reads only
those (a wrapper function taking a variable hides the strings from it; the File menu stayed English so).

The other menus (View, Agent, Settings, Help) are built where their actions live; :func:`finish_menus` runs
after them.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QFileDialog, QMenu, QMenuBar

from app.ui import theme


def _open_file(window) -> None:
    """Ask for a local file (HTML, SVG, PDF, an image, any) without a nested event loop (``open()``: Ctrl+O
    may come from an agent's key press, inside an asyncio task), then open it in the shown tab as the address
    bar would."""
    dialog = QFileDialog(window, QCoreApplication.translate("Menus", "Open file"))
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)   # one per Ctrl+O: none piles up on the window
    dialog.setFileMode(QFileDialog.FileMode.ExistingFile)
    dialog.setNameFilters([QCoreApplication.translate("Menus", "Web pages (*.html *.htm *.xhtml *.svg)"),
                           QCoreApplication.translate("Menus", "All files (*)")])
    dialog.fileSelected.connect(lambda path: window.open(path))
    dialog.open()
    window._open_dialog = dialog   # kept alive while it is up


def with_mnemonics(bar: QMenuBar) -> None:
    """Give every top-level menu of ``bar`` a mnemonic: its own ``&`` when it has one not yet taken, else the
    first ASCII letter or digit of its title not taken by a menu before it; a title without one (a translation
    that does not say ``(&V)``) gets the first free letter in brackets after it, as CJK menus write it:
    ``视图(&A)``. Every top-level menu ends with a mnemonic."""
    taken: set[str] = set()
    for action in bar.actions():
        menu = action.menu()
        if menu is None:
            continue
        title = menu.title()
        plain = title.replace("&", "")
        own = title.index("&") + 1 if "&" in title and title.index("&") + 1 < len(title) else -1
        if own >= 0 and title[own].lower() not in taken:
            taken.add(title[own].lower())
            continue
        for i, ch in enumerate(plain):
            if ch.isascii() and ch.isalnum() and ch.lower() not in taken:   # a key one can type
                taken.add(ch.lower())
                menu.setTitle(plain[:i] + "&" + plain[i:])
                break
        else:
            free = next(c for c in "abcdefghijklmnopqrstuvwxyz0123456789" if c not in taken)
            taken.add(free)
            menu.setTitle(f"{plain}(&{free.upper()})")


def finish_menus(window) -> QMenu:
    """Put the File menu at the front of ``window``'s menu bar (``act_open`` is set on the window, Ctrl+O)
    and the mnemonics on every menu. Returns the File menu."""
    bar = window.menuBar()
    file_menu = QMenu(QCoreApplication.translate("Menus", "&File"), window)
    file_menu.setObjectName("fileMenu")
    window.act_open = QAction(theme.icon("folder-open"), QCoreApplication.translate("Menus", "Open File…"), window)
    window.act_open.setShortcut(QKeySequence(QKeySequence.StandardKey.Open))
    window.act_open.setStatusTip(QCoreApplication.translate("Menus", "Open a file from this computer in the shown tab"))
    window.act_open.triggered.connect(lambda: _open_file(window))
    window.addAction(window.act_open)   # the key works with the menu closed
    file_menu.addAction(window.act_open)
    file_menu.addSeparator()
    file_menu.addActions([window.act_save, window.act_copy, window.act_send])
    file_menu.addSeparator()
    file_menu.addAction(window.keys.quit)
    first = bar.actions()[0] if bar.actions() else None
    if first is not None:
        bar.insertMenu(first, file_menu)
    else:
        bar.addMenu(file_menu)
    with_mnemonics(bar)
    return file_menu
