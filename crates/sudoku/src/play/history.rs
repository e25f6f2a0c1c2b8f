//! Undo and redo: each move is the list of cells it changed, before and
//! after; a new move drops what could be redone.

use super::cell::Cell;
use super::error::Refusal;

/// One undoable move: (cell index, before, after) per changed cell.
type Change = Vec<(usize, Cell, Cell)>;

/// The moves made and the moves undone.
#[derive(Clone, Debug, Default)]
pub(crate) struct History {
    undo: Vec<Change>,
    redo: Vec<Change>,
}

impl History {
    /// Applies `new` (cell index, after) to `cells` as one move; cells
    /// already so are left out, and a move that changes nothing is none.
    pub fn apply(&mut self, cells: &mut [Cell], new: Vec<(usize, Cell)>) {
        let change: Change = new
            .into_iter()
            .filter(|&(i, after)| cells[i] != after)
            .map(|(i, after)| (i, cells[i], after))
            .collect();
        if change.is_empty() {
            return;
        }
        for &(i, _, after) in &change {
            cells[i] = after;
        }
        self.undo.push(change);
        self.redo.clear();
    }

    /// Takes back the last move.
    pub fn undo(&mut self, cells: &mut [Cell]) -> Result<(), Refusal> {
        shift(&mut self.undo, &mut self.redo, cells, |&(_, before, _)| {
            before
        })
    }

    /// Makes the last move undone again.
    pub fn redo(&mut self, cells: &mut [Cell]) -> Result<(), Refusal> {
        shift(&mut self.redo, &mut self.undo, cells, |&(_, _, after)| {
            after
        })
    }

    /// Forgets every move.
    pub fn clear(&mut self) {
        *self = History::default();
    }
}

/// Moves the last change of `from` to `to`, setting each of its cells as
/// `state` picks (before or after).
fn shift(
    from: &mut Vec<Change>,
    to: &mut Vec<Change>,
    cells: &mut [Cell],
    state: fn(&(usize, Cell, Cell)) -> Cell,
) -> Result<(), Refusal> {
    let change = from.pop().ok_or(Refusal::NoHistory)?;
    for step in &change {
        cells[step.0] = state(step);
    }
    to.push(change);
    Ok(())
}
