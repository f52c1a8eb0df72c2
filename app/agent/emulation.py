"""The emulation methods of the agent socket (issue 26, requirement 4), over the acting tab's
:class:`~app.tabs.emulation.TabEmulation`:

- ``browser.resize(width, height)`` → ``{emulation, fits}``: the viewport the page sees, in CSS px
  (1..10,000 each), through CDP's device metrics override — the window keeps its size. Playwright MCP's
  ``browser_resize`` resizes its browser window; here the page sees the same ``innerWidth``/``innerHeight``.
- ``browser.emulate(device?, color_scheme?, reduced_motion?, media?, cpu_throttling?, network?)`` →
  ``{emulation, fits}``: each given setting changed, the others kept; ``"none"`` clears one; ``device:
  "none"`` also clears a ``browser.resize`` viewport. All ``"none"`` (or ``browser.emulate`` with every
  setting ``none``) releases the session.

``page.state`` carries the same two fields (:func:`emulation_answer`). ``emulation`` is
:meth:`~app.tabs.emulation.EmulationState.view`; ``fits`` says whether the emulated viewport
fits the view (screenshots need it to: :func:`app.capture.viewport.emulated_viewport`). Errors:
``INVALID_PARAMS`` (unknown device or preset, a side outside 1..10,000, CPU outside 1..20 — checked before
anything is sent, so the tab is unaffected), ``NO_PAGE`` with no tab, the session's ``CDP_*``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, StrictFloat, StrictInt, StrictStr

from app.core.errors import PagenoteError


class ResizeParams(BaseModel):
    """``width``, ``height``: CSS px (bounds checked by :func:`app.protocol.emulated_devices.check_side`, so
    the error says the rule)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    width: StrictInt
    height: StrictInt


class EmulateParams(BaseModel):
    """Every field optional: ``None`` leaves that setting as it is (:func:`app.tabs.emulation.with_changes`)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    device: StrictStr | None = Field(default=None, max_length=200)
    color_scheme: StrictStr | None = Field(default=None, max_length=200)
    reduced_motion: StrictStr | None = Field(default=None, max_length=200)
    media: StrictStr | None = Field(default=None, max_length=200)
    cpu_throttling: StrictInt | StrictFloat | None = None
    network: StrictStr | None = Field(default=None, max_length=200)


def emulation_answer(tab: Any) -> dict:
    """``{emulation, fits}`` for ``tab`` (an :class:`app.tabs.tab.Tab`): what ``browser.resize``,
    ``browser.emulate`` and ``page.state`` say about its emulation. ``emulation`` is
    :meth:`~app.tabs.emulation.EmulationState.view` (``active: false`` and empty fields when nothing is
    emulated); ``fits``: the emulated viewport fits the view (always true with none). Reads the state without
    creating the tab's emulation (no CDP session is attached by asking)."""
    from app.tabs.emulation import current_emulation, viewport_fits

    state = current_emulation(tab)
    return {"emulation": state.view(), "fits": viewport_fits(tab, state)}


def emulation_table(host: Any) -> dict[str, tuple[type[BaseModel], Callable[[Any], Any]]]:
    """``{"browser.resize": …, "browser.emulate": …}`` for :class:`app.agent.methods.Methods`' table, acting
    on ``host.app``'s acting tab (:func:`app.agent.tabs.acting_tab`)."""
    from app.tabs.emulation import emulation_of

    def tab():
        from app.agent.tabs import acting_tab

        found = acting_tab(host.app)
        if found is None:
            raise PagenoteError("NO_PAGE", "no tab is open")
        return found

    async def resize(params: ResizeParams) -> dict:
        found = tab()
        await emulation_of(found).resize(params.width, params.height)
        return emulation_answer(found)

    async def emulate(params: EmulateParams) -> dict:
        found = tab()
        await emulation_of(found).emulate(**params.model_dump())
        return emulation_answer(found)

    return {"browser.resize": (ResizeParams, resize), "browser.emulate": (EmulateParams, emulate)}
