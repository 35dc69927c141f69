//! The close package as a ZIP of CSVs, for a person (docs/ledger.md, "The close package"):
//! the package's JSON as it is, and one CSV per table. Every entry has the same fixed
//! timestamp and the same order, so one package is one ZIP, byte for byte.

use std::io::{Cursor, Write as _};

use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, DateTime, ZipWriter};

use actix_web::HttpResponse;
use actix_web::http::header::CONTENT_DISPOSITION;
use revrec_ports::RepositoryError;
use revrec_usecases::UseCaseError;

use crate::shell::error::ApiError;
use crate::wire::close_package::{ClosePackageOut, RollforwardOut};
use crate::wire::ledger::write_csv_record;

/// `package` as a ZIP download (the API's answer to `Accept: application/zip`, and the
/// console's).
///
/// # Errors
/// Only when the archive cannot be written in memory.
pub fn zip_answer(package: &ClosePackageOut) -> Result<HttpResponse, ApiError> {
    let json = serde_json::to_vec(package).unwrap_or_default();
    let bytes = package_zip(package, &json).map_err(|error| {
        ApiError::UseCase(UseCaseError::Storage(RepositoryError::Backend(Box::new(
            error,
        ))))
    })?;
    Ok(HttpResponse::Ok()
        .content_type("application/zip")
        .insert_header((
            CONTENT_DISPOSITION,
            format!(
                "attachment; filename=\"close-package-{}.zip\"",
                package.period
            ),
        ))
        .body(bytes))
}

/// The ZIP of `package`, whose JSON is `json`.
///
/// # Errors
/// Only when the archive cannot be written in memory.
pub fn package_zip(package: &ClosePackageOut, json: &[u8]) -> zip::result::ZipResult<Vec<u8>> {
    let mut zip = ZipWriter::new(Cursor::new(Vec::new()));
    let options = SimpleFileOptions::default()
        .compression_method(CompressionMethod::Deflated)
        .last_modified_time(DateTime::default())
        .unix_permissions(0o644);
    let files: [(&str, String); 7] = [
        ("months.csv", months_csv(package)),
        ("rollforwards.csv", rollforwards_csv(package)),
        ("contracts.csv", contracts_csv(package)),
        ("corrections.csv", corrections_csv(package)),
        ("journal.csv", journal_csv(package)),
        ("frozen.csv", frozen_csv(package)),
        ("warnings.csv", warnings_csv(package)),
    ];
    zip.start_file("package.json", options)?;
    zip.write_all(json)?;
    for (name, csv) in files {
        zip.start_file(name, options)?;
        zip.write_all(csv.as_bytes())?;
    }
    Ok(zip.finish()?.into_inner())
}

/// A free-text cell: one a spreadsheet would run as a formula gets a leading `'`.
fn text(cell: &str) -> String {
    if cell.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{cell}")
    } else {
        cell.to_owned()
    }
}

fn csv(header: &[&str], rows: impl IntoIterator<Item = Vec<String>>) -> String {
    let mut out = String::new();
    write_csv_record(&mut out, header);
    for row in rows {
        let fields: Vec<&str> = row.iter().map(String::as_str).collect();
        write_csv_record(&mut out, &fields);
    }
    out
}

fn months_csv(package: &ClosePackageOut) -> String {
    csv(
        &["period", "closed_at", "closed_by", "digest"],
        package.months.iter().map(|month| {
            vec![
                month.period.clone(),
                month.closed_at.clone(),
                text(&month.closed_by),
                month.digest.clone(),
            ]
        }),
    )
}

fn rollforwards_csv(package: &ClosePackageOut) -> String {
    let mut rows = Vec::new();
    for currency in &package.currencies {
        let rollforwards = &currency.rollforwards;
        for (name, rollforward) in [
            ("deferred_revenue", &rollforwards.deferred_revenue),
            ("contract_assets", &rollforwards.contract_assets),
            ("receivables", &rollforwards.receivables),
        ] {
            rows.extend(rollforward_rows(&currency.currency, name, rollforward));
        }
    }
    csv(&["currency", "balance", "line", "amount"], rows)
}

fn rollforward_rows(currency: &str, name: &str, rollforward: &RollforwardOut) -> Vec<Vec<String>> {
    let row = |line: &str, amount: &str| {
        vec![
            currency.to_owned(),
            name.to_owned(),
            line.to_owned(),
            amount.to_owned(),
        ]
    };
    let mut rows = vec![row("opening", &rollforward.opening.0)];
    rows.extend(
        rollforward
            .movements
            .iter()
            .map(|movement| row(&movement.name, &movement.amount.0)),
    );
    rows.push(row("corrections", &rollforward.corrections.0));
    rows.push(row("closing", &rollforward.closing.0));
    rows
}

fn contracts_csv(package: &ClosePackageOut) -> String {
    csv(
        &[
            "currency",
            "contract_id",
            "customer_name",
            "billed",
            "recognized",
            "billed_to_date",
            "recognized_to_date",
            "deferred_revenue",
            "contract_asset",
            "receivable",
        ],
        package.contracts.iter().filter_map(|contract| {
            contract.figures.as_ref().map(|figures| {
                vec![
                    contract.currency.clone(),
                    contract.contract_id.clone(),
                    text(&contract.customer_name),
                    figures.billed.0.clone(),
                    figures.recognized.0.clone(),
                    figures.billed_to_date.0.clone(),
                    figures.recognized_to_date.0.clone(),
                    figures.deferred_revenue.0.clone(),
                    figures.contract_asset.0.clone(),
                    figures.receivable.0.clone(),
                ]
            })
        }),
    )
}

fn corrections_csv(package: &ClosePackageOut) -> String {
    csv(
        &[
            "currency",
            "booked_in",
            "corrects",
            "contract_id",
            "recognized",
            "billed",
        ],
        package.contracts.iter().flat_map(|contract| {
            contract
                .figures
                .iter()
                .flat_map(|figures| &figures.corrections)
                .map(|correction| {
                    vec![
                        contract.currency.clone(),
                        correction.booked_in.clone(),
                        correction.corrects.clone(),
                        contract.contract_id.clone(),
                        correction.recognized.0.clone(),
                        correction.billed.0.clone(),
                    ]
                })
        }),
    )
}

fn journal_csv(package: &ClosePackageOut) -> String {
    csv(
        &[
            "currency",
            "period",
            "account_code",
            "account_name",
            "debit",
            "credit",
            "entries",
            "equals_frozen",
        ],
        package.currencies.iter().flat_map(|currency| {
            currency.journals.iter().flat_map(|journal| {
                journal.accounts.iter().map(|account| {
                    vec![
                        currency.currency.clone(),
                        journal.period.clone(),
                        text(&account.code),
                        text(&account.name),
                        account.debit.0.clone(),
                        account.credit.0.clone(),
                        journal.entries.to_string(),
                        journal.equals_frozen.to_string(),
                    ]
                })
            })
        }),
    )
}

fn frozen_csv(package: &ClosePackageOut) -> String {
    csv(
        &[
            "currency",
            "period",
            "pob_type",
            "timing",
            "corrects",
            "recognized",
            "billed",
            "invoiced",
            "contract_asset_change",
            "contract_asset_earned",
            "paid",
            "customer_credit_change",
            "rpo_change",
            "rpo_next_12_months",
            "recognized_from_opening_deferred",
        ],
        package.currencies.iter().flat_map(|currency| {
            currency.frozen.iter().map(|row| {
                vec![
                    currency.currency.clone(),
                    row.period.clone(),
                    row.pob_type.clone(),
                    row.timing.clone(),
                    row.corrects.clone().unwrap_or_default(),
                    row.recognized.0.clone(),
                    row.billed.0.clone(),
                    row.invoiced.0.clone(),
                    row.contract_asset_change.0.clone(),
                    row.contract_asset_earned.0.clone(),
                    row.paid.0.clone(),
                    row.customer_credit_change.0.clone(),
                    row.rpo_change.0.clone(),
                    row.rpo_next_12_months.0.clone(),
                    row.recognized_from_opening_deferred.0.clone(),
                ]
            })
        }),
    )
}

fn warnings_csv(package: &ClosePackageOut) -> String {
    csv(
        &["warning"],
        package.warnings.iter().map(|warning| vec![text(warning)]),
    )
}
