"""The agent socket: how a coding agent (directly, or through ``pagenote mcp``) reads annotations, waits for
the user's Send, acknowledges batches and takes screenshots (issue #5).

- :mod:`app.agent.rpc`: newline-delimited JSON-RPC 2.0 framing, limits and error codes (no Qt).
- :mod:`app.agent.store`: sent batches, their statuses, persistence (no Qt).
- :mod:`app.agent.methods`: the method table and parameter models (no Qt).
- :mod:`app.agent.server`: the ``QLocalServer`` that serves them inside the app.
- :mod:`app.agent.client`: an asyncio/anyio client for the socket (used by ``pagenote mcp``).
"""
