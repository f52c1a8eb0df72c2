"""The page channel of one tab: the main-world device script (``page_js/hid.js``) ↔ the lease's
:class:`~app.hid.service.DeviceService`.

How a page's call reaches the host without giving the page anything WebHID does not give it:

1. the script is a ``QWebEngineScript`` in the page's **main world** at ``DocumentCreation`` in every frame
   (:func:`device_script`), so it runs before the page's scripts and keeps the browser's own built-ins;
2. a call is queued in the frame and the script rings a **doorbell**: one ``console.debug`` line with the
   marker :data:`DOORBELL` (a verbose-level message; :class:`~app.webview.guest.Guest` turns it into its
   ``device_doorbell`` signal and never shows it as console output). The doorbell carries nothing: the
   host then **pulls** every frame's queue with ``QWebEngineFrame.runJavaScript`` (QtWebEngine 6.12 gives
   a page's other frames no push channel: ``QWebChannel`` serves one frame of one world, and
   ``runJavaScript`` cannot return a Promise), so it knows which frame — and so which **origin** —
   each call comes from from Qt, not from the page;
3. answers and events go back the same way, batched per frame and addressed to the document
   (``__pagenoteDevices.deliver(doc, json)``: a document that has since replaced it in the frame drops them).

Only frames where pagenote's script is installed are served (security review item 5, issue 32 requirement
7). Anything in a frame's main world — ``window.__pagenoteDevices`` included — may be the page's: a ``data:``
iframe, which is no secure context so the script returns there at once, can define its own and ring. So before
the host serves a document's first message it checks the frame itself, in pagenote's isolated world of that
frame (page scripts cannot redefine ``isSecureContext`` or ``self.origin`` there): no secure context means
no pagenote script, and nothing the frame queued is read, answered or acted on (:attr:`PageDevices.refused`);
a secure context whose origin is opaque (a sandboxed frame) or is not the frame's URL's (``about:blank``,
``about:srcdoc``) is served as an origin with no devices. The frame's documents cooperate with each other, so
a secret in the script would prove only that *some* frame of the page has it; what binds a message to an
origin is Qt's frame object it was pulled from: a document id is bound to the first frame it came from.
Everything is checked before any operation, ``annotate`` included, and ``annotate`` labels only host log
entries the host told that same document of (:meth:`Doc.tell`).

What the host checks for each call: the origin (from the frame's URL, confirmed as above), the frame's
permissions policy and, for ``requestDevice``, the user gesture — both read in the isolated world
(``document.featurePolicy.allowsFeature``, ``navigator.userActivation.isActive``) — and the origin's grants
(device ids are per-origin HMAC tokens, :meth:`DeviceService.token`). A page that forges a call through
``__pagenoteDevices`` gets what it would get from ``navigator.hid``.
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
from importlib.resources import files

from PySide6.QtCore import QObject, QTimer, QUrl, QUrlQuery, Signal
from PySide6.QtWebEngineCore import QWebEngineFrame, QWebEnginePage, QWebEngineScript

from app.core.tasks import spawn
from app.hid.doc import Doc, DomError
from app.hid.hid_ops import HidOps
from app.hid.serial_page import SerialOps
from app.hid.service import DeviceService
from app.hid.traffic import FRAME_BYTES

log = logging.getLogger("pagenote.hid")

#: The console line that rings the host (never shown as console output).
DOORBELL = "\u2063pagenote-devices\u2063"
DEVICE_SCRIPT_NAME = "pagenote-devices"
MAIN_WORLD = QWebEngineScript.ScriptWorldId.MainWorld
ISOLATED_WORLD = QWebEngineScript.ScriptWorldId.ApplicationWorld
#: Page-side log ring size by default (entries).
PAGE_RING = 500
#: Most frames pulled per doorbell (nested iframes beyond are not served).
MAX_FRAMES = 64
_PULL = "(() => { const c = window.__pagenoteDevices; return c ? c.pull() : ''; })()"
#: Read in pagenote's isolated world of a frame before its first message is served (module docstring).
_FRAME_CHECK = "JSON.stringify([window.isSecureContext === true, String(self.origin)])"
#: Most messages kept for a document while its frame is checked.
MAX_WAITING = 10_000
#: How long the frame check may take, in seconds: past it (a renderer that does not answer) the frame is refused.
FRAME_CHECK_S = 20.0


@functools.lru_cache(maxsize=4)
def device_source(log_on: bool = False, echo: bool = False) -> str:
    """The main-world script: ``hid.js`` with ``serial.js`` spliced in and its options (doorbell marker, log
    default, console echo default, ring size, bytes of a frame an entry keeps as text — the host's
    :data:`~app.hid.traffic.FRAME_BYTES`) as JSON."""
    root = files("app.hid") / "page_js"
    source = (root / "hid.js").read_text(encoding="utf-8")
    serial = (root / "serial.js").read_text(encoding="utf-8") if (root / "serial.js").is_file() else ""
    options = {"doorbell": DOORBELL, "log": log_on, "echo": echo, "ring": PAGE_RING, "frame": FRAME_BYTES}
    return (source.replace("__OPTIONS__", json.dumps(options))
            .replace("  // __SERIAL__ (app/hid/page_js/serial.js is spliced in here: it shares this scope)\n", serial))


def device_script() -> QWebEngineScript:
    """The device script as a ``QWebEngineScript``: main world, ``DocumentCreation``, every frame."""
    script = QWebEngineScript()
    script.setName(DEVICE_SCRIPT_NAME)
    script.setSourceCode(device_source())
    script.setWorldId(MAIN_WORLD)
    script.setInjectionPoint(QWebEngineScript.InjectionPoint.DocumentCreation)
    script.setRunsOnSubFrames(True)
    return script


def origin_of(url: QUrl) -> str | None:
    """``scheme://host[:port]`` of a secure-context URL (https, wss, file, or http(s) on localhost /
    127.0.0.1 / ::1 — W3C Secure Contexts §3.2 "potentially trustworthy"); ``None`` for anything else
    (opaque origins such as ``about:``/``data:``, plain http elsewhere)."""
    scheme, host = url.scheme(), url.host()
    if scheme == "file":
        return "file://"
    if scheme not in ("http", "https") or not host:
        return None
    if scheme == "http" and host not in ("localhost", "127.0.0.1", "::1") and not host.endswith(".localhost"):
        return None
    port = url.port()
    return f"{scheme}://{host}" + (f":{port}" if port != -1 else "")


def frames(page: QWebEnginePage) -> list[QWebEngineFrame]:
    """The page's frames, main frame first, depth-first, at most :data:`MAX_FRAMES`."""
    out, todo = [], [page.mainFrame()]
    while todo and len(out) < MAX_FRAMES:
        frame = todo.pop(0)
        if frame.isValid():
            out.append(frame)
            todo[0:0] = list(frame.children())
    return out


class PageDevices(QObject):
    """The device channel of one tab's ``page`` (module docstring). ``doorbell()`` is connected to the
    guest's ``device_doorbell`` signal by whoever composes the tab.

    ``refused(url)`` is emitted when a frame without pagenote's device script (no secure context) put messages
    in the channel; they were dropped unread (``url``: the frame's URL, ≤ 200 characters)."""

    refused = Signal(str)

    def __init__(self, page: QWebEnginePage, service: DeviceService, tab_id: str) -> None:
        super().__init__(page)
        self.page, self.service, self.tab_id = page, service, tab_id
        self._docs: dict[str, Doc] = {}
        self._checking: dict[str, tuple[QWebEngineFrame, list]] = {}   # doc id -> (frame, messages waiting)
        self._generation = 0                                            # +1 per main-frame load
        self._out: dict[str, list] = {}
        self._pull_pending = False
        self._flush_pending = False
        page.loadStarted.connect(self._reset)
        service.settings_changed.connect(self._tell_settings)
        self.hid = HidOps(self)
        self.serial = SerialOps(self)

    # -- transport -----------------------------------------------------------------------------------------------

    def doorbell(self) -> None:
        """A frame has queued calls: pull every frame once the event loop turns (coalesced)."""
        if not self._pull_pending:
            self._pull_pending = True
            QTimer.singleShot(0, self._pull)

    def _pull(self) -> None:
        self._pull_pending = False
        for frame in frames(self.page):
            frame.runJavaScript(_PULL, MAIN_WORLD, lambda raw, frame=frame: self._pulled(frame, raw))

    def _pulled(self, frame: QWebEngineFrame, raw) -> None:
        if not raw or not isinstance(raw, str) or not frame.isValid():
            return
        try:
            data = json.loads(raw)
            doc_id, msgs = str(data["doc"])[:64], list(data["msgs"])[:10_000]
        except (ValueError, KeyError, TypeError):
            return
        if not msgs:
            return
        doc = self._docs.get(doc_id)
        if doc is not None:
            if doc.frame == frame:  # else a document id seen in another frame: not this frame's to use
                self._serve(doc, msgs)
            return
        checking = self._checking.get(doc_id)
        if checking is not None:
            if checking[0] == frame:
                checking[1].extend(msgs[:MAX_WAITING - len(checking[1])])
            return
        self._checking[doc_id] = (frame, msgs)
        spawn(self._admit(doc_id, frame, QUrl(frame.url())), "device frame check")

    async def _admit(self, doc_id: str, frame: QWebEngineFrame, url: QUrl) -> None:
        """Check the frame a new document's messages came from (module docstring), then serve them."""
        generation = self._generation
        origin = await self.frame_origin(frame, url)
        checking = self._checking.pop(doc_id, None)
        if generation != self._generation or checking is None or not frame.isValid():
            return  # the page started loading another document meanwhile
        if origin is None:
            where = url.toString()[:200]
            log.info("device channel: dropped the messages of a frame without pagenote's script (%s)", where)
            self.refused.emit(where)
            return
        for old in [d for d in self._docs.values() if d.frame == frame]:
            self._drop(old, "navigation")  # the frame shows a new document: the old one's connections end
        url_debug = QUrlQuery(url).queryItemValue("hidDebug") == "1"
        doc = self._docs[doc_id] = Doc(doc_id, frame, origin, url_debug)
        self._serve(doc, checking[1])

    async def frame_origin(self, frame: QWebEngineFrame, url: QUrl) -> str | None:
        """What the host serves a document of ``frame`` (whose URL was ``url`` when its message was pulled)
        as: its origin (:func:`origin_of`); ``""`` — no devices — when the frame is a secure context but its
        origin, as Chromium keeps it, is opaque or not its URL's; ``None`` when the frame is no secure context
        (pagenote's script is not there) or does not answer within :data:`FRAME_CHECK_S`. Read in pagenote's
        isolated world."""
        answer = await self.js(frame, _FRAME_CHECK, timeout_s=FRAME_CHECK_S)
        try:
            secure, actual = json.loads(answer)
        except (TypeError, ValueError):
            return None
        if secure is not True:
            return None
        origin = origin_of(url)
        if origin is None or origin_of(frame.url()) != origin:
            return ""
        if origin == "file://":  # Chromium serialises a file: document's origin as "null"
            return origin if actual in ("null", "file://") else ""
        return origin if actual == origin else ""

    def _serve(self, doc: Doc, msgs: list) -> None:
        for msg in msgs:
            if isinstance(msg, dict):
                spawn(self._answer(doc, msg), "device call")

    def send(self, doc: Doc, msg: dict) -> None:
        """Queue ``msg`` for ``doc``'s frame; queued messages go in one ``deliver`` per frame per loop turn."""
        if not doc.told_cfg:
            doc.told_cfg = True
            self._out.setdefault(doc.id, []).append(self._cfg(doc))
        self._out.setdefault(doc.id, []).append(msg)
        if not self._flush_pending:
            self._flush_pending = True
            QTimer.singleShot(0, self._flush)

    def _cfg(self, doc: Doc) -> dict:
        """The page script's settings message: logging (the lease's, or the page's ``?hidDebug=1``) and the
        console echo (``[HID]`` / ``[Serial]`` lines, the lease's :attr:`DeviceService.console_echo`)."""
        return {"t": "cfg", "log": self.service.logging or doc.debug, "echo": self.service.console_echo}

    def _tell_settings(self) -> None:
        for doc in self._docs.values():
            if doc.told_cfg:
                self.send(doc, self._cfg(doc))

    def _flush(self) -> None:
        self._flush_pending = False
        out, self._out = self._out, {}
        for doc_id, msgs in out.items():
            doc = self._docs.get(doc_id)
            if doc is None or not doc.frame.isValid():
                continue
            src = ("window.__pagenoteDevices && window.__pagenoteDevices.deliver(" + json.dumps(doc_id) + ", "
                   + json.dumps(json.dumps(msgs, separators=(",", ":"))) + ")")
            doc.frame.runJavaScript(src, MAIN_WORLD)

    async def _answer(self, doc: Doc, msg: dict) -> None:
        op = msg.get("op")
        call_id = msg.get("id")
        try:
            if op == "annotate":  # the page's decoder label for an entry of its own (no answer)
                if doc.origin and doc.owns(msg.get("host_id")):
                    self.service.log.annotate(msg["host_id"], str(msg.get("label") or ""))
                return
            handler = self.hid.handler(op)
            feature = "hid" if handler is not None else "serial"
            handler = handler or self.serial.handler(op)
            if handler is None:
                raise DomError("NotSupportedError", f"unknown operation {op!r}")
            if not doc.origin or not await self._allowed(doc, feature):
                interface = "HID" if feature == "hid" else "Serial"
                raise DomError("SecurityError", f"Failed to execute '{op}' on '{interface}': Access to the feature "
                                                f"\"{feature}\" is disallowed by permissions policy.")
            value = await handler(doc, msg)
            self.send(doc, {"t": "r", "id": call_id, "v": value})
        except DomError as exc:
            self.send(doc, {"t": "r", "id": call_id, "e": [exc.name, exc.message]})
        except Exception as exc:  # noqa: BLE001 (the page must get an answer; the log gets the bug)
            log.exception("device call %s failed", op)
            self.send(doc, {"t": "r", "id": call_id, "e": ["UnknownError", str(exc)[:200]]})

    async def _allowed(self, doc: Doc, feature: str) -> bool:
        """Whether ``doc``'s permissions policy allows ``feature`` (``hid``/``serial``): Chromium's own answer,
        read in pagenote's isolated world (``document.featurePolicy.allowsFeature``; the page cannot redefine
        it there). A cross-origin iframe needs ``allow="hid"`` / ``allow="serial"`` (the features' default
        allowlist is ``'self'``, Permissions Policy §default allowlists)."""
        if feature not in doc.policy:
            answer = await self.js(doc.frame, "(() => { const p = document.featurePolicy;"
                                              f" return p ? p.allowsFeature({json.dumps(feature)}) : true; }})()")
            doc.policy[feature] = answer is True
        return doc.policy[feature]

    async def js(self, frame: QWebEngineFrame, source: str, world=ISOLATED_WORLD, timeout_s: float = 3.0):
        """Run ``source`` in ``world`` of ``frame`` and return Qt's answer (``None`` on timeout or a gone frame)."""
        future = asyncio.get_running_loop().create_future()
        if not frame.isValid():
            return None
        frame.runJavaScript(source, world, lambda v: future.done() or future.set_result(v))
        try:
            return await asyncio.wait_for(future, timeout_s)
        except TimeoutError:
            return None

    # -- documents going away ------------------------------------------------------------------------------

    def _drop(self, doc: Doc, why: str) -> None:
        for handle in doc.handles.values():
            self.service.close(handle, why)
        for req in doc.choosers:
            req.choose(None)
        self.serial.drop(doc, why)
        self._docs.pop(doc.id, None)

    def _reset(self) -> None:
        """A main-frame load started: every document of the page goes (its connections close)."""
        self._generation += 1
        self._checking.clear()
        for doc in list(self._docs.values()):
            self._drop(doc, "navigation")

    def close(self) -> None:
        """The tab is closing: every document's connections close (``why``: ``tab closed``) and nothing more is
        served."""
        self._generation += 1
        self._checking.clear()
        for doc in list(self._docs.values()):
            self._drop(doc, "tab closed")

    def docs(self) -> list[Doc]:
        """The documents that used the device API (the Devices dock, agents)."""
        return list(self._docs.values())
