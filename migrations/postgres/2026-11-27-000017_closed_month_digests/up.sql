-- Each closed month's digest, a fact of the close that froze it (docs/ledger.md, "Closing a
-- month"): computed once from what the close froze and read back by every list of the
-- tenant's closed months, instead of being rebuilt from every frozen row on every read.
-- Never updated; a reopen only stops the months it reopens from being listed, and the next
-- close of those months records its own. Closes recorded before this table existed get
-- theirs on the first list that finds them missing. Keep in step with the other folder.
CREATE TABLE closed_months (
    tenant_id       TEXT    NOT NULL,
    close_sequence  BIGINT  NOT NULL,
    period          TEXT    NOT NULL,
    digest          TEXT    NOT NULL,
    PRIMARY KEY (tenant_id, close_sequence, period)
);
