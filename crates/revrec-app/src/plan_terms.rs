//! Reading per-plan terms from the environment: `REVREC_RATE_LIMITS` and
//! `REVREC_CALL_PRICES` (`sandbox=60,growth=1200`, plans left out keep their default).

use revrec_ports::Plan;
use revrec_usecases::PerPlan;

/// `plan=value` pairs separated by commas over `defaults`.
pub fn per_plan<T: Copy>(
    text: &str,
    defaults: PerPlan<T>,
    value: impl Fn(&str) -> Result<T, String>,
) -> Result<PerPlan<T>, String> {
    let mut terms = defaults;
    for pair in text
        .split(',')
        .map(str::trim)
        .filter(|pair| !pair.is_empty())
    {
        let (name, given) = pair
            .split_once('=')
            .ok_or_else(|| format!("`{pair}` is not plan=value"))?;
        let plan = Plan::parse(name.trim())
            .ok_or_else(|| format!("unknown plan `{}` (sandbox, growth or scale)", name.trim()))?;
        let parsed = value(given.trim())?;
        match plan {
            Plan::Sandbox => terms.sandbox = parsed,
            Plan::Growth => terms.growth = parsed,
            Plan::Scale => terms.scale = parsed,
        }
    }
    Ok(terms)
}

/// Requests per minute: a whole number from 1 to 10,000,000.
pub fn requests_per_minute(text: &str) -> Result<u32, String> {
    text.parse::<u32>()
        .ok()
        .filter(|limit| (1..=10_000_000).contains(limit))
        .ok_or_else(|| format!("`{text}` is not a number of requests from 1 to 10000000"))
}

/// A USD price with at most two decimals (`0`, `0.25`, `1.5`), as cents. Read as text, never
/// through a float.
pub fn usd_cents(text: &str) -> Result<i64, String> {
    let bad = || format!("`{text}` is not a USD amount like 0.25 (at most 1000.00)");
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    let digits = |part: &str| !part.is_empty() && part.bytes().all(|byte| byte.is_ascii_digit());
    if !digits(whole) || (text.contains('.') && !digits(fraction)) || fraction.len() > 2 {
        return Err(bad());
    }
    let whole: i64 = whole.parse().map_err(|_| bad())?;
    let cents: i64 = format!("{fraction:0<2}").parse().map_err(|_| bad())?;
    let total = whole
        .checked_mul(100)
        .and_then(|value| value.checked_add(cents))
        .ok_or_else(bad)?;
    if total > 100_000 {
        return Err(bad());
    }
    Ok(total)
}

#[cfg(test)]
mod tests {
    use super::*;
    use revrec_usecases::policy::DEFAULT_REQUESTS_PER_MINUTE;

    #[test]
    fn prices_are_exact_cents() {
        assert_eq!(usd_cents("0"), Ok(0));
        assert_eq!(usd_cents("0.25"), Ok(25));
        assert_eq!(usd_cents("1.5"), Ok(150));
        assert_eq!(usd_cents("12.05"), Ok(1205));
        for bad in ["", ".5", "1.", "0.255", "-1", "1e2", "abc", "1000.01"] {
            assert!(usd_cents(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn plans_left_out_keep_their_default() {
        let limits = per_plan(
            "growth=5, scale=7",
            DEFAULT_REQUESTS_PER_MINUTE,
            requests_per_minute,
        );
        assert_eq!(
            limits,
            Ok(PerPlan {
                sandbox: 60,
                growth: 5,
                scale: 7
            })
        );
        assert!(per_plan("gold=5", DEFAULT_REQUESTS_PER_MINUTE, requests_per_minute).is_err());
        assert!(per_plan("growth", DEFAULT_REQUESTS_PER_MINUTE, requests_per_minute).is_err());
        assert!(per_plan("growth=0", DEFAULT_REQUESTS_PER_MINUTE, requests_per_minute).is_err());
    }
}
