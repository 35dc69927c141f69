-- Rollup stripes (docs/ARCHITECTURE.md, "Rollup stripes"): concurrent writes of one tenant
-- add their deltas to rows of their own stripe instead of waiting on each other's row
-- locks; reads sum a month's stripes; a housekeeping pass folds them into stripe 0. SQLite
-- has one writer at a time, so its writes all use stripe 0; the column is here so both
-- backends hold one schema. SQLite cannot change a primary key in place: the table is
-- rebuilt. Keep in step with the other folder.
CREATE TABLE rollups_striped (
    tenant_id                TEXT     NOT NULL,
    currency                 TEXT     NOT NULL,
    period                   TEXT     NOT NULL,
    pob_type                 TEXT     NOT NULL,
    timing                   TEXT     NOT NULL,
    recognized               BIGINT   NOT NULL,
    booked                   BIGINT   NOT NULL,
    rpo_change               BIGINT   NOT NULL,
    rpo_next_12              BIGINT   NOT NULL,
    recognized_from_opening  BIGINT   NOT NULL,
    asset_change             BIGINT   NOT NULL DEFAULT 0,
    invoiced                 BIGINT   NOT NULL DEFAULT 0,
    asset_earned             BIGINT   NOT NULL DEFAULT 0,
    paid                     BIGINT   NOT NULL DEFAULT 0,
    credit_change            BIGINT   NOT NULL DEFAULT 0,
    variable_revenue         BIGINT   NOT NULL DEFAULT 0,
    stripe                   SMALLINT NOT NULL DEFAULT 0,
    PRIMARY KEY (tenant_id, currency, period, pob_type, timing, stripe)
);
INSERT INTO rollups_striped (tenant_id, currency, period, pob_type, timing, recognized, booked,
    rpo_change, rpo_next_12, recognized_from_opening, asset_change, invoiced, asset_earned, paid,
    credit_change, variable_revenue, stripe)
SELECT tenant_id, currency, period, pob_type, timing, recognized, booked, rpo_change,
    rpo_next_12, recognized_from_opening, asset_change, invoiced, asset_earned, paid,
    credit_change, variable_revenue, 0
FROM rollups;
DROP TABLE rollups;
ALTER TABLE rollups_striped RENAME TO rollups;
CREATE INDEX rollups_unfolded ON rollups (tenant_id) WHERE stripe <> 0;

-- Per tenant, currency and stripe, a bound on the size of the books (docs/limits.md,
-- "Money"); see the other folder. Each existing currency starts at the limit itself.
CREATE TABLE books_size_bounds (
    tenant_id  TEXT     NOT NULL,
    currency   TEXT     NOT NULL,
    stripe     SMALLINT NOT NULL,
    size_bound BIGINT   NOT NULL,
    PRIMARY KEY (tenant_id, currency, stripe)
);
INSERT INTO books_size_bounds (tenant_id, currency, stripe, size_bound)
SELECT DISTINCT tenant_id, currency, 0, 4611686018427387903 FROM rollups;
