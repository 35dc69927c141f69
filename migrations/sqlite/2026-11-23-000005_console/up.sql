-- The administration console (docs/console.md): its users and their sessions, the API's use
-- per tenant and day, and when each credential was last used. Keep in step with the other
-- folder.

-- People who sign in to the console; each sees its own tenant only. The password is an
-- Argon2id PHC string; the first one is printed once by `revrec users create` and must be
-- replaced at the first sign-in. Failed sign-ins in a row are counted for the lockout.
CREATE TABLE console_users (
    tenant_id        TEXT    NOT NULL,
    id               TEXT    NOT NULL,
    email            TEXT    NOT NULL,
    password_hash    TEXT    NOT NULL,
    must_change_password  BOOLEAN  NOT NULL,
    created_at       BIGINT  NOT NULL,
    failed_attempts  BIGINT  NOT NULL DEFAULT 0,
    locked_until     BIGINT,
    PRIMARY KEY (tenant_id, id)
);
-- An address signs in without naming its tenant, so it belongs to one tenant.
CREATE UNIQUE INDEX console_users_by_email ON console_users (email);

-- Signed-in sessions, by the SHA-256 digest of the cookie's secret.
CREATE TABLE console_sessions (
    digest      TEXT    NOT NULL PRIMARY KEY,
    tenant_id   TEXT    NOT NULL,
    user_id     TEXT    NOT NULL,
    created_at  BIGINT  NOT NULL,
    expires_at  BIGINT  NOT NULL
);
CREATE INDEX console_sessions_by_expiry ON console_sessions (expires_at);

-- Requests answered per tenant, UTC day, route template and status class, added to by
-- every instance (each flushes its counts every few seconds).
CREATE TABLE api_usage_daily (
    tenant_id     TEXT    NOT NULL,
    day           TEXT    NOT NULL,
    route         TEXT    NOT NULL,
    status_class  TEXT    NOT NULL,
    requests      BIGINT  NOT NULL,
    PRIMARY KEY (tenant_id, day, route, status_class)
);

ALTER TABLE api_keys ADD COLUMN last_used_at BIGINT;
ALTER TABLE oauth_clients ADD COLUMN last_used_at BIGINT;
