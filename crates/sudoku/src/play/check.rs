//! What is wrong with the player's grid: digits that repeat in a unit
//! (seen at once), digits and pencil marks that contradict the unique
//! solution (told only when asked), and whether the grid is finished.

use super::game::{peers, Game};

impl Game {
    /// Per cell, whether its digit repeats in its row, column or block.
    pub fn conflicts(&self) -> Vec<bool> {
        let side = self.side();
        let grid = self.grid();
        (0..side * side)
            .map(|i| {
                let (row, col) = (i / side, i % side);
                let d = grid.get(row, col);
                d != 0 && peers(&grid, row, col).any(|(r, c)| grid.get(r, c) == d)
            })
            .collect()
    }

    /// The player's digits that differ from the unique solution (none
    /// when the puzzle has no unique solution), in reading order.
    pub fn wrong_entries(&self) -> Vec<(usize, usize)> {
        self.against_solution(|digit, _, right| digit != 0 && digit != right)
    }

    /// The open cells whose pencil marks leave out their digit of the
    /// unique solution (none without one), in reading order.
    pub fn wrong_marks(&self) -> Vec<(usize, usize)> {
        self.against_solution(|digit, i, right| {
            digit == 0 && !self.cells()[i].marks().allows(right)
        })
    }

    /// Whether the grid is full and breaks no rule while keeping the givens.
    pub fn is_solved(&self) -> bool {
        self.grid().solves(self.puzzle())
    }

    /// The cells where `wrong(digit, index, solution's digit)` holds.
    fn against_solution(&self, wrong: impl Fn(u8, usize, u8) -> bool) -> Vec<(usize, usize)> {
        let Some(solution) = self.solution() else {
            return Vec::new();
        };
        let side = self.side();
        (0..side * side)
            .filter(|&i| wrong(self.cells()[i].digit(), i, solution.cells()[i]))
            .map(|i| (i / side, i % side))
            .collect()
    }
}
