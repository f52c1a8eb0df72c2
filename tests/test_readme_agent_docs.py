"""The README's agent and headless sections say what the code does: the HTML review's CSP quoted exactly as
the export writes it, the agent screenshot's readable floor, where a batch sent with no agent waiting is kept
(and that the store really writes it there), and that the headless demo run's empty batch is expected."""

from __future__ import annotations

import re
from pathlib import Path

from app.capture.downscale import READABLE_SCALE
from app.protocol.html_export import CSP

README = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")


def _paragraph(start: str) -> str:
    at = README.index(start)
    return README[at:README.find("\n\n", at)]


def test_the_review_csp_is_quoted_as_the_file_has_it():
    assert f"(`{CSP}`)" in README
    quoted = re.findall(r"`(default-src 'none';[^`]*)`", README)
    assert quoted and set(quoted) == {CSP}, quoted


def test_the_agent_screenshot_floor_is_the_codes():
    assert f"never scaled below {READABLE_SCALE:g}" in README
    assert f"below **{READABLE_SCALE:g}**" in README


def test_send_with_no_agent_and_the_project_folder_are_explained(tmp_path):
    from app.agent.store import BatchStore
    from app.model.annotation import AnnotationBatch

    send = _paragraph("**Send with no agent waiting**")
    assert "`<project>/annotations/sent/<batch id>.json`" in send and "survives a restart" in send
    assert "`wait_for_annotations`" in send
    # The path the README names is the one the store writes.
    store = BatchStore(tmp_path / "annotations" / "sent")
    sent = store.add(AnnotationBatch())
    assert (tmp_path / "annotations" / "sent" / f"{sent.id}.json").is_file()
    folder = _paragraph("**Batches belong to one project folder**")
    assert "`--out`" in folder and "`pagenote mcp`" in folder and "To make them meet" in folder


def test_the_headless_demo_runs_empty_batch_is_said_to_be_expected():
    run = _paragraph("With no display, `./run.sh [URL]` runs `pagenote capture`")
    assert "`# Web page annotations: 0`: that is expected" in run


def _table_tools(section: str) -> set[str]:
    """The tool names the README's tables list in ``section``: each row's first cell (the caps table's second,
    after its group), as ``name(…)``, ``name`` or ``prefix_{a,b}`` (expanded)."""
    names: set[str] = set()
    tools_cell = 0
    for line in section.splitlines():
        line = line.strip()
        if not line.startswith("| ") or line.startswith("|---"):
            continue
        cells = [c.strip() for c in re.split(r"(?<!\\)\|", line)[1:-1]]
        if cells[0] in ("tool", "group"):
            tools_cell = 1 if cells[0] == "group" else 0
            continue
        for stem, braces in re.findall(r"`([a-z_]+?)(?:\{([a-z,]+)\})?(?:\(|`)", cells[tools_cell]):
            if "_" in stem:   # every tool name has one; an argument named in the cell (`key`) has none
                names |= {stem + part for part in braces.split(",")} if braces else {stem}
    return names


def test_the_agent_sections_tables_list_exactly_the_tools_the_server_lists():
    """Issue 27, requirement 7: every tool ``pagenote mcp`` lists (with every ``--caps`` group) has a row in the
    README's agent tables, and every tool a row names exists."""
    from app.mcp.server import CAPS
    from app.mcp.tools import ALL_TOOLS

    listed = {t.name for t in ALL_TOOLS} | {t.name for group in CAPS.values() for t in group}
    section = README[README.index("## Devices: WebHID and Web Serial"):README.index("### The socket itself")]
    assert _table_tools(section) == listed
