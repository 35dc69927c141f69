//! Amounts on the wire. In: a JSON number or a decimal string, kept as its exact text (never
//! an `f64`). Out: a JSON number written with exactly the currency's decimals (`100.00`).

use serde::de::{Deserializer, Error as _};
use serde::ser::{Error as _, Serializer};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{ObjectBuilder, OneOfBuilder, Schema, SchemaFormat, Type};
use utoipa::{PartialSchema, ToSchema};

/// The exact text of an amount as sent: `1250.50`, `"1250.50"`, `1.2505e3`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct DecimalInput(pub String);

impl<'de> Deserialize<'de> for DecimalInput {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<DecimalInput, D::Error> {
        let raw: Box<RawValue> = Deserialize::deserialize(deserializer)?;
        let text = raw.get();
        if text.starts_with(|c: char| c == '-' || c.is_ascii_digit()) {
            // The number's own text, kept in the buffer it was read into.
            return Ok(DecimalInput(String::from(Box::<str>::from(raw))));
        }
        if !text.starts_with('"') {
            return Err(D::Error::custom(
                "must be a number or a decimal string such as \"1250.00\"",
            ));
        }
        if text.contains('\\') {
            let inner: String = serde_json::from_str(text).map_err(D::Error::custom)?;
            return Ok(DecimalInput(inner));
        }
        // No escape inside: the text between the quotes is the string, taken out of the
        // same buffer (a read of valid JSON: it ends with the closing quote).
        let mut inner = String::from(Box::<str>::from(raw));
        inner.pop();
        inner.remove(0);
        Ok(DecimalInput(inner))
    }
}

impl PartialSchema for DecimalInput {
    fn schema() -> RefOr<Schema> {
        OneOfBuilder::new()
            .item(
                ObjectBuilder::new()
                    .schema_type(Type::Number)
                    .format(Some(SchemaFormat::Custom("decimal".into()))),
            )
            .item(
                ObjectBuilder::new()
                    .schema_type(Type::String)
                    .pattern(Some(r"^[+-]?[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?$")),
            )
            .description(Some(
                "An exact decimal amount, as a JSON number or a decimal string; never more decimals than the currency allows (SSP: up to 6).",
            ))
            .into()
    }
}

impl ToSchema for DecimalInput {}

/// A canonical decimal written as a bare JSON number (`100.00`, `12500`, `1.250`).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Amount(pub String);

impl Amount {
    pub fn minor(minor: i64, currency: revrec_domain::Currency) -> Amount {
        Amount(revrec_domain::format_minor(minor, currency.exponent()))
    }

    /// A quantity, a rate or a count of credits: exact, six decimals.
    pub fn millionths(millionths: i64) -> Amount {
        Amount(millionths_text(millionths))
    }
}

/// `millionths` written with its six decimals (`1500.000000`), as quantities, rates and
/// credits are everywhere on the wire.
pub fn millionths_text(millionths: i64) -> String {
    revrec_domain::format_minor(millionths, 6)
}

impl Serialize for Amount {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        // Through RawValue, so the digits are written exactly as formatted.
        let raw = RawValue::from_string(self.0.clone()).map_err(S::Error::custom)?;
        raw.serialize(serializer)
    }
}

impl PartialSchema for Amount {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::Number)
            // The OpenAPI format registry's exact decimal: a client should not read it as a
            // binary float (docs/clients.md).
            .format(Some(SchemaFormat::Custom("decimal".into())))
            .description(Some(
                "An exact amount written with exactly the currency's minor-unit decimals (100.00 USD, 12500 JPY, 1.250 BHD). Read it as an exact decimal (a Decimal, not a double).",
            ))
            .examples([serde_json::json!(1019.18)])
            .into()
    }
}

impl ToSchema for Amount {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_and_strings_keep_their_exact_text() {
        let parse = |json: &str| serde_json::from_str::<DecimalInput>(json).map(|d| d.0);
        assert_eq!(parse("1250.10").unwrap(), "1250.10");
        assert_eq!(
            parse("0.1000000000000000000001").unwrap(),
            "0.1000000000000000000001"
        );
        assert_eq!(parse("\"99.95\"").unwrap(), "99.95");
        // An escape is read as JSON reads it.
        assert_eq!(parse(r#""\u00399.95""#).unwrap(), "99.95");
        assert_eq!(parse(r#""9\"""#).unwrap(), "9\"");
        assert_eq!(parse(r#""""#).unwrap(), "");
        assert_eq!(parse("-1e3").unwrap(), "-1e3");
        assert!(parse("true").is_err());
        assert!(parse("{}").is_err());
    }

    #[test]
    fn amounts_serialize_as_bare_numbers_with_their_decimals() {
        let json =
            serde_json::to_string(&vec![Amount("100.00".into()), Amount("12500".into())]).unwrap();
        assert_eq!(json, "[100.00,12500]");
    }
}
