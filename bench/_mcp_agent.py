"""The agent-task bench's scripted agent: one MCP client session whose tool calls are counted (calls, characters
of text returned, seconds waited), and the readings an agent makes of result text (refs by role and name, the
snapshot id a result names).

The same reading serves both servers: both print snapshot lines as ``- role "name" … [ref=eN]`` (pagenote's diff
lines put a ``+``/``~`` before them), and an agent takes a ref from the latest text that shows the element.
"""

from __future__ import annotations

import re
import sys
import time
from pathlib import Path


class Unsupported(Exception):
    """The server lists no tool for a step of the task (its name is the message)."""


class Failed(Exception):
    """A step went wrong the way an agent would see it: an error result, or no ref for an element it needs."""


def text_of(result) -> str:
    """The text of every text content block of an MCP tool result, joined by newlines."""
    return "\n".join(c.text for c in result.content if c.type == "text")


#: A line a pagenote diff marks as removed (its ref is gone).
REMOVED = re.compile(r"^-[ \t]+-")


def _line(role: str, name: str | None) -> re.Pattern:
    named = rf' "{re.escape(name)}"' if name is not None else ""
    return re.compile(rf'^[ \t]*(?:[+~][ \t]+)?- {re.escape(role)}{named}(?: [^\n]*)?\[ref=([\w-]+)\]', re.M)


def find_ref(text: str, role: str, name: str | None = None) -> str | None:
    """The ref of the last snapshot line in ``text`` whose role (and accessible name, when given) match, or
    ``None``: later lines (a diff after the full snapshot) win, as an agent reads the newest; a diff's removed
    lines (``-``) are skipped, its added and changed ones (``+``, ``~``) count."""
    found = _line(role, name).findall(text)
    return found[-1] if found else None


def ref_near(text: str, role: str, label: str) -> str | None:
    """The ref of the ``role`` line nearest before the line showing ``label`` within the same few lines (a
    TodoMVC row: an unnamed checkbox, then the todo's text), or ``None``."""
    lines = text.splitlines()
    for i in range(len(lines) - 1, -1, -1):
        if label in lines[i]:
            for j in range(i, max(-1, i - 4), -1):
                if REMOVED.match(lines[j]):
                    continue
                m = re.search(rf'- {re.escape(role)}\b[^\n]*\[ref=([\w-]+)\]', lines[j])
                if m:
                    return m.group(1)
    return None


def snapshot_id(text: str) -> str | None:
    """The id of the newest snapshot a pagenote result names (``Snapshot s8 …``, ``lines of snapshot s8``,
    ``snapshot_id "s8"``; not the older one a diff is ``against``), or ``None`` (Playwright MCP names none)."""
    found = re.findall(r'\b[Ss]napshot(?:_id)? "?(s\d+)\b', text)
    return found[-1] if found else None


class Agent:
    """One server's MCP session as the bench's agent uses it. ``tools``: name → input schema (from
    ``list_tools``); ``files``: the directory the server lets agents upload from. ``call`` counts every call;
    ``quiet_call`` (the bench's own checks and clean-ups) does not. ``seen`` keeps the text of the task's results
    so far, oldest first."""

    def __init__(self, label: str, client, tools: dict[str, dict], files: Path, trace: bool = False) -> None:
        self.label, self.client, self.tools, self.files, self.trace = label, client, tools, files, trace
        self.reset()

    def reset(self) -> None:
        self.calls, self.chars, self.seconds, self.errors = 0, 0, 0.0, 0
        self.seen: list[str] = []
        self.per_call: list[tuple[str, int]] = []   # (tool, characters) of each counted call

    def has(self, name: str) -> bool:
        return name in self.tools

    def takes(self, tool: str, argument: str) -> bool:
        return argument in self.tools.get(tool, {}).get("properties", {})

    def first_of(self, *names: str) -> str:
        """The first of ``names`` the server lists; raises :class:`Unsupported` naming them all otherwise."""
        for name in names:
            if name in self.tools:
                return name
        raise Unsupported(" / ".join(names))

    async def call(self, name: str, args: dict, *, ok_error: bool = False):
        """Call tool ``name`` (raises :class:`Unsupported` when not listed), count it, remember its text; an error
        result raises :class:`Failed` unless ``ok_error``. Returns ``(result, text)``."""
        if name not in self.tools:
            raise Unsupported(name)
        start = time.perf_counter()
        result = await self.client.call_tool(name, args)
        self.seconds += time.perf_counter() - start
        text = text_of(result)
        self.calls += 1
        self.chars += len(text)
        self.seen.append(text)
        self.per_call.append((name, len(text)))
        if self.trace:
            print(f"--- {self.label} {name} {args} → error={result.is_error}, {len(text)} chars,"
                  f" {time.perf_counter() - start:.2f} s\n{text[:1500]}",
                  file=sys.stderr)
        if result.is_error:
            self.errors += 1
            if not ok_error:
                raise Failed(f"{name}: {text[:200]}")
        return result, text

    async def quiet_call(self, name: str, args: dict) -> str:
        """A call that is not the agent's (the bench's own check or clean-up): not counted; its text."""
        result = await self.client.call_tool(name, args)
        return text_of(result)

    def latest(self) -> str:
        return self.seen[-1] if self.seen else ""

    def all_seen(self) -> str:
        return "\n".join(self.seen)

    def target_args(self, tool: str, ref: str) -> dict:
        """The arguments naming element ``ref`` for ``tool``: ``target`` when the tool takes it (Playwright MCP's
        current name), else ``ref``; plus the snapshot id the latest result named, only when the tool requires
        one (an agent written for Playwright MCP sends none, and pagenote takes refs of its latest snapshot
        without it)."""
        args = {"target": ref} if self.takes(tool, "target") or not self.takes(tool, "ref") else {"ref": ref}
        if "snapshot_id" in self.tools.get(tool, {}).get("required", []):
            sid = snapshot_id(self.all_seen())
            if sid:
                args["snapshot_id"] = sid
        return args

    async def snapshot(self) -> str:
        """A snapshot call; when its answer shows no lines (pagenote's "unchanged since sN"), a second one asking
        for the whole text (``mode: full``), as an agent does that needs lines it was not shown. Returns the
        text with the lines."""
        _, text = await self.call("browser_snapshot", {})
        if "[ref=" not in text and self.takes("browser_snapshot", "mode"):
            _, text = await self.call("browser_snapshot", {"mode": "full"})
        return text

    async def ref(self, role: str, name: str | None = None, *, appears_with: str | None = None) -> str:
        """The element's ref from the texts seen so far (newest first); when none shows it, one snapshot call (as
        an agent does when the page is not in front of it); when the snapshot lacks it too and ``appears_with``
        names a text the page shows with it (a page still rendering after load), ``browser_wait_for`` that text,
        then the result's lines or one more snapshot. Raises :class:`Failed` when it is still missing."""
        ref = find_ref(self.all_seen(), role, name)
        if ref is None:
            ref = find_ref(await self.snapshot(), role, name)
        if ref is None and appears_with:
            _, text = await self.call("browser_wait_for", {"text": appears_with})
            ref = find_ref(text, role, name) or find_ref(await self.snapshot(), role, name)
        if ref is None:
            raise Failed(f'no {role} "{name}" in the snapshot')
        return ref
