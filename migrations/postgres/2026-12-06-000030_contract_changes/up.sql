-- Contract changes (docs/ledger.md, "As of an instant"): what an as_of read of the
-- portfolio rewinds, the contracts written since an instant, found without reading the
-- others. Keep in step with the other folder.
--
-- Each write of a contract adds a row at its `updated_at`. This took the place of an index
-- on `contracts (tenant_id, currency, updated_at)`: with `updated_at` indexed, no update
-- of a contract row could be HOT (PostgreSQL keeps an update on the row's page, without new
-- index entries, only when no indexed column changes), and so a restatement, which changes
-- nothing else that is indexed, inserted into all five of the table's indexes per
-- contract. `contracts` now leaves room on each page for such an update (`fillfactor`;
-- pages written before keep none until rewritten, see docs/deploy.md).
CREATE TABLE contract_changes (
    tenant_id TEXT COLLATE "C" NOT NULL,
    currency TEXT COLLATE "C" NOT NULL,
    changed_at BIGINT NOT NULL,
    contract_id TEXT COLLATE "C" NOT NULL,
    -- The contract's revision after the write: every write moves it, so no two writes of a
    -- contract share a row even at the same instant, and the rows are appended as they are,
    -- with no conflict to resolve.
    revision BIGINT NOT NULL,
    PRIMARY KEY (tenant_id, currency, changed_at, contract_id, revision)
);
-- A contract's latest write is all a read since an instant needs of the writes before.
INSERT INTO contract_changes (tenant_id, currency, changed_at, contract_id, revision)
SELECT tenant_id, currency, updated_at, id, revision FROM contracts;
DROP INDEX contracts_by_change;
ALTER TABLE contracts SET (fillfactor = 60);
