"""The agent socket's opt-in testing methods (issue 27, requirement 6; MCP ``--caps=testing``): assertions on
the live page and an element's locator, answered by the page script (``app/picker_js/verify.js``).

Methods (params → result; each result names its tab):

- ``verify.element(role, name)`` → ``{passed, matches, visible, others}``: an element of ``role`` whose
  accessible name contains ``name`` (case-insensitive, whitespace squashed: Playwright's ``getByRole(role,
  {name})``) is visible; ``others``: names of the role's other elements (≤ 10)
- ``verify.text(text)`` → ``{passed, hidden?, near?}``: the page's rendered text contains ``text`` (as
  ``getByText(text)``); ``hidden``: it is in the document's text but not drawn — the source of a script, a
  style, a template, a noscript or a title is no page text (verify.js ``NO_TEXT``); ``near``: drawn texts
  holding its first word (≤ 10)
- ``verify.value(target, snapshot_id?, type, value)`` → ``{passed, role, name, actual?, secret?, length?}``:
  the element's value (checkbox/radio: ``"true"``/``"false"``; a ``<select>``: the selected option's value or
  label) equals ``value``; a secret field's value (``isSecretField``/``data-pagenote-redact``, redact.js) is
  never quoted, only its ``length``
- ``verify.list(target, snapshot_id?, items)`` → ``{passed, missing, found?}``: each item's text is visible in
  the element
- ``locator.generate(target, snapshot_id?)`` → ``{locators, playwright, best, role, name}``: the element's
  ranked locators (``app/picker_js/locators.js``) and the best as Playwright code
  (:func:`app.protocol.pw_locators.playwright_locator`)

``target``: a ref of a snapshot of the tab (``e12``, ``f1e3``; ``snapshot_id`` defaults to the newest snapshot of
the tab that shows it) or, in the top document, a pagenote locator (``role=button[name="Go"]``) or a CSS
selector matching exactly one element. Errors: ``STALE_REF``, ``REF_IN_OTHER_TAB``, ``SELECTOR_NOT_FOUND``,
``SELECTOR_NOT_UNIQUE``, ``BAD_SELECTOR``, ``MODAL_DIALOG``, ``FILE_CHOOSER_OPEN`` and the page's errors. A failed
assertion is a result (``passed: false``), not an error: the MCP tool makes it ``isError``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictStr

from app.agent.snapshots import _REF, STALE_NEXT
from app.agent.tabs import _acting, tab_stamp
from app.core.errors import PagenoteError
from app.protocol.locators import bounded_locators
from app.protocol.pw_locators import playwright_locator

#: The field types of Playwright MCP's ``browser_fill_form`` / ``browser_verify_value``.
VALUE_TYPES = ("textbox", "checkbox", "radio", "combobox", "slider")
VERIFY_TIMEOUT_MS = 15_000


class _Params(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    element: StrictStr | None = Field(default=None, max_length=500)   # the agent's description, unused


class ElementParams(_Params):
    role: StrictStr = Field(pattern=r"^[a-z][a-z-]{0,39}$")
    name: StrictStr = Field(min_length=1, max_length=1000)


class TextParams(_Params):
    text: StrictStr = Field(min_length=1, max_length=1000)


class TargetParams(_Params):
    target: StrictStr = Field(min_length=1, max_length=2000)
    snapshot_id: StrictStr | None = Field(default=None, max_length=40)


class ValueParams(TargetParams):
    type: Literal[VALUE_TYPES]
    value: StrictStr = Field(max_length=10_000)


class ListParams(TargetParams):
    items: list[StrictStr] = Field(min_length=1, max_length=100)


def pinned(app: Any, handler: Callable[[Any, Any], Any]) -> Callable[[Any], Any]:
    """``handler(tab, params)`` run against the tab active at the call's start (pinned as
    :func:`app.agent.tabs.acting_tab` sees it), after the checks every page method makes — a held dialog
    (``MODAL_DIALOG``: :func:`app.agent.actions.guard_table`), a held file chooser (``FILE_CHOOSER_OPEN``:
    :func:`app.agent.forms.chooser_guard`), so a check answers as navigate and evaluate do meanwhile —; its dict
    result names the tab (``tab: {id, origin}``). Raises ``NO_PAGE`` when no tab is open."""
    async def run(params: Any) -> Any:
        from app.agent.actions import modal_error
        from app.agent.forms import chooser_error
        from app.tabs.agent_control import agent_parts

        tab = app.active_tab
        if tab is None:
            raise PagenoteError("NO_PAGE", "no tab is open")
        pending = agent_parts(tab).dialogs.pending
        if pending is not None:
            raise modal_error(pending)
        chooser = getattr(tab, "file_chooser", None)   # made by the first click that could open one
        if chooser is not None and chooser.pending is not None:
            raise chooser_error(chooser)
        stamp = tab_stamp(tab)
        token = _acting.set(tab)
        try:
            result = await handler(tab, params)
        finally:
            _acting.reset(token)
        return {**result, "tab": stamp}
    return run


def newest_snapshot_of(keeper: Any, tab: Any, ref: str) -> str:
    """The id of the newest snapshot (or ``find``) of ``tab`` whose text shows ``ref``. Raises ``STALE_REF``."""
    for sid in reversed(keeper.ids):
        taken = keeper.ids[sid]
        if taken.tab_id == tab.id and f"[ref={ref}]" in "\n".join(taken.lines):
            return sid
    raise PagenoteError("STALE_REF", f"no snapshot of this tab kept by pagenote shows {ref}", STALE_NEXT)


class Checker:
    """Runs verify.js checks for the socket methods over ``host`` (an :class:`app.agent.host.TabsHost`: its
    snapshot keeper and ``_locate``)."""

    def __init__(self, host: Any) -> None:
        self.host = host

    async def _page(self, tab: Any, check: dict, target: TargetParams | None = None) -> dict:
        """The page's answer to ``check`` (``kind`` and its fields), ``target`` resolved first: a ref to its
        frame and document, anything else a top-document locator or selector. Raises per the module docstring."""
        await tab.settled()
        frame = None
        if target is not None:
            if _REF.fullmatch(target.target):
                sid = target.snapshot_id or newest_snapshot_of(self.host._snapshots(), tab, target.target)
                located = await self.host._locate(target.target, sid)
                frame = located.frame
                check = {**check, "ref": located.local, "doc": located.doc, "seq": located.seq}
            else:
                check = {**check, "target": target.target}
        answer = await tab.bridge.call("verify", check, frame=frame, timeout_ms=VERIFY_TIMEOUT_MS)
        error = answer.get("error") if isinstance(answer, dict) else "answer"
        if not error:
            return answer
        shown = target.target if target is not None else ""
        if error == "stale":
            raise PagenoteError("STALE_REF", f"the element of {shown} is gone ({answer.get('reason')})", STALE_NEXT)
        if error == "selector":
            raise PagenoteError("BAD_SELECTOR", f"{shown!r} is not a CSS selector: {answer.get('message', '')[:200]}",
                                "give a ref of the snapshot, a locator such as role=button[name=\"Go\"], or a "
                                "CSS selector")
        if error == "count" and answer.get("count") == 0:
            raise PagenoteError("SELECTOR_NOT_FOUND", f"{shown!r} matches no element of the top document",
                                "take a snapshot and use a ref from it")
        if error == "count":
            raise PagenoteError("SELECTOR_NOT_UNIQUE", f"{shown!r} matches more than one element",
                                "use a ref from a snapshot, or a more specific selector")
        raise PagenoteError("PAGE_SCRIPT_ERROR", f"verify: unexpected answer {error!r}")

    async def element(self, tab: Any, p: ElementParams) -> dict:
        """``verify.element`` (module docstring)."""
        return await self._page(tab, {"kind": "element", "role": p.role, "name": p.name})

    async def text(self, tab: Any, p: TextParams) -> dict:
        """``verify.text`` (module docstring)."""
        return await self._page(tab, {"kind": "text", "text": p.text})

    async def value(self, tab: Any, p: ValueParams) -> dict:
        """``verify.value`` (module docstring). Raises ``INVALID_PARAMS`` for a checkbox or radio value other than
        ``"true"``/``"false"``."""
        if p.type in ("checkbox", "radio") and p.value not in ("true", "false"):
            raise PagenoteError("INVALID_PARAMS", f"verify.value: a {p.type}'s value is \"true\" or \"false\", "
                                f"not {p.value[:40]!r}")
        return await self._page(tab, {"kind": "value", "type": p.type, "value": p.value}, p)

    async def list(self, tab: Any, p: ListParams) -> dict:
        """``verify.list`` (module docstring)."""
        return await self._page(tab, {"kind": "list", "items": list(p.items)}, p)

    async def locator(self, tab: Any, p: TargetParams) -> dict:
        """``locator.generate``: the locators that survive :func:`~app.protocol.locators.bounded_locators`, their
        Playwright code (:func:`~app.protocol.pw_locators.playwright_locator`), ``best`` (the first, or ``""``)."""
        answer = await self._page(tab, {"kind": "locator"}, p)
        locators = list(bounded_locators(answer.get("locators")))
        code = [c for c in (playwright_locator(loc) for loc in locators) if c]
        return {"locators": locators, "playwright": code, "best": code[0] if code else "",
                "role": answer.get("role", ""), "name": answer.get("name", "")}


def verify_table(host: Any) -> dict[str, tuple[type[BaseModel], Callable[[Any], Any]]]:
    """The testing methods for :class:`app.agent.methods.Methods`' table (``name → (params model, handler)``)."""
    checker = Checker(host)
    return {
        "verify.element": (ElementParams, pinned(host.app, checker.element)),
        "verify.text": (TextParams, pinned(host.app, checker.text)),
        "verify.value": (ValueParams, pinned(host.app, checker.value)),
        "verify.list": (ListParams, pinned(host.app, checker.list)),
        "locator.generate": (TargetParams, pinned(host.app, checker.locator)),
    }
