"""How page text is written into pagenote's agent lines (snapshot, find, a target's line): nothing a page writes
can look like pagenote's own brackets, ``[ref=e5]`` and ``[href="…"]``, so the one ``[ref=…]`` of a line is
pagenote's and a reader taking "the ref of the line" takes the element's.

- :func:`plain`: ``[ref=`` and ``[href=`` in page text become ``[ref\\=`` / ``[href\\=`` (a text run, a value, a
  find match's context);
- :func:`quoted`: in double quotes, ``\\`` and ``"`` escaped with a backslash, then :func:`plain` (names, hrefs,
  the text labelling a find match's place).

The snapshot's lines are written in the page by ``app/picker_js/snapshot_node.js`` (``plain``, ``quoted``) by the
same rule; ``tests/test_line_text.py`` runs both over one table of cases. No Qt.
"""

from __future__ import annotations

import re

#: pagenote's own bracket keys whose ``[key=`` page text may not spell.
_OWN_BRACKET = re.compile(r"\[(ref|href)=")


def plain(text: str) -> str:
    """``text`` with ``[ref=`` / ``[href=`` written ``[ref\\=`` / ``[href\\=``; nothing else changes."""
    return _OWN_BRACKET.sub(r"[\1\\=", text)


def quoted(text: str) -> str:
    """``text`` in double quotes: ``\\`` → ``\\\\``, ``"`` → ``\\"``, then :func:`plain`."""
    return '"' + plain(text.replace("\\", "\\\\").replace('"', '\\"')) + '"'
