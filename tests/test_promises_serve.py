"""README promises of a running ``pagenote serve`` that no other test checks: the agent's downscaled
screenshot of a tall full page is really downscaled (to its top band at the readable 0.5 floor, within
1568 px and 1.15 MP, the pixels still the page's), and no CDP port is ever opened — no listening TCP socket in the app's whole process tree
(QtWebEngineProcess children included), no remote-debugging switch or variable, after viewport and full-page
screenshots."""

from __future__ import annotations

import os
import re
from pathlib import Path

import anyio
import pytest
from PIL import Image
from test_mcp_browser import _serve

from app.agent.client import AgentClient

#: tests/pages/tall.html?h=6000: a 50 px sticky band, then 500 px bands of these colours (top to bottom).
BANDS = [(0xE6, 0x19, 0x4B), (0x3C, 0xB4, 0x4B), (0xFF, 0xE1, 0x19), (0x43, 0x63, 0xD8), (0xF5, 0x82, 0x31),
         (0x91, 0x1E, 0xB4), (0x46, 0xF0, 0xF0), (0xF0, 0x32, 0xE6), (0xBC, 0xF6, 0x0C), (0xFA, 0xBE, 0xBE)]
HEIGHT = 6000


@pytest.fixture(scope="module")
def serve(server):
    yield from _serve(server.url(f"tall.html?h={HEIGHT}"))


def call(sock: Path, method: str, params: dict | None = None):
    async def body():
        async with AgentClient(sock) as client:
            return await client.call(method, params or {})

    return anyio.run(body)


def test_the_agents_downscaled_full_page_is_really_downscaled(serve):
    """6000 px fitted whole would be scale 0.26, under the readable floor (0.5): the copy is the page's top
    band at 0.5, and ``band`` says which rows it is."""
    shot = call(serve.socket, "screenshot", {"kind": "full", "downscale": True})
    assert shot["scale"] == pytest.approx(0.5, abs=0.001), shot
    assert (shot["full_width"], shot["full_height"]) == (1280, HEIGHT)
    full, small = Image.open(shot["full_size_path"]), Image.open(shot["path"])
    assert full.size == (1280, HEIGHT) and small.size == (shot["width"], shot["height"])
    assert max(small.size) <= 1568 and small.width * small.height <= 1_150_000
    assert small.width == pytest.approx(1280 * shot["scale"], abs=1)
    band = shot["band"]
    assert band["top"] == 0 and 3000 < band["bottom"] < HEIGHT and band["css_height"] == HEIGHT
    assert band["whole_scale"] == pytest.approx(1568 / HEIGHT, rel=0.01)
    # The aspect ratio of the band is kept, up to the rounding of the width to whole px.
    assert small.height / band["bottom"] == pytest.approx(small.width / 1280, abs=1 / small.width)
    # The small image is the page's top, scaled: each band's colour at its scaled middle (left edge, away
    # from the target and the fixed corner box), for the page's bands inside the copy.
    small = small.convert("RGB")
    inside = [i for i in range(HEIGHT // 500 - 1) if 50 + 500 * i + 500 <= band["bottom"]]
    assert len(inside) >= 5
    for i in inside:
        y = (50 + 500 * i + 250) * shot["scale"]
        x = 200 * shot["scale"]
        got = small.getpixel((round(x), round(y)))
        want = BANDS[i % len(BANDS)]
        assert max(abs(a - b) for a, b in zip(got, want)) <= 8, (i, got, want)


def _tree(root: int) -> list[int]:
    """``root`` and every process descended from it (Linux /proc)."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        children.setdefault(ppid, []).append(int(entry))
    out, todo = [], [root]
    while todo:
        pid = todo.pop()
        out.append(pid)
        todo.extend(children.get(pid, []))
    return out


def _socket_inodes(pid: int) -> set[str]:
    inodes = set()
    try:
        for fd in os.listdir(f"/proc/{pid}/fd"):
            try:
                target = os.readlink(f"/proc/{pid}/fd/{fd}")
            except OSError:
                continue
            m = re.fullmatch(r"socket:\[(\d+)\]", target)
            if m:
                inodes.add(m.group(1))
    except OSError:
        pass
    return inodes


def listening_tcp_ports(pids: list[int]) -> set[int]:
    """The TCP ports (v4 and v6) on which any of ``pids`` holds a listening socket."""
    inodes = set().union(*(_socket_inodes(p) for p in pids))
    ports = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            lines = Path(table).read_text().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            fields = line.split()
            if fields[3] == "0A" and fields[9] in inodes:   # 0A: TCP_LISTEN
                ports.add(int(fields[1].rsplit(":", 1)[1], 16))
    return ports


@pytest.mark.skipif(not Path("/proc/net/tcp").exists(), reason="needs Linux /proc")
def test_no_cdp_port_is_ever_opened(serve, server):
    # Positive control: the same check finds this test process's own listening fixture server.
    assert server.httpd.server_address[1] in listening_tcp_ports([os.getpid()])
    call(serve.socket, "screenshot", {"kind": "viewport"})
    call(serve.socket, "screenshot", {"kind": "full"})
    pids = _tree(serve.proc.pid)
    names = [Path(f"/proc/{p}/comm").read_text().strip() for p in pids if Path(f"/proc/{p}/comm").exists()]
    assert any("QtWebEngine" in n for n in names), names   # Chromium's processes are in the tree looked at
    assert listening_tcp_ports(pids) == set()
    for pid in pids:
        try:
            environ = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        assert not any(e.startswith(b"QTWEBENGINE_REMOTE_DEBUGGING=") for e in environ), pid
        assert not any(b"remote-debugging" in a for a in cmdline), (pid, cmdline)
