-- Failed console sign-ins, counted per client address, per address typed into the form
-- (as a SHA-256 digest, so nothing typed is kept), and per pair of them, each in a window
-- that opens at the key's first failure (docs/console.md, "Throttling"). Every instance
-- counts in these rows. Keep in step with the other folder.
--
-- console_users.failed_attempts and locked_until (the per-user lockout this replaces) are
-- no longer read or written; they stay until every instance runs this version, so that an
-- older instance still serving during a rolling upgrade keeps working.
CREATE TABLE console_sign_in_failures (
    throttle_key    TEXT    NOT NULL PRIMARY KEY,
    failures        BIGINT  NOT NULL,
    window_ends_at  BIGINT  NOT NULL
);
CREATE INDEX console_sign_in_failures_by_end ON console_sign_in_failures (window_ends_at);
