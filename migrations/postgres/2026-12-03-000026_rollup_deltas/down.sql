-- Folds what is not folded yet only through the server: run it (or `revrec serve` for a
-- moment) before migrating down, or the rows of `rollup_deltas` are lost with the table.
DROP TABLE rollup_deltas;
DROP SEQUENCE rollup_delta_serials;
ALTER TABLE rollups ADD COLUMN stripe SMALLINT NOT NULL DEFAULT 0;
ALTER TABLE rollups DROP CONSTRAINT rollups_pkey;
ALTER TABLE rollups ADD PRIMARY KEY (tenant_id, currency, period, pob_type, timing, stripe);
CREATE INDEX rollups_unfolded ON rollups (tenant_id) WHERE stripe <> 0;
