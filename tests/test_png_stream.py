"""Screenshots are written by pagenote's own streaming PNG writer (app/capture/png.py): the files decode to
exactly the pixels given, carry the same text chunks as Pillow's writer in the same place, are valid PNG chunk
by chunk (CRCs, one zlib stream), and an unfinished file never appears under its name."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image, PngImagePlugin

from app.capture.png import PngStream, save_png


def chunks(path: Path) -> list[tuple[bytes, bytes]]:
    """The (type, data) chunks of a PNG file, each CRC checked."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    out, pos = [], 8
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos:pos + 4])
        kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + length]
        (crc,) = struct.unpack(">I", data[pos + 8 + length:pos + 12 + length])
        assert crc == zlib.crc32(body, zlib.crc32(kind)), f"bad CRC in {kind!r}"
        out.append((kind, body))
        pos += 12 + length
    return out


def info() -> PngImagePlugin.PngInfo:
    info = PngImagePlugin.PngInfo()
    for key, value in (("Software", "pagenote 0"), ("pagenote:kind", "full"), ("pagenote:dpr", "1.5"),
                       ("pagenote:url", "https://例え.jp/päth?q=1")):  # not Latin-1: iTXt, as Pillow writes it
        info.add_text(key, value)
    return info


@settings(max_examples=30, deadline=None)
@given(width=st.integers(1, 70), height=st.integers(1, 90), seed=st.integers(0, 2**32 - 1),
       band=st.integers(1, 40))
def test_streamed_png_decodes_to_the_same_pixels_in_any_bands(tmp_path_factory, width, height, seed, band):
    directory = tmp_path_factory.mktemp("png")
    image = Image.frombytes("RGB", (width, height), __import__("random").Random(seed).randbytes(width * height * 3))
    stream = PngStream(directory, width, height, info())
    for top in range(0, height, band):
        bottom = min(top + band, height)
        stream.write_rows(image.crop((0, top, width, bottom)).tobytes(), bottom - top)
    path = stream.finish(directory / "out.png")
    decoded = Image.open(path)
    assert decoded.mode == "RGB" and decoded.size == (width, height)
    assert decoded.tobytes() == image.tobytes()
    assert [p.name for p in directory.iterdir()] == ["out.png"]  # no temporary file left


def test_metadata_chunks_match_pillows_own_writer(tmp_path):
    image = Image.new("RGB", (300, 700), (250, 250, 250))
    image.paste((10, 20, 30), (10, 10, 200, 600))
    ours = save_png(image, tmp_path / "ours.png", info())
    image.save(tmp_path / "pillow.png", "PNG", pnginfo=info(), compress_level=1)
    mine, theirs = chunks(ours), chunks(tmp_path / "pillow.png")
    # Same chunks in the same order: IHDR, the text chunks, image data, IEND (IDAT split may differ).
    assert [k for k, _ in mine if k != b"IDAT"] == [k for k, _ in theirs if k != b"IDAT"]
    assert [b for k, b in mine if k != b"IDAT"] == [b for k, b in theirs if k != b"IDAT"]
    kinds = [k for k, _ in mine]
    assert kinds[0] == b"IHDR" and kinds[-1] == b"IEND" and b"iTXt" in kinds
    first_idat = kinds.index(b"IDAT")
    assert all(k == b"IDAT" for k in kinds[first_idat:-1]), "the image data is one run of IDAT chunks"
    assert Image.open(ours).info == Image.open(tmp_path / "pillow.png").info
    assert Image.open(ours).tobytes() == image.tobytes()


def test_an_unfinished_png_never_appears_and_leaves_nothing(tmp_path):
    stream = PngStream(tmp_path, 10, 10, info())
    stream.write_rows(b"\0" * 10 * 3 * 4, 4)
    # The file being written is not a *.png: a reader (or a glob) that lists the images never finds it half done
    # (pathlib's glob matches dot files too).
    assert list(tmp_path.glob("*.png")) == [] and len(list(tmp_path.iterdir())) == 1
    with pytest.raises(ValueError):
        stream.finish(tmp_path / "short.png")  # 4 of 10 rows
    assert list(tmp_path.iterdir()) == []
    stream = PngStream(tmp_path, 10, 10)
    with pytest.raises(ValueError):
        stream.write_rows(b"\0" * 10 * 3 * 11, 11)  # more rows than the image has
    stream.discard()
    assert list(tmp_path.iterdir()) == []
