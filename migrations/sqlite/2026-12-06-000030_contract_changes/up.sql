-- Contract changes (docs/ledger.md, "As of an instant"): what an as_of read of the
-- portfolio rewinds, the contracts written since an instant, found without reading the
-- others. Each write of a contract adds a row at its `updated_at`. It took the place of an
-- index on `contracts (tenant_id, currency, updated_at)`, which kept PostgreSQL from
-- updating a contract row in place (see the other folder). Keep in step with it.
CREATE TABLE contract_changes (
    tenant_id TEXT NOT NULL,
    currency TEXT NOT NULL,
    changed_at BIGINT NOT NULL,
    contract_id TEXT NOT NULL,
    revision BIGINT NOT NULL,
    PRIMARY KEY (tenant_id, currency, changed_at, contract_id, revision)
);
INSERT INTO contract_changes (tenant_id, currency, changed_at, contract_id, revision)
SELECT tenant_id, currency, updated_at, id, revision FROM contracts;
DROP INDEX contracts_by_change;
