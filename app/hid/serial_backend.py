"""Serial ports for Web Serial: the host's ports through pyserial, and virtual ports on pseudo-terminals
(``os.openpty``) that pyserial opens like any port, answering with a reply script (:mod:`app.hid.script`).

A virtual port (``serial`` entries of a ``--hid-backend virtual:FILE`` description)::

    {"name": "Virtual UART", "vendorId": 4617, "productId": 49375, "serialNumber": "VSP-1",
     "replies": [{"match": "50 49 4e 47 0a", "reply": "50 4f 4e 47 0a", "delay_ms": 2}]}

The device side of the pty (the master) is read on a thread; the bytes written since the last reply are
matched against the rules (an exact pattern against their tail, a ``*`` pattern against their start) and the
first match answers after its delay, then the buffer restarts. A port with ``"framing": "slip"`` (or a rule
with it) matches each SLIP packet instead and frames each reply (:mod:`app.hid.script`). Unplugging closes the
master (pyserial then fails with ``SerialException``, as with a pulled USB cable); plugging in again makes a new
pty (new path, same key). Modem lines do not exist on a pty (``TIOCMGET`` fails), so a virtual port keeps the
page's DTR/RTS/break itself and reports DCD, CTS and DSR as set.
"""

from __future__ import annotations

import logging
import os
import threading
import tty

from app.hid.backend import DeviceInfo
from app.hid.codec import SlipReader, slip_encode
from app.hid.script import Rule, ScriptError, parse_rules, render

log = logging.getLogger("pagenote.hid")

#: Most bytes a virtual port keeps while waiting for a match.
MATCH_BUFFER = 4_096


class VirtualPort:
    """One virtual serial port on a pty (module docstring). ``key`` is ``vserial:N``; ``path`` the pty's
    slave path while plugged in (``""`` unplugged)."""

    def __init__(self, key: str, info: dict) -> None:
        self.key = key
        try:
            self.vendor_id = int(info.get("vendorId", 0)) & 0xFFFF
            self.product_id = int(info.get("productId", 0)) & 0xFFFF
        except (TypeError, ValueError):
            raise ScriptError(f"{key}: vendorId/productId must be numbers") from None
        self.name = str(info.get("name", key))[:126]
        self.serial_number = str(info.get("serialNumber", ""))[:126]
        self.framing = str(info.get("framing", ""))
        if self.framing not in ("", "slip"):
            raise ScriptError(f"{key}: framing is slip or absent")
        self.rules: list[Rule] = parse_rules(info.get("replies", []), serial=True, framing_default=self.framing)
        self.signals = {"dataTerminalReady": False, "requestToSend": False, "break": False}
        self.on_change = lambda: None
        self._master = -1
        self._slave = -1
        self.path = ""
        self._lock = threading.Lock()
        if info.get("connected", True):
            self._plug_in()

    def info(self) -> DeviceInfo:
        """The port as a :class:`~app.hid.backend.DeviceInfo` (``backend`` ``virtual-serial``)."""
        return DeviceInfo.make(key=self.key, vendor_id=self.vendor_id, product_id=self.product_id,
                               product_name=self.name, serial_number=self.serial_number, backend="virtual-serial")

    @property
    def connected(self) -> bool:
        return self._master >= 0

    def _plug_in(self) -> None:
        master, slave = os.openpty()
        tty.setraw(slave)  # no echo, no line discipline: bytes pass as they are
        self._master, self._slave, self.path = master, slave, os.ttyname(slave)
        threading.Thread(target=self._serve, args=(master,), name=f"pagenote-{self.key}", daemon=True).start()

    def _serve(self, master: int) -> None:
        buffer = b""
        slip = SlipReader()
        while True:
            try:
                chunk = os.read(master, 4096)
            except OSError:
                return
            if not chunk:
                return
            rules = self.rules
            for packet in slip.feed(chunk) if any(r.framing for r in rules) else ():
                rule = next((r for r in rules if r.framing == "slip" and r.pattern.matches(packet)), None)
                if rule is not None:
                    self._later(rule.delay_ms, master, b"".join(slip_encode(render(r.template, packet))
                                                                for r in rule.replies))
            buffer = (buffer + chunk)[-MATCH_BUFFER:]
            for rule in rules:
                pat = rule.pattern
                if rule.framing:
                    continue
                frame = buffer if pat.rest else buffer[-len(pat.bytes_):] if pat.bytes_ else b""
                if frame and pat.matches(frame):
                    data = b"".join(render(r.template, frame) for r in rule.replies)
                    self._later(rule.delay_ms, master, data)
                    buffer = b""
                    break

    def _later(self, delay_ms: int, master: int, data: bytes) -> None:
        def send() -> None:
            with self._lock:
                if self._master == master:
                    try:
                        os.write(master, data)
                    except OSError:
                        pass
        if delay_ms <= 0:
            send()
        else:
            timer = threading.Timer(delay_ms / 1000, send)
            timer.daemon = True
            timer.start()

    def input(self, data: bytes) -> None:
        """Send ``data`` to the host side, as if the device sent it. Raises ``OSError`` when unplugged."""
        with self._lock:
            if self._master < 0:
                raise OSError(f"{self.key} is unplugged")
            os.write(self._master, data)

    def plug(self, connected: bool) -> None:
        """Plug in (a new pty) or unplug (close it). Calls :attr:`on_change`."""
        with self._lock:
            if connected == self.connected:
                return
            if connected:
                self._plug_in()
            else:
                for fd in (self._master, self._slave):
                    try:
                        os.close(fd)
                    except OSError:
                        pass
                self._master = self._slave = -1
                self.path = ""
        self.on_change()

    def close(self) -> None:
        """Unplug without telling anyone (shutdown)."""
        self.on_change = lambda: None
        self.plug(False)


class VirtualPorts:
    """The virtual ports of one description, with the interface the agent methods use for virtual devices
    (``keys``, ``info``, ``input``, ``set_script``, ``plug``, ``rule_count``; ``name`` ``virtual-serial``)."""

    name = "virtual-serial"

    def __init__(self, items: list, first: int = 0) -> None:
        if not isinstance(items, list):
            raise ScriptError("serial: a list of ports")
        self.ports = {f"vserial:{first + i}": VirtualPort(f"vserial:{first + i}", p if isinstance(p, dict) else {})
                      for i, p in enumerate(items)}

    def keys(self) -> list[str]:
        return list(self.ports)

    def info(self, key: str) -> tuple[DeviceInfo, bool]:
        port = self.ports[key]
        return port.info(), port.connected

    def input(self, key: str, _report_id: int, data: bytes) -> None:
        self.ports[key].input(data)

    def set_script(self, key: str, replies: list) -> None:
        self.ports[key].rules = parse_rules(replies, serial=True, framing_default=self.ports[key].framing)

    def rule_count(self, key: str) -> int:
        return len(self.ports[key].rules)

    def plug(self, key: str, connected: bool) -> None:
        self.ports[key].plug(connected)


class SerialBackends:
    """The serial ports pagenote offers: the host's (pyserial ``list_ports``, when ``real``) and the virtual
    ones of ``descriptions``. ``on_change`` is called (from any thread) when a virtual port is plugged or
    unplugged; the service polls the host's list."""

    def __init__(self, descriptions: list[dict], real: bool = True) -> None:
        self.real = real
        self.virtual: list[VirtualPorts] = []
        n = 0
        for d in descriptions:
            ports = VirtualPorts(d.get("serial", []), n)
            n += len(ports.ports)
            self.virtual.append(ports)
        self.on_change = lambda: None
        for vp in self.virtual:
            for port in vp.ports.values():
                port.on_change = lambda: self.on_change()
        self._open: dict[str, int] = {}

    def ports(self) -> list[DeviceInfo]:
        """The ports present now (virtual ones first)."""
        out = [p.info() for vp in self.virtual for p in vp.ports.values() if p.connected]
        if self.real:
            try:
                from serial.tools import list_ports

                for p in list_ports.comports():
                    out.append(DeviceInfo.make(key=f"serial:{p.device}", vendor_id=p.vid or 0, product_id=p.pid or 0,
                                               product_name=p.product or (p.description if p.description not in
                                                                           ("", "n/a") else p.device),
                                               serial_number=p.serial_number or "", backend="pyserial"))
            except ImportError as exc:
                log.warning("pyserial is not installed (%s): no serial ports", exc)
        return out

    def path(self, key: str) -> str:
        """The device path pyserial opens for port ``key``. Raises ``OSError`` when it is not present."""
        if key.startswith("serial:"):
            return key[len("serial:"):]
        for vp in self.virtual:
            if key in vp.ports and vp.ports[key].connected:
                return vp.ports[key].path
        raise OSError(f"{key} is not present")

    def present(self, key: str) -> bool:
        """Whether port ``key`` is there now (a virtual one plugged in, a real one's device node existing)."""
        try:
            return os.path.exists(self.path(key))
        except OSError:
            return False

    def virtual_port(self, key: str) -> VirtualPort | None:
        """The virtual port ``key`` (``None`` for a real one)."""
        for vp in self.virtual:
            if key in vp.ports:
                return vp.ports[key]
        return None

    def opened(self, key: str, delta: int) -> None:
        """Count a connection to ``key`` opened (+1) or closed (-1)."""
        self._open[key] = max(0, self._open.get(key, 0) + delta)

    def open_count(self, key: str) -> int:
        """How many connections port ``key`` has open."""
        return self._open.get(key, 0)

    def close(self) -> None:
        """Unplug every virtual port."""
        for vp in self.virtual:
            for port in vp.ports.values():
                port.close()
