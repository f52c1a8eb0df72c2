"""Checksums and framing that device protocols put around their bytes, for replies a virtual device computes
from the request (:mod:`app.hid.script`). Plain Python, no Qt.

- ``sum8``: the low byte of the sum of all bytes (modulo 256).
- ``xor8``: all bytes XORed together.
- ``crc16_ccitt``: CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final XOR; check value of
  ``b"123456789"`` is 0x29B1), through :func:`binascii.crc_hqx`.
- ``crc32``: CRC-32 as zlib, Ethernet and PNG compute it (check value 0xCBF43926), through :func:`zlib.crc32`.
- SLIP (RFC 1055 framing, as Espressif's ROM loader uses it): a packet is sent as ``C0 <escaped bytes> C0``, with
  ``C0`` escaped as ``DB DC`` and ``DB`` as ``DB DD``. :class:`SlipReader` splits a byte stream into packets.
"""

from __future__ import annotations

import binascii
import zlib

END, ESC, ESC_END, ESC_ESC = 0xC0, 0xDB, 0xDC, 0xDD

#: Most bytes :class:`SlipReader` keeps for a packet not yet ended (a longer one is dropped, as noise).
MAX_PACKET = 65_536


def sum8(data: bytes) -> int:
    """The sum of ``data``'s bytes modulo 256 (0 for no bytes)."""
    return sum(data) & 0xFF


def xor8(data: bytes) -> int:
    """``data``'s bytes XORed together (0 for no bytes)."""
    out = 0
    for b in data:
        out ^= b
    return out


def crc16_ccitt(data: bytes) -> int:
    """CRC-16/CCITT-FALSE of ``data`` (0…0xFFFF; module docstring)."""
    return binascii.crc_hqx(data, 0xFFFF)


def crc32(data: bytes) -> int:
    """CRC-32 (zlib's) of ``data`` (0…0xFFFFFFFF)."""
    return zlib.crc32(data) & 0xFFFFFFFF


def slip_encode(packet: bytes) -> bytes:
    """``packet`` as one SLIP frame: ``C0``, the bytes with ``C0``/``DB`` escaped, ``C0``."""
    body = packet.replace(bytes([ESC]), bytes([ESC, ESC_ESC])).replace(bytes([END]), bytes([ESC, ESC_END]))
    return bytes([END]) + body + bytes([END])


def slip_decode(frame: bytes) -> bytes:
    """The packet inside one SLIP frame (the ``C0`` delimiters optional). Raises ``ValueError`` for an escape
    byte followed by anything but ``DC``/``DD``, or a ``C0`` inside the frame."""
    body = frame[1:] if frame[:1] == bytes([END]) else frame
    body = body[:-1] if body[-1:] == bytes([END]) else body
    out = bytearray()
    it = iter(body)
    for b in it:
        if b == END:
            raise ValueError("SLIP: C0 inside a frame")
        if b == ESC:
            nxt = next(it, None)
            if nxt not in (ESC_END, ESC_ESC):
                raise ValueError(f"SLIP: DB followed by {nxt!r}")
            out.append(END if nxt == ESC_END else ESC)
        else:
            out.append(b)
    return bytes(out)


class SlipReader:
    """Splits a byte stream into SLIP packets: :meth:`feed` returns the packets completed by a chunk. A ``C0``
    outside a frame starts one, a ``C0`` after a frame's bytes ends it (``C0 C0`` between frames is end, then
    start). Bytes outside frames (a boot log), empty frames and frames with a bad escape are skipped; a frame
    longer than :data:`MAX_PACKET` is dropped."""

    def __init__(self) -> None:
        self._buf: bytearray | None = None   # None: between frames

    def feed(self, chunk: bytes) -> list[bytes]:
        """The packets (decoded) that ``chunk`` completes, in order."""
        packets = []
        for b in chunk:
            if b == END:
                if self._buf:          # the end of a frame
                    try:
                        packets.append(slip_decode(bytes(self._buf)))
                    except ValueError:
                        pass
                    self._buf = None
                else:                  # the start of one (C0 C0 between frames: end, then start)
                    self._buf = bytearray()
            elif self._buf is not None:
                self._buf.append(b)
                if len(self._buf) > MAX_PACKET:
                    self._buf = None
        return packets
