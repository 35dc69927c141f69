//! Rows as stored, and their exact conversions to and from the port types.

use diesel::prelude::*;
use revrec_domain::{
    ContractTerms, Convention, Currency, ObligationTerms, Pattern, PercentComplete, Period,
    PobType, RollupAmounts, RollupKey, Ssp, Timing,
};
use revrec_ports::{
    ApiKeyRecord, BillingKind, ContractRecord, ContractStatus, ContractWrite, InvoiceRecord, Plan,
    Scope, StoredVersion, VersionChange,
};
use time::Date;

use crate::blocking::StoreError;
use crate::consumption_rows;
use crate::schema::{
    api_keys, contract_invoices, contract_lines, contract_versions, contracts, rollups,
};
use crate::variable_rows;

fn corrupt(what: &str, value: &str) -> StoreError {
    StoreError::Corrupt(format!("{what} `{value}`"))
}

fn currency(code: &str) -> Result<Currency, StoreError> {
    Currency::from_code(code).map_err(|_| corrupt("currency", code))
}

fn to_u32(value: i32, what: &str) -> Result<u32, StoreError> {
    u32::try_from(value).map_err(|_| corrupt(what, &value.to_string()))
}

fn to_i32(value: u32) -> i32 {
    i32::try_from(value).unwrap_or(i32::MAX)
}

#[derive(Queryable, Selectable, Insertable, AsChangeset, Clone, Debug)]
#[diesel(table_name = contracts, treat_none_as_null = true, treat_none_as_default_value = false)]
pub struct ContractRow {
    pub tenant_id: String,
    pub id: String,
    pub customer_id: String,
    pub customer_name: String,
    pub contract_number: Option<String>,
    pub currency: String,
    pub status: String,
    pub version: i32,
    pub start_date: Date,
    pub end_date: Date,
    pub total_value: i64,
    pub terminated_on: Option<Date>,
    pub parent_contract_id: Option<String>,
    pub search_text: String,
    pub created_at: i64,
    pub updated_at: i64,
    pub restatements: i32,
    pub convention: Option<String>,
}

/// A new contract's row: the record's columns and its first revision, flat, as PostgreSQL's
/// `COPY` takes rows (`ContractRow` embedded would nest them).
#[derive(Insertable, Clone, Debug)]
#[diesel(table_name = contracts, treat_none_as_default_value = false)]
pub struct NewContractRow {
    pub tenant_id: String,
    pub id: String,
    pub customer_id: String,
    pub customer_name: String,
    pub contract_number: Option<String>,
    pub currency: String,
    pub status: String,
    pub version: i32,
    pub start_date: Date,
    pub end_date: Date,
    pub total_value: i64,
    pub terminated_on: Option<Date>,
    pub parent_contract_id: Option<String>,
    pub search_text: String,
    pub created_at: i64,
    pub updated_at: i64,
    pub restatements: i32,
    pub convention: Option<String>,
    pub revision: i64,
    /// The books sequence it entered the reports at; none for a draft.
    pub reported_sequence: Option<i64>,
    /// The instant it entered the reports; none for a draft.
    pub reported_at: Option<i64>,
}

impl NewContractRow {
    /// The row of a new contract `write` makes, entering the reports at books sequence
    /// `stamp` unless it is a draft.
    pub fn of(write: &ContractWrite, stamp: i64) -> NewContractRow {
        NewContractRow::new(
            ContractRow::from(&write.record),
            (write.record.status != ContractStatus::Draft)
                .then_some((stamp, write.record.updated_at)),
        )
    }

    /// `row` at its first revision, entering the reports at `reported` (sequence and
    /// instant; none for a draft).
    pub fn new(row: ContractRow, reported: Option<(i64, i64)>) -> NewContractRow {
        let ContractRow {
            tenant_id,
            id,
            customer_id,
            customer_name,
            contract_number,
            currency,
            status,
            version,
            start_date,
            end_date,
            total_value,
            terminated_on,
            parent_contract_id,
            search_text,
            created_at,
            updated_at,
            restatements,
            convention,
        } = row;
        NewContractRow {
            tenant_id,
            id,
            customer_id,
            customer_name,
            contract_number,
            currency,
            status,
            version,
            start_date,
            end_date,
            total_value,
            terminated_on,
            parent_contract_id,
            search_text,
            created_at,
            updated_at,
            restatements,
            convention,
            revision: 1,
            reported_sequence: reported.map(|(sequence, _)| sequence),
            reported_at: reported.map(|(_, at)| at),
        }
    }
}

impl From<&ContractRecord> for ContractRow {
    fn from(record: &ContractRecord) -> ContractRow {
        // What `query` matches: name, number and id, lowercased once at write time.
        let search_text = [
            record.customer_name.as_str(),
            record.contract_number.as_deref().unwrap_or(""),
            record.id.as_str(),
        ]
        .join("\n")
        .to_lowercase();
        ContractRow {
            tenant_id: record.tenant_id.clone(),
            id: record.id.clone(),
            customer_id: record.customer_id.clone(),
            customer_name: record.customer_name.clone(),
            contract_number: record.contract_number.clone(),
            currency: record.currency.code().to_owned(),
            status: record.status.as_str().to_owned(),
            version: to_i32(record.version),
            start_date: record.start_date,
            end_date: record.end_date,
            total_value: record.total_value,
            terminated_on: record.terminated_on,
            parent_contract_id: record.parent_contract_id.clone(),
            search_text,
            created_at: record.created_at,
            updated_at: record.updated_at,
            restatements: to_i32(record.restatements),
            convention: record
                .restated_convention
                .map(|convention| convention.as_str().to_owned()),
        }
    }
}

impl TryFrom<ContractRow> for ContractRecord {
    type Error = StoreError;

    fn try_from(row: ContractRow) -> Result<ContractRecord, StoreError> {
        Ok(ContractRecord {
            currency: currency(&row.currency)?,
            status: ContractStatus::parse(&row.status)
                .ok_or_else(|| corrupt("status", &row.status))?,
            version: to_u32(row.version, "version")?,
            restatements: to_u32(row.restatements, "restatements")?,
            restated_convention: row
                .convention
                .as_deref()
                .map(|text| Convention::parse(text).ok_or_else(|| corrupt("convention", text)))
                .transpose()?,
            tenant_id: row.tenant_id,
            id: row.id,
            customer_id: row.customer_id,
            customer_name: row.customer_name,
            contract_number: row.contract_number,
            start_date: row.start_date,
            end_date: row.end_date,
            total_value: row.total_value,
            terminated_on: row.terminated_on,
            parent_contract_id: row.parent_contract_id,
            created_at: row.created_at,
            updated_at: row.updated_at,
        })
    }
}

#[derive(Queryable, Selectable, Insertable, Clone, Debug)]
// Never DEFAULT: SQLite batch inserts need every value bound.
#[diesel(table_name = contract_versions, treat_none_as_default_value = false)]
pub struct VersionRow {
    pub tenant_id: String,
    pub contract_id: String,
    pub version: i32,
    pub change: String,
    pub effective_date: Option<Date>,
    pub customer_name: String,
    pub currency: String,
    pub start_date: Date,
    pub end_date: Date,
    pub signed_date: Date,
    pub transaction_price: i64,
    pub convention: String,
    pub recorded_at: i64,
    pub event_obligation_id: Option<String>,
    pub percent_complete: Option<i32>,
    /// Where the version stands against the tenant's closes (`BooksStamps`).
    pub books_sequence: i64,
    pub recorded_by: String,
    /// `variable_rows::encode` of the version's components.
    pub variable_consideration: Option<String>,
    pub estimate_component_id: Option<String>,
}

#[derive(Queryable, Selectable, Insertable, Clone, Debug)]
// Never DEFAULT: SQLite batch inserts need every value bound.
#[diesel(table_name = contract_invoices, treat_none_as_default_value = false)]
pub struct InvoiceRow {
    pub tenant_id: String,
    pub contract_id: String,
    pub invoice_id: String,
    pub number: Option<String>,
    pub invoice_date: Date,
    pub amount: i64,
    pub recorded_at: i64,
    /// Where the invoice stands against the tenant's closes (`BooksStamps`).
    pub books_sequence: i64,
    /// `invoice` or `payment` (`BillingKind`).
    pub kind: String,
    pub recorded_by: String,
}

impl InvoiceRow {
    /// The invoice's row, stamped `books_sequence`.
    pub fn new(
        tenant_id: &str,
        contract_id: &str,
        invoice: &InvoiceRecord,
        books_sequence: i64,
    ) -> InvoiceRow {
        InvoiceRow {
            tenant_id: tenant_id.to_owned(),
            contract_id: contract_id.to_owned(),
            invoice_id: invoice.id.clone(),
            number: invoice.number.clone(),
            invoice_date: invoice.date,
            amount: invoice.amount,
            recorded_at: invoice.recorded_at,
            books_sequence,
            kind: invoice.kind.as_str().to_owned(),
            recorded_by: invoice.recorded_by.clone(),
        }
    }

    pub fn record(self) -> Result<InvoiceRecord, StoreError> {
        Ok(InvoiceRecord {
            kind: BillingKind::parse(&self.kind).ok_or_else(|| corrupt("kind", &self.kind))?,
            id: self.invoice_id,
            number: self.number,
            date: self.invoice_date,
            amount: self.amount,
            recorded_at: self.recorded_at,
            recorded_by: self.recorded_by,
        })
    }
}

#[derive(Queryable, Selectable, Insertable, Clone, Debug)]
// Never DEFAULT: SQLite batch inserts need every value bound.
#[diesel(table_name = contract_lines, treat_none_as_default_value = false)]
pub struct LineRow {
    pub tenant_id: String,
    pub contract_id: String,
    pub version: i32,
    pub line_number: i32,
    pub obligation_id: String,
    pub name: String,
    pub pob_type: String,
    pub stated_price: Option<i64>,
    pub ssp_micros: i64,
    pub recognition: String,
    pub first_day: Date,
    pub last_day: Date,
    pub consumption: Option<String>,
}

/// A version's own row, without its lines (a restatement stores none).
pub fn version_row(tenant_id: &str, contract_id: &str, version: &StoredVersion) -> VersionRow {
    let terms = &version.terms;
    VersionRow {
        tenant_id: tenant_id.to_owned(),
        contract_id: contract_id.to_owned(),
        version: to_i32(version.number),
        change: version.change.name().to_owned(),
        effective_date: version.change.effective_date(),
        event_obligation_id: version.change.obligation_id().map(str::to_owned),
        percent_complete: match &version.change {
            VersionChange::Progress { percent, .. } => {
                Some(i32::try_from(percent.ten_thousandths()).unwrap_or(i32::MAX))
            }
            _ => None,
        },
        customer_name: terms.customer_name.clone(),
        currency: terms.currency.code().to_owned(),
        start_date: terms.start_date,
        end_date: terms.end_date,
        signed_date: terms.signed_date,
        transaction_price: terms.transaction_price,
        convention: terms.convention.as_str().to_owned(),
        recorded_at: version.recorded_at,
        // Stamped when written (`contract_store::stamp_books`).
        books_sequence: 0,
        recorded_by: version.recorded_by.clone(),
        variable_consideration: variable_rows::encode(&terms.variable),
        estimate_component_id: version.change.component_id().map(str::to_owned),
    }
}

/// A version as rows: the version itself, stamped `books_sequence`, and its lines in order.
pub fn version_rows(
    tenant_id: &str,
    contract_id: &str,
    version: &StoredVersion,
    books_sequence: i64,
) -> Result<(VersionRow, Vec<LineRow>), StoreError> {
    let terms = &version.terms;
    let number = to_i32(version.number);
    let row = VersionRow {
        books_sequence,
        ..version_row(tenant_id, contract_id, version)
    };
    let lines = terms
        .obligations
        .iter()
        .enumerate()
        .map(|(index, obligation)| {
            let id = obligation
                .id
                .clone()
                .ok_or_else(|| StoreError::Corrupt("an obligation without an id".into()))?;
            Ok(LineRow {
                tenant_id: tenant_id.to_owned(),
                contract_id: contract_id.to_owned(),
                version: number,
                line_number: i32::try_from(index).unwrap_or(i32::MAX),
                obligation_id: id,
                name: obligation.name.to_string(),
                pob_type: obligation.pob_type.as_str().to_owned(),
                stated_price: obligation.stated_price,
                ssp_micros: obligation.ssp.micros(),
                recognition: stored_recognition(obligation.pattern).to_owned(),
                // Patterns that wait for events have no days yet: the term stands in.
                first_day: obligation.pattern.first_day().unwrap_or(terms.start_date),
                last_day: obligation.pattern.last_day().unwrap_or(terms.end_date),
                consumption: consumption_rows::encode_consumption(obligation.consumption.as_ref()),
            })
        })
        .collect::<Result<Vec<_>, StoreError>>()?;
    Ok((row, lines))
}

/// How a line's pattern is stored: its recognition method, or the state an event awaits.
fn stored_recognition(pattern: Pattern) -> &'static str {
    match pattern {
        Pattern::AwaitingDelivery => "awaiting_delivery",
        other => other.method().as_str(),
    }
}

/// The inverse of [`version_rows`]; `lines` are this version's, in line order.
pub fn stored_version(row: VersionRow, lines: Vec<LineRow>) -> Result<StoredVersion, StoreError> {
    let percent = row
        .percent_complete
        .and_then(|units| u32::try_from(units).ok())
        .and_then(PercentComplete::from_ten_thousandths);
    let change = match (
        row.change.as_str(),
        row.effective_date,
        row.event_obligation_id,
        percent,
    ) {
        ("initial", ..) => VersionChange::Initial,
        ("restatement", None, ..) => VersionChange::Restatement,
        ("prospective", Some(effective), ..) => VersionChange::Prospective { effective },
        ("cumulative_catch_up", Some(effective), ..) => {
            VersionChange::CumulativeCatchUp { effective }
        }
        ("termination", Some(effective), ..) => VersionChange::Termination { effective },
        ("estimate", Some(effective), ..) => VersionChange::Estimate {
            effective,
            component_id: row
                .estimate_component_id
                .clone()
                .ok_or_else(|| corrupt("estimate", "without its component"))?,
        },
        ("expected_usage", Some(effective), Some(obligation_id), _) => {
            VersionChange::ExpectedUsage {
                effective,
                obligation_id,
            }
        }
        ("fulfillment", Some(effective), Some(obligation_id), _) => VersionChange::Fulfillment {
            effective,
            obligation_id,
        },
        ("progress", Some(effective), Some(obligation_id), Some(percent)) => {
            VersionChange::Progress {
                effective,
                obligation_id,
                percent,
            }
        }
        (other, ..) => return Err(corrupt("version change", other)),
    };
    let obligations = lines
        .into_iter()
        .map(|line| {
            let pattern = match line.recognition.as_str() {
                "ratable" => Pattern::Ratable {
                    start: line.first_day,
                    end: line.last_day,
                },
                "point_in_time" => Pattern::PointInTime {
                    date: line.first_day,
                },
                "awaiting_delivery" => Pattern::AwaitingDelivery,
                "progress" => Pattern::Progress,
                other => return Err(corrupt("recognition", other)),
            };
            Ok(ObligationTerms {
                id: Some(line.obligation_id),
                name: line.name.into(),
                pob_type: PobType::parse(&line.pob_type)
                    .ok_or_else(|| corrupt("pob_type", &line.pob_type))?,
                stated_price: line.stated_price,
                ssp: Ssp::from_micros(line.ssp_micros),
                pattern,
                consumption: consumption_rows::decode_consumption(line.consumption.as_deref())?,
            })
        })
        .collect::<Result<Vec<_>, StoreError>>()?;
    Ok(StoredVersion {
        number: to_u32(row.version, "version")?,
        change,
        recorded_at: row.recorded_at,
        recorded_by: row.recorded_by,
        terms: ContractTerms {
            customer_name: row.customer_name,
            currency: currency(&row.currency)?,
            start_date: row.start_date,
            end_date: row.end_date,
            signed_date: row.signed_date,
            transaction_price: row.transaction_price,
            convention: Convention::parse(&row.convention)
                .ok_or_else(|| corrupt("convention", &row.convention))?,
            obligations,
            variable: variable_rows::decode(row.variable_consideration.as_deref())?,
        },
    })
}

#[derive(Queryable, Selectable, Insertable, Clone, Debug)]
// Never DEFAULT: SQLite batch inserts need every value bound.
#[diesel(table_name = api_keys, treat_none_as_default_value = false)]
pub struct ApiKeyRow {
    pub tenant_id: String,
    pub id: String,
    pub name: String,
    pub prefix: String,
    pub digest: String,
    pub scopes: String,
    pub plan: String,
    pub created_at: i64,
    pub revoked_at: Option<i64>,
    pub last_used_at: Option<i64>,
}

impl From<&ApiKeyRecord> for ApiKeyRow {
    fn from(key: &ApiKeyRecord) -> ApiKeyRow {
        ApiKeyRow {
            tenant_id: key.tenant_id.clone(),
            id: key.id.clone(),
            name: key.name.clone(),
            prefix: key.prefix.clone(),
            digest: key.digest.clone(),
            scopes: Scope::join(&key.scopes),
            plan: key.plan.as_str().to_owned(),
            created_at: key.created_at,
            revoked_at: key.revoked_at,
            last_used_at: key.last_used_at,
        }
    }
}

/// A credential's stored scopes (space-separated), refused as corrupt when unknown.
pub(crate) fn scopes(text: &str) -> Result<Vec<Scope>, StoreError> {
    Scope::parse_list(text).map_err(|scope| corrupt("scope", &scope))
}

/// A credential's stored plan.
pub(crate) fn plan(text: &str) -> Result<Plan, StoreError> {
    Plan::parse(text).ok_or_else(|| corrupt("plan", text))
}

impl TryFrom<ApiKeyRow> for ApiKeyRecord {
    type Error = StoreError;

    fn try_from(row: ApiKeyRow) -> Result<ApiKeyRecord, StoreError> {
        Ok(ApiKeyRecord {
            scopes: scopes(&row.scopes)?,
            plan: plan(&row.plan)?,
            id: row.id,
            tenant_id: row.tenant_id,
            name: row.name,
            prefix: row.prefix,
            digest: row.digest,
            created_at: row.created_at,
            revoked_at: row.revoked_at,
            last_used_at: row.last_used_at,
        })
    }
}

#[derive(Queryable, QueryableByName, Selectable, Insertable, Clone, Debug)]
// Never DEFAULT: SQLite batch inserts need every value bound.
#[diesel(table_name = rollups, treat_none_as_default_value = false)]
pub struct RollupRow {
    pub tenant_id: String,
    pub currency: String,
    pub period: String,
    pub pob_type: String,
    pub timing: String,
    pub recognized: i64,
    pub booked: i64,
    pub rpo_change: i64,
    pub rpo_next_12: i64,
    pub recognized_from_opening: i64,
    pub asset_change: i64,
    pub invoiced: i64,
    pub asset_earned: i64,
    pub paid: i64,
    pub credit_change: i64,
    pub variable_revenue: i64,
}

impl RollupRow {
    pub fn new(
        tenant_id: &str,
        currency: &str,
        key: RollupKey,
        amounts: RollupAmounts,
    ) -> RollupRow {
        let month = key.period.to_string();
        RollupRow::of_month(
            tenant_id,
            currency,
            (&month, key.pob_type, key.timing),
            amounts,
        )
    }

    /// A row keyed by the month as text: one outside the calendar has no `Period`.
    pub fn of_month(
        tenant_id: &str,
        currency: &str,
        (month, pob_type, timing): (&str, PobType, Timing),
        amounts: RollupAmounts,
    ) -> RollupRow {
        RollupRow {
            tenant_id: tenant_id.to_owned(),
            currency: currency.to_owned(),
            period: month.to_owned(),
            pob_type: pob_type.as_str().to_owned(),
            timing: timing.as_str().to_owned(),
            recognized: amounts.recognized,
            booked: amounts.booked,
            rpo_change: amounts.rpo_change,
            rpo_next_12: amounts.rpo_next_12,
            recognized_from_opening: amounts.recognized_from_opening,
            asset_change: amounts.asset_change,
            invoiced: amounts.invoiced,
            asset_earned: amounts.asset_earned,
            paid: amounts.paid,
            credit_change: amounts.credit_change,
            variable_revenue: amounts.variable,
        }
    }

    pub fn key_and_amounts(&self) -> Result<(RollupKey, RollupAmounts), StoreError> {
        let key = RollupKey {
            period: Period::parse(&self.period).map_err(|_| corrupt("period", &self.period))?,
            pob_type: PobType::parse(&self.pob_type)
                .ok_or_else(|| corrupt("pob_type", &self.pob_type))?,
            timing: Timing::parse(&self.timing).ok_or_else(|| corrupt("timing", &self.timing))?,
        };
        let amounts = RollupAmounts {
            recognized: self.recognized,
            booked: self.booked,
            rpo_change: self.rpo_change,
            rpo_next_12: self.rpo_next_12,
            recognized_from_opening: self.recognized_from_opening,
            asset_change: self.asset_change,
            invoiced: self.invoiced,
            asset_earned: self.asset_earned,
            paid: self.paid,
            credit_change: self.credit_change,
            variable: self.variable_revenue,
        };
        Ok((key, amounts))
    }
}
