"""The window's side of leases and the host's policy, added from outside the window's constructor: the
permission, downloads and popup bars above the page, the crash page over it, Settings → Settings… and
Settings → Permissions…, and the app's policy messages (a blocked popup or download) in the status line."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QAction

from app.ui.crash_page import CrashPage
from app.ui.permission_bar import PermissionBar
from app.ui.permissions_view import PermissionsView
from app.ui.policy_bars import DownloadsBar, PopupBar
from app.ui.settings_dialog import SettingsDialog


class LeaseUi:
    """What :func:`install_lease_ui` adds to ``window``: ``permission_bar``, ``downloads_bar``, ``popup_bar``,
    ``crash_page`` (the current tab's; every tab has its own), ``act_settings``, ``act_permissions``, and the
    dialogs once opened (``settings_dialog``, ``permissions_view``)."""

    def __init__(self, window) -> None:
        self.window = window
        self._bars: dict[str, tuple] = {}  # by tab id (each its own): permission bar, crash page, downloads, popups
        for view in getattr(window, "views", {}).values():
            self._add_bars(view)
        window.app.tab_added.connect(self._tab_added)
        window.app.tab_closed.connect(lambda tab: self._bars.pop(tab.id, None))
        self.settings_dialog: SettingsDialog | None = None
        self.permissions_view: PermissionsView | None = None
        self.act_settings = QAction(QCoreApplication.translate("LeaseUi", "Settings…"), window)
        self.act_settings.setStatusTip(QCoreApplication.translate("LeaseUi", "Popups, downloads, permissions, "
                                                                  "evaluate, language, leases (clear a login)"))
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

    def _add_bars(self, view) -> None:
        """A permission bar, a downloads bar and a popup bar above ``view``'s page (a
        :class:`~app.ui.tab_view.TabView`) and a crash page over it."""
        bar = PermissionBar(view.tab.permissions)
        view.column.insertWidget(view.column.indexOf(view.dialog_bar) + 1, bar)
        downloads = getattr(view.tab, "downloads", None)   # the app's download policy part (app.tabs.downloads)
        downloads_bar = DownloadsBar(downloads) if downloads is not None else None
        popups = getattr(view.tab, "popups", None)   # the app's popup policy part (app.tabs.popups)
        popup_bar = PopupBar(popups) if popups is not None else None
        for extra in (downloads_bar, popup_bar):
            if extra is not None:
                view.column.insertWidget(view.column.indexOf(bar) + 1, extra)
        self._bars[view.tab.id] = (bar, CrashPage(view.tab), downloads_bar, popup_bar)

    def _tab_added(self, tab) -> None:
        view = getattr(self.window, "views", {}).get(tab.id)  # the window made it first (connected first)
        if view is not None:
            self._add_bars(view)

    @property
    def permission_bar(self) -> PermissionBar:
        """The current tab's permission bar."""
        return self._bars[self.window.tab.id][0]

    @property
    def downloads_bar(self) -> DownloadsBar | None:
        """The current tab's downloads bar (downloads waiting for Allow)."""
        return self._bars[self.window.tab.id][2]

    @property
    def popup_bar(self) -> PopupBar | None:
        """The current tab's popup bar (popups blocked for want of a click)."""
        return self._bars[self.window.tab.id][3]

    @property
    def crash_page(self) -> CrashPage:
        """The current tab's crash page."""
        return self._bars[self.window.tab.id][1]

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
