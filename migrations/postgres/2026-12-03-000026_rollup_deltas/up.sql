-- Rollup deltas (docs/ARCHITECTURE.md, "Rollup deltas"): a write appends one row holding
-- its summed rollup deltas instead of adding to a row per month; reads add the rows not
-- yet folded to the rollups in the same statement; a housekeeping pass folds them in. Only
-- that pass writes rollup rows now, so the per-writer stripes of the rollups go: what they
-- hold is folded into one row per month first. Keep in step with the other folder.
CREATE SEQUENCE rollup_delta_serials;
CREATE TABLE rollup_deltas (
    tenant_id TEXT   NOT NULL,
    serial    BIGINT NOT NULL,
    currency  TEXT   NOT NULL,
    -- One line per month, pob type and timing: `period pob_type timing` and the eleven
    -- figures of the rollups' columns, in their order, as integers in minor units.
    deltas    TEXT   NOT NULL,
    PRIMARY KEY (tenant_id, serial)
);

DROP INDEX rollups_unfolded;
INSERT INTO rollups (tenant_id, currency, period, pob_type, timing, stripe, recognized, booked,
    rpo_change, rpo_next_12, recognized_from_opening, asset_change, invoiced, asset_earned, paid,
    credit_change, variable_revenue)
SELECT tenant_id, currency, period, pob_type, timing, 0, sum(recognized), sum(booked),
    sum(rpo_change), sum(rpo_next_12), sum(recognized_from_opening), sum(asset_change),
    sum(invoiced), sum(asset_earned), sum(paid), sum(credit_change), sum(variable_revenue)
FROM rollups WHERE stripe <> 0 GROUP BY tenant_id, currency, period, pob_type, timing
ON CONFLICT (tenant_id, currency, period, pob_type, timing, stripe) DO UPDATE SET
    recognized = rollups.recognized + excluded.recognized,
    booked = rollups.booked + excluded.booked,
    rpo_change = rollups.rpo_change + excluded.rpo_change,
    rpo_next_12 = rollups.rpo_next_12 + excluded.rpo_next_12,
    recognized_from_opening = rollups.recognized_from_opening + excluded.recognized_from_opening,
    asset_change = rollups.asset_change + excluded.asset_change,
    invoiced = rollups.invoiced + excluded.invoiced,
    asset_earned = rollups.asset_earned + excluded.asset_earned,
    paid = rollups.paid + excluded.paid,
    credit_change = rollups.credit_change + excluded.credit_change,
    variable_revenue = rollups.variable_revenue + excluded.variable_revenue;
DELETE FROM rollups WHERE stripe <> 0;
ALTER TABLE rollups DROP CONSTRAINT rollups_pkey;
ALTER TABLE rollups ADD PRIMARY KEY (tenant_id, currency, period, pob_type, timing);
ALTER TABLE rollups DROP COLUMN stripe;
