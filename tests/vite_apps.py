"""Real Vite dev servers for the source-location tests: the npm apps in tests/apps (React 19, Vue 3, Svelte 5;
one package.json and its package-lock.json; a local library, packages/ui-kit, a ``file:`` dependency installed as a
copy in node_modules by .npmrc's ``install-links``), installed by dev/bootstrap.sh (``npm ci`` into
``${XDG_CACHE_HOME:-~/.cache}/pagenote-test-apps/<first 16 hex digits of the lock file's SHA-256>``) and served
by ``node <cache>/node_modules/vite/bin/vite.js <app> --host 127.0.0.1 --port 0 --strictPort``.

The apps find their packages through ``tests/apps/node_modules``, a symlink to the cache's ``node_modules``
made here (Node's and Vite's resolution walk up from the importing file, and the apps' sources live in the
checkout). Each server gets its own dependency cache (``PAGENOTE_VITE_CACHE_DIR``, read by the apps'
vite.config.js) in a directory of the test's, under a ``node_modules`` folder as Vite's default is.

A server is ready when Vite prints its ``Local:`` URL (read from its stdout, which a thread keeps draining
afterwards); nothing sleeps. Without the install (no node/npm, or bootstrap not run with the test extras) the
tests that need it skip and say why.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import signal
import subprocess
import threading
from collections import deque
from pathlib import Path

APPS = Path(__file__).parent / "apps"
LOCK = APPS / "package-lock.json"
_LOCAL = re.compile(r"Local:\s+(http://127\.0\.0\.1:\d+/\S*)")
_ANSI = re.compile(r"\x1b\[[0-9;]*m")


def cache_dir() -> Path:
    """Where dev/bootstrap.sh installs the apps' packages: keyed by the lock file's hash (a changed lock is a
    new install; an old one stays until removed)."""
    digest = hashlib.sha256(LOCK.read_bytes()).hexdigest()[:16]
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "pagenote-test-apps" / digest


def missing() -> str:
    """Why the apps cannot be served here (``""`` when they can): no node, or no install in :func:`cache_dir`."""
    if not shutil.which("node"):
        return "node is not installed (sudo apt-get install nodejs npm; then ./test.sh bootstraps tests/apps)"
    if not (cache_dir() / "node_modules" / "vite" / "bin" / "vite.js").is_file():
        return (f"the test apps' packages are not installed in {cache_dir()} (./test.sh runs dev/bootstrap.sh "
                "with PAGENOTE_BOOTSTRAP_TESTS=1, which runs npm ci there)")
    return ""


def link_node_modules() -> None:
    """Point ``tests/apps/node_modules`` at the cache's ``node_modules`` (atomically: a temporary link
    renamed over the old one, so workers starting at once never see it missing)."""
    target = cache_dir() / "node_modules"
    link = APPS / "node_modules"
    if link.is_symlink() and Path(os.readlink(link)) == target:
        return
    temp = APPS / f".node_modules.{os.getpid()}"
    temp.unlink(missing_ok=True)
    temp.symlink_to(target, target_is_directory=True)
    os.replace(temp, link)


class ViteServer:
    """One ``vite`` process (``dev`` serving an app's sources, or ``preview`` serving a build). ``url`` is its
    origin with a trailing ``/``; :meth:`stop` ends it (and only it: its own process group)."""

    def __init__(self, args: list[str], app: str, work: Path) -> None:
        link_node_modules()
        env = {**os.environ, "NO_COLOR": "1", "PAGENOTE_VITE_CACHE_DIR": str(work / "node_modules" / ".vite"),
               "BROWSER": "none"}
        self.log: deque[str] = deque(maxlen=200)
        self.proc = subprocess.Popen(
            ["node", str(cache_dir() / "node_modules" / "vite" / "bin" / "vite.js"), *args],
            cwd=APPS / app, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
            text=True, encoding="utf-8", errors="replace", start_new_session=True)
        self.url = self._wait_ready()
        threading.Thread(target=self._drain, daemon=True).start()

    def _wait_ready(self) -> str:
        for line in self.proc.stdout:   # blocks until Vite writes a line; EOF when it exits
            line = _ANSI.sub("", line.rstrip())
            self.log.append(line)
            found = _LOCAL.search(line)
            if found:
                return found.group(1)
        self.proc.wait()
        raise RuntimeError(f"vite exited ({self.proc.returncode}) before serving:\n" + "\n".join(self.log))

    def _drain(self) -> None:
        for line in self.proc.stdout:
            self.log.append(line.rstrip())

    def stop(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
        self.proc.wait()


def dev_server(app: str, work: Path) -> ViteServer:
    """The dev server of ``tests/apps/<app>`` (``react``, ``vue``, ``svelte``), run from the app's folder (its
    project root), its dependency cache under ``work``."""
    return ViteServer([".", "--host", "127.0.0.1", "--port", "0", "--strictPort"], app, work)


def production_server(app: str, work: Path) -> ViteServer:
    """``vite build`` of ``tests/apps/<app>`` into ``work/dist`` (no source maps: the apps' configs say
    ``build.sourcemap: false``), served statically by ``vite preview``. Raises ``CalledProcessError`` when
    the build fails."""
    link_node_modules()
    out = work / "dist"
    env = {**os.environ, "NO_COLOR": "1", "PAGENOTE_VITE_CACHE_DIR": str(work / "node_modules" / ".vite")}
    subprocess.run(["node", str(cache_dir() / "node_modules" / "vite" / "bin" / "vite.js"), "build", ".",
                    "--outDir", str(out), "--emptyOutDir", "--logLevel", "warn"],
                   cwd=APPS / app, env=env, check=True, stdin=subprocess.DEVNULL, capture_output=True)
    return ViteServer(["preview", ".", "--outDir", str(out), "--host", "127.0.0.1", "--port", "0", "--strictPort"],
                      app, work)
