"""The socket's tab methods beyond ``tabs.list``: open, select and close tabs of the running app (the window
or ``pagenote serve``). Each answers with the tab as ``tabs.list`` shows it (``{id, title, url, active}``).

- ``tabs.new(url?, isolated?)`` → the new tab, made active; ``isolated``: under a fresh off-the-record lease
  of its own (no cookie, storage or permission of any other tab). A second ``pagenote URL`` started on the
  desktop while a window runs calls this instead of starting another app.
- ``tabs.select(id)`` → the tab, made active.
- ``tabs.close(id?)`` → ``{closed, active}`` (``id`` absent: the active tab). The last tab is not closed
  (``INVALID_PARAMS``): the window and the agent always have a page to work in.

- ``app.mode`` → ``"window"`` or ``"serve"``; ``app.handover`` → ``{"exiting": true}``: a ``pagenote serve``
  stops (its socket removed) so that a window starting now takes the socket (:mod:`app.runtime.single`); a
  window refuses (``INVALID_PARAMS``).

Unknown ids are ``TAB_NOT_FOUND``; a URL that is not one is ``BAD_URL``.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, StrictBool, StrictStr

from app.core.errors import PagenoteError


class _Params(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class NoParams(_Params):
    pass


class NewTabParams(_Params):
    url: StrictStr | None = None
    isolated: StrictBool = False


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


def _tab(app, tab_id: str):
    try:
        return app.tab(tab_id)
    except KeyError:
        raise PagenoteError("TAB_NOT_FOUND", f"no open tab has id {tab_id!r}") from None


def tabs_table(app) -> dict[str, tuple[type[_Params], Any]]:
    """The methods over ``app`` (a :class:`~app.runtime.app.PagenoteApp`), as entries of
    :attr:`app.agent.methods.Methods.table`."""

    def new(params: NewTabParams) -> dict:
        url = None
        if params.url is not None:
            from app.webview.urls import url_from_user_input

            url = url_from_user_input(params.url)
            if not url.isValid() or url.isEmpty():
                raise PagenoteError("BAD_URL", f"{params.url!r} is not a URL or an existing file")
        tab = app.new_isolated_tab(url) if params.isolated else app.new_tab(url)
        return _info(app, tab, url.toString() if url is not None else "")

    def select(params: SelectTabParams) -> dict:
        return _info(app, app.select_tab(_tab(app, params.id).id))

    def close(params: CloseTabParams) -> dict:
        tab = _tab(app, params.id) if params.id is not None else app.active_tab
        if tab is None:
            raise PagenoteError("NO_PAGE", "no tab is open")
        if len(app.tabs) == 1:
            raise PagenoteError("INVALID_PARAMS", "tabs.close: the last tab stays open (open another first)")
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
