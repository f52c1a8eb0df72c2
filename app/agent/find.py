"""The agent's ``find(text, limit?)`` → ``{snapshot_id, matches: [{ref, role, name, context, href?, where?}],
more?, text}`` over the top document and its drawn iframes (one level); ``text`` is a string (case-insensitive)
or ``/regex/flags``; the refs work like a snapshot's (with ``snapshot_id``, or alone while it is the tab's
latest). The ``text`` is one line per match (:func:`find_lines`): when several matches have one role and name
(a CPython genindex lists a dozen links "(zipimport.zipimporter method)"), each says which it is — its href,
``(2 of 12)`` and ``in "…"``, the text labelling its place (``find_where.js``; issue 27, defect 8).
:class:`FindHost` is a base of :class:`app.agent.actions.ActionsHost`.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr

from app.agent.snapshots import KEEP_IDS, Taken
from app.core.errors import PagenoteError
from app.protocol.line_text import plain, quoted
from app.tabs.snapshot import FrameNames, Part, _child_for

FIND_LIMIT = 50
#: The budget of one ``find`` answer's lines (chars).
FIND_CHARS = 8_000


class FindParams(BaseModel):
    """``find`` params: ``text`` (1..500 chars; ``/regex/flags`` for a pattern) and ``limit`` (1..50)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    text: StrictStr = Field(min_length=1, max_length=500)
    limit: StrictInt = Field(default=20, ge=1, le=FIND_LIMIT)


def _regex(text: str) -> dict | None:
    """``/source/flags`` → ``{source, flags}`` (flags among ``imsu``); ``None`` for plain text. Raises
    ``INVALID_PARAMS`` for a pattern Python cannot read either (a cheap first check; the page compiles it)."""
    m = re.fullmatch(r"/(.+)/([imsu]*)", text, re.S)
    if not m:
        return None
    try:
        re.compile(m.group(1))
    except re.error as exc:
        raise PagenoteError("INVALID_PARAMS", f"find: not a regular expression: {exc}") from None
    return {"source": m.group(1), "flags": m.group(2)}


def find_lines(matches: list[dict]) -> tuple[list[dict], list[str], bool]:
    """``find``'s matches as lines, within :data:`FIND_CHARS`: ``- role "name" [href="…"] [ref=e5]``, then ``(2
    of 12)`` and ``in "…"`` (the text labelling its place) when several matches share the role and name, then
    ``: context`` unless the context only repeats the name. The page's words are written as the snapshot writes
    them (:mod:`app.protocol.line_text`: quoted, and never spelling ``[ref=``). Returns the matches kept, their
    lines and whether some were cut for the budget."""
    counts = Counter((m["role"], m.get("name", "")) for m in matches)
    seen: Counter = Counter()
    kept: list[dict] = []
    lines: list[str] = []
    size = 0
    for m in matches:
        key = (m["role"], m.get("name", ""))
        seen[key] += 1
        line = f'- {m["role"]}' + (f' {quoted(m["name"])}' if m.get("name") else "")
        line += (f' [href={quoted(m["href"])}]' if m.get("href") else "") + f' [ref={m["ref"]}]'
        if counts[key] > 1:
            line += f" ({seen[key]} of {counts[key]})" + (f' in {quoted(m["where"])}' if m.get("where") else "")
        if " ".join(m.get("context", "").split()) != " ".join(m.get("name", "").split()):
            line += f': {plain(m["context"])}'
        if size + len(line) + 1 > FIND_CHARS:
            return kept, lines, True
        size += len(line) + 1
        lines.append(line)
        kept.append(m)
    return kept, lines, False


class FindHost:
    """``find`` over the call's tab; the host provides ``_tab()`` and ``_snapshots()``."""

    _tab: Any
    _snapshots: Any

    async def find(self, p: FindParams) -> dict:
        """``find``: elements of the top document and of its iframes (one level: same-origin, ``srcdoc`` and
        cross-origin) whose text matches, with refs under a new ``snapshot_id`` (``f2e5`` in an iframe, as the
        snapshot names them)."""
        tab = self._tab()
        await tab.settled()
        keeper = self._snapshots()
        last = keeper.last.get(tab.id)
        names = keeper.names.setdefault(tab.id, FrameNames())
        regex = _regex(p.text)
        matches: list[dict] = []
        parts: dict[str, Part] = {}
        more = False
        top_doc = ""

        async def search(frame: Any, chain: list[str], prefix: str) -> dict:
            nonlocal more
            mark = await tab.bridge.call("inputMark", frame=frame)
            before = last.parts.get(prefix) if last else None
            seq = before.answer.get("seq", 0) if before and before.answer.get("doc") == mark["doc"] else 0
            answer = await tab.bridge.call("find", {"query": p.text, "regex": regex, "limit": p.limit - len(matches),
                                                    "seq": seq}, frame=frame, timeout_ms=30_000)
            parts[prefix] = Part(prefix, chain, {"doc": answer["doc"], "seq": seq})
            more = more or bool(answer.get("more"))
            matches.extend({**m, "ref": prefix + m["ref"]} for m in answer.get("matches", []))
            return answer

        top = await search(None, [], "")
        top_doc = top["doc"]
        names.reset(top_doc)
        for info in top.get("frames") or []:
            if len(matches) >= p.limit:
                more = True
                break
            child = _child_for(tab.page.mainFrame(), info)
            if child is None or not info.get("selector"):
                continue
            try:
                await search(child, [info["selector"]], names.of(info["selector"]))
            except PagenoteError:
                continue   # an iframe without pagenote's script (not loaded, a PDF …) is left out
        matches, lines, cut = find_lines(matches)
        more = more or cut
        keeper.count += 1
        sid = f"s{keeper.count}"
        keeper.ids[sid] = Taken(sid, tab.id, ("find",), lines, parts, top_doc)
        while len(keeper.ids) > KEEP_IDS:
            keeper.ids.popitem(last=False)
        return {"snapshot_id": sid, "matches": matches, "more": more or None, "text": "\n".join(lines)}
