"""The chooser's filters: which device a WebHID ``HIDDeviceFilter`` or a Web Serial ``SerialPortFilter``
matches. Plain Python, no Qt."""

from __future__ import annotations

from app.hid.backend import DeviceInfo


def filter_matches(device: DeviceInfo, f: dict) -> bool:
    """Whether ``device`` matches one WebHID ``HIDDeviceFilter`` ``{vendorId?, productId?, usagePage?,
    usage?}`` (WebHID §requestDevice: every present member must match; usage members match any top-level
    collection)."""
    if "vendorId" in f and f["vendorId"] != device.vendor_id:
        return False
    if "productId" in f and f["productId"] != device.product_id:
        return False
    if "usagePage" in f or "usage" in f:
        return any(("usagePage" not in f or c["usagePage"] == f["usagePage"]) and
                   ("usage" not in f or c["usage"] == f["usage"]) for c in device.collections)
    return True


def serial_filter_matches(port: DeviceInfo, f: dict) -> bool:
    """Whether ``port`` matches one Web Serial ``SerialPortFilter`` ``{usbVendorId?, usbProductId?}`` (Web
    Serial §requestPort: every present member must match)."""
    return (("usbVendorId" not in f or f["usbVendorId"] == port.vendor_id) and
            ("usbProductId" not in f or f["usbProductId"] == port.product_id))
