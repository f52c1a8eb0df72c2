"""Screenshots taken by the host from Chromium's real rendering (never by re-rendering the DOM in the page)."""

from app.capture.viewport import CaptureError, grab_viewport

__all__ = ["CaptureError", "grab_viewport"]
