//! A cactus plot as a self-contained SVG, written by hand (no font files or
//! drawing library needed): x is the number of instances solved, y the
//! time the k-th fastest solved instance took, one line per solver.

use std::fmt::Write as _;

use crate::{CsvRow, Verdict};

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

/// The picture's size and the margins around the plot area, in pixels
/// (the right margin holds the legend).
struct Frame {
    width: f64,
    height: f64,
    left: f64,
    right: f64,
    top: f64,
    bottom: f64,
}

const FRAME: Frame = Frame {
    width: 760.0,
    height: 480.0,
    left: 70.0,
    right: 190.0,
    top: 40.0,
    bottom: 55.0,
};

impl Frame {
    fn plot_w(&self) -> f64 {
        self.width - self.left - self.right
    }

    fn plot_h(&self) -> f64 {
        self.height - self.top - self.bottom
    }
}

/// Line colours, one per series in turn.
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

/// `text` as SVG text: markup characters escaped, control characters
/// (which XML does not allow) left out.
fn escape(text: &str) -> String {
    let text: String = text
        .chars()
        .filter(|c| !c.is_control() || matches!(c, '\t' | '\n' | '\r'))
        .collect();
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn label(value: f64) -> String {
    let text = format!("{value:.3}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// Both axes' scales: instances solved across, time up.
struct Scales {
    time: TimeAxis,
    x_step: f64,
    x_max: f64,
}

impl Scales {
    fn new(series: &[Series], log: bool) -> Scales {
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
        let x_step = tick_step(max_n).max(1.0);
        Scales {
            time: TimeAxis::new(&times, log),
            x_step,
            x_max: (max_n / x_step).ceil() * x_step,
        }
    }

    fn x_of(&self, n: f64) -> f64 {
        FRAME.left + n / self.x_max * FRAME.plot_w()
    }

    fn y_of(&self, t: f64) -> f64 {
        FRAME.top + FRAME.plot_h() - self.time.frac(t) * FRAME.plot_h()
    }
}

/// The SVG document for `series` under `title`, `y_label` on the time
/// axis, which is logarithmic with `log`.
pub fn cactus_svg(series: &[Series], title: &str, y_label: &str, log: bool) -> String {
    let scales = Scales::new(series, log);
    let (width, height) = (FRAME.width, FRAME.height);
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\" font-family=\"sans-serif\" font-size=\"12\">\n\
         <rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n\
         <text x=\"{}\" y=\"24\" text-anchor=\"middle\" font-size=\"15\">{}</text>\n",
        width / 2.0,
        escape(title)
    );
    draw_grid(&mut svg, &scales);
    draw_frame(&mut svg, y_label);
    for (i, s) in series.iter().enumerate() {
        draw_series(&mut svg, &scales, i, s);
    }
    svg + "</svg>\n"
}

/// Grid lines with their tick labels, across then up.
fn draw_grid(svg: &mut String, scales: &Scales) {
    let (left, top) = (FRAME.left, FRAME.top);
    let bottom = top + FRAME.plot_h();
    let mut tick = 0.0;
    while tick <= scales.x_max + 1e-9 {
        let x = scales.x_of(tick);
        let _ = write!(
            svg,
            "<line x1=\"{x:.1}\" y1=\"{top}\" x2=\"{x:.1}\" y2=\"{bottom:.1}\" stroke=\"#e0e0e0\"/>\n\
             <text x=\"{x:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{}</text>\n",
            bottom + 18.0,
            label(tick)
        );
        tick += scales.x_step;
    }
    for tick in scales.time.ticks() {
        let y = scales.y_of(tick);
        let _ = write!(
            svg,
            "<line x1=\"{left}\" y1=\"{y:.1}\" x2=\"{:.1}\" y2=\"{y:.1}\" stroke=\"#e0e0e0\"/>\n\
             <text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{}</text>\n",
            left + FRAME.plot_w(),
            left - 6.0,
            y + 4.0,
            label(tick)
        );
    }
}

/// The plot area's border and the axis titles.
fn draw_frame(svg: &mut String, y_label: &str) {
    let (left, top, plot_w, plot_h) = (FRAME.left, FRAME.top, FRAME.plot_w(), FRAME.plot_h());
    let _ = write!(
        svg,
        "<rect x=\"{left}\" y=\"{top}\" width=\"{plot_w}\" height=\"{plot_h}\" fill=\"none\" stroke=\"black\"/>\n\
         <text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">instances solved</text>\n\
         <text transform=\"translate(18 {:.1}) rotate(-90)\" text-anchor=\"middle\">{}</text>\n",
        left + plot_w / 2.0,
        FRAME.height - 12.0,
        top + plot_h / 2.0,
        escape(y_label)
    );
}

/// Series number `i`: its line and its legend entry.
fn draw_series(svg: &mut String, scales: &Scales, i: usize, s: &Series) {
    let color = COLORS[i % COLORS.len()];
    let points: Vec<String> = s
        .times
        .iter()
        .enumerate()
        .map(|(k, &t)| format!("{:.1},{:.1}", scales.x_of((k + 1) as f64), scales.y_of(t)))
        .collect();
    let _ = writeln!(
        svg,
        "<polyline fill=\"none\" stroke=\"{color}\" stroke-width=\"2\" points=\"{}\"/>",
        points.join(" ")
    );
    let y = FRAME.top + 10.0 + 22.0 * i as f64;
    let x = FRAME.left + FRAME.plot_w() + 14.0;
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

    #[test]
    fn no_number_in_the_svg_is_nan_or_infinite() {
        let cases: [&[f64]; 5] = [&[], &[0.0], &[0.0, 0.0], &[1e9], &[1e-12, 1e9]];
        for times in cases {
            let series = [Series {
                label: "s\u{1}".into(),
                times: times.to_vec(),
            }];
            for log in [false, true] {
                let svg = cactus_svg(&series, "t\u{0}", "seconds", log);
                for bad in ["NaN", "inf", "\u{0}", "\u{1}"] {
                    assert!(!svg.contains(bad), "{times:?} log {log}: {bad}");
                }
            }
        }
    }
}
