"""``pagenote compare BASELINE.png CURRENT.png [--out DIFF.png] [--threshold PERCENT] [--tolerance N] [--json]``
(issue #4 §6).

For one argparse parser with subcommands: :func:`add_arguments` fills a (sub)parser, :func:`run` does the
work on its namespace and returns the exit code. :func:`main` is both, for ``python -m app compare``.
Exit codes come from :mod:`app.core.errors`: ``EXIT_OK`` passed, ``EXIT_DIFFERS`` changed above the
threshold or the sizes differ, ``EXIT_BAD_INPUT`` bad input.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

from app.compare.diff_image import diff_image
from app.compare.engine import THRESHOLD_PERCENT, TOLERANCE, CompareResult, compare_images
from app.compare.images import open_image
from app.core.errors import EXIT_BAD_INPUT, EXIT_DIFFERS, EXIT_OK, PagenoteError

__all__ = ["DESCRIPTION", "EPILOG", "add_arguments", "main", "run", "summary"]

DESCRIPTION = ("Compare two screenshots: report the changed share of pixels and the changed regions, and write a "
               "diff image (the current page faded, changes in magenta, regions boxed in red). Isolated "
               "anti-aliasing differences are ignored; see 'changed' vs 'mismatched'.")
"""The ``pagenote compare`` help text (for a subparser's ``description``)."""
EPILOG = "Exit codes: 0 changed% <= threshold, 1 above it or the sizes differ, 2 bad input."
"""The exit-code line of ``pagenote compare --help`` (argparse %-formats an epilog only when it holds ``%(prog)``)."""
SUMMARY_REGIONS = 20
"""Regions listed in the human summary (all of them are in ``--json``)."""


def _tolerance(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = -1
    if not 0 <= value <= 255:
        raise argparse.ArgumentTypeError(f"expected an integer 0..255, got {text!r}")
    return value


def _threshold(text: str) -> float:
    try:
        value = float(text.rstrip("%"))
    except ValueError:
        value = math.nan
    if not 0 <= value <= 100:
        raise argparse.ArgumentTypeError(f"expected a percentage 0..100, got {text!r}")
    return value


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add ``pagenote compare``'s arguments to ``parser`` (a top-level parser or a subcommand's): positional
    ``baseline``, ``current`` (:class:`~pathlib.Path`); ``--out`` (Path or None), ``--threshold`` (float
    percent, 0..100), ``--tolerance`` (int 0..255), ``--json`` (bool). Bad values are argparse errors."""
    parser.add_argument("baseline", type=Path, help="the reference PNG")
    parser.add_argument("current", type=Path, help="the PNG to check")
    parser.add_argument("--out", metavar="DIFF.png", type=Path,
                        help="diff image to write (default: <CURRENT stem>-diff.png next to CURRENT)")
    parser.add_argument("--threshold", metavar="PERCENT", type=_threshold, default=THRESHOLD_PERCENT,
                        help="largest changed share of pixels that still passes, 0..100 "
                             f"(default {THRESHOLD_PERCENT})")
    parser.add_argument("--tolerance", metavar="N", type=_tolerance, default=TOLERANCE,
                        help=f"per-channel difference 0..255 that still matches (default {TOLERANCE})")
    parser.add_argument("--json", action="store_true", help="print a JSON object instead of the summary")


def _pct(value: float) -> str:
    return "0" if value == 0 else f"{value:.4g}"


def summary(result: CompareResult, diff_path: Path | None) -> str:
    """The human summary printed by ``pagenote compare`` (without ``--json``): a ``SIZE MISMATCH`` line when
    the sizes differ, then one line ``PASSED|FAILED: changed …% of N px (…); K regions: #1 x= y= w= h=, …;
    diff: PATH`` (at most :data:`SUMMARY_REGIONS` regions listed; no ``diff:`` part when ``diff_path`` is
    None). Percentages with 4 significant digits."""
    lines = []
    if result.size_mismatch:
        (bw, bh), (cw, ch) = result.size_mismatch["baseline"], result.size_mismatch["current"]
        lines.append(f"SIZE MISMATCH: baseline is {bw}x{bh} px, current is {cw}x{ch} px; compared the top-left "
                     f"{min(bw, cw)}x{min(bh, ch)} px and counted the rest of the {result.width}x{result.height} "
                     f"canvas as changed")
    verdict = "PASSED" if result.passed else "FAILED"
    text = (f"{verdict}: changed {_pct(result.changed_percent)}% of {result.total_pixels} px "
            f"({result.changed_pixels} px; mismatched {_pct(result.mismatched_percent)}% before the "
            f"anti-aliasing filter; threshold {_pct(result.threshold_percent)}%)")
    n = len(result.regions)
    if n:
        listed = ", ".join(f"#{i} x={r.x} y={r.y} w={r.width} h={r.height}"
                           for i, r in enumerate(result.regions[:SUMMARY_REGIONS], 1))
        more = f", … and {n - SUMMARY_REGIONS} more (see --json)" if n > SUMMARY_REGIONS else ""
        text += f"; {n} region{'s' if n != 1 else ''}: {listed}{more}"
    else:
        text += "; no changed regions"
    if diff_path is not None:
        text += f"; diff: {diff_path}"
    lines.append(text)
    return "\n".join(lines)


def _compare(args: argparse.Namespace) -> int:
    """:func:`run` without the error printing; raises :class:`PagenoteError` ``BAD_IMAGE``/``BAD_OUT``."""
    baseline = open_image(args.baseline, what="baseline")
    current = open_image(args.current, what="current")
    baseline_path, current_path = args.baseline.resolve(), args.current.resolve()
    out = (args.out or args.current.with_name(f"{args.current.stem}-diff.png")).resolve()
    if out in (baseline_path, current_path):
        raise PagenoteError("BAD_OUT", f"{out} is one of the compared images")
    try:
        result = compare_images(baseline, current, tolerance=args.tolerance, threshold_percent=args.threshold)
    except ValueError as exc:
        raise PagenoteError("BAD_IMAGE", str(exc)) from exc
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        diff_image(baseline, current, result).save(out, "PNG")
    except OSError as exc:
        raise PagenoteError("BAD_OUT", f"cannot write {out}: {exc}") from exc
    if args.json:
        payload = {"baseline": str(baseline_path), "current": str(current_path), **result.to_dict(),
                   "diff_path": str(out)}
        print(json.dumps(payload, indent=2))
    else:
        print(summary(result, out))
    return EXIT_OK if result.passed else EXIT_DIFFERS


def run(args: argparse.Namespace) -> int:
    """Compare ``args.baseline`` with ``args.current`` (a namespace from :func:`add_arguments`), write the
    diff image, print the summary (or JSON with ``args.json``) on stdout.

    Returns ``EXIT_OK`` when passed, ``EXIT_DIFFERS`` when changed above the threshold or the sizes differ,
    and a :class:`PagenoteError`'s ``exit_code`` (``EXIT_BAD_INPUT``: missing/unreadable image, diff path not
    writable or equal to an input) after printing ``pagenote compare: NAME: message`` on stderr. Never
    raises for bad input."""
    try:
        return _compare(args)
    except PagenoteError as exc:
        print(f"pagenote compare: {exc}", file=sys.stderr)
        return exc.exit_code


def main(argv: list[str] | None = None) -> int:
    """``pagenote compare …`` from ``argv`` (default ``sys.argv[1:]``): :func:`add_arguments` on a parser of
    its own, then :func:`run`. Returns the exit code (argparse's 2 for bad options, 0 for ``--help``)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = argparse.ArgumentParser(prog="pagenote compare", description=DESCRIPTION, epilog=EPILOG)
    add_arguments(parser)
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse: 2 on bad options, 0 for --help
        return exc.code if isinstance(exc.code, int) else EXIT_BAD_INPUT
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
