"""A page cannot drop code where the agent runs it (security review, "the page cannot steer the agent", item 1;
N5: a gesture is the clicked top document's — not its frame's of another origin, not the next document's).

A hostile page (``hostile_downloads.html``) starts five downloads with no click or key press — ``conftest.py``,
``test_evil.py``, ``same.txt`` twice, ``run.sh``. With downloads allowed in Settings:

- nothing lands in the project (where the agent runs ``python -m pytest``): downloads go to the user's
  downloads folder;
- a download needs a gesture, one download per gesture (Chrome's automatic-downloads rule): the five wait,
  unwritten where anything would find them, for **Allow** in a non-modal bar above the page, which names each
  file and marks test files and scripts;
- every name is reserved when the download is accepted: two ``same.txt`` are two files.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from _tabs_fixtures import tabs  # noqa: F401 (fixture)
from conftest import run_js

NAMES = ["conftest.py", "run.sh", "same (1).txt", "same.txt", "test_evil.py"]


@pytest.fixture
def dl(tmp_path_factory):
    """The downloads folder of the test (outside the project)."""
    return tmp_path_factory.mktemp("user-downloads")


@pytest.fixture
def shown(window, dl):
    """The window with its policy bars, downloads allowed into ``dl``."""
    from app.ui.lease_ui import install_lease_ui

    install_lease_ui(window)
    window.app.downloads.directory = dl
    window.app.downloads.allowed = True
    return window


def visible(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if not p.name.startswith("."))


def in_project(project: Path) -> list[str]:
    return sorted(str(p.relative_to(project)) for p in project.rglob("*")
                  if p.name in ("conftest.py", "test_evil.py", "run.sh") or p.name.startswith("same"))


def states(window) -> list[str]:
    return [item.state for item in window.app.downloads.items.values()]


def click_element(window, qtbot, selector: str) -> None:
    """A real left click (the user's) in the middle of ``selector``'s element."""
    rect = run_js(qtbot, window.page, f"(() => {{ const r = document.querySelector({selector!r})"
                                      ".getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()")
    QTest.mouseClick(window.view.focusProxy(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     QPoint(round(rect[0]), round(rect[1])))


def test_the_default_download_folder_is_the_users_downloads_folder_not_the_project(tabs):
    import platformdirs

    folder = tabs.app.downloads.directory
    assert folder == Path(platformdirs.user_downloads_dir())
    assert not folder.is_relative_to(tabs.app.project_dir)


def test_downloads_without_a_gesture_wait_for_allow_and_never_reach_the_project(shown, server, qtbot, dl, tmp_path):
    messages = []
    shown.app.message.connect(messages.append)
    shown.load_page(server.url("hostile_downloads.html#auto"))
    qtbot.waitUntil(lambda: states(shown) == ["pending"] * 5, timeout=10_000)
    assert in_project(tmp_path) == [] and visible(dl) == []   # nothing pytest (or a person) would find
    bar = shown.lease_ui.downloads_bar
    qtbot.waitUntil(bar.isVisible, timeout=5_000)
    text = bar.label.text()
    assert server.origin in text and "5 files" in text
    assert "conftest.py (test file: pytest runs it)" in text
    assert "test_evil.py (test file: pytest runs it)" in text
    assert "run.sh (script: runs if started)" in text
    assert "same.txt, same.txt" in text
    assert not any("Downloaded" in m for m in messages)

    qtbot.mouseClick(bar.allow, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: states(shown) == ["done"] * 5, timeout=10_000)
    assert visible(dl) == NAMES
    assert {(dl / n).read_text() for n in ("same.txt", "same (1).txt")} == {"first\n", "second\n"}
    assert (dl / "test_evil.py").read_text() == "def test_evil():\n    assert True\n"
    assert not bar.isVisible()
    assert in_project(tmp_path) == []
    done = [m for m in messages if m.startswith("Downloaded")]
    assert any(re.search(r"conftest\.py.*test file: pytest runs it", m) for m in done), done
    assert not any(os.listdir(p) for p in dl.glob(".*") if p.is_dir())   # nothing left waiting


def test_block_discards_the_waiting_downloads_and_refuses_the_pages_next_ones(shown, server, qtbot, dl, tmp_path):
    messages = []
    shown.app.message.connect(messages.append)
    shown.load_page(server.url("hostile_downloads.html#auto"))
    qtbot.waitUntil(lambda: states(shown) == ["pending"] * 5, timeout=10_000)
    bar = shown.lease_ui.downloads_bar
    qtbot.waitUntil(bar.isVisible, timeout=5_000)
    qtbot.mouseClick(bar.block, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: states(shown) == ["blocked"] * 5, timeout=10_000)
    assert not bar.isVisible()
    run_js(qtbot, shown.page, "drop('again_test.py', 'x = 1'); 0")
    qtbot.waitUntil(lambda: states(shown) == ["blocked"] * 6, timeout=10_000)
    assert any("you chose Block" in m and "again_test.py (test file: pytest runs it)" in m for m in messages)
    assert not bar.isVisible()
    assert visible(dl) == [] and in_project(tmp_path) == []
    assert not any(os.listdir(p) for p in dl.glob(".*") if p.is_dir())


def test_a_click_allows_one_download_and_the_next_without_one_asks(shown, server, qtbot, dl):
    shown.load_page(server.url("hostile_downloads.html"))
    click_element(shown, qtbot, "#get")
    qtbot.waitUntil(lambda: states(shown) == ["done"], timeout=10_000)
    assert visible(dl) == ["report.bin"]
    run_js(qtbot, shown.page, "window.dropAll(); 0")   # script only: no gesture
    qtbot.waitUntil(lambda: states(shown) == ["done"] + ["pending"] * 5, timeout=10_000)
    assert visible(dl) == ["report.bin"]
    qtbot.waitUntil(shown.lease_ui.downloads_bar.isVisible, timeout=5_000)


def test_an_agents_click_is_a_gesture_too(shown, server, qtbot, dl, socket_path):
    from test_actions import Agent
    from test_agent_socket import RawClient

    client = RawClient(qtbot, socket_path)
    try:
        agent = Agent(client)
        shown.load_page(server.url("hostile_downloads.html"))
        ref, sid = agent.ref('link "report.bin"')
        agent("click", ref=ref, snapshot_id=sid)
        qtbot.waitUntil(lambda: states(shown) == ["done"], timeout=10_000)
        assert visible(dl) == ["report.bin"]
    finally:
        client.close()


def test_each_name_is_reserved_exclusively_when_accepted(tmp_path):
    from app.tabs.download_rules import reserve

    (tmp_path / "a.txt").write_text("mine")
    first, second = reserve(tmp_path, "same.txt"), reserve(tmp_path, "same.txt")
    assert (first.name, second.name) == ("same.txt", "same (1).txt")
    assert first.exists() and second.exists()          # held: a third request cannot take either name
    assert reserve(tmp_path, "a.txt").name == "a (1).txt"
    assert (tmp_path / "a.txt").read_text() == "mine"
    assert reserve(tmp_path, "../../etc/passwd").parent == tmp_path
    assert reserve(tmp_path, ".bashrc").name == "bashrc"


@pytest.mark.parametrize(("name", "mode", "risk"), [
    ("conftest.py", 0o644, "test"), ("test_evil.py", 0o644, "test"), ("evil_test.py", 0o644, "test"),
    ("setup.py", 0o644, "build"), ("Makefile", 0o644, "build"), ("package.json", 0o644, "build"),
    ("pyproject.toml", 0o644, "build"), ("noxfile.py", 0o644, "build"),
    ("run.sh", 0o644, "script"), ("tool.py", 0o644, "script"), ("x.ps1", 0o644, "script"),
    ("app.AppImage", 0o644, "script"), ("report.bin", 0o755, "executable"),
    ("report.pdf", 0o644, ""), ("notes.txt", 0o644, ""),
])
def test_test_files_scripts_and_executables_are_named_as_such(name, mode, risk):
    from app.tabs.download_rules import risk_of

    assert risk_of(name, mode) == risk


@pytest.mark.parametrize("kind", ["blob", "http"])
def test_a_click_on_the_page_does_not_let_its_cross_origin_frame_download(shown, server, server2, qtbot, dl, kind):
    """Security review N5, case 1: the user clicks plain text of the top document; its frame from another
    origin downloads right after (a blob of its own, or a file of its origin): it waits for Allow."""
    shown.load_page(server.url(f"download_origins.html?other={server2.origin}&frame={kind}"))
    qtbot.waitUntil(lambda: run_js(qtbot, shown.page, "window.frameReady === true"), timeout=10_000)
    click_element(shown, qtbot, "#text")
    qtbot.waitUntil(lambda: states(shown) != [], timeout=10_000)
    assert states(shown) == ["pending"] and visible(dl) == []
    qtbot.waitUntil(shown.lease_ui.downloads_bar.isVisible, timeout=5_000)


@pytest.mark.parametrize("link", ["#away", "#same"])
def test_the_click_that_navigates_lets_no_download_of_the_new_document_through(shown, server, server2, qtbot, dl,
                                                                                 link):
    """Security review N5, case 2: a click on a link to another document (of another origin, or of the same) is
    used up by the navigation: the new document's downloads without a gesture of their own all wait for
    Allow."""
    shown.load_page(server.url(f"download_origins.html?other={server2.origin}"))
    with qtbot.waitSignal(shown.view.loadFinished, timeout=15_000):
        click_element(shown, qtbot, link)
    qtbot.waitUntil(lambda: len(states(shown)) == 5 and "running" not in states(shown), timeout=10_000)
    assert states(shown) == ["pending"] * 5 and visible(dl) == []


def test_a_click_on_a_link_whose_navigation_is_a_download_still_downloads(shown, server, server2, qtbot, dl):
    """The navigation itself is the download (a link to another origin's file served as a download): the
    click that started it lets it through."""
    shown.load_page(server.url(f"download_origins.html?other={server2.origin}"))
    click_element(shown, qtbot, "#file")
    qtbot.waitUntil(lambda: states(shown) == ["done"], timeout=10_000)
    assert visible(dl) == ["report.bin"]
