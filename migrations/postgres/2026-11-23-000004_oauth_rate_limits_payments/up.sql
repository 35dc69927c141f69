-- OAuth 2.0 clients and their access tokens, shared rate-limit windows, and payment
-- redemptions (docs/access.md, docs/payments.md). Keep in step with the other folder.

-- Clients of the client-credentials grant; the secret is stored as a SHA-256 digest.
CREATE TABLE oauth_clients (
    tenant_id      TEXT    NOT NULL,
    id             TEXT    NOT NULL,
    name           TEXT    NOT NULL,
    secret_digest  TEXT    NOT NULL,
    scopes         TEXT    NOT NULL,
    plan           TEXT    NOT NULL,
    created_at     BIGINT  NOT NULL,
    revoked_at     BIGINT,
    PRIMARY KEY (tenant_id, id)
);
CREATE UNIQUE INDEX oauth_clients_by_id ON oauth_clients (id);

-- Access tokens (one hour), as digests. A token is valid while unexpired and its client
-- unrevoked, read together on every request: revocation holds at once on every instance.
CREATE TABLE oauth_tokens (
    tenant_id   TEXT    NOT NULL,
    digest      TEXT    NOT NULL,
    client_id   TEXT    NOT NULL,
    scopes      TEXT    NOT NULL,
    issued_at   BIGINT  NOT NULL,
    expires_at  BIGINT  NOT NULL,
    PRIMARY KEY (tenant_id, digest)
);
CREATE UNIQUE INDEX oauth_tokens_by_digest ON oauth_tokens (digest);
CREATE INDEX oauth_tokens_by_expiry ON oauth_tokens (expires_at);

-- Quota reserved per credential per one-minute window by the instances sharing this
-- database; each instance reserves a slice at a time and counts within it locally.
CREATE TABLE rate_limit_windows (
    tenant_id     TEXT    NOT NULL,
    credential    TEXT    NOT NULL,
    window_start  BIGINT  NOT NULL,
    reserved      BIGINT  NOT NULL,
    PRIMARY KEY (tenant_id, credential, window_start)
);
CREATE INDEX rate_limit_windows_by_start ON rate_limit_windows (window_start);

-- Every redeemed payment challenge: claimed before the rail is asked, so a challenge and
-- a payment proof each pay for one call only. `status`: claimed, settled or declined.
CREATE TABLE payment_redemptions (
    tenant_id     TEXT    NOT NULL,
    challenge_id  TEXT    NOT NULL,
    method        TEXT    NOT NULL,
    proof_digest  TEXT    NOT NULL,
    route         TEXT    NOT NULL,
    amount        BIGINT  NOT NULL,
    currency      TEXT    NOT NULL,
    status        TEXT    NOT NULL,
    reference     TEXT,
    created_at    BIGINT  NOT NULL,
    finished_at   BIGINT,
    PRIMARY KEY (tenant_id, challenge_id)
);
CREATE UNIQUE INDEX payment_redemptions_by_challenge ON payment_redemptions (challenge_id);
CREATE UNIQUE INDEX payment_redemptions_by_proof ON payment_redemptions (method, proof_digest);
