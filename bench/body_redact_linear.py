"""Bench: app.protocol.body_redact.redact_body on worst-case bodies (unclosed strings and arrays, open XML
elements, YAML block indicators, repeated cookie/auth/PEM/meta heads, JSON-escaped keys) at n and 2n
characters-ish; prints each case's time and its growth ratio (about 2 when linear).

    .venv/bin/python bench/body_redact_linear.py
"""

from __future__ import annotations

import time

from app.protocol.body_redact import redact_body

CASES = {
    "open_array": lambda n: '"tokens": [' + '"a",' * n,
    "open_string": lambda n: '"password": "' + "a" * n,
    "many_keys_open": lambda n: '"password": "a' * n,
    "arrays_unclosed": lambda n: '"token": ["a"' * n,
    "elements": lambda n: "<password>" * n,
    "elements_nested": lambda n: "<a>x" * n + "</b>",
    "yaml_blocks": lambda n: "password: |\n" * n,
    "yaml_indent": lambda n: "password: |\n" + "  x\n" * n,
    "queries": lambda n: "?a=" * n,
    "cookies": lambda n: "Cookie: " * n,
    "uescapes": lambda n: '"\\u0041' * n,
    "pem": lambda n: "-----BEGIN PRIVATE KEY-----" * n,
    "bearer": lambda n: "Authorization: Bearer " * n,
    "meta": lambda n: "<meta name=token " * n,
    "asia": lambda n: "ASIA" * n,
    "spaces_sep": lambda n: "password" + " " * n,
}


def main() -> None:
    for name, make in CASES.items():
        times = []
        for n in (20_000, 40_000):
            text = make(n)
            start = time.perf_counter()
            redact_body(text)
            times.append(time.perf_counter() - start)
        print(f"{name:18} {times[0] * 1000:8.1f} ms {times[1] * 1000:8.1f} ms  growth {times[1] / max(times[0], 1e-6):.2f}")


if __name__ == "__main__":
    main()
