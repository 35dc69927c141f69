-- Rollup stripes (docs/ARCHITECTURE.md, "Rollup stripes"): concurrent writes of one tenant
-- add their deltas to rows of their own stripe instead of waiting on each other's row
-- locks; reads sum a month's stripes; a housekeeping pass folds them into stripe 0. Rows
-- written before this migration are stripe 0. Keep in step with the other folder.
ALTER TABLE rollups ADD COLUMN stripe SMALLINT NOT NULL DEFAULT 0;
ALTER TABLE rollups DROP CONSTRAINT rollups_pkey;
ALTER TABLE rollups ADD PRIMARY KEY (tenant_id, currency, period, pob_type, timing, stripe);
CREATE INDEX rollups_unfolded ON rollups (tenant_id) WHERE stripe <> 0;

-- Per tenant, currency and stripe, a bound on the size of the books (docs/limits.md,
-- "Money"): the sum of every stripe's bound is at least the size of the summed rows, so a
-- write well inside the limit is admitted without reading every row. Each existing
-- currency starts at the limit itself ("not known"), which sends its next write to the
-- exact check that sets the bound to the books' real size.
CREATE TABLE books_size_bounds (
    tenant_id  TEXT     NOT NULL,
    currency   TEXT     NOT NULL,
    stripe     SMALLINT NOT NULL,
    size_bound BIGINT   NOT NULL,
    PRIMARY KEY (tenant_id, currency, stripe)
);
INSERT INTO books_size_bounds (tenant_id, currency, stripe, size_bound)
SELECT DISTINCT tenant_id, currency, 0, 4611686018427387903 FROM rollups;
