// The grid a person plays on: draws a Board (givens, entries, pencil marks,
// conflicts, mistakes, a hint's cells) and turns keys and clicks into moves.
// Keys: arrows move (wrapping), a symbol writes it, Backspace/Delete/0/.
// clear, p toggles pencil mode (Shift+symbol pencils once on any size),
// u / Ctrl+Z undo, r / Ctrl+Y redo.

import { buildGrid, cellLabel, showDigit, showMarks } from "./grid-dom.js";
import { conflictCells, digitOfKey } from "./rules.js";

const MOVES = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
const CLEAR_KEYS = new Set(["Backspace", "Delete", "0", "."]);

export class PlayGrid {
  #host;
  #cells = [];
  #board = null;
  #selected = 0;
  #pencil = false;
  #marked = { mistakes: new Set(), area: new Set(), highlight: new Set(), targets: new Set() };
  #onMove;

  /** `onMove()` is called after every change the player makes (so a shown hint can be dropped). */
  constructor(host, onMove) {
    this.#host = host;
    this.#onMove = onMove;
    host.addEventListener("keydown", (e) => this.#onKey(e));
    host.addEventListener("click", (e) => {
      const el = e.target.closest(".cell");
      if (el) this.select(Number(el.dataset.cell));
    });
  }

  get board() {
    return this.#board;
  }

  get pencil() {
    return this.#pencil;
  }

  set pencil(on) {
    this.#pencil = on;
    this.#host.classList.toggle("pencil-on", on);
    this.#host.dispatchEvent(new CustomEvent("pencilchange", { detail: on }));
  }

  /** Starts playing `board` (a new puzzle): rebuilds the cells when the size changed. */
  setBoard(board) {
    const rebuild = !this.#board || this.#board.size !== board.size;
    this.#board = board;
    if (rebuild) {
      this.#cells = buildGrid(this.#host, board.size, `Sudoku, ${board.size} by ${board.size}`);
      this.#host.dispatchEvent(new CustomEvent("gridsize", { detail: board.size }));
    }
    this.clearMarks();
    this.select(Math.min(this.#selected, board.size * board.size - 1), false);
  }

  /** Marks cells: `mistakes` (wrong digits), `area` (the units a hint reasons about), `highlight` (a hint's cells), `targets` (what a hint changes). */
  mark(kind, cells) {
    this.#marked[kind] = new Set(cells);
    this.render();
  }

  clearMarks() {
    for (const k of Object.keys(this.#marked)) this.#marked[k] = new Set();
    this.render();
  }

  select(cell, focus = true) {
    this.#cells[this.#selected]?.setAttribute("tabindex", "-1");
    this.#cells[this.#selected]?.classList.remove("selected");
    this.#cells[this.#selected]?.setAttribute("aria-selected", "false");
    this.#selected = cell;
    const el = this.#cells[cell];
    el.tabIndex = 0;
    el.classList.add("selected");
    el.setAttribute("aria-selected", "true");
    if (focus) el.focus();
  }

  /** Writes `digit` into the selected cell (or toggles the pencil mark), as a key press does. */
  enter(digit, pencil = this.#pencil) {
    const b = this.#board;
    const done = pencil && digit !== 0 ? b.toggleMark(this.#selected, digit) : b.setDigit(this.#selected, digit);
    if (done) this.#changed();
  }

  undo() {
    if (this.#board.undo()) this.#changed();
  }

  redo() {
    if (this.#board.redo()) this.#changed();
  }

  /** Redraws every cell from the board and the marks. */
  render() {
    const b = this.#board;
    if (!b) return;
    const conflicts = conflictCells(b.size, (c) => b.digit(c));
    this.#cells.forEach((el, cell) => this.#drawCell(el, cell, conflicts.has(cell)));
  }

  #drawCell(el, cell, conflict) {
    const b = this.#board;
    const digit = b.digit(cell);
    if (digit === 0 && b.marks(cell) !== 0) showMarks(el, b.marks(cell), b.size);
    else showDigit(el, digit);
    const mistake = this.#marked.mistakes.has(cell);
    el.classList.toggle("given", b.isGiven(cell));
    el.classList.toggle("entry", !b.isGiven(cell) && digit !== 0);
    el.classList.toggle("conflict", conflict);
    el.classList.toggle("mistake", mistake);
    el.classList.toggle("area", this.#marked.area.has(cell));
    el.classList.toggle("highlight", this.#marked.highlight.has(cell));
    el.classList.toggle("target", this.#marked.targets.has(cell));
    const notes = [b.isGiven(cell) && "given", conflict && "breaks a rule", mistake && "wrong"];
    el.setAttribute("aria-label", cellLabel(cell, b.size, digit, notes.filter(Boolean).join(", ")));
    el.setAttribute("aria-readonly", String(b.isGiven(cell)));
  }

  #changed() {
    this.clearMarks();
    this.#onMove();
  }

  #onKey(e) {
    if (!this.#board || e.altKey) return;
    const handled = e.ctrlKey || e.metaKey ? this.#onShortcut(e) : this.#onPlainKey(e);
    if (handled) e.preventDefault();
  }

  #onShortcut(e) {
    const key = e.key.toLowerCase();
    if (key === "z" && !e.shiftKey) this.undo();
    else if (key === "y" || (key === "z" && e.shiftKey)) this.redo();
    else return false;
    return true;
  }

  #onPlainKey(e) {
    const size = this.#board.size;
    const move = MOVES[e.key];
    if (move) {
      const r = (Math.floor(this.#selected / size) + move[0] + size) % size;
      const c = ((this.#selected % size) + move[1] + size) % size;
      this.select(r * size + c);
      return true;
    }
    const digit = CLEAR_KEYS.has(e.key) ? 0 : digitOfKey(e.shiftKey ? keyOfCode(e.code) : e.key, size);
    if (digit === 0 && !CLEAR_KEYS.has(e.key)) return this.#onCommandKey(e.key.toLowerCase());
    this.enter(digit, this.#pencil || e.shiftKey);
    return true;
  }

  #onCommandKey(key) {
    if (key === "p") this.pencil = !this.#pencil;
    else if (key === "u") this.undo();
    else if (key === "r") this.redo();
    else return false;
    return true;
  }
}

// The unshifted key of a physical key ("Digit7" -> "7", "KeyB" -> "b"), so Shift+7 pencils 7.
function keyOfCode(code) {
  const m = /^(?:Digit|Numpad|Key)([0-9A-Z])$/.exec(code);
  return m ? m[1].toLowerCase() : "";
}
