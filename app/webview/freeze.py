"""Freeze a page's motion in every frame, and unfreeze it as it was (annotating a transient state).

Two halves per frame: pagenote's isolated world pauses CSS animations and transitions, Web Animations and
playing media (``freeze.js``); ``requestAnimationFrame`` belongs to the page's own world, so a hook is run
there (:data:`HOOK`) only while frozen. It replaces ``window.requestAnimationFrame`` with one that queues the
callback instead of scheduling it (and ``cancelAnimationFrame`` with one that removes from that queue), and
``Element.prototype.animate`` with one that starts the new animation paused; the unhook puts the originals
back, hands the queued callbacks to the real ``requestAnimationFrame`` (until they have run, the next frame,
``cancelAnimationFrame`` still takes the ids the page was given while frozen) and plays those animations. A
callback already scheduled when the freeze starts runs once more and is queued when it asks for the next
frame. Timers, scroll position, hover and focus are not touched.

Limits: a page that kept its own reference to ``requestAnimationFrame`` before the freeze is not held; a frame
added while frozen is not frozen; a navigation ends the freeze (the new document starts fresh).
"""

from __future__ import annotations

import json
import logging
import secrets
import weakref

from PySide6.QtCore import QObject, Signal
from PySide6.QtWebEngineCore import QWebEngineFrame, QWebEngineScript

from app.core.errors import PagenoteError
from app.webview.bridge import PageBridge
from app.webview.frames import MAX_FRAME_DEPTH

log = logging.getLogger("pagenote.freeze")

MAIN_WORLD = QWebEngineScript.ScriptWorldId.MainWorld

#: Main-world hook: ``(HOOK)(token)`` installs it once per document under the non-enumerable ``window[token]``
#: (the function that undoes it); answers ``true`` when installed now.
HOOK = """(function (token) {
  if (Object.prototype.hasOwnProperty.call(window, token)) return false;
  const raf = window.requestAnimationFrame, caf = window.cancelAnimationFrame;
  const animate = Element.prototype.animate;
  const queued = new Map(), started = [];
  let next = 0x40000000;   // above the ids Chromium hands out in practice, so a cancel never mixes them up
  const hold = function requestAnimationFrame(callback) { next += 1; queued.set(next, callback); return next; };
  const cancel = function cancelAnimationFrame(id) { if (!queued.delete(id)) caf.call(window, id); };
  const paused = function animate(...args) {
    const a = animate.apply(this, args);
    try { a.pause(); started.push(a); } catch (e) { /* leave it */ }
    return a;
  };
  window.requestAnimationFrame = hold;
  window.cancelAnimationFrame = cancel;
  Element.prototype.animate = paused;
  Object.defineProperty(window, token, { configurable: true, enumerable: false, value: () => {
    if (window.requestAnimationFrame === hold) window.requestAnimationFrame = raf;
    if (window.cancelAnimationFrame === cancel) window.cancelAnimationFrame = caf;
    if (Element.prototype.animate === paused) Element.prototype.animate = animate;
    delete window[token];
    const handed = new Map();   // held id -> the real id of its callback, handed back, until that has run
    for (const [id, callback] of queued) {
      handed.set(id, raf.call(window, function (time) { handed.delete(id); return callback.call(this, time); }));
    }
    if (handed.size && window.cancelAnimationFrame === caf) {
      // The page may still cancel by a held id: map it until the handed-back callbacks ran (the next frame).
      const settle = function cancelAnimationFrame(id) {
        if (!handed.has(id)) return caf.call(window, id);
        caf.call(window, handed.get(id));
        handed.delete(id);
      };
      window.cancelAnimationFrame = settle;
      raf.call(window, () => { if (window.cancelAnimationFrame === settle) window.cancelAnimationFrame = caf; });
    }
    for (const a of started) { try { if (a.playState === 'paused') a.play(); } catch (e) { /* gone */ } }
    return queued.size;
  } });
  return true;
})"""
#: Main-world unhook: ``(UNHOOK)(token)`` answers the number of queued callbacks handed back (0: no hook).
UNHOOK = "(function (token) { const undo = window[token]; return typeof undo === 'function' ? undo() : 0; })"


def all_frames(bridge: PageBridge) -> list[QWebEngineFrame | None]:
    """The page's frames, ``None`` for the main frame first, then every valid child frame depth-first (down to
    :data:`~app.webview.frames.MAX_FRAME_DEPTH`)."""
    out: list[QWebEngineFrame | None] = [None]

    def walk(frame: QWebEngineFrame, depth: int) -> None:
        if depth >= MAX_FRAME_DEPTH:
            return
        for child in frame.children():
            if child.isValid():
                out.append(child)
                walk(child, depth + 1)

    walk(bridge.page.mainFrame(), 0)
    return out


class Freezer(QObject):
    """A page's freeze state. ``frozen``: whether it is frozen now; ``changed(bool)`` when that changes (a
    navigation ends a freeze). Get the one of a bridge with :func:`freezer_of`."""

    changed = Signal(bool)

    def __init__(self, bridge: PageBridge) -> None:
        super().__init__(bridge.page)
        self.bridge = bridge
        self.frozen = False
        self._token = "__pagenote_freeze_" + secrets.token_hex(8)
        bridge.page.loadStarted.connect(self._navigated)

    def _navigated(self) -> None:
        if self.frozen:
            self.frozen = False
            self.changed.emit(False)

    async def set_frozen(self, on: bool) -> dict:
        """Freeze (``True``) or unfreeze every frame of the page. Returns ``{frozen, frames, animations, media,
        callbacks}``: the frames that answered and what was paused (or resumed) in them — ``callbacks``: the
        ``requestAnimationFrame`` callbacks handed back on unfreeze. A frame that does not answer (no page
        script yet, gone) is skipped and logged; nothing is raised."""
        totals = {"frozen": on, "frames": 0, "animations": 0, "media": 0, "callbacks": 0}
        token = json.dumps(self._token)
        for frame in all_frames(self.bridge):
            try:
                answer = await self.bridge.call("freeze" if on else "unfreeze", frame=frame)
                hooked = await self.bridge.run(f"({HOOK if on else UNHOOK})({token})", frame=frame,
                                               world=MAIN_WORLD, what="freeze hook")
            except PagenoteError as exc:
                log.info("freeze(%s) skipped a frame: %s", on, exc)
                continue
            totals["frames"] += 1
            if isinstance(answer, dict):
                totals["animations"] += int(answer.get("animations") or 0)
                totals["media"] += int(answer.get("media") or 0)
            if not on and isinstance(hooked, int | float):
                totals["callbacks"] += int(hooked)
        if on and totals["frames"]:
            # Animation.pause() and a paused animation-play-state only take hold at the next animation frame
            # (Web Animations §4.4.11 "pause an animation": a pending pause task runs when the animation is
            # ready), so until then the page still moves. Frozen means still: wait two frames first.
            try:
                await self.bridge.wait_frames(2)
            except PagenoteError as exc:
                log.info("freeze: no frames came after pausing: %s", exc)
        if on != self.frozen:
            self.frozen = on
            self.changed.emit(on)
        return totals

    async def toggle(self) -> dict:
        """Unfreeze when frozen, else freeze (:meth:`set_frozen`)."""
        return await self.set_frozen(not self.frozen)


_FREEZERS: weakref.WeakKeyDictionary[PageBridge, Freezer] = weakref.WeakKeyDictionary()


def freezer_of(bridge: PageBridge) -> Freezer:
    """The :class:`Freezer` of ``bridge``'s page (made on first use, kept as long as the bridge)."""
    freezer = _FREEZERS.get(bridge)
    if freezer is None:
        freezer = _FREEZERS[bridge] = Freezer(bridge)
    return freezer
