// The page's handle on satoku's engine: a Web Worker (worker.js) running
// the WebAssembly build of crates/web. Every request is answered in the
// worker, so the page never freezes.
//
//   const engine = await Engine.start();
//   const r = await engine.request("solveSat", { size, cells }, { onProgress });
//   await engine.cancel();
//
// The methods and their parameters and results: web/README.md, "Engine API".

/** How long cancel() waits for the worker to stop by itself before replacing it. */
const CANCEL_GRACE_MS = 300;

/** An Error named "Cancelled": what a cancelled request rejects with. */
function cancelledError() {
  const err = new Error("cancelled");
  err.name = "Cancelled";
  return err;
}

export class Engine {
  #url;
  #worker = null;
  /** Resolves once the current worker has loaded the wasm. */
  #ready = null;
  /** id -> { resolve, reject, onProgress } of the requests not answered yet. */
  #pending = new Map();
  #nextId = 1;

  constructor(url) {
    this.#url = url;
  }

  /**
   * Spawns the worker and loads the wasm. Rejects with an Error if the
   * browser has no module workers or the wasm cannot be loaded.
   */
  static async start(url = new URL("./worker.js", import.meta.url)) {
    const engine = new Engine(url);
    await engine.#spawn();
    return engine;
  }

  /**
   * Runs `method` with `params` in the worker. Resolves with the result (a
   * plain object, or null); rejects with Error(message). `onProgress` gets
   * the progress objects of long requests (solveDimacs).
   */
  async request(method, params = {}, { onProgress } = {}) {
    await this.#ready;
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject, onProgress });
      this.#worker.postMessage({ type: "request", id, method, params });
    });
  }

  /**
   * Stops the running requests: each rejects with an Error named
   * "Cancelled". A sliced request (solveDimacs) stops between two slices;
   * any other is stopped by replacing the worker (said on the console).
   * The engine stays usable.
   */
  async cancel() {
    if (this.#pending.size === 0) return;
    this.#worker.postMessage({ type: "cancel" });
    const stopped = await this.#settled(CANCEL_GRACE_MS);
    if (!stopped) {
      console.info(`satoku: a request did not stop within ${CANCEL_GRACE_MS} ms of the cancel; the worker was replaced`);
      this.#failAll(cancelledError);
      await this.#restart();
    }
  }

  /** Ends the worker; later requests reject. */
  terminate() {
    this.#worker?.terminate();
    this.#failAll(() => new Error("the engine was terminated"));
    this.#ready = Promise.reject(new Error("the engine was terminated"));
    this.#ready.catch(() => {});
  }

  #spawn() {
    let worker;
    try {
      worker = new Worker(this.#url, { type: "module" });
    } catch (err) {
      return Promise.reject(new Error(`cannot start the engine's worker: ${err.message}`));
    }
    this.#worker = worker;
    this.#ready = new Promise((resolve, reject) => {
      worker.onerror = (event) => {
        event.preventDefault();
        const message = event.message || "the worker script failed to load";
        reject(new Error(`cannot start the engine: ${message}`));
        this.#failAll(() => new Error(`the engine failed: ${message}`));
      };
      worker.onmessage = ({ data }) => {
        if (data.type === "ready") resolve();
        else if (data.type === "failed") reject(new Error(data.message));
        else this.#receive(data);
      };
    });
    return this.#ready;
  }

  /** A worker's answer to request `data.id`. */
  #receive(data) {
    const request = this.#pending.get(data.id);
    if (!request) return;
    if (data.type === "progress") {
      request.onProgress?.(data.progress);
      return;
    }
    this.#pending.delete(data.id);
    if (data.type === "result") {
      request.resolve(data.result);
    } else if (data.type === "fatal") {
      request.reject(new Error(data.message));
      this.#failAll(() => new Error("the engine restarted after a failure in another request"));
      this.#restart();
    } else {
      const err = data.name === "Cancelled" ? cancelledError() : new Error(data.message);
      request.reject(err);
    }
  }

  /** Whether every pending request is answered within `ms` milliseconds. */
  async #settled(ms) {
    const deadline = performance.now() + ms;
    while (this.#pending.size > 0 && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return this.#pending.size === 0;
  }

  #failAll(makeError) {
    const requests = [...this.#pending.values()];
    this.#pending.clear();
    for (const request of requests) request.reject(makeError());
  }

  /** Replaces the worker by a fresh one (the wasm is cached by the browser). */
  #restart() {
    this.#worker.terminate();
    const ready = this.#spawn();
    ready.catch(() => {});
    return ready;
  }
}
