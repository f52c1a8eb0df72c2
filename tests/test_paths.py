"""Per-user paths and the platform layer, no browser: where the agent socket goes (``app.agent.paths``) and
the owner-only directory, 0600 file, usual-mode file and exclusive lock of ``app.core.platform``."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from app.agent import paths
from app.core import platform

ROOT = Path(__file__).resolve().parents[1]
posix_only = pytest.mark.skipif(not platform.POSIX, reason="mode bits and uids are POSIX")


@pytest.fixture
def short_tmp(monkeypatch):
    """A fresh, short temporary directory standing in for ``tempfile.gettempdir()`` (so the fallback socket
    path is predictable and fits ``sun_path``), with no ``$PAGENOTE_SOCKET`` / ``$XDG_RUNTIME_DIR``."""
    import shutil

    directory = Path(tempfile.mkdtemp(prefix="pn", dir="/tmp" if platform.POSIX else None))
    monkeypatch.setattr(tempfile, "tempdir", str(directory))
    monkeypatch.delenv("PAGENOTE_SOCKET", raising=False)
    monkeypatch.delenv("XDG_RUNTIME_DIR", raising=False)
    yield directory
    shutil.rmtree(directory, ignore_errors=True)


def runtime_dir(base: Path) -> Path:
    """A directory fit to be ``$XDG_RUNTIME_DIR`` (XDG Base Directory spec: yours, mode 0700)."""
    base.mkdir(mode=0o700, parents=True)
    os.chmod(base, 0o700)
    return base


# -- socket path rules --------------------------------------------------------------------------------------

def test_pagenote_socket_comes_first(short_tmp, monkeypatch):
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(runtime_dir(short_tmp / "run")))
    wanted = short_tmp / "elsewhere" / "mine.sock"
    monkeypatch.setenv("PAGENOTE_SOCKET", str(wanted))
    assert paths.socket_path() == wanted
    assert wanted.parent.is_dir()   # created for you …
    os.chmod(wanted.parent, 0o755)
    assert paths.socket_path() == wanted   # … and checked where it is used (tests/test_socket_trust.py)


@posix_only
def test_xdg_runtime_dir_is_used_with_mode_0700(short_tmp, monkeypatch):
    run = runtime_dir(short_tmp / "run")
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(run))
    path = paths.socket_path()
    assert path == run / "pagenote" / "agent.sock"
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700


def test_without_a_runtime_dir_the_socket_goes_to_tmp(short_tmp, monkeypatch):
    monkeypatch.setattr(paths, "_runtime_dir", lambda: None)
    assert paths.socket_path() == short_tmp / f"pagenote-{platform.user_tag()}" / "agent.sock"


@posix_only
def test_a_runtime_dir_too_long_for_sun_path_falls_back_to_tmp(short_tmp, monkeypatch):
    deep = short_tmp / ("d" * 60) / ("e" * 60)
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(runtime_dir(deep)))
    assert len(os.fsencode(deep / "pagenote" / "agent.sock")) > paths.SUN_PATH_MAX
    path = paths.socket_path()
    assert path == short_tmp / f"pagenote-{os.getuid()}" / "agent.sock"
    assert len(os.fsencode(path)) <= paths.SUN_PATH_MAX
    assert not (deep / "pagenote").exists()


@posix_only
def test_a_runtime_dir_open_to_others_is_refused(short_tmp, monkeypatch):
    run = runtime_dir(short_tmp / "run")
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(run))
    (run / "pagenote").mkdir(mode=0o700)
    os.chmod(run / "pagenote", 0o755)
    with pytest.raises(PermissionError, match="0o755"):
        paths.socket_path()


@posix_only
def test_a_tmp_fallback_dir_of_another_user_is_refused(short_tmp, monkeypatch):
    monkeypatch.setattr(paths, "_runtime_dir", lambda: None)
    directory = short_tmp / f"pagenote-{os.getuid()}"
    directory.mkdir(mode=0o700)
    # Someone else's directory: the owner check compares with os.getuid(), so a different uid stands in.
    monkeypatch.setattr(os, "getuid", lambda real=os.getuid(): real + 1)
    monkeypatch.setattr(platform, "user_tag", lambda real=os.getuid(): str(real))
    with pytest.raises(PermissionError, match="must belong to you"):
        paths.socket_path()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the XDG variables apply on Linux")
def test_config_and_data_dirs_follow_xdg(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "cfg"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert paths.config_dir() == tmp_path / "cfg" / "pagenote"
    assert paths.data_dir() == tmp_path / "data" / "pagenote"
    assert not paths.config_dir().exists() and not paths.data_dir().exists()


# -- the platform layer -------------------------------------------------------------------------------------

@posix_only
def test_private_file_is_0600_and_never_opens_an_existing_one(tmp_path):
    path = tmp_path / "token"
    with platform.private_file(path) as fh:
        fh.write(b"secret")
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert path.read_bytes() == b"secret"
    link = tmp_path / "link"
    link.symlink_to(tmp_path / "nowhere")
    for existing in (path, link):
        with pytest.raises(FileExistsError):
            platform.private_file(existing)
    assert not (tmp_path / "nowhere").exists()


@posix_only
def test_private_dir_is_created_0700_and_checked(tmp_path):
    made = platform.private_dir(tmp_path / "a" / "b")
    assert stat.S_IMODE(made.stat().st_mode) == 0o700
    os.chmod(made, 0o750)
    with pytest.raises(PermissionError):
        platform.private_dir(made)
    assert platform.private_dir(made, check=False) == made


@posix_only
def test_a_trusted_dir_is_yours_and_writable_by_you_alone(tmp_path):
    for mode in (0o700, 0o755, 0o711):
        os.chmod(tmp_path, mode)
        assert platform.check_trusted_dir(tmp_path) == tmp_path
    for mode in (0o775, 0o757, 0o1777):
        os.chmod(tmp_path, mode)
        with pytest.raises(PermissionError, match=oct(mode & 0o777)):
            platform.check_trusted_dir(tmp_path)
    os.chmod(tmp_path, 0o700)


@posix_only
def test_files_next_to_the_socket_are_never_opened_through_a_link(tmp_path):
    """A link planted where pagenote keeps a log, a token or a lock is refused, and its target is neither
    created, read, nor written."""
    victim = tmp_path / "victim"
    victim.write_bytes(b"precious")
    os.chmod(victim, 0o600)
    link = tmp_path / "planted"
    link.symlink_to(victim)
    with pytest.raises(PermissionError, match="symbolic link"):
        platform.append_own_file(link)
    with pytest.raises(PermissionError, match="symbolic link"):
        platform.read_private_file(link)
    with pytest.raises(PermissionError, match="symbolic link"):
        platform.check_private_file(link)
    with pytest.raises(PermissionError, match="symbolic link"):
        with platform.exclusive_lock(link):
            pass
    dangling = tmp_path / "dangling"
    dangling.symlink_to(tmp_path / "created-through-the-link")
    for opener in (platform.append_own_file, lambda path: platform.exclusive_lock(path).__enter__()):
        with pytest.raises(PermissionError):
            opener(dangling)
    assert victim.read_bytes() == b"precious" and not (tmp_path / "created-through-the-link").exists()


@posix_only
def test_own_files_are_checked_on_what_is_opened(tmp_path):
    log = tmp_path / "serve.log"
    with platform.append_own_file(log) as fh:
        fh.write(b"one\n")
    with platform.append_own_file(log) as fh:
        fh.write(b"two\n")
    assert log.read_bytes() == b"one\ntwo\n" and stat.S_IMODE(log.stat().st_mode) == 0o600
    os.chmod(log, 0o644)
    with pytest.raises(PermissionError, match="0o644"):
        platform.read_private_file(log)
    with pytest.raises(PermissionError, match="not a regular file"):
        platform.read_private_file(tmp_path)


@posix_only
def test_the_mcp_token_is_not_read_through_a_link_nor_kept_in_a_shared_dir(tmp_path):
    from app.mcp.http import TOKEN_FILE, load_or_create_token

    shared = tmp_path / "shared"
    shared.mkdir()
    os.chmod(shared, 0o777)
    with pytest.raises(PermissionError, match="0o777"):
        load_or_create_token(shared)
    assert not (shared / TOKEN_FILE).exists()
    mine = tmp_path / "mine"
    mine.mkdir(mode=0o700)
    other = tmp_path / "their-token"
    other.write_text("their-token-value\n")
    os.chmod(other, 0o600)
    (mine / TOKEN_FILE).symlink_to(other)
    with pytest.raises(PermissionError, match="symbolic link"):
        load_or_create_token(mine)
    (mine / TOKEN_FILE).unlink()
    token, created = load_or_create_token(mine)
    assert created and load_or_create_token(mine) == (token, False)


@posix_only
def test_usual_mode_follows_the_umask(tmp_path):
    path = tmp_path / "out.md"
    path.write_bytes(b"x")
    os.chmod(path, 0o600)
    old = os.umask(0o027)
    try:
        platform.give_usual_mode(path)
    finally:
        os.umask(old)
    assert stat.S_IMODE(path.stat().st_mode) == 0o640


@posix_only
def test_markdown_files_get_the_usual_mode_not_mkstemps(tmp_path):
    from app.sinks import write_atomic

    old = os.umask(0o022)
    try:
        write_atomic(tmp_path / "a" / "batch.md", b"# notes\n")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "a" / "batch.md").stat().st_mode) == 0o644
    assert [p.name for p in (tmp_path / "a").iterdir()] == ["batch.md"]   # no temporary file left


TRY_LOCK = """
import sys
from pathlib import Path
from app.core.platform import exclusive_lock
try:
    with exclusive_lock(Path(sys.argv[1]), blocking=False):
        print("acquired")
except BlockingIOError:
    print("busy")
"""


def try_lock_elsewhere(path: Path) -> str:
    """Whether another process can take the lock on ``path`` right now: ``"acquired"`` or ``"busy"``."""
    proc = subprocess.run([sys.executable, "-c", TRY_LOCK, str(path)], cwd=ROOT, capture_output=True, text=True,
                          timeout=60)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout.strip()


def test_exclusive_lock_excludes_a_second_holder(tmp_path):
    path = tmp_path / ".index.lock"
    with platform.exclusive_lock(path):
        assert try_lock_elsewhere(path) == "busy"
        with pytest.raises(BlockingIOError):   # another open file of this process is a second holder too
            with platform.exclusive_lock(path, blocking=False):
                pass
    assert try_lock_elsewhere(path) == "acquired"
    with platform.exclusive_lock(path, blocking=False):   # released on exit, also after an exception
        with pytest.raises(RuntimeError):
            with platform.exclusive_lock(tmp_path / "other.lock"):
                raise RuntimeError("boom")
        assert try_lock_elsewhere(tmp_path / "other.lock") == "acquired"
    assert path.read_bytes() == b""   # the lock file's contents are untouched
