"""The agent socket's methods: parameter models, the dispatch table, and the hub that delivers sent batches
to waiting agents. No Qt: the app plugs in a :class:`Host` (page access, screenshots) and the server turns
:class:`Wait` answers into long polls.

Methods (params → result; every batch view has the model as JSON and its ``markdown``):

- ``health`` → ``{app, version, protocol_version, methods, capabilities}``
- ``annotations.list(status?, compact?)`` → ``{current, batches: [...]}``
- ``annotations.get(batch)`` → one batch view (``batch="current"``: the unsent batch)
- ``annotations.wait(timeout_ms)`` → ``{batch, timed_out}``; ``timeout_ms`` an integer 0..300000
- ``annotations.ack(batch, status, reply?, annotation?)`` → the batch view
- ``annotations.send(markdown)`` → ``{batch, delivered_to}``: hand a batch over as if the user pressed Send
- ``annotations.verify(batch, annotation?)`` → ``{batch, results, verified, changed}``: each sent annotation
  re-anchored, cropped again and compared with its before crop (an ``annotations.ack`` to ``resolved`` runs it
  too): see :mod:`app.agent.verify_annotations`
- ``screenshot(kind?, annotation?, batch?, downscale?, inline?, target?, snapshot_id?, scale?, format?,
  filename?)`` → ``{path, width, height, scale, dpr, kind}`` (+ ``full_size_path``/``full_width``/``full_height``
  when downscaled, ``band`` when a page too tall to fit at the readable floor is sent as its top band, ``data``
  base64 PNG when ``inline``, ``file``/``format`` when a file or a JPEG was asked for, ``ref`` for a target);
  ``kind=element`` crops annotation number ``annotation`` of ``batch`` (``current`` or a sent batch id), or the
  element ``target`` names (a ref or a selector); ``scale`` ``css`` | ``device``: see
  :mod:`app.agent.shot_files`
- ``tabs.list`` → ``[{id, title, url, active}]``; ``tabs.new``, ``tabs.select``, ``tabs.close``: see
  :mod:`app.agent.tabs`; ``page.state`` → ``{url, title, loading, viewport, scroll}``
- ``snapshot(max_chars?, max_nodes?, selector?, mode?, response_mode?)``, ``ref.resolve(ref, snapshot_id)``:
  see :mod:`app.agent.snapshots`
- ``page.context(detail?, ref?, selector?, max_nodes?, max_chars?, cursor?)``,
  ``page.wait_for_change(since_revision, timeout_ms)``: see :mod:`app.agent.context`
- ``navigate``, ``back``, ``forward``, ``reload``, ``evaluate``, ``console.list``, ``console.get``,
  ``network.list``: see :mod:`app.agent.browser`
- ``click``, ``hover``, ``type``, ``fill``, ``press``, ``select_option``, ``check``, ``uncheck``, ``scroll``,
  ``drag``, ``dialog.handle``, ``extract``, ``find``: see :mod:`app.agent.actions`
- ``browser.resize``, ``browser.emulate``: see :mod:`app.agent.emulation`
- ``performance.start_trace``, ``performance.stop_trace``, ``performance.analyze_insight``: see
  :mod:`app.agent.performance`
- ``devices.list``, ``device.log``, ``device.log_clear``, ``virtual_device.input``, ``virtual_device.script``:
  see :mod:`app.agent.devices`
- ``wait_for(text?, text_gone?, time?, timeout_ms?)``, and the ``effects`` (what changed) of every action's
  result: see :mod:`app.agent.effects`
- ``annotate(timeout_ms?)``: annotation mode on in the window, the user's next Send with refs of its elements
  (``browser_annotate``): see :mod:`app.agent.annotate`
- ``verify.element``, ``verify.text``, ``verify.value``, ``verify.list``, ``locator.generate``, ``cookie.*``,
  ``storage.*``, ``route.add``, ``route.remove``, ``route.list`` (the MCP ``--caps`` groups): see
  :mod:`app.agent.verify`, :mod:`app.agent.storage`, :mod:`app.agent.routes`
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr, ValidationError

from app import __version__
from app.agent.rpc import PROTOCOL_VERSION
from app.core.errors import PagenoteError
from app.agent.store import BatchStore, SentBatch, Status
from app.model.annotation import AnnotationBatch
from app.protocol.markdown import ProtocolError, encode_annotations, parse_annotations

#: Longest long poll (issue #5 §2): larger values are rejected, not clamped.
MAX_WAIT_MS = 300_000


class _Params(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class NoParams(_Params):
    pass


class ListParams(_Params):
    status: Status | None = None
    compact: StrictBool = False


class GetParams(_Params):
    batch: StrictStr


class WaitParams(_Params):
    timeout_ms: StrictInt = Field(ge=0, le=MAX_WAIT_MS)


class AckParams(_Params):
    batch: StrictStr
    status: Literal["acknowledged", "resolved", "dismissed"]
    reply: StrictStr = Field(default="", max_length=500)  # one line; newlines are folded to spaces
    annotation: StrictInt | None = Field(default=None, ge=1)


class SendParams(_Params):
    markdown: StrictStr


class ScreenshotParams(_Params):
    kind: Literal["viewport", "full", "element"] = "viewport"
    annotation: StrictInt | None = Field(default=None, ge=1)
    batch: StrictStr = "current"
    downscale: StrictBool = False
    inline: StrictBool = False
    # an element by ref or selector, the scale, and a chosen file (app.agent.shot_files)
    target: StrictStr | None = Field(default=None, min_length=1, max_length=2000)
    snapshot_id: StrictStr | None = Field(default=None, max_length=40)
    scale: Literal["css", "device"] = "css"
    format: Literal["png", "jpeg"] | None = None
    filename: StrictStr | None = Field(default=None, max_length=1000)


#: Errors of a page that did not answer in time: ``PAGE_PAUSED`` instead while the user's F12 holds it paused.
_TIMEOUTS = frozenset({"EVALUATE_TIMEOUT", "PAGE_CALL_TIMEOUT", "PAGE_UNRESPONSIVE", "CDP_TIMEOUT", "PAGE_LOADING"})


class Host(Protocol):
    """What the app provides to the methods (:class:`app.agent.host.TabsHost`). Implementations raise
    :class:`PagenoteError` on failure."""

    async def current_batch(self) -> AnnotationBatch: ...

    async def page_state(self) -> dict: ...

    def tabs(self) -> list[dict]: ...

    async def screenshot(self, params: ScreenshotParams) -> dict: ...


@dataclass(frozen=True)
class Wait:
    """Answer later: the server parks the request until a batch is sent or ``timeout_ms`` passes."""

    timeout_ms: int


class Hub:
    """Sent batches and their delivery. ``deliver(sent) -> int`` is set by the server: it answers the parked
    waits (marking the batch delivered) and returns how many received it. ``on_change`` callbacks run after
    any status change (the panel refreshes)."""

    def __init__(self, store: BatchStore) -> None:
        self.store = store
        self.deliver: Callable[[SentBatch], int] = lambda _batch: 0
        self.on_change: list[Callable[[], None]] = []
        #: One-shot receivers of the next sent batch besides the parked waits (``annotate`` requests,
        #: :mod:`app.agent.annotate`): each is called with it once, and counts as one delivery.
        self.takers: list[Callable[[SentBatch], None]] = []
        #: The last verification of annotation ``(batch id, number)`` that could not complete (a
        #: :class:`~app.core.errors.PagenoteError`: the automatic one after ``resolved``, or the panel's Check), in
        #: memory only — the store keeps completed verifications alone (issue 31, requirement 5); the panel shows it.
        self.verify_errors: dict[tuple[str, int], Exception] = {}

    def changed(self) -> None:
        for callback in list(self.on_change):
            callback()

    def send(self, batch: AnnotationBatch) -> tuple[SentBatch, int]:
        """Record ``batch`` as sent and deliver it to every waiting agent. Returns ``(sent, receivers)``;
        with no receiver the batch stays ``pending`` for the next ``annotations.wait``. Raises ``OSError`` when
        it cannot be persisted (then nothing was delivered)."""
        sent = self.store.add(batch)
        receivers = self.deliver(sent)
        takers, self.takers = self.takers, []
        if takers:
            self.store.mark_delivered(sent, len(takers))
            for take in takers:
                take(sent)
        self.changed()
        return sent, receivers + len(takers)


class Methods:
    """The dispatch table. :meth:`call` returns a JSON-able result or a :class:`Wait`, or raises
    :class:`PagenoteError`."""

    def __init__(self, host: Host, hub: Hub, waiting: Callable[[], int] = lambda: 0) -> None:
        self.host = host
        self.hub = hub
        self.waiting = waiting
        self.table: dict[str, tuple[type[_Params], Callable[[Any], Any]]] = {
            "health": (NoParams, self.health),
            "annotations.list": (ListParams, self.list),
            "annotations.get": (GetParams, self.get),
            "annotations.wait": (WaitParams, self.wait),
            "annotations.ack": (AckParams, self.ack),
            "annotations.send": (SendParams, self.send),
            "screenshot": (ScreenshotParams, self.screenshot),
            "tabs.list": (NoParams, lambda _p: self.host.tabs()),
            "page.state": (NoParams, lambda _p: self.host.page_state()),  # a coroutine: awaited by call()
        }
        if hasattr(host, "snapshot"):  # the agent snapshot and its refs (app.agent.snapshots)
            from app.agent.snapshots import RefParams, SnapshotParams

            self.table.update({"snapshot": (SnapshotParams, host.snapshot), "ref.resolve": (RefParams, host.resolve_ref)})
        if hasattr(host, "page_context"):  # page context and revisions (app.agent.context)
            from app.agent.context import ContextParams, WaitChangeParams

            self.table.update({"page.context": (ContextParams, host.page_context),
                               "page.wait_for_change": (WaitChangeParams, host.wait_for_change)})
        if hasattr(getattr(host, "app", None), "active_tab"):  # page.freeze (app.agent.freeze)
            from app.agent.freeze import freeze_table

            self.table.update(freeze_table(host))
            from app.agent.emulation import emulation_table  # browser.resize / browser.emulate (issue 26 req. 4)

            self.table.update(emulation_table(host))
        if hasattr(host, "navigate"):  # the browser methods (app.agent.browser): navigation, evaluate, console…
            from app.agent.browser import browser_table

            self.table.update(browser_table(host))
        if hasattr(getattr(host, "app", None), "active_tab"):  # performance traces (app.agent.performance, issue 26)
            from app.agent.performance import performance_table

            self.table.update(performance_table(host))
        if hasattr(getattr(host, "app", None), "new_isolated_tab"):  # tabs.new / select / close (app.agent.tabs)
            from app.agent.tabs import tabs_table

            self.table.update(tabs_table(host.app))
        if hasattr(type(getattr(host, "app", None)), "devices"):  # WebHID / Web Serial devices (app.agent.devices)
            from app.agent.devices import devices_table

            self.table.update(devices_table(host.app))
        if hasattr(host, "snapshot") and hasattr(getattr(host, "app", None), "batch_session"):  # browser_annotate
            from app.agent.annotate import annotate_table

            self.table.update(annotate_table(host))
            #: Methods whose request ends when its client disconnects (the server cancels it).
            self.cancel_on_drop = frozenset({"annotate"})
        if hasattr(host, "act"):  # opt-in groups (MCP --caps): testing checks, storage, network routes
            from app.agent.routes import routes_table
            from app.agent.storage import storage_table
            from app.agent.verify import verify_table

            self.table.update({**verify_table(host), **storage_table(host.app), **routes_table(host.app)})
        if hasattr(host, "act"):  # actions by ref, dialog.handle, extract/find; every page method's guard
            from app.agent.actions import actions_table, guard_table

            from app.agent.forms import chooser_guard, forms_table  # fill_form, file.upload, the chooser's guard

            self.table.update(actions_table(host))
            self.table.update(forms_table(host))
            from app.agent.effects import effects_table  # what each action changed
            from app.agent.waits import wait_table  # wait_for

            self.table.update(wait_table(host))
            self.table = effects_table(self.table, host)
            self.table = guard_table(self.table, host)
            self.table = chooser_guard(self.table, host)
        if hasattr(getattr(host, "app", None), "active_tab"):  # annotations.verify, verifying on resolved
            from app.agent.verify_annotations import verify_table

            self.table = verify_table(self.table, host, hub)
        if hasattr(getattr(host, "app", None), "active_tab"):  # page methods pinned to a tab and naming it
            from app.agent.tabs import stamp_table

            self.table = stamp_table(self.table, host.app)

    async def call(self, method: str, params: dict) -> Any:
        """Validate ``params`` against the method's model and run it (awaiting handlers that return a
        coroutine). Returns a JSON-able result or :class:`Wait`; raises :class:`PagenoteError`
        (``METHOD_NOT_FOUND``, ``INVALID_PARAMS``, or the handler's own — a timeout of a page the user paused
        at a breakpoint in F12 as ``PAGE_PAUSED``)."""
        if method not in self.table:
            raise PagenoteError("METHOD_NOT_FOUND", f"unknown method {method!r}")
        model, handler = self.table[method]
        try:
            parsed = model.model_validate(params)
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(p) for p in first["loc"]) or "params"
            raise PagenoteError("INVALID_PARAMS", f"{method}: {where}: {first['msg']}") from None
        try:
            result = handler(parsed)
            if inspect.isawaitable(result):
                result = await result
        except PagenoteError as exc:
            # A page at a breakpoint in the user's F12 window answers nothing: say so, not "a busy page".
            paused = getattr(self.host, "paused_in_devtools", None)
            if exc.name in _TIMEOUTS and paused is not None and paused():
                raise PagenoteError("PAGE_PAUSED", f"{method}: {exc.message}") from exc
            raise
        return result

    # -- methods ---------------------------------------------------------------------------------------------

    def health(self, _params: NoParams) -> dict:
        return {"app": "pagenote", "version": __version__, "protocol_version": PROTOCOL_VERSION,
                "methods": sorted(self.table), "waiting": self.waiting(),
                "capabilities": {"compactResponses": True, "annotations.wait": True, "maxWaitMs": MAX_WAIT_MS,
                                 "screenshot": ["viewport", "full", "element"], "inlineImages": True,
                                 "evaluate": bool(getattr(getattr(self.host, "app", None), "allow_evaluate", False))}}

    async def _current_view(self, compact: bool) -> dict:
        batch = await self.host.current_batch()  # re-read from the live page first (issue 9 §4)
        view: dict[str, Any] = {"id": "current", "status": "unsent", "count": len(batch.annotations)}
        if not compact:
            view["batch"] = batch.model_dump(mode="json")
            view["markdown"] = encode_annotations(batch)
        return view

    async def list(self, params: ListParams) -> dict:
        batches = [b.view(params.compact) for b in self.hub.store.batches
                   if params.status is None or b.status == params.status]
        return {"current": await self._current_view(params.compact), "batches": batches}

    async def get(self, params: GetParams) -> dict:
        if params.batch == "current":
            return await self._current_view(False)
        try:
            return self.hub.store.get(params.batch).view()
        except KeyError:
            raise PagenoteError("NOT_FOUND", f"no batch {params.batch!r}") from None

    def wait(self, params: WaitParams) -> Any:
        pending = self.hub.store.oldest_pending()
        if pending is not None:
            self.hub.store.mark_delivered(pending, 1)
            self.hub.changed()
            return {"batch": pending.view(), "timed_out": False}
        return Wait(params.timeout_ms)

    def ack(self, params: AckParams) -> dict:
        try:
            batch = self.hub.store.ack(params.batch, params.status, params.reply, params.annotation)
        except KeyError:
            raise PagenoteError("NOT_FOUND", f"no batch {params.batch!r}") from None
        except IndexError as exc:
            raise PagenoteError("INVALID_PARAMS", str(exc)) from None
        self.hub.changed()
        return batch.view()

    def send(self, params: SendParams) -> dict:
        try:
            batch = parse_annotations(params.markdown)
        except ProtocolError as exc:
            raise PagenoteError("INVALID_PARAMS", f"annotations.send: markdown: {exc}") from None
        try:
            sent, receivers = self.hub.send(batch)
        except OSError as exc:
            raise PagenoteError("INTERNAL_ERROR", f"could not store the batch: {exc}") from None
        return {"batch": sent.view(compact=True), "delivered_to": receivers}

    async def screenshot(self, params: ScreenshotParams) -> dict:
        if params.target is not None and params.kind != "element":
            raise PagenoteError("INVALID_PARAMS", f"screenshot: target is an element; kind={params.kind} cannot "
                                "take one", "pass kind=element with a target")
        if params.kind == "element" and (params.annotation is None) == (params.target is None):
            raise PagenoteError("INVALID_PARAMS", "screenshot: kind=element needs annotation (its number) or target "
                                "(a ref or a selector), one of them")
        return await self.host.screenshot(params)
