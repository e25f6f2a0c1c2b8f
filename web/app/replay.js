// The state of a replayed search, event by event, with no DOM: which digit
// each cell holds and how it got there (decided, flipped, propagated, pure),
// which digits are ruled out, and the counters. Backjumps and restarts undo
// the assignments above the level jumped to, as the solver's trail does.

/** Counter names, in the order the page shows them. */
export const COUNTERS = ["decisions", "propagations", "conflicts", "backjumps", "learnt", "restarts"];

const COUNTED = {
  decide: "decisions",
  flip: "decisions",
  propagate: "propagations",
  pure: "propagations",
  conflict: "conflicts",
  backjump: "backjumps",
  learn: "learnt",
  restart: "restarts",
};

/** The counters after all of `events` (what a whole run costs). */
export function tally(events) {
  const t = Object.fromEntries(COUNTERS.map((k) => [k, 0]));
  for (const ev of events) if (COUNTED[ev.e]) t[COUNTED[ev.e]]++;
  return t;
}

export class Replay {
  #size;
  #trail = [];
  #held; // per cell: { digit, how, level } or null
  #out; // per cell: bitmask of the digits ruled out
  #lastOut; // per cell: the kind of event that last ruled a digit out
  counters = Object.fromEntries(COUNTERS.map((k) => [k, 0]));

  constructor(size) {
    this.#size = size;
    this.#held = new Array(size * size).fill(null);
    this.#out = new Array(size * size).fill(0);
    this.#lastOut = new Array(size * size).fill("");
  }

  /**
   * What `cell` shows: { digit, how, level } when it holds one, else
   * { digit: 0, out, how } (how: the kind of event that last ruled a digit out).
   */
  cell(cell) {
    const out = this.#out[cell];
    return this.#held[cell] ?? { digit: 0, out, how: out ? this.#lastOut[cell] : "" };
  }

  /**
   * Applies one event; returns { changed: [cells], undone: [cells] } (undone:
   * cells whose digit a backjump or restart took back).
   */
  apply(ev) {
    if (COUNTED[ev.e]) this.counters[COUNTED[ev.e]]++;
    if (ev.cell !== undefined) return { changed: this.#assign(ev), undone: [] };
    if (ev.e === "backjump") return this.#backtrack(ev.to);
    if (ev.e === "restart") return this.#backtrack(0);
    return { changed: [], undone: [] };
  }

  #assign(ev) {
    this.#trail.push({ cell: ev.cell, digit: ev.digit, value: ev.value, level: ev.level });
    if (ev.value) this.#held[ev.cell] = { digit: ev.digit, how: ev.e, level: ev.level };
    else {
      this.#out[ev.cell] |= 1 << (ev.digit - 1);
      this.#lastOut[ev.cell] = ev.e;
    }
    return [ev.cell];
  }

  #backtrack(level) {
    const changed = new Set();
    const undone = new Set();
    while (this.#trail.length > 0 && this.#trail[this.#trail.length - 1].level > level) {
      const a = this.#trail.pop();
      changed.add(a.cell);
      if (!a.value) {
        this.#out[a.cell] &= ~(1 << (a.digit - 1));
      } else if (this.#held[a.cell]?.digit === a.digit) {
        this.#held[a.cell] = null;
        undone.add(a.cell);
      }
    }
    return { changed: [...changed], undone: [...undone] };
  }
}
