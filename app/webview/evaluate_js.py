"""The page-side JavaScript of :mod:`app.webview.evaluate`: the built-ins it serializes with, captured before
the page's scripts run (:data:`CAPTURE`), the serializer (:data:`SERIALIZER`) and the wrapper
(:data:`WRAPPER`). Placeholders (``__NAME__``) are filled in by :func:`app.webview.evaluate.wrapper_source`.

The serializer writes JSON text itself, with ``+`` and the captured built-ins called through the captured
``Reflect.apply``: it hands no value to a function, and sets no property, the page could have replaced or
defined (``JSON.stringify``, ``Object.keys``, ``Array.prototype.push``, ``String.prototype.slice``, a setter
on ``Object.prototype``, ``Symbol.hasInstance`` on ``Date`` …). Values are read by their own property
descriptors: a getter the page put on a prototype is never run with the agent's value as ``this``. The wrapper
settles a returned Promise with the kept ``Promise.prototype.then``, never with ``await`` (the page's
``constructor`` getter or ``then``; :mod:`app.webview.evaluate`).
"""

#: A function returning the frozen record of pristine built-ins. Run at ``DocumentCreation`` in the main world
#: (:func:`app.webview.evaluate.pristine_script`), before any page script; run again in the wrapper only where
#: that script did not (the page's built-ins then).
CAPTURE = r"""(() => {
  "use strict";
  const O = Object, own = O.getOwnPropertyDescriptor;
  const getter = (proto, k) => { const d = proto ? own(proto, k) : undefined; return d ? d.get : undefined; };
  const N = typeof Node === "function" ? Node.prototype : null, E = typeof Element === "function" ? Element.prototype : null;
  const C = typeof CharacterData === "function" ? CharacterData.prototype : null;
  return O.freeze({__proto__: null,
    apply: Reflect.apply, own, getProto: O.getPrototypeOf, keys: O.keys, hasOwn: O.prototype.hasOwnProperty,
    isProto: O.prototype.isPrototypeOf, isArray: Array.isArray, isView: ArrayBuffer.isView, quote: JSON.stringify,
    slice: String.prototype.slice, lower: String.prototype.toLowerCase, symbolText: Symbol.prototype.toString,
    getTime: Date.prototype.getTime, iso: Date.prototype.toISOString, DateP: Date.prototype, ErrorP: Error.prototype,
    MapP: Map.prototype, SetP: Set.prototype, mapEach: Map.prototype.forEach, setEach: Set.prototype.forEach,
    mapSize: getter(Map.prototype, "size"), setSize: getter(Set.prototype, "size"),
    taLength: getter(O.getPrototypeOf(Uint8Array.prototype), "length"),
    NodeP: N, WindowP: typeof Window === "function" ? Window.prototype : null,
    nodeType: getter(N, "nodeType"), nodeName: getter(N, "nodeName"), localName: getter(E, "localName"),
    id: getter(E, "id"), className: getter(E, "className"), data: getter(C, "data"),
    then: Promise.prototype.then, PromiseP: Promise.prototype, ObjectP: O.prototype, FunctionP: Function.prototype,
    ArrayP: Array.prototype, define: Reflect.defineProperty, drop: Reflect.deleteProperty,
    Error, prepare: own(Error, "prepareStackTrace"),
  });
})"""

SERIALIZER = r"""
const L = __LIMITS__;
const B = typeof __HOLDER__ !== "undefined" ? __HOLDER__ : (__CAPTURE__)();
const call = B.apply;
const q = (s) => call(B.quote, null, [s]);
const cut = (s, n) => s.length <= n ? s : call(B.slice, s, [0, n]);
const has = (o, k) => call(B.hasOwn, o, [k]);
const isA = (proto, v) => proto !== null && call(B.isProto, proto, [v]);
const text = (x) => { try { return typeof x === "symbol" ? call(B.symbolText, x, []) : "" + x; } catch (e) { return "(unreadable)"; } };
// An own property's value (the agent's own getter runs; nothing on a prototype does).
const ownValue = (o, k) => {
  const d = call(B.own, null, [o, k]);
  if (d === undefined) return undefined;
  if (has(d, "value")) return d.value;
  return typeof d.get === "function" ? call(d.get, o, []) : undefined;
};
// A property along the prototype chain, read by descriptors: a getter found on the way is not run.
const dataValue = (o, k) => {
  for (let p = o, n = 0; p !== null && n < 64; p = call(B.getProto, null, [p]), n++) {
    const d = call(B.own, null, [p, k]);
    if (d !== undefined) return has(d, "value") ? d.value : undefined;
  }
  return undefined;
};
const prop = (o, k) => has(o, k) ? ownValue(o, k) : dataValue(o, k);
let budget = L.total, truncated = false;
const cutStr = (s) => {
  const room = budget < 0 ? 0 : (budget < L.chars ? budget : L.chars);
  if (s.length <= room) { budget -= s.length; return s; }
  truncated = true; budget -= room;
  return call(B.slice, s, [0, room]) + "…[cut: " + (s.length - room) + " chars]";
};
const str = (s) => q(cutStr(s));
const getOr = (f, n, dflt) => { try { return f ? call(f, n, []) : dflt; } catch (e) { return dflt; } };
const classes = (s) => {
  let out = "", word = "", n = 0;
  for (let i = 0; i <= s.length && n < 3; i++) {
    const ch = i < s.length ? s[i] : " ";
    if (ch === " " || ch === "\t" || ch === "\n" || ch === "\r" || ch === "\f") {
      if (word) { out += (n ? "." : "") + word; n++; word = ""; }
    } else word += ch;
  }
  return out;
};
const nodeName = (n) => {
  const type = getOr(B.nodeType, n, 0);
  if (type === 1) {
    let d = call(B.lower, text(getOr(B.localName, n, "") || getOr(B.nodeName, n, "")), []);
    const id = getOr(B.id, n, "");
    if (id) d += "#" + cut(text(id), 80);
    const c = classes(text(getOr(B.className, n, "")));
    if (c) d += "." + cut(c, 80);
    return "[Element " + d + "]";
  }
  if (type === 3) return "[Text " + q(cut(text(getOr(B.data, n, "")), 80)) + "]";
  if (type === 9) return "[Document]";
  return "[Node " + cut(text(getOr(B.nodeName, n, "")), 40) + "]";
};
const field = (o, k, depth, up) => {
  try { return emit(ownValue(o, k), depth + 1, up); }
  catch (e) { return q("[Exception while reading: " + cut(e !== null && typeof e === "object" ? plain(dataValue(e, "message")) : text(e), 200) + "]"); }
};
const emit = (v, depth, stack) => {
  if (budget <= 0) { truncated = true; return q("[cut: output budget]"); }
  switch (typeof v) {
    case "string": return str(v);
    case "number": return v === v && v !== Infinity && v !== -Infinity ? "" + v : q(v !== v ? "[NaN]" : (v > 0 ? "[Infinity]" : "[-Infinity]"));
    case "boolean": return v ? "true" : "false";
    case "undefined": return q("[undefined]");
    case "bigint": return str("[BigInt " + v + "n]");
    case "symbol": return str("[" + call(B.symbolText, v, []) + "]");
    case "function": { const n = dataValue(v, "name"); return str("[Function " + (typeof n === "string" && n ? n : "anonymous") + "]"); }
  }
  if (v === null) return "null";
  if (isA(B.NodeP, v)) return str(nodeName(v));
  if (isA(B.WindowP, v)) return q("[Window]");
  for (let s = stack; s !== null; s = s.up) if (s.v === v) return q("[Circular]");
  if (isA(B.DateP, v)) {
    const t = getOr(B.getTime, v, NaN);
    return t === t ? q(call(B.iso, v, [])) : q("[Invalid Date]");
  }
  if (isA(B.ErrorP, v)) return "{" + q("[Error]") + ":" + str(text(prop(v, "name")) + ": " + text(prop(v, "message"))) + "}";
  const isArray = call(B.isArray, null, [v]), isMap = isA(B.MapP, v), isSet = !isMap && isA(B.SetP, v);
  if (depth >= L.depth) {
    truncated = true;
    return q(isArray ? "[Array(" + v.length + ")]" : isMap ? "[Map]" : isSet ? "[Set]" : "[Object]");
  }
  const up = {__proto__: null, v, up: stack};
  if (isMap || isSet) {
    let out = "", n = 0;
    const size = getOr(isMap ? B.mapSize : B.setSize, v, 0);
    try {
      call(isMap ? B.mapEach : B.setEach, v, [(value, key) => {
        if (n++ >= L.items) return;
        out += (out ? "," : "") + (isMap ? "[" + emit(key, depth + 2, up) + "," + emit(value, depth + 2, up) + "]"
                                         : emit(value, depth + 1, up));
      }]);
    } catch (e) {}
    if (n > L.items) { truncated = true; out += "," + q("[… " + (size - L.items) + " more items]"); }
    return "{" + q(isMap ? "[Map]" : "[Set]") + ":[" + out + "]}";
  }
  const view = !isArray && call(B.isView, null, [v]);
  if (isArray || view) {
    const len = isArray ? v.length : getOr(B.taLength, v, 0), n = len < L.items ? len : L.items;
    let out = "";
    for (let i = 0; i < n; i++) { out += (i ? "," : "") + (view ? emit(v[i], depth + 1, up) : field(v, i, depth, up)); budget -= 1; }
    if (len > L.items) { truncated = true; out += (out ? "," : "") + q("[… " + (len - L.items) + " more items]"); }
    return "[" + out + "]";
  }
  const keys = call(B.keys, null, [v]), count = keys.length, n = count < L.fields ? count : L.fields;
  let out = "";
  for (let i = 0; i < n; i++) {
    const k = keys[i];
    budget -= k.length + 1;
    const item = field(v, k, depth, up);
    out += (i ? "," : "") + str(k) + ":" + item;
  }
  if (count > L.fields) { truncated = true; out += (out ? "," : "") + q("…") + ":" + q((count - L.fields) + " more fields"); }
  return "{" + out + "}";
};
// A primitive's text; an object (whose toString or Symbol.toPrimitive may be the page's) is not converted.
const plain = (x) => x !== null && (typeof x === "object" || typeof x === "function") ? "(not a string)" : text(x);
// Whether V8 formats a stack with its own formatter: the `Error.prepareStackTrace` it looks up on the kept
// %Error% (V8 reads it there, whatever the page made the global `Error`), along a chain the page did not change,
// is absent, not a function, or the one the pristine script saw (normally absent); a getter counts as the page's.
// V8 calls the page's function, with the error, on the first read of `stack` — so then `stack` is never read.
const stackIsEngines = () => {
  if (call(B.getProto, null, [B.Error]) !== B.FunctionP || call(B.getProto, null, [B.FunctionP]) !== B.ObjectP) return false;
  const kept = B.prepare !== undefined && has(B.prepare, "value") ? B.prepare.value : undefined;
  for (const o of [B.Error, B.FunctionP, B.ObjectP]) {
    const d = call(B.own, null, [o, "prepareStackTrace"]);
    if (d === undefined) continue;
    return has(d, "value") && (typeof d.value !== "function" || d.value === kept);
  }
  return true;
};
// A thrown error as {name, message, stack}: name and message read by data descriptors only (no getter, no
// toString of the page's runs), the stack only when the engine formats it; else "withheld".
const errorOf = (e) => {
  let name = "", message, stackText = "", withheld = false;
  try {
    if (e !== null && typeof e === "object" && (isA(B.ErrorP, e) || dataValue(e, "message") !== undefined)) {
      message = plain(dataValue(e, "message")); name = plain(dataValue(e, "name") || "");
      if (stackIsEngines()) stackText = text(prop(e, "stack") || ""); else withheld = true;
    } else { message = typeof e === "string" ? e : emit(e, 0, null); }
  } catch (x) { message = "(an error that could not be read)"; }
  return "{\"name\":" + q(cut(name, 100)) + ",\"message\":" + q(cut(message, __MESSAGE__)) + ",\"stack\":" +
    q(cut(stackText, __STACK__)) + (withheld ? ",\"withheld\":true" : "") + "}";
};
"""

# The wrapper is a classic script at the top level of the page's world. Its one global lexical binding
# (``const __BINDING__``, not a property of window: nothing enumerates the global lexical scope) holds the
# call's poll function; the token is a literal in argument position, outside every function's source text.
WRAPPER = r"""const __BINDING__ = ((T, args, user) => {
"use strict";
__SERIALIZER__
const answer = (ok, v) => {
  let body;
  try {
    body = ok ? "{\"v\":" + emit(v, 0, null) + ",\"truncated\":" + (truncated ? "true" : "false") + "}"
              : "{\"error\":" + errorOf(v) + "}";
  } catch (e) {
    body = "{\"error\":{\"name\":\"\",\"message\":\"the result could not be serialized\",\"stack\":\"\"}}";
  }
  return "{\"t\":\"" + T + "\",\"b\":" + body + "}";
};
const WAIT = "{\"t\":\"" + T + "\",\"wait\":1}", TAKEN = "{\"t\":\"" + T + "\",\"gone\":1}";
let settled = null, taken = false;
const poll = (t) => {
  if (t !== T) return null;
  if (taken) return TAKEN;
  if (settled === null) return WAIT;
  const a = settled;
  settled = null; taken = true;
  return a;
};
// A thenable's `then`, by the documented rule: an own *data* `then` of a plain object (its prototype the kept
// Object.prototype, or null). An inherited `then` is never looked up — a `then` the page put on any built-in
// prototype (Map, Set, Date, Error, typed arrays …) does not make the agent's value a thenable — and no getter runs.
const thenOf = (v) => {
  if (typeof v !== "object") return undefined;
  const proto = call(B.getProto, null, [v]);
  if (proto !== null && proto !== B.ObjectP) return undefined;
  const d = call(B.own, null, [v, "then"]);
  return d !== undefined && has(d, "value") ? d.value : undefined;
};
// A Promise is chained with the kept `then`, with an own `constructor` of undefined for that call: the engine's
// SpeciesConstructor then takes %Promise% itself and reads neither the page's `constructor` nor its
// Symbol.species (a getter there would get the Promise as `this`). Not a Promise: the kept `then`'s brand check
// throws before it reads anything.
const keptThen = (v, ok, fail) => {
  const shadowed = call(B.own, null, [v, "constructor"]) === undefined &&
    call(B.define, null, [v, "constructor", {__proto__: null, value: undefined, configurable: true}]);
  try { call(B.then, v, [ok, fail]); }
  finally { if (shadowed) call(B.drop, null, [v, "constructor"]); }
};
// Settles `v` into `settled` (now, or when its Promise or thenable settles), never with `await`: `await`
// reads the Promise's `constructor` and calls the `then` the page may have put in place.
const settle = (v, n) => {
  if (v === null || (typeof v !== "object" && typeof v !== "function")) { settled = answer(true, v); return; }
  let done = false;
  const ok = (x) => { if (!done) { done = true; settle(x, n + 1); } };
  const fail = (e) => { if (!done) { done = true; settled = answer(false, e); } };
  try {
    if (n > 64) return fail({name: "TypeError", message: "thenables nested more than 64 deep"});
    if (isA(B.PromiseP, v)) return keptThen(v, ok, fail);
    const then = thenOf(v);
    if (typeof then !== "function") { settled = answer(true, v); return; }
    call(then, v, [ok, fail]);
  } catch (e) { fail(e); }
};
const run = () => {
  let value;
  try {
    const found = args();
    if (found === null) return settled = answer(false, {name: "RefNotFound", message: "the element is not found again by its selector"});
    value = user();
    if (typeof value === "function") value = found.length ? value(found[0]) : value();
  } catch (e) { return settled = answer(false, e); }
  settle(value, 0);
};
run();
user = args = null;   // the binding keeps the poll function for the document's life, not the agent's values
return poll;
})("__TOKEN__", __ARGS__, () => (
__SOURCE__
));
__BINDING__("__TOKEN__")"""
