DROP TABLE usage_months;
CREATE TABLE usage_months (
    tenant_id TEXT NOT NULL,
    contract_id TEXT NOT NULL,
    obligation_id TEXT NOT NULL,
    period TEXT NOT NULL,
    quantity_millionths BIGINT NOT NULL,
    amount BIGINT NOT NULL,
    PRIMARY KEY (tenant_id, contract_id, obligation_id, period)
);
ALTER TABLE contract_lines DROP COLUMN consumption;
DROP INDEX usage_records_by_time;
