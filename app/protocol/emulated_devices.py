"""What pagenote can emulate (issue 26, requirement 4), as data: devices, network presets and the bounds of
``browser_resize`` / ``browser_emulate``. No Qt; :mod:`app.tabs.emulation` turns these into CDP commands.

Devices (CSS px, portrait; DPR = device px per CSS px). Sources, read for the facts:

- iPhone 15: Apple's technical specifications, 2556 × 1179 px at 460 ppi, a @3x display → 393 × 852 CSS px,
  DPR 3 (Playwright's ``deviceDescriptorsSource.json`` "iPhone 15": screen 393 × 852, deviceScaleFactor 3;
  its smaller ``viewport`` subtracts Safari's toolbars, which pagenote's window does not have).
- Pixel 8: Google's specifications, 1080 × 2400 px; Chrome DevTools' device list gives the Pixel 7 family
  412 × 915 CSS px at DPR 2.625 (2400 / 2.625 ≈ 914), the same panel size.
- iPad: Playwright's "iPad (gen 7)" (Chrome DevTools' list has no plain iPad any more): 810 × 1080, DPR 2.
- Desktop 1280 × 800 and 1920 × 1080: DPR 1, no touch, not mobile (Chrome DevTools' responsive presets).

User agents are not overridden: ``Emulation.setUserAgentOverride`` is not on the allow-list and a changed UA
makes pages serve another document than the one being annotated; the viewport, DPR, touch and ``mobile``
(the ``<meta name=viewport>`` handling) are what layouts read.

Network presets are Chrome DevTools' (``front_end/core/sdk/NetworkManager.ts``, also chrome-devtools-mcp's
``emulate`` via Puppeteer's ``PredefinedNetworkConditions``): throughput in bytes/s = Mbit/s × 10⁶ / 8 × 0.9,
latency in ms = the RTT × DevTools' adjustment factor (3.75 for Slow 4G, 2.75 for Fast 4G).
"""

from __future__ import annotations

from dataclasses import dataclass

from app.core.errors import PagenoteError


@dataclass(frozen=True)
class Device:
    """One emulated device: ``name`` (as agents and the Device menu spell it), ``width``/``height`` (CSS px,
    the viewport the page sees), ``dpr`` (``window.devicePixelRatio``), ``mobile`` (Chromium's mobile viewport:
    ``<meta name=viewport>`` honoured, overlay scrollbars), ``touch`` (``ontouchstart``, ``maxTouchPoints``)."""

    name: str
    width: int
    height: int
    dpr: float
    mobile: bool
    touch: bool


#: The device table, in menu order (see the module docstring for the sources).
DEVICES: tuple[Device, ...] = (
    Device("iPhone 15", 393, 852, 3.0, True, True),
    Device("Pixel 8", 412, 915, 2.625, True, True),
    Device("iPad", 810, 1080, 2.0, True, True),
    Device("Desktop 1280x800", 1280, 800, 1.0, False, False),
    Device("Desktop 1920x1080", 1920, 1080, 1.0, False, False),
)

#: ``browser_resize`` bounds, CSS px, inclusive: 1..10,000 on each side (Chromium accepts up to 10,000,000 in
#: ``setDeviceMetricsOverride``; a 10,000 px side is already far past any screen and keeps grabs bounded).
MIN_SIDE, MAX_SIDE = 1, 10_000
#: CPU slowdown bounds, inclusive (chrome-devtools-mcp's ``cpuThrottlingRate``: 1..20; 1 = no slowdown).
MIN_CPU, MAX_CPU = 1, 20
#: The CPU slowdowns the Device menu offers (Chrome's Performance panel offers 4× and 6×; 20× is the bound).
CPU_RATES = (2, 4, 6, 20)

#: Network presets → ``Network.emulateNetworkConditions`` params (module docstring for the numbers).
NETWORK_PRESETS: dict[str, dict] = {
    "offline": {"offline": True, "latency": 0, "downloadThroughput": 0, "uploadThroughput": 0},
    "Slow 4G": {"offline": False, "latency": 150 * 3.75, "downloadThroughput": 1.6 * 1000 * 1000 / 8 * 0.9,
                "uploadThroughput": 750 * 1000 / 8 * 0.9},
    "Fast 4G": {"offline": False, "latency": 60 * 2.75, "downloadThroughput": 9 * 1000 * 1000 / 8 * 0.9,
                "uploadThroughput": 1.5 * 1000 * 1000 / 8 * 0.9},
}
#: What clears an emulated setting (``device``, ``network``): the word the Device menu shows too.
NONE = "none"
COLOR_SCHEMES = ("light", "dark", NONE)
REDUCED_MOTION = ("reduce", "no-preference", NONE)
MEDIA = ("print", "screen", NONE)


def _key(name: str) -> str:
    return "".join(ch for ch in name.casefold() if ch.isalnum())


def device_named(name: str) -> Device:
    """The device called ``name`` (case, spaces and punctuation ignored: ``"iphone-15"`` is iPhone 15;
    ``"desktop 1920×1080"`` works with either x). Raises ``INVALID_PARAMS`` naming the known devices."""
    key = _key(name.replace("×", "x"))
    for device in DEVICES:
        if _key(device.name) == key:
            return device
    raise PagenoteError("INVALID_PARAMS", f"unknown device {name[:80]!r}; known devices: "
                                          f"{', '.join(d.name for d in DEVICES)}, or {NONE!r}")


def network_named(name: str) -> str:
    """The preset key for ``name`` (case and spaces ignored), or :data:`NONE`. Raises ``INVALID_PARAMS``
    naming the presets."""
    key = _key(name)
    if key in (NONE, "noemulation"):
        return NONE
    for preset in NETWORK_PRESETS:
        if _key(preset) == key:
            return preset
    raise PagenoteError("INVALID_PARAMS", f"unknown network preset {name[:80]!r}; known presets: "
                                          f"{', '.join(NETWORK_PRESETS)}, or {NONE!r}")


def check_side(what: str, value: int) -> int:
    """``value`` when it is a whole number of CSS px in :data:`MIN_SIDE`..:data:`MAX_SIDE`, else
    ``INVALID_PARAMS`` saying the rule (``what``: ``width`` or ``height``)."""
    if isinstance(value, bool) or not isinstance(value, int) or not MIN_SIDE <= value <= MAX_SIDE:
        raise PagenoteError("INVALID_PARAMS", f"{what} {value!r} is out of bounds: a whole number of CSS px "
                                              f"from {MIN_SIDE} to {MAX_SIDE:,}")
    return value


def check_cpu(rate: float) -> float:
    """``rate`` when it is a slowdown factor in :data:`MIN_CPU`..:data:`MAX_CPU` (1 = none), else
    ``INVALID_PARAMS`` saying the rule."""
    if isinstance(rate, bool) or not isinstance(rate, (int, float)) or not MIN_CPU <= rate <= MAX_CPU:
        raise PagenoteError("INVALID_PARAMS", f"cpu_throttling {rate!r} is out of bounds: a slowdown factor "
                                              f"from {MIN_CPU} (none) to {MAX_CPU}")
    return float(rate)


def check_choice(what: str, value: str, allowed: tuple[str, ...]) -> str:
    """``value`` when it is one of ``allowed``, else ``INVALID_PARAMS`` listing them."""
    if value not in allowed:
        raise PagenoteError("INVALID_PARAMS", f"{what} {value[:80]!r} is not one of {', '.join(allowed)}")
    return value
