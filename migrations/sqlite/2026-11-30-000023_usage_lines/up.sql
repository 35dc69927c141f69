-- Usage lines (docs/asc606.md §15). A line recognized as consumed keeps how it is rated in
-- `consumption`, in the encoding of `consumption_rows.rs` (NULL: a line with a pattern of
-- its own). Keep in step with the other folder.
ALTER TABLE contract_lines ADD COLUMN consumption TEXT;

-- An obligation-month's usage totals, one row per books sequence they were written under,
-- each holding the month's totals as they stood at the latest write of that sequence: a
-- close sees, of each month, the row of the highest sequence below its own, so a closed
-- month never moves. Nothing wrote the table before this migration (no route recorded
-- usage), so it is made anew.
-- The audit trail reads a tenant's records in the order they were recorded.
CREATE INDEX usage_records_by_time ON usage_records (tenant_id, recorded_at);

DROP TABLE usage_months;
CREATE TABLE usage_months (
    tenant_id TEXT NOT NULL,
    contract_id TEXT NOT NULL,
    obligation_id TEXT NOT NULL,
    period TEXT NOT NULL,
    books_sequence BIGINT NOT NULL,
    quantity_millionths BIGINT NOT NULL,
    amount BIGINT NOT NULL,
    PRIMARY KEY (tenant_id, contract_id, obligation_id, period, books_sequence)
);
