"""The declarative shape of one MCP tool: :class:`ToolDefinition`, and the :class:`ToolContext` its handler
runs with.

The shape follows chrome-devtools-mcp's ``src/tools/ToolDefinition.ts`` (name, description, annotations
with a read-only hint, an input schema, a handler); the formatting its handlers leave to ``McpResponse`` is
:mod:`app.mcp.response` here. A record only *states* things:

- ``params``: a pydantic model (a :class:`app.mcp.arguments.ToolParams`: unknown fields are an error) whose
  fields are the tool's arguments — each field's type, ``Field(description,
  json_schema_extra)`` and default become the advertised JSON input schema (:func:`app.mcp.server.build_server`
  turns the fields into the signature the SDK reads, so the schema is the SDK's own
  ``<name>Arguments`` schema);
- ``handler(args, ctx)``: an ``async`` function that says which socket method to call with which params
  (``await ctx.call(method, params)``) and returns a reply record of :mod:`app.mcp.response` — data, never
  text. It raises :class:`app.agent.client.AgentError` (the app's answer) or
  :class:`app.core.errors.PagenoteError` (a check of its own); the server turns both into an ``isError``
  result.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

import anyio
from mcp.types import ToolAnnotations
from pydantic import BaseModel

from app.mcp.arguments import ToolParams
from app.mcp.images import DEFAULT_BUDGET_KB, KB

#: While a long call is parked, a progress notification goes out this often (seconds) when the client asked
#: for progress (clients that reset their tool timeout on progress then keep waiting).
PROGRESS_EVERY_S = 10.0

#: The annotations of a tool that only reads pagenote's state (MCP ``ToolAnnotations``: ``readOnlyHint``
#: true, ``openWorldHint`` false — it talks to the local app only, and no page wrote what it returns). A tool
#: that reads or acts on the page uses :data:`app.mcp.untrusted.READS_PAGE` / ``ACTS_ON_PAGE`` instead.
READ_ONLY = ToolAnnotations(read_only_hint=True, open_world_hint=False)

P = TypeVar("P", bound=BaseModel)

#: ``call(method, params) -> result``: one socket call (see :meth:`app.mcp.autostart.AgentBridge.call`).
Call = Callable[[str, "dict[str, Any] | None"], Awaitable[Any]]
#: ``report_progress(progress, total, message)``: an MCP progress notification (a no-op when the client sent
#: no progress token).
ReportProgress = Callable[[float, "float | None", "str | None"], Awaitable[None]]


class NoParams(ToolParams):
    """The input schema of a tool without arguments (``{"type": "object", "properties": {},
    "additionalProperties": false}``)."""


class ToolContext:
    """What a handler may do besides computing: call the app, and report progress during a long call.

    ``call``: see :data:`Call`; ``report_progress``: see :data:`ReportProgress`; ``image_budget``: the most
    bytes of base64 an image in a result may take (``pagenote mcp --image-budget KB``,
    :func:`app.mcp.images.fit_image`).
    """

    def __init__(self, call: Call, report_progress: ReportProgress, *,
                 image_budget: int = DEFAULT_BUDGET_KB * KB) -> None:
        self._call = call
        self._report_progress = report_progress
        self.image_budget = image_budget

    async def call(self, method: str, params: dict[str, Any] | None = None) -> Any:
        """The ``result`` of socket ``method`` called with ``params``. Raises :class:`~app.agent.client.AgentError`
        (the app's error answer) or :class:`~app.core.errors.PagenoteError` ``APP_NOT_RUNNING``."""
        return await self._call(method, params)

    async def call_with_progress(self, method: str, params: dict[str, Any] | None, *, total_ms: int,
                                 message: str) -> Any:
        """Like :meth:`call`, for a call that may take up to ``total_ms`` milliseconds: when that is longer than
        :data:`PROGRESS_EVERY_S`, a progress notification ``(elapsed ms, total_ms, message)`` goes out every
        :data:`PROGRESS_EVERY_S` seconds until the call returns. Raises what :meth:`call` raises."""
        started = time.monotonic()

        async def heartbeat() -> None:
            while True:
                await anyio.sleep(PROGRESS_EVERY_S)
                elapsed = min(total_ms, int((time.monotonic() - started) * 1000))
                await self._report_progress(elapsed, total_ms, message)

        failure: Exception | None = None
        async with anyio.create_task_group() as tg:
            if total_ms > PROGRESS_EVERY_S * 1000:
                tg.start_soon(heartbeat)
            try:
                result = await self._call(method, params)
            except Exception as exc:  # raised after the group, so it is not wrapped in an ExceptionGroup
                failure = exc
            finally:
                tg.cancel_scope.cancel()
        if failure is not None:
            raise failure
        return result


@dataclass(frozen=True)
class ToolDefinition(Generic[P]):
    """One MCP tool, declared.

    - ``name``: the tool name (``snake_case``, unique in the server);
    - ``description``: what the agent reads to decide when to call it;
    - ``params``: the input schema as a pydantic model (module docstring); :class:`NoParams` for none;
    - ``handler``: ``async (args: params, ctx: ToolContext) -> reply record`` (module docstring);
    - ``annotations``: MCP ``ToolAnnotations`` (read-only / destructive / idempotent / open-world hints), or
      ``None`` for the protocol defaults. ``openWorldHint: true`` says the results may carry page content: the
      tool then gets the untrusted-content ``_meta`` and its page text goes in one fenced block
      (:mod:`app.mcp.untrusted`).
    """

    name: str
    description: str
    params: type[P]
    handler: Callable[[P, ToolContext], Awaitable[Any]]
    annotations: ToolAnnotations | None = None
