"""The pages the picker bench measures and their servers: a generated page of exactly 35,000 elements, and
``python3 -m http.server`` on a free 127.0.0.1 port for each page directory."""

from __future__ import annotations

import html
import random
import socket
import subprocess
import sys
from pathlib import Path

#: Debian's ``python3-doc`` (``library/stdtypes.html`` is the real-world page).
DOCS = Path("/usr/share/doc/python3/html")

WORDS = ("annotate", "element", "marker", "outline", "pointer", "layout", "render", "record", "locator", "selector",
         "frame", "shadow", "viewport", "scroll", "sticky", "table", "button", "list", "section", "panel", "note",
         "agent", "batch", "pixel", "paint", "probe", "hover", "pin", "cell", "row", "column", "header", "footer",
         "card", "grid", "label", "value", "status", "anchor")
PAGE_CSS = ("body{font:14px/1.4 sans-serif;margin:0;background:#fafafa;color:#222}header{padding:8px 16px;"
            "background:#e8e8e0}.top{margin:12px 16px;padding:8px;border:1px solid #ccc;background:#fff}"
            ".cols{display:grid;grid-template-columns:1fr 1fr;gap:12px}.grid{display:grid;grid-template-columns:"
            "repeat(4,1fr);gap:6px}.card{border:1px solid #ccc;padding:4px 6px;background:#f4f4ee}h3,h4,p{margin:"
            "4px 0}table{border-collapse:collapse;width:100%;margin:6px 0}td,th{border:1px solid #ccc;padding:2px "
            "6px}button{font:13px sans-serif;padding:2px 8px;margin:1px}.tag{background:#e2f0d9;padding:0 4px}"
            ".nest div{padding-left:12px}a{color:#0a6847}")


def generated_page(total: int = 35_000, seed: int = 3) -> str:
    """A static page of exactly ``total`` elements: sections of two parts (a grid of cards with buttons, a list
    with a nested list, a table with buttons, a deep div chain), all with text; spans fill up the rest."""
    rnd = random.Random(seed)

    def words(n: int) -> str:
        return " ".join(rnd.choice(WORDS) for _ in range(n))

    def e(tag: str, *kids, a: str = "") -> tuple:
        return tag, a, kids

    def part(title: str) -> tuple:  # 75 elements
        cards = [e("div", e("h4", words(2)), e("p", words(6) + " ", e("strong", words(1))),
                   e("div", e("button", words(1)), e("button", words(1)), a='class="row"'), a='class="card"')
                 for _ in range(4)]
        items = [e("li", e("span", words(1), a='class="tag"'), f" {words(4)} ", e("button", "edit"),
                   *([e("ul", e("li", words(3)), e("li", words(3)))] if k == 1 else [])) for k in range(4)]
        rows = [e("tr", e("td", words(2)), e("td", words(1)), e("td", e("button", words(1)))) for _ in range(3)]
        table = e("table", e("thead", e("tr", *[e("th", words(1)) for _ in range(3)])), e("tbody", *rows))
        nest = e("div", e("div", e("div", e("p", words(5) + " ", e("span", words(2)),
                                            e("a", words(1), a='href="#top"')))), a='class="nest"')
        return e("section", e("h3", title), e("div", *cards, a='class="grid"'), e("ul", *items), table, nest)

    fixed = 10   # html head meta title style body header h1 main p.pad
    sections = [e("section", e("h2", f"Section {i}: {words(3)}"), e("p", words(12)),
                  e("div", part(f"Part {i}.1 {words(2)}"), part(f"Part {i}.2 {words(2)}"), a='class="cols"'),
                  a='class="top"') for i in range(1, (total - fixed) // 154 + 1)]
    pad = e("p", *[e("span", words(1) + " ") for _ in range(total - fixed - 154 * len(sections))])
    doc = e("html", e("head", e("meta", a='charset="utf-8"'), e("title", "Generated page: 35,000 elements"),
                      e("style", PAGE_CSS)),
            e("body", e("header", e("h1", "Generated page", a='id="top"')), e("main", *sections, pad)))
    out: list[str] = []
    count = 0

    def render(node) -> None:
        nonlocal count
        if isinstance(node, str):
            out.append(html.escape(node, quote=False))
            return
        tag, attrs, kids = node
        count += 1
        out.append(f"<{tag} {attrs}>" if attrs else f"<{tag}>")
        for kid in kids:
            render(kid)
        if tag != "meta":
            out.append(f"</{tag}>")

    render(doc)
    assert count == total, count
    return "<!doctype html>\n" + "".join(out)


def free_port() -> int:
    """A TCP port on 127.0.0.1 that was free a moment ago."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def listening(port: int) -> bool:
    """True when something accepts TCP connections on 127.0.0.1:``port`` (50 ms connect timeout)."""
    with socket.socket() as s:
        s.settimeout(0.05)
        return s.connect_ex(("127.0.0.1", port)) == 0


def serve(directory: Path) -> tuple[subprocess.Popen, int]:
    """Start ``python -m http.server`` for ``directory`` on a free 127.0.0.1 port, output discarded; returns the
    process and the port (poll :func:`listening` before loading). Stop it with :func:`stop`."""
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "-d",
                             str(directory)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return proc, port


def stop(servers: list[subprocess.Popen]) -> None:
    """Terminate the servers from :func:`serve` and wait for each (10 s at most, else ``TimeoutExpired``)."""
    for server in servers:
        server.terminate()
        server.wait(timeout=10)
