//! `POST /v1/usage-records`: a metering system's export uploaded whole (docs/asc606.md
//! §15), as NDJSON or CSV, one record per line. The body is read as it arrives and taken a
//! group of lines at a time; each line is answered on its own, in order, as one NDJSON
//! line: stored whole (recorded, replayed or restated) or refused whole with its problem,
//! never half-stored. A group's records are one transaction (each contract's alone, should
//! another write change one of them meanwhile).

use std::collections::BTreeMap;

use actix_web::http::header::{CONTENT_LENGTH, CONTENT_TYPE};
use actix_web::{HttpMessage, HttpRequest, HttpResponse, web};
use futures_util::StreamExt;
use futures_util::future::join_all;
use revrec_domain::Currency;
use revrec_ports::Scope;
use revrec_usecases::Principal;
use revrec_usecases::UseCaseError;
use revrec_usecases::posting_control::{WriteContext, posting_guard};
use revrec_usecases::record_usage::{
    UsageInput, UsageReceipt, prepare_usage, record_usage, save_prepared,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::shell::auth;
use crate::shell::body::BODY_DEADLINE;
use crate::shell::docs::StandardErrors;
use crate::shell::error::ApiError;
use crate::shell::parameters::{CorrectionParameter, write_context};
use crate::shell::problem::FieldProblem;
use crate::shell::request::RequestId;
use crate::shell::state::AppState;
use crate::wire::amount::DecimalInput;
use crate::wire::problems::Problems;
use crate::wire::usage::UsageRecordInput;

/// Most bytes one upload may carry; a larger export is sent in parts.
pub const UPLOAD_LIMIT: usize = 64 * 1024 * 1024;
/// Lines taken per group: what one round of contract writes carries.
const GROUP_LINES: usize = 5_000;
/// Where the problems of an upload's lines point.
const INSTANCE: &str = "/v1/usage-records";

/// One line of an NDJSON upload (a CSV upload names the same columns in its header).
#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct UsageUploadLine {
    pub contract_id: String,
    /// The usage line's performance obligation id.
    pub pob_id: String,
    #[schema(max_length = 128)]
    pub record_id: String,
    #[schema(format = Date)]
    pub occurred_on: String,
    pub quantity: Option<DecimalInput>,
    pub amount: Option<DecimalInput>,
}

/// The answer to one line, in the order of the lines.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct UsageUploadAnswer {
    /// The line's number in the body, from 1 (a CSV header is line 1).
    pub line: u64,
    /// `recorded`, `replayed`, `restated`, or `refused` (with `problem`).
    pub status: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub contract_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pob_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub record_id: Option<String>,
    /// The record's revision as stored.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub revision: Option<u32>,
    /// Why the line was refused: an RFC 9457 problem, as a whole request would get it.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    pub problem: Option<serde_json::Value>,
}

/// Upload a metering system's usage records, one per line, as NDJSON
/// (`application/x-ndjson`: objects `{contract_id, pob_id, record_id, occurred_on, quantity
/// | amount}`) or CSV (`text/csv`: a header naming those columns, then one record per line,
/// RFC 4180 quoting, no line breaks inside a field). Each line is answered in order by one
/// NDJSON line: stored whole (`recorded`, `replayed`, `restated`, as
/// `POST …/usage` would answer it) or `refused` with its problem; a refused line stores
/// nothing and does not stop the others. The records of one contract in a group of lines
/// are written in one transaction. At most 64 MiB per upload.
#[utoipa::path(
    post, path = "/v1/usage-records", tag = "primary", operation_id = "uploadUsage",
    params(CorrectionParameter),
    request_body(content = UsageUploadLine, content_type = "application/x-ndjson", description = "One record per line (or `text/csv` with a header row of the same names)"),
    responses((status = 200, description = "One answer per line, in order", body = UsageUploadAnswer, content_type = "application/x-ndjson"), StandardErrors),
    security(("bearer" = []))
)]
pub async fn upload_route(
    request: HttpRequest,
    state: web::Data<AppState>,
    mut payload: web::Payload,
) -> Result<HttpResponse, ApiError> {
    let principal = auth::require(&request, &state, Scope::WriteContracts).await?;
    let context = write_context(&principal, request.query_string())?;
    let format = Format::of(&request)?;
    let declared = request
        .headers()
        .get(CONTENT_LENGTH)
        .and_then(|value| value.to_str().ok())
        .and_then(|text| text.parse::<usize>().ok());
    if declared.is_some_and(|length| length > UPLOAD_LIMIT) {
        return Err(ApiError::PayloadTooLarge {
            limit: UPLOAD_LIMIT,
        });
    }
    let request_id = request
        .extensions()
        .get::<RequestId>()
        .map(|id| id.0.clone());
    let mut upload = Upload {
        state: &state,
        principal: &principal,
        context: &context,
        request_id: request_id.as_deref(),
        format,
        header: None,
        next_line: 1,
        pending: Vec::new(),
        answers: Vec::new(),
    };
    let mut unsplit: Vec<u8> = Vec::new();
    let mut size = 0_usize;
    loop {
        let chunk = match actix_web::rt::time::timeout(BODY_DEADLINE, payload.next()).await {
            Err(_) => {
                return Err(ApiError::BodyTimeout {
                    seconds: BODY_DEADLINE.as_secs(),
                });
            }
            Ok(None) => break,
            Ok(Some(Err(error))) => {
                return Err(ApiError::MalformedJson(format!(
                    "the body could not be read ({error})"
                )));
            }
            Ok(Some(Ok(chunk))) => chunk,
        };
        size += chunk.len();
        if size > UPLOAD_LIMIT {
            return Err(ApiError::PayloadTooLarge {
                limit: UPLOAD_LIMIT,
            });
        }
        unsplit.extend_from_slice(&chunk);
        if let Some(end) = unsplit.iter().rposition(|byte| *byte == b'\n') {
            let rest = unsplit.split_off(end + 1);
            upload.read_lines(&unsplit)?;
            unsplit = rest;
            if upload.pending.len() >= GROUP_LINES {
                upload.flush().await;
            }
        }
    }
    upload.read_lines(&unsplit)?;
    upload.flush().await;
    if upload.format == Format::Csv && upload.header.is_none() {
        return Err(ApiError::Validation(vec![FieldProblem {
            field: "body".into(),
            message: "a CSV upload starts with a header row naming its columns (contract_id, pob_id, record_id, occurred_on, quantity, amount)".into(),
        }]));
    }
    // An upload none of whose lines was taken is refused as a whole: the first line's
    // problem, with its status (nothing was stored).
    if upload.answers.iter().all(|answer| answer.problem.is_some())
        && let Some(problem) = upload
            .answers
            .first()
            .and_then(|answer| answer.problem.clone())
    {
        let status = problem["status"]
            .as_u64()
            .and_then(|status| u16::try_from(status).ok())
            .and_then(|status| actix_web::http::StatusCode::from_u16(status).ok())
            .unwrap_or(actix_web::http::StatusCode::UNPROCESSABLE_ENTITY);
        return Ok(HttpResponse::build(status)
            .content_type("application/problem+json")
            .body(problem.to_string()));
    }
    let mut body = Vec::with_capacity(upload.answers.len() * 96);
    for answer in &upload.answers {
        serde_json::to_writer(&mut body, answer).map_err(|error| {
            ApiError::from(revrec_usecases::UseCaseError::Corrupt(error.to_string()))
        })?;
        body.push(b'\n');
    }
    Ok(HttpResponse::Ok()
        .content_type("application/x-ndjson")
        .body(body))
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Format {
    Ndjson,
    Csv,
}

impl Format {
    fn of(request: &HttpRequest) -> Result<Format, ApiError> {
        let text = request
            .headers()
            .get(CONTENT_TYPE)
            .and_then(|value| value.to_str().ok())
            .unwrap_or("")
            .to_ascii_lowercase();
        match text.split(';').next().unwrap_or("").trim() {
            "application/x-ndjson" | "application/jsonl" | "application/json-seq" => {
                Ok(Format::Ndjson)
            }
            "text/csv" => Ok(Format::Csv),
            "" => Err(ApiError::UnsupportedMediaType("no Content-Type".into())),
            other => Err(ApiError::UnsupportedMediaType(other.to_owned())),
        }
    }
}

/// A line read, not yet written.
struct PendingLine {
    line: u64,
    read: Result<UsageUploadLine, ApiError>,
}

struct Upload<'a> {
    state: &'a AppState,
    principal: &'a Principal,
    context: &'a WriteContext,
    request_id: Option<&'a str>,
    format: Format,
    /// A CSV upload's columns, in order, once its header is read.
    header: Option<Vec<String>>,
    next_line: u64,
    pending: Vec<PendingLine>,
    answers: Vec<UsageUploadAnswer>,
}

/// The columns a CSV header may name; the first four are required.
const COLUMNS: [&str; 6] = [
    "contract_id",
    "pob_id",
    "record_id",
    "occurred_on",
    "quantity",
    "amount",
];

impl Upload<'_> {
    /// Reads every line of `bytes` (whole lines, the last one possibly unterminated).
    fn read_lines(&mut self, bytes: &[u8]) -> Result<(), ApiError> {
        if bytes.is_empty() {
            return Ok(());
        }
        // A final line break ends the last line; it starts none.
        let lines = bytes.strip_suffix(b"\n").unwrap_or(bytes);
        for raw in lines.split(|byte| *byte == b'\n') {
            let line = self.next_line;
            self.next_line += 1;
            let raw = raw.strip_suffix(b"\r").unwrap_or(raw);
            if raw.iter().all(u8::is_ascii_whitespace) {
                continue;
            }
            let read = match self.format {
                Format::Ndjson => serde_json::from_slice::<UsageUploadLine>(raw)
                    .map_err(|error| line_problem("line", &error.to_string())),
                Format::Csv => match &self.header {
                    None => {
                        self.header = Some(csv_header(raw)?);
                        continue;
                    }
                    Some(header) => csv_line(header, raw),
                },
            };
            self.pending.push(PendingLine { line, read });
        }
        Ok(())
    }

    /// Writes what is pending, one transaction per contract, and answers every line.
    async fn flush(&mut self) {
        let pending = std::mem::take(&mut self.pending);
        let mut answers: BTreeMap<u64, UsageUploadAnswer> = BTreeMap::new();
        // Contracts in the order their first line came.
        let mut order: Vec<String> = Vec::new();
        let mut by_contract: BTreeMap<String, Vec<(u64, UsageUploadLine)>> = BTreeMap::new();
        for PendingLine { line, read } in pending {
            match read {
                Ok(parsed) => {
                    let lines = by_contract.entry(parsed.contract_id.clone()).or_default();
                    if lines.is_empty() {
                        order.push(parsed.contract_id.clone());
                    }
                    lines.push((line, parsed));
                }
                Err(error) => {
                    answers.insert(line, self.refused(line, None, &error));
                }
            }
        }
        let groups: Vec<(String, Vec<(u64, UsageUploadLine)>)> = order
            .into_iter()
            .map(|contract_id| {
                let lines = by_contract.remove(&contract_id).unwrap_or_default();
                (contract_id, lines)
            })
            .collect();
        // Every contract's records in one transaction; should it fail (another write
        // changed a contract meanwhile), each contract on its own, with retries.
        if !self.write_together(&groups, &mut answers).await {
            for (contract_id, lines) in &groups {
                self.write_contract(contract_id, lines, &mut answers).await;
            }
        }
        self.answers.extend(answers.into_values());
    }

    /// Prepares each contract's records and saves them all in one transaction; `false`
    /// (nothing stored, nothing answered) when that fails.
    async fn write_together(
        &self,
        groups: &[(String, Vec<(u64, UsageUploadLine)>)],
        answers: &mut BTreeMap<u64, UsageUploadAnswer>,
    ) -> bool {
        let tenant_id = &self.principal.tenant_id;
        let Ok(guard) = posting_guard(&self.state.services, tenant_id, self.context).await else {
            return false;
        };
        // The contracts are read and judged side by side: their reads wait on the database.
        let mut readings: Vec<Reading> = groups.iter().map(|_| Reading::default()).collect();
        let prepared = join_all(groups.iter().zip(readings.iter_mut()).map(
            |((contract_id, lines), reading)| {
                prepare_usage(
                    &self.state.services,
                    (tenant_id, self.context, guard),
                    contract_id,
                    move |currency| Ok::<_, ApiError>(reading.inputs(lines, currency)),
                )
            },
        ))
        .await;
        let mut writes = Vec::new();
        let mut answered = BTreeMap::new();
        for (((contract_id, lines), reading), prepared) in groups.iter().zip(readings).zip(prepared)
        {
            let outcome = prepared.map(|prepared| {
                writes.extend(prepared.write);
                prepared.answers
            });
            self.answer_contract(contract_id, lines, reading, outcome, &mut answered);
        }
        if save_prepared(&self.state.services, writes).await.is_err() {
            return false;
        }
        answers.extend(answered);
        true
    }

    async fn write_contract(
        &self,
        contract_id: &str,
        lines: &[(u64, UsageUploadLine)],
        answers: &mut BTreeMap<u64, UsageUploadAnswer>,
    ) {
        let mut reading = Reading::default();
        let outcome = record_usage(
            &self.state.services,
            &self.principal.tenant_id,
            self.context,
            contract_id,
            |currency| Ok::<_, ApiError>(reading.inputs(lines, currency)),
        )
        .await;
        self.answer_contract(contract_id, lines, reading, outcome, answers);
    }

    /// Answers every line of one contract: those that did not read, those the use case
    /// judged, or all of them with the contract's own refusal.
    fn answer_contract(
        &self,
        contract_id: &str,
        lines: &[(u64, UsageUploadLine)],
        reading: Reading,
        outcome: Result<Vec<Result<UsageReceipt, UseCaseError>>, ApiError>,
        answers: &mut BTreeMap<u64, UsageUploadAnswer>,
    ) {
        for (line, error) in &reading.refused {
            answers.insert(*line, self.refused(*line, line_of(lines, *line), error));
        }
        match outcome {
            Ok(results) => {
                for (line, result) in reading.taken.iter().zip(results) {
                    let answer = match result {
                        Ok(receipt) => taken_answer(*line, contract_id, &receipt),
                        Err(error) => {
                            self.refused(*line, line_of(lines, *line), &ApiError::from(error))
                        }
                    };
                    answers.insert(*line, answer);
                }
            }
            Err(error) => {
                // The contract as a whole refused (not found, a draft): every line of it.
                for (line, parsed) in lines {
                    answers
                        .entry(*line)
                        .or_insert_with(|| self.refused(*line, Some(parsed), &error));
                }
            }
        }
    }

    fn refused(
        &self,
        line: u64,
        parsed: Option<&UsageUploadLine>,
        error: &ApiError,
    ) -> UsageUploadAnswer {
        error.log_server_error();
        let problem = error.problem();
        let body = problem.to_body(&self.state.settings.public_url, INSTANCE, self.request_id);
        UsageUploadAnswer {
            line,
            status: "refused".into(),
            contract_id: parsed.map(|parsed| parsed.contract_id.clone()),
            pob_id: parsed.map(|parsed| parsed.pob_id.clone()),
            record_id: parsed.map(|parsed| parsed.record_id.clone()),
            revision: None,
            problem: serde_json::to_value(body).ok(),
        }
    }
}

/// One contract's lines read as records: which line each input came from, and the lines
/// that did not read.
#[derive(Default)]
struct Reading {
    taken: Vec<u64>,
    refused: Vec<(u64, ApiError)>,
}

impl Reading {
    fn inputs(&mut self, lines: &[(u64, UsageUploadLine)], currency: Currency) -> Vec<UsageInput> {
        let mut inputs = Vec::with_capacity(lines.len());
        for (line, parsed) in lines {
            let mut problems = Problems::default();
            let record = UsageRecordInput {
                record_id: parsed.record_id.clone(),
                occurred_on: parsed.occurred_on.clone(),
                quantity: parsed.quantity.clone(),
                amount: parsed.amount.clone(),
            };
            match record.to_input(&parsed.pob_id, currency, "", &mut problems) {
                Some(input) => {
                    inputs.push(input);
                    self.taken.push(*line);
                }
                None => self
                    .refused
                    .push((*line, ApiError::Validation(problems.list))),
            }
        }
        inputs
    }
}

fn line_of(lines: &[(u64, UsageUploadLine)], line: u64) -> Option<&UsageUploadLine> {
    lines
        .iter()
        .find(|(number, _)| *number == line)
        .map(|(_, parsed)| parsed)
}

fn taken_answer(line: u64, contract_id: &str, receipt: &UsageReceipt) -> UsageUploadAnswer {
    UsageUploadAnswer {
        line,
        status: receipt.outcome.as_str().to_owned(),
        contract_id: Some(contract_id.to_owned()),
        pob_id: Some(receipt.record.obligation_id.clone()),
        record_id: Some(receipt.record.record_id.clone()),
        revision: Some(receipt.record.revision),
        problem: None,
    }
}

fn line_problem(field: &str, message: &str) -> ApiError {
    ApiError::Validation(vec![FieldProblem {
        field: field.to_owned(),
        message: message.to_owned(),
    }])
}

/// The fields of one CSV line.
fn csv_fields(raw: &[u8]) -> Result<Vec<String>, String> {
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .from_reader(raw);
    let mut record = csv::StringRecord::new();
    match reader.read_record(&mut record) {
        Ok(true) => Ok(record.iter().map(str::to_owned).collect()),
        Ok(false) => Ok(Vec::new()),
        Err(error) => Err(format!("is not a CSV record ({error})")),
    }
}

/// A CSV upload's header: the columns it names, each known, the required ones present.
fn csv_header(raw: &[u8]) -> Result<Vec<String>, ApiError> {
    let columns = csv_fields(raw).map_err(|message| line_problem("header", &message))?;
    let mut problems = Vec::new();
    for column in &columns {
        if !COLUMNS.contains(&column.as_str()) {
            problems.push(FieldProblem {
                field: "header".into(),
                message: format!(
                    "unknown column `{column}`, expected some of {}",
                    COLUMNS.join(", ")
                ),
            });
        }
    }
    for required in &COLUMNS[..4] {
        if !columns.iter().any(|column| column == required) {
            problems.push(FieldProblem {
                field: "header".into(),
                message: format!("the column `{required}` is required"),
            });
        }
    }
    if problems.is_empty() {
        Ok(columns)
    } else {
        Err(ApiError::Validation(problems))
    }
}

/// One CSV line under `header` (an empty cell is a value left out).
fn csv_line(header: &[String], raw: &[u8]) -> Result<UsageUploadLine, ApiError> {
    let fields = csv_fields(raw).map_err(|message| line_problem("line", &message))?;
    if fields.len() != header.len() {
        return Err(line_problem(
            "line",
            &format!(
                "has {} fields where the header names {}",
                fields.len(),
                header.len()
            ),
        ));
    }
    let cell = |name: &str| {
        header
            .iter()
            .position(|column| column == name)
            .and_then(|at| fields.get(at))
            .filter(|value| !value.is_empty())
            .cloned()
    };
    Ok(UsageUploadLine {
        contract_id: cell("contract_id").unwrap_or_default(),
        pob_id: cell("pob_id").unwrap_or_default(),
        record_id: cell("record_id").unwrap_or_default(),
        occurred_on: cell("occurred_on").unwrap_or_default(),
        quantity: cell("quantity").map(DecimalInput),
        amount: cell("amount").map(DecimalInput),
    })
}
