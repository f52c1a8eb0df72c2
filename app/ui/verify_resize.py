"""Give the page view back the size an annotation was pinned at, so its check can run (issue 31, requirement 1).

A check compares the view's size now with the one kept with the before crop (``before.json``'s ``viewport``:
``[width, height]`` in CSS px, :func:`app.tabs.before_crops.view_size`) and refuses with
``VERIFY_DEVICE_CHANGED`` when they differ by more than 1 CSS px (app/agent/verify_annotations.py: another
width lays the page out again, so the pixels would not compare). Resizing the window or the side panel to read
the pictures is enough for that. :func:`size_gap` says when the view's size is the only difference (not the
emulated device, not the page zoom); :func:`fit_view` moves the window's splitter — and, only when the side
panel cannot give or take the width, or the height differs, resizes the window — then waits for the view's
resize event.
"""

from __future__ import annotations

import asyncio

from PySide6.QtCore import QEvent, QObject, QSize

from app.core.errors import PagenoteError
from app.tabs.before_crops import read_before, view_size

#: A check's tolerance between the pinned and the current view size, CSS px (app/agent/verify_annotations.py).
TOLERANCE = 1.0
#: How long a resize of the view may take to arrive (ms): the window manager may refuse a size (maximised).
RESIZE_MS = 5000


def is_view_size(error) -> bool:
    """Whether ``error`` (a :class:`~app.core.errors.PagenoteError`) is a check's refusal for the view's size:
    ``VERIFY_DEVICE_CHANGED`` whose message names the pinned page size (app/agent/verify_annotations.py writes
    ``… was pinned with the page WxH CSS px; the tab shows it …`` for that case only; the emulated device, the page
    zoom and the screen's DPR read otherwise)."""
    return getattr(error, "name", "") == "VERIFY_DEVICE_CHANGED" and "pinned with the page" in str(
        getattr(error, "message", ""))


def size_gap(tab, annotation, batch_id: str, number: int) -> tuple[list[float], list[float]] | None:
    """``(pinned [w, h], now [w, h])`` in CSS px when ``tab``'s view differs from the size annotation ``number``
    of ``batch_id`` (``annotation``: its :class:`~app.model.annotation.Annotation`) was pinned at by more than
    :data:`TOLERANCE` while its emulated device and page zoom are the same; else ``None`` (nothing kept, or the
    view is not the only difference)."""
    if tab is None or annotation.emulated != tab.session.emulated:
        return None
    meta = read_before(tab.capture.project_dir, batch_id).get(number) or {}
    was, zoom = meta.get("viewport"), tab.view.zoomFactor() or 1.0
    if not (isinstance(was, list) and len(was) == 2) or abs(float(meta.get("zoom", zoom)) - zoom) > 1e-6:
        return None
    now = view_size(tab)
    if max(abs(float(a) - b) for a, b in zip(was, now)) <= TOLERANCE:
        return None
    return [float(was[0]), float(was[1])], now


class _Resized(QObject):
    """Resolves ``future`` at the first resize event of the view (its parent) to exactly ``target`` (widget px),
    or at any resize when ``target`` is ``None``."""

    def __init__(self, view, target: QSize | None, future: asyncio.Future) -> None:
        super().__init__(view)
        self.target, self.future = target, future

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 (Qt virtual)
        if event.type() == QEvent.Type.Resize and not self.future.done():
            size = event.size()
            if self.target is None or (size.width(), size.height()) == (self.target.width(), self.target.height()):
                self.future.set_result(None)
        return False


async def _step(view, change, target: QSize | None) -> None:
    """Run ``change()`` and wait for ``view``'s resize (to ``target``, or any). Raises ``TimeoutError``."""
    future = asyncio.get_running_loop().create_future()
    watch = _Resized(view, target, future)
    view.installEventFilter(watch)
    try:
        change()
        await asyncio.wait_for(future, RESIZE_MS / 1000)
    finally:
        view.removeEventFilter(watch)
        watch.deleteLater()


async def fit_view(tab, css: list[float]) -> None:
    """Make ``tab``'s view ``css`` = ``[width, height]`` CSS px again (× the page zoom in widget px): the side
    panel's splitter gives or takes the width; the window grows only by what the panel cannot give (its minimum
    width) and by the height. Returns once the view's resize event brought it there. Raises
    ``VERIFY_DEVICE_CHANGED`` when the window does not take the size (a maximised window, a screen too small)."""
    view = tab.view
    window = view.window()
    zoom = view.zoomFactor() or 1.0
    target = QSize(round(css[0] * zoom), round(css[1] * zoom))
    try:
        for _ in range(3):   # at most: the window grows, then the splitter moves
            dw, dh = target.width() - view.width(), target.height() - view.height()
            if (dw, dh) == (0, 0):
                return
            split, panel = window.splitter, window.panels
            sizes = split.sizes()
            side = split.indexOf(panel)
            least = max(panel.minimumSizeHint().width(), panel.minimumWidth())
            grow = max(0, least - (sizes[side] - dw))
            if grow or dh:
                await _step(view, lambda: window.resize(window.width() + grow, window.height() + dh), None)
            else:
                sizes[side] -= dw
                sizes[1 - side] += dw
                await _step(view, lambda: split.setSizes(sizes), target)
    except TimeoutError:
        pass
    if (view.width(), view.height()) != (target.width(), target.height()):
        raise PagenoteError("VERIFY_DEVICE_CHANGED", f"the page view could not be given its pinned size "
                            f"{css[0]:g}x{css[1]:g} CSS px; it is {view_size(tab)[0]:g}x{view_size(tab)[1]:g}",
                            "restore the window (not maximised) and resize it or the side panel by hand, then "
                            "verify again")
