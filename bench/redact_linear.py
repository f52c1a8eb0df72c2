"""How URL redaction's time grows with the length of token-like text: ``redact_urls`` against the policy's
literal JWT and Telegram-token regexes (the peer: Python ``re`` run as written), on texts of n and 2n
characters. Linear code doubles its time when the text doubles (ratio ≈ 2); the literal regexes quadruple
(≈ 4) on runs of digits and of ``eyJ``.

    .venv/bin/python -m bench.redact_linear [--n 20000]

Prints one JSON object: per text kind, seconds for n and 2n and the growth ratio of each side.
"""

from __future__ import annotations

import argparse
import json
import re
import time

from app.core.secret_rules import REDACTED_VALUE, SECRET_JWT, SECRET_SHAPES
from app.protocol.redact import redact_urls

KINDS = {"digits": "7", "eyJ": "eyJ", "base64url": "aZ09-_", "jwt-ish": "eyJab.cd"}


def _literal(text: str) -> str:
    text = re.sub(SECRET_JWT, REDACTED_VALUE, text)
    for shape in SECRET_SHAPES:
        text = re.sub(shape, REDACTED_VALUE, text)
    return text


def _seconds(fn, text: str) -> float:
    start = time.perf_counter()
    fn(text)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=20_000)
    n = parser.parse_args().n
    out = {}
    for kind, unit in KINDS.items():
        texts = [unit * (size // len(unit)) for size in (n, 2 * n)]
        ours = [_seconds(redact_urls, t) for t in texts]
        peer = [_seconds(_literal, t) for t in texts]
        out[kind] = {"redact_urls_s": [round(s, 4) for s in ours], "literal_s": [round(s, 4) for s in peer],
                     "redact_urls_growth": round(ours[1] / max(ours[0], 1e-9), 2),
                     "literal_growth": round(peer[1] / max(peer[0], 1e-9), 2),
                     "literal_over_redact_urls_at_2n": round(peer[1] / max(ours[1], 1e-9), 1)}
    print(json.dumps({"n": n, "kinds": out}, indent=1))


if __name__ == "__main__":
    main()
