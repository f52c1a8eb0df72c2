"""Reference images the user pastes or drops are untrusted bytes: SVG (script), HTML, an empty file and a
PNG whose header claims 100 000 × 100 000 px are refused as BAD_IMAGE with a message a user can read (it
named Python's ``<_io.BytesIO object at 0x…>`` for pasted bytes), and nothing is written to shots/."""

from __future__ import annotations

import struct
import zlib

import pytest

from app.capture.reference import store_reference
from app.core.errors import PagenoteError


def png_claiming(width: int, height: int) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(b"\x00" * 64)) + chunk(b"IEND", b""))


@pytest.mark.parametrize(("data", "says"), [
    (b'<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><script>alert(1)</script></svg>', "not an image"),
    (b"<html><script>alert(1)</script></html>", "not an image"),
    (b"", "not an image"),
    (png_claiming(100_000, 100_000), "100000x100000 px, more than 50000000 pixels"),
])
def test_pasted_bytes_that_are_not_a_usable_image_are_refused_readably(tmp_path, data, says):
    with pytest.raises(PagenoteError) as caught:
        store_reference(data, tmp_path, "pasted")
    assert caught.value.code == "BAD_IMAGE"
    assert says in caught.value.message and "BytesIO" not in caught.value.message
    assert not (tmp_path / "shots").exists() or not any((tmp_path / "shots").iterdir())
