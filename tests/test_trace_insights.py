"""Trace events → insights (app.protocol.trace_insights), on small hand-made traces shaped as Chromium 140's
(fields as recorded by tests/test_cdp_performance.py): the CLS session windows, the 50 ms long-task rule, INP's
slowest interaction, render-blocking requests, document latency, the main renderer only, redaction, and the
texts' bounds. No Qt."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.protocol.trace_insights import INSIGHT_CHARS, SUMMARY_CHARS, analyze, insight_text, summary_text

PID, TID, OTHER = 10, 11, 99
FRAME, NAV = "F1", "N1"
T0 = 1_000_000_000  # µs


def _page(url: str = "http://127.0.0.1:8000/a.html") -> list[dict]:
    return [
        {"name": "TracingStartedInBrowser", "ph": "I", "pid": 1, "tid": 1, "ts": T0 - 10,
         "args": {"data": {"frames": [{"frame": FRAME, "isOutermostMainFrame": True, "processId": PID, "url": url}]}}},
        {"name": "thread_name", "ph": "M", "pid": PID, "tid": TID, "ts": 0, "args": {"name": "CrRendererMain"}},
        {"name": "thread_name", "ph": "M", "pid": OTHER, "tid": OTHER, "ts": 0, "args": {"name": "CrRendererMain"}},
        {"name": "navigationStart", "ph": "R", "pid": PID, "tid": TID, "ts": T0,
         "args": {"frame": FRAME, "data": {"documentLoaderURL": url, "isOutermostMainFrame": True,
                                           "navigationId": NAV}}},
    ]


def _shift(ms: float, score: float, nodes=(5,), recent: bool = False) -> dict:
    return {"name": "LayoutShift", "ph": "I", "pid": PID, "tid": TID, "ts": T0 + int(ms * 1000),
            "args": {"frame": FRAME, "data": {"weighted_score_delta": score, "had_recent_input": recent,
                                              "impacted_nodes": [{"node_id": n} for n in nodes]}}}


def _task(ms: float, dur_ms: float, pid: int = PID) -> dict:
    return {"name": "RunTask", "ph": "X", "pid": pid, "tid": pid if pid != PID else TID,
            "ts": T0 + int(ms * 1000), "dur": int(dur_ms * 1000), "args": {}}


def test_cls_is_the_worst_session_window_and_recent_input_does_not_count():
    # Window 1: 0.1 + 0.1 (0.5 s apart); a 1.2 s gap starts window 2: 0.15 only; a shift after input: ignored.
    events = _page() + [_shift(100, 0.1, (5,)), _shift(600, 0.1, (6,)), _shift(1_800, 0.15, (7,)),
                        _shift(1_900, 0.9, (8,), recent=True)]
    ins = analyze(events)
    assert ins.cls == pytest.approx(0.2) and ins.shift_count == 3
    assert sorted(n for s in ins.shifts for n in s["nodes"]) == [5, 6]
    text = summary_text(ins, {5: "div#promo-banner.banner"})
    assert "CLS: 0.200 (3 layout shifts), shifting: div#promo-banner.banner, node 6" in text


def test_a_window_longer_than_five_seconds_is_split():
    events = _page() + [_shift(i * 900, 0.05, (i,)) for i in range(8)]  # 900 ms apart: 6.3 s in all
    ins = analyze(events)
    assert ins.shift_count == 8 and ins.cls == pytest.approx(0.3)  # 6 shifts fit in the first 5 s


def test_long_tasks_are_over_fifty_ms_on_the_page_main_thread_only():
    events = _page() + [_task(10, 50), _task(100, 51), _task(300, 200), _task(10, 900, pid=OTHER)]
    ins = analyze(events)
    assert [t["duration_ms"] for t in ins.long_tasks] == [200, 51]
    assert ins.blocking_ms == pytest.approx(151)
    assert "Long tasks (>50 ms): 2, longest 200 ms, blocking 151 ms" in summary_text(ins)


def test_inp_is_the_slowest_interaction_broken_down_by_its_longest_handler():
    def timing(interaction: int, kind: str, duration: float, start: float, end: float) -> dict:
        return {"name": "EventTiming", "ph": "b", "pid": PID, "tid": TID, "ts": T0 + 5,
                "args": {"data": {"frame": FRAME, "interactionId": interaction, "type": kind, "duration": duration,
                                  "timeStamp": 100.0, "processingStart": start, "processingEnd": end}}}

    events = _page() + [timing(0, "pointerover", 400, 100, 101),  # not an interaction
                        timing(7, "pointerdown", 48, 101, 102), timing(7, "click", 48, 102, 140),
                        timing(9, "pointerdown", 160, 102, 103), timing(9, "click", 152, 104, 230)]
    ins = analyze(events)
    assert ins.interactions == 2
    assert ins.inp == {"duration_ms": 160, "type": "click", "input_delay_ms": 4, "processing_ms": 126,
                       "presentation_delay_ms": 22}
    assert "INP 160 ms: click" in insight_text(ins, "INPBreakdown")


def test_render_blocking_document_latency_and_lcp_with_redacted_urls():
    secret = "http://127.0.0.1:8000/style.css?token=abcdef0123456789abcdef"
    events = _page("http://127.0.0.1:8000/a.html?session=topsecretvalue123") + [
        {"name": "ResourceSendRequest", "ph": "I", "pid": PID, "tid": TID, "ts": T0 + 1_000,
         "args": {"data": {"requestId": NAV, "url": "http://127.0.0.1:8000/a.html", "frame": FRAME}}},
        {"name": "ResourceReceiveResponse", "ph": "I", "pid": PID, "tid": TID, "ts": T0 + 40_000,
         "args": {"data": {"requestId": NAV, "statusCode": 200, "headers": [{"name": "Content-Encoding",
                                                                              "value": "gzip"}],
                           "timing": {"requestTime": (T0 + 1_000) / 1e6, "sendEnd": 1.0,
                                      "receiveHeadersEnd": 31.0}}}},
        {"name": "ResourceSendRequest", "ph": "I", "pid": PID, "tid": TID, "ts": T0 + 50_000,
         "args": {"data": {"requestId": "r2", "url": secret, "frame": FRAME, "renderBlocking": "blocking",
                           "resourceType": "Stylesheet"}}},
        {"name": "ResourceFinish", "ph": "I", "pid": PID, "tid": TID, "ts": T0 + 90_000,
         "args": {"data": {"requestId": "r2", "finishTime": (T0 + 80_000) / 1e6}}},
        {"name": "ResourceSendRequest", "ph": "I", "pid": PID, "tid": TID, "ts": T0 + 50_000,
         "args": {"data": {"requestId": "r3", "url": "http://127.0.0.1:8000/late.js", "frame": FRAME,
                           "renderBlocking": "non_blocking", "resourceType": "Script"}}},
        {"name": "firstContentfulPaint", "ph": "R", "pid": PID, "tid": TID, "ts": T0 + 100_000,
         "args": {"frame": FRAME, "data": {"navigationId": NAV}}},
        {"name": "largestContentfulPaint::Candidate", "ph": "R", "pid": PID, "tid": TID, "ts": T0 + 100_000,
         "args": {"frame": FRAME, "data": {"navigationId": NAV, "candidateIndex": 1, "type": "text", "nodeId": 3,
                                           "nodeName": "H1", "size": 100, "isOutermostMainFrame": True}}},
        {"name": "largestContentfulPaint::Candidate", "ph": "R", "pid": PID, "tid": TID, "ts": T0 + 250_000,
         "args": {"frame": FRAME, "data": {"navigationId": NAV, "candidateIndex": 2, "type": "image", "nodeId": 4,
                                           "nodeName": "IMG id='hero'", "size": 9000, "isOutermostMainFrame": True,
                                           "imageLoadStart": 120.0, "imageLoadEnd": 200.0}}},
    ]
    ins = analyze(events)
    assert ins.document == {"status": 200, "url": "http://127.0.0.1:8000/a.html", "ttfb_ms": 32.0,
                            "server_ms": 30.0, "redirects": 0, "compressed": True}
    assert [r["url"] for r in ins.render_blocking] == ["http://127.0.0.1:8000/style.css?token=REDACTED"]
    assert ins.render_blocking[0]["duration_ms"] == 30 and ins.render_blocking[0]["before_fcp"]
    assert ins.lcp["time_ms"] == 250 and ins.lcp["node_id"] == 4
    assert "topsecretvalue123" not in summary_text(ins) and "abcdef0123456789" not in summary_text(ins)
    detail = insight_text(ins, "LCPBreakdown", {4: "img#hero"})
    assert "LCP 250 ms: image img#hero" in detail
    assert "Resource load delay: 88 ms" in detail and "Element render delay: 50 ms" in detail
    with pytest.raises(KeyError):
        insight_text(ins, "INPBreakdown")


def test_a_trace_without_a_navigation_is_one_set_and_the_summary_is_bounded():
    events = [{"name": "ResourceSendRequest", "ph": "I", "pid": PID, "tid": TID, "ts": T0 + i,
               "args": {"data": {"requestId": f"r{i}", "url": "http://127.0.0.1/" + "x" * 900,
                                 "renderBlocking": "blocking"}}} for i in range(50)]
    ins = analyze(events)
    assert ins.insight_set == "NO_NAVIGATION" and ins.lcp is None and len(ins.render_blocking) == 50
    assert len(summary_text(ins)) <= SUMMARY_CHARS
    assert len(insight_text(ins, "RenderBlocking")) <= INSIGHT_CHARS


_value = st.recursive(st.none() | st.booleans() | st.integers(-10**12, 10**12) | st.floats(allow_nan=False)
                      | st.text(max_size=20), lambda inner: st.lists(inner, max_size=3)
                      | st.dictionaries(st.text(max_size=10), inner, max_size=3), max_leaves=8)
_names = st.sampled_from(["navigationStart", "LayoutShift", "RunTask", "EventTiming", "ResourceSendRequest",
                          "ResourceFinish", "ResourceReceiveResponse", "largestContentfulPaint::Candidate",
                          "firstContentfulPaint", "TracingStartedInBrowser", "thread_name"])
_event = st.fixed_dictionaries({"name": _names, "ts": st.integers(0, 10**12), "pid": st.integers(0, 3),
                                "tid": st.integers(0, 3), "ph": st.sampled_from(["X", "I", "b", "R", "M"]),
                                "dur": st.integers(0, 10**9), "args": _value})


@settings(max_examples=150, deadline=None)
@given(st.lists(_event, max_size=20))
def test_any_events_give_insights_and_bounded_texts(events):
    try:
        ins = analyze(events)
    except (TypeError, AttributeError, KeyError, ValueError) as exc:  # pragma: no cover - the failure message
        pytest.fail(f"analyze raised {exc!r}")
    assert len(summary_text(ins)) <= SUMMARY_CHARS
    for name in ins.available:
        assert len(insight_text(ins, name)) <= INSIGHT_CHARS
