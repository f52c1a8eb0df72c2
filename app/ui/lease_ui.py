"""The window's side of leases and the host's policy, added from outside the window's constructor: the
permission bar above the page, the crash page over it, Settings → Settings… and Settings → Permissions…, and
the app's policy messages (a blocked popup or download) in the status line."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QAction

from app.ui.crash_page import CrashPage
from app.ui.permission_bar import PermissionBar
from app.ui.permissions_view import PermissionsView
from app.ui.settings_dialog import SettingsDialog


class LeaseUi:
    """What :func:`install_lease_ui` adds to ``window``: ``permission_bar``, ``crash_page``,
    ``act_settings``, ``act_permissions``, and the dialogs once opened (``settings_dialog``,
    ``permissions_view``)."""

    def __init__(self, window) -> None:
        self.window = window
        tab = window.tab
        self.permission_bar = PermissionBar(tab.permissions)
        column = window.dialog_bar.parentWidget().layout()
        column.insertWidget(column.indexOf(window.dialog_bar) + 1, self.permission_bar)
        self.crash_page = CrashPage(tab)
        self.settings_dialog: SettingsDialog | None = None
        self.permissions_view: PermissionsView | None = None
        self.act_settings = QAction(QCoreApplication.translate("LeaseUi", "Settings…"), window)
        self.act_settings.setStatusTip(QCoreApplication.translate("LeaseUi", "Popups, downloads, permissions, "
                                                                  "evaluate, language"))
        self.act_settings.triggered.connect(self.open_settings)
        self.act_permissions = QAction(QCoreApplication.translate("LeaseUi", "Permissions…"), window)
        self.act_permissions.setStatusTip(QCoreApplication.translate("LeaseUi", "What pages asked for, and what "
                                                                     "you allowed"))
        self.act_permissions.triggered.connect(self.open_permissions)
        menu = self._settings_menu()
        if menu is not None:
            menu.addSeparator()
            menu.addActions([self.act_settings, self.act_permissions])
        window.app.message.connect(window.say)
        # The window shows one tab (its tab bar is not built yet): popups and tabs.new stay in the visible tab.
        window.app.single_view = True

    def _settings_menu(self):
        menus = getattr(self.window, "help_menus", None)
        actions = list(getattr(menus, "language_actions", {}).values())
        language = actions[0].parent() if actions else None  # the Language submenu, in Settings
        return language.parent() if language is not None else None

    def open_settings(self) -> SettingsDialog:
        """Open the Settings dialog (non-modal); returns it."""
        from app.runtime.i18n import settings

        self.settings_dialog = SettingsDialog(self.window.app, settings(), self.window)
        self.settings_dialog.accepted.connect(
            lambda: self.window.act_evaluate.setChecked(self.window.app.allow_evaluate)
            if hasattr(self.window, "act_evaluate") else None)
        self.settings_dialog.open()
        return self.settings_dialog

    def open_permissions(self) -> PermissionsView:
        """Open (or raise) the Permissions view; returns it."""
        if self.permissions_view is None:
            self.permissions_view = PermissionsView(self.window.app, self.window)
        self.permissions_view.show()
        self.permissions_view.raise_()
        return self.permissions_view


def install_lease_ui(window) -> LeaseUi:
    """Add the lease and policy UI to ``window`` (a :class:`~app.ui.main_window.MainWindow`); kept as
    ``window.lease_ui``."""
    window.lease_ui = LeaseUi(window)
    return window.lease_ui
