"""HID report descriptors → WebHID collection info, as ``HIDDevice.collections`` shows it.

Source: Device Class Definition for HID 1.11 §6.2.2 (items: short item prefix = tag ≪ 4 | type ≪ 2 | size,
size code 3 meaning 4 bytes; long items 0xFE skipped; main items Input 8, Output 9, Feature 0xB, Collection
0xA, End Collection 0xC; global items Usage Page 0, Logical Min/Max 1/2, Physical Min/Max 3/4, Unit Exponent
5, Unit 6, Report Size 7, Report ID 8, Report Count 9, Push 0xA, Pop 0xB; local Usage 0, Usage Min/Max 1/2)
and the WebHID spec's ``HIDCollectionInfo`` / ``HIDReportInfo`` / ``HIDReportItem`` dictionaries. Chromium
(``hid_report_descriptor.cc``) lists only top-level collections in ``collections``; nested ones are
``children``. Plain Python, no Qt.

Limits: a descriptor is at most :data:`MAX_DESCRIPTOR_BYTES` (Linux's ``HID_MAX_DESCRIPTOR_SIZE``: hidraw never
hands over a longer one) and collections nest at most :data:`MAX_DEPTH` deep; past either the parse raises
:class:`DescriptorError` (the device is then listed with the error and offered to no page,
:meth:`app.hid.backend.DeviceInfo.make`). The walk and everything reading its result are loops, never
recursion: a 4 KB descriptor can nest ~1,300 collections, past Python's recursion limit.
"""

from __future__ import annotations

#: Collection type codes (HID 1.11 §6.2.2.6) are passed through as numbers, as WebHID's ``type`` is.
_MAIN_KIND = {8: "inputReports", 9: "outputReports", 0xB: "featureReports"}
#: Longest report descriptor parsed, in bytes (Linux ``include/linux/hid.h`` HID_MAX_DESCRIPTOR_SIZE).
MAX_DESCRIPTOR_BYTES = 4_096
#: Deepest collection nesting accepted (real devices nest a few levels; JSON and the page's structured data
#: stay far from their own nesting limits).
MAX_DEPTH = 64


class DescriptorError(ValueError):
    """A report descriptor past :data:`MAX_DESCRIPTOR_BYTES` or :data:`MAX_DEPTH` (the message says which)."""


def _unsigned(data: bytes) -> int:
    return int.from_bytes(data, "little", signed=False) if data else 0


def _signed(data: bytes) -> int:
    return int.from_bytes(data, "little", signed=True) if data else 0


def _item(flags: int, glob: dict, usages: list[int], umin: int | None, umax: int | None) -> dict:
    """One ``HIDReportItem`` (WebHID §HIDReportItem) from a main item's flag bits and the item state."""
    is_range = umin is not None and umax is not None and not usages
    return {
        "isConstant": bool(flags & 0x01), "isArray": not flags & 0x02, "isAbsolute": not flags & 0x04,
        "wrap": bool(flags & 0x08), "isLinear": not flags & 0x10, "hasPreferredState": not flags & 0x20,
        "hasNull": bool(flags & 0x40), "isVolatile": bool(flags & 0x80), "isBufferedBytes": bool(flags & 0x100),
        "isRange": is_range, "usages": list(usages),
        "usageMinimum": umin if is_range else 0, "usageMaximum": umax if is_range else 0,
        "reportSize": glob["size"], "reportCount": glob["count"], "unitExponent": glob["unit_exp"],
        "logicalMinimum": glob["lmin"], "logicalMaximum": glob["lmax"],
        "physicalMinimum": glob["pmin"], "physicalMaximum": glob["pmax"],
    }


def _report(collection: dict, kind: str, report_id: int) -> dict:
    for report in collection[kind]:
        if report["reportId"] == report_id:
            return report
    report = {"reportId": report_id, "items": []}
    collection[kind].append(report)
    return report


def parse_collections(descriptor: bytes) -> list[dict]:
    """The top-level collections of ``descriptor`` (raw report descriptor bytes) as WebHID dicts:
    ``{usagePage, usage, type, children: [...], inputReports, outputReports, featureReports}``, each report
    ``{reportId, items: [HIDReportItem]}``; usages are extended (usage page ≪ 16 | usage, as WebHID gives
    them). Truncated or malformed input ends the walk where it breaks
    (what was parsed so far is returned). Raises :class:`DescriptorError` past the limits (module docstring),
    never anything else."""
    if len(descriptor) > MAX_DESCRIPTOR_BYTES:
        raise DescriptorError(f"report descriptor of {len(descriptor):,} bytes (at most {MAX_DESCRIPTOR_BYTES:,})")
    glob = {"page": 0, "lmin": 0, "lmax": 0, "pmin": 0, "pmax": 0, "unit_exp": 0, "size": 0, "id": 0, "count": 0}
    stack: list[dict] = []
    usages: list[int] = []
    umin = umax = None
    top: list[dict] = []
    open_: list[dict] = []
    i = 0
    while i < len(descriptor):
        prefix = descriptor[i]
        if prefix == 0xFE:  # long item: size byte, tag byte, data
            if i + 2 >= len(descriptor):
                break
            i += 3 + descriptor[i + 1]
            continue
        size = (0, 1, 2, 4)[prefix & 3]
        kind, tag = (prefix >> 2) & 3, prefix >> 4
        data = descriptor[i + 1:i + 1 + size]
        if len(data) < size:
            break
        i += 1 + size
        value = _unsigned(data)

        def full(u: int) -> int:
            return u if size == 4 else (glob["page"] << 16) | u

        if kind == 0:  # main
            if tag == 0xA:
                if len(open_) >= MAX_DEPTH:
                    raise DescriptorError(f"report descriptor nests collections more than {MAX_DEPTH} deep "
                                          f"(at byte {i - 1 - size})")
                usage = usages[0] if usages else (umin if umin is not None else 0)
                usage = full(usage) if usage < 0x10000 else usage
                coll = {"usagePage": usage >> 16, "usage": usage & 0xFFFF, "type": value, "children": [],
                        "inputReports": [], "outputReports": [], "featureReports": []}
                (open_[-1]["children"] if open_ else top).append(coll)
                open_.append(coll)
            elif tag == 0xC:
                if open_:
                    open_.pop()
            elif tag in _MAIN_KIND and open_:
                full_usages = [u if u >= 0x10000 else full(u) for u in usages]
                item = _item(value, glob, full_usages, None if umin is None else full(umin),
                             None if umax is None else full(umax))
                _report(open_[-1], _MAIN_KIND[tag], glob["id"])["items"].append(item)
            usages, umin, umax = [], None, None
        elif kind == 1:  # global
            if tag == 0:
                glob["page"] = value
            elif tag in (1, 2, 3, 4):
                glob[("lmin", "lmax", "pmin", "pmax")[tag - 1]] = _signed(data)
            elif tag == 5:
                glob["unit_exp"] = value
            elif tag == 7:
                glob["size"] = value
            elif tag == 8:
                glob["id"] = value
            elif tag == 9:
                glob["count"] = value
            elif tag == 0xA:
                stack.append(dict(glob))
            elif tag == 0xB and stack:
                glob = stack.pop()
        elif kind == 2:  # local
            if tag == 0:
                usages.append(value)
            elif tag == 1:
                umin = value
            elif tag == 2:
                umax = value
    return top


def report_ids(collections: list[dict], kind: str) -> set[int]:
    """Every report id of ``kind`` (``inputReports``/``outputReports``/``featureReports``) in
    ``collections`` and their children (a loop, not recursion)."""
    out: set[int] = set()
    todo = list(collections)
    while todo:
        coll = todo.pop()
        out |= {r["reportId"] for r in coll[kind]}
        todo.extend(coll["children"])
    return out


def max_report_bytes(collections: list[dict], kind: str) -> int:
    """The largest report of ``kind`` (``outputReports``/``featureReports``/``inputReports``) in bytes, report
    id not counted: per report id the bits of its items (``reportSize`` × ``reportCount``) summed over every
    collection, rounded up to whole bytes; 0 when there is none. Chromium's HidReportDescriptor computes the
    same maxima, and its HidConnection refuses a write longer than the maximum (and every write when it is 0:
    "This device does not support output reports")."""
    bits: dict[int, int] = {}
    todo = list(collections)
    while todo:
        coll = todo.pop()
        for report in coll[kind]:
            rid = report["reportId"]
            bits[rid] = bits.get(rid, 0) + sum(i["reportSize"] * i["reportCount"] for i in report["items"])
        todo.extend(coll["children"])
    return (max(bits.values(), default=0) + 7) // 8
