// Runs inside every isolate, before the customer's module, as a plain script
// (V8 compiles it in the isolate; our build never sees it). It evaluates to
// `install`, which the worker calls once with three host callbacks and gets
// back `attach` and `run`. Everything customer code can reach is made here:
// web-style Request/Response/Headers, console, timers, and ctx. The host
// callbacks stay in this closure; customer code never sees them.
//
// The intrinsics used below are captured before customer code runs, so a
// module that replaces JSON.stringify or Array.prototype.map changes its own
// behaviour only; the worker checks the shape of whatever comes back anyway.
(function install(hostLog, hostRead, hostTimer, engineTable) {
  "use strict";
  const { stringify, parse } = JSON;
  const { freeze, entries, keys, defineProperty } = Object;
  const StringOf = String;
  const isArray = Array.isArray;
  const MapCtor = Map;
  const PromiseCtor = Promise;
  const ErrorCtor = Error;
  const TypeErrorCtor = TypeError;
  const apply = Reflect.apply;
  const MAX_LINES = 100;
  const MAX_LINE = 2000;

  let lines = 0;
  let handlers = null;

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

  function logger(level) {
    return (...args) => {
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

  // Timers resolve on the worker's clock; those still pending when an invocation ends never fire.
  let nextTimer = 1;
  const cancelled = new MapCtor();
  function setTimeout(callback, ms = 0, ...args) {
    if (typeof callback !== "function") throw new TypeErrorCtor("setTimeout: the callback must be a function");
    const id = nextTimer++;
    cancelled.set(id, false);
    hostTimer.apply(undefined, [Math.max(0, Number(ms) || 0)], { result: { promise: true } }).then(() => {
      const stop = cancelled.get(id);
      cancelled.delete(id);
      if (!stop) apply(callback, undefined, args);
    });
    return id;
  }
  function clearTimeout(id) {
    if (cancelled.has(id)) cancelled.set(id, true);
  }

  class Headers {
    #map = new MapCtor();
    constructor(init) {
      if (!init) return;
      const pairs = init instanceof Headers ? init.entries() : isArray(init) ? init : entries(init);
      for (const [name, value] of pairs) this.append(name, value);
    }
    get(name) {
      const value = this.#map.get(StringOf(name).toLowerCase());
      return value === undefined ? null : value;
    }
    has(name) {
      return this.#map.has(StringOf(name).toLowerCase());
    }
    set(name, value) {
      this.#map.set(StringOf(name).toLowerCase(), StringOf(value));
    }
    append(name, value) {
      const key = StringOf(name).toLowerCase();
      const before = this.#map.get(key);
      this.#map.set(key, before === undefined ? StringOf(value) : `${before}, ${value}`);
    }
    delete(name) {
      this.#map.delete(StringOf(name).toLowerCase());
    }
    entries() {
      return this.#map.entries();
    }
    keys() {
      return this.#map.keys();
    }
    values() {
      return this.#map.values();
    }
    forEach(callback) {
      for (const [name, value] of this.#map) callback(value, name, this);
    }
    [Symbol.iterator]() {
      return this.#map.entries();
    }
  }

  function bodyText(body) {
    if (body === undefined || body === null) return "";
    if (typeof body === "string") return body;
    throw new TypeErrorCtor("a body must be a string (use Response.json() for data)");
  }

  class Request {
    #body;
    constructor(init) {
      this.method = init.method;
      this.url = init.url;
      this.headers = new Headers(init.headers);
      this.#body = init.body;
    }
    async text() {
      return this.#body;
    }
    async json() {
      return parse(this.#body);
    }
  }

  class Response {
    #body;
    constructor(body, init = {}) {
      this.#body = bodyText(body);
      this.status = init.status === undefined ? 200 : init.status;
      this.statusText = init.statusText || "";
      this.headers = new Headers(init.headers);
    }
    get ok() {
      return this.status >= 200 && this.status < 300;
    }
    async text() {
      return this.#body;
    }
    async json() {
      return parse(this.#body);
    }
    static json(data, init = {}) {
      const headers = new Headers(init.headers);
      if (!headers.has("content-type")) headers.set("content-type", "application/json");
      const text = stringify(data);
      if (text === undefined) throw new TypeErrorCtor("Response.json: the value is not JSON");
      return new Response(text, { ...init, headers });
    }
    static wire(response) {
      return { status: response.status, headers: [...response.headers.entries()], body: response.#body };
    }
  }

  /** An error the platform answered a ctx read with: the problem's status, code and detail. */
  class PlatformError extends ErrorCtor {
    constructor(problem) {
      super(problem.detail || problem.title || "the platform refused the read");
      this.name = "PlatformError";
      this.status = problem.status;
      this.code = problem.code;
      if (problem.errors) this.errors = problem.errors;
    }
  }

  async function read(resource, op, args) {
    const answer = parse(await hostRead.apply(undefined, [resource, op, stringify(args === undefined ? null : args)], { result: { promise: true, copy: true } }));
    if (answer.ok) return answer.body;
    throw new PlatformError(answer.body);
  }

  // ctx.engines.<engine>.<resource>.<op>(...), built from the host's table of allowed reads.
  const engines = {};
  for (const engine of keys(engineTable)) {
    const resources = {};
    for (const resource of keys(engineTable[engine])) {
      const ops = {};
      for (const op of engineTable[engine][resource]) ops[op] = (arg) => read(`${engine}.${resource}`, op, arg);
      resources[resource] = freeze(ops);
    }
    engines[engine] = freeze(resources);
  }
  freeze(engines);
  const snapshots = freeze({ latest: () => read("intelligence.snapshots", "latest"), list: (query) => read("intelligence.snapshots", "list", query) });

  function deepFreeze(value) {
    if (value && typeof value === "object") {
      for (const key of keys(value)) deepFreeze(value[key]);
      freeze(value);
    }
    return value;
  }

  function errorOf(error) {
    if (error instanceof ErrorCtor) return { name: StringOf(error.name), message: StringOf(error.message), stack: StringOf(error.stack || "") };
    return { name: "Error", message: `a non-Error value was thrown: ${show(error)}` };
  }

  function toWire(value) {
    if (value instanceof Response) return Response.wire(value);
    if (value === undefined) return { status: 204, headers: [], body: "" };
    const body = stringify(value);
    if (body === undefined) throw new TypeErrorCtor(`fetch() returned a ${typeof value}, which is neither a Response nor JSON`);
    return { status: 200, headers: [["content-type", "application/json"]], body };
  }

  for (const [name, value] of entries({ console, setTimeout, clearTimeout, Headers, Request, Response, PlatformError })) {
    defineProperty(globalThis, name, { value, writable: true, configurable: true, enumerable: false });
  }

  /** Takes the module's namespace; answers which handlers its default export has. */
  function attach(namespace) {
    const exported = namespace.default;
    if (!exported || (typeof exported !== "object" && typeof exported !== "function")) {
      throw new TypeErrorCtor("the module must `export default { fetch(request, ctx) {...}, event(event, ctx) {...} }`");
    }
    handlers = exported;
    return ["fetch", "event"].filter((name) => typeof exported[name] === "function");
  }

  /** One invocation. Never throws: customer errors come back as data. */
  async function run(handler, input, context) {
    lines = 0;
    try {
      if (typeof handlers[handler] !== "function") throw new TypeErrorCtor(`the module's default export has no ${handler}() handler`);
      const data = parse(context);
      const ctx = freeze({ ...deepFreeze(data), engines, snapshots });
      if (handler === "fetch") {
        const value = await handlers.fetch(new Request(parse(input)), ctx);
        return { ok: true, response: stringify(toWire(value)) };
      }
      await handlers.event(deepFreeze(parse(input)), ctx);
      return { ok: true };
    } catch (error) {
      return { ok: false, error: errorOf(error) };
    }
  }

  return { attach, run };
});
