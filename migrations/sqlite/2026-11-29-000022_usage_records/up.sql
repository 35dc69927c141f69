-- Usage records (docs/asc606.md §15): facts of their own, appended, never updated; a
-- restatement is the next revision of the same record id. Keep in step with the other folder.
CREATE TABLE usage_records (
    tenant_id TEXT NOT NULL,
    contract_id TEXT NOT NULL,
    obligation_id TEXT NOT NULL,
    record_id TEXT NOT NULL,
    revision INTEGER NOT NULL,
    occurred_on DATE NOT NULL,
    -- `YYYY-MM` of `occurred_on`: a month's records are one range of the key.
    period TEXT NOT NULL,
    quantity_millionths BIGINT,
    amount BIGINT,
    recorded_at BIGINT NOT NULL,
    recorded_by TEXT NOT NULL,
    books_sequence BIGINT NOT NULL,
    PRIMARY KEY (tenant_id, contract_id, obligation_id, record_id, revision)
);
CREATE INDEX usage_records_by_month
    ON usage_records (tenant_id, contract_id, obligation_id, period);

-- What each obligation's records add up to per month: what plans are rated from.
CREATE TABLE usage_months (
    tenant_id TEXT NOT NULL,
    contract_id TEXT NOT NULL,
    obligation_id TEXT NOT NULL,
    period TEXT NOT NULL,
    quantity_millionths BIGINT NOT NULL,
    amount BIGINT NOT NULL,
    PRIMARY KEY (tenant_id, contract_id, obligation_id, period)
);
