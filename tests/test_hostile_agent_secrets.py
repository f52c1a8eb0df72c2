"""One secret/editable policy for every reader (security review, "the page cannot steer the agent", item 6;
issue #32 requirement 8).

A page on 127.0.0.1 (``hostile_secrets.html``) holds a text field named ``api_key``, a ``token`` textarea, a
field labelled "Secret", a password field, and contenteditable regions (a div, a heading, a paragraph), each
with a distinctive string. None of those strings reaches the agent's snapshot, find or extract, the Markdown or
JSON of an annotation pinned on each, or the pixels of a viewport, full-page or element screenshot (each such
field's box is the redaction fill; an ordinary field, ``name="city"``, keeps its value in text and pixels).
"""

from __future__ import annotations

import json

import pytest
from PIL import Image

from app.capture.draw import REDACTION_FILL
from app.model import ElementRecord
from app.protocol.markdown import encode_annotations

#: element id → the string the page put in it.
SECRETS = {"apikey": "AKIAZZAPIKEY1234", "token": "TOKENVALUE9876", "labelled": "LABELSECRET4321",
           "pw": "PASSWORDVALUE6543", "editable": "EDITABLEPRIVATE456", "edhead": "EDITHEADING789",
           "edpara": "EDITPARAGRAPH135"}
FILL = REDACTION_FILL[:3]
RED = (255, 0, 0)          # the page draws field text red on green (#0f0)
#: Where the page draws each field (document CSS px, 300×40 each; body margin 0, scrolled to the top).
PAGE_BOXES = {"apikey": (20, 20), "token": (20, 80), "labelled": (20, 140), "pw": (20, 200), "editable": (20, 260),
              "edhead": (20, 320), "edpara": (20, 380), "plain": (20, 440)}


@pytest.fixture
def agent(window, qtbot, socket_path, server):
    from test_actions import Agent
    from test_agent_socket import RawClient

    window.load_page(server.url("hostile_secrets.html"))
    client = RawClient(qtbot, socket_path)
    yield Agent(client)
    client.close()


def _leaks(text: str) -> list[str]:
    return [s for s in SECRETS.values() if s in text]


def test_snapshot_find_and_extract_never_return_a_secret_or_editable_text(agent):
    snap = agent("snapshot", mode="full")["snapshot"]
    assert _leaks(snap) == [], snap
    assert "Lisbon" in snap and "Control text stays readable" in snap      # ordinary content still reads
    extract = agent("extract")
    assert _leaks(json.dumps(extract)) == [], extract["text"]
    assert "[Lisbon]" in extract["text"] and "Control text stays readable" in extract["text"]
    for value in SECRETS.values():
        found = agent("find", text=value[:10])
        assert found["matches"] == [] and _leaks(json.dumps(found)) == [], found
    assert agent("find", text="Control text")["matches"]


def _region(image: Image.Image, box: tuple[float, float, float, float], k: float) -> set:
    x, y, w, h = box
    crop = image.convert("RGB").crop((round(x * k), round(y * k), round((x + w) * k), round((y + h) * k)))
    return {c for _, c in crop.getcolors(1 << 20)}


def _boxes(js) -> dict[str, tuple[float, float, float, float]]:
    return {k: tuple(v) for k, v in js(
        "Object.fromEntries([...document.querySelectorAll('[id]')].map((e) => { const r = "
        "e.getBoundingClientRect(); return [e.id, [r.x + scrollX, r.y + scrollY, r.width, r.height]]; }))").items()}


def test_viewport_and_full_page_screenshots_fill_every_secret_and_editable_box(agent, js):
    boxes = _boxes(js)
    for kind in ("viewport", "full"):
        shot = agent("screenshot", kind=kind)
        image = Image.open(shot["path"])
        k = image.width / js("innerWidth")
        for element in SECRETS:
            assert _region(image, boxes[element], k) == {FILL}, f"{kind}: #{element} readable in the image"
        # The control: an ordinary field's value is drawn (red text on its green background), not filled.
        assert RED in _region(image, boxes["plain"], k), f"{kind}: the city field was masked"
    # The fill is painted on the image, not on the page: the page is as it was (its values, no sheet of ours).
    assert js("document.getElementById('apikey').value") == SECRETS["apikey"]
    assert js("document.getElementById('editable').textContent") == SECRETS["editable"]
    assert js("document.adoptedStyleSheets.length") == 0


def test_annotations_on_each_secret_field_carry_no_value_in_markdown_json_or_crop(window, agent, js):
    boxes = _boxes(js)
    for element in [*SECRETS, "plain"]:
        found = window.page_call("select", "#" + element)
        window.session.add(found["id"], ElementRecord.model_validate(found["record"]))
    assert window.run(window.element_crops()) == len(SECRETS) + 1
    batch = window.batch()
    for detail in ("compact", "standard", "detailed", "forensic"):
        markdown = encode_annotations(batch, detail)
        assert _leaks(markdown) == [], markdown
    assert _leaks(batch.model_dump_json()) == []
    for pin, element in zip(window.session.pins, [*SECRETS, "plain"]):
        crop = Image.open(pin.annotation.screenshot)
        # The crop's origin is the element's box less a 16 CSS px margin (app/capture/shots.py).
        x, y, w, h = boxes[element]
        box = (16, 16, w, h)
        k = crop.width / (w + 32)
        colours = _region(crop, box, k)
        if element == "plain":
            assert RED in colours, "the city field was masked in its crop"
        else:
            assert colours == {FILL}, f"#{element} readable in its crop"


# -- through the MCP SDK client ---------------------------------------------------------------------------------


def test_mcp_tools_return_no_secret_or_editable_text_and_the_screenshot_fills_them(server):
    import base64
    import io

    from test_mcp import text_of, with_client
    from test_mcp_browser import _serve

    gen = _serve(server.url("hostile_secrets.html"))
    app = next(gen)
    try:
        async def body(c):
            out = {"snapshot": await c.call_tool("browser_snapshot", {}),
                   "extract": await c.call_tool("browser_extract", {})}
            for value in SECRETS.values():
                out["find " + value] = await c.call_tool("browser_find", {"text": value[:10]})
            shot = await c.call_tool("take_screenshot", {"kind": "viewport"})
            # Playwright MCP's screenshot tool, of two elements by selector, saved as a file (PNG and JPEG)
            out["element pw"] = await c.call_tool("browser_take_screenshot", {"target": "#pw", "filename": "pw"})
            out["element plain"] = await c.call_tool("browser_take_screenshot", {"target": "#plain",
                                                                                  "filename": "plain.png"})
            return out, shot

        results, shot = with_client(app.socket, body)
        for element in ("pw", "plain"):   # the element's box, no margin: 300×40 CSS px; its middle read
            with Image.open(results[f"element {element}"].structured_content["file"]) as saved:
                k = saved.width / 300
                colours = _region(saved, (2, 2, 300 - 4, 40 - 4), k)
            assert (RED in colours) if element == "plain" else (colours == {FILL}), (element, colours)
        for what, result in results.items():
            text = text_of(result) + json.dumps(result.structured_content or {})
            assert _leaks(text) == [], (what, text)
        assert "Lisbon" in text_of(results["snapshot"]) and "[Lisbon]" in text_of(results["extract"])
        image = Image.open(io.BytesIO(base64.b64decode(next(c.data for c in shot.content if c.type == "image"))))
        meta = shot.structured_content
        k = meta["css_scale"] * image.width / meta["image"]["source_width"]   # image px per CSS px
        for element, (x, y) in PAGE_BOXES.items():
            inner = (x + 2, y + 2, 300 - 4, 40 - 4)     # inside the box: a downscaled copy blends its edges
            if element == "plain":
                assert RED in _region(image, inner, k), "the city field was masked in the MCP image"
            else:
                assert _region(image, inner, k) == {FILL}, f"#{element} readable in the MCP image"
    finally:
        gen.close()
