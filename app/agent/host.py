"""The app as the agent socket sees it: :class:`TabsHost` implements :class:`app.agent.methods.Host` over
tabs addressed by id — never over a window — so the window and a headless ``pagenote serve`` share it."""

from __future__ import annotations

import asyncio
import base64
from pathlib import Path
from typing import Protocol

from app.agent.actions import ActionsHost
from app.agent.browser import BrowserHost
from app.agent.context import ContextKeeper, ContextParams, WaitChangeParams
from app.agent.methods import ScreenshotParams
from app.agent.snapshots import RefParams, SnapshotKeeper, SnapshotParams
from app.agent.tabs import acting_tab
from app.capture.downscale import agent_png
from app.core.errors import PagenoteError
from app.model.annotation import AnnotationBatch
from app.sinks import write_atomic
from app.tabs.tab import Tab


class Tabs(Protocol):
    """What the host needs from the application: its tabs and which one is active."""

    @property
    def tabs(self) -> list[Tab]: ...

    @property
    def active_tab(self) -> Tab | None: ...


class TabsHost(BrowserHost, ActionsHost):
    """Adapter from the agent methods to the app's tabs (the browser methods: :class:`BrowserHost`; actions by ref,
    dialogs, extract and find: :class:`ActionsHost`). Every failure is a
    :class:`~app.core.errors.PagenoteError` with its own registry name (``CAPTURE_BLANK`` reaches the agent
    as ``CAPTURE_BLANK``)."""

    def __init__(self, app: Tabs) -> None:
        self.app = app

    def _active(self) -> Tab:
        tab = acting_tab(self.app)   # the tab the call was pinned to (app.agent.tabs.stamp_table)
        if tab is None:
            raise PagenoteError("NO_PAGE", "no tab is open")
        return tab

    async def current_batch(self) -> AnnotationBatch:
        """The active tab's unsent batch, each annotation re-read from its live element first
        (:meth:`~app.tabs.tab.Tab.refreshed_batch`, issue 9 §4); an empty one when no tab is open."""
        tab = self.app.active_tab
        return await tab.refreshed_batch() if tab is not None else AnnotationBatch()

    def tabs(self) -> list[dict]:
        """``[{id, title, url, active}]`` in tab order."""
        active = self.app.active_tab
        return [tab.info(tab is active) for tab in self.app.tabs]

    async def page_state(self) -> dict:
        """The active tab's :meth:`~app.tabs.tab.Tab.page_state`, plus the document's HTTP ``status`` and its
        ``console_errors`` count when there are any (:meth:`BrowserHost.browser_state`), and what the tab
        emulates as ``browser.emulate`` answers it (:func:`app.agent.emulation.emulation_answer`): ``emulation``
        (device, viewport ``width``/``height`` in CSS px, ``dpr`` — the page's ``devicePixelRatio`` while a
        device is emulated, where the top-level ``dpr`` stays the window's —, ``mobile``, ``touch``,
        ``color_scheme``, ``reduced_motion``, ``media``, ``cpu``, ``network``, ``active``, ``text``) and
        ``fits``; ``paused_in_devtools: true`` while the user's F12 holds the page at a breakpoint (answered at
        once, without waiting for the page to settle). Raises ``NO_PAGE``."""
        from app.agent.emulation import emulation_answer

        tab = self._active()
        if tab.cdp.user_paused:  # scripts stand still: no settle to wait for, and the agent is told why
            return {**await tab.page_state(settle_ms=0), "paused_in_devtools": True, **self.browser_state(tab),
                    **emulation_answer(tab)}
        return {**await tab.page_state(), **self.browser_state(tab), **emulation_answer(tab)}

    def paused_in_devtools(self) -> bool:
        """True while the active tab's page stands at a breakpoint in the user's F12 window
        (:attr:`app.webview.cdp.CdpSession.user_paused`): no page script answers until the user resumes."""
        tab = self.app.active_tab
        return bool(tab is not None and tab.cdp.user_paused)

    async def screenshot(self, params: ScreenshotParams) -> dict:
        """Capture per ``params`` in the active tab and describe the file(s): ``{kind, path, width, height,
        scale, css_scale, dpr, annotation}`` (+ ``full_size_path``/``full_width``/``full_height`` when
        downscaled, ``band`` = ``{top, bottom, whole_scale, css_top, css_bottom, css_height}`` when the copy is
        only the top of a page too tall to fit readably (rows of the full-size PNG, and document y in CSS px;
        :func:`~app.capture.downscale.agent_png`), ``data``/``mime_type`` when inline; ``ref`` for a ``target``, and
        ``file``/``format`` when a ``filename`` or a JPEG was asked for: :mod:`app.agent.shot_files`). ``scale``
        ``css`` | ``device`` is the saved image's. Raises ``NOT_FOUND`` for an unknown batch or annotation,
        ``INVALID_PARAMS`` for a filename outside the output directory (checked before anything is captured), the
        pinning errors of a target, the ``CAPTURE_*`` errors, and the bridge's page errors."""
        from app.agent.shot_files import output_file, target_shot, write_copy

        tab = self._active()
        shots = tab.capture.project_dir / "shots"
        output_file(shots, params.filename, params.format, shots / "x.png")   # refused before anything is taken
        # A request right after a navigation waits (bounded) for the new page; if it is still not ready the
        # error names the real state (PAGE_LOADING, PAGE_SCRIPT_MISSING), not a capture failure.
        await tab.settled()
        shooter = tab.capture.shooter(params.scale)
        number, ref = params.annotation, None
        if params.kind == "element" and params.target is not None:
            shot, ref = await target_shot(self, tab, shooter, params.target, params.snapshot_id)
        elif params.kind == "element":
            session = tab.session
            if params.batch == "current":
                ids, sent = session.batch_ids(), ""  # batch-wide numbers; "" for another tab's annotation
            elif params.batch in session.sent_ids:
                ids, sent = session.sent_ids[params.batch], params.batch
            else:
                raise PagenoteError("NOT_FOUND", f"batch {params.batch!r} was not sent from this window session",
                                    "element screenshots work for the current batch and batches sent since start")
            if number is None or not 1 <= number <= len(ids):
                raise PagenoteError("NOT_FOUND", f"there is no annotation {number} in batch {params.batch!r}",
                                    f"that batch has annotations 1..{len(ids)}" if ids else "that batch is empty")
            if not ids[number - 1]:
                raise PagenoteError("NOT_FOUND", f"annotation {number} was made in another tab",
                                    "select that tab (tabs.select), then ask again")
            shot = await tab.capture.element(number, ids[number - 1], shooter, sent)
        elif params.kind == "full":
            shot, _ = await shooter.full_page()
        else:
            shot, _ = await shooter.viewport(annotated=False)
        data = Path(shot.path).read_bytes()
        result = {"kind": params.kind, "path": shot.path, "width": shot.width, "height": shot.height,
                  "scale": 1.0, "css_scale": shot.scale, "dpr": shot.dpr, "annotation": number}
        if ref is not None:
            result["ref"] = ref
        file, fmt = output_file(shots, params.filename, params.format, Path(shot.path))
        if file is not None:
            try:
                await asyncio.get_running_loop().run_in_executor(None, write_copy, data, file, fmt)
            except OSError as exc:
                raise PagenoteError("CAPTURE_FAILED", f"the screenshot could not be saved as {file}: {exc}",
                                    f"the PNG is saved at {shot.path}; give another filename") from None
            result.update(file=str(file), format=fmt)
        if params.downscale:
            # Decoding and resizing a tall page takes a second or more: off the Qt thread.
            copy = await asyncio.get_running_loop().run_in_executor(None, agent_png, data)
            if copy.scale < 1.0:
                small_path = Path(shot.path).with_name(Path(shot.path).stem + "-agent.png")
                write_atomic(small_path, copy.png)
                result.update(path=str(small_path), full_size_path=shot.path, full_width=shot.width,
                              full_height=shot.height, width=copy.width, height=copy.height, scale=copy.scale)
            if copy.cropped:
                css = shot.scale or 1.0
                result["band"] = {"top": copy.top, "bottom": copy.bottom, "whole_scale": copy.whole_scale,
                                  "css_top": round(copy.top / css), "css_bottom": round(copy.bottom / css),
                                  "css_height": round(shot.height / css)}
            data = copy.png
        if params.inline:
            result["data"] = (await asyncio.get_running_loop().run_in_executor(None, base64.b64encode, data)).decode("ascii")
            result["mime_type"] = "image/png"
        return result

    # -- the agent snapshot (app.agent.snapshots) ------------------------------------------------------------------

    def _snapshots(self) -> SnapshotKeeper:
        if not hasattr(self, "_keeper"):
            self._keeper = SnapshotKeeper()
        return self._keeper

    async def snapshot(self, params: SnapshotParams) -> dict:
        """``snapshot``: the active tab's budgeted snapshot (:meth:`SnapshotKeeper.snapshot`). Raises ``NO_PAGE``,
        ``INVALID_REQUEST``, the selector errors and the page's errors."""
        return await self._snapshots().snapshot(self._active(), params)

    async def resolve_ref(self, params: RefParams) -> dict:
        """``ref.resolve``: where a ref of a snapshot is now (:meth:`SnapshotKeeper.resolve`). Raises
        ``STALE_REF`` and the page's errors."""
        return await self._snapshots().resolve(
            lambda tab_id: next((t for t in self.app.tabs if t.id == tab_id), None), params)

    # -- page context and revisions (app.agent.context) ------------------------------------------------------------

    def _contexts(self) -> ContextKeeper:
        if not hasattr(self, "_context_keeper"):
            self._context_keeper = ContextKeeper(lambda: bool(getattr(self.app, "source_hints", True)))
        return self._context_keeper

    async def page_context(self, params: ContextParams) -> dict:
        """``page.context``: the active tab's page-context record (:meth:`ContextKeeper.context`). Raises
        ``NO_PAGE`` and what that raises."""
        return await self._contexts().context(self._active(), params)

    async def wait_for_change(self, params: WaitChangeParams) -> dict:
        """``page.wait_for_change``: the active tab's next revision and its diff (:meth:`ContextKeeper.wait`).
        Raises ``NO_PAGE`` and what that raises."""
        return await self._contexts().wait(self._active(), params)
