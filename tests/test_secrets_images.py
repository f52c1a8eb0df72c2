"""Secrets stay out of every image: card, password and one-time-code fields — found by their autocomplete
tokens at any position, their type or their name — and ``data-pagenote-redact`` elements are filled solid in
the viewport, annotated, full-page and element images, in every frame (``srcdoc``, cross-origin, open shadow
roots); an image whose frames could not all be asked is not saved. Real pages, real QtWebEngine, real pixels."""

from __future__ import annotations

import pytest
from PIL import Image

from app.capture.draw import REDACTION_FILL
from app.core.placement import Box, place_badges
from app.core.errors import PagenoteError
from app.model import ElementRecord
from app.protocol.markdown import encode_annotations

FILL = REDACTION_FILL[:3]
W, H = 240, 40
#: Where each secret field is drawn, top-left in top-document CSS px (tests/pages/secrets-images.html and
#: secrets-frame.html), 240×40 each.
SECRET_FIELDS = {
    "billing cc-number": (20, 20), "section-pay cc-csc": (20, 80), "username current-password": (20, 140),
    "name=otp": (20, 200), "name=cardCvv": (20, 260), "password in an open shadow root": (20, 320),
    "select shipping cc-exp-month": (300, 20), "one-time-code in srcdoc": (320, 160),
    "cc-number webauthn, cross-origin frame": (320, 320), "data-pagenote-redact, cross-origin frame": (320, 400),
}
PLAIN = (300, 80)           # name=city: not a secret, stays visible
BELOW = (20, 1500)          # a password field below the first viewport (full page only)
CROSS = (300, 300)          # the cross-origin iframe's top-left


@pytest.fixture
def secrets(window, server, server2):
    window.load_page(server.url(f"secrets-images.html?cross={server2.httpd.server_address[1]}"))
    # The cross-origin frame loads after the page's script sets its src: wait for its page script too.
    cross = [c for c in window.page.mainFrame().children() if c.url().port() == server2.httpd.server_address[1]]
    assert cross, "the cross-origin frame did not load"
    window.run(window.tab.bridge.wait_ready(frame=cross[0]))
    window.run(window.tab.bridge.wait_frames(2, frame=cross[0]))
    return window


def _filled(image: Image.Image, x: float, y: float, w: float = W, h: float = H, drawn=()) -> bool:
    """Every pixel of the field's box is the redaction fill, except where pagenote drew over it (``drawn``:
    boxes in image px of badges pagenote painted on top of the already-filled pixels)."""
    box = (round(x), round(y), round(x + w), round(y + h))
    if not drawn:
        return image.crop(box).getcolors(1 << 16) == [(round(w) * round(h), FILL)]
    pixels = image.load()
    return all(pixels[i, j] == FILL for i in range(box[0], box[2]) for j in range(box[1], box[3])
               if not any(d.x <= i < d.right and d.y <= j < d.bottom for d in drawn))


def _assert_secrets_filled(image: Image.Image, origin: tuple[float, float] = (0, 0), only=None, drawn=()) -> None:
    for what, (x, y) in SECRET_FIELDS.items():
        if only is None or what in only:
            assert _filled(image, x - origin[0], y - origin[1], drawn=drawn), f"{what}: readable in the image"


def test_viewport_and_annotated_images_fill_every_secret_field_in_every_frame(secrets):
    found = secrets.page_call("select", "#plain")
    secrets.session.add(found["id"], ElementRecord.model_validate(found["record"]))
    clean, annotated = secrets.run(secrets.shooter().viewport(pins=[(1, found["id"])]))
    assert annotated is not None
    # The annotated copy carries pagenote's badge for #plain, placed by the shared rule just outside the
    # field (it may sit on a neighbouring secret's fill: pagenote's paint over the fill, never page pixels).
    r = found["record"]["rect"]
    image = Image.open(annotated.path)
    badge = place_badges([(1, Box(r["x"], r["y"], r["width"], r["height"]), Box(0, 0, image.width, image.height))])[0]
    badge = Box(badge.x - 2, badge.y - 2, badge.width + 4, badge.height + 4)  # its outline's anti-aliasing
    for path, drawn in ((clean.path, ()), (annotated.path, (badge,))):
        image = Image.open(path).convert("RGB")
        _assert_secrets_filled(image, drawn=drawn)
        # Redaction is of the secrets only: the plain field still shows its green background.
        assert (0, 255, 0) in {c for _, c in image.crop((PLAIN[0] + 40, PLAIN[1] + 5, PLAIN[0] + W, PLAIN[1] + H))
                               .getcolors(1 << 16)}


def test_full_page_fills_every_secret_field_including_below_the_viewport(secrets):
    clean, _ = secrets.run(secrets.shooter().full_page())
    image = Image.open(clean.path).convert("RGB")
    assert image.height >= 2000
    _assert_secrets_filled(image)
    assert _filled(image, *BELOW)


def test_an_element_crop_of_a_cross_origin_frame_fills_its_card_field(secrets):
    found = secrets.page_call("select", "#cross")
    secrets.session.add(found["id"], ElementRecord.model_validate(found["record"]))
    assert secrets.run(secrets.element_crops()) == 1
    crop = Image.open(secrets.session.pins[0].annotation.screenshot).convert("RGB")
    assert crop.size == (300 + 32, 200 + 32)
    origin = (CROSS[0] - 16, CROSS[1] - 16)
    _assert_secrets_filled(crop, origin, only={"cc-number webauthn, cross-origin frame",
                                               "data-pagenote-redact, cross-origin frame"})


def test_an_image_whose_frame_cannot_be_asked_is_not_saved(secrets, js, qtbot):
    # A drawn frame whose page script does not answer (here: removed from its isolated world; in life a frame
    # mid-navigation, a hung renderer): pagenote cannot know what it shows, so no image is saved.
    js("const f = document.createElement('iframe'); f.id = 'late'; f.style.cssText = "
       "'position:absolute;left:650px;top:20px;width:123px;height:77px;border:0'; document.body.appendChild(f); true")
    late = lambda: [c for c in secrets.page.mainFrame().children() if c.size().width() == 123]  # noqa: E731
    qtbot.waitUntil(lambda: bool(late()), timeout=5_000)
    late = late()
    secrets.run(secrets.tab.bridge.wait_ready(frame=late[0]))
    secrets.run(secrets.tab.bridge.call("destroy", frame=late[0]))
    secrets.run(secrets.tab.bridge.run("delete window.__pagenote; true", frame=late[0], what="test"))
    shots = secrets.shooter().directory
    before = sorted(shots.glob("*.png")) if shots.exists() else []
    for take in (lambda: secrets.shooter().viewport(), lambda: secrets.shooter().full_page()):
        with pytest.raises(PagenoteError) as info:
            secrets.run(take())
        assert info.value.name == "CAPTURE_REDACTION_UNVERIFIED", info.value
    assert (sorted(shots.glob("*.png")) if shots.exists() else []) == before
    # A crop that shows the frame fails the same way, and the Markdown says why where its path would be.
    found = secrets.page_call("select", "#late")
    secrets.session.add(found["id"], ElementRecord.model_validate(found["record"]))
    assert secrets.run(secrets.element_crops()) == 0
    assert "Screenshot: [not taken: CAPTURE_REDACTION_UNVERIFIED — " in encode_annotations(secrets.batch())
    assert (sorted(shots.glob("*.png")) if shots.exists() else []) == before


def test_a_secret_field_that_appears_while_the_full_page_is_scrolled_is_filled(window, server):
    window.load_page(server.url("secrets-scroll.html"))
    clean, _ = window.run(window.shooter().full_page())
    image = Image.open(clean.path).convert("RGB")
    assert window.page_call("select", "#late")["count"] == 1  # it did appear during the capture
    assert _filled(image, 20, 1500), "the field that appeared while scrolling is readable"


def test_a_secret_field_in_a_frame_inside_a_closed_shadow_root_fails_the_capture(window, server, qtbot):
    # Nothing in the page lists that iframe, so where its field is drawn cannot be known: no image.
    window.load_page(server.url("secrets-closed.html?secret=1"))
    qtbot.waitUntil(lambda: any(c.size().width() == 321 for c in window.page.mainFrame().children()), timeout=5_000)
    with pytest.raises(PagenoteError) as info:
        window.run(window.shooter().viewport())
    assert info.value.name == "CAPTURE_REDACTION_UNVERIFIED" and "closed shadow root" in info.value.message
    # The same widget without a secret field is captured as usual.
    window.load_page(server.url("secrets-closed.html?secret=0"))
    qtbot.waitUntil(lambda: any(c.size().width() == 321 for c in window.page.mainFrame().children()), timeout=5_000)
    clean, _ = window.run(window.shooter().viewport())
    assert Image.open(clean.path).size[0] > 0


@pytest.mark.parametrize("mode", ["type", "shadow", "attach"])
def test_a_field_made_secret_mid_capture_is_filled_in_its_tile(window, server, js, mode):
    # The secret fields are looked up once per full-page capture and kept while the page does not change them;
    # a field that turns secret by its type attribute, one added inside an open shadow root, and one in a
    # shadow root attached mid-capture must each still be filled in the tile that shows them.
    window.load_page(server.url(f"secrets-mutate.html?mode={mode}"))
    clean, _ = window.run(window.shooter().full_page())
    image = Image.open(clean.path).convert("RGB")
    assert js("document.body.dataset.changed") == "1"  # the change did happen during the capture
    top = int(js("document.body.dataset.top"))  # in the third tile, whichever the viewport's height
    assert _filled(image, 20, top), f"{mode}: the field made secret mid-capture is readable"
