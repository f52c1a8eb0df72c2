"""The agent-task bench's servers: the pages' HTTP site on 127.0.0.1 (bench/agent_pages/ and TodoMVC's react
example, with a ``POST /result`` the pages report their own state to), ``pagenote serve`` + ``pagenote mcp`` over
stdio, and Playwright MCP over stdio on Debian's Chromium.

The npm packages (``@playwright/mcp`` and ``todomvc``, pinned below) are installed on first use into a cache
directory outside the repository (``$PAGENOTE_BENCH_CACHE``, default ``~/.cache/pagenote-bench``) with
``PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1``: the peer drives ``/usr/bin/chromium``, no browser is downloaded.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import parse_qs, urlparse

from mcp.client.stdio import StdioServerParameters

ROOT = Path(__file__).resolve().parents[1]
PAGES = Path(__file__).resolve().parent / "agent_pages"
CACHE = Path(os.environ.get("PAGENOTE_BENCH_CACHE", Path.home() / ".cache" / "pagenote-bench"))
PEER_PACKAGE, TODOMVC_PACKAGE = "@playwright/mcp@0.0.83", "todomvc@0.1.1"
CHROMIUM = "/usr/bin/chromium"


def ensure_npm_packages() -> Path:
    """The cache directory's ``node_modules`` holding the peer and TodoMVC, installed there with npm on first use
    (a message says so on stderr). Raises ``RuntimeError`` when npm or Chromium is missing or the install fails."""
    modules = CACHE / "node_modules"
    wanted = {PEER_PACKAGE: modules / "@playwright" / "mcp" / "cli.js",
              TODOMVC_PACKAGE: modules / "todomvc" / "examples" / "react" / "index.html"}
    if not Path(CHROMIUM).exists():
        raise RuntimeError(f"{CHROMIUM} is missing: apt-get install chromium")
    missing = [name for name, path in wanted.items() if not path.is_file()]
    if missing:
        npm = shutil.which("npm")
        if not npm:
            raise RuntimeError("npm is missing: apt-get install npm")
        CACHE.mkdir(parents=True, exist_ok=True)
        if not (CACHE / "package.json").exists():
            (CACHE / "package.json").write_text('{"name": "pagenote-bench", "private": true}\n')
        print(f"first run: installing {', '.join(missing)} into {CACHE} (npm; no browser download)", file=sys.stderr,
              flush=True)
        env = {**os.environ, "PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD": "1"}
        done = subprocess.run([npm, "install", "--no-audit", "--no-fund", *missing], cwd=CACHE, env=env)
        if done.returncode or any(not wanted[name].is_file() for name in missing):
            raise RuntimeError(f"npm install {' '.join(missing)} failed in {CACHE}")
    return modules


class Results:
    """What the pages posted, by run id: ``post`` from the HTTP threads, ``wait`` from the bench."""

    def __init__(self) -> None:
        self._got: dict[str, dict] = {}
        self._cond = threading.Condition()

    def post(self, run_id: str, value: dict) -> None:
        with self._cond:
            self._got[run_id] = value
            self._cond.notify_all()

    def wait(self, run_id: str, timeout: float) -> dict | None:
        """The page's posted JSON for ``run_id``, waiting at most ``timeout`` s for it; ``None`` when none came."""
        with self._cond:
            self._cond.wait_for(lambda: run_id in self._got, timeout)
            return self._got.get(run_id)


def _handler(results: Results, todomvc: Path):
    class Handler(http.server.SimpleHTTPRequestHandler):
        def translate_path(self, path: str) -> str:
            parts = urlparse(path).path
            if parts.startswith("/todomvc/"):
                return str(todomvc / parts.removeprefix("/todomvc/"))
            return super().translate_path(path)

        def do_POST(self) -> None:  # noqa: N802 (http.server's name)
            url = urlparse(self.path)
            body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            if url.path != "/result":
                self.send_error(404)
                return
            try:
                value = json.loads(body or b"{}")
            except ValueError:
                self.send_error(400)
                return
            results.post(parse_qs(url.query).get("id", ["none"])[0], value)
            self.send_response(204)
            self.end_headers()

        def log_message(self, *args) -> None:
            pass

    return functools.partial(Handler, directory=str(PAGES))


class Site:
    """The pages over HTTP on 127.0.0.1. Each :meth:`origin` is a new server on a new port, so every task run
    starts with a fresh origin (no localStorage or cache from the run before, in either browser)."""

    def __init__(self, todomvc: Path) -> None:
        self.results = Results()
        self._handler = _handler(self.results, todomvc)
        self._servers: list[http.server.ThreadingHTTPServer] = []

    def origin(self) -> str:
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), self._handler)
        server.daemon_threads = True
        threading.Thread(target=server.serve_forever, daemon=True).start()
        self._servers.append(server)
        return f"http://127.0.0.1:{server.server_port}"

    def close(self) -> None:
        for server in self._servers:
            server.shutdown()
            server.server_close()
        self._servers.clear()


def _stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(5)


@contextlib.contextmanager
def pagenote_params(start_url: str):
    """``pagenote serve start_url`` (offscreen, its socket in a fresh temp dir), then yields the stdio parameters
    of ``pagenote mcp --no-start`` on that socket and the project directory (``--out``: the one agents may upload
    files from); stops the app afterwards. Raises ``RuntimeError`` when the app
    exits or its socket does not answer within 60 s."""
    sys.path.insert(0, str(ROOT))
    from app.agent.paths import is_live

    tmp = Path(tempfile.mkdtemp(prefix="pnb", dir="/tmp"))
    sock = tmp / "a.sock"
    env = {**os.environ, "PAGENOTE_SOCKET": str(sock), "QT_QPA_PLATFORM": "offscreen"}
    log = open(tmp / "serve.log", "wb")
    proc = subprocess.Popen([sys.executable, "-m", "app", "serve", start_url, "--out", str(tmp / "project")],
                            env=env, cwd=ROOT, stdin=subprocess.DEVNULL, stdout=log, stderr=log)
    try:
        deadline = time.monotonic() + 60
        while not is_live(sock):
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("pagenote serve did not start:\n" + (tmp / "serve.log").read_text()[-2000:])
            time.sleep(0.1)
        (tmp / "project").mkdir(exist_ok=True)
        yield StdioServerParameters(command=sys.executable, args=["-m", "app", "mcp", "--no-start"], cwd=str(ROOT),
                                    env={**os.environ, "PAGENOTE_SOCKET": str(sock)}), tmp / "project"
    finally:
        _stop(proc)
        log.close()
        shutil.rmtree(tmp, ignore_errors=True)


@contextlib.contextmanager
def peer_params(modules: Path):
    """Yields the stdio parameters of Playwright MCP (what ``npx @playwright/mcp@0.0.83`` runs, from the cache:
    ``node …/@playwright/mcp/cli.js --executable-path /usr/bin/chromium --headless
    --isolated``; ``--no-sandbox`` too when running as root, which Chromium requires) and its working directory
    (its workspace root: the one agents may upload files from), a temp dir removed afterwards."""
    tmp = Path(tempfile.mkdtemp(prefix="pwb", dir="/tmp"))
    args = [str(modules / "@playwright" / "mcp" / "cli.js"), "--executable-path", CHROMIUM, "--headless",
            "--isolated", "--output-dir", str(tmp / "out")]
    if os.geteuid() == 0:
        args.append("--no-sandbox")
    try:
        yield StdioServerParameters(command=shutil.which("node") or "node", args=args, cwd=str(tmp),
                                    env={**os.environ, "PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD": "1"}), tmp
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
