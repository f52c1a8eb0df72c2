"""The no-Qt rules under WebHID: report descriptors → collections (HID 1.11 §6.2.2), Chromium's blocklist,
the virtual device's reply-script patterns, the host log's formats."""

from __future__ import annotations

import json

import pytest

from hypothesis import given
from hypothesis import strategies as st

from app.hid.blocklist import FIDO_USAGE_PAGE, excluded, protected_report_ids, vendor_product_blocked
from app.hid.descriptor import parse_collections
from app.hid.script import Pattern, ScriptError, parse_hex, parse_rules, render
from app.hid.traffic import TrafficLog

PAD = bytes.fromhex("0600ff0901a10185010902150026ff007508950881028502090395089102850309049504b102c0")
FIDO = bytes.fromhex("06d0f10901a101092015002 6ff0075089540810209219540910 2c0".replace(" ", ""))


def test_a_descriptor_gives_webhid_collections_with_reports_by_id():
    (coll,) = parse_collections(PAD)
    assert (coll["usagePage"], coll["usage"], coll["type"]) == (0xFF00, 1, 1)
    assert [r["reportId"] for r in coll["inputReports"]] == [1]
    item = coll["inputReports"][0]["items"][0]
    assert (item["reportSize"], item["reportCount"], item["logicalMaximum"]) == (8, 8, 255)
    assert item["usages"] == [0xFF000002] and not item["isArray"] and item["isAbsolute"]
    assert [r["reportId"] for r in coll["featureReports"]] == [3]


def test_nested_collections_are_children():
    desc = bytes.fromhex("05010902a1010901a10005091901290315002501950375018102c0c0")
    (mouse,) = parse_collections(desc)
    assert (mouse["usagePage"], mouse["usage"]) == (1, 2)
    (pointer,) = mouse["children"]
    assert pointer["usage"] == 1 and pointer["inputReports"][0]["items"][0]["isRange"]


@given(st.binary(max_size=200))
def test_any_bytes_parse_without_raising(data):
    assert isinstance(parse_collections(data), list)


def test_fido_collections_and_security_keys_are_excluded_like_chromium():
    fido = parse_collections(FIDO)
    assert fido[0]["usagePage"] == FIDO_USAGE_PAGE
    assert excluded(0x1234, 1, fido)
    assert protected_report_ids("input", 0x1234, 1, fido) == {0}
    assert vendor_product_blocked(0x1050, 0x0407) and excluded(0x1050, 0x0407, parse_collections(PAD))
    assert not excluded(0x1209, 1, parse_collections(PAD))


def test_jabra_output_report_5_of_page_ff00_is_protected_but_the_device_is_offered():
    desc = bytes.fromhex("0600ff0901a10185050902750895089102850609039508 9102c0".replace(" ", ""))
    colls = parse_collections(desc)
    assert protected_report_ids("output", 0x0B0E, 0x1234, colls) == {5}
    assert protected_report_ids("output", 0x0B0F, 0x1234, colls) == set()
    assert not excluded(0x0B0E, 0x1234, colls)


def test_reply_patterns():
    p = Pattern.parse("02 a1 ?? *")
    assert p.matches(bytes([2, 0xA1, 7])) and p.matches(bytes([2, 0xA1, 7, 9]))
    assert not p.matches(bytes([2, 0xA2, 7])) and not p.matches(bytes([2, 0xA1]))
    exact = Pattern.parse("50 49")
    assert exact.matches(b"PI") and not exact.matches(b"PIN")
    for bad in ("zz", "1", "* 01"):
        try:
            Pattern.parse(bad)
        except ScriptError:
            continue
        raise AssertionError(f"{bad!r} parsed")
    (rule,) = parse_rules([{"match": "01 *", "reply": {"reportId": 2, "hex": "aa bb"}, "delay_ms": 3}])
    assert rule.replies == ((2, (0xAA, 0xBB), "input"),) and rule.delay_ms == 3
    (echo,) = parse_rules([{"match": "02 a1 ?? *", "reply": {"reportId": 1, "hex": "b1 $2 $9"}}])
    assert render(echo.replies[0][1], bytes([2, 0xA1, 12])) == bytes([0xB1, 12, 0])
    assert parse_hex("a1,0c 00") == b"\xa1\x0c\x00"


def test_the_host_log_is_a_ring_with_text_lines_and_json_lines():
    log = TrafficLog(ring=3)
    dev = {"vendorId": 0x1209, "productId": 0xC0DE, "name": "Pad"}
    for i in range(5):
        log.add("hid", "TX", dev, bytes([0xA1, i]), report_id=0, op="READ_PRESET #12" if i == 4 else "")
    entries = log.query()
    assert [e.id for e in entries] == [3, 4, 5]
    line = entries[-1].line()
    assert line.startswith("[TX] ") and line.endswith("reportId=0x00 len=2 a1 04 ; READ_PRESET #12")
    rows = [json.loads(x) for x in log.export_jsonl().splitlines()]
    assert [r["id"] for r in rows] == [3, 4, 5] and rows[-1]["hex"] == "a1 04" and rows[-1]["ascii"] == ".."
    assert [e.id for e in log.query(since_id=4)] == [5]
    assert [e.id for e in log.query(device="1209:c0de", op="preset")] == [5]
    assert log.clear() == 3 and log.query() == [] and log.last_id() == 5


def test_the_hidapi_backend_lists_the_hosts_devices_without_raising():
    """The real backend loads (PyPI hidapi) and lists whatever the machine has (CI: usually nothing); every
    device it lists has a key and parsed collections."""
    from app.hid.backend import HidapiBackend

    devices = HidapiBackend().enumerate()
    assert isinstance(devices, list)
    assert all(d.key.startswith("hidapi:") and isinstance(d.collections, list) for d in devices)


def test_a_descriptor_nested_5000_deep_is_refused_by_a_loop_not_the_recursion_limit():
    from app.hid.backend import DeviceInfo
    from app.hid.descriptor import MAX_DEPTH, DescriptorError, report_ids

    deep = bytes.fromhex("a101" * 5000 + "c0" * 5000)[:4096]   # a 4 KB descriptor: 1,365 levels
    with pytest.raises(DescriptorError, match=f"more than {MAX_DEPTH} deep"):
        parse_collections(deep)
    with pytest.raises(DescriptorError, match="15,000 bytes"):
        parse_collections(bytes.fromhex("a101" * 5000 + "c0" * 5000))
    ok = parse_collections(bytes.fromhex("a101" * MAX_DEPTH + "85077508950181 02".replace(" ", "") + "c0" * MAX_DEPTH))
    assert report_ids(ok, "inputReports") == {7}
    chain: dict = {"children": [], "inputReports": [{"reportId": 9}]}
    for _ in range(5000):   # whatever builds collections, reading them is a loop
        chain = {"children": [chain], "inputReports": []}
    assert report_ids([chain], "inputReports") == {9}
    info = DeviceInfo.make(key="virtual:3", vendor_id=0x1209, product_id=7, product_name="Deep Gadget",
                           serial_number="DEEP-1", descriptor=deep, backend="virtual")
    assert info.collections == [] and not info.usable and not info.numbered
    assert info.error.startswith("'Deep Gadget' (1209:0007, virtual:3): report descriptor nests collections")
    assert info.summary()["error"] == info.error


def test_the_host_log_counts_what_remains_after_a_page_and_what_the_ring_dropped():
    log = TrafficLog()   # 5,000 entries
    dev = {"vendorId": 0x1209, "productId": 0xC0DE, "name": "Pad"}
    for i in range(20_000):
        log.add("hid", "RX" if i % 4 else "TX", dev, bytes([i & 0xFF]))
    page = log.page(limit=200)
    assert [page.entries[0].id, page.entries[-1].id, page.remaining] == [15_001, 15_200, 4_800]
    assert (page.dropped, page.dropped_total, page.first_id) == (15_000, 15_000, 15_001)
    page = log.page(since_id=19_900, limit=50)
    assert (len(page.entries), page.remaining, page.dropped) == (50, 50, 0)
    tx = log.page(since_id=10_000, dir_="TX", limit=200)
    assert (len(tx.entries), tx.remaining, tx.dropped) == (200, 1_050, 5_000)
    assert log.page(since_id=14_999).dropped == 1 and log.dropped_since(15_000) == 0
    assert log.clear() == 5_000                       # cleared entries are not dropped ones
    for i in range(5_010):
        log.add("serial", "TX", dev, b"x")
    assert log.dropped_since(0) == 15_010 and log.dropped_since(20_000) == 10
    assert log.dropped_since(19_000) == 10 and log.page().first_id == 20_011
