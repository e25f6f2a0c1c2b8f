// The hint button: the first press asks the engine for the next step
// (`hint`: a mistake first, else the logical solver's step) and shows its
// sentence with its cells highlighted; a second press, with the grid
// unchanged, applies it (a step's placements and eliminations, or clears the
// wrong digits of a mistake) as one undoable move.

import { say } from "./ui.js";

export class Hint {
  #engine;
  #grid;
  #line;
  #help;
  #shown = null;

  /** `grid` is the PlayGrid, `line` the element the sentence goes into, `help` the line under it. */
  constructor(engine, grid, line, help) {
    this.#engine = engine;
    this.#grid = grid;
    this.#line = line;
    this.#help = help;
  }

  /** Forgets the shown hint (the grid changed, so it may no longer hold). */
  drop() {
    this.#shown = null;
    say(this.#line, "");
    say(this.#help, "");
  }

  /** One press of the hint button. */
  async press() {
    if (this.#shown) return this.#apply(this.#shown);
    const board = this.#grid.board;
    // With the givens, a digit that differs from the unique solution is a mistake too.
    const params = { ...board.grid(), givens: board.puzzle().cells };
    const candidates = board.candidates();
    if (candidates) params.candidates = candidates;
    const hint = await this.#engine.request("hint", params);
    if (!hint) return say(this.#line, "The grid is solved: no hint needed.", "ok");
    this.#show(hint);
  }

  #show(hint) {
    say(this.#line, hint.sentence, hint.kind === "mistake" ? "error" : "");
    say(this.#help, hint.kind === "guess" ? "" : "Press Hint again to apply it.");
    this.#line.dataset.hintKind = hint.kind;
    if (hint.kind === "mistake") {
      this.#grid.mark("mistakes", hint.cells);
    } else if (hint.kind === "step") {
      const changed = [...hint.placements, ...hint.eliminations].map((p) => p.cell);
      this.#grid.mark("area", hint.area);
      this.#grid.mark("highlight", hint.highlight);
      this.#grid.mark("targets", changed);
    }
    this.#shown = hint.kind === "guess" ? null : hint;
  }

  #apply(hint) {
    const changes =
      hint.kind === "mistake"
        ? hint.cells.map((cell) => ({ cell, digit: 0 }))
        : [
            ...hint.placements.map((p) => ({ cell: p.cell, digit: p.digit })),
            ...hint.eliminations.map((p) => ({ cell: p.cell, removeMark: p.digit })),
          ];
    this.#shown = null;
    const board = this.#grid.board;
    const n = board.applyMany(changes);
    this.#grid.clearMarks();
    say(this.#line, "");
    say(this.#help, n > 0 ? "Applied." : "Applied (nothing pencilled to remove).");
  }
}
