"""The HID backend interface and the hidapi backend.

A backend lists devices (:class:`DeviceInfo`) and opens them (:class:`Connection`). Every method may block
(USB I/O), so the service calls them on worker threads, never on the GUI thread. Report bytes follow
hidapi's convention: the first byte of a written report and of a feature report is the report id (0 for a
device without report ids); a read answers the report as the device sent it (with its id byte first when
the device numbers its reports).

The real backend wraps PyPI ``hidapi`` (``import hid``; C library hidapi ≥ 0.14 for
``get_report_descriptor``). hidapi has no hot-plug callback in its Python binding, so the service polls
:meth:`Backend.enumerate` (:data:`POLL_S`).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field

from app.hid.blocklist import excluded
from app.hid.descriptor import DescriptorError, max_report_bytes, parse_collections, report_ids

log = logging.getLogger("pagenote.hid")

#: How often the hidapi backend's device list is polled for hot-plug, in seconds.
POLL_S = 1.0


@dataclass(frozen=True)
class DeviceInfo:
    """One HID device as a backend sees it: ``key`` (unique in the process, e.g. ``virtual:1`` or
    ``hidapi:/dev/hidraw3``), ids, strings, the raw report ``descriptor`` and ``backend`` (its name).
    ``collections`` are the WebHID top-level collections parsed from the descriptor; ``error`` says why the
    descriptor could not be used (:class:`~app.hid.descriptor.DescriptorError`, naming the device): such a device
    is listed for agents and the Devices dock but offered to no page."""

    key: str
    vendor_id: int
    product_id: int
    product_name: str
    serial_number: str = ""
    descriptor: bytes = b""
    backend: str = "hidapi"
    collections: list = field(default_factory=list, compare=False)
    error: str = ""

    @classmethod
    def make(cls, **kw) -> DeviceInfo:
        """A :class:`DeviceInfo` with ``collections`` parsed from ``descriptor`` (unless given). A descriptor
        past the parser's limits gives no collections and ``error`` naming the device; it never raises for
        one device (the others of its backend stay usable)."""
        if not kw.get("collections"):
            try:
                kw["collections"] = parse_collections(kw.get("descriptor", b""))
            except DescriptorError as exc:
                kw["collections"] = []
                kw["error"] = (f"{kw.get('product_name', '')!r} ({kw.get('vendor_id', 0):04x}:"
                               f"{kw.get('product_id', 0):04x}, {kw['key']}): {exc}")
                log.warning("HID device not offered to pages: %s", kw["error"])
        return cls(**kw)

    @property
    def usable(self) -> bool:
        """Whether pages may be offered the device (its descriptor parsed)."""
        return not self.error

    @property
    def numbered(self) -> bool:
        """Whether the device uses report ids (any report id other than 0)."""
        return any(report_ids(self.collections, k) - {0}
                   for k in ("inputReports", "outputReports", "featureReports"))

    def report_limit(self, kind: str) -> int | None:
        """The most data bytes a write of ``kind`` (``output``/``feature``) may carry
        (:func:`~app.hid.descriptor.max_report_bytes`; 0: the device has no such report), or ``None`` when the
        descriptor is unknown (hidapi could not read it): then nothing is refused for its size here."""
        if not self.descriptor:
            return None
        return max_report_bytes(self.collections, "outputReports" if kind == "output" else "featureReports")

    @property
    def blocked(self) -> bool:
        """Whether Chromium's blocklist keeps the device out of the chooser (:func:`app.hid.blocklist.excluded`)."""
        return excluded(self.vendor_id, self.product_id, self.collections)

    def summary(self) -> dict:
        """``{key, vendorId, productId, productName, serialNumber, backend, blocked, error?}`` (agents, the
        dock)."""
        out = {"key": self.key, "vendorId": self.vendor_id, "productId": self.product_id,
               "productName": self.product_name, "serialNumber": self.serial_number, "backend": self.backend,
               "blocked": self.blocked}
        if self.error:
            out["error"] = self.error
        return out


class Connection:
    """An open device. Methods block; each raises ``OSError`` when the device fails or is gone."""

    def write(self, data: bytes) -> int:
        """Send an output report (``data[0]`` the report id); returns the bytes written."""
        raise NotImplementedError

    def send_feature(self, data: bytes) -> int:
        """Send a feature report (``data[0]`` the report id); returns the bytes written."""
        raise NotImplementedError

    def get_feature(self, report_id: int, length: int) -> bytes:
        """Read feature report ``report_id`` (at most ``length`` bytes, id byte first)."""
        raise NotImplementedError

    def read(self, timeout_ms: int) -> bytes | None:
        """The next input report, or ``None`` after ``timeout_ms`` without one."""
        raise NotImplementedError

    def close(self) -> None:
        """Release the device; further calls raise ``OSError``. Idempotent."""
        raise NotImplementedError


class Backend:
    """A source of devices. ``name`` names it in :attr:`DeviceInfo.backend`; ``polled`` says whether the
    service must poll :meth:`enumerate` for hot-plug (else the backend calls :attr:`on_change` itself)."""

    name = "base"
    polled = False

    def __init__(self) -> None:
        #: Called (from any thread) when the device list changed; set by the service.
        self.on_change = lambda: None

    def enumerate(self) -> list[DeviceInfo]:
        """The devices present now. Never raises for one bad device (it is skipped and logged)."""
        raise NotImplementedError

    def open(self, key: str) -> Connection:
        """Open device ``key``. Raises ``OSError`` when it is gone or cannot be opened (permissions)."""
        raise NotImplementedError

    def close(self) -> None:
        """Stop the backend's own threads (the virtual device's reply timers)."""


class _HidapiConnection(Connection):
    def __init__(self, dev) -> None:
        self._dev = dev
        self._closed = False

    def _check(self) -> None:
        if self._closed:
            raise OSError("device closed")

    def write(self, data: bytes) -> int:
        self._check()
        n = self._dev.write(data)
        if n < 0:
            raise OSError(self._dev.error() or "write failed")
        return n

    def send_feature(self, data: bytes) -> int:
        self._check()
        n = self._dev.send_feature_report(data)
        if n < 0:
            raise OSError(self._dev.error() or "send_feature_report failed")
        return n

    def get_feature(self, report_id: int, length: int) -> bytes:
        self._check()
        return bytes(self._dev.get_feature_report(report_id, max(length, 1)))

    def read(self, timeout_ms: int) -> bytes | None:
        self._check()
        data = self._dev.read(4096, timeout_ms)
        return bytes(data) if data else None

    def close(self) -> None:
        if not self._closed:
            self._closed = True
            self._dev.close()


class HidapiBackend(Backend):
    """Real devices through PyPI ``hidapi``. Devices whose descriptor cannot be read (no permission on
    ``/dev/hidraw*``) are listed with one collection from hidapi's ``usage_page``/``usage`` and no reports."""

    name = "hidapi"
    polled = True

    def __init__(self) -> None:
        super().__init__()
        import hid  # PyPI hidapi; imported here so a missing library fails only this backend

        self._hid = hid

    def enumerate(self) -> list[DeviceInfo]:
        out: dict[str, DeviceInfo] = {}
        for d in self._hid.enumerate():
            path = d.get("path") or b""
            key = "hidapi:" + (path.decode("utf-8", "replace") if isinstance(path, bytes) else str(path))
            if key in out:
                continue
            try:
                descriptor = self._descriptor(path)
                out[key] = DeviceInfo.make(
                    key=key, vendor_id=int(d.get("vendor_id") or 0), product_id=int(d.get("product_id") or 0),
                    product_name=d.get("product_string") or "", serial_number=d.get("serial_number") or "",
                    descriptor=descriptor, backend=self.name,
                    collections=[] if descriptor else [
                        {"usagePage": int(d.get("usage_page") or 0), "usage": int(d.get("usage") or 0), "type": 1,
                         "children": [], "inputReports": [], "outputReports": [], "featureReports": []}])
            except (OSError, ValueError) as exc:
                log.info("skipping HID device %s: %s", key, exc)
        return list(out.values())

    def _descriptor(self, path) -> bytes:
        dev = self._hid.device()
        try:
            dev.open_path(path)
        except (OSError, IOError):
            return b""
        try:
            return bytes(dev.get_report_descriptor())
        except (OSError, IOError, AttributeError):
            return b""
        finally:
            dev.close()

    def open(self, key: str) -> Connection:
        dev = self._hid.device()
        dev.open_path(key.removeprefix("hidapi:").encode("utf-8"))
        return _HidapiConnection(dev)
