"""The script pagenote runs in the DevTools frontend's main world (``devtools://devtools/bundled/inspector.html``,
the page Qt loads for ``QWebEnginePage.setDevToolsPage``) — never in the inspected page.

It taps the frontend's two ends of the protocol (Chromium's ``devtools_compatibility.js``: the embedder calls
``DevToolsAPI.dispatchMessage(message)`` / ``DevToolsAPI.dispatchMessageChunk(chunk, totalSize)`` for every
reply and event, and the frontend sends with ``InspectorFrontendHost.sendMessageToBackend(json)``):

* replies to pagenote's own ids (≥ :data:`FIRST_ID`) go to the host only — the frontend never sees them;
* events whose method the host subscribed to go to the host *and* the frontend;
* everything reaches the host as one console message ``"<token>:<json>"`` on the frontend page
  (``QWebEnginePage.javaScriptConsoleMessage``), ``token`` a random per-session secret, so the frontend's own
  console lines cannot be taken for protocol messages;
* "quiet" (the user has not opened F12): after each of the frontend's ``Debugger.enable`` (the page's and each
  child target's — out-of-process frames, workers — by ``sessionId``) the script sends
  ``Debugger.setSkipAllPauses({skip: true})`` to the same target; a frontend ``setSkipAllPauses`` is rewritten
  to skip; a navigation resets the skip (``Runtime.executionContextsCleared``: sent again); a
  ``Debugger.paused`` that still arrives (a statement reached before the skip did) is answered with
  ``Debugger.resume`` and the skip again, and hidden from the frontend with its ``Debugger.resumed``. The page
  never stays paused: a target the user paused in F12 is resumed when F12 closes (quiet again).

In the light frontend (:mod:`app.webview.cdp_front`: the page stopped before the DevTools UI loads) these two
ends are all there is: nothing is forwarded to a UI, and no Debugger is enabled to pause.

Chunked messages are put back together here (``totalSize`` comes with the first chunk only; CDP's JSON is
ASCII — Chromium escapes the rest — so string length equals byte size) and handed on whole.

Installed at ``DocumentCreation``, where ``DevToolsAPI`` / ``InspectorFrontendHost`` exist already on Qt 6.12
(``devtools_compatibility.js`` runs when the window object is cleared); should a later version create them
afterwards, the script traps their assignment on ``window``, and the frontend page runs it again (a no-op when
done) after load in case they are defined another way.
"""

from __future__ import annotations

import json

#: The event the tap always hands to the host (the session re-announces ``attached`` on it).
RELOADED_AFTER_CRASH = "Inspector.targetReloadedAfterCrash"

#: pagenote's CDP ids start here; the frontend numbers its own from 1 (CDP ids are int32).
FIRST_ID = 1_000_000_000

_SOURCE = r"""
(() => {
  const S = window.__pagenoteCdp || (window.__pagenoteCdp = {
    token: TOKEN, subscribed: new Set(), quiet: true, api: null, host: null, chunk: null, size: 0, next: 0,
    light: LIGHT,
  });
  const post = (text) => console.debug(S.token + ':' + text);
  const ours = (id) => id >= FIRST_ID;
  const send = (message) => S.host.__pnSend(JSON.stringify(message));
  const own = (method, params, sessionId) => {
    const message = {id: FIRST_ID - 1 - (S.next++ % 1000), method, params};
    if (sessionId) message.sessionId = sessionId;
    send(message);
  };
  S.debuggers = new Set([undefined]);  // the targets whose Debugger the frontend enabled (undefined: the page)
  S.hidden = new Set();  // targets whose pause the tap resumed unseen (their Debugger.resumed is hidden too)
  S.paused = new Set();  // targets paused while the user debugs in F12
  S.skip = (skip) => {
    for (const sessionId of S.debuggers) own('Debugger.setSkipAllPauses', {skip}, sessionId);
    if (skip) for (const sessionId of S.paused) own('Debugger.resume', {}, sessionId);
    if (skip && S.paused.has(undefined)) post('{"pagenote":"user-resumed"}');
    if (skip) S.paused.clear();
  };
  // CDP puts a child target's "sessionId" last: {"method":…,"params":{…},"sessionId":"…"}.
  const sessionOf = (message) => {
    const m = /"sessionId":"([^"]+)"\}$/.exec(message.slice(-100));
    return m ? m[1] : undefined;
  };
  const incoming = (message, forward) => {
    const head = message.slice(0, 160);
    const idMatch = /^\{"id":(\d+)/.exec(head);
    if (idMatch) {
      const id = Number(idMatch[1]);
      if (ours(id)) { post(message); return; }
      if (id >= FIRST_ID - 1000) return;  // our own Debugger.setSkipAllPauses / resume replies
      forward(message);
      return;
    }
    const m = /"method":"([A-Za-z]+\.[A-Za-z]+)"/.exec(head);
    const method = m ? m[1] : '';
    if (method === 'Debugger.paused') {
      const sessionId = sessionOf(message);
      if (S.quiet) {
        S.hidden.add(sessionId);
        own('Debugger.resume', {}, sessionId);
        own('Debugger.setSkipAllPauses', {skip: true}, sessionId);
        post('{"pagenote":"paused-resumed"}');
        return;
      }
      S.paused.add(sessionId);  // the user debugs: resumed when F12 closes (quiet again)
      if (sessionId === undefined) post('{"pagenote":"user-paused"}');  // the page's own target
    }
    if (method === 'Debugger.resumed') {
      const sessionId = sessionOf(message);
      if (S.hidden.delete(sessionId)) return;  // the resume of a pause the frontend never saw
      if (S.paused.delete(sessionId) && sessionId === undefined) post('{"pagenote":"user-resumed"}');
    }
    if (method === 'Target.detachedFromTarget') {  // a child target went: forget its Debugger
      const gone = /"params":\{"sessionId":"([^"]+)"/.exec(head);
      if (gone) for (const set of [S.debuggers, S.paused, S.hidden]) set.delete(gone[1]);
    }
    if (S.quiet && method === 'Runtime.executionContextsCleared') {
      // A navigation resets the skip (seen on Qt 6.12 / Chromium 140: a reload paused again): set it again.
      const sessionId = sessionOf(message);
      if (S.debuggers.has(sessionId)) own('Debugger.setSkipAllPauses', {skip: true}, sessionId);
    }
    if (S.subscribed.has(method) || S.subscribed.has('*') || method === RELOADED) post(message);
    forward(message);
  };
  const wrapApi = (api) => {
    if (!api || api.__pnWrapped) return;
    // The light frontend has no UI to hand messages to (devtools_compatibility would throw on them).
    const dispatch = S.light ? () => {} : api.dispatchMessage.bind(api);
    api.dispatchMessage = (message) => incoming(message, dispatch);
    api.dispatchMessageChunk = (chunk, size) => {
      if (Number(size)) { S.chunk = []; S.size = Number(size); S.got = 0; }
      if (!S.chunk) return;
      S.chunk.push(chunk); S.got += chunk.length;
      if (S.got >= S.size) { const whole = S.chunk.join(''); S.chunk = null; incoming(whole, dispatch); }
    };
    api.__pnWrapped = true;
    S.api = api;
  };
  const wrapHost = (host) => {
    if (!host || host.__pnSend) return;
    const raw = host.sendMessageToBackend.bind(host);
    host.__pnSend = raw;
    host.sendMessageToBackend = (text) => {
      if (S.quiet && text.includes('"Debugger.setSkipAllPauses"')) {
        const message = JSON.parse(text);
        message.params = {skip: true};
        text = JSON.stringify(message);
      }
      raw(text);
      if (text.includes('"Debugger.enable"')) {
        const sessionId = JSON.parse(text).sessionId;
        S.debuggers.add(sessionId);
        if (S.quiet) own('Debugger.setSkipAllPauses', {skip: true}, sessionId);
      }
    };
    S.host = host;
    // No UI enables Inspector in the light frontend: its targetReloadedAfterCrash tells the host to re-apply.
    if (S.light) own('Inspector.enable', {});
  };
  const trap = (name, wrap) => {
    if (window[name]) { wrap(window[name]); return; }
    let value;
    Object.defineProperty(window, name, {configurable: true, enumerable: true,
      get: () => value, set: (v) => { value = v; wrap(v); }});
  };
  trap('DevToolsAPI', wrapApi);
  trap('InspectorFrontendHost', wrapHost);
  const ready = !!(S.api && S.host);
  if (ready && !S.announced) { S.announced = true; post('{"pagenote":"ready"}'); }
  return ready;
})()
"""


def install_script(token: str, light: bool = False) -> str:
    """The frontend-side tap as JavaScript source for ``token`` (the per-session secret prefix of every
    console line meant for the host); ``light``: the frontend has no UI (:mod:`app.webview.cdp_front`), so
    nothing is forwarded to one and the tap enables ``Inspector`` itself. Idempotent: running it again
    re-wraps nothing."""
    return (_SOURCE.replace("TOKEN", json.dumps(token)).replace("LIGHT", "true" if light else "false")
            .replace("FIRST_ID", str(FIRST_ID)).replace("RELOADED", json.dumps(RELOADED_AFTER_CRASH)))


def send_call(message: dict) -> str:
    """JavaScript that sends one CDP ``message`` (``{"id", "method", "params"}``) to the backend, bypassing
    the frontend's rewrite; evaluates to ``true`` when sent, ``false`` when the tap is not installed yet."""
    text = json.dumps(json.dumps(message, separators=(",", ":")))
    return (f"(() => {{ const S = window.__pagenoteCdp; if (!S || !S.host) return false; "
            f"S.host.__pnSend({text}); return true; }})()")


def subscribe_call(methods: list[str]) -> str:
    """JavaScript that makes the tap forward exactly the events named in ``methods`` (``"*"``: all)."""
    return f"(() => {{ const S = window.__pagenoteCdp; if (S) S.subscribed = new Set({json.dumps(methods)}); }})()"


def quiet_call(quiet: bool) -> str:
    """JavaScript that turns "never pause" on (``quiet``: the user has no F12 window open) or off (the user
    debugs: the frontend's own breakpoint setting applies again)."""
    flag = "true" if quiet else "false"
    return (f"(() => {{ const S = window.__pagenoteCdp; if (!S) return; S.quiet = {flag}; "
            f"if (S.host) S.skip({flag}); }})()")
