//! A finished bench: its outcomes and everything written from them.

use std::time::Duration;

use crate::plot::{cactus_svg, series_from_rows};
use crate::{csv, report, Outcome, Totals};

/// The outcomes of a bench run, in file order, with its label and timeout.
#[derive(Clone, Debug)]
pub struct Results {
    label: String,
    timeout: Duration,
    outcomes: Vec<Outcome>,
}

impl Results {
    /// Results of a run labelled `label` with `timeout` per instance.
    pub fn new(label: String, timeout: Duration, outcomes: Vec<Outcome>) -> Results {
        Results {
            label,
            timeout,
            outcomes,
        }
    }

    /// The solver's name in the CSV and the plot.
    pub fn label(&self) -> &str {
        &self.label
    }

    /// One outcome per instance run, in file order.
    pub fn outcomes(&self) -> &[Outcome] {
        &self.outcomes
    }

    /// The counts and PAR-2 scores.
    pub fn totals(&self) -> Totals {
        Totals::of(&self.outcomes, self.timeout_secs())
    }

    /// No wrong answer, no bad model and no failed run.
    pub fn passed(&self) -> bool {
        let totals = self.totals();
        totals.wrong + totals.bad_models + totals.errors == 0
    }

    /// The table: a header, one row per instance, the totals line.
    pub fn table(&self) -> String {
        report::table(&self.outcomes, self.timeout_secs())
    }

    /// The CSV text (see [`CSV_HEADER`](crate::CSV_HEADER)).
    pub fn csv(&self) -> String {
        csv::to_csv(&self.label, &self.outcomes, self.timeout_secs())
    }

    /// A cactus plot of the wall-clock times of the solved instances.
    pub fn cactus_svg(&self) -> String {
        let rows = csv::rows_of(&self.label, &self.outcomes);
        let title = format!("{}, timeout {} s", self.label, self.timeout_secs());
        cactus_svg(&series_from_rows(&rows, false), &title, "seconds", false)
    }

    fn timeout_secs(&self) -> f64 {
        self.timeout.as_secs_f64()
    }
}
