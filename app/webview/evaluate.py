"""Evaluate an agent's JavaScript in the page's own world (its ``MainWorld``: the page's globals, app state and
functions), await a Promise it returns, and bring the value back as bounded JSON.

``runJavaScript`` answers only a script's synchronous completion value and cannot await a Promise, so a call
is one or more scripts in the main world (:func:`evaluate`):

1. the **wrapper** (:func:`wrapper_source`), a classic script, evaluates the agent's source as an expression;
   a function is called with no arguments (or the element of a ref). Its one top-level declaration, ``const
   __pn_<128-bit random>``, holds the call's **poll function**; the script's completion value is that
   function's first answer: the serialized value, or ``wait`` while a thenable is pending;
2. **polls** (:func:`poll_source`) call the poll function again until the answer is there or ``timeout_ms``
   passed. The answer is handed over once; later calls answer ``gone``.

The page's world is hostile: its scripts ran first and may have replaced any built-in. What keeps the
answer from it (requirement 9a of the security review; ``tests/test_hostile_agent_evaluate.py``):

- the poll function is reachable only by the name of a **global lexical binding** — not a property of
  ``window``, so nothing lists it (``Object.getOwnPropertyNames``, ``Reflect.ownKeys``, a getter or a Proxy
  in window's prototype chain, which Chromium refuses anyway: every prototype there is immutable) and no
  ``Object.defineProperty`` or setter the page replaced ever sees it;
- the poll function answers only when called with the call's 128-bit **token**, compared with ``===``
  inside its closure; a page that guesses calls gets ``null``. The token is a literal in argument position
  of the top-level script, outside every function's source text, and never handed to a function (only
  ``+`` builds the envelope); the wrapper is **strict code**, so a page function it reaches cannot walk
  ``fn.caller`` to the wrapper's source (V8 censors strict callers);
- a returned Promise is settled through the ``then`` kept by :func:`pristine_script`, called through the
  kept ``Reflect.apply`` with an own ``constructor`` of ``undefined`` on the Promise for that call (the
  engine's SpeciesConstructor then takes the built-in ``Promise`` and runs no ``constructor`` getter or
  ``Symbol.species`` of the page), never with ``await``: ``await`` reads the Promise's ``constructor`` and,
  when the page made it something else, calls the page's ``then`` with the value (security review N4). The
  **thenable rule**: only a real Promise (the kept ``then``'s internal-slot check; an object that merely
  inherits ``Promise.prototype`` is a ``TypeError``) and a plain object (prototype ``Object.prototype`` or
  ``null``) with an *own data* ``then`` function are settled; an inherited ``then`` is never looked up, so a
  ``then`` the page put on ``Map``, ``Set``, ``Date``, ``Error``, a typed array's or any other prototype
  neither sees nor forges the value, and no getter runs (an instance of the agent's own class with ``then`` on
  its prototype is serialized, not awaited);
- a thrown error (or rejection) is read by data descriptors only: its ``name`` and ``message`` (a string;
  no getter or ``toString`` runs), and its ``stack`` only while ``Error.prepareStackTrace`` — looked up on the
  kept ``Error`` along its unchanged prototype chain — is absent, not a function, or what the pristine script
  saw. Otherwise V8 would call the page's function with the error on the first read of ``stack`` and use its
  text, so ``stack`` is not read and the stack is :data:`STACK_WITHHELD`;
- the **serializer** (:mod:`app.webview.evaluate_js`) uses the built-ins as they were before the page's
  first script: a main-world ``DocumentCreation`` script (:func:`pristine_script`) keeps them, frozen, in
  another global lexical binding (:data:`HOLDER`); it writes the JSON text itself with ``+``, calls them
  through the kept ``Reflect.apply`` and reads values by their own property descriptors, so no value reaches
  a ``JSON.stringify``, ``Object.keys``, ``Array``/``String`` method, prototype getter or setter or
  ``Symbol.hasInstance`` the page put in place (where that script did not run — a document the page wrote
  into before it, such as a popup's first ``about:blank`` — the page's built-ins are used);
- the host accepts exactly one answer per call, carrying that token (anything else is ``EVALUATE_FAILED``,
  never a value) and re-checks every bound (:func:`bounded`).

**The honest limit:** the agent's code runs in the page's world by design. What that code does is done with
the page's built-ins and objects: a page that replaced a built-in or put a getter on a prototype before the
call sees what the agent's code hands it and can change what it computes, as it can change anything else the
agent reads there. That includes the engine's Promise machinery inside the agent's code: an ``await`` or
``.then`` the agent writes (``await fetch(…)`` hands the Response to a page whose ``Promise.prototype``
``constructor`` or ``then`` it replaced), a ``Promise.resolve`` or ``fetch`` the page replaced (called with
the value), and a Promise the agent's code resolves with an *object* (an ``async`` function returning
``{…}``, ``resolve([…])``): the engine looks for that object's ``then``, so a ``then`` getter or function
the page put on ``Object.prototype``/``Array.prototype`` sees it. A Promise the agent froze cannot take the
own ``constructor`` and is chained with the page's ``constructor`` in place. The engine's resolve inside
the agent's code (an ``async`` function returning a ``Map``) looks up a ``then`` on any prototype the page
hooked. An error the agent's code throws is seen by whatever page code it passes through (a hooked built-in,
the page's ``Error.prepareStackTrace`` if the agent's code reads ``stack``). What pagenote adds after the
agent's code returns — the settling, serializing and answering — hands the page nothing. The answer *channel* — the poll
function, the serializer and the envelope — is not reachable from the page. A value that must not be seen by
the page is read another way (snapshot, extract).

Serialization (limits of the agent browser requirements, :data:`LIMITS`): depth 8, arrays 2,000 items,
objects 200 fields, strings 200,000 characters, and 1,000,000 characters of output in all. Values JSON cannot
carry become readable markers (strings in brackets): ``[Circular]``, ``[undefined]``, ``[NaN]``,
``[Infinity]``, ``[-Infinity]``, ``[BigInt 12n]``, ``[Symbol(desc)]``, ``[Function name]``, ``[Element
button#id.cls]``, ``[Text "…"]``, ``[Document]``, ``[Window]``; a ``Map`` is ``{"[Map]": [[key, value], …]}``,
a ``Set`` ``{"[Set]": [...]}``; a ``Date`` its ISO string, an ``Error`` ``{"[Error]": "Name: message"}``.
Anything cut says so: a string ends in ``…[cut: N chars]``, an array's last item is ``"[… N more items]"``, an
object's last field is ``"…": "N more fields"``, a value below the depth limit is ``[Object]`` / ``[Array(n)]``
and the answer has ``truncated: true``. A thrown error (or rejection) is ``EVALUATE_FAILED`` with its message
(at most 2,000 characters) and stack (at most 4,000), redacted by the caller.
"""

from __future__ import annotations

import asyncio
import json
import re
import secrets
from dataclasses import dataclass
from typing import Any

from PySide6.QtWebEngineCore import QWebEngineScript

from app.core.errors import PagenoteError
from app.webview.bridge import FrameGone, PageBridge, PageCallTimeout
from app.webview.evaluate_js import CAPTURE, SERIALIZER, WRAPPER

#: The page's own world (where the page's scripts run).
MAIN_WORLD = QWebEngineScript.ScriptWorldId.MainWorld
#: Serialization limits: nesting depth, array items, object fields, string characters, output characters.
LIMITS = {"depth": 8, "items": 2_000, "fields": 200, "chars": 200_000, "total": 1_000_000}
#: An error's message and stack, in characters.
MESSAGE_CHARS, STACK_CHARS = 2_000, 4_000
#: Longest answer string the host parses (characters); the page-side budget keeps honest answers far below.
ANSWER_CHARS = 4_000_000

#: The stack of a thrown error when the page replaced ``Error.prepareStackTrace`` (module docstring).
STACK_WITHHELD = "stack withheld: the page replaced Error.prepareStackTrace"

_POLL = '__BINDING__("__TOKEN__")'


_PLACEHOLDER = re.compile(r"__(SERIALIZER|TOKEN|ARGS|BINDING|SOURCE)__")
#: The name of the global lexical binding that holds the pristine built-ins in every main-world document (one
#: per process; :func:`pristine_script`). The page cannot list global lexical bindings, so it cannot find it.
HOLDER = "__pn_b_" + secrets.token_hex(16)
PRISTINE_SCRIPT_NAME = "pagenote-evaluate"


def pristine_script() -> QWebEngineScript:
    """The main-world ``DocumentCreation`` script (main frame) that keeps the page's built-ins as they were before
    any page script ran, frozen, in the global lexical binding :data:`HOLDER`, for the serializer and the
    wrapper's settling of a Promise (:mod:`app.webview.evaluate_js`). Inserted once per profile (:class:`app.webview.lease.Lease`)."""
    script = QWebEngineScript()
    script.setName(PRISTINE_SCRIPT_NAME)
    script.setSourceCode(f"const {HOLDER} = ({CAPTURE})();")
    script.setWorldId(MAIN_WORLD)
    script.setInjectionPoint(QWebEngineScript.InjectionPoint.DocumentCreation)
    script.setRunsOnSubFrames(False)
    return script


def _serializer() -> str:
    return (SERIALIZER.replace("__LIMITS__", json.dumps(LIMITS)).replace("__HOLDER__", HOLDER)
            .replace("__CAPTURE__", CAPTURE).replace("__MESSAGE__", str(MESSAGE_CHARS))
            .replace("__STACK__", str(STACK_CHARS)))


#: The wrapper's line where the agent's source starts (1-based): its stack frames are numbered from it.
SOURCE_LINE = WRAPPER[:WRAPPER.index("__SOURCE__")].count("\n") + _serializer().count("\n") + 1


def wrapper_source(source: str, token: str, binding: str, selector: str | None = None) -> str:
    """The main-world wrapper for the agent's ``source`` (an expression; a function is called — with the
    element ``selector`` names, when given), answering with ``token``; a pending Promise's answer is kept
    behind the global lexical binding ``binding`` (module docstring)."""
    serializer = _serializer()
    args = "() => []" if selector is None else (
        f"() => {{ const el = document.querySelector({json.dumps(selector)}); return el ? [el] : null; }}")
    # One pass: an inserted value (the agent's source, a selector made from the page's ids) is never scanned
    # for the other placeholders.
    values = {"SERIALIZER": serializer, "TOKEN": token, "ARGS": args, "BINDING": binding, "SOURCE": source}
    return _PLACEHOLDER.sub(lambda m: values[m.group(1)], WRAPPER)


def poll_source(binding: str, token: str) -> str:
    """The poll script for a pending call: its poll function (the global lexical ``binding``) called with
    the call's ``token``. Where the binding does not exist (another document) the script throws and Qt
    answers nothing (``FrameGone``)."""
    return _POLL.replace("__BINDING__", binding).replace("__TOKEN__", token)


def syntax_check_source(source: str) -> str:
    """An isolated-world script that parses (never runs) ``source`` as the wrapper will: answers ``""`` or the
    ``SyntaxError`` message. Parsing in pagenote's world uses the pristine ``Function`` constructor. Where the
    page's Content Security Policy forbids it there too (Chromium applies the main world's CSP to an isolated
    world that has none of its own: ``EvalError``), the check answers ``""`` and a syntax error shows as a
    wrapper that did not run (:func:`evaluate`)."""
    return ("(() => { try { new Function(" + json.dumps("return (\n" + source + "\n);") + "); return ''; }"
            " catch (e) { return e instanceof SyntaxError ? String(e.message) : ''; } })()")


@dataclass(frozen=True)
class Evaluated:
    """A settled evaluate: the JSON ``value`` (markers and cuts per the module docstring) and whether anything
    was cut (``truncated``)."""

    value: Any
    truncated: bool


def bounded(value: Any, depth: int = 0) -> tuple[Any, bool]:
    """The host's second boundary: ``value`` (parsed JSON from the page) with the :data:`LIMITS` applied
    again, and whether this pass cut anything. Depth counts containers; a container below the limit (+1 for
    the page's markers) becomes ``"[Object]"``."""
    if isinstance(value, str):
        if len(value) > LIMITS["chars"] + 40:
            return value[:LIMITS["chars"]] + f"…[cut: {len(value) - LIMITS['chars']} chars]", True
        return value, False
    if isinstance(value, (list, dict)) and depth > LIMITS["depth"] + 1:
        return "[Object]", True
    if isinstance(value, list):
        items, cut = [], len(value) > LIMITS["items"] + 1
        for item in value[:LIMITS["items"] + 1]:
            item, c = bounded(item, depth + 1)
            items.append(item)
            cut = cut or c
        return items, cut
    if isinstance(value, dict):
        out, cut = {}, len(value) > LIMITS["fields"] + 1
        for key in list(value)[:LIMITS["fields"] + 1]:
            out[str(key)[:LIMITS["chars"]]], c = bounded(value[key], depth + 1)
            cut = cut or c
        return out, cut
    return value, False


_FRAME = re.compile(r"<anonymous>:(\d+):(\d+)")


def clean_stack(stack: str, source: str) -> str:
    """The agent's view of a thrown error's ``stack``: the first line (the message, already said) and the
    frames of pagenote's wrapper dropped, the agent's own frames numbered from its source's first line
    (``<anonymous>:N:15`` → ``<evaluated>:1:15``; the source starts on the wrapper's line
    :data:`SOURCE_LINE`); the page's frames (its scripts' URLs) kept."""
    first, last = SOURCE_LINE, SOURCE_LINE - 1 + source.count("\n") + 1
    kept = []
    for line in stack.splitlines()[1:]:
        m = _FRAME.search(line)
        if m is None:
            kept.append(line)
        elif first <= int(m.group(1)) <= last:
            kept.append(line[:m.start()] + f"<evaluated>:{int(m.group(1)) - first + 1}:{m.group(2)}"
                        + line[m.end():])
    return "\n".join(kept)


class EvaluateFailed(PagenoteError):
    """The agent's code threw, or its Promise rejected: ``name``, ``message``, ``stack`` (unredacted: the
    caller redacts before anyone sees them; :data:`STACK_WITHHELD` when the page replaced
    ``Error.prepareStackTrace``)."""

    def __init__(self, name: str, message: str, stack: str) -> None:
        super().__init__("EVALUATE_FAILED", f"{name + ': ' if name else ''}{message}")
        self.error_name, self.error_message, self.stack = name, message, stack


def _answer(raw: Any, token: str) -> dict:
    """The page's answer parsed and its token checked: ``{"wait": 1}``, ``{"gone": 1}`` or the body
    (``{"v": …, "truncated": …}`` / ``{"error": {…}}``). Raises ``FrameGone`` (no answer: the document went
    away) and ``EVALUATE_FAILED`` (not an answer of this call)."""
    if raw is None or raw == "":
        raise FrameGone("evaluate")
    if not isinstance(raw, str) or len(raw) > ANSWER_CHARS:
        raise PagenoteError("EVALUATE_FAILED", "the page's answer is not pagenote's (wrong type or too long)",
                            "the page interferes with evaluate; read the value another way (snapshot)")
    try:
        answer = json.loads(raw)
    except ValueError:
        answer = None
    if not isinstance(answer, dict) or answer.get("t") != token or not (
            {"wait", "gone"} & answer.keys() or isinstance(answer.get("b"), dict)):
        raise PagenoteError("EVALUATE_FAILED", "the answer did not carry this call's token: the page replaced "
                            "pagenote's result channel", "the page interferes with evaluate; read the value "
                            "another way (snapshot)")
    return answer["b"] if "b" in answer else answer


async def evaluate(bridge: PageBridge, source: str, timeout_ms: int, selector: str | None = None) -> Evaluated:
    """Run the agent's JavaScript ``source`` in the main world of ``bridge``'s page and return its settled,
    bounded value (module docstring). ``timeout_ms`` bounds the whole call (≥ 1). With ``selector`` (a CSS
    selector that names one element of the top document) a function gets that element as its argument, found
    again in the page's world (``document.querySelector``); not found is :class:`EvaluateFailed` with
    ``error_name`` ``RefNotFound``.

    Raises :class:`EvaluateFailed` (threw, rejected, or a syntax error), ``EVALUATE_FAILED`` (the answer is
    not this call's), ``EVALUATE_TIMEOUT`` (not settled in time, or the page's script is still running),
    ``FRAME_GONE`` (the document was replaced during the call)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout_ms / 1000
    token, binding = secrets.token_hex(16), "__pn_" + secrets.token_hex(16)

    async def run(script: str) -> dict:
        left = int((deadline - loop.time()) * 1000)
        if left <= 0:
            raise PageCallTimeout("evaluate", timeout_ms)
        return _answer(await bridge.run(script, world=MAIN_WORLD, timeout_ms=left, what="evaluate"), token)

    try:
        problem = await bridge.run(syntax_check_source(source), timeout_ms=timeout_ms, what="evaluate")
        if problem:
            raise EvaluateFailed("SyntaxError", str(problem)[:MESSAGE_CHARS], "")
        try:
            answer = await run(wrapper_source(source, token, binding, selector))
        except FrameGone:
            # No completion value: the wrapper did not parse (a syntax error the CSP-blocked check could not
            # see), or the document went away before it ran.
            raise PagenoteError("EVALUATE_FAILED", "the code did not run: a syntax error, or the page was "
                                "replaced at that moment") from None
        delay = 0.005
        while answer.get("wait"):
            await asyncio.sleep(min(delay, max(deadline - loop.time(), 0)))
            delay = min(delay * 2, 0.1)
            answer = await run(poll_source(binding, token))
    except PageCallTimeout:
        raise PagenoteError("EVALUATE_TIMEOUT", f"the code did not finish within {timeout_ms} ms") from None
    if answer.get("gone"):
        raise FrameGone("evaluate")
    if "error" in answer:
        error = answer["error"] if isinstance(answer["error"], dict) else {}
        stack = STACK_WITHHELD if error.get("withheld") else clean_stack(str(error.get("stack", ""))[:STACK_CHARS],
                                                                         source)
        raise EvaluateFailed(str(error.get("name", ""))[:100], str(error.get("message", ""))[:MESSAGE_CHARS], stack)
    value, cut = bounded(answer.get("v"))
    return Evaluated(value, bool(answer.get("truncated")) or cut)
