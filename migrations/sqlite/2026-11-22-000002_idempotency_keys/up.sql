-- Idempotency-Key (docs/errors.md): one row per (tenant, key), kept 24 hours. A NULL status
-- marks a request still in flight; the fingerprint is a digest of method, path and body.
CREATE TABLE idempotency_keys (
    tenant_id        TEXT    NOT NULL,
    idempotency_key  TEXT    NOT NULL,
    fingerprint      TEXT    NOT NULL,
    status           INTEGER,
    response_kind    TEXT,
    response_body    TEXT,
    response_location TEXT,
    created_at       BIGINT  NOT NULL,
    PRIMARY KEY (tenant_id, idempotency_key)
);
