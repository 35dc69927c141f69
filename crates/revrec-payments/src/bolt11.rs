//! Just enough of BOLT #11 to check an invoice our own node made before it goes into a
//! challenge (draft-lightning-charge-00 asks the server to verify that the challenge's
//! amount, network and payment hash are the invoice's): the bech32 checksum, the network
//! and amount of the human-readable part, and the payment hash (`p`) field.
//!
//! Written here rather than taken from `lightning-invoice`: that crate brings
//! `bitcoin`/`secp256k1` (a C library) into the build for three fields, and we do not
//! check the node's signature (the invoice comes from our node over its authenticated API).

/// What a challenge states about its invoice.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct InvoiceSummary {
    /// `mainnet`, `signet`, `regtest` or `testnet`.
    pub network: &'static str,
    /// Millisatoshis; `None` for an invoice of any amount.
    pub amount_msat: Option<u128>,
    /// 32 bytes, lowercase hex.
    pub payment_hash: String,
}

const CHARSET: &[u8; 32] = b"qpzry9x8gf2tvdw0s3jn54khce6mua7l";
/// 520 bits of signature and recovery id, in 5-bit groups.
const SIGNATURE_GROUPS: usize = 104;
const TIMESTAMP_GROUPS: usize = 7;
const PAYMENT_HASH_TAG: u8 = 1;

/// BIP-173's checksum polynomial over 5-bit groups.
pub fn polymod(values: &[u8]) -> u32 {
    const GENERATOR: [u32; 5] = [
        0x3b6a_57b2,
        0x2650_8e6d,
        0x1ea1_19fa,
        0x3d42_33dd,
        0x2a14_62b3,
    ];
    let mut check: u32 = 1;
    for value in values {
        let top = check >> 25;
        check = ((check & 0x01ff_ffff) << 5) ^ u32::from(*value);
        for (bit, generator) in GENERATOR.iter().enumerate() {
            if (top >> bit) & 1 == 1 {
                check ^= generator;
            }
        }
    }
    check
}

/// The human-readable part expanded as BIP-173 checksums it.
pub fn expand_hrp(hrp: &str) -> Vec<u8> {
    let bytes = hrp.as_bytes();
    let mut expanded: Vec<u8> = bytes.iter().map(|b| b >> 5).collect();
    expanded.push(0);
    expanded.extend(bytes.iter().map(|b| b & 31));
    expanded
}

/// The network a human-readable prefix names, and what follows it.
fn network_of(hrp: &str) -> Option<(&'static str, &str)> {
    let rest = hrp.strip_prefix("ln")?;
    // Longest prefix first: `bcrt` before `bc`, `tbs` before `tb`.
    [
        ("bcrt", "regtest"),
        ("bc", "mainnet"),
        ("tbs", "signet"),
        ("tb", "testnet"),
    ]
    .into_iter()
    .find_map(|(prefix, network)| rest.strip_prefix(prefix).map(|amount| (network, amount)))
}

/// `2500u` → 250 000 000 msat. A BTC amount with an optional multiplier.
fn amount_msat(text: &str) -> Option<Option<u128>> {
    if text.is_empty() {
        return Some(None);
    }
    let (digits, multiplier) = match text.as_bytes()[text.len() - 1] {
        b'm' | b'u' | b'n' | b'p' => (&text[..text.len() - 1], text.as_bytes()[text.len() - 1]),
        _ => (text, b' '),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) || digits.starts_with('0') {
        return None;
    }
    let value: u128 = digits.parse().ok()?;
    // 1 BTC = 10^11 msat.
    let msat = match multiplier {
        b'm' => value.checked_mul(100_000_000)?,
        b'u' => value.checked_mul(100_000)?,
        b'n' => value.checked_mul(100)?,
        // A pico-bitcoin is a tenth of a millisatoshi: only whole millisatoshis are valid.
        b'p' if value.is_multiple_of(10) => value / 10,
        b'p' => return None,
        _ => value.checked_mul(100_000_000_000)?,
    };
    Some(Some(msat))
}

/// Reads `invoice`, or `None` when it is not a well-formed BOLT11 invoice with a
/// payment hash.
pub fn summarize(invoice: &str) -> Option<InvoiceSummary> {
    let invoice = invoice.trim().to_ascii_lowercase();
    let (hrp, data) = invoice.rsplit_once('1')?;
    let (network, amount) = network_of(hrp)?;
    let amount_msat = amount_msat(amount)?;
    let groups: Vec<u8> = data
        .bytes()
        .map(|c| CHARSET.iter().position(|x| *x == c).map(|i| i as u8))
        .collect::<Option<_>>()?;
    let mut checked = expand_hrp(hrp);
    checked.extend(&groups);
    if polymod(&checked) != 1 || groups.len() < TIMESTAMP_GROUPS + SIGNATURE_GROUPS + 6 {
        return None;
    }
    let fields = &groups[TIMESTAMP_GROUPS..groups.len() - 6 - SIGNATURE_GROUPS];
    let mut rest = fields;
    let mut payment_hash = None;
    while rest.len() >= 3 {
        let tag = rest[0];
        let length = usize::from(rest[1]) * 32 + usize::from(rest[2]);
        let value = rest.get(3..3 + length)?;
        if tag == PAYMENT_HASH_TAG && length == 52 {
            payment_hash = Some(crate::hex::encode(&to_bytes(value)[..32]));
        }
        rest = &rest[3 + length..];
    }
    Some(InvoiceSummary {
        network,
        amount_msat,
        payment_hash: payment_hash?,
    })
}

/// 5-bit groups as bytes (trailing bits that make no whole byte are dropped).
fn to_bytes(groups: &[u8]) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(groups.len() * 5 / 8);
    let (mut accumulator, mut bits) = (0_u32, 0_u32);
    for group in groups {
        accumulator = (accumulator << 5) | u32::from(*group);
        bits += 5;
        if bits >= 8 {
            bits -= 8;
            bytes.push((accumulator >> bits) as u8);
            accumulator &= (1 << bits) - 1;
        }
    }
    bytes
}

#[cfg(test)]
mod tests {
    use super::*;

    /// BOLT #11's first example invoice ("Please make a donation of any amount using
    /// payment_hash 0001020304050607080900010203040506070809000102030405060708090102").
    const DONATION: &str = "lnbc1pvjluezsp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygspp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdpl2pkx2ctnv5sxxmmwwd5kgetjypeh2ursdae8g6twvus8g6rfwvs8qun0dfjkxaq9qrsgq357wnc5r2ueh7ck6q93dj32dlqnls087fxdwk8qakdyafkq3yap9us6v52vjjsrvywa6rt52cm9r9zqt8r2t7mlcwspyetp5h2tztugp9lfyql";

    #[test]
    fn reads_the_network_amount_and_payment_hash_of_the_bolt11_examples() {
        let summary = summarize(DONATION).unwrap_or_else(|| panic!("the example reads"));
        assert_eq!(summary.network, "mainnet");
        assert_eq!(summary.amount_msat, None);
        assert_eq!(
            summary.payment_hash,
            "0001020304050607080900010203040506070809000102030405060708090102"
        );
        assert_eq!(amount_msat("2500u"), Some(Some(250_000_000)));
        assert_eq!(amount_msat("10n"), Some(Some(1_000)));
        assert_eq!(amount_msat("25p"), None);
        let mut broken = DONATION.to_owned();
        broken.replace_range(20..21, "q");
        assert_eq!(summarize(&broken), None, "a broken checksum");
        assert_eq!(summarize("lnxx1qqqq"), None);
    }
}
