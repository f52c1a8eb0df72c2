"""The device service of one lease: the devices of every backend, the grants (per origin, for the lease's
lifetime), the chooser requests, open connections with their reader threads, and the host traffic log.

Chromium's rules it follows (``chrome/browser/hid/hid_chooser_context.cc``, ``hid_chooser_controller.cc``):
a grant belongs to an origin; the chooser lists the devices matching any of the filters (an empty list
matches all) and none of the exclusion filters, never one the blocklist excludes; ``forget()`` revokes the
grant and closes the origin's connections to the device. Grants are not written anywhere: leases are off the
record, so a grant lives as long as the lease.

Threads: backends block, so enumerate/open/write/read run on worker threads; results come back to the GUI
thread through a queued Qt signal (:class:`_Relay`), never by blocking it.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import itertools
import logging
import secrets
import threading

from PySide6.QtCore import QObject, Signal

from app.hid.backend import POLL_S, Backend, Connection, DeviceInfo
from app.hid.filters import filter_matches, serial_filter_matches
from app.hid.traffic import TrafficLog

log = logging.getLogger("pagenote.hid")

#: How long a reader thread waits for one input report before checking whether it should stop, in ms.
READ_SLICE_MS = 100


class ChooserRequest(QObject):
    """A page's ``requestDevice``/``requestPort`` waiting for the user: ``origin``, ``api`` (``hid`` or
    ``serial``), ``filters``, ``exclusion_filters``; :meth:`candidates` lists what may be chosen now.
    :meth:`choose` answers (a device key, or ``None`` to cancel). Signals: ``finished(object)`` with the
    chosen key or ``None``."""

    finished = Signal(object)

    def __init__(self, service: DeviceService, origin: str, api: str, filters: list, exclusion_filters: list) -> None:
        super().__init__(service)
        self.service, self.origin, self.api = service, origin, api
        self.filters, self.exclusion_filters = filters, exclusion_filters
        self.done = False

    def candidates(self) -> list[DeviceInfo]:
        """The devices the chooser offers now (blocklisted ones never)."""
        match = filter_matches if self.api == "hid" else serial_filter_matches
        return [d for d in self.service.devices(self.api) if not d.blocked and d.usable
                and (not self.filters or any(match(d, f) for f in self.filters))
                and not any(match(d, f) for f in self.exclusion_filters)]

    def choose(self, key: str | None) -> bool:
        """Answer with ``key`` (one of :meth:`candidates`) or ``None`` (cancel). Returns ``False`` when the
        request was already answered or ``key`` is not a candidate (the request then stays open)."""
        if self.done or (key is not None and key not in {d.key for d in self.candidates()}):
            return False
        self.done = True
        if key is not None:
            self.service.grant(self.origin, key)
        self.finished.emit(key)
        return True


class _Relay(QObject):
    """Carries worker-thread results to the GUI thread (a queued connection: the relay lives there)."""

    fired = Signal(object)


class Handle:
    """One open connection: ``id``, ``device`` (:class:`DeviceInfo`), ``origin``, ``tab``; ``on_input``
    (``(report_id, data)`` on the GUI thread) and ``on_lost`` are set by the opener."""

    def __init__(self, hid: int, device: DeviceInfo, conn: Connection, origin: str, tab: str) -> None:
        self.id, self.device, self.conn, self.origin, self.tab = hid, device, conn, origin, tab
        self.on_input = lambda report_id, data, entry: None
        self.on_lost = lambda: None
        self.stop = threading.Event()
        self.closed = False


class DeviceService(QObject):
    """Devices, grants, chooser requests and connections of one lease (module docstring).

    Signals:
        devices_changed(): a device was plugged or unplugged (or a backend reported a change).
        grants_changed(): a grant was added or revoked.
        chooser_requested(ChooserRequest): a page asked the user to pick a device.
        connections_changed(): a connection was opened or closed.
        settings_changed(): ``logging`` or ``console_echo`` changed (the pages are told).
    ``logging`` turns the host traffic log on for every page of the lease (pages with ``?hidDebug=1`` log
    regardless); ``console_echo`` makes the pages' logs write one ``[HID]``/``[Serial]`` console line per entry
    (off by default: the lines are info-level and crowd the page's own messages); ``log`` is the
    :class:`~app.hid.traffic.TrafficLog`.
    """

    devices_changed = Signal()
    grants_changed = Signal()
    chooser_requested = Signal(object)
    connections_changed = Signal()
    settings_changed = Signal()

    def __init__(self, backends: list[Backend], parent: QObject | None = None, serial=None) -> None:
        super().__init__(parent)
        self.backends = list(backends)
        self.serial = serial  # an app.hid.serial_service.SerialBackends, or None
        self._logging = False
        self._console_echo = False
        self.log = TrafficLog()
        self._secret = secrets.token_bytes(16)
        self._grants: dict[str, list[str]] = {}
        self._devices: dict[str, DeviceInfo] = {}
        self._ports: dict[str, DeviceInfo] = {}
        self._handles: dict[int, Handle] = {}
        self._pending: list[ChooserRequest] = []
        self._ids = itertools.count(1)
        self._relay = _Relay(self)
        self._relay.fired.connect(lambda fn: fn())
        self._stop = threading.Event()
        for b in self.backends:
            b.on_change = lambda: self._relay.fired.emit(self.refresh)
        if serial is not None:
            serial.on_change = lambda: self._relay.fired.emit(self.refresh)
        self.refresh()
        if any(b.polled for b in self.backends) or (serial is not None and serial.real):
            threading.Thread(target=self._poll, name="pagenote-hid-poll", daemon=True).start()

    @property
    def logging(self) -> bool:
        """Whether the host log records every page's traffic (class docstring)."""
        return self._logging

    @logging.setter
    def logging(self, on: bool) -> None:
        if bool(on) != self._logging:
            self._logging = bool(on)
            self.settings_changed.emit()

    @property
    def console_echo(self) -> bool:
        """Whether pages echo their log entries to the console (class docstring)."""
        return self._console_echo

    @console_echo.setter
    def console_echo(self, on: bool) -> None:
        if bool(on) != self._console_echo:
            self._console_echo = bool(on)
            self.settings_changed.emit()

    def on_gui(self, fn) -> None:
        """Run ``fn()`` on the GUI thread (callable from any thread; a queued signal, never blocking)."""
        self._relay.fired.emit(fn)

    # -- devices -------------------------------------------------------------------------------------------------

    def _enumerate(self) -> dict[str, DeviceInfo]:
        found: dict[str, DeviceInfo] = {}
        for b in self.backends:
            try:
                found.update({d.key: d for d in b.enumerate()})
            except Exception as exc:  # noqa: BLE001 (a backend's library failing must not stop the others)
                log.warning("HID backend %s failed to list devices: %s", b.name, exc)
        return found

    def _list_ports(self) -> dict[str, DeviceInfo]:
        if self.serial is None:
            return {}
        try:
            return {p.key: p for p in self.serial.ports()}
        except Exception as exc:  # noqa: BLE001 (pyserial's port scan failing must not stop HID)
            log.warning("listing serial ports failed: %s", exc)
            return {}

    def _poll(self) -> None:
        while not self._stop.wait(POLL_S):
            found, ports = self._enumerate(), self._list_ports()
            if set(found) != set(self._devices) or set(ports) != set(self._ports):
                try:
                    self._relay.fired.emit(lambda: self._apply(found, ports))
                except RuntimeError:   # the relay was deleted with the service (app closing): stop polling
                    return

    def refresh(self) -> None:
        """Re-list every backend's devices and ports now (on the calling thread; virtual backends are instant)
        and emit ``devices_changed`` when a list changed; connections to a device that went away are lost."""
        self._apply(self._enumerate(), self._list_ports())

    def _apply(self, found: dict[str, DeviceInfo], ports: dict[str, DeviceInfo]) -> None:
        if set(found) == set(self._devices) and set(ports) == set(self._ports):
            return
        gone = set(self._devices) - set(found)
        if self.logging:
            for api, old, new in (("hid", self._devices, found), ("serial", self._ports, ports)):
                for key in sorted(set(new) - set(old)):
                    self.note(api, new[key], "connect")
                for key in sorted(set(old) - set(new)):
                    self.note(api, old[key], "disconnect")
        self._devices, self._ports = found, ports
        for h in list(self._handles.values()):
            if h.device.key in gone:
                self._lose(h, "unplug")
        self.devices_changed.emit()

    def devices(self, api: str = "hid") -> list[DeviceInfo]:
        """The devices present now (``api`` ``hid``; ``serial`` asks the serial backends)."""
        return list((self._ports if api == "serial" else self._devices).values())

    def device(self, key: str) -> DeviceInfo | None:
        """The present device or port ``key`` (``None`` when it is not present)."""
        return self._devices.get(key) or self._ports.get(key)

    def token(self, origin: str, key: str) -> str:
        """The id a page of ``origin`` knows device ``key`` by: stable for the lease, different per origin,
        so one origin cannot name another's device (HMAC-SHA256 with a per-service secret, 16 hex chars)."""
        return hmac.new(self._secret, f"{origin}\n{key}".encode(), hashlib.sha256).hexdigest()[:16]

    # -- grants --------------------------------------------------------------------------------------------------

    def grant(self, origin: str, key: str) -> None:
        """Let ``origin`` use device ``key`` for the lease's lifetime."""
        keys = self._grants.setdefault(origin, [])
        if key not in keys:
            keys.append(key)
            self.grants_changed.emit()

    def revoke(self, origin: str, key: str) -> None:
        """Take back ``origin``'s grant for ``key`` and close its connections to it (``forget()``; the
        Devices dock's Revoke)."""
        keys = self._grants.get(origin, [])
        for h in [h for h in self._handles.values() if h.origin == origin and h.device.key == key]:
            self._lose(h, "revoked")
        if key in keys:
            keys.remove(key)
            self.grants_changed.emit()

    def granted(self, origin: str) -> list[str]:
        """The keys ``origin`` was granted (present or not), in grant order."""
        return list(self._grants.get(origin, []))

    def grants(self) -> dict[str, list[str]]:
        """Every grant: origin → device keys."""
        return {o: list(k) for o, k in self._grants.items() if k}

    def request(self, origin: str, api: str, filters: list, exclusion_filters: list) -> ChooserRequest:
        """A new chooser request, announced with ``chooser_requested`` (whoever shows the chooser answers it)."""
        req = ChooserRequest(self, origin, api, filters, exclusion_filters)
        self._pending.append(req)
        req.finished.connect(lambda _key: req in self._pending and self._pending.remove(req))
        self.chooser_requested.emit(req)
        return req

    def pending(self) -> list[ChooserRequest]:
        """The chooser requests not answered yet, oldest first."""
        return list(self._pending)

    # -- connections ---------------------------------------------------------------------------------------------

    async def open(self, key: str, origin: str, tab: str) -> Handle:
        """Open device ``key`` for ``origin`` on a worker thread and start its reader. Raises ``OSError``
        (gone, no permission) and ``PermissionError`` when ``origin`` has no grant."""
        if key not in self.granted(origin):
            raise PermissionError("no grant")
        device = self._devices.get(key)
        if device is None:
            raise OSError("device not present")
        if not device.usable:
            raise OSError(device.error)
        backend = next(b for b in self.backends if b.name == device.backend)
        conn = await asyncio.get_running_loop().run_in_executor(None, backend.open, key)
        handle = Handle(next(self._ids), device, conn, origin, tab)
        self._handles[handle.id] = handle
        threading.Thread(target=self._reader, args=(handle,), name=f"pagenote-hid-read-{handle.id}",
                         daemon=True).start()
        self.connections_changed.emit()
        return handle

    def _reader(self, handle: Handle) -> None:
        # The reader closes the connection itself: hidapi must not close a device another thread reads.
        numbered = handle.device.numbered
        try:
            while not handle.stop.is_set():
                try:
                    data = handle.conn.read(READ_SLICE_MS)
                except OSError as exc:
                    if not handle.stop.is_set():
                        why = "error" if self._still_present(handle.device) else "unplug"
                        self._relay.fired.emit(lambda: self._lose(handle, why, str(exc) or type(exc).__name__))
                    return
                if data:
                    rid, payload = (data[0], data[1:]) if numbered else (0, data)
                    self._relay.fired.emit(lambda rid=rid, payload=payload: self._input(handle, rid, payload))
        finally:
            try:
                handle.conn.close()
            except OSError:
                pass

    def _still_present(self, device: DeviceInfo) -> bool:
        """Whether ``device``'s backend still lists it (on a worker thread: enumerating may block)."""
        backend = next((b for b in self.backends if b.name == device.backend), None)
        try:
            return backend is not None and any(d.key == device.key for d in backend.enumerate())
        except Exception:  # noqa: BLE001 (a library failing to list: the device is as good as gone)
            return False

    def _input(self, handle: Handle, report_id: int, data: bytes) -> None:
        if handle.closed:
            return
        entry = self.log.add("hid", "RX", self.log_device(handle.device), data, report_id=report_id, kind="input",
                             origin=handle.origin, tab=handle.tab) if self.logging_for(handle) else None
        handle.on_input(report_id, data, entry)

    def logging_for(self, handle: Handle) -> bool:
        """Whether frames of ``handle`` go to the host log (the lease's setting, or its page asked)."""
        return self.logging or getattr(handle, "debug", False)

    @staticmethod
    def log_device(device: DeviceInfo, api: str = "hid") -> dict:
        """The ``device`` field of a log entry (a serial port's adds ``port``, its key)."""
        d = {"vendorId": device.vendor_id, "productId": device.product_id, "name": device.product_name}
        if device.serial_number:
            d["serialNumber"] = device.serial_number
        if api == "serial":
            d["port"] = device.key
        return d

    def note(self, api: str, device: DeviceInfo, op: str, *, why: str = "", result: str = "", origin: str = "",
             tab: str = "") -> None:
        """Add a lifecycle EVENT for ``device`` to the host log (:mod:`app.hid.traffic`; the caller checked
        that logging is on)."""
        self.log.add(api, "EVENT", self.log_device(device, api), op=op, why=why, result=result, origin=origin,
                     tab=tab)

    async def transfer(self, handle: Handle, method: str, data: bytes, entry: dict | None):
        """Run ``handle.conn.<method>(data)`` (``write``/``send_feature``) on a worker thread and return
        ``(host log entry or None, OSError or None)``. With ``entry`` (:meth:`TrafficLog.add`'s arguments) the TX
        entry is added on that thread right before the bytes go — its time is when they move, its id before any
        reply's — and its ``result`` is ``ok`` when the library took them (the caller settles a failure with the
        page's error)."""
        def run():
            logged = self.log.add(**entry) if entry is not None else None
            try:
                getattr(handle.conn, method)(data)
            except OSError as exc:
                return logged, exc
            self.log.settle(logged, "ok")
            return logged, None

        if handle.closed:
            return (self.log.add(**entry) if entry is not None else None), OSError("closed")
        return await asyncio.get_running_loop().run_in_executor(None, run)

    def close(self, handle: Handle, why: str = "page") -> None:
        """Close ``handle`` (its reader stops within :data:`READ_SLICE_MS`); ``why`` goes in the log's close
        event (``page``, ``navigation``, ``tab closed``, ``unplug``, ``error``, ``revoked``, ``shutdown``).
        Idempotent."""
        if handle.closed:
            return
        if self.logging_for(handle):
            self.note("hid", handle.device, "close", why=why, origin=handle.origin, tab=handle.tab)
        handle.closed = True
        handle.stop.set()
        self._handles.pop(handle.id, None)  # the reader thread closes handle.conn on its way out
        self.connections_changed.emit()

    def _lose(self, handle: Handle, why: str, error: str = "") -> None:
        """The connection ended without the page asking (``why``: unplug, error, revoked): a ``lost`` event, the
        close, and the opener's ``on_lost``."""
        if handle.closed:
            return
        if self.logging_for(handle):
            self.note("hid", handle.device, "lost", why=why, result=error, origin=handle.origin, tab=handle.tab)
        self.close(handle, why)
        handle.on_lost()

    def handles(self) -> list[Handle]:
        """The open connections."""
        return list(self._handles.values())

    def shutdown(self) -> None:
        """Close every connection and stop the poller and the backends' timers."""
        self._stop.set()
        for h in list(self._handles.values()):
            self.close(h, "shutdown")
        for b in self.backends:
            b.close()
        if self.serial is not None:
            self.serial.close()
