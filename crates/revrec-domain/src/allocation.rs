//! Relative standalone-selling-price allocation (ASC 606 step 4), exact to the minor unit.
//!
//! Largest remainder (Hamilton): each obligation first gets the floor of its exact share;
//! the units left over go one each to the largest fractional remainders, ties to the earlier
//! line. The shares sum to the amount exactly and each is within one unit of its exact share.

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AllocationError {
    #[error("every standalone selling price is zero, so {amount} minor units cannot be allocated")]
    ZeroWeights { amount: i64 },
}

/// Splits `amount` (minor units, either sign) in proportion to `weights`.
pub fn allocate(amount: i64, weights: &[u128]) -> Result<Vec<i64>, AllocationError> {
    Ok(allocation_steps(amount, weights)?
        .into_iter()
        .map(|step| step.share)
        .collect())
}

/// How one weight's share came out of [`allocate`]: the floor of its exact share, the
/// fraction left over, and whether a leftover unit went to it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct AllocationStep {
    pub weight: u128,
    /// The sum of every weight: the exact share is `amount × weight / total_weight`.
    pub total_weight: u128,
    /// The exact share's whole units (its sign the amount's).
    pub floor: i64,
    /// What the exact share has beyond `floor`, in units of `1 / total_weight`.
    pub remainder: u128,
    /// Whether a unit left over after the floors went to this weight (largest remainders
    /// first, ties to the earlier).
    pub extra_unit: bool,
    /// `floor`, plus one unit when `extra_unit`.
    pub share: i64,
}

/// [`allocate`], step by step: what explains each share.
pub fn allocation_steps(
    amount: i64,
    weights: &[u128],
) -> Result<Vec<AllocationStep>, AllocationError> {
    let total = weights
        .iter()
        .fold(0_u128, |sum, weight| sum.saturating_add(*weight));
    if total == 0 && amount != 0 {
        return Err(AllocationError::ZeroWeights { amount });
    }
    let magnitude = u128::from(amount.unsigned_abs());
    let signed = |units: u128| {
        // Each share is at most `magnitude`, which came from an i64.
        let units = i64::try_from(units).unwrap_or(i64::MAX);
        if amount < 0 { -units } else { units }
    };
    let mut steps = Vec::with_capacity(weights.len());
    let mut remainders = Vec::with_capacity(weights.len());
    let mut assigned = 0_u128;
    for (index, weight) in weights.iter().enumerate() {
        let (floor, remainder) = if total == 0 {
            (0, 0)
        } else {
            multiply_divide(magnitude, *weight, total)
        };
        assigned += floor;
        steps.push(AllocationStep {
            weight: *weight,
            total_weight: total,
            floor: signed(floor),
            remainder,
            extra_unit: false,
            share: signed(floor),
        });
        remainders.push((remainder, index));
    }
    // Largest remainder first; among equals, the earlier line.
    remainders.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    let leftover = usize::try_from(magnitude - assigned).unwrap_or(usize::MAX);
    for (_, index) in remainders.into_iter().take(leftover) {
        if let Some(step) = steps.get_mut(index) {
            step.extra_unit = true;
            step.share = signed(u128::from(step.floor.unsigned_abs()) + 1);
        }
    }
    Ok(steps)
}

/// `(a × b / c, a × b mod c)` exactly, for `b ≤ c` (so the quotient fits in `u128`).
/// The product may need 256 bits when weights carry many digits.
fn multiply_divide(a: u128, b: u128, c: u128) -> (u128, u128) {
    match a.checked_mul(b) {
        // In 64 bits when everything fits (nearly always): a 128-bit division is a
        // software routine several times slower.
        Some(product) => match (u64::try_from(product), u64::try_from(c)) {
            (Ok(product), Ok(c)) => (u128::from(product / c), u128::from(product % c)),
            _ => (product / c, product % c),
        },
        None => {
            let (high, low) = multiply_wide(a, b);
            divide_wide(high, low, c)
        }
    }
}

const LOW_HALF: u128 = u64::MAX as u128;

/// The 256-bit product of two `u128`, as (high, low) halves.
fn multiply_wide(a: u128, b: u128) -> (u128, u128) {
    let (a_high, a_low) = (a >> 64, a & LOW_HALF);
    let (b_high, b_low) = (b >> 64, b & LOW_HALF);
    let low_low = a_low * b_low;
    let low_high = a_low * b_high;
    let high_low = a_high * b_low;
    let high_high = a_high * b_high;
    let middle = (low_low >> 64) + (low_high & LOW_HALF) + (high_low & LOW_HALF);
    let low = (low_low & LOW_HALF) | (middle << 64);
    let high = high_high + (low_high >> 64) + (high_low >> 64) + (middle >> 64);
    (high, low)
}

/// Long division of a 256-bit number by a `u128`, when the quotient fits (`high < divisor`).
fn divide_wide(high: u128, low: u128, divisor: u128) -> (u128, u128) {
    let mut remainder = high;
    let mut quotient = 0_u128;
    for bit in (0..128).rev() {
        let carry = remainder >> 127;
        remainder = (remainder << 1) | ((low >> bit) & 1);
        quotient <<= 1;
        if carry == 1 || remainder >= divisor {
            remainder = remainder.wrapping_sub(divisor);
            quotient |= 1;
        }
    }
    (quotient, remainder)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn remainder_cent_goes_to_the_largest_fraction_not_the_last_line() {
        // KPMG telco bundle: SSP 20/30/40, price 80 → exact 17.78/26.67/35.56.
        // Rounding each share gives 18+27+36 = 81; largest remainder gives 80.
        assert_eq!(allocate(80, &[20, 30, 40]), Ok(vec![18, 27, 35]));
    }

    #[test]
    fn equal_remainders_go_to_the_earlier_line() {
        assert_eq!(allocate(10_000, &[1, 1, 1]), Ok(vec![3_334, 3_333, 3_333]));
        assert_eq!(allocate(2, &[1, 1, 1]), Ok(vec![1, 1, 0]));
    }

    #[test]
    fn negative_amounts_mirror_positive_ones() {
        assert_eq!(allocate(-80, &[20, 30, 40]), Ok(vec![-18, -27, -35]));
    }

    #[test]
    fn zero_weights_carry_zero_and_only_zero() {
        assert_eq!(allocate(0, &[0, 0]), Ok(vec![0, 0]));
        assert_eq!(allocate(0, &[]), Ok(vec![]));
        assert_eq!(
            allocate(5, &[0, 0]),
            Err(AllocationError::ZeroWeights { amount: 5 })
        );
        assert_eq!(allocate(100, &[0, 3, 0, 1]), Ok(vec![0, 75, 0, 25]));
    }

    #[test]
    fn wide_products_divide_exactly() {
        let big = u128::MAX / 3;
        assert_eq!(multiply_divide(big, big, big), (big, 0));
        let (quotient, remainder) =
            multiply_divide(u128::from(u64::MAX) * 7, 1 << 100, (1 << 100) + 1);
        let exact = (u128::from(u64::MAX) * 7) - 1; // a − a/(2^100 + 1), floored
        assert_eq!(quotient, exact);
        assert!(remainder < (1 << 100) + 1);
        assert_eq!(multiply_wide(u128::MAX, u128::MAX), (u128::MAX - 1, 1));
    }

    #[test]
    fn shares_sum_exactly_and_stay_within_one_unit_of_the_exact_share() {
        let weights = [7_u128, 13, 1, 999_999, 42, 0, 5];
        let total: u128 = weights.iter().sum();
        for amount in [1_i64, 2, 99, 1_000_001, 987_654_321, -5, -123_456] {
            let shares = allocate(amount, &weights).unwrap();
            assert_eq!(shares.iter().sum::<i64>(), amount);
            for (share, weight) in shares.iter().zip(weights) {
                let exact = i128::from(amount) * i128::try_from(weight).unwrap();
                let share_times_total = i128::from(*share) * i128::try_from(total).unwrap();
                assert!((share_times_total - exact).abs() < i128::try_from(total).unwrap());
            }
        }
    }
}
