"""``pagenote mcp --http``: loopback only, the bearer token, Host/Origin checks, a tool call through the
SDK's streamable HTTP client."""

from __future__ import annotations

import json
import os
import shutil
import socket as socketlib
import stat
import subprocess
import sys
from types import SimpleNamespace

import anyio
import httpx2
import pytest
from mcp.client import Client
from mcp.client.streamable_http import streamable_http_client

from app.mcp import cli as mcp_cli
from app.mcp import http as mcp_http
from conftest import poll_until as _poll
from test_mcp import INITIALIZE, MCP_HEADERS, ROOT, _short_dir, _stop, agent_app, text_of  # noqa: F401 (fixture)


# -- streamable HTTP ------------------------------------------------------------------------------------------


def _free_port() -> int:
    with socketlib.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _accepts(port: int) -> bool:
    with socketlib.socket() as s:
        s.settimeout(0.2)
        return s.connect_ex(("127.0.0.1", port)) == 0


@pytest.fixture(scope="module")
def http_server(agent_app):
    """``pagenote mcp --http 127.0.0.1:<port> --no-start`` with a fresh token directory."""
    tmp = _short_dir()
    port = _free_port()
    env = {**os.environ, "PAGENOTE_SOCKET": str(tmp / "a.sock")}
    err_path, out_path = tmp / "mcp.err", tmp / "mcp.out"
    with open(err_path, "wb") as err, open(out_path, "wb") as out:
        proc = subprocess.Popen([sys.executable, "-m", "app", "mcp", "--http", f"127.0.0.1:{port}", "--no-start"],
                                env=env, cwd=ROOT, stdin=subprocess.DEVNULL, stdout=out, stderr=err)
    try:
        _poll(lambda: _accepts(port) or proc.poll() is not None, 20, "the HTTP port")
        assert proc.poll() is None, err_path.read_text()
        token_file = tmp / mcp_http.TOKEN_FILE
        token = token_file.read_text().strip()
        yield SimpleNamespace(port=port, token=token, token_file=token_file, stderr=err_path.read_text(), proc=proc,
                              url=f"http://127.0.0.1:{port}/mcp")
        assert out_path.read_bytes() == b"", "stdout must stay empty in HTTP mode"
    finally:
        _stop(proc)
        shutil.rmtree(tmp, ignore_errors=True)


def test_http_token_is_made_once_and_private(http_server):
    assert len(http_server.token) >= 43
    assert stat.S_IMODE(http_server.token_file.stat().st_mode) == 0o600
    assert f"Authorization: Bearer {http_server.token}" in http_server.stderr
    assert http_server.stderr.count(http_server.token) == 1


def test_http_requires_the_token(http_server):
    with httpx2.Client(timeout=10) as http:
        missing = http.post(http_server.url, json=INITIALIZE, headers=MCP_HEADERS)
        wrong = http.post(http_server.url, json=INITIALIZE,
                          headers={**MCP_HEADERS, "Authorization": "Bearer " + "x" * len(http_server.token)})
    assert missing.status_code == 401 and wrong.status_code == 401
    assert missing.headers["www-authenticate"].startswith("Bearer")


def test_http_checks_host_and_origin(http_server):
    auth = {**MCP_HEADERS, "Authorization": f"Bearer {http_server.token}"}
    with httpx2.Client(timeout=10) as http:
        bad_host = http.post(http_server.url, json=INITIALIZE, headers={**auth, "Host": "evil.example:80"})
        other_port = http.post(http_server.url, json=INITIALIZE,
                               headers={**auth, "Host": f"127.0.0.1:{http_server.port + 1}"})
        bad_origin = http.post(http_server.url, json=INITIALIZE, headers={**auth, "Origin": "http://evil.example"})
    assert bad_host.status_code == 421 and other_port.status_code == 421   # docs/agents.md: 421 to another Host
    assert bad_origin.status_code == 403


def test_http_initialize_with_the_token(http_server):
    headers = {**MCP_HEADERS, "Authorization": f"Bearer {http_server.token}",
               "Origin": f"http://localhost:{http_server.port}"}
    with httpx2.Client(timeout=10) as http:
        response = http.post(http_server.url, json=INITIALIZE, headers=headers)
    assert response.status_code == 200, response.text
    body = response.text
    if response.headers["content-type"].startswith("text/event-stream"):
        body = next(line[5:] for line in body.splitlines() if line.startswith("data:"))
    answer = json.loads(body)
    assert answer["id"] == 1 and answer["result"]["serverInfo"]["name"] == "pagenote"


def test_http_tool_call_through_the_sdk_client(http_server, agent_app):
    """A full client over HTTP; this server's socket has no app (--no-start), so the tool says so."""

    async def main():
        headers = {"Authorization": f"Bearer {http_server.token}"}
        async with httpx2.AsyncClient(headers=headers, timeout=10) as http:
            async with Client(streamable_http_client(http_server.url, http_client=http)) as client:
                return await client.call_tool("page_state", {})

    result = anyio.run(main)
    assert result.is_error and text_of(result).startswith("APP_NOT_RUNNING:")


def test_http_refuses_non_loopback_hosts(capsys):
    for address in ("0.0.0.0:8765", "192.168.1.2:8765", "example.com:80"):
        with pytest.raises(SystemExit) as exit_info:
            mcp_cli.main(["--http", address, "--no-start"])
        assert exit_info.value.code == 2
        assert "loopback hosts only" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        mcp_cli.main(["--http", "127.0.0.1:99999"])
    assert "outside 1..65535" in capsys.readouterr().err


def _readme_http_example() -> str:
    """The Python example over --http in docs/agents.md, as printed there."""
    readme = (ROOT / "docs" / "agents.md").read_text(encoding="utf-8")
    at = readme.index("```python\n", readme.index("## HTTP instead of stdio"))
    return readme[at + len("```python\n"):readme.index("\n```", at)]


def test_the_readme_http_example_runs_without_xdg_runtime_dir(agent_app, server):
    """Trial f2, finding 6: the README's example read ``os.environ["XDG_RUNTIME_DIR"]`` (KeyError as root, over
    ssh, in containers) and its ``claude mcp add`` line cat'ed a path under it. Both now ask
    ``pagenote mcp --token-path``, which names the file ``--http`` uses whatever the environment. Run as the
    trial ran it: XDG_RUNTIME_DIR unset, PAGENOTE_SOCKET set, the venv's pagenote on PATH; the example's code
    verbatim but for the port and the page it opens."""
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if k != "XDG_RUNTIME_DIR"}
    env |= {"PAGENOTE_SOCKET": str(agent_app.socket), "PATH": f"{os.path.dirname(sys.executable)}:{env['PATH']}"}
    err_path = agent_app.dir / "http.err"
    with open(err_path, "wb") as err:
        proc = subprocess.Popen([sys.executable, "-m", "app", "mcp", "--http", f"127.0.0.1:{port}", "--no-start"],
                                env=env, cwd=ROOT, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=err)
    try:
        _poll(lambda: _accepts(port) or proc.poll() is not None, 20, "the HTTP port")
        assert proc.poll() is None, err_path.read_text()
        code = _readme_http_example()
        assert 'os.environ["XDG_RUNTIME_DIR"]' not in code and '"--token-path"' in code
        code = (code.replace("http://127.0.0.1:8765/mcp", f"http://127.0.0.1:{port}/mcp")
                .replace("http://127.0.0.1:5173/", server.url("other.html")))
        ran = subprocess.run([sys.executable, "-c", code], env=env, cwd=agent_app.dir, capture_output=True,
                             text=True, timeout=120)
        printed = subprocess.run(["pagenote", "mcp", "--token-path"], env=env, capture_output=True, text=True,
                                 timeout=60)
    finally:
        _stop(proc)
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout.startswith("Navigated") and server.url("other.html") in ran.stdout, ran.stdout
    token_file = agent_app.socket.parent / mcp_http.TOKEN_FILE
    assert printed.returncode == 0 and printed.stdout == f"{token_file}\n", (printed.stdout, printed.stderr)
    assert f"bearer token in {token_file}" in err_path.read_text() or str(token_file) in err_path.read_text()
    assert token_file.read_text().strip() not in printed.stdout + printed.stderr   # the path, never the token
    readme = (ROOT / "docs" / "agents.md").read_text(encoding="utf-8")
    assert '--header "Authorization: Bearer $(cat "$(pagenote mcp --token-path)")"' in readme
