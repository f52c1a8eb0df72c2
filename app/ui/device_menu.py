"""The window's "Device" toolbar control (issue 26, requirement 4): the shown tab's emulation
(:mod:`app.tabs.emulation`) — a device, the colour scheme, reduced motion, print media, a CPU slowdown, a
network preset, and "None" to clear them all. It applies the same state ``browser_emulate`` does, and its
checks follow the shown tab (an agent's ``browser_emulate`` shows here too)."""

from __future__ import annotations

from PySide6.QtCore import QObject, QTimer
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QMenu, QToolButton

from app.core.errors import PagenoteError
from app.core.tasks import spawn
from app.protocol.emulated_devices import CPU_RATES, DEVICES, NETWORK_PRESETS, NONE
from app.tabs.emulation import EmulationState, TabEmulation, emulation_of


class DeviceMenu(QObject):
    """``action``: the toolbar action opening :attr:`menu`; checked while the shown tab emulates anything.
    ``items``: ``{(setting, value): QAction}`` — setting one of ``device``, ``color_scheme``,
    ``reduced_motion``, ``media``, ``cpu_throttling``, ``network``, value as :meth:`TabEmulation.emulate` takes
    it (``"none"`` clears); ``("none", "none")`` is "None" (everything cleared)."""

    def __init__(self, window) -> None:
        super().__init__(window)
        self.window = window
        self.menu = QMenu(window)
        self.items: dict[tuple[str, object], QAction] = {}
        tip = self.tr("Emulate a device, dark mode, reduced motion, print, a slow CPU or a slow network in this tab")
        self.action = action = QAction(self.tr("Device"), window)
        action.setCheckable(True)
        action.setToolTip(tip)
        action.setStatusTip(tip)
        action.setMenu(self.menu)
        self._item(self.menu, "none", NONE, self.tr("None (the window as it is)"), None)
        self.menu.addSeparator()
        group = QActionGroup(self)
        self._item(self.menu, "device", NONE, self.tr("Window size"), group)
        for device in DEVICES:
            self._item(self.menu, "device", device.name, self.tr("{0} — {1}×{2}, DPR {3:g}").format(
                device.name, device.width, device.height, device.dpr), group)
        self.menu.addSeparator()
        self._choices(self.tr("Color scheme"), "color_scheme", [
            (NONE, self.tr("System")), ("light", self.tr("Light")), ("dark", self.tr("Dark"))])
        self._choices(self.tr("Motion"), "reduced_motion", [
            (NONE, self.tr("System")), ("reduce", self.tr("Reduced motion")),
            ("no-preference", self.tr("No preference"))])
        self._choices(self.tr("Media"), "media", [
            (NONE, self.tr("Screen (as it is)")), ("print", self.tr("Print"))])
        self._choices(self.tr("CPU"), "cpu_throttling", [
            (1, self.tr("No slowdown")), *[(rate, self.tr("{0}× slower").format(rate)) for rate in CPU_RATES]])
        self._choices(self.tr("Network"), "network", [
            (NONE, self.tr("No throttling")), *[(name, self.network_name(name)) for name in NETWORK_PRESETS]])
        window.addAction(action)
        bar = window.toolbars.bar
        bar.addAction(action)
        button = bar.widgetForAction(action)
        if isinstance(button, QToolButton):
            button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self._watched: set[int] = set()
        window.tab_strip.currentChanged.connect(lambda _i: QTimer.singleShot(0, self, self.follow))
        QTimer.singleShot(0, self, self.follow)

    def network_name(self, preset: str) -> str:
        """A network preset's name (:data:`NETWORK_PRESETS`' keys, DevTools' names) in the UI's language."""
        names = {"offline": self.tr("Offline"), "Slow 4G": self.tr("Slow 4G"), "Fast 4G": self.tr("Fast 4G")}
        return names.get(preset, preset)

    def _item(self, menu: QMenu, setting: str, value: object, text: str, group: QActionGroup | None) -> QAction:
        item = menu.addAction(text)
        item.setCheckable(group is not None)
        if group is not None:
            group.addAction(item)
        item.triggered.connect(lambda _on=False: spawn(self.choose(setting, value), "device menu"))
        self.items[(setting, value)] = item
        return item

    def _choices(self, title: str, setting: str, choices: list[tuple[object, str]]) -> None:
        sub = self.menu.addMenu(title)
        group = QActionGroup(self)
        for value, text in choices:
            self._item(sub, setting, value, text, group)

    def _emulation(self) -> TabEmulation | None:
        tab = self.window.tab if self.window.current is not None else None
        if tab is None:
            return None
        emulation = emulation_of(tab)
        if id(emulation) not in self._watched:
            self._watched.add(id(emulation))
            emulation.changed.connect(lambda _state: self.follow())
        return emulation

    def follow(self) -> None:
        """The checks show the shown tab's emulation."""
        emulation = self._emulation()
        state = emulation.state if emulation is not None else EmulationState()
        self.action.setChecked(state.active)
        self.action.setToolTip(state.describe() or self.action.statusTip())
        chosen = {("device", state.device or NONE), ("color_scheme", state.color_scheme or NONE),
                  ("reduced_motion", state.reduced_motion or NONE), ("media", state.media or NONE),
                  ("cpu_throttling", int(state.cpu) if state.cpu == int(state.cpu) else state.cpu),
                  ("network", state.network or NONE)}
        for key, item in self.items.items():
            if item.isCheckable():
                item.setChecked(key in chosen)

    async def choose(self, setting: str, value: object) -> EmulationState | None:
        """Apply one menu choice to the shown tab (``("none", "none")``: clear all) and say it in the status
        bar; returns the new state, ``None`` without a tab or when the page refused (the status bar says why)."""
        emulation = self._emulation()
        if emulation is None:
            return None
        try:
            if setting == "none":
                state = await emulation.clear()
            else:
                state = await emulation.emulate(**{setting: value})
        except PagenoteError as exc:
            self.window.say(self.tr("Emulation not applied: {0}").format(exc.message))
            self.follow()
            return None
        self.window.say(self.tr("Emulating: {0}").format(state.describe()) if state.active
                        else self.tr("Emulation off: the page sees the window"))
        self.follow()
        return state
