"""``pagenote mcp [--http HOST:PORT] [--no-start] [--socket PATH] [--image-budget KB] [--caps GROUPS] [-v]``:
serve the MCP tools (``--caps testing,storage,network``: the opt-in groups, as Playwright MCP's ``--caps``).

Transports:

- stdio (default): stdout carries only MCP messages (the SDK points fd 1 at stderr while serving); logs go
  to stderr;
- ``--http 127.0.0.1:PORT``: streamable HTTP at ``/mcp`` for loopback hosts only, bearer token required
  (:mod:`app.mcp.http`).

For the one ``pagenote`` parser (:mod:`app.cli`): :func:`add_arguments` fills a subcommand's parser and
:func:`run` serves with the parsed namespace; :func:`main` is the two together as a standalone parser.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
from pathlib import Path

import anyio

from app.agent.paths import socket_path
from app.mcp.images import DEFAULT_BUDGET_KB, MIN_BUDGET_KB
from app.mcp.http import HTTP_PATH, TOKEN_FILE, load_or_create_token, parse_http_address, serve_http
from app.mcp.server import build_server
from app.mcp.tools import CAPS

PROG = "pagenote mcp"
DESCRIPTION = ("MCP server for coding agents, backed by the running pagenote app's agent socket. "
               "stdio by default; stdout carries only MCP messages.")


def _http_address(text: str) -> tuple[str, int]:
    """argparse ``type=`` for ``--http``: :func:`app.mcp.http.parse_http_address`, its ``ValueError`` turned
    into ``argparse.ArgumentTypeError`` (so the parser exits 2 with the reason)."""
    try:
        return parse_http_address(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _image_budget(text: str) -> int:
    """argparse ``type=`` for ``--image-budget``: a whole number of KB, at least
    :data:`~app.mcp.images.MIN_BUDGET_KB`; anything else is an ``argparse.ArgumentTypeError``."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number of KB, got {text!r}") from None
    if value < MIN_BUDGET_KB:
        raise argparse.ArgumentTypeError(f"{value} KB is under the smallest budget, {MIN_BUDGET_KB} KB")
    return value


def _caps(text: str) -> frozenset[str]:
    """argparse ``type=`` for ``--caps``: comma-separated names of :data:`app.mcp.tools.CAPS` (blanks ignored);
    an unknown name is an ``argparse.ArgumentTypeError`` naming the known ones."""
    names = frozenset(n.strip() for n in text.split(",") if n.strip())
    unknown = sorted(names - set(CAPS))
    if unknown:
        raise argparse.ArgumentTypeError(f"unknown {', '.join(unknown)}; the groups are {', '.join(CAPS)}")
    return names


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add ``--http HOST:PORT`` (parsed to ``(host, port)``, loopback only), ``--token-path``, ``--no-start``,
    ``--socket PATH``, ``--image-budget KB`` (an int ≥ :data:`~app.mcp.images.MIN_BUDGET_KB`, default
    :data:`~app.mcp.images.DEFAULT_BUDGET_KB`) and ``-v/--verbose`` to ``parser``. A bad ``--http`` or
    ``--image-budget`` makes the parser exit 2 naming the reason."""
    parser.add_argument("--http", metavar="HOST:PORT", type=_http_address,
                        help="serve streamable HTTP at http://HOST:PORT/mcp instead (loopback only, bearer token "
                             "required: made on first use, kept in the socket's directory as mcp-token)")
    parser.add_argument("--token-path", action="store_true",
                        help="print the path of the --http bearer token file (made first if missing, mode 0600; "
                             "in the socket's directory) and exit: for scripts and 'claude mcp add'")
    parser.add_argument("--no-start", action="store_true",
                        help="do not start 'pagenote serve' when no app listens on the socket")
    parser.add_argument("--socket", metavar="PATH", type=Path,
                        help="agent socket path (default: $PAGENOTE_SOCKET, else the per-user runtime directory)")
    parser.add_argument("--image-budget", metavar="KB", type=_image_budget, default=DEFAULT_BUDGET_KB,
                        help="largest screenshot in a tool result, in KB of base64 (default %(default)s; at least "
                             f"{MIN_BUDGET_KB}): a larger PNG is sent as a JPEG at a lower quality, smaller if need "
                             "be; the full-size PNG is always saved")
    parser.add_argument("--caps", metavar="GROUPS", type=_caps, default=None,
                        help="opt-in tool groups, comma-separated: " + ", ".join(CAPS) + " (default: "
                             "$PAGENOTE_MCP_CAPS, else none)")
    parser.add_argument("--allow-file-urls", action="store_true",
                        help="when this command starts the app (none runs), let agents open file: URLs in it "
                             "(pagenote serve --allow-file-urls); an app already running keeps its own choice")
    parser.add_argument("-v", "--verbose", action="store_true", help="log details to stderr")


def use_serve_options(args: argparse.Namespace) -> None:
    """Pass ``--allow-file-urls`` on to the app this command starts (:data:`app.mcp.autostart.SERVE_OPTIONS`)."""
    from app.mcp import autostart

    if args.allow_file_urls and "--allow-file-urls" not in autostart.SERVE_OPTIONS:
        autostart.SERVE_OPTIONS.append("--allow-file-urls")


def run(args: argparse.Namespace) -> int:
    """Serve until stdin closes (stdio) or the process is interrupted (HTTP), with ``args`` from a parser
    :func:`add_arguments` filled. Returns the exit code: 0 done, 1 cannot serve (socket directory, token
    file, port)."""
    logging.basicConfig(stream=sys.stderr, level=logging.DEBUG if args.verbose else logging.WARNING,
                        format="pagenote %(name)s %(levelname)s: %(message)s")
    try:
        path = args.socket if args.socket else socket_path()
    except PermissionError as exc:
        print(f"{PROG}: {exc}", file=sys.stderr)
        return 1
    if getattr(args, "token_path", False):
        return _print_token_path(path)
    caps = getattr(args, "caps", None)
    if caps is None:
        try:
            caps = _caps(os.environ.get("PAGENOTE_MCP_CAPS", ""))
        except argparse.ArgumentTypeError as exc:
            print(f"{PROG}: PAGENOTE_MCP_CAPS: {exc}", file=sys.stderr)
            return 2
    use_serve_options(args)
    server = build_server(path, start_app=not args.no_start,
                          image_budget_kb=args.image_budget, caps=caps)
    try:
        if args.http is None:
            anyio.run(server.run_stdio_async)
            return 0
        return _run_http(server, path, *args.http)
    except KeyboardInterrupt:
        return 0


def _print_token_path(path: Path) -> int:
    """``--token-path``: the token file of the socket ``path``'s directory on stdout (the token made first when
    missing, as ``--http`` makes it: so a script reading the file right after starting ``--http`` never races
    it). The path is the one ``--http`` uses whatever the environment (``$PAGENOTE_SOCKET``, else
    ``$XDG_RUNTIME_DIR/pagenote``, else ``<tmp>/pagenote-<uid>``: :func:`~app.agent.paths.socket_path`); the
    token itself is never printed. Returns 0, or 1 when the directory or file is not private or unreadable."""
    try:
        load_or_create_token(path.parent)
    except (OSError, ValueError) as exc:
        print(f"{PROG}: {exc}", file=sys.stderr)
        return 1
    print(path.parent / TOKEN_FILE)
    return 0


def _run_http(server, path: Path, host: str, port: int) -> int:
    try:
        token, created = load_or_create_token(path.parent)
    except (OSError, ValueError) as exc:
        print(f"{PROG}: {exc}", file=sys.stderr)
        return 1
    if created:
        print(f"{PROG}: new token, stored in {path.parent / TOKEN_FILE} (shown once):\n"
              f"Authorization: Bearer {token}", file=sys.stderr)
    else:
        print(f"{PROG}: bearer token in {path.parent / TOKEN_FILE}", file=sys.stderr)
    shown = f"[{host}]" if ":" in host else host
    print(f"{PROG}: starting streamable HTTP on http://{shown}:{port}{HTTP_PATH} (socket {path})",
          file=sys.stderr, flush=True)
    try:
        anyio.run(serve_http, server, host, port, token)
    except SystemExit as exc:  # uvicorn exits (code 3) when it cannot bind; it logged why
        if exc.code in (0, None):
            return 0
        print(f"{PROG}: cannot serve on {shown}:{port} (see above)", file=sys.stderr)
        return 1
    return 0


def main(argv: list[str]) -> int:
    """``pagenote mcp …`` as a standalone parser (:func:`add_arguments` + :func:`run`). Returns :func:`run`'s
    exit code; bad arguments raise ``SystemExit(2)`` (argparse)."""
    parser = argparse.ArgumentParser(prog=PROG, description=DESCRIPTION)
    add_arguments(parser)
    return run(parser.parse_args(argv))
