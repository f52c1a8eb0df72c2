"""Open in editor: the argv (or URL) built from a source hint, and every hint that is not an existing local
file refused — nothing from the page is ever run or passed through a shell."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from conftest import poll_until

from app.runtime.editor import (EditorRefused, Launch, SourcePlace, editor_argv, launch, plan_launch,
                                source_place)


@pytest.fixture
def card(tmp_path) -> Path:
    path = tmp_path / "src" / "Card.jsx"
    path.parent.mkdir()
    path.write_text("export default function Card() {}\n")
    return path


@pytest.mark.parametrize(("command", "argv"), [
    ("code", ["code", "--goto", "{p}:12:7"]),
    ("/usr/bin/codium --new-window", ["/usr/bin/codium", "--new-window", "--goto", "{p}:12:7"]),
    ("vim", ["vim", "+12", "{p}"]),
    ("emacsclient -n", ["emacsclient", "-n", "+12", "{p}"]),
    ("subl", ["subl", "{p}:12:7"]),
    ("kate", ["kate", "-l", "12", "-c", "7", "{p}"]),
    ("some-editor", ["some-editor", "{p}"]),      # unknown: the file alone
])
def test_the_argv_puts_the_line_where_each_editor_takes_it(card, command, argv):
    plan = plan_launch(f"Card (react) {card}:12:7", command=command, env={})
    assert plan == Launch(argv=tuple(a.format(p=card.resolve()) for a in argv))


def test_visual_then_editor_then_the_url_setting(card):
    hint = f"Card (react) {card}:3"
    assert plan_launch(hint, env={"VISUAL": "nvim", "EDITOR": "nano"}).argv == ("nvim", "+3", str(card.resolve()))
    assert plan_launch(hint, env={"EDITOR": "nano"}).argv == ("nano", "+3", str(card.resolve()))
    url = plan_launch(hint, url="vscode://file/{path}:{line}:{column}", command="vim", env={}).url
    assert url == f"vscode://file{card.resolve()}:3:1"
    with pytest.raises(EditorRefused, match="no editor"):
        plan_launch(hint, env={})


def test_a_relative_hint_is_under_the_root_setting(card, tmp_path):
    assert source_place("Card (react) src/Card.jsx:12:7", tmp_path) == SourcePlace(card.resolve(), 12, 7)
    with pytest.raises(EditorRefused, match=r"set \[editor\] root"):
        source_place("Card (react) src/Card.jsx:12:7")


@pytest.mark.parametrize("hint", [
    "Card (react) /nonexistent/src/Card.jsx:12:7",               # not on this computer
    "(react) http://127.0.0.1:5173/src/App.jsx:1:1",               # a URL
    "(vue) /tmp/pagenote-source-builds/vue/src/App.vue",          # the real Vue build's path: not here
    "Card (react) $(touch /tmp/pwned).jsx:1",                     # relative and not a file
    "Card (react) -rf:1",                                         # an option, not a path
    "rm -rf / (react) x",                                         # not a hint at all
])
def test_a_hint_that_is_not_an_existing_local_file_is_refused(hint, tmp_path):
    with pytest.raises(EditorRefused):
        plan_launch(hint, command="code", root=str(tmp_path), env={})


def test_a_directory_is_refused(tmp_path):
    with pytest.raises(EditorRefused, match="is not a file"):
        source_place(f"(svelte) {tmp_path}:1")


def test_url_templates_that_would_run_or_fetch_are_refused(card):
    place = source_place(f"(react) {card}:1")
    for template in ("javascript:alert('{path}')", "https://example.com/{path}", "vscode://file/nothing"):
        with pytest.raises(EditorRefused):
            plan_launch(f"(react) {card}:1", url=template, env={})
    assert editor_argv("code", place)[-1] == f"{card.resolve()}:1"


def test_the_editor_runs_without_a_shell_with_the_path_as_one_argument(tmp_path):
    """A file whose name holds shell syntax reaches the editor as one literal argument; nothing expands."""
    odd = tmp_path / "a; touch pwned $(id).jsx"
    odd.write_text("x\n")
    recorder = tmp_path / "editor.py"
    out = tmp_path / "argv.json"
    recorder.write_text(f"import json, sys\nopen({str(out)!r}, 'w').write(json.dumps(sys.argv[1:]))\n")
    proc = launch(plan_launch(f"Odd (react) {odd}:4:2", command=f"{sys.executable} {recorder}", env={}))
    assert proc.wait(30) == 0
    argv = poll_until(lambda: out.exists() and json.loads(out.read_text()), 10, "the recorder's argv")
    assert argv == [str(odd.resolve())]
    assert not (tmp_path / "pwned").exists() and not Path("pwned").exists()
