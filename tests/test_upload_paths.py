"""Which local files an agent may hand to a page (app.core.uploads): inside the project directory, never a hidden
one there (keys and credentials live in .ssh, .env, .git), and the home directory or / is never a project — a
desktop launcher starts pagenote in $HOME, where ~/.ssh/id_rsa would otherwise be an agent's to upload."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.core.errors import PagenoteError
from app.core.uploads import checked_upload_paths


def _check(path: Path, root: Path, allow_any: bool = False) -> list[str]:
    return checked_upload_paths([str(path)], multiple=False, roots=(root,), allow_any=allow_any)


def _refusal(path: Path, root: Path) -> str:
    with pytest.raises(PagenoteError) as caught:
        _check(path, root)
    assert caught.value.name == "UPLOAD_REFUSED"
    return str(caught.value)


def test_hidden_files_and_directories_in_the_project_are_refused_unless_files_are_allowed(tmp_path):
    (tmp_path / ".ssh").mkdir()
    (tmp_path / "public").mkdir()
    key, env, shown = tmp_path / ".ssh" / "id_rsa", tmp_path / ".env", tmp_path / "public" / "photo.png"
    for path in (key, env, shown):
        path.write_bytes(b"x")
    assert _check(shown, tmp_path) == [str(shown.resolve())]
    assert "hidden" in _refusal(key, tmp_path) and "hidden" in _refusal(env, tmp_path)
    assert _check(key, tmp_path, allow_any=True) == [str(key.resolve())]   # the user allowed local files
    (tmp_path / "public" / "link").symlink_to(key)   # a visible name for a hidden file: its real path counts
    assert "hidden" in _refusal(tmp_path / "public" / "link", tmp_path)


def test_the_home_directory_and_the_root_are_never_a_project(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    document = tmp_path / "notes.txt"
    document.write_bytes(b"x")
    assert "home directory is not a project" in _refusal(document, tmp_path)
    assert "outside the project" in _refusal(document, Path("/"))
    project = tmp_path / "site"
    project.mkdir()
    (project / "a.txt").write_bytes(b"x")
    assert _check(project / "a.txt", project) == [str((project / "a.txt").resolve())]
