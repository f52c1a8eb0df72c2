"""MCP ``get_annotations``: the detail level per call, and a reference image served as an image beside the
element's own screenshot (current state vs design target), against a real ``pagenote serve``."""

from __future__ import annotations

import base64
import io

import anyio
from PIL import Image

from app.agent.client import AgentClient
from app.capture.reference import store_reference
from app.model.annotation import Annotation, AnnotationBatch, ElementRecord, Rect
from app.protocol.markdown import REFERENCE_NOTE, encode_annotations
from test_mcp import agent_app, text_of, with_client  # noqa: F401 (fixtures)


def _png(size, colour) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, colour).save(out, "PNG")
    return out.getvalue()


def _send(socket, markdown: str) -> str:
    async def send():
        async with AgentClient(socket) as c:
            return (await c.call("annotations.send", {"markdown": markdown}))["batch"]["id"]

    return anyio.run(send)


def test_a_pasted_reference_is_listed_and_served_as_an_image_beside_the_current_state(agent_app, tmp_path):
    project = agent_app.dir / "project"
    # what a paste stores: the clipboard's encoded image bytes → a PNG in shots/
    reference = store_reference(_png((90, 30), (22, 163, 74)), project, "pasted")
    crop = tmp_path / "crop.png"
    crop.write_bytes(_png((40, 20), (37, 99, 235)))
    element = ElementRecord(url="http://127.0.0.1/x", tag="button", role="button", selector="#buy",
                            box_model="margin 0 0 0 0; border 1 1 1 1; padding 2 2 2 2; content 10x10",
                            styles="position: static", ancestry="body body", rect=Rect(x=1, y=2, width=40, height=20))
    batch = AnnotationBatch(annotations=(
        Annotation(note="like this", element=element, screenshot=str(crop), reference=reference),
        Annotation(note="no reference", element=element)))
    batch_id = _send(agent_app.socket, encode_annotations(batch, "forensic"))

    results = {}

    async def body(c):
        for level in ("compact", "standard", "detailed", "forensic"):
            results[level] = await c.call_tool("get_annotations", {"batch": batch_id, "detail": level})

    with_client(agent_app.socket, body)
    forensic = results["forensic"]
    assert not forensic.is_error, text_of(forensic)
    text = text_of(forensic)
    assert f"Reference: {reference}{REFERENCE_NOTE}" in text
    kinds = [c.type for c in forensic.content]
    assert kinds == ["text", "text", "image", "text", "image"], kinds   # markdown, then label + image twice
    current_label, current, target_label, target = forensic.content[1:]
    assert current_label.text.startswith(f"Annotation 1 of batch {batch_id}, current state")   # whose, which
    assert str(crop) in current_label.text
    assert "design target" in target_label.text and reference in target_label.text
    assert Image.open(io.BytesIO(base64.b64decode(current.data))).size == (40, 20)
    got = Image.open(io.BytesIO(base64.b64decode(target.data)))
    assert got.size == (90, 30) and got.convert("RGB").getpixel((45, 15)) == (22, 163, 74)
    # each level's fields, per call
    md = {level: r.content[0].text for level, r in results.items()}
    assert "Detail: compact" in md["compact"] and "Role: button" not in md["compact"] and "Selector: #buy" in md["compact"]
    assert "Role: button" in md["standard"] and "Box model:" not in md["standard"] and "Detail:" not in md["standard"]
    assert "Box model: margin 0 0 0 0" in md["detailed"] and "Ancestry:" not in md["detailed"]
    assert "Ancestry:\n```\nbody body\n```" in md["forensic"]
    assert results["compact"].structured_content["batch"]["annotations"][0]["element"]["role"] == ""


def test_an_unknown_detail_level_is_refused_before_the_app_is_asked(agent_app):
    result = with_client(agent_app.socket, lambda c: c.call_tool("get_annotations", {"detail": "everything"}))
    assert result.is_error and "detail" in text_of(result)


def test_wait_for_annotations_also_brings_the_reference_images_at_the_level_asked(agent_app, tmp_path):
    project = agent_app.dir / "project"
    reference = store_reference(_png((30, 30), (200, 40, 40)), project, "wait")
    element = ElementRecord(url="http://127.0.0.1/y", role="link", selector="#more", styles="position: static")
    batch_id = _send(agent_app.socket, encode_annotations(AnnotationBatch(annotations=(
        Annotation(note="red like this", element=element, reference=reference),)), "forensic"))

    async def body(c):
        for _ in range(10):   # batches sent earlier in this module are delivered first, oldest first
            result = await c.call_tool("wait_for_annotations", {"timeout_ms": 0, "detail": "compact"})
            if result.structured_content.get("batch") and result.structured_content["batch"]["id"] == batch_id:
                return result
        raise AssertionError(f"batch {batch_id} never came")

    result = with_client(agent_app.socket, body)
    text = text_of(result)
    assert "Detail: compact" in text and "Role: link" not in text and "Note: red like this" in text
    [label, image] = result.content[1:]
    assert "design target" in label.text and reference in label.text     # no crop: only the target
    got = Image.open(io.BytesIO(base64.b64decode(image.data)))
    assert got.size == (30, 30) and got.convert("RGB").getpixel((15, 15)) == (200, 40, 40)
