"""The agent socket's action methods (by ref), ``dialog.handle``, ``extract`` and ``find``: parameter models,
the dispatch table (:func:`actions_table`), the host side over the active tab (:class:`ActionsHost`, a base of
:class:`app.agent.host.TabsHost`), and the checks every page method passes first (:func:`guard_table`).

Methods (results compact: empty fields left out):

- ``click(ref|target, snapshot_id?, button?, modifiers?, double?)``, ``hover(ref|target, snapshot_id?)``,
  ``type(ref|target, snapshot_id?, text, submit?)`` (after what the field holds), ``fill(…, text, submit?)``
  (replaces it), ``press(key, ref|target?, snapshot_id?)``, ``select_option(ref|target, snapshot_id?, values)``,
  ``check`` / ``uncheck(ref|target, snapshot_id?)``, ``scroll(ref|target?, snapshot_id?, dx?, dy?)``,
  ``drag(start_ref|start_target, end_ref|end_target, snapshot_id?, end_snapshot_id?)`` → ``{action, ref,
  element, confirmed?: false, …}`` (:class:`app.tabs.actions.Actor`); every one takes an optional ``element``
  (the agent's description, as Playwright MCP's tools do; not used to find anything). ``target`` is a ref or a
  selector, ``snapshot_id`` optional for a ref of the tab's latest snapshot (:mod:`app.agent.targets`). When
  the input opened a JavaScript dialog, the result is ``{action, ref, dialog: {type, message,
  default_value?}}`` (:func:`delivered_with_dialog`): the action happened, the dialog is held
- ``dialog.handle(accept, prompt_text?)`` → ``{type, message, accepted}``: answers the held dialog
- ``extract(selector?, max_chars?)`` → ``{text, chars, truncated, url}`` (``max_chars`` ≤ 12,000)
- ``find(text, limit?)``: :mod:`app.agent.find`

The guard (:func:`guard_table`, Playwright MCP's "modal state" precondition): while a dialog is held every
page method answers ``MODAL_DIALOG`` at once, and a call running when a dialog opens ends with it (an element
action with the result above); actions
(and navigation, evaluate) fail with ``USER_TOOK_CONTROL`` after the user took the page; a read-only call
whose document went away mid-call (or during which a new document started loading) is retried once, then
``BROWSER_PAGE_CHANGING``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr, model_validator

from app.agent.find import FindHost, FindParams
from app.agent.snapshots import _REF, RefParams
from app.agent.targets import ElementParams as _Params
from app.agent.targets import OptionalTarget, RefTarget, TargetPins, _one_of
from app.agent.tabs import acting_tab
from app.core.errors import PagenoteError
from app.core.wording import a_or_an
from app.tabs.actions import Actor, Located, agent_parts
from app.tabs.navigation import quoted_url
from app.tabs.snapshot import _raise_for_selector
from app.tabs.tab import Tab
from app.webview.frames import frame_viewport_offset

EXTRACT_MAX = 12_000
Modifier = Literal["Alt", "Control", "ControlOrMeta", "Meta", "Shift"]


class ClickParams(RefTarget):
    button: Literal["left", "right", "middle"] = "left"
    modifiers: list[Modifier] = Field(default_factory=list, max_length=5)
    double: StrictBool = False


class TypeParams(RefTarget):
    text: StrictStr = Field(max_length=10_000)
    submit: StrictBool = False


class PressParams(OptionalTarget):
    key: StrictStr = Field(min_length=1, max_length=60)


class SelectParams(RefTarget):
    values: list[StrictStr] = Field(min_length=1, max_length=100)


class ScrollParams(OptionalTarget):
    dx: StrictInt = Field(default=0, ge=-100_000, le=100_000)
    dy: StrictInt = Field(default=0, ge=-100_000, le=100_000)


class DragParams(_Params):
    start_ref: StrictStr | None = Field(default=None, min_length=1, max_length=40)
    end_ref: StrictStr | None = Field(default=None, min_length=1, max_length=40)
    start_target: StrictStr | None = Field(default=None, min_length=1, max_length=2000)
    end_target: StrictStr | None = Field(default=None, min_length=1, max_length=2000)
    snapshot_id: StrictStr | None = Field(default=None, max_length=40)
    end_snapshot_id: StrictStr | None = Field(default=None, max_length=40)

    @model_validator(mode="after")
    def _aimed(self) -> "DragParams":
        for end in ("start", "end"):
            ref, target = getattr(self, f"{end}_ref"), getattr(self, f"{end}_target")
            _one_of(ref, target, f"{end}_ref")
            if ref is None and target is None:
                raise ValueError(f"give {end}_ref (or {end}_target)")
        return self


class DialogParams(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    accept: StrictBool
    prompt_text: StrictStr | None = Field(default=None, max_length=10_000)


class ExtractParams(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    selector: StrictStr | None = Field(default=None, min_length=1, max_length=2000)
    max_chars: StrictInt = Field(default=EXTRACT_MAX, ge=100, le=EXTRACT_MAX)


class ActionsHost(TargetPins, FindHost):
    """The action methods over the active tab of ``self.app``; ``self._snapshots()`` is the
    :class:`~app.agent.snapshots.SnapshotKeeper` whose refs they take."""

    app: Any

    def _tab(self) -> Tab:
        tab = acting_tab(self.app)   # the tab the call was pinned to (app.agent.tabs.stamp_table)
        if tab is None:
            raise PagenoteError("NO_PAGE", "no tab is open")
        return tab

    def _tab_of(self, tab_id: str) -> Tab | None:
        return next((t for t in self.app.tabs if t.id == tab_id), None)

    async def _locate(self, ref: str, snapshot_id: str) -> Located:
        keeper = self._snapshots()
        acting = self._tab()
        # STALE_REF; REF_IN_OTHER_TAB before the other tab is asked anything (a ref is bound to its snapshot's
        # tab: never found again in another one)
        await keeper.resolve(self._tab_of, RefParams(ref=ref, snapshot_id=snapshot_id), acting=acting,
                             tabs=self.app.tabs)
        taken = keeper.ids[snapshot_id]
        m = _REF.match(ref)
        part = taken.parts[m.group(1) or ""]
        tab = acting
        frame, offset = None, (0.0, 0.0)
        if part.chain:
            found = await frame_viewport_offset(tab.bridge, part.chain)
            if found is None:
                raise PagenoteError("STALE_REF", f"the iframe of {ref} is gone")
            frame, offset = found
        return Located(ref, m.group(2), frame, offset, part.answer.get("doc", ""), part.answer.get("seq", 0),
                       tuple(part.chain))

    def _actor(self) -> Actor:
        return Actor(self._tab(), self._locate)

    async def act(self, name: str, p: Any) -> dict:
        """Run action ``name`` with params ``p`` (module docstring); the element is pinned first (:meth:`pin`)."""
        actor = self._actor()
        ref = sid = None
        if name != "drag" and p.aim is not None:
            ref, sid = await self.pin(p.aim, p.snapshot_id)
        if name == "click":
            return await actor.click(ref, sid, p.button, list(p.modifiers), p.double)
        if name == "hover":
            return await actor.hover(ref, sid)
        if name in ("type", "fill"):
            return await actor.type(ref, sid, p.text, p.submit, replace=name == "fill")
        if name == "press":
            return await actor.press(p.key, ref, sid)
        if name == "select_option":
            return await actor.select_option(ref, sid, list(p.values))
        if name in ("check", "uncheck"):
            return await actor.check(ref, sid, name == "check")
        if name == "scroll":
            return await actor.scroll(ref, sid, p.dx, p.dy)
        if name == "drag":
            start, start_sid = await self.pin(p.start_ref or p.start_target, p.snapshot_id)
            end, end_sid = await self.pin(p.end_ref or p.end_target, p.end_snapshot_id or (
                p.snapshot_id if _REF.match(p.end_ref or p.end_target) else None))
            return await actor.drag(start, start_sid, end, end_sid)
        raise PagenoteError("METHOD_NOT_FOUND", f"unknown action {name!r}")

    def handle_dialog(self, p: DialogParams) -> dict:
        """``dialog.handle``: answer the held dialog. Raises ``NOT_FOUND`` when none is open."""
        held = agent_parts(self._tab()).dialogs.answer(p.accept, p.prompt_text)
        if held is None:
            raise PagenoteError("NOT_FOUND", "no JavaScript dialog is open",
                                "dialogs are held only while the agent acts on the page; nothing to answer")
        return {**held.to_json(), "accepted": p.accept}

    async def extract(self, p: ExtractParams) -> dict:
        """``extract``: the readable text of the page or of ``selector``'s element (top document)."""
        tab = self._tab()
        await tab.settled()
        answer = await tab.bridge.call("extract", {"selector": p.selector or "", "max_chars": p.max_chars},
                                       timeout_ms=30_000)
        if answer.get("error") == "frame":
            raise PagenoteError("SELECTOR_NOT_FOUND", "extract reads the top document; the selector goes into an "
                                "iframe", "give a selector of the top document")
        _raise_for_selector(answer, p.selector)
        out = {"text": answer["text"], "chars": answer["chars"], "truncated": answer["truncated"],
               "url": quoted_url(tab.page.url())}
        return out

def actions_table(host: Any) -> dict[str, tuple[type[BaseModel], Callable[[Any], Any]]]:
    """The action methods for :class:`app.agent.methods.Methods`' table (``name → (params model, handler)``)."""
    def action(name: str) -> Callable[[Any], Any]:
        return lambda p: host.act(name, p)

    return {
        "click": (ClickParams, action("click")), "hover": (RefTarget, action("hover")),
        "type": (TypeParams, action("type")), "fill": (TypeParams, action("fill")),
        "press": (PressParams, action("press")), "select_option": (SelectParams, action("select_option")),
        "check": (RefTarget, action("check")), "uncheck": (RefTarget, action("uncheck")),
        "scroll": (ScrollParams, action("scroll")), "drag": (DragParams, action("drag")),
        "dialog.handle": (DialogParams, host.handle_dialog),
        "extract": (ExtractParams, host.extract), "find": (FindParams, host.find),
    }


#: Methods that act on the page: they fail with USER_TOOK_CONTROL once the user took it, and are never retried.
ACTS = {"click", "hover", "type", "fill", "press", "select_option", "check", "uncheck", "scroll", "drag",
        "navigate", "back", "forward", "reload", "evaluate", "fill_form"}
#: Methods that only read the page: retried once when their document went away mid-call.
READS = {"snapshot", "ref.resolve", "extract", "find", "screenshot", "page.state"}
_GONE = {"FRAME_GONE", "PAGE_SCRIPT_MISSING"}
#: Reads that are given up and retried when a new document starts loading during them: a page call waiting in a
#: document that a cross-site navigation replaces is never answered (QtWebEngine drops its callback), so
#: waiting for it would take the whole call timeout. (A screenshot is not cut short: it restores the page.)
REPLACEABLE = {"snapshot", "ref.resolve", "extract", "find", "page.state"}


#: The actions on one element (or the focused one): a dialog their input opened ends them with a result, not an error.
ELEMENT_ACTIONS = {"click", "hover", "type", "fill", "press", "select_option", "check", "uncheck", "scroll", "drag"}


def modal_error(pending: Any, after: str = "") -> PagenoteError:
    """``MODAL_DIALOG`` naming the held dialog's type and text."""
    default = f' (default value "{pending.default}")' if pending.default else ""
    return PagenoteError("MODAL_DIALOG", f'{after}the page opened {a_or_an(pending.kind)} dialog: '
                                         f'"{pending.message}"{default}; the page waits for its answer')


def delivered_with_dialog(name: str, params: Any, pending: Any, element: str | None = None) -> dict:
    """The result of element action ``name`` whose input was delivered and opened a dialog (issue 27, defect 7:
    it happened, so it is no error that invites a retry): ``{action, ref?, key?, element?, dialog: {type,
    message, default_value?}}``; the dialog stays held for ``dialog.handle``. ``element``: the role and name
    the page gave the element the input went to (:attr:`app.tabs.agent_control.AgentParts.acted_on`) — never
    the agent's own ``element`` description, which results do not echo as the page's (trial f2, finding 8)."""
    out: dict[str, Any] = {"action": name, "dialog": pending.to_json()}
    aim = getattr(params, "aim", None) if name != "drag" else (params.start_ref or params.start_target)
    if aim:
        out["ref"] = aim
    if name == "press":
        out["key"] = params.key
    if element:
        out["element"] = element
    return out


def guard_table(table: dict, host: Any) -> dict:
    """``table`` with the page methods (:data:`ACTS`, :data:`READS`) wrapped in the guard (module docstring);
    other methods as they are. The tab guarded is the call's (:func:`~app.agent.tabs.acting_tab`)."""
    def wrap(name: str, handler: Callable[[Any], Any]) -> Callable[[Any], Any]:
        async def guarded(params: Any) -> Any:
            tab = acting_tab(host.app)
            if tab is None:
                return await _maybe(handler(params))
            parts = agent_parts(tab)
            if parts.dialogs.pending is not None:
                raise modal_error(parts.dialogs.pending)
            if name in ACTS and name not in ELEMENT_ACTIONS:
                parts.control.begin()   # navigation and evaluate act too (the actions begin themselves)
            parts.acted_on = None   # the action names its element once the page answered (AgentParts.acted_on)
            delivered = ((lambda pending: delivered_with_dialog(name, params, pending, parts.acted_on))
                         if name in ELEMENT_ACTIONS else None)
            for attempt in (1, 2):
                try:
                    return await _race(handler(params), parts, name in ACTS,
                                       tab.view.loadStarted if name in REPLACEABLE else None, delivered)
                except PagenoteError as exc:
                    # Only a read whose document went away mid-call is retried, once; a page without
                    # pagenote's script on the retry (an error page, a PDF) keeps its own name.
                    if name not in READS or exc.name not in _GONE or (attempt == 2 and exc.name != "FRAME_GONE"):
                        raise
                    if attempt == 2:
                        raise PagenoteError("BROWSER_PAGE_CHANGING", f"{name}: the document was replaced during "
                                            "the call, and again during the retry") from None
                    await asyncio.sleep(0.2)
        return guarded

    return {name: (model, wrap(name, handler)) if name in ACTS | READS else (model, handler)
            for name, (model, handler) in table.items()}


async def _maybe(result: Any) -> Any:
    return await result if asyncio.iscoroutine(result) or isinstance(result, asyncio.Future) else result


async def _race(result: Any, parts: Any, acting: bool, replaced: Any = None,
                delivered: Callable[[Any], dict] | None = None) -> Any:
    """Await ``result`` unless a dialog opens first (then ``delivered(pending)``'s result for an element action,
    else ``MODAL_DIALOG``) or, with ``replaced`` (a signal: a new document started loading), the document is
    being replaced (then ``FRAME_GONE``, which the guard retries); the call is cancelled then."""
    if not (asyncio.iscoroutine(result) or isinstance(result, asyncio.Future)):
        return result
    loop = asyncio.get_running_loop()
    opened: asyncio.Future = loop.create_future()
    loading: asyncio.Future = loop.create_future()

    def on_open(pending: Any) -> None:
        if not opened.done():
            opened.set_result(pending)

    def on_load() -> None:
        if not loading.done():
            loading.set_result(None)

    parts.dialogs.opened.connect(on_open)
    if replaced is not None:
        replaced.connect(on_load)
    task = asyncio.ensure_future(result)
    try:
        await asyncio.wait({task, opened, loading}, return_when=asyncio.FIRST_COMPLETED)
    except asyncio.CancelledError:
        # The request is cancelled (the app is closing): the call goes with it, and unwinds now, while the
        # views it uses still exist (asyncio.wait never cancels what it waits for).
        task.cancel()
        await asyncio.wait({task})
        if not task.cancelled():
            task.exception()   # retrieved: its clean-up may fail on objects going away; nobody reads it
        raise
    finally:
        parts.dialogs.opened.disconnect(on_open)
        if replaced is not None:
            replaced.disconnect(on_load)
    if task.done():
        return task.result()
    task.cancel()
    if opened.done():
        if delivered is not None:
            return delivered(opened.result())
        raise modal_error(opened.result(), "the action was delivered, and " if acting else "")
    raise PagenoteError("FRAME_GONE", "a new document started loading during the call")
