"""A reload does not make annotations "rematched" (app/picker_js/anchors.js): on a page that did not change,
each element is found again where it was recorded, so it stays exact; a page that did change after the
reload still says rematched. Real QtWebEngine, Debian's CPython documentation served on 127.0.0.1 (the page
where every annotation came out rematched after a reload) and tests/pages/spa.html."""

from __future__ import annotations

import functools
import http.server
import threading
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint

from conftest import pin_at
from app.model import ElementRecord
from app.protocol.markdown import encode_annotations

DOCS = Path("/usr/share/doc/python3-doc/html")


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture
def docs():
    if not (DOCS / "library" / "functions.html").is_file():
        pytest.skip("Debian's python3-doc is not installed")
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(DOCS)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    httpd.shutdown()
    httpd.server_close()


def test_annotations_of_an_unchanged_page_stay_exact_after_a_reload(window, docs, qtbot):
    window.load_page(docs + "library/functions.html")
    window.annotate.set_mode(True)
    for n, y in enumerate((180, 300, 420), start=1):
        pin_at(window, qtbot, QPoint(500, y), f"note {n}")
        qtbot.waitUntil(lambda n=n: len(window.session.pins) == n and not window.annotate.note_box.isVisible(),
                        timeout=5000)
    assert len({p.annotation.element.selector for p in window.session.pins}) == 3
    window.load_page(window.view.url().toString())
    qtbot.waitUntil(lambda: len([m for m in window.page_call("markers") if m["visible"]]) == 3, timeout=10_000)
    batch = window.run(window.tab.refreshed_batch())
    assert [a.status for a in batch.annotations] == ["", "", ""]
    assert "Status:" not in encode_annotations(batch)


def test_an_element_one_place_further_down_after_a_reload_is_rematched(window, server, qtbot, js):
    window.load_page(server.url("reload_moves.html"))
    found = window.page_call("select", "#list li:nth-child(2)")
    window.tab.annotator.pin(found["id"], ElementRecord.model_validate(found["record"]), "this one")
    js("sessionStorage.setItem('moved', '1'); true")
    window.load_page(window.view.url().toString())
    assert js("document.querySelector('#list li:nth-child(3)').textContent") == "Bananas"
    qtbot.waitUntil(lambda: window.session.pins[0].annotation.status == "rematched", timeout=10_000)
    batch = window.run(window.tab.refreshed_batch())
    assert batch.annotations[0].status == "rematched"
    # … and its record names the node it is on now
    again = window.page_call("select", batch.annotations[0].element.selector)
    assert again["count"] == 1 and again["id"] == found["id"] and again["record"]["text"] == "Bananas"
