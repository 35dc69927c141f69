//! A realistic sample portfolio for `revrec demo` and for load tests: SaaS order forms of
//! one to three years with a platform subscription, often support and onboarding, sometimes
//! a perpetual license, and a negotiated discount on about a third of them.
//!
//! Deterministic: the same count and seed give the same contracts, so two runs (or two
//! databases) can be compared byte for byte.

use revrec_domain::{ContractDraft, Convention, Currency, LineDraft, Ssp};
use time::{Date, Duration, Month};

use crate::ingest_contract::NewContract;

const COMPANIES: [&str; 24] = [
    "Acme",
    "Globex",
    "Initech",
    "Umbrella",
    "Hooli",
    "Vandelay",
    "Stark",
    "Wayne",
    "Tyrell",
    "Cyberdyne",
    "Soylent",
    "Wonka",
    "Gringotts",
    "Monarch",
    "Aperture",
    "Black Mesa",
    "Oscorp",
    "Massive Dynamic",
    "Dunder Mifflin",
    "Pied Piper",
    "Prestige Worldwide",
    "Sterling Cooper",
    "Bluth",
    "Nakatomi",
];
const SUFFIXES: [&str; 8] = [
    "Inc.", "LLC", "Corp.", "GmbH", "Ltd.", "Holdings", "Group", "Labs",
];

/// A hundred dollars, in cents: sample prices are multiples of it.
const HUNDRED_DOLLARS: i64 = 10_000;

/// splitmix64: small, fast and good enough for sample data (not for secrets).
struct SampleRandom(u64);

impl SampleRandom {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `low..=high`.
    fn between(&mut self, low: i64, high: i64) -> i64 {
        let span = u64::try_from(high - low + 1).unwrap_or(1);
        low + i64::try_from(self.next() % span).unwrap_or(0)
    }

    fn chance(&mut self, percent: i64) -> bool {
        self.between(1, 100) <= percent
    }
}

/// `count` contracts starting between 2024-01-01 and 2026-12-31, all in USD.
pub fn demo_portfolio(count: usize, seed: u64) -> Vec<NewContract> {
    demo_contracts(count, seed).collect()
}

/// [`demo_portfolio`] one contract at a time, so a loader holds a batch, not the portfolio
/// (ten million contracts took 20 GB held at once).
pub fn demo_contracts(count: usize, seed: u64) -> impl Iterator<Item = NewContract> + Send {
    let mut random = SampleRandom(seed);
    let first_start = Date::from_calendar_date(2024, Month::January, 1).unwrap_or(Date::MIN);
    (0..count).map(move |number| {
        let start = first_start + Duration::days(random.between(0, 1_095));
        let years = random.between(1, 3);
        let end = add_years(start, years) - Duration::days(1);
        let company = COMPANIES
            .get(usize::try_from(random.between(0, 23)).unwrap_or(0))
            .copied()
            .unwrap_or("Acme");
        let suffix = SUFFIXES
            .get(usize::try_from(random.between(0, 7)).unwrap_or(0))
            .copied()
            .unwrap_or("Inc.");
        let region = random.between(1, 60);
        let customer_name = format!("{company} {suffix} (region {region})");

        // Prices in whole dollars, as order forms state them.
        let annual = random.between(60, 1_200) * HUNDRED_DOLLARS;
        let subscription = annual * years;
        let mut lines = vec![line("Platform subscription", "subscription", subscription)];
        if random.chance(60) {
            lines.push(line(
                "Premium support",
                "support",
                whole_dollars(subscription * random.between(10, 20) / 100),
            ));
        }
        if random.chance(50) {
            let mut onboarding = line(
                "Onboarding",
                "services",
                random.between(20, 150) * HUNDRED_DOLLARS,
            );
            onboarding.ssp = Some(Ssp::from_minor(
                random.between(25, 180) * HUNDRED_DOLLARS,
                Currency::USD,
            ));
            onboarding.delivery_date = Some(start + Duration::days(random.between(0, 60)));
            lines.push(onboarding);
        }
        if random.chance(15) {
            lines.push(line(
                "On-premise license",
                "license",
                random.between(50, 500) * HUNDRED_DOLLARS,
            ));
        }
        let list_price: i64 = lines.iter().filter_map(|l| l.stated_price).sum();
        let transaction_price = random
            .chance(35)
            .then(|| whole_dollars(list_price - list_price * random.between(3, 15) / 100));

        NewContract {
            draft: ContractDraft {
                customer_name,
                currency: Currency::USD,
                start_date: start,
                end_date: end,
                signed_date: Some(start - Duration::days(random.between(0, 30))),
                transaction_price,
                convention: Convention::Daily,
                lines,
                variable: Vec::new(),
                unread: Vec::new(),
            },
            customer_id: None,
            contract_number: Some(format!("SO-{:06}", number + 1)),
            as_draft: false,
            parent_contract_id: None,
            billing_schedule: Vec::new(),
        }
    })
}

fn line(name: &str, pob_type: &str, price: i64) -> LineDraft {
    LineDraft {
        name: Some(name.to_owned()),
        pob_type: pob_type.to_owned(),
        stated_price: Some(price),
        ..LineDraft::default()
    }
}

fn whole_dollars(cents: i64) -> i64 {
    cents / 100 * 100
}

fn add_years(date: Date, years: i64) -> Date {
    let year = date.year() + i32::try_from(years).unwrap_or(0);
    date.replace_year(year)
        .or_else(|_| (date - Duration::days(1)).replace_year(year))
        .unwrap_or(date)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_portfolio_is_deterministic_and_valid() {
        let once = demo_portfolio(200, 7);
        let twice = demo_portfolio(200, 7);
        assert_eq!(format!("{once:?}"), format!("{twice:?}"));
        for contract in &once {
            contract
                .draft
                .validate()
                .expect("every sample contract is valid");
        }
        assert_ne!(
            format!("{:?}", demo_portfolio(5, 8)),
            format!("{:?}", demo_portfolio(5, 7))
        );
    }
}
