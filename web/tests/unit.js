// Unit tests of the page's modules without DOM (board, rules, replay, the
// CNF panel's progress line), run
// inside the browser by page_test.py: `(await import("./tests/unit.js")).run()`
// resolves with the list of failures (empty when all hold).

import { Board } from "../app/board.js";
import { progressLine } from "../app/cnf.js";
import { Replay, tally } from "../app/replay.js";
import { cellName, conflictCells, digitOfKey, symbol, units } from "../app/rules.js";

const TESTS = {
  "board: givens cannot change, entries can, undo and redo restore"(eq) {
    const b = new Board({ size: 4, cells: [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] });
    eq(b.setDigit(0, 2), false);
    eq(b.setDigit(1, 2), true);
    eq(b.setDigit(1, 2), false); // the same digit again is no move
    eq(b.setDigit(1, 3), true);
    eq(b.undo(), true);
    eq(b.digit(1), 2);
    eq(b.redo(), true);
    eq(b.digit(1), 3);
    eq([b.undo(), b.undo(), b.undo()], [true, true, false]);
    eq(b.digit(1), 0);
    b.setDigit(2, 4);
    eq(b.canRedo(), false); // a new move drops the redo history
  },
  "board: pencil marks, candidates and one move for many changes"(eq) {
    const b = new Board({ size: 4, cells: [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] });
    eq(b.candidates(), null);
    b.toggleMark(1, 2);
    b.toggleMark(1, 4);
    eq(b.hasMark(1, 2) && b.hasMark(1, 4) && !b.hasMark(1, 3), true);
    const c = b.candidates();
    eq([c[0], c[1], c[2]], [[1], [2, 4], [1, 2, 3, 4]]);
    eq(b.applyMany([{ cell: 1, removeMark: 2 }, { cell: 2, digit: 3 }, { cell: 0, digit: 4 }]), 2);
    eq([b.marks(1), b.digit(2), b.digit(0)], [0b1000, 3, 1]);
    b.undo();
    eq([b.marks(1), b.digit(2)], [0b1010, 0]);
    eq(b.puzzle().cells[0], 1);
  },
  "rules: units, conflicts, symbols, keys"(eq) {
    const u = units(9);
    eq(u.length, 27);
    eq(u[2], [0, 1, 2, 9, 10, 11, 18, 19, 20]);
    eq(u[5], [3, 4, 5, 12, 13, 14, 21, 22, 23]);
    const cells = new Array(81).fill(0);
    cells[0] = 5;
    cells[20] = 5; // same block as cell 0
    cells[40] = 5;
    eq([...conflictCells(9, (c) => cells[c])].sort((a, b) => a - b), [0, 20]);
    eq([symbol(9), symbol(10), symbol(16), symbol(25)], ["9", "A", "G", "P"]);
    eq([digitOfKey("7", 9), digitOfKey("a", 9), digitOfKey("g", 16), digitOfKey("h", 16), digitOfKey("p", 25)], [7, 0, 16, 0, 25]);
    eq(cellName(21, 9), "r3c4");
  },
  "replay: assignments, a backjump takes back the levels above, counters"(eq) {
    const r = new Replay(4);
    const events = [
      { e: "decide", cell: 0, digit: 1, value: true, level: 1 },
      { e: "propagate", cell: 1, digit: 1, value: false, level: 1 },
      { e: "decide", cell: 5, digit: 2, value: true, level: 2 },
      { e: "conflict", level: 2, size: 3 },
      { e: "learn", lbd: 2, size: 2 },
      { e: "backjump", from: 2, to: 1 },
    ];
    let last;
    for (const ev of events) last = r.apply(ev);
    eq(last, { changed: [5], undone: [5] });
    eq(r.cell(0), { digit: 1, how: "decide", level: 1 });
    eq(r.cell(5), { digit: 0, out: 0, how: "" });
    eq(r.cell(1), { digit: 0, out: 1, how: "propagate" });
    eq(r.apply({ e: "restart" }).changed.sort(), [0, 1]);
    eq(r.cell(1), { digit: 0, out: 0, how: "" });
    eq(r.counters, { decisions: 2, propagations: 1, conflicts: 1, backjumps: 1, learnt: 1, restarts: 1 });
    eq(tally(events).decisions, 2);
  },
  "cnf: a progress line for each phase of solveDimacs"(eq) {
    const reading = { phase: "reading", textBytes: 37, totalBytes: 100, clauses: 1200, declaredClauses: 3300, elapsedMs: 410 };
    eq(progressLine(reading), "Reading the formula: 37 % (1,200 of 3,300 clauses), 0.41 s");
    // A header that claims fewer clauses than the file holds is not quoted.
    eq(progressLine({ ...reading, declaredClauses: 5 }), "Reading the formula: 37 % (1,200 clauses), 0.41 s");
    eq(progressLine({ phase: "adding", added: 600, clauses: 3300, elapsedMs: 900 }),
      "Loading the clauses into the solver: 18 % (600 of 3,300), 0.90 s");
    eq(progressLine({ phase: "loaded", clauses: 3300, elapsedMs: 1000 }), "3,300 clauses loaded in 1.00 s; searching…");
    eq(progressLine({ phase: "inflating", textBytes: 2048 }), "Inflating the gzip data: 2,048 bytes of text");
    eq(progressLine({ phase: "search", conflicts: 5, decisions: 1000, propagations: 9, elapsedMs: 1234 }),
      "1.23 s: 5 conflicts, 1,000 decisions, 9 propagations");
  },
};

export function run() {
  const failures = [];
  for (const [name, test] of Object.entries(TESTS)) {
    const eq = (got, want) => {
      const [g, w] = [JSON.stringify(got), JSON.stringify(want)];
      if (g !== w) throw new Error(`got ${g}, want ${w}`);
    };
    try {
      test(eq);
    } catch (e) {
      failures.push(`${name}: ${e.message}`);
    }
  }
  return { tests: Object.keys(TESTS).length, failures };
}
