"""Serial ports for Web Serial: the host's ports (pyserial) and virtual ports on pseudo-terminals."""

from __future__ import annotations


class SerialBackends:
    """The serial ports pagenote offers (filled in with pyserial and pty ports)."""

    def __init__(self, descriptions: list[dict], real: bool = True) -> None:
        self.descriptions, self.real = descriptions, real
        self.virtual: list = []

    def ports(self) -> list:
        """The ports present now."""
        return []

    def open_count(self, key: str) -> int:
        """How many connections port ``key`` has open."""
        return 0

    def close(self) -> None:
        """Stop the virtual ports."""
