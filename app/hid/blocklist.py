"""Chromium's WebHID blocklist (``services/device/public/cpp/hid/hid_blocklist.cc``, Chromium 140): which
reports of a device a page may not read or write ("protected"), and which devices the chooser never offers.

Rules, as Chromium applies them:

- an entry is ``(vendor_id?, product_id?, usage_page?, usage?, report_id?, report_type?)``; unset fields
  match anything. A report of a top-level collection is protected when every set field matches;
- every top-level collection with the FIDO usage page 0xF1D0 is protected whole (all its reports);
- the vendor/product entries (security keys: Feitian, HyperFIDO, Yubico, Titan, Nitrokey, …) block the
  device outright (``IsVendorProductBlocked``);
- Jabra (0x0b0e) output report 0x05 of usage page 0xFF00 is protected;
- the chooser excludes a device whose vendor/product is blocked or whose reports are all protected
  (``HidChooserController``: ``device.is_excluded_by_blocklist``). Chrome drops protected input reports and
  rejects writes to protected output/feature reports with ``NotAllowedError``.
Plain Python, no Qt.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.hid.descriptor import report_ids

#: The FIDO Alliance usage page (FIDO CTAP HID §11.2.8.1; Chromium ``mojom::kPageFido``).
FIDO_USAGE_PAGE = 0xF1D0
#: WebHID report kinds → the ``HIDCollectionInfo`` field listing them.
KINDS = {"input": "inputReports", "output": "outputReports", "feature": "featureReports"}


@dataclass(frozen=True)
class Entry:
    """One blocklist rule; ``None`` fields match anything; ``report_type`` is ``input``/``output``/``feature``
    or ``None`` (any)."""

    vendor_id: int | None = None
    product_id: int | None = None
    usage_page: int | None = None
    usage: int | None = None
    report_id: int | None = None
    report_type: str | None = None


def _vp(vid: int, pid: int) -> Entry:
    return Entry(vendor_id=vid, product_id=pid)


#: ``kStaticEntries`` of Chromium's hid_blocklist.cc.
STATIC_ENTRIES: tuple[Entry, ...] = (
    Entry(usage_page=FIDO_USAGE_PAGE),
    *(_vp(0x096E, p) for p in (0x0850, 0x0852, 0x0853, 0x0854, 0x0856, 0x0858, 0x085A, 0x085B, 0x0880)),
    _vp(0x09C3, 0x0023),
    *(_vp(0x1050, p) for p in (0x0010, 0x0018, 0x0030, 0x0110, 0x0111, 0x0112, 0x0113, 0x0114, 0x0115,
                               0x0116, 0x0120, 0x0200, 0x0211, 0x0401, 0x0402, 0x0403, 0x0404, 0x0405,
                               0x0406, 0x0407, 0x0410)),
    _vp(0x10C4, 0x8ACF), _vp(0x1209, 0x4321), _vp(0x1209, 0x4322), _vp(0x18D1, 0x5026), _vp(0x1A44, 0x00BB),
    _vp(0x1D50, 0x60FC), _vp(0x1E0D, 0xF1AE), _vp(0x1E0D, 0xF1D0), _vp(0x1EA8, 0xF025), _vp(0x20A0, 0x4287),
    _vp(0x24DC, 0x0101), _vp(0x2581, 0xF1D0), _vp(0x2ABE, 0x1002), _vp(0x2CCF, 0x0880),
    Entry(vendor_id=0x0B0E, usage_page=0xFF00, report_id=0x05, report_type="output"),
)


def vendor_product_blocked(vendor_id: int, product_id: int, entries=STATIC_ENTRIES) -> bool:
    """Whether an entry that sets only vendor (and product) ids matches (Chromium ``IsVendorProductBlocked``)."""
    for e in entries:
        if e.vendor_id is None or e.usage_page is not None or e.report_id is not None or e.report_type:
            continue
        if e.vendor_id == vendor_id and (e.product_id is None or e.product_id == product_id):
            return True
    return False


def protected_report_ids(kind: str, vendor_id: int, product_id: int, collections: list[dict],
                         entries=STATIC_ENTRIES) -> set[int]:
    """The report ids of ``kind`` (``input``/``output``/``feature``) a page may not use on this device
    (Chromium ``GetProtectedReportIds``; ``collections`` are the top-level WebHID collections)."""
    field = KINDS[kind]
    out: set[int] = set()
    for e in entries:
        if e.report_type not in (None, kind):
            continue
        if e.vendor_id is not None and (e.vendor_id != vendor_id or
                                        (e.product_id is not None and e.product_id != product_id)):
            continue
        for coll in collections:
            if e.usage_page is not None and (coll["usagePage"] != e.usage_page or
                                             (e.usage is not None and coll["usage"] != e.usage)):
                continue
            ids = report_ids([coll], field)
            out |= ids if e.report_id is None else ids & {e.report_id}
    return out


def excluded(vendor_id: int, product_id: int, collections: list[dict], entries=STATIC_ENTRIES) -> bool:
    """Whether the chooser must not offer the device: vendor/product blocked, or every report of every kind
    protected (a device with no reports at all is not excluded by this rule)."""
    if vendor_product_blocked(vendor_id, product_id, entries):
        return True
    total = sum(len(report_ids(collections, f)) for f in KINDS.values())
    blocked = sum(len(protected_report_ids(k, vendor_id, product_id, collections, entries)) for k in KINDS)
    return total > 0 and blocked == total
