"""The Settings dialog: the common settings of ``settings.toml`` (:mod:`app.runtime.settings`) — popups,
downloads, the permission default, agents' evaluate, source hints and the language — and the persistent leases
with their size and a Clear button each (:class:`~app.ui.lease_list.LeaseList`, which acts at once). OK writes
the file and applies what can change at once (popups, downloads, permissions, evaluate); the language applies
from the next start. Non-modal (``open()``)."""

from __future__ import annotations

from PySide6.QtWidgets import (QCheckBox, QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLabel, QVBoxLayout,
                               QWidget)

from app.runtime.i18n import LANGUAGES
from app.ui.lease_list import LeaseList


class SettingsDialog(QDialog):
    """Edits a copy of ``store.settings`` (a :class:`~app.runtime.settings.SettingsStore`); :meth:`accept`
    saves it and applies it to ``app``. The widgets are attributes (tests set them); ``leases`` lists the
    persistent leases."""

    def __init__(self, app, store, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.app, self.store = app, store
        self.setWindowTitle(self.tr("Settings"))
        current = store.settings
        self.popups = QCheckBox(self.tr("Pages may open popups (as tabs next to theirs)"))
        self.popups.setChecked(current.browser.popups)
        self.downloads = QCheckBox(self.tr("Allow downloads (into your downloads folder; more than one per click asks first)"))
        self.downloads.setChecked(current.browser.downloads)
        self.permissions = QComboBox()
        self.permissions.addItem(self.tr("Deny at once"), "deny")
        self.permissions.addItem(self.tr("Ask me (a bar above the page)"), "ask")
        self.permissions.setCurrentIndex(max(0, self.permissions.findData(current.browser.permissions)))
        self.evaluate = QCheckBox(self.tr("Agents may run JavaScript in the page (evaluate)"))
        self.evaluate.setChecked(current.agent.evaluate)
        self.source_hints = QCheckBox(self.tr("Show source hints for elements"))
        self.source_hints.setChecked(current.browser.source_hints)
        self.language = QComboBox()
        self.language.addItem(self.tr("System language"), "")
        for code, name in LANGUAGES.items():
            self.language.addItem(name, code)
        self.language.setCurrentIndex(max(0, self.language.findData(current.ui.language)))
        form = QFormLayout()
        form.addRow(self.popups)
        form.addRow(self.downloads)
        form.addRow(self.tr("Permission requests"), self.permissions)
        form.addRow(self.evaluate)
        form.addRow(self.source_hints)
        form.addRow(self.tr("Language (from the next start)"), self.language)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        self.leases = LeaseList(app, self)
        layout.addWidget(self.leases)
        layout.addWidget(QLabel(self.tr("Saved in {0}").format(store.fileName())))
        layout.addWidget(buttons)

    def accept(self) -> None:  # noqa: D102 (Qt slot)
        from app.runtime.settings import save_settings

        settings = self.store.settings.model_copy(deep=True)
        settings.browser.popups = self.popups.isChecked()
        settings.browser.downloads = self.downloads.isChecked()
        settings.browser.permissions = self.permissions.currentData()
        settings.agent.evaluate = self.evaluate.isChecked()
        settings.browser.source_hints = self.source_hints.isChecked()
        settings.ui.language = self.language.currentData()
        save_settings(settings, self.store.path)
        self.store.settings = settings
        self.app.apply_settings(settings)
        self.app.allow_evaluate = settings.agent.evaluate
        super().accept()
