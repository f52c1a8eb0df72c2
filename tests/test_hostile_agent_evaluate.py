"""The page cannot read the agent's evaluate answer (security review, "the page cannot steer the agent", item 7;
requirement 9a).

``hostile_evaluate.html`` replaces, before pagenote's first call, every built-in a result channel could be
found, defined or called with (``Object.defineProperty``/``keys``/…, ``Reflect.*``, ``Function.prototype.call``
/``apply``/``bind``, ``Promise.prototype.then``, ``String``/``Array`` methods — each also reads its ``caller``'s
source), tries to put a Proxy at the root of window's prototype chain (a setter and getter for every name; Chromium refuses it), and while the
agent's calls run enumerates window's own properties and calls every function it reaches, with no arguments,
with guessed 128-bit tokens and with every string it has seen. Whatever any of that returns is in
``window.loot``: the agent's answer is never there, and the agent still gets it.
"""

from __future__ import annotations

import re

import pytest

from app.agent.host import TabsHost
from app.agent.methods import Methods

SECRET = "SECRET-40321"
#: The agent builds its answer with operators only, so no page function is ever handed it on the way.
BUILD = '"SE" + "CRET-" + (40000 + 321)'


@pytest.fixture
def call(window, server):
    window.load_page(server.url("hostile_evaluate.html"))
    methods = Methods(TabsHost(window.app), window.app.hub)
    return lambda method, **params: window.run(methods.call(method, params), timeout=60_000)


def _loot(js) -> list[str]:
    return js("window.loot.map(String)")


def test_the_page_never_reads_an_awaited_answer(call, js):
    scans = js("window.scans")
    result = call("evaluate", expression=f"async () => {{ await window.pause(400); return {BUILD}; }}")
    assert result["value"] == SECRET
    assert js("window.scans") > scans      # the page was enumerating and calling while the answer waited
    assert not [item for item in _loot(js) if SECRET in item]
    # A second call after the page has seen the first one's traffic: still nothing.
    result = call("evaluate", expression=f"async () => {{ for (let i = 0; i < 3; i++) await window.pause(50); "
                                         f"return {BUILD}; }}")
    assert result["value"] == SECRET
    assert not [item for item in _loot(js) if SECRET in item]


def test_the_page_never_reads_an_immediate_answer(call, js):
    assert call("evaluate", expression=f"() => {BUILD}")["value"] == SECRET
    assert call("evaluate", expression=BUILD)["value"] == SECRET
    assert not [item for item in _loot(js) if SECRET in item]


def test_the_page_never_reads_what_the_serializer_handles(call, js):
    """The page replaced JSON.stringify, Object.keys, Array and String methods, put getters and setters for the
    fields' names on Object.prototype and Array.prototype and a Symbol.hasInstance on Date and Error: the
    serializer uses the built-ins as they were before the page's scripts ran and reads by descriptors."""
    from app.webview.evaluate import HOLDER

    assert js(f"typeof {HOLDER}") == "object"     # kept at DocumentCreation, before the page's scripts
    expression = (f"() => ({{secret: {BUILD}, list: [{BUILD}, 1, , 3], nested: {{deep: {BUILD}}}, "
                  f"when: new Date(0), failure: new RangeError({BUILD}), long: ({BUILD}) + 'x'.repeat(300000)}})")
    value = call("evaluate", expression=expression)["value"]
    assert value["secret"] == SECRET and value["list"] == [SECRET, 1, "[undefined]", 3]
    assert value["nested"] == {"deep": SECRET} and value["when"] == "1970-01-01T00:00:00.000Z"
    assert value["failure"] == {"[Error]": f"RangeError: {SECRET}"} and value["long"].startswith(SECRET + "xxx")
    error = call_error(call, f"async () => {{ await window.pause(50); throw new TypeError({BUILD}); }}")
    assert error.name == "EVALUATE_FAILED" and SECRET in error.message
    assert not [item for item in _loot(js) if SECRET in item]


def call_error(call, expression: str):
    from app.core.errors import PagenoteError

    with pytest.raises(PagenoteError) as caught:
        call("evaluate", expression=expression)
    return caught.value


def test_no_channel_is_left_on_window_and_no_token_is_handed_to_the_page(call, js):
    names = js("Object.getOwnPropertyNames(window)")
    call("evaluate", expression="async () => { await window.pause(300); return 1; }")
    assert set(js("Object.getOwnPropertyNames(window)")) - set(names) == set()
    # No string the page saw (arguments of its replaced built-ins, names its Proxy was asked for, caller
    # sources) holds a 32-hex-digit token or a pagenote channel name.
    seen = js("window.seenStrings.concat(window.loot.map(String))")
    assert not [s for s in seen if "__pn_" in s]
    guessed = set(js("window.guessed")) | {"0" * 32}
    assert not [s for s in seen if set(re.findall(r"[0-9a-f]{32}", s)) - guessed]


def test_through_the_mcp_sdk_client_the_page_never_reads_the_answer(server):
    """The agent as the target: ``browser_evaluate`` through the MCP SDK client on ``pagenote serve``."""
    import anyio

    from app.agent.client import AgentClient
    from test_mcp import text_of, with_client
    from test_mcp_browser import _serve

    gen = _serve(server.url("hostile_evaluate.html"))
    app = next(gen)
    try:
        async def body(c):
            return (await c.call_tool("browser_evaluate", {"function": f"async () => {{ await window.pause(300); "
                                                                       f"return {BUILD}; }}"}),
                    await c.call_tool("browser_evaluate", {"function": f"() => ({{secret: {BUILD}}})"}))

        awaited, immediate = with_client(app.socket, body)
        assert SECRET in text_of(awaited) and SECRET in text_of(immediate)

        async def loot() -> int:
            async with AgentClient(app.socket) as c:
                expression = f"window.loot.filter((s) => s.includes({BUILD})).length"
                return (await c.call("evaluate", {"expression": expression}))["value"]

        assert anyio.run(loot) == 0
    finally:
        gen.close()


@pytest.fixture
def call_promise(window, server):
    window.load_page(server.url("hostile_promise.html"))
    methods = Methods(TabsHost(window.app), window.app.hub)
    return lambda method, **params: window.run(methods.call(method, params), timeout=60_000)


def test_the_page_never_reads_what_an_async_evaluate_settles_with(call_promise, js, server):
    """Security review N4: ``hostile_promise.html`` made ``Promise.prototype.constructor`` a getter (an ``await``
    then wraps the agent's Promise and calls the page's ``then``), replaced ``then``, ``Promise[Symbol.species]``,
    put a ``then`` getter on ``Object.prototype`` and a ``then`` function on ``Array.prototype``. The wrapper
    settles the agent's Promise with the ``then`` kept before the page's scripts, so none of them sees it."""
    assert js("window.hooked") is True
    call = call_promise
    assert call("evaluate", expression="async () => 'SECRETANSWER1'")["value"] == "SECRETANSWER1"
    assert call("evaluate", expression="() => Promise.resolve('SECRETANSWER2')")["value"] == "SECRETANSWER2"
    assert call("evaluate", expression="() => ({k: 'SECRETANSWER3'})")["value"] == {"k": "SECRETANSWER3"}
    assert call("evaluate", expression="() => ['SECRETANSWER4']")["value"] == ["SECRETANSWER4"]
    # Settled later (a timer), with a primitive: the engine's resolve looks for a `then` on an object it is
    # resolved with (the page's getter sees that object — the limit in app.webview.evaluate's docstring).
    assert call("evaluate", expression="() => new Promise((r) => setTimeout(r, 50, 'SECRETANSWER5'))"
                )["value"] == "SECRETANSWER5"
    error = call_error(call_promise, "() => Promise.reject(new Error('SECRETANSWER6'))")
    assert error.name == "EVALUATE_FAILED" and "SECRETANSWER6" in error.message
    assert not [item for item in _loot(js) if "SECRETANSWER" in item]
    # The agent's Promise is left as it was: no own property of pagenote's stays on it.
    assert call("evaluate", expression="() => { const p = Promise.resolve(1); window.kept = p; return p; }"
                )["value"] == 1
    assert js("Object.getOwnPropertyNames(window.kept)") == []


def test_an_agent_thenable_of_its_own_is_still_awaited(call_promise, js):
    """A thenable the agent made (its own ``then``) is settled through it, as ``await`` would."""
    result = call_promise("evaluate", expression="() => ({then(r) { r('SECRETANSWER7'); }})")
    assert result["value"] == "SECRETANSWER7"
    assert not [item for item in _loot(js) if "SECRETANSWER" in item]


def test_through_the_mcp_sdk_client_an_async_answer_is_not_the_pages(server):
    """Security review N4 with the agent as the target: ``browser_evaluate`` of an async function and of a
    ``Promise.resolve`` through the MCP SDK client on ``pagenote serve``, on ``hostile_promise.html``."""
    import anyio

    from app.agent.client import AgentClient
    from test_mcp import text_of, with_client
    from test_mcp_browser import _serve

    gen = _serve(server.url("hostile_promise.html"))
    app = next(gen)
    try:
        async def body(c):
            return (await c.call_tool("browser_evaluate", {"function": "async () => 'SECRETANSWER1'"}),
                    await c.call_tool("browser_evaluate", {"function": "() => Promise.resolve('SECRETANSWER2')"}))

        first, second = with_client(app.socket, body)
        assert "SECRETANSWER1" in text_of(first) and "SECRETANSWER2" in text_of(second)

        async def loot() -> int:
            async with AgentClient(app.socket) as c:
                expression = "window.loot.filter((s) => s.includes('SECRET' + 'ANSWER')).length"
                return (await c.call("evaluate", {"expression": expression}))["value"]

        assert anyio.run(loot) == 0
    finally:
        gen.close()


@pytest.fixture
def call_builtins(window, server):
    window.load_page(server.url("hostile_evaluate_builtins.html"))
    methods = Methods(TabsHost(window.app), window.app.hub)
    return lambda method, **params: window.run(methods.call(method, params), timeout=60_000)


def test_a_then_on_a_built_in_prototype_neither_forges_nor_reads_the_answer(call_builtins, js):
    """Security review: ``hostile_evaluate_builtins.html`` put a ``then`` function on ``Map``, ``Set``, ``Date``,
    ``Error`` and ``Uint8Array.prototype``. Only a real Promise, or a plain object with an own data ``then``, is
    settled; an inherited ``then`` is never looked up, so the value is serialized as it is."""
    assert js("window.hooked") is True
    call = call_builtins
    assert call("evaluate", expression="() => new Map([['k', 'SECRETMAP1']])")["value"] == {
        "[Map]": [["k", "SECRETMAP1"]]}
    assert call("evaluate", expression="() => new Set(['SECRETSET2'])")["value"] == {"[Set]": ["SECRETSET2"]}
    assert call("evaluate", expression="() => new Date(86400000)")["value"] == "1970-01-02T00:00:00.000Z"
    assert call("evaluate", expression="() => new Error('SECRETERR3')")["value"] == {"[Error]": "Error: SECRETERR3"}
    assert call("evaluate", expression="() => new Uint8Array([7, 7, 7])")["value"] == [7, 7, 7]
    # Not covered: an `async` function returning the Map — the engine's own resolve looks up the Map's `then`
    # inside the agent's code (the limit in app.webview.evaluate's docstring).
    loot = _loot(js)
    assert not [item for item in loot if "SECRET" in item or "86400000" in item or "7,7,7" in item]


def test_an_inherited_then_of_the_agent_is_not_settled(call_builtins):
    """The documented rule: a thenable is settled only through its own data ``then``; an instance of the agent's
    class whose ``then`` is on the class's prototype is serialized as an object, not awaited."""
    result = call_builtins("evaluate", expression="() => { class T { then(r) { r('awaited'); } } "
                                                  "const t = new T(); t.k = 1; return t; }")
    assert result["value"] == {"k": 1}


def test_a_replaced_prepare_stack_trace_sees_no_agent_error(call_builtins, js):
    """Security review: the page set ``Error.prepareStackTrace``, which V8 calls with the error on the first
    read of its ``stack`` and whose answer becomes the stack. The stack is withheld (never read), the message is
    the error's own, and the page's function is never called."""
    from app.core.errors import PagenoteError

    for expression in ("() => { throw new Error('SECRETERR9') }",
                       "async () => { await null; throw new Error('SECRETERR9') }",
                       "() => Promise.reject(new TypeError('SECRETERR9'))"):
        with pytest.raises(PagenoteError) as caught:
            call_builtins("evaluate", expression=expression)
        error = caught.value
        assert error.name == "EVALUATE_FAILED" and "SECRETERR9" in error.message
        assert "FORGED" not in error.message and "SYSTEM" not in error.message
        assert "stack withheld" in error.message
    # The same function as a getter on Function.prototype (V8 finds it through Error's prototype chain).
    js("delete Error.prepareStackTrace; Object.defineProperty(Function.prototype, 'prepareStackTrace', "
       "{configurable: true, get() { window.loot.push('getter'); return (e) => (window.loot.push(e.message), 'x'); }}); true")
    with pytest.raises(PagenoteError) as caught:
        call_builtins("evaluate", expression="() => { throw new Error('SECRETERR9') }")
    assert "SECRETERR9" in caught.value.message and "stack withheld" in caught.value.message
    assert _loot(js) == []
    # Put back as it was: the stack is the engine's again, numbered in the agent's source.
    js("delete Function.prototype.prepareStackTrace; Error.prepareStackTrace = undefined; true")
    with pytest.raises(PagenoteError) as caught:
        call_builtins("evaluate", expression="() => { throw new Error('SECRETERR9') }")
    assert "<evaluated>:1:" in caught.value.message and "withheld" not in caught.value.message


def test_through_the_mcp_sdk_client_a_built_in_then_and_stack_hook_get_nothing(server):
    """The two findings above with the agent as the target: ``browser_evaluate`` through the MCP SDK client on
    ``pagenote serve``, on ``hostile_evaluate_builtins.html``."""
    import anyio

    from app.agent.client import AgentClient
    from test_mcp import text_of, with_client
    from test_mcp_browser import _serve

    gen = _serve(server.url("hostile_evaluate_builtins.html"))
    app = next(gen)
    try:
        async def body(c):
            return (await c.call_tool("browser_evaluate", {"function": "() => new Map([['k', 'SECRETMAP1']])"}),
                    await c.call_tool("browser_evaluate", {"function": "() => { throw new Error('SECRETERR9') }"}))

        mapped, thrown = with_client(app.socket, body)
        assert "SECRETMAP1" in text_of(mapped) and "FORGED" not in text_of(mapped)
        assert "SECRETERR9" in text_of(thrown) and "stack withheld" in text_of(thrown)
        assert "FORGED" not in text_of(thrown) and "SYSTEM" not in text_of(thrown)

        async def loot() -> int:
            async with AgentClient(app.socket) as c:
                return (await c.call("evaluate", {"expression": "window.loot.length"}))["value"]

        assert anyio.run(loot) == 0
    finally:
        gen.close()
