"""The window's menu bar: Settings → Language, and Help → Keyboard shortcuts / About pagenote.

The language choice is stored in pagenote's settings (:func:`app.runtime.i18n.settings`) and applies from
the next start (``--lang`` overrides it for one run). The dialogs are non-modal to the app (``open()``,
never a nested event loop) so the page keeps running while they are up.
"""

from __future__ import annotations

import platform
import sys

from PySide6 import __version__ as PYSIDE_VERSION
from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QObject, Qt, qVersion
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWebEngineCore import qWebEngineChromiumVersion
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QMainWindow, QTableWidget, QTableWidgetItem, QVBoxLayout

from app import __version__
from app.runtime.i18n import LANGUAGES, SETTINGS_KEY, settings
from app.ui.key_caps import SECTION_ROLE, KeyCapDelegate

#: Bundled components and their licences (what the standalone bundle ships; see each project's licence file).
COMPONENTS = (
    ("Qt", "LGPL-3.0"), ("Chromium (Qt WebEngine)", "BSD-3-Clause and others"), ("PySide6 / Shiboken6", "LGPL-3.0"),
    ("Python", "PSF-2.0"), ("pydantic", "MIT"), ("Pillow", "MIT-CMU"), ("NumPy", "BSD-3-Clause"),
    ("SciPy", "BSD-3-Clause"), ("qasync", "BSD-2-Clause"), ("platformdirs", "MIT"), ("MCP Python SDK", "MIT"),
)


def _action_row(action) -> tuple[str, str] | None:
    """(keys, what they do) of one action with shortcuts: all its sequences (NativeText, joined by ``", "``)
    and its status tip, else its tooltip or text; ``None`` without a shortcut."""
    native = [seq.toString(QKeySequence.SequenceFormat.NativeText) for seq in action.shortcuts()]
    if not native:
        return None
    what = action.statusTip() or action.toolTip() or action.text().replace("&", "")
    return ", ".join(native), what.removesuffix(f" ({native[0]})")   # a tooltip that names the key already


def _gesture_rows() -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """The keys that are not actions: (annotation mode's mouse gestures, the note box's keys)."""
    t = QCoreApplication
    ctrl = "Cmd" if sys.platform == "darwin" else "Ctrl"
    mouse = [
        (t.translate("HelpMenus", "Click"), t.translate("HelpMenus", "Annotation mode: pin the element under the pointer")),
        (t.translate("HelpMenus", "Drag across text"), t.translate("HelpMenus", "Annotation mode: annotate the words")),
        (t.translate("HelpMenus", "Shift+drag"), t.translate("HelpMenus", "Annotation mode: annotate a region")),
        (t.translate("HelpMenus", "{0}+click").format(ctrl),
         t.translate("HelpMenus", "Annotation mode: add the element to a group (again: take it out); the note box "
                                  "opens when {0} is released").format(ctrl)),
        (t.translate("HelpMenus", "Ctrl+drag"),
         t.translate("HelpMenus", "Annotation mode: add the elements wholly inside the box to a group")),
    ]
    note_box = [
        (t.translate("HelpMenus", "Delete button"),
         t.translate("HelpMenus", "Note box of a saved annotation: delete it (a new one: Discard)")),
        ("Enter", t.translate("HelpMenus", "Note box: save the note")),
        ("Shift+Enter", t.translate("HelpMenus", "Note box: new line")),
        ("Esc", t.translate("HelpMenus", "Close the note box; again: leave annotation mode")),
    ]
    return mouse, note_box


def shortcut_rows(actions) -> list[tuple[str, str]]:
    """(keys, what they do) rows for the Keyboard shortcuts dialog, generated from the window's ``actions``
    (QActions with shortcuts: all their sequences, and the action's status tip or text), then the keys that
    are not actions (a click, the note box's keys)."""
    mouse, note_box = _gesture_rows()
    return [row for row in map(_action_row, actions) if row] + mouse + note_box


#: The dialog's sections: (title's source text, the window attributes whose actions it lists). An action in
#: none of them goes under "Window and tools".
SECTIONS = (
    (QT_TRANSLATE_NOOP("HelpMenus", "Annotate"), ("act_annotate", "freeze", "keys.step_up", "keys.step_down")),
    (QT_TRANSLATE_NOOP("HelpMenus", "Screenshots and hand-off"),
     ("act_screenshot", "act_full", "act_full_annotated", "act_crops", "act_copy", "act_save", "act_send")),
    (QT_TRANSLATE_NOOP("HelpMenus", "Page"), ("keys.back", "keys.forward", "keys.reload", "keys.hard_reload",
                                               "keys.stop", "keys.address", "keys.zoom_in", "keys.zoom_out",
                                               "keys.zoom_reset", "keys.find")),
)


def shortcut_sections(window, actions) -> list[tuple[str, list[tuple[str, str]]]]:
    """The Keyboard shortcuts dialog's rows grouped: (section title, its (keys, what) rows) for Annotate (with
    the mouse gestures), the note box, screenshots and hand-off, the page, and window and tools (every other
    window action with a shortcut: tabs, docks, DevTools, Open, Quit). Empty sections are left out."""
    def attr(path: str):
        obj = window
        for name in path.split("."):
            obj = getattr(obj, name, None)
        return obj

    t = QCoreApplication
    placed = {id(attr(name)): (n, rank) for n, (_title, names) in enumerate(SECTIONS)
              for rank, name in enumerate(names) if attr(name)}
    ranked: list[list[tuple[int, tuple[str, str]]]] = [[] for _ in range(len(SECTIONS) + 1)]
    for order, action in enumerate(actions):
        row = _action_row(action)
        if row:   # in SECTIONS' order (Annotate before its Alt+↑/↓), the rest as the window made them
            section, rank = placed.get(id(action), (len(SECTIONS), 1_000 + order))
            ranked[section].append((rank, row))
    rows = [[row for _rank, row in sorted(items, key=lambda x: x[0])] for items in ranked]
    mouse, note_box = _gesture_rows()
    titles = [t.translate("HelpMenus", title) for title, _names in SECTIONS]
    out = [(titles[0], rows[0] + mouse), (t.translate("HelpMenus", "Note box"), note_box)]
    out += list(zip(titles[1:], rows[1:-1])) + [(t.translate("HelpMenus", "Window and tools"), rows[-1])]
    return [(title, items) for title, items in out if items]


class HelpMenus(QObject):
    """Builds the menus on ``window`` (a QMainWindow with a ``say(text)`` status method) and owns their
    dialogs. ``shortcuts``: a callable giving the window's actions with shortcuts when the dialog opens."""

    def __init__(self, window: QMainWindow, shortcuts) -> None:
        super().__init__(window)
        self.window = window
        self.shortcuts = shortcuts
        self.dialog: QDialog | None = None
        bar = window.menuBar()
        prefs = bar.addMenu(self.tr("&Settings"))
        language = prefs.addMenu(self.tr("&Language"))
        group = QActionGroup(self)
        current = str(settings().value(SETTINGS_KEY, "") or "")
        self.language_actions: dict[str, QAction] = {}
        for code, label in (("", self.tr("Follow the system")), *LANGUAGES.items()):
            action = language.addAction(label)
            action.setCheckable(True)
            action.setChecked(code == current)
            action.triggered.connect(lambda _=False, code=code: self.set_language(code))
            group.addAction(action)
            self.language_actions[code] = action
        help_menu = bar.addMenu(self.tr("&Help"))
        self.act_shortcuts = help_menu.addAction(self.tr("&Keyboard shortcuts"))
        self.act_shortcuts.triggered.connect(self.show_shortcuts)
        self.act_about = help_menu.addAction(self.tr("&About pagenote"))
        self.act_about.triggered.connect(self.show_about)

    def set_language(self, code: str) -> None:
        """Store the UI language (``""``: follow the system); it applies from the next start."""
        settings().setValue(SETTINGS_KEY, code)
        self.window.say(self.tr("The language changes the next time pagenote starts"))

    def _open(self, title: str, body) -> QDialog:
        if self.dialog is not None:
            self.dialog.close()
        dialog = QDialog(self.window)
        dialog.setWindowTitle(title)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        layout = QVBoxLayout(dialog)
        layout.addWidget(body)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(dialog.reject)
        layout.addWidget(buttons)
        dialog.destroyed.connect(lambda *_: setattr(self, "dialog", None))
        self.dialog = dialog
        dialog.open()
        return dialog

    def show_shortcuts(self) -> QDialog:
        """The Keyboard shortcuts dialog: one table, its rows grouped under section titles
        (:func:`shortcut_sections`), the keys drawn as key caps (:class:`~app.ui.key_caps.KeyCapDelegate`);
        returns it (open, not modal to the app)."""
        sections = shortcut_sections(self.window, self.shortcuts())
        table = QTableWidget(sum(len(rows) + 1 for _title, rows in sections), 2)
        table.setHorizontalHeaderLabels([self.tr("Keys"), self.tr("Action")])
        table.setItemDelegateForColumn(0, KeyCapDelegate(table))
        i = 0
        for title, rows in sections:
            head = QTableWidgetItem(title)
            head.setData(SECTION_ROLE, True)
            head.setFlags(Qt.ItemFlag.ItemIsEnabled)
            table.setItem(i, 0, head)
            table.setItem(i, 1, QTableWidgetItem(""))
            table.setSpan(i, 0, 1, 2)
            i += 1
            for keys, what in rows:
                table.setItem(i, 0, QTableWidgetItem(keys))
                table.setItem(i, 1, QTableWidgetItem(what))
                i += 1
        table.verticalHeader().hide()
        table.horizontalHeader().hide()
        table.setShowGrid(False)
        table.setWordWrap(True)
        table.horizontalHeader().setStretchLastSection(True)
        table.resizeColumnsToContents()
        table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        table.setSelectionMode(QTableWidget.SelectionMode.NoSelection)
        table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        table.resizeRowsToContents()
        # Tall enough for every row (header, rows, frame), but at most 80 % of the screen: beyond it, scroll.
        whole = table.horizontalHeader().height() + table.verticalHeader().length() + 2 * table.frameWidth() + 2
        screen = self.window.screen().availableGeometry().height() if self.window.screen() else 800
        table.setMinimumSize(max(640, table.horizontalHeader().length() + 2 * table.frameWidth() + 24),
                             min(whole, int(screen * 0.8) - 80))
        return self._open(self.tr("Keyboard shortcuts"), table)

    def about_text(self) -> str:
        """The About dialog's rich text: versions (pagenote, Qt, Chromium, PySide6, Python) and licences."""
        licences = "".join(f"<tr><td>{name}</td><td>{lic}</td></tr>" for name, lic in COMPONENTS)
        what = self.tr("Annotate a web page element by element and hand the notes to a coding agent.")
        heading = self.tr("Licences")
        return (f"<h3>pagenote {__version__}</h3>"
                f"<p>{what}</p>"
                f"<p>Qt {qVersion()} · Chromium {qWebEngineChromiumVersion()} · PySide6 {PYSIDE_VERSION} · "
                f"Python {platform.python_version()}</p>"
                f"<p><b>{heading}</b></p><table>{licences}</table>"
                f"<p>pagenote: MIT</p>")

    def show_about(self) -> QDialog:
        """The About dialog; returns it (open, not modal to the app)."""
        label = QLabel(self.about_text())
        label.setTextFormat(Qt.TextFormat.RichText)
        label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        return self._open(self.tr("About pagenote"), label)
