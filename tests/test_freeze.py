"""Freeze (annotating a transient state): one action stops a CSS animation, a running CSS transition, a Web
Animation, a playing video and a requestAnimationFrame loop — in the page and in an iframe — and unfreeze
resumes them, leaving what the page had paused itself paused. Screenshots taken while frozen show the
frozen state (two viewport captures some frames apart hold the same pixels)."""

from __future__ import annotations

from PIL import Image, ImageChops

from app.webview.freeze import freezer_of

BOXES = ("css", "waapi", "raf", "trans")
STATE = """({
  x: Object.fromEntries(%s.map((id) => [id, Math.round(document.getElementById(id).getBoundingClientRect().x * 100) / 100])),
  ticks: window.rafTicks, video: document.getElementById('video').currentTime,
  paused: document.getElementById('video').paused, held: document.getAnimations().filter((a) => a.id === 'held')
    .map((a) => a.playState)[0] || null, now: performance.now()
})""" % list(BOXES)


def hold_one_animation(js):
    """The page pauses one Web Animation itself: freeze and unfreeze must leave it paused."""
    js("document.getElementById('raf').animate([{opacity: 1}, {opacity: 0.9}], {duration: 5000, id: 'held'}).pause()")


def wait_page_time(qtbot, js, ms: float) -> None:
    """Let the page's clock move ``ms`` on (timers run, a frozen page must still not move)."""
    start = js("performance.now()")
    qtbot.waitUntil(lambda: js("performance.now()") - start >= ms, timeout=10_000)


def shot(window) -> Image.Image:
    clean, _ = window.run(window.tab.capture.viewport())
    return Image.open(clean.path).convert("RGB")


def test_freeze_stops_every_kind_of_motion_and_unfreeze_resumes_it(window, server, qtbot, js):
    w = window
    w.load_page(server.url("freeze.html"))
    qtbot.waitUntil(lambda: js("document.getElementById('video').currentTime > 0.2"), timeout=10_000)
    hold_one_animation(js)
    before = js(STATE)
    assert before["paused"] is False and before["held"] == "paused"

    freezer = freezer_of(w.tab.bridge)
    result = w.run(freezer.set_frozen(True))
    assert result["frozen"] and freezer.frozen
    assert result["media"] == 1 and result["animations"] >= 2      # the Web Animation and the transition
    w.run(w.tab.bridge.wait_frames(3))                              # a scheduled rAF callback runs once more
    a = js(STATE)
    image_a = shot(w)
    wait_page_time(qtbot, js, 400)
    w.run(w.tab.bridge.wait_frames(5))
    b = js(STATE)
    image_b = shot(w)
    assert a["x"] == b["x"], "something still moves while frozen"
    assert a["ticks"] == b["ticks"], "the requestAnimationFrame loop still runs while frozen"
    assert b["paused"] is True and a["video"] == b["video"]
    assert ImageChops.difference(image_a, image_b).getbbox() is None, "two frozen screenshots differ"

    result = w.run(freezer.set_frozen(False))
    assert not result["frozen"] and not freezer.frozen
    assert result["callbacks"] >= 1 and result["media"] == 1
    qtbot.waitUntil(lambda: all(v != b["x"][k] for k, v in js(STATE)["x"].items()), timeout=10_000)
    qtbot.waitUntil(lambda: js(STATE)["ticks"] > b["ticks"] + 2, timeout=10_000)
    qtbot.waitUntil(lambda: js(STATE)["video"] > b["video"], timeout=10_000)
    after = js(STATE)
    assert after["paused"] is False
    assert after["held"] == "paused", "unfreeze played an animation the page had paused itself"
    assert js("window.requestAnimationFrame.name") == "requestAnimationFrame"
    assert js("Object.getOwnPropertyNames(window).filter((n) => n.startsWith('__pagenote_freeze')).length") == 0


def test_freeze_reaches_an_iframe_and_a_navigation_ends_it(window, server, qtbot, js):
    w = window
    w.load_page(server.url("freeze_frame.html"))
    frame = w.page.mainFrame().children()[0]
    w.run(w.tab.bridge.wait_ready(frame=frame))
    inner = "JSON.stringify([document.getElementById('css').getBoundingClientRect().x, window.rafTicks])"

    def sample():
        return w.run(w.tab.bridge.run(inner, frame=frame, world=0))

    qtbot.waitUntil(lambda: sample() != sample(), timeout=10_000)   # it moves
    freezer = freezer_of(w.tab.bridge)
    assert w.run(freezer.set_frozen(True))["frames"] == 2
    w.run(w.tab.bridge.wait_frames(3, frame=frame))
    first = sample()
    wait_page_time(qtbot, js, 300)
    w.run(w.tab.bridge.wait_frames(5, frame=frame))
    assert sample() == first
    changes = []
    freezer.changed.connect(changes.append)
    w.load_page(server.url("freeze.html"))
    assert changes == [False] and not freezer.frozen
    assert js("window.requestAnimationFrame.name") == "requestAnimationFrame"


def test_the_freeze_key_freezes_the_shown_tab_and_is_listed_with_the_shortcuts(window, server, qtbot, js):
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    w = window
    w.load_page(server.url("freeze.html"))
    assert w.freeze in w.shortcut_actions() and w.freeze.shortcut().toString() == "Ctrl+Shift+P"
    w.view.setFocus()
    QTest.keyClick(w.view.focusProxy(), Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    qtbot.waitUntil(lambda: freezer_of(w.tab.bridge).frozen and w.freeze.isChecked(), timeout=10_000)
    assert "Frozen" in w.status_label.text()
    assert js("document.getElementById('video').paused") is True
    QTest.keyClick(w.view.focusProxy(), Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    qtbot.waitUntil(lambda: not freezer_of(w.tab.bridge).frozen and not w.freeze.isChecked(), timeout=10_000)
    qtbot.waitUntil(lambda: js("document.getElementById('video').paused") is False, timeout=10_000)
    w.annotate.set_mode(True)                     # the key works in annotation mode too (the page gets no keys)
    QTest.keyClick(w.view.focusProxy(), Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    qtbot.waitUntil(lambda: freezer_of(w.tab.bridge).frozen, timeout=10_000)


def test_an_agent_freezes_and_unfreezes_the_active_tab_over_the_socket_methods(window, server, qtbot, js):
    from app.agent.host import TabsHost
    from app.agent.methods import Methods

    w = window
    w.load_page(server.url("freeze.html"))
    qtbot.waitUntil(lambda: js("document.getElementById('video').currentTime > 0.1"), timeout=10_000)
    methods = Methods(TabsHost(w.app), w.app.hub)
    result = w.run(methods.call("page.freeze", {"frozen": True}))
    assert result["frozen"] is True and result["media"] == 1 and freezer_of(w.tab.bridge).frozen
    qtbot.waitUntil(w.freeze.isChecked, timeout=5_000)      # the window's action follows
    assert js("document.getElementById('video').paused") is True
    result = w.run(methods.call("page.freeze", {"frozen": False}))
    assert result["frozen"] is False and not freezer_of(w.tab.bridge).frozen
    qtbot.waitUntil(lambda: js("document.getElementById('video').paused") is False, timeout=10_000)


def test_a_hover_menu_stays_open_while_frozen_and_annotated(window, server, qtbot, js):
    from PySide6.QtCore import QPoint
    from PySide6.QtTest import QTest

    w = window
    w.load_page(server.url("freeze.html"))
    proxy = w.view.focusProxy()
    menu = js("(() => { const r = document.getElementById('menu').getBoundingClientRect(); return [r.x, r.y]; })()")
    QTest.mouseMove(proxy, QPoint(round(menu[0]) + 10, round(menu[1]) + 10))
    open_ = "getComputedStyle(document.getElementById('sub')).display === 'block'"
    qtbot.waitUntil(lambda: js(open_), timeout=5_000)
    w.run(freezer_of(w.tab.bridge).set_frozen(True))
    w.annotate.set_mode(True)
    QTest.mouseMove(proxy, QPoint(60, 400))                 # the pointer leaves the menu, in annotation mode
    qtbot.waitUntil(lambda: (w.page_call("hoverState") or {}).get("label", "").startswith("html"), timeout=5_000)
    assert js(open_), "the hover menu closed"


def test_a_css_animation_started_while_frozen_in_a_shadow_root_stays_at_its_start(window, server, qtbot, js):
    w = window
    w.load_page(server.url("freeze.html"))
    box = "document.getElementById('host').shadowRoot.getElementById('shadow-box')"
    x0 = js(f"{box}.getBoundingClientRect().x")
    w.run(freezer_of(w.tab.bridge).set_frozen(True))
    js(f"{box}.classList.add('go')")
    wait_page_time(qtbot, js, 300)
    w.run(w.tab.bridge.wait_frames(5))
    assert js(f"{box}.getAnimations().length") == 1 and js(f"{box}.getBoundingClientRect().x") == x0
    w.run(freezer_of(w.tab.bridge).set_frozen(False))
    qtbot.waitUntil(lambda: js(f"{box}.getBoundingClientRect().x") != x0, timeout=10_000)
