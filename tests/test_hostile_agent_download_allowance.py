"""The download the host's own load allows is that load's only (reviewer finding on security review item 1):
a URL the host loaded itself (address bar, the agent's navigate) may download without a gesture — and once it
has loaded as a page, the page cannot download that same URL on the strength of it."""

from __future__ import annotations

from _tabs_fixtures import tabs  # noqa: F401 (fixture)


def test_a_page_the_host_loaded_cannot_reuse_the_hosts_allowance(tabs, server, tmp_path):
    downloads = tabs.app.downloads
    downloads.directory = tmp_path / "Downloads"
    downloads.allowed = True
    tab = tabs.tab(server.url("download_self.html"))          # the host's (typed) load: a page, not a download
    tabs.qtbot.waitUntil(lambda: tabs.js(tab, "window.tried === true"), timeout=10_000)
    tabs.qtbot.waitUntil(lambda: bool(downloads.items), timeout=10_000)
    item = next(iter(downloads.items.values()))
    assert item.name == "copy-of-me.html" and item.state == "pending"   # it waits for Allow
    folder = tmp_path / "Downloads"
    assert not folder.exists() or not [p for p in folder.iterdir() if not p.name.startswith(".")]
