"""Where ``pick()`` spends its time: each target's element record rebuilt field by field, in a separate isolated
world running the picker's own modules (bundled without ``main``/``pins``, so no second overlay), plus the host's cost per answer
(JSON parse, pydantic validation)."""

from __future__ import annotations

import json
import time

from _page_js import FIELDS_JS, FIELDS_WORLD
from _window import BenchWindow, fields_world_source


async def profile(w: BenchWindow, res: dict) -> None:
    """Each target of ``res["targets"]`` rebuilt field by field (layout already clean, so a lower bound of the
    in-pick cost); adds ``fields``/``steps`` (name → ms list), ``kinds`` (locator kind → count),
    ``selector_queries``, ``json_loads`` and ``validate`` (ms lists) to ``res``."""
    await w.js(fields_world_source(FIELDS_JS) + "0", FIELDS_WORLD)
    points = json.dumps([[t["x"], t["y"]] for t in res["targets"]])
    res.update(fields={}, steps={}, json_loads=[], validate=[], kinds={}, selector_queries=[])
    for entry in await w.js(f"window.__pnFields({points})", FIELDS_WORLD, 120_000) or []:
        if not entry:
            continue
        for group in ("fields", "steps"):
            for name, ms in entry["ms" if group == "fields" else "steps"].items():
                res[group].setdefault(name, []).append(ms)
        for kind in entry["locators"]:
            res["kinds"][kind] = res["kinds"].get(kind, 0) + 1
        res["selector_queries"].append(entry["queries"])
        a = time.perf_counter()
        raw = json.loads(entry["record"])
        b = time.perf_counter()
        w.validate(raw)
        res["json_loads"].append((b - a) * 1e3)
        res["validate"].append((time.perf_counter() - b) * 1e3)
