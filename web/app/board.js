// The game's state: the puzzle's givens, the player's digits and pencil
// marks, and the undo/redo history. No DOM here: the view reads a Board
// and calls its methods; every change is a Move so it can be undone.

/** Side of the box of a grid of side `size` (4 -> 2, 9 -> 3, 16 -> 4, 25 -> 5). */
export function boxSize(size) {
  return Math.round(Math.sqrt(size));
}

export class Board {
  #size;
  #givens;
  #cells;
  #marks;
  #undo = [];
  #redo = [];

  /** A board whose givens are the non-zero cells of `grid` ({ size, cells }). */
  constructor(grid) {
    this.#size = grid.size;
    this.#givens = grid.cells.map((d) => d !== 0);
    this.#cells = grid.cells.slice();
    this.#marks = new Array(grid.size * grid.size).fill(0);
  }

  get size() {
    return this.#size;
  }

  digit(cell) {
    return this.#cells[cell];
  }

  isGiven(cell) {
    return this.#givens[cell];
  }

  /** The pencil marks of `cell` as a bitmask (bit d-1 for digit d). */
  marks(cell) {
    return this.#marks[cell];
  }

  hasMark(cell, digit) {
    return (this.#marks[cell] & (1 << (digit - 1))) !== 0;
  }

  /** The grid as it stands, as the engine takes it. */
  grid() {
    return { size: this.#size, cells: this.#cells.slice() };
  }

  /** The puzzle alone: givens kept, the player's digits blanked. */
  puzzle() {
    const cells = this.#cells.map((d, i) => (this.#givens[i] ? d : 0));
    return { size: this.#size, cells };
  }

  /** The pencil marks of every cell as digit lists, or null when none is pencilled. */
  candidates() {
    if (this.#marks.every((m) => m === 0)) return null;
    const all = Array.from({ length: this.#size }, (_, i) => i + 1);
    return this.#marks.map((m, cell) => {
      if (this.#cells[cell] !== 0) return [this.#cells[cell]];
      return m === 0 ? all : all.filter((d) => m & (1 << (d - 1)));
    });
  }

  isComplete() {
    return this.#cells.every((d) => d !== 0);
  }

  canUndo() {
    return this.#undo.length > 0;
  }

  canRedo() {
    return this.#redo.length > 0;
  }

  /** Writes `digit` (0 clears) into an open cell; false when the cell is a given. */
  setDigit(cell, digit) {
    if (this.#givens[cell] || this.#cells[cell] === digit) return false;
    this.#commit([{ cell, digit, marks: this.#marks[cell] }]);
    return true;
  }

  /** Turns one pencil mark of an open, empty cell on or off. */
  toggleMark(cell, digit) {
    if (this.#givens[cell] || this.#cells[cell] !== 0) return false;
    const marks = this.#marks[cell] ^ (1 << (digit - 1));
    this.#commit([{ cell, digit: 0, marks }]);
    return true;
  }

  /**
   * Several changes as one move (a solve, an applied hint): `changes` is a
   * list of { cell, digit?, removeMark? }. Givens are left alone.
   */
  applyMany(changes) {
    const edits = [];
    for (const c of changes) {
      if (this.#givens[c.cell]) continue;
      let marks = this.#marks[c.cell];
      if (c.removeMark) marks &= ~(1 << (c.removeMark - 1));
      const digit = c.digit ?? this.#cells[c.cell];
      if (digit !== this.#cells[c.cell] || marks !== this.#marks[c.cell]) {
        edits.push({ cell: c.cell, digit, marks });
      }
    }
    if (edits.length > 0) this.#commit(edits);
    return edits.length;
  }

  undo() {
    return this.#replay(this.#undo, this.#redo);
  }

  redo() {
    return this.#replay(this.#redo, this.#undo);
  }

  // Applies `edits` ({ cell, digit, marks }) and records their inverse.
  #commit(edits) {
    this.#undo.push(this.#swap(edits));
    this.#redo = [];
  }

  #replay(from, to) {
    const edits = from.pop();
    if (!edits) return false;
    to.push(this.#swap(edits));
    return true;
  }

  // Writes each edit and returns the edits that write the old state back.
  #swap(edits) {
    const inverse = edits.map((e) => ({
      cell: e.cell,
      digit: this.#cells[e.cell],
      marks: this.#marks[e.cell],
    }));
    for (const e of edits) {
      this.#cells[e.cell] = e.digit;
      this.#marks[e.cell] = e.marks;
    }
    return inverse.reverse();
  }
}
