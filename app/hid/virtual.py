"""A virtual HID device behind the same :class:`~app.hid.backend.Backend` interface as hidapi
(``pagenote --hid-backend virtual:FILE``), for hardware-free tests and demos.

The description file is JSON (``.json``) or TOML (``.toml``)::

    {"hid": [{"name": "Macro Pad", "vendorId": 4617, "productId": 1, "serialNumber": "VMP-1",
              "descriptor": "06 00 ff 09 01 a1 01 …", "connected": true,
              "features": {"3": "03 0c 01"},
              "replies": [{"match": "01 a1 0c *", "reply": {"reportId": 2, "hex": "b1 0c"}, "delay_ms": 5}]}],
     "serial": [ … ]}

``features`` maps a feature report id to the bytes ``receiveFeatureReport`` answers (id byte first; a
``sendFeatureReport`` to that id replaces them, and so does a reply ``"to": "feature"``). ``replies`` is a reply
script (:mod:`app.hid.script`): rules ``on`` ``output`` (default) and ``feature`` answer writes, a rule ``on``
``get_feature`` computes what ``receiveFeatureReport`` answers.
``connected: false`` starts it unplugged; :meth:`VirtualBackend.plug` plugs and unplugs it. Input reports
can be injected at any time (:meth:`VirtualBackend.input`), as if the device sent them.
"""

from __future__ import annotations

import json
import queue
import threading
from dataclasses import dataclass, field
from pathlib import Path

from app.hid.backend import Backend, Connection, DeviceInfo
from app.hid.script import Rule, ScriptError, first_match, parse_hex, parse_rules, render


def load_description(path: Path) -> dict:
    """The parsed description file (``.toml`` through ``tomllib``, anything else as JSON). Raises
    :class:`~app.hid.script.ScriptError` for a file that cannot be read or parsed."""
    try:
        text = path.read_text(encoding="utf-8")
        if path.suffix.lower() == ".toml":
            import tomllib

            data = tomllib.loads(text)
        else:
            data = json.loads(text)
    except (OSError, ValueError) as exc:
        raise ScriptError(f"{path}: {exc}") from None
    if not isinstance(data, dict):
        raise ScriptError(f"{path}: the description is an object with 'hid' and/or 'serial' lists")
    return data


@dataclass
class _Device:
    info: DeviceInfo
    rules: list[Rule]
    features: dict[int, bytes]
    connected: bool
    connections: list = field(default_factory=list)


class _VirtualConnection(Connection):
    def __init__(self, backend: VirtualBackend, dev: _Device) -> None:
        self._backend, self._dev = backend, dev
        self._queue: queue.Queue[bytes] = queue.Queue()
        self._closed = False

    def _check(self) -> None:
        if self._closed or not self._dev.connected:
            raise OSError("the virtual device is closed or unplugged")

    def push(self, report: bytes) -> None:
        if not self._closed:
            self._queue.put(report)

    def write(self, data: bytes) -> int:
        self._check()
        self._backend._react(self._dev, "output", data)
        return len(data)

    def send_feature(self, data: bytes) -> int:
        self._check()
        if data:
            self._dev.features[data[0]] = bytes(data)
        self._backend._react(self._dev, "feature", data)
        return len(data)

    def get_feature(self, report_id: int, length: int) -> bytes:
        self._check()
        stored = self._dev.features.get(report_id)
        rule = first_match(self._dev.rules, "get_feature", stored or bytes([report_id]))
        if rule is not None and rule.replies:
            first = rule.replies[0]
            return (bytes([first.report_id]) + render(first.template, stored or bytes([report_id])))[:max(length, 1)]
        if stored is None:
            raise OSError(f"no feature report {report_id}")
        return stored[:max(length, 1)]

    def read(self, timeout_ms: int) -> bytes | None:
        if self._closed or self not in self._dev.connections:
            raise OSError("closed or unplugged")
        try:
            return self._queue.get(timeout=timeout_ms / 1000)
        except queue.Empty:
            if not self._dev.connected:
                raise OSError("unplugged") from None
            return None

    def close(self) -> None:
        self._closed = True
        if self in self._dev.connections:
            self._dev.connections.remove(self)


class VirtualBackend(Backend):
    """Virtual HID devices from a description (module docstring); keys ``virtual:0``, ``virtual:1`` … in
    file order. Thread-safe: replies fire on timer threads."""

    name = "virtual"

    def __init__(self, description: dict) -> None:
        super().__init__()
        self._lock = threading.Lock()
        self._timers: set[threading.Timer] = set()
        self._devices: dict[str, _Device] = {}
        items = description.get("hid", [])
        if not isinstance(items, list):
            raise ScriptError("hid: a list of devices")
        for i, d in enumerate(items):
            if not isinstance(d, dict):
                raise ScriptError(f"hid[{i}]: a device is an object")
            key = f"virtual:{i}"
            try:
                info = DeviceInfo.make(key=key, vendor_id=int(d.get("vendorId", 0)) & 0xFFFF,
                                       product_id=int(d.get("productId", 0)) & 0xFFFF,
                                       product_name=str(d.get("name", f"Virtual HID {i}"))[:126],
                                       serial_number=str(d.get("serialNumber", ""))[:126],
                                       descriptor=parse_hex(d.get("descriptor", ""), f"hid[{i}].descriptor"),
                                       backend=self.name)
                features = {int(k): parse_hex(v, f"hid[{i}].features") for k, v in (d.get("features") or {}).items()}
            except ScriptError:
                raise
            except (TypeError, ValueError) as exc:
                raise ScriptError(f"hid[{i}]: {exc}") from None
            self._devices[key] = _Device(info, parse_rules(d.get("replies", [])), features,
                                         bool(d.get("connected", True)))

    @classmethod
    def from_file(cls, path: Path) -> VirtualBackend:
        """The backend for description file ``path``. Raises :class:`~app.hid.script.ScriptError`."""
        return cls(load_description(path))

    def _device(self, key: str) -> _Device:
        if key not in self._devices:
            raise KeyError(key)
        return self._devices[key]

    def enumerate(self) -> list[DeviceInfo]:
        with self._lock:
            return [d.info for d in self._devices.values() if d.connected]

    def open(self, key: str) -> Connection:
        with self._lock:
            dev = self._devices.get(key)
            if dev is None or not dev.connected:
                raise OSError(f"{key} is not connected")
            conn = _VirtualConnection(self, dev)
            dev.connections.append(conn)
            return conn

    def _react(self, dev: _Device, on: str, frame: bytes) -> None:
        rule = first_match(dev.rules, on, frame)
        if rule is None:
            return
        for reply in rule.replies:
            data = render(reply.template, frame)
            if reply.to == "feature":   # what receiveFeatureReport answers from now on
                self._dev_feature(dev, reply.report_id, data)
                continue
            report = bytes([reply.report_id]) + data if dev.info.numbered else data
            self._later(rule.delay_ms, dev, report)

    def _dev_feature(self, dev: _Device, report_id: int, data: bytes) -> None:
        with self._lock:
            dev.features[report_id] = bytes([report_id]) + data

    def _later(self, delay_ms: int, dev: _Device, report: bytes) -> None:
        if delay_ms <= 0:
            self._deliver(dev, report)
            return
        timer = threading.Timer(delay_ms / 1000, lambda: (self._timers.discard(timer), self._deliver(dev, report)))
        timer.daemon = True
        self._timers.add(timer)
        timer.start()

    def _deliver(self, dev: _Device, report: bytes) -> None:
        with self._lock:
            targets = list(dev.connections) if dev.connected else []
        for conn in targets:
            conn.push(report)

    # -- driving the device (tests, agents, the demo) ----------------------------------------------------------

    def keys(self) -> list[str]:
        """Every virtual device's key, plugged or not."""
        return list(self._devices)

    def info(self, key: str) -> tuple[DeviceInfo, bool]:
        """``(info, connected)`` of device ``key``. Raises ``KeyError``."""
        dev = self._device(key)
        return dev.info, dev.connected

    def input(self, key: str, report_id: int, data: bytes) -> None:
        """Send input report ``report_id`` with ``data`` from device ``key`` to every open connection, as if the
        device sent it. Raises ``KeyError`` (no such device) and ``OSError`` (unplugged)."""
        dev = self._device(key)
        if not dev.connected:
            raise OSError(f"{key} is unplugged")
        self._deliver(dev, bytes([report_id]) + data if dev.info.numbered else data)

    def set_script(self, key: str, replies: list) -> None:
        """Replace device ``key``'s reply script (``replies`` as in the description). Raises ``KeyError`` and
        :class:`~app.hid.script.ScriptError`."""
        rules = parse_rules(replies)
        self._device(key).rules = rules

    def rule_count(self, key: str) -> int:
        """How many reply rules device ``key`` has. Raises ``KeyError``."""
        return len(self._device(key).rules)

    def plug(self, key: str, connected: bool) -> None:
        """Plug (``True``) or unplug device ``key``; open connections fail once it is unplugged. Calls
        :attr:`on_change`. Raises ``KeyError``."""
        dev = self._device(key)
        with self._lock:
            if dev.connected == connected:
                return
            dev.connected = connected
            if not connected:
                dev.connections.clear()
        self.on_change()

    def close(self) -> None:
        for timer in list(self._timers):
            timer.cancel()
        self._timers.clear()
