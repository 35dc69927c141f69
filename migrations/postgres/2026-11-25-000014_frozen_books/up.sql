-- Books that close (docs/ledger.md, Month end), second part. Keep in step with the other
-- folder.
--
-- Every fact a report reads carries the sequence of the tenant's latest close or reopen
-- when it was written (0 before any): a fact stamped below a close's sequence was inside
-- what that close froze, and one stamped at or above it is a correction after it. Writes
-- and closes of a tenant are ordered by a lock, so the stamp never disagrees with what a
-- close read. A contract enters the reports when it is created active or activated.
ALTER TABLE contract_versions ADD COLUMN books_sequence BIGINT NOT NULL DEFAULT 0;
ALTER TABLE contract_invoices ADD COLUMN books_sequence BIGINT NOT NULL DEFAULT 0;
ALTER TABLE contracts ADD COLUMN reported_sequence BIGINT;
UPDATE contracts SET reported_sequence = 0 WHERE status <> 'draft';

-- What each close froze of the tenant's portfolio rollup, for the months it closed: a
-- month's own figures (corrects_period '') and each correction it booked for an earlier
-- month. Never updated; a reopen only stops the rows of the months it reopens from being
-- read, and the next close of those months stores its own.
CREATE TABLE frozen_rollups (
    tenant_id               TEXT    NOT NULL,
    close_sequence          BIGINT  NOT NULL,
    currency                TEXT    NOT NULL,
    period                  TEXT    NOT NULL,
    pob_type                TEXT    NOT NULL,
    timing                  TEXT    NOT NULL,
    corrects_period         TEXT    NOT NULL,
    recognized              BIGINT  NOT NULL,
    booked                  BIGINT  NOT NULL,
    rpo_change              BIGINT  NOT NULL,
    rpo_next_12             BIGINT  NOT NULL,
    recognized_from_opening BIGINT  NOT NULL,
    asset_change            BIGINT  NOT NULL,
    invoiced                BIGINT  NOT NULL,
    PRIMARY KEY (tenant_id, close_sequence, currency, period, pob_type, timing, corrects_period)
);
