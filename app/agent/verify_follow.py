"""Verifying an annotation an agent marked ``resolved`` when the page has taken the fix (issue 31, requirement 1).

An agent that acknowledges ``resolved`` right after writing a file is faster than the dev server's hot reload:
a verification run at the ack alone can report "no change" for a fix that lands a moment later. So each
annotation an ``annotations.ack`` marks resolved is *followed* (:class:`ResolvedFollow`): verified at the ack
(as before), then verified once more when its tab's page next changes after the ack —

- a DOM change in the document the tab shows that may concern the annotated element: a hot reload patches it
  or rewrites a ``<style>``'s text. The wake-up is the tab's :class:`~app.tabs.revisions.RevisionFeed` — what
  ``page.wait_for_change`` waits on: revision.js's one MutationObserver, pushed by the page once armed
  (``revisionArm``), nothing polls. Each wake asks the page whether the change can concern the annotation's
  element (follow.js ``followChanged``: the element gone, touched or looking different — box, computed style,
  text — or a stylesheet touched); a change elsewhere (a clock ticking on the page) or a scroll does not use up
  the follow. For an annotation with no pin in this window's main frame, any element touched counts
  (``revisionDiff``);
- or the tab's next load finishing (a full reload; the feed wakes at ``loadStarted``/``urlChanged``).

Many mutations make one re-verification: the follow wakes once, waits until the tab has settled
(:meth:`~app.tabs.tab.Tab.settled`, then until :data:`QUIET_FRAMES` animation frames pass with no new revision, at most
:data:`SETTLE_ROUNDS` times — a page animating its DOM for ever is verified anyway) and verifies every annotation
still pending in it once. An annotation is dropped — never verified again by its follow — when the agent calls
``annotations.verify`` for it or the user Checks it (:func:`~app.agent.verify_annotations.verify_annotation`
calls :meth:`ResolvedFollow.drop`), when its status stops being ``resolved`` (the user's Accept → ``verified``,
Reopen → ``reopened``, another ack), when its tab shows another page (origin or path) or closes.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field
from typing import Any

from app.core.errors import PagenoteError
from app.core.tasks import spawn

log = logging.getLogger("pagenote.verify")

#: Animation frames the revision must stay the same for the page to count as settled: a hot reload patches in
#: steps (Vite rewrites a CSS module's <style>, then React Refresh, debounced by a timer, sets the new class
#: names — about 25 ms apart in tests/apps/react), which these frames span.
QUIET_FRAMES = 4
#: How many times the settling waits :data:`QUIET_FRAMES` more frames for the revision to stop moving.
SETTLE_ROUNDS = 10
#: How long one page call of the follow may take, in ms (a page that does not answer is taken as loading).
CALL_MS = 3_000


@dataclass(eq=False)
class _Follow:
    """The annotations ``numbers`` of batch ``batch`` one ack marked resolved in ``tab``, waiting together."""

    tab: Any
    batch: str
    numbers: set[int]
    pins: dict[int, str] = field(default_factory=dict)   # number -> its pin id in ``tab`` ("" when none)
    task: asyncio.Task | None = None
    parked: bool = False          # waiting for the page's next change (cancelled at once when emptied)


class ResolvedFollow:
    """The follows of ``hub``'s resolved annotations in ``app``'s tabs (module docstring). ``feed_of(tab)``: the
    tab's :class:`~app.tabs.revisions.RevisionFeed` (the agent host's, shared with ``page.wait_for_change``), or
    ``None``: no follow, the verification at the ack only."""

    def __init__(self, app, hub, feed_of) -> None:
        from app.agent.verify_annotations import FOLLOWS

        self.app, self.hub, self.feed_of = app, hub, feed_of
        self.follows: list[_Follow] = []
        FOLLOWS[hub.store] = self
        hub.on_change.append(self._prune)

    @property
    def pending(self) -> set[tuple[str, int]]:
        """``(batch id, number)`` of every annotation still to be verified after the page changes."""
        return {(f.batch, n) for f in self.follows for n in f.numbers}

    def parked(self, batch_id: str, number: int) -> bool:
        """Whether annotation ``number`` of ``batch_id`` was verified at the ack and waits for the page's next
        change now."""
        return any(f.parked and f.batch == batch_id and number in f.numbers for f in self.follows)

    def resolved(self, batch_id: str, numbers: list[int]) -> None:
        """An ack marked ``numbers`` of ``batch_id`` resolved: verify each now, and follow it. Raises
        ``RuntimeError`` when no event loop runs (nothing to verify with)."""
        from app.agent.verify_annotations import _tab_of

        for number in numbers:   # acked again: this ack's follow replaces the one waiting (one per annotation)
            self.drop(batch_id, number)
        by_tab: dict[int, _Follow] = {}
        for number in numbers:
            tab, pin_id = _tab_of(self.app, batch_id, number)
            if tab is not None:
                follow = by_tab.setdefault(id(tab), _Follow(tab, batch_id, set()))
                follow.numbers.add(number)
                follow.pins[number] = pin_id
        for follow in by_tab.values():
            follow.task = spawn(self._run(follow, sorted(follow.numbers)), "verification after resolved")
            self.follows.append(follow)   # the task runs from the loop's next turn: after this

    def drop(self, batch_id: str, number: int) -> None:
        """Stop following annotation ``number`` of ``batch_id`` (a verification was asked for)."""
        for follow in self.follows:
            if follow.batch == batch_id:
                follow.numbers.discard(number)
        self._end_empty()

    def _end_empty(self) -> None:
        for follow in [f for f in self.follows if not f.numbers]:
            self.follows.remove(follow)
            if follow.parked and follow.task is not None:
                follow.task.cancel()

    def _prune(self) -> None:
        """Drop what is no longer ``resolved`` in the store, and the follows of closed tabs (after each hub change)."""
        tabs = {id(t) for t in getattr(self.app, "tabs", []) or []}
        for follow in self.follows:
            try:
                states = self.hub.store.get(follow.batch).annotations
            except KeyError:
                states = []
            follow.numbers = {n for n in follow.numbers if n <= len(states) and states[n - 1].status == "resolved"
                              and id(follow.tab) in tabs}
        self._end_empty()

    @staticmethod
    def _page_ids(follow: _Follow) -> list[str] | None:
        """The page-side ids of the follow's pins in the tab's main frame; ``None`` when one has none there (not
        pinned in this window, or inside a frame): then any change of an element counts."""
        out = []
        for pin_id in follow.pins.values():
            if not pin_id:
                return None
            route, page_id = follow.tab.annotator.target(pin_id)
            if route.chain:
                return None
            out.append(page_id)
        return out

    async def _run(self, follow: _Follow, numbers: list[int]) -> None:
        tab, ids = follow.tab, self._page_ids(follow)
        # Before the verification at the ack, so nothing it misses is missed.
        start = await (_call(tab, "follow", -1, ids) if ids else _call(tab, "revisionStats"))
        await self._verify(follow.batch, numbers, "at resolved")
        if not follow.numbers or self.feed_of is None:
            self._forget(follow)
            return
        follow.parked = True
        try:
            changed = await self._next_change(tab, start, ids)
        except PagenoteError as exc:   # the tab went away, or its page stopped answering
            log.info("following resolved annotations of batch %s stopped: %s: %s", follow.batch, exc.name,
                     exc.message)
            changed = False
        finally:
            follow.parked = False
        if changed:
            await _settle(tab)
        self._prune()   # a status changed without a hub change (Reopen from the panel): not verified
        self._forget(follow)
        from app.agent.verify_annotations import _page

        here = _page(tab.page.url().toString())
        try:
            sent = self.hub.store.get(follow.batch).batch.annotations
        except KeyError:
            sent = []
        numbers = [n for n in sorted(follow.numbers) if n <= len(sent) and _page(sent[n - 1].element.url) == here]
        follow.numbers.clear()
        if changed and numbers:   # the tab shows another page now: dropped, nothing verified
            await self._verify(follow.batch, numbers, "after the page changed")

    def _forget(self, follow: _Follow) -> None:
        if follow in self.follows:
            self.follows.remove(follow)

    async def _next_change(self, tab, start: dict | None, ids: list[str] | None) -> bool:
        """Return once ``tab``'s page changed after revision ``start`` (``followMark``/``revisionStats`` then;
        ``None``: the page did not answer — its next load is the change) in a way that may concern the pins
        ``ids`` (follow.js ``followChanged``; ``None``: any element touched): ``True``. Raises the bridge's and
        :meth:`~app.tabs.tab.Tab.settled`'s errors."""
        if start is None:
            await tab.settled()
            return True
        since, doc = start.get("revision", 0), start.get("doc")
        feed = self.feed_of(tab)
        while True:
            future = feed.waiter()
            try:
                armed = await _call(tab, "revisionArm", since)
                if armed is not None and armed.get("doc") == doc and armed.get("armed") and not tab.loading:
                    await future
            finally:
                feed.drop(future)
            if ids:
                diff = None if tab.loading else await _call(tab, "follow", since, ids)
            else:
                diff = None if tab.loading else await _call(tab, "revisionDiff", since, 0)
            if diff is None or diff.get("doc") != doc:   # a load: its end is the change
                await tab.settled()
                return True
            if ids and diff.get("changed"):
                return True
            if not ids and (diff.get("status") != "complete" or diff.get("untracked") or diff.get("changed")
                            or diff.get("removed")):   # elements touched (a budget of 0 refs: any ref is "reset")
                return True
            since = diff.get("revision", since)   # elsewhere, or scrolled or resized only: wait on

    async def _verify(self, batch_id: str, numbers: list[int], when: str) -> None:
        from app.agent.verify_annotations import checked

        for number in numbers:
            try:
                result = await checked(self.app, self.hub.store, batch_id, number)
                self.hub.verify_errors.pop((batch_id, number), None)
                log.info("annotation %s of batch %s verified %s: %s", number, batch_id, when, result.verdict())
            except PagenoteError as exc:
                self.hub.verify_errors[(batch_id, number)] = exc   # the panel says why (nothing else kept)
                log.info("verification of annotation %s of batch %s %s: %s: %s", number, batch_id, when,
                         exc.name, exc.message)
        self.hub.changed()


async def _call(tab, method: str, *args) -> dict | None:
    """A main-frame page call's object answer, or ``None`` when the page does not answer (loading, gone)."""
    try:
        answer = await tab.bridge.call(method, *args, timeout_ms=CALL_MS)
    except PagenoteError:
        return None
    return answer if isinstance(answer, dict) else None


async def _settle(tab) -> None:
    """Return once ``tab`` has loaded and its revision stayed the same over :data:`QUIET_FRAMES` frames (at most
    :data:`SETTLE_ROUNDS` rounds; a page that does not answer or paint is taken as settled)."""
    try:
        await tab.settled()
    except PagenoteError:
        return   # the verification says why
    for _ in range(SETTLE_ROUNDS):
        before = await _call(tab, "revisionStats")
        try:
            await tab.bridge.wait_frames(QUIET_FRAMES, timeout_ms=CALL_MS)
        except PagenoteError:
            return
        after = await _call(tab, "revisionStats")
        if before is None or after is None or before.get("revision") == after.get("revision"):
            return
