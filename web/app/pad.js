// The on-screen keypad under the grid, for mouse and touch: one button per
// symbol of the grid's size, an erase button. It writes into the grid's
// selected cell (as a pencil mark in pencil mode), as the keys do.

import { symbol } from "./rules.js";

/** Fills `host` with the keypad of a grid of side `size` playing on `grid` (a PlayGrid). */
export function buildPad(host, size, grid) {
  host.replaceChildren();
  host.style.setProperty("--pad-cols", padColumns(size));
  for (let d = 1; d <= size; d++) host.append(padButton(symbol(d), `Enter ${symbol(d)}`, () => grid.enter(d)));
  host.append(padButton("⌫", "Erase the cell", () => grid.enter(0)));
}

/**
 * Buttons a row: all in one up to 9x9, two rows on 16x16, four on 25x25
 * (seven a row), so the keypad fits beside the grid.
 */
function padColumns(size) {
  if (size <= 9) return size + 1;
  return Math.ceil((size + 1) / (size <= 16 ? 2 : 4));
}

function padButton(text, label, action) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = text;
  b.setAttribute("aria-label", label);
  // The selected cell keeps the focus, so keys go on working after a click.
  b.addEventListener("mousedown", (e) => e.preventDefault());
  b.addEventListener("click", action);
  return b;
}
