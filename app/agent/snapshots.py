"""The agent's ``snapshot`` and ``ref.resolve`` methods over a tab's stitched snapshot
(:mod:`app.tabs.snapshot`): snapshot ids, the three modes, compact results.

Modes (``mode`` in the result):

- ``full``: the whole text — the first snapshot of a tab, after a navigation or a new top document, when the
  options (budget, selector) differ from the last snapshot's, when asked (``mode="full"``), when more than half
  the lines changed, or when the diff would not be shorter than the text;
- ``diff``: ``+`` added, ``-`` removed and ``~`` changed lines against ``base_snapshot_id`` (``@@ N``: the
  hunk starts at line N of the new text);
- ``unchanged``: nothing observable changed since ``base_snapshot_id``: counts and ids only, no text.

Every result has ``snapshot_id``, ``mode``, ``node_count`` (lines of the snapshot), ``char_count`` (chars of
the text returned: the snapshot or the diff), ``truncated`` and ``cut`` (the counts cut, those that are not 0:
``nodes`` of the viewport, ``above`` and ``below`` it — estimates where the subtree was not walked — ``names``
clipped to 240 chars, ``frames`` not expanded); ``full`` and ``diff`` also ``url``, ``title`` and ``more`` (how
to see what was left out). Empty optional fields are left out;
``response_mode="raw"`` adds ``diagnostics`` (each part's frame, document, walk counts and times) and always
the full ``snapshot``.
"""

from __future__ import annotations

import asyncio
import difflib
import re
import time
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr

from app.agent.context import LEDGER
from app.agent.tabs import other_tab_error, tab_stamp
from app.core.errors import PagenoteError
from app.tabs.navigation import quoted_url
from app.tabs.snapshot import MAX_CHARS, MAX_NODES, Budget, FrameNames, Part, Stitcher, resolve_ref
from app.tabs.tab import Tab

MODES = ("auto", "full")
RESPONSE_MODES = ("compact", "raw")
#: Snapshot ids whose refs stay resolvable (the newest, across tabs).
KEEP_IDS = 64
_REF = re.compile(r"(?:(f\d+))?(e\d+)\Z")
STALE_NEXT = "take a new snapshot (browser_snapshot; socket: snapshot) and act on a ref from it"


class SnapshotParams(BaseModel):
    """``snapshot`` params: budgets that may only be lowered, a CSS ``selector`` scope (chains ``a >> b`` cross
    iframes and open shadow roots), ``mode`` (``auto`` | ``full``), ``response_mode`` (``compact`` | ``raw``)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    max_chars: StrictInt = Field(default=MAX_CHARS, ge=200, le=MAX_CHARS)
    max_nodes: StrictInt = Field(default=MAX_NODES, ge=1, le=MAX_NODES)
    selector: StrictStr | None = Field(default=None, min_length=1, max_length=2000)
    mode: StrictStr = "auto"
    response_mode: StrictStr = "compact"


class RefParams(BaseModel):
    """``ref.resolve`` params: a ``ref`` of snapshot ``snapshot_id``."""

    model_config = ConfigDict(extra="forbid", strict=True)
    ref: StrictStr = Field(max_length=40)
    snapshot_id: StrictStr = Field(max_length=40)


@dataclass
class Taken:
    """One snapshot as kept: its ``id``, ``tab_id``, ``key`` (options), ``lines``, ``parts`` (prefix → Part)."""

    id: str
    tab_id: str
    key: tuple
    lines: list[str]
    parts: dict[str, Part]
    top_doc: str


def diff_lines(old: list[str], new: list[str]) -> tuple[list[str], int]:
    """The ``+``/``-``/``~`` lines turning ``old`` into ``new`` (``@@ N`` before each hunk, N 1-based in
    ``new``) and how many lines changed (added + removed + changed)."""
    out: list[str] = []
    changed = 0
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes():
        if tag == "equal":
            continue
        out.append(f"@@ {j1 + 1}")
        if tag == "replace" and i2 - i1 == j2 - j1:
            out += [f"~ {line}" for line in new[j1:j2]]
            changed += j2 - j1
            continue
        out += [f"- {line}" for line in old[i1:i2]] + [f"+ {line}" for line in new[j1:j2]]
        changed += (i2 - i1) + (j2 - j1)
    return out, changed


def _check(params: SnapshotParams) -> None:
    if params.mode not in MODES:
        raise PagenoteError("INVALID_REQUEST", f"snapshot: unknown mode {params.mode!r}",
                            f"use mode {' or '.join(MODES)}")
    if params.response_mode not in RESPONSE_MODES:
        raise PagenoteError("INVALID_REQUEST", f"snapshot: unknown response_mode {params.response_mode!r}",
                            f"use response_mode {' or '.join(RESPONSE_MODES)}")


class SnapshotKeeper:
    """Snapshots of every tab: the last one per tab (what a diff is made against) and the newest
    :data:`KEEP_IDS` ids (what refs are resolved against)."""

    def __init__(self) -> None:
        self.count = 0
        self.ids: OrderedDict[str, Taken] = OrderedDict()
        self.last: dict[str, Taken] = {}
        self.names: dict[str, FrameNames] = {}
        self.locks: dict[str, asyncio.Lock] = {}

    async def snapshot(self, tab: Tab, params: SnapshotParams) -> dict[str, Any]:
        """The compact result (module docstring). Raises ``INVALID_REQUEST`` (unknown mode), the selector
        errors and the page's errors (:meth:`app.tabs.snapshot.Stitcher.collect`)."""
        _check(params)
        started = time.perf_counter()
        await tab.settled()
        async with self.locks.setdefault(tab.id, asyncio.Lock()):
            key = (params.max_chars, params.max_nodes, params.selector or "")
            last = self.last.get(tab.id)
            previous = last.parts if last is not None and last.key == key else None
            names = self.names.setdefault(tab.id, FrameNames())
            got = await Stitcher(tab.bridge, names, previous).collect(params.selector,
                                                                      Budget(params.max_chars, params.max_nodes))
            lines = _within(got.lines, params.max_chars, params.max_nodes)
            trimmed = len(got.lines) - len(lines)
            top = got.parts.get("") or next(iter(got.parts.values()))
            top_doc = top.answer.get("doc", "")
            self.count += 1
            taken = Taken(f"s{self.count}", tab.id, key, lines, got.parts, top_doc)
            self._keep(taken)
            LEDGER.note(tab, top_doc, top.answer.get("revision"))
        text = "\n".join(lines)
        result: dict[str, Any] = {"snapshot_id": taken.id, "url": quoted_url(tab.page.url()),
                                  "title": tab.page.title(), "revision": top.answer.get("revision")}
        same_base = (last is not None and last.key == key and last.top_doc == top_doc
                     and params.mode != "full")
        mode, body = "full", text
        if same_base and last.lines == lines:
            mode, body = "unchanged", ""
        elif same_base:
            diff, changed = diff_lines(last.lines, lines)
            diff_text = "\n".join(diff)
            if changed * 2 <= max(len(lines), len(last.lines)) and len(diff_text) < len(text):
                mode, body = "diff", diff_text
        result["mode"] = mode
        if mode != "full":
            result["base_snapshot_id"] = last.id
        result.update(node_count=len(lines), char_count=len(body))
        cut = {"nodes": got.cut + trimmed, "above": got.above, "below": got.below, "names": got.clipped,
               "frames": got.frames_skipped}
        result["truncated"] = bool(cut["nodes"] or cut["above"] or cut["below"] or got.partial)
        result["cut"] = {k: v for k, v in cut.items() if v}
        if mode == "unchanged":   # ids and counts only
            for k in ("url", "title"):
                result.pop(k, None)
        elif cut["nodes"] or cut["above"] or cut["below"]:
            result["more"] = _more(cut, got.partial)
        if mode == "full":
            result["snapshot"] = body
        elif mode == "diff":
            result["diff"] = body
        if params.response_mode == "raw":
            result["snapshot"] = text
            result["diagnostics"] = _diagnostics(got.parts, time.perf_counter() - started)
        return {k: v for k, v in result.items() if v not in ("", None)}

    def _keep(self, taken: Taken) -> None:
        self.last[taken.tab_id] = taken
        self.ids[taken.id] = taken
        while len(self.ids) > KEEP_IDS:
            self.ids.popitem(last=False)

    async def resolve(self, tab_of, params: RefParams, acting=None, tabs=()) -> dict[str, Any]:
        """Where ``params.ref`` of snapshot ``params.snapshot_id`` is now: ``{ok: true, ref, snapshot_id, how
        ('same' | 'equivalent'), rect (top viewport CSS px), role, name, selector, frame?, tab}`` (``tab``: the
        snapshot's tab, ``{id, origin}``). ``tab_of(tab_id)``
        gives the tab or ``None``. With ``acting`` (the call's tab), a ref of another tab's snapshot is refused
        before that tab's page is asked anything (``REF_IN_OTHER_TAB``, :func:`app.agent.tabs.other_tab_error`:
        ``tabs``, the open tabs in order, lets it name each tab by index and id). Raises ``STALE_REF`` (fails closed: unknown snapshot or ref, a closed tab, another document, a node that
        left with no unique strong equivalent), ``REF_IN_OTHER_TAB`` and the bridge's errors."""
        taken = self.ids.get(params.snapshot_id)
        if taken is None:
            raise PagenoteError("STALE_REF", f"snapshot {params.snapshot_id!r} is not known (pagenote keeps the "
                                             f"newest {KEEP_IDS})", STALE_NEXT)
        m = _REF.match(params.ref)
        part = taken.parts.get(m.group(1) or "") if m else None
        if part is None or (m and f"{m.group(1) or ''}{m.group(2)}" not in _refs_in(taken)):
            raise PagenoteError("STALE_REF", f"{params.ref!r} is not a ref of snapshot {taken.id}", STALE_NEXT)
        tab = tab_of(taken.tab_id)
        if tab is None:
            raise PagenoteError("STALE_REF", f"the tab of snapshot {taken.id} was closed", STALE_NEXT)
        if acting is not None and tab is not acting:
            raise other_tab_error(params.ref, taken.id, tab_stamp(tab), acting, tabs)
        try:
            answer = await resolve_ref(tab.bridge, part, m.group(2), part.answer.get("seq", 0))
        except PagenoteError as exc:
            if exc.name not in ("PAGE_SCRIPT_MISSING", "FRAME_GONE"):
                raise
            answer = {"ok": False, "reason": "document"}   # its document is going or gone: fail closed
        if not isinstance(answer, dict) or not answer.get("ok"):
            raise PagenoteError("STALE_REF", _stale_reason(params.ref, taken.id, answer or {}), STALE_NEXT)
        out = {"ok": True, "ref": params.ref, "snapshot_id": taken.id, "how": answer.get("how"),
               "rect": answer.get("rect"), "role": answer.get("role"), "name": answer.get("name"),
               "selector": answer.get("selector"), "frame": " >> ".join(part.chain), "tab": tab_stamp(tab)}
        return {k: v for k, v in out.items() if v not in ("", None)}


def _more(cut: dict[str, int], partial: bool) -> str:
    """How to see the lines that were left out (``cut``: the counts; ``partial``: the walk stopped early)."""
    parts = []
    if cut["nodes"]:
        parts.append(f"{cut['nodes']} lines in the viewport")
    if cut["above"] or cut["below"]:
        parts.append(f"{cut['above']} above and {cut['below']} below it")
    how = ("pass selector= for a part of the page" if cut["nodes"]
           else "scroll the page, or pass selector= for a part of it")
    return f"{' and '.join(parts)} were left out{' (at least)' if partial else ''}: {how}, and snapshot again"


def _refs_in(taken: Taken) -> set[str]:
    """The refs the snapshot's text shows."""
    return set(re.findall(r"\[ref=(f?\d*e\d+)\]", "\n".join(taken.lines)))


def _stale_reason(ref: str, snapshot_id: str, answer: dict) -> str:
    reason = answer.get("reason")
    if reason == "document":
        return f"{ref} of {snapshot_id} belongs to a document that is no longer shown (the page navigated or reloaded)"
    if reason == "ambiguous":
        return (f"the element of {ref} ({snapshot_id}) was replaced and {answer.get('count')} elements now have "
                "its role and name; pagenote does not guess")
    if reason == "moved":
        return f"the element of {ref} ({snapshot_id}) was replaced twice; a ref follows a replacement only once"
    if reason == "frame":
        return f"the iframe of {ref} ({snapshot_id}) is gone"
    return f"the element of {ref} ({snapshot_id}) is gone and no single element has its role, name and place"


def _within(lines: list[str], max_chars: int, max_nodes: int) -> list[str]:
    """``lines`` cut to the budget (the page parts keep it; iframe notes can add a little)."""
    out, chars = [], 0
    for line in lines[:max_nodes]:
        chars += len(line) + 1
        if chars > max_chars + 1:
            break
        out.append(line)
    return out


def _diagnostics(parts: dict[str, Part], elapsed: float) -> dict[str, Any]:
    return {"elapsed_ms": round(elapsed * 1000, 1), "parts": [
        {"prefix": p.prefix or "top", "frame": " >> ".join(p.chain), "doc": p.answer.get("doc"),
         "seq": p.answer.get("seq"), "revision": p.answer.get("revision"), "lines": len(p.answer.get("lines") or []), "chars": p.answer.get("chars"),
         "counts": p.answer.get("counts"),
         "visited": p.answer.get("visited"), "stopped": p.answer.get("stopped"), "ms": p.answer.get("ms")}
        for p in parts.values()]}
