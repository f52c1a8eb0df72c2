"""What the host's text clean-up costs on the texts that used to make it slow: ``escape_invisible`` and
``normalise_block`` (app/model/text.py) on texts of n and 2n characters of one kind each — plain ASCII,
emoji (every one an astral candidate the escaper must look up), CJK, short lines, lines ending in spaces, and
zero-width characters to escape — and the invisible set's ranges read from the generated table against the
walk over every code point it replaces (app/core/unicode_ranges.py).

    .venv/bin/python -m bench.text_escape [--n 70000]

Prints one JSON object: per kind, seconds at n and 2n, the growth ratio (linear code: about 2) and the
ratio to plain ASCII at 2n; and ``ranges``: the walk's seconds over the table's (the start-up saved by it).
Ratios, not seconds, are what to compare between machines.
"""

from __future__ import annotations

import argparse
import importlib
import json
import time

from app.core import _unicode_ranges as generated
from app.core.policy import INVISIBLE_CATEGORIES
from app.core.unicode_ranges import category_ranges, ranges_for
from app.model.text import escape_invisible, normalise_block

KINDS = {"ascii": "lorem ipsum ", "emoji": "\U0001f600", "cjk": "\u4e16\u754c\u4f60\u597d", "lines": "ab\n",
         "trailing": "ab  \n", "zero-width": "a\u200b"}


def _seconds(fn, *args) -> float:
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        fn(*args)
        best = min(best, time.perf_counter() - start)
    return best


def _table_at_start() -> list:
    """What a start pays for the table: its module executed again (from its bytecode) and read."""
    importlib.reload(generated)
    return ranges_for(INVISIBLE_CATEGORIES)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=70_000)
    n = parser.parse_args().n
    out: dict = {}
    for name, fn in (("escape_invisible", escape_invisible), ("normalise_block", normalise_block)):
        rows = {}
        for kind, unit in KINDS.items():
            texts = [unit * (size // len(unit)) for size in (n, 2 * n)]
            secs = [_seconds(fn, t) for t in texts]
            rows[kind] = {"s": [round(s, 5) for s in secs], "growth": round(secs[1] / max(secs[0], 1e-9), 2)}
        base = max(rows["ascii"]["s"][1], 1e-9)
        for row in rows.values():
            row["over_ascii_at_2n"] = round(row["s"][1] / base, 1)
        out[name] = rows
    walk = _seconds(category_ranges, INVISIBLE_CATEGORIES)
    table = _seconds(_table_at_start)
    out["ranges"] = {"walk_s": round(walk, 4), "table_s": round(table, 6), "walk_over_table": round(walk / table)}
    print(json.dumps({"n": n, **out}, indent=1))


if __name__ == "__main__":
    main()
