//! A plain contract body read in one pass, without serde's machinery.
//!
//! Nearly every `POST /v1/contracts` body is plain: an object of the known fields, strings
//! without escapes, amounts as numbers or decimal strings, line items of plain fields. Such
//! a body is read here straight into a [`ContractInput`], at a fraction of what serde's
//! generic visitors, its string scanning and its per-field dispatch cost; it was a quarter
//! of the calculate path (docs/performance.md, "A plain contract body read in one pass").
//!
//! The reader takes only what it can read exactly as `serde_json` would and gives up on
//! anything else: an escape or a control character in a string, an unknown or repeated
//! field, a missing required one, a number outside JSON's grammar, a variable component,
//! an invoice, a usage rating, prepaid credits, any other shape. Giving up answers `None`,
//! and the body is read by serde ([`crate::wire::reader::parse_reporting_all`]), which stays
//! the one judge of every body that is not plain and of every problem. A property test holds
//! the two readers to the same [`ContractInput`] on every body this one reads.

use crate::wire::amount::DecimalInput;
use crate::wire::contracts::{ContractInput, LineItemInput};

/// `body` as a [`ContractInput`] when it is plain; `None` sends it to serde.
pub fn read_plain_contract(body: &[u8]) -> Option<ContractInput> {
    // UTF-8 checked over the whole body at once, with SIMD, which costs less than string
    // by string.
    let text = simdutf8::basic::from_utf8(body).ok()?;
    let mut cursor = Cursor { text, body, at: 0 };
    let input = cursor.contract()?;
    cursor.skip_whitespace();
    // Only whitespace may follow the object (serde_json's `end`).
    (cursor.at == body.len()).then_some(input)
}

/// A position in the body. Every method answers `None` at the first byte it does not
/// expect, which gives the body up.
struct Cursor<'a> {
    text: &'a str,
    /// `text`'s bytes.
    body: &'a [u8],
    at: usize,
}

/// The offset of the first quote, backslash or control character in `bytes`: where a
/// string's plain text ends. Eight bytes at a time, as serde_json scans its strings: a
/// byte's high bit is set in `found` when the byte is one of those, and the lowest such
/// bit is exact (a borrow only ever spills into the bytes above a byte found).
fn string_end(bytes: &[u8]) -> Option<usize> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH_BITS: u64 = 0x8080_8080_8080_8080;
    let zero_byte = |word: u64| word.wrapping_sub(ONES) & !word;
    let mut chunks = bytes.chunks_exact(8);
    let mut offset = 0;
    for chunk in &mut chunks {
        let word = u64::from_le_bytes(chunk.try_into().ok()?);
        let found = (zero_byte(word ^ (ONES * u64::from(b'"')))
            | zero_byte(word ^ (ONES * u64::from(b'\\')))
            // Below 0x20: the subtraction borrows, and the byte's own high bit was clear.
            | (word.wrapping_sub(ONES * 0x20) & !word))
            & HIGH_BITS;
        if found != 0 {
            return Some(offset + found.trailing_zeros() as usize / 8);
        }
        offset += 8;
    }
    let tail = chunks.remainder();
    let length = tail
        .iter()
        .position(|&byte| byte == b'"' || byte == b'\\' || byte < 0x20)?;
    Some(offset + length)
}

/// A field seen once: `None` until read; reading it again gives the body up, as serde's
/// `duplicate field` does.
fn once<T>(slot: &mut Option<T>, value: T) -> Option<()> {
    if slot.is_some() {
        return None;
    }
    *slot = Some(value);
    Some(())
}

impl<'a> Cursor<'a> {
    /// JSON's whitespace: space, tab, line feed, carriage return.
    fn skip_whitespace(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.body.get(self.at) {
            self.at += 1;
        }
    }

    /// The next byte after whitespace, not consumed.
    fn peek(&mut self) -> Option<u8> {
        self.skip_whitespace();
        self.body.get(self.at).copied()
    }

    /// Consumes `byte`, after whitespace.
    fn expect(&mut self, byte: u8) -> Option<()> {
        (self.peek()? == byte).then(|| self.at += 1)
    }

    /// Consumes the literal `word` when it comes next (after whitespace).
    fn literal(&mut self, word: &[u8]) -> bool {
        self.skip_whitespace();
        let found = self.body.get(self.at..self.at + word.len()) == Some(word);
        if found {
            self.at += word.len();
        }
        found
    }

    /// A string's text, when it holds no escape (serde's to read) and no raw control
    /// character (not JSON: serde_json refuses them).
    fn plain_string(&mut self) -> Option<&'a str> {
        self.expect(b'"')?;
        let rest = self.body.get(self.at..)?;
        let length = string_end(rest)?;
        if rest.get(length) != Some(&b'"') {
            return None;
        }
        let start = self.at;
        self.at += length + 1;
        // Between two ASCII quotes: always on character boundaries.
        self.text.get(start..start + length)
    }

    /// An owned string; `null` gives the body up (the field is not optional).
    fn string(&mut self) -> Option<String> {
        self.plain_string().map(str::to_owned)
    }

    /// What `read` reads, or `null` as `None`.
    fn optional<T>(&mut self, read: impl FnOnce(&mut Self) -> Option<T>) -> Option<Option<T>> {
        if self.literal(b"null") {
            return Some(None);
        }
        read(self).map(Some)
    }

    /// An optional string: `null` is `None`.
    fn optional_string(&mut self) -> Option<Option<String>> {
        self.optional(Self::string)
    }

    /// An amount as [`DecimalInput`] keeps it: a number's own text, or a string's.
    fn decimal(&mut self) -> Option<DecimalInput> {
        match self.peek()? {
            b'"' => self.string().map(DecimalInput),
            b'-' | b'0'..=b'9' => self.number().map(|text| DecimalInput(text.to_owned())),
            _ => None,
        }
    }

    fn optional_decimal(&mut self) -> Option<Option<DecimalInput>> {
        self.optional(Self::decimal)
    }

    /// A number's text, held to JSON's grammar as serde_json holds a raw value to it:
    /// `-? (0 | [1-9][0-9]*) (\.[0-9]+)? ([eE][+-]?[0-9]+)?`.
    fn number(&mut self) -> Option<&'a str> {
        self.skip_whitespace();
        let start = self.at;
        if self.body.get(self.at) == Some(&b'-') {
            self.at += 1;
        }
        match self.body.get(self.at)? {
            b'0' => self.at += 1,
            b'1'..=b'9' => self.digits(),
            _ => return None,
        }
        if self.body.get(self.at) == Some(&b'.') {
            self.at += 1;
            self.at_least_one_digit()?;
        }
        if let Some(b'e' | b'E') = self.body.get(self.at) {
            self.at += 1;
            if let Some(b'+' | b'-') = self.body.get(self.at) {
                self.at += 1;
            }
            self.at_least_one_digit()?;
        }
        // A digit straight after a leading zero (`01`) is not JSON: the caller finds it
        // where it expects a comma or a brace, and gives up.
        self.text.get(start..self.at)
    }

    fn digits(&mut self) {
        while let Some(b'0'..=b'9') = self.body.get(self.at) {
            self.at += 1;
        }
    }

    fn at_least_one_digit(&mut self) -> Option<()> {
        let start = self.at;
        self.digits();
        (self.at > start).then_some(())
    }

    fn optional_flag(&mut self) -> Option<Option<bool>> {
        self.optional(|cursor| {
            if cursor.literal(b"true") {
                Some(true)
            } else {
                cursor.literal(b"false").then_some(false)
            }
        })
    }

    /// A field this reader leaves to serde: read only when `null` (which serde reads as
    /// the field left out).
    fn only_null(&mut self) -> Option<()> {
        self.literal(b"null").then_some(())
    }

    /// The members of an object, each handed to `member` with its name; a name with an
    /// escape, like any other string, gives the body up.
    fn members(&mut self, mut member: impl FnMut(&mut Self, &str) -> Option<()>) -> Option<()> {
        self.expect(b'{')?;
        if self.peek()? == b'}' {
            self.at += 1;
            return Some(());
        }
        loop {
            let name = self.plain_string()?;
            self.expect(b':')?;
            member(self, name)?;
            match self.peek()? {
                b',' => self.at += 1,
                b'}' => {
                    self.at += 1;
                    return Some(());
                }
                _ => return None,
            }
        }
    }

    fn contract(&mut self) -> Option<ContractInput> {
        let mut customer_name = None;
        let mut total_value = None;
        let mut start_date = None;
        let mut end_date = None;
        let mut currency = None;
        let mut contract_number = None;
        let mut customer_id = None;
        let mut signed_date = None;
        let mut status = None;
        let mut recognition_convention = None;
        let mut line_items = None;
        let mut effective_date = None;
        let mut treatment = None;
        let (mut billing_schedule, mut variable_consideration) = (None, None);
        self.members(|cursor, name| match name {
            "customer_name" => once(&mut customer_name, cursor.string()?),
            "total_value" => once(&mut total_value, cursor.decimal()?),
            "start_date" => once(&mut start_date, cursor.string()?),
            "end_date" => once(&mut end_date, cursor.string()?),
            "currency" => once(&mut currency, cursor.optional_string()?),
            "contract_number" => once(&mut contract_number, cursor.optional_string()?),
            "customer_id" => once(&mut customer_id, cursor.optional_string()?),
            "signed_date" => once(&mut signed_date, cursor.optional_string()?),
            "status" => once(&mut status, cursor.optional_string()?),
            "recognition_convention" => {
                once(&mut recognition_convention, cursor.optional_string()?)
            }
            "line_items" => once(&mut line_items, cursor.optional_line_items()?),
            "effective_date" => once(&mut effective_date, cursor.optional_string()?),
            "treatment" => once(&mut treatment, cursor.optional_string()?),
            "billing_schedule" => once(&mut billing_schedule, cursor.only_null()?),
            "variable_consideration" => once(&mut variable_consideration, cursor.only_null()?),
            _ => None,
        })?;
        Some(ContractInput {
            customer_name: customer_name?,
            total_value: total_value?,
            start_date: start_date?,
            end_date: end_date?,
            currency: currency.flatten(),
            contract_number: contract_number.flatten(),
            customer_id: customer_id.flatten(),
            signed_date: signed_date.flatten(),
            status: status.flatten(),
            recognition_convention: recognition_convention.flatten(),
            line_items: line_items.flatten(),
            effective_date: effective_date.flatten(),
            treatment: treatment.flatten(),
            billing_schedule: None,
            variable_consideration: None,
        })
    }

    fn optional_line_items(&mut self) -> Option<Option<Vec<LineItemInput>>> {
        self.optional(Self::line_items)
    }

    fn line_items(&mut self) -> Option<Vec<LineItemInput>> {
        self.expect(b'[')?;
        let mut lines = Vec::with_capacity(4);
        if self.peek()? == b']' {
            self.at += 1;
            return Some(lines);
        }
        loop {
            lines.push(self.line_item()?);
            match self.peek()? {
                b',' => self.at += 1,
                b']' => {
                    self.at += 1;
                    return Some(lines);
                }
                _ => return None,
            }
        }
    }

    fn line_item(&mut self) -> Option<LineItemInput> {
        let mut id = None;
        let mut name = None;
        let mut pob_type = None;
        let mut stated_price = None;
        let mut ssp_price = None;
        let mut recognition = None;
        let mut service_start = None;
        let mut service_end = None;
        let mut delivery_date = None;
        let mut removed = None;
        let (mut usage_pricing, mut prepaid_credits) = (None, None);
        self.members(|cursor, field| match field {
            "id" => once(&mut id, cursor.optional_string()?),
            "name" => once(&mut name, cursor.optional_string()?),
            "pob_type" => once(&mut pob_type, cursor.string()?),
            "stated_price" => once(&mut stated_price, cursor.optional_decimal()?),
            "ssp_price" => once(&mut ssp_price, cursor.optional_decimal()?),
            "recognition" => once(&mut recognition, cursor.optional_string()?),
            "service_start" => once(&mut service_start, cursor.optional_string()?),
            "service_end" => once(&mut service_end, cursor.optional_string()?),
            // `null` on purpose: not delivered yet (`Some(None)`), unlike a field left out.
            "delivery_date" => once(&mut delivery_date, cursor.optional_string()?),
            "removed" => once(&mut removed, cursor.optional_flag()?),
            "usage_pricing" => once(&mut usage_pricing, cursor.only_null()?),
            "prepaid_credits" => once(&mut prepaid_credits, cursor.only_null()?),
            _ => None,
        })?;
        Some(LineItemInput {
            id: id.flatten(),
            name: name.flatten(),
            pob_type: pob_type?,
            stated_price: stated_price.flatten(),
            ssp_price: ssp_price.flatten(),
            recognition: recognition.flatten(),
            service_start: service_start.flatten(),
            service_end: service_end.flatten(),
            delivery_date,
            removed: removed.flatten(),
            usage_pricing: None,
            prepaid_credits: None,
        })
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::shell::body::parse_json;

    /// What serde makes of `body`, as text to compare (the wire types have no `PartialEq`).
    fn by_serde(body: &[u8]) -> Option<String> {
        parse_json::<ContractInput>(body)
            .ok()
            .map(|input| format!("{input:?}"))
    }

    fn by_this_reader(body: &[u8]) -> Option<String> {
        read_plain_contract(body).map(|input| format!("{input:?}"))
    }

    #[test]
    fn plain_bodies_are_read_as_serde_reads_them() {
        for body in [
            r#"{"customer_name":"Acme","total_value":"12000.00","start_date":"2026-01-01","end_date":"2026-12-31"}"#,
            r#" { "customer_name" : "Café ☕ Ltd" , "total_value" : 1.2505e3 , "start_date":"2026-01-01","end_date":"2026-12-31","currency":"EUR"}
            "#,
            r#"{"customer_name":"A","total_value":-0,"start_date":"x","end_date":"y","currency":null,"status":"draft","billing_schedule":null,"variable_consideration":null}"#,
            r#"{"line_items":[],"customer_name":"A","total_value":0.10,"start_date":"x","end_date":"y"}"#,
            r#"{"customer_name":"A","total_value":"9","start_date":"x","end_date":"y","line_items":[
                {"name":"Platform","pob_type":"subscription","stated_price":6000,"ssp_price":"6500.5"},
                {"pob_type":"license","delivery_date":null,"removed":false,"usage_pricing":null},
                {"id":"pob_1","pob_type":"services","delivery_date":"2026-02-01","removed":true,"prepaid_credits":null,"stated_price":null}
            ],"recognition_convention":"half_month","effective_date":"2026-03-01","treatment":"prospective"}"#,
        ] {
            let read = by_this_reader(body.as_bytes());
            assert!(read.is_some(), "not read: {body}");
            assert_eq!(read, by_serde(body.as_bytes()), "{body}");
        }
    }

    #[test]
    fn anything_not_plain_is_left_to_serde() {
        let base = r#""customer_name":"A","total_value":"9","start_date":"x","end_date":"y""#;
        for body in [
            format!(r#"{{{base},"customer_name":"B"}}"#),
            format!(r#"{{{base},"currency":"U\u0053D"}}"#),
            format!(r#"{{{base},"nickname":"A"}}"#),
            format!(r#"{{{base},}}"#),
            format!(r#"{{{base}}} x"#),
            format!(r#"{{{base},"line_items":[{{"pob_type":"support"}},]}}"#),
            format!(r#"{{{base},"line_items":[{{"name":"no type"}}]}}"#),
            format!(r#"{{{base},"variable_consideration":[]}}"#),
            format!(r#"{{{base},"billing_schedule":null,"billing_schedule":null}}"#),
            format!(r#"{{{base},"line_items":[{{"pob_type":"usage","usage_pricing":{{}}}}]}}"#),
            r#"{"customer_name":"A","total_value":01,"start_date":"x","end_date":"y"}"#.into(),
            r#"{"customer_name":"A","total_value":1.,"start_date":"x","end_date":"y"}"#.into(),
            r#"{"customer_name":"A","total_value":+1,"start_date":"x","end_date":"y"}"#.into(),
            r#"{"customer_name":"A","total_value":true,"start_date":"x","end_date":"y"}"#.into(),
            r#"{"customer_name":null,"total_value":1,"start_date":"x","end_date":"y"}"#.into(),
            "{\"customer_name\":\"A\tB\",\"total_value\":1,\"start_date\":\"x\",\"end_date\":\"y\"}"
                .into(),
            r#"["A","9","x","y"]"#.into(),
        ] {
            assert_eq!(by_this_reader(body.as_bytes()), None, "{body}");
        }
        // Bytes that are not UTF-8, inside a string.
        let mut body = br#"{"customer_name":"A"#.to_vec();
        body.push(0xff);
        body.extend(br#"","total_value":1,"start_date":"x","end_date":"y"}"#);
        assert_eq!(read_plain_contract(&body).map(|_| ()), None);
    }

    /// A value as JSON text, mostly plain, sometimes odd: what serde and this reader must
    /// agree on.
    fn value() -> impl Strategy<Value = String> {
        prop_oneof![
            6 => prop_oneof![
                Just(r#""Acme""#.to_owned()),
                Just(r#""Café ☕""#.to_owned()),
                Just(r#""2026-01-01""#.to_owned()),
                Just(r#""12.50""#.to_owned()),
            ],
            2 => Just("null".to_owned()),
            2 => "-?(0|[1-9][0-9]{0,3}|0[0-9])(\\.[0-9]{0,3})?([eE][+-]?[0-9]{0,2})?",
            1 => prop_oneof![
                Just(r#""a\"b""#.to_owned()),
                Just(r#""\u0041""#.to_owned()),
                Just("\"a\u{1}b\"".to_owned()),
                Just("true".to_owned()),
                Just("false".to_owned()),
                Just("[]".to_owned()),
                Just("{}".to_owned()),
                "[+.]?[0-9]{1,3}",
            ],
        ]
    }

    const CONTRACT_FIELDS: &[&str] = &[
        "customer_name",
        "total_value",
        "start_date",
        "end_date",
        "currency",
        "contract_number",
        "customer_id",
        "signed_date",
        "status",
        "recognition_convention",
        "effective_date",
        "treatment",
        "billing_schedule",
        "variable_consideration",
        "nickname",
        "customer\\u005fname",
    ];

    const LINE_FIELDS: &[&str] = &[
        "id",
        "name",
        "pob_type",
        "stated_price",
        "ssp_price",
        "recognition",
        "service_start",
        "service_end",
        "delivery_date",
        "removed",
        "usage_pricing",
        "prepaid_credits",
        "weight",
    ];

    /// Whitespace, or none, between tokens.
    fn gap() -> impl Strategy<Value = &'static str> {
        prop_oneof![Just(""), Just(" "), Just("\n  "), Just("\t"), Just("\r\n")]
    }

    /// An object of `fields` (repeats allowed), most of its members from `required` so
    /// that many objects are complete.
    fn object(
        required: &'static [&'static str],
        fields: &'static [&'static str],
        nested: Option<BoxedStrategy<String>>,
    ) -> impl Strategy<Value = String> {
        let member = (proptest::sample::select(fields), value(), gap())
            .prop_map(|(name, value, gap)| format!("\"{name}\"{gap}:{gap}{value}"));
        let nested = nested.unwrap_or_else(|| Just(String::new()).boxed());
        (
            proptest::collection::vec(value(), required.len()),
            proptest::collection::vec(member, 0..3),
            nested,
            gap(),
            proptest::bool::weighted(0.85),
        )
            .prop_map(move |(values, extra, nested, gap, plain_required)| {
                let mut members: Vec<String> = required
                    .iter()
                    .zip(values)
                    .map(|(name, value)| {
                        // Usually a plain string, so that the object is often whole.
                        let value = if plain_required {
                            r#""x""#.to_owned()
                        } else {
                            value
                        };
                        format!("\"{name}\":{gap}{value}")
                    })
                    .collect();
                members.extend(extra);
                if !nested.is_empty() {
                    members.insert(members.len() / 2, nested);
                }
                format!("{{{gap}{}{gap}}}", members.join(&format!("{gap},{gap}")))
            })
    }

    fn line_items() -> BoxedStrategy<String> {
        (
            proptest::collection::vec(object(&["pob_type"], LINE_FIELDS, None), 0..3),
            gap(),
            prop_oneof![8 => Just(""), 1 => Just(","), 1 => Just(" null")],
        )
            .prop_map(|(lines, gap, odd)| format!("\"line_items\":{gap}[{}{odd}]", lines.join(",")))
            .boxed()
    }

    proptest! {
        /// Eight bytes at a time finds what a byte at a time finds.
        #[test]
        fn a_strings_end_is_found_as_byte_by_byte(
            bytes in proptest::collection::vec(
                prop_oneof![4 => 0x20_u8..0x7f, 1 => any::<u8>(), 1 => Just(b'"'), 1 => Just(b'\\')],
                0..40,
            ),
        ) {
            let byte_by_byte = bytes
                .iter()
                .position(|&byte| byte == b'"' || byte == b'\\' || byte < 0x20);
            prop_assert_eq!(string_end(&bytes), byte_by_byte);
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4_000))]

        /// Whatever this reader reads, serde reads the same way.
        #[test]
        fn every_body_this_reader_reads_serde_reads_alike(
            body in object(
                &["customer_name", "total_value", "start_date", "end_date"],
                CONTRACT_FIELDS,
                Some(prop_oneof![1 => Just(String::new()), 3 => line_items()].boxed()),
            ),
            tail in prop_oneof![4 => Just(""), 4 => Just(" \n"), 1 => Just(" x"), 1 => Just("}")],
        ) {
            let body = format!("{body}{tail}");
            if let Some(read) = by_this_reader(body.as_bytes()) {
                prop_assert_eq!(Some(read), by_serde(body.as_bytes()), "{}", body);
            }
        }
    }
}
