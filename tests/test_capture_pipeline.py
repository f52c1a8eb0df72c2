"""Full-page captures overlap grabbing with stitching and PNG encoding and stream their rows into the file:
still never a stale tile on a page that changes under every tile, progress to the last tile, and a cancelled
capture leaves no file, temporary or not."""

from __future__ import annotations

import asyncio

import pytest
from PIL import Image

from conftest import settle

from app.core.errors import PagenoteError

COLOURS = [(0xE6, 0x19, 0x4B), (0x3C, 0xB4, 0x4B), (0xFF, 0xE1, 0x19), (0x43, 0x63, 0xD8), (0xF5, 0x82, 0x31),
           (0x91, 0x1E, 0xB4), (0x46, 0xF0, 0xF0), (0xF0, 0x32, 0xE6), (0xBC, 0xF6, 0x0C), (0xFA, 0xBE, 0xBE)]


@pytest.mark.parametrize("wide", [False, True])
def test_tiles_taken_while_the_page_mutates_are_never_stale(window, server, wide):
    # Each band turns from grey to its colour in the frame that first shows it, and every frame relabels all
    # bands and keeps the page busy: a tile grabbed from the frame before its scroll would put another band's
    # pixels (or grey) at its place. Wide: the document is wider than the view, tiles come in columns.
    width = window.view.width() + 300 if wide else window.view.width()
    window.load_page(server.url(f"mutating-bands.html?h=8000&w={width if wide else ''}"))
    done: list[tuple[int, int]] = []
    clean, _ = window.run(window.shooter().full_page(progress=lambda n, total: done.append((n, total))),
                          timeout=60_000)
    image = Image.open(clean.path).convert("RGB")
    assert image.size == (width, 8000)
    for x in (200, width - 40):
        column = [image.getpixel((x, y)) for y in range(8000)]
        wrong = [y for y, c in enumerate(column) if c != COLOURS[(y // 500) % len(COLOURS)]]
        assert wrong == [], f"x={x}: rows from a stale frame (or never shown), first: {wrong[:5]}"
    total = done[-1][1]
    assert total >= (16 if wide else 8) and done == [(n, total) for n in range(1, total + 1)]


def test_a_cancelled_streamed_capture_leaves_no_file_and_restores_the_page(window, server, qtbot):
    window.load_page(server.url("mutating-bands.html?h=20000"))
    before = window.page_call("documentMetrics")
    stop: list[bool] = []
    # Cancelled at the fifth tile: rows of the first tiles are already in the (temporary) PNG file by then.
    capture = asyncio.ensure_future(window.shooter().full_page(progress=lambda n, total: n >= 5 and stop.append(True),
                                                               cancelled=lambda: bool(stop)))
    with pytest.raises(PagenoteError) as info:
        settle(qtbot, capture, 60_000)
    assert info.value.name == "CAPTURE_CANCELLED"
    shots = window.project_dir / "shots"
    assert sorted(p.name for p in shots.iterdir() if not p.name.startswith(".index")) == []
    qtbot.waitUntil(lambda: window.page_call("documentMetrics")["scroll"] == before["scroll"], timeout=10_000)
