"""WebHID in pagenote: a page using plain navigator.hid against the virtual devices of
tests/devices/macropad.json, through the real engine, with the host chooser driven from the test."""

from __future__ import annotations

import pytest

from _hid_fixtures import FIDO, OTHER, PAD, DevTab


@pytest.fixture
def dev(qtbot, aio, lease, tmp_path):
    d = DevTab(qtbot, lease, tmp_path)
    yield d
    d.close()


def connect(dev, server) -> None:
    dev.load(server.url("hid.html"))
    dev.choose(PAD)
    dev.wait_js("!!window.dev")


def test_navigator_hid_is_pagenotes_and_without_a_gesture_request_device_is_a_security_error(dev, server):
    dev.load(server.url("hid.html"))
    assert dev.js("typeof navigator.hid.requestDevice === 'function' && navigator.hid instanceof HID")
    dev.js("navigator.hid.requestDevice({filters: []}).catch((e) => window.events.push({error: e.name}))")
    assert dev.wait_js("window.events.length && window.events") == [{"error": "SecurityError"}]
    dev.js("navigator.hid.requestDevice({}).catch((e) => window.events.push({error: e.name}))")
    assert dev.wait_js("window.events.length > 1 && window.events")[1] == {"error": "TypeError"}


def test_the_chooser_offers_matching_devices_but_never_a_blocklisted_one(dev, server):
    dev.load(server.url("hid.html"))
    request = dev.choose(None)
    keys = [d.key for d in request.candidates()]
    assert keys == [PAD]                          # FIDO key: blocklisted; Other Gadget: filtered out
    assert FIDO not in keys and OTHER not in keys
    assert dev.service.device(FIDO).blocked
    assert dev.wait_js("window.events.length && window.events") == [{"chosen": []}]  # cancel: empty list
    assert dev.js("navigator.hid.getDevices().then((l) => window.got = l.length), 1") == 1
    assert dev.wait_js("window.got !== undefined && String(window.got)") == "0"


def test_open_send_receive_and_feature_reports(dev, server):
    connect(dev, server)
    assert dev.js("[dev.productName, dev.vendorId, dev.productId, dev.opened]") == ["Pagenote Macro Pad", 4617, 49374, False]
    collections = dev.js("dev.collections")
    assert collections[0]["usagePage"] == 0xFF00
    assert [r["reportId"] for r in collections[0]["inputReports"]] == [1]
    assert [r["reportId"] for r in collections[0]["outputReports"]] == [2]
    dev.js("dev.open().then(() => window.events.push({opened: dev.opened}))")
    dev.wait_js("window.events.some((e) => e.opened)")
    dev.js("dev.addEventListener('inputreport', window.onInput);"
           "dev.sendReport(2, new Uint8Array([0xa1, 0x0c, 0, 0, 0, 0, 0, 0]))")
    inputs = dev.wait_js("window.events.filter((e) => e.input)")
    assert inputs == [{"input": 1, "bytes": [0xb1, 0x0c, 1, 0, 0, 0, 0, 0]}]
    dev.js("dev.receiveFeatureReport(3).then((v) => window.feature = Array.from(new Uint8Array(v.buffer)))")
    assert dev.wait_js("window.feature") == [3, 0x0c, 1, 0, 0]
    dev.js("window.feature = null; dev.sendFeatureReport(3, new Uint8Array([7, 7, 7, 7]))"
           ".then(() => dev.receiveFeatureReport(3)).then((v) => window.feature = Array.from(new Uint8Array(v.buffer)))")
    assert dev.wait_js("window.feature") == [3, 7, 7, 7, 7]
    dev.js("dev.open().catch((e) => window.events.push({again: e.name}))")
    assert dev.wait_js("window.events.find((e) => e.again)") == {"again": "InvalidStateError"}
    dev.js("dev.close().then(() => dev.sendReport(2, new Uint8Array(8))).catch((e) => window.events.push({closed: e.name}))")
    assert dev.wait_js("window.events.find((e) => e.closed)") == {"closed": "InvalidStateError"}


def test_disconnect_and_reconnect_events(dev, server):
    connect(dev, server)
    dev.js("navigator.hid.getDevices().then((l) => window.known = l.length)")
    dev.wait_js("window.known")
    dev.backend.plug(PAD, False)
    assert dev.wait_js("window.events.find((e) => e.disconnect)") == {"disconnect": "Pagenote Macro Pad"}
    assert dev.js("dev.opened") is False
    dev.backend.plug(PAD, True)
    assert dev.wait_js("window.events.find((e) => e.connect)") == {"connect": "Pagenote Macro Pad"}
    dev.js("navigator.hid.getDevices().then((l) => window.after = l.map((d) => d.productName))")
    assert dev.wait_js("window.after") == ["Pagenote Macro Pad"]


def test_grants_are_per_origin_and_forget_revokes(dev, server, server2):
    connect(dev, server)
    assert dev.service.granted(server.origin) == [PAD]
    dev.load(server.url("hid.html"))                     # same origin, new document: still granted
    dev.js("navigator.hid.getDevices().then((l) => window.got = l.map((d) => d.productName))")
    assert dev.wait_js("window.got") == ["Pagenote Macro Pad"]
    dev.load(server2.url("hid.html"))                    # another origin: nothing
    dev.js("navigator.hid.getDevices().then((l) => window.got = l.length + ' devices')")
    assert dev.wait_js("window.got") == "0 devices"
    dev.load(server.url("hid.html"))
    dev.js("navigator.hid.getDevices().then((l) => l[0].forget()).then(() => navigator.hid.getDevices())"
           ".then((l) => window.got = l.length + ' left')")
    assert dev.wait_js("window.got") == "0 left"
    assert dev.service.granted(server.origin) == []


def test_grants_belong_to_the_lease(qtbot, aio, lease, tmp_path, server):
    first = DevTab(qtbot, lease, tmp_path)
    try:
        connect(first, server)
    finally:
        first.close()
    second = DevTab(qtbot, lease, tmp_path / "b")   # a new app, a new device service: no grants carried over
    try:
        second.load(server.url("hid.html"))
        second.js("navigator.hid.getDevices().then((l) => window.got = l.length + ' devices')")
        assert second.wait_js("window.got") == "0 devices"
    finally:
        second.close()


def test_a_forged_call_for_another_origins_device_is_refused(dev, server, server2):
    """Defence in depth (a compromised renderer could put anything in the channel): the host resolves device
    ids per origin, so a call naming another origin's device opens nothing."""
    from conftest import settle

    connect(dev, server)
    token = dev.service.token(server.origin, PAD)
    dev.load(server2.url("hid.html"))
    dev.js("navigator.hid.getDevices().then(() => window.known = 1)")
    dev.wait_js("window.known")
    doc = next(d for d in dev.tab.devices.docs() if d.origin == server2.origin)
    sent = []
    dev.tab.devices.send = lambda d, msg: sent.append(msg)
    settle(dev.qtbot, dev.tab.devices._answer(doc, {"id": 99, "op": "open", "device": token}))
    assert sent == [{"t": "r", "id": 99, "e": ["NotFoundError", "The device was not found or access was revoked."]}]
    assert dev.service.handles() == []


def _frame_page(dev, server, server2, allow: str):
    from urllib.parse import quote

    dev.load(server.url(f"hid_frame.html?allow={allow}&src=" + quote(server2.url("hid.html"), safe="")))


@pytest.mark.parametrize("allow", ["hid", ""])
def test_a_cross_origin_iframe_has_its_own_origins_grants(dev, server, server2, allow):
    """Each frame is served with its own origin (the host reads it from the frame, not from the page): the
    iframe of another origin sees none of the top page's devices until its own origin is granted one, then
    opens it and receives its reports through its own frame. Without allow="hid" the iframe gets Chrome's
    SecurityError (permissions policy)."""
    connect(dev, server)                                      # the top origin has the pad
    _frame_page(dev, server, server2, allow)

    def child():
        frames = dev.tab.page.mainFrame().children()
        return frames[0] if frames else None

    dev.qtbot.waitUntil(lambda: child() is not None and child().url().toString().startswith(server2.origin))

    def in_frame(source: str):
        import json

        box = {}
        child().runJavaScript(f"JSON.stringify((0, eval)({json.dumps(source)}) ?? null)", 0,
                              lambda v: box.setdefault("v", v))
        dev.qtbot.waitUntil(lambda: "v" in box)
        return json.loads(box["v"]) if box["v"] else None

    dev.qtbot.waitUntil(lambda: in_frame("typeof window.events") == "object")
    in_frame("navigator.hid.getDevices().then((l) => window.got = l.length + ' devices', (e) => window.got = e.name)")
    if not allow:
        dev.qtbot.waitUntil(lambda: in_frame("window.got") == "SecurityError")
        dev.service.grant(server2.origin, PAD)
        in_frame("window.got = null; navigator.hid.getDevices().catch((e) => window.got = e.message)")
        dev.qtbot.waitUntil(lambda: in_frame("window.got") == "Failed to execute 'getDevices' on 'HID': Access to "
                            "the feature \"hid\" is disallowed by permissions policy.")
        return
    dev.qtbot.waitUntil(lambda: in_frame("window.got") == "0 devices")
    dev.service.grant(server2.origin, PAD)
    in_frame("navigator.hid.getDevices().then(async (l) => { window.d = l[0]; await d.open();"
             " d.oninputreport = (e) => window.events.push({input: e.reportId});"
             " await d.sendReport(2, new Uint8Array([0xa1, 5, 0, 0, 0, 0, 0, 0])); })")
    dev.qtbot.waitUntil(lambda: in_frame("window.events.some((e) => e.input)") is True)
    assert [h.origin for h in dev.service.handles()] == [server2.origin]   # opened for the iframe's origin


def test_same_document_navigation_keeps_the_device_open(dev, server):
    """An app that changes its route (pushState, a fragment) stays the same document: its device stays open;
    a new document closes the old one's connections."""
    connect(dev, server)
    dev.js("dev.open().then(() => { history.pushState({}, '', '/route-2'); location.hash = 'x'; window.routed = 1; })")
    dev.wait_js("window.routed")
    dev.js("dev.oninputreport = window.onInput; dev.sendReport(2, new Uint8Array([0xa1, 3, 0, 0, 0, 0, 0, 0]))")
    assert dev.wait_js("window.events.filter((e) => e.input).length") == 1
    assert len(dev.service.handles()) == 1
    dev.load(server.url("hid.html"))
    dev.qtbot.waitUntil(lambda: dev.service.handles() == [])


def test_a_descriptor_nested_too_deep_names_its_device_and_the_pages_other_devices_still_list(
        qtbot, aio, lease, tmp_path, server):
    """A device whose report descriptor nests 1,365 collections (4 KB) is listed for agents with an error that
    names it and is offered to no page; getDevices() of a page granted it and the pad resolves with the pad."""
    from app.agent.devices import DeviceMethods, NoParams
    from app.hid.virtual import load_description

    from _hid_fixtures import DESCRIPTION

    description = load_description(DESCRIPTION)
    description["hid"].append({"name": "Deep Gadget", "vendorId": 4617, "productId": 7, "serialNumber": "DEEP-1",
                               "descriptor": ("a1 01 " * 5000 + "c0 " * 5000)[:3 * 4096]})
    d = DevTab(qtbot, lease, tmp_path, description=description)
    try:
        d.service.grant(server.origin, "virtual:3")
        d.service.grant(server.origin, PAD)
        d.load(server.url("hid.html"))
        d.js("navigator.hid.getDevices().then((l) => window.got = l.map((x) => x.productName))")
        assert d.wait_js("window.got") == ["Pagenote Macro Pad"]
        rows = {r["key"]: r for r in DeviceMethods(d.app).list(NoParams())["devices"]}
        assert rows["virtual:3"]["error"].startswith("'Deep Gadget' (1209:0007, virtual:3): report descriptor "
                                                     "nests collections more than 64 deep")
        assert "error" not in rows[PAD]
        request = d.service.request(server.origin, "hid", [{"vendorId": 4617, "productId": 7}], [])
        assert request.candidates() == [] and request.choose(None)
    finally:
        d.close()


def test_unplugging_one_device_fires_no_connect_for_the_others(dev, server):
    """Chrome fires connect only for a device that was plugged in: another granted device that never changed
    (granted without the chooser, as device_grant does) gets no event when the pad is pulled out and back."""
    dev.service.grant(server.origin, OTHER)
    connect(dev, server)
    dev.backend.plug(PAD, False)
    dev.wait_js("window.events.find((e) => e.disconnect)")
    dev.backend.plug(PAD, True)
    dev.wait_js("window.events.find((e) => e.connect)")
    dev.js("navigator.hid.getDevices().then((l) => window.after = l.map((d) => d.productName).sort())")
    assert dev.wait_js("window.after") == ["Other Gadget", "Pagenote Macro Pad"]
    assert dev.events() == [{"chosen": ["Pagenote Macro Pad"]}, {"disconnect": "Pagenote Macro Pad"},
                            {"connect": "Pagenote Macro Pad"}]


def test_a_report_longer_than_the_descriptor_allows_is_refused_at_once_and_the_page_stays_responsive(dev, server):
    """Chromium's HidConnection refuses a write longer than the descriptor's largest report of its kind
    (the pad: output 8 bytes, feature 4). A 10 MB sendReport used to be copied, hex-encoded and bridged for
    12-15 s before its NotAllowedError; now its promise rejects before a timer queued ahead of the call fires
    (the old path needed a host round trip, so the timer came first), and before a later call is answered."""
    from conftest import settle

    dev.service.logging = True
    connect(dev, server)
    dev.js("dev.open().then(() => window.events.push({opened: dev.opened}))")
    dev.wait_js("window.events.some((e) => e.opened)")
    dev.js("""window.order = [];
      setTimeout(() => window.order.push('timer'), 0);
      dev.sendReport(2, new Uint8Array(10 * 1024 * 1024))
        .catch((e) => window.order.push('big ' + e.name + ': ' + e.message));
      navigator.hid.getDevices().then(() => window.order.push('getDevices'));
      dev.sendReport(2, new Uint8Array(9)).catch((e) => window.order.push('nine ' + e.name));
      dev.sendFeatureReport(3, new Uint8Array(5)).catch((e) => window.order.push('feature ' + e.name));
      1""")
    order = dev.wait_js("window.order.length === 5 && window.order")
    assert order[:3] == ["big NotAllowedError: Failed to execute 'sendReport' on 'HIDDevice': Failed to write the "
                         "report.", "nine NotAllowedError", "feature NotAllowedError"], order
    assert sorted(order[3:]) == ["getDevices", "timer"]
    # Responsive: the next report of the right size goes out and the device's reply comes back.
    dev.js("dev.addEventListener('inputreport', window.onInput); dev.sendReport(2, new Uint8Array([0xa1, 0x0c]))")
    reply = {"input": 1, "bytes": [0xb1, 0x0c, 1, 0, 0, 0, 0, 0]}
    assert dev.wait_js("window.events.filter((e) => e.input)") == [reply]
    dev.qtbot.waitUntil(lambda: len([e for e in dev.service.log.query() if e.dir == "TX"]) == 4)
    tx = [(e.kind, e.len, e.result.split(":")[0]) for e in dev.service.log.query() if e.dir == "TX"]
    assert tx == [("output", 10 * 1024 * 1024, "NotAllowedError"), ("output", 9, "NotAllowedError"),
                  ("feature_set", 5, "NotAllowedError"), ("output", 2, "ok")]
    # The host refuses it too (a page that bypasses the check): 9 bytes for an 8-byte output report.
    doc = next(d for d in dev.tab.devices.docs() if d.origin == server.origin)
    sent = []
    dev.tab.devices.send = lambda d, msg: sent.append(msg)
    token = dev.service.token(server.origin, PAD)
    settle(dev.qtbot, dev.tab.devices._answer(doc, {"id": 98, "op": "sendReport", "device": token, "reportId": 2,
                                                    "hex": "00 " * 8 + "00"}))
    assert sent == [{"t": "r", "id": 98, "e": ["NotAllowedError", "Failed to execute 'sendReport' on 'HIDDevice': "
                                                                 "Failed to write the report."]}]
