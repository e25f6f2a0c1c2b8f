// "Watch the search": fetches the engine's trace of the SAT path on the
// puzzle (`trace`, CDCL or DPLL) and replays it on a grid of its own with
// play/pause/step and a speed slider. Decided digits get one colour,
// propagated ones another, digits a backjump takes back fade away; the
// counters run along. Both algorithms are traced, so the table under the
// grid shows what clause learning saves.

import { buildGrid, cellLabel, showDigit, showMarks } from "./grid-dom.js";
import { COUNTERS, Replay, tally } from "./replay.js";
import { cellName, symbol } from "./rules.js";
import { byId, count, say } from "./ui.js";

const ALGORITHMS = ["cdcl", "dpll"];
const KINDS = ["decide", "flip", "propagate", "pure"];

export class Watch {
  #engine;
  #puzzle; // () => the puzzle to trace
  #el = {};
  #cells = [];
  #run = null; // { puzzle, events, next, replay, truncated }
  #timer = null;

  constructor(engine, puzzle) {
    this.#engine = engine;
    this.#puzzle = puzzle;
    for (const id of ["algorithm", "load", "play", "step", "next", "speed", "grid", "event", "status", "compare", "counters"]) {
      this.#el[id] = byId(`watch-${id}`);
    }
    this.#el.load.addEventListener("click", () => this.load());
    this.#el.play.addEventListener("click", () => (this.#timer ? this.pause() : this.play()));
    this.#el.step.addEventListener("click", () => this.#advance(1));
    this.#el.next.addEventListener("click", () => this.#advance(Infinity, (ev) => ev.e === "decide" || ev.e === "flip"));
  }

  /** Traces the current puzzle with both algorithms and gets ready to replay the chosen one. */
  async load() {
    this.pause();
    const puzzle = this.#puzzle();
    const chosen = this.#el.algorithm.value;
    this.#el.load.disabled = true;
    say(this.#el.status, `Tracing the ${chosen.toUpperCase()} search…`);
    try {
      const traces = {};
      for (const algorithm of [chosen, ...ALGORITHMS.filter((a) => a !== chosen)]) {
        traces[algorithm] = await this.#engine.request("trace", { ...puzzle, algorithm });
      }
      this.#showComparison(traces);
      this.#start(puzzle, traces[chosen], chosen);
    } catch (e) {
      say(this.#el.status, e.message, "error");
    } finally {
      this.#el.load.disabled = false;
    }
  }

  play() {
    if (!this.#run || this.#timer) return;
    let last = performance.now();
    let due = 0;
    const tick = (now) => {
      due += ((now - last) / 1000) * this.#eventsPerSecond();
      last = now;
      const n = Math.floor(due);
      due -= n;
      if (n > 0) this.#advance(n);
      if (this.#timer) this.#timer = requestAnimationFrame(tick);
    };
    this.#timer = requestAnimationFrame(tick);
    this.#setPlaying(true);
  }

  pause() {
    if (this.#timer) cancelAnimationFrame(this.#timer);
    this.#timer = null;
    this.#setPlaying(false);
  }

  #setButtons(enabled) {
    for (const b of [this.#el.play, this.#el.step, this.#el.next]) b.disabled = !enabled;
  }

  #setPlaying(on) {
    this.#el.play.textContent = on ? "Pause" : "Play";
    this.#el.play.setAttribute("aria-pressed", String(on));
  }

  // The slider runs from 0 to 100: 1 to 10,000 events a second, logarithmically.
  #eventsPerSecond() {
    return 10 ** (Number(this.#el.speed.value) / 25);
  }

  #start(puzzle, trace, algorithm) {
    this.#cells = buildGrid(this.#el.grid, puzzle.size, `The ${algorithm.toUpperCase()} search, replayed`);
    this.#run = { puzzle, events: trace.events, next: 0, replay: new Replay(puzzle.size), truncated: trace.truncated };
    this.#cells.forEach((_, cell) => this.#drawCell(cell));
    this.#showCounters();
    this.#setButtons(trace.events.length > 0);
    const cut = trace.truncated ? ` (the first ${count(trace.events.length)}: the trace limit)` : "";
    say(this.#el.status, `${algorithm.toUpperCase()}: ${count(trace.events.length)} events${cut}. Press Play or Step.`);
    say(this.#el.event, "");
  }

  // Applies up to `n` events, stopping after the first one `until` accepts.
  #advance(n, until = () => false) {
    const run = this.#run;
    if (!run) return;
    const changed = new Set();
    const undone = new Set();
    let ev = null;
    for (let i = 0; i < n && run.next < run.events.length; i++) {
      ev = run.events[run.next++];
      const r = run.replay.apply(ev);
      r.changed.forEach((c) => changed.add(c));
      r.undone.forEach((c) => undone.add(c));
      if (until(ev)) break;
    }
    changed.forEach((cell) => this.#drawCell(cell, undone.has(cell)));
    if (ev) say(this.#el.event, describe(ev, run.puzzle.size));
    this.#showCounters();
    if (run.next >= run.events.length) this.#finish();
  }

  #finish() {
    this.pause();
    this.#setButtons(false);
    const end = this.#run.truncated ? "End of the recorded events (the trace limit)." : "End of the search.";
    say(this.#el.status, end, "ok");
  }

  #drawCell(cell, undone = false) {
    const el = this.#cells[cell];
    const given = this.#run.puzzle.cells[cell];
    const shown = given ? { digit: given, how: "given" } : this.#run.replay.cell(cell);
    if (shown.digit) showDigit(el, shown.digit);
    else if (shown.out) showMarks(el, ((1 << this.#run.puzzle.size) - 1) & ~shown.out, this.#run.puzzle.size);
    else showDigit(el, 0);
    el.classList.remove("given", ...KINDS, "out", "undone");
    if (shown.how) el.classList.add(shown.how);
    if (shown.out) el.classList.add("out");
    if (undone) {
      void el.offsetWidth; // restarts the fade when the same cell is undone again
      el.classList.add("undone");
    }
    const how = shown.digit ? shown.how : shown.out && `${bitCount(shown.out)} digits ruled out`;
    el.setAttribute("aria-label", cellLabel(cell, this.#run.puzzle.size, shown.digit, how));
  }

  #showCounters() {
    for (const k of COUNTERS) {
      this.#el.counters.querySelector(`[data-counter="${k}"]`).textContent = count(this.#run.replay.counters[k]);
    }
  }

  #showComparison(traces) {
    const rows = ALGORITHMS.map((a) => {
      const t = tally(traces[a].events);
      const cells = COUNTERS.map((k) => `<td>${count(t[k])}</td>`).join("");
      const note = traces[a].truncated ? " (cut at the trace limit)" : "";
      return `<tr data-algorithm="${a}"><th scope="row">${a.toUpperCase()}${note}</th>${cells}</tr>`;
    });
    this.#el.compare.innerHTML = rows.join("");
  }
}

function bitCount(mask) {
  let n = 0;
  for (let m = mask; m; m &= m - 1) n++;
  return n;
}

/** One event in words, cells named as the hint sentences name them. */
function describe(ev, size) {
  const lit = ev.cell === undefined ? "" : `${cellName(ev.cell, size)} ${ev.value ? "=" : "≠"} ${symbol(ev.digit)}`;
  switch (ev.e) {
    case "decide": return `Decision at level ${ev.level}: ${lit}`;
    case "flip": return `Second branch at level ${ev.level}: ${lit}`;
    case "propagate": return `Propagation at level ${ev.level}: ${lit}`;
    case "pure": return `Pure literal at level ${ev.level}: ${lit}`;
    case "conflict": return `Conflict at level ${ev.level}: a clause of ${ev.size} literals is false`;
    case "learn": return `Learnt a clause of ${ev.size} literals (LBD ${ev.lbd})`;
    case "backjump": return `Backjump from level ${ev.from} to level ${ev.to}`;
    case "restart": return "Restart";
    default: return ev.e;
  }
}
