"""The README and docs/ keep working (issue 30, requirement 7): every relative link (and its anchor) in README.md
and docs/*.md resolves, every documented ``pagenote …`` command and option parses with the real parser
(``app/cli.py``), every script a page names exists, each subcommand has its ``--help``, the README's two set-up
commands are the scripts CI runs, and the README stays a guide of at most 300 lines.

Anchors follow GitHub's heading slugs (html-pipeline's TableOfContentsFilter): the heading's text, lower-cased,
every character that is not a letter, digit, ``_``, ``-`` or space removed, spaces turned into ``-``; a repeated
slug gets ``-1``, ``-2`` …"""

from __future__ import annotations

import contextlib
import io
import itertools
import re
import shlex
from pathlib import Path

import pytest

from app import cli

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
README_MAX_LINES = 300

_FENCE = re.compile(r"^\s*(`{3,}|~{3,})")
_CODE_SPAN = re.compile(r"(`+)(?!`)(.+?)(?<!`)\1(?!`)", re.S)
_LINK = re.compile(r"!?\[((?:[^\]\\]|\\.)*)\]\(\s*([^)\s]+)(?:\s+\"[^\"]*\")?\s*\)")


def _rel(page: Path) -> str:
    return str(page.relative_to(ROOT))


def _split(text: str) -> tuple[str, list[tuple[str, str]]]:
    """``text`` without its fenced code blocks (their lines blanked), and the blocks as (info string, body)."""
    prose, blocks, fence, info, body = [], [], None, "", []
    for line in text.split("\n"):
        m = _FENCE.match(line)
        if fence is None and m:
            fence, info, body = m.group(1), line.strip()[len(m.group(1)):].strip(), []
            prose.append("")
        elif fence is not None:
            if m and line.strip() == m.group(1) and m.group(1)[0] == fence[0] and len(m.group(1)) >= len(fence):
                blocks.append((info, "\n".join(body)))
                fence = None
            else:
                body.append(line.strip())
            prose.append("")
        else:
            prose.append(line)
    return "\n".join(prose), blocks


def slugs(page: Path) -> set[str]:
    """The anchors GitHub gives ``page``'s headings (module docstring)."""
    prose, _ = _split(page.read_text(encoding="utf-8"))
    seen: dict[str, int] = {}
    out: set[str] = set()
    for line in prose.split("\n"):
        m = re.match(r"^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$", line)
        if not m:
            continue
        text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", m.group(1))   # a link's text stays
        text = text.replace("`", "").replace("**", "").replace("*", "")
        slug = re.sub(r"[^\w\- ]", "", text.lower()).replace(" ", "-")
        n = seen.get(slug, 0)
        seen[slug] = n + 1
        out.add(slug if n == 0 else f"{slug}-{n}")
    return out


def links(page: Path) -> list[str]:
    """The link and image targets of ``page``'s prose (code blocks and code spans left out)."""
    prose, _ = _split(page.read_text(encoding="utf-8"))
    prose = _CODE_SPAN.sub("", prose)
    return [m.group(2) for m in _LINK.finditer(prose)]


def test_the_pages_are_found():
    names = {p.name for p in PAGES}
    assert {"README.md", "window.md", "agent-tools.md", "socket.md", "errors.md", "devices.md", "capture.md",
            "architecture.md", "testing.md"} <= names, names


@pytest.mark.parametrize("page", PAGES, ids=_rel)
def test_every_relative_link_and_anchor_resolves(page):
    broken = []
    for target in links(page):
        if re.match(r"^[a-z][a-z0-9+.-]*:", target):   # http:, https:, mailto: — not checked offline
            continue
        path, _, anchor = target.partition("#")
        dest = (page.parent / path).resolve() if path else page
        if not dest.exists():
            broken.append(f"{target}: no such file {dest}")
            continue
        if anchor:
            if dest.suffix != ".md":
                broken.append(f"{target}: an anchor into a file that is not Markdown")
            elif anchor not in slugs(dest):
                broken.append(f"{target}: {_rel(dest)} has no heading with the anchor #{anchor}")
    assert not broken, "\n".join(broken)


@pytest.mark.parametrize("page", PAGES, ids=_rel)
def test_every_table_has_its_header_row(page):
    """A table's delimiter row (``|---|``) follows a header row with as many cells: without it GitHub shows the
    rows as plain text."""
    prose, _ = _split(page.read_text(encoding="utf-8"))
    lines = prose.split("\n")
    for i, line in enumerate(lines):
        if re.match(r"^\s*\|\s*:?-{3,}", line):
            header = lines[i - 1].strip() if i else ""
            cells = len(re.split(r"(?<!\\)\|", line.strip())) - 2
            assert header.startswith("|") and len(re.split(r"(?<!\\)\|", header)) - 2 == cells, \
                f"{_rel(page)}:{i + 1}: a table without its header row"


def test_the_slug_rule_is_githubs():
    """Headings with code, punctuation and a dash, as GitHub renders their anchors."""
    page = ROOT / "docs" / "agent-tools.md"
    assert "opt-in-groups---caps-assertions-storage-network-mocking" in slugs(page)
    assert "browser_annotate-asking-the-user-for-notes" in slugs(page)
    assert "leases-tabs-popups-permissions-downloads--and-nothing-lost" in slugs(ROOT / "docs" / "window.md")


# --- documented commands -------------------------------------------------------------------------------------

#: Values for the placeholders the pages write in commands (``URL``, ``DIR`` …), so a command parses whole.
PLACEHOLDERS = {
    "URL": "http://127.0.0.1:8000/", "SEL": "#x", "DIR": "out", "SELECTOR": "#x", "TEXT": "a note", "NAME": "work",
    "PATH": "/tmp/agent.sock", "FILE": "review.json", "PERCENT": "0.5", "N": "24", "SECONDS": "30", "KB": "800",
    "WIDTHxHEIGHT": "1280x800", "HOST:PORT": "127.0.0.1:8765", "127.0.0.1:PORT": "127.0.0.1:8765",
    "CODE": "zh_CN", "GROUPS": "testing", "SPEC": "none", "ARGS": "",
}
#: A script run as ``pagenote`` (its arguments go to the same parser).
_PAGENOTE = re.compile(r"^(?:pagenote|\S*/pagenote|\./run\.sh|\S*/run\.sh)$")
_PLACEHOLDER = re.compile(r"^\[|\]$|…|\.\.\.|^<|>$")


def _commands() -> list[tuple[str, str]]:
    """Every documented command line (page, text): lines of ``sh`` blocks (continuations joined, the command
    after ``cd … &&``) and code spans, whose first word runs pagenote."""
    found = []
    for page in PAGES:
        prose, blocks = _split(page.read_text(encoding="utf-8"))
        lines = [m.group(2).strip() for m in _CODE_SPAN.finditer(prose)]
        for info, body in blocks:
            if info in ("sh", "bash", "shell", "console"):
                lines += body.replace("\\\n", " ").split("\n")
        for line in lines:
            for part in re.split(r"\s&&\s|\s;\s", line):
                words = part.split()
                if words and _PAGENOTE.match(words[0]):
                    found.append((_rel(page), part))
    return found


COMMANDS = _commands()


def _words(command: str) -> list[str]:
    """The arguments of ``command`` (shell comments, a trailing ``&`` and the program dropped)."""
    try:
        words = shlex.split(command, comments=True)
    except ValueError:   # a code span quoting half a command
        words = command.split()
    if words and words[-1] == "&":
        words.pop()
    return words[1:]


def _parse(argv: list[str]):
    """``argv`` through ``app.cli``'s parser as ``main`` routes it; ``(namespace, None)`` or ``(None, error)``."""
    argv = [a for a in argv if a != "--allow-remote-debugging"]
    argv = cli.route(argv)
    err = io.StringIO()
    try:
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
            return cli.build_parser([argv[0]]).parse_args(argv), None
    except SystemExit as exc:
        return (None, err.getvalue().strip()) if exc.code else ("exit 0", None)


def _options(command: str) -> set[str]:
    """The option strings the subparser ``command`` accepts (and the top level's)."""
    parser = cli.build_parser([command])
    sub = next(a for a in parser._actions if a.dest == "command").choices[command]
    return set(sub._option_string_actions) | {"--version", "--help", "-h", "--allow-remote-debugging"}


def test_the_pages_document_commands():
    assert len(COMMANDS) > 30, COMMANDS
    documented = {(_words(c) or ["window"])[0] for _, c in COMMANDS}
    assert set(cli.COMMANDS) - {"window"} <= documented, documented   # `window` is the default, never written


@pytest.mark.parametrize(("page", "command"), COMMANDS, ids=[f"{p}: {c}"[:90] for p, c in COMMANDS])
def test_every_documented_command_parses(page, command):
    """Every option a documented command names exists for its subcommand; a command without placeholders
    (``[…]``, ``…``, ``<…>``) parses whole, each ``a|b`` choice alone, with ``URL``-like words given values."""
    words = _words(command)
    bare = [w.strip("[]").rstrip(".…") for w in words]
    sub = next((w for w in bare if not w.startswith("-")), "window")
    sub = sub if sub in cli.COMMANDS else "window"
    known = _options(sub)
    unknown = [w for w in bare if w.startswith("-") and len(w) > 1 and w.split("=")[0] not in known]
    assert not unknown, f"{page}: `{command}`: pagenote {sub} has no option {unknown}"
    if any(_PLACEHOLDER.search(w) for w in words):
        return
    choices = [w.split("|") if re.fullmatch(r"[\w.-]+(\|[\w.-]+)+", w) else [w] for w in words]
    for combo in itertools.product(*choices):
        argv = [PLACEHOLDERS.get(w, w) for w in combo]
        argv = [a for a in argv if a]
        left = [a for a in argv if re.fullmatch(r"[A-Z][A-Z0-9_]+", a)]
        assert not left, f"{page}: `{command}`: give the placeholder {left} a value in PLACEHOLDERS"
        parsed, error = _parse(argv)
        if error and argv[-1].startswith("-") and error.endswith(f"argument {argv[-1]}: expected one argument"):
            continue   # a code span naming an option (`pagenote mcp --http`), its value said in the prose
        assert error is None, f"{page}: `{command}` does not parse: {error}"


@pytest.mark.parametrize("command", cli.COMMANDS)
def test_every_subcommand_has_its_help(command):
    out = io.StringIO()
    with contextlib.redirect_stdout(out), pytest.raises(SystemExit) as exit_:
        cli.build_parser([command]).parse_args([command, "--help"])
    assert exit_.value.code == 0 and out.getvalue().startswith("usage: "), out.getvalue()[:200]


def test_every_script_and_test_file_named_exists():
    """Scripts and Python files the pages name under the checkout's own folders exist (scripts executable)."""
    missing = []
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for path in set(re.findall(r"(?<![\w/.~-])((?:dev|packaging|bench|tests|app|\.ci)/[\w./-]+\.(?:sh|py))\b",
                                   text)):
            file = ROOT / path
            if not file.is_file():
                missing.append(f"{_rel(page)}: {path} does not exist")
            elif path.endswith(".sh") and not path.startswith(("tests/", "app/")) and not file.stat().st_mode & 0o111:
                missing.append(f"{_rel(page)}: {path} is not executable")
    assert not missing, "\n".join(missing)


# --- the README itself -----------------------------------------------------------------------------------------

README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_readme_is_a_guide_of_at_most_300_lines():
    assert len(README.splitlines()) <= README_MAX_LINES, len(README.splitlines())


def test_the_two_setup_commands_are_the_scripts_ci_runs():
    """The README's two commands: ``./run.sh`` (the main job) and ``./test.sh`` (the whole suite), each setting
    everything up through dev/bootstrap.sh; CI (``.ci/run``) runs the same ``./test.sh``."""
    section = README[README.index("## Two commands"):README.index("\n## ", README.index("## Two commands") + 1)]
    _, blocks = _split(section)
    assert len(blocks) == 1 and blocks[0][0] == "sh", blocks
    commands = [shlex.split(line, comments=True) for line in blocks[0][1].split("\n") if line.strip()]
    assert commands == [["./run.sh"], ["./test.sh"]], commands
    for script in ("run.sh", "test.sh"):
        text = (ROOT / script).read_text(encoding="utf-8")
        assert (ROOT / script).stat().st_mode & 0o111, f"{script} is not executable"
        assert re.search(r'^\S*\s*source "\$ROOT/dev/bootstrap.sh"', text, re.M), f"{script} skips the set-up"
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert re.search(r"^exec \./test\.sh\b", ci, re.M), ci


def test_the_readme_states_the_two_surprises_and_the_close_dialog():
    """Issue 30's README findings: the hand-over of ``pagenote URL``, restored tabs' page data, and the close
    question's real buttons (app/ui/draft_prompt.py), nowhere the old "Send / Save / Discard"."""
    from app.ui import draft_prompt

    surprises = " ".join(README[README.index("## Limits and two surprises"):].split())
    assert "hands the URL to that window" in surprises and "then exits" in surprises
    assert "Restored tabs" in surprises and "cookies and storage" in surprises
    source = Path(draft_prompt.__file__).read_text(encoding="utf-8")
    assert '"Keep for next start"' in source and "StandardButton.Discard" in source
    assert "**Send / Keep for next start / Discard / Cancel**" in surprises
    for page in PAGES:
        assert "Send / Save / Discard" not in page.read_text(encoding="utf-8"), page
