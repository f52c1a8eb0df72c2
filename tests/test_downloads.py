"""Downloads: blocked by default with a message naming the file; allowed, they land in <project>/downloads/
and never overwrite a file already there."""

from __future__ import annotations

from pathlib import Path

from _tabs_fixtures import tabs  # noqa: F401 (fixture)


def _click(tabs, tab) -> None:
    tabs.js(tab, "document.getElementById('get').click(); 0")


def test_download_is_blocked_then_allowed_into_downloads_without_overwriting(tabs, server, tmp_path):
    downloads = tabs.app.downloads
    messages = []
    tabs.app.message.connect(messages.append)
    tab = tabs.tab(server.url("download.html"))
    _click(tabs, tab)
    tabs.qtbot.waitUntil(lambda: any("Blocked the download of report.bin" in m for m in messages), timeout=10_000)
    assert not (tmp_path / "downloads").exists()
    downloads.allowed = True
    for _ in range(2):
        before = len([i for i in downloads.items.values() if i.state == "done"])
        _click(tabs, tab)
        tabs.qtbot.waitUntil(lambda: len([i for i in downloads.items.values() if i.state == "done"]) == before + 1,
                             timeout=10_000)
    names = sorted(p.name for p in (tmp_path / "downloads").iterdir())
    assert names == ["report (1).bin", "report.bin"]
    assert (tmp_path / "downloads" / "report.bin").read_text() == "pagenote test download\n"


def test_free_name_never_overwrites_and_drops_directories(tmp_path: Path):
    from app.tabs.downloads import free_name

    (tmp_path / "a.txt").write_text("x")
    (tmp_path / "a (1).txt").write_text("x")
    assert free_name(tmp_path, "a.txt") == "a (2).txt"
    assert free_name(tmp_path, "../../etc/passwd") == "passwd"
    assert free_name(tmp_path, ".bashrc") == "bashrc"


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
        downloads.allowed = True
        tab = tabs.tab()
        tab.open(QUrl(f"http://127.0.0.1:{httpd.server_address[1]}/big.bin"))
        tabs.qtbot.waitUntil(lambda: any(i.received > 0 for i in downloads.items.values()), timeout=10_000)
        item = next(iter(downloads.items.values()))
        assert item.state == "running" and item.name == "big.bin"
        assert downloads.cancel(item.id) is True
        tabs.qtbot.waitUntil(lambda: item.state == "cancelled", timeout=10_000)
        assert not (tmp_path / "downloads" / "big.bin").exists()
    finally:
        release.set()
        httpd.shutdown()
        httpd.server_close()
