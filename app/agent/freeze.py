"""``page.freeze`` on the agent socket: the agent freezes or unfreezes the active tab's motion (the window's
Freeze action, :mod:`app.webview.freeze`), e.g. to read or screenshot a transient state."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, StrictBool

from app.core.errors import PagenoteError
from app.webview.freeze import freezer_of


class FreezeParams(BaseModel):
    """``frozen``: true to freeze, false to unfreeze."""

    model_config = ConfigDict(extra="forbid", strict=True)
    frozen: StrictBool = Field(description="true: freeze the page's motion; false: resume what the freeze paused")


def freeze_table(host: Any) -> dict[str, tuple[type[BaseModel], Callable[[Any], Any]]]:
    """``{"page.freeze": (FreezeParams, handler)}`` for :class:`app.agent.methods.Methods`' table. The handler
    answers ``{frozen, frames, animations, media, callbacks}`` (:meth:`~app.webview.freeze.Freezer.set_frozen`)
    for ``host.app``'s active tab; ``NO_PAGE`` when no tab is open."""

    async def freeze(params: FreezeParams) -> dict:
        from app.agent.tabs import acting_tab

        tab = acting_tab(host.app)
        if tab is None:
            raise PagenoteError("NO_PAGE", "no tab is open")
        return await freezer_of(tab.bridge).set_frozen(params.frozen)

    return {"page.freeze": (FreezeParams, freeze)}
