"""MCP screenshots within what agents accept: the image byte budget (issue 9 §7), and Playwright MCP's
``browser_take_screenshot`` (viewport, full page, an element by target, PNG/JPEG, a file in the output directory
and none outside it), against a real ``pagenote serve``."""

from __future__ import annotations

import argparse
import base64
import io
import random
from pathlib import Path

import pytest
from PIL import Image

from app.core.errors import PagenoteError
from app.mcp import images
from app.mcp import cli as mcp_cli
from test_mcp import agent_app, noisy_app, text_of, with_client  # noqa: F401 (fixtures)


def test_a_small_page_stays_png(agent_app):
    result = with_client(agent_app.socket, lambda c: c.call_tool("take_screenshot", {"kind": "full"}))
    assert not result.is_error, text_of(result)
    [image] = [c for c in result.content if c.type == "image"]
    assert image.mime_type == "image/png" and len(image.data) <= images.DEFAULT_BUDGET_KB * images.KB
    assert Image.open(io.BytesIO(base64.b64decode(image.data))).format == "PNG"
    info = result.structured_content["image"]
    assert info["reencoded"] is False and info["quality"] is None and info["base64_bytes"] == len(image.data)
    assert "Sent as" not in text_of(result) and "JPEG" not in text_of(result)


def _jpeg_result(result, budget_kb: int):
    """The image of a re-encoded screenshot result, checked: a JPEG under ``budget_kb`` that decodes, with
    the structured content and text describing it and the full-size PNG on disk. Returns (image, info, text)."""
    assert not result.is_error, text_of(result)
    [content] = [c for c in result.content if c.type == "image"]
    assert content.mime_type == "image/jpeg"
    assert len(content.data) <= budget_kb * images.KB
    image = Image.open(io.BytesIO(base64.b64decode(content.data)))
    assert image.format == "JPEG"
    image.load()
    info, text = result.structured_content, text_of(result)
    assert (info["width"], info["height"]) == image.size and "data" not in info
    encoding = info["image"]
    assert encoding["reencoded"] is True and encoding["mime_type"] == "image/jpeg"
    assert encoding["base64_bytes"] == len(content.data) and encoding["budget_bytes"] == budget_kb * images.KB
    assert f"Sent as JPEG q={encoding['quality']}, {-(-len(content.data) // images.KB)} KB, " in text
    assert f"over the {budget_kb} KB image budget" in text
    full = Path(info.get("full_size_path") or info["path"])
    assert full.is_file() and f"of the full-size PNG (DPR 1): {full}" in text
    with Image.open(full) as original:
        assert original.format == "PNG" and original.size == (info.get("full_width") or original.width,
                                                               info.get("full_height") or original.height)
    assert f"scale {info['scale']:g}" in text
    return image, info, text


def test_an_image_heavy_full_page_fits_the_budget(noisy_app):
    """Issue 9 §7: 1280×3000 px of noise is a PNG of about 4.6 MB of base64 even downscaled; the result
    carries a JPEG under the default 800 KB, says so, and still points at the full-size PNG."""
    result = with_client(noisy_app.socket, lambda c: c.call_tool("take_screenshot", {"kind": "full"}))
    image, info, text = _jpeg_result(result, images.DEFAULT_BUDGET_KB)
    assert info["full_height"] >= 3000 and info["full_size_path"] != info["path"]
    assert Path(info["path"]).is_file()  # the app's PNG copy is kept too
    assert info["image"]["quality"] in images.JPEG_QUALITIES
    assert max(image.size) <= 1568 and image.size[0] * image.size[1] <= 1_150_000
    assert f"({info['image']['source_width']}×{info['image']['source_height']} px" not in text  # no stray text


def test_a_smaller_image_budget_steps_down_then_shrinks(noisy_app):
    """``--image-budget 100``: noise does not fit 100 KB at any JPEG quality, so the last resort shrinks it
    (the text names both sizes)."""
    result = with_client(noisy_app.socket, lambda c: c.call_tool("take_screenshot", {"kind": "full"}),
                         image_budget_kb=100)
    image, info, text = _jpeg_result(result, 100)
    source = (info["image"]["source_width"], info["image"]["source_height"])
    assert info["image"]["quality"] == images.JPEG_QUALITIES[-1]
    assert image.width < source[0] and image.height < source[1]
    assert f"{source[0]}×{source[1]} px → {image.width}×{image.height} px" in text
    assert info["scale"] == pytest.approx(image.width / info["full_width"], abs=1e-3)


def test_fit_image_keeps_every_budget_and_flattens_transparency():
    """:func:`app.mcp.images.fit_image` directly: a PNG under the budget is passed through byte for byte; an
    RGBA noise PNG over it becomes an opaque JPEG under each budget down to the smallest; Pillow's size guard
    is left as it was."""
    rng = random.Random(7)
    noise = Image.frombytes("RGBA", (600, 900), rng.randbytes(600 * 900 * 4))
    out = io.BytesIO()
    noise.save(out, "PNG")
    data = base64.b64encode(out.getvalue()).decode("ascii")
    guard = Image.MAX_IMAGE_PIXELS
    for budget_kb in (images.MIN_BUDGET_KB, 300):
        fitted = images.fit_image(data, budget_kb * images.KB)
        assert fitted.mime_type == "image/jpeg" and fitted.size <= budget_kb * images.KB
        decoded = Image.open(io.BytesIO(base64.b64decode(fitted.data)))
        assert decoded.mode == "RGB" and decoded.size == (fitted.width, fitted.height)
        assert (fitted.source_width, fitted.source_height) == (600, 900)
    assert images.fit_image(data, len(data)).data == data  # exactly at the budget: the PNG as sent
    assert Image.MAX_IMAGE_PIXELS == guard
    with pytest.raises(ValueError):
        images.fit_image(data, 10 * images.KB)
    with pytest.raises(PagenoteError) as bad:
        images.fit_image(base64.b64encode(b"not a png").decode(), 100 * images.KB)
    assert bad.value.name == "CAPTURE_FAILED"


def test_image_budget_option(capsys):
    parser = argparse.ArgumentParser()
    mcp_cli.add_arguments(parser)
    assert parser.parse_args([]).image_budget == images.DEFAULT_BUDGET_KB
    assert parser.parse_args(["--image-budget", "300"]).image_budget == 300
    for bad, reason in (("10", "under the smallest budget, 50 KB"), ("lots", "expected a whole number of KB")):
        with pytest.raises(SystemExit) as exit_info:
            parser.parse_args(["--image-budget", bad])
        assert exit_info.value.code == 2 and reason in capsys.readouterr().err


def test_browser_take_screenshot_in_playwright_mcps_shapes(agent_app):
    """Playwright MCP 0.0.83's core screenshot tool: the viewport, an element by selector (its box, no margin) as
    a JPEG under a chosen name, the full page at the device scale; ``filename`` stays in ``<project>/shots/``
    (``..`` and an absolute path elsewhere refused, nothing written), ``fullPage`` with an element refused."""
    shots = agent_app.dir / "project" / "shots"
    outside = agent_app.dir / "escape.png"
    shots.mkdir(parents=True, exist_ok=True)
    (shots / "out").symlink_to(agent_app.dir)   # a link out of the output directory

    async def body(c):
        box = await c.call_tool("browser_evaluate", {"function": "(el) => { const r = el.getBoundingClientRect(); "
                                                                 "return [r.width, r.height]; }",
                                                     "target": "#checkout"})
        calls = {"viewport": {}, "element": {"element": "Checkout form", "target": "#checkout",
                                             "filename": "run1/checkout", "type": "jpeg"},
                 "inferred": {"filename": "home.jpg"}, "full": {"fullPage": "true", "scale": "device"},
                 "up": {"filename": "../escape.png"}, "absolute": {"filename": str(outside)},
                 "link": {"filename": "out/escape.png"},
                 "mismatch": {"filename": "a.png", "type": "jpeg"},
                 "full_element": {"target": "#checkout", "fullPage": True}, "described_only": {"element": "form"}}
        return box, {k: await c.call_tool("browser_take_screenshot", a) for k, a in calls.items()}

    box, r = with_client(agent_app.socket, body)
    for key in ("viewport", "element", "inferred", "full"):
        assert not r[key].is_error, (key, text_of(r[key]))
    [image] = [c for c in r["viewport"].content if c.type == "image"]
    assert image.mime_type == "image/png" and len(image.data) <= images.DEFAULT_BUDGET_KB * images.KB
    viewport = r["viewport"].structured_content
    assert text_of(r["viewport"]).startswith(f"Took a screenshot of the viewport: {viewport['width']}×"
                                             f"{viewport['height']} CSS px, saved as {viewport['path']}.")
    assert Path(viewport["path"]).parent == shots.resolve()
    # the element: a JPEG file of its box (CSS px, no margin), and a JPEG image in the result
    element = r["element"].structured_content
    saved = shots.resolve() / "run1" / "checkout.jpeg"
    assert element["file"] == str(saved) and element["format"] == "jpeg" and element["ref"].startswith("e")
    assert f"Took a screenshot of element {element['ref']}: " in text_of(r["element"])
    assert f"saved as {saved}." in text_of(r["element"])
    with Image.open(saved) as jpeg:
        assert jpeg.format == "JPEG"
        width, height = box.structured_content["value"]
        assert abs(jpeg.width - width) <= 1 and abs(jpeg.height - height) <= 1, (jpeg.size, width, height)
    [image] = [c for c in r["element"].content if c.type == "image"]
    assert image.mime_type == "image/jpeg"
    assert Image.open(io.BytesIO(base64.b64decode(image.data))).format == "JPEG"
    inferred = r["inferred"].structured_content
    assert inferred["file"] == str(shots.resolve() / "home.jpg") and inferred["format"] == "jpeg"
    full = r["full"].structured_content
    assert full["kind"] == "full" and text_of(r["full"]).startswith("Took a screenshot of the full page: ")
    # refused, nothing written
    for key in ("up", "absolute", "link"):
        assert r[key].is_error and text_of(r[key]).startswith("INVALID_PARAMS: screenshot: filename "), text_of(r[key])
        assert "is outside pagenote's output directory" in text_of(r[key])
    assert not outside.exists()
    assert r["mismatch"].is_error and "ends in .png but the type is jpeg" in text_of(r["mismatch"])
    assert r["full_element"].is_error and text_of(r["full_element"]).startswith("INVALID_PARAMS")
    assert "fullPage cannot be used with an element screenshot" in text_of(r["full_element"])
    assert r["described_only"].is_error and text_of(r["described_only"]).startswith("INVALID_PARAMS")
