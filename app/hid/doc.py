"""The documents a tab's device channel serves, and the DOMException a page call ends with."""

from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtWebEngineCore import QWebEngineFrame

from app.hid.service import Handle
from app.hid.traffic import RING_ENTRIES


@dataclass
class Doc:
    """One document that called the device API: its frame, origin (``""`` for a document the host serves no
    device to: an opaque origin, ``about:blank``/``about:srcdoc``, an insecure one), open handles by token, the
    keys it was told are present (for connect/disconnect), pending chooser requests, whether it logs, what its
    permissions policy allows (``{"hid": bool, "serial": bool}``, read once per feature), and the host log
    entries it was told of (:meth:`tell`): the only ones its ``annotate`` may label."""

    id: str
    frame: QWebEngineFrame
    origin: str
    debug: bool
    handles: dict[str, Handle] = field(default_factory=dict)
    known: set[str] | None = None
    choosers: list = field(default_factory=list)
    told_cfg: bool = False
    policy: dict[str, bool] = field(default_factory=dict)
    told: dict[int, None] = field(default_factory=dict)

    def tell(self, entry) -> int | None:
        """Note that this document is told of host log entry ``entry`` (a :class:`~app.hid.traffic.TrafficEntry`
        or ``None``: logging off) and return its id for the message; the newest :data:`RING_ENTRIES` are kept
        (older ones have left the host log's ring anyway)."""
        if entry is None:
            return None
        self.told[entry.id] = None
        if len(self.told) > RING_ENTRIES:
            del self.told[next(iter(self.told))]
        return entry.id

    def owns(self, entry_id) -> bool:
        """Whether host log entry ``entry_id`` is one this document was told of (its own frames)."""
        return isinstance(entry_id, int) and not isinstance(entry_id, bool) and entry_id in self.told


class DomError(Exception):
    """A DOMException for the page: ``name`` (``NotAllowedError`` …) and Chrome's message."""

    def __init__(self, name: str, message: str) -> None:
        super().__init__(message)
        self.name, self.message = name, message
