-- Invoices and contract balances (docs/asc606.md §12). A contract's invoices are facts of
-- the contract, not of a version: a change of terms keeps them.
CREATE TABLE contract_invoices (
    tenant_id     TEXT    NOT NULL,
    contract_id   TEXT    NOT NULL,
    invoice_id    TEXT    NOT NULL,
    -- The billing system's number: a repeated number is a replay, never a second invoice.
    number        TEXT,
    invoice_date  DATE    NOT NULL,
    amount        BIGINT  NOT NULL,
    recorded_at   BIGINT  NOT NULL,
    PRIMARY KEY (tenant_id, contract_id, invoice_id),
    FOREIGN KEY (tenant_id, contract_id) REFERENCES contracts (tenant_id, id)
);
CREATE UNIQUE INDEX contract_invoices_number
    ON contract_invoices (tenant_id, contract_id, number);

-- A contract billed by invoices adds its contract asset's changes, and what its invoices
-- billed, to the rollups.
ALTER TABLE rollups ADD COLUMN asset_change BIGINT NOT NULL DEFAULT 0;
ALTER TABLE rollups ADD COLUMN invoiced BIGINT NOT NULL DEFAULT 0;
