// @ts-check
// Runs inside every isolate, before the customer's module, as a plain script
// (V8 compiles it in the isolate; our build never sees it). It evaluates to
// `install`, which the worker calls once with its host callbacks (log, ctx
// read, timer, the synchronous web-API call of web.ts, fetch) and limits, and
// gets back `attach` and `run`. Everything customer code can reach is made
// here: the web APIs (URL, TextEncoder, crypto, Request/Response/Headers,
// fetch...), console, timers, and ctx. The host callbacks stay in this
// closure; customer code never sees them.
//
// The intrinsics used below are captured before customer code runs, so a
// module that replaces JSON.stringify or Array.prototype.map changes its own
// behaviour only; the worker checks the shape of whatever comes back anyway.
//
// Checked by tsc with JSDoc types (prelude.tsconfig.json: the language alone,
// no Node and no DOM, as in an isolate); the types are comments, so V8 runs
// exactly the code it ran before.
/**
 * @typedef {{ value?: any, error?: { name: string, message: string } }} HostAnswer What web.ts answers a synchronous call with.
 * @typedef {{ apply(receiver: undefined, args: unknown[], options: object): Promise<any> }} HostReference A host function, as isolated-vm hands it in.
 * @typedef {{ timers: number, responseBytes: number, responseHeaders: number, responseHeaderBytes: number, reads: number }} Limits
 * @typedef {string | Uint8Array | null} BodyValue A body as Request and Response keep it.
 * @typedef {{ body: BodyValue, type?: string }} GivenBody
 * @typedef {{ status: number, headers: [string, string][], body: string }} Wire An answer as it crosses to the worker.
 * @typedef {{ name: string, message: string, stack?: string }} ErrorData
 * @typedef {{ status?: number, code?: string, title?: string, detail?: string, errors?: unknown[] }} Problem
 */
(/**
 * @param {(level: string, message: string, cut?: boolean) => void} hostLog
 * @param {HostReference} hostRead ctx reads: (resource, op, args as JSON) to the answer as JSON
 * @param {HostReference} hostTimer resolves after ms on the worker's clock
 * @param {Record<string, Record<string, readonly string[]>>} engineTable the reads ctx.engines offers (reads.ts)
 * @param {(op: string, ...args: unknown[]) => HostAnswer} hostCall the synchronous web-API call (web.ts)
 * @param {HostReference} hostFetch outbound HTTP (fetch.ts)
 * @param {Limits} limits
 */
function install(hostLog, hostRead, hostTimer, engineTable, hostCall, hostFetch, limits) {
  "use strict";
  const { stringify, parse } = JSON;
  const { freeze, entries, keys, defineProperty } = Object;
  const StringOf = String;
  const NumberOf = Number;
  const isArray = Array.isArray;
  const MapCtor = Map;
  const WeakMapCtor = WeakMap;
  const PromiseCtor = Promise;
  const ErrorCtor = Error;
  const TypeErrorCtor = TypeError;
  const RangeErrorCtor = RangeError;
  const Uint8ArrayCtor = Uint8Array;
  const ArrayBufferCtor = ArrayBuffer;
  const isView = ArrayBuffer.isView;
  /** @type {typeof Symbol.iterator} */
  const iteratorOf = Symbol.iterator;
  const apply = Reflect.apply;
  const MAX_LINES = 100;
  const MAX_LINE = 2000;

  let lines = 0;
  /** @type {Record<string, any> | null} The module's default export (attach); customer code decides its shape. */
  let handlers = null;

  /**
   * A synchronous call into the worker (Node's own URL, TextEncoder, crypto...): its answer, or the error it names.
   * @param {string} op
   * @param {...unknown} args
   * @returns {any}
   */
  function host(op, ...args) {
    const answer = hostCall(op, ...args);
    if (answer && answer.error) {
      const { name, message } = answer.error;
      if (name === "TypeError") throw new TypeErrorCtor(message);
      if (name === "RangeError") throw new RangeErrorCtor(message);
      throw new DOMException(message, name);
    }
    return answer.value;
  }

  /** @param {unknown} value */
  function show(value) {
    if (typeof value === "string") return value;
    if (value instanceof ErrorCtor) return value.stack || `${value.name}: ${value.message}`;
    try {
      const text = stringify(value);
      return text === undefined ? StringOf(value) : text;
    } catch {
      return StringOf(value);
    }
  }

  /** @param {string} level */
  function logger(level) {
    return (/** @type {unknown[]} */ ...args) => {
      lines++;
      if (lines > MAX_LINES) {
        if (lines === MAX_LINES + 1) hostLog("truncated", "");
        return;
      }
      let text = "";
      for (let i = 0; i < args.length && text.length <= MAX_LINE; i++) text += (i > 0 ? " " : "") + show(args[i]);
      hostLog(level, text.length > MAX_LINE ? text.slice(0, MAX_LINE) : text, text.length > MAX_LINE);
    };
  }
  const console = freeze({ log: logger("log"), info: logger("info"), warn: logger("warn"), error: logger("error"), debug: logger("debug") });

  class DOMException extends ErrorCtor {
    /** @param {string} [message] @param {string} [name] */
    constructor(message = "", name = "Error") {
      super(message);
      defineProperty(this, "name", { value: StringOf(name), writable: true, configurable: true, enumerable: false });
    }
  }

  // Timers resolve on the worker's clock; those still pending when an invocation ends never fire.
  // At most limits.timers wait at once per invocation: each one is a timer in the worker.
  let nextTimer = 1;
  let pendingTimers = 0;
  /** @type {Map<number, boolean>} */
  const cancelled = new MapCtor();
  /** @param {number} id @param {unknown} ms @param {() => void} fire */
  function schedule(id, ms, fire) {
    if (pendingTimers >= limits.timers) throw new RangeErrorCtor(`too many timers: at most ${limits.timers} may be pending in one invocation`);
    pendingTimers++;
    // A timer still pending when its invocation ends is dropped by the worker: its promise is abandoned, never fired.
    hostTimer.apply(undefined, [Math.max(0, NumberOf(ms) || 0)], { result: { promise: true } }).then(
      () => {
        pendingTimers--;
        fire();
      },
      () => {},
    );
  }
  /** @param {Function} callback @param {unknown} [ms] @param {...unknown} args */
  function setTimeout(callback, ms = 0, ...args) {
    if (typeof callback !== "function") throw new TypeErrorCtor("setTimeout: the callback must be a function");
    const id = nextTimer++;
    cancelled.set(id, false);
    schedule(id, ms, () => {
      const stop = cancelled.get(id);
      cancelled.delete(id);
      if (!stop) apply(callback, undefined, args);
    });
    return id;
  }
  /** @param {Function} callback @param {unknown} [ms] @param {...unknown} args */
  function setInterval(callback, ms = 0, ...args) {
    if (typeof callback !== "function") throw new TypeErrorCtor("setInterval: the callback must be a function");
    const id = nextTimer++;
    cancelled.set(id, false);
    const tick = () => {
      if (cancelled.get(id)) return void cancelled.delete(id);
      apply(callback, undefined, args);
      if (!cancelled.get(id)) schedule(id, ms, tick);
      else cancelled.delete(id);
    };
    schedule(id, ms, tick);
    return id;
  }
  /** @param {number} id */
  function clearTimeout(id) {
    if (cancelled.has(id)) cancelled.set(id, true);
  }
  /** @param {() => void} callback */
  function queueMicrotask(callback) {
    if (typeof callback !== "function") throw new TypeErrorCtor("queueMicrotask: the callback must be a function");
    PromiseCtor.resolve().then(() => callback());
  }

  // ---- bytes and text ----

  /**
   * A BufferSource as a Uint8Array over the same memory.
   * @param {unknown} source
   * @param {string} [what]
   */
  function bytesOf(source, what) {
    if (source instanceof ArrayBufferCtor) return new Uint8ArrayCtor(source);
    if (isView(source)) return new Uint8ArrayCtor(source.buffer, source.byteOffset, source.byteLength);
    throw new TypeErrorCtor(`${what} must be an ArrayBuffer, a typed array or a DataView`);
  }
  /**
   * A copy in a fresh ArrayBuffer (what Web Crypto answers with).
   * @param {Uint8Array} bytes
   */
  function bufferOf(bytes) {
    const copy = new Uint8ArrayCtor(bytes.length);
    copy.set(bytes);
    return copy.buffer;
  }

  class TextEncoder {
    get encoding() {
      return "utf-8";
    }
    /** @param {unknown} [input] @returns {Uint8Array} */
    encode(input = "") {
      return host("text.encode", StringOf(input));
    }
    /** @param {unknown} input @param {Uint8Array} destination */
    encodeInto(input, destination) {
      if (!(destination instanceof Uint8ArrayCtor)) throw new TypeErrorCtor("encodeInto: the destination must be a Uint8Array");
      const [read, written, bytes] = host("text.encodeInto", StringOf(input), destination.length);
      destination.set(bytes);
      return { read, written };
    }
  }

  class TextDecoder {
    #encoding;
    #fatal;
    #ignoreBOM;
    /** @param {unknown} [label] @param {{ fatal?: boolean, ignoreBOM?: boolean }} [options] */
    constructor(label = "utf-8", options = {}) {
      this.#fatal = Boolean(options.fatal);
      this.#ignoreBOM = Boolean(options.ignoreBOM);
      this.#encoding = host("text.encoding", StringOf(label));
    }
    get encoding() {
      return this.#encoding;
    }
    get fatal() {
      return this.#fatal;
    }
    get ignoreBOM() {
      return this.#ignoreBOM;
    }
    /** @param {unknown} [input] @returns {string} */
    decode(input) {
      if (input === undefined) return "";
      return host("text.decode", bytesOf(input, "decode: the input"), this.#encoding, this.#fatal, this.#ignoreBOM);
    }
  }

  const atob = (/** @type {unknown} */ data) => host("atob", StringOf(data));
  const btoa = (/** @type {unknown} */ data) => host("btoa", StringOf(data));
  const structuredClone = (/** @type {unknown} */ value) => {
    try {
      return hostCall("clone", value).value;
    } catch (error) {
      throw new DOMException(StringOf(error && /** @type {Error} */ (error).message), "DataCloneError");
    }
  };

  // ---- URL and URLSearchParams: Node's WHATWG implementations in the worker, state here ----

  /** @type {(params: URLSearchParams, changed: (text: string) => void) => void} */
  let linkParams;
  /** @type {(params: URLSearchParams, search: string) => void} */
  let resetParams;
  class URLSearchParams {
    /** @type {[string, string][]} */
    #list = [];
    /** @type {((text: string) => void) | null} */
    #changed = null;
    /** @param {any} [init] */
    constructor(init = "") {
      if (init instanceof URLSearchParams) this.#list = init.#list.map(([k, v]) => [k, v]);
      else if (init && typeof init === "object") {
        const pairs = typeof init[iteratorOf] === "function" ? init : entries(init);
        for (const pair of pairs) {
          const [name, value, extra] = [...pair];
          if (pair.length !== 2 && extra === undefined && value === undefined) throw new TypeErrorCtor("URLSearchParams: each pair must have two members");
          this.#list.push([StringOf(name), StringOf(value)]);
        }
      } else {
        const text = StringOf(init);
        this.#list = host("qs.parse", text[0] === "?" ? text.slice(1) : text);
      }
    }
    static {
      linkParams = (params, changed) => {
        params.#changed = changed;
      };
      resetParams = (params, search) => {
        params.#list = host("qs.parse", search[0] === "?" ? search.slice(1) : search);
      };
    }
    #update() {
      if (this.#changed) this.#changed(this.toString());
    }
    get size() {
      return this.#list.length;
    }
    /** @param {unknown} name @param {unknown} value */
    append(name, value) {
      this.#list.push([StringOf(name), StringOf(value)]);
      this.#update();
    }
    /** @param {unknown} name @param {unknown} [value] */
    delete(name, value) {
      const n = StringOf(name);
      this.#list = this.#list.filter(([k, v]) => k !== n || (value !== undefined && v !== StringOf(value)));
      this.#update();
    }
    /** @param {unknown} name */
    get(name) {
      const n = StringOf(name);
      const found = this.#list.find(([k]) => k === n);
      return found ? found[1] : null;
    }
    /** @param {unknown} name */
    getAll(name) {
      const n = StringOf(name);
      return this.#list.filter(([k]) => k === n).map(([, v]) => v);
    }
    /** @param {unknown} name @param {unknown} [value] */
    has(name, value) {
      const n = StringOf(name);
      return this.#list.some(([k, v]) => k === n && (value === undefined || v === StringOf(value)));
    }
    /** @param {unknown} name @param {unknown} value */
    set(name, value) {
      const n = StringOf(name);
      const i = this.#list.findIndex(([k]) => k === n);
      if (i < 0) this.#list.push([n, StringOf(value)]);
      else {
        this.#list[i] = [n, StringOf(value)];
        this.#list = this.#list.filter(([k], j) => k !== n || j === i);
      }
      this.#update();
    }
    sort() {
      // Stable, by UTF-16 code units, as the standard says.
      this.#list = this.#list.map((pair, i) => /** @type {[[string, string], number]} */ ([pair, i])).sort(([a, i], [b, j]) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : i - j)).map(([pair]) => pair);
      this.#update();
    }
    /** @param {Function} callback @param {unknown} [thisArg] */
    forEach(callback, thisArg) {
      for (const [k, v] of this.#list) apply(callback, thisArg, [v, k, this]);
    }
    *entries() {
      for (const [k, v] of this.#list) yield [k, v];
    }
    *keys() {
      for (const [k] of this.#list) yield k;
    }
    *values() {
      for (const [, v] of this.#list) yield v;
    }
    [iteratorOf]() {
      return this.entries();
    }
    /** @returns {string} */
    toString() {
      return host("qs.serialize", this.#list);
    }
  }

  const URL_PARTS = ["protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash"];
  /** @typedef {Record<string, string>} UrlParts What url.parse answers: href, origin and the URL_PARTS. */
  class URL {
    /** @type {UrlParts} */
    #parts;
    /** @type {URLSearchParams | null} */
    #params = null;
    /** @param {unknown} url @param {unknown} [base] */
    constructor(url, base) {
      this.#parts = host("url.parse", StringOf(url), base === undefined ? undefined : StringOf(base));
    }
    /** @param {unknown} url @param {unknown} [base] @returns {boolean} */
    static canParse(url, base) {
      return host("url.canParse", StringOf(url), base === undefined ? undefined : StringOf(base));
    }
    /** @param {unknown} url @param {unknown} [base] */
    static parse(url, base) {
      try {
        return new URL(url, base);
      } catch {
        return null;
      }
    }
    static {
      for (const part of [...URL_PARTS, "href"]) {
        defineProperty(URL.prototype, part, {
          /** @this {URL} */
          get() {
            return this.#parts[part];
          },
          /** @this {URL} @param {unknown} value */
          set(value) {
            this.#parts = host("url.set", this.#parts.href, part, StringOf(value));
            if (this.#params && (part === "href" || part === "search")) resetParams(this.#params, this.#parts.search);
          },
          enumerable: true,
          configurable: true,
        });
      }
    }
    /** @returns {string} */
    get origin() {
      return this.#parts.origin;
    }
    get searchParams() {
      if (!this.#params) {
        this.#params = new URLSearchParams(this.#parts.search);
        linkParams(this.#params, (/** @type {string} */ text) => {
          this.#parts = host("url.set", this.#parts.href, "search", text);
        });
      }
      return this.#params;
    }
    toString() {
      return this.#parts.href;
    }
    toJSON() {
      return this.#parts.href;
    }
  }

  // ---- crypto: Node's implementations in the worker; keys stay in this closure ----

  /** @type {Record<string, number>} Block sizes in bytes: a generated key's default length. */
  const HASHES = { "SHA-1": 64, "SHA-256": 64, "SHA-384": 128, "SHA-512": 128 };
  /** @param {unknown} algorithm */
  function hashName(algorithm) {
    const name = StringOf(typeof algorithm === "object" && algorithm !== null ? /** @type {{ name?: unknown }} */ (algorithm).name : algorithm).toUpperCase();
    if (!Object.hasOwn(HASHES, name)) throw new DOMException(`${name} is not supported (SHA-1, SHA-256, SHA-384, SHA-512 are)`, "NotSupportedError");
    return name;
  }
  /** @param {unknown} algorithm */
  function algorithmName(algorithm) {
    return StringOf(typeof algorithm === "object" && algorithm !== null ? /** @type {{ name?: unknown }} */ (algorithm).name : algorithm).toUpperCase();
  }
  /** @type {WeakMap<object, Uint8Array>} */
  const keyBytes = new WeakMapCtor();
  /**
   * What makeKey sets on a CryptoKey (its constructor always throws).
   * @typedef {{ type: "secret", extractable: boolean, algorithm: { name: "HMAC", hash: { name: string }, length: number }, usages: readonly string[] }} KeyMembers
   */
  class CryptoKey {
    constructor() {
      throw new TypeErrorCtor("CryptoKey cannot be constructed: use crypto.subtle.importKey or generateKey");
    }
  }
  /**
   * @param {Uint8Array} bytes
   * @param {string} hash
   * @param {unknown} extractable
   * @param {Iterable<string>} usages
   * @returns {CryptoKey & KeyMembers}
   */
  function makeKey(bytes, hash, extractable, usages) {
    const key = Object.create(CryptoKey.prototype);
    for (const [name, value] of entries({ type: "secret", extractable: Boolean(extractable), algorithm: freeze({ name: "HMAC", hash: freeze({ name: hash }), length: bytes.length * 8 }), usages: freeze([...usages]) })) {
      defineProperty(key, name, { value, enumerable: true });
    }
    keyBytes.set(key, bytes);
    return freeze(key);
  }
  /** @param {CryptoKey & KeyMembers} key @param {string} usage */
  function hmacKey(key, usage) {
    const bytes = keyBytes.get(key);
    if (!bytes) throw new TypeErrorCtor("the key is not a CryptoKey");
    if (!key.usages.includes(usage)) throw new DOMException(`the key may not be used to ${usage}`, "InvalidAccessError");
    return bytes;
  }
  /**
   * Web Crypto answers with promises; errors become rejections.
   * @template T
   * @param {() => T} work
   * @returns {Promise<T>}
   */
  function later(work) {
    try {
      return PromiseCtor.resolve(work());
    } catch (error) {
      return PromiseCtor.reject(error);
    }
  }
  const subtle = freeze({
    digest: (/** @type {unknown} */ algorithm, /** @type {unknown} */ data) => later(() => bufferOf(host("crypto.digest", hashName(algorithm), bytesOf(data, "digest: the data")))),
    importKey: (/** @type {string} */ format, /** @type {any} */ keyData, /** @type {any} */ algorithm, /** @type {unknown} */ extractable, /** @type {string[]} */ usages) =>
      later(() => {
        if (algorithmName(algorithm) !== "HMAC") throw new DOMException(`${algorithmName(algorithm)} keys are not supported (HMAC keys are)`, "NotSupportedError");
        const hash = hashName(algorithm.hash);
        /** @type {Uint8Array} */
        let bytes;
        if (format === "raw") bytes = bytesOf(keyData, "importKey: the key").slice();
        else if (format === "jwk") {
          if (!keyData || keyData.kty !== "oct" || typeof keyData.k !== "string") throw new TypeErrorCtor("importKey: a JWK HMAC key has kty \"oct\" and k");
          bytes = host("base64url.decode", keyData.k);
        } else throw new DOMException(`the ${format} format is not supported (raw and jwk are)`, "NotSupportedError");
        if (bytes.length === 0) throw new DOMException("the key is empty", "DataError");
        return makeKey(bytes, hash, extractable, usages || []);
      }),
    generateKey: (/** @type {any} */ algorithm, /** @type {unknown} */ extractable, /** @type {string[]} */ usages) =>
      later(() => {
        if (algorithmName(algorithm) !== "HMAC") throw new DOMException(`generating ${algorithmName(algorithm)} keys is not supported (HMAC is)`, "NotSupportedError");
        const hash = hashName(algorithm.hash);
        const length = algorithm.length ? NumberOf(algorithm.length) / 8 : HASHES[hash];
        return makeKey(host("crypto.random", length), hash, extractable, usages || []);
      }),
    exportKey: (/** @type {string} */ format, /** @type {CryptoKey & KeyMembers} */ key) =>
      later(() => {
        const bytes = keyBytes.get(key);
        if (!bytes) throw new TypeErrorCtor("the key is not a CryptoKey");
        if (!key.extractable) throw new DOMException("the key is not extractable", "InvalidAccessError");
        if (format === "raw") return bufferOf(bytes);
        if (format === "jwk") return { kty: "oct", k: host("base64url.encode", bytes), alg: `HS${key.algorithm.hash.name.slice(4)}`, ext: true, key_ops: [...key.usages] };
        throw new DOMException(`the ${format} format is not supported (raw and jwk are)`, "NotSupportedError");
      }),
    sign: (/** @type {unknown} */ algorithm, /** @type {CryptoKey & KeyMembers} */ key, /** @type {unknown} */ data) =>
      later(() => {
        if (algorithmName(algorithm) !== "HMAC") throw new DOMException(`${algorithmName(algorithm)} is not supported (HMAC is)`, "NotSupportedError");
        return bufferOf(host("crypto.hmac", key.algorithm.hash.name, hmacKey(key, "sign"), bytesOf(data, "sign: the data")));
      }),
    verify: (/** @type {unknown} */ algorithm, /** @type {CryptoKey & KeyMembers} */ key, /** @type {unknown} */ signature, /** @type {unknown} */ data) =>
      later(() => {
        if (algorithmName(algorithm) !== "HMAC") throw new DOMException(`${algorithmName(algorithm)} is not supported (HMAC is)`, "NotSupportedError");
        return host("crypto.hmacVerify", key.algorithm.hash.name, hmacKey(key, "verify"), bytesOf(signature, "verify: the signature"), bytesOf(data, "verify: the data"));
      }),
  });
  const crypto = freeze({
    subtle,
    /**
     * @template {ArrayBufferView} T
     * @param {T} array
     * @returns {T}
     */
    getRandomValues(array) {
      if (!isView(array) || array instanceof Float32Array || array instanceof Float64Array || array instanceof DataView) {
        throw new DOMException("getRandomValues takes an integer typed array", "TypeMismatchError");
      }
      if (array.byteLength > 65536) throw new DOMException(`getRandomValues fills at most 65,536 bytes, not ${array.byteLength}`, "QuotaExceededError");
      bytesOf(array).set(host("crypto.random", array.byteLength));
      return array;
    },
    randomUUID: () => host("crypto.uuid"),
  });

  // ---- Headers, Request, Response, fetch ----

  /** @typedef {Headers | Iterable<[string, string]> | Record<string, string>} HeadersInit */
  /** @typedef {{ method?: string, url?: string, headers?: HeadersInit, body?: any, redirect?: string, status?: number, statusText?: string }} MessageInit */
  class Headers {
    /** @type {Map<string, string>} */
    #map = new MapCtor();
    /** @param {HeadersInit} [init] */
    constructor(init) {
      if (!init) return;
      const pairs = init instanceof Headers ? init.entries() : typeof (/** @type {any} */ (init))[iteratorOf] === "function" ? /** @type {Iterable<[string, string]>} */ (init) : entries(init);
      for (const pair of pairs) {
        const [name, value] = pair;
        this.append(name, value);
      }
    }
    /** @param {unknown} name */
    get(name) {
      const value = this.#map.get(StringOf(name).toLowerCase());
      return value === undefined ? null : value;
    }
    getSetCookie() {
      const value = this.#map.get("set-cookie");
      return value === undefined ? [] : value.split(", ");
    }
    /** @param {unknown} name */
    has(name) {
      return this.#map.has(StringOf(name).toLowerCase());
    }
    /** @param {unknown} name @param {unknown} value */
    set(name, value) {
      this.#map.set(StringOf(name).toLowerCase(), StringOf(value).trim());
    }
    /** @param {unknown} name @param {unknown} value */
    append(name, value) {
      const key = StringOf(name).toLowerCase();
      const before = this.#map.get(key);
      const text = StringOf(value).trim();
      this.#map.set(key, before === undefined ? text : `${before}, ${text}`);
    }
    /** @param {unknown} name */
    delete(name) {
      this.#map.delete(StringOf(name).toLowerCase());
    }
    /** @returns {IterableIterator<[string, string]>} */
    entries() {
      return [...this.#map.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))[iteratorOf]();
    }
    /** @returns {IterableIterator<string>} */
    keys() {
      return [...this.entries()].map(([k]) => k)[iteratorOf]();
    }
    /** @returns {IterableIterator<string>} */
    values() {
      return [...this.entries()].map(([, v]) => v)[iteratorOf]();
    }
    /** @param {Function} callback @param {unknown} [thisArg] */
    forEach(callback, thisArg) {
      for (const [name, value] of this.entries()) apply(callback, thisArg, [value, name, this]);
    }
    [iteratorOf]() {
      return this.entries();
    }
  }

  /**
   * A body as given to Request or Response: text, or bytes (copied), with the content type it implies.
   * @param {unknown} body
   * @returns {GivenBody}
   */
  function bodyOf(body) {
    if (body === undefined || body === null) return { body: null };
    if (typeof body === "string") return { body, type: "text/plain;charset=UTF-8" };
    if (body instanceof URLSearchParams) return { body: body.toString(), type: "application/x-www-form-urlencoded;charset=UTF-8" };
    if (body instanceof ArrayBufferCtor || isView(body)) return { body: bytesOf(body, "a body").slice() };
    throw new TypeErrorCtor("a body must be a string, URLSearchParams, an ArrayBuffer or a typed array (use Response.json() for data)");
  }
  const textOf = (/** @type {BodyValue} */ body) => (body === null ? "" : typeof body === "string" ? body : host("text.decode", body, "utf-8", false, false));
  const bytesFromBody = (/** @type {BodyValue} */ body) => (body === null ? new Uint8ArrayCtor(0) : typeof body === "string" ? host("text.encode", body) : body);

  /** @type {(message: Body) => BodyValue} */
  let bodyPeek;
  /** The reading half of Request and Response. A body can be read more than once (functions written before bodyUsed relied on it). */
  class Body {
    /** @type {BodyValue} */
    #body;
    #used = false;
    /** @param {BodyValue} body */
    constructor(body) {
      this.#body = body;
    }
    #take() {
      this.#used = true;
      return this.#body;
    }
    get bodyUsed() {
      return this.#used;
    }
    async text() {
      return textOf(this.#take());
    }
    async json() {
      return parse(textOf(this.#take()));
    }
    async arrayBuffer() {
      return bufferOf(bytesFromBody(this.#take()));
    }
    async bytes() {
      return new Uint8ArrayCtor(bufferOf(bytesFromBody(this.#take())));
    }
    static {
      bodyPeek = (message) => message.#body;
    }
  }

  const METHODS = ["DELETE", "GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH"];
  /** The invocation's own request, built from what the host sent (never reachable by customer code). */
  const INCOMING = Symbol("incoming");
  class Request extends Body {
    /** @param {unknown} input @param {MessageInit} [init] */
    constructor(input, init = {}) {
      if (input === INCOMING) {
        super(init.body);
        /** @type {string} */
        this.method = /** @type {string} */ (init.method);
        /** @type {string} */
        this.url = /** @type {string} */ (init.url);
        /** @type {Headers} */
        this.headers = new Headers(init.headers);
        /** @type {string} */
        this.redirect = "follow";
        return;
      }
      /** @type {Request | null} */
      const from = input instanceof Request ? input : null;
      /** @type {GivenBody} */
      const given = init.body !== undefined ? bodyOf(init.body) : { body: from ? bodyPeek(from) : null };
      super(given.body);
      const method = StringOf(init.method || (from ? from.method : "GET"));
      this.method = METHODS.includes(method.toUpperCase()) ? method.toUpperCase() : method;
      this.url = from ? from.url : /** @type {UrlParts} */ (/** @type {unknown} */ (new URL(StringOf(input)))).href;
      this.headers = new Headers(init.headers || (from ? from.headers : undefined));
      this.redirect = init.redirect || (from ? from.redirect : "follow");
      if (given.type && !this.headers.has("content-type")) this.headers.set("content-type", given.type);
      if (given.body !== null && (this.method === "GET" || this.method === "HEAD")) throw new TypeErrorCtor(`a ${this.method} request has no body`);
    }
    clone() {
      return new Request(this);
    }
  }

  class Response extends Body {
    /** @param {unknown} [body] @param {MessageInit} [init] */
    constructor(body, init = {}) {
      const given = bodyOf(body);
      super(given.body);
      this.status = init.status === undefined ? 200 : NumberOf(init.status);
      this.statusText = StringOf(init.statusText || "");
      this.headers = new Headers(init.headers);
      this.url = "";
      this.redirected = false;
      this.type = "default";
      if (given.type && !this.headers.has("content-type")) this.headers.set("content-type", given.type);
    }
    get ok() {
      return this.status >= 200 && this.status < 300;
    }
    clone() {
      return new Response(bodyPeek(this), this);
    }
    /** @param {unknown} data @param {MessageInit} [init] */
    static json(data, init = {}) {
      const headers = new Headers(init.headers);
      if (!headers.has("content-type")) headers.set("content-type", "application/json");
      const text = stringify(data);
      if (text === undefined) throw new TypeErrorCtor("Response.json: the value is not JSON");
      return new Response(text, { ...init, headers });
    }
    /** @param {unknown} url @param {number} [status] */
    static redirect(url, status = 302) {
      if (![301, 302, 303, 307, 308].includes(status)) throw new RangeErrorCtor(`a redirect status is 301, 302, 303, 307 or 308, not ${status}`);
      return new Response(null, { status, headers: { location: /** @type {UrlParts} */ (/** @type {unknown} */ (new URL(StringOf(url)))).href } });
    }
  }

  /**
   * What a function answers, checked here, where it is cheap, against the
   * limits on what may leave the isolate (the worker and the host check again).
   * @param {Response} response
   * @returns {Wire}
   */
  function wireOf(response) {
    const body = textOf(bodyPeek(response));
    if (body.length > limits.responseBytes) throw new RangeErrorCtor(`the response body is larger than ${limits.responseBytes} bytes, the most a function may answer`);
    const headers = [...response.headers.entries()];
    if (headers.length > limits.responseHeaders) throw new RangeErrorCtor(`the response has ${headers.length} headers; a function may set at most ${limits.responseHeaders}`);
    let size = 0;
    for (const [name, value] of headers) size += name.length + value.length + 4;
    if (size > limits.responseHeaderBytes) throw new RangeErrorCtor(`the response headers take ${size} bytes; a function may set at most ${limits.responseHeaderBytes}`);
    return { status: response.status, headers, body };
  }

  /** Outbound HTTP, made by the worker through the SSRF guard; a refused or failed fetch rejects with a TypeError, as in browsers. */
  /** @param {unknown} input @param {MessageInit} [init] */
  async function fetch(input, init = {}) {
    const request = new Request(input, init);
    const body = bodyPeek(request);
    const answer = await hostFetch.apply(undefined, [request.url, request.method, [...request.headers.entries()], body === null ? null : bytesFromBody(body), request.redirect], { arguments: { copy: true }, result: { promise: true, copy: true } });
    if (!answer.ok) throw new TypeErrorCtor(answer.error);
    const response = new Response(answer.body.length === 0 && [101, 204, 205, 304].includes(answer.status) ? null : answer.body, { status: 200, statusText: answer.statusText, headers: answer.headers });
    // Statuses the Response constructor refuses (1xx, 3xx with redirect: "manual") are still what the server said.
    response.status = answer.status;
    response.url = answer.url;
    response.redirected = answer.redirected;
    return response;
  }

  /** An error the platform answered a ctx read with: the problem's status, code and detail. */
  class PlatformError extends ErrorCtor {
    /** @param {Problem} problem */
    constructor(problem) {
      super(problem.detail || problem.title || "the platform refused the read");
      this.name = "PlatformError";
      this.status = problem.status;
      this.code = problem.code;
      if (problem.errors) this.errors = problem.errors;
    }
  }

  let readsMade = 0;
  /** @param {string} resource @param {string} op @param {unknown} [args] */
  async function read(resource, op, args) {
    // Refused here past the limit, without a trip to the worker (which counts too).
    if (++readsMade > limits.reads) throw new PlatformError({ status: 429, code: "rate_limited", detail: `this invocation has made ${limits.reads} ctx reads, the most one may make` });
    const answer = parse(await hostRead.apply(undefined, [resource, op, stringify(args === undefined ? null : args)], { result: { promise: true, copy: true } }));
    if (answer.ok) return answer.body;
    throw new PlatformError(answer.body);
  }

  // ctx.engines.<engine>.<resource>.<op>(...), built from the host's table of allowed reads.
  /** @typedef {(arg?: unknown) => Promise<unknown>} ReadOp */
  /** @type {Record<string, Readonly<Record<string, Readonly<Record<string, ReadOp>>>>>} */
  const engines = {};
  for (const engine of keys(engineTable)) {
    /** @type {Record<string, Readonly<Record<string, ReadOp>>>} */
    const resources = {};
    for (const resource of keys(engineTable[engine])) {
      /** @type {Record<string, ReadOp>} */
      const ops = {};
      for (const op of engineTable[engine][resource]) ops[op] = (arg) => read(`${engine}.${resource}`, op, arg);
      resources[resource] = freeze(ops);
    }
    engines[engine] = freeze(resources);
  }
  freeze(engines);
  const snapshots = freeze({ latest: () => read("intelligence.snapshots", "latest"), list: (/** @type {unknown} */ query) => read("intelligence.snapshots", "list", query) });

  /**
   * @template T
   * @param {T} value
   * @returns {T}
   */
  function deepFreeze(value) {
    if (value && typeof value === "object") {
      for (const key of keys(value)) deepFreeze(/** @type {Record<string, unknown>} */ (value)[key]);
      freeze(value);
    }
    return value;
  }

  /** @param {unknown} error @returns {ErrorData} */
  function errorOf(error) {
    if (error instanceof ErrorCtor) return { name: StringOf(error.name), message: StringOf(error.message), stack: StringOf(error.stack || "") };
    return { name: "Error", message: `a non-Error value was thrown: ${show(error)}` };
  }

  /** @param {unknown} value @returns {Wire} */
  function toWire(value) {
    if (value instanceof Response) return wireOf(value);
    if (value === undefined) return { status: 204, headers: [], body: "" };
    const body = stringify(value);
    if (body === undefined) throw new TypeErrorCtor(`fetch() returned a ${typeof value}, which is neither a Response nor JSON`);
    // The common case, kept short: a cold isolate compiles every function it calls on its first run.
    if (body.length > limits.responseBytes) throw new RangeErrorCtor(`the response body is larger than ${limits.responseBytes} bytes, the most a function may answer`);
    return { status: 200, headers: [["content-type", "application/json"]], body };
  }

  const globals = { console, setTimeout, clearTimeout, setInterval, clearInterval: clearTimeout, queueMicrotask, Headers, Request, Response, fetch, PlatformError };
  Object.assign(globals, { URL, URLSearchParams, TextEncoder, TextDecoder, atob, btoa, structuredClone, crypto, CryptoKey, DOMException });
  for (const [name, value] of entries(globals)) {
    defineProperty(globalThis, name, { value, writable: true, configurable: true, enumerable: false });
  }

  /**
   * Takes the module's namespace; answers which handlers its default export has.
   * @param {{ default?: any }} namespace
   */
  function attach(namespace) {
    const exported = namespace.default;
    if (!exported || (typeof exported !== "object" && typeof exported !== "function")) {
      throw new TypeErrorCtor("the module must `export default { fetch(request, ctx) {...}, event(event, ctx) {...} }`");
    }
    handlers = exported;
    return ["fetch", "event"].filter((name) => typeof exported[name] === "function");
  }

  /**
   * One invocation. Never throws: customer errors come back as data.
   * @param {string} handler "fetch" or "event"
   * @param {string} input the request or the event, as JSON
   * @param {string} context ctx's data (org, caller, env, secrets...), as JSON
   * @returns {Promise<{ ok: true, response?: string } | { ok: false, error: ErrorData }>}
   */
  async function run(handler, input, context) {
    lines = 0;
    pendingTimers = 0;
    readsMade = 0;
    try {
      if (typeof /** @type {Record<string, any>} */ (handlers)[handler] !== "function") throw new TypeErrorCtor(`the module's default export has no ${handler}() handler`);
      const data = parse(context);
      const ctx = freeze({ ...deepFreeze(data), engines, snapshots });
      if (handler === "fetch") {
        const value = await /** @type {Record<string, any>} */ (handlers).fetch(new Request(INCOMING, parse(input)), ctx);
        return { ok: true, response: stringify(toWire(value)) };
      }
      await /** @type {Record<string, any>} */ (handlers).event(deepFreeze(parse(input)), ctx);
      return { ok: true };
    } catch (error) {
      return { ok: false, error: errorOf(error) };
    }
  }

  /**
   * One invocation of a handler of our own on made-up values, before any
   * customer code loads: V8 compiles a function on its first call, and the
   * prelude's code cache holds only what it compiled up front, so without
   * this the customer's first invocation would pay for compiling run(),
   * Request, Headers and the answer's JSON. It leaves nothing behind: the
   * handlers are unset again and run() resets its counters on every call.
   */
  async function warm() {
    handlers = freeze({ fetch: (/** @type {Request} */ request, /** @type {{ org: { id: string } }} */ ctx) => ({ method: request.method, org: ctx.org.id, type: request.headers.get("content-type") }) });
    try {
      const input = { method: "POST", url: "https://warm.invalid/", headers: [["content-type", "application/json"]], body: "{}" };
      const answer = await run("fetch", stringify(input), stringify({ org: { id: "org_warm" }, caller: null, env: {}, secrets: {} }));
      return answer.ok === true;
    } finally {
      handlers = null;
    }
  }

  return { attach, run, warm };
});
