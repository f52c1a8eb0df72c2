"""Screenshots taken by the host from Chromium's real rendering (never by re-rendering the DOM in the page)."""

from PIL import Image

from app.capture.viewport import CaptureError, grab_viewport

# Full-page images of long documents are legitimately large (1280 × 85,000 px for the CPython docs'
# stdtypes page); pagenote makes them itself, so Pillow's decompression-bomb guard (89 MP) does not apply.
Image.MAX_IMAGE_PIXELS = 400_000_000

__all__ = ["CaptureError", "grab_viewport"]
