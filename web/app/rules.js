// The sudoku rules the page needs by itself, without the engine: the units
// (rows, columns, blocks), the cells that break a rule, and the symbols a
// digit is written with (1-9, then A-P on 16x16 and 25x25).

import { boxSize } from "./board.js";

const LETTERS = "ABCDEFGHIJKLMNOP";

/** The symbol of digit `d` (1..25): "1".."9", then "A".."P". */
export function symbol(d) {
  return d <= 9 ? String(d) : LETTERS[d - 10];
}

/** The digit a key stands for on a grid of side `size`, or 0 when none. */
export function digitOfKey(key, size) {
  let d = 0;
  if (/^[1-9]$/.test(key)) d = Number(key);
  else if (/^[a-p]$/i.test(key)) d = 10 + LETTERS.indexOf(key.toUpperCase());
  return d >= 1 && d <= size ? d : 0;
}

/** Every unit of the grid as a list of cell indices. */
export function units(size) {
  const box = boxSize(size);
  const list = [];
  for (let i = 0; i < size; i++) {
    const row = [];
    const col = [];
    const block = [];
    const r0 = Math.floor(i / box) * box;
    const c0 = (i % box) * box;
    for (let j = 0; j < size; j++) {
      row.push(i * size + j);
      col.push(j * size + i);
      block.push((r0 + Math.floor(j / box)) * size + c0 + (j % box));
    }
    list.push(row, col, block);
  }
  return list;
}

/** The cells whose digit repeats in one of their units, as a Set. */
export function conflictCells(size, digitAt) {
  const bad = new Set();
  for (const unit of units(size)) {
    const seen = new Map();
    for (const cell of unit) {
      const d = digitAt(cell);
      if (d === 0) continue;
      if (seen.has(d)) {
        bad.add(cell);
        bad.add(seen.get(d));
      } else {
        seen.set(d, cell);
      }
    }
  }
  return bad;
}

/** "r3c5": the 1-based name of a cell, as the hint sentences write it. */
export function cellName(cell, size) {
  return `r${Math.floor(cell / size) + 1}c${(cell % size) + 1}`;
}
