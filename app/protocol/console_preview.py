"""Console entries from Chrome DevTools Protocol events, as bounded, redacted text (issue 26, requirement 2).
Plain Python, no Qt: the events come from :mod:`app.tabs.console_cdp`.

Inputs (CDP, Runtime and Log domains): ``Runtime.consoleAPICalled`` (``type``, ``args``: RemoteObjects,
``stackTrace``), ``Runtime.exceptionThrown`` (``exceptionDetails``: ``text`` "Uncaught" / "Uncaught (in
promise)", ``lineNumber``/``columnNumber`` 0-based, ``exception``: RemoteObject, ``stackTrace``) and
``Log.entryAdded`` (``entry``: ``source``, ``level``, ``text``, ``url``, ``lineNumber``).

Bounds, defined here once: an argument's preview goes :data:`MAX_DEPTH` levels deep and lists at most
:data:`MAX_KEYS` keys per object (the rest as ``…``); a stack keeps :data:`MAX_FRAMES` frames. Values of
credential-like keys print as ``REDACTED`` (:func:`app.protocol.redact.is_secret_property`: a ``code``,
``key`` or ``state`` … only when its value could be a credential, so ``{code: 42}`` shows); the whole text then
goes through the console ring's :func:`~app.tabs.console.cut` (URL redaction, length cap) at its caller.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

from app.core.secret_rules import REDACTED_VALUE
from app.protocol.redact import is_secret_property, redact_urls

MAX_DEPTH = 3
MAX_KEYS = 50
MAX_FRAMES = 10
#: A nested string in a preview is cut to this many characters.
STRING_CHARS = 200

#: ``Runtime.consoleAPICalled`` ``type`` → level (Chrome's console shows the same grouping).
API_LEVELS = {"error": "error", "assert": "error", "warning": "warning", "debug": "debug"}
#: ``Log.entryAdded`` ``level`` → level.
LOG_LEVELS = {"verbose": "debug", "info": "info", "warning": "warning", "error": "error"}


@dataclass(frozen=True)
class ConsoleDetail:
    """One console entry as CDP describes it: ``level`` (``debug``/``info``/``warning``/``error``), ``text``
    (the arguments joined by spaces, objects as previews; not yet cut), ``url``, ``line`` and ``column``
    (1-based; 0 unknown), ``stack`` (≤ :data:`MAX_FRAMES` lines of :func:`frame_line`), ``kind``
    (``console`` / ``exception`` / ``log``) and ``timestamp`` (ms since the Unix epoch, CDP's)."""

    level: str
    text: str
    url: str
    line: int
    column: int
    stack: tuple[str, ...]
    kind: str
    timestamp: float


def _quoted(text: str) -> str:
    if len(text) > STRING_CHARS:
        text = text[:STRING_CHARS] + "…"
    return json.dumps(text, ensure_ascii=False)


def _primitive_value(obj: dict) -> str | None:
    """What :func:`~app.protocol.redact.is_secret_property` judges of a RemoteObject or PropertyPreview: a
    string's or number's (bigint's) value as text; ``None`` for anything else (booleans, null, undefined,
    objects — whose own keys are judged —, functions, symbols)."""
    if obj.get("type") not in ("string", "number", "bigint"):
        return None
    value = obj.get("value", obj.get("unserializableValue", obj.get("description")))
    return None if value is None else str(value)


def _key(name: str) -> str:
    return name if name.isidentifier() else _quoted(name)


def _primitive(obj: dict, nested: bool) -> str | None:
    kind = obj.get("type")
    if "unserializableValue" in obj:
        return str(obj["unserializableValue"])
    if kind == "string":
        value = str(obj.get("value", obj.get("description", "")))
        return _quoted(value) if nested else value
    if kind in ("number", "boolean"):
        return json.dumps(obj.get("value")) if "value" in obj else str(obj.get("description", ""))
    if kind == "undefined":
        return "undefined"
    if kind == "object" and obj.get("subtype") == "null":
        return "null"
    if kind in ("symbol", "bigint"):
        return str(obj.get("description", kind))
    if kind == "function":
        return "ƒ " + str(obj.get("description", "")).split("\n", 1)[0][:STRING_CHARS]
    return None


def _preview_text(preview: dict, depth: int) -> str:
    """An ObjectPreview (``properties`` of PropertyPreview, ``entries`` for Map/Set, ``overflow``)."""
    subtype = preview.get("subtype", "")
    if subtype == "error":
        return str(preview.get("description", "Error")).split("\n", 1)[0]
    if preview.get("type") != "object" or subtype in DESCRIBED:
        return str(preview.get("description", ""))
    parts = []
    for prop in preview.get("properties", [])[:MAX_KEYS]:
        if is_secret_property(str(prop.get("name", "")), _primitive_value(prop)):
            value = REDACTED_VALUE
        elif "valuePreview" in prop and depth < MAX_DEPTH:
            value = _preview_text(prop["valuePreview"], depth + 1)
        elif prop.get("type") == "string":
            value = _quoted(str(prop.get("value", "")))
        elif prop.get("type") == "object" and prop.get("subtype") not in DESCRIBED:
            value = "[…]" if prop.get("subtype") == "array" else "{…}"
        else:
            value = str(prop.get("value", prop.get("type", "")))
        parts.append(value if subtype == "array" else f"{_key(str(prop.get('name', '')))}: {value}")
    for entry in preview.get("entries", [])[:MAX_KEYS]:
        value = _preview_text(entry.get("value", {}), depth + 1) if depth < MAX_DEPTH else "…"
        key = entry.get("key")
        parts.append(f"{_preview_text(key, depth + 1)} => {value}" if key else value)
    if preview.get("overflow") or len(preview.get("properties", [])) > MAX_KEYS:
        parts.append("…")
    body = ", ".join(parts)
    if subtype == "array":
        return f"[{body}]"
    name = str(preview.get("description", "Object"))
    prefix = "" if name == "Object" else f"{name.split('(', 1)[0].strip()} "
    return f"{prefix}{{{body}}}"


#: Subtypes shown by their description, never by their properties.
DESCRIBED = ("date", "regexp", "node", "map", "set", "null", "error", "promise", "proxy", "weakmap", "weakset")


def expandable(obj: dict) -> bool:
    """True for a RemoteObject whose own properties make a better preview (a plain object or an array with an
    ``objectId``): the caller may fetch them with ``Runtime.getProperties``."""
    return bool(obj.get("objectId")) and obj.get("type") == "object" and obj.get("subtype") not in DESCRIBED


def remote_object_text(obj: dict, fetched: dict[str, list[dict]] | None = None, nested: bool = False,
                       depth: int = 1) -> str:
    """A RemoteObject as console text. A string prints bare at the top level, quoted when ``nested``; an
    object prints ``{key: value, …}`` (arrays ``[…]``, Map/Set entries, errors as their description), never
    ``[object Object]``. ``fetched`` maps an ``objectId`` to its ``Runtime.getProperties`` result (own
    properties with previews): such an object lists up to :data:`MAX_KEYS` keys instead of V8's five, and its
    values go on to :data:`MAX_DEPTH` levels (``depth`` is this object's, 1 at the top); deeper: ``{…}``."""
    text = _primitive(obj, nested)
    if text is not None:
        return text
    if obj.get("subtype") == "error":
        return str(obj.get("description", "Error"))
    properties = (fetched or {}).get(obj.get("objectId", ""))
    if properties is None:
        return _preview_text(obj["preview"], depth) if "preview" in obj else \
            str(obj.get("description", obj.get("className", obj.get("type", ""))))
    array = obj.get("subtype") == "array"
    shown = [p for p in properties if p.get("enumerable", True) and "value" in p]
    parts = []
    for prop in shown[:MAX_KEYS]:
        name, value = str(prop.get("name", "")), prop["value"]
        if is_secret_property(name, _primitive_value(value)):
            item = REDACTED_VALUE
        elif _primitive(value, True) is not None or value.get("subtype") == "error":
            item = remote_object_text(value, nested=True)
        elif depth >= MAX_DEPTH:
            item = "[…]" if value.get("subtype") == "array" else "{…}"
        elif value.get("objectId") in (fetched or {}):
            item = remote_object_text(value, fetched, True, depth + 1)
        elif "preview" in value:
            item = _preview_text(value["preview"], depth + 1)
        else:
            item = str(value.get("description", "{…}"))
        parts.append(item if array else f"{_key(name)}: {item}")
    if len(shown) > MAX_KEYS:
        parts.append("…")
    body = ", ".join(parts)
    if array:
        return f"[{body}]"
    name = str(obj.get("className", "Object"))
    return f"{'' if name == 'Object' else name + ' '}{{{body}}}"


#: A function name printed bare in a frame; any other is JSON-quoted, so a page's function named
#: ``"x (https://bank.test/a.js:1:1)"`` cannot pass for a second frame.
_PLAIN_NAME = re.compile(r"[\w$.<>\[\]#-]{1,200}")
#: Longest URL kept in a frame, in characters.
FRAME_URL_CHARS = 500


def frame_line(frame: dict) -> str:
    """One CDP CallFrame as ``"fn (url:line:column)"`` (1-based; ``(anonymous)`` for no name), the URL
    redacted and at most :data:`FRAME_URL_CHARS`; a name with spaces, parentheses or controls is JSON-quoted
    and a URL with whitespace or controls too (a ``//# sourceURL`` the page chose)."""
    name = str(frame.get("functionName") or "(anonymous)")
    if name != "(anonymous)" and not _PLAIN_NAME.fullmatch(name):
        name = _quoted(name)
    url = redact_urls(str(frame.get("url", ""))[:FRAME_URL_CHARS])
    if any(c.isspace() or not c.isprintable() for c in url):
        url = _quoted(url)
    return f"{name} ({url}:{int(frame.get('lineNumber', -1)) + 1}:{int(frame.get('columnNumber', -1)) + 1})"


def stack_lines(stack: dict | None) -> tuple[str, ...]:
    """A CDP StackTrace's frames (``parent`` traces — async callers — after them) as :func:`frame_line`
    writes them; at most :data:`MAX_FRAMES`. Only CDP's own frames: never parsed from an error's ``stack``
    text, which the page can write (``err.stack = "…at bank (https://…)"``)."""
    lines: list[str] = []
    while stack and len(lines) < MAX_FRAMES:
        for frame in stack.get("callFrames", []):
            if len(lines) == MAX_FRAMES:
                break
            lines.append(frame_line(frame))
        stack = stack.get("parent")
    return tuple(lines)


def _top(stack: dict | None) -> tuple[str, int, int]:
    frames = (stack or {}).get("callFrames") or []
    if not frames:
        return "", 0, 0
    frame = frames[0]
    return frame.get("url", ""), frame.get("lineNumber", -1) + 1, frame.get("columnNumber", -1) + 1


def from_console_api(params: dict, fetched: dict[str, list[dict]] | None = None) -> ConsoleDetail:
    """A ``Runtime.consoleAPICalled`` event's entry; ``fetched`` maps ``objectId`` → ``Runtime.getProperties``
    result for the objects the caller fetched (:func:`remote_object_text`)."""
    text = " ".join(remote_object_text(arg, fetched) for arg in params.get("args", []))
    if params.get("type") == "assert":
        text = "Assertion failed: " + text if text else "Assertion failed"
    url, line, column = _top(params.get("stackTrace"))
    return ConsoleDetail(API_LEVELS.get(params.get("type", ""), "info"), text, url, line, column,
                         stack_lines(params.get("stackTrace")), "console", float(params.get("timestamp", 0)))


def from_exception(params: dict) -> ConsoleDetail:
    """A ``Runtime.exceptionThrown`` event's entry: ``"Uncaught Error: boom"``, ``"Uncaught (in promise)
    …"`` for an unhandled rejection; always an error; the throw's own line and column."""
    details = params.get("exceptionDetails", {})
    exception = details.get("exception")
    head = str(details.get("text", "Uncaught"))
    if exception is not None:
        value = remote_object_text(exception, nested=exception.get("type") != "string")
        if exception.get("subtype") == "error":
            value = value.split("\n", 1)[0]
        text = f"{head} {value}" if not head.endswith(value) else head
    else:
        text = head
    url = details.get("url", "") or _top(details.get("stackTrace"))[0]
    stack = stack_lines(details.get("stackTrace"))
    return ConsoleDetail("error", text, url, details.get("lineNumber", -1) + 1, details.get("columnNumber", -1) + 1,
                         stack, "exception", float(params.get("timestamp", 0)))


def from_log(params: dict) -> ConsoleDetail:
    """A ``Log.entryAdded`` event's entry (network failures, interventions, violations …)."""
    entry = params.get("entry", {})
    line = entry.get("lineNumber")
    return ConsoleDetail(LOG_LEVELS.get(entry.get("level", ""), "info"), str(entry.get("text", "")),
                         entry.get("url", ""), line + 1 if isinstance(line, int) else 0, 0,
                         stack_lines(entry.get("stackTrace")), "log", float(entry.get("timestamp", 0)))
