"""The side panel's detail pane: the selected row whole, in a pane the user sizes (a splitter under the list),
with long selectors and URLs wrapped at their separators instead of mid-token.

Qt's text layout breaks lines where Unicode's line breaking algorithm (UAX #14) allows, which a selector such
as ``main > div.card:nth-of-type(2) > button.buy`` offers only at its spaces: a long run without one is cut
anywhere, and a hyphen (``card-grid``) is an opportunity of its own. :func:`breakable` adds zero-width spaces
(U+200B, UAX #14 class ZW: a break opportunity that draws nothing) after each separator and word joiners (U+2060,
class WJ: no break) after a hyphen, and :class:`DetailPane` takes them out again of what is copied, so a selector
copied from the pane is the selector.
"""

from __future__ import annotations

import re

from PySide6.QtCore import QMimeData, QSize
from PySide6.QtGui import QTextOption
from PySide6.QtWidgets import QTextBrowser

#: U+200B ZERO WIDTH SPACE: a line break opportunity that draws nothing (UAX #14 class ZW).
ZWSP = "\u200b"
#: U+2060 WORD JOINER: no break on either side (UAX #14 class WJ), drawn as nothing.
WJ = "\u2060"
#: Characters after which UAX #14 would break inside a token (a hyphen: ``card-grid``, ``nth-of-type``).
_INNER_BREAKS = re.compile(r"([-!])(?=.)")
#: Where a selector, XPath or URL may wrap: after a combinator's `` > `` (and any space), after ``/`` and
#: ``.`` (XPath steps, URL paths and hosts, class names), after ``#`` (an id), ``?`` and ``&`` (a URL's query).
#: Never inside a token between two of them.
_SEPARATOR = re.compile(r"( > |[ /.#?&])")


def breakable(text: str) -> str:
    """``text`` with a zero-width break opportunity after each separator (:data:`_SEPARATOR`) and a word joiner
    after a hyphen inside a token (where UAX #14 would break): ``"div.card-grid > a"`` →
    ``"div.\u200bcard-\u2060grid > \u200ba"``. Plain text in, plain text out (escape it after)."""
    return _SEPARATOR.sub(lambda m: m.group(1) + ZWSP, _INNER_BREAKS.sub(lambda m: m.group(1) + WJ, text))


def unbreakable(text: str) -> str:
    """``text`` without the marks :func:`breakable` added."""
    return text.replace(ZWSP, "").replace(WJ, "")


class DetailPane(QTextBrowser):
    """A read-only rich-text pane whose copied text never carries :func:`breakable`'s zero-width spaces.
    Wraps at word boundaries first (the added opportunities), anywhere only when one token is wider than the
    pane."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setOpenLinks(False)
        self.setWordWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt virtual)
        """Room for a heading and five wrapped fields: the splitter's first share (the user sizes it after)."""
        return QSize(super().sizeHint().width(), 12 * self.fontMetrics().height())

    def createMimeDataFromSelection(self) -> QMimeData:  # noqa: N802 (Qt virtual)
        data = QMimeData()
        data.setText(unbreakable(self.textCursor().selection().toPlainText()))
        return data

    def plain_text(self) -> str:
        """What the pane says, as plain text without the break opportunities."""
        return unbreakable(self.toPlainText())
