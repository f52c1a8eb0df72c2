"""Where a capture's time goes, phase by phase: optional bookkeeping that captures fill when asked
(``Shooter.timings``) and benches print (``bench/screenshots_vs_playwright.py``). Without a :class:`Phases`
object nothing is measured (:data:`NO_PHASES` is a do-nothing stand-in), so captures pay nothing for it.

Phases (wall time, ``time.perf_counter`` s; the worker thread's phases overlap the Qt thread's):

- ``setup``: pinning sticky/fixed elements, hiding scrollbars, metrics and the first redaction query;
- ``probe``: the page call that scrolls to a tile and shows the paint probe (one round trip);
- ``frame wait``: from that answer until a grab shows the probe (the compositor's frame latency);
- ``grab copy``: ``QWidget.grab`` of the whole view into a ``QImage``;
- ``redaction``: the per-tile query of every frame's secret fields (page round trips), and filling them;
- ``conversion``: ``QImage`` → RGB pixels (worker thread);
- ``stitching``: cropping a tile's new rows and columns into the image or the row band (worker thread);
- ``encode``: PNG scanlines and deflate (worker thread);
- ``file write``: writing the PNG and renaming it into place (worker thread);
- ``drain``: the Qt thread waiting for the worker after the last tile.
"""

from __future__ import annotations

import threading
import time
from collections import defaultdict
from contextlib import contextmanager
from collections.abc import Iterator


class Phases:
    """Durations (s) per phase name, every sample kept in order. Safe to fill from several threads."""

    def __init__(self) -> None:
        self.samples: dict[str, list[float]] = defaultdict(list)
        self._lock = threading.Lock()

    def add(self, name: str, seconds: float) -> None:
        """Record one ``seconds`` long sample of phase ``name``."""
        with self._lock:
            self.samples[name].append(seconds)

    @contextmanager
    def span(self, name: str) -> Iterator[None]:
        """Time the ``with`` block as one sample of ``name`` (recorded even when the block raises)."""
        start = time.perf_counter()
        try:
            yield
        finally:
            self.add(name, time.perf_counter() - start)

    def clear(self) -> None:
        """Forget every sample."""
        with self._lock:
            self.samples.clear()


class _NoPhases(Phases):
    """A :class:`Phases` that records nothing."""

    def add(self, name: str, seconds: float) -> None:
        return None

    @contextmanager
    def span(self, name: str) -> Iterator[None]:
        yield


#: Pass when nothing is to be measured.
NO_PHASES: Phases = _NoPhases()
