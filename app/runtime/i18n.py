"""The window's language: which one (``--lang``, the Settings choice, else the system locale) and the Qt
translators that make it so.

Every user-facing string of the UI goes through Qt's translation system (``self.tr`` /
``QCoreApplication.translate``); ``resources/i18n/pagenote_<lang>.ts`` are the Qt Linguist sources
(``pyside6-lupdate``), compiled to ``.qm`` by ``setup.py`` (wheel), ``packaging/build.sh`` (bundle) and
``dev/bootstrap.sh`` (checkout). English is the source language. The Markdown protocol, the CLI's output and
the agent socket stay English whatever the UI language: agents parse them.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QSettings, QTranslator

from app.core.resources import resource

#: Languages with a complete translation (besides English, the source), by the code ``--lang`` takes.
LANGUAGES = {"en": "English", "zh_CN": "简体中文"}
#: The QSettings key of the Settings menu's choice ("" or absent: follow the system).
SETTINGS_KEY = "ui/language"


def settings():
    """pagenote's user settings: a :class:`~app.runtime.settings.SettingsStore` over ``settings.toml`` (the
    settings the model knows: language, evaluate, device log, browser policy …) beside the ``QSettings`` INI
    file ``pagenote.ini`` that keeps window state, both in the user's config directory (e.g.
    ``~/.config/pagenote/``; ``QSettings.setPath`` moves both). ``value``/``setValue`` as on ``QSettings``."""
    from pathlib import Path

    from app.runtime.settings import FILE_NAME, SettingsStore

    ini = QSettings(QSettings.Format.IniFormat, QSettings.Scope.UserScope, "pagenote", "pagenote")
    return SettingsStore(Path(ini.fileName()).with_name(FILE_NAME), ini)


def normalise(code: str) -> str | None:
    """``"zh-CN"``, ``"zh_CN.UTF-8"``, ``"zh"`` → ``"zh_CN"``; ``"en_US"`` → ``"en"``; None for a language
    pagenote has no translation for (the UI is then English). Simplified Chinese is what ``zh`` means here:
    the only Chinese translation (zh_TW/zh_HK fall back to English rather than to the wrong script)."""
    code = (code or "").split(".")[0].replace("-", "_")
    if code in LANGUAGES:
        return code
    lang, _, region = code.partition("_")
    if lang == "en":
        return "en"
    if lang == "zh" and region in ("", "CN", "SG", "Hans"):
        return "zh_CN"
    return None


def choose_language(explicit: str | None = None) -> str:
    """The UI language: ``explicit`` (``--lang``; a code :func:`normalise` does not know raises
    ``ValueError``), else the Settings choice, else the system locale's first UI language
    (``QLocale.system().uiLanguages()``, which follows ``LANGUAGE``/``LC_ALL``/``LANG`` on Linux), else English."""
    if explicit:
        found = normalise(explicit)
        if not found:
            raise ValueError(f"no translation for {explicit!r}; known: {', '.join(LANGUAGES)}")
        return found
    saved = normalise(str(settings().value(SETTINGS_KEY, "") or ""))
    if saved:
        return saved
    for code in QLocale.system().uiLanguages():
        found = normalise(code)
        if found:
            return found
    return "en"


def ui_locale(language: str, system: QLocale | None = None) -> QLocale:
    """The locale dates and numbers are written in (``QLocale()`` once :func:`install_translators` set it):
    the ``system`` locale (``QLocale.system()`` when ``None``) when it speaks the UI ``language`` — its region's
    own format, ``en_GB``'s 03/12/2026 — else the UI language's own locale (``en`` → en_US, ``zh_CN``). The
    C/POSIX locale of a bare session (``LANG=C``, Xvfb, containers) has no format of its own: its dates read
    ``3 12 2026 07:50`` whatever the UI speaks (issue 30, requirement 5), so it counts as another language;
    a system language pagenote has no translation for (``de_DE`` with the English UI it falls back to) keeps its
    own format."""
    system = system or QLocale.system()
    wanted = QLocale(language)
    if system.language() == QLocale.Language.C:
        return wanted
    if system.language() == wanted.language() or (language == "en" and normalise(system.name()) is None):
        return system
    return wanted


def install_translators(app: QCoreApplication, language: str) -> list[QTranslator]:
    """Load pagenote's and Qt's own (qtbase: standard dialogs and buttons) translations for ``language`` into
    ``app``, and make :func:`ui_locale` the default locale; returns the translators, which the caller keeps referenced for the app's lifetime. English loads
    pagenote's plural forms only (``pagenote_en``). A missing ``.qm`` (a checkout where bootstrap did not compile them) leaves that part English."""
    QLocale.setDefault(ui_locale(language))   # dates and numbers as the UI's language writes them
    out = []
    parts = [(f"pagenote_{language}", str(resource("i18n")))]
    if language != "en":   # English: only pagenote's plural forms (%n annotation/annotations); Qt's are English
        parts.append((f"qtbase_{language}", QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)))
    for name, directory in parts:
        translator = QTranslator(app)
        if translator.load(name, directory):
            app.installTranslator(translator)
            out.append(translator)
    return out
