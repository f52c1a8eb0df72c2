"""The documents a tab's device channel serves, and the DOMException a page call ends with."""

from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtWebEngineCore import QWebEngineFrame

from app.hid.service import Handle


@dataclass
class Doc:
    """One document that called the device API: its frame, origin, open handles by token, the keys it was
    told are present (for connect/disconnect), pending chooser requests, whether it logs, and what its
    permissions policy allows (``{"hid": bool, "serial": bool}``, read once per feature)."""

    id: str
    frame: QWebEngineFrame
    origin: str
    debug: bool
    handles: dict[str, Handle] = field(default_factory=dict)
    known: set[str] | None = None
    choosers: list = field(default_factory=list)
    told_cfg: bool = False
    policy: dict[str, bool] = field(default_factory=dict)


class DomError(Exception):
    """A DOMException for the page: ``name`` (``NotAllowedError`` …) and Chrome's message."""

    def __init__(self, name: str, message: str) -> None:
        super().__init__(message)
        self.name, self.message = name, message
