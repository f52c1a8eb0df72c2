"""WebHID operations of a tab's device channel (:class:`~app.hid.page.PageDevices`): each answers one
``navigator.hid`` call of a document (or raises :class:`~app.hid.doc.DomError` with Chrome's DOMException name
and message), and hot-plug / revocation become the page's ``connect``/``disconnect`` events. Chrome's rules
followed (``third_party/blink/renderer/modules/hid/hid_device.cc``): a second ``open`` is
``InvalidStateError``, a device that cannot be opened ``NetworkError``, a report on a closed device
``InvalidStateError``, a failed or blocklist-protected write ``NotAllowedError``; protected input reports are
dropped; a cancelled chooser resolves ``requestDevice`` with ``[]``; ``connect``/``disconnect`` fire only for
devices the origin was granted.
"""

from __future__ import annotations

import asyncio

from app.hid.blocklist import protected_report_ids
from app.hid.doc import Doc, DomError
from app.hid.service import Handle


#: Largest report the host writes, in bytes.
MAX_REPORT_BYTES = 65_536


class HidOps:
    """The ``navigator.hid`` calls of :class:`~app.hid.page.PageDevices` (module docstring)."""

    def __init__(self, pages) -> None:
        self.pages = pages
        self.service = pages.service
        self._present = {d.key for d in self.service.devices("hid") if d.usable}   # for connect/disconnect
        self.service.devices_changed.connect(self._devices_changed)
        self.service.grants_changed.connect(self._grants_changed)

    def handler(self, op):
        """The coroutine function serving ``op`` (``getDevices``, ``open`` …), or ``None``."""
        return getattr(self, f"_op_{op}", None) if isinstance(op, str) and op.isidentifier() else None


    def _info(self, doc: Doc, key: str) -> dict:
        d = self.service.device(key)
        return {"token": self.service.token(doc.origin, key), "vendorId": d.vendor_id, "productId": d.product_id,
                "productName": d.product_name, "collections": d.collections, "serialNumber": d.serial_number,
                "maxOutputReportSize": d.report_limit("output"), "maxFeatureReportSize": d.report_limit("feature")}

    def _present_granted(self, doc: Doc) -> list[str]:
        present = {d.key for d in self.service.devices("hid") if d.usable}
        return [k for k in self.service.granted(doc.origin) if k in present]

    def _key(self, doc: Doc, token) -> str:
        for key in self.service.granted(doc.origin):
            if self.service.token(doc.origin, key) == token:
                return key
        raise DomError("NotFoundError", "The device was not found or access was revoked.")

    async def _op_getDevices(self, doc: Doc, _msg) -> list:  # noqa: N802 (WebHID's name)
        keys = self._present_granted(doc)
        doc.known = set(keys) if doc.known is None else doc.known | set(keys)
        return [self._info(doc, k) for k in keys]

    async def _op_requestDevice(self, doc: Doc, msg) -> list:  # noqa: N802
        if await self.pages.js(doc.frame, "navigator.userActivation.isActive") is not True:
            raise DomError("SecurityError", "Failed to execute 'requestDevice' on 'HID': Must be handling a user "
                                            "gesture to show a permission request.")
        filters = [f for f in (msg.get("filters") or []) if isinstance(f, dict)]
        exclusions = [f for f in (msg.get("exclusionFilters") or []) if isinstance(f, dict)]
        req = self.service.request(doc.origin, "hid", filters, exclusions)
        doc.choosers.append(req)
        done = asyncio.get_running_loop().create_future()
        req.finished.connect(lambda key: done.done() or done.set_result(key))
        if req.done:
            return []
        key = await done
        if doc.known is None:
            doc.known = set()
        if key is None or self.service.device(key) is None:
            return []  # Chrome resolves with an empty list when the chooser is cancelled
        doc.known.add(key)
        return [self._info(doc, key)]

    async def _op_open(self, doc: Doc, msg) -> None:
        token = str(msg.get("device"))
        key = self._key(doc, token)
        if token in doc.handles:
            raise DomError("InvalidStateError", "Failed to execute 'open' on 'HIDDevice': The device is already open.")
        try:
            handle = await self.service.open(key, doc.origin, self.pages.tab_id)
        except (OSError, PermissionError) as exc:
            error = DomError("NetworkError", "Failed to execute 'open' on 'HIDDevice': Failed to open the device.")
            device = self.service.device(key)
            if device is not None and (self.service.logging or doc.debug):
                self.service.note("hid", device, "open", result=f"{error.name}: {error.message} ({exc})",
                                  origin=doc.origin, tab=self.pages.tab_id)
            raise error from None
        handle.debug = doc.debug
        doc.handles[token] = handle
        protected = protected_report_ids("input", handle.device.vendor_id, handle.device.product_id,
                                         handle.device.collections)

        def on_input(report_id: int, data: bytes, entry) -> None:
            if report_id in protected or doc.handles.get(token) is not handle:
                return  # Chrome drops protected input reports (hid_blocklist.cc)
            self.pages.send(doc, {"t": "in", "device": token, "reportId": report_id, "hex": data.hex(" "),
                            "host_id": doc.tell(entry)})

        handle.on_input = on_input
        handle.on_lost = lambda: doc.handles.get(token) is handle and doc.handles.pop(token, None)
        self._event(handle, "open")

    def _event(self, handle: Handle, op: str) -> None:
        if self.service.logging_for(handle):
            self.service.note("hid", handle.device, op, origin=handle.origin, tab=handle.tab)

    async def _op_close(self, doc: Doc, msg) -> None:
        handle = doc.handles.pop(str(msg.get("device")), None)
        if handle is not None:
            self.service.close(handle, "page")

    async def _op_forget(self, doc: Doc, msg) -> None:
        token = str(msg.get("device"))
        try:
            key = self._key(doc, token)
        except DomError:
            return
        handle = doc.handles.pop(token, None)
        if handle is not None:
            self.service.close(handle, "revoked")
        self.service.revoke(doc.origin, key)

    def _handle(self, doc: Doc, msg, what: str) -> Handle:
        token = str(msg.get("device"))
        self._key(doc, token)
        handle = doc.handles.get(token)
        if handle is None or handle.closed:
            raise DomError("InvalidStateError", f"Failed to execute '{what}' on 'HIDDevice': The device must be "
                                                "opened first.")
        return handle

    async def _write(self, doc: Doc, msg, what: str, kind: str, method: str) -> None:
        """A report to the device. Refused and failed writes are logged too, each TX entry with its result
        (:mod:`app.hid.traffic`); the entry is timed on the worker thread where the bytes move. A report longer than
        the descriptor allows (:meth:`~app.hid.backend.DeviceInfo.report_limit`) is refused with
        ``NotAllowedError``, as Chromium's HidConnection does; the page refuses it before sending anything and
        sends only ``length`` for this log (``msg`` without ``hex``)."""
        handle = self._handle(doc, msg, what)
        report_id = int(msg.get("reportId") or 0) & 0xFF
        text = str(msg.get("hex") or "")
        failed = DomError("NotAllowedError", f"Failed to execute '{what}' on 'HIDDevice': Failed to write the "
                                             "report.")
        dev = handle.device
        page_id = msg.get("page_id")
        entry = dict(api="hid", dir_="TX", device=self.service.log_device(dev), report_id=report_id,
                     kind="output" if kind == "output" else "feature_set", op=str(msg.get("label") or "")[:200],
                     origin=doc.origin, tab=self.pages.tab_id,
                     page_id=int(page_id) if isinstance(page_id, int) and not isinstance(page_id, bool) else None)
        logging = self.service.logging_for(handle)

        def refuse(error: DomError, data: bytes = b"", length: int | None = None) -> DomError:
            if logging:
                self.service.log.add(**entry, data=data, length=length, result=f"{error.name}: {error.message}")
            return error

        length = msg.get("length")
        if "hex" not in msg and isinstance(length, int) and not isinstance(length, bool):
            raise refuse(failed, length=max(0, length))   # the page refused it at once for its size: the record
        if len(text) > 3 * MAX_REPORT_BYTES:  # a report is at most 64 KiB (USB HID); the rest is a hostile page
            raise refuse(failed, length=(len(text) + 1) // 3)
        try:
            data = bytes.fromhex(text)
        except ValueError:
            raise refuse(DomError("DataError", "bad report data")) from None
        limit = dev.report_limit(kind)
        if limit is not None and len(data) > limit:   # longer than the descriptor allows (Chromium's HidConnection)
            raise refuse(failed, length=len(data))
        if report_id in protected_report_ids(kind, dev.vendor_id, dev.product_id, dev.collections):
            raise refuse(failed, data)
        logged, exc = await self.service.transfer(handle, method, bytes([report_id]) + data,
                                                  dict(entry, data=data) if logging else None)
        if exc is not None:
            self.service.log.settle(logged, f"{failed.name}: {failed.message} ({exc})")
            raise failed

    async def _op_sendReport(self, doc: Doc, msg) -> None:  # noqa: N802
        await self._write(doc, msg, "sendReport", "output", "write")

    async def _op_sendFeatureReport(self, doc: Doc, msg) -> None:  # noqa: N802
        await self._write(doc, msg, "sendFeatureReport", "feature", "send_feature")

    async def _op_receiveFeatureReport(self, doc: Doc, msg) -> dict:  # noqa: N802
        handle = self._handle(doc, msg, "receiveFeatureReport")
        report_id = int(msg.get("reportId") or 0) & 0xFF
        dev = handle.device
        failed = DomError("NotAllowedError", "Failed to execute 'receiveFeatureReport' on 'HIDDevice': Failed to "
                                             "receive the feature report.")
        logging = self.service.logging_for(handle)

        def logged(data: bytes, result: str):
            if not logging:
                return None
            return self.service.log.add("hid", "RX", self.service.log_device(dev), data, report_id=report_id,
                                        kind="feature_get", result=result, origin=doc.origin, tab=self.pages.tab_id)

        if report_id in protected_report_ids("feature", dev.vendor_id, dev.product_id, dev.collections):
            logged(b"", f"{failed.name}: {failed.message}")
            raise failed

        def read():   # the entry is timed on the worker, when the report arrived
            try:
                data = handle.conn.get_feature(report_id, 4096)
            except OSError as exc:
                logged(b"", f"{failed.name}: {failed.message} ({exc})")
                return None
            return data, logged(data[1:] if data else b"", "ok")

        if handle.closed:
            logged(b"", f"{failed.name}: {failed.message} (closed)")
            raise failed
        got = await asyncio.get_running_loop().run_in_executor(None, read)
        if got is None:
            raise failed
        data, entry = got
        return {"hex": data.hex(" "), "host_id": doc.tell(entry)}

    # -- hot-plug, revocation --------------------------------------------------------------------------------------

    def _devices_changed(self) -> None:
        # connect / disconnect follow what was plugged in or pulled out, never the page's view of its grants:
        # Chrome fires them from the device service's DeviceAdded/DeviceRemoved, for permitted devices only
        # (hid_manager / HID::DeviceAdded), so a device granted without the chooser that never changed gets none.
        now = {d.key for d in self.service.devices("hid") if d.usable}
        appeared, vanished, self._present = now - self._present, self._present - now, now
        for doc in self.pages.docs():
            if doc.known is None or not doc.frame.isValid():
                continue
            granted = set(self.service.granted(doc.origin))
            for key in sorted(appeared & granted):
                self.pages.send(doc, {"t": "connect", "device": self._info(doc, key)})
                doc.known.add(key)
            for key in sorted(vanished & doc.known):
                token = self.service.token(doc.origin, key)
                doc.handles.pop(token, None)
                self.pages.send(doc, {"t": "disconnect", "device": token})
                doc.known.discard(key)

    def _grants_changed(self) -> None:
        for doc in self.pages.docs():
            granted = set(self.service.granted(doc.origin))
            for token, handle in list(doc.handles.items()):
                if handle.device.key not in granted:
                    doc.handles.pop(token, None)
                    self.service.close(handle, "revoked")
                    self.pages.send(doc, {"t": "closed", "device": token})
            if doc.known is not None:
                doc.known &= granted
