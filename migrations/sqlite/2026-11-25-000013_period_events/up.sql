-- Books that close (docs/ledger.md, Month end): each tenant's closes and reopens,
-- append-only, in the order they were recorded. A close names the last month it closes; a
-- reopen the first month it reopens, with its reason. Two instances racing to record one
-- more contend for the next sequence number, so the loser reads the list again. Keep in
-- step with the other folder.
CREATE TABLE period_events (
    tenant_id    TEXT    NOT NULL,
    sequence     BIGINT  NOT NULL,
    action       TEXT    NOT NULL,
    period       TEXT    NOT NULL,
    recorded_at  BIGINT  NOT NULL,
    actor        TEXT    NOT NULL,
    reason       TEXT,
    PRIMARY KEY (tenant_id, sequence)
);
