-- The guide surface's ledger (a chart of accounts per tenant), policy restatements of
-- contracts, and recalculation jobs (docs/ledger.md, docs/batch-and-jobs.md). Keep in step
-- with the other folder.

-- A change of policy restates a contract in place: every version is computed under
-- `convention` from then on (NULL: each version's own, as recorded), and `restatements`
-- counts the restatements (part of journal entry ids). The versions keep their terms as
-- they were recorded.
ALTER TABLE contracts ADD COLUMN restatements INTEGER NOT NULL DEFAULT 0;
ALTER TABLE contracts ADD COLUMN convention TEXT;

-- A tenant's own accounts, one per role (receivable, deferred_revenue, revenue.<pob_type>);
-- a tenant without rows uses the default chart.
CREATE TABLE ledger_accounts (
    tenant_id  TEXT  NOT NULL,
    role       TEXT  NOT NULL,
    code       TEXT  NOT NULL,
    name       TEXT  NOT NULL,
    PRIMARY KEY (tenant_id, role)
);

-- Recalculation jobs. A worker holds a job under a lease (lease_owner until lease_until,
-- microseconds); the progress columns are saved with every page the job commits, so a job
-- taken over after its worker died resumes where it stopped with the same counts and hash.
CREATE TABLE jobs (
    tenant_id         TEXT     NOT NULL,
    id                TEXT     NOT NULL,
    kind              TEXT     NOT NULL,
    status            TEXT     NOT NULL,
    contract_ids      TEXT,
    convention        TEXT,
    as_of             TEXT     NOT NULL,
    total             BIGINT   NOT NULL,
    processed         BIGINT   NOT NULL,
    changed           BIGINT   NOT NULL,
    recognized_delta  TEXT     NOT NULL,
    hash_chain        TEXT     NOT NULL,
    -- Contracts a restatement could not apply to: `<id>\t<reason>` lines.
    skipped           TEXT     NOT NULL,
    cursor            TEXT,
    failure_code      TEXT,
    failure_message   TEXT,
    attempts          INTEGER  NOT NULL,
    lease_owner       TEXT,
    lease_until       BIGINT,
    created_at        BIGINT   NOT NULL,
    updated_at        BIGINT   NOT NULL,
    finished_at       BIGINT,
    PRIMARY KEY (tenant_id, id)
);
-- What a worker looks for: the oldest job that is queued or whose lease ran out.
CREATE INDEX jobs_by_status ON jobs (status, created_at);
