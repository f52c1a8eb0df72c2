"""Which device backends a pagenote process uses: ``--hid-backend`` values (or ``PAGENOTE_HID_BACKEND``,
``;``-separated), turned into backends and a :class:`~app.hid.service.DeviceService`.

Values: ``hidapi`` (the host's HID devices), ``virtual:FILE`` (the virtual devices of a description file,
:mod:`app.hid.virtual`; its ``serial`` entries become pty serial ports), ``none`` (no host devices). Real
devices appear beside virtual ones: the host's HID devices and serial ports are listed unless ``none`` is
given. With no value at all, the bundled demo devices (``resources/devices/demo.json``: the demo page's
"pagenote demo pad" and "pagenote demo UART") are there too, so the demo page works out of the box.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path

from app.core.errors import PagenoteError

log = logging.getLogger("pagenote.hid")

#: The environment variable the CLI passes ``--hid-backend`` values through (``;``-separated).
ENV = "PAGENOTE_HID_BACKEND"
#: The user setting (``pagenote.ini``) that turns the traffic log on for every page at start.
LOG_SETTING = "devices/log"


def on(value) -> bool:
    """A setting's value as a bool (``true``/``1``/``yes``/``on``; QSettings hands INI values back as text)."""
    return str(value).lower() in ("true", "1", "yes", "on")


def specs_from_env() -> list[str]:
    """The backend values in :data:`ENV` (empty when unset)."""
    return [s for s in os.environ.get(ENV, "").split(";") if s.strip()]


def check_spec(text: str) -> str:
    """``--hid-backend``'s argparse type: ``hidapi``, ``none`` or ``virtual:FILE`` with a readable FILE.
    Raises ``ValueError`` (argparse reports it)."""
    if text in ("hidapi", "none"):
        return text
    if text.startswith("virtual:") and Path(text[8:]).expanduser().is_file():
        return f"virtual:{Path(text[8:]).expanduser().resolve()}"
    raise ValueError(f"not hidapi, none or virtual:FILE with an existing FILE: {text!r}")


def make_service(specs: list[str], parent=None):
    """A :class:`~app.hid.service.DeviceService` for ``specs`` (module docstring). A backend that cannot
    start (hidapi missing) is left out with a warning. Raises :class:`PagenoteError` ``BAD_DEVICE_SCRIPT``
    for a virtual description that does not parse."""
    from app.hid.script import ScriptError
    from app.hid.serial_backend import SerialBackends
    from app.hid.service import DeviceService
    from app.hid.virtual import VirtualBackend, load_description

    backends, serial_descriptions = [], []
    if not specs:
        from app.core.resources import resource

        demo = resource("devices", "demo.json")
        specs = [f"virtual:{demo}"] if demo.is_file() else []
    if "none" not in specs:
        try:
            from app.hid.backend import HidapiBackend

            backends.append(HidapiBackend())
        except ImportError as exc:
            log.warning("hidapi is not installed (%s): no real HID devices", exc)
    for spec in specs:
        if spec.startswith("virtual:"):
            path = Path(spec[8:])
            try:
                description = load_description(path)
                backends.append(VirtualBackend(description))
            except ScriptError as exc:
                raise PagenoteError("BAD_DEVICE_SCRIPT", str(exc)) from None
            serial_descriptions.append(description)
    serial = SerialBackends(serial_descriptions, real="none" not in specs)
    return DeviceService(backends, parent, serial=serial)
