//! Puzzles with exactly one solution, reproducible from a seed.
//!
//! 1. A random full grid: `side` random legal givens, completed by the direct
//!    solver (retried if they admit no solution), then shuffled by random
//!    validity-preserving moves (bands, rows within bands, stacks, columns
//!    within stacks, digit relabelling). For 16x16 and 25x25 the shuffle
//!    starts from the pattern grid `(n * (row % n) + row / n + col) % side + 1`
//!    instead, as completing random sparse givens can take the search long.
//! 2. Clues are removed in random order, each only if the puzzle stays unique
//!    (the direct solver counts to 2). Tried once each, every clue that stays is
//!    needed, so a full pass gives a minimal puzzle (`minimal = true`, up
//!    to 16x16: see [`MAX_MINIMAL_BOX_SIZE`]);
//!    otherwise removal stops at about 40 % of the cells given (55 % for
//!    25x25, whose uniqueness checks get slow on sparser grids).
//! 3. With a target [`Difficulty`], puzzles are made until one rates at it
//!    by technique ([`crate::logic::rate`]).
//!
//! The random source is ChaCha8 seeded with the seed, so a seed and a
//! configuration always give the same puzzles.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::{rate, solve_direct, Difficulty, Error, Grid, Rating};

/// The largest box size of a minimal puzzle (16x16): removing clues from a
/// 25x25 grid down to a minimal one meets uniqueness checks that each can
/// run for hours.
pub const MAX_MINIMAL_BOX_SIZE: usize = 4;

/// What to generate.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct GeneratorConfig {
    /// Box size (3 for 9x9).
    pub box_size: usize,
    /// Remove clues until none can go.
    pub minimal: bool,
}

impl Default for GeneratorConfig {
    fn default() -> Self {
        GeneratorConfig {
            box_size: 3,
            minimal: false,
        }
    }
}

/// A generated puzzle with its solution and rating.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Generated {
    /// The puzzle (unique solution).
    pub puzzle: Grid,
    /// Its solution.
    pub solution: Grid,
    /// Its rating by technique.
    pub rating: Rating,
}

/// A reproducible stream of unique puzzles.
pub struct Generator {
    rng: ChaCha8Rng,
    config: GeneratorConfig,
}

impl Generator {
    /// A generator from a seed. Fails on an unsupported box size, and on a
    /// minimal puzzle past [`MAX_MINIMAL_BOX_SIZE`], which would not finish.
    pub fn new(seed: u64, config: GeneratorConfig) -> Result<Generator, Error> {
        let side = Grid::empty(config.box_size)?.side();
        if config.minimal && config.box_size > MAX_MINIMAL_BOX_SIZE {
            return Err(Error::MinimalTooLarge { side });
        }
        Ok(Generator {
            rng: ChaCha8Rng::seed_from_u64(seed),
            config,
        })
    }

    /// The next puzzle, of any difficulty.
    pub fn next_puzzle(&mut self) -> Generated {
        let solution = self.full_grid();
        let puzzle = self.remove_clues(&solution);
        let rating = rate(&puzzle);
        Generated {
            puzzle,
            solution,
            rating,
        }
    }

    /// The next puzzle rated at `difficulty`, trying at most `max_tries`
    /// puzzles; `None` if none of them rated at it.
    pub fn next_with(&mut self, difficulty: Difficulty, max_tries: usize) -> Option<Generated> {
        (0..max_tries)
            .map(|_| self.next_puzzle())
            .find(|g| g.rating.grade() == difficulty)
    }

    fn full_grid(&mut self) -> Grid {
        let n = self.config.box_size;
        let side = n * n;
        if n >= 4 {
            // Random givens on a sparse 16x16 or 25x25 grid can send the
            // search far; start from the pattern grid and shuffle it instead.
            let mut grid = Grid::empty(n).expect("checked in new");
            for row in 0..side {
                for col in 0..side {
                    let digit = (n * (row % n) + row / n + col) % side + 1;
                    grid.set(row, col, digit as u8);
                }
            }
            return self.shuffle(&grid);
        }
        loop {
            let mut grid = Grid::empty(n).expect("checked in new");
            for _ in 0..side {
                let (row, col) = (pick(&mut self.rng, side), pick(&mut self.rng, side));
                let digit = self.rng.gen_range(1..=side as u8);
                let old = grid.get(row, col);
                grid.set(row, col, digit);
                if !grid.is_legal() {
                    grid.set(row, col, old);
                }
            }
            if let Some(solution) = solve_direct(&grid, 1).solution() {
                return self.shuffle(solution);
            }
        }
    }

    fn shuffle(&mut self, grid: &Grid) -> Grid {
        let n = grid.box_size();
        let side = grid.side();
        let order = |rng: &mut ChaCha8Rng| -> Vec<usize> {
            let mut bands: Vec<usize> = (0..n).collect();
            bands.shuffle(rng);
            let mut lines = Vec::with_capacity(side);
            for b in bands {
                let mut within: Vec<usize> = (0..n).collect();
                within.shuffle(rng);
                lines.extend(within.into_iter().map(|i| b * n + i));
            }
            lines
        };
        let rows = order(&mut self.rng);
        let cols = order(&mut self.rng);
        let mut digits: Vec<u8> = (1..=side as u8).collect();
        digits.shuffle(&mut self.rng);
        let mut out = Grid::empty(n).expect("same size");
        for r in 0..side {
            for c in 0..side {
                out.set(r, c, digits[usize::from(grid.get(rows[r], cols[c])) - 1]);
            }
        }
        out
    }

    fn remove_clues(&mut self, solution: &Grid) -> Grid {
        let side = solution.side();
        let mut cells: Vec<usize> = (0..side * side).collect();
        cells.shuffle(&mut self.rng);
        let target = match (self.config.minimal, self.config.box_size) {
            (true, _) => 0,
            // Uniqueness checks of sparse 25x25 grids get slow: stop earlier.
            (false, 5) => side * side * 11 / 20,
            (false, _) => side * side * 2 / 5,
        };
        let mut puzzle = solution.clone();
        let mut givens = side * side;
        for cell in cells {
            if givens <= target {
                break;
            }
            let (row, col) = (cell / side, cell % side);
            let digit = puzzle.get(row, col);
            puzzle.set(row, col, 0);
            if solve_direct(&puzzle, 2).count() == 1 {
                givens -= 1;
            } else {
                puzzle.set(row, col, digit);
            }
        }
        puzzle
    }
}

/// A uniform index below `bound`, drawn as a `u32`: `gen_range` over
/// `usize` draws 32 bits on wasm32 and 64 natively, and the same seed must
/// give the same puzzles on both (the page and the CLI).
fn pick(rng: &mut ChaCha8Rng, bound: usize) -> usize {
    let bound = u32::try_from(bound).expect("a side fits in u32");
    rng.gen_range(0..bound) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_puzzles_and_each_is_unique() {
        let config = GeneratorConfig {
            box_size: 3,
            minimal: true,
        };
        let mut a = Generator::new(7, config).unwrap();
        let mut b = Generator::new(7, config).unwrap();
        for _ in 0..5 {
            let g = a.next_puzzle();
            assert_eq!(g, b.next_puzzle());
            assert_eq!(solve_direct(&g.puzzle, 2).count(), 1);
            assert!(g.solution.solves(&g.puzzle));
        }
    }

    #[test]
    fn a_minimal_25x25_puzzle_is_refused_at_once() {
        let config = GeneratorConfig {
            box_size: 5,
            minimal: true,
        };
        let err = Generator::new(1, config).err();
        assert_eq!(err, Some(Error::MinimalTooLarge { side: 25 }));
        let sixteen = GeneratorConfig {
            box_size: MAX_MINIMAL_BOX_SIZE,
            minimal: true,
        };
        assert!(Generator::new(1, sixteen).is_ok());
    }

    #[test]
    fn other_sizes_generate_too() {
        for n in [2, 4] {
            let config = GeneratorConfig {
                box_size: n,
                minimal: false,
            };
            let g = Generator::new(1, config).unwrap().next_puzzle();
            assert_eq!(g.puzzle.box_size(), n);
            assert_eq!(solve_direct(&g.puzzle, 2).count(), 1);
        }
    }
}
