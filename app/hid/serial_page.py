"""Web Serial operations of a tab's device channel (:class:`~app.hid.page.PageDevices`): ports through
pyserial (real ones and the virtual pty ports, :mod:`app.hid.serial_backend`), one reader thread per open
port, the host log for ``api: serial``. Chrome's behaviour it follows (Web Serial spec, ``serial_port.cc``):
``requestPort`` needs a user gesture and rejects with ``NotFoundError`` when the user picks nothing; a
second ``open`` is ``InvalidStateError``; a port that cannot be opened is ``NetworkError: Failed to open
serial port.``; a port pulled out errors the readable stream with ``NetworkError: The device has been lost.``

``close()`` resolves once the host released the port (Web Serial §close: the promise settles after the port's
handle is closed): the reader thread is woken (pyserial's ``cancel_read``), closes the port and sets
:attr:`SerialConn.released`. Ports are opened ``exclusive`` (an ``flock``), so an ``open`` that ran before the
reader let go failed with ``NetworkError`` — esptool-js's close-and-reopen retry did. An ``open`` also waits for
an earlier connection to the same port that is still being released (a navigation, a lost port).
"""

from __future__ import annotations

import asyncio
import logging
import threading
from dataclasses import dataclass, field

log = logging.getLogger("pagenote.hid")

#: How long one read waits before the reader checks whether it should stop, in seconds.
READ_SLICE_S = 0.1
_PARITY = {"none": "N", "even": "E", "odd": "O"}
#: Largest chunk one write hands to the port, in bytes (Web Serial's largest buffer, 16 MiB).
MAX_CHUNK_BYTES = 16 * 1024 * 1024
#: Longest wait for a reader thread to release its port, in seconds (one read slice is 0.1 s; cancel_read ends
#: it at once).
RELEASE_S = 2.0


@dataclass
class SerialConn:
    """One open port of one document: ``key``, ``ser`` (a ``serial.Serial``), the stop flag, and ``released``
    (set by the reader thread once it closed ``ser``)."""

    key: str
    ser: object
    origin: str
    device: object = None   # the port's DeviceInfo when it was opened (names it in the log after an unplug)
    stop: threading.Event = field(default_factory=threading.Event)
    released: threading.Event = field(default_factory=threading.Event)
    closed: bool = False

    async def until_released(self) -> None:
        """Return once the reader closed the port (at most :data:`RELEASE_S`), without blocking the loop."""
        if not self.released.is_set():
            await asyncio.get_running_loop().run_in_executor(None, self.released.wait, RELEASE_S)


class SerialOps:
    """The ``navigator.serial`` calls of :class:`~app.hid.page.PageDevices` (module docstring)."""

    def __init__(self, pages) -> None:
        self.pages = pages
        self.service = pages.service
        self._conns: dict[tuple[str, str], SerialConn] = {}   # (doc id, token) -> connection
        self._known: dict[str, set[str]] = {}                  # doc id -> port keys the page was told of
        self._releasing: dict[str, SerialConn] = {}            # port key -> its last connection, being released
        self._present = {p.key for p in self.service.devices("serial")}   # for connect/disconnect
        self.service.devices_changed.connect(self._devices_changed)
        self.service.grants_changed.connect(self._grants_changed)

    def handler(self, op):
        """The coroutine function serving ``op``, or ``None``."""
        return {"getPorts": self._get_ports, "requestPort": self._request_port, "serialOpen": self._open,
                "serialWrite": self._write, "serialClose": self._close, "serialForget": self._forget,
                "serialSetSignals": self._set_signals, "serialGetSignals": self._get_signals}.get(op)

    # -- helpers -------------------------------------------------------------------------------------------------

    def _info(self, doc, key: str) -> dict:
        p = self.service.device(key)
        return {"token": self.service.token(doc.origin, key), "usbVendorId": p.vendor_id, "usbProductId": p.product_id,
                "name": p.product_name, "serialNumber": p.serial_number}

    def _granted_ports(self, doc) -> list[str]:
        present = {p.key for p in self.service.devices("serial")}
        return [k for k in self.service.granted(doc.origin) if k in present]

    def _key(self, doc, token) -> str:
        from app.hid.doc import DomError

        for key in self.service.granted(doc.origin):
            if self.service.token(doc.origin, key) == token:
                return key
        raise DomError("NotFoundError", "The port was not found or access was revoked.")

    def _conn(self, doc, msg, what: str) -> SerialConn:
        from app.hid.doc import DomError

        token = str(msg.get("port"))
        self._key(doc, token)
        conn = self._conns.get((doc.id, token))
        if conn is None or conn.closed:
            raise DomError("InvalidStateError", f"Failed to execute '{what}' on 'SerialPort': The port is closed.")
        return conn

    def _logging(self, doc) -> bool:
        return self.service.logging or (doc is not None and doc.debug)

    def _log(self, conn: SerialConn, dir_: str, data: bytes = b"", doc=None, **kw):
        if not self._logging(doc):
            return None
        return self.service.log.add("serial", dir_, self.service.log_device(conn.device, "serial"), data,
                                    origin=conn.origin, tab=self.pages.tab_id, **kw)

    # -- operations ------------------------------------------------------------------------------------------------

    async def _get_ports(self, doc, _msg) -> list:
        keys = self._granted_ports(doc)
        self._known[doc.id] = self._known.get(doc.id, set()) | set(keys)
        return [self._info(doc, k) for k in keys]

    async def _request_port(self, doc, msg) -> list:
        from app.hid.doc import DomError

        if await self.pages.js(doc.frame, "navigator.userActivation.isActive") is not True:
            raise DomError("SecurityError", "Failed to execute 'requestPort' on 'Serial': Must be handling a user "
                                            "gesture to show a permission request.")
        filters = [f for f in (msg.get("filters") or []) if isinstance(f, dict)]
        req = self.service.request(doc.origin, "serial", filters, [])
        doc.choosers.append(req)
        done = asyncio.get_running_loop().create_future()
        req.finished.connect(lambda key: done.done() or done.set_result(key))
        key = await done
        if key is None or self.service.device(key) is None:
            return []
        self._known.setdefault(doc.id, set()).add(key)
        return [self._info(doc, key)]

    async def _open(self, doc, msg) -> None:
        from app.hid.doc import DomError

        token = str(msg.get("port"))
        key = self._key(doc, token)
        old = self._conns.get((doc.id, token))
        if old is not None and not old.closed:
            raise DomError("InvalidStateError", "Failed to execute 'open' on 'SerialPort': The port is already open.")
        failed = DomError("NetworkError", "Failed to execute 'open' on 'SerialPort': Failed to open serial port.")
        earlier = self._releasing.get(key)
        if earlier is not None:
            await earlier.until_released()
        try:
            path = self.service.serial.path(key)
            import serial  # PyPI pyserial

            def make():
                return serial.Serial(path, baudrate=int(msg.get("baudRate") or 9600),
                                     bytesize=7 if msg.get("dataBits") == 7 else 8,
                                     stopbits=2 if msg.get("stopBits") == 2 else 1,
                                     parity=_PARITY.get(msg.get("parity"), "N"),
                                     rtscts=msg.get("flowControl") == "hardware", timeout=READ_SLICE_S,
                                     exclusive=True)

            ser = await asyncio.get_running_loop().run_in_executor(None, make)
        except Exception as exc:  # noqa: BLE001 (OSError, ImportError, ValueError, serial.SerialException)
            log.info("serial open %s failed: %s", key, exc)
            device = self.service.device(key)
            if device is not None and self._logging(doc):
                self.service.note("serial", device, "open", result=f"{failed.name}: {failed.message} ({exc})",
                                  origin=doc.origin, tab=self.pages.tab_id)
            raise failed from None
        conn = SerialConn(key, ser, doc.origin, self.service.device(key))
        self._conns[(doc.id, token)] = conn
        self.service.serial.opened(key, +1)
        self._log(conn, "EVENT", doc=doc, op="open")
        threading.Thread(target=self._reader, args=(doc, token, conn), name=f"pagenote-serial-{key}",
                         daemon=True).start()
        self.service.connections_changed.emit()

    def _reader(self, doc, token: str, conn: SerialConn) -> None:
        ser = conn.ser
        try:
            while not conn.stop.is_set():
                try:
                    data = ser.read(max(1, ser.in_waiting))
                    if data and ser.in_waiting:  # what arrived meanwhile goes in the same chunk
                        data += ser.read(ser.in_waiting)
                except Exception as exc:  # noqa: BLE001 (SerialException, OSError: the port went away)
                    if not conn.stop.is_set():
                        why = "error" if self.service.serial.present(conn.key) else "unplug"
                        error = str(exc) or type(exc).__name__
                        self.service.on_gui(lambda: self._lost(doc, token, conn, why, error))
                    return
                if data:
                    self.service.on_gui(lambda data=data: self._received(doc, token, conn, data))
        finally:
            try:
                ser.close()
            except Exception:  # noqa: BLE001
                pass
            conn.released.set()

    def _received(self, doc, token: str, conn: SerialConn, data: bytes) -> None:
        if conn.closed:
            return
        entry = self._log(conn, "RX", data, doc=doc)
        self.pages.send(doc, {"t": "sd", "port": token, "hex": data.hex(" "), "host_id": doc.tell(entry)})

    def _lost(self, doc, token: str, conn: SerialConn, why: str, error: str = "") -> None:
        if conn.closed:
            return
        self._log(conn, "EVENT", doc=doc, op="lost", why=why, result=error)
        self._end(doc, token, conn, why)
        self.pages.send(doc, {"t": "slost", "port": token})

    def _end(self, doc, token: str, conn: SerialConn, why: str) -> None:
        """End ``conn`` (``why`` goes in the log's close event, :mod:`app.hid.traffic`)."""
        if conn.closed:
            return
        self._log(conn, "EVENT", doc=doc, op="close", why=why)
        doc_id = doc.id
        conn.closed = True
        conn.stop.set()  # the reader closes the port on its way out …
        try:
            conn.ser.cancel_read()  # … now, not at the end of its read slice
        except Exception:  # noqa: BLE001 (the port is already closed: the reader has gone)
            pass
        self._releasing[conn.key] = conn
        self.service.serial.opened(conn.key, -1)
        if self._conns.get((doc_id, token)) is conn:
            del self._conns[(doc_id, token)]
        self.service.connections_changed.emit()

    async def _write(self, doc, msg) -> None:
        from app.hid.doc import DomError

        conn = self._conn(doc, msg, "write")
        text = str(msg.get("hex") or "")

        def refuse(error: DomError, length: int = 0) -> DomError:
            self._log(conn, "TX", doc=doc, length=length, result=f"{error.name}: {error.message}")
            return error

        if len(text) > 3 * MAX_CHUNK_BYTES:
            raise refuse(DomError("DataError", f"a write is at most {MAX_CHUNK_BYTES} bytes"), (len(text) + 1) // 3)
        try:
            data = bytes.fromhex(text)
        except ValueError:
            raise refuse(DomError("DataError", "bad data")) from None
        page_id = msg.get("page_id")
        label = str(msg.get("label") or "")[:200]
        page_id = page_id if isinstance(page_id, int) and not isinstance(page_id, bool) else None
        lost = DomError("NetworkError", "The device has been lost.")

        def write():   # the TX entry is timed here, where the bytes move, and settled with the result
            entry = self._log(conn, "TX", data, doc=doc, op=label, page_id=page_id)
            try:
                conn.ser.write(data)
                conn.ser.flush()
            except Exception as exc:  # noqa: BLE001 (SerialException, OSError)
                self.service.log.settle(entry, f"{lost.name}: {lost.message} ({exc})")
                return False
            self.service.log.settle(entry, "ok")
            return True

        if not await asyncio.get_running_loop().run_in_executor(None, write):
            raise lost

    async def _close(self, doc, msg) -> None:
        token = str(msg.get("port"))
        conn = self._conns.get((doc.id, token))
        if conn is not None:
            self._end(doc, token, conn, "page")
            await conn.until_released()

    async def _forget(self, doc, msg) -> None:
        from app.hid.doc import DomError

        token = str(msg.get("port"))
        try:
            key = self._key(doc, token)
        except DomError:
            return
        conn = self._conns.get((doc.id, token))
        if conn is not None:
            self._end(doc, token, conn, "revoked")
        self.service.revoke(doc.origin, key)

    async def _set_signals(self, doc, msg) -> None:
        from app.hid.doc import DomError

        conn = self._conn(doc, msg, "setSignals")
        signals = msg.get("signals") if isinstance(msg.get("signals"), dict) else {}
        port = self.service.serial.virtual_port(conn.key)
        if port is not None:  # a pty has no modem lines: the virtual device keeps them
            port.signals.update({k: bool(v) for k, v in signals.items() if k in port.signals})
            return

        def apply():
            if "dataTerminalReady" in signals:
                conn.ser.dtr = bool(signals["dataTerminalReady"])
            if "requestToSend" in signals:
                conn.ser.rts = bool(signals["requestToSend"])
            if "break" in signals:
                conn.ser.break_condition = bool(signals["break"])

        try:
            await asyncio.get_running_loop().run_in_executor(None, apply)
        except Exception:  # noqa: BLE001
            raise DomError("NetworkError", "Failed to execute 'setSignals' on 'SerialPort': Failed to set control "
                                           "signals.") from None

    async def _get_signals(self, doc, msg) -> dict:
        from app.hid.doc import DomError

        conn = self._conn(doc, msg, "getSignals")
        if self.service.serial.virtual_port(conn.key) is not None:
            return {"dataCarrierDetect": True, "clearToSend": True, "ringIndicator": False, "dataSetReady": True}

        def read():
            s = conn.ser
            return {"dataCarrierDetect": bool(s.cd), "clearToSend": bool(s.cts), "ringIndicator": bool(s.ri),
                    "dataSetReady": bool(s.dsr)}

        try:
            return await asyncio.get_running_loop().run_in_executor(None, read)
        except Exception:  # noqa: BLE001
            raise DomError("NetworkError", "Failed to execute 'getSignals' on 'SerialPort': Failed to get control "
                                           "signals.") from None

    # -- hot-plug, revocation, documents going away --------------------------------------------------------------

    def _devices_changed(self) -> None:
        # Events follow ports plugged in or pulled out (as Chrome's SerialPortManager does), not the page's view
        # of its grants: another device changing fires nothing for a port that stayed.
        now = {p.key for p in self.service.devices("serial")}
        appeared, vanished, self._present = now - self._present, self._present - now, now
        for doc in list(self.pages.docs()):
            known = self._known.get(doc.id)
            if known is None or not doc.frame.isValid():
                continue
            granted = set(self.service.granted(doc.origin))
            for key in sorted(appeared & granted):
                self.pages.send(doc, {"t": "sconnect", "port": self._info(doc, key)})
            for key in sorted(vanished & known):
                token = self.service.token(doc.origin, key)
                conn = self._conns.get((doc.id, token))
                if conn is not None:   # pulled out while open: lost, then closed
                    self._log(conn, "EVENT", doc=doc, op="lost", why="unplug")
                    self._end(doc, token, conn, "unplug")
                self.pages.send(doc, {"t": "sdisconnect", "port": token})
            self._known[doc.id] = (known | (appeared & granted)) - vanished

    def _grants_changed(self) -> None:
        for (doc_id, token), conn in list(self._conns.items()):
            doc = next((d for d in self.pages.docs() if d.id == doc_id), None)
            if doc is not None and conn.key not in self.service.granted(doc.origin):
                self._end(doc, token, conn, "revoked")
                self.pages.send(doc, {"t": "slost", "port": token})

    def drop(self, doc, why: str) -> None:
        """Close every port ``doc`` opened (its document went away: ``why`` ``navigation`` or ``tab closed``)."""
        for (doc_id, token), conn in list(self._conns.items()):
            if doc_id == doc.id:
                self._end(doc, token, conn, why)
        self._known.pop(doc.id, None)
