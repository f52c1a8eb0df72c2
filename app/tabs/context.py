"""A tab's page context and its revisions, from the host side: one consistent read (:func:`read_context`) and
one wait for a change (:func:`wait_for_change`). The page-side halves are ``app/picker_js/context.js`` and
``revision.js``; the wake-ups are :class:`app.tabs.revisions.RevisionFeed`.

Consistency: the page's own read is one synchronous call (the page's scripts cannot run inside it). Source
hints need a second call in the page's main world, so after it the revision is read again: when it moved, the
whole read is made again, at most :data:`READ_TRIES` times, then refused with ``BROWSER_PAGE_CHANGING`` —
never a record mixing two revisions. A document replaced during the read counts the same way.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from app.core.errors import PagenoteError
from app.tabs.revisions import RevisionFeed
from app.webview.source_hints import MAIN_WORLD, PROBE_SCRIPT, checked_hints, source_script, within_roots
from app.webview.bridge import PageBridge

READ_TRIES = 3
#: One page-context call may take this long (ms).
READ_TIMEOUT_MS = 20_000
SOURCE_TIMEOUT_MS = 2_000
_GONE = ("FRAME_GONE", "PAGE_SCRIPT_MISSING")


def _in_project(raw: Any, count: int, roots: Sequence[str | Path]) -> list[list[dict]]:
    """:func:`~app.webview.source_hints.checked_hints` with ``roots``; when the OS refuses to look up a file
    the page named (``OSError``: a name too long), the hints are judged one by one and such a one dropped."""
    try:
        return checked_hints(raw, count, roots)
    except OSError:
        def kept(file: str) -> bool:
            try:
                return within_roots(file, roots)
            except OSError:
                return False

        return [[h for h in hints if kept(h["file"])] for hints in checked_hints(raw, count, None)]


async def read_context(bridge: PageBridge, options: dict[str, Any], sources: bool,
                       roots: Sequence[str | Path] = ()) -> dict[str, Any]:
    """The page's answer to ``pageContext(options)`` (context.js) with ``source`` hints added to the nodes
    that named a ``source_selector`` when ``sources``: only hints naming a file in the project, ``roots``
    (the tab's ``annotator.source_roots``), by the rule the Markdown's ``Source:`` line uses
    (:func:`app.webview.source_hints.within_roots`; security review item 3) — a page names any file it
    likes. Raises ``BROWSER_PAGE_CHANGING`` when every try saw
    the revision move (or the document go) mid-read, and the bridge's errors."""
    if sources:   # a document without any development marker needs no selectors and no second read
        try:
            sources = await bridge.run(PROBE_SCRIPT, world=MAIN_WORLD, timeout_ms=SOURCE_TIMEOUT_MS,
                                       what="source probe") == "1"
        except PagenoteError:
            sources = False
    for attempt in range(READ_TRIES):
        try:
            answer = await bridge.call("pageContext", json.dumps({**options, "sources": sources}),
                                       timeout_ms=READ_TIMEOUT_MS)
            if not isinstance(answer, dict):
                raise PagenoteError("PAGE_SCRIPT_ERROR", "the page's context answer was not an object")
            if answer.get("changing"):
                continue
            if answer.get("error") or answer.get("expired") or not sources:
                return answer
            nodes = answer.get("nodes") or []
            selectors = [n.pop("source_selector", "") for n in nodes]
            if any(selectors):
                try:
                    raw = await bridge.run(source_script(selectors), world=MAIN_WORLD, timeout_ms=SOURCE_TIMEOUT_MS,
                                           what="source hints")
                except PagenoteError as exc:   # the page's world did not answer in time: no hints, not a failure
                    if exc.name in _GONE:
                        raise
                    raw = None
                for node, hints in zip(nodes, _in_project(raw, len(nodes), roots)):
                    if hints:
                        node["source"] = hints
                now = await bridge.call("revisionStats", timeout_ms=SOURCE_TIMEOUT_MS)
                if not isinstance(now, dict) or now.get("doc") != answer.get("doc") \
                        or now.get("revision") != answer.get("revision"):
                    continue
            return answer
        except PagenoteError as exc:
            if exc.name not in _GONE or attempt == READ_TRIES - 1:
                if exc.name == "FRAME_GONE":
                    break
                raise
            await asyncio.sleep(0.05 * (attempt + 1))
    raise PagenoteError("BROWSER_PAGE_CHANGING", f"the page changed during each of {READ_TRIES} reads of its context",
                        "the page changes continuously (an animation writing the DOM?); read a smaller scope, or "
                        "retry when it is quieter")


async def wait_for_change(bridge: PageBridge, feed: RevisionFeed, since: int, timeout_ms: int,
                          max_refs: int, doc: str | None) -> dict[str, Any]:
    """Wait until the main document's revision passes ``since`` or ``timeout_ms`` passes, then return the
    page's diff (revision.js ``revisionDiff``) with ``doc``; ``{status: 'reset_required', reason:
    'document'}`` when the document is not ``doc`` (the one ``since`` was read from; ``None``: any). Raises
    ``INVALID_PARAMS`` for a ``since`` after the document's revision, and the bridge's errors."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout_ms / 1000
    while True:
        future = feed.waiter()
        try:
            try:
                armed = await bridge.call("revisionArm", since)
            except PagenoteError as exc:   # a navigation: the next document's script is not there yet
                if exc.name not in _GONE or loop.time() >= deadline:
                    raise
                await bridge.wait_ready(timeout_ms=max(int((deadline - loop.time()) * 1000), 1))
                continue
            if not isinstance(armed, dict):
                raise PagenoteError("PAGE_SCRIPT_ERROR", "the page's revision answer was not an object")
            if doc is not None and armed.get("doc") != doc:
                return {"doc": armed.get("doc"), "revision": armed.get("revision"), "status": "reset_required",
                        "reason": "document"}
            if armed.get("revision", 0) < since:
                raise PagenoteError("INVALID_PARAMS", f"since_revision {since} is after the page's revision "
                                    f"{armed.get('revision')}", "pass a revision a page.context read returned")
            left = deadline - loop.time()
            if not armed.get("armed") or left <= 0:
                break
            try:
                await asyncio.wait_for(asyncio.shield(future), left)
            except TimeoutError:
                pass
        finally:
            feed.drop(future)
        if loop.time() >= deadline:
            break
    diff = await bridge.call("revisionDiff", since, max_refs)
    if not isinstance(diff, dict):
        raise PagenoteError("PAGE_SCRIPT_ERROR", "the page's diff answer was not an object")
    if doc is not None and diff.get("doc") != doc:
        return {"doc": diff.get("doc"), "revision": diff.get("revision"), "status": "reset_required",
                "reason": "document"}
    return diff
