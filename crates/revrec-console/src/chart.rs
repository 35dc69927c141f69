//! The revenue chart as inline SVG drawn on the server: a bar per month, stacked by
//! `pob_type`, and the deferred balance as a line on its own scale. No script; the table
//! under the chart carries the same figures for screen readers and for copying.

use std::fmt::Write as _;

use maud::{Markup, PreEscaped, html};
use revrec_domain::{Currency, Period, PobType};

use crate::format::{amount_text, grouped};

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
}

/// Fill colours per `pob_type` (a palette readable by the common colour-vision
/// deficiencies), each also named in the legend and in every bar's title.
pub const COLOURS: [&str; 5] = ["#1b6ca8", "#e08a00", "#5b8c3a", "#7b4fa0", "#b23a48"];
const LINE: &str = "#222222";

const WIDTH: f64 = 720.0;
const HEIGHT: f64 = 300.0;
const LEFT: f64 = 64.0;
const RIGHT: f64 = 64.0;
const TOP: f64 = 16.0;
const BOTTOM: f64 = 40.0;

pub fn revenue_chart(months: &[Month], currency: Currency) -> Markup {
    let plot_width = WIDTH - LEFT - RIGHT;
    let plot_height = HEIGHT - TOP - BOTTOM;
    let revenue_max = months
        .iter()
        .map(|month| month.by_pob_type.iter().filter(|v| **v > 0).sum::<i64>())
        .max()
        .unwrap_or(0)
        .max(1);
    let deferred_max = months
        .iter()
        .map(|month| month.deferred_balance)
        .max()
        .unwrap_or(0)
        .max(1);
    let slot = plot_width / months.len().max(1) as f64;
    let bar = (slot * 0.7).max(1.0);
    let mut svg = String::new();
    // Axes: revenue on the left, deferred balance on the right, each at 0 and its maximum.
    let _ = write!(
        svg,
        r##"<line x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{b}" stroke="#555"/><line x1="{LEFT}" y1="{b}" x2="{r}" y2="{b}" stroke="#555"/>"##,
        b = TOP + plot_height,
        r = LEFT + plot_width,
    );
    let _ = write!(
        svg,
        r#"<text x="{x}" y="{y}" text-anchor="end" class="axis">{top}</text><text x="{x}" y="{b}" text-anchor="end" class="axis">0</text><text x="{rx}" y="{y}" text-anchor="start" class="axis">{dtop}</text>"#,
        x = LEFT - 6.0,
        y = TOP + 10.0,
        b = TOP + plot_height,
        rx = LEFT + plot_width + 6.0,
        top = grouped(&amount_text(revenue_max, currency)),
        dtop = grouped(&amount_text(deferred_max, currency)),
    );
    let mut line_points = String::new();
    for (index, month) in months.iter().enumerate() {
        let x = LEFT + slot * index as f64 + (slot - bar) / 2.0;
        let total: i64 = month.by_pob_type.iter().sum();
        let _ = write!(
            svg,
            r#"<g class="month" data-period="{p}" data-total="{t}">"#,
            p = month.period,
            t = amount_text(total, currency),
        );
        let mut y = TOP + plot_height;
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
        let line_x = LEFT + slot * index as f64 + slot / 2.0;
        let line_y = TOP + plot_height
            - plot_height * month.deferred_balance.max(0) as f64 / deferred_max as f64;
        let _ = write!(line_points, "{line_x:.2},{line_y:.2} ");
        // Every month labelled when they fit, else every third.
        if months.len() <= 12 || index % 3 == 0 {
            let _ = write!(
                svg,
                r#"<text x="{line_x:.2}" y="{y}" text-anchor="middle" class="axis">{p}</text>"#,
                y = TOP + plot_height + 16.0,
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

pub fn colour(kind: PobType) -> &'static str {
    PobType::ALL
        .iter()
        .position(|known| *known == kind)
        .and_then(|index| COLOURS.get(index))
        .copied()
        .unwrap_or(LINE)
}
