"""Agent parity (issue 27), over ``pagenote mcp --http`` as the trial ran it: agents may not open ``file:``
URLs (the trial read /etc/passwd over HTTP) unless the app was started with ``--allow-file-urls`` (allowed
case: test_agent_parity_tabs.py; ``pagenote mcp --allow-file-urls`` passes it to an app it starts, and leaves
a running app's choice alone); a 1.1 MB argument and closing the last tab are clear errors over HTTP too,
the app still answering."""

from __future__ import annotations

import os
import subprocess
import sys
from types import SimpleNamespace

import anyio
import httpx2
import pytest
from mcp.client import Client
from mcp.client.streamable_http import streamable_http_client

from app.cli import build_parser
from app.mcp import http as mcp_http
from conftest import poll_until
from test_mcp import ROOT, _stop, text_of
from test_mcp_browser import _serve
from test_mcp_http import _accepts, _free_port


@pytest.fixture(scope="module")
def http_app(server):
    """``pagenote serve`` (no flag, default settings) and ``pagenote mcp --http`` on its socket."""
    served = _serve(server.url("spa.html"))
    app = next(served)
    port = _free_port()
    env = {**os.environ, "PAGENOTE_SOCKET": str(app.socket)}
    with open(app.dir / "mcp.log", "wb") as log:
        # --allow-file-urls here is for an app this command would start: the running one keeps its choice.
        proc = subprocess.Popen([sys.executable, "-m", "app", "mcp", "--http", f"127.0.0.1:{port}", "--no-start",
                                 "--allow-file-urls"],
                                env=env, cwd=ROOT, stdin=subprocess.DEVNULL, stdout=log, stderr=log)
    try:
        poll_until(lambda: _accepts(port) or proc.poll() is not None, 20, "the HTTP port")
        assert proc.poll() is None, (app.dir / "mcp.log").read_text()
        token = (app.socket.parent / mcp_http.TOKEN_FILE).read_text().strip()
        yield SimpleNamespace(url=f"http://127.0.0.1:{port}/mcp", token=token)
    finally:
        _stop(proc)
        served.close()


def test_agents_cannot_read_local_files_over_http_and_bad_input_is_answered(http_app, server):
    async def main():
        with anyio.fail_after(60):
            headers = {"Authorization": f"Bearer {http_app.token}"}
            async with httpx2.AsyncClient(headers=headers, timeout=30) as http:
                async with Client(streamable_http_client(http_app.url, http_client=http)) as c:
                    return {"navigate": await c.call_tool("browser_navigate", {"url": "file:///etc/passwd"}),
                            "new": await c.call_tool("browser_tabs", {"action": "new", "url": "file:///etc/passwd"}),
                            "bare path": await c.call_tool("browser_navigate", {"url": "/etc/passwd"}),
                            "big": await c.call_tool("browser_evaluate", {"function": "() => '" + "x" * 1_150_000 + "'"}),
                            "last": await c.call_tool("browser_close", {}),
                            "where": await c.call_tool("browser_evaluate", {"function": "() => location.href"}),
                            "tabs": await c.call_tool("browser_tabs", {})}

    out = anyio.run(main)
    for name in ("navigate", "new", "bare path"):
        assert out[name].is_error and text_of(out[name]).startswith("FILE_URL_REFUSED: "), (name, text_of(out[name]))
        assert "--allow-file-urls" in text_of(out[name])
    assert out["big"].is_error and text_of(out["big"]).startswith("TOO_LARGE: ")
    assert out["last"].is_error and text_of(out["last"]).startswith("LAST_TAB: ")
    assert not out["where"].is_error and server.url("spa.html") in text_of(out["where"])
    assert "passwd" not in text_of(out["tabs"]) and len(out["tabs"].structured_content["tabs"]) == 1


def test_allow_file_urls_is_a_flag_of_the_window_of_serve_and_of_the_app_mcp_starts(monkeypatch, tmp_path):
    from app.mcp import autostart
    from app.mcp import cli as mcp_cli

    for command in ("window", "serve", "mcp"):
        parser = build_parser([command])
        assert parser.parse_args([command, "--allow-file-urls"]).allow_file_urls is True
        assert parser.parse_args([command]).allow_file_urls is False
    monkeypatch.setattr(autostart, "SERVE_OPTIONS", [])
    mcp_cli.use_serve_options(build_parser(["mcp"]).parse_args(["mcp"]))
    assert "--allow-file-urls" not in autostart.serve_command(tmp_path)
    mcp_cli.use_serve_options(build_parser(["mcp"]).parse_args(["mcp", "--allow-file-urls"]))
    started = autostart.serve_command(tmp_path)
    assert started[started.index("serve"):] == ["serve", "--out", str(tmp_path), "--allow-file-urls"]
    assert build_parser(["serve"]).parse_args(started[started.index("serve"):]).allow_file_urls is True


def test_the_flag_outlives_a_settings_change(monkeypatch, qtbot, lease, tmp_path):
    """``--allow-file-urls`` holds for the whole run: the window's Settings dialog re-applies the settings
    (``[agent] files`` false by default) and must not take it back; without it the settings decide."""
    from app.runtime.app import PagenoteApp
    from app.runtime.settings import Settings

    plain = PagenoteApp(lease, tmp_path)
    plain.apply_settings(Settings())
    monkeypatch.setattr(PagenoteApp, "file_urls_flag", True)   # what app.cli does for --allow-file-urls
    flagged = PagenoteApp(lease, tmp_path)
    try:
        assert plain.allow_file_urls is False and flagged.allow_file_urls is True
        flagged.apply_settings(Settings())
        assert flagged.allow_file_urls is True
    finally:
        for app in (plain, flagged):
            app.close()
