"""A tab's agent snapshot, stitched from its frames: each frame's own page script (``snapshot.js``) makes its
part within the budget it is given, and the host puts an iframe's part under the iframe's line.

Budgets (code units and lines of the text the model reads): **20,000 chars / 200 lines** in all, of which the
top document gets **15,000 / 150** and iframes share **5,000 / 50** (and whatever the top document left of the
total); a request may lower them, never raise them. One name, value or text is at most 240 chars. An iframe is
expanded only when it is visible in the viewport and its page script answers; otherwise its line says why.

Refs: the top document's lines carry ``e12``, an expanded iframe's ``f2e12`` (``f2``: the iframe's number in
this top document, stable while the top document lives). :func:`resolve_ref` finds a ref's element again
through its frame's own page script (``refs.js``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtWebEngineCore import QWebEngineFrame

from app.core.errors import PagenoteError
from app.webview.bridge import PageBridge
from app.webview.frames import MAX_FRAME_DEPTH, child_frame, frame_viewport_offset

MAX_CHARS = 20_000
MAX_NODES = 200
TOP_CHARS = 15_000
TOP_NODES = 150
FRAME_CHARS = 5_000
FRAME_NODES = 50
#: One accessible name, value, href or text run at most (code units, the cut one ending in …).
NAME_MAX = 240
#: Elements one document's walk visits at most (beyond: the counts of left-out lines are lower bounds).
MAX_VISIT = 400_000
#: Page calls of one snapshot part may take this long (ms): a 250,000-element page is walked in well under it.
PART_TIMEOUT_MS = 30_000


@dataclass
class Part:
    """One document's part of a snapshot: ``prefix`` of its refs (``""`` top, ``"f2"``), ``chain`` (iframe
    selectors from the top document), the page's ``answer`` (``doc``, ``seq``, ``lines``, ``counts`` …)."""

    prefix: str
    chain: list[str]
    answer: dict


@dataclass
class Collected:
    """A stitched snapshot: ``lines`` (rendered, no newline), the ``parts`` by prefix, whether every part was
    ``unchanged`` since the parts it was asked against, and the counts cut: ``cut`` (viewport lines left out),
    ``above``/``below`` (lines outside the viewport left out), ``clipped`` (names/values/texts cut to
    :data:`NAME_MAX`), ``frames_skipped`` (iframes not expanded)."""

    lines: list[str] = field(default_factory=list)
    parts: dict[str, Part] = field(default_factory=dict)
    unchanged: bool = True
    cut: int = 0
    above: int = 0
    below: int = 0
    clipped: int = 0
    frames_skipped: int = 0
    partial: bool = False


@dataclass
class Budget:
    """What is left to spend: ``chars`` (code units, newlines included) and ``nodes`` (lines)."""

    chars: int
    nodes: int


def render_line(line: list, prefix: str, indent: int) -> str:
    """One page line ``[depth, head, ref, tail]`` as text: two spaces per level (``indent`` added), ``- ``,
    the head, `` [ref=<prefix><ref>]`` and the tail."""
    depth, head, ref, tail = line
    ref_text = f" [ref={prefix}{ref}]" if ref else ""
    return f"{'  ' * (depth + indent)}- {head}{ref_text}{tail}"


class FrameNames:
    """Numbers for iframes (by their selector chain) of one top document: ``f1``, ``f2`` … in the order they
    were first expanded, so a diff sees the same refs for the same frame."""

    def __init__(self) -> None:
        self.doc = ""
        self.names: dict[str, str] = {}

    def reset(self, doc: str) -> None:
        if doc != self.doc:
            self.doc, self.names = doc, {}

    def of(self, key: str) -> str:
        if key not in self.names:
            self.names[key] = f"f{len(self.names) + 1}"
        return self.names[key]


def _options(budget: Budget, prefix: str, indent: int, selector: str | None, since: int | None) -> str:
    return json.dumps({"max_chars": budget.chars, "max_nodes": budget.nodes, "name_max": NAME_MAX,
                       "max_visit": MAX_VISIT, "ref_extra": len(prefix), "indent": indent,
                       "selector": selector or "", "since": since})


class Stitcher:
    """Collects one snapshot of ``bridge``'s page: :meth:`collect`. ``previous`` (prefix → :class:`Part` of
    the last snapshot with the same options) lets an unchanged document answer without being walked again."""

    def __init__(self, bridge: PageBridge, names: FrameNames, previous: dict[str, Part] | None) -> None:
        self.bridge = bridge
        self.names = names
        self.previous = previous or {}
        self.out = Collected()

    async def _part(self, frame: QWebEngineFrame | None, chain: list[str], prefix: str, budget: Budget,
                    indent: int, selector: str | None) -> dict:
        before = self.previous.get(prefix)
        since = before.answer.get("seq") if before and before.chain == chain else None
        answer = await self.bridge.call("snapshot", _options(budget, prefix, indent, selector, since), frame=frame,
                                        timeout_ms=PART_TIMEOUT_MS)
        if not isinstance(answer, dict):
            raise PagenoteError("PAGE_SCRIPT_ERROR", "the page's snapshot answer was not an object")
        if answer.get("unchanged") and before is not None and before.answer.get("doc") == answer.get("doc"):
            return before.answer
        self.out.unchanged = False
        return answer

    async def collect(self, selector: str | None, total: Budget) -> Collected:
        """The stitched snapshot (:class:`Collected`). Raises ``BAD_SELECTOR``, ``SELECTOR_NOT_FOUND``,
        ``SELECTOR_NOT_UNIQUE`` for a ``selector`` that does not name one element, and the bridge's errors for
        the top document (an iframe that fails is a note on its line, not an error)."""
        frame, chain, prefix, rest = None, [], "", selector
        top = Budget(min(TOP_CHARS, total.chars), min(TOP_NODES, total.nodes))
        while True:
            answer = await self._part(frame, chain, prefix, top, 0, rest)
            if not answer.get("frame"):
                break
            info = answer["frame"]   # the selector goes into an iframe: snapshot its part there
            child = child_frame(frame or self.bridge.page.mainFrame(), info)
            if child is None or len(chain) >= MAX_FRAME_DEPTH:
                raise PagenoteError("SELECTOR_NOT_FOUND", f"the frame {info.get('selector')!r} is not reachable")
            try:
                await self.bridge.wait_ready(frame=child, timeout_ms=5_000)
            except PagenoteError:
                raise PagenoteError("SELECTOR_NOT_FOUND", f"pagenote's script is not running in the frame "
                                                          f"{info.get('selector')!r} (not loaded?)") from None
            frame, chain, rest = child, chain + [info["selector"]], answer["rest"]
            prefix = self.names.of(" >> ".join(chain))
        _raise_for_selector(answer, selector)
        if not chain:
            self.names.reset(answer["doc"])
        part = self._add(prefix, chain, answer, 0)
        frames = Budget(min(FRAME_CHARS, total.chars - part), min(FRAME_NODES, total.nodes - len(self.out.lines)))
        await self._frames(frame, chain, answer, 0, frames)
        return self.out

    def _add(self, prefix: str, chain: list[str], answer: dict, indent: int, at: int | None = None) -> int:
        """Render ``answer``'s lines into the output (after line ``at``, else at the end); returns their chars."""
        self.out.parts[prefix] = Part(prefix, chain, answer)
        counts = answer.get("counts") or {}
        self.out.cut += counts.get("cut", 0)
        self.out.above += counts.get("above", 0)
        self.out.below += counts.get("below", 0)
        self.out.clipped += counts.get("clipped", 0)
        self.out.partial = self.out.partial or bool(answer.get("stopped"))
        lines = [render_line(line, prefix, indent) for line in answer.get("lines") or []]
        position = len(self.out.lines) if at is None else at + 1
        self.out.lines[position:position] = lines
        answer["_at"] = position
        return sum(len(line) + 1 for line in lines)

    def _note(self, at: int, why: str) -> None:
        self.out.lines[at] += f" ({why})"
        self.out.frames_skipped += 1

    async def _frames(self, frame: QWebEngineFrame | None, chain: list[str], answer: dict, indent: int,
                      budget: Budget) -> None:
        """Expand the visible iframes of ``answer`` (already rendered from ``answer['_at']``) in document order.
        They share ``budget``: each gets an equal share of what is left (its nested iframes share its share), so
        the first iframe cannot starve the others. ``budget`` is decreased by what was spent."""
        shift = 0
        waiting = sum(1 for info in answer.get("frames") or [] if info.get("visible"))
        for info in answer.get("frames") or []:
            at = answer["_at"] + info["line"] + shift
            depth = (answer["lines"][info["line"]][0]) + indent + 1
            if not info.get("visible"):
                self._note(at, "not expanded: outside the viewport")
                continue
            share = Budget(budget.chars // waiting, budget.nodes // waiting)
            waiting -= 1
            if len(chain) >= MAX_FRAME_DEPTH:
                self._note(at, "not expanded: nested too deep")
                continue
            if share.chars < 200 or share.nodes < 2:
                self._note(at, "not expanded: the iframes' budget is spent")
                continue
            child = _child_for(frame or self.bridge.page.mainFrame(), info)
            sub_chain = chain + [info.get("selector") or ""]
            prefix = self.names.of(" >> ".join(sub_chain))
            try:
                sub = await self._part(child, sub_chain, prefix, share, depth, None) if child is not None else None
            except PagenoteError:
                sub = None
            if not sub or "lines" not in sub:
                self._note(at, "not expanded: not loaded")
                continue
            before = len(self.out.lines)
            spent = self._add(prefix, sub_chain, sub, depth, at)
            nested = Budget(share.chars - spent, share.nodes - len(sub["lines"]))
            left = (nested.chars, nested.nodes)
            await self._frames(child, sub_chain, sub, depth, nested)
            budget.chars -= spent + left[0] - nested.chars
            budget.nodes -= len(sub["lines"]) + left[1] - nested.nodes
            shift += len(self.out.lines) - before


def _child_for(parent: QWebEngineFrame, info: dict) -> QWebEngineFrame | None:
    """The child frame an iframe (``info``: its name, index and content ``rect``) shows: one whose size is the
    iframe's content box (within 1 px), preferring the one its name or index names (:func:`child_frame`).
    Chromium lists child frames in creation order, which script-inserted iframes break, so the size must agree;
    ``None`` when no child fits."""
    rect = info.get("rect") or {}
    width, height = rect.get("width", -9), rect.get("height", -9)
    fits = [c for c in parent.children()
            if c.isValid() and abs(c.size().width() - width) <= 1 and abs(c.size().height() - height) <= 1]
    named = child_frame(parent, info)
    if named is not None and any(c == named for c in fits):
        return named
    return fits[0] if len(fits) == 1 else None


def _raise_for_selector(answer: dict, selector: str | None) -> None:
    error = answer.get("error")
    if not error:
        return
    if error == "bad_selector":
        raise PagenoteError("BAD_SELECTOR", answer.get("message") or f"not a valid selector: {selector}")
    count = answer.get("count", 0)
    step = answer.get("step") or selector
    if count == 0:
        raise PagenoteError("SELECTOR_NOT_FOUND", f"{step!r} matches no element")
    raise PagenoteError("SELECTOR_NOT_UNIQUE", f"{step!r} matches {count} elements; a snapshot scope is one element")


async def resolve_ref(bridge: PageBridge, part: Part, ref: str, seq: int) -> dict[str, Any]:
    """Ask ``part``'s document where its ``ref`` (without the frame prefix) of snapshot ``seq`` is now. Returns
    the page's answer (``refs.js``) with ``rect`` moved into the top viewport (CSS px), or ``{ok: False,
    reason: 'frame'}`` when the iframe is no longer there. Raises the bridge's errors."""
    frame, offset = None, (0.0, 0.0)
    if part.chain:
        found = await frame_viewport_offset(bridge, part.chain)
        if found is None:
            return {"ok": False, "reason": "frame"}
        frame, offset = found
    answer = await bridge.call("resolveRef", ref, part.answer.get("doc"), seq, frame=frame)
    if isinstance(answer, dict) and answer.get("ok"):
        rect = answer["rect"]
        answer["rect"] = {"x": rect["x"] + offset[0], "y": rect["y"] + offset[1],
                          "width": rect["width"], "height": rect["height"]}
    return answer
