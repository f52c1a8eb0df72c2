""":func:`build_server`: the pagenote MCP server, every :class:`~app.mcp.tool.ToolDefinition` of
:data:`app.mcp.tools.ALL_TOOLS` registered on an SDK ``MCPServer``.

Registration turns a record into the function the SDK introspects: keyword-only parameters made from the
``params`` model's fields (type, ``Field(description, json_schema_extra)``, constraints such as ``Strict``,
default), plus a ``Context`` parameter the SDK fills in, named after the tool — so the advertised input
schema is the SDK's own ``<tool>Arguments`` schema, and argument validation stays the SDK's. Per call the
function builds the params model, runs the handler with a :class:`~app.mcp.tool.ToolContext` over an
:class:`~app.mcp.autostart.AgentBridge`, and hands the reply to :func:`app.mcp.response.render`.

Errors: :class:`~app.agent.client.AgentError` / :class:`~app.core.errors.PagenoteError` from a handler become
:func:`app.mcp.response.error_result`. Protocol misuse (unknown tool, arguments of the wrong JSON type) is
left to the SDK: in MCP SDK 2.3 both come back as an ``isError`` tool result whose text starts ``Error
executing tool`` / ``Unknown tool`` (``mcp/server/mcpserver/tools/base.py``, ``tool_manager.py``).
"""

from __future__ import annotations

import inspect
from pathlib import Path
from typing import Annotated, Any

from mcp.server.mcpserver import Context, MCPServer
from mcp.types import CallToolResult
from pydantic import BaseModel, Field

from app import __version__
from app.agent.client import AgentError
from app.core.errors import PagenoteError
from app.mcp.autostart import AgentBridge
from app.mcp.response import error_result, render
from app.mcp.tool import ToolContext, ToolDefinition
from app.mcp.tools import ALL_TOOLS

#: What the server tells the agent at ``initialize`` (MCP ``instructions``).
INSTRUCTIONS = ("pagenote is a browser in which the user pins numbered notes on web page elements and presses Send "
                "to hand them to you. Call wait_for_annotations to block until they do, fix what the notes ask "
                "for, then report with acknowledge_annotations. get_annotations reads a batch without waiting; "
                "take_screenshot shows the page.")

_CONTEXT_PARAM = "ctx"


def tool_parameters(params: type[BaseModel]) -> list[inspect.Parameter]:
    """The keyword-only parameters (name, ``Annotated[type, *constraints, Field(description,
    json_schema_extra)]``, default) equivalent to the fields of the ``params`` model. Raises ``ValueError``
    for a field named ``ctx`` (reserved for the SDK's ``Context``) or carrying a title, alias or examples
    (they would be silently dropped)."""
    parameters = []
    for name, field in params.model_fields.items():
        if name == _CONTEXT_PARAM or field.title or field.alias or field.examples:
            raise ValueError(f"{params.__name__}.{name}: unsupported tool parameter (name 'ctx', title, alias, "
                             "examples)")
        info = Field(description=field.description, json_schema_extra=field.json_schema_extra)
        annotation = Annotated[(field.annotation, *field.metadata, info)]
        default = inspect.Parameter.empty if field.is_required() else field.default
        parameters.append(inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=default,
                                            annotation=annotation))
    return parameters


def register(server: MCPServer, tool: ToolDefinition, bridge: AgentBridge) -> None:
    """Add ``tool`` to ``server``: its name, description and annotations as declared, its input schema from
    :func:`tool_parameters`, calls going through ``bridge``. Raises ``ValueError`` as
    :func:`tool_parameters` does."""
    parameters = tool_parameters(tool.params)

    async def run(ctx: Context, **arguments: Any) -> CallToolResult:
        context = ToolContext(bridge.call, ctx.report_progress)
        try:
            reply = await tool.handler(tool.params.model_validate(arguments), context)
        except (AgentError, PagenoteError) as exc:
            return error_result(exc)
        return render(reply)

    run.__name__ = run.__qualname__ = tool.name
    run.__doc__ = tool.description
    context = inspect.Parameter(_CONTEXT_PARAM, inspect.Parameter.KEYWORD_ONLY, annotation=Context)
    run.__signature__ = inspect.Signature([*parameters, context], return_annotation=CallToolResult)
    run.__annotations__ = {**{p.name: p.annotation for p in parameters}, _CONTEXT_PARAM: Context,
                           "return": CallToolResult}
    server.add_tool(run, name=tool.name, description=tool.description, annotations=tool.annotations)


def build_server(socket: Path, *, start_app: bool = True, project_dir: Path | None = None,
                 tools: tuple[ToolDefinition, ...] = ALL_TOOLS) -> MCPServer:
    """The MCP server (not yet running) whose ``tools`` (default: all seven) call the app on ``socket``.

    ``start_app`` / ``project_dir``: see :class:`~app.mcp.autostart.AgentBridge`. Run it with
    ``server.run_stdio_async()``, or :func:`app.mcp.http.serve_http`; connect in-process with
    ``mcp.client.Client(server)`` (tests). Results and errors: :mod:`app.mcp.response`.
    """
    bridge = AgentBridge(socket, start_app=start_app, project_dir=project_dir)
    server = MCPServer("pagenote", version=__version__, log_level="WARNING", instructions=INSTRUCTIONS)
    for tool in tools:
        register(server, tool, bridge)
    return server
