"""The agent's actions on a tab's page by ref: click, hover, type, fill, press, select_option, check/uncheck,
scroll, drag (:class:`Actor`), over a tab's agent parts (:func:`app.tabs.agent_control.agent_parts`).

Each action: the ref is resolved in its own document (the snapshot's private table, ``refs.js``; ``STALE_REF``
when it fails closed), its element is scrolled into view, its click point is hit-tested (another element there
is ``ELEMENT_OBSCURED``, naming it), and the input is sent as Qt events to the view
(:class:`~app.webview.input.AgentInput`: trusted, as the user's). The page-side count of trusted input events
(``actions.js``) then confirms that the document the ref lives in received the input; when that document was
replaced meanwhile, the outcome is unknown: ``BROWSER_OPERATION_UNCERTAIN`` — never replayed. The rules are
Playwright's actionability checks (attached, visible, enabled, receives events) on QtWebEngine's input path.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QPointF, Qt

from app.core.errors import PagenoteError
from app.tabs.agent_control import agent_parts
from app.tabs.select_choices import OPTION_NEXT, missing_option
from app.tabs.tab import Tab
from app.webview.bridge import FrameGone, PageCallTimeout, PageScriptMissing
from app.webview.frames import child_frame, frame_viewport_offset
from app.webview.input import BUTTONS, MOD, MODIFIERS, parse_combo

#: How long an action waits for its document to report the input it sent (ms).
CONFIRM_MS = 2_000
STALE_NEXT = "take a new snapshot (browser_snapshot; socket: snapshot) and act on a ref from it"


@dataclass
class Located:
    """A ref's document: its ``frame`` (``None``: the top document), that frame's viewport ``offset`` in the top
    viewport (CSS px), the ref without its frame prefix (``local``), the document id and snapshot seq, and the
    iframe ``chain`` (selectors from the top document) that leads to it."""

    ref: str
    local: str
    frame: Any
    offset: tuple[float, float]
    doc: str
    seq: int
    chain: tuple[str, ...] = ()


def _label(target: dict) -> str:
    t = target.get("target") or target
    name = f' "{t.get("name")}"' if t.get("name") else ""
    return f"{t.get('role') or 'element'}{name}"


class Actor:
    """Runs actions on ``tab``; ``locate(ref, snapshot_id)`` (async) finds a ref's document as a :class:`Located`
    or raises ``STALE_REF`` (the agent layer's snapshot keeper, :mod:`app.agent.actions`). Every method raises :class:`PagenoteError`: ``STALE_REF``, ``ELEMENT_OBSCURED``,
    ``ELEMENT_NOT_ACTIONABLE``, ``USER_TOOK_CONTROL``, ``BROWSER_OPERATION_UNCERTAIN``, ``INVALID_PARAMS`` and the
    bridge's errors."""

    def __init__(self, tab: Tab, locate: Any) -> None:
        self.tab = tab
        self._locate = locate
        self.parts = agent_parts(tab)
        self.bridge = tab.bridge

    # -- finding the element ---------------------------------------------------------------------------------

    async def locate(self, ref: str, snapshot_id: str) -> Located:
        """Check ``ref`` of ``snapshot_id`` resolves (``STALE_REF`` otherwise) and find its document."""
        return await self._locate(ref, snapshot_id)

    async def target(self, loc: Located, *, hit: bool = True) -> dict:
        """Scroll ``loc``'s element into view and check it can take a pointer action at its click point.
        Returns the page's answer (``actions.js`` ``actionTarget``) with ``at``: the click point in view px."""
        if loc.chain:
            await self._reveal_frames(loc)
        t = await self.bridge.call("actionTarget", loc.local, loc.doc, loc.seq, {"scroll": True, "hit": hit},
                                   frame=loc.frame)
        if not isinstance(t, dict) or not t.get("ok"):
            raise PagenoteError("STALE_REF", f"{loc.ref} no longer names an element ({(t or {}).get('reason')})",
                                STALE_NEXT)
        if self.parts.acted_on is None:
            self.parts.acted_on = _label(t)   # a dialog the input opens names it (AgentParts.acted_on)
        if t.get("scrolled"):
            await self.bridge.wait_frames(2, frame=loc.frame)
            if loc.frame is not None:   # the iframe may have moved with the scroll
                found = await frame_viewport_offset(self.bridge, list(loc.chain))
                loc.offset = found[1] if found else loc.offset
        if not t.get("visible") or not t.get("point"):
            raise PagenoteError("ELEMENT_NOT_ACTIONABLE", f"{_label(t)} ({loc.ref}) is not drawn in the viewport "
                                "(hidden, zero-size, or clipped away)")
        if hit and t.get("obscured"):
            o = t["obscured"]
            name = f' "{o["name"]}"' if o.get("name") else ""
            raise PagenoteError("ELEMENT_OBSCURED", f"{_label(t)} ({loc.ref}) is covered at its click point: "
                                f"{o.get('role') or 'an element'}{name} ({o.get('selector')}) would receive the click")
        zoom = self.tab.view.zoomFactor() or 1.0
        p = t["point"]
        top = (p["x"] + loc.offset[0], p["y"] + loc.offset[1])
        if loc.chain and hit:   # the top document must let the point through to the iframe
            through = await self.bridge.call("frameAt", loc.chain[0], top[0], top[1])
            if not through.get("ok"):
                o = through.get("obscured") or {}
                name = f' "{o["name"]}"' if o.get("name") else ""
                raise PagenoteError("ELEMENT_OBSCURED", f"{_label(t)} ({loc.ref}) is covered at its click point: "
                                    f"{o.get('role') or 'an element'}{name} ({o.get('selector')}) of the top "
                                    "document would receive the click")
        if not (0 <= top[0] < self.tab.view.width() / zoom and 0 <= top[1] < self.tab.view.height() / zoom):
            raise PagenoteError("ELEMENT_NOT_ACTIONABLE", f"{_label(t)} ({loc.ref}) is outside the view")
        t["at"] = QPointF(top[0] * zoom, top[1] * zoom)
        return t

    async def _reveal_frames(self, loc: Located) -> None:
        """Scroll each iframe of ``loc.chain`` into its parent's view, outermost first, then find the frame's
        viewport offset again."""
        frame, scrolled = None, False
        for selector in loc.chain:
            shown = await self.bridge.call("revealFrame", selector, frame=frame)
            if not shown.get("ok"):
                raise PagenoteError("STALE_REF", f"the iframe of {loc.ref} is gone", STALE_NEXT)
            scrolled = scrolled or shown["scrolled"]
            frame = child_frame(frame or self.bridge.page.mainFrame(), shown["frame"])
            if frame is None:
                raise PagenoteError("STALE_REF", f"the iframe of {loc.ref} is gone", STALE_NEXT)
        if scrolled:
            await self.bridge.wait_frames(2)
            found = await frame_viewport_offset(self.bridge, list(loc.chain))
            if found is None:
                raise PagenoteError("STALE_REF", f"the iframe of {loc.ref} is gone", STALE_NEXT)
            loc.frame, loc.offset = found

    # -- confirming the input --------------------------------------------------------------------------------

    async def mark(self, loc: Located) -> dict:
        """Where ``loc``'s document's count of trusted input stands: ``{doc, n}`` (``actions.js``); from now on
        until :meth:`confirm` ends, navigations the page asks for are noted (:meth:`_navigation`)."""
        answer = await self.bridge.call("inputMark", frame=loc.frame)
        self._navigations: list[str] = []
        self.tab.page.navigationRequested.connect(self._navigation)
        return answer

    def _navigation(self, request: Any) -> None:
        """A navigation the page asked for: one its document made from a link click or a form submission in
        answer to a user gesture — Chromium's own judgement (``isUserInitiated``, the navigation type) — is
        evidence that the input was received, even when that document is gone before it could say so."""
        kind, types = request.navigationType(), request.NavigationType
        by_page = kind in (types.LinkClickedNavigation, types.FormSubmittedNavigation) or (
            kind == types.OtherNavigation and request.isUserInitiated())   # script in a handler of the input
        if request.isMainFrame() and by_page:   # never the browser's own (typed URL, reload, back/forward)
            self._navigations.append(request.url().toString())

    async def confirm(self, loc: Located, mark: dict, expect: str, what: str, count: int = 1) -> bool:
        """Wait until ``loc``'s document saw ``count`` trusted ``expect`` events after ``mark`` — for typed
        text, one ``keyup`` per key sent, so the call returns once the page has handled the last key, not the
        first (the renderer takes input in order but asynchronously: returning at the first ``input`` let the
        next field's focus catch the rest of the text). The wait ends :data:`CONFIRM_MS` after the last
        progress, so a long text on a loaded machine is not cut short. Returns whether all arrived; raises
        ``BROWSER_OPERATION_UNCERTAIN`` when the document was replaced (or went away) meanwhile."""
        try:
            return await self._confirm(loc, mark, expect, what, max(1, count))
        except PagenoteError as exc:
            if exc.name == "BROWSER_OPERATION_UNCERTAIN" and getattr(self, "_navigations", None):
                return True   # the page navigated in answer to the input (a link, a form): it was received
            raise
        finally:
            try:
                self.tab.page.navigationRequested.disconnect(self._navigation)
            except (RuntimeError, TypeError):
                pass

    async def _confirm(self, loc: Located, mark: dict, expect: str, what: str, count: int) -> bool:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + CONFIRM_MS / 1000
        base, got = (mark.get("counts") or {}).get(expect, 0), 0
        uncertain = PagenoteError("BROWSER_OPERATION_UNCERTAIN", f"the document was replaced while pagenote {what}: "
                                  "whether the page received it is unknown, and it is not repeated")
        while True:
            try:
                seen = await self.bridge.call("inputSince", mark["n"], frame=loc.frame, timeout_ms=CONFIRM_MS)
            except (FrameGone, PageScriptMissing):
                raise uncertain from None
            except PageCallTimeout:
                # A call waiting in a document that a cross-site navigation replaced is never answered: ask
                # again who is there now.
                try:
                    now = await self.bridge.call("inputMark", frame=loc.frame, timeout_ms=1_000)
                except (FrameGone, PageScriptMissing, PageCallTimeout):
                    raise uncertain from None
                if now.get("doc") != mark.get("doc"):
                    raise uncertain
                return False
            if seen.get("doc") != mark.get("doc"):
                raise uncertain
            if count == 1 and expect in seen.get("types", []):
                return True
            now_got = (seen.get("counts") or {}).get(expect, 0) - base
            if now_got >= count:
                return True
            if now_got > got:   # progress: the page is still taking the keys in
                got, deadline = now_got, loop.time() + CONFIRM_MS / 1000
            if loop.time() > deadline:
                return False
            await asyncio.sleep(0.02)

    def begin(self) -> None:
        """An action starts (:meth:`AgentControl.begin`): raises ``USER_TOOK_CONTROL`` after the user took the
        page."""
        self.parts.control.begin()

    def _done(self, action: str, loc: Located, t: dict | None, confirmed: bool, **extra: Any) -> dict:
        """The compact result: ``{action, ref, element, confirmed: false (only when unconfirmed), …extra}``."""
        out = {"action": action, "ref": loc.ref, "element": _label(t) if t else None,
               "confirmed": None if confirmed else False, **extra}
        return {k: v for k, v in out.items() if v is not None}

    # -- pointer actions -------------------------------------------------------------------------------------

    async def click(self, ref: str, snapshot_id: str, button: str = "left", modifiers: list[str] | None = None,
                    double: bool = False) -> dict:
        """Click ``ref`` (``button`` left | right | middle; ``modifiers`` Alt, Control, ControlOrMeta, Meta,
        Shift held; ``double``: a double click)."""
        self.begin()
        mods = _modifiers(modifiers or [])
        loc = await self.locate(ref, snapshot_id)
        t = await self.target(loc)
        mark = await self.mark(loc)
        self.parts.control.clicked_at(t["at"])
        self.parts.input.click(t["at"], BUTTONS[button], mods, 2 if double else 1)
        expect = "dblclick" if double else ("click" if button == "left" else "mouseup")
        confirmed = await self.confirm(loc, mark, expect, "clicked")
        return self._done("click", loc, t, confirmed)

    async def hover(self, ref: str, snapshot_id: str) -> dict:
        """Move the pointer over ``ref``'s click point."""
        self.begin()
        loc = await self.locate(ref, snapshot_id)
        t = await self.target(loc)
        mark = await self.mark(loc)
        self.parts.input.move(t["at"])
        confirmed = await self.confirm(loc, mark, "mousemove", "moved the pointer")
        return self._done("hover", loc, t, confirmed)

    async def check(self, ref: str, snapshot_id: str, on: bool) -> dict:
        """Check (``on``) or uncheck a checkbox, radio or switch by clicking it when its state differs."""
        self.begin()
        loc = await self.locate(ref, snapshot_id)
        t = await self.target(loc)
        if t.get("checked") is None:
            raise PagenoteError("ELEMENT_NOT_ACTIONABLE", f"{_label(t)} ({ref}) has no checked state")
        if t["checked"] == on:
            return self._done("check" if on else "uncheck", loc, t, True, changed=False)
        mark = await self.mark(loc)
        self.parts.control.clicked_at(t["at"])
        self.parts.input.click(t["at"])
        confirmed = await self.confirm(loc, mark, "click", "clicked")
        after = await self.bridge.call("actionTarget", loc.local, loc.doc, loc.seq, {"scroll": False, "hit": False},
                                       frame=loc.frame)
        if after.get("ok") and after.get("checked") != on:
            raise PagenoteError("ELEMENT_NOT_ACTIONABLE", f"{_label(t)} ({ref}) was clicked but is still "
                                f"{'unchecked' if on else 'checked'} (the page keeps its state)")
        return self._done("check" if on else "uncheck", loc, t, confirmed, changed=True)

    async def drag(self, start_ref: str, start_snapshot: str, end_ref: str, end_snapshot: str) -> dict:
        """Press on ``start_ref``, move in steps to ``end_ref``'s click point and release there (pointer and
        mouse events, as a user's drag)."""
        self.begin()
        a = await self.locate(start_ref, start_snapshot)
        ta = await self.target(a)
        if ta.get("draggable"):
            # Chromium hands an HTML drag to Qt's QDrag::exec(), the system's own drag loop, which follows the
            # real pointer, not events sent to the view: it would wait for the user's mouse.
            raise PagenoteError("ELEMENT_NOT_ACTIONABLE", f"{_label(ta)} ({start_ref}) starts an HTML drag "
                                "(draggable, a link or an image): pagenote drives pointer-event drags only",
                                "drag an element that follows pointer events (sortable lists, sliders), or use "
                                "evaluate to call the page's own drop handling")
        b = await self.locate(end_ref, end_snapshot)
        tb = await self.target(b, hit=False)
        mark = await self.mark(a)
        start, end = ta["at"], tb["at"]
        inp = self.parts.input
        inp.move(start)
        inp.down(start)
        for i in range(1, 11):
            await asyncio.sleep(0.016)
            inp.move(QPointF(start.x() + (end.x() - start.x()) * i / 10, start.y() + (end.y() - start.y()) * i / 10))
        inp.up(end)
        confirmed = await self.confirm(a, mark, "mouseup", "dragged")
        return self._done("drag", a, ta, confirmed, to=f"{_label(tb)} ({end_ref})")

    async def scroll(self, ref: str | None, snapshot_id: str | None, dx: float, dy: float) -> dict:
        """Scroll the page (no ``ref``) or the scroller under ``ref``'s element by (``dx``, ``dy``) CSS px with
        wheel events; with a ``ref`` and no delta, scroll it into view. Returns the position after."""
        self.begin()
        zoom = self.tab.view.zoomFactor() or 1.0
        loc = await self.locate(ref, snapshot_id) if ref else None
        t = await self.target(loc, hit=False) if loc else None
        if dx or dy:
            at = t["at"] if t else QPointF(self.tab.view.width() / 2, self.tab.view.height() / 2)
            self.parts.input.wheel(at, dx * zoom, dy * zoom)
            await self.bridge.wait_frames(6)
        state = await self.bridge.call("scrollState", loc.local if loc else "", loc.doc if loc else "",
                                       loc.seq if loc else 0, frame=loc.frame if loc else None)
        return {k: v for k, v in {"action": "scroll", "ref": ref, "element": _label(t) if t else None,
                                  "scroll": state.get("page") if state else None}.items() if v is not None}

    # -- keys ------------------------------------------------------------------------------------------------

    async def _focus(self, loc: Located, mode: str, need_editable: bool) -> dict:
        t = await self.target(loc, hit=False)
        f = await self.bridge.call("focusForText", loc.local, loc.doc, loc.seq, mode, frame=loc.frame)
        if not f.get("ok"):
            raise PagenoteError("STALE_REF", f"{loc.ref} no longer names an element", STALE_NEXT)
        if need_editable and not f.get("editable"):
            raise PagenoteError("ELEMENT_NOT_ACTIONABLE", f"{_label(t)} ({loc.ref}) is not an editable field")
        if t.get("disabled"):
            raise PagenoteError("ELEMENT_NOT_ACTIONABLE", f"{_label(t)} ({loc.ref}) is disabled")
        return t

    async def type(self, ref: str, snapshot_id: str, text: str, submit: bool = False, replace: bool = False) -> dict:
        """Type ``text`` into ``ref``'s field key by key after what it holds (``replace``: select what it holds
        first, so the typing replaces it — ``fill``); ``submit`` presses Enter after."""
        self.begin()
        loc = await self.locate(ref, snapshot_id)
        t = await self._focus(loc, "all" if replace else "end", True)
        mark = await self.mark(loc)
        inp = self.parts.input
        keys = 0
        if replace and not text:
            inp.press("Delete")
            keys = 1
        keys += inp.type_text(text)
        # every key ends in a keyup, handled in order; text typed only through the input method: one input
        confirmed = await self.confirm(loc, mark, "keyup" if keys else "input", "typed", keys or 1)
        if submit:
            mark = await self.mark(loc)
            inp.press("Enter")
            confirmed = await self.confirm(loc, mark, "keyup", "pressed Enter") and confirmed
        return self._done("fill" if replace else "type", loc, t, confirmed, submitted=submit or None)

    async def press(self, key: str, ref: str | None = None, snapshot_id: str | None = None) -> dict:
        """Press ``key`` (a combination such as ``Control+A``), in ``ref``'s element (focused first) or in
        whatever has focus."""
        self.begin()
        parse_combo(key)   # INVALID_PARAMS before anything happens
        if ref:
            loc = await self.locate(ref, snapshot_id or "")
            t = await self._focus(loc, "end", False)
        else:
            loc, t = Located("", "", None, (0.0, 0.0), "", 0), None
        mark = await self.mark(loc)
        keys = self.parts.input.press(key)
        confirmed = await self.confirm(loc, mark, "keyup", f"pressed {key}", keys)
        out = self._done("press", loc, t, confirmed, key=key)
        out.pop("ref", None) if not ref else None
        return out

    async def select_option(self, ref: str, snapshot_id: str, values: list[str]) -> dict:
        """Choose ``values`` (option values or labels) in ``ref``'s ``<select>`` with the keyboard (one value)
        or Ctrl+clicks (a multiple select)."""
        self.begin()
        loc = await self.locate(ref, snapshot_id)
        t = await self._focus(loc, "end", False)
        plan = await self.bridge.call("selectPlan", loc.local, loc.doc, loc.seq, values, frame=loc.frame)
        if plan.get("notSelect"):
            raise PagenoteError("ELEMENT_NOT_ACTIONABLE", f"{_label(t)} ({ref}) is not a <select>")
        if problem := missing_option(plan):
            raise PagenoteError("ELEMENT_NOT_ACTIONABLE", f"{_label(t)} ({ref}) {problem}", OPTION_NEXT)
        if not plan["multiple"] and len(values) != 1:
            raise PagenoteError("INVALID_PARAMS", "select_option: a single select takes one value")
        mark = await self.mark(loc)
        inp = self.parts.input
        sent = 0
        if not plan["multiple"]:
            sent += inp.press("Home")
            for _ in range(plan["steps"]):
                sent += inp.press("ArrowDown")
            expect = "keyup"
        else:
            zoom = self.tab.view.zoomFactor() or 1.0
            for option in plan["options"]:
                p = option["point"]
                at = QPointF((p["x"] + loc.offset[0]) * zoom, (p["y"] + loc.offset[1]) * zoom)
                self.parts.control.clicked_at(at)
                inp.click(at, modifiers=MODIFIERS["Control"])
                sent += 1
            expect = "mouseup" if plan["options"] else "keyup"
        confirmed = await self.confirm(loc, mark, expect, "chose an option", sent) if sent else True
        after = await self.bridge.call("selectPlan", loc.local, loc.doc, loc.seq, values, frame=loc.frame)
        return self._done("select_option", loc, t, confirmed, selected=after.get("current"))


def _modifiers(names: list[str]) -> Qt.KeyboardModifier:
    """Playwright's modifier names → Qt modifiers. Raises ``INVALID_PARAMS`` for another name."""
    mods = MOD.NoModifier
    for name in names:
        if name not in MODIFIERS:
            raise PagenoteError("INVALID_PARAMS", f"unknown modifier {name!r}", f"use {', '.join(MODIFIERS)}")
        mods |= MODIFIERS[name]
    return mods
