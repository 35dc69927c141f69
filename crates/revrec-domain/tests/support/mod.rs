//! Builders shared by the domain's integration tests.
#![allow(dead_code, reason = "each test binary uses a different subset")]

use revrec_domain::{
    ContractDraft, ContractTerms, Convention, Currency, LineDraft, Money, PlanHistory, Ssp,
};
use time::Date;

pub fn usd(text: &str) -> i64 {
    Money::parse(text, Currency::USD).unwrap().minor()
}

pub fn cents(minor: i64) -> String {
    revrec_domain::format_minor(minor, 2)
}

pub fn line(name: &str, pob_type: &str, price: &str, ssp: Option<&str>) -> LineDraft {
    LineDraft {
        name: Some(name.into()),
        pob_type: pob_type.into(),
        stated_price: Some(usd(price)),
        ssp: ssp.map(|text| Ssp::parse(text).unwrap()),
        ..LineDraft::default()
    }
}

pub fn contract(
    start: Date,
    end: Date,
    price: Option<&str>,
    lines: Vec<LineDraft>,
) -> ContractTerms {
    draft(start, end, price, lines).validate().unwrap()
}

pub fn draft(start: Date, end: Date, price: Option<&str>, lines: Vec<LineDraft>) -> ContractDraft {
    ContractDraft {
        customer_name: "Acme Corp".into(),
        currency: Currency::USD,
        start_date: start,
        end_date: end,
        signed_date: None,
        transaction_price: price.map(usd),
        convention: Convention::Daily,
        lines,
        variable: Vec::new(),
        unread: Vec::new(),
    }
}

/// `(period, revenue)` of every month of the current plan, all obligations together.
pub fn monthly_revenue(history: &PlanHistory) -> Vec<(String, String)> {
    let schedule = history.current().schedule();
    schedule
        .periods()
        .zip(schedule.total_revenue())
        .map(|(period, amount)| (period.to_string(), cents(amount)))
        .collect()
}

/// Revenue of one obligation per month, as text.
pub fn obligation_revenue(history: &PlanHistory, index: usize) -> Vec<String> {
    history
        .current()
        .schedule()
        .revenue(index)
        .iter()
        .map(|amount| cents(*amount))
        .collect()
}

pub fn pairs(rows: &[(&str, &str)]) -> Vec<(String, String)> {
    rows.iter()
        .map(|(a, b)| ((*a).to_owned(), (*b).to_owned()))
        .collect()
}
