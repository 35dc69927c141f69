-- A tenant's posting control (docs/ledger.md, "Posting control"): whether a write effective
-- in a closed month is taken as it comes or only as a correction. Each change is a version
-- of its own, with who made it and when, never rewritten; the latest is in force. A tenant
-- without a row takes every write. Keep in step with the other folder.
CREATE TABLE posting_controls (
    tenant_id            TEXT    NOT NULL,
    version              BIGINT  NOT NULL,
    closed_month_writes  TEXT    NOT NULL,
    recorded_at          BIGINT  NOT NULL,
    actor                TEXT    NOT NULL,
    PRIMARY KEY (tenant_id, version)
);
