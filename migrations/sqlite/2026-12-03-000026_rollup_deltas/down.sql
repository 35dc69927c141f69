-- Rows of `rollup_deltas` not folded yet are lost with the table: run the server a moment
-- before migrating down.
DROP TABLE rollup_deltas;
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
