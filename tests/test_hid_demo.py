"""The demo page's device section works out of the box: with no --hid-backend, pagenote offers the bundled
virtual "pagenote demo pad" (resources/devices/demo.json), and the section connects, reads preset 12 and
shows the decoded traffic."""

from __future__ import annotations

import pytest
from _hid_fixtures import DevTab
from app.webview.urls import demo_url


@pytest.fixture
def demo(qtbot, aio, lease, tmp_path):
    d = DevTab(qtbot, lease, tmp_path, default=True)
    yield d
    d.close()


def click_element(dev, selector: str) -> None:
    box = dev.js(f"(() => {{ const e = document.querySelector({selector!r}); e.scrollIntoView({{block: 'center'}});"
                 " const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()")
    dev.click(int(box[0]), int(box[1]))


def test_the_demo_section_reads_a_preset_from_the_bundled_virtual_pad(qtbot, demo):
    demo.load(demo_url().toString())
    assert [d.product_name for d in demo.service.devices("hid") if d.backend == "virtual"] == ["pagenote demo pad"]
    with qtbot.waitSignal(demo.service.chooser_requested, timeout=10_000) as blocker:
        click_element(demo, "#device-connect")
    request = blocker.args[0]
    assert [d.product_name for d in request.candidates()] == ["pagenote demo pad"]
    request.choose(request.candidates()[0].key)
    assert demo.wait_js("document.getElementById('device-status').textContent.startsWith('Connected') && "
                        "document.getElementById('device-status').textContent") == "Connected: pagenote demo pad"
    click_element(demo, "#device-read")
    assert demo.wait_js("document.getElementById('device-status').textContent.startsWith('Preset') && "
                        "document.getElementById('device-status').textContent") == "Preset 12 = 42"
    log = demo.wait_js("document.getElementById('device-log').textContent.includes('RX') && "
                       "document.getElementById('device-log').textContent")
    assert log.splitlines() == ["[TX] reportId=2 a1 0c 00 00 00 00 00 00 ; READ_PRESET #12",
                                "[RX] reportId=1 b1 0c 2a 00 00 00 00 00 ; PRESET #12 = 42"]
