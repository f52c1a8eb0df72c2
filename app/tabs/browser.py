"""The parts of a tab that let an agent use it as a browser: navigation, the console log and the network
summary (:class:`BrowserParts`). The application attaches them to each tab it creates (:func:`attach`), before
the tab's first load, so nothing the page logs or requests is missed."""

from __future__ import annotations

from app.tabs.console import ConsoleLog
from app.tabs.navigation import Navigator
from app.tabs.network import NetworkLog
from app.tabs.tab import Tab


class BrowserParts:
    """``navigator`` (:class:`~app.tabs.navigation.Navigator`), ``console``
    (:class:`~app.tabs.console.ConsoleLog`) and ``network`` (:class:`~app.tabs.network.NetworkLog`) of one
    tab; the logs are children of the tab (deleted with it)."""

    def __init__(self, tab: Tab) -> None:
        self.navigator = Navigator(tab.page)
        self.console = ConsoleLog(tab.page, tab, tab.cdp)
        self.network = NetworkLog(tab.page, tab)


def attach(tab: Tab) -> BrowserParts:
    """Give ``tab`` its :class:`BrowserParts` (as ``tab.browser``) unless it has them; returns them."""
    parts = getattr(tab, "browser", None)
    if parts is None:
        parts = tab.browser = BrowserParts(tab)
    return parts
