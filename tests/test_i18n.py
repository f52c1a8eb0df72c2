"""The UI speaks English and Simplified Chinese: every user-facing string in the code goes through Qt's
translation system, the zh_CN translation is complete, and the window shows it.

- A static check (Python's ``ast``) over every module that builds UI: a string literal or f-string handed
  to a Qt text setter or widget constructor (``setText``, ``setToolTip``, ``QLabel(…)``, ``QAction(…)`` …)
  or to the window's ``say`` must be a ``tr(…)``/``translate(…)`` call instead.
- ``resources/i18n/pagenote_zh_CN.ts`` has a finished translation for every message, with the same
  ``{0}`` placeholders and ``%n`` as its source.
- Compiled with ``pyside6-lrelease`` and installed, a new window's actions, toolbar and placeholder read
  Chinese (their texts, not pixels).
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication

ROOT = Path(__file__).resolve().parents[1]
TS = ROOT / "resources" / "i18n" / "pagenote_zh_CN.ts"

#: Methods whose text arguments the user reads.
TEXT_SETTERS = {"setText", "setToolTip", "setStatusTip", "setWhatsThis", "setWindowTitle", "setPlaceholderText",
                "setTitle", "showMessage", "setLabelText", "setCancelButtonText", "addAction", "addMenu",
                "setInformativeText", "setDetailedText", "say", "warn", "setWindowIconText", "addTab", "setTabText"}
#: Constructors whose text arguments the user reads.
TEXT_WIDGETS = {"QLabel", "QPushButton", "QToolButton", "QAction", "QToolBar", "QMenu", "QCheckBox", "QRadioButton",
                "QGroupBox", "QProgressDialog", "QDockWidget", "QMessageBox"}
#: Literal texts that are the same in every language.
UNTRANSLATED_OK = {"pagenote"}


def _ui_modules() -> list[Path]:
    """Every module under app/ that imports QtWidgets (builds UI)."""
    return sorted(p for p in (ROOT / "app").rglob("*.py") if "QtWidgets" in p.read_text(encoding="utf-8"))


def _literal_texts(call: ast.Call) -> list[str]:
    """Text literals among ``call``'s arguments (plain strings with a letter, or f-strings)."""
    out = []
    # Keywords other than text ones name things (objectName="hint"), they are not shown.
    shown = [k.value for k in call.keywords if k.arg in (None, "text", "title", "toolTip", "statusTip")]
    for arg in [*call.args, *shown]:
        if isinstance(arg, ast.JoinedStr):
            # An f-string of page data only (f"{element.selector}\n{element.url}") has no words to translate.
            words = "".join(v.value for v in arg.values if isinstance(v, ast.Constant))
            if re.search(r"[A-Za-z]", words):
                out.append(ast.unparse(arg))
        elif isinstance(arg, ast.Constant) and isinstance(arg.value, str):
            if re.search(r"[A-Za-z]", arg.value) and arg.value not in UNTRANSLATED_OK:
                out.append(arg.value)
    return out


def test_every_user_facing_string_goes_through_tr():
    found = []
    for path in _ui_modules():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            f = node.func
            name = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""
            if name in TEXT_SETTERS or name in TEXT_WIDGETS:
                found += [f"{path.relative_to(ROOT)}:{node.lineno}: {name}({text!r})" for text in _literal_texts(node)]
    assert not found, "user-facing literals without tr():\n" + "\n".join(found)


def test_the_static_check_catches_a_literal():
    """The checker's positive control: a literal in a setter and in a constructor are both found."""
    tree = ast.parse('label.setText("Hello")\nb = QPushButton(f"Go {x}")\nok = QLabel(self.tr("Fine"))\n'
                     'data = QLabel(f"{x}\\n{y}", objectName="hint")')
    calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call) and getattr(n.func, "attr", getattr(n.func, "id", ""))
             in TEXT_SETTERS | TEXT_WIDGETS]
    assert [bool(_literal_texts(c)) for c in calls] == [True, True, False, False]


#: Sources whose translation has no Chinese characters by nature (a name and a size, the product's name).
LANGUAGE_NEUTRAL = ("{0} — pagenote", "{0}  {1}×{2}")


def _messages():
    for context in ET.parse(TS).getroot().iter("context"):
        for message in context.iter("message"):
            yield context.find("name").text, message


def test_the_chinese_translation_is_complete():
    messages = list(_messages())
    assert len(messages) >= 80
    for context, message in messages:
        source = message.find("source").text
        translation = message.find("translation")
        assert translation.get("type") not in ("unfinished", "obsolete", "vanished"), (context, source)
        text = "".join(translation.itertext()).strip()
        assert text and re.search(r"[\u4e00-\u9fff]", text) or source.strip() in LANGUAGE_NEUTRAL, (context, source)
        assert sorted(re.findall(r"\{\d\}", source)) == sorted(re.findall(r"\{\d\}", text)), (context, source)
        assert ("%n" in source) == ("%n" in text), (context, source)


def test_the_sources_are_current():
    """pyside6-lupdate finds nothing new in the code: every tr() string is in the .ts (dev/update_translations.sh
    was run after the last UI change)."""
    files = sorted(str(p) for p in (ROOT / "app").rglob("*.py")
                   if re.search(r"\.tr\(|translate\(", p.read_text(encoding="utf-8")))
    # lupdate rewrites the file it updates: run it on a copy.
    scratch = ROOT / ".pytest_cache" / "i18n"
    scratch.mkdir(parents=True, exist_ok=True)
    copy = scratch / TS.name
    copy.write_bytes(TS.read_bytes())
    proc = subprocess.run([str(Path(sys.executable).with_name("pyside6-lupdate")), *files, "-no-obsolete",
                           "-ts", str(copy)], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert re.search(r"\(0 new and \d+ already existing\)", proc.stdout + proc.stderr), proc.stdout + proc.stderr
    sources = lambda p: sorted(m.find("source").text for m in ET.parse(p).getroot().iter("message"))  # noqa: E731
    assert sources(copy) == sources(TS)


@pytest.fixture
def zh_cn(qapp, tmp_path):
    """The zh_CN translation compiled from the .ts and installed on the application (removed afterwards)."""
    from PySide6.QtCore import QLibraryInfo, QTranslator

    qm = tmp_path / "pagenote_zh_CN.qm"
    subprocess.run([str(Path(sys.executable).with_name("pyside6-lrelease")), "-silent", str(TS), "-qm", str(qm)],
                   check=True, timeout=60)
    translator = QTranslator()
    assert translator.load(str(qm))
    qapp.installTranslator(translator)
    qt_own = QTranslator()   # Qt's own strings (a tab's Close button, standard dialog buttons), as the app loads
    assert qt_own.load("qtbase_zh_CN", QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath))
    qapp.installTranslator(qt_own)
    yield translator
    qapp.removeTranslator(qt_own)
    qapp.removeTranslator(translator)


def test_the_window_speaks_chinese(zh_cn, window):
    assert window.act_annotate.text() == "批注"
    assert window.act_copy.text() == "复制" and window.act_send.text() == "发送"
    assert window.address.placeholderText() == "地址：URL、localhost:端口 或文件"
    # A plural with %n: one form in Chinese, the count filled in.
    assert window.tr("Saved %n annotation(s) to {0}", "", 3) == "已将 3 条批注保存到 {0}"


def test_the_window_is_english_without_a_translator(window):
    assert window.act_annotate.text() == "Annotate"


def test_language_choice():
    from app.runtime.i18n import normalise

    assert [normalise(c) for c in ("zh_CN.UTF-8", "zh-CN", "zh", "zh_TW", "en_GB", "fr_FR", "")] == \
        ["zh_CN", "zh_CN", "zh_CN", None, "en", None, None]


# --- the menus: Settings → Language, Help → Keyboard shortcuts / About ---------------------------------------


@pytest.fixture
def private_settings(tmp_path):
    """pagenote's QSettings redirected to ``tmp_path`` (never the user's real settings file)."""
    from PySide6.QtCore import QSettings

    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(tmp_path))
    yield tmp_path
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(tmp_path / "gone"))


def test_the_language_menu_stores_the_choice_for_the_next_start(private_settings, window):
    from app.runtime.i18n import choose_language

    window.help_menus.language_actions["zh_CN"].trigger()
    assert choose_language() == "zh_CN" and choose_language("en") == "en"
    assert "next time" in window.status_label.text()
    assert list(private_settings.rglob("settings.toml")), "the choice is written to the redirected settings file"
    window.help_menus.language_actions[""].trigger()
    assert choose_language() in ("en", "zh_CN")  # the system's again (this machine's locale)


def test_help_shows_the_shortcuts_and_the_versions(window, server, qtbot):
    from PySide6.QtCore import Qt, qVersion
    from PySide6.QtWidgets import QTableWidget

    dialog = window.help_menus.show_shortcuts()
    assert dialog.isVisible() and dialog.windowModality() != Qt.WindowModality.ApplicationModal
    table = dialog.findChild(QTableWidget)
    rows = {table.item(i, 0).text(): table.item(i, 1).text() for i in range(table.rowCount())}
    # Generated from the window's actions: each with all its keys and its status tip.
    assert rows["Ctrl+Shift+A"] == "Annotation mode: click elements to pin numbered notes"
    assert rows["Ctrl+L, Alt+D, F6"] == "Focus and select the address bar"
    assert "Alt+Down" in rows and "Esc" in rows and "F12, Ctrl+Shift+I" in rows
    # The About box names the Chromium major version the page itself reports (navigator.userAgent, reduced
    # to MAJOR.0.0.0 by Chromium's User-Agent reduction) and Qt's version.
    window.load_page(server.url("record.html"))
    with qtbot.waitCallback() as cb:
        window.view.page().runJavaScript("navigator.userAgent", 0, cb)
    major = re.search(r"Chrome/(\d+)\.", cb.args[0]).group(1)
    text = window.help_menus.about_text()
    assert f"Chromium {major}." in text and f"Qt {qVersion()}" in text and "LGPL-3.0" in text


def test_the_hover_label_is_worded_in_the_ui_language(zh_cn, window, server, qtbot, js):
    """The highlight's label is drawn by the window from the page's parts (name, size, place in the stack) and
    holds no words of its own to translate (issue 30, requirement 3: a tooltip, not a sentence): the same
    under zh_CN as in English, nothing of the page's English sentence."""
    from PySide6.QtCore import QPoint
    from PySide6.QtTest import QTest

    window.load_page(server.url("covered.html"))
    window.act_annotate.trigger()
    x, y = js("(() => { const r = document.querySelector('#buy').getBoundingClientRect();"
              " return [r.left + r.width / 2, r.top + r.height / 2]; })()")
    QTest.mouseMove(window.view.focusProxy(), QPoint(int(x), int(y)))
    qtbot.waitUntil(lambda: window.marks.label_rect() is not None, timeout=5000)
    text = window.marks.label_rect()[1]
    assert re.fullmatch(r"link “Open the card” · 320×200 · 1/\d+", text), text


# --- the live window under zh_CN: every menu, action, toolbar and dock (issue 30, requirement 6) ---------------

#: Words that stay as they are in every language: names of products, formats and protocols, and keys.
PROPER = {"pagenote", "DevTools", "Chromium", "JavaScript", "evaluate", "Markdown", "PNG", "CSS", "URL",
          "localhost", "DPR", "CPU", "WebHID", "Web", "Serial", "Ctrl", "Shift", "Alt", "Esc", "Enter", "Return",
          "Tab", "PgUp", "PgDown", "Left", "Right", "Up", "Down", "Del", "English"}


def _words_left(text: str) -> list[str]:
    """The English words of ``text`` that are not proper names or keys (a string with Chinese in it has none)."""
    if re.search(r"[\u4e00-\u9fff]", text):
        return []
    text = re.sub(r"\(&\w\)|&", "", text)
    return [w for w in re.findall(r"[A-Za-z]{2,}", text) if w not in PROPER and not re.fullmatch(r"F\d+", w)]


def _live_texts(window) -> list[tuple[str, str]]:
    """(where, text) of everything the window shows in its chrome: the menu bar's menus (titles, and each
    action's text, status tip and tooltip, submenus included), every window action, the toolbars (titles,
    each button's text and tooltip, the address bar's placeholder), the docks' titles, and every other widget's
    text, placeholder and tooltip (panel, mode strip, status line, bars)."""
    from PySide6.QtGui import QAction
    from PySide6.QtWidgets import (QAbstractButton, QDockWidget, QLabel, QLineEdit, QPlainTextEdit, QToolBar,
                                   QToolButton, QWidget)

    out: list[tuple[str, str]] = []

    def action_texts(where: str, action) -> None:
        if action.isSeparator():
            return
        out.extend((f"{where} › {action.text()!r} {kind}", text) for kind, text in (
            ("text", action.text()), ("statusTip", action.statusTip()), ("toolTip", action.toolTip())) if text)
        if action.menu() is not None:
            menu = action.menu()
            out.append((f"{where} menu", menu.title()))
            for sub in menu.actions():
                action_texts(f"{where} › {menu.title()}", sub)

    for action in window.menuBar().actions():
        action_texts("menu bar", action)
    for action in window.findChildren(QAction):
        action_texts("action", action)
    for bar in window.findChildren(QToolBar):
        out.append(("toolbar title", bar.windowTitle()))
        for button in bar.findChildren(QToolButton):
            out += [(f"toolbar button {button.text()!r}", t) for t in (button.text(), button.toolTip()) if t]
        for field in bar.findChildren(QLineEdit):
            out.append(("toolbar field", field.placeholderText()))
    for dock in window.findChildren(QDockWidget):
        out.append(("dock title", dock.windowTitle()))
    for widget in window.findChildren(QWidget):   # the panel, status line, strips and bars: texts and tips
        name = f"{type(widget).__name__} {widget.objectName()}".strip()
        if isinstance(widget, (QAbstractButton, QLabel)) and widget.text():
            out.append((name, re.sub(r"<[^>]+>", "", widget.text())))
        if isinstance(widget, (QLineEdit, QPlainTextEdit)) and widget.placeholderText():
            out.append((f"{name} placeholder", widget.placeholderText()))
        if widget.toolTip():
            out.append((f"{name} toolTip", widget.toolTip()))
    return out


def test_every_menu_action_toolbar_and_dock_of_the_live_window_reads_chinese(zh_cn, window):
    texts = _live_texts(window)
    assert len(texts) > 150   # the walk reaches the menus' actions, not only the bar
    left = sorted({f"{where}: {text!r}" for where, text in texts if _words_left(text)})
    assert not left, "English left in the zh_CN window:\n" + "\n".join(left)
    # Help → Keyboard shortcuts: section titles, keys (gestures' words) and what they do.
    from PySide6.QtWidgets import QTableWidget

    table = window.help_menus.show_shortcuts().findChild(QTableWidget)
    cells = [table.item(i, j).text() for i in range(table.rowCount()) for j in range(2) if table.item(i, j)]
    assert len(cells) > 60 and not [c for c in cells if _words_left(c)], [c for c in cells if _words_left(c)]
    # The trial's misses: the File menu's title, Open File… and its status tip.
    menus = {a.menu().objectName(): a.menu() for a in window.menuBar().actions() if a.menu()}
    assert menus["fileMenu"].title() == "文件(&F)"
    assert window.act_open.text() == "打开文件…" and "打开" in window.act_open.statusTip()


def test_the_walk_finds_an_english_string(window):
    """The walk's positive control: without the translation, the English texts are reported."""
    flagged = {text for _where, text in _live_texts(window) if _words_left(text)}
    assert {"&File", "Open File…", "Annotate"} <= {t.replace("&", "&") for t in flagged} | flagged


@pytest.mark.parametrize("chinese", [False, True])
def test_every_top_level_menu_has_a_mnemonic(request, chinese, window):
    if chinese:
        request.getfixturevalue("zh_cn")
        from app.ui.menus import with_mnemonics

        for action in window.menuBar().actions():   # the window was built in English: its titles again
            if action.menu() is not None and action.menu().objectName() == "fileMenu":
                action.menu().setTitle(QCoreApplication.translate("Menus", "&File"))
        with_mnemonics(window.menuBar())
    titles = [a.menu().title() for a in window.menuBar().actions() if a.menu() is not None]
    keys = [re.search(r"&(\w)", t) for t in titles]
    assert all(keys), titles
    assert len({k.group(1).lower() for k in keys}) == len(keys), titles


def test_what_a_row_says_an_annotation_points_at_is_worded_in_the_ui_language(zh_cn):
    """The trial under zh_CN read 'group of 2: span “if”, span “while”' in the note box title and the rows: the
    sentence words of a group, text range and region summary are translated; the roles and the page's words
    are not (WAI-ARIA role names, as Chromium's accessibility pane shows them)."""
    from app.model import Annotation, ElementRecord
    from app.ui.panel_rows import annotation_summary

    para = ElementRecord(tag="p", role="paragraph", text="Free shipping")
    group = Annotation(element=para, elements=[ElementRecord(tag="li", text=t) for t in ("One", "Two")])
    text = Annotation(element=para, selection={"quote": "all orders", "end": 10})
    region = Annotation(element=para, region={"rect": {"x": 0, "y": 0, "width": 350, "height": 230},
                                              "covers": [{"role": "button", "name": "Sign up"}]})
    assert annotation_summary(group) == "2 个元素的组：li “One”, li “Two”"
    # The quoted words first (as in English): a row cuts a long paragraph's text, never the words.
    assert annotation_summary(text) == "文字“all orders”，位于 paragraph “Free shipping”"
    assert annotation_summary(region) == "button “Sign up” 上的区域 350×230"
