//! ISO 4217 currencies and their minor-unit exponents.

use std::fmt;

/// An ISO 4217 currency with its minor-unit exponent (USD 2, JPY 0, BHD 3, CLF 4).
///
/// Stored as an index into [`TABLE`], so it is `Copy`, one byte, and always valid.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Currency(u8);

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CurrencyError {
    #[error("`{0}` is not an ISO 4217 currency code (three uppercase letters, such as USD)")]
    Unknown(String),
}

/// A code's three ASCII letters as one integer, in the codes' order.
const fn code_key([a, b, c]: [u8; 3]) -> u32 {
    u32::from_be_bytes([0, a, b, c])
}

/// [`TABLE`]'s codes as [`code_key`]s, in the same order: a lookup compares integers.
#[expect(
    clippy::indexing_slicing,
    reason = "evaluated at compile time, where a code of fewer than three letters fails the build"
)]
const CODE_KEYS: [u32; TABLE.len()] = {
    let mut keys = [0; TABLE.len()];
    let mut index = 0;
    while index < TABLE.len() {
        let code = TABLE[index].0.as_bytes();
        keys[index] = code_key([code[0], code[1], code[2]]);
        index += 1;
    }
    keys
};

/// Active ISO 4217 codes with a defined minor unit, sorted by code for binary search.
/// Fund codes (BOV, CHE, CLF, …) are included because ledgers do meet them; precious
/// metals and testing codes (XAU, XTS, XXX) have no minor unit and are not currencies here.
#[rustfmt::skip]
const TABLE: &[(&str, u8)] = &[
    ("AED", 2), ("AFN", 2), ("ALL", 2), ("AMD", 2), ("ANG", 2), ("AOA", 2), ("ARS", 2),
    ("AUD", 2), ("AWG", 2), ("AZN", 2), ("BAM", 2), ("BBD", 2), ("BDT", 2), ("BGN", 2),
    ("BHD", 3), ("BIF", 0), ("BMD", 2), ("BND", 2), ("BOB", 2), ("BOV", 2), ("BRL", 2),
    ("BSD", 2), ("BTN", 2), ("BWP", 2), ("BYN", 2), ("BZD", 2), ("CAD", 2), ("CDF", 2),
    ("CHE", 2), ("CHF", 2), ("CHW", 2), ("CLF", 4), ("CLP", 0), ("CNY", 2), ("COP", 2),
    ("COU", 2), ("CRC", 2), ("CUP", 2), ("CVE", 2), ("CZK", 2), ("DJF", 0), ("DKK", 2),
    ("DOP", 2), ("DZD", 2), ("EGP", 2), ("ERN", 2), ("ETB", 2), ("EUR", 2), ("FJD", 2),
    ("FKP", 2), ("GBP", 2), ("GEL", 2), ("GHS", 2), ("GIP", 2), ("GMD", 2), ("GNF", 0),
    ("GTQ", 2), ("GYD", 2), ("HKD", 2), ("HNL", 2), ("HTG", 2), ("HUF", 2), ("IDR", 2),
    ("ILS", 2), ("INR", 2), ("IQD", 3), ("IRR", 2), ("ISK", 0), ("JMD", 2), ("JOD", 3),
    ("JPY", 0), ("KES", 2), ("KGS", 2), ("KHR", 2), ("KMF", 0), ("KPW", 2), ("KRW", 0),
    ("KWD", 3), ("KYD", 2), ("KZT", 2), ("LAK", 2), ("LBP", 2), ("LKR", 2), ("LRD", 2),
    ("LSL", 2), ("LYD", 3), ("MAD", 2), ("MDL", 2), ("MGA", 2), ("MKD", 2), ("MMK", 2),
    ("MNT", 2), ("MOP", 2), ("MRU", 2), ("MUR", 2), ("MVR", 2), ("MWK", 2), ("MXN", 2),
    ("MXV", 2), ("MYR", 2), ("MZN", 2), ("NAD", 2), ("NGN", 2), ("NIO", 2), ("NOK", 2),
    ("NPR", 2), ("NZD", 2), ("OMR", 3), ("PAB", 2), ("PEN", 2), ("PGK", 2), ("PHP", 2),
    ("PKR", 2), ("PLN", 2), ("PYG", 0), ("QAR", 2), ("RON", 2), ("RSD", 2), ("RUB", 2),
    ("RWF", 0), ("SAR", 2), ("SBD", 2), ("SCR", 2), ("SDG", 2), ("SEK", 2), ("SGD", 2),
    ("SHP", 2), ("SLE", 2), ("SOS", 2), ("SRD", 2), ("SSP", 2), ("STN", 2), ("SVC", 2),
    ("SYP", 2), ("SZL", 2), ("THB", 2), ("TJS", 2), ("TMT", 2), ("TND", 3), ("TOP", 2),
    ("TRY", 2), ("TTD", 2), ("TWD", 2), ("TZS", 2), ("UAH", 2), ("UGX", 0), ("USD", 2),
    ("USN", 2), ("UYI", 0), ("UYU", 2), ("UYW", 4), ("UZS", 2), ("VED", 2), ("VES", 2),
    ("VND", 0), ("VUV", 0), ("WST", 2), ("XAF", 0), ("XCD", 2), ("XCG", 2), ("XOF", 0),
    ("XPF", 0), ("YER", 2), ("ZAR", 2), ("ZMW", 2), ("ZWG", 2),
];

impl Currency {
    /// The default currency of a contract that names none.
    pub const USD: Currency = Currency::known("USD");
    pub const EUR: Currency = Currency::known("EUR");
    pub const GBP: Currency = Currency::known("GBP");
    pub const JPY: Currency = Currency::known("JPY");
    pub const CHF: Currency = Currency::known("CHF");
    pub const CAD: Currency = Currency::known("CAD");
    pub const AUD: Currency = Currency::known("AUD");
    pub const BHD: Currency = Currency::known("BHD");
    pub const KWD: Currency = Currency::known("KWD");

    /// Looks up an uppercase ISO 4217 code. Lowercase is refused on purpose: the wire
    /// contract says uppercase, and accepting both would give one currency two spellings.
    pub fn from_code(code: &str) -> Result<Currency, CurrencyError> {
        <[u8; 3]>::try_from(code.as_bytes())
            .ok()
            .and_then(|letters| CODE_KEYS.binary_search(&code_key(letters)).ok())
            .and_then(|index| u8::try_from(index).ok())
            .map(Currency)
            .ok_or_else(|| CurrencyError::Unknown(code.to_owned()))
    }

    /// Every currency of the table, in code order.
    pub fn all() -> impl Iterator<Item = Currency> {
        (0..TABLE.len()).filter_map(|index| u8::try_from(index).ok().map(Currency))
    }

    pub fn code(self) -> &'static str {
        self.entry().0
    }

    /// Number of decimal digits of the minor unit (2 for cents, 0 for yen, 3 for fils).
    pub fn exponent(self) -> u8 {
        self.entry().1
    }

    fn entry(self) -> (&'static str, u8) {
        TABLE
            .get(usize::from(self.0))
            .copied()
            .unwrap_or(("USD", 2))
    }

    #[expect(
        clippy::indexing_slicing,
        reason = "evaluated at compile time for constants, where a bad index fails the build"
    )]
    const fn known(code: &str) -> Currency {
        let wanted = code.as_bytes();
        let mut index = 0;
        while index < TABLE.len() {
            let candidate = TABLE[index].0.as_bytes();
            if candidate[0] == wanted[0] && candidate[1] == wanted[1] && candidate[2] == wanted[2] {
                return Currency(index as u8);
            }
            index += 1;
        }
        panic!("currency constant missing from the ISO 4217 table");
    }
}

impl fmt::Display for Currency {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl fmt::Debug for Currency {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_is_sorted_and_unique_so_binary_search_finds_every_code() {
        assert!(TABLE.windows(2).all(|pair| pair[0].0 < pair[1].0));
        assert!(u8::try_from(TABLE.len()).is_ok());
        for currency in Currency::all() {
            assert_eq!(Currency::from_code(currency.code()), Ok(currency));
        }
    }

    #[test]
    fn exponents_follow_iso_4217() {
        #[rustfmt::skip]
        let expected = [
            ("USD", 2), ("EUR", 2), ("GBP", 2), ("JPY", 0), ("CHF", 2), ("CAD", 2),
            ("AUD", 2), ("BHD", 3), ("KWD", 3), ("KRW", 0), ("CLF", 4),
        ];
        for (code, exponent) in expected {
            assert_eq!(
                Currency::from_code(code).map(Currency::exponent),
                Ok(exponent),
                "{code}"
            );
        }
        assert_eq!(Currency::JPY.exponent(), 0);
        assert_eq!(Currency::KWD.code(), "KWD");
    }

    #[test]
    fn unknown_and_lowercase_codes_are_refused() {
        assert!(Currency::from_code("usd").is_err());
        assert!(Currency::from_code("XXX").is_err());
        assert!(Currency::from_code("").is_err());
        assert!(Currency::from_code("USDT").is_err());
        assert!(Currency::from_code("US").is_err());
    }
}
