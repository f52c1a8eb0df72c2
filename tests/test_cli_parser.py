"""The one ``pagenote`` parser (app/cli.py): subcommands, ``window`` as the default, argument errors, the
registry's ``BAD_OUT_DIR`` — in-process, without starting Qt (bad input is refused before any page loads)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from app import __version__
from app.cli import COMMANDS, build_parser, main, route

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize(("argv", "routed"), [
    ([], ["window"]),
    (["http://127.0.0.1:8000/"], ["window", "http://127.0.0.1:8000/"]),
    (["--out", "d", "-v"], ["window", "--out", "d", "-v"]),
    (["page.html", "--version"], ["window", "page.html", "--version"]),
    (["window", "x"], ["window", "x"]),
    (["capture", "--annotate", "#a"], ["capture", "--annotate", "#a"]),
    (["serve", "u"], ["serve", "u"]),
    (["mcp", "--no-start"], ["mcp", "--no-start"]),
    (["compare", "a.png", "b.png"], ["compare", "a.png", "b.png"]),
    (["--help"], ["--help"]),
    (["-h"], ["-h"]),
    (["--version"], ["--version"]),
])
def test_route_puts_window_first_unless_a_command_or_top_level_option_leads(argv, routed):
    assert route(argv) == routed


def test_help_lists_every_subcommand(capsys):
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: pagenote [-h] [--version] COMMAND ...")
    listed = [line.split()[0] for line in out.splitlines() if line[:4] == "    " and line[4:5].isalpha()]
    assert listed == list(COMMANDS)
    # the one option taken before argparse (it must act before Qt starts) is still named in --help
    # (argparse's wrapping may break the option at a hyphen: "--allow-remote-\ndebugging")
    assert "--allow-remote-debugging" in re.sub(r"-\s+", "-", out)


@pytest.mark.parametrize("argv", [["--version"], ["http://x/", "--version"], ["window", "--version"]])
def test_version(argv, capsys):
    assert main(argv) == 0
    assert capsys.readouterr().out == f"pagenote {__version__}\n"


def test_one_parser_parses_every_subcommand(tmp_path):
    parser = build_parser()
    window = parser.parse_args(route(["http://127.0.0.1/", "--out", str(tmp_path), "-v"]))
    assert (window.command, window.url, window.out, window.verbose) == ("window", "http://127.0.0.1/", tmp_path, True)
    default = parser.parse_args(route([]))
    assert (default.command, default.url, default.out, default.verbose) == ("window", None, Path.cwd(), False)
    capture = parser.parse_args(["capture", "u", "--annotate", "#a", "--note", "n", "--annotate", "#b",
                                 "--viewport", "800x600", "--format", "json"])
    assert capture.command == "capture" and capture.targets == [["#a", "n"], ["#b", ""]]
    assert capture.viewport == (800, 600) and capture.format == "json" and capture.threshold == 0.1
    serve = parser.parse_args(["serve", "u", "--out", str(tmp_path)])
    assert (serve.command, serve.url, serve.out, serve.verbose) == ("serve", "u", tmp_path, False)
    mcp = parser.parse_args(["mcp", "--http", "127.0.0.1:8123", "--no-start", "-v"])
    assert (mcp.command, mcp.http, mcp.no_start, mcp.verbose) == ("mcp", ("127.0.0.1", 8123), True, True)
    compare = parser.parse_args(["compare", "a.png", "b.png", "--threshold", "2%", "--json"])
    assert (compare.command, compare.baseline, compare.current) == ("compare", Path("a.png"), Path("b.png"))
    assert compare.threshold == 2.0 and compare.json and compare.out is None


@pytest.mark.parametrize(("argv", "message"), [
    (["mcp", "--http", "127.0.0.1:99999"], "pagenote mcp: error: argument --http: port 99999 is outside 1..65535"),
    (["capture", "--note", "orphan"], "pagenote capture: error: --note must follow an --annotate SELECTOR"),
    (["capture", "--viewport", "huge"], "pagenote capture: error: argument --viewport: expected WIDTHxHEIGHT"),
    (["compare", "a.png"], "pagenote compare: error: the following arguments are required: current"),
    (["--out"], "pagenote: error: argument --out: expected one argument"),
    (["u", "extra"], "pagenote: error: unrecognized arguments: extra"),
])
def test_bad_arguments_return_2_naming_the_subcommand(argv, message, capsys):
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and message in captured.err


def test_out_that_is_a_file_is_bad_out_dir_for_serve_and_the_fallback_capture(tmp_path, monkeypatch, capsys):
    afile = tmp_path / "afile"
    afile.write_text("x")
    assert main(["serve", "--out", str(afile)]) == 2
    assert capsys.readouterr().err == f"pagenote: BAD_OUT_DIR: {afile} exists and is not a directory\n"
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    assert main(["--out", str(afile)]) == 2
    assert capsys.readouterr().err.splitlines() == [
        "pagenote: no display (DISPLAY/WAYLAND_DISPLAY unset): running 'pagenote capture' instead",
        f"pagenote: BAD_OUT_DIR: {afile} exists and is not a directory"]
    assert not afile.with_name("annotations").exists()


def test_compare_through_the_one_parser(tmp_path, capsys):
    a, b = tmp_path / "a.png", tmp_path / "b.png"
    Image.new("RGB", (40, 30), "white").save(a)
    Image.new("RGB", (40, 30), "black").save(b)
    assert main(["compare", str(a), str(a), "--out", str(tmp_path / "same-diff.png")]) == 0
    assert capsys.readouterr().out.startswith("PASSED: changed 0% of 1200 px")
    assert main(["compare", str(a), str(b), "--out", str(tmp_path / "diff.png")]) == 1
    assert capsys.readouterr().out.startswith("FAILED: changed 100% of 1200 px")
    assert main(["compare", str(a), str(tmp_path / "nope.png")]) == 2
    assert capsys.readouterr().err == f"pagenote compare: BAD_IMAGE: current {tmp_path / 'nope.png'} does not exist\n"


def test_only_the_chosen_command_imports_its_modules():
    """``pagenote compare``/``--version`` do not pay for the MCP SDK or Qt widgets at start-up."""
    code = ("import sys; from app.cli import main; main(['--version']); main(['compare', 'no-a.png', 'no-b.png']); "
            "print(sorted(m for m in ('app.mcp.cli', 'mcp', 'PySide6.QtWidgets', 'app.headless') if m in sys.modules))")
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines()[-1] == "[]"
    assert "BAD_IMAGE" in proc.stderr
