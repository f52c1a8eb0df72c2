"""What an agent's call changed on the page, said in its result (issue 27, requirement 2: fewer round trips
than Playwright MCP).

Effects (:func:`effects_table`, a wrapper over the dispatch table placed inside the guard,
:func:`app.agent.actions.guard_table`): every method of :func:`watched` — the actions (``ACTS`` of
:mod:`app.agent.actions` but ``evaluate``), navigation, ``dialog.handle``, the form and upload methods — adds
``effects`` to its dict result:

- ``change``: ``none`` (no visible change), ``diff`` (``lines``: the ``+``/``-``/``~`` lines of the snapshot's
  ``diff`` mode, :func:`app.agent.snapshots.diff_lines`) or ``page`` (``lines``: the new snapshot from its top:
  another document, or most lines changed — the snapshot's own ``full`` rule);
- ``snapshot_id``: the snapshot taken after the call, whose refs the lines show (act on them at once);
- ``more``: lines left out of ``lines`` (at most :data:`EFFECT_CHARS` characters of a diff, :data:`PAGE_EFFECT_CHARS`
  of a new page's lines are kept, whole lines);
- ``url`` / ``title``: the page's, when the call changed them (a navigation's result has its own);
- ``unknown``: why the page could not be read after the call (still loading, no pagenote script in it).

The lines are compared with the tab's last snapshot — what the agent saw last: a snapshot, or an earlier
result's effects — by the snapshot's own rules (:class:`~app.agent.snapshots.SnapshotKeeper`: its ``diff``,
``full`` and ``unchanged`` modes), so nothing that changed before the call is lost either; when the lines
were cut, the next snapshot is a full one. The action has returned once its document reported the input
(:meth:`app.tabs.actions.Actor.confirm`: the page's handlers and the microtasks they queued have run). When
the page's revision moved meanwhile (revision.js: DOM, form values, scroll), it is given
:data:`SETTLE_FRAMES` animation frames more for the work its handlers queued (a rendered frame, as actions
wait after scrolling; ended at once when a new document starts loading, which :meth:`app.tabs.tab.Tab.settled`
then waits for). A change the page schedules later (a timer, a request's
answer) is not waited for: ``wait_for`` is. The lines are the snapshot's, so they carry its redaction. A still
page costs three page calls (the revision before and after, the snapshot's ``unchanged`` answer), plus one
walk when the action's own events (focus, hover) marked the snapshot stale.

``wait_for`` (Playwright MCP's ``browser_wait_for``) is :mod:`app.agent.waits`: it reports its effects the same way.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from app.agent.snapshots import SnapshotParams
from app.agent.tabs import acting_tab
from app.core.errors import PagenoteError
from app.tabs.navigation import quoted_url
from app.tabs.tab import Tab

#: Most characters of changed lines one result carries (whole lines; the rest are counted in ``more``).
EFFECT_CHARS = 2_000
#: The budget when the call brought a new page (a navigation, a link): its lines stand in for the snapshot an
#: agent would take next (chars; the snapshot's own is 20,000). Measured: TodoMVC's 47 lines are 2,802 chars —
#: cut at 2,000 the agent took a snapshot that sent all 47 again (bench/agent_tasks.py).
PAGE_EFFECT_CHARS = 4_000
#: Animation frames the page gets after a call before it is read, and how long they may take (ms).
SETTLE_FRAMES = 2
FRAME_WAIT_MS = 500
#: After a load, the longest wait for the new document to stop changing (ms).
QUIET_MS = 1_000
#: Methods that act on the page besides those of ``app.agent.actions.ACTS``: their results say what changed.
EXTRA_WATCHED = frozenset({"dialog.handle", "fill_form", "file.upload"})
NAVIGATIONS = frozenset({"navigate", "back", "forward", "reload"})
#: Methods whose page is not asked anything before them: a new document comes, or a held dialog blocks the page.
NO_BASELINE = NAVIGATIONS | {"dialog.handle"}


def watched() -> frozenset[str]:
    """The method names whose results carry ``effects`` (module docstring)."""
    from app.agent.actions import ACTS

    return (frozenset(ACTS) - {"evaluate"}) | EXTRA_WATCHED


async def _maybe(result: Any) -> Any:
    return await result if asyncio.iscoroutine(result) or isinstance(result, asyncio.Future) else result


def bounded(text: str, budget: int = EFFECT_CHARS) -> tuple[str, int]:
    """``text``'s first lines within ``budget`` characters (newlines counted) and how many lines were left
    out, ``@@`` hunk lines not counted."""
    lines = text.split("\n") if text else []
    kept, used = [], 0
    for line in lines:
        used += len(line) + 1
        if used > budget + 1:
            break
        kept.append(line)
    more = sum(1 for line in lines[len(kept):] if not line.startswith("@@ "))
    while kept and kept[-1].startswith("@@ "):   # a hunk header whose lines were all cut
        kept.pop()
    return "\n".join(kept), more


class Watch:
    """One call's view of ``tab``: :meth:`before` notes the page (URL, title, revision, the tab's last
    snapshot), :meth:`after` says what changed (module docstring). ``keeper`` is the host's
    :class:`~app.agent.snapshots.SnapshotKeeper`."""

    def __init__(self, keeper: Any, tab: Tab, name: str) -> None:
        self.keeper, self.tab, self.name = keeper, tab, name
        self.url, self.title = quoted_url(tab.page.url()), tab.page.title()
        self.revision: tuple[str, int] | None = None
        self.loads = 0
        tab.page.loadStarted.connect(self._load)

    def _load(self) -> None:
        self.loads += 1

    def close(self) -> None:
        try:
            self.tab.page.loadStarted.disconnect(self._load)
        except (RuntimeError, TypeError):   # the page is gone (the tab closed during the call)
            pass

    def _readable(self) -> bool:
        url = self.tab.page.url()
        return not self.tab.loading and not url.isEmpty() and url.toString() != "about:blank"

    async def _revision(self) -> tuple[str, int] | None:
        """The top document's ``(doc, revision)`` now (revision.js), or ``None`` when it does not answer."""
        try:
            now = await self.tab.bridge.call("revisionStats", timeout_ms=FRAME_WAIT_MS)
        except PagenoteError:
            return None
        return (now.get("doc"), now.get("revision")) if isinstance(now, dict) else None

    async def before(self) -> None:
        """Note the page's revision; a page that cannot be read (loading, no script) has none."""
        if self.name not in NO_BASELINE and self._readable():
            self.revision = await self._revision()

    async def _frames(self) -> None:
        """Wait :data:`SETTLE_FRAMES` frames of the page, or until a new document starts loading; a page that
        draws none in :data:`FRAME_WAIT_MS` (hidden, gone) ends the wait too."""
        loop = asyncio.get_running_loop()
        started: asyncio.Future = loop.create_future()

        def on_load() -> None:
            if not started.done():
                started.set_result(None)

        self.tab.page.loadStarted.connect(on_load)
        task = asyncio.ensure_future(self.tab.bridge.wait_frames(SETTLE_FRAMES, timeout_ms=FRAME_WAIT_MS))
        try:
            await asyncio.wait({task, started}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            try:
                self.tab.page.loadStarted.disconnect(on_load)
            except (RuntimeError, TypeError):
                pass
            if not task.done():
                task.cancel()
                await asyncio.wait({task})
            if not task.cancelled():
                task.exception()   # retrieved: a page that drew no frame is read as it is

    async def _quiet(self) -> None:
        """After a load: wait until the document's revision holds over :data:`SETTLE_FRAMES` frames, for at
        most :data:`QUIET_MS` — an app that renders after the load event (React's scheduler, JSX compiled in the
        page: TodoMVC's examples) is read rendered, not as the empty shell the load left. A page that keeps
        changing (an animation, a ticker) is read as it is when the bound passes."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + QUIET_MS / 1000
        last = await self._revision()
        while last is not None and loop.time() < deadline and not self.tab.loading:
            await self._frames()
            now = await self._revision()
            if now == last:
                return
            last = now

    async def after(self, result: dict) -> dict[str, Any]:
        """The ``effects`` of the call that returned ``result`` (module docstring); a dialog opening while the
        page is read ends the read, and a tab closed by the call is not read (``unknown``)."""
        import shiboken6

        from app.tabs.agent_control import agent_parts

        closed = {"unknown": "the tab was closed"}
        if not shiboken6.isValid(self.tab.page):
            return closed
        try:
            return await unless_dialog(self._after(result), agent_parts(self.tab),
                                        lambda _pending: {"unknown": "the page opened a dialog"})
        except RuntimeError:   # Qt's page object was deleted meanwhile (the page closed its own tab)
            if shiboken6.isValid(self.tab.page):
                raise
            return closed

    async def _after(self, result: dict) -> dict[str, Any]:
        from app.tabs.agent_control import agent_parts

        effects: dict[str, Any] = {}
        if result.get("navigated") is False:
            return {"change": "none"}
        if self.name in NAVIGATIONS and (result.get("committed") is False or result.get("loading")):
            return {"unknown": "the page is still loading"}
        if agent_parts(self.tab).dialogs.pending is not None:
            return {"unknown": "a dialog is open"}
        if not self.loads and not self.tab.loading and (self.revision is None
                                                        or await self._revision() != self.revision):
            await self._frames()   # the page changed: let the work its handlers queued land
        elif (self.loads or self.name in NAVIGATIONS) and self._readable():
            await self._quiet()    # a new document: let the rendering its scripts do after the load land
        try:
            shot = await self.keeper.snapshot(self.tab, SnapshotParams())
        except PagenoteError as exc:
            shot = {"unknown": f"the page could not be read after it ({exc.name})"}
        if self.name not in NAVIGATIONS:   # a navigation's result names them itself
            url, title = quoted_url(self.tab.page.url()), self.tab.page.title()
            effects.update(url=url if url != self.url else None, title=title if title != self.title else None)
        if "unknown" in shot:
            return _compact({**effects, "unknown": shot["unknown"]})
        effects["snapshot_id"] = shot["snapshot_id"]
        mode = shot.get("mode")
        if mode == "unchanged" or (mode == "diff" and not shot.get("diff")):
            effects["change"] = "none"
        else:
            effects["change"] = "diff" if mode == "diff" else "page"
            new_page = self.name in NAVIGATIONS or bool(effects.get("url"))   # the page the agent saw went
            effects["lines"], more = (bounded(shot.get("diff")) if mode == "diff"
                                      else bounded(shot.get("snapshot", ""),
                                                   PAGE_EFFECT_CHARS if new_page else EFFECT_CHARS))
            effects["more"] = more or None
            if more:   # the agent has not seen all of it: the next snapshot is a full one, never a diff
                last = self.keeper.last.get(self.tab.id)
                if last is not None and last.id == shot["snapshot_id"]:
                    self.keeper.last[self.tab.id] = replace(last, key=(*last.key, "effects cut"))
        return _compact(effects)


def _compact(effects: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in effects.items() if v not in (None, "")}


def effects_table(table: dict, host: Any) -> dict:
    """``table`` (:attr:`app.agent.methods.Methods.table`) with the handlers of :func:`watched` answering
    ``{…result, effects}`` (module docstring); the others as they are. ``host`` is the
    :class:`~app.agent.host.TabsHost` (its snapshot keeper and ``app``)."""
    names = watched()

    def wrap(name: str, handler: Callable[[Any], Any]) -> Callable[[Any], Any]:
        async def run(params: Any) -> Any:
            tab = acting_tab(host.app)
            if tab is None:
                return await _maybe(handler(params))
            watch = Watch(host._snapshots(), tab, name)
            try:
                await watch.before()
                result = await _maybe(handler(params))
                if isinstance(result, dict):
                    result = {**result, "effects": await watch.after(result)}
                return result
            finally:
                watch.close()
        return run

    return {name: (model, wrap(name, handler)) if name in names else (model, handler)
            for name, (model, handler) in table.items()}


async def unless_dialog(work: Any, parts: Any, instead: Callable[[Any], Any] | None = None) -> Any:
    """Await ``work`` unless a dialog is held first: then ``work`` is cancelled and ``instead(pending)`` is
    returned, or without ``instead`` ``MODAL_DIALOG`` raised."""
    from app.agent.actions import modal_error

    loop = asyncio.get_running_loop()
    opened: asyncio.Future = loop.create_future()

    def on_open(pending: Any) -> None:
        if not opened.done():
            opened.set_result(pending)

    parts.dialogs.opened.connect(on_open)
    task = asyncio.ensure_future(work)
    try:
        await asyncio.wait({task, opened}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        parts.dialogs.opened.disconnect(on_open)
        if not task.done():
            task.cancel()
            await asyncio.wait({task})
    if not task.cancelled():
        return task.result()
    if instead is not None:
        return instead(opened.result())
    raise modal_error(opened.result(), "while pagenote waited, ")
