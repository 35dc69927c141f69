-- The chart of accounts is versioned (docs/ledger.md, Chart of accounts): a change is a new
-- version and never rewrites an earlier one. A version takes effect from the first month
-- open when it was recorded (books_sequence: the tenant's latest close or reopen then, as a
-- contract's facts are stamped), so the entries of a closed month keep their accounts, and
-- an as-of read posts to the version known at its instant. The chart saved before versions
-- were kept becomes version 1, in force for every month. Keep in step with the other folder.
CREATE TABLE chart_versions (
    tenant_id       TEXT    NOT NULL,
    version         BIGINT  NOT NULL,
    role            TEXT    NOT NULL,
    code            TEXT    NOT NULL,
    name            TEXT    NOT NULL,
    recorded_at     BIGINT  NOT NULL,
    books_sequence  BIGINT  NOT NULL,
    actor           TEXT    NOT NULL,
    PRIMARY KEY (tenant_id, version, role)
);

INSERT INTO chart_versions (tenant_id, version, role, code, name, recorded_at, books_sequence, actor)
SELECT tenant_id, 1, role, code, name, 0, 0, 'unknown' FROM ledger_accounts;

DROP TABLE ledger_accounts;
