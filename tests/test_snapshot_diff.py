"""The snapshot's ``diff`` mode as text (``app.agent.snapshots.diff_lines``): applying it to the base snapshot
gives the new one, and the changed-line count is what decides between ``diff`` and ``full``. No browser."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from app.agent.snapshots import diff_lines

LINES = st.lists(st.sampled_from([f'- button "B{i}" [ref=e{i}]' for i in range(8)] + ["- text: x", "  - link"]),
                 max_size=12)


def apply(old: list[str], diff: list[str]) -> list[str]:
    """Rebuild the new lines from ``old`` and the diff (``@@ N`` hunks; ``-`` / ``+`` / ``~`` lines)."""
    new: list[str] = []
    i = 0   # position in old
    hunks: list[tuple[int, list[str]]] = []
    for line in diff:
        if line.startswith("@@ "):
            hunks.append((int(line[3:]) - 1, []))
        else:
            hunks[-1][1].append(line)
    for start, body in hunks:
        while len(new) < start:   # unchanged lines before the hunk
            new.append(old[i])
            i += 1
        for line in body:
            op, text = line[0], line[2:]
            if op == "-":
                i += 1
            elif op == "+":
                new.append(text)
            else:   # "~": the old line at this place, changed
                new.append(text)
                i += 1
    return new + old[i:]


@settings(max_examples=300)
@given(LINES, LINES)
def test_a_diff_applied_to_its_base_gives_the_new_snapshot(old, new):
    diff, changed = diff_lines(old, new)
    assert apply(old, diff) == new
    assert (changed == 0) == (old == new) and (diff == []) == (old == new)


def test_one_changed_node_is_one_tilde_line():
    old = ['- heading "A" [ref=e1]', '- button "Buy" [ref=e2]', '- link "x" [ref=e3]']
    new = ['- heading "A" [ref=e1]', '- button "Buy (2)" [ref=e2]', '- link "x" [ref=e3]']
    assert diff_lines(old, new) == (["@@ 2", '~ - button "Buy (2)" [ref=e2]'], 1)
