"""The one error registry (app/core/errors.py): stable names with their own JSON-RPC codes, exit codes that
mean what docs/errors.md says, its table generated from it, and every name the code raises is in it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from app.agent import rpc
from app.core import errors
from app.core.errors import REGISTRY, PagenoteError

ROOT = Path(__file__).resolve().parents[1]


def test_names_are_upper_snake_and_codes_unique():
    assert all(re.fullmatch(r"[A-Z]+(_[A-Z]+)*", name) for name in REGISTRY)
    codes = [kind.rpc_code for kind in REGISTRY.values()]
    assert len(codes) == len(set(codes))
    # JSON-RPC 2.0 §5.1: the spec's codes, else the implementation-defined server-error range.
    for kind in REGISTRY.values():
        assert kind.rpc_code in (-32700, -32600, -32601, -32602, -32603) or -32099 <= kind.rpc_code <= -32000


def test_every_row_has_a_next_step_and_a_meaning():
    for kind in REGISTRY.values():
        assert kind.next_step.strip() and kind.meaning.strip(), kind.name


def test_exit_codes_follow_the_documented_classes():
    assert {k.exit_code for k in REGISTRY.values()} <= {0, 1, 2, 3, 4, 5, 70}
    # Exit code 0 only for warnings: reported on stderr, the run still succeeds.
    assert [n for n, k in REGISTRY.items() if k.exit_code == 0] == ["DIALOG_LOOP"]
    assert REGISTRY["IMAGES_DIFFER"].exit_code == 1
    assert all(k.exit_code == errors.EXIT_CAPTURE_FAILED for n, k in REGISTRY.items() if n.startswith("CAPTURE_"))
    assert all(k.exit_code == errors.EXIT_PAGE_FAILED for n, k in REGISTRY.items()
               if n.startswith(("PAGE_", "FRAME_")))


def test_an_unknown_name_is_refused_at_once():
    with pytest.raises(KeyError):
        PagenoteError("NOT_A_REAL_NAME", "x")


def test_the_rpc_error_member_and_the_text_come_from_the_row():
    exc = PagenoteError("CAPTURE_BLANK", "no frame")
    assert exc.to_rpc() == {"code": -32020, "message": "no frame",
                            "data": {"code": "CAPTURE_BLANK", "next": REGISTRY["CAPTURE_BLANK"].next_step}}
    assert str(exc) == "CAPTURE_BLANK: no frame" and exc.text().startswith("CAPTURE_BLANK: no frame — ")
    line = rpc.error_line(7, exc)
    assert b'"code":"CAPTURE_BLANK"' in line and b'"code":-32020' in line


def test_the_limits_quoted_in_next_steps_match_the_framing():
    assert str(rpc.MAX_LINE_BYTES) in REGISTRY["TOO_LARGE"].next_step
    assert str(rpc.PARTIAL_LINE_TIMEOUT_MS) in REGISTRY["TIMEOUT"].next_step
    assert str(rpc.MAX_CLIENTS) in REGISTRY["TOO_MANY_CLIENTS"].next_step
    assert str(rpc.PROTOCOL_VERSION) in REGISTRY["UNSUPPORTED_PROTOCOL"].next_step


def test_readme_table_is_generated_from_the_registry():
    page = (ROOT / "docs" / "errors.md").read_text(encoding="utf-8")
    assert errors.markdown_table() in page, "docs/errors.md's table is stale: paste `python -m app.core.errors`"


def test_every_error_name_the_code_uses_is_in_the_registry():
    """Names passed to PagenoteError/CaptureError anywhere in app/ exist in the registry (a typo would only
    show as a KeyError on the failure path, which tests rarely reach)."""
    used: set[str] = set()
    for path in (ROOT / "app").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        used |= set(re.findall(r"(?:PagenoteError|CaptureError)\(\s*\"([A-Z_]+)\"", text))
    assert used, "the scan found no error names at all"
    assert used <= set(REGISTRY), sorted(used - set(REGISTRY))
