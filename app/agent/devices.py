"""The device methods of the agent socket (WebHID / Web Serial, :mod:`app.hid`): what is plugged in and
granted, the host traffic log, and driving the virtual devices.

- ``devices.list`` → ``{devices: [{key, kind, vendorId, productId, productName, serialNumber, backend,
  blocked, granted_to, open}], logging}``
- ``device.log(since_id?, dir?, device?, op?, limit?)`` → ``{entries, more, dropped, dropped_total, first_id,
  last_id, logging}``: the host log (:mod:`app.hid.traffic`), oldest first, at most 200 entries (``limit``
  1..200, default 50); ``more`` is exactly how many matching entries remain after the last one returned (page
  on with ``since_id``); ``dropped`` how many entries after ``since_id`` the ring (5,000) pushed out before
  anyone read them, ``dropped_total`` since the log began
- ``device.log_clear(logging?)`` → ``{cleared, logging}``: empty the log; ``logging`` turns the log on or
  off for every page of the lease (pages opened with ``?hidDebug=1`` log regardless)
- ``device.logging(logging?, console_echo?)`` → ``{logging, console_echo}``: the log's switches without
  clearing it: ``logging`` as above, ``console_echo`` one ``[HID]``/``[Serial]`` console line per entry in the
  pages (off by default); given neither, it says how they are
- ``device.grant(device?, origin?)`` → ``{device, origin, chooser}``: answer the page's open chooser with
  ``device`` (``chooser: true``; its ``requestDevice``/``requestPort`` resolves), else grant ``device`` to
  ``origin`` (default: the active page's) as Chrome's ``WebHidAllowDevicesForUrls`` /
  ``SerialAllowUsbDevicesForUrls`` policies do, so ``getDevices()`` lists it — how an agent connects a page
  without a user at the chooser
- ``virtual_device.input(device?, report_id?, hex)`` → ``{device, sent}``: the virtual HID device sends an
  input report (a virtual serial port: bytes) as if it came from the hardware
- ``virtual_device.script(device?, replies?, plug?)`` → ``{device, rules, connected}``: replace the reply
  script (:mod:`app.hid.script`) and/or plug the device ``in`` or ``out`` (hot-plug; the same name and values
  as the MCP tool's, and as ``DEVICE_UNPLUGGED``'s next step)

``device`` is a key from ``devices.list`` (``virtual:0`` …, ``vserial:0`` …); by default the first virtual
HID device. Errors: ``DEVICE_NOT_FOUND``, ``DEVICE_UNPLUGGED``, ``BAD_DEVICE_SCRIPT``, ``INVALID_PARAMS``.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr

from app.core.errors import PagenoteError
from app.hid.script import ScriptError, parse_hex
from app.hid.traffic import QUERY_LIMIT

#: ``device.log``'s default ``limit``.
DEFAULT_LIMIT = 50


class _Params(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class NoParams(_Params):
    pass


class LogParams(_Params):
    since_id: StrictInt = Field(default=0, ge=0)
    dir: Literal["TX", "RX", "EVENT"] | None = None
    device: StrictStr | None = Field(default=None, max_length=200)
    op: StrictStr | None = Field(default=None, max_length=200)
    limit: StrictInt = Field(default=DEFAULT_LIMIT, ge=1, le=QUERY_LIMIT)


class ClearParams(_Params):
    logging: StrictBool | None = None


class LoggingParams(_Params):
    logging: StrictBool | None = None
    console_echo: StrictBool | None = None


class GrantParams(_Params):
    device: StrictStr | None = None
    origin: StrictStr | None = Field(default=None, max_length=500)


class InputParams(_Params):
    device: StrictStr | None = None
    report_id: StrictInt = Field(default=0, ge=0, le=255)
    hex: StrictStr = Field(max_length=20_000)


class ScriptParams(_Params):
    device: StrictStr | None = None
    replies: list[dict[str, Any]] | None = Field(default=None, max_length=500)
    plug: Literal["in", "out"] | None = None


class DeviceMethods:
    """Handlers over ``app.devices`` (a :class:`~app.hid.service.DeviceService`)."""

    def __init__(self, app) -> None:
        self.app = app

    @property
    def service(self):
        return self.app.devices

    def list(self, _p: NoParams) -> dict:
        service = self.service
        grants = service.grants()
        opened: dict[str, int] = {}
        for h in service.handles():
            opened[h.device.key] = opened.get(h.device.key, 0) + 1
        devices = []
        for kind in ("hid", "serial"):
            present = {d.key: d for d in service.devices(kind)}
            for key, info in present.items():
                row = {"kind": kind, **info.summary(), "connected": True}
                row["granted_to"] = sorted(o for o, keys in grants.items() if key in keys)
                row["open"] = opened.get(key, 0) + (service.serial.open_count(key) if kind == "serial" and service.serial else 0)
                devices.append(row)
        for backend, kind in self._virtual_backends():
            for key in backend.keys():
                info, connected = backend.info(key)
                if not connected:
                    devices.append({"kind": kind, **info.summary(), "connected": False,
                                    "granted_to": sorted(o for o, keys in grants.items() if key in keys), "open": 0})
        return {"devices": devices, "logging": service.logging}

    def _virtual_backends(self) -> list:
        out = [(b, "hid") for b in self.service.backends if b.name == "virtual"]
        if self.service.serial is not None:
            out += [(b, "serial") for b in self.service.serial.virtual]
        return out

    def _virtual(self, key: str | None):
        for backend, _kind in self._virtual_backends():
            keys = backend.keys()
            if (key is None and keys) or key in keys:
                return backend, key or keys[0]
        raise PagenoteError("DEVICE_NOT_FOUND", f"no virtual device {key!r}" if key else "no virtual device: start "
                            "pagenote with --hid-backend virtual:FILE")

    def log(self, p: LogParams) -> dict:
        log = self.service.log
        page = log.page(p.since_id, p.dir, p.device, p.op, p.limit)
        return {"entries": [e.as_dict() for e in page.entries], "more": page.remaining, "dropped": page.dropped,
                "dropped_total": page.dropped_total, "first_id": page.first_id, "last_id": log.last_id(),
                "logging": self.service.logging}

    def clear(self, p: ClearParams) -> dict:
        cleared = self.service.log.clear()
        if p.logging is not None:
            self.service.logging = p.logging
        return {"cleared": cleared, "logging": self.service.logging}

    def logging(self, p: LoggingParams) -> dict:
        if p.logging is not None:
            self.service.logging = p.logging
        if p.console_echo is not None:
            self.service.console_echo = p.console_echo
        return {"logging": self.service.logging, "console_echo": self.service.console_echo}

    def grant(self, p: GrantParams) -> dict:
        from app.hid.page import origin_of

        service = self.service
        key = p.device or next((d.key for d in service.devices("hid") if d.backend == "virtual"), None)
        kinds = {d.key: k for k in ("hid", "serial") for d in service.devices(k)}
        if key is None or key not in kinds:
            raise PagenoteError("DEVICE_NOT_FOUND", f"no device {key!r} is plugged in" if key else "no virtual device")
        origin = p.origin
        if origin is None:
            tab = self.app.active_tab
            origin = origin_of(tab.page.url()) if tab is not None else None
            if not origin:
                raise PagenoteError("NO_PAGE", "the active page has no secure origin to grant a device to")
        for req in service.pending():
            if req.origin == origin and req.choose(key):
                return {"device": key, "origin": origin, "chooser": True}
        service.grant(origin, key)
        return {"device": key, "origin": origin, "chooser": False}

    def input(self, p: InputParams) -> dict:
        backend, key = self._virtual(p.device)
        try:
            data = parse_hex(p.hex)
        except ScriptError as exc:
            raise PagenoteError("INVALID_PARAMS", f"virtual_device.input: {exc}") from None
        try:
            backend.input(key, p.report_id, data)
        except OSError as exc:
            raise PagenoteError("DEVICE_UNPLUGGED", str(exc)) from None
        return {"device": key, "sent": len(data)}

    def script(self, p: ScriptParams) -> dict:
        backend, key = self._virtual(p.device)
        if p.replies is not None:
            try:
                backend.set_script(key, p.replies)
            except ScriptError as exc:
                raise PagenoteError("BAD_DEVICE_SCRIPT", str(exc)) from None
        if p.plug is not None:
            backend.plug(key, p.plug == "in")
        _info, connected = backend.info(key)
        return {"device": key, "rules": backend.rule_count(key), "connected": connected}


def devices_table(app) -> dict:
    """The device methods for :class:`app.agent.methods.Methods`' dispatch table."""
    m = DeviceMethods(app)
    return {"devices.list": (NoParams, m.list), "device.log": (LogParams, m.log),
            "device.log_clear": (ClearParams, m.clear), "device.logging": (LoggingParams, m.logging),
            "device.grant": (GrantParams, m.grant),
            "virtual_device.input": (InputParams, m.input),
            "virtual_device.script": (ScriptParams, m.script)}
