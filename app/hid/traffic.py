"""The host's device traffic log: every frame at the hidapi / pyserial boundary, the ground truth a page
cannot edit. Plain Python, no Qt.

An entry (:class:`TrafficEntry`) is ``{id, t, api, dir, device, report_id, len, hex, ascii, op?, kind?,
why?, result?, page_id?, origin, tab}``: ``id`` counts from 1 per log and is never reused; ``t`` the ISO-8601
UTC time with ms, taken when the bytes move (a TX entry is added on the worker thread right before the
device library's write, so its id also comes before any reply's); ``api`` ``hid`` or ``serial``; ``dir``
``TX`` (page → device), ``RX`` (device → page) or ``EVENT``; ``device`` ``{vendorId, productId,
serialNumber?, name, port?}`` (``port``: a serial port's key); ``hex`` space-separated bytes, ``ascii``
printable bytes with ``.`` for the rest.

The lifecycle is logged as EVENTs, ``op`` saying which: ``connect`` / ``disconnect`` (plugged in, unplugged),
``open`` (``result`` the error when it failed), ``lost`` (the connection failed under the page: ``why``
``unplug`` or ``error``, ``result`` the library's error) and ``close``, whose ``why`` is ``page`` (the page's
``close()``), ``navigation`` (its document went), ``tab closed``, ``unplug``, ``error``, ``revoked``
(``forget()``, the dock's Revoke) or ``shutdown``. ``kind`` tells HID reports apart: ``output``
(``sendReport``), ``input``, ``feature_set`` (``sendFeatureReport``), ``feature_get`` (``receiveFeatureReport``:
one RX entry, the report read); serial data has none. ``result`` on a TX entry (and a feature read) is ``ok`` or
the error the page's promise rejected with (``NotAllowedError: …``): refused writes are logged too.
``page_id`` is the id the page's own log (``window.__hidLog``) gave the same frame, so the two logs can be
matched; the page's log carries this log's id as ``host_id``. ``op`` on TX/RX is the page's decoder label
(it is the page's claim, not ground truth).

The ring keeps the newest :data:`RING_ENTRIES`; :meth:`TrafficLog.query` returns at most
:data:`QUERY_LIMIT` entries per call (as the console log does for agents). Entries pushed out of the ring
are counted (:meth:`TrafficLog.dropped_since`): ids are given in order and the ring drops the oldest, so the
ids it dropped are a few ranges (one more after each ``clear``, whose entries count as cleared, not dropped).
:meth:`TrafficLog.page` says exactly how many matching entries remain after the page it returns.
"""

from __future__ import annotations

import json
import threading
import time
from collections import deque
from dataclasses import asdict, dataclass

#: Entries the host ring keeps.
RING_ENTRIES = 5_000
#: Most entries one query returns.
QUERY_LIMIT = 200
#: Longest frame kept in an entry, in bytes (the rest is cut; ``len`` keeps the true length).
FRAME_BYTES = 4_096
#: Ranges of dropped ids kept (one is added per ``clear`` followed by a drop; older ones merge into the first).
DROP_RANGES = 64


def iso_ms(t: float) -> str:
    """Unix seconds → ``2026-10-04T19:20:00.123Z``."""
    ms = int(round(t * 1000))
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(ms // 1000)) + f".{ms % 1000:03d}Z"


def hex_bytes(data: bytes) -> str:
    """``b"\\xa1\\x0c"`` → ``"a1 0c"``."""
    return data.hex(" ")


def ascii_bytes(data: bytes) -> str:
    """Printable ASCII bytes as themselves, every other byte as ``.``."""
    return "".join(chr(b) if 0x20 <= b < 0x7F else "." for b in data)


@dataclass
class TrafficEntry:
    """One logged frame or event (module docstring)."""

    id: int
    t: str
    api: str
    dir: str
    device: dict
    report_id: int
    len: int
    hex: str
    ascii: str
    op: str = ""
    page_id: int | None = None
    origin: str = ""
    tab: str = ""
    kind: str = ""
    why: str = ""
    result: str = ""

    def as_dict(self) -> dict:
        """The entry as JSON-ready dict, leaving out empty optional fields."""
        d = asdict(self)
        for k in ("op", "page_id", "origin", "tab", "kind", "why", "result"):
            if d[k] in ("", None):
                d.pop(k)
        return d

    def line(self) -> str:
        """The Devices dock's copy format (:func:`entry_text`)."""
        return entry_text(self.as_dict())


def entry_text(e: dict) -> str:
    """An entry (:meth:`TrafficEntry.as_dict`) as one line: a frame
    ``[TX] 2026-10-04T19:20:00.123Z reportId=0x00 len=6 a1 0c 00 00 00 00 ; READ_PRESET #12 -> ok`` (a feature
    report's kind before its report id), an event ``[EVENT] 2026-10-04T19:20:00.123Z close (navigation)`` or
    ``[EVENT] … open -> NetworkError: …``."""
    result = f" -> {e['result']}" if e.get("result") else ""
    if e.get("dir") == "EVENT":
        why = f" ({e['why']})" if e.get("why") else ""
        return f"[EVENT] {e.get('t', '')} {e.get('op', '')}{why}{result}"
    kind = f"{e['kind']} " if e.get("kind", "").startswith("feature") else ""
    text = f"[{e.get('dir')}] {e.get('t', '')} {kind}reportId=0x{e.get('report_id', 0):02x} len={e.get('len', 0)}"
    text = f"{text} {e['hex']}" if e.get("hex") else text
    return (f"{text} ; {e['op']}" if e.get("op") else text) + result


def device_text(device: dict) -> str:
    """``Pagenote Macro Pad 1209:c0de VMP-0001`` (a serial port adds its key): the device an entry is about."""
    parts = [str(device.get("name", "")), f"{device.get('vendorId', 0):04x}:{device.get('productId', 0):04x}"]
    parts += [str(device[k]) for k in ("serialNumber", "port") if device.get(k)]
    return " ".join(p for p in parts if p)


@dataclass(frozen=True)
class LogPage:
    """One page of :meth:`TrafficLog.page`: ``entries`` (oldest first), ``remaining`` (matching entries after
    the last one returned, exact), ``dropped`` (entries with an id after ``since_id`` the ring pushed out
    before this call, whatever the filters: a dropped entry cannot be matched any more), ``dropped_total``
    (since the log began) and ``first_id`` (the oldest entry kept, 0 when empty)."""

    entries: list
    remaining: int
    dropped: int
    dropped_total: int
    first_id: int


class TrafficLog:
    """A bounded, thread-safe log (module docstring). ``listeners`` are called with each new entry (on the
    thread that added it)."""

    def __init__(self, ring: int = RING_ENTRIES) -> None:
        self._lock = threading.Lock()
        self._entries: deque[TrafficEntry] = deque(maxlen=ring)
        self._next = 1
        self._drops: list[list[int]] = []   # [first id, last id] ranges the ring pushed out, oldest first
        self._dropped = 0
        self.listeners: list = []

    def add(self, api: str, dir_: str, device: dict, data: bytes = b"", *, report_id: int = 0, op: str = "",
            page_id: int | None = None, origin: str = "", tab: str = "", length: int | None = None,
            kind: str = "", why: str = "", result: str = "") -> TrafficEntry:
        """Record one frame (``data`` without the report id byte) or event, timed now (call it where the bytes
        move); returns the entry."""
        kept = bytes(data[:FRAME_BYTES])
        with self._lock:
            entry = TrafficEntry(self._next, iso_ms(time.time()), api, dir_, dict(device), int(report_id),
                                 len(data) if length is None else length, hex_bytes(kept), ascii_bytes(kept),
                                 op, page_id, origin, tab, kind, why, str(result)[:300])
            self._next += 1
            if len(self._entries) == self._entries.maxlen:
                self._drop(self._entries[0].id)
            self._entries.append(entry)
        for listener in list(self.listeners):
            listener(entry)
        return entry

    def _drop(self, entry_id: int) -> None:
        """Count entry ``entry_id`` as pushed out of the ring (the lock is held)."""
        self._dropped += 1
        if self._drops and self._drops[-1][1] == entry_id - 1:
            self._drops[-1][1] = entry_id
            return
        self._drops.append([entry_id, entry_id])
        if len(self._drops) > DROP_RANGES:  # merge the two oldest (after 64 clears): a since_id inside that
            # range then counts the cleared ids between them as dropped too; later since_ids stay exact
            first, second = self._drops.pop(0), self._drops[0]
            second[0] = first[0]

    def dropped_since(self, since_id: int = 0) -> int:
        """How many entries with an id after ``since_id`` the ring pushed out (cleared ones not counted)."""
        with self._lock:
            return self._dropped_since(since_id)

    def _dropped_since(self, since_id: int) -> int:
        return sum(max(0, hi - max(lo, since_id + 1) + 1) for lo, hi in self._drops)

    def page(self, since_id: int = 0, dir_: str | None = None, device: str | None = None, op: str | None = None,
             limit: int = QUERY_LIMIT) -> LogPage:
        """The oldest ``limit`` (1..:data:`QUERY_LIMIT`) entries matching as in :meth:`query`, with exact counts
        of what remains after them and what was dropped (:class:`LogPage`)."""
        limit = max(1, min(int(limit), QUERY_LIMIT))
        with self._lock:
            entries = list(self._entries)
            dropped, total = self._dropped_since(since_id), self._dropped
        matching = [e for e in entries if e.id > since_id and self._matches(e, dir_, device, op)]
        return LogPage(matching[:limit], max(0, len(matching) - limit), dropped, total,
                       entries[0].id if entries else 0)

    @staticmethod
    def _matches(e: TrafficEntry, dir_: str | None, device: str | None, op: str | None) -> bool:
        if (dir_ and e.dir != dir_.upper()) or (op and op.lower() not in e.op.lower()):
            return False
        if device:
            ids = f"{e.device.get('vendorId', 0):04x}:{e.device.get('productId', 0):04x}"
            return device.lower() in str(e.device.get("name", "")).lower() or device.lower() == ids
        return True

    def settle(self, entry: TrafficEntry | None, result: str) -> None:
        """Set ``entry``'s ``result`` (``ok`` or the error, ≤ 300 chars) once its write has finished."""
        if entry is not None:
            with self._lock:
                entry.result = str(result)[:300]

    def annotate(self, entry_id: int, op: str) -> bool:
        """Set the page's decoder label ``op`` (≤ 200 chars) on entry ``entry_id``; ``False`` when it is gone."""
        with self._lock:
            for e in reversed(self._entries):
                if e.id == entry_id:
                    e.op = str(op)[:200]
                    return True
        return False

    def query(self, since_id: int = 0, dir_: str | None = None, device: str | None = None, op: str | None = None,
              limit: int = QUERY_LIMIT) -> list[TrafficEntry]:
        """Entries with ``id > since_id``, oldest first, filtered by ``dir_`` (TX/RX/EVENT), ``device`` (a
        substring of ``name`` or ``vvvv:pppp`` hex ids) and ``op`` (a substring); at most ``limit`` (≤
        :data:`QUERY_LIMIT`), the oldest matching ones."""
        return self.page(since_id, dir_, device, op, limit).entries

    def last_id(self) -> int:
        """The newest entry's id (0 when none was ever added)."""
        return self._next - 1

    def clear(self) -> int:
        """Drop every entry (ids continue); returns how many were dropped."""
        with self._lock:
            n = len(self._entries)
            self._entries.clear()
        return n

    def export_jsonl(self) -> str:
        """Every entry as JSON Lines (one compact object per line, ending in ``\\n``)."""
        with self._lock:
            entries = list(self._entries)
        return "".join(json.dumps(e.as_dict(), ensure_ascii=False, separators=(",", ":")) + "\n" for e in entries)
