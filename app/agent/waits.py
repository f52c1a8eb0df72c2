"""``wait_for`` (Playwright MCP's ``browser_wait_for``; issue 27, requirement 1).

``wait_for(text?, text_gone?, time?, timeout_ms?)`` → ``{waited_ms, found?: {role, name, context}, gone?,
effects, tab}``: waits ``time`` seconds (0..:data:`MAX_TIME_S`), then until ``text_gone`` is in no visible
element of the top document, then until ``text`` is (a case-insensitive substring of an element's rendered
text or label, as ``find`` matches; Playwright's ``getByText`` looks in the main frame too), each at most
``timeout_ms`` (default and maximum :data:`TEXT_WAIT_MS`) from the end of ``time``: ``WAIT_TIMEOUT`` after it.
Nothing polls: the page's next revision wakes the check (:class:`app.tabs.revisions.RevisionFeed`; a change
inside an iframe only at the top document's next one). A dialog opening meanwhile ends the wait with
``MODAL_DIALOG``. At least one of the three is required, and ``time`` above 30 s is ``INVALID_PARAMS`` (the
limit Playwright MCP states).
The result's ``effects`` are an action's (:mod:`app.agent.effects`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr

from app.agent.effects import Watch, unless_dialog
from app.agent.tabs import acting_tab, tab_stamp
from app.core.errors import PagenoteError
from app.tabs.tab import Tab

#: ``wait_for`` limits: ``time`` (s, Playwright MCP's "at most 30"), a text wait (ms), the text (chars).
MAX_TIME_S = 30
TEXT_WAIT_MS = 30_000
TEXT_MAX = 1_000
_GONE = ("FRAME_GONE", "PAGE_SCRIPT_MISSING")
#: ``revisionArm`` with a revision no page reaches: armed at once, the next revision is pushed.
_ANY_NEXT = 2 ** 52


class WaitForParams(BaseModel):
    """``wait_for`` params (module docstring)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    text: StrictStr | None = Field(default=None, min_length=1, max_length=TEXT_MAX)
    text_gone: StrictStr | None = Field(default=None, min_length=1, max_length=TEXT_MAX)
    time: float | None = Field(default=None, ge=0, le=MAX_TIME_S, allow_inf_nan=False)
    timeout_ms: StrictInt = Field(default=TEXT_WAIT_MS, ge=0, le=TEXT_WAIT_MS)


def _check(p: WaitForParams) -> None:
    if p.text is None and p.text_gone is None and p.time is None:
        raise PagenoteError("INVALID_PARAMS", "wait_for: give text, text_gone or time",
                            "text: wait until it appears; text_gone: until it is gone; time: seconds (at most 30)")
    for name in ("text", "text_gone"):
        value = getattr(p, name)
        if value is not None and not value.strip():
            raise PagenoteError("INVALID_PARAMS", f"wait_for: {name} is only white space")


class Waiter:
    """``wait_for`` over ``host``'s tabs (:class:`~app.agent.host.TabsHost`: its snapshot and context
    keepers)."""

    def __init__(self, host: Any) -> None:
        self.host = host

    async def wait_for(self, p: WaitForParams) -> dict[str, Any]:
        """``wait_for`` (module docstring). Raises ``INVALID_PARAMS``, ``NO_PAGE``, ``WAIT_TIMEOUT``,
        ``MODAL_DIALOG`` and the page's errors."""
        from app.agent.actions import modal_error
        from app.tabs.agent_control import agent_parts

        _check(p)
        tab = acting_tab(self.host.app)
        if tab is None:
            raise PagenoteError("NO_PAGE", "no tab is open")
        parts = agent_parts(tab)
        if parts.dialogs.pending is not None:
            raise modal_error(parts.dialogs.pending)
        watch = Watch(self.host._snapshots(), tab, "wait_for")
        try:
            return await unless_dialog(self._wait(tab, watch, p), parts)
        finally:
            watch.close()

    async def _wait(self, tab: Tab, watch: Watch, p: WaitForParams) -> dict[str, Any]:
        loop = asyncio.get_running_loop()
        started = loop.time()
        await watch.before()
        if p.time:
            await asyncio.sleep(p.time)   # the wait asked for
        deadline = loop.time() + p.timeout_ms / 1000
        result: dict[str, Any] = {}
        if p.text_gone is not None:
            await self._until(tab, p.text_gone, False, deadline, p.timeout_ms)
            result["gone"] = True
        if p.text is not None:
            result["found"] = await self._until(tab, p.text, True, deadline, p.timeout_ms)
        result["effects"] = await watch.after({})
        result["waited_ms"] = round((loop.time() - started) * 1000)
        result["tab"] = tab_stamp(tab)
        return result

    def _seq(self, tab: Tab) -> int:
        """The seq of the tab's last snapshot of the shown document (refs ``find`` notes keep their place)."""
        last = self.host._snapshots().last.get(tab.id)
        part = last.parts.get("") if last is not None else None
        return part.answer.get("seq", 0) if part is not None else 0

    async def _until(self, tab: Tab, text: str, present: bool, deadline: float, timeout_ms: int) -> dict:
        """Wait until ``text`` is (``present``) or is not in a visible element of the top document: the first
        match ``{role, name, context}`` (``{}`` for a text gone). Raises ``WAIT_TIMEOUT`` at ``deadline``."""
        loop = asyncio.get_running_loop()
        feed = self.host._contexts().feed(tab)
        while True:
            woken = feed.waiter()
            try:
                try:
                    await tab.bridge.call("revisionArm", _ANY_NEXT)   # the next change wakes this wait
                    answer = await tab.bridge.call("find", {"query": text, "regex": None, "limit": 1,
                                                            "seq": self._seq(tab)}, timeout_ms=30_000)
                except PagenoteError as exc:   # a new document is coming: wait for it, then look there
                    if exc.name not in _GONE or loop.time() >= deadline:
                        raise
                    await tab.settled(timeout_ms=max(int((deadline - loop.time()) * 1000), 1))
                    continue
                matches = (answer.get("matches") or []) if isinstance(answer, dict) else []
                if bool(matches) == present:
                    m = matches[0] if matches else {}
                    return {k: m[k] for k in ("role", "name", "context") if m.get(k)}
                left = deadline - loop.time()
                if left <= 0:
                    what = "appear" if present else "go away"
                    raise PagenoteError("WAIT_TIMEOUT", f"{text!r} did not {what} within {timeout_ms / 1000:g} s")
                try:
                    await asyncio.wait_for(asyncio.shield(woken), left)
                except TimeoutError:
                    pass
            finally:
                feed.drop(woken)


def wait_table(host: Any) -> dict[str, tuple[type[BaseModel], Callable[[Any], Any]]]:
    """``wait_for`` for :class:`app.agent.methods.Methods`' table."""
    return {"wait_for": (WaitForParams, Waiter(host).wait_for)}
