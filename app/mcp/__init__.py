"""``pagenote mcp``: an MCP server (official MCP Python SDK, v2 ``MCPServer``) bridging a coding agent to the
running pagenote app's agent socket (:mod:`app.agent.rpc`, :mod:`app.agent.methods`).

One job per module:

- :mod:`app.mcp.tool`: the :class:`~app.mcp.tool.ToolDefinition` record (name, description, annotations,
  input schema, handler) and the :class:`~app.mcp.tool.ToolContext` a handler calls the app through;
- :mod:`app.mcp.tools`: the records, by domain (annotations, screenshots, page);
- :mod:`app.mcp.arguments`: the parameter types generic clients can fill, and checking a call's arguments
  (``INVALID_PARAMS: <field>: <problem>``);
- :mod:`app.mcp.images`: keeping a result's image within the image budget (PNG, else JPEG, else smaller);
- :mod:`app.mcp.response`: every piece of result formatting (text, structured content, images, errors);
- :mod:`app.mcp.server`: :func:`~app.mcp.server.build_server`, registering every record;
- :mod:`app.mcp.autostart`: :class:`~app.mcp.autostart.AgentBridge`, which starts ``pagenote serve`` when
  nothing listens on the socket;
- :mod:`app.mcp.http`: the loopback-only streamable HTTP transport with its bearer token;
- :mod:`app.mcp.cli`: ``pagenote mcp [--http HOST:PORT] [--no-start] [--socket PATH] [--image-budget KB]
  [-v]``.

Importing the package has no side effects.
"""
