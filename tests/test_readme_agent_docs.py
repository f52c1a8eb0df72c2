"""The README and docs/ say what the code does about agents and headless runs: the HTML review's CSP quoted
exactly as the export writes it (docs/window.md), the agent screenshot's readable floor (docs/capture.md,
docs/agent-tools.md), where a batch sent with no agent waiting is kept (docs/agents.md and the README; the store
really writes it there), that the headless demo run's empty batch is expected (docs/capture.md), and that the
tool tables name exactly the tools the server lists (docs/agent-tools.md in full, the README's short map)."""

from __future__ import annotations

import re
from pathlib import Path

from app.capture.downscale import READABLE_SCALE
from app.protocol.html_export import CSP

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
DOCS = {p.name: p.read_text(encoding="utf-8") for p in (ROOT / "docs").glob("*.md")}


def _paragraph(start: str, text: str) -> str:
    at = text.index(start)
    return text[at:text.find("\n\n", at)]


def test_the_review_csp_is_quoted_as_the_file_has_it():
    assert f"(`{CSP}`)" in DOCS["window.md"]
    quoted = re.findall(r"`(default-src 'none';[^`]*)`", "\n".join([README, *DOCS.values()]))
    assert quoted and set(quoted) == {CSP}, quoted


def test_the_agent_screenshot_floor_is_the_codes():
    assert f"never scaled below {READABLE_SCALE:g}" in DOCS["agent-tools.md"]
    assert f"below **{READABLE_SCALE:g}**" in DOCS["capture.md"]


def test_send_with_no_agent_and_the_project_folder_are_explained(tmp_path):
    from app.agent.store import BatchStore
    from app.model.annotation import AnnotationBatch

    send = _paragraph("**Send with no agent waiting**", DOCS["agents.md"])
    assert "`<project>/annotations/sent/<batch id>.json`" in send and "survives a restart" in send
    assert "`wait_for_annotations`" in send
    # The path the README names is the one the store writes.
    store = BatchStore(tmp_path / "annotations" / "sent")
    sent = store.add(AnnotationBatch())
    assert (tmp_path / "annotations" / "sent" / f"{sent.id}.json").is_file()
    folder = _paragraph("**Batches belong to one project folder**", DOCS["agents.md"])
    assert "`--out`" in folder and "`pagenote mcp`" in folder and "To make them meet" in folder
    # The README says it short: where the batch waits, and that window and agent share the project folder.
    short = _paragraph("If you press Send while no agent is waiting", README)
    assert "`<project>/annotations/sent/`" in short and "`wait_for_annotations`" in short
    assert "share a\nproject folder" in short or "share a project folder" in short


def test_the_headless_demo_runs_empty_batch_is_said_to_be_expected():
    run = _paragraph("With no display, `pagenote [URL]` and `./run.sh [URL]` run this capture", DOCS["capture.md"])
    assert "`# Web page annotations: 0`: that is expected" in " ".join(run.split())


def _table_tools(section: str) -> set[str]:
    """The tool names the tables in ``section`` list: each row's first cell (the caps table's second,
    after its group), as ``name(…)``, ``name`` or ``prefix_{a,b}`` (expanded)."""
    names: set[str] = set()
    tools_cell = 0
    for line in section.splitlines():
        line = line.strip()
        if not line.startswith("| ") or line.startswith("|---"):
            continue
        cells = [c.strip() for c in re.split(r"(?<!\\)\|", line)[1:-1]]
        if cells[0] in ("tool", "group", "for"):
            tools_cell = 0 if cells[0] == "tool" else 1
            continue
        for stem, braces in re.findall(r"`([a-z_]+?)(?:\{([a-z,]+)\})?(?:\(|`)", cells[tools_cell]):
            if "_" in stem:   # every tool name has one; an argument named in the cell (`key`) has none
                names |= {stem + part for part in braces.split(",")} if braces else {stem}
    return names


def test_the_agent_sections_tables_list_exactly_the_tools_the_server_lists():
    """Issue 27, requirement 7: every tool ``pagenote mcp`` lists (with every ``--caps`` group) has a row in the
    tables of docs/agent-tools.md, and every tool a row names exists."""
    assert _table_tools(DOCS["agent-tools.md"]) == _listed()


def test_the_readmes_short_map_names_only_real_tools():
    """The README's short table (issue 30, requirement 7) names a few tools per purpose: each one exists."""
    section = README[README.index("## The agent's tools"):README.index("\n## ", README.index("## The agent's tools") + 1)]
    named = _table_tools(section)
    assert len(named) >= 20 and named <= _listed(), named - _listed()


def _listed() -> set[str]:
    """Every tool ``pagenote mcp`` lists, with every ``--caps`` group."""
    from app.mcp.server import CAPS
    from app.mcp.tools import ALL_TOOLS

    return {t.name for t in ALL_TOOLS} | {t.name for group in CAPS.values() for t in group}
