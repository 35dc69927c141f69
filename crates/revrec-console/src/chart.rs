//! The revenue chart as inline SVG drawn on the server: a bar per month, stacked by
//! `pob_type`, and the deferred balance as a line on its own scale. No script; the table
//! under the chart carries the same figures for screen readers and for copying.

use std::fmt::Write as _;

use maud::{Markup, PreEscaped, html};
use revrec_domain::{Currency, Period, PobType};

use crate::format::amount_text;

/// One month of the chart, in minor units.
pub struct Month {
    pub period: Period,
    /// In [`PobType::ALL`] order.
    pub by_pob_type: Vec<i64>,
    pub deferred_balance: i64,
    /// What was billed in the month, and the contract assets at its end (shown in the table
    /// once a contract of the portfolio is billed by invoices).
    pub billed: i64,
    pub contract_asset_balance: i64,
    /// The part of the month's revenue that corrects closed months (docs/ledger.md).
    pub correction: i64,
    /// Whether the month is closed: its figures are those it froze.
    pub closed: bool,
}

/// Fill colours per `pob_type` (a palette readable by the common colour-vision
/// deficiencies), each also named in the legend and in every bar's title.
pub const COLOURS: [&str; 6] = [
    "#1b6ca8", "#e08a00", "#5b8c3a", "#7b4fa0", "#b23a48", "#2a8a8a",
];
const LINE: &str = "#222222";

const WIDTH: f64 = 720.0;
const HEIGHT: f64 = 300.0;
const TOP: f64 = 20.0;
const BOTTOM: f64 = 44.0;
/// The largest size, in the chart's own units, console.css draws an axis label at (at phone
/// widths the chart is drawn at half its size, so its labels are drawn larger); the room
/// left for the labels is measured at this size, so they fit at every width.
const LARGEST_FONT: f64 = 18.0;
/// The size console.css draws axis labels at on wider screens.
const DESKTOP_FONT: f64 = 11.0;
/// Room between a label and the plot, or between two labels.
const GAP: f64 = 6.0;

pub fn revenue_chart(months: &[Month], currency: Currency) -> Markup {
    // Each scale runs from 0 to a round figure at or above its largest value, so its one
    // label is exact and short ("2.5M") and fits beside the plot at phone width.
    let revenue_max = round_ceiling(
        months
            .iter()
            .map(|month| month.by_pob_type.iter().filter(|v| **v > 0).sum::<i64>())
            .max()
            .unwrap_or(0),
    );
    let deferred_max = round_ceiling(
        months
            .iter()
            .map(|month| month.deferred_balance)
            .max()
            .unwrap_or(0),
    );
    let revenue_label = scale_label(revenue_max, currency);
    let deferred_label = scale_label(deferred_max, currency);
    let left = GAP * 2.0 + text_width(&revenue_label, LARGEST_FONT);
    let right = GAP * 2.0 + text_width(&deferred_label, LARGEST_FONT);
    let plot_width = WIDTH - left - right;
    let plot_height = HEIGHT - TOP - BOTTOM;
    let bottom = TOP + plot_height;
    let slot = plot_width / months.len().max(1) as f64;
    let bar = (slot * 0.7).max(1.0);
    // Month labels: every `stride`-th where they fit at the desktop size; of those, the ones
    // between every `phone_stride`-th are `minor`, hidden where labels are drawn larger.
    let month_width = |font, gap| text_width("2026-01", font) + gap;
    let stride = labels_every(slot, month_width(DESKTOP_FONT, GAP / 2.0));
    let phone_stride = stride * labels_every(slot * stride as f64, month_width(LARGEST_FONT, GAP));
    let mut svg = String::new();
    // Axes: revenue on the left, deferred balance on the right, each at 0 and its maximum.
    let _ = write!(
        svg,
        r##"<line x1="{left}" y1="{TOP}" x2="{left}" y2="{bottom}" stroke="#555"/><line x1="{left}" y1="{bottom}" x2="{r}" y2="{bottom}" stroke="#555"/>"##,
        r = left + plot_width,
    );
    let _ = write!(
        svg,
        r#"<text x="{x}" y="{TOP}" text-anchor="end" dominant-baseline="middle" class="axis" data-scale="revenue">{revenue_label}</text><text x="{x}" y="{bottom}" text-anchor="end" dominant-baseline="middle" class="axis" data-scale="revenue">0</text><text x="{rx}" y="{TOP}" text-anchor="start" dominant-baseline="middle" class="axis" data-scale="deferred_balance">{deferred_label}</text><text x="{rx}" y="{bottom}" text-anchor="start" dominant-baseline="middle" class="axis" data-scale="deferred_balance">0</text>"#,
        x = left - GAP,
        rx = left + plot_width + GAP,
    );
    let mut line_points = String::new();
    for (index, month) in months.iter().enumerate() {
        let x = left + slot * index as f64 + (slot - bar) / 2.0;
        let total: i64 = month.by_pob_type.iter().sum();
        let _ = write!(
            svg,
            r#"<g class="month" data-period="{p}" data-total="{t}">"#,
            p = month.period,
            t = amount_text(total, currency),
        );
        let mut y = bottom;
        for (kind, amount) in PobType::ALL.iter().zip(month.by_pob_type.iter().copied()) {
            if amount <= 0 {
                continue;
            }
            let height = plot_height * amount as f64 / revenue_max as f64;
            y -= height;
            let text = amount_text(amount, currency);
            let _ = write!(
                svg,
                r#"<rect x="{x:.2}" y="{y:.2}" width="{bar:.2}" height="{height:.2}" fill="{fill}" data-pob-type="{kind}" data-amount="{text}"><title>{p} {kind}: {text} {code}</title></rect>"#,
                fill = colour(*kind),
                kind = kind.as_str(),
                p = month.period,
                code = currency.code(),
            );
        }
        svg.push_str("</g>");
        let line_x = left + slot * index as f64 + slot / 2.0;
        let line_y =
            bottom - plot_height * month.deferred_balance.max(0) as f64 / deferred_max as f64;
        let _ = write!(line_points, "{line_x:.2},{line_y:.2} ");
        if index % stride == 0 {
            let _ = write!(
                svg,
                r#"<text x="{line_x:.2}" y="{y}" text-anchor="middle" dominant-baseline="hanging" class="{class}">{p}</text>"#,
                y = bottom + GAP,
                class = if index % phone_stride == 0 {
                    "axis month-label"
                } else {
                    "axis month-label minor"
                },
                p = month.period,
            );
        }
    }
    let _ = write!(
        svg,
        r#"<polyline points="{points}" fill="none" stroke="{LINE}" stroke-width="2" stroke-dasharray="6 3" data-series="deferred_balance"/>"#,
        points = line_points.trim_end(),
    );
    html! {
        figure.chart {
            svg #revenue-chart viewBox={"0 0 " (WIDTH) " " (HEIGHT)} role="img" aria-labelledby="chart-title chart-desc" {
                title #chart-title { "Recognized revenue by month, stacked by obligation type, and the deferred balance" }
                desc #chart-desc { "Bars: recognized revenue per month (left scale). Dashed line: deferred revenue at each month end (right scale). The table below lists every figure." }
                (PreEscaped(svg))
            }
            figcaption {
                ul.legend {
                    @for kind in PobType::ALL {
                        li {
                            svg.swatch viewBox="0 0 12 12" aria-hidden="true" { rect width="12" height="12" fill=(colour(kind)) {} }
                            (kind.as_str())
                        }
                    }
                    li {
                        svg.swatch viewBox="0 0 12 12" aria-hidden="true" { line x1="0" y1="6" x2="12" y2="6" stroke=(LINE) stroke-width="2" stroke-dasharray="3 2" {} }
                        "deferred balance (right scale)"
                    }
                }
            }
        }
    }
}

/// The least round figure (1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6 or 8 times a power of ten, in
/// minor units) at or above `largest`; at least one minor unit.
fn round_ceiling(largest: i64) -> i64 {
    let mut power: i64 = 1;
    loop {
        for step in [10, 12, 15, 20, 25, 30, 40, 50, 60, 80] {
            // 1.2 × 1 is no whole number of minor units: it waits for the next power.
            if power == 1 && step % 10 != 0 {
                continue;
            }
            let candidate = power.saturating_mul(step) / 10;
            if candidate >= largest {
                return candidate.max(1);
            }
        }
        if power > i64::MAX / 10 {
            return largest.max(1);
        }
        power *= 10;
    }
}

/// `minor` units of `currency` as a scale reads them: exact and short, with k, M, B or T
/// for thousands, millions, billions and trillions (`2.5M`, `250k`, `0.5`).
fn scale_label(minor: i64, currency: Currency) -> String {
    let text = amount_text(minor, currency);
    let (whole, fraction) = text.split_once('.').unwrap_or((&text, ""));
    let fraction = fraction.trim_end_matches('0');
    let mut digits = whole.to_owned();
    let mut suffix = "";
    for (unit, zeros) in [("T", 12), ("B", 9), ("M", 6), ("k", 3)] {
        if digits.len() > zeros {
            suffix = unit;
            let (head, tail) = digits.split_at(digits.len() - zeros);
            let tail = tail.trim_end_matches('0');
            digits = if tail.is_empty() {
                head.to_owned()
            } else {
                format!("{head}.{tail}")
            };
            break;
        }
    }
    if suffix.is_empty() && !fraction.is_empty() {
        format!("{digits}.{fraction}")
    } else {
        format!("{digits}{suffix}")
    }
}

/// How wide `text` is drawn at `font` (an over-estimate: figures at their widest in common
/// sans-serif faces).
fn text_width(text: &str, font: f64) -> f64 {
    let ems: f64 = text
        .chars()
        .map(|c| match c {
            '.' | ',' => 0.36,
            '-' => 0.42,
            'M' => 0.9,
            c if c.is_ascii_uppercase() => 0.75,
            'k' => 0.56,
            _ => 0.64,
        })
        .sum();
    ems * font
}

/// How many slots of `slot` width one label of `width` needs.
fn labels_every(slot: f64, width: f64) -> usize {
    let mut every = 1;
    while slot * (every as f64) < width {
        every += 1;
    }
    every
}

pub fn colour(kind: PobType) -> &'static str {
    PobType::ALL
        .iter()
        .position(|known| *known == kind)
        .and_then(|index| COLOURS.get(index))
        .copied()
        .unwrap_or(LINE)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scales_end_at_round_figures_labelled_short_and_exact() {
        // In minor units: cents of USD, whole yen.
        for (largest, ceiling, usd, yen) in [
            (0, 1, "0.01", "1"),
            (37, 40, "0.4", "40"),
            (100, 100, "1", "100"),
            (101, 120, "1.2", "120"),
            (210_000, 250_000, "2.5k", "250k"),
            (61_828_585, 80_000_000, "800k", "80M"),
            (763_318_012, 800_000_000, "8M", "800M"),
            (123_456_789, 150_000_000, "1.5M", "150M"),
            (480_000_000_000, 500_000_000_000, "5B", "500B"),
        ] {
            assert_eq!(round_ceiling(largest), ceiling, "{largest}");
            assert_eq!(scale_label(ceiling, Currency::USD), usd, "{ceiling}");
            let jpy = Currency::from_code("JPY").unwrap();
            assert_eq!(scale_label(ceiling, jpy), yen, "{ceiling}");
        }
        assert_eq!(round_ceiling(i64::MAX), i64::MAX);
    }

    #[test]
    fn month_labels_thin_out_where_they_would_touch() {
        assert_eq!(labels_every(50.0, 40.0), 1);
        assert_eq!(labels_every(50.0, 50.0), 1);
        assert_eq!(labels_every(50.0, 51.0), 2);
        assert_eq!(labels_every(10.0, 81.0), 9);
    }
}
