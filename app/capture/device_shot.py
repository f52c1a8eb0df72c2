"""Viewport screenshots at an emulated device's DPR, from Chromium's compositor over the tab's CDP session.

While a tab emulates a device (:mod:`app.tabs.emulation`: iPhone 15 at DPR 3 …), Chromium lays the page out
at the device's DPR but the view paints it at the *window's* DPR, so ``QWidget.grab`` gives 393 × 852 device px
for an iPhone 15 on a DPR 1 screen. ``Page.captureScreenshot`` (CDP ``Page`` domain; viewport only: no
``clip``, no ``captureBeyondViewport``) renders the emulated viewport as the device would: 1179 × 2556 px for
the iPhone 15, the whole 1920 × 1080 of a desktop device even when the view is smaller. Measured on Qt 6.12 /
Chromium 140 offscreen, a 2-core machine under load: 340–690 ms per shot with ``optimizeForSpeed`` (a
``view.grab`` of the same viewport: 45–70 ms), 110 kB of PNG through the DevTools channel.

The tab publishes what this needs on its view as Qt dynamic properties (set by
:meth:`app.tabs.emulation.TabEmulation`): :data:`DPR_PROPERTY` (the device's DPR; 0 when no device is
emulated) and :data:`SESSION_PROPERTY` (the tab's :class:`~app.webview.cdp.CdpSession`).

Redaction, the same guarantee as a grab (:meth:`app.capture.shots.Shooter._grab_with_redactions`): the secret
fields are measured before the command is sent and again after the image came, and both sets are filled —
Chromium makes the image's frame after the command arrives, so between the two measurements. Pagenote's caret
hiding is the grab's: the paint probe's call hides the caret, the probe itself is taken away again and two
animation frames pass before the shot, and the caret comes back after it.
"""

from __future__ import annotations

import asyncio
import base64
import binascii
import io
from collections.abc import Awaitable, Callable
from typing import Any

from PIL import Image
from PySide6.QtWebEngineWidgets import QWebEngineView

from app.capture.viewport import CaptureError
from app.core.errors import PagenoteError
from app.webview.bridge import PageBridge, PageCallTimeout, PageScriptMissing

#: The view's dynamic property holding the emulated device's DPR (float; 0 = no device emulated).
DPR_PROPERTY = "pagenoteEmulatedDpr"
#: The view's dynamic property holding the tab's CDP session (a ``CdpSession``; unset without a device).
SESSION_PROPERTY = "pagenoteCdpSession"
#: How long one ``Page.captureScreenshot`` may take: ms.
SHOT_TIMEOUT_MS = 20_000


def emulated_device(view: QWebEngineView) -> tuple[Any, float] | None:
    """``(the tab's CDP session, the device's DPR)`` while the tab emulates a device, else ``None`` (a
    ``browser_resize`` viewport keeps the window's DPR: its screenshots are grabs)."""
    dpr = view.property(DPR_PROPERTY)
    session = view.property(SESSION_PROPERTY)
    if not isinstance(dpr, (int, float)) or dpr <= 0 or session is None:
        return None
    return session, float(dpr)


def _decode(data: str) -> Image.Image:
    """The PNG of a ``Page.captureScreenshot`` reply as a Pillow RGB image (in a worker thread)."""
    with Image.open(io.BytesIO(base64.b64decode(data, validate=True))) as image:
        return image.convert("RGB")


async def device_viewport(bridge: PageBridge, session: Any, dpr: float,
                          before: Callable[[], Awaitable[Any]]) -> tuple[Image.Image, Any, Any]:
    """The page's viewport at the device's ``dpr`` as an RGB image of exactly ``dpr`` image px per CSS px of
    the page (its ``innerWidth`` × ``innerHeight``, read before the shot: with a page zoom the override keeps
    them, measured 393 × 852 at zoom 1.5), with ``before()`` run before the shot and again after it:
    ``(image, first result, second result)``. The rects ``before`` measures are in those CSS px, so they map
    onto the image at ``dpr`` — a size that does not match is refused, never redacted at a guessed scale.

    Raises :class:`CaptureError` ``CAPTURE_NO_PICKER`` without pagenote's page script, ``CAPTURE_SIZE`` when
    Chromium's image is not the page's viewport × ``dpr`` (±1 px), ``CAPTURE_BLANK`` when it is not a PNG;
    the session's ``CDP_*`` (the caller may fall back to a grab); what ``before`` raises."""
    try:
        # The probe's call hides the caret; taking the probe away leaves it hidden until setOverlayVisible.
        await bridge.call("probe", ["#FF00FF", "#00FF00"])
        await bridge.call("probe", None)
    except PageScriptMissing:
        raise CaptureError("CAPTURE_NO_PICKER", "pagenote's page script is not running here (error page, PDF or "
                                                "download?); reload the page and retry") from None
    try:
        try:
            await bridge.wait_frames(2)
        except PageCallTimeout:
            pass  # a throttled page: Chromium's shot makes its own frame anyway
        state = await bridge.call("viewportState") or {}
        first = await before()
        reply = await session.send("Page.captureScreenshot", {"format": "png", "optimizeForSpeed": True},
                                   SHOT_TIMEOUT_MS)
        second = await before()
    finally:
        bridge.post("setOverlayVisible", True)
    try:
        image = await asyncio.to_thread(_decode, str(reply.get("data", "")))
    except (OSError, ValueError, binascii.Error) as exc:
        raise CaptureError("CAPTURE_BLANK", f"Chromium's screenshot could not be read ({exc}); retry") from None
    css = state.get("viewport") or {} if isinstance(state, dict) else {}
    want = (round(float(css.get("width", 0)) * dpr), round(float(css.get("height", 0)) * dpr))
    if abs(image.width - want[0]) > 1 or abs(image.height - want[1]) > 1:
        raise CaptureError("CAPTURE_SIZE", f"got {image.width}x{image.height} px from Chromium, expected "
                                           f"{want[0]}x{want[1]}; retry once the emulation is applied")
    return image, first, second


def is_session_error(exc: PagenoteError) -> bool:
    """An error of the CDP session itself (``CDP_*``): the shot can be taken as a grab instead."""
    return exc.name.startswith("CDP_")
