"""The full page against known pixels: tests/pages/grid.html lays 30 × 8 cells of 100 CSS px whose colours
follow a formula, under a sticky header; the stitched image must show every cell where the page puts it, near
each corner too (a tile placed a few px off, a seam, a repeated sticky header or a stale tile all fail). The
expectation is the page's own geometry, not another grab through the capture code."""

from __future__ import annotations

from PIL import Image

ROWS, COLUMNS, CELL, HEAD = 30, 8, 100, 40
MAGENTA = (255, 0, 255)


def cell_colour(r: int, c: int) -> tuple[int, int, int]:
    """Cell (r, c)'s background, as grid.html computes it."""
    return (r * 37 + c * 11) % 256, (r * 7 + c * 53 + 40) % 256, (r * 91 + c * 29 + 80) % 256


def test_the_full_page_shows_every_cell_of_a_known_grid_where_the_page_puts_it(window, server):
    window.resize(1200, 800)
    window.load_page(server.url("grid.html"))
    clean, _ = window.run(window.shooter().full_page())
    image = Image.open(clean.path).convert("RGB")
    assert window.page_call("documentMetrics")["width"] >= COLUMNS * CELL   # no horizontal overflow
    k = window.view.devicePixelRatioF()   # device px per CSS px (zoom 1)
    assert image.size == (round(window.view.width() * k), round((HEAD + ROWS * CELL) * k))
    at = lambda x, y: image.getpixel((int(x * k), int(y * k)))   # noqa: E731  (CSS px)
    assert at(500, 20) == MAGENTA                                # the header, once, at the top
    wrong = []
    for r in range(ROWS):
        for c in range(COLUMNS):
            x0, y0 = c * CELL, HEAD + r * CELL
            for dx, dy in ((3, 3), (CELL - 4, 3), (3, CELL - 4), (CELL - 4, CELL - 4), (CELL // 2, CELL // 2)):
                if at(x0 + dx, y0 + dy) != cell_colour(r, c):
                    wrong.append((r, c, dx, dy, at(x0 + dx, y0 + dy)))
    assert wrong == [], f"{len(wrong)} wrong pixels, first: {wrong[:5]}"
