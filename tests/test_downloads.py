"""Downloads: blocked by default with a message naming the file; allowed, a click's download lands in the
downloads folder (the user's, never the project) and never overwrites a file already there. (What a page
cannot do with downloads: tests/test_hostile_agent_downloads.py.)"""

from __future__ import annotations

from pathlib import Path

from _tabs_fixtures import tabs  # noqa: F401 (fixture)


def _click(tabs, tab) -> None:
    """The user clicks the download link (a real click: a download needs a gesture)."""
    tabs.click(tab, "#get")


def test_download_is_blocked_then_allowed_into_downloads_without_overwriting(tabs, server, tmp_path):
    downloads = tabs.app.downloads
    downloads.directory = tmp_path / "Downloads"
    messages = []
    tabs.app.message.connect(messages.append)
    tab = tabs.tab(server.url("download.html"))
    _click(tabs, tab)
    tabs.qtbot.waitUntil(lambda: any("Blocked the download of report.bin" in m for m in messages), timeout=10_000)
    assert not (tmp_path / "Downloads").exists()
    downloads.allowed = True
    for _ in range(2):
        before = len([i for i in downloads.items.values() if i.state == "done"])
        _click(tabs, tab)
        tabs.qtbot.waitUntil(lambda: len([i for i in downloads.items.values() if i.state == "done"]) == before + 1,
                             timeout=10_000)
    names = sorted(p.name for p in (tmp_path / "Downloads").iterdir())
    assert names == ["report (1).bin", "report.bin"]
    assert (tmp_path / "Downloads" / "report.bin").read_text() == "pagenote test download\n"
    assert not (tmp_path / "downloads").exists()


def test_reserve_never_overwrites_and_drops_directories(tmp_path: Path):
    from app.tabs.download_rules import reserve

    (tmp_path / "a.txt").write_text("x")
    (tmp_path / "a (1).txt").write_text("x")
    assert reserve(tmp_path, "a.txt").name == "a (2).txt"
    assert reserve(tmp_path, "../../etc/passwd").name == "passwd"
    assert reserve(tmp_path, ".bashrc").name == "bashrc"


def test_a_running_download_can_be_cancelled(tabs, tmp_path):
    import http.server
    import threading
    import time

    release = threading.Event()

    class Slow(http.server.BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802
            self.send_response(200)
            self.send_header("Content-Type", "application/octet-stream")
            self.send_header("Content-Disposition", 'attachment; filename="big.bin"')
            self.send_header("Content-Length", str(10_000_000))
            self.end_headers()
            try:
                while not release.is_set():
                    self.wfile.write(b"x" * 1024)
                    self.wfile.flush()
                    time.sleep(0.01)
            except OSError:
                pass

        def log_message(self, *args):
            pass

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Slow)
    httpd.daemon_threads = True
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        from PySide6.QtCore import QUrl

        downloads = tabs.app.downloads
        downloads.directory = tmp_path / "Downloads"
        downloads.allowed = True
        tab = tabs.tab()
        tab.open(QUrl(f"http://127.0.0.1:{httpd.server_address[1]}/big.bin"))
        tabs.qtbot.waitUntil(lambda: any(i.received > 0 for i in downloads.items.values()), timeout=10_000)
        item = next(iter(downloads.items.values()))
        assert item.state == "running" and item.name == "big.bin"
        assert downloads.cancel(item.id) is True
        tabs.qtbot.waitUntil(lambda: item.state == "cancelled", timeout=10_000)
        assert not (tmp_path / "Downloads" / "big.bin").exists()
    finally:
        release.set()
        httpd.shutdown()
        httpd.server_close()
