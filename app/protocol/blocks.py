"""The line and fenced-block grammar of pagenote's Markdown (shared by :mod:`app.protocol.markdown` and
:mod:`app.protocol.kinds`): a cursor over lines with 1-based numbers, ``Key: value`` / ``Key:`` splitting, and
fenced blocks whose fence is longer than any backtick run of their content (CommonMark §4.5)."""

from __future__ import annotations

import re

_BACKTICK_RUN = re.compile(r"`+")
_FENCE_OPEN = re.compile(r"(`{3,})([^`]*)\Z")


class ProtocolError(ValueError):
    """Malformed annotations Markdown. ``line`` is the 1-based line number the problem was found on."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(f"line {line}: {message}")
        self.line = line
        self.message = message


def fence_for(content: str) -> str:
    longest = max((len(run) for run in _BACKTICK_RUN.findall(content)), default=0)
    return "`" * max(3, longest + 1)


def block(key: str, content: str, info: str = "") -> list[str]:
    fence = fence_for(content)
    return [f"{key}:", f"{fence}{info}", *content.split("\n"), fence]


class Lines:
    """A cursor over the text's lines (split on LF only, CR before LF dropped) with 1-based numbers."""

    def __init__(self, text: str) -> None:
        self.lines = [line[:-1] if line.endswith("\r") else line for line in text.split("\n")]
        if self.lines and self.lines[-1] == "":
            self.lines.pop()
        self.i = 0

    def more(self) -> bool:
        return self.i < len(self.lines)

    def peek(self) -> str:
        return self.lines[self.i]

    def take(self) -> str:
        self.i += 1
        return self.lines[self.i - 1]

    @property
    def number(self) -> int:
        """1-based number of the line :meth:`peek` would return (or one past the end)."""
        return self.i + 1

    def skip_blank(self) -> None:
        while self.more() and self.peek().strip() == "":
            self.i += 1


def read_block(lines: Lines, key: str) -> str:
    """Read the fenced block following a ``Key:`` line; return its content."""
    if not lines.more():
        raise ProtocolError(lines.number, f"{key}: expected an opening ``` fence, found the end of the text")
    start = lines.number
    m = _FENCE_OPEN.match(lines.take())
    if not m:
        raise ProtocolError(start, f"{key}: expected an opening fence of 3 or more backticks")
    fence = m.group(1)
    content: list[str] = []
    while lines.more():
        line = lines.take()
        if line == fence:
            return "\n".join(content)
        content.append(line)
    raise ProtocolError(start, f"{key}: the fence opened here is never closed (expected a line {fence})")


def split_key(line: str) -> tuple[str, str | None]:
    """``"Key: value"`` → ``("Key", "value")``; ``"Key:"`` → ``("Key", None)`` (a block follows)."""
    if line.endswith(":") and ": " not in line:
        return line[:-1], None
    key, sep, value = line.partition(": ")
    if not sep:
        return line, ""
    return key, value
