"""A pin shows at once from the element's box; its whole record follows (issue 30, requirement 8).

The marker and the note box come from ``pick(x, y, true)`` (where the element is); the record — selector,
locators, names, text — is asked for once the marker is in the scene the host paints (Annotator.pin_box), the
panel row saying "reading the element…" meanwhile, and an export (Send) waits for it. The page has 3,000
look-alike buttons (a large document for the record's searches); the order is checked by events, not by time:
the record is asked for only after the marker is in the scene, however quick the page is.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest


def centre(js, selector: str) -> QPoint:
    x, y = js(f"(() => {{ const r = document.querySelector({selector!r}).getBoundingClientRect();"
              " return [r.left + r.width / 2, r.top + r.height / 2]; })()")
    return QPoint(round(x), round(y))


def click(window, point: QPoint) -> None:
    proxy = window.view.focusProxy()
    QTest.mouseMove(proxy, point)
    QTest.mouseClick(proxy, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, point)


def test_the_marker_and_panel_row_show_before_the_element_record_arrives(window, server, qtbot, js):
    w = window
    w.load_page(server.url("lookalike_buttons.html"))
    w.act_annotate.trigger()
    events: list[tuple] = []

    def scene_changed(scene) -> None:
        if scene.marks and not any(e[0] == "marker" for e in events):
            pin = w.session.pins[-1]
            events.append(("marker", pin.recording, pin.annotation.element.selector, list(w.panel.rows())))

    def session_changed() -> None:
        if w.session.pins and w.session.pins[-1].annotation.element.selector \
                and not any(e[0] == "record" for e in events):
            events.append(("record", w.session.pins[-1].recording))

    w.tab.annotator.scene.changed.connect(scene_changed)
    w.batch_session.subscribe(session_changed)
    try:
        click(w, centre(js, "#target"))
        qtbot.waitUntil(lambda: any(e[0] == "record" for e in events), timeout=20_000)
    finally:
        w.tab.annotator.scene.changed.disconnect(scene_changed)
        w.batch_session.unsubscribe(session_changed)
    assert [e[0] for e in events] == ["marker", "record"]
    _, recording, selector, rows = events[0]
    assert recording and selector == ""                      # drawn from the box, the record still to come
    assert len(rows) == 1 and rows[0].endswith("(reading the element…)")
    assert events[1] == ("record", False)
    qtbot.waitUntil(lambda: not w.panel.rows()[0].endswith("(reading the element…)"), timeout=5_000)
    element = w.session.pins[0].annotation.element
    assert element.selector == "#target" and element.role == "heading"
    assert element.accessible_name == "Choose a plan" and element.locators
    # The note box's title names the element once its record is there (it opened with the tag alone).
    qtbot.waitUntil(lambda: "Choose a plan" in w.annotate.note_box.full_title, timeout=5_000)


def test_the_marker_shows_selected_before_the_note_box_opens(window, server, qtbot, js):
    """The marker path comes first after a click: the page's scene with the new marker, drawn selected from the
    start (one marker list), reaches the host before the note box is laid out and shown (which takes this thread
    3-10 ms): the box opens once the scene holds the marker, beside its badge as placed. Checked by events."""
    w = window
    w.load_page(server.url("lookalike_buttons.html"))
    w.act_annotate.trigger()
    events: list[tuple] = []

    def scene_changed(scene) -> None:
        if scene.marks and not any(e[0] == "marker" for e in events):
            events.append(("marker", scene.marks[0].selected, w.annotate.note_box.isVisible()))

    def note_shown(on: bool) -> None:
        if on:
            events.append(("note box",))

    w.tab.annotator.scene.changed.connect(scene_changed)
    w.annotate.note_box.visibility_changed.connect(note_shown)
    try:
        click(w, centre(js, "#target"))
        qtbot.waitUntil(lambda: ("note box",) in events, timeout=20_000)
    finally:
        w.tab.annotator.scene.changed.disconnect(scene_changed)
        w.annotate.note_box.visibility_changed.disconnect(note_shown)
    assert events == [("marker", True, False), ("note box",)]
    assert w.annotate.editing == w.session.pins[0].id and w.annotate.editing_new


def test_send_waits_for_a_record_still_being_made(window, server, qtbot, js):
    w = window
    w.load_page(server.url("lookalike_buttons.html"))
    w.act_annotate.trigger()
    outcome: dict = {}

    async def send_now():
        outcome["recording at send"] = w.batch_session.recording()
        outcome["receivers"] = await w.export("send")

    def session_changed() -> None:   # Send pressed the moment the pin exists, its record not made yet
        if w.session.pins and "recording at send" not in outcome and "task" not in outcome:
            from app.core.tasks import spawn

            outcome["task"] = spawn(send_now(), "send in the test")

    w.batch_session.subscribe(session_changed)
    try:
        click(w, centre(js, "#target"))
        qtbot.waitUntil(lambda: "receivers" in outcome, timeout=20_000)
    finally:
        w.batch_session.unsubscribe(session_changed)
    assert outcome["recording at send"] is True
    assert outcome["receivers"] == 0
    [annotation] = w.hub.store.batches[-1].batch.annotations
    assert annotation.element.selector == "#target" and annotation.element.accessible_name == "Choose a plan"
    assert annotation.element.locators


def test_a_marker_list_made_before_the_pin_does_not_drop_the_picked_element(window, server, qtbot, js):
    """A marker list the host built before it added the pin can reach the page after the pick (under load it did:
    the pin then kept its box-only record, no selector, no Source: line). The page keeps a picked element until
    the host has asked for its record, whatever setMarkers lists meanwhile."""
    import json

    window.load_page(server.url("lookalike_buttons.html"))
    qtbot.waitUntil(lambda: js("!!document.querySelector('button')") is True)
    at = centre(js, "button")
    zoom = window.view.zoomFactor() or 1.0
    picked = window.page_call("pick", at.x() / zoom, at.y() / zoom, True)
    assert picked["kind"] == "element" and not picked["record"].get("selector")   # the box only
    window.page_call("setMarkers", json.dumps({"markers": [], "keep": []}))   # a list that predates the pin
    whole = window.page_call("record", picked["id"])
    assert whole is not None and whole["record"]["selector"], whole
    window.page_call("setMarkers", json.dumps({"markers": [], "keep": []}))   # asked for: now it may go
    assert window.page_call("record", picked["id"]) is None


def test_a_region_and_a_group_show_their_markers_before_their_selectors_arrive(window, server, qtbot, js):
    """A Shift+drag region's marker is drawn from its rectangle before the selectors of what it covers are made,
    a group's from its members' boxes before their common ancestor's selector (selectors cost 15-20 ms each on a
    large page); each pin is recording until they are in (a send waits), then has them. Checked by events."""
    from PySide6.QtCore import QPoint

    ctrl, shift = Qt.KeyboardModifier.ControlModifier, Qt.KeyboardModifier.ShiftModifier
    w = window
    w.load_page(server.url("kinds.html"))
    w.annotate.set_mode(True)
    proxy = w.view.focusProxy()
    events: list[tuple] = []

    def fields(pin) -> str:
        a = pin.annotation
        return ",".join(c.selector for c in a.region.covers) if a.region is not None else a.common_ancestor

    def scene_changed(scene) -> None:
        if w.session.pins and len(scene.marks) == len(w.session.pins) > len([e for e in events if e[0] == "marker"]):
            pin = w.session.pins[-1]
            events.append(("marker", pin.annotation.kind, pin.recording, fields(pin)))

    def session_changed() -> None:
        pins = w.session.pins
        if pins and fields(pins[-1]) and not any(e[:2] == ("fields", pins[-1].annotation.kind) for e in events):
            events.append(("fields", pins[-1].annotation.kind, pins[-1].recording))

    def rect(selector: str) -> dict:
        return js(f"(() => {{ const r = document.querySelector({selector!r}).getBoundingClientRect();"
                  " return {x: r.x, y: r.y, right: r.right, bottom: r.bottom}; })()")

    w.tab.annotator.scene.changed.connect(scene_changed)
    w.batch_session.subscribe(session_changed)
    try:
        para = rect("#para")
        a = QPoint(round(para["x"]) + 2, round(para["y"]) + 2)
        b = QPoint(round(para["right"]) - 2, round(para["bottom"]) - 2)
        QTest.mousePress(proxy, Qt.MouseButton.LeftButton, shift, a)
        for i in range(1, 6):
            QTest.mouseMove(proxy, a + (b - a) * i / 5)
        QTest.mouseRelease(proxy, Qt.MouseButton.LeftButton, shift, b)
        qtbot.waitUntil(lambda: any(e[:2] == ("fields", "region") for e in events), timeout=20_000)
        qtbot.waitUntil(w.annotate.note_box.isVisible, timeout=10_000)
        QTest.keyClick(w.annotate.note_box.editor, Qt.Key.Key_Return)
        qtbot.waitUntil(lambda: not w.annotate.note_box.isVisible(), timeout=5_000)
        for n, card in enumerate(("#c1", "#c2"), start=1):
            c = rect(card)
            QTest.mouseClick(proxy, Qt.MouseButton.LeftButton, ctrl, QPoint(round(c["x"]) + 10, round(c["y"]) + 10))
            qtbot.waitUntil(lambda n=n: len(w.annotate.gestures.group) == n, timeout=5_000)
        QTest.keyRelease(proxy, Qt.Key.Key_Control)
        qtbot.waitUntil(lambda: any(e[:2] == ("fields", "group") for e in events), timeout=20_000)
    finally:
        w.tab.annotator.scene.changed.disconnect(scene_changed)
        w.batch_session.unsubscribe(session_changed)
    assert events == [("marker", "region", True, ""), ("fields", "region", False),
                      ("marker", "group", True, ""), ("fields", "group", False)], events
    region, group = (p.annotation for p in w.session.pins)
    assert "#para" in [c.selector for c in region.region.covers]
    assert group.common_ancestor == "#cards" and [e.selector for e in group.elements] == ["#c1", "#c2"]
