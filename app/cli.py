"""Command line.

- ``pagenote [URL] [--out DIR]``: the window (with the agent socket). With no display it runs
  ``pagenote capture`` on the page instead (and says so on stderr).
- ``pagenote capture …``: one headless annotate → screenshot → Markdown run (see :mod:`app.headless`).
- ``pagenote serve [URL] [--out DIR]``: the app with no visible window, serving the agent socket.
- ``pagenote mcp [--http HOST:PORT]``: an MCP server (stdio, or streamable HTTP) backed by the agent socket.
- ``pagenote compare BASELINE.png CURRENT.png``: visual diff (see :mod:`app.capture.compare`).
"""

from __future__ import annotations

import argparse
import logging
import re
import sys
from pathlib import Path

from app import __version__
from app.core.errors import EXIT_BAD_INPUT
from app.headless import CaptureJob


class _Target(argparse.Action):
    """``--annotate SEL`` starts a target; ``--note TEXT`` attaches to the ``--annotate`` before it."""

    def __call__(self, parser, namespace, values, option_string=None):
        targets = getattr(namespace, "targets", None) or []
        if option_string == "--annotate":
            targets.append([values, ""])
        else:
            if not targets:
                parser.error("--note must follow an --annotate SELECTOR")
            if targets[-1][1]:
                parser.error(f"--annotate {targets[-1][0]!r} has two --note options")
            targets[-1][1] = values
        namespace.targets = targets


def _viewport(text: str) -> tuple[int, int]:
    m = re.fullmatch(r"(\d{2,5})[xX](\d{2,5})", text)
    if not m or not (100 <= int(m.group(1)) <= 10_000 and 100 <= int(m.group(2)) <= 10_000):
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT in CSS px, each 100..10000, got {text!r}")
    return int(m.group(1)), int(m.group(2))


def capture_parser() -> argparse.ArgumentParser:
    """The ``pagenote capture`` argument parser (argparse exits 2 on bad input)."""
    p = argparse.ArgumentParser(
        prog="pagenote capture",
        description="Load a page with no window, pin one annotation per selector, take a viewport PNG, write "
                    "the Markdown to <out>/annotations/ and print it on stdout.",
        epilog="Exit codes: 0 done, 1 differs from --baseline, 2 bad input, 3 the page failed to load, "
               "4 the screenshot failed, 5 --send could not reach the app.")
    p.add_argument("url", nargs="?", help="page URL or file (default: the bundled demo page)")
    p.add_argument("--annotate", metavar="SELECTOR", action=_Target, dest="targets",
                   help="CSS selector of an element to annotate; must match exactly one element (repeatable)")
    p.add_argument("--note", metavar="TEXT", action=_Target, dest="targets",
                   help="note for the --annotate before it")
    p.add_argument("--summary", metavar="TEXT", default="", help="overall note for the batch")
    p.add_argument("--out", metavar="DIR", type=Path, default=Path.cwd(),
                   help="project directory for annotations/ and shots/ (default: current directory)")
    p.add_argument("--no-screenshot", action="store_true", help="do not take the viewport PNG")
    p.add_argument("--viewport", metavar="WxH", type=_viewport, default=(1280, 800),
                   help="viewport size in CSS px (default 1280x800)")
    p.add_argument("--format", choices=("md", "json"), default="md", help="stdout format (default md)")
    p.add_argument("--full-page", action="store_true",
                   help="capture the whole document instead of the viewport (…-full.png)")
    p.add_argument("--scale", choices=("css", "device"), default="css",
                   help="image px per CSS px: css (1, default) or device (the device pixel ratio)")
    p.add_argument("--crops", action="store_true",
                   help="also save a crop of each annotated element (…-a<i>.png), listed in its annotation")
    p.add_argument("--agent-copy", action="store_true",
                   help="also write <name>-agent.png within agent image limits (1568 px edge, 1.15 MP)")
    p.add_argument("--baseline", metavar="DIR", type=Path,
                   help="compare the clean image with DIR/<page>.png (created when missing); exit 1 if it differs")
    p.add_argument("--threshold", metavar="PERCENT", type=float, default=0.1,
                   help="with --baseline: the largest changed-pixel percentage that still passes (default 0.1)")
    p.add_argument("--send", action="store_true",
                   help="also hand the batch to the running pagenote app, as its Send button does")
    p.add_argument("-v", "--verbose", action="store_true", help="log details to stderr")
    return p


def serve_parser() -> argparse.ArgumentParser:
    """The ``pagenote serve`` argument parser."""
    p = argparse.ArgumentParser(prog="pagenote serve",
                                description="Run pagenote with no visible window, serving the agent socket "
                                            "(for coding agents and 'pagenote mcp').")
    p.add_argument("url", nargs="?", help="page to open (default: the bundled demo page)")
    p.add_argument("--out", metavar="DIR", type=Path, default=Path.cwd(),
                   help="project directory for annotations/ and shots/ (default: current directory)")
    p.add_argument("-v", "--verbose", action="store_true", help="log details to stderr")
    return p


def gui_parser() -> argparse.ArgumentParser:
    """The ``pagenote [URL]`` (window) argument parser."""
    p = argparse.ArgumentParser(
        prog="pagenote",
        description="Annotate a web page element by element and hand the notes to a coding agent. "
                    "Run 'pagenote capture --help' for the headless mode.")
    p.add_argument("url", nargs="?", help="page to open (default: the bundled demo page)")
    p.add_argument("--out", metavar="DIR", type=Path, default=Path.cwd(),
                   help="project directory for annotations/ and shots/ (default: current directory)")
    p.add_argument("-v", "--verbose", action="store_true", help="log details to stderr")
    p.add_argument("--version", action="version", version=f"pagenote {__version__}")
    return p


def _logging(verbose: bool) -> None:
    logging.basicConfig(stream=sys.stderr, level=logging.DEBUG if verbose else logging.WARNING,
                        format="pagenote %(name)s %(levelname)s: %(message)s")


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``pagenote`` console script and ``python -m app``. Returns the exit code."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["capture"]:
        return _capture(argv[1:])
    if argv[:1] == ["serve"]:
        args = serve_parser().parse_args(argv[1:])
        _logging(args.verbose)
        from app.runtime.run import run_serve

        return run_serve(args.url, args.out, _agent_socket())
    if argv[:1] == ["mcp"]:
        from app.mcp.cli import main as mcp_main

        return mcp_main(argv[1:])
    if argv[:1] == ["compare"]:
        from app.compare.cli import main as compare_main

        return compare_main(argv[1:])
    args = gui_parser().parse_args(argv)
    _logging(args.verbose)
    from app.qtenv import has_display

    if not has_display():
        print("pagenote: no display (DISPLAY/WAYLAND_DISPLAY unset): running 'pagenote capture' instead",
              file=sys.stderr)
        return _capture(([args.url] if args.url else []) + ["--out", str(args.out)])
    from app.ui.main_window import run_window

    return run_window(args.url, args.out, _agent_socket())


def _agent_socket() -> Path | None:
    """The agent socket's path, ``None`` (with a warning) when its directory is not private to this user."""
    from app.agent.paths import socket_path

    try:
        return socket_path()
    except PermissionError as exc:
        logging.getLogger("pagenote").warning("agent socket off: %s", exc)
        return None


def _capture(argv: list[str]) -> int:
    args = capture_parser().parse_args(argv)
    _logging(args.verbose)
    from app import headless

    url = args.url
    if not url:
        from app.webview.urls import DEMO_PAGE

        url = DEMO_PAGE.as_uri()
    if args.out.exists() and not args.out.is_dir():
        print(f"pagenote: BAD_OUT_DIR: {args.out} exists and is not a directory", file=sys.stderr)
        return EXIT_BAD_INPUT
    if not args.out.exists():
        try:
            args.out.mkdir(parents=True)
        except OSError as exc:
            print(f"pagenote: BAD_OUT_DIR: cannot create {args.out}: {exc}", file=sys.stderr)
            return EXIT_BAD_INPUT
    job = CaptureJob(url=url, targets=[tuple(t) for t in (args.targets or [])], summary=args.summary,
                     out=args.out, screenshot=not args.no_screenshot, viewport=args.viewport, format=args.format,
                     send=args.send, full_page=args.full_page, scale=args.scale, crops=args.crops,
                     agent_copy=args.agent_copy, baseline=args.baseline, threshold=args.threshold)
    return headless.run(job)
