"""The agent socket's ``fill_form`` and ``file.upload`` (Playwright MCP's ``browser_fill_form`` and
``browser_file_upload``; issue 27, requirement 1), and the file chooser's guard (:func:`chooser_guard`).

- ``fill_form(fields: [{name, type, ref | target, value}], snapshot_id?)`` → ``{action: "fill_form", fields:
  [{name, type, ref, element, chars | checked | selected | value, changed?, confirmed?: false}]}``: every field in one
  call, in order, with the actions by ref (:class:`app.tabs.actions.Actor`): ``textbox`` → ``fill`` (trusted
  keys replacing the value), ``checkbox`` / ``radio`` → ``check`` / ``uncheck`` (``value`` ``"true"`` or
  ``"false"``; a radio is only checked), ``combobox`` → ``select_option`` (an option's label or value),
  ``slider`` → the value set on an ``<input type=range>`` with ``input`` and ``change``, as Playwright's fill
  does for range inputs (``forms.js``). At most :data:`FORM_FIELDS` fields. A textbox's result is the number of
  characters typed (``chars``), never the text: it may be a password or a token, which never leaves (the
  snapshot shows no secret field's value either); a slider's ``value`` is the one the range reads back.
  Everything is checked before anything is typed: the type and value of every field, every ref (``STALE_REF``,
  ``REF_IN_OTHER_TAB``) and whether its element takes that type (an editable field, a checked state, a
  ``<select>`` with that option, a range the value fits) — an error names the field (``field 3 "Email"``) and
  nothing is set. A failure while filling (the page changed meanwhile) names the field and the fields set
  before it.
- ``file.upload(paths?)`` → ``{files: [{name, size}]}`` or ``{cancelled: true}``: answers the file chooser the
  page opened on the agent's click (held by :class:`~app.webview.file_chooser.FileChooserHold`); the paths are
  checked by :func:`app.core.uploads.checked_upload_paths` (``UPLOAD_REFUSED``; the chooser stays open); no
  ``paths`` cancels. ``NOT_FOUND`` when no chooser is open.

The guard: while a chooser is held, every page method (:data:`app.agent.actions.ACTS`, ``READS``) answers
``FILE_CHOOSER_OPEN`` at once (Playwright MCP's modal state); an action during which one opened returns with
``file_chooser: {multiple}`` ("a file chooser is open: answer with browser_file_upload"); a click or key press
first waits until the tab's DevTools session intercepts choosers. The testing checks (``verify.*``,
:func:`app.agent.verify.pinned`) answer ``FILE_CHOOSER_OPEN`` too. A chooser nobody answers is cancelled
:data:`~app.webview.dialog_hold.HOLD_MS` after it opened, as a held dialog is answered
(:mod:`app.webview.file_chooser`); until then ``FILE_CHOOSER_OPEN`` tells any agent since when it is held.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictStr

from app.agent.actions import ACTS, READS
from app.agent.snapshots import _REF, _refs_in
from app.agent.tabs import acting_tab
from app.core.errors import PagenoteError
from app.core.uploads import UPLOAD_MAX_FILES, checked_upload_paths
from app.tabs.actions import STALE_NEXT, Actor, _label
from app.tabs.agent_control import ACTING, STOPPED, agent_parts
from app.tabs.select_choices import OPTION_NEXT, missing_option
from app.webview.file_chooser import FileChooserHold

#: The most fields one ``fill_form`` takes.
FORM_FIELDS = 100
FIELD_TYPES = ("textbox", "checkbox", "radio", "combobox", "slider")
#: Methods whose input can open a file chooser: they wait until choosers are intercepted.
OPENS_CHOOSER = {"click", "press"}


class FormField(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    name: StrictStr = Field(max_length=200)
    type: StrictStr = Field(max_length=40)   # checked by fill_form, which names the field
    ref: StrictStr | None = Field(default=None, min_length=1, max_length=40)
    target: StrictStr | None = Field(default=None, min_length=1, max_length=2000)
    value: StrictStr = Field(max_length=10_000)


class FillFormParams(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    fields: list[FormField] = Field(min_length=1, max_length=FORM_FIELDS)
    snapshot_id: StrictStr | None = Field(default=None, max_length=40)


class UploadParams(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    paths: list[StrictStr] | None = Field(default=None, max_length=UPLOAD_MAX_FILES)


def chooser_of(tab: Any) -> FileChooserHold:
    """``tab``'s :class:`FileChooserHold` (as ``tab.file_chooser``), made on first use: it intercepts choosers
    while the tab's agent control is ``acting`` and drops the held one when the user takes the page."""
    hold = getattr(tab, "file_chooser", None)
    if hold is None:
        control = agent_parts(tab).control
        hold = tab.file_chooser = FileChooserHold(tab.cdp, tab.page, tab)

        def follow(state: str) -> None:
            hold.release() if state == STOPPED else hold.enable(state == ACTING)

        control.changed.connect(follow)
        follow(control.state)
    return hold


def chooser_error(hold: FileChooserHold) -> PagenoteError:
    """``FILE_CHOOSER_OPEN`` for the held chooser: what it takes, how long it has been held and when pagenote
    cancels it (:class:`~app.webview.file_chooser.FileChooserHold`: an agent's click opened it, maybe another
    agent's); how to answer it is the registry's next step, said once."""
    pending = hold.pending
    many = "several files" if pending and pending.multiple else "one file"
    age = pending.age_s() if pending else 0
    return PagenoteError("FILE_CHOOSER_OPEN", f"a file chooser is open (it takes {many}), held for an agent since "
                                              f"its click {age} s ago — maybe an earlier agent's; the page waits for "
                                              f"files, and pagenote cancels it {hold.hold_ms // 1000} s after it "
                                              "opened")


def _field_label(i: int, f: FormField) -> str:
    return f'field {i + 1} "{f.name}"' if f.name else f"field {i + 1}"


def _flag(f: FormField, where: str) -> bool:
    if f.value not in ("true", "false"):
        raise PagenoteError("INVALID_PARAMS", f'{where}: a {f.type} takes "true" or "false", not {f.value!r}')
    if f.type == "radio" and f.value == "false":
        raise PagenoteError("INVALID_PARAMS", f'{where}: a radio cannot be unchecked; check another radio of its '
                                              "group instead")
    return f.value == "true"


class FormsHost:
    """``fill_form`` and ``file.upload`` over ``host`` (a :class:`~app.agent.host.TabsHost`: its active tab,
    its snapshot refs and ``pin`` when it has one)."""

    def __init__(self, host: Any) -> None:
        self.host = host

    async def _pin(self, aim: str, snapshot_id: str | None) -> tuple[str, str]:
        pin = getattr(self.host, "pin", None)
        if pin is not None:   # refs alone, selectors (app.agent.actions.ActionsHost.pin)
            return await pin(aim, snapshot_id)
        if not _REF.match(aim):
            raise PagenoteError("INVALID_PARAMS", f"{aim!r} is not a ref (e12)", "use a ref from browser_snapshot")
        if snapshot_id is not None:
            return aim, snapshot_id
        tab = self.host._tab()   # a ref alone: the tab's newest snapshot (or find) that shows it
        for taken in reversed(self.host._snapshots().ids.values()):
            if taken.tab_id == tab.id and aim in _refs_in(taken):
                return aim, taken.id
        raise PagenoteError("STALE_REF", f"{aim} is not a ref of tab {tab.id}'s snapshots", STALE_NEXT)

    async def fill_form(self, p: FillFormParams) -> dict:
        """``fill_form`` (module docstring)."""
        tab = self.host._tab()
        actor = Actor(tab, self.host._locate)
        actor.begin()
        plans = []
        for i, f in enumerate(p.fields):   # 1. every field's shape, before the page is asked anything
            where = _field_label(i, f)
            if f.type not in FIELD_TYPES:
                raise PagenoteError("INVALID_PARAMS", f"{where}: unknown type {f.type!r}",
                                    f"use one of {', '.join(FIELD_TYPES)}")
            if f.ref is not None and f.target is not None and f.ref != f.target:
                raise PagenoteError("INVALID_PARAMS", f"{where}: give ref or target, not both")
            if f.ref is None and f.target is None:
                raise PagenoteError("INVALID_PARAMS", f"{where}: give ref (e12, from the snapshot) or target")
            if f.type in ("checkbox", "radio"):
                _flag(f, where)
            if f.type == "slider":
                try:
                    float(f.value)
                except ValueError:
                    raise PagenoteError("INVALID_PARAMS",
                                        f"{where}: a slider takes a number, not {f.value!r}") from None
        for i, f in enumerate(p.fields):   # 2. every ref, and whether its element takes the field's type
            plans.append(await self._plan(actor, i, f, p.snapshot_id))
        done: list[dict] = []
        for i, (f, (ref, sid)) in enumerate(zip(p.fields, plans)):   # 3. fill, in order
            try:
                done.append(await self._fill(actor, f, ref, sid))
            except PagenoteError as exc:
                before = ", ".join(f'{d["name"]!r}' for d in done) or "none"
                raise PagenoteError(exc.name, f"{_field_label(i, f)} failed: {exc.message} (fields set before it: "
                                    f"{before}; fields after it untouched)", exc.next_step) from None
        return {"action": "fill_form", "fields": done}

    async def _plan(self, actor: Actor, i: int, f: FormField, snapshot_id: str | None) -> tuple[str, str]:
        where = _field_label(i, f)
        try:
            ref, sid = await self._pin(f.ref or f.target, snapshot_id)
            loc = await actor.locate(ref, sid)
            t = await actor.bridge.call("actionTarget", loc.local, loc.doc, loc.seq, {"scroll": False, "hit": False},
                                        frame=loc.frame)
        except PagenoteError as exc:
            raise PagenoteError(exc.name, f"{where}: {exc.message}; nothing was filled", exc.next_step) from None
        if not isinstance(t, dict) or not t.get("ok"):
            raise PagenoteError("STALE_REF", f"{where}: {ref} no longer names an element; nothing was filled",
                                STALE_NEXT)
        what = f"{where}: {_label(t)} ({ref})"
        problem, next_step = "", None
        if t.get("disabled"):
            problem = "is disabled"
        elif f.type == "textbox" and not t.get("editable"):
            problem = "is not an editable field (use the type that fits it)"
        elif f.type in ("checkbox", "radio") and t.get("checked") is None:
            problem = "has no checked state"
        elif f.type == "combobox":
            plan = await actor.bridge.call("selectPlan", loc.local, loc.doc, loc.seq, [f.value], frame=loc.frame)
            if plan.get("notSelect"):
                problem = "is not a <select> (a combobox you type into is a textbox)"
            elif missing := missing_option(plan):
                problem, next_step = missing, OPTION_NEXT
        elif f.type == "slider":
            plan = await actor.bridge.call("rangePlan", loc.local, loc.doc, loc.seq, f.value, frame=loc.frame)
            if plan.get("notRange"):
                problem = "is not an <input type=range> (move a custom slider with browser_press_key)"
            elif not plan.get("fits"):
                problem = (f"cannot take {f.value!r}: min {plan.get('min')}, max {plan.get('max')}, step "
                           f"{plan.get('step')} (it would become {plan.get('would')})")
        if problem:
            raise PagenoteError("ELEMENT_NOT_ACTIONABLE", f"{what} {problem}; nothing was filled", next_step)
        return ref, sid

    async def _fill(self, actor: Actor, f: FormField, ref: str, sid: str) -> dict:
        out: dict[str, Any] = {"name": f.name, "type": f.type}
        if f.type == "textbox":
            r = await actor.type(ref, sid, f.value, replace=True)
            out["chars"] = len(f.value)   # never the text (module docstring)
        elif f.type in ("checkbox", "radio"):
            r = await actor.check(ref, sid, f.value == "true")
            out["checked"] = f.value == "true"
        elif f.type == "combobox":
            r = await actor.select_option(ref, sid, [f.value])
            out["selected"] = r.get("selected")
        else:
            actor.begin()
            loc = await actor.locate(ref, sid)
            t = await actor.target(loc, hit=False)
            s = await actor.bridge.call("setRange", loc.local, loc.doc, loc.seq, f.value, frame=loc.frame)
            if not s.get("ok"):
                raise PagenoteError("STALE_REF", f"{ref} no longer names an element", STALE_NEXT)
            if "malformed" in s:
                raise PagenoteError("ELEMENT_NOT_ACTIONABLE", f"{_label(t)} ({ref}) did not take {f.value!r}")
            r = {"ref": ref, "element": _label(t)}
            out["value"] = s.get("value")
        out.update({k: r[k] for k in ("ref", "element", "changed", "confirmed") if k in r})
        return out

    async def upload(self, p: UploadParams) -> dict:
        """``file.upload`` (module docstring)."""
        tab = self.host._tab()
        hold = chooser_of(tab)
        pending = hold.pending
        if pending is None:
            raise PagenoteError("NOT_FOUND", "no file chooser is open", "click the page's file input (or the "
                                "button that opens it) first; the click says when a chooser opens")
        agent_parts(tab).control.begin()
        if p.paths is None:
            hold.cancel()
            return {"cancelled": True, **pending.to_json()}
        app = self.host.app
        roots = app.source_roots() if hasattr(app, "source_roots") else (app.project_dir,)
        files = checked_upload_paths(list(p.paths), multiple=pending.multiple, roots=tuple(roots),
                                     allow_any=bool(getattr(app, "allow_file_urls", False)))
        await hold.answer(files)
        return {"files": [{"name": os.path.basename(f), "size": os.path.getsize(f)} for f in files],
                **pending.to_json()}


def forms_table(host: Any) -> dict[str, tuple[type[BaseModel], Callable[[Any], Any]]]:
    """``fill_form`` and ``file.upload`` for :class:`app.agent.methods.Methods`' table."""
    forms = FormsHost(host)
    return {"fill_form": (FillFormParams, forms.fill_form), "file.upload": (UploadParams, forms.upload)}


def chooser_guard(table: dict, host: Any) -> dict:
    """``table`` with the page methods wrapped in the file chooser's guard (module docstring). Applied over
    :func:`app.agent.actions.guard_table`'s table, inside :func:`app.agent.tabs.stamp_table`'s pin."""
    def wrap(name: str, handler: Callable[[Any], Any]) -> Callable[[Any], Any]:
        async def guarded(params: Any) -> Any:
            tab = acting_tab(host.app)
            if tab is None or getattr(tab, "cdp", None) is None:
                return await _maybe(handler(params))
            hold = chooser_of(tab)
            if hold.pending is not None:
                raise chooser_error(hold)
            if name in OPENS_CHOOSER:
                agent_parts(tab).control.begin()   # USER_TOOK_CONTROL first; the hold follows ``acting``
                await hold.ready()
            opened, missed = hold.opened_count, hold.missed
            result = await _maybe(handler(params))
            if name in OPENS_CHOOSER:
                # a chooser the input opened is held before the answer says so (not waited on while a dialog is)
                await hold.caught_up(agent_parts(tab).dialogs)
            if isinstance(result, dict):
                if hold.pending is not None and hold.opened_count != opened:
                    result = {**result, "file_chooser": hold.pending.to_json()}
                elif hold.missed != missed:
                    result = {**result, "file_chooser_missed": True}
            return result
        return guarded

    guarded_names = (ACTS | READS | {"fill_form"}) - {"file.upload"}
    return {name: (model, wrap(name, handler)) if name in guarded_names else (model, handler)
            for name, (model, handler) in table.items()}


async def _maybe(result: Any) -> Any:
    import asyncio

    return await result if asyncio.iscoroutine(result) or isinstance(result, asyncio.Future) else result
