//! A cactus plot as a self-contained SVG, written by hand (no font files or
//! drawing library needed): x is the number of instances solved, y the
//! time the k-th fastest solved instance took, one line per solver.

use std::fmt::Write as _;

use super::outcome::Verdict;
use super::report::CsvRow;

/// One line of the plot: a solver's solved times, ascending.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    /// The legend text.
    pub label: String,
    /// Seconds of each solved instance, ascending.
    pub times: Vec<f64>,
}

/// One series per solver label (in order of first appearance), from solved
/// rows: their CPU times with `cpu` (wall-clock where a row has none).
pub fn series_from_rows(rows: &[CsvRow], cpu: bool) -> Vec<Series> {
    let mut series: Vec<Series> = Vec::new();
    for row in rows {
        let index = match series.iter().position(|s| s.label == row.solver) {
            Some(i) => i,
            None => {
                series.push(Series {
                    label: row.solver.clone(),
                    times: Vec::new(),
                });
                series.len() - 1
            }
        };
        if row.verdict == Verdict::Solved {
            let time = if cpu { row.cpu } else { None };
            series[index].times.push(time.unwrap_or(row.seconds));
        }
    }
    for s in &mut series {
        s.times.sort_by(f64::total_cmp);
    }
    series
}

const WIDTH: f64 = 760.0;
const HEIGHT: f64 = 480.0;
const LEFT: f64 = 70.0;
const RIGHT: f64 = 190.0;
const TOP: f64 = 40.0;
const BOTTOM: f64 = 55.0;
const COLORS: [&str; 6] = [
    "#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b",
];

/// A tick step of 1, 2 or 5 times a power of ten giving at most 8 ticks up to `max`.
pub fn tick_step(max: f64) -> f64 {
    if max <= 0.0 || !max.is_finite() {
        return 1.0;
    }
    let mut step = 10f64.powf((max / 8.0).log10().floor());
    for factor in [1.0, 2.0, 5.0, 10.0] {
        if max / (step * factor) <= 8.0 {
            step *= factor;
            break;
        }
    }
    step
}

/// The time axis: linear from 0, or logarithmic between powers of ten.
#[derive(Debug, PartialEq)]
struct TimeAxis {
    lo: f64,
    hi: f64,
    log: bool,
}

impl TimeAxis {
    fn new(times: &[f64], log: bool) -> TimeAxis {
        let max = times.iter().copied().fold(0.0, f64::max);
        if log {
            let min = times.iter().copied().fold(max, f64::min);
            let lo = 10f64.powf(min.max(1e-3).log10().floor());
            let hi = 10f64.powf(max.max(1e-3).log10().ceil()).max(lo * 10.0);
            return TimeAxis { lo, hi, log };
        }
        let step = tick_step(max);
        let hi = ((max / step).ceil() * step).max(step);
        TimeAxis { lo: 0.0, hi, log }
    }

    /// Where `t` sits, from 0 (bottom) to 1 (top).
    fn frac(&self, t: f64) -> f64 {
        if self.log {
            (t.max(self.lo) / self.lo).log10() / (self.hi / self.lo).log10()
        } else {
            t / self.hi
        }
    }

    fn ticks(&self) -> Vec<f64> {
        let mut ticks = vec![self.lo];
        let step = tick_step(self.hi);
        while let (Some(&last), true) = (ticks.last(), ticks.len() < 40) {
            let next = if self.log { last * 10.0 } else { last + step };
            if next > self.hi * (1.0 + 1e-9) {
                break;
            }
            ticks.push(next);
        }
        ticks
    }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn label(value: f64) -> String {
    let text = format!("{value:.3}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// The SVG document for `series` under `title`, `y_label` on the time
/// axis, which is logarithmic with `log`.
pub fn cactus_svg(series: &[Series], title: &str, y_label: &str, log: bool) -> String {
    let max_n = series
        .iter()
        .map(|s| s.times.len())
        .max()
        .unwrap_or(0)
        .max(1) as f64;
    let times: Vec<f64> = series
        .iter()
        .flat_map(|s| s.times.iter().copied())
        .collect();
    let axis = TimeAxis::new(&times, log);
    let x_step = tick_step(max_n).max(1.0);
    let x_max = (max_n / x_step).ceil() * x_step;
    let plot_w = WIDTH - LEFT - RIGHT;
    let plot_h = HEIGHT - TOP - BOTTOM;
    let x_of = |n: f64| LEFT + n / x_max * plot_w;
    let y_of = |t: f64| TOP + plot_h - axis.frac(t) * plot_h;
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{WIDTH}\" height=\"{HEIGHT}\" \
         viewBox=\"0 0 {WIDTH} {HEIGHT}\" font-family=\"sans-serif\" font-size=\"12\">\n\
         <rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n\
         <text x=\"{}\" y=\"24\" text-anchor=\"middle\" font-size=\"15\">{}</text>\n",
        WIDTH / 2.0,
        escape(title)
    );
    let mut tick = 0.0;
    while tick <= x_max + 1e-9 {
        let x = x_of(tick);
        let _ = write!(
            svg,
            "<line x1=\"{x:.1}\" y1=\"{TOP}\" x2=\"{x:.1}\" y2=\"{:.1}\" stroke=\"#e0e0e0\"/>\n\
             <text x=\"{x:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{}</text>\n",
            TOP + plot_h,
            TOP + plot_h + 18.0,
            label(tick)
        );
        tick += x_step;
    }
    for tick in axis.ticks() {
        let y = y_of(tick);
        let _ = write!(
            svg,
            "<line x1=\"{LEFT}\" y1=\"{y:.1}\" x2=\"{:.1}\" y2=\"{y:.1}\" stroke=\"#e0e0e0\"/>\n\
             <text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{}</text>\n",
            LEFT + plot_w,
            LEFT - 6.0,
            y + 4.0,
            label(tick)
        );
    }
    let _ = write!(
        svg,
        "<rect x=\"{LEFT}\" y=\"{TOP}\" width=\"{plot_w}\" height=\"{plot_h}\" fill=\"none\" stroke=\"black\"/>\n\
         <text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">instances solved</text>\n\
         <text transform=\"translate(18 {:.1}) rotate(-90)\" text-anchor=\"middle\">{}</text>\n",
        LEFT + plot_w / 2.0,
        HEIGHT - 12.0,
        TOP + plot_h / 2.0,
        escape(y_label)
    );
    for (i, s) in series.iter().enumerate() {
        let color = COLORS[i % COLORS.len()];
        let points: Vec<String> = s
            .times
            .iter()
            .enumerate()
            .map(|(k, &t)| format!("{:.1},{:.1}", x_of((k + 1) as f64), y_of(t)))
            .collect();
        let _ = writeln!(
            svg,
            "<polyline fill=\"none\" stroke=\"{color}\" stroke-width=\"2\" points=\"{}\"/>",
            points.join(" ")
        );
        let y = TOP + 10.0 + 22.0 * i as f64;
        let x = LEFT + plot_w + 14.0;
        let _ = write!(
            svg,
            "<line x1=\"{x:.1}\" y1=\"{y:.1}\" x2=\"{:.1}\" y2=\"{y:.1}\" stroke=\"{color}\" stroke-width=\"2\"/>\n\
             <text x=\"{:.1}\" y=\"{:.1}\">{} ({})</text>\n",
            x + 24.0,
            x + 30.0,
            y + 4.0,
            escape(&s.label),
            s.times.len()
        );
    }
    svg + "</svg>\n"
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(solver: &str, verdict: Verdict, seconds: f64) -> CsvRow {
        CsvRow {
            solver: solver.into(),
            verdict,
            seconds,
            cpu: Some(seconds / 2.0),
        }
    }

    #[test]
    fn rows_group_by_solver_and_keep_only_solved_times_sorted() {
        let rows = [
            row("satoku", Verdict::Solved, 3.0),
            row("minisat", Verdict::Solved, 0.5),
            row("satoku", Verdict::Timeout, 60.0),
            row("satoku", Verdict::Solved, 1.0),
            row("minisat", Verdict::Wrong, 0.1),
        ];
        let series = series_from_rows(&rows, false);
        assert_eq!(series.len(), 2);
        assert_eq!(
            (series[0].label.as_str(), &series[0].times[..]),
            ("satoku", &[1.0, 3.0][..])
        );
        assert_eq!(series[1].times, [0.5]);
        assert_eq!(series_from_rows(&rows, true)[0].times, [0.5, 1.5]);
    }

    #[test]
    fn tick_steps_are_round() {
        for (max, step) in [
            (60.0, 10.0),
            (400.0, 50.0),
            (7.0, 1.0),
            (0.3, 0.05),
            (0.0, 1.0),
        ] {
            assert!(
                (tick_step(max) - step).abs() < 1e-9,
                "{max}: {}",
                tick_step(max)
            );
        }
    }

    #[test]
    fn the_svg_has_one_polyline_per_series_and_escaped_labels() {
        let series = [
            Series {
                label: "satoku <cdcl>".into(),
                times: vec![0.1, 0.4, 2.0],
            },
            Series {
                label: "minisat".into(),
                times: vec![],
            },
        ];
        let svg = cactus_svg(&series, "uf & uuf", "CPU seconds", false);
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>\n"));
        assert_eq!(svg.matches("<polyline").count(), 2);
        assert!(svg.contains("satoku &lt;cdcl&gt; (3)"));
        assert!(svg.contains("uf &amp; uuf") && svg.contains(">CPU seconds</text>"));
        assert!(!svg.contains("NaN") && !svg.contains("inf"));
        let log = cactus_svg(&series, "t", "seconds", true);
        assert!(!log.contains("NaN") && !log.contains("inf"));
        assert_eq!(
            cactus_svg(&[], "t", "s", true).matches("<polyline").count(),
            0
        );
    }

    #[test]
    fn time_axes() {
        let linear = TimeAxis::new(&[0.5, 42.0], false);
        assert_eq!(linear.ticks(), [0.0, 10.0, 20.0, 30.0, 40.0, 50.0]);
        assert_eq!(linear.frac(25.0), 0.5);
        let log = TimeAxis::new(&[0.05, 42.0], true);
        let ticks = log.ticks();
        assert_eq!(ticks.len(), 5);
        assert!((ticks[0] - 0.01).abs() < 1e-12 && (ticks[4] - 100.0).abs() < 1e-9);
        assert!((log.hi - 100.0).abs() < 1e-9);
        assert!((log.frac(1.0) - 0.5).abs() < 1e-9);
        assert_eq!(log.frac(0.0), 0.0);
    }
}
