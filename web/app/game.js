// The game's actions on the grid as it stands: check (mistakes marked),
// solve through SAT (time, conflicts, decisions shown; one undoable move),
// count the solutions, and download the grid's CNF.

import { Board } from "./board.js";
import { byId, count, download, micros, say } from "./ui.js";

const COUNT_LIMIT = 100;

export class Game {
  #engine;
  #grid;
  #hint;
  #status = byId("status");
  #title = byId("puzzle-title");

  constructor(engine, grid, hint) {
    this.#engine = engine;
    this.#grid = grid;
    this.#hint = hint;
  }

  /** Starts a new game on `puzzle` ({ size, cells }); `title` says where it came from. */
  load(puzzle, title) {
    this.#hint.drop();
    this.#grid.setBoard(new Board(puzzle));
    const givens = puzzle.cells.filter((d) => d !== 0).length;
    say(this.#title, `${title}: ${puzzle.size}x${puzzle.size}, ${givens} givens`);
    say(this.#status, "");
  }

  /** Marks the entries that differ from the puzzle's unique solution. */
  async check() {
    const board = this.#grid.board;
    const { count: n } = await this.#engine.request("countSolutions", { ...board.puzzle(), limit: 2 });
    if (n !== 1) return say(this.#status, `The puzzle has ${n === 0 ? "no solution" : "more than one solution"}: nothing to check against.`, "error");
    const { solution } = await this.#engine.request("solveDirect", board.puzzle());
    const wrong = [];
    for (let cell = 0; cell < solution.length; cell++) {
      const d = board.digit(cell);
      if (d !== 0 && d !== solution[cell]) wrong.push(cell);
    }
    this.#grid.mark("mistakes", wrong);
    if (wrong.length > 0) return say(this.#status, `${wrong.length} wrong digit${wrong.length > 1 ? "s" : ""} (marked).`, "error");
    const done = board.isComplete() ? "Solved. Well done!" : "No mistakes so far.";
    say(this.#status, done, "ok");
  }

  /** Solves the grid as it stands through the SAT path and fills it in. */
  async solve() {
    const board = this.#grid.board;
    const r = await this.#engine.request("solveSat", board.grid());
    const s = r.stats;
    const how = `SAT path: ${micros(s.micros)}, ${count(s.conflicts)} conflicts, ${count(s.decisions)} decisions, ${count(s.propagations)} propagations`;
    if (r.status !== "solved") {
      const why = r.status === "illegal" ? "the grid breaks a rule" : "no solution from the grid as it stands";
      return say(this.#status, `Not solved: ${why}. ${how}.`, "error");
    }
    this.#hint.drop();
    board.applyMany(r.solution.map((digit, cell) => ({ cell, digit })));
    this.#grid.clearMarks();
    say(this.#status, `Solved. ${how}.`, "ok");
  }

  /** Counts the solutions of the grid as it stands, up to a limit. */
  async count() {
    const r = await this.#engine.request("countSolutions", { ...this.#grid.board.grid(), limit: COUNT_LIMIT });
    const n = r.complete ? count(r.count) : `at least ${count(r.count)}`;
    say(this.#status, `${n} solution${r.count === 1 && r.complete ? "" : "s"} from the grid as it stands.`);
  }

  /** Downloads the grid as it stands as DIMACS CNF (the CLI's `sudoku encode`). */
  async downloadCnf() {
    const board = this.#grid.board;
    const r = await this.#engine.request("encode", board.grid());
    download(`sudoku-${board.size}x${board.size}.cnf`, r.dimacs);
    say(this.#status, `CNF: ${count(r.vars)} variables, ${count(r.clauses)} clauses.`);
  }
}
