  // -- Web Serial (spliced into hid.js's scope by app/hid/page.py: call, post, handlers, record, toHex …) -----
  const ports = new Map();     // token -> SerialPort
  const portInfo = new WeakMap();
  const portState = new WeakMap();  // {open, readable, writable, controller}
  const portOf = (info) => {
    let p = ports.get(info.token);
    if (!p) { p = new SerialPort(KEY, info); ports.set(info.token, p); }
    return p;
  };
  const logDev = (info) => ({ vendorId: info.usbVendorId, productId: info.usbProductId, productName: info.name, serialNumber: info.serialNumber });
  const PARITY = ["none", "even", "odd"], FLOW = ["none", "hardware"];

  class SerialPort extends EventTarget {
    constructor(key, info) {
      if (key !== KEY) throw illegal();
      super();
      portInfo.set(this, info);
      portState.set(this, { open: false, readable: null, writable: null, controller: null });
    }
    get connected() { return !portInfo.get(this).gone; }
    getInfo() { const i = portInfo.get(this); return i.usbVendorId ? { usbVendorId: i.usbVendorId, usbProductId: i.usbProductId } : {}; }
    get readable() {
      const st = portState.get(this);
      if (!st.open) return null;
      if (!st.readable) {
        st.readable = new ReadableStream({
          start: (c) => { st.controller = c; },
          cancel: () => { st.controller = null; st.readable = null; },
        }, { highWaterMark: st.bufferSize });
      }
      return st.readable;
    }
    get writable() {
      const st = portState.get(this), info = portInfo.get(this);
      if (!st.open) return null;
      if (!st.writable) {
        st.writable = new WritableStream({
          write: async (chunk) => {
            if (!(chunk instanceof ArrayBuffer) && !ArrayBuffer.isView(chunk)) throw new TypeError("Failed to execute 'write' on 'UnderlyingSinkBase': The provided value is not of type '(ArrayBuffer or ArrayBufferView)'.");
            const u8 = bytesOf(chunk, "write");
            const entry = record("serial", "TX", logDev(info), 0, u8);
            await call("serialWrite", { port: info.token, hex: toHex(u8), page_id: entry ? entry.id : null, label: entry && entry.op || "" });
          },
          close: () => { st.writable = null; },
          abort: () => { st.writable = null; },
        });
      }
      return st.writable;
    }
    async open(options) {
      const info = portInfo.get(this), st = portState.get(this);
      if (!options || options.baudRate === undefined) throw new TypeError("Failed to execute 'open' on 'SerialPort': required member baudRate is undefined.");
      const o = {
        baudRate: options.baudRate >>> 0, dataBits: options.dataBits === undefined ? 8 : options.dataBits,
        stopBits: options.stopBits === undefined ? 1 : options.stopBits, parity: options.parity || "none",
        bufferSize: options.bufferSize === undefined ? 255 : options.bufferSize >>> 0, flowControl: options.flowControl || "none",
      };
      if (!o.baudRate) throw new TypeError("Failed to execute 'open' on 'SerialPort': Requested baud rate must be greater than zero.");
      if (o.dataBits !== 7 && o.dataBits !== 8) throw new TypeError("Failed to execute 'open' on 'SerialPort': Requested number of data bits must be 7 or 8.");
      if (o.stopBits !== 1 && o.stopBits !== 2) throw new TypeError("Failed to execute 'open' on 'SerialPort': Requested number of stop bits must be 1 or 2.");
      if (!PARITY.includes(o.parity)) throw new TypeError("Failed to execute 'open' on 'SerialPort': The provided value '" + o.parity + "' is not a valid enum value of type ParityType.");
      if (!FLOW.includes(o.flowControl)) throw new TypeError("Failed to execute 'open' on 'SerialPort': The provided value '" + o.flowControl + "' is not a valid enum value of type FlowControlType.");
      if (!o.bufferSize) throw new TypeError("Failed to execute 'open' on 'SerialPort': Requested buffer size must be greater than zero.");
      if (o.bufferSize > 16 * 1024 * 1024) throw new TypeError("Failed to execute 'open' on 'SerialPort': Requested buffer size (" + o.bufferSize + " bytes) is greater than the maximum allowed (16777216 bytes).");
      if (st.open || st.opening) throw new DOMExc("Failed to execute 'open' on 'SerialPort': The port is already open.", "InvalidStateError");
      st.opening = true;
      try { await call("serialOpen", Object.assign({ port: info.token }, o)); } finally { st.opening = false; }
      st.open = true; st.bufferSize = o.bufferSize;
      record("serial", "EVENT", logDev(info), 0, new U8(0), { op: "open" });
    }
    async setSignals(signals) {
      const info = portInfo.get(this);
      if (!portState.get(this).open) throw new DOMExc("Failed to execute 'setSignals' on 'SerialPort': The port is closed.", "InvalidStateError");
      signals = signals || {};
      const s = {};
      for (const k of ["dataTerminalReady", "requestToSend", "break"]) if (signals[k] !== undefined) s[k] = !!signals[k];
      if (!Object.keys(s).length) throw new TypeError("Failed to execute 'setSignals' on 'SerialPort': Signals dictionary is empty.");
      await call("serialSetSignals", { port: info.token, signals: s });
    }
    async getSignals() {
      const info = portInfo.get(this);
      if (!portState.get(this).open) throw new DOMExc("Failed to execute 'getSignals' on 'SerialPort': The port is closed.", "InvalidStateError");
      return await call("serialGetSignals", { port: info.token });
    }
    async close() {
      const info = portInfo.get(this), st = portState.get(this);
      if (!st.open) throw new DOMExc("Failed to execute 'close' on 'SerialPort': The port is already closed.", "InvalidStateError");
      if ((st.readable && st.readable.locked) || (st.writable && st.writable.locked)) throw new TypeError("Failed to execute 'close' on 'SerialPort': Cannot cancel a locked stream");
      st.open = false;
      if (st.controller) { try { st.controller.close(); } catch (e) { /* already closed */ } }
      st.readable = st.writable = st.controller = null;
      await call("serialClose", { port: info.token });
      record("serial", "EVENT", logDev(info), 0, new U8(0), { op: "close" });
    }
    async forget() {
      const info = portInfo.get(this), st = portState.get(this);
      st.open = false;
      await call("serialForget", { port: info.token });
      ports.delete(info.token);
    }
  }
  handlerProp(SerialPort.prototype, "connect");
  handlerProp(SerialPort.prototype, "disconnect");

  class Serial extends EventTarget {
    constructor(key) { if (key !== KEY) throw illegal(); super(); }
    async getPorts() { return (await call("getPorts", {})).map(portOf); }
    async requestPort(options) {
      options = options || {};
      if (!activeGet.call(userActivation)) throw new DOMExc("Failed to execute 'requestPort' on 'Serial': Must be handling a user gesture to show a permission request.", "SecurityError");
      const clean = (f) => { const o = {}; if (f && f.usbVendorId != null) o.usbVendorId = f.usbVendorId & 0xffff; if (f && f.usbProductId != null) { if (o.usbVendorId == null) throw new TypeError("Failed to execute 'requestPort' on 'Serial': A filter containing a usbProductId must also specify a usbVendorId."); o.usbProductId = f.usbProductId & 0xffff; } return o; };
      const list = await call("requestPort", { filters: (options.filters || []).map(clean) });
      if (!list.length) throw new DOMExc("Failed to execute 'requestPort' on 'Serial': No port selected by the user.", "NotFoundError");
      return portOf(list[0]);
    }
  }
  handlerProp(Serial.prototype, "connect");
  handlerProp(Serial.prototype, "disconnect");
  const serial = new Serial(KEY);

  // Chrome fires connect/disconnect at the SerialPort and they bubble to navigator.serial (target: the port).
  // A page-made EventTarget has no parent, so navigator.serial gets its own event whose target reads as the port.
  const atPort = (ev, p) => Object.defineProperty(ev, "target", { value: p, configurable: true });
  handlers.sd = (m) => {
    const p = ports.get(m.port);
    if (!p) return;
    const st = portState.get(p), u8 = fromHex(m.hex);
    const entry = record("serial", "RX", logDev(portInfo.get(p)), 0, u8, m.host_id ? { host_id: m.host_id } : null);
    if (entry && entry.op && m.host_id) post({ op: "annotate", host_id: m.host_id, label: entry.op }, true);
    if (st.open && st.controller) { try { st.controller.enqueue(u8); } catch (e) { /* cancelled meanwhile */ } }
  };
  handlers.slost = (m) => {
    const p = ports.get(m.port);
    if (!p) return;
    const st = portState.get(p);
    if (st.controller) { try { st.controller.error(new DOMExc("The device has been lost.", "NetworkError")); } catch (e) { /* gone */ } }
    st.open = false; st.readable = st.writable = st.controller = null;
  };
  handlers.sconnect = (m) => {
    const old = ports.get(m.port.token);
    if (old) portInfo.get(old).gone = false;
    const p = old || portOf(m.port);
    record("serial", "EVENT", logDev(portInfo.get(p)), 0, new U8(0), { op: "connect" });
    p.dispatchEvent(new Event("connect", { bubbles: true }));
    serial.dispatchEvent(atPort(new Event("connect"), p));
  };
  handlers.sdisconnect = (m) => {
    const p = ports.get(m.port);
    if (!p) return;
    handlers.slost(m);
    portInfo.get(p).gone = true;
    record("serial", "EVENT", logDev(portInfo.get(p)), 0, new U8(0), { op: "disconnect" });
    p.dispatchEvent(new Event("disconnect", { bubbles: true }));
    serial.dispatchEvent(atPort(new Event("disconnect"), p));
  };

  define("Serial", Serial); define("SerialPort", SerialPort);
  Object.defineProperty(Navigator.prototype, "serial", { configurable: true, enumerable: true, get() { return serial; } });
