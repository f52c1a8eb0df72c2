"""What each ``pagenote`` subcommand runs, once :mod:`app.cli`'s parser has read the command line: one runner
per name of :data:`app.cli.COMMANDS` (:data:`RUNNERS`), taking the parsed ``argparse.Namespace`` and returning
the exit code. Heavy modules (Qt, the MCP SDK, Pillow) are imported inside the runner that needs them.
"""

from __future__ import annotations

import argparse
import logging
import sys
from pathlib import Path

from app.core.errors import EXIT_APP_UNREACHABLE, PagenoteError


def _use_hid_backends(args: argparse.Namespace) -> None:
    """Hand ``--hid-backend`` values to the app (:data:`app.hid.setup.ENV`), before it starts."""
    import os

    from app.hid.setup import ENV

    if args.hid_backend:
        os.environ[ENV] = ";".join(args.hid_backend)


def _use_file_urls(args: argparse.Namespace) -> None:
    """Hand ``--allow-file-urls`` to the app before it starts."""
    if args.allow_file_urls:
        from app.runtime.app import PagenoteApp

        PagenoteApp.file_urls_flag = True


def _logging(verbose: bool) -> None:
    logging.basicConfig(stream=sys.stderr, level=logging.DEBUG if verbose else logging.WARNING,
                        format="pagenote %(name)s %(levelname)s: %(message)s")


def _project_dir(out: Path, *, create: bool) -> Path:
    """``out`` checked as a project directory (made, with parents, when ``create``). Raises
    :class:`PagenoteError` ``BAD_OUT_DIR`` when it is not a directory or cannot be made."""
    if out.exists() and not out.is_dir():
        raise PagenoteError("BAD_OUT_DIR", f"{out} exists and is not a directory")
    if create and not out.exists():
        try:
            out.mkdir(parents=True)
        except OSError as exc:
            raise PagenoteError("BAD_OUT_DIR", f"cannot create {out}: {exc}") from exc
    return out


def _agent_socket() -> Path | None:
    """The agent socket's path, ``None`` (with a warning) when its directory is not private to this user."""
    from app.agent.paths import socket_path

    try:
        return socket_path()
    except PermissionError as exc:
        logging.getLogger("pagenote").warning("agent socket off: %s", exc)
        return None


def _window(args: argparse.Namespace) -> int:
    """The window; with no display, ``pagenote capture URL --out DIR`` instead (said on stderr)."""
    _logging(args.verbose)
    from app.qtenv import has_display

    socket_path = _agent_socket()
    if not has_display():
        # Headless (a script, SSH): always the capture the README promises — Markdown on stdout — never a
        # hand-over to a window that may run on some other display.
        print("pagenote: no display (DISPLAY/WAYLAND_DISPLAY unset): running 'pagenote capture' instead",
              file=sys.stderr)
        rest = ([args.url] if args.url else []) + ["--out", str(args.out)] + (["-v"] if args.verbose else [])
        from app.cli import build_parser

        return _capture(build_parser(["capture"]).parse_args(["capture", *rest]))
    said = _hand_over(socket_path, args.url, True)  # a window runs: the URL becomes a tab there
    if said is not None:
        print(said, file=sys.stderr)
        return 0 if said.startswith("pagenote: opened") else EXIT_APP_UNREACHABLE
    from app.ui.main_window import run_window

    _use_hid_backends(args)
    _use_file_urls(args)
    return run_window(args.url, _project_dir(args.out, create=False), socket_path, language=args.lang,
                      profile=args.profile)


def _hand_over(socket_path, url: str | None, take_serve: bool) -> str | None:
    """One app per user session (:mod:`app.runtime.single`): a line to print and exit with when a running
    window took the URL or refused; ``None`` to start the window."""
    from app.agent.client import AgentError
    from app.runtime.single import hand_over

    try:
        return hand_over(socket_path, url, take_serve)
    except AgentError as exc:
        return f"pagenote: a pagenote app runs on {socket_path} but did not take the URL: {exc}"


def _serve(args: argparse.Namespace) -> int:
    _logging(args.verbose)
    from app.runtime.run import run_serve

    _use_hid_backends(args)
    _use_file_urls(args)
    return run_serve(args.url, _project_dir(args.out, create=False), _agent_socket(), dialogs=args.dialogs,
                     evaluate=not args.no_evaluate, profile=args.profile)


def _capture(args: argparse.Namespace) -> int:
    _logging(args.verbose)
    from app import headless
    from app.webview.urls import DEMO_PAGE

    job = headless.CaptureJob(
        url=args.url or DEMO_PAGE.as_uri(), targets=[tuple(t) for t in (args.targets or [])],
        summary=args.summary, out=_project_dir(args.out, create=True), screenshot=not args.no_screenshot,
        viewport=args.viewport, format=args.format, send=args.send, full_page=args.full_page, scale=args.scale,
        crops=args.crops, agent_copy=args.agent_copy, baseline=args.baseline, threshold=args.threshold,
        load_timeout_ms=round(args.load_timeout * 1000), dialogs=args.dialogs, detail=args.detail,
        references=args.references or {}, import_file=args.import_file, export=args.export)
    return headless.run(job)


def _mcp(args: argparse.Namespace) -> int:
    from app.mcp.cli import run  # sets up its own logging from args.verbose

    return run(args)


def _compare(args: argparse.Namespace) -> int:
    from app.compare.cli import run  # prints "pagenote compare: NAME: message" itself

    return run(args)


RUNNERS = {"window": _window, "capture": _capture, "serve": _serve, "mcp": _mcp, "compare": _compare}
