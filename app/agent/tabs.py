"""The socket's tab methods beyond ``tabs.list``: open, select and close tabs of the running app (the window
or ``pagenote serve``). Each answers with the tab as ``tabs.list`` shows it (``{id, title, url, active}``).

- ``tabs.new(url?, isolated?, timeout_ms?)`` → the new tab, made active, once its load ended (bounded by
  ``timeout_ms``, 0..300000, default 30000; 0: at once), as ``navigate`` waits: ``{id, title, url, active}``
  of the loaded page plus ``status`` (HTTP), ``loading: true`` (committed, still loading, or not waited for)
  or ``load_error`` (``"CODE: message"`` of ``PAGE_LOAD_FAILED``/``PAGE_LOAD_TIMEOUT``: the tab stays open
  on Chromium's error page, so the agent keeps its id). ``isolated``: under a fresh off-the-record lease of
  its own (no cookie, storage or permission of any other tab). A second ``pagenote URL`` started on the
  desktop while a window runs calls this instead of starting another app.
- ``tabs.select(id)`` → the tab, made active.
- ``tabs.close(id?)`` → ``{closed, active}`` (``id`` absent: the active tab). The last tab is not closed
  (``LAST_TAB``): pagenote keeps running, and the window and the agent always have a page to work in — as a
  desktop browser's last tab, closing it would end the app the user is working in.

- ``app.mode`` → ``"window"`` or ``"serve"``; ``app.handover`` → ``{"exiting": true}``: a ``pagenote serve``
  stops (its socket removed) so that a window starting now takes the socket (:mod:`app.runtime.single`); a
  window refuses (``INVALID_PARAMS``).

Unknown ids are ``TAB_NOT_FOUND``; a URL that is not one is ``BAD_URL``.

Which tab a page method acts on (:func:`stamp_table`): every method of :data:`TAB_METHODS` acts on the tab
that is active when the call starts — pinned for the whole call (:func:`acting_tab`), so a tab that becomes
active meanwhile (a popup, the user's click on the strip) never receives the rest of it — and its result names
that tab: ``tab: {id, origin}`` (:func:`tab_stamp`). A page can open another origin's tab; the agent then reads
in every answer where it acted.
"""

from __future__ import annotations

import inspect
import json
from contextvars import ContextVar
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr

from app.core.errors import PagenoteError
from app.tabs.navigation import DEFAULT_WAIT_MS, MAX_WAIT_MS

#: The socket methods that act on (or read) one tab's page: pinned to the active tab, their results name it.
TAB_METHODS = frozenset({
    "page.state", "screenshot", "snapshot", "ref.resolve", "page.context", "page.wait_for_change", "page.freeze",
    "navigate", "back", "forward", "reload", "evaluate", "console.list", "console.get", "network.list",
    "click", "hover", "type", "fill", "press", "select_option", "check", "uncheck", "scroll", "drag",
    "dialog.handle", "extract", "find", "browser.resize", "browser.emulate", "fill_form", "file.upload", "wait_for",
})
#: Navigation methods name the tab's origin where they landed; the others, the origin they acted on.
_LANDS = frozenset({"navigate", "back", "forward", "reload"})

_acting: ContextVar = ContextVar("pagenote_acting_tab", default=None)


def tab_stamp(tab) -> dict:
    """``{id, origin}`` of ``tab`` (a :class:`~app.tabs.tab.Tab`) as results name it; ``origin`` is the origin
    of the page it shows now (``about:`` before a first load)."""
    from app.webview.urls import url_origin

    return {"id": tab.id, "origin": url_origin(tab.page.url())}


def other_tab_error(ref: str, snapshot_id: str, owner: dict, acting, tabs=()) -> PagenoteError:
    """``REF_IN_OTHER_TAB`` for ``ref`` of snapshot ``snapshot_id``, whose tab is ``owner`` (``{id, origin}``),
    used while ``acting`` (a :class:`~app.tabs.tab.Tab`) is the call's tab. ``tabs`` (the app's open tabs, in
    strip order) gives each tab's 0-based index, named before its id as the tab list names them: Playwright
    MCP's ``browser_tabs`` selects by ``index`` (an agent reading "tab 1" would pass index 1), the socket's
    ``tabs.select`` by ``id``; the next step spells out both calls."""
    here = tab_stamp(acting)
    order = [t.id for t in tabs]

    def named(tab_id: str) -> str:
        return f"index {order.index(tab_id)} (id {tab_id})" if tab_id in order else f"id {tab_id}"

    there = owner["id"]
    select = (f'browser_tabs {{"action":"select","index":{order.index(there)}}}' if there in order
              else 'browser_tabs {"action":"select","index":<its index in browser_tabs {"action":"list"}>}')
    return PagenoteError("REF_IN_OTHER_TAB", f"{ref} of snapshot {snapshot_id} is in tab {named(there)} at "
                         f"{owner['origin']}, not in the active tab {named(here['id'])} at {here['origin']}; "
                         f"nothing was done",
                         f"select that tab to act there — {select} (socket: tabs.select "
                         f"{{\"id\":{json.dumps(there)}}}) — or take a snapshot of the active tab "
                         f"(browser_snapshot) and use its refs")


def acting_tab(app):
    """The tab the running call acts on: the one :func:`stamp_table` pinned at its start, else ``app``'s active
    tab (``None`` when no tab is open). Raises ``TAB_NOT_FOUND`` when the pinned tab was closed during the call
    (the call never moves on to another tab)."""
    tab = _acting.get()
    if tab is None:
        return app.active_tab
    if not any(t is tab for t in app.tabs):
        raise PagenoteError("TAB_NOT_FOUND", f"tab {tab.id} was closed during the call",
                            "call tabs.list, select a tab and call again")
    return tab


def _alive(app, tab) -> bool:
    """Whether ``tab`` is still one of ``app``'s tabs and its page not deleted."""
    import shiboken6

    return any(t is tab for t in app.tabs) and shiboken6.isValid(tab.page)


def stamp_table(table: dict, app) -> dict:
    """``table`` (:attr:`app.agent.methods.Methods.table`) with the handlers of :data:`TAB_METHODS` pinned to the
    tab active at the call's start (:func:`acting_tab`) and their dict results naming it (``tab``, unless the
    handler named one itself: ``ref.resolve`` names its snapshot's tab); a tab closed during the call is named
    as it was at the call's start (its page is never touched once deleted)."""
    def wrap(name: str, handler):
        async def stamped(params):
            tab = app.active_tab
            token = _acting.set(tab)
            try:
                before = tab_stamp(tab) if tab is not None else None
                result = handler(params)
                if inspect.isawaitable(result):
                    result = await result
            finally:
                _acting.reset(token)
            if isinstance(result, dict) and tab is not None and "tab" not in result:
                # The tab may have been closed during the call (the agent's Ctrl+W, a page's window.close()):
                # its page is then deleted, and the result names it as it was at the start.
                landed = name in _LANDS and _alive(app, tab)
                result = {**result, "tab": tab_stamp(tab) if landed else before}
            return result
        return stamped

    return {name: (model, wrap(name, handler)) if name in TAB_METHODS else (model, handler)
            for name, (model, handler) in table.items()}


class _Params(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class NoParams(_Params):
    pass


class NewTabParams(_Params):
    url: StrictStr | None = None
    isolated: StrictBool = False
    timeout_ms: StrictInt = Field(default=DEFAULT_WAIT_MS, ge=0, le=MAX_WAIT_MS)


class SelectTabParams(_Params):
    id: StrictStr


class CloseTabParams(_Params):
    id: StrictStr | None = None


def _info(app, tab, requested: str = "") -> dict:
    """The tab as ``tabs.list`` shows it; with ``requested``, the URL it is loading (its page still shows
    the previous URL until the load commits)."""
    info = tab.info(tab is app.active_tab)
    if requested:
        info["url"] = requested
    return info


async def _loaded(app, tab, url, timeout_ms: int) -> dict:
    """Load ``url`` (a ``QUrl``) in the new ``tab`` and wait, as ``navigate`` does
    (:meth:`app.tabs.navigation.Navigator.navigate`), then the tab as ``tabs.list`` shows it with ``status``,
    ``loading`` or ``load_error``. A load that fails is not raised: the tab is open either way, and the answer
    carries its id."""
    from app.tabs.browser import attach
    from app.tabs.navigation import quoted_url

    from app.tabs.network_cdp import network_detail

    info: dict = {}
    try:
        await network_detail(tab).ready()  # the agent's load is seen whole, as navigate's (app.tabs.network_cdp)
        done = await attach(tab).navigator.navigate(url, timeout_ms)
        info = {"status": done.get("status"), "loading": done.get("loading")}
    except PagenoteError as exc:
        if exc.name not in ("PAGE_LOAD_FAILED", "PAGE_LOAD_TIMEOUT"):
            raise
        info = {"load_error": f"{exc.name}: {exc.message}"}
    if not any(t is tab for t in app.tabs):   # closed meanwhile (a page's window.close())
        raise PagenoteError("TAB_NOT_FOUND", f"tab {tab.id} was closed while it loaded")
    loaded = _info(app, tab, quoted_url(url) if tab.page.url().isEmpty() else "")
    return {**loaded, **{k: v for k, v in info.items() if v}}


def _tab(app, tab_id: str):
    try:
        return app.tab(tab_id)
    except KeyError:
        raise PagenoteError("TAB_NOT_FOUND", f"no open tab has id {tab_id!r}") from None


def tabs_table(app) -> dict[str, tuple[type[_Params], Any]]:
    """The methods over ``app`` (a :class:`~app.runtime.app.PagenoteApp`), as entries of
    :attr:`app.agent.methods.Methods.table`."""

    async def new(params: NewTabParams) -> dict:
        url = None
        if params.url is not None:
            from app.webview.urls import check_agent_url, url_from_user_input

            url = url_from_user_input(params.url)
            check_agent_url(url, params.url, getattr(app, "allow_file_urls", False))
        tab = app.new_isolated_tab() if params.isolated else app.new_tab()
        if url is None:
            return _info(app, tab)
        return await _loaded(app, tab, url, params.timeout_ms)

    def select(params: SelectTabParams) -> dict:
        return _info(app, app.select_tab(_tab(app, params.id).id))

    def close(params: CloseTabParams) -> dict:
        tab = _tab(app, params.id) if params.id is not None else app.active_tab
        if tab is None:
            raise PagenoteError("NO_PAGE", "no tab is open")
        if len(app.tabs) == 1:
            raise PagenoteError("LAST_TAB", f"tab {tab.id} is the only tab; it stays open")
        app.close_tab(tab.id)
        active = app.active_tab
        return {"closed": tab.id, "active": active.id if active is not None else None}

    def handover(_params: NoParams) -> dict:
        if app.mode != "serve":
            raise PagenoteError("INVALID_PARAMS", "app.handover: only a headless pagenote serve hands over")
        from PySide6.QtCore import QCoreApplication, QTimer

        QTimer.singleShot(100, lambda: QCoreApplication.exit(0))  # after this answer is written
        return {"exiting": True}

    return {"tabs.new": (NewTabParams, new), "tabs.select": (SelectTabParams, select),
            "tabs.close": (CloseTabParams, close), "app.mode": (NoParams, lambda _p: app.mode),
            "app.handover": (NoParams, handover)}
