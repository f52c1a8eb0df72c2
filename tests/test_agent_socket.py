"""The agent socket (issue #5 §1–3): every method, every error code, hostile clients, Send delivery and
persistence — against the real app window serving a real Unix socket."""

from __future__ import annotations

import json
import os
import socket
import stat

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from conftest import pin_at

from app.agent import rpc
from app.core.errors import REGISTRY
from app.tabs.snapshot import PART_TIMEOUT_MS


#: How long a test waits for an answer by default: past the server's own longest per-request deadline (a snapshot
#: part, app.tabs.snapshot.PART_TIMEOUT_MS; page calls end at app.webview.bridge.CALL_TIMEOUT_MS), so a slow
#: machine makes the test slower, never wrong — a hang still fails.
ANSWER_DEADLINE_MS = PART_TIMEOUT_MS + 5_000


class RawClient:
    """A non-blocking Unix-socket client; the test's Qt event loop keeps running while it waits."""

    def __init__(self, qtbot, path) -> None:
        self.qtbot = qtbot
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(str(path))
        self.sock.setblocking(False)
        self.buffer = b""
        self.closed = False
        self.ids = iter(range(1, 10_000))

    def send_raw(self, data: bytes) -> None:
        """Send all of ``data``, letting the app's event loop run while the socket buffer is full. Stops
        quietly if the app closes the connection."""
        view = memoryview(data)

        def push() -> bool:
            nonlocal view
            try:
                sent = self.sock.send(view)
            except BlockingIOError:
                return False
            except (BrokenPipeError, ConnectionResetError):
                view = view[len(view):]
                return True
            view = view[sent:]
            return not view

        if not push():
            self.qtbot.waitUntil(push, timeout=10_000)

    def request(self, method: str, params: dict | None = None, **extra) -> int:
        request_id = next(self.ids)
        message = {"jsonrpc": "2.0", "id": request_id, "method": method, "params": params or {},
                   "protocol_version": rpc.PROTOCOL_VERSION, **extra}
        self.send_raw((json.dumps(message) + "\n").encode())
        return request_id

    def _pump(self) -> bool:
        try:
            chunk = self.sock.recv(1 << 20)
        except BlockingIOError:
            return b"\n" in self.buffer
        except OSError:
            self.closed = True
            return True
        if not chunk:
            self.closed = True
        self.buffer += chunk
        return b"\n" in self.buffer or self.closed

    def answer(self, timeout: int = ANSWER_DEADLINE_MS) -> dict:
        """The next answer line, waited for while the Qt loop runs. The server answers every request within its
        own deadlines, so the default waits past the longest of them rather than guessing how fast the machine
        is; a test that asserts a server deadline passes its own ``timeout``."""
        self.qtbot.waitUntil(self._pump, timeout=timeout)
        assert b"\n" in self.buffer, "connection closed without an answer"
        line, _, self.buffer = self.buffer.partition(b"\n")
        message = json.loads(line)
        assert message["protocol_version"] == rpc.PROTOCOL_VERSION and message["jsonrpc"] == "2.0"
        return message

    def call(self, method: str, params: dict | None = None) -> dict:
        request_id = self.request(method, params)
        message = self.answer()
        assert message["id"] == request_id
        return message

    def wait_closed(self, timeout: int = 8000) -> None:
        self.qtbot.waitUntil(lambda: self._pump() and self.closed, timeout=timeout)

    def close(self) -> None:
        self.sock.close()


@pytest.fixture
def agent(window, qtbot, socket_path):
    clients = []

    def connect() -> RawClient:
        client = RawClient(qtbot, socket_path)
        clients.append(client)
        return client

    yield connect
    for client in clients:
        client.close()


def error_code(message: dict) -> str:
    return message["error"]["data"]["code"]


def test_socket_is_private_to_the_user(window, socket_path):
    mode = os.stat(socket_path).st_mode
    assert stat.S_ISSOCK(mode) and mode & 0o077 == 0


def test_health_lists_methods_and_capabilities(agent):
    result = agent().call("health")["result"]
    assert result["protocol_version"] == rpc.PROTOCOL_VERSION
    assert {"annotations.wait", "annotations.ack", "screenshot", "tabs.list", "page.state"} <= set(result["methods"])
    assert result["capabilities"]["compactResponses"] is True


def test_list_and_get_return_model_json_and_the_same_markdown(window, agent, server, qtbot):
    """The socket's Markdown of a batch with an annotation is what Copy puts on the clipboard, and holds the
    values read off record.html by hand."""
    from PySide6.QtGui import QGuiApplication

    from app.model import ElementRecord

    window.load_page(server.url("record.html"))
    found = window.page_call("select", "button.primary")
    window.tab.annotator.pin(found["id"], ElementRecord.model_validate(found["record"]), "more padding")
    window.session.set_summary("overall")
    client = agent()
    current = client.call("annotations.list")["result"]["current"]
    QGuiApplication.clipboard().setText("")
    window.act_copy.trigger()
    qtbot.waitUntil(lambda: QGuiApplication.clipboard().text().startswith("# Web page annotations"), timeout=10_000)
    assert current["markdown"] == QGuiApplication.clipboard().text()
    assert current["markdown"].startswith("# Web page annotations: 1\n\nSummary: overall\n")
    assert ("\n## Annotation 1\nNote: more padding\nURL: " + server.url("record.html") + "\nTitle: Record fixture\n"
            "Tag: button\nRole: button\nAccessible name: Place order\n") in current["markdown"]
    assert "\nColor: #FFFFFF\nBackground: #2563EB\n" in current["markdown"]
    assert current["batch"]["summary"] == "overall"
    assert current["batch"]["annotations"][0]["note"] == "more padding"
    assert client.call("annotations.get", {"batch": "current"})["result"]["markdown"] == current["markdown"]
    assert "markdown" not in client.call("annotations.list", {"compact": True})["result"]["current"]
    assert error_code(client.call("annotations.get", {"batch": "nope"})) == "NOT_FOUND"


@pytest.mark.parametrize("bad", ["5", 5.0, -1, 300_001, None, True])
def test_wait_timeout_must_be_an_integer_in_range(agent, bad):
    message = agent().call("annotations.wait", {"timeout_ms": bad})
    assert error_code(message) == "INVALID_PARAMS" and message["error"]["code"] == -32602


def test_send_delivers_to_every_waiting_agent_and_says_how_many(window, agent, qtbot, server):
    window.load_page(server.url("counters.html"))
    window.session.set_summary("please fix")
    first, second = agent(), agent()
    ids = [first.request("annotations.wait", {"timeout_ms": 20_000}),
           second.request("annotations.wait", {"timeout_ms": 20_000})]
    qtbot.waitUntil(lambda: window.agent.waiting() == 2, timeout=5000)
    assert window.send() == 2
    assert "to 2 waiting agent(s)" in window.status_label.text()
    answers = [first.answer(), second.answer()]
    assert [a["id"] for a in answers] == ids
    for a in answers:
        batch = a["result"]["batch"]
        assert a["result"]["timed_out"] is False and batch["status"] == "delivered"
        assert batch["batch"]["summary"] == "please fix" and batch["markdown"].startswith("# Web page annotations: 0")
    assert window.session.summary == "" and window.panel.sent_rows()[0][1] == "delivered"


def test_send_with_nobody_waiting_keeps_the_batch_pending_for_the_next_wait(window, agent, server):
    window.load_page(server.url("counters.html"))
    window.session.set_summary("later")
    assert window.send() == 0
    said = window.status_label.text()
    client = agent()
    pending = client.call("annotations.list", {"status": "pending"})["result"]["batches"]
    assert len(pending) == 1
    # The user's words, not a socket method's name: where the batch is kept and who gets it.
    assert "No agent is waiting" in said and "annotations.wait" not in said, said
    assert "kept in annotations/sent/" in said and "the next agent that asks" in said, said
    assert (window.project_dir / "annotations" / "sent" / f"{pending[0]['id']}.json").is_file()
    got = client.call("annotations.wait", {"timeout_ms": 1000})["result"]
    assert got["timed_out"] is False and got["batch"]["id"] == pending[0]["id"]
    # Delivered once: the next wait times out instead of getting it again.
    assert client.call("annotations.wait", {"timeout_ms": 50})["result"] == {"batch": None, "timed_out": True}


def test_ack_sets_status_and_reply_shown_per_row(window, agent, server, qtbot):
    window.load_page(server.url("counters.html"))
    window.act_annotate.trigger()
    proxy = window.view.focusProxy()
    for point in (QPoint(100, 70), QPoint(450, 60)):
        QTest.mouseClick(proxy, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, point)
        qtbot.waitUntil(window.annotate.note_box.isVisible, timeout=5000)
        qtbot.waitUntil(lambda: not window.batch_session.recording(), timeout=10_000)   # the record follows the marker
        QTest.keyClick(window.annotate.note_box.editor, Qt.Key.Key_Return)
    window.send()
    client = agent()
    batch_id = client.call("annotations.list")["result"]["batches"][0]["id"]
    result = client.call("annotations.ack", {"batch": batch_id, "status": "resolved", "annotation": 2,
                                             "reply": "padding fixed\nin Button.css"})["result"]
    assert result["annotations"][1] == {"status": "resolved", "reply": "padding fixed in Button.css"}
    # the row names annotation 2's element (its tag, then its accessible name when it has one) and its reply
    assert any(row.startswith("2. div") and status == "resolved — padding fixed in Button.css"
               for row, status in window.panel.sent_rows())
    client.call("annotations.ack", {"batch": batch_id, "status": "acknowledged", "reply": "on it"})
    assert window.panel.sent_rows()[0][1] == "acknowledged — on it"
    assert error_code(client.call("annotations.ack", {"batch": batch_id, "status": "done"})) == "INVALID_PARAMS"
    assert error_code(client.call("annotations.ack", {"batch": batch_id, "status": "resolved",
                                                      "annotation": 3})) == "INVALID_PARAMS"
    assert error_code(client.call("annotations.ack", {"batch": "x", "status": "resolved"})) == "NOT_FOUND"


def test_sent_batches_survive_a_restart(window, lease, server, tmp_path, qtbot, socket_path):
    """A batch sent from one app is listed, with its Markdown, by a new app started on the same project
    directory (the restart), asked over its own socket."""
    import shiboken6

    from app.runtime.app import PagenoteApp

    window.load_page(server.url("counters.html"))
    window.session.set_summary("keep me")
    window.send()
    assert len(list((tmp_path / "annotations" / "sent").glob("*.json"))) == 1
    restarted = PagenoteApp(lease, tmp_path)
    try:
        path = socket_path.parent / "restarted.sock"
        assert restarted.start_agent(path) == ""
        client = RawClient(qtbot, path)
        try:
            batches = client.call("annotations.list")["result"]["batches"]
            assert len(batches) == 1
            got = client.call("annotations.get", {"batch": batches[0]["id"]})["result"]
            assert got["markdown"].startswith("# Web page annotations: 0\n\nSummary: keep me\n")
        finally:
            client.close()
    finally:
        restarted.close()
        shiboken6.delete(restarted)


def test_screenshot_tabs_and_page_state(window, agent, server, qtbot):
    import base64
    import io

    from PIL import Image

    window.load_page(server.url("colors.html"))
    client = agent()
    shot = client.call("screenshot", {"kind": "viewport", "inline": True})["result"]
    image = Image.open(io.BytesIO(base64.b64decode(shot["data"])))
    assert image.size == (shot["width"], shot["height"]) and os.path.isfile(shot["path"])
    assert image.convert("RGB").getpixel((50, 50)) == (255, 0, 0)
    assert "data" not in client.call("screenshot", {})["result"]
    assert error_code(client.call("screenshot", {"kind": "element"})) == "INVALID_PARAMS"
    assert error_code(client.call("screenshot", {"kind": "element", "annotation": 1})) == "NOT_FOUND"
    tabs = client.call("tabs.list")["result"]
    assert tabs == [{"id": "1", "title": "Colour blocks", "url": server.url("colors.html"), "active": True}]
    state = client.call("page.state")["result"]
    assert state["url"] == server.url("colors.html") and state["loading"] is False
    assert state["scroll"] == {"x": 0, "y": 0} and state["viewport"]["width"] > 0


def test_element_screenshot_is_a_crop_around_the_annotation(window, agent, server, qtbot):
    import base64
    import io

    from PIL import Image

    window.load_page(server.url("colors.html"))
    window.act_annotate.trigger()
    pin_at(window, qtbot, QPoint(250, 150))
    answer = agent().call("screenshot", {"kind": "element", "annotation": 1, "inline": True})
    assert "result" in answer, answer
    shot = answer["result"]
    image = Image.open(io.BytesIO(base64.b64decode(shot["data"]))).convert("RGB")
    assert image.size == (132, 132)  # 100 CSS px + 2 × 16 px margin, DPR 1
    assert image.getpixel((66, 66)) == (0, 255, 0) and image.getpixel((5, 5)) == (255, 255, 255)


@pytest.mark.parametrize(("payload", "code"), [
    (b"{not json}\n", "PARSE_ERROR"),
    (b"[1, 2]\n", "INVALID_REQUEST"),
    (b'"hello"\n', "INVALID_REQUEST"),
    (b'{"jsonrpc": "2.0", "id": 1, "method": "health"}\n', "INVALID_REQUEST"),
    (b'{"jsonrpc": "2.0", "id": 1, "method": "health", "protocol_version": 99}\n', "UNSUPPORTED_PROTOCOL"),
    (b'{"jsonrpc": "2.0", "id": 1, "method": "nope", "protocol_version": 1}\n', "METHOD_NOT_FOUND"),
    (b'{"jsonrpc": "2.0", "id": 1, "method": "health", "params": [1], "protocol_version": 1}\n', "INVALID_PARAMS"),
    (b'{"jsonrpc": "2.0", "id": 1, "method": "health", "params": {"x": 1}, "protocol_version": 1}\n',
     "INVALID_PARAMS"),
    (b"\xff\xfe\n", "PARSE_ERROR"),
])
def test_bad_requests_get_stable_error_codes_and_the_connection_stays_usable(agent, payload, code):
    client = agent()
    client.send_raw(payload)
    message = client.answer()
    assert error_code(message) == code
    assert message["error"]["code"] == REGISTRY[code].rpc_code and message["error"]["data"]["next"]
    assert "result" in client.call("health")


def test_garbage_huge_line_stall_and_disconnect_mid_wait_do_not_stop_other_clients(agent, window, qtbot):
    steady = agent()
    assert "result" in steady.call("health")
    # 2 MiB line: TOO_LARGE (the line dropped), and the same connection answers the next request.
    big = agent()
    big.send_raw(b"x" * (2 * 1024 * 1024) + b"\n")
    assert error_code(big.answer()) == "TOO_LARGE"
    assert "result" in big.call("health")
    # Half a line, then silence: TIMEOUT after 5 s, then closed.
    stall = agent()
    stall.send_raw(b'{"jsonrpc": "2.0", "id": 1, "meth')
    # A waiter that disconnects mid-wait.
    quitter = agent()
    quitter.request("annotations.wait", {"timeout_ms": 60_000})
    qtbot.waitUntil(lambda: window.agent.waiting() == 1, timeout=5000)
    quitter.close()
    qtbot.waitUntil(lambda: window.agent.waiting() == 0, timeout=5000)
    assert "result" in steady.call("health")
    message = stall.answer(timeout=8000)
    assert error_code(message) == "TIMEOUT"
    stall.wait_closed()
    assert "result" in steady.call("page.state")


def test_seventeenth_client_is_refused_and_the_rest_keep_working(agent):
    clients = [agent() for _ in range(rpc.MAX_CLIENTS)]
    for client in clients:
        assert "result" in client.call("health")
    extra = agent()
    assert error_code(extra.answer()) == "TOO_MANY_CLIENTS"
    extra.wait_closed()
    assert "result" in clients[0].call("health")


def test_a_second_app_does_not_steal_a_live_socket(window, agent, lease, tmp_path, socket_path):
    """The second app refuses to start its agent; afterwards the first still answers on the same socket,
    both on a connection made before and on a new one."""
    import shiboken6

    from app.runtime.app import PagenoteApp

    before = agent()
    assert "result" in before.call("health")
    inode = os.stat(socket_path).st_ino
    other = PagenoteApp(lease, tmp_path / "other")
    try:
        problem = other.start_agent(socket_path)
        assert other.agent is None and "already serving" in problem
    finally:
        other.close()
        shiboken6.delete(other)
    assert os.stat(socket_path).st_ino == inode   # not unlinked and re-bound
    assert "result" in before.call("health")
    window.session.set_summary("still the first app")
    current = agent().call("annotations.list")["result"]["current"]
    assert current["batch"]["summary"] == "still the first app"


def test_element_screenshot_of_a_sent_annotation_and_waiting_count(window, agent, server, qtbot):
    import base64
    import io

    from PIL import Image

    window.load_page(server.url("colors.html"))
    window.act_annotate.trigger()
    pin_at(window, qtbot, QPoint(250, 150))
    waiter, other = agent(), agent()
    waiter.request("annotations.wait", {"timeout_ms": 20_000})
    qtbot.waitUntil(lambda: other.call("health")["result"]["waiting"] == 1, timeout=5000)
    window.send()
    batch_id = waiter.answer()["result"]["batch"]["id"]
    assert window.session.pins == []
    shot = other.call("screenshot", {"kind": "element", "annotation": 1, "batch": batch_id, "inline": True})
    image = Image.open(io.BytesIO(base64.b64decode(shot["result"]["data"]))).convert("RGB")
    assert image.getpixel((66, 66)) == (0, 255, 0)
    assert error_code(other.call("annotations.ack", {"batch": batch_id, "status": "resolved",
                                                     "reply": "x" * 501})) == "INVALID_PARAMS"


def test_element_screenshot_of_a_sent_region_is_its_rectangle(window, agent, server, qtbot):
    """A sent region's crop is the rectangle the user drew (kept with the sent batch), not the element its
    marker sits on: the drag spans white page and part of #green (200..300, 100..200 CSS px)."""
    import base64
    import io

    from PIL import Image

    window.load_page(server.url("colors.html"))
    window.act_annotate.trigger()
    proxy = window.view.focusProxy()
    shift = Qt.KeyboardModifier.ShiftModifier
    a, b = QPoint(150, 50), QPoint(260, 160)
    QTest.mousePress(proxy, Qt.MouseButton.LeftButton, shift, a)
    for i in range(1, 6):
        QTest.mouseMove(proxy, a + (b - a) * i / 5)
    QTest.mouseRelease(proxy, Qt.MouseButton.LeftButton, shift, b)
    qtbot.waitUntil(window.annotate.note_box.isVisible, timeout=10_000)
    qtbot.waitUntil(lambda: not window.batch_session.recording(), timeout=10_000)   # the record follows the marker
    QTest.keyClicks(window.annotate.note_box.editor, "a banner here")
    QTest.keyClick(window.annotate.note_box.editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: len(window.session.pins) == 1, timeout=5000)
    region = window.session.pins[0].annotation.region
    assert region is not None
    client = agent()
    window.send()
    assert window.session.pins == []
    batch_id = next(iter(window.tab.session.sent_ids))
    shot = client.call("screenshot", {"kind": "element", "annotation": 1, "batch": batch_id, "inline": True})
    image = Image.open(io.BytesIO(base64.b64decode(shot["result"]["data"]))).convert("RGB")
    k = shot["result"]["css_scale"]
    assert abs(image.width - region.rect.width * k) <= 2 and abs(image.height - region.rect.height * k) <= 2
    # its top left is white page, its bottom right the green block (document px 200.., 100..)
    assert image.getpixel((2, 2)) == (255, 255, 255)
    assert image.getpixel((image.width - 3, image.height - 3)) == (0, 255, 0)


def test_a_screenshot_asked_for_while_the_page_loads_waits_for_the_new_page(window, agent, server, qtbot):
    """An agent that navigates and at once asks for a screenshot gets the new page, not CAPTURE_NO_PICKER."""
    import http.server
    import threading

    from PySide6.QtCore import QUrl

    class Slow(http.server.BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802 (http.server's name)
            threading.Event().wait(1.0)  # the page is still loading when the request arrives
            body = b"<!doctype html><title>Slow page</title><body style='background:#00f'>slow</body>"
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Slow)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        window.load_page(server.url("colors.html"))
        client = agent()
        with qtbot.waitSignal(window.view.loadStarted, timeout=5000):
            window.view.load(QUrl(f"http://127.0.0.1:{httpd.server_address[1]}/slow.html"))
        assert window.tab.loading
        shot = client.call("screenshot", {"kind": "viewport"}).get("result")
        assert shot is not None and os.path.isfile(shot["path"])
        state = client.call("page.state")["result"]
        assert state["title"] == "Slow page" and state["loading"] is False and state["ready"] is True
    finally:
        httpd.shutdown()
        httpd.server_close()
