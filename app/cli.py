"""Command line: one ``argparse`` parser, ``pagenote``, with a subcommand per mode.

- ``pagenote [window] [URL] [--out DIR]``: the window (with the agent socket); ``window`` is the default
  command, so ``pagenote URL`` works. With no display it runs ``pagenote capture`` on the page instead (and
  says so on stderr).
- ``pagenote capture …``: one headless annotate → screenshot → Markdown run (see :mod:`app.headless`).
- ``pagenote serve [URL] [--out DIR] [--no-evaluate] [--allow-file-urls]``: the app with no visible window,
  serving the agent socket.
- ``pagenote mcp [--http HOST:PORT]``: an MCP server (stdio, or streamable HTTP) backed by the agent socket.
- ``pagenote compare BASELINE.png CURRENT.png``: visual diff (see :mod:`app.compare.cli`).

Heavy modules (Qt, the MCP SDK, Pillow) are imported only by the command that runs: :func:`main` fills in
the arguments of the chosen subcommand only; ``pagenote --help`` lists every subcommand all the same.

This module is the parser (and :func:`main`, which routes and parses); what each subcommand then runs is in
:mod:`app.cli_run`.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Iterable
from pathlib import Path

from app import __version__
from app.cli_run import RUNNERS
from app.core.errors import EXIT_BAD_INPUT, PagenoteError

COMMANDS = ("window", "capture", "serve", "mcp", "compare")
"""Subcommand names, in ``--help`` order. ``window`` is inserted when argv names none (:func:`route`)."""
_TOP_LEVEL_OPTIONS = frozenset({"-h", "--help", "--version"})
_HELP = {
    "window": "open the window on URL (the default command)",
    "capture": "headless: annotate, screenshot, print the Markdown",
    "serve": "run with no visible window, serving the agent socket",
    "mcp": "MCP server for coding agents (stdio, or --http HOST:PORT)",
    "compare": "visual diff of two screenshots",
}


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


class _Reference(argparse.Action):
    """``--reference FILE`` attaches a reference image to the ``--annotate`` before it (index → path)."""

    def __call__(self, parser, namespace, values, option_string=None):
        targets = getattr(namespace, "targets", None) or []
        if not targets:
            parser.error("--reference must follow an --annotate SELECTOR")
        references = dict(getattr(namespace, "references", None) or {})
        if len(targets) - 1 in references:
            parser.error(f"--annotate {targets[-1][0]!r} has two --reference options")
        references[len(targets) - 1] = Path(values)
        namespace.references = references


def _seconds(text: str) -> float:
    """A positive number of seconds (at most one hour), for argparse."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not 0 < value <= 3600:
        raise argparse.ArgumentTypeError("give a number of seconds above 0 and at most 3600")
    return value


def _viewport(text: str) -> tuple[int, int]:
    m = re.fullmatch(r"(\d{2,5})[xX](\d{2,5})", text)
    if not m or not (100 <= int(m.group(1)) <= 10_000 and 100 <= int(m.group(2)) <= 10_000):
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT in CSS px, each 100..10000, got {text!r}")
    return int(m.group(1)), int(m.group(2))


def _page_and_out(p: argparse.ArgumentParser, url_help: str) -> None:
    """The ``url`` positional, ``--out DIR`` and ``-v/--verbose`` shared by window, capture and serve."""
    p.add_argument("url", nargs="?", help=url_help)
    p.add_argument("--out", metavar="DIR", type=Path, default=Path.cwd(),
                   help="project directory for annotations/ and shots/ (default: current directory)")
    p.add_argument("-v", "--verbose", action="store_true", help="log details to stderr")


def _dialogs_option(p: argparse.ArgumentParser) -> None:
    """``--dialogs dismiss|accept`` (capture, serve): how the page's JavaScript dialogs are answered, at once."""
    p.add_argument("--dialogs", choices=("dismiss", "accept"), default="dismiss",
                   help="answer the page's alert/confirm/prompt at once: dismiss (default: confirm false, prompt "
                        "cancelled) or accept (confirm true, prompt its default); beforeunload always leaves")


def _hid_option(p: argparse.ArgumentParser) -> None:
    """``--hid-backend`` (repeatable): where WebHID / Web Serial devices come from (:mod:`app.hid.setup`)."""
    from app.hid.setup import check_spec

    def spec(text: str) -> str:
        try:
            return check_spec(text)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None

    p.add_argument("--hid-backend", metavar="SPEC", action="append", type=spec, default=[],
                   help="devices for pages' WebHID and Web Serial: hidapi (default), virtual:FILE (a virtual "
                        "device description, JSON or TOML; real devices stay listed beside it) or none; repeatable")


def _fill_window(p: argparse.ArgumentParser) -> None:
    p.description = ("Annotate a web page element by element and hand the notes to a coding agent. "
                     "Run 'pagenote capture --help' for the headless mode.")
    _page_and_out(p, "page to open (default: the bundled demo page)")
    p.add_argument("--lang", metavar="CODE", type=_language,
                   help="the window's language: en or zh_CN (default: the Settings choice, else the system's)")
    _profile_option(p)
    _hid_option(p)
    _file_urls_option(p)
    p.add_argument("--version", action="version", version=f"pagenote {__version__}")


def _language(text: str) -> str:
    """``--lang``'s type: a code app.runtime.i18n knows (``zh-CN`` → ``zh_CN``); argparse reports others."""
    from app.runtime.i18n import LANGUAGES, normalise

    found = normalise(text)
    if not found:
        raise argparse.ArgumentTypeError(f"no translation for {text!r} (known: {', '.join(LANGUAGES)})")
    return found


def _fill_capture(p: argparse.ArgumentParser) -> None:
    p.description = ("Load a page with no window, pin one annotation per selector, take a viewport PNG, write "
                     "the Markdown to <out>/annotations/ and print it on stdout.")
    p.epilog = ("Exit codes: 0 done, 1 differs from --baseline, 2 bad input, 3 the page failed to load, "
                "4 the screenshot failed, 5 --send could not reach the app. A DIALOG_LOOP warning (a page that keeps "
                "opening dialogs) leaves the exit code 0.")
    _page_and_out(p, "page URL or file (default: the bundled demo page)")
    p.add_argument("--annotate", metavar="SELECTOR", action=_Target, dest="targets",
                   help="CSS selector of an element to annotate; must match exactly one element (repeatable)")
    p.add_argument("--note", metavar="TEXT", action=_Target, dest="targets",
                   help="note for the --annotate before it")
    p.add_argument("--summary", metavar="TEXT", default="", help="overall note for the batch")
    p.add_argument("--reference", metavar="FILE", action=_Reference, dest="references",
                   help="reference image (the design target) for the --annotate before it; copied into shots/")
    p.add_argument("--detail", choices=("compact", "standard", "detailed", "forensic"), default="standard",
                   help="how much of each element record the Markdown holds (default standard)")
    p.add_argument("--import", metavar="FILE", type=Path, dest="import_file",
                   help="add the annotations of an exported .json review, re-anchored in this page by their "
                        "locators (its origin replaces theirs)")
    p.add_argument("--export", choices=("html", "json"), action="append", default=[],
                   help="also write the review as one self-contained HTML file or as JSON into <out>/annotations/ "
                        "(repeatable)")
    p.add_argument("--no-screenshot", action="store_true", help="do not take the viewport PNG")
    p.add_argument("--viewport", metavar="WxH", type=_viewport, default=(1280, 800),
                   help="viewport size in CSS px (default 1280x800)")
    p.add_argument("--format", choices=("md", "json"), default="md", help="stdout format (default md)")
    p.add_argument("--load-timeout", "--timeout", metavar="SECONDS", type=_seconds, default=30.0,
                   help="give up on a page that has not loaded after SECONDS (default 30): PAGE_LOAD_TIMEOUT")
    _dialogs_option(p)
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


def _fill_serve(p: argparse.ArgumentParser) -> None:
    p.description = ("Run pagenote with no visible window, serving the agent socket "
                     "(for coding agents and 'pagenote mcp').")
    _page_and_out(p, "page to open (default: the bundled demo page)")
    _dialogs_option(p)
    p.add_argument("--no-evaluate", action="store_true",
                   help="refuse agents' evaluate (running JavaScript in the page's own world): EVALUATE_DISABLED")
    _profile_option(p)
    _hid_option(p)
    _file_urls_option(p)


def _file_urls_option(p: argparse.ArgumentParser) -> None:
    """``--allow-file-urls`` (window, serve): agents may open ``file:`` URLs for this run
    (:attr:`app.runtime.app.PagenoteApp.file_urls_flag`); without it ``[agent] files`` in the settings decides."""
    p.add_argument("--allow-file-urls", action="store_true",
                   help="let agents open file: URLs (local files) in this run; by default they get FILE_URL_REFUSED "
                        "unless [agent] files = true in settings.toml. The window's own address bar always can")


def _profile_option(p: argparse.ArgumentParser) -> None:
    p.add_argument("--profile", metavar="NAME",
                   help="a persistent browser profile (logins, storage kept between runs under the user data "
                        "dir); default: a private one, forgotten on exit")


def _fill_mcp(p: argparse.ArgumentParser) -> None:
    from app.mcp import cli as mcp_cli

    p.description = mcp_cli.DESCRIPTION
    mcp_cli.add_arguments(p)  # adds its own -v/--verbose


def _fill_compare(p: argparse.ArgumentParser) -> None:
    from app.compare import cli as compare_cli

    p.description, p.epilog = compare_cli.DESCRIPTION, compare_cli.EPILOG
    compare_cli.add_arguments(p)


_FILL = {"window": _fill_window, "capture": _fill_capture, "serve": _fill_serve, "mcp": _fill_mcp,
         "compare": _fill_compare}


def build_parser(commands: Iterable[str] = COMMANDS) -> argparse.ArgumentParser:
    """The one ``pagenote`` parser: ``--version`` and a subparser per name in :data:`COMMANDS` (all listed in
    ``--help``). Only the subparsers named in ``commands`` get their arguments (and import what they need);
    parsing a subcommand left empty fails. The parsed namespace has ``command`` (a name from
    :data:`COMMANDS`). The window subparser's ``prog`` is ``pagenote`` since ``window`` is the default."""
    parser = argparse.ArgumentParser(
        prog="pagenote",
        description="Annotate a web page element by element and hand the notes to a coding agent.",
        epilog="With no COMMAND, 'window' is assumed: 'pagenote URL' opens the window. "
               "Run 'pagenote COMMAND --help' for a command's options. "
               "With any command, --allow-remote-debugging keeps a Chrome DevTools Protocol port that "
               "QTWEBENGINE_REMOTE_DEBUGGING or QTWEBENGINE_CHROMIUM_FLAGS asks for (dropped otherwise: "
               "the port is open to every local process and page).")
    parser.add_argument("--version", action="version", version=f"pagenote {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", title="commands", required=True)
    wanted = set(commands)
    for name in COMMANDS:
        p = sub.add_parser(name, help=_HELP[name], **({"prog": "pagenote"} if name == "window" else {}))
        if name in wanted:
            _FILL[name](p)
    return parser


def route(argv: list[str]) -> list[str]:
    """``argv`` with ``window`` put first unless it already starts with a name from :data:`COMMANDS` or a
    top-level option (``-h``, ``--help``, ``--version``): ``["URL", "--out", "D"]`` → ``["window", "URL",
    "--out", "D"]``, ``[]`` → ``["window"]``, ``["capture", …]`` unchanged."""
    if argv and (argv[0] in COMMANDS or argv[0] in _TOP_LEVEL_OPTIONS):
        return list(argv)
    return ["window", *argv]


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``pagenote`` console script and ``python -m app``. Returns the exit code:
    argparse's (2 bad arguments, 0 for ``--help``/``--version``), the command's, or a
    :class:`PagenoteError`'s ``exit_code`` after printing ``pagenote: NAME: message`` on stderr."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if "--allow-remote-debugging" in argv:  # any command: keep the user's Qt CDP port (app/qtenv.py)
        from app import qtenv

        argv.remove("--allow-remote-debugging")
        qtenv.allow_remote_debugging = True
    argv = route(argv)
    command = argv[0] if argv[0] in COMMANDS else None
    try:
        args = build_parser([command] if command else ()).parse_args(argv)
    except SystemExit as exc:  # argparse: 2 on bad arguments, 0 for --help/--version
        return exc.code if isinstance(exc.code, int) else EXIT_BAD_INPUT
    try:
        return RUNNERS[args.command](args)
    except PagenoteError as exc:
        print(f"pagenote: {exc}", file=sys.stderr)
        return exc.exit_code
