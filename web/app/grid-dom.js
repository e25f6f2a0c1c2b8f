// The grid's elements, shared by the game and by "watch the search": a
// role="grid" of role="gridcell" elements with thick lines between blocks.
// Each cell shows either one big symbol or a small square of candidates.

import { boxSize } from "./board.js";
import { symbol } from "./rules.js";

/** Builds an empty grid of side `size` into `host` (replacing its content); returns the cell elements. */
export function buildGrid(host, size, label) {
  const box = boxSize(size);
  host.replaceChildren();
  host.classList.remove(...[...host.classList].filter((c) => c.startsWith("size-")));
  host.classList.add("grid", `size-${size}`);
  host.setAttribute("role", "grid");
  host.setAttribute("aria-label", label);
  host.style.setProperty("--n", size);
  host.style.setProperty("--box", box);
  const cells = [];
  for (let r = 0; r < size; r++) {
    const row = document.createElement("div");
    row.setAttribute("role", "row");
    row.className = "grid-row";
    for (let c = 0; c < size; c++) {
      const el = document.createElement("div");
      el.setAttribute("role", "gridcell");
      el.className = "cell";
      if (c % box === box - 1 && c !== size - 1) el.classList.add("box-right");
      if (r % box === box - 1 && r !== size - 1) el.classList.add("box-bottom");
      el.dataset.cell = String(r * size + c);
      el.tabIndex = -1;
      cells.push(el);
      row.append(el);
    }
    host.append(row);
  }
  return cells;
}

/** Shows one symbol in a cell (0: nothing). */
export function showDigit(el, digit) {
  el.textContent = digit === 0 ? "" : symbol(digit);
}

/** Shows the candidates in `mask` (bit d-1 for digit d) as a small square of symbols. */
export function showMarks(el, mask, size) {
  const marks = document.createElement("span");
  marks.className = "marks";
  for (let d = 1; d <= size; d++) {
    const m = document.createElement("span");
    if (mask & (1 << (d - 1))) m.textContent = symbol(d);
    marks.append(m);
  }
  el.replaceChildren(marks);
}

/** The accessible name of a cell: "row 3 column 5, 7" or "row 3 column 5, empty". */
export function cellLabel(cell, size, digit, extra) {
  const where = `row ${Math.floor(cell / size) + 1} column ${(cell % size) + 1}`;
  const what = digit === 0 ? "empty" : symbol(digit);
  return extra ? `${where}, ${what}, ${extra}` : `${where}, ${what}`;
}
