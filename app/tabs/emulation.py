"""A tab's emulation (issue 26, requirement 4): the viewport, DPR, touch and mobile flags of a device (or a
plain ``browser_resize``), ``prefers-color-scheme``, ``prefers-reduced-motion``, print media, a CPU slowdown
and a network preset — applied over the tab's CDP session (:mod:`app.webview.cdp`), no port, no window resize.

How it reaches the page (CDP ``Emulation`` / ``Network`` domains, all on :data:`app.webview.cdp.ALLOWED_METHODS`):
``setDeviceMetricsOverride`` (or ``clearDeviceMetricsOverride``), ``setTouchEmulationEnabled``,
``setEmulatedMedia`` (media + the two features), ``setCPUThrottlingRate``, ``Network.emulateNetworkConditions``.
Every :meth:`TabEmulation.apply` sends the whole state (each command is idempotent), so re-applying after the
session re-attached (its ``attached`` signal) or after a renderer crash is the same call.

While anything is emulated the session is held (``tab.cdp.hold("emulation")``) so it does not detach when
idle (the overrides live in the session: a detach would drop them); the session's ``attached`` signal,
which also fires after a crashed renderer was reloaded, re-applies them; "None" clears everything and releases it.

What the window shows: Chromium draws the emulated viewport at the top left of the view, at the *window's*
DPR (measured on Qt 6.12 / Chromium 140 offscreen: iPhone 15 at DPR 3 in an 872 × 644 view → the page reads
``innerWidth`` 393 and ``devicePixelRatio`` 3, ``view.grab()`` shows it 393 device px wide).

Screenshots: while a *device* is emulated, a viewport screenshot is Chromium's own at the device's DPR
(``Page.captureScreenshot`` over the session, :mod:`app.capture.device_shot`: 1179 × 2556 px for an iPhone 15
with the ``device`` scale, its whole viewport even when larger than the view), redacted as every screenshot.
A ``browser_resize`` viewport (the window's DPR), full-page and element screenshots are grabs of the view
cropped to the viewport (:func:`app.capture.viewport.emulated_viewport`): ``width × window DPR`` by ``height ×
window DPR`` device px; a viewport larger than the view cannot be grabbed whole and those are refused with
``CAPTURE_SIZE`` (enlarge the window).
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from dataclasses import asdict, dataclass, replace

from PySide6.QtCore import QObject, QSize, Signal

from app.capture import device_shot
from app.core.errors import PagenoteError
from app.protocol import emulated_devices as ed
from app.webview.cdp import CdpSession

log = logging.getLogger("pagenote.emulation")

#: The Qt dynamic property of the tab's view holding the emulated viewport (``QSize``, CSS px; an invalid
#: ``QSize`` when none): what the capture crops to (:func:`app.capture.viewport.emulated_viewport`).
VIEW_PROPERTY = "pagenoteEmulatedViewport"
#: ``maxTouchPoints`` a touch device reports (Chrome DevTools' device mode uses 1; phones report 5).
TOUCH_POINTS = 5


@dataclass(frozen=True)
class EmulationState:
    """What is emulated. ``device``: a :data:`~app.protocol.emulated_devices.DEVICES` name or ``""``;
    ``width``/``height``: the viewport in CSS px, 0 = the window's; ``dpr``: 0 = the window's; ``mobile``,
    ``touch``: the device's flags; ``color_scheme`` (``light``/``dark``), ``reduced_motion``
    (``reduce``/``no-preference``), ``media`` (``print``/``screen``): ``""`` = not emulated; ``cpu``: slowdown
    factor, 1 = none; ``network``: a preset name of :data:`~app.protocol.emulated_devices.NETWORK_PRESETS` or
    ``""``."""

    device: str = ""
    width: int = 0
    height: int = 0
    dpr: float = 0.0
    mobile: bool = False
    touch: bool = False
    color_scheme: str = ""
    reduced_motion: str = ""
    media: str = ""
    cpu: float = 1.0
    network: str = ""

    @property
    def active(self) -> bool:
        """Anything emulated at all."""
        return self != EmulationState()

    def describe(self) -> str:
        """One line for annotations and the status bar, e.g. ``iPhone 15, viewport 393×852 CSS px, DPR 3,
        mobile, touch; prefers-color-scheme: dark``; ``""`` when nothing is emulated."""
        parts = []
        if self.width:
            head = f"{self.device}, " if self.device else ""
            view = f"{head}viewport {self.width}×{self.height} CSS px"
            view += f", DPR {self.dpr:g}" if self.dpr else ""
            view += ", mobile" if self.mobile else ""
            view += ", touch" if self.touch else ""
            parts.append(view)
        extras = [f"prefers-color-scheme: {self.color_scheme}" if self.color_scheme else "",
                  f"prefers-reduced-motion: {self.reduced_motion}" if self.reduced_motion else "",
                  f"media: {self.media}" if self.media else "",
                  f"CPU ×{self.cpu:g}" if self.cpu != 1 else "", f"network: {self.network}" if self.network else ""]
        return "; ".join(p for p in [", ".join(parts) if parts else "", *extras] if p)

    def view(self) -> dict:
        """The state as an agent reads it: the dataclass fields plus ``active`` and ``text``
        (:meth:`describe`)."""
        return {**asdict(self), "active": self.active, "text": self.describe()}


def with_changes(state: EmulationState, *, device: str | None = None, color_scheme: str | None = None,
                 reduced_motion: str | None = None, media: str | None = None, cpu_throttling: float | None = None,
                 network: str | None = None) -> EmulationState:
    """``state`` with the given settings changed (``None`` leaves one as it is; ``"none"`` clears it).
    Validates everything before anything is applied, so bad input leaves the tab as it was. Raises
    ``INVALID_PARAMS`` (:mod:`app.protocol.emulated_devices`: unknown device or preset, CPU outside 1..20,
    an unknown colour scheme, motion or media value)."""
    if device is not None:
        if device.strip().casefold() == ed.NONE:
            state = replace(state, device="", width=0, height=0, dpr=0.0, mobile=False, touch=False)
        else:
            d = ed.device_named(device)
            state = replace(state, device=d.name, width=d.width, height=d.height, dpr=d.dpr, mobile=d.mobile,
                            touch=d.touch)
    if color_scheme is not None:
        value = ed.check_choice("color_scheme", color_scheme, ed.COLOR_SCHEMES)
        state = replace(state, color_scheme="" if value == ed.NONE else value)
    if reduced_motion is not None:
        value = ed.check_choice("reduced_motion", reduced_motion, ed.REDUCED_MOTION)
        state = replace(state, reduced_motion="" if value == ed.NONE else value)
    if media is not None:
        value = ed.check_choice("media", media, ed.MEDIA)
        state = replace(state, media="" if value == ed.NONE else value)
    if cpu_throttling is not None:
        state = replace(state, cpu=ed.check_cpu(cpu_throttling))
    if network is not None:
        preset = ed.network_named(network)
        state = replace(state, network="" if preset == ed.NONE else preset)
    return state


def resized(state: EmulationState, width: int, height: int) -> EmulationState:
    """``state`` with a ``width`` × ``height`` CSS px viewport at the window's DPR, not mobile, no touch
    (``browser_resize``: a device's flags go with its name). Raises ``INVALID_PARAMS`` outside
    :data:`~app.protocol.emulated_devices.MIN_SIDE`..:data:`~app.protocol.emulated_devices.MAX_SIDE`."""
    return replace(state, device="", width=ed.check_side("width", width), height=ed.check_side("height", height),
                   dpr=0.0, mobile=False, touch=False)


def commands(state: EmulationState) -> list[tuple[str, dict]]:
    """The CDP commands that make the page see ``state`` (each idempotent; the clearing form for what is
    not emulated), in order."""
    out: list[tuple[str, dict]] = []
    if state.width:
        out.append(("Emulation.setDeviceMetricsOverride", {
            "width": state.width, "height": state.height, "deviceScaleFactor": state.dpr, "mobile": state.mobile,
            "screenWidth": state.width, "screenHeight": state.height}))
    else:
        out.append(("Emulation.clearDeviceMetricsOverride", {}))
    out.append(("Emulation.setTouchEmulationEnabled", {"enabled": state.touch, "maxTouchPoints": TOUCH_POINTS}
                if state.touch else {"enabled": False}))
    out.append(("Emulation.setEmulatedMedia", {"media": state.media, "features": [
        {"name": "prefers-color-scheme", "value": state.color_scheme},
        {"name": "prefers-reduced-motion", "value": state.reduced_motion}]}))
    out.append(("Emulation.setCPUThrottlingRate", {"rate": state.cpu}))
    network = ed.NETWORK_PRESETS.get(state.network) or {"offline": False, "latency": 0, "downloadThroughput": -1,
                                                        "uploadThroughput": -1}
    out.append(("Network.emulateNetworkConditions", dict(network)))
    return out


class TabEmulation(QObject):
    """The emulation of one tab (:func:`emulation_of`). ``state`` is what is applied (it changes only once
    the page took it).

    Signals: ``changed(object)``: the new :class:`EmulationState` after an apply (the Device menu and the
    status bar follow it)."""

    changed = Signal(object)

    def __init__(self, tab) -> None:
        super().__init__(tab)
        self.tab = tab
        self.state = EmulationState()
        self._release = None
        self._lock = asyncio.Lock()
        cdp: CdpSession = tab.cdp
        # Fires on every attach: a new frontend, and a crashed renderer reloaded (Inspector.targetReloadedAfterCrash).
        cdp.attached.connect(self._reattached)

    async def apply(self, state: EmulationState) -> EmulationState:
        """Make the page see ``state`` and return it. Raises the session's errors (``CDP_*``); on one,
        :attr:`state` stays the previous one."""
        return await self._apply(lambda _current: state)

    async def _apply(self, make) -> EmulationState:
        """Apply ``make(current state)``, computed once the previous apply finished (two menu choices in a row
        both count); ``make`` raising (bad input) leaves everything as it was."""
        async with self._lock:
            previous = self.state
            state = make(previous)
            if state.active:
                self._hold()
            try:
                await self._send_all(state)
            except PagenoteError:
                if not previous.active:
                    self._unhold()
                raise
            self.state = state
            self._publish()
            if not state.active:
                self._unhold()
        self.changed.emit(state)
        return state

    async def emulate(self, **changes) -> EmulationState:
        """:func:`with_changes` then :meth:`apply` (the arguments of :func:`with_changes`)."""
        return await self._apply(lambda current: with_changes(current, **changes))

    async def resize(self, width: int, height: int) -> EmulationState:
        """:func:`resized` then :meth:`apply`."""
        return await self._apply(lambda current: resized(current, width, height))

    async def clear(self) -> EmulationState:
        """Emulate nothing ("None"): every override cleared, the session released."""
        return await self.apply(EmulationState())

    def fits(self) -> bool:
        """The emulated viewport (if any) fits in the view, so screenshots can show it whole."""
        return viewport_fits(self.tab, self.state)

    # -- internals ---------------------------------------------------------------------------------------------

    async def _send_all(self, state: EmulationState) -> None:
        for method, params in commands(state):
            await self.tab.cdp.send(method, params)

    def _publish(self) -> None:
        """Where the rest of pagenote reads the state: the view's property (capture) and the tab session's
        ``emulated`` line (annotations made now record it)."""
        s = self.state
        view = self.tab.view
        view.setProperty(VIEW_PROPERTY, QSize(s.width, s.height) if s.width else QSize())
        # A device's viewport screenshots come from Chromium at its DPR (app.capture.device_shot).
        device = bool(s.device and s.dpr)
        view.setProperty(device_shot.DPR_PROPERTY, float(s.dpr) if device else 0.0)
        view.setProperty(device_shot.SESSION_PROPERTY, self.tab.cdp if device else None)
        self.tab.session.emulated = s.describe() if s.width else ""

    def _hold(self) -> None:
        if self._release is None:
            self._release = self.tab.cdp.hold("emulation")

    def _unhold(self) -> None:
        release, self._release = self._release, None
        if release is not None:
            release()

    def _reattached(self) -> None:
        # A new session has none of the overrides: send them again (req. 1: per-session state re-applied).
        if self.state.active:
            self._spawn_reapply("re-attach")

    def _spawn_reapply(self, why: str) -> None:
        from app.core.tasks import spawn

        async def again() -> None:
            async with self._lock:
                try:
                    await self._send_all(self.state)
                except PagenoteError as exc:
                    log.warning("emulation not re-applied after %s: %s", why, exc)

        spawn(again(), "emulation re-apply")


_EMULATIONS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def emulation_of(tab) -> TabEmulation:
    """The :class:`TabEmulation` of ``tab`` (an :class:`app.tabs.tab.Tab`; made on first use, kept as long as
    the tab)."""
    emulation = _EMULATIONS.get(tab)
    if emulation is None:
        emulation = _EMULATIONS[tab] = TabEmulation(tab)
    return emulation


def viewport_fits(tab, state: EmulationState) -> bool:
    """``state``'s viewport (if any; CSS px × page zoom) fits in ``tab``'s view, so screenshots can show it
    whole (:func:`app.capture.viewport.emulated_viewport`)."""
    zoom = tab.view.zoomFactor() or 1.0
    return state.width * zoom <= tab.view.width() + 0.5 and state.height * zoom <= tab.view.height() + 0.5


def current_emulation(tab) -> EmulationState:
    """What ``tab`` emulates now, without creating its :class:`TabEmulation`."""
    emulation = _EMULATIONS.get(tab)
    return emulation.state if emulation is not None else EmulationState()
