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
