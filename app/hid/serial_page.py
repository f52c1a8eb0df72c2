"""Web Serial operations of a tab's device channel (filled in by the Web Serial backend)."""

from __future__ import annotations


class SerialOps:
    """The ``navigator.serial`` calls of :class:`~app.hid.page.PageDevices`: ``handler(op)`` answers the
    coroutine for an operation it serves (``None`` otherwise); ``drop(doc)`` ends a document's ports."""

    def __init__(self, pages) -> None:
        self.pages = pages

    def handler(self, op):
        """The coroutine function serving ``op``, or ``None``."""
        return None

    def drop(self, doc) -> None:
        """Close every port ``doc`` opened."""
