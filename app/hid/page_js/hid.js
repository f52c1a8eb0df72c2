// pagenote's WebHID for the page's main world: navigator.hid backed by the host (hidapi or a virtual
// device), and the traffic log window.__hidLog. Installed at DocumentCreation in every frame, before any page
// script, so the built-ins it keeps (console.debug, userActivation, JSON, DOMException …) are the browser's.
// The host is reached through __pagenoteDevices (pull/deliver, see app/hid/page.py); everything a page can
// do through it, it could do through navigator.hid: the host checks the frame (in its own isolated world), its
// origin, its grants and the user gesture on its own, and a decoder label (annotate) reaches only host log
// entries the host told this document of.
(() => {
  "use strict";
  if (!window.isSecureContext || Object.getOwnPropertyDescriptor(window, "__pagenoteDevices")) return;
  const OPTIONS = __OPTIONS__;
  const debug = console.debug.bind(console);
  const stringify = JSON.stringify, parse = JSON.parse;
  const DOMExc = DOMException, Prom = Promise, U8 = Uint8Array, DV = DataView, AB = ArrayBuffer;
  const activeGet = Object.getOwnPropertyDescriptor(UserActivation.prototype, "isActive").get;
  const userActivation = navigator.userActivation;
  const setTimeout_ = setTimeout.bind(window);
  const now = () => new Date().toISOString();
  const doc = crypto.randomUUID();
  const params = new URLSearchParams(location.search);
  const PAGE_DEBUG = params.get("hidDebug") === "1";

  // -- bytes --------------------------------------------------------------------------------------------------
  const HEX = [];
  for (let i = 0; i < 256; i++) HEX.push((i < 16 ? "0" : "") + i.toString(16));
  const toHex = (u8) => { let s = ""; for (let i = 0; i < u8.length; i++) s += (i ? " " : "") + HEX[u8[i]]; return s; };
  const toAscii = (u8) => { let s = ""; for (let i = 0; i < u8.length; i++) s += u8[i] >= 32 && u8[i] < 127 ? String.fromCharCode(u8[i]) : "."; return s; };
  const fromHex = (h) => { const s = h.replace(/\s+/g, ""), out = new U8(s.length / 2); for (let i = 0; i < out.length; i++) out[i] = parseInt(s.substr(i * 2, 2), 16); return out; };
  const bytesOf = (data, what) => {
    if (data instanceof AB) return new U8(data.slice(0));
    if (AB.isView(data)) return new U8(data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength));
    throw new TypeError("Failed to execute '" + what + "' on 'HIDDevice': parameter 2 is not of type '(ArrayBuffer or ArrayBufferView)'.");
  };

  // -- the traffic log (window.__hidLog) ------------------------------------------------------------------------
  // echo: one console line per entry, off unless the user or an agent turned device console echo on (the host's
  // cfg message); the lines are info-level and would otherwise crowd the page's own messages.
  const FRAME = OPTIONS.frame || 4096;
  const log = { on: PAGE_DEBUG || !!OPTIONS.log, echo: !!OPTIONS.echo, ring: OPTIONS.ring || 500, entries: [], next: 1, decoders: [] };
  function decode(entry, u8, device, hex) {
    for (const d of log.decoders) {
      if (d.vendorId != null && d.vendorId !== device.vendorId) continue;
      if (d.productId != null && d.productId !== device.productId) continue;
      try {
        const op = d.fn({ dir: entry.dir, reportId: entry.report_id, data: new DV(u8.buffer.slice(0)), bytes: u8.slice(), hex, device: entry.device });
        if (op) return String(op).slice(0, 200);
      } catch (e) { entry.decoder_error = d.name + ": " + String(e && e.message || e).slice(0, 200); }
    }
    return "";
  }
  function record(api, dir, device, reportId, u8, extra) {
    if (!log.on) return null;
    const dev = { vendorId: device.vendorId, productId: device.productId, name: device.productName };
    if (device.serialNumber) dev.serialNumber = device.serialNumber;
    // An entry keeps the first FRAME bytes as text, as the host's entry does (len keeps the true length): a ring
    // of long reports would otherwise hold 3 characters per byte of each.
    const hex = toHex(u8), kept = u8.length > FRAME ? u8.subarray(0, FRAME) : u8;
    const entry = { id: log.next++, t: now(), api, dir, device: dev, report_id: reportId, len: u8.length,
                    hex: kept === u8 ? hex : hex.slice(0, FRAME * 3 - 1), ascii: toAscii(kept) };
    if (extra) Object.assign(entry, extra);
    if (dir !== "EVENT") { const op = decode(entry, u8, device, hex); if (op) entry.op = op; }
    log.entries.push(entry);
    if (log.entries.length > log.ring) log.entries.splice(0, log.entries.length - log.ring);
    // The console line goes out after the caller's task (one console.debug per entry, in order): a console
    // message is an IPC to the browser, too slow for the page's sendReport path.
    if (!log.echo) return entry;
    lines.push(entry);
    if (lines.length === 1) queueMicrotask_(flushLines);
    return entry;
  }
  const lines = [];
  const hex4 = (n) => ("000" + ((n >>> 0) & 0xffff).toString(16)).slice(-4);
  // "Pagenote Macro Pad (1209:c0de VMP-0001)": the device a console line is about.
  const deviceName = (d) => String(d.name || "") + " (" + hex4(d.vendorId) + ":" + hex4(d.productId) + (d.serialNumber ? " " + d.serialNumber : "") + ")";
  const queueMicrotask_ = (fn) => setTimeout_(fn, 0);
  function flushLines() {
    const batch = lines.splice(0, lines.length);
    for (const e of batch) debug((e.api === "serial" ? "[Serial] [" : "[HID] [") + e.dir + "] " + deviceName(e.device) + " " + e.t + (e.api === "serial" ? "" : " reportId=0x" + HEX[e.report_id & 255]) + " len=" + e.len + (e.hex ? " " + e.hex : "") + (e.op ? " ; " + e.op : ""));
  }
  const hidLog = Object.freeze({
    dump: () => log.entries.map((e) => Object.assign({}, e)),
    export: () => log.entries.map((e) => stringify(e)).join("\n") + (log.entries.length ? "\n" : ""),
    clear: () => { const n = log.entries.length; log.entries.length = 0; return n; },
    filter: (f) => {
      f = f || {};
      return log.entries.filter((e) => (!f.dir || e.dir === String(f.dir).toUpperCase())
        && (f.since == null || (typeof f.since === "number" ? e.id > f.since : e.t > String(f.since)))
        && (!f.op || (e.op || "").includes(f.op))
        && (!f.device || (typeof f.device === "object"
          ? (f.device.vendorId == null || f.device.vendorId === e.device.vendorId) && (f.device.productId == null || f.device.productId === e.device.productId)
          : String(e.device.name).includes(String(f.device))))).map((e) => Object.assign({}, e));
    },
    registerDecoder: (name, fn, match) => {
      if (typeof fn !== "function") throw new TypeError("registerDecoder(name, fn, {vendorId?, productId?}): fn must be a function");
      match = match || {};
      log.decoders.push({ name: String(name), fn, vendorId: match.vendorId, productId: match.productId });
    },
    get enabled() { return log.on; },
    enable: (on) => { log.on = on !== false; },
    setRingSize: (n) => { log.ring = Math.max(1, Math.min(100000, n | 0)); if (log.entries.length > log.ring) log.entries.splice(0, log.entries.length - log.ring); },
  });
  Object.defineProperty(window, "__hidLog", { value: hidLog, configurable: false, enumerable: false, writable: false });

  // -- the host channel ---------------------------------------------------------------------------------------
  let outbox = [], nextCall = 1, rung = false, later = 0;
  const pending = new Map();
  const RING = OPTIONS.doorbell;
  // One doorbell per batch: rung when the first message waits, again after 500 ms if the host has not pulled.
  function ring() {
    if (rung || !outbox.length) return;
    rung = true;
    debug(RING);
    setTimeout_(() => { if (rung && outbox.length) debug(RING); }, 500);
  }
  // A call rings at once. A label (annotate, one per decoded frame: nothing waits for it) rides with the next
  // call or rings after LABEL_MS: during a flood of input reports a doorbell and a pull per frame cost the
  // renderer a console message and a script run each (about 2 KB of its memory per frame, not given back).
  const LABEL_MS = 50;
  function post(msg, label) {
    msg.doc = doc;
    outbox.push(msg);
    if (!label) ring();
    else if (!later) later = setTimeout_(() => { later = 0; ring(); }, LABEL_MS);
  }
  function call(op, args) {
    return new Prom((resolve, reject) => {
      const id = nextCall++;
      pending.set(id, { resolve, reject });
      post(Object.assign({ id, op }, args));
    });
  }
  const handlers = {};
  const channel = Object.freeze({
    pull: () => { const out = outbox; outbox = []; rung = false; return stringify({ doc, msgs: out }); },
    // The host names the document it answers: a batch for the frame's previous document (answers, input
    // reports in flight when the frame navigated) is not this one's.
    deliver: (to, json) => {
      if (to !== doc) return;
      let msgs;
      try { msgs = parse(json); } catch (e) { return; }
      for (const m of msgs) { const h = handlers[m.t]; if (h) { try { h(m); } catch (e) { /* a throwing page listener must not stop the batch */ } } }
    },
  });
  Object.defineProperty(window, "__pagenoteDevices", { value: channel, configurable: false, enumerable: false, writable: false });
  handlers.r = (m) => {
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    if (m.e) p.reject(new DOMExc(m.e[1], m.e[0])); else p.resolve(m.v);
  };
  handlers.cfg = (m) => { if (m.log && !log.on) log.on = true; if ("echo" in m) log.echo = !!m.echo; };

  // -- WebHID ----------------------------------------------------------------------------------------------------
  const devices = new Map();   // token -> HIDDevice (one object per device per document, as Chrome)
  const infoOf = new WeakMap();
  const openOf = new WeakMap();
  const deviceOf = (info) => {
    let d = devices.get(info.token);
    if (!d) { d = new HIDDevice(KEY, info); devices.set(info.token, d); }
    return d;
  };
  const KEY = {};
  const handlerProp = (proto, name) => {
    const slot = new WeakMap();
    Object.defineProperty(proto, "on" + name, {
      configurable: true, enumerable: true,
      get() { const s = slot.get(this); return s ? s.fn : null; },
      set(fn) {
        const s = slot.get(this);
        if (s) this.removeEventListener(name, s.wrap);
        if (typeof fn === "function") { const wrap = (e) => fn.call(this, e); slot.set(this, { fn, wrap }); this.addEventListener(name, wrap); } else slot.delete(this);
      },
    });
  };
  const illegal = () => new TypeError("Illegal constructor");

  class HIDInputReportEvent extends Event {
    #device; #reportId; #data;
    constructor(type, init) {
      super(type, init);
      if (!init || !(init.device instanceof HIDDevice)) throw new TypeError("Failed to construct 'HIDInputReportEvent': required member device is undefined.");
      this.#device = init.device; this.#reportId = init.reportId | 0; this.#data = init.data;
    }
    get device() { return this.#device; }
    get reportId() { return this.#reportId; }
    get data() { return this.#data; }
  }
  class HIDConnectionEvent extends Event {
    #device;
    constructor(type, init) {
      super(type, init);
      if (!init || !(init.device instanceof HIDDevice)) throw new TypeError("Failed to construct 'HIDConnectionEvent': required member device is undefined.");
      this.#device = init.device;
    }
    get device() { return this.#device; }
  }

  class HIDDevice extends EventTarget {
    constructor(key, info) {
      if (key !== KEY) throw illegal();
      super();
      infoOf.set(this, info);
      openOf.set(this, false);
    }
    get opened() { return openOf.get(this) === true; }
    get vendorId() { return infoOf.get(this).vendorId; }
    get productId() { return infoOf.get(this).productId; }
    get productName() { return infoOf.get(this).productName; }
    get collections() { return parse(stringify(infoOf.get(this).collections)); }
    async open() {
      const info = infoOf.get(this);
      if (info.gone) throw new DOMExc("Failed to execute 'open' on 'HIDDevice': The device has been disconnected.", "InvalidStateError");
      if (openOf.get(this) === true) throw new DOMExc("Failed to execute 'open' on 'HIDDevice': The device is already open.", "InvalidStateError");
      if (openOf.get(this) === "opening") throw new DOMExc("Failed to execute 'open' on 'HIDDevice': A request is already in progress.", "InvalidStateError");
      openOf.set(this, "opening");
      try { await call("open", { device: info.token, debug: PAGE_DEBUG }); openOf.set(this, true); } catch (e) { openOf.set(this, false); throw e; }
      record("hid", "EVENT", info, 0, new U8(0), { op: "open" });
    }
    async close() {
      const info = infoOf.get(this);
      if (openOf.get(this) !== true) return;
      openOf.set(this, false);
      await call("close", { device: info.token });
      record("hid", "EVENT", info, 0, new U8(0), { op: "close" });
    }
    async forget() {
      const info = infoOf.get(this);
      openOf.set(this, false);
      await call("forget", { device: info.token });
      devices.delete(info.token);
      record("hid", "EVENT", info, 0, new U8(0), { op: "forget" });
    }
    async sendReport(reportId, data) { return this.#send("sendReport", reportId, data); }
    async sendFeatureReport(reportId, data) { return this.#send("sendFeatureReport", reportId, data); }
    async #send(what, reportId, data) {
      const info = infoOf.get(this);
      if (!(data instanceof AB) && !AB.isView(data)) bytesOf(data, what);  // the TypeError, before anything
      if (openOf.get(this) !== true) throw new DOMExc("Failed to execute '" + what + "' on 'HIDDevice': The device must be opened first.", "InvalidStateError");
      const rid = reportId & 255;
      // Longer than the descriptor allows: refused at once, as Chromium's HidConnection refuses it, before the
      // bytes are copied or sent; the host gets only the length, for its log (a 10 MB report took 13 s to refuse).
      const limit = what === "sendReport" ? info.maxOutputReportSize : info.maxFeatureReportSize;
      if (typeof limit === "number" && data.byteLength > limit) {
        call(what, { device: info.token, reportId: rid, length: data.byteLength }).catch(() => {});
        throw new DOMExc("Failed to execute '" + what + "' on 'HIDDevice': Failed to write the report.", "NotAllowedError");
      }
      const u8 = bytesOf(data, what);
      const entry = record("hid", "TX", info, rid, u8, what === "sendFeatureReport" ? { kind: "feature" } : null);
      await call(what, { device: info.token, reportId: rid, hex: toHex(u8), page_id: entry ? entry.id : null, label: entry && entry.op || "" });
    }
    async receiveFeatureReport(reportId) {
      const info = infoOf.get(this);
      if (openOf.get(this) !== true) throw new DOMExc("Failed to execute 'receiveFeatureReport' on 'HIDDevice': The device must be opened first.", "InvalidStateError");
      const rid = reportId & 255;
      const answer = await call("receiveFeatureReport", { device: info.token, reportId: rid });
      const u8 = fromHex(answer.hex);
      const entry = record("hid", "RX", info, rid, u8, { kind: "feature", host_id: answer.host_id || undefined });
      if (entry && entry.op && answer.host_id) post({ op: "annotate", host_id: answer.host_id, label: entry.op }, true);
      return new DV(u8.buffer);
    }
  }
  handlerProp(HIDDevice.prototype, "inputreport");

  class HID extends EventTarget {
    constructor(key) { if (key !== KEY) throw illegal(); super(); }
    async getDevices() {
      const list = await call("getDevices", {});
      return list.map(deviceOf);
    }
    async requestDevice(options) {
      if (!options || !Array.isArray(options.filters)) throw new TypeError("Failed to execute 'requestDevice' on 'HID': required member filters is undefined.");
      if (!activeGet.call(userActivation)) throw new DOMExc("Failed to execute 'requestDevice' on 'HID': Must be handling a user gesture to show a permission request.", "SecurityError");
      const clean = (f) => { const o = {}; for (const k of ["vendorId", "productId", "usagePage", "usage"]) if (f && f[k] != null) o[k] = f[k] & 0xffff; return o; };
      const list = await call("requestDevice", { filters: options.filters.map(clean), exclusionFilters: (options.exclusionFilters || []).map(clean) });
      return list.map(deviceOf);
    }
  }
  handlerProp(HID.prototype, "connect");
  handlerProp(HID.prototype, "disconnect");
  const hid = new HID(KEY);

  handlers.in = (m) => {
    const d = devices.get(m.device);
    if (!d || openOf.get(d) !== true) return;
    const info = infoOf.get(d), u8 = fromHex(m.hex);
    const entry = record("hid", "RX", info, m.reportId, u8, m.host_id ? { host_id: m.host_id } : null);
    if (entry && entry.op && m.host_id) post({ op: "annotate", host_id: m.host_id, label: entry.op }, true);
    d.dispatchEvent(new HIDInputReportEvent("inputreport", { device: d, reportId: m.reportId, data: new DV(u8.buffer) }));
  };
  handlers.connect = (m) => {
    const old = devices.get(m.device.token);
    if (old) infoOf.get(old).gone = false;
    const d = old || deviceOf(m.device);
    record("hid", "EVENT", infoOf.get(d), 0, new U8(0), { op: "connect" });
    hid.dispatchEvent(new HIDConnectionEvent("connect", { device: d }));
  };
  handlers.disconnect = (m) => {
    const d = devices.get(m.device);
    if (!d) return;
    openOf.set(d, false);
    infoOf.get(d).gone = true;
    devices.delete(m.device);
    record("hid", "EVENT", infoOf.get(d), 0, new U8(0), { op: "disconnect" });
    hid.dispatchEvent(new HIDConnectionEvent("disconnect", { device: d }));
  };
  handlers.closed = (m) => { const d = devices.get(m.device); if (d) openOf.set(d, false); };

  const define = (name, value) => Object.defineProperty(window, name, { value, configurable: true, writable: true, enumerable: false });
  define("HID", HID); define("HIDDevice", HIDDevice); define("HIDInputReportEvent", HIDInputReportEvent); define("HIDConnectionEvent", HIDConnectionEvent);
  Object.defineProperty(Navigator.prototype, "hid", { configurable: true, enumerable: true, get() { return hid; } });
  // __SERIAL__ (app/hid/page_js/serial.js is spliced in here: it shares this scope)
})();
