"""Which element an action acts on: its ``ref`` or ``target`` (Playwright MCP 0.0.83 names it ``target``: "an exact
target element reference from the page snapshot, or a unique element selector") and the optional
``snapshot_id`` — the params every action shares (:class:`RefTarget`, :class:`OptionalTarget`) and the pinning
of a target to ``(ref, snapshot_id)`` before the action resolves it (:class:`TargetPins`, a base of
:class:`app.agent.actions.ActionsHost`).

Rules (issue 27, defect 9): ``ref`` and ``target`` are the same argument under two names (both given, they must
agree); ``snapshot_id`` may be left out for a ref of the tab's latest snapshot (or find) — a ref that snapshot
does not show, or whose document is gone, still fails closed with ``STALE_REF``; a ref of another tab's
snapshot needs its ``snapshot_id`` and then fails with ``REF_IN_OTHER_TAB``. A target that is not a ref is a
selector: a locator of pagenote's grammar or a CSS selector naming exactly one element of the top document.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, StrictStr, model_validator

from app.agent.snapshots import _REF, KEEP_IDS, Taken, _refs_in
from app.core.errors import PagenoteError
from app.protocol.line_text import quoted
from app.tabs.snapshot import Part


class ElementParams(BaseModel):
    """Base of the action params: the agent's ``element`` description (not used to find anything)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    element: StrictStr | None = Field(default=None, max_length=500)


def _one_of(ref: str | None, target: str | None, what: str = "ref") -> None:
    if ref is not None and target is not None and ref != target:
        raise ValueError(f"give {what} or target, not both (they differ)")


class RefTarget(ElementParams):
    """An element: ``ref`` or ``target`` (Playwright MCP's name: a ref, or a selector/locator naming one element,
    :meth:`TargetPins.pin`); ``snapshot_id`` optional for a ref of the tab's latest snapshot."""

    ref: StrictStr | None = Field(default=None, min_length=1, max_length=40)
    target: StrictStr | None = Field(default=None, min_length=1, max_length=2000)
    snapshot_id: StrictStr | None = Field(default=None, max_length=40)

    @model_validator(mode="after")
    def _aimed(self) -> "RefTarget":
        _one_of(self.ref, self.target)
        if self.ref is None and self.target is None:
            raise ValueError("give ref (a ref of a snapshot, e.g. e12) or target (a ref or a selector)")
        return self

    @property
    def aim(self) -> str | None:
        """The ref or target given."""
        return self.ref if self.ref is not None else self.target



class OptionalTarget(ElementParams):
    """An optional element: ``ref`` or ``target``, or neither (press/scroll on the page)."""

    ref: StrictStr | None = Field(default=None, min_length=1, max_length=40)
    target: StrictStr | None = Field(default=None, min_length=1, max_length=2000)
    snapshot_id: StrictStr | None = Field(default=None, max_length=40)

    @model_validator(mode="after")
    def _aimed(self) -> "OptionalTarget":
        _one_of(self.ref, self.target)
        return self

    @property
    def aim(self) -> str | None:
        """The ref or target given, or ``None``."""
        return self.ref if self.ref is not None else self.target


class TargetPins:
    """Pins an action's ref or target to ``(ref, snapshot_id)``; the host provides ``_tab()`` (the call's tab)
    and ``_snapshots()`` (the :class:`~app.agent.snapshots.SnapshotKeeper`)."""

    _tab: Any
    _snapshots: Any

    async def pin(self, aim: str, snapshot_id: str | None) -> tuple[str, str]:
        """``(ref, snapshot_id)`` for an action's ``ref``/``target`` ``aim``:

        - a ref with its ``snapshot_id``: as given (:meth:`SnapshotKeeper.resolve` checks it later);
        - a ref alone: the newest snapshot (or find) of the call's tab, of the document its latest one was taken
          in, that shows it — so a ref of an earlier document or of another tab is never taken for this one's;
        - anything else is a selector (Playwright MCP: "a unique element selector"): a locator of pagenote's
          grammar (``role=button[name="Go"]``, ``label=``, ``testid=``, ``placeholder=``, ``text=``, ``css=``,
          ``xpath=``) or a CSS selector (``a >> b`` into open shadow roots) matching exactly one element of the
          top document (``target.js``); it gets a ref under a new snapshot id.

        Raises ``STALE_REF`` (no snapshot of the tab shows the ref), ``INVALID_PARAMS`` (a snapshot_id with a
        selector, a selector entering an iframe), ``BAD_SELECTOR``, ``SELECTOR_NOT_FOUND``,
        ``SELECTOR_NOT_UNIQUE`` and the bridge's errors."""
        if _REF.match(aim):
            return aim, snapshot_id if snapshot_id is not None else self._latest_with(aim)
        if snapshot_id is not None:
            raise PagenoteError("INVALID_PARAMS", f"snapshot_id {snapshot_id!r} goes with a ref; {aim!r} is a "
                                "selector", "leave snapshot_id out for a selector target, or pass a ref like e12")
        return await self._target_ref(aim)

    def _latest_with(self, ref: str) -> str:
        tab = self._tab()
        own = [t for t in reversed(self._snapshots().ids.values()) if t.tab_id == tab.id]
        if not own:
            raise PagenoteError("STALE_REF", f"{ref} names nothing: tab {tab.id} has no snapshot yet",
                                "take a snapshot (browser_snapshot) or find (browser_find), then act on a ref of it")
        for taken in own:
            if taken.top_doc != own[0].top_doc:
                break
            if ref in _refs_in(taken):
                return taken.id
        raise PagenoteError("STALE_REF", f"{ref} is not a ref of tab {tab.id}'s latest snapshot ({own[0].id}) or "
                            "of an earlier one of the same page", "take a new snapshot and use a ref from it; a "
                            "ref of another tab's snapshot needs its snapshot_id (and that tab selected)")

    async def _target_ref(self, target: str) -> tuple[str, str]:
        tab = self._tab()
        await tab.settled()
        keeper = self._snapshots()
        last = keeper.last.get(tab.id)
        mark = await tab.bridge.call("inputMark")
        top = last.parts.get("") if last else None
        seq = top.answer.get("seq", 0) if top and top.answer.get("doc") == mark["doc"] else 0
        answer = await tab.bridge.call("targetRef", {"target": target, "seq": seq}, timeout_ms=30_000)
        error = answer.get("error")
        if error == "frame":
            raise PagenoteError("INVALID_PARAMS", f"target {target!r} enters an iframe; a selector target names an "
                                "element of the top document", "take browser_snapshot and use the ref it gives the "
                                "element inside the iframe (f2e5)")
        if error == "bad_selector":
            raise PagenoteError("BAD_SELECTOR", answer.get("message") or f"not a valid selector: {target}",
                                "give a ref (e12), a CSS selector, or a locator such as role=button[name=\"Go\"], "
                                "label=\"Email\", text=\"Save\", testid=submit")
        if error == "count":
            count = answer.get("count", 0)
            if count == 0:
                raise PagenoteError("SELECTOR_NOT_FOUND", f"target {target!r} matches no element of the page")
            raise PagenoteError("SELECTOR_NOT_UNIQUE", f"target {target!r} matches {count}"
                                f"{' or more' if answer.get('at_least') else ''} "
                                "elements; an action needs exactly one", "narrow the selector, or use a ref from "
                                "browser_snapshot / browser_find")
        name = f" {quoted(answer['name'])}" if answer.get("name") else ""
        keeper.count += 1
        sid = f"s{keeper.count}"
        keeper.ids[sid] = Taken(sid, tab.id, ("target",), [f'- {answer["role"]}{name} [ref={answer["ref"]}]'],
                                {"": Part("", [], {"doc": answer["doc"], "seq": seq})}, answer["doc"])
        while len(keeper.ids) > KEEP_IDS:
            keeper.ids.popitem(last=False)
        return answer["ref"], sid
