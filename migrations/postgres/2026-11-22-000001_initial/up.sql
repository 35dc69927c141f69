-- revrec schema, PostgreSQL. Keep in step with migrations/sqlite (same names, same columns).
-- Every table leads with tenant_id so a tenant-sharded PostgreSQL can distribute it.
-- Money is BIGINT minor units plus a currency code; times are BIGINT microseconds (UTC).

CREATE TABLE api_keys (
    tenant_id   TEXT    NOT NULL,
    id          TEXT    NOT NULL,
    name        TEXT    NOT NULL,
    prefix      TEXT    NOT NULL,
    digest      TEXT    NOT NULL,
    scopes      TEXT    NOT NULL,
    plan        TEXT    NOT NULL,
    created_at  BIGINT  NOT NULL,
    revoked_at  BIGINT,
    PRIMARY KEY (tenant_id, id)
);
CREATE UNIQUE INDEX api_keys_by_digest ON api_keys (digest);
CREATE UNIQUE INDEX api_keys_by_id ON api_keys (id);

CREATE TABLE contracts (
    tenant_id           TEXT    NOT NULL,
    id                  TEXT    NOT NULL,
    customer_id         TEXT    NOT NULL,
    customer_name       TEXT    NOT NULL,
    contract_number     TEXT,
    currency            TEXT    NOT NULL,
    status              TEXT    NOT NULL,
    version             INTEGER NOT NULL,
    start_date          DATE    NOT NULL,
    end_date            DATE    NOT NULL,
    total_value         BIGINT  NOT NULL,
    terminated_on       DATE,
    parent_contract_id  TEXT,
    search_text         TEXT    NOT NULL,
    -- Incremented by every write: a cheap, exact "has this contract changed?" check.
    revision            BIGINT  NOT NULL,
    created_at          BIGINT  NOT NULL,
    updated_at          BIGINT  NOT NULL,
    PRIMARY KEY (tenant_id, id)
);
CREATE INDEX contracts_by_creation ON contracts (tenant_id, created_at, id);
CREATE INDEX contracts_by_customer ON contracts (tenant_id, customer_id, created_at, id);
CREATE INDEX contracts_by_status ON contracts (tenant_id, status, created_at, id);

CREATE TABLE contract_versions (
    tenant_id          TEXT    NOT NULL,
    contract_id        TEXT    NOT NULL,
    version            INTEGER NOT NULL,
    change             TEXT    NOT NULL,
    effective_date     DATE,
    customer_name      TEXT    NOT NULL,
    currency           TEXT    NOT NULL,
    start_date         DATE    NOT NULL,
    end_date           DATE    NOT NULL,
    signed_date        DATE    NOT NULL,
    transaction_price  BIGINT  NOT NULL,
    convention         TEXT    NOT NULL,
    recorded_at        BIGINT  NOT NULL,
    PRIMARY KEY (tenant_id, contract_id, version),
    FOREIGN KEY (tenant_id, contract_id) REFERENCES contracts (tenant_id, id)
);

CREATE TABLE contract_lines (
    tenant_id      TEXT    NOT NULL,
    contract_id    TEXT    NOT NULL,
    version        INTEGER NOT NULL,
    line_number    INTEGER NOT NULL,
    obligation_id  TEXT    NOT NULL,
    name           TEXT    NOT NULL,
    pob_type       TEXT    NOT NULL,
    stated_price   BIGINT,
    ssp_micros     BIGINT  NOT NULL,
    recognition    TEXT    NOT NULL,
    first_day      DATE    NOT NULL,
    last_day       DATE    NOT NULL,
    PRIMARY KEY (tenant_id, contract_id, version, line_number),
    FOREIGN KEY (tenant_id, contract_id, version)
        REFERENCES contract_versions (tenant_id, contract_id, version)
);

-- Per-tenant monthly sums of every reported contract's contribution (see
-- crates/revrec-domain/src/rollup.rs), updated in the transaction of each contract write.
CREATE TABLE rollups (
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
    PRIMARY KEY (tenant_id, currency, period, pob_type, timing)
);
-- Rollup rows are updated in place by every contract write; free space on each page lets
-- PostgreSQL keep those updates heap-only (no index churn, far less bloat).
ALTER TABLE rollups SET (fillfactor = 50);
