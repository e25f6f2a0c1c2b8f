// The engine's Web Worker: loads satoku-web (web/pkg/satoku_web.js and its
// .wasm) and answers the requests of web/engine.js, so the page never
// freezes. Messages in: { type: "request", id, method, params } and
// { type: "cancel" }. Messages out: { type: "ready" } or { type: "failed",
// message } once; then per request { type: "progress", id, progress },
// { type: "result", id, result }, { type: "error", id, name, message }, or
// { type: "fatal", id, message } when the wasm instance trapped (a panic or
// running out of memory): it cannot be used again, engine.js starts another.

import init, { call, CnfJob } from "./pkg/satoku_web.js";

/** The message of the last Rust panic (set by the panic hook). */
let lastPanic = null;
globalThis.satokuPanic = (message) => {
  lastPanic = message;
};

/** Raised by every `cancel` message; a sliced request started before it stops. */
let cancelEpoch = 0;

/** Milliseconds between two progress reports of solveDimacs' search and inflating. */
const PROGRESS_EVERY_MS = 250;
/** The time one slice of loading or search aims at, in milliseconds. */
const SLICE_MS = 40;
/** Most text a gzip file may inflate to, in bytes (the engine's memory ceiling). */
const MAX_INFLATED = 1 << 30;
/** Text per compressed byte allowed past 64 MiB of text (as satoku's parser). */
const MAX_EXPANSION = 100;
const EXPANSION_FLOOR = 64 << 20;

const post = (message) => self.postMessage(message);

/** An Error whose name tells engine.js that a cancel stopped the request. */
function cancelled() {
  const err = new Error("cancelled");
  err.name = "Cancelled";
  return err;
}

/** Lets queued messages (a cancel, other requests) run between two slices. */
const yieldToEvents = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Throws the Cancelled error when a cancel came after `epoch`. */
function checkCancel(epoch) {
  if (epoch !== cancelEpoch) throw cancelled();
}

/**
 * The DIMACS text of `bytes`: gzip (by its magic bytes) inflated, the rest
 * as is. Inflating stops at a cancel and reports its progress.
 */
async function inflate(bytes, name, report, epoch) {
  if (bytes.length < 2 || bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes;
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  const reader = stream.getReader();
  const chunks = [];
  let total = 0;
  let reported = performance.now();
  for (;;) {
    let next;
    try {
      next = await reader.read();
    } catch (err) {
      throw new Error(`${name}: corrupt gzip data (${err.message})`);
    }
    if (next.done) break;
    total += next.value.length;
    const ratio = total > EXPANSION_FLOOR && total > bytes.length * MAX_EXPANSION;
    if (total > MAX_INFLATED || ratio) {
      await reader.cancel();
      throw new Error(
        `${name}: the gzip data expands to more than ${ratio ? `${MAX_EXPANSION} times its size` : "1 GiB"}; ` +
          "decompress it and solve it with satoku on the command line",
      );
    }
    chunks.push(next.value);
    if (epoch !== cancelEpoch) {
      await reader.cancel();
      throw cancelled();
    }
    if (performance.now() - reported >= PROGRESS_EVERY_MS) {
      reported = performance.now();
      report({ phase: "inflating", textBytes: total });
    }
  }
  const text = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    text.set(chunk, at);
    at += chunk.length;
  }
  return text;
}

/** The next slice's conflict budget: aims each slice at SLICE_MS. */
function nextBudget(budget, millis) {
  if (millis < SLICE_MS / 2) return Math.min(budget * 2, 1 << 20);
  if (millis > SLICE_MS * 2) return Math.max(Math.floor(budget / 2), 16);
  return budget;
}

/** Reads and loads the formula a slice of SLICE_MS at a time, reporting each slice. */
async function load(job, report, epoch) {
  for (;;) {
    const progress = JSON.parse(job.load(SLICE_MS));
    report(progress);
    if (progress.phase === "loaded") return;
    await yieldToEvents();
    checkCancel(epoch);
  }
}

/** Searches slice by slice up to the answer, reporting every PROGRESS_EVERY_MS. */
async function search(job, report, epoch) {
  let budget = 256;
  let reported = performance.now();
  for (;;) {
    const started = performance.now();
    const slice = JSON.parse(job.run(budget));
    const now = performance.now();
    if (slice.state === "done") {
      delete slice.state;
      return slice;
    }
    budget = nextBudget(budget, now - started);
    if (now - reported >= PROGRESS_EVERY_MS) {
      reported = now;
      const { phase, conflicts, decisions, propagations, elapsedMs } = slice;
      report({ phase, conflicts, decisions, propagations, elapsedMs });
    }
    await yieldToEvents();
    checkCancel(epoch);
  }
}

/** solveDimacs: inflate, read and load, then search, each in slices a cancel stops between. */
async function solveDimacs(id, params) {
  const epoch = cancelEpoch;
  const name = params.name || "input.cnf";
  if (!(params.bytes instanceof Uint8Array)) throw new Error("solveDimacs: `bytes` must be a Uint8Array");
  const report = (progress) => post({ type: "progress", id, progress });
  const text = await inflate(params.bytes, name, report, epoch);
  checkCancel(epoch);
  const options = JSON.stringify({ timeLimitMs: params.timeLimitMs, conflictLimit: params.conflictLimit });
  const job = new CnfJob(text, name, options);
  try {
    await load(job, report, epoch);
    return await search(job, report, epoch);
  } finally {
    job.free();
  }
}

/** Runs one request and posts its outcome. */
async function handle({ id, method, params }) {
  try {
    const result =
      method === "solveDimacs"
        ? await solveDimacs(id, params ?? {})
        : JSON.parse(call(method, JSON.stringify(params ?? {})));
    post({ type: "result", id, result });
  } catch (err) {
    if (lastPanic !== null || err instanceof WebAssembly.RuntimeError) {
      const message = lastPanic ?? `the engine stopped (${err.message}): out of memory?`;
      post({ type: "fatal", id, message });
      return;
    }
    post({ type: "error", id, name: err.name === "Cancelled" ? "Cancelled" : "Error", message: err.message });
  }
}

self.onmessage = ({ data }) => {
  if (data.type === "cancel") cancelEpoch += 1;
  else if (data.type === "request") handle(data);
};

/**
 * A 17-clue puzzle solved once right after loading: the engine's hot code
 * is then compiled by the browser's optimising tier, so the person's first
 * solve is not the one that runs in the baseline tier, which is far slower.
 * Requests that arrive meanwhile wait in the message queue.
 */
const WARM_UP = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

function warmUp() {
  const cells = [...WARM_UP].map((c) => (c === "." ? 0 : Number(c)));
  try {
    call("solveSat", JSON.stringify({ size: 9, cells }));
  } catch (err) {
    // A broken engine shows itself on the first request (a "fatal" answer).
    console.error("satoku: the warm-up solve failed:", err);
  }
}

init().then(
  () => {
    post({ type: "ready" });
    warmUp();
  },
  (err) => post({ type: "failed", message: `cannot load the engine's WebAssembly: ${err.message ?? err}` }),
);
