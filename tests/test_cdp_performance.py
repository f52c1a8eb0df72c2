"""Performance traces (issue 26, requirement 5) through the socket's performance methods, against real pages on
127.0.0.1: a reloaded trace finds the late hero image as LCP, the banner it pushes down as the layout shift,
the render-blocking stylesheet and the document's latency, and saves a trace the Performance panel opens; a
slow click shows as INP and a long task; a page stopped at ``debugger;`` does not stop the trace; bad input
is a clear registry error and leaves the session released, and so is a trace lost to the F12 window."""

from __future__ import annotations

import functools
import http.server
import json
import threading
from pathlib import Path

import pytest
from conftest import PAGES, run_js

from app.agent.host import TabsHost
from app.agent.methods import Methods
from app.core.errors import PagenoteError


#: A credential in the page's URL: redacted in the results and in the saved trace.
SECRET = "s3cr3tTraceValue0123456789abcdef"


class _PerfPages(http.server.SimpleHTTPRequestHandler):
    """``tests/pages`` with nothing cached (a reload fetches again), where ``perf/hero.png`` is held until the
    page asks for ``perf/painted`` — which it does after its first painted frame — so the image always comes
    late, after the banner was painted where the image's room will be; and ``perf/hero.png?late=<key>`` until
    the page asks for ``perf/frames120?key=<key>``, 120 frames after its load event (late_lcp.html)."""

    painted = threading.Semaphore(0)
    frames120: dict[str, threading.Event] = {}   # per page load's key (late_lcp.html)
    lock = threading.Lock()

    @classmethod
    def _frames120(cls, key: str) -> threading.Event:
        with cls.lock:
            return cls.frames120.setdefault(key, threading.Event())

    def log_message(self, *args) -> None:
        pass

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def do_GET(self) -> None:  # noqa: N802 (http.server's name)
        if self.path.startswith("/perf/painted"):
            _PerfPages.painted.release()
            self.send_response(204)
            self.end_headers()
            return
        if self.path.startswith("/perf/frames120?key="):
            _PerfPages._frames120(self.path.split("=", 1)[1]).set()
            self.send_response(204)
            self.end_headers()
            return
        if self.path.startswith("/perf/hero.png?late="):
            _PerfPages._frames120(self.path.split("=", 1)[1]).wait(timeout=30)  # a bound, not a wait on time
        elif self.path.startswith("/perf/hero.png"):
            _PerfPages.painted.acquire(timeout=30)  # a bound for a page that never paints, not a wait on time
        super().do_GET()


@pytest.fixture(scope="module")
def perf_server():
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_PerfPages, directory=str(PAGES)))
    httpd.daemon_threads = True
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


@pytest.fixture
def call(window):
    methods = Methods(TabsHost(window.app), window.app.hub)
    return lambda method, **params: window.run(methods.call(method, params), timeout=90_000)


def _error(call, method, **params) -> PagenoteError:
    with pytest.raises(PagenoteError) as caught:
        call(method, **params)
    return caught.value


def test_a_reloaded_trace_finds_the_late_image_the_shifting_banner_and_the_blocking_stylesheet(
        window, call, perf_server):
    from app.mcp.response import render
    from app.mcp.tools.performance import TraceReply
    from app.mcp.untrusted import unwrap

    window.load_page(f"{perf_server}/perf/lcp_cls.html?token={SECRET}")
    assert _error(call, "performance.stop_trace").name == "NO_TRACE"
    assert _error(call, "performance.analyze_insight", insight_name="LCPBreakdown").name == "NO_TRACE"

    result = call("performance.start_trace")  # reload and auto-stop by default (chrome-devtools-mcp's)
    summary = result["summary"]
    assert len(summary) <= 2_000
    numbers = result["insights"]
    assert numbers["lcp_ms"] > 0 and numbers["cls"] > 0 and numbers["render_blocking"] == 1
    assert "LCP:" in summary and "img#hero" in summary and "perf/hero.png" in summary
    assert "div#promo-banner.banner" in summary.split("CLS:")[1].splitlines()[0]
    assert "perf/blocking.css" in summary and "TTFB" in summary
    assert result["insight_set"] == "NAVIGATION_0"
    assert {"LCPBreakdown", "CLSCulprits", "RenderBlocking", "DocumentLatency"} <= set(result["available"])
    assert result["tab"]["id"] == window.tab.id
    assert "trace" not in window.tab.cdp.holders  # the recording released the session

    path = Path(result["path"])
    assert path.parent == Path(window.app.project_dir) / "traces" and path.suffix == ".json"
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert isinstance(saved["traceEvents"], list) and len(saved["traceEvents"]) == result["events"]
    assert any(e.get("name") == "largestContentfulPaint::Candidate" for e in saved["traceEvents"])
    assert saved["metadata"]["source"] == "DevTools"
    assert SECRET not in path.read_text(encoding="utf-8") and SECRET not in json.dumps(result)
    assert "lcp_cls.html?token=REDACTED" in summary

    shifts = call("performance.analyze_insight", insight_name="CLSCulprits", insight_set_id="NAVIGATION_0")
    assert "div#promo-banner.banner" in shifts["detail"] and len(shifts["detail"]) <= 3_000
    lcp = call("performance.analyze_insight", insight_name="LCPBreakdown")["detail"]
    assert "img#hero" in lcp and "Resource load duration" in lcp
    blocking = call("performance.analyze_insight", insight_name="RenderBlocking")["detail"]
    assert "Stylesheet" in blocking and "perf/blocking.css" in blocking
    assert "Time to first byte" in call("performance.analyze_insight", insight_name="DocumentLatency")["detail"]
    unknown = _error(call, "performance.analyze_insight", insight_name="NoSuchInsight")
    assert unknown.name == "UNKNOWN_INSIGHT" and "LCPBreakdown" in unknown.message
    assert _error(call, "performance.analyze_insight", insight_name="LCPBreakdown",
                  insight_set_id="NAVIGATION_7").name == "UNKNOWN_INSIGHT"

    # The MCP text: the page's words (URLs, ids, classes) in the untrusted block, the file and next step outside.
    text = render(TraceReply(result)).content[0].text
    before, page, after = unwrap(text)
    assert "img#hero" in page and "promo-banner" in page and "promo-banner" not in before + after
    assert result["path"] in after and "performance_analyze_insight" in after


def test_a_slow_click_is_the_inp_and_a_long_task_and_a_second_trace_is_refused(window, call, perf_server, qtbot):
    from PySide6.QtCore import QPoint, Qt
    from PySide6.QtTest import QTest

    window.load_page(f"{perf_server}/perf/interaction.html")
    assert call("performance.start_trace", reload=False, auto_stop=False)["recording"] is True
    assert "trace" in window.tab.cdp.holders
    assert _error(call, "performance.start_trace", reload=False, auto_stop=False).name == "TRACE_RUNNING"

    QTest.mouseClick(window.view.focusProxy(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     QPoint(60, 40))
    qtbot.waitUntil(lambda: run_js(qtbot, window.page, "document.getElementById('out').textContent") == "clicked",
                    timeout=10_000)
    window.run(window.tab.bridge.wait_frames(3, timeout_ms=10_000))  # the click's next paint ends its EventTiming
    result = call("performance.stop_trace")
    numbers = result["insights"]
    assert numbers["inp_ms"] >= 120 and numbers["long_tasks"] >= 1 and numbers["longest_task_ms"] >= 120
    assert result["insight_set"] == "NO_NAVIGATION" and "INP:" in result["summary"]
    assert {"INPBreakdown", "LongTasks"} <= set(result["available"])
    inp = call("performance.analyze_insight", insight_name="INPBreakdown")["detail"]
    assert "click" in inp and "Processing duration" in inp
    assert "EventDispatch click" in call("performance.analyze_insight", insight_name="LongTasks")["detail"]
    assert "trace" not in window.tab.cdp.holders
    assert _error(call, "performance.stop_trace").name == "NO_TRACE"

    # The F12 window replaces the session's light frontend, and Chromium ends a trace with its session: stop
    # says the trace was lost, and lets the session go.
    call("performance.start_trace", reload=False, auto_stop=False)
    window.tab.cdp.open_frontend()
    lost = _error(call, "performance.stop_trace")
    assert lost.name == "CDP_DETACHED" and "trace was lost" in lost.message
    assert "trace" not in window.tab.cdp.holders


def test_a_page_at_a_debugger_statement_does_not_stop_the_trace(window, call, server, qtbot):
    window.load_page(server.url("cdp_debugger.html"))
    result = call("performance.start_trace")  # the reload runs the timer's debugger; again
    assert result["insight_set"] == "NAVIGATION_0" and "cdp_debugger.html" in result["summary"]
    ticks = run_js(qtbot, window.page, "window.ticks")
    qtbot.waitUntil(lambda: run_js(qtbot, window.page, "window.ticks") > ticks + 5, timeout=10_000)
    assert run_js(qtbot, window.page, "window.inside") == 0  # no tick is held at the statement


def test_an_auto_stopped_trace_waits_for_a_hero_image_added_after_load(window, call, perf_server):
    """The image a script adds after ``load`` comes 120 frames later: the auto-stop records on (DevTools'
    5 s after load, then while the image's request is in flight), so the LCP is the image, not the heading."""
    window.load_page(f"{perf_server}/perf/late_lcp.html")
    result = call("performance.start_trace")
    lcp = call("performance.analyze_insight", insight_name="LCPBreakdown")["detail"]
    assert "img#late" in lcp and "h1#title" not in lcp, lcp
    assert result["insights"]["lcp_ms"] > 0
