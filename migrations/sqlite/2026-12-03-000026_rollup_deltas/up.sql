-- Rollup deltas (docs/ARCHITECTURE.md, "Rollup deltas"); see the other folder. SQLite
-- cannot change a primary key in place: the rollups are rebuilt without their stripes,
-- each month's stripes summed into its one row. Keep in step with the other folder.
CREATE TABLE rollup_deltas (
    tenant_id TEXT   NOT NULL,
    serial    BIGINT NOT NULL,
    currency  TEXT   NOT NULL,
    deltas    TEXT   NOT NULL,
    PRIMARY KEY (tenant_id, serial)
);

DROP INDEX rollups_unfolded;
CREATE TABLE rollups_unstriped (
    tenant_id                TEXT    NOT NULL,
    currency                 TEXT    NOT NULL,
    period                   TEXT    NOT NULL,
    pob_type                 TEXT    NOT NULL,
    timing                   TEXT    NOT NULL,
    recognized               BIGINT  NOT NULL,
    booked                   BIGINT  NOT NULL,
    rpo_change               BIGINT  NOT NULL,
    rpo_next_12              BIGINT  NOT NULL,
    recognized_from_opening  BIGINT  NOT NULL,
    asset_change             BIGINT  NOT NULL DEFAULT 0,
    invoiced                 BIGINT  NOT NULL DEFAULT 0,
    asset_earned             BIGINT  NOT NULL DEFAULT 0,
    paid                     BIGINT  NOT NULL DEFAULT 0,
    credit_change            BIGINT  NOT NULL DEFAULT 0,
    variable_revenue         BIGINT  NOT NULL DEFAULT 0,
    PRIMARY KEY (tenant_id, currency, period, pob_type, timing)
);
INSERT INTO rollups_unstriped
SELECT tenant_id, currency, period, pob_type, timing, sum(recognized), sum(booked),
    sum(rpo_change), sum(rpo_next_12), sum(recognized_from_opening), sum(asset_change),
    sum(invoiced), sum(asset_earned), sum(paid), sum(credit_change), sum(variable_revenue)
FROM rollups GROUP BY tenant_id, currency, period, pob_type, timing;
DROP TABLE rollups;
ALTER TABLE rollups_unstriped RENAME TO rollups;
